//! `tableswitch` and `lookupswitch` as chains of `If(key == case)`, and the reference tests
//! (`ifnull`, `ifnonnull`, `if_acmp`) that parameters allow to decide while parsing.
#![allow(clippy::result_large_err)]

mod common;

use common::*;
use ferrocl_frontend::MethodGraph;
use ferrocl_graph::{Condition, Constant, Op};
use std::path::PathBuf;
use std::sync::OnceLock;

const W: &str = r#"package sw;

public class W {
    public static int table(int x) {
        int r = 0;
        switch (x) {
            case 0: r += 1;          // falls through into case 1
            case 1: r += 2; break;
            case 2:
            case 3: r = 7; break;    // two keys, one target
            case 5: r = 9; break;    // 4 is a gap: the default
            default: r = -1;
        }
        return r;
    }
    public static int lookup(int x) {
        switch (x) {
            case 10:
            case 1000: return 1;
            case -5: x += 3;         // falls through into case 77
            case 77: return x;
            default: return 0;
        }
    }
    public static int defaultIsCase(int x) {
        switch (x) {
            case 1:
            case 2:
            default: return 5;
            case 3: return 6;
        }
    }
    public static int onlyDefault(int x) {
        switch (x) {
            case 1:
            default: return x + 1;
        }
    }
    public static void inLoop(int[] a, int n) {
        for (int i = 0; i < n; i++) {
            switch (a[i] & 3) {
                case 0: continue;
                case 1: a[i] = 10; break;
                case 2: a[i] = 20;
                case 3: a[i] += 1; break;
            }
            a[i] *= 2;
        }
    }
    public static void guarded(int[] a, int n) {
        if (a == null) throw new IllegalArgumentException("a");
        a[0] = n;
    }
    static int lengthOr(int[] a, int d) { return a != null ? a.length : d; }
    public static int nullInCallee(int[] a) { return lengthOr(a, -1); }
    public static int same(int[] a) { return a == a ? 1 : 0; }
    public static int alias(int[] a, int[] b) { return a == b ? 1 : 0; }
    public static int aliasChoice(int[] a, int[] b, int n) {
        int[] c = n > 0 ? a : b;
        return c == a ? 1 : 0;
    }
    public static int mayBeNull(int[] a, int[] b, int n) {
        int[] c = n > 0 ? a : b;
        return c == null ? 0 : 1;
    }
    public static void onlyTested(int[] a, int[] b) { if (a != null) b[0] = 1; }
    public static int[] nothing() { return null; }
    public void notNullThis(int[] a) { if (this != null) a[0] = 1; }
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| javac("switches", &[("sw/W.java", W)]))
}

fn w(method: &str) -> Result<MethodGraph, ferrocl_frontend::FrontendError> {
    build_alone(classes(), "sw/W", method)
}

/// The constant keys the `If(key == k)` tests compare `key` with, in graph order.
fn case_keys(mg: &MethodGraph) -> Vec<i32> {
    let mut keys = Vec::new();
    for cmp in nodes(mg, |o| *o == Op::Compare(Condition::Eq)) {
        if let Op::Constant(Constant::Int(k)) = mg.graph.op(mg.graph.inputs(cmp)[1]) {
            keys.push(*k);
        }
    }
    keys
}

#[test]
fn tableswitch_with_fall_through_and_shared_targets() {
    let mg = w("table").expect("builds");
    // Keys 0, 1, 2, 3, 5 have their own targets; the gap 4 goes to the default: five tests.
    assert_eq!(count(&mg, |o| *o == Op::If), 5);
    assert_eq!(case_keys(&mg), [0, 1, 2, 3, 5]);
    // The shared target of 2 and 3 merges two edges; `return r` merges every way out.
    let merges = nodes(&mg, |o| *o == Op::Merge);
    assert!(merges.iter().any(|&m| mg.graph.inputs(m).len() == 2));
    assert_eq!(count(&mg, |o| *o == Op::Return), 1);
    let ret = nodes(&mg, |o| *o == Op::Return)[0];
    assert_eq!(*mg.graph.op(mg.graph.inputs(ret)[0]), Op::Phi);
}

#[test]
fn lookupswitch_with_fall_through() {
    let mg = w("lookup").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::If), 4);
    assert_eq!(case_keys(&mg), [-5, 10, 77, 1000]);
    assert_eq!(count(&mg, |o| *o == Op::Return), 3);
}

#[test]
fn cases_that_go_to_the_default_need_no_test() {
    let mg = w("defaultIsCase").expect("builds");
    assert_eq!(case_keys(&mg), [3]);
    let only = w("onlyDefault").expect("builds");
    assert_eq!(count(&only, |o| *o == Op::If), 0);
}

#[test]
fn switch_inside_a_loop_with_continue() {
    let mg = w("inLoop").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::LoopBegin), 1);
    // The loop test, then cases 0 (`continue`: to the back edge), 1, 2 and 3; the default leaves
    // the switch like `break`.
    assert_eq!(count(&mg, |o| *o == Op::If), 5);
    assert_eq!(case_keys(&mg), [0, 1, 2, 3]);
    // `continue` and the end of the body meet before `i++` and its one back edge.
    assert_eq!(count(&mg, |o| *o == Op::LoopEnd), 1);
}

#[test]
fn null_tests_of_parameter_arrays_are_decided() {
    // The throwing branch is never parsed (its `new` would bail out).
    let mg = w("guarded").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::If), 0);
    assert!(mg.params[0].used);

    // Through inlining: the callee's parameter is the compiled method's.
    let mg = w("nullInCallee").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::If), 0);
    assert_eq!(count(&mg, |o| *o == Op::ArrayLength), 1);

    // Tested but never accessed: still used, so the host checks it for null.
    let mg = w("onlyTested").expect("builds");
    assert!(mg.params[0].used && mg.params[1].used);

    let mg = w("same").expect("builds");
    assert_eq!(count(&mg, |o| *o == Op::If), 0);

    let mg = build_alone(classes(), "sw/W", "notNullThis").expect("builds");
    assert_eq!(count(&mg, |o| matches!(o, Op::ArrayStore(_))), 1);
}

#[test]
fn references_that_may_be_null_or_alias_bail_out() {
    // Two parameters: compared by the identities the host passes.
    let alias = w("alias").expect("two parameters compare by identity");
    let identities: Vec<u16> = nodes(&alias, |op| matches!(op, Op::Identity(_)))
        .into_iter()
        .filter_map(|n| match alias.graph.op(n) {
            Op::Identity(p) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(
        identities,
        vec![0, 1],
        "one identity per compared parameter"
    );
    // A variable that holds one of them may still alias either: refused.
    let choice = bailout_text(w("aliasChoice"));
    assert!(
        choice.contains("comparing two different references"),
        "{choice}"
    );
    let maybe = bailout_text(w("mayBeNull"));
    assert!(maybe.contains("null tests are only supported"), "{maybe}");
    // `null` is a value now: returned as a null constant.
    let null = w("nothing").expect("null is a value");
    assert_eq!(
        count(&null, |op| matches!(op, Op::Constant(Constant::Null))),
        1
    );
}
