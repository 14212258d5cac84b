//! Parses classes compiled by `javac` at test time and checks members,
//! decoded instructions, constants, switches, `wide`, debug tables and the
//! annotations the JIT keys on. Tests print a note and pass when `javac` is
//! not available.
#![allow(clippy::print_stdout, clippy::print_stderr, clippy::unwrap_used)]

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

use ferrocl_classfile::{
    parse, ArithOp, ArrayKind, ClassFile, Code, Cond, Constant, Kind, Method, Op,
    TypeAnnotationTarget,
};

const KERNELS: &str = r#"package dev.ferrocl.test;

import dev.ferrocl.api.Parallel;
import dev.ferrocl.api.Reduce;
import java.util.function.IntUnaryOperator;

public class Kernels {
    public static final int K = 42;
    public static final long BIG = 1234567890123L;
    public static final String S = "str";
    static int counter;

    public static void add(int[] a, int[] b, int[] c, int n) {
        for (int i = 0; i < n; i++) c[i] = a[i] + b[i]; // LINE_ADD
    }

    public static void scale(float[] a, int n) {
        for (@Parallel int i = 0; i < n; i++) { // LINE_PAR
            a[i] = a[i] * 2.0f;
        }
    }

    public static int sum(@Reduce int[] acc, int x, @Reduce @Deprecated int y) {
        return acc[0] + x + y;
    }

    public int instance(@Reduce int a) { return a + counter; }

    static int ci() { return 123456; }
    static float cf() { return 3.5f; }
    static long cl() { return 1234567890123L; }
    static double cd() { return 2.75; }
    static String cs() { return "hello"; }
    static Class<?> cc() { return String.class; }

    static int table(int x) {
        switch (x) {
            case 1: return 10;
            case 2: return 20;
            case 3: return 30;
            case 4: return 40;
            default: return -1;
        }
    }

    static int lookup(int x) {
        switch (x) {
            case -1000: return 1;
            case 0: return 2;
            case 1000000: return 3;
            default: return 0;
        }
    }

    static IntUnaryOperator lambda(int k) { return x -> x + k; }
    static int apply(IntUnaryOperator op) { return op.applyAsInt(3); }
    static String concat(String s, int i) { return s + i; }

    static int guarded(int a, int b) {
        try { return a / b; }
        catch (ArithmeticException e) { return 0; }
        finally { counter++; }
    }

    static long[][] multi(int n) { return new long[n][n]; }

    class Inner {
        Inner(@Reduce int x) {}
    }

    static int wide(int p) {
WIDE_BODY
    }
}
"#;

fn kernels_source() -> String {
    let mut body = String::from("        int v0 = p;\n");
    for k in 1..300 {
        body.push_str(&format!("        int v{k} = v{} + 1;\n", k - 1));
    }
    body.push_str("        v299 += 1000;\n        return v299;");
    KERNELS.replace("WIDE_BODY", &body)
}

/// 1-based line of the first line containing `marker`.
fn line_of_marker(marker: &str) -> u16 {
    let src = kernels_source();
    let i = src
        .lines()
        .position(|l| l.contains(marker))
        .expect("marker present");
    u16::try_from(i + 1).expect("small")
}

fn compiled(debug: bool) -> Option<&'static BTreeMap<String, Vec<u8>>> {
    static PLAIN: OnceLock<Option<BTreeMap<String, Vec<u8>>>> = OnceLock::new();
    static DEBUG: OnceLock<Option<BTreeMap<String, Vec<u8>>>> = OnceLock::new();
    let cell = if debug { &DEBUG } else { &PLAIN };
    cell.get_or_init(|| {
        let src = kernels_source();
        let mut sources: Vec<(&str, &str)> = common::API_SOURCES.to_vec();
        sources.push(("dev/ferrocl/test/Kernels.java", &src));
        let args: &[&str] = if debug { &["-g"] } else { &[] };
        common::compile(if debug { "kernels-g" } else { "kernels" }, &sources, args)
    })
    .as_ref()
}

