//! Graph-builder tests on real javac output: the shapes of loops, merges, phis and loop exits.
#![allow(clippy::result_large_err)]

use ferrocl_frontend::{build_graph, FrontendError, MethodGraph, NoResolver};
use ferrocl_graph::{verify, Condition, Op, Stamp};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

const SOURCE: &str = r#"
package g;
import dev.ferrocl.api.Parallel;
public class G {
    public static void straight(int[] a, int[] b, int n) {
        for (@Parallel int i = 0; i < n; i++) { b[i] = a[i] * 2; }
    }
    public static void ifElse(int[] a, int n) {
        for (int i = 0; i < n; i++) { int v; if (a[i] > 3) v = 1; else v = 2; a[i] = v; }
    }
    public static int ternary(int x) { return x > 0 ? x : -x; }
    public static int nested(int[][] unused, int n) {
        int s = 0;
        outer:
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (j == 5) break;
                if (i * j == 12) break outer;
                s += i ^ j;
            }
        }
        return s;
    }
    public static int floatLess(float x, float y) { if (x < y) return 1; return 2; }
    public static long wide(long[] a, double d, int n) {
        long t = 0; double e = d;
        for (int i = 0; i < n; i++) { a[i] = t += a[i]; e = e * 2.0; }
        return t + (long) e;
    }
    public static int doWhile(int n) { int k = 0; do { k += 3; } while (k < n); return k; }
    public static int withTry(int[] a) { try { return a[0]; } catch (RuntimeException e) { return 0; } }
    public static int withSync(int[] a) { synchronized (a) { return a[0]; } }
    public static int withSwitch(int x) { switch (x) { case 1: return 10; case 2: return 20; default: return 0; } }
    public static int withCall(int x) { return Integer.bitCount(x); }
    public static long withForeignCall() { return System.nanoTime(); }
    public static void unusedParam(int[] a, int[] b) { a[0] = 1; }
    public static void rows(float[][] m, float[] out) {
        for (@Parallel int i = 0; i < out.length; i++) { float[] r = m[i]; out[i] = r[0] + r.length; }
    }
    public static void swap(float[][] m) { float[] t = m[0]; m[0] = m[1]; m[1] = t; }
    public static int sameRow(int[][] m) { return m[0] == m[1] ? 1 : m[2] == null ? 2 : 0; }
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("ferrocl-frontend-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src/g")).expect("temp dir");
        std::fs::write(dir.join("src/g/G.java"), SOURCE).expect("write source");
        let parallel = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../java-api/src/main/java/dev/ferrocl/api/Parallel.java");
        let status = Command::new("javac")
            .args(["-g", "-d"])
            .arg(dir.join("out"))
            .arg(&parallel)
            .arg(dir.join("src/g/G.java"))
            .status()
            .expect("javac");
        assert!(status.success());
        dir.join("out")
    })
}

fn graph(method: &str) -> Result<MethodGraph, FrontendError> {
    let bytes = std::fs::read(classes().join("g/G.class")).expect("class");
    let class = ferrocl_classfile::parse(&bytes).expect("parse");
    let m = class
        .methods
        .iter()
        .find(|m| m.name == method)
        .expect("method");
    build_graph(&class, m, &mut NoResolver)
}

fn count(mg: &MethodGraph, pred: impl Fn(&Op) -> bool) -> usize {
    mg.graph
        .node_ids()
        .filter(|&n| pred(mg.graph.op(n)))
        .count()
}

