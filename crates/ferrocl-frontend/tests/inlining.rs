//! Inlining while parsing: callees in the same class, in other classes (through the resolver), on
//! `this`, with several returns, nested; the refusals (recursion, virtual calls, missing classes,
//! depth); origins and bailout locations of inlined code; JDK methods inlined from their bytecode.
#![allow(clippy::result_large_err)]

mod common;

use common::*;
use ferrocl_frontend::{FrontendError, MAX_INLINE_DEPTH};
use ferrocl_graph::{BinaryOp, Constant, Intrinsic, Op, Stamp};
use std::path::PathBuf;
use std::sync::OnceLock;

const K: &str = r#"package inl;

import dev.ferrocl.api.Parallel;

public class K {
    static int twice(int x) { return x * 2; }
    public static void sameClass(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { a[i] = twice(a[i]); }
    }
    public static void otherClass(float[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { a[i] = Helper.scale(a[i]); }
    }
    private int bump(int x) { return x + 1; }
    public void onThis(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { a[i] = bump(a[i]); }
    }
    static int sign(int x) {
        if (x > 0) return 1;
        if (x < 0) return -1;
        return 0;
    }
    public static void multipleReturns(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { a[i] = sign(a[i]); }
    }
    static int level3(int x) { return x + 3; }
    static int level2(int x) { return level3(x) * 5; }
    static int level1(int x) { return level2(x) - 7; }
    public static int nested(int x) { return level1(x); }
    static int fact(int n) {
        return n <= 1 ? 1 : n * fact(n - 1); // FACT
    }
    public static int recursive(int x) { return fact(x); }
    static int ping(int n) { return n <= 0 ? 0 : pong(n - 1); }
    static int pong(int n) {
        return ping(n - 1); // PONG
    }
    public static int mutual(int x) { return ping(x); }
    int overridable(int x) { return x; }
    public int virtualCall(int x) { return overridable(x); }
    final int fin(int x) { return x + 7; }
    public int finalCall(int x) { return fin(x); }
    public int viaSuper(int x) { return super.hashCode() + x; }
    static int divide(int x, int y) {
        return x / y; // DIVIDE
    }
    public static int divideCaller(int x, int y) { return divide(x, y) + 1; }
    static int tryIt(int x) {
        synchronized (K.class) { return x; } // TRY
    }
    public static int bailsInCallee(int x) {
        return tryIt(x); // CALL_TRY
    }
    static int loopy(int n) {
        int s = 0;
        for (int j = 0; j < n; j++) { if (j == 7) return s; s += j; }
        return s;
    }
    public static void loopInCallee(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { a[i] = loopy(a[i]); }
    }
    static int pick(int mode, int x) {
        if (mode == 1) return x + 1;
        return new Object().hashCode();
    }
    public static int constantArgument(int x) { return pick(1, x); }
    static void store(int[] a, int i, int v) { a[i] = v; }
    public static void voidCallee(int[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { store(a, i, i * 3); }
    }
    public static int missing(int x) { return Gone.twice(x); }
    public static int fromFinalClass(int x) { return new Sealed().get(x); }
    public static int onParameter(Sealed s, int x) { return s.get(x); }
    public static boolean nan(float f) { return Float.isNaN(f); }
    public static int bits(float f) { return Float.floatToIntBits(f); }
    public static int rounded(float f) { return Math.round(f); }
    public static int compared(int x, int y) { return Integer.compare(x, y); }
    public static long wide(long a, double d) { return Helper.mix(a, d, 3); }
}

final class Helper {
    static float scale(float v) { return v * 0.5f; }
    static long mix(long a, double d, int k) { return a * k + (long) d; }
}

final class Sealed {
    int get(int x) { return x; }
    public int self(int x) { return get(x) + 1; }
}

class Gone {
    static int twice(int x) { return 2 * x; }
}
"#;

/// 20 static methods, each calling the next: deeper than the limit.
fn deep_source() -> String {
    let mut s = String::from("package inl;\npublic class Deep {\n");
    for i in 0..20 {
        s.push_str(&format!(
            "    static int d{i}(int x) {{ return d{}(x) + 1; }}\n",
            i + 1
        ));
    }
    s.push_str("    static int d20(int x) { return x; }\n");
    s.push_str("    public static int top(int x) { return d0(x); }\n}\n");
    s
}

/// 12 levels of empty methods, each calling the next four times: 4^12 calls, no nodes.
fn wide_source() -> String {
    let mut s = String::from("package inl;\npublic class Wide {\n");
    for i in 0..12 {
        let n = i + 1;
        s.push_str(&format!(
            "    static void w{i}() {{ w{n}(); w{n}(); w{n}(); w{n}(); }}\n"
        ));
    }
    s.push_str("    static void w12() { }\n");
    s.push_str("    public static void top() { w0(); }\n}\n");
    s
}

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let deep = deep_source();
        let wide = wide_source();
        let out = javac(
            "inline",
            &[
                ("inl/K.java", K),
                ("inl/Deep.java", &deep),
                ("inl/Wide.java", &wide),
            ],
        );
        // `Gone` exists at compile time only: its class file is not available at run time.
        std::fs::remove_file(out.join("inl/Gone.class")).expect("Gone.class");
        out
    })
}