fn kernels(debug: bool) -> Option<ClassFile> {
    let classes = compiled(debug)?;
    let bytes = classes
        .get("dev/ferrocl/test/Kernels")
        .expect("Kernels.class");
    let cf = parse(bytes).unwrap_or_else(|e| panic!("parse failed: {e}"));
    common::check_operands(&cf).unwrap_or_else(|e| panic!("{e}"));
    Some(cf)
}

fn method<'a>(cf: &'a ClassFile, name: &str, desc: &str) -> &'a Method {
    cf.method(name, desc)
        .unwrap_or_else(|| panic!("method {name}{desc} not found"))
}

fn code<'a>(cf: &'a ClassFile, name: &str, desc: &str) -> &'a Code {
    method(cf, name, desc).code.as_ref().expect("has code")
}

fn ops(code: &Code) -> Vec<Op> {
    code.instructions.iter().map(|i| i.op.clone()).collect()
}

#[test]
fn class_header_fields_and_method_lookup() {
    let Some(cf) = kernels(false) else { return };
    assert_eq!(cf.name, "dev/ferrocl/test/Kernels");
    assert_eq!(cf.super_name.as_deref(), Some("java/lang/Object"));
    assert_eq!(cf.major_version, 61, "javac 17 expected on PATH");
    assert_eq!(cf.source_file.as_deref(), Some("Kernels.java"));
    let add = method(&cf, "add", "([I[I[II)V");
    assert!(add.is_static());
    assert!(!method(&cf, "instance", "(I)I").is_static());
    assert!(cf.method("add", "([I[I[I)V").is_none());
    assert!(cf.method("nope", "()V").is_none());
    assert_eq!(
        cf.field("K", "I").and_then(|f| f.constant_value.clone()),
        Some(Constant::Int(42))
    );
    assert_eq!(
        cf.field("BIG", "J").and_then(|f| f.constant_value.clone()),
        Some(Constant::Long(1_234_567_890_123))
    );
    assert_eq!(
        cf.field("S", "Ljava/lang/String;")
            .and_then(|f| f.constant_value.clone()),
        Some(Constant::String("str".into()))
    );
    assert_eq!(
        cf.field("counter", "I").map(|f| f.constant_value.clone()),
        Some(None)
    );
    assert!(cf.field("K", "J").is_none());
}

#[test]
fn simple_loop_decodes() {
    let Some(cf) = kernels(false) else { return };
    let code = code(&cf, "add", "([I[I[II)V");
    assert_eq!(code.max_locals, 5);
    assert_eq!(
        ops(code),
        vec![
            Op::Iconst(0),
            Op::Store(Kind::Int, 4),
            Op::Load(Kind::Int, 4),
            Op::Load(Kind::Int, 3),
            Op::IfIcmp {
                cond: Cond::Ge,
                target: 28
            },
            Op::Load(Kind::Ref, 2),
            Op::Load(Kind::Int, 4),
            Op::Load(Kind::Ref, 0),
            Op::Load(Kind::Int, 4),
            Op::ArrayLoad(ArrayKind::Int),
            Op::Load(Kind::Ref, 1),
            Op::Load(Kind::Int, 4),
            Op::ArrayLoad(ArrayKind::Int),
            Op::Arith(Kind::Int, ArithOp::Add),
            Op::ArrayStore(ArrayKind::Int),
            Op::Iinc { index: 4, delta: 1 },
            Op::Goto(3),
            Op::Return(None),
        ]
    );
    let bcis: Vec<u32> = code.instructions.iter().map(|i| i.bci).collect();
    assert_eq!(
        bcis,
        vec![0, 1, 3, 5, 6, 9, 10, 12, 13, 15, 16, 17, 19, 20, 21, 22, 25, 28]
    );
    assert_eq!(code.insn_at(28).map(|i| &i.op), Some(&Op::Return(None)));
    assert!(code.insn_at(2).is_none());
    assert_eq!(code.bytecode.len(), 29);
}

