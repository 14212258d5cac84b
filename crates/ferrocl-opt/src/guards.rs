//! Java's implicit checks as explicit [`Op::Guard`] nodes, and the phase that removes the ones it
//! can prove.
//!
//! `lower_checks` (always runs, last) puts an `Index` guard before every array access and a
//! `Divisor` guard before every integer division whose divisor is not a non-zero constant; the
//! access and the division themselves then check nothing. The running value of a `@Reduce` array is
//! the work-item's accumulator and gets none (the host checks the array has an element 0).
//!
//! `eliminate_guards` (switch `guardElimination`) removes a guard when
//! - **a guard of the same kind on the same values dominates it**: when this one would fail, the
//!   dominating one already failed; or
//! - **value ranges prove it passes**: intervals of `int` values (constants, `x & mask`, shifts,
//!   `x % c`, `x | y`, `char`/`byte`/`short` loads, array lengths, exact `+ - *`) against the constant length
//!   of a private array, and the index of a counted loop where the guard is dominated by the
//!   loop's test: `for (j = a; j < b.length; j++)` with `a >= 0` proves `b[j]` (the test bounds `j`
//!   by the same array's length, and `j + 1` cannot overflow below a length), `for (j = a.length - 1;
//!   j >= 0; j--)` proves `a[j]`, and constant bounds prove accesses to private arrays. A node the
//!   guard dominates by way of the loop's staying branch sees the induction variable's value of an
//!   iteration whose test held, which is what the range assumes.
//!
//! What a removed guard would have done: nothing, in every execution. So the kernel's results, its
//! status word and the arrays the JVM sees on a rerun are what they were.

use crate::{array_site, induction, loop_invariant, Induction, LoopForest};
use crate::{private_length, ParallelNest};
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Dominators, ElemKind, Graph, GuardKind, MethodGraph,
    NodeId, Op, Stamp,
};
use std::collections::{HashMap, HashSet};

/// How deep range analysis looks into an expression.
const MAX_DEPTH: usize = 24;

/// Puts a guard before every array access and integer division that Java checks, except the
/// accumulator accesses of `nests`' reductions. Returns how many guards were added.
pub fn lower_checks(mg: &mut MethodGraph, nests: &[ParallelNest]) -> usize {
    let accumulators: HashSet<NodeId> = nests
        .iter()
        .flat_map(|n| &n.reductions)
        .flat_map(|r| r.loads.iter().chain(&r.stores).copied())
        .collect();
    let g = &mg.graph;
    let mut pred: HashMap<NodeId, NodeId> = HashMap::new();
    for n in g.node_ids().filter(|&n| g.op(n).is_fixed()) {
        for &s in g.successors(n) {
            pred.insert(s, n);
        }
    }
    let mut wanted: Vec<(NodeId, GuardKind, Vec<NodeId>)> = Vec::new();
    for n in g.node_ids() {
        match g.op(n) {
            Op::ArrayLoad(_) | Op::ArrayStore(_) if !accumulators.contains(&n) => {
                let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
                // The arrays of a multi-dimensional argument are indexed in bounds by
                // construction; Java's indices were checked against its table's lengths.
                if let Op::Parameter(p) = g.op(array) {
                    if mg.params.get(usize::from(*p)).is_some_and(|p| {
                        p.nested.is_some() || p.elements.as_ref().is_some_and(|e| e.field.is_some())
                    }) {
                        continue;
                    }
                }
                wanted.push((n, GuardKind::Index, vec![index, array]));
            }
            Op::IntegerDivRem { .. } => {
                let y = g.inputs(n)[1];
                let nonzero = matches!(
                    g.op(y),
                    Op::Constant(Constant::Int(v)) if *v != 0
                ) || matches!(g.op(y), Op::Constant(Constant::Long(v)) if *v != 0);
                if !nonzero {
                    wanted.push((n, GuardKind::Divisor, vec![y]));
                }
            }
            _ => {}
        }
    }
    let mut added = 0;
    for (n, kind, inputs) in wanted {
        let Some(&p) = pred.get(&n) else {
            continue;
        };
        let guard = mg.graph.add(Op::Guard(kind), Stamp::Void, inputs);
        mg.graph.replace_successor(p, n, guard);
        mg.graph.set_successors(guard, vec![n]);
        pred.insert(n, guard);
        pred.insert(guard, p);
        mg.inherit_source(n, guard);
        added += 1;
    }
    added
}

/// What [`eliminate_guards`] removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Eliminated {
    /// Guards dominated by an equal guard.
    pub dominated: usize,
    /// Guards value ranges prove.
    pub proven: usize,
}

