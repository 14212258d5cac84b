//! `countUp`: a `@Parallel` loop that counts down (`for (@Parallel int i = n - 1; i >= 0; i--)`,
//! `i > lo`, `i -= 4`) is rewritten to count up, the form the rest of the pipeline (the loops'
//! recognition, the host's trip count, the launch geometry) knows.
//!
//! The loop's index phi then holds `j = ~i = -1 - i` instead of `i`, and every use of `i` reads
//! `-1 - j`:
//! - the first value is `~s` for Java's first value `s`; `i -= c` is `j += c`;
//! - the test `i >= b` is `j <= ~b`, and `i > b` is `j < ~b` (`~` reverses the order of the ints and
//!   maps them onto themselves, so no value overflows); against a `long` bound (`i >= lim`, the
//!   index widened), `(long) j <= ~lim` in 64 bits, as `~(long) i == (long) ~i`;
//! - Java's index runs past `Integer.MIN_VALUE` (and wraps around, the loop not ending where its
//!   test says) exactly when `j` runs past `Integer.MAX_VALUE`, which the host's trip count already
//!   refuses ([`crate::LoopDim::trip_count`]), sending such a launch to the JVM;
//! - `-1 - j` is computed in wrapping `int` arithmetic and equals Java's `i` in every iteration.
//!
//! The iterations of a `@Parallel` loop are independent, so the order in which work-items run
//! them does not matter; each work-item still computes its own `i`.

use crate::parallel::{parallel_index, widened};
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, MethodGraph, NodeId, Op, Stamp,
};