#[test]
fn ldc_constants() {
    let Some(cf) = kernels(false) else { return };
    let cases = [
        ("ci", "()I", Constant::Int(123_456), Some(Kind::Int), 0x12u8),
        ("cf", "()F", Constant::Float(3.5), Some(Kind::Float), 0x12),
        (
            "cl",
            "()J",
            Constant::Long(1_234_567_890_123),
            Some(Kind::Long),
            0x14,
        ),
        (
            "cd",
            "()D",
            Constant::Double(2.75),
            Some(Kind::Double),
            0x14,
        ),
        (
            "cs",
            "()Ljava/lang/String;",
            Constant::String("hello".into()),
            Some(Kind::Ref),
            0x12,
        ),
        (
            "cc",
            "()Ljava/lang/Class;",
            Constant::Class("java/lang/String".into()),
            Some(Kind::Ref),
            0x12,
        ),
    ];
    for (name, desc, want, ret, opcode) in cases {
        let code = code(&cf, name, desc);
        let ops = ops(code);
        assert_eq!(ops.len(), 2, "{name}: {ops:?}");
        let Op::Ldc(idx) = ops[0] else {
            panic!("{name}: expected ldc, got {:?}", ops[0])
        };
        assert_eq!(code.bytecode[0], opcode, "{name}");
        assert_eq!(cf.constant(idx).expect("constant"), want, "{name}");
        assert_eq!(ops[1], Op::Return(ret));
    }
    // A non-loadable index is refused with a message naming the class.
    let e = cf.constant(0).expect_err("index 0");
    assert!(e.to_string().contains("dev/ferrocl/test/Kernels"), "{e}");
    assert!(cf.class_name(u16::MAX).is_err());
    assert!(cf.member_ref(0).is_err());
    assert!(cf.invoke_dynamic(1).is_err());
}

#[test]
fn tableswitch_and_lookupswitch() {
    let Some(cf) = kernels(false) else { return };
    let code = code(&cf, "table", "(I)I");
    let sw = code
        .instructions
        .iter()
        .find_map(|i| match &i.op {
            Op::TableSwitch {
                default,
                low,
                targets,
            } => Some((*default, *low, targets.clone())),
            _ => None,
        })
        .expect("tableswitch");
    assert_eq!(sw.1, 1);
    assert_eq!(sw.2.len(), 4);
    for (k, t) in sw.2.iter().enumerate() {
        let want = 10 * (k as i32 + 1);
        assert_eq!(code.insn_at(*t).map(|i| &i.op), Some(&Op::Iconst(want)));
    }
    assert_eq!(code.insn_at(sw.0).map(|i| &i.op), Some(&Op::Iconst(-1)));

    let code = code_of(&cf, "lookup");
    let (default, pairs) = code
        .instructions
        .iter()
        .find_map(|i| match &i.op {
            Op::LookupSwitch { default, pairs } => Some((*default, pairs.clone())),
            _ => None,
        })
        .expect("lookupswitch");
    let keys: Vec<i32> = pairs.iter().map(|p| p.0).collect();
    assert_eq!(keys, vec![-1000, 0, 1_000_000]);
    for (k, (_, t)) in pairs.iter().enumerate() {
        assert_eq!(
            code.insn_at(*t).map(|i| &i.op),
            Some(&Op::Iconst(k as i32 + 1))
        );
    }
    assert_eq!(code.insn_at(default).map(|i| &i.op), Some(&Op::Iconst(0)));
}

fn code_of<'a>(cf: &'a ClassFile, name: &str) -> &'a Code {
    cf.methods
        .iter()
        .find(|m| m.name == name)
        .and_then(|m| m.code.as_ref())
        .unwrap_or_else(|| panic!("{name}"))
}

#[test]
fn wide_locals() {
    let Some(cf) = kernels(false) else { return };
    let code = code(&cf, "wide", "(I)I");
    assert_eq!(code.max_locals, 301);
    let ops = ops(code);
    assert!(ops.contains(&Op::Store(Kind::Int, 300)), "wide istore");
    assert!(ops.contains(&Op::Load(Kind::Int, 299)), "wide iload");
    assert!(
        ops.contains(&Op::Iinc {
            index: 300,
            delta: 1000
        }),
        "wide iinc"
    );
    assert_eq!(ops.last(), Some(&Op::Return(Some(Kind::Int))));
    // `wide` prefix bytes are present in the raw code
    assert!(code.bytecode.contains(&0xc4));
}