#[test]
fn straight_loop_has_an_index_phi_and_an_exit() {
    let mg = graph("straight").expect("builds");
    verify(&mg.graph).expect("verifies");
    assert_eq!(count(&mg, |o| *o == Op::LoopBegin), 1);
    assert_eq!(count(&mg, |o| *o == Op::LoopExit), 1);
    assert_eq!(count(&mg, |o| *o == Op::Phi), 1, "only i is loop-carried");
    let phi = mg
        .graph
        .node_ids()
        .find(|&n| *mg.graph.op(n) == Op::Phi)
        .expect("phi");
    assert_eq!(mg.names.get(phi).as_deref(), Some("i"));
    assert_eq!(mg.parallel_locals.len(), 1);
    assert_eq!(Some(mg.parallel_locals[0].slot), *mg.phi_local.get(phi));
    assert_eq!(
        mg.params
            .iter()
            .map(|p| p.name.clone().unwrap_or_default())
            .collect::<Vec<_>>(),
        ["a", "b", "n"]
    );
    assert!(mg.params.iter().all(|p| p.used));
}

#[test]
fn if_else_merges_a_value() {
    let mg = graph("ifElse").expect("builds");
    verify(&mg.graph).expect("verifies");
    assert_eq!(count(&mg, |o| *o == Op::Merge), 1);
    // i at the loop header, v at the merge.
    assert_eq!(count(&mg, |o| *o == Op::Phi), 2);
}

#[test]
fn ternary_merges_a_stack_value() {
    let mg = graph("ternary").expect("builds");
    verify(&mg.graph).expect("verifies");
    let phis: Vec<_> = mg
        .graph
        .node_ids()
        .filter(|&n| *mg.graph.op(n) == Op::Phi)
        .collect();
    assert_eq!(phis.len(), 1);
    assert_eq!(mg.graph.stamp(phis[0]), Stamp::Int);
    assert!(
        mg.phi_local.get(phis[0]).is_none(),
        "a stack phi, not a local"
    );
}

#[test]
fn nested_loops_exit_through_loop_exits() {
    let mg = graph("nested").expect("builds");
    verify(&mg.graph).expect("verifies");
    assert_eq!(count(&mg, |o| *o == Op::LoopBegin), 2);
    // Inner exits: its test, `break`, and `break outer` (which leaves both loops); outer: its test.
    assert!(count(&mg, |o| *o == Op::LoopExit) >= 4);
}

#[test]
fn float_compare_keeps_nan_semantics() {
    let mg = graph("floatLess").expect("builds");
    verify(&mg.graph).expect("verifies");
    // javac writes `fcmpg; ifge else`: NaN must reach `return 2`. The builder tests x < y (false
    // for NaN) and sends its true side to `return 1`.
    let cmp = mg
        .graph
        .node_ids()
        .find(|&n| matches!(mg.graph.op(n), Op::Compare(_)))
        .expect("compare");
    assert_eq!(*mg.graph.op(cmp), Op::Compare(Condition::Lt));
    let if_node = mg.graph.usages(cmp)[0];
    let true_ret = mg.graph.fixed_chain(mg.graph.successors(if_node)[0]);
    let ret = *true_ret.last().expect("chain");
    let value = mg.graph.inputs(ret)[0];
    assert_eq!(
        *mg.graph.op(value),
        Op::Constant(ferrocl_graph::Constant::Int(1))
    );
}

#[test]
fn wide_values_and_dup2() {
    let mg = graph("wide").expect("builds");
    verify(&mg.graph).expect("verifies");
    let stamps: Vec<Stamp> = mg
        .graph
        .node_ids()
        .filter(|&n| *mg.graph.op(n) == Op::Phi)
        .map(|n| mg.graph.stamp(n))
        .collect();
    assert!(stamps.contains(&Stamp::Long));
    assert!(stamps.contains(&Stamp::Double));
}

#[test]
fn do_while_loop() {
    let mg = graph("doWhile").expect("builds");
    verify(&mg.graph).expect("verifies");
    assert_eq!(count(&mg, |o| *o == Op::LoopBegin), 1);
}

fn bailout(method: &str) -> String {
    match graph(method) {
        Err(FrontendError::Bailout(b)) => b.to_string(),
        other => panic!("{method}: expected a bailout, got {other:?}"),
    }
}

