//! Objects made in the kernel that one variable holds in turn: merged into one set of scalars
//! where no live variable still holds one of them (bytecode liveness), refused where one does.
#![allow(clippy::result_large_err)]

mod common;

use common::*;
use ferrocl_frontend::MethodGraph;
use ferrocl_graph::{Op, Stamp};
use std::path::PathBuf;
use std::sync::OnceLock;

const M: &str = r#"package mg;

public class M {
    record Cx(float re, float im) {
        Cx times(Cx o) { return new Cx(re * o.re - im * o.im, re * o.im + im * o.re); }
        Cx plus(Cx o) { return new Cx(re + o.re, im + o.im); }
    }
    static final class Cell {
        int v;
        Cell(int v) { this.v = v; }
        Cell grow(int t) {
            if (v > t) {
                return this;
            }
            return new Cell(v + 1);
        }
    }
    public static int grown(int a, int n) {
        Cell z = new Cell(a);
        for (int k = 0; k < n; k++) {
            z = z.grow(k);
        }
        return z.v;
    }
    public static int grownHeld(int a) {
        Cell base = new Cell(a);
        Cell s = base.grow(5);
        s.v += 100;
        return base.v + s.v;
    }
    public static float iterate(float x, float y, int n) {
        Cx c = new Cx(x, y);
        Cx z = new Cx(0f, 0f);
        for (int k = 0; k < n; k++) {
            z = z.times(z).plus(c);
        }
        return z.re() + z.im();
    }
    public static int either(int a) {
        Cell s = a > 0 ? new Cell(a) : new Cell(-a);
        s.v += 3;
        return s.v;
    }
    public static int bestSoFar(int n) {
        Cell best = new Cell(0);
        for (int k = 0; k < n; k++) {
            Cell cand = new Cell(k * 7 % 5);
            if (cand.v > best.v) {
                best = cand;
            }
        }
        return best.v;
    }
    interface Shape { int area(); }
    record Sq(int s) implements Shape { public int area() { return s * s; } }
    record Rect(int w, int h) implements Shape { public int area() { return w * h; } }
    public static int shapes(int a) {
        Shape s = a > 0 ? new Sq(a) : new Rect(a, 3);
        return s.area();
    }
    public static int shapesInALoop(int a, int n) {
        Shape s = new Sq(a);
        for (int k = 0; k < n; k++) {
            s = (k & 1) == 0 ? new Sq(k) : new Rect(k, a);
        }
        return s.area();
    }
    public static int stillHeld(int a) {
        Cell p = new Cell(a);
        Cell q = new Cell(-a);
        Cell m = a > 0 ? p : q;
        m.v += 1;
        return p.v + q.v;
    }
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| javac("merges", &[("mg/M.java", M)]))
}

fn m(method: &str) -> Result<MethodGraph, ferrocl_frontend::FrontendError> {
    build(classes(), "mg/M", method)
}

/// No value of an object type is left: every object became scalars.
fn no_objects(mg: &MethodGraph) -> bool {
    !mg.graph
        .node_ids()
        .any(|n| mg.graph.stamp(n) == Stamp::Object && *mg.graph.op(n) == Op::Phi)
}

#[test]
fn a_record_reassigned_in_a_loop_is_scalars_with_phis() {
    let mg = m("iterate").expect("merged");
    assert!(no_objects(&mg));
    // The loop carries z's two fields as float phis.
    let float_phis = count(&mg, |op| matches!(op, Op::Phi));
    assert!(float_phis >= 2, "{float_phis} phis");
}

#[test]
fn objects_made_in_either_branch_merge() {
    assert!(no_objects(&m("either").expect("merged")));
}

#[test]
fn a_dead_variable_does_not_count_as_an_alias() {
    // `cand` still holds the object `best` takes, but is never read again.
    assert!(no_objects(&m("bestSoFar").expect("merged")));
}

#[test]
fn a_choice_between_objects_still_held_keeps_each_objects_fields() {
    // `m` is `p` or `q`, both read again: no merged copy; `m.v += 1` becomes a choice per object.
    let mg = m("stillHeld").expect("a choice");
    assert!(
        count(&mg, |op| matches!(op, Op::Select)) >= 2,
        "one select per object"
    );
}

#[test]
fn objects_of_different_classes_in_one_variable_are_a_choice() {
    let mg = m("shapes").expect("a choice");
    // Which object the variable holds decides which area() runs.
    assert!(count(&mg, |op| matches!(op, Op::If)) >= 2);
    let text = bailout_text(m("shapesInALoop"));
    assert!(text.contains("merged in one variable"), "{text}");
}

#[test]
fn an_inlined_method_returning_this_or_a_new_object_merges() {
    assert!(no_objects(&m("grown").expect("merged")));
    // The caller reads `base` again after the call: a choice between `base` and the new object.
    if let Err(e) = m("grownHeld") {
        panic!("{e}");
    }
}
