//! `reduce_choices`: a `@Reduce` update written as a comparison becomes the `Math.min` /
//! `Math.max` it computes, so that `recognize_reductions` finds it.
//!
//! Over `int` and `long`, `out[0] = out[0] < e ? e : out[0]` and `if (e > out[0]) out[0] = e;`
//! leave `out[0]` holding the larger of the two, exactly `Math.max(out[0], e)`: equal integers are
//! one value, so which of them is kept never shows, and the updates of a parallel loop may be
//! folded in any order. Both shapes reach the graph as a branch on a comparison of a read of
//! `out[0]` (`L`) with a value `e` (`E`): the choice is a phi of the two arms' values (javac reads
//! `out[0]` and `e`'s elements again in the arms), the conditional update a store inside one arm.
//! The phase replaces the store's value by `Math.max(L, E)` (or `min`), moves a conditional store
//! behind the branch (storing the value `out[0]` already holds changes nothing: it was read, so
//! the index is valid and the array not null) and removes the branch, whose arms held only reads.
//!
//! Which operator: the branch picks `E` when a relation `E R L` holds (the comparison's operands
//! swapped and, when `E` is the false arm's value, negated — exact for integers, which have no
//! NaN): `>` or `>=` keep the larger, `<` or `<=` the smaller; `==` and `!=` are no reduction.
//!
//! A value of an arm counts as `L` or `E` when it is the same node or the same computation
//! ([`same_value`]): equal operations on equal inputs, and reads of the same element when no
//! store can come between the read before the branch and the arm's read again.
//!
//! Not rewritten: `float` and `double` (NaN compares false, so the written choice skips NaN
//! elements and keeps a NaN start, and it keeps the first of equal zeros: an order a parallel
//! reduction does not keep; recognition refuses them and says to write `Math.min` / `Math.max`),
//! arms holding anything but reads, merges with other phis, and a choice used for anything but the
//! store.

use crate::canonicalize::remove_dead_floating;
use crate::reduce::is_zero;
use ferrocl_graph::{Condition, ElemKind, Graph, Intrinsic, MethodGraph, NodeId, Op, Stamp};
use std::collections::HashSet;

/// How deep [`same_value`] compares two computations.
const MAX_DEPTH: u32 = 8;

/// Rewrites every `@Reduce` update over `int` or `long` written as a choice; returns how many.
pub fn reduce_choices(mg: &mut MethodGraph) -> usize {
    let receiver = usize::from(!mg.is_static);
    let arrays: Vec<(NodeId, ElemKind)> = mg
        .reduce_params
        .iter()
        .filter_map(|&p| mg.params.get(p + receiver))
        .filter_map(|info| match info.stamp {
            Stamp::Array(e @ (ElemKind::Int | ElemKind::Long)) => Some((info.node, e)),
            _ => None,
        })
        .collect();
    let mut rewritten = 0;
    for (array, elem) in arrays {
        rewritten += rewrite_array(mg, array, elem);
    }
    rewritten
}

/// Rewrites the choices stored into `array[0]` (elements `elem`, `int` or `long`); returns how
/// many.
fn rewrite_array(mg: &mut MethodGraph, array: NodeId, elem: ElemKind) -> usize {
    let mut rewritten = 0;
    {
        let stores: Vec<NodeId> = mg
            .graph
            .usages(array)
            .iter()
            .copied()
            .filter(|&u| {
                matches!(mg.graph.op(u), Op::ArrayStore(_))
                    && mg.graph.inputs(u)[0] == array
                    && is_zero(&mg.graph, mg.graph.inputs(u)[1])
            })
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        let mut stores = stores;
        stores.sort();
        for store in stores {
            if !mg.graph.is_live(store) {
                continue;
            }
            let plan = choice(&mg.graph, store, array).or_else(|| guarded(&mg.graph, store, array));
            if let Some(plan) = plan {
                apply(mg, store, elem, &plan);
                rewritten += 1;
            }
        }
    }
    if rewritten > 0 {
        remove_dead_floating(&mut mg.graph);
    }
    rewritten
}

/// What one rewrite does.
struct Rewrite {
    /// `Math.min` or `Math.max`.
    op: Intrinsic,
    /// The read of `out[0]` before the branch.
    load: NodeId,
    /// The value compared with it.
    value: NodeId,
    /// The branch.
    branch: NodeId,
    /// Where its arms join.
    merge: NodeId,
    /// The phi the store stored (the choice), if any.
    phi: Option<NodeId>,
    /// Whether the store sits in an arm and moves behind the merge.
    moves: bool,
}