/// Removes the guards that cannot fail (see the module documentation).
pub fn eliminate_guards(mg: &mut MethodGraph, loops: &LoopForest, doms: &Dominators) -> Eliminated {
    let g = &mg.graph;
    let guards: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| matches!(g.op(n), Op::Guard(_)))
        .collect();
    let mut removed: Vec<NodeId> = Vec::new();
    let mut result = Eliminated::default();
    let branches: Vec<NodeId> = g.node_ids().filter(|&n| *g.op(n) == Op::If).collect();
    for &guard in &guards {
        if proven(g, loops, doms, guard) || branches_prove(g, doms, &branches, guard) {
            removed.push(guard);
            result.proven += 1;
            continue;
        }
        let same = guards.iter().any(|&other| {
            other != guard
                && g.op(other) == g.op(guard)
                && g.inputs(other) == g.inputs(guard)
                && doms.dominates(other, guard)
        });
        if same {
            removed.push(guard);
            result.dominated += 1;
        }
    }
    for guard in removed {
        mg.graph.remove_fixed(guard);
    }
    result
}

/// Whether guard `guard` passes in every execution.
fn proven(g: &Graph, loops: &LoopForest, doms: &Dominators, guard: NodeId) -> bool {
    match g.op(guard) {
        Op::Guard(GuardKind::Index) => {
            let (index, array) = (g.inputs(guard)[0], g.inputs(guard)[1]);
            let len = array_site(g, array).and_then(|site| private_length(g, site));
            if let (Some((lo, hi)), Some(len)) = (range(g, index, 0), len) {
                if lo >= 0 && hi < i64::from(len) {
                    return true;
                }
            }
            counted_index(g, loops, doms, guard, index, array, len)
        }
        Op::Guard(GuardKind::Divisor) => {
            let y = g.inputs(guard)[0];
            g.stamp(y) == Stamp::Int && range(g, y, 0).is_some_and(|(lo, hi)| lo > 0 || hi < 0)
        }
        // A `throw` check whose condition always holds (a constant, or an `int` comparison that
        // value ranges decide: `System.arraycopy`'s tests of constant positions).
        Op::Guard(GuardKind::Throw) => {
            let c = g.inputs(guard)[0];
            always_holds(g, c) || nested_bounds_hold(g, loops, doms, guard, c)
        }
        _ => false,
    }
}

/// The index and length of a multi-dimensional argument's bounds test (the front end's
/// `(x | ((length - 1) - x) | length) >= 0`, which holds exactly when `0 <= x < length`).
pub fn nested_bounds(g: &Graph, c: NodeId) -> Option<(NodeId, NodeId)> {
    if *g.op(c) != Op::Compare(Condition::Ge) || int_constant(g, g.inputs(c)[1]) != Some(0) {
        return None;
    }
    let all = g.inputs(c)[0];
    if *g.op(all) != Op::Binary(BinaryOp::Or) {
        return None;
    }
    // `(x | room) | length`, in either order.
    let outer = g.inputs(all);
    for (or, length) in [(outer[0], outer[1]), (outer[1], outer[0])] {
        if *g.op(or) != Op::Binary(BinaryOp::Or) {
            continue;
        }
        if let Some((x, len)) = index_and_room(g, or) {
            if len == length {
                return Some((x, len));
            }
        }
    }
    None
}

/// `x` and `length` of `x | ((length - 1) - x)`.
fn index_and_room(g: &Graph, or: NodeId) -> Option<(NodeId, NodeId)> {
    let ins = g.inputs(or);
    for (x, room) in [(ins[0], ins[1]), (ins[1], ins[0])] {
        if *g.op(room) != Op::Binary(BinaryOp::Sub) || g.inputs(room)[1] != x {
            continue;
        }
        let last = g.inputs(room)[0];
        let len = match g.op(last) {
            Op::Binary(BinaryOp::Sub) if int_constant(g, g.inputs(last)[1]) == Some(1) => {
                g.inputs(last)[0]
            }
            Op::Binary(BinaryOp::Add) => match (
                int_constant(g, g.inputs(last)[0]),
                int_constant(g, g.inputs(last)[1]),
            ) {
                (None, Some(-1)) => g.inputs(last)[0],
                (Some(-1), None) => g.inputs(last)[1],
                _ => continue,
            },
            _ => continue,
        };
        return Some((x, len));
    }
    None
}

/// Whether a multi-dimensional argument's bounds test always holds: its index is a counted
/// loop's variable stepping by one from a non-negative start while below that same length
/// (`for (k = 0; k < row.length; k++) … row[k]`), or value ranges place it below the length.
fn nested_bounds_hold(
    g: &Graph,
    loops: &LoopForest,
    doms: &Dominators,
    guard: NodeId,
    c: NodeId,
) -> bool {
    let Some((x, len)) = nested_bounds(g, c) else {
        return false;
    };
    if let (Some((lo, hi)), Some((len_lo, _))) = (range(g, x, 0), range(g, len, 0)) {
        if lo >= 0 && hi < len_lo {
            return true;
        }
    }
    if *g.op(x) != Op::Phi {
        return false;
    }
    let Some(ind) = guarding_induction(g, loops, doms, guard, x) else {
        return false;
    };
    let entry = g.inputs(x)[1];
    ind.step == 1
        && !ind.inclusive
        && ind.bound == len
        && matches!(range(g, entry, 0), Some((lo, _)) if lo >= 0)
}