fn k(method: &str) -> Result<ferrocl_frontend::MethodGraph, FrontendError> {
    build(classes(), "inl/K", method)
}

fn no_calls_left(mg: &ferrocl_frontend::MethodGraph) {
    // Inlining leaves only the compiled method's own Return.
    assert_eq!(count(mg, |o| *o == Op::Return), 1);
}

#[test]
fn static_helper_of_the_same_class_is_inlined() {
    // The same class needs no resolver at all.
    let mg = build_alone(classes(), "inl/K", "sameClass").expect("builds");
    no_calls_left(&mg);
    let mul = nodes(&mg, |o| *o == Op::Binary(BinaryOp::Mul));
    assert_eq!(mul.len(), 1, "x * 2 from twice");
    assert_eq!(mg.location_of(mul[0]).method, "twice");
    assert_eq!(mg.methods.len(), 2);
    assert_eq!(mg.methods[1].location.method, "twice");
    assert_eq!(
        mg.methods[1].call_site.map(|c| c.method),
        Some(0),
        "called from the compiled method"
    );
    // The @Parallel loop is still found on the compiled method's local.
    assert_eq!(
        mg.phi_local
            .get(nodes(&mg, |o| *o == Op::Phi)[0])
            .as_ref()
            .copied(),
        Some(mg.parallel_locals[0].slot)
    );
}

#[test]
fn static_helper_of_another_class_comes_through_the_resolver() {
    let mut resolver = TestResolver::new([classes().clone()]);
    let mg = build_with(classes(), "inl/K", "otherClass", &mut resolver).expect("builds");
    no_calls_left(&mg);
    let mul = nodes(&mg, |o| *o == Op::Binary(BinaryOp::Mul));
    assert_eq!(mul.len(), 1);
    assert_eq!(mg.graph.stamp(mul[0]), Stamp::Float);
    let at = mg.location_of(mul[0]);
    assert_eq!(
        (at.class.as_str(), at.method.as_str()),
        ("inl/Helper", "scale")
    );
    assert_eq!(resolver.asked, ["inl/Helper"]);

    // Without a resolver the class is not available, and the bailout names it.
    let text = bailout_text(build_alone(classes(), "inl/K", "otherClass"));
    assert!(text.contains("class inl.Helper is not available"), "{text}");
    assert!(text.contains("inl.K.otherClass([FI)V at bci"), "{text}");
}

#[test]
fn private_instance_helper_on_this_is_inlined() {
    let mg = k("onThis").expect("builds");
    no_calls_left(&mg);
    assert_eq!(
        count(&mg, |o| *o == Op::Binary(BinaryOp::Add)),
        2,
        "i++ and x + 1"
    );
    // The receiver flows into the callee but nothing reads it.
    assert!(!mg.params[0].used);
    let f = k("finalCall").expect("a final method on this is inlined");
    no_calls_left(&f);
}

#[test]
fn methods_of_final_classes_are_inlined() {
    let mut resolver = TestResolver::new([classes().clone()]);
    let mg = build_with(classes(), "inl/Sealed", "self", &mut resolver).expect("builds");
    no_calls_left(&mg);
    // A call on another object (not `this`) needs the host's word that it is not null, even when
    // monomorphic; without a class map it is refused.
    let text = bailout_text(k("onParameter"));
    assert!(
        text.contains("call of inl.Sealed.get(I)I on ")
            && text.contains("is null is not known to the compiler"),
        "{text}"
    );
    // An object allocated in the method that does not escape is replaced by its (here: no) fields,
    // and the call on it is bound to its exact class and inlined.
    let mg = k("fromFinalClass").expect("builds");
    no_calls_left(&mg);
}