/// Whether `id` reads `array[0]`.
fn reads_first(g: &Graph, id: NodeId, array: NodeId) -> bool {
    matches!(g.op(id), Op::ArrayLoad(_)) && g.inputs(id)[0] == array && is_zero(g, g.inputs(id)[1])
}

/// The nodes of the arm that starts at `begin` (a successor of a branch) up to its `End`, which
/// is returned apart: `None` unless each is a read of an array element, or `store`.
fn arm(g: &Graph, begin: NodeId, store: Option<NodeId>) -> Option<(Vec<NodeId>, NodeId)> {
    if *g.op(begin) != Op::Begin {
        return None;
    }
    let mut nodes = vec![begin];
    let mut at = g.next(begin)?;
    for _ in 0..64 {
        match g.op(at) {
            Op::End => return Some((nodes, at)),
            Op::ArrayLoad(_) => nodes.push(at),
            Op::ArrayStore(_) if Some(at) == store => nodes.push(at),
            _ => return None,
        }
        at = g.next(at)?;
    }
    None
}

/// The branch whose arm holds fixed node `node` (an arm's `End`, or a node in it), and that arm's
/// begin.
fn branch_of(g: &Graph, node: NodeId) -> Option<(NodeId, NodeId)> {
    let mut at = node;
    for _ in 0..66 {
        let pred = g.predecessor(at)?;
        if *g.op(at) == Op::Begin {
            return (*g.op(pred) == Op::If).then_some((pred, at));
        }
        at = pred;
    }
    None
}

/// The relation `E R L` under which the branch `branch` picks `E` when its arm `picks_true` (the
/// true arm) or the other one is the one that does; with the comparison's read of `out[0]` and
/// the other operand. `None` unless the condition compares a read of `array[0]` with a value.
fn relation(
    g: &Graph,
    branch: NodeId,
    array: NodeId,
    picks_true: bool,
) -> Option<(Condition, NodeId, NodeId)> {
    let cond = *g.inputs(branch).first()?;
    let Op::Compare(c) = *g.op(cond) else {
        return None;
    };
    let (p, q) = (g.inputs(cond)[0], g.inputs(cond)[1]);
    let (rel, load, value) = match (reads_first(g, p, array), reads_first(g, q, array)) {
        (true, false) => (swapped(c), p, q),
        (false, true) => (c, q, p),
        _ => return None,
    };
    let rel = if picks_true { rel } else { negated(rel) };
    Some((rel, load, value))
}

/// `x R y` as `y R' x`.
fn swapped(c: Condition) -> Condition {
    match c {
        Condition::Lt => Condition::Gt,
        Condition::Gt => Condition::Lt,
        Condition::Le => Condition::Ge,
        Condition::Ge => Condition::Le,
        other => other,
    }
}

/// `!(x R y)` as `x R' y` (integers: no NaN).
fn negated(c: Condition) -> Condition {
    match c {
        Condition::Lt => Condition::Ge,
        Condition::Ge => Condition::Lt,
        Condition::Gt => Condition::Le,
        Condition::Le => Condition::Gt,
        Condition::Eq => Condition::Ne,
        Condition::Ne => Condition::Eq,
    }
}

/// The operator a choice that keeps `E` when `E R L` computes.
fn operator(rel: Condition) -> Option<Intrinsic> {
    match rel {
        Condition::Gt | Condition::Ge => Some(Intrinsic::Max),
        Condition::Lt | Condition::Le => Some(Intrinsic::Min),
        Condition::Eq | Condition::Ne => None,
    }
}