/// What holds where a branch went one way: its condition (or its negation) as `(cond, x, y)`.
fn holding(g: &Graph, branch: NodeId, taken: usize) -> Option<(Condition, NodeId, NodeId)> {
    let c = g.inputs(branch)[0];
    let Op::Compare(cond) = *g.op(c) else {
        return None;
    };
    let (x, y) = (g.inputs(c)[0], g.inputs(c)[1]);
    // Negating a comparison is exact for integers only (a NaN makes both sides false).
    if !matches!(g.stamp(x), Stamp::Int | Stamp::Long) {
        return (taken == 0).then_some((cond, x, y));
    }
    Some(if taken == 0 {
        (cond, x, y)
    } else {
        (cond.negate(), x, y)
    })
}

/// Whether guard `guard` sits where branches already tested what it checks: a divisor under
/// `d != 0` (`d > 0`, `d < 0`), an index under both `0 <= i` and `i < a.length` (in any of their
/// spellings), or under the one unsigned test a caught exception's branch makes (`(i ^ MIN) <
/// (a.length ^ MIN)`, see the front end's `catch_edge`). The branch's side dominates the guard, so
/// every execution that reaches the guard passed the test.
fn branches_prove(g: &Graph, doms: &Dominators, branches: &[NodeId], guard: NodeId) -> bool {
    let is_const = |n: NodeId, v: i64| int_constant(g, n) == Some(v);
    let is_length_of =
        |n: NodeId, array: NodeId| *g.op(n) == Op::ArrayLength && g.inputs(n)[0] == array;
    let offset = |n: NodeId| match g.op(n) {
        Op::Binary(BinaryOp::Xor) if is_const(g.inputs(n)[1], i64::from(i32::MIN)) => {
            Some(g.inputs(n)[0])
        }
        _ => None,
    };
    let facts = || {
        branches.iter().flat_map(move |&b| {
            (0..2).filter_map(move |k| {
                let side = *g.successors(b).get(k)?;
                doms.dominates(side, guard)
                    .then(|| holding(g, b, k))
                    .flatten()
            })
        })
    };
    match g.op(guard) {
        Op::Guard(GuardKind::Divisor) => {
            let d = g.inputs(guard)[0];
            facts().any(|(cond, x, y)| {
                let (c, other) = if x == d {
                    (cond, y)
                } else if y == d {
                    (cond.mirror(), x)
                } else {
                    return false;
                };
                let zero = matches!(
                    g.op(other),
                    Op::Constant(Constant::Int(0)) | Op::Constant(Constant::Long(0))
                );
                zero && matches!(c, Condition::Ne | Condition::Gt | Condition::Lt)
            })
        }
        Op::Guard(GuardKind::Index) => {
            let (index, array) = (g.inputs(guard)[0], g.inputs(guard)[1]);
            let (mut above, mut below) = (false, false);
            for (cond, x, y) in facts() {
                // The unsigned test, both bounds at once.
                if cond == Condition::Lt
                    && offset(x) == Some(index)
                    && offset(y).is_some_and(|l| is_length_of(l, array))
                {
                    return true;
                }
                let (c, other) = if x == index {
                    (cond, y)
                } else if y == index {
                    (cond.mirror(), x)
                } else {
                    continue;
                };
                match c {
                    Condition::Lt if is_length_of(other, array) => below = true,
                    Condition::Ge if is_const(other, 0) => above = true,
                    Condition::Gt if is_const(other, -1) => above = true,
                    _ => {}
                }
            }
            // The lower bound may also come from the index's own range.
            above = above || range(g, index, 0).is_some_and(|(lo, _)| lo >= 0);
            above && below
        }
        // A check of an integer comparison a dominating branch already made (a multi-dimensional
        // argument's `row.length >= 0` under `if (row != null)`, whose test is `length < 0`).
        Op::Guard(GuardKind::Throw) => {
            let c = g.inputs(guard)[0];
            let Op::Compare(want) = *g.op(c) else {
                return false;
            };
            let (a, b) = (g.inputs(c)[0], g.inputs(c)[1]);
            if !matches!(g.stamp(a), Stamp::Int | Stamp::Long) {
                return false;
            }
            facts().any(|(cond, x, y)| {
                (cond == want && x == a && y == b) || (cond.mirror() == want && x == b && y == a)
            })
        }
        _ => false,
    }
}

/// Whether the condition `c` holds in every execution, by its constant or the ranges of an `int`
/// comparison's operands.
fn always_holds(g: &Graph, c: NodeId) -> bool {
    match g.op(c) {
        Op::Constant(Constant::Int(v)) => *v != 0,
        Op::Compare(cond) => {
            let (Some((xl, xh)), Some((yl, yh))) =
                (range(g, g.inputs(c)[0], 0), range(g, g.inputs(c)[1], 0))
            else {
                return false;
            };
            match cond {
                Condition::Lt => xh < yl,
                Condition::Le => xh <= yl,
                Condition::Gt => xl > yh,
                Condition::Ge => xl >= yh,
                Condition::Eq => xl == xh && yl == yh && xl == yl,
                Condition::Ne => xh < yl || yh < xl,
            }
        }
        _ => false,
    }
}