/// Rewrites every `@Parallel` loop that counts down to count up; returns how many it rewrote.
pub fn count_up(mg: &mut MethodGraph) -> usize {
    let begins: Vec<NodeId> = mg
        .graph
        .node_ids()
        .filter(|&n| *mg.graph.op(n) == Op::LoopBegin)
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

/// A loop counting down.
struct Plan {
    /// The index phi.
    phi: NodeId,
    /// The header's `If`.
    test: NodeId,
    /// The bound `b`.
    bound: NodeId,
    /// Whether the index may equal the bound (`i >= b`, not `i > b`).
    inclusive: bool,
    /// Whether the loop goes on when the `If`'s condition is true.
    stays_when_true: bool,
    /// How much each iteration subtracts (positive).
    step: i32,
    /// Whether the test compares the index widened to `long` with a `long` bound.
    long: bool,
}

fn plan(mg: &MethodGraph, begin: NodeId) -> Option<Plan> {
    let g = &mg.graph;
    let phi = parallel_index(mg, begin)?;
    if g.stamp(phi) != Stamp::Int || g.inputs(phi).len() < 3 {
        return None;
    }
    // Every back edge subtracts one positive constant.
    let mut step = None;
    for &back in &g.inputs(phi)[2..] {
        let ins = g.inputs(back);
        let constant = |n: NodeId| match g.op(n) {
            Op::Constant(Constant::Int(v)) => Some(*v),
            _ => None,
        };
        let down = match g.op(back) {
            Op::Binary(BinaryOp::Add) if ins[0] == phi => constant(ins[1]).map(i64::from),
            Op::Binary(BinaryOp::Add) if ins[1] == phi => constant(ins[0]).map(i64::from),
            Op::Binary(BinaryOp::Sub) if ins[0] == phi => constant(ins[1]).map(|c| -i64::from(c)),
            _ => None,
        }?;
        // A step of more than i32::MAX (subtracting MIN_VALUE adds it) is left alone.
        let c = i32::try_from(-down).ok().filter(|&c| c > 0)?;
        if step.is_some_and(|s| s != c) {
            return None;
        }
        step = Some(c);
    }
    // The header: fixed nodes that cannot branch (the bound's loads and divisions), then the test.
    let mut at = g.next(begin)?;
    while matches!(
        g.op(at),
        Op::ArrayLoad(_) | Op::IntegerDivRem { .. } | Op::Guard(_)
    ) {
        at = g.next(at)?;
    }
    if *g.op(at) != Op::If {
        return None;
    }
    let test = at;
    let cond = g.inputs(test)[0];
    let Op::Compare(c) = *g.op(cond) else {
        return None;
    };
    let (x, y) = (g.inputs(cond)[0], g.inputs(cond)[1]);
    // The index itself against an `int` bound, or widened against a `long` one (`i >= lim`).
    let widened = |n: NodeId| widened(g, n, phi);
    let (c, bound) = if x == phi && y != phi || widened(x) {
        (c, y)
    } else if y == phi && x != phi || widened(y) {
        (c.mirror(), x)
    } else {
        return None;
    };
    let long = g.stamp(bound) == Stamp::Long;
    if !(g.stamp(bound) == Stamp::Int || long && (widened(x) || widened(y))) {
        return None;
    }
    let succ = g.successors(test);
    let stays_when_true = match (
        *g.op(succ[0]) == Op::LoopExit,
        *g.op(succ[1]) == Op::LoopExit,
    ) {
        (false, true) => true,
        (true, false) => false,
        _ => return None,
    };
    let stay = if stays_when_true { c } else { c.negate() };
    let inclusive = match stay {
        Condition::Ge => true,
        Condition::Gt => false,
        _ => return None,
    };
    Some(Plan {
        phi,
        test,
        bound,
        inclusive,
        stays_when_true,
        step: step?,
        long,
    })
}

fn rewrite(mg: &mut MethodGraph, p: &Plan) {
    let bci = *mg.bci.get(p.phi);
    let name = mg.names.get(p.phi).clone();
    let g = &mut mg.graph;
    let backs: Vec<NodeId> = g.inputs(p.phi)[2..].to_vec();
    let minus_one = g.add(Op::Constant(Constant::Int(-1)), Stamp::Int, vec![]);
    let not = |g: &mut ferrocl_graph::Graph, v: NodeId| {
        g.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![minus_one, v])
    };
    // Java's `i` in the body, from the phi's new value.
    let index = not(g, p.phi);
    let users: Vec<NodeId> = g
        .usages(p.phi)
        .iter()
        .copied()
        .filter(|&u| u != index && !backs.contains(&u))
        .collect();
    for user in users {
        for k in 0..g.inputs(user).len() {
            if g.inputs(user)[k] == p.phi {
                g.set_input(user, k, index);
            }
        }
    }
    // The back edges' values (`i - c`) keep their other users, reading `i` now.
    for &back in &backs {
        for k in 0..g.inputs(back).len() {
            if g.inputs(back)[k] == p.phi {
                g.set_input(back, k, index);
            }
        }
    }
    let entry = g.inputs(p.phi)[1];
    let first = not(g, entry);
    g.set_input(p.phi, 1, first);
    let step = g.add(Op::Constant(Constant::Int(p.step)), Stamp::Int, vec![]);
    let mut added: Vec<NodeId> = vec![minus_one, index, first, step];
    for k in 0..backs.len() {
        let next = g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![p.phi, step]);
        g.set_input(p.phi, k + 2, next);
        added.push(next);
    }
    // `i >= b` is `j <= ~b`; `i > b` is `j < ~b`; negated where the loop stays on false. With a
    // `long` bound, `(long) j` against `~b` in 64 bits (`~` reverses the longs' order too).
    let (counter, limit) = if p.long {
        let minus_one_long = g.add(Op::Constant(Constant::Long(-1)), Stamp::Long, vec![]);
        let wide = g.add(
            Op::Convert(Conversion {
                from: Stamp::Int,
                to: ConvTarget::Long,
            }),
            Stamp::Long,
            vec![p.phi],
        );
        let limit = g.add(
            Op::Binary(BinaryOp::Sub),
            Stamp::Long,
            vec![minus_one_long, p.bound],
        );
        added.extend([minus_one_long, wide]);
        (wide, limit)
    } else {
        (p.phi, not(g, p.bound))
    };
    let stay = if p.inclusive {
        Condition::Le
    } else {
        Condition::Lt
    };
    let cond = if p.stays_when_true {
        stay
    } else {
        stay.negate()
    };
    let compare = g.add(Op::Compare(cond), Stamp::Bool, vec![counter, limit]);
    g.set_input(p.test, 0, compare);
    added.extend([limit, compare]);
    for n in added {
        mg.bci.set(n, bci);
    }
    // The kernel's names: `i` for Java's index, `i_rev` for the counter that replaces it.
    let rev = format!("{}_rev", name.as_deref().unwrap_or("i"));
    mg.names.set(index, name);
    mg.names.set(p.phi, Some(rev));
}