/// `store` stores a choice: `out[0] = L R E ? x : y`.
fn choice(g: &Graph, store: NodeId, array: NodeId) -> Option<Rewrite> {
    let phi = g.inputs(store)[2];
    if *g.op(phi) != Op::Phi || g.usages(phi) != [store] {
        return None;
    }
    let merge = g.inputs(phi)[0];
    if *g.op(merge) != Op::Merge || g.inputs(merge).len() != 2 {
        return None;
    }
    // The merge serves this phi alone, and control goes on after it.
    if g.usages(merge).iter().any(|&u| u != phi) {
        return None;
    }
    g.next(merge)?;
    let ends = g.inputs(merge).to_vec();
    let (branch, begin0) = branch_of(g, ends[0])?;
    let (other, begin1) = branch_of(g, ends[1])?;
    if branch != other || begin0 == begin1 {
        return None;
    }
    let (arm0, _) = arm(g, begin0, None)?;
    let (arm1, _) = arm(g, begin1, None)?;
    let in_arms: HashSet<NodeId> = arm0.iter().chain(&arm1).copied().collect();
    // Phi input k + 1 arrives through end k; the true arm is the branch's first successor.
    let first_true = g.successors(branch).first() == Some(&begin0);
    let (x0, x1) = (g.inputs(phi)[1], g.inputs(phi)[2]);
    let (_, load, value) = relation(g, branch, array, true)?;
    let picks_true = if same_value(g, x0, value, branch, &in_arms, 0)
        && same_value(g, x1, load, branch, &in_arms, 0)
    {
        first_true
    } else if same_value(g, x1, value, branch, &in_arms, 0)
        && same_value(g, x0, load, branch, &in_arms, 0)
    {
        !first_true
    } else {
        return None;
    };
    let (rel, load, value) = relation(g, branch, array, picks_true)?;
    if !arm_reads_matched(g, &in_arms, &[x0, x1]) {
        return None;
    }
    Some(Rewrite {
        op: operator(rel)?,
        load,
        value,
        branch,
        merge,
        phi: Some(phi),
        moves: false,
    })
}

/// `store` is a conditional update: `if (E R L) out[0] = E;`.
fn guarded(g: &Graph, store: NodeId, array: NodeId) -> Option<Rewrite> {
    let (branch, begin) = branch_of(g, store)?;
    if g.successors(branch).len() != 2 {
        return None;
    }
    let other_begin = *g.successors(branch).iter().find(|&&s| s != begin)?;
    let (with_store, end) = arm(g, begin, Some(store))?;
    let (without, other_end) = arm(g, other_begin, None)?;
    let merge = g.merge_of(end)?;
    if g.merge_of(other_end) != Some(merge)
        || *g.op(merge) != Op::Merge
        || g.inputs(merge).len() != 2
        || !g.usages(merge).is_empty()
        || g.next(merge).is_none()
    {
        return None;
    }
    let in_arms: HashSet<NodeId> = with_store
        .iter()
        .chain(&without)
        .copied()
        .filter(|&n| n != store)
        .collect();
    let picks_true = g.successors(branch)[0] == begin;
    let (rel, load, value) = relation(g, branch, array, picks_true)?;
    let stored = g.inputs(store)[2];
    // Storing max(L, E) where Java stores nothing keeps `out[0]` only if it still holds L there.
    if !same_value(g, stored, value, branch, &in_arms, 0)
        || !no_store_between(g, load, branch)
        || !arm_reads_matched(g, &in_arms, &[stored])
    {
        return None;
    }
    Some(Rewrite {
        op: operator(rel)?,
        load,
        value,
        branch,
        merge,
        phi: None,
        moves: true,
    })
}

/// Whether `x` (computed in an arm of `branch`, or before it) always equals `y` (computed
/// before the branch): the same node, or the same pure operation on equal inputs, or reads of the
/// same element where `x` is read in an arm and no store lies between `y`'s read and the branch.
fn same_value(
    g: &Graph,
    x: NodeId,
    y: NodeId,
    branch: NodeId,
    in_arms: &HashSet<NodeId>,
    depth: u32,
) -> bool {
    if x == y {
        return true;
    }
    if depth >= MAX_DEPTH || g.op(x) != g.op(y) || g.stamp(x) != g.stamp(y) {
        return false;
    }
    let (xi, yi) = (g.inputs(x), g.inputs(y));
    if xi.len() != yi.len() {
        return false;
    }
    let pure = match g.op(x) {
        Op::ArrayLoad(_) => {
            in_arms.contains(&x) && !in_arms.contains(&y) && no_store_between(g, y, branch)
        }
        Op::Binary(_)
        | Op::Negate
        | Op::Compare(_)
        | Op::NormalizeCompare { .. }
        | Op::Convert(_)
        | Op::ArrayLength
        | Op::Intrinsic(_)
        | Op::Select
        | Op::Constant(_) => true,
        _ => false,
    };
    pure && xi
        .iter()
        .zip(yi)
        .all(|(&a, &b)| same_value(g, a, b, branch, in_arms, depth + 1))
}

