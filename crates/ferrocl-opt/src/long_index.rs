//! `narrow_long_index`: a `@Parallel` loop whose index is a `long`
//! (`for (@Parallel long i = 0; i < n; i++)`) is rewritten to count with an `int`, the form the
//! rest of the pipeline (the loops' recognition, the host's trip count, the launch geometry) knows.
//!
//! The index phi then holds an `int` `j`, and every use of `i` reads `(long) j`:
//! - the first value must be an `int` widened (`long i = k`, `long i = n - 1` with `int` `k`, `n`)
//!   or a `long` constant in `int`'s range; each back edge adds (or subtracts) a `long` constant in
//!   `int`'s range, which becomes the same `int` constant;
//! - the test `i < b` becomes `(long) j < b`: an `int` index widened against a `long` bound, which
//!   the recognition takes as it is;
//! - `j` equals Java's `i` in every iteration in which `i` stays within `int`'s range; a launch whose
//!   last index would leave it is refused by the host's trip count ([`crate::LoopDim::trip_count`],
//!   the same refusal that keeps an `int` index from wrapping around), and the JVM runs it, where
//!   the `long` index goes on as Java says;
//! - `(int) i` is `j` itself.
//!
//! Only loops inside no other loop are rewritten: such a loop becomes the outermost dimension of a
//! launch, whose trip count the host checks, or the method is refused. A `@Parallel` loop inside
//! another loop may instead run as an ordinary loop in each work-item (when it cannot be a
//! dimension), where nothing would check that its index stays within `int`'s range: it keeps its
//! `long` index (and runs sequentially, as Java's loop).
//!
//! Left as they are (and refused by the recognition, with its reason): other first values (a
//! `long` parameter, `a.length - 1L`) and steps that are not constants.
//!
//! The `long` operations of the old back edges stay for their other users (reading Java's index);
//! those left without users are removed by the phase's canonicalisation, which must follow
//! [`narrow_long_index`] (the graph holds `long` operations over an `int` phi until then).

use crate::parallel::parallel_index;
use crate::LoopForest;
use ferrocl_graph::{BinaryOp, Constant, ConvTarget, Conversion, MethodGraph, NodeId, Op, Stamp};

/// Rewrites every `@Parallel` loop with a `long` index it can to count with an `int`; returns how
/// many it rewrote.
pub fn narrow_long_index(mg: &mut MethodGraph) -> usize {
    let forest = LoopForest::compute(mg);
    let begins: Vec<NodeId> = forest
        .loops
        .iter()
        .filter(|l| l.depth == 0)
        .map(|l| l.begin)
        .collect();
    let mut rewritten = 0;
    for begin in begins {
        if let Some(plan) = plan(mg, begin) {
            rewrite(mg, &plan);
            rewritten += 1;
        }
    }
    rewritten
}

/// How the first value becomes an `int`.
enum First {
    /// `(long) x`: `x`.
    Widened(NodeId),
    /// A `long` constant in `int`'s range.
    Constant(i32),
}

/// A loop with a `long` index.
struct Plan {
    phi: NodeId,
    first: First,
    /// Per back edge: the operation (`Add` or `Sub`) and its constant.
    backs: Vec<(BinaryOp, i32)>,
}

fn plan(mg: &MethodGraph, begin: NodeId) -> Option<Plan> {
    let g = &mg.graph;
    let phi = parallel_index(mg, begin)?;
    if g.stamp(phi) != Stamp::Long || g.inputs(phi).len() < 3 {
        return None;
    }
    let entry = g.inputs(phi)[1];
    let first = match g.op(entry) {
        Op::Convert(c) if c.from == Stamp::Int && c.to == ConvTarget::Long => {
            First::Widened(g.inputs(entry)[0])
        }
        Op::Constant(Constant::Long(v)) => First::Constant(i32::try_from(*v).ok()?),
        _ => return None,
    };
    let long_constant = |n: NodeId| match g.op(n) {
        Op::Constant(Constant::Long(v)) => i32::try_from(*v).ok().filter(|c| *c != i32::MIN),
        _ => None,
    };
    let mut backs = Vec::new();
    for &back in &g.inputs(phi)[2..] {
        let ins = g.inputs(back);
        let step = match g.op(back) {
            Op::Binary(BinaryOp::Add) if ins[0] == phi => (BinaryOp::Add, long_constant(ins[1])?),
            Op::Binary(BinaryOp::Add) if ins[1] == phi => (BinaryOp::Add, long_constant(ins[0])?),
            Op::Binary(BinaryOp::Sub) if ins[0] == phi => (BinaryOp::Sub, long_constant(ins[1])?),
            _ => return None,
        };
        backs.push(step);
    }
    Some(Plan { phi, first, backs })
}

fn rewrite(mg: &mut MethodGraph, p: &Plan) {
    let bci = *mg.bci.get(p.phi);
    let name = mg.names.get(p.phi).clone();
    let g = &mut mg.graph;
    // Every user, the old back edges too (they keep computing Java's next index for any other
    // user; the phi stops reading them below).
    let users: Vec<NodeId> = g.usages(p.phi).to_vec();
    g.set_stamp(p.phi, Stamp::Int);
    // Java's `i` everywhere else: the `int` index widened.
    let wide = g.add(
        Op::Convert(Conversion {
            from: Stamp::Int,
            to: ConvTarget::Long,
        }),
        Stamp::Long,
        vec![p.phi],
    );
    let mut added = vec![wide];
    for user in users {
        for k in 0..g.inputs(user).len() {
            if g.inputs(user)[k] == p.phi {
                g.set_input(user, k, wide);
            }
        }
    }
    let first = match p.first {
        First::Widened(x) => x,
        First::Constant(v) => {
            let c = g.add(Op::Constant(Constant::Int(v)), Stamp::Int, vec![]);
            added.push(c);
            c
        }
    };
    g.set_input(p.phi, 1, first);
    for (k, &(op, step)) in p.backs.iter().enumerate() {
        let c = g.add(Op::Constant(Constant::Int(step)), Stamp::Int, vec![]);
        let next = g.add(Op::Binary(op), Stamp::Int, vec![p.phi, c]);
        g.set_input(p.phi, k + 2, next);
        added.extend([c, next]);
    }
    // `(int) i` is the index itself.
    let narrowed: Vec<NodeId> = g
        .usages(wide)
        .iter()
        .copied()
        .filter(|&u| {
            matches!(g.op(u), Op::Convert(c) if c.from == Stamp::Long && c.to == ConvTarget::Int)
        })
        .collect();
    for n in narrowed {
        g.replace_at_usages(n, p.phi);
    }
    for n in added {
        mg.bci.set(n, bci);
    }
    // The kernel's names: `i` for Java's index, `i_int` for the counter that replaces it.
    let counter = format!("{}_int", name.as_deref().unwrap_or("i"));
    mg.names.set(wide, name);
    mg.names.set(p.phi, Some(counter));
}