#[test]
fn unsupported_constructs_bail_out_with_a_line() {
    let t = bailout("withSync");
    assert!(t.contains("synchronized"), "{t}");
    assert!(t.contains("G.java:"), "{t}");
    // A handler of what an array access throws is a branch to it.
    let caught = graph("withTry").expect("builds");
    verify(&caught.graph).expect("verifies");
    assert_eq!(count(&caught, |o| *o == Op::If), 1);
    let c = bailout("withForeignCall");
    assert!(c.contains("class java.lang.System is not available"), "{c}");
    assert!(c.contains("g.G.withForeignCall()J at bci 0"), "{c}");
}

#[test]
fn switches_and_intrinsics_need_no_other_class() {
    let s = graph("withSwitch").expect("builds");
    verify(&s.graph).expect("verifies");
    assert_eq!(count(&s, |o| *o == Op::If), 2, "one test per case");
    let c = graph("withCall").expect("builds");
    assert_eq!(
        count(&c, |o| *o
            == Op::Intrinsic(ferrocl_graph::Intrinsic::BitCount)),
        1
    );
}

#[test]
fn unused_parameters_are_marked() {
    let mg = graph("unusedParam").expect("builds");
    assert!(mg.params[0].used);
    assert!(!mg.params[1].used);
}

#[test]
fn multi_dimensional_arguments_become_a_table_and_data() {
    let mg = graph("rows").expect("builds");
    verify(&mg.graph).expect("verifies");
    // m itself, then its table and data (made on first use), after the method's parameters.
    let names: Vec<String> = mg
        .params
        .iter()
        .map(|p| p.name.clone().unwrap_or_default())
        .collect();
    assert_eq!(names, ["m", "out", "m_table", "m_data"]);
    let table = &mg.params[2];
    let data = &mg.params[3];
    assert_eq!(table.stamp, Stamp::Array(ferrocl_graph::ElemKind::Int));
    assert_eq!(data.stamp, Stamp::Array(ferrocl_graph::ElemKind::Float));
    let part = |p: &ferrocl_graph::ParamInfo| p.nested.clone().expect("a nested part");
    assert_eq!(
        (part(table).root, part(table).data, part(table).dims),
        (0, false, 2)
    );
    assert_eq!(
        (part(data).root, part(data).data, part(data).dims),
        (0, true, 2)
    );
    // No handle keeps its build-time stamp; Java's checks are explicit (`m[i]`, `r[0]`,
    // `r.length`), and the data is read once.
    assert!(mg
        .graph
        .node_ids()
        .all(|n| !matches!(mg.graph.stamp(n), Stamp::Nested { .. })));
    assert_eq!(
        count(&mg, |o| *o == Op::Guard(ferrocl_graph::GuardKind::Throw)),
        3
    );
    let loads_of = |p: &ferrocl_graph::ParamInfo| {
        mg.graph
            .node_ids()
            .filter(|&n| {
                matches!(mg.graph.op(n), Op::ArrayLoad(_)) && mg.graph.inputs(n)[0] == p.node
            })
            .count()
    };
    assert_eq!(loads_of(data), 1);
    assert!(loads_of(table) >= 3);
}

#[test]
fn storing_a_row_and_comparing_rows() {
    let reason = bailout("swap");
    assert!(reason.contains("array of arrays"), "{reason}");
    // `m[0] == m[1]` compares handles; `m[2] == null` the length entry with 0.
    let mg = graph("sameRow").expect("builds");
    verify(&mg.graph).expect("verifies");
    // (javac branches on the negations: `if_acmpne`, `ifnonnull`.)
    assert!(
        count(&mg, |o| matches!(
            o,
            Op::Compare(Condition::Eq) | Op::Compare(Condition::Ne)
        )) >= 1
    );
    assert!(
        count(&mg, |o| matches!(
            o,
            Op::Compare(Condition::Lt) | Op::Compare(Condition::Ge)
        )) >= 1
    );
}