/// Whether every read of an element in the arms (`in_arms`) goes into one of `values`, which
/// [`same_value`] matched with values computed before the branch: those reads repeat reads made
/// there (they cannot throw), so the branch may go with them; any other read keeps its branch
/// (it may throw where Java throws).
fn arm_reads_matched(g: &Graph, in_arms: &HashSet<NodeId>, values: &[NodeId]) -> bool {
    let mut needed = HashSet::new();
    let mut work: Vec<NodeId> = values.to_vec();
    while let Some(n) = work.pop() {
        if !needed.insert(n) || needed.len() > 4096 {
            continue;
        }
        work.extend(g.inputs(n).iter().copied());
    }
    in_arms
        .iter()
        .all(|&n| !matches!(g.op(n), Op::ArrayLoad(_)) || needed.contains(&n))
}

/// Whether every path from fixed node `from` to `to` (without going round a loop) passes only
/// nodes that write no memory, and enters no loop: a read outside a loop that holds `to` is not the
/// value memory holds at `to` in the loop's later iterations (a store in the loop comes between).
fn no_store_between(g: &Graph, from: NodeId, to: NodeId) -> bool {
    let mut seen = HashSet::new();
    let mut work: Vec<NodeId> = g.successors(from).to_vec();
    let mut reached = false;
    while let Some(n) = work.pop() {
        if n == to {
            reached = true;
            continue;
        }
        if !seen.insert(n) {
            continue;
        }
        if seen.len() > 4096 {
            return false;
        }
        match g.op(n) {
            Op::End => work.extend(g.merge_of(n)),
            Op::LoopEnd | Op::Return => {}
            Op::Begin
            | Op::Merge
            | Op::LoopExit
            | Op::If
            | Op::ArrayLoad(_)
            | Op::Guard(_)
            | Op::IntegerDivRem { .. } => work.extend(g.successors(n).iter().copied()),
            _ => return false,
        }
    }
    reached
}