#[test]
fn several_returns_merge_with_a_phi() {
    let mg = k("multipleReturns").expect("builds");
    no_calls_left(&mg);
    let merges = nodes(&mg, |o| *o == Op::Merge);
    assert_eq!(merges.len(), 1, "the three returns of sign meet once");
    assert_eq!(mg.graph.inputs(merges[0]).len(), 3);
    let phis: Vec<_> = nodes(&mg, |o| *o == Op::Phi)
        .into_iter()
        .filter(|&p| mg.graph.inputs(p)[0] == merges[0])
        .collect();
    assert_eq!(phis.len(), 1);
    assert_eq!(mg.graph.stamp(phis[0]), Stamp::Int);
    assert!(
        mg.phi_local.get(phis[0]).is_none(),
        "not a local of the compiled method"
    );
    let stored = nodes(&mg, |o| matches!(o, Op::ArrayStore(_)))[0];
    assert_eq!(mg.graph.inputs(stored)[2], phis[0]);
    assert_eq!(
        count(&mg, |o| *o == Op::If),
        3,
        "loop test and sign's two tests"
    );
}

#[test]
fn nested_inlining_three_deep() {
    let mg = k("nested").expect("builds");
    no_calls_left(&mg);
    let methods: Vec<&str> = mg
        .methods
        .iter()
        .map(|m| m.location.method.as_str())
        .collect();
    assert_eq!(methods, ["nested", "level1", "level2", "level3"]);
    let add = nodes(&mg, |o| *o == Op::Binary(BinaryOp::Add))[0];
    assert_eq!(mg.location_of(add).method, "level3");
    let chain: Vec<String> = mg.inlined_at(add).into_iter().map(|l| l.method).collect();
    assert_eq!(chain, ["level2", "level1", "nested"]);
    // Bytecode indexes of inlined nodes in the compiled method are the outermost call's.
    let call_bci = mg.methods[1].call_site.map(|c| c.bci);
    assert_eq!(*mg.bci.get(add), call_bci);
}

#[test]
fn recursion_bails_out_naming_the_method_and_call_site() {
    let b = bailout(k("recursive"));
    assert!(
        b.reason
            .contains("recursive call of inl.K.fact(I)I is not supported"),
        "{b}"
    );
    assert_eq!(
        b.location.method, "fact",
        "the recursive call site is in fact"
    );
    assert_eq!(b.location.line, Some(line_of(K, "// FACT")));
    assert!(b.reason.contains("inlined at inl.K.recursive(I)I"), "{b}");

    let m = bailout(k("mutual"));
    assert!(m.reason.contains("recursive call of inl.K.ping(I)I"), "{m}");
    assert_eq!(m.location.method, "pong");
    assert_eq!(m.location.line, Some(line_of(K, "// PONG")));
}

#[test]
fn virtual_calls_bail_out() {
    let text = bailout_text(k("virtualCall"));
    assert!(
        text.contains(
            "virtual call of inl.K.overridable(I)I on this: the exact class of this is not known"
        ),
        "{text}"
    );
    // invokespecial of Object.hashCode (super call) is bound statically but native.
    let mut resolver = TestResolver::with_jdk(classes());
    let text = bailout_text(build_with(classes(), "inl/K", "viaSuper", &mut resolver));
    assert!(
        text.contains("java.lang.Object")
            && (text.contains("native") || text.contains("not available")),
        "{text}"
    );
}

#[test]
fn missing_classes_bail_out_naming_the_class() {
    let mut resolver = TestResolver::new([classes().clone()]);
    let text = bailout_text(build_with(classes(), "inl/K", "missing", &mut resolver));
    assert!(text.contains("class inl.Gone is not available"), "{text}");
    assert!(text.contains("inl.K.missing(I)I at bci"), "{text}");
}

#[test]
fn inline_depth_is_limited() {
    let text = bailout_text(build(classes(), "inl/Deep", "top"));
    assert!(
        text.contains(&format!("nested more than {MAX_INLINE_DEPTH} deep")),
        "{text}"
    );
}

#[test]
fn inlining_work_is_bounded_even_without_nodes() {
    let text = bailout_text(build(classes(), "inl/Wide", "top"));
    assert!(text.contains("would make the kernel too large"), "{text}");
}

#[test]
fn inlined_nodes_carry_the_callee_method_and_line() {
    let mg = k("divideCaller").expect("builds");
    let div = nodes(&mg, |o| matches!(o, Op::IntegerDivRem { .. }))[0];
    let at = mg.location_of(div);
    assert_eq!(at.method, "divide");
    assert_eq!(at.descriptor, "(II)I");
    assert_eq!(at.line, Some(line_of(K, "// DIVIDE")));
    assert_eq!(at.source_file.as_deref(), Some("K.java"));
    let text = mg
        .bailout_at(ferrocl_frontend::BailoutKind::Construct, div, "example")
        .to_string();
    assert!(text.starts_with("inl.K.divide(II)I at bci"), "{text}");
    assert!(
        text.contains(&format!("(K.java:{})", line_of(K, "// DIVIDE"))),
        "{text}"
    );

    // A bailout while parsing inlined code names the callee and its line, then the call site.
    let b = bailout(k("bailsInCallee"));
    assert_eq!(b.location.method, "tryIt");
    assert_eq!(b.location.line, Some(line_of(K, "// TRY")));
    assert!(b.reason.contains("synchronized"), "{b}");
    assert!(
        b.reason.contains(&format!(
            "inlined at inl.K.bailsInCallee(I)I at bci 1 (K.java:{})",
            line_of(K, "// CALL_TRY")
        )),
        "{b}"
    );
}