#[test]
fn line_numbers() {
    let Some(cf) = kernels(false) else { return };
    let line_add = line_of_marker("// LINE_ADD");
    let code = code(&cf, "add", "([I[I[II)V");
    assert!(!code.line_numbers.is_empty());
    assert_eq!(code.line_of(0), Some(line_add));
    assert_eq!(code.line_of(22), Some(line_add)); // iinc
    assert_eq!(code.line_of(28), Some(line_add + 1)); // return at '}'
    let par = line_of_marker("// LINE_PAR");
    let code = code_of(&cf, "scale");
    assert_eq!(code.line_of(0), Some(par));
    let body = code
        .instructions
        .iter()
        .find(|i| i.op == Op::ArrayStore(ArrayKind::Float))
        .expect("fastore");
    assert_eq!(code.line_of(body.bci), Some(par + 1));
}

#[test]
fn local_variable_table_with_g() {
    let Some(cf) = kernels(true) else { return };
    let code = code(&cf, "add", "([I[I[II)V");
    let mut names: Vec<(&str, &str, u16)> = code
        .local_variables
        .iter()
        .map(|v| (v.name.as_str(), v.descriptor.as_str(), v.index))
        .collect();
    names.sort_by_key(|v| v.2);
    assert_eq!(
        names,
        vec![
            ("a", "[I", 0),
            ("b", "[I", 1),
            ("c", "[I", 2),
            ("n", "I", 3),
            ("i", "I", 4)
        ]
    );
    assert_eq!(code.local_name(0, 0), Some("a"));
    assert_eq!(code.local_name(4, 15), Some("i")); // iaload inside the loop
    assert_eq!(code.local_name(4, 0), None); // before `i` exists
    assert_eq!(code.local_name(7, 15), None);
    // javac without -g emits no LocalVariableTable
    let Some(plain) = kernels(false) else { return };
    assert!(code_of(&plain, "add").local_variables.is_empty());
    assert_eq!(code_of(&plain, "add").local_name(0, 0), None);
}

#[test]
fn parallel_type_annotation_on_loop_variable() {
    for debug in [false, true] {
        let Some(cf) = kernels(debug) else { return };
        let code = code(&cf, "scale", "([FI)V");
        let loop_cmp = code
            .instructions
            .iter()
            .find(|i| matches!(i.op, Op::IfIcmp { .. }))
            .expect("loop condition");
        let Some(Op::Store(Kind::Int, i_index)) = code.instructions.get(1).map(|i| &i.op) else {
            panic!("expected istore of i")
        };
        assert_eq!(*i_index, 2);
        let ann: Vec<_> = code
            .type_annotations
            .iter()
            .filter(|a| a.type_descriptor == "Ldev/ferrocl/api/Parallel;")
            .collect();
        assert_eq!(ann.len(), 1, "debug={debug}: {:?}", code.type_annotations);
        assert!(ann[0].type_path.is_empty());
        let TypeAnnotationTarget::LocalVariable(ranges) = &ann[0].target else {
            panic!("expected a local-variable target, got {:?}", ann[0].target)
        };
        assert!(
            ranges.iter().any(|r| r.index == *i_index
                && u32::from(r.start_pc) <= loop_cmp.bci
                && loop_cmp.bci < u32::from(r.start_pc) + u32::from(r.length)),
            "{ranges:?} should cover the loop test at {}",
            loop_cmp.bci
        );
        // Other methods carry no type annotations.
        assert!(code_of(&cf, "add").type_annotations.is_empty());
    }
}