/// `index` is the induction variable of a counted loop whose staying branch dominates `guard`, and
/// its range there is within `array` (of constant length `len`, when known).
fn counted_index(
    g: &Graph,
    loops: &LoopForest,
    doms: &Dominators,
    guard: NodeId,
    index: NodeId,
    array: NodeId,
    len: Option<i32>,
) -> bool {
    // `index` is `phi * scale + offset` (scale 1 and offset 0: the variable itself).
    let Some((phi, scale, offset)) = scaled_variable(g, index) else {
        return false;
    };
    if (scale, offset) != (1, 0) {
        return scaled_counted_index(g, loops, doms, guard, phi, scale, offset, array);
    }
    let Some(ind) = guarding_induction(g, loops, doms, guard, index) else {
        return false;
    };
    let entry = g.inputs(index)[1];
    let is_length_of_array =
        |n: NodeId| *g.op(n) == Op::ArrayLength && g.inputs(n).first() == Some(&array);
    let len = len.map(i64::from);
    if ind.step > 0 {
        // Lower end: the entry value.
        match range(g, entry, 0) {
            Some((lo, _)) if lo >= 0 => {}
            _ => return false,
        }
        // Upper end: `j < array.length` stepping by one, or a constant bound below `len`.
        if ind.step == 1 && !ind.inclusive && is_length_of_array(ind.bound) {
            return true;
        }
        let (Some(len), Some((_, hi))) = (len, range(g, ind.bound, 0)) else {
            return false;
        };
        let last = hi + ind.last_offset();
        last + ind.step <= i64::from(i32::MAX) && last < len
    } else {
        // Lower end: the bound (no overflow below a non-negative last value).
        let Some((lo, _)) = range(g, ind.bound, 0) else {
            return false;
        };
        if lo + ind.last_offset() < 0 {
            return false;
        }
        // Upper end: the entry value, `array.length - c` or a constant below `len`.
        if below_length(g, entry, &is_length_of_array) {
            return true;
        }
        matches!((len, range(g, entry, 0)), (Some(len), Some((_, hi))) if hi < len)
    }
}

/// The counted induction `phi` is, when `guard` runs only on the staying branch of its loop's
/// test (so `phi` is within the loop's bound there).
fn guarding_induction(
    g: &Graph,
    loops: &LoopForest,
    doms: &Dominators,
    guard: NodeId,
    phi: NodeId,
) -> Option<Induction> {
    let begin = g.inputs(phi)[0];
    let info = loops.get(begin)?;
    let (test, stay) = loop_test(g, begin, &info.body)?;
    if !doms.dominates(stay, guard) {
        return None;
    }
    let stays_if_true = g.successors(test).first() == Some(&stay);
    let memo = std::cell::RefCell::new(HashMap::new());
    let none = HashSet::new();
    let invariant = |n: NodeId| loop_invariant(g, &info.body, &none, &memo, n);
    induction(g, phi, test, stays_if_true, &invariant)
}

/// The value of an `int` constant node.
fn int_constant(g: &Graph, n: NodeId) -> Option<i64> {
    match g.op(n) {
        Op::Constant(Constant::Int(v)) => Some(i64::from(*v)),
        _ => None,
    }
}

/// `n` as `phi * scale + offset` with constants `scale >= 1` and `offset` (`phi * 8 + 3`,
/// `(phi << 3) + 7`, the phi itself).
fn scaled_variable(g: &Graph, n: NodeId) -> Option<(NodeId, i64, i64)> {
    let constant = |x: NodeId| int_constant(g, x);
    let scaled = |x: NodeId| -> Option<(NodeId, i64)> {
        let ins = g.inputs(x);
        match g.op(x) {
            Op::Phi => Some((x, 1)),
            Op::Binary(BinaryOp::Mul) => match (constant(ins[0]), constant(ins[1])) {
                (None, Some(d)) if *g.op(ins[0]) == Op::Phi && d >= 1 => Some((ins[0], d)),
                (Some(d), None) if *g.op(ins[1]) == Op::Phi && d >= 1 => Some((ins[1], d)),
                _ => None,
            },
            Op::Binary(BinaryOp::Shl) => match constant(ins[1]) {
                Some(s) if *g.op(ins[0]) == Op::Phi && (s & 31) <= 30 => {
                    Some((ins[0], 1i64 << (s & 31)))
                }
                _ => None,
            },
            _ => None,
        }
    };
    if let Some((phi, d)) = scaled(n) {
        return Some((phi, d, 0));
    }
    let ins = g.inputs(n);
    match g.op(n) {
        Op::Binary(BinaryOp::Add) => {
            let (x, c) = match (constant(ins[0]), constant(ins[1])) {
                (None, Some(c)) => (ins[0], c),
                (Some(c), None) => (ins[1], c),
                _ => return None,
            };
            let (phi, d) = scaled(x)?;
            Some((phi, d, c))
        }
        _ => None,
    }
}