#[test]
fn returns_inside_callee_loops_leave_the_loops() {
    let mg = k("loopInCallee").expect("builds");
    no_calls_left(&mg);
    assert_eq!(count(&mg, |o| *o == Op::LoopBegin), 2);
    // loopy's loop is left by its test and by `return s` inside it.
    assert!(count(&mg, |o| *o == Op::LoopExit) >= 3);
    // Only the compiled method's @Parallel variable is a phi_local.
    let locals: Vec<_> = nodes(&mg, |o| *o == Op::Phi)
        .into_iter()
        .filter_map(|p| *mg.phi_local.get(p))
        .collect();
    assert_eq!(locals, [mg.parallel_locals[0].slot]);
}

#[test]
fn constant_arguments_decide_branches_of_the_callee() {
    // pick(1, x): `mode == 1` is decided while parsing; the other side (an allocation) is never
    // parsed.
    let mg = k("constantArgument").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::If), 0);
    assert_eq!(count(&mg, |o| *o == Op::Merge), 0);
}

#[test]
fn void_callees_and_wide_arguments() {
    let mg = k("voidCallee").expect("builds");
    no_calls_left(&mg);
    assert_eq!(count(&mg, |o| matches!(o, Op::ArrayStore(_))), 1);
    let w = build(classes(), "inl/K", "wide").expect("builds");
    assert_eq!(
        w.graph.stamp(nodes(&w, |o| *o == Op::Return)[0]),
        Stamp::Void
    );
    assert_eq!(
        count(&w, |o| matches!(o, Op::Convert(_))),
        2,
        "(long) d and i2l of k"
    );
}

#[allow(clippy::print_stderr)]
fn jdk_or_skip(test: &str) -> Option<TestResolver> {
    if jdk_classes().is_none() {
        eprintln!("{test}: skipped (no JDK module image to extract java.lang classes from)");
        return None;
    }
    Some(TestResolver::with_jdk(classes()))
}

#[test]
fn float_is_nan_is_inlined_from_jdk_bytecode() {
    let Some(mut resolver) = jdk_or_skip("float_is_nan_is_inlined_from_jdk_bytecode") else {
        return;
    };
    let mg = build_with(classes(), "inl/K", "nan", &mut resolver).expect("builds");
    no_calls_left(&mg);
    assert_eq!(resolver.asked, ["java/lang/Float"]);
    assert!(mg
        .methods
        .iter()
        .any(|m| m.location.class == "java/lang/Float" && m.location.method == "isNaN"));
    // `v != v` on floats.
    let cmp = nodes(&mg, |o| matches!(o, Op::Compare(_)))[0];
    let inputs = mg.graph.inputs(cmp);
    assert_eq!(inputs[0], inputs[1]);
    assert_eq!(inputs[0], mg.params[0].node);

    // floatToIntBits: isNaN inlined, floatToRawIntBits an intrinsic, the NaN constant.
    let bits = build_with(classes(), "inl/K", "bits", &mut resolver).expect("builds");
    assert_eq!(
        count(&bits, |o| *o == Op::Intrinsic(Intrinsic::FloatToRawIntBits)),
        1
    );
    assert_eq!(
        count(&bits, |o| *o == Op::Constant(Constant::Int(0x7fc0_0000))),
        1
    );
}

#[test]
fn other_jdk_methods_are_inlined_too() {
    let Some(mut resolver) = jdk_or_skip("other_jdk_methods_are_inlined_too") else {
        return;
    };
    let round = build_with(classes(), "inl/K", "rounded", &mut resolver).expect("builds");
    no_calls_left(&round);
    assert_eq!(
        count(&round, |o| *o
            == Op::Intrinsic(Intrinsic::FloatToRawIntBits)),
        1
    );
    assert_eq!(resolver.asked, ["java/lang/Math"]);
    let Some(mut resolver) = jdk_or_skip("other_jdk_methods_are_inlined_too") else {
        return;
    };
    let cmp = build_with(classes(), "inl/K", "compared", &mut resolver).expect("builds");
    no_calls_left(&cmp);
    assert_eq!(resolver.asked, ["java/lang/Integer"]);
}