#[test]
fn parameter_annotations() {
    let Some(cf) = kernels(false) else { return };
    let reduce = "Ldev/ferrocl/api/Reduce;".to_owned();
    assert_eq!(
        method(&cf, "sum", "([III)I").parameter_annotations,
        vec![
            vec![reduce.clone()],
            vec![],
            vec![reduce.clone(), "Ljava/lang/Deprecated;".to_owned()]
        ]
    );
    assert_eq!(
        method(&cf, "instance", "(I)I").parameter_annotations,
        vec![vec![reduce.clone()]]
    );
    assert_eq!(
        method(&cf, "add", "([I[I[II)V").parameter_annotations,
        vec![Vec::<String>::new(); 4]
    );
    assert!(method(&cf, "ci", "()I").parameter_annotations.is_empty());
    // Inner-class constructor: the synthetic outer-instance parameter comes first.
    let classes = compiled(false).expect("compiled");
    let inner = parse(&classes["dev/ferrocl/test/Kernels$Inner"]).expect("Inner parses");
    let ctor = method(&inner, "<init>", "(Ldev/ferrocl/test/Kernels;I)V");
    assert_eq!(ctor.parameter_annotations, vec![vec![], vec![reduce]]);
}

#[test]
fn member_refs_invokedynamic_and_bootstrap_methods() {
    let Some(cf) = kernels(false) else { return };
    // getstatic counter in guarded()
    let code = code(&cf, "guarded", "(II)I");
    let gs = code
        .instructions
        .iter()
        .find_map(|i| match i.op {
            Op::GetStatic(idx) => Some(idx),
            _ => None,
        })
        .expect("getstatic");
    let m = cf.member_ref(gs).expect("fieldref");
    assert_eq!(
        (
            m.class.as_str(),
            m.name.as_str(),
            m.descriptor.as_str(),
            m.interface
        ),
        ("dev/ferrocl/test/Kernels", "counter", "I", false)
    );
    // Exception table: a typed catch and `finally` handlers.
    assert!(code
        .exception_table
        .iter()
        .any(|h| h.catch_type.as_deref() == Some("java/lang/ArithmeticException")));
    assert!(code.exception_table.iter().any(|h| h.catch_type.is_none()));
    for h in &code.exception_table {
        assert!(code.insn_at(u32::from(h.handler_pc)).is_some());
        assert!(h.start_pc < h.end_pc);
    }

    // invokeinterface
    let code = code_of(&cf, "apply");
    let ii = code
        .instructions
        .iter()
        .find_map(|i| match i.op {
            Op::InvokeInterface(idx) => Some(idx),
            _ => None,
        })
        .expect("invokeinterface");
    let m = cf.member_ref(ii).expect("interface methodref");
    assert!(m.interface);
    assert_eq!(m.class, "java/util/function/IntUnaryOperator");
    assert_eq!(m.name, "applyAsInt");
    assert_eq!(m.descriptor, "(I)I");

    // Lambda: invokedynamic with LambdaMetafactory.metafactory
    let indy = |name: &str| {
        let code = code_of(&cf, name);
        let idx = code
            .instructions
            .iter()
            .find_map(|i| match i.op {
                Op::InvokeDynamic(idx) => Some(idx),
                _ => None,
            })
            .expect("invokedynamic");
        cf.invoke_dynamic(idx).expect("indy")
    };
    let lam = indy("lambda");
    assert_eq!(lam.name, "applyAsInt");
    assert_eq!(lam.descriptor, "(I)Ljava/util/function/IntUnaryOperator;");
    let bsm = cf.bootstrap_method(lam.bootstrap_method).expect("bsm");
    assert_eq!(bsm.kind, 6);
    assert_eq!(bsm.method.class, "java/lang/invoke/LambdaMetafactory");
    assert_eq!(bsm.method.name, "metafactory");
    assert_eq!(bsm.arguments.len(), 3);
    assert_eq!(bsm.arguments[0], Constant::MethodType("(I)I".into()));
    match &bsm.arguments[1] {
        Constant::MethodHandle { kind, member } => {
            assert_eq!(*kind, 6);
            assert_eq!(member.class, "dev/ferrocl/test/Kernels");
            assert!(member.name.starts_with("lambda$"), "{}", member.name);
            assert_eq!(member.descriptor, "(II)I");
        }
        other => panic!("expected a method handle, got {other:?}"),
    }
    // String concatenation: StringConcatFactory with a recipe argument
    let cat = indy("concat");
    assert_eq!(cat.name, "makeConcatWithConstants");
    let bsm = &cf.bootstrap_methods()[usize::from(cat.bootstrap_method)];
    assert_eq!(bsm.method.class, "java/lang/invoke/StringConcatFactory");
    assert_eq!(bsm.arguments, vec![Constant::String("\u{1}\u{1}".into())]);

    // multianewarray
    let code = code_of(&cf, "multi");
    let (idx, dims) = code
        .instructions
        .iter()
        .find_map(|i| match i.op {
            Op::MultiANewArray { index, dims } => Some((index, dims)),
            _ => None,
        })
        .expect("multianewarray");
    assert_eq!(dims, 2);
    assert_eq!(cf.class_name(idx).expect("class"), "[[J");
}