/// `index = phi * scale + offset` with `0 <= offset < scale`, in a loop stepping `phi` by one
/// from a non-negative entry while `phi < array.length / scale`: then
/// `phi * scale + offset <= (array.length / scale) * scale - scale + offset < array.length`, and
/// nothing overflows on the way (`phi * scale` stays below the length).
#[allow(clippy::too_many_arguments)]
fn scaled_counted_index(
    g: &Graph,
    loops: &LoopForest,
    doms: &Dominators,
    guard: NodeId,
    phi: NodeId,
    scale: i64,
    offset: i64,
    array: NodeId,
) -> bool {
    if !(0..scale).contains(&offset) {
        return false;
    }
    let Some(ind) = guarding_induction(g, loops, doms, guard, phi) else {
        return false;
    };
    if ind.step != 1 || ind.inclusive {
        return false;
    }
    match range(g, g.inputs(phi)[1], 0) {
        Some((lo, _)) if lo >= 0 => {}
        _ => return false,
    }
    // The bound: `array.length / scale`, or `array.length >> s` with `scale == 1 << s` (the
    // length is not negative, so shifting is dividing).
    let ins = g.inputs(ind.bound);
    let is_length = |n: NodeId| *g.op(n) == Op::ArrayLength && g.inputs(n).first() == Some(&array);
    let constant = |x: NodeId| int_constant(g, x);
    match g.op(ind.bound) {
        // A division by a non-zero constant floats as `Binary(Div)` once it cannot throw.
        Op::IntegerDivRem { rem: false } | Op::Binary(BinaryOp::Div) => {
            is_length(ins[0]) && constant(ins[1]) == Some(scale)
        }
        Op::Binary(BinaryOp::Shr | BinaryOp::Ushr) => {
            is_length(ins[0])
                && constant(ins[1]).is_some_and(|s| (0..31).contains(&s) && 1i64 << s == scale)
        }
        _ => false,
    }
}

/// `n` is `array.length + c` or `array.length - c` with the result below the length (`c` a
/// constant of the right sign).
fn below_length(g: &Graph, n: NodeId, is_length: &dyn Fn(NodeId) -> bool) -> bool {
    let constant = |x: NodeId| int_constant(g, x);
    let ins = g.inputs(n);
    match g.op(n) {
        Op::Binary(BinaryOp::Add) => {
            (is_length(ins[0]) && constant(ins[1]).is_some_and(|c| c < 0))
                || (is_length(ins[1]) && constant(ins[0]).is_some_and(|c| c < 0))
        }
        Op::Binary(BinaryOp::Sub) => {
            is_length(ins[0]) && constant(ins[1]).is_some_and(|c| c > 0 && c <= i64::from(i32::MAX))
        }
        _ => false,
    }
}

/// The `If` that ends loop `begin`'s header and its successor that stays in the loop.
fn loop_test(g: &Graph, begin: NodeId, body: &HashSet<NodeId>) -> Option<(NodeId, NodeId)> {
    let mut cur = begin;
    for _ in 0..10_000 {
        match g.op(cur) {
            Op::If => {
                let s = g.successors(cur);
                // The body holds the loop's own exits too.
                let stays = |n: NodeId| {
                    body.contains(&n)
                        && !(*g.op(n) == Op::LoopExit && g.inputs(n).first() == Some(&begin))
                };
                return match (stays(s[0]), stays(s[1])) {
                    (true, false) => Some((cur, s[0])),
                    (false, true) => Some((cur, s[1])),
                    _ => None,
                };
            }
            Op::End | Op::LoopEnd | Op::Return => return None,
            _ => cur = g.next(cur)?,
        }
    }
    None
}