/// Carries out `plan` on `store`.
fn apply(mg: &mut MethodGraph, store: NodeId, elem: ElemKind, plan: &Rewrite) {
    let stamp = if elem == ElemKind::Long {
        Stamp::Long
    } else {
        Stamp::Int
    };
    let chosen = mg
        .graph
        .add(Op::Intrinsic(plan.op), stamp, vec![plan.load, plan.value]);
    mg.inherit_source(store, chosen);
    let g = &mut mg.graph;
    g.set_input(store, 2, chosen);
    if let Some(phi) = plan.phi {
        g.kill(phi);
    }
    // The region: the branch, its arms and the merge (a conditional store leaves its arm first).
    let mut region = vec![plan.branch];
    for &begin in &g.successors(plan.branch).to_vec() {
        let mut at = begin;
        loop {
            if at != store {
                region.push(at);
            }
            if *g.op(at) == Op::End {
                break;
            }
            match g.next(at) {
                Some(n) => at = n,
                None => break,
            }
        }
    }
    let after = g.next(plan.merge);
    let before = g.predecessor(plan.branch);
    if plan.moves {
        if let Some(after) = after {
            g.set_next(plan.merge, store);
            g.set_next(store, after);
        }
    }
    let exit = if plan.moves { Some(store) } else { after };
    if let (Some(p), Some(exit)) = (before, exit) {
        g.replace_successor(p, plan.branch, exit);
    }
    // The merge comes out of the region last in the chain but first to go (it names the ends).
    g.set_successors(plan.merge, Vec::new());
    for &n in &region {
        g.set_successors(n, Vec::new());
    }
    // The arms' reads fed only the choice (now gone) and computations of it.
    remove_dead_floating(g);
    g.kill(plan.merge);
    for &n in region.iter().rev() {
        g.kill(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::{verify, Constant, Location};

    /// The nodes of `out[0] ? a[i]` graphs: `out` (int[]), `a` (int[]), `i`, and the chain
    /// `Start → L = out[0] → E = a[i]` that a test goes on from.
    struct Fixture {
        g: Graph,
        start: NodeId,
        out: NodeId,
        a: NodeId,
        i: NodeId,
        zero: NodeId,
        load: NodeId,
        value: NodeId,
    }

    fn fixture() -> Fixture {
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let out = g.add(Op::Parameter(0), Stamp::Array(ElemKind::Int), vec![]);
        let a = g.add(Op::Parameter(1), Stamp::Array(ElemKind::Int), vec![]);
        let i = g.add(Op::Parameter(2), Stamp::Int, vec![]);
        let zero = g.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![]);
        let load = g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![out, zero]);
        let value = g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![a, i]);
        g.set_next(start, load);
        g.set_next(load, value);
        Fixture {
            g,
            start,
            out,
            a,
            i,
            zero,
            load,
            value,
        }
    }

    /// `If(cond) → [Begin → then → End, Begin → otherwise → End] → Merge`: each closure adds
    /// fixed nodes after its arm's begin and returns the last (the arm's value or the begin).
    fn branch(
        f: &mut Fixture,
        after: NodeId,
        cond: NodeId,
        then: impl FnOnce(&mut Fixture, NodeId) -> NodeId,
        otherwise: impl FnOnce(&mut Fixture, NodeId) -> NodeId,
    ) -> (NodeId, NodeId, NodeId) {
        let branch = f.g.add(Op::If, Stamp::Void, vec![cond]);
        f.g.set_next(after, branch);
        let (bt, bf) = (
            f.g.add(Op::Begin, Stamp::Void, vec![]),
            f.g.add(Op::Begin, Stamp::Void, vec![]),
        );
        f.g.set_successors(branch, vec![bt, bf]);
        let (lt, lf) = (then(f, bt), otherwise(f, bf));
        let (et, ef) = (
            f.g.add(Op::End, Stamp::Void, vec![]),
            f.g.add(Op::End, Stamp::Void, vec![]),
        );
        f.g.set_next(lt, et);
        f.g.set_next(lf, ef);
        let merge = f.g.add(Op::Merge, Stamp::Void, vec![et, ef]);
        (branch, merge, lt)
    }

    /// Appends a read of `array[index]` after `after`.
    fn reread(f: &mut Fixture, after: NodeId, array: NodeId, index: NodeId) -> NodeId {
        let load =
            f.g.add(Op::ArrayLoad(ElemKind::Int), Stamp::Int, vec![array, index]);
        f.g.set_next(after, load);
        load
    }

    fn chain(g: &Graph, from: NodeId) -> Vec<NodeId> {
        let mut out = vec![from];
        while let Some(n) = g.next(*out.last().unwrap_or(&from)) {
            out.push(n);
        }
        out
    }

    #[test]
    fn a_choice_of_the_larger_becomes_math_max() {
        // out[0] = out[0] >= a[i] ? out[0] : a[i], as javac shapes it (both read again in the arms).
        let mut f = fixture();
        let cond = f.g.add(
            Op::Compare(Condition::Ge),
            Stamp::Bool,
            vec![f.load, f.value],
        );
        let (out, a, i, zero) = (f.out, f.a, f.i, f.zero);
        let value = f.value;
        let (_, merge, _) = branch(
            &mut f,
            value,
            cond,
            |f, b| reread(f, b, out, zero),
            |f, b| reread(f, b, a, i),
        );
        let (t, e) = (f.g.inputs(merge)[0], f.g.inputs(merge)[1]);
        let then_value = f.g.predecessor(t).expect("arm");
        let else_value = f.g.predecessor(e).expect("arm");
        let phi =
            f.g.add(Op::Phi, Stamp::Int, vec![merge, then_value, else_value]);
        let store = f.g.add(
            Op::ArrayStore(ElemKind::Int),
            Stamp::Void,
            vec![out, zero, phi],
        );
        let ret = f.g.add(Op::Return, Stamp::Void, vec![]);
        f.g.set_next(merge, store);
        f.g.set_next(store, ret);
        let (start, load) = (f.start, f.load);
        let mut mg = MethodGraph::bare(f.g, Location::default());
        assert_eq!(rewrite_array(&mut mg, out, ElemKind::Int), 1);
        verify(&mg.graph).expect("verified");
        let g = &mg.graph;
        assert_eq!(chain(g, start), vec![start, load, value, store, ret]);
        let chosen = g.inputs(store)[2];
        assert_eq!(*g.op(chosen), Op::Intrinsic(Intrinsic::Max));
        assert_eq!(g.inputs(chosen), [load, value]);
        assert_eq!(g.usages(load), [chosen]);
    }

    #[test]
    fn a_conditional_update_becomes_math_min_behind_the_branch() {
        // if (a[i] < out[0]) out[0] = a[i];
        let mut f = fixture();
        let cond = f.g.add(
            Op::Compare(Condition::Lt),
            Stamp::Bool,
            vec![f.value, f.load],
        );
        let (out, a, i, zero) = (f.out, f.a, f.i, f.zero);
        let value = f.value;
        let mut store = None;
        let (_, merge, _) = branch(
            &mut f,
            value,
            cond,
            |f, b| {
                let again = reread(f, b, a, i);
                let s = f.g.add(
                    Op::ArrayStore(ElemKind::Int),
                    Stamp::Void,
                    vec![out, zero, again],
                );
                f.g.set_next(again, s);
                store = Some(s);
                s
            },
            |_, b| b,
        );
        let store = store.expect("store");
        let ret = f.g.add(Op::Return, Stamp::Void, vec![]);
        f.g.set_next(merge, ret);
        let (start, load) = (f.start, f.load);
        let mut mg = MethodGraph::bare(f.g, Location::default());
        assert_eq!(rewrite_array(&mut mg, out, ElemKind::Int), 1);
        verify(&mg.graph).expect("verified");
        let g = &mg.graph;
        assert_eq!(chain(g, start), vec![start, load, value, store, ret]);
        let chosen = g.inputs(store)[2];
        assert_eq!(*g.op(chosen), Op::Intrinsic(Intrinsic::Min));
        assert_eq!(g.inputs(chosen), [load, value]);
        assert!(!g.node_ids().any(|n| matches!(g.op(n), Op::If | Op::Merge)));
    }

    #[test]
    fn equality_stores_in_between_and_other_reads_are_left_alone() {
        for case in [
            "equal",
            "store between",
            "output stored between",
            "other read",
        ] {
            let mut f = fixture();
            let (out, a, i, zero) = (f.out, f.a, f.i, f.zero);
            let mut after = f.value;
            if case == "store between" || case == "output stored between" {
                // a[i] = 7 after the compared read: the arm's read of a[i] sees another value;
                // out[0] = 7: out[0] no longer holds the compared value where Java stores nothing.
                let seven = f.g.add(Op::Constant(Constant::Int(7)), Stamp::Int, vec![]);
                let (array, index) = if case == "store between" {
                    (a, i)
                } else {
                    (out, zero)
                };
                let s = f.g.add(
                    Op::ArrayStore(ElemKind::Int),
                    Stamp::Void,
                    vec![array, index, seven],
                );
                f.g.set_next(after, s);
                after = s;
            }
            let other = case == "other read";
            let c = if case == "equal" {
                Condition::Eq
            } else {
                Condition::Lt
            };
            let cond = f.g.add(Op::Compare(c), Stamp::Bool, vec![f.value, f.load]);
            let (_, merge, _) = branch(
                &mut f,
                after,
                cond,
                |f, b| {
                    // `int unused = a[i + 1];` in the branch: a read that may throw.
                    let first = if other {
                        let one = f.g.add(Op::Constant(Constant::Int(1)), Stamp::Int, vec![]);
                        let next = f.g.add(
                            Op::Binary(ferrocl_graph::BinaryOp::Add),
                            Stamp::Int,
                            vec![i, one],
                        );
                        reread(f, b, a, next)
                    } else {
                        b
                    };
                    let again = reread(f, first, a, i);
                    let s = f.g.add(
                        Op::ArrayStore(ElemKind::Int),
                        Stamp::Void,
                        vec![out, zero, again],
                    );
                    f.g.set_next(again, s);
                    s
                },
                |_, b| b,
            );
            let ret = f.g.add(Op::Return, Stamp::Void, vec![]);
            f.g.set_next(merge, ret);
            let mut mg = MethodGraph::bare(f.g, Location::default());
            assert_eq!(rewrite_array(&mut mg, out, ElemKind::Int), 0, "{case}");
            assert!(mg.graph.node_ids().any(|n| *mg.graph.op(n) == Op::If));
            verify(&mg.graph).expect("untouched");
        }
    }

    #[test]
    fn relations_pick_the_operator() {
        // out[0] < e ? e : out[0]: the comparison is `L < E`, true arm `E`: `E > L`, the larger.
        assert_eq!(operator(swapped(Condition::Lt)), Some(Intrinsic::Max));
        // if (e < out[0]) out[0] = e: `E < L` on the true arm: the smaller.
        assert_eq!(operator(Condition::Lt), Some(Intrinsic::Min));
        // if (e >= out[0]) {} else out[0] = e: the false arm of `E >= L`: `E < L`.
        assert_eq!(operator(negated(Condition::Ge)), Some(Intrinsic::Min));
        assert_eq!(
            operator(negated(swapped(Condition::Le))),
            Some(Intrinsic::Min)
        );
        assert_eq!(operator(Condition::Eq), None);
        assert_eq!(operator(negated(Condition::Eq)), None);
        for c in [
            Condition::Lt,
            Condition::Le,
            Condition::Gt,
            Condition::Ge,
            Condition::Eq,
            Condition::Ne,
        ] {
            assert_eq!(swapped(swapped(c)), c);
            assert_eq!(negated(negated(c)), c);
        }
    }
}