#[test]
fn every_compiled_class_parses() {
    let Some(classes) = compiled(true) else {
        return;
    };
    for (name, bytes) in classes {
        let cf = parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(&cf.name, name);
        common::check_operands(&cf).unwrap_or_else(|e| panic!("{e}"));
    }
    // The annotation interfaces themselves carry @Retention/@Target.
    let p = parse(&classes["dev/ferrocl/api/Parallel"]).expect("Parallel");
    assert!(p
        .annotations
        .contains(&"Ljava/lang/annotation/Retention;".to_owned()));
}

const JAVA25: &str = r#"package dev.ferrocl.test;
public class Shapes {
    sealed interface I permits E, P {}
    enum E implements I { A, B }
    record P(int x, int y) implements I {}
    static int f(I i) {
        return switch (i) { case E.A -> 1; case E.B -> 2; case P(int x, int y) when x == y -> 3; case P p -> 4; };
    }
    static String g(Object o) {
        return switch (o) { case String s -> s; case Integer n -> "i"; default -> "o"; };
    }
}
"#;

/// Java 25 (major 69) classes with records, pattern switches and
/// `CONSTANT_Dynamic` (enum descriptors of qualified enum case labels).
#[test]
fn java25_classes_with_condy() {
    let javac = Path::new("/usr/lib/jvm/temurin-25-jdk-amd64/bin/javac");
    if !javac.is_file() {
        eprintln!("note: JDK 25 not installed, skipping");
        return;
    }
    let Some(classes) = common::compile_with(
        javac,
        "java25",
        &[("dev/ferrocl/test/Shapes.java", JAVA25)],
        &[],
    ) else {
        return;
    };
    for (name, bytes) in &classes {
        let cf = parse(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(cf.major_version, 69);
        common::check_operands(&cf).unwrap_or_else(|e| panic!("{e}"));
    }
    let cf = parse(&classes["dev/ferrocl/test/Shapes"]).expect("Shapes");
    let condy: Vec<_> = cf
        .bootstrap_methods()
        .iter()
        .flat_map(|b| b.arguments.iter())
        .filter(|a| matches!(a, Constant::Dynamic { .. }))
        .collect();
    assert!(!condy.is_empty(), "expected CONSTANT_Dynamic arguments");
    for c in condy {
        let Constant::Dynamic {
            bootstrap,
            name,
            descriptor,
        } = c
        else {
            unreachable!()
        };
        assert_eq!(name, "invoke");
        assert!(descriptor.starts_with("Ljava/lang/"), "{descriptor}");
        let b = cf.bootstrap_method(*bootstrap).expect("condy bootstrap");
        assert_eq!(b.method.class, "java/lang/invoke/ConstantBootstraps");
    }
    let rec = parse(&classes["dev/ferrocl/test/Shapes$P"]).expect("record");
    assert!(rec
        .bootstrap_methods()
        .iter()
        .any(|b| b.method.class == "java/lang/runtime/ObjectMethods"));
}