/// An interval holding every value `int` node `n` can have, anywhere it is used; `None` when
/// nothing better than the whole `int` range is known.
pub fn range(g: &Graph, n: NodeId, depth: usize) -> Option<(i64, i64)> {
    if depth > MAX_DEPTH || g.stamp(n) != Stamp::Int {
        return None;
    }
    let full = (i64::from(i32::MIN), i64::from(i32::MAX));
    let of = |x: NodeId| range(g, x, depth + 1);
    let constant = |x: NodeId| match g.op(x) {
        Op::Constant(Constant::Int(v)) => Some(*v),
        _ => None,
    };
    let fits = |(lo, hi): (i64, i64)| (lo >= full.0 && hi <= full.1).then_some((lo, hi));
    let ins = g.inputs(n);
    match g.op(n) {
        Op::Constant(Constant::Int(v)) => Some((i64::from(*v), i64::from(*v))),
        Op::ArrayLength => Some((0, full.1)),
        Op::ArrayLoad(kind) => elem_range(*kind),
        Op::Convert(c) => match c.to {
            ConvTarget::Byte => elem_range(ElemKind::Byte),
            ConvTarget::Char => elem_range(ElemKind::Char),
            ConvTarget::Short => elem_range(ElemKind::Short),
            _ => None,
        },
        Op::Binary(BinaryOp::And) => {
            // A non-negative operand bounds the result from above, and makes it non-negative.
            let hi = [ins[0], ins[1]]
                .iter()
                .filter_map(|&x| of(x))
                .filter(|&(lo, _)| lo >= 0)
                .map(|(_, hi)| hi)
                .min()?;
            Some((0, hi))
        }
        Op::Binary(BinaryOp::Or) => {
            // Of two non-negative values: at least the larger low end, below the next power of two.
            let (a, b) = (of(ins[0])?, of(ins[1])?);
            if a.0 < 0 || b.0 < 0 {
                return None;
            }
            let top = (a.1.max(b.1) as u64 + 1).next_power_of_two() as i64 - 1;
            Some((a.0.max(b.0), top.min(full.1)))
        }
        Op::Binary(BinaryOp::Ushr) => {
            let s = i64::from(constant(ins[1])? & 31);
            match of(ins[0]) {
                Some((lo, hi)) if lo >= 0 => Some((lo >> s, hi >> s)),
                _ if s > 0 => Some((0, i64::from(u32::MAX >> s))),
                _ => None,
            }
        }
        Op::Binary(BinaryOp::Shr) => {
            let s = i64::from(constant(ins[1])? & 31);
            let (lo, hi) = of(ins[0]).unwrap_or(full);
            Some((lo >> s, hi >> s))
        }
        Op::Binary(BinaryOp::Rem) => {
            // A constant divisor (a variable one is an `IntegerDivRem`, not a floating node).
            let m = i64::from(constant(ins[1])?).abs() - 1;
            match of(ins[0]) {
                Some((lo, hi)) if lo >= 0 => Some((0, m.min(hi))),
                Some((lo, hi)) if hi <= 0 => Some(((-m).max(lo), 0)),
                _ => Some((-m, m)),
            }
        }
        Op::Binary(op @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul)) => {
            let (a, b) = (of(ins[0])?, of(ins[1])?);
            let r = match op {
                BinaryOp::Add => (a.0 + b.0, a.1 + b.1),
                BinaryOp::Sub => (a.0 - b.1, a.1 - b.0),
                _ => {
                    let p = [a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1];
                    (*p.iter().min()?, *p.iter().max()?)
                }
            };
            // Within `int` nothing wrapped, so the interval is exact.
            fits(r)
        }
        _ => None,
    }
}

fn elem_range(kind: ElemKind) -> Option<(i64, i64)> {
    match kind {
        ElemKind::Boolean => Some((0, 1)),
        ElemKind::Byte => Some((-128, 127)),
        ElemKind::Char => Some((0, 65535)),
        ElemKind::Short => Some((-32768, 32767)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::{Conversion, Location};

    fn int(g: &mut Graph, v: i32) -> NodeId {
        g.add(Op::Constant(Constant::Int(v)), Stamp::Int, vec![])
    }

    fn bin(g: &mut Graph, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
        g.add(Op::Binary(op), Stamp::Int, vec![a, b])
    }

    /// The front end's `(x | ((len - 1) - x)) >= 0` for `x` and `len`.
    fn nested_test(g: &mut Graph, x: NodeId, len: NodeId) -> NodeId {
        let one = int(g, 1);
        let last = bin(g, BinaryOp::Sub, len, one);
        let room = bin(g, BinaryOp::Sub, last, x);
        let both = bin(g, BinaryOp::Or, x, room);
        let all = bin(g, BinaryOp::Or, both, len);
        let zero = int(g, 0);
        g.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![all, zero])
    }

    #[test]
    fn nested_bounds_are_recognised_and_mean_what_they_test() {
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let len = g.add(Op::Parameter(1), Stamp::Int, vec![]);
        let c = nested_test(&mut g, x, len);
        assert_eq!(nested_bounds(&g, c), Some((x, len)));
        // The test itself: holds exactly for 0 <= x < len, for every length a table holds
        // (-1 for null up to MAX_VALUE), in Java's wrapping int arithmetic.
        let samples = [
            i32::MIN,
            i32::MIN + 1,
            -2,
            -1,
            0,
            1,
            2,
            7,
            1000,
            i32::MAX - 1,
            i32::MAX,
        ];
        for &l in &samples {
            if l < -1 {
                continue;
            }
            for &i in &samples {
                let holds = (i | l.wrapping_sub(1).wrapping_sub(i) | l) >= 0;
                assert_eq!(holds, 0 <= i && i < l, "i = {i}, len = {l}");
            }
        }
        // Other shapes are not it.
        let one = int(&mut g, 1);
        let plain = g.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![x, one]);
        assert_eq!(nested_bounds(&g, plain), None);
    }

    #[test]
    fn nested_bounds_proven_by_ranges() {
        let mut g = Graph::new();
        let p = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let c7 = int(&mut g, 7);
        let x = bin(&mut g, BinaryOp::And, p, c7);
        let c8 = int(&mut g, 8);
        let c7b = int(&mut g, 7);
        let inside = nested_test(&mut g, x, c8);
        let outside = nested_test(&mut g, x, c7b);
        let guard = g.add(Op::Guard(GuardKind::Throw), Stamp::Void, vec![inside]);
        let loops = LoopForest::default();
        let doms = Dominators::default();
        assert!(nested_bounds_hold(&g, &loops, &doms, guard, inside));
        assert!(!nested_bounds_hold(&g, &loops, &doms, guard, outside));
    }

    #[test]
    fn ranges_follow_java_int_arithmetic() {
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let c15 = int(&mut g, 15);
        let c4 = int(&mut g, 4);
        let c28 = int(&mut g, 28);
        let c7 = int(&mut g, 7);
        let c1 = int(&mut g, 1);
        let masked = bin(&mut g, BinaryOp::And, x, c15);
        assert_eq!(range(&g, masked, 0), Some((0, 15)));
        let top = bin(&mut g, BinaryOp::Ushr, x, c28);
        assert_eq!(range(&g, top, 0), Some((0, 15)));
        let signed = bin(&mut g, BinaryOp::Shr, x, c28);
        assert_eq!(range(&g, signed, 0), Some((-8, 7)));
        let rem = bin(&mut g, BinaryOp::Rem, x, c7);
        assert_eq!(range(&g, rem, 0), Some((-6, 6)));
        let rem_of_mask = bin(&mut g, BinaryOp::Rem, masked, c7);
        assert_eq!(range(&g, rem_of_mask, 0), Some((0, 6)));
        let odd = bin(&mut g, BinaryOp::Or, masked, c1);
        assert_eq!(range(&g, odd, 0), Some((1, 15)));
        let scaled = bin(&mut g, BinaryOp::Mul, masked, c4);
        let shifted = bin(&mut g, BinaryOp::Sub, scaled, c1);
        assert_eq!(range(&g, shifted, 0), Some((-1, 59)));
        // Unknown operands, or a result that could wrap, give no range.
        assert_eq!(range(&g, x, 0), None);
        let sum = bin(&mut g, BinaryOp::Add, x, c1);
        assert_eq!(range(&g, sum, 0), None);
        let c_big = int(&mut g, i32::MAX);
        let wraps = bin(&mut g, BinaryOp::Add, masked, c_big);
        assert_eq!(range(&g, wraps, 0), None);
        let narrow = Conversion {
            from: Stamp::Int,
            to: ConvTarget::Char,
        };
        let ch = g.add(Op::Convert(narrow), Stamp::Int, vec![x]);
        assert_eq!(range(&g, ch, 0), Some((0, 65535)));
    }

    /// `Start → [accesses] → Return` on a private `int[16]` and an `int[]` parameter.
    fn straight_line(indices: &[(bool, NodeId)], g: &mut Graph) -> Vec<NodeId> {
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let param = g.add(Op::Parameter(0), Stamp::Array(ElemKind::Int), vec![]);
        let sixteen = int(g, 16);
        let private = g.add(
            Op::NewArray(ElemKind::Int),
            Stamp::Array(ElemKind::Int),
            vec![sixteen],
        );
        let mut prev = start;
        g.set_successors(prev, vec![private]);
        prev = private;
        let mut loads = Vec::new();
        for &(on_private, index) in indices {
            let array = if on_private { private } else { param };
            let load = g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![array, index]);
            g.set_successors(prev, vec![load]);
            prev = load;
            loads.push(load);
        }
        let ret = g.add(Op::Return, Stamp::Void, vec![]);
        g.set_successors(prev, vec![ret]);
        loads
    }

    fn method(g: Graph) -> MethodGraph {
        MethodGraph::bare(g, Location::default())
    }

    fn guards(g: &Graph) -> Vec<NodeId> {
        g.node_ids()
            .filter(|&n| matches!(g.op(n), Op::Guard(_)))
            .collect()
    }

    #[test]
    fn private_ranges_and_dominating_guards_remove_guards() {
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(1), Stamp::Int, vec![]);
        let c15 = int(&mut g, 15);
        let c16 = int(&mut g, 16);
        let masked = bin(&mut g, BinaryOp::And, x, c15);
        let wider = bin(&mut g, BinaryOp::And, x, c16);
        // hist[x & 15] (proven), hist[x & 16] (may be 16: kept), a[x] twice (the second dominated).
        straight_line(
            &[(true, masked), (true, wider), (false, x), (false, x)],
            &mut g,
        );
        let mut mg = method(g);
        assert_eq!(lower_checks(&mut mg, &[]), 4);
        assert_eq!(guards(&mg.graph).len(), 4);
        ferrocl_graph::verify(&mg.graph).expect("lowered graph verifies");
        let doms = Dominators::compute(&mg.graph);
        let removed = eliminate_guards(&mut mg, &LoopForest::default(), &doms);
        assert_eq!(
            removed,
            Eliminated {
                dominated: 1,
                proven: 1
            }
        );
        ferrocl_graph::verify(&mg.graph).expect("graph verifies after elimination");
        let left = guards(&mg.graph);
        assert_eq!(left.len(), 2);
        assert!(left.iter().any(|&n| mg.graph.inputs(n)[0] == wider));
        assert!(left.iter().any(|&n| mg.graph.inputs(n)[0] == x));
    }

    #[test]
    fn constant_divisors_need_no_guard_and_positive_ranges_are_proven() {
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let x = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let c3 = int(&mut g, 3);
        let c7 = int(&mut g, 7);
        let c1 = int(&mut g, 1);
        let masked = bin(&mut g, BinaryOp::And, x, c7);
        let odd = bin(&mut g, BinaryOp::Or, masked, c1);
        let by_constant = g.add(Op::IntegerDivRem { rem: false }, Stamp::Int, vec![x, c3]);
        let by_odd = g.add(Op::IntegerDivRem { rem: true }, Stamp::Int, vec![x, odd]);
        let by_x = g.add(Op::IntegerDivRem { rem: false }, Stamp::Int, vec![c3, x]);
        let ret = g.add(Op::Return, Stamp::Void, vec![]);
        g.set_successors(start, vec![by_constant]);
        g.set_successors(by_constant, vec![by_odd]);
        g.set_successors(by_odd, vec![by_x]);
        g.set_successors(by_x, vec![ret]);
        let mut mg = method(g);
        assert_eq!(lower_checks(&mut mg, &[]), 2);
        let doms = Dominators::compute(&mg.graph);
        let removed = eliminate_guards(&mut mg, &LoopForest::default(), &doms);
        assert_eq!(removed.proven, 1);
        let left = guards(&mg.graph);
        assert_eq!(left.len(), 1);
        assert_eq!(mg.graph.inputs(left[0]), [x]);
        assert_eq!(*mg.graph.op(left[0]), Op::Guard(GuardKind::Divisor));
    }

    /// `Start → If(cond) → [Begin → node → End, Begin → other → End] → Merge → Return`.
    fn diamond(g: &mut Graph, cond: NodeId, node: NodeId, other: NodeId) {
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let branch = g.add(Op::If, Stamp::Void, vec![cond]);
        g.set_successors(start, vec![branch]);
        let merge = g.add(Op::Merge, Stamp::Void, vec![]);
        let mut begins = Vec::new();
        for n in [node, other] {
            let begin = g.add(Op::Begin, Stamp::Void, vec![]);
            let end = g.add(Op::End, Stamp::Void, vec![]);
            g.set_successors(begin, vec![n]);
            g.set_successors(n, vec![end]);
            g.push_input(merge, end);
            begins.push(begin);
        }
        g.set_successors(branch, begins);
        let ret = g.add(Op::Return, Stamp::Void, vec![]);
        g.set_successors(merge, vec![ret]);
    }

    #[test]
    fn branches_that_test_a_divisor_prove_its_guard_on_their_side_only() {
        for long in [false, true] {
            let mut g = Graph::new();
            let stamp = if long { Stamp::Long } else { Stamp::Int };
            let d = g.add(Op::Parameter(0), stamp, vec![]);
            let zero = if long {
                g.add(Op::Constant(Constant::Long(0)), Stamp::Long, vec![])
            } else {
                int(&mut g, 0)
            };
            let x = g.add(Op::Parameter(1), stamp, vec![]);
            let nonzero = g.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![d, zero]);
            let on_true = g.add(Op::IntegerDivRem { rem: false }, stamp, vec![x, d]);
            let on_false = g.add(Op::IntegerDivRem { rem: true }, stamp, vec![x, d]);
            diamond(&mut g, nonzero, on_true, on_false);
            let mut mg = method(g);
            assert_eq!(lower_checks(&mut mg, &[]), 2);
            ferrocl_graph::verify(&mg.graph).expect("verifies");
            let doms = Dominators::compute(&mg.graph);
            let removed = eliminate_guards(&mut mg, &LoopForest::default(), &doms);
            assert_eq!(removed.proven, 1, "long: {long}");
            let left = guards(&mg.graph);
            assert_eq!(left.len(), 1);
            // The guard left is the one before the division on the false side (d == 0 there).
            assert_eq!(mg.graph.next(left[0]), Some(on_false));
        }
    }

    #[test]
    fn branches_that_test_both_ends_of_an_index_prove_its_guard() {
        // if (j < a.length) { a[j] } else { a[j] }: one end only, nothing proven; under the unsigned
        // test of a caught exception, `(j ^ MIN) < (a.length ^ MIN)`, the true side's access is.
        for unsigned in [false, true] {
            let mut g = Graph::new();
            let a = g.add(Op::Parameter(0), Stamp::Array(ElemKind::Int), vec![]);
            let j = g.add(Op::Parameter(1), Stamp::Int, vec![]);
            let len = g.add(Op::ArrayLength, Stamp::Int, vec![a]);
            let cond = if unsigned {
                let min = int(&mut g, i32::MIN);
                let x = bin(&mut g, BinaryOp::Xor, j, min);
                let y = bin(&mut g, BinaryOp::Xor, len, min);
                g.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![x, y])
            } else {
                g.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![j, len])
            };
            let on_true = g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![a, j]);
            let on_false = g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![a, j]);
            diamond(&mut g, cond, on_true, on_false);
            let mut mg = method(g);
            assert_eq!(lower_checks(&mut mg, &[]), 2);
            let doms = Dominators::compute(&mg.graph);
            let removed = eliminate_guards(&mut mg, &LoopForest::default(), &doms);
            assert_eq!(
                removed.proven,
                usize::from(unsigned),
                "unsigned: {unsigned}"
            );
        }
    }
}
