//! `recognize_reductions`: finds the updates of `@Reduce` arrays in a parallel nest's body.
//!
//! A `@Reduce` parameter is an `int[]`, `long[]`, `float[]` or `double[]` whose element 0 the loop
//! folds values into. Each update is a read of `out[0]` feeding exactly one operation whose result is
//! stored straight back into `out[0]`: `out[0] += e` (or `out[0] = out[0] + e`, or `e + out[0]`),
//! `out[0] -= e`, `out[0] *= e`, `out[0] = Math.min(out[0], e)` / `Math.max`, and over `int` and
//! `long` also `&=`, `|=` and `^=` (a choice written out, `out[0] = e < out[0] ? e : out[0]` or
//! `if (e > out[0]) out[0] = e`, was made `Math.min` / `Math.max` by `reduce_choices`). The updates may sit
//! anywhere in the body (under conditions, in inner sequential loops), several per array, as long as
//! they all use one operation (`+` and `-` count as one: subtracting is adding the negation) and no
//! other update of the same array lies between a read and its store.
//!
//! Because the operations are associative and commutative (exactly for integers, min, max and the
//! bitwise operators; up to
//! rounding for floating-point sums and products), each work-item may fold its iterations into a
//! private accumulator that starts at the operation's identity, and the accumulators may be combined
//! in any order; the value `out[0]` held before the loop is combined once at the end.
//!
//! Anything else that touches a `@Reduce` array inside the loop (another index, a read that feeds
//! something else, a store of another value) is refused with a reason.

use crate::parallel::{host_value_of, walk_body, HostExpr, ParallelNest};
pub use ferrocl_graph::reduce::ReduceOp;
use ferrocl_graph::{Bailout, BailoutKind, MethodGraph};
use ferrocl_graph::{BinaryOp, Constant, ElemKind, Graph, Intrinsic, NodeId, Op, Stamp};
use std::collections::HashSet;

/// One `@Reduce` array of a nest and its updates.
#[derive(Clone, Debug, PartialEq)]
pub struct Reduction {
    /// Index into [`MethodGraph::params`].
    pub param: usize,
    /// Element type: `Int`, `Long`, `Float` or `Double`.
    pub elem: ElemKind,
    /// The operation every update uses.
    pub op: ReduceOp,
    /// The reads of `out[0]` (each feeding one update).
    pub loads: Vec<NodeId>,
    /// The stores back into `out[0]`.
    pub stores: Vec<NodeId>,
    /// The value Java stores into `out[0]` before the loops (`out[0] = 0;`), which the host
    /// evaluates: the fold of this reduction (the first of its output) starts from it instead of
    /// the array's value ([`take_reduce_starts`]).
    pub start: Option<HostExpr>,
    /// The value Java stores into `out[0]` after the loops (`out[0] *= 3;`, `mean[0] = sum[0] /
    /// n;`), which the host evaluates once every fold is done ([`take_reduce_tails`]): an
    /// expression whose leaves [`HostExpr::Load`] of a `@Reduce` output (index 0) stand for that
    /// output's folded value. On the last reduction of the output.
    pub tail: Option<HostExpr>,
}

/// Whether `id` is the `int` constant 0 (the index of a `@Reduce` output's element).
pub(crate) fn is_zero(g: &Graph, id: NodeId) -> bool {
    matches!(g.op(id), Op::Constant(Constant::Int(0)))
}

/// Whether `stamp` is an array `@Reduce` covers (`int[]`, `long[]`, `float[]`, `double[]`), and
/// its element type.
fn reducible(stamp: Stamp) -> Option<ElemKind> {
    match stamp {
        Stamp::Array(e) if ferrocl_graph::reduce::ReduceKind::of(e).is_some() => Some(e),
        _ => None,
    }
}

/// The operation `value` applies to `load` (`None` when it is not an update of that load); the
/// bitwise operators only over `int` and `long` (`integer`).
fn update_op(mg: &MethodGraph, value: NodeId, load: NodeId, integer: bool) -> Option<ReduceOp> {
    let g = &mg.graph;
    let ins = g.inputs(value);
    let either = ins.len() == 2 && (ins[0] == load) != (ins[1] == load);
    match g.op(value) {
        Op::Binary(BinaryOp::And) if either && integer => Some(ReduceOp::And),
        Op::Binary(BinaryOp::Or) if either && integer => Some(ReduceOp::Or),
        Op::Binary(BinaryOp::Xor) if either && integer => Some(ReduceOp::Xor),
        Op::Binary(BinaryOp::Add) if either => Some(ReduceOp::Add),
        Op::Binary(BinaryOp::Sub) if ins.len() == 2 && ins[0] == load && ins[1] != load => {
            Some(ReduceOp::Add)
        }
        Op::Binary(BinaryOp::Mul) if either => Some(ReduceOp::Mul),
        Op::Intrinsic(Intrinsic::Min) if either => Some(ReduceOp::Min),
        Op::Intrinsic(Intrinsic::Max) if either => Some(ReduceOp::Max),
        _ => None,
    }
}

/// Whether fixed node `to` follows `from` on a path that enters no loop header (it may leave
/// loops, and never goes round one).
fn reaches_without_entering_loop(mg: &MethodGraph, from: NodeId, to: NodeId) -> bool {
    let g = &mg.graph;
    let mut seen = HashSet::new();
    let mut work: Vec<NodeId> = g.successors(from).to_vec();
    while let Some(n) = work.pop() {
        if n == to {
            return true;
        }
        if !seen.insert(n) {
            continue;
        }
        match g.op(n) {
            Op::End => work.extend(g.merge_of(n).filter(|&m| *g.op(m) != Op::LoopBegin)),
            Op::LoopEnd | Op::LoopBegin => {}
            _ => work.extend(g.successors(n).iter().copied()),
        }
    }
    false
}

/// `out[0] = v;` before the loops into a `@Reduce` array (`result[0] = 0.0f;` above the loop, as
/// reductions are often written), `v` a value the host evaluates (constants, parameters, lengths,
/// elements read before the loops): the store leaves the graph, and the host starts the fold of
/// the array's first reduction from `v` instead of the array's value. Returns, per such array,
/// its index in [`MethodGraph::params`] and `v`.
///
/// Only a store in the straight code from the method's entry that leads into a `@Parallel` loop
/// (no branch, no other loop before it), the only access to that array there, at index 0 of an
/// array no element of which the host reads before the loops and that the host does not copy for
/// the method (`copied`: sources of [`crate::ScratchArray`] copies; Java reads such elements after
/// the store); anything else stays in the graph (and bails out as before). Sound because Java's store comes before every update of the loops
/// and nothing reads the element in between: the loops' result is `v` folded with their updates.
/// Where the JVM runs the method instead (a failed check), its own store sets the element again.
pub fn take_reduce_starts(mg: &mut MethodGraph, copied: &[usize]) -> Vec<(usize, HostExpr)> {
    let receiver = usize::from(!mg.is_static);
    let Some(start) = mg.graph.start() else {
        return Vec::new();
    };
    // The straight code must lead into a `@Parallel` loop: code between (a sequential loop, a
    // branch) may read or update the output after the store.
    let chain = mg.graph.fixed_chain(start);
    let into_parallel = chain
        .last()
        .filter(|&&n| *mg.graph.op(n) == Op::End)
        .and_then(|&n| mg.graph.merge_of(n))
        .is_some_and(|m| {
            *mg.graph.op(m) == Op::LoopBegin && crate::parallel::parallel_index(mg, m).is_some()
        });
    if !into_parallel {
        return Vec::new();
    }
    let mut starts = Vec::new();
    for declared in mg.reduce_params.clone() {
        // (Again for each output: a store taken out leaves the chain.)
        let chain = mg.graph.fixed_chain(start);
        let p = declared + receiver;
        let Some(info) = mg.params.get(p) else {
            continue;
        };
        let node = info.node;
        if reducible(info.stamp).is_none() {
            continue;
        }
        let g = &mg.graph;
        let read_on_host = g
            .node_ids()
            .any(|n| matches!(g.op(n), Op::HostLoad { param, .. } if usize::from(*param) == p));
        let accesses: Vec<NodeId> = chain
            .iter()
            .copied()
            .filter(|&n| g.inputs(n).contains(&node) && *g.op(n) != Op::ArrayLength)
            .collect();
        let [store] = accesses[..] else {
            continue;
        };
        if read_on_host
            || copied.contains(&p)
            || !matches!(g.op(store), Op::ArrayStore(_))
            || g.inputs(store)[0] != node
            || !is_zero(&mg.graph, g.inputs(store)[1])
        {
            continue;
        }
        let Some(value) = host_value_of(mg, g.inputs(store)[2]) else {
            continue;
        };
        if mg.graph.remove_fixed(store) {
            starts.push((p, value));
        }
    }
    starts
}

/// The code after the last `@Parallel` loop when it only updates `@Reduce` outputs from their
/// values (`out[0] *= 3;`, `mean[0] = sum[0] / (float) n;`): it leaves the graph, and the host
/// computes each output's last value from the folded ones after the kernels. Returns, per output
/// stored there, its index in [`MethodGraph::params`] and its value: an expression of parameters,
/// constants, lengths and [`HostExpr::Load`]s of outputs at index 0, which stand for their folded
/// values (a read after a store of the same output is the stored value).
///
/// Only straight code from the exit of a `@Parallel` loop to the method's `return`, holding only
/// reads and stores of element 0 of `@Reduce` outputs, every stored value one the host evaluates
/// without a division (nothing there can throw: the outputs are not empty, or the JVM runs the
/// method), in a method that reads no element of an output before the loops; anything else stays
/// in the graph (and bails out as before).
pub fn take_reduce_tails(mg: &mut MethodGraph) -> Vec<(usize, HostExpr)> {
    let receiver = usize::from(!mg.is_static);
    let outputs: Vec<(NodeId, usize, ElemKind)> = mg
        .reduce_params
        .iter()
        .filter_map(|&d| {
            let info = mg.params.get(d + receiver)?;
            Some((info.node, d + receiver, reducible(info.stamp)?))
        })
        .collect();
    if outputs.is_empty() {
        return Vec::new();
    }
    // The code between the last loop's exit and the return, checked before anything changes.
    let g = &mg.graph;
    // An output's element read before the loops (`int before = out[0];`) is a host read of the
    // value before them, which a tail's stand-ins for folded values would be confused with.
    let read_before = g.node_ids().any(|n| {
        matches!(g.op(n), Op::HostLoad { param, .. }
            if outputs.iter().any(|o| o.1 == usize::from(*param)))
    });
    if read_before {
        return Vec::new();
    }
    let returns: Vec<NodeId> = g.node_ids().filter(|&n| *g.op(n) == Op::Return).collect();
    let [ret] = returns[..] else {
        return Vec::new();
    };
    if !g.inputs(ret).is_empty() {
        return Vec::new();
    }
    let mut tail = Vec::new();
    let mut at = ret;
    let exit = loop {
        let Some(pred) = g.predecessor(at) else {
            return Vec::new();
        };
        match g.op(pred) {
            Op::LoopExit => break pred,
            Op::ArrayLoad(_) | Op::ArrayStore(_) if tail.len() < 64 => {
                let (array, index) = (g.inputs(pred)[0], g.inputs(pred)[1]);
                if !is_zero(&mg.graph, index) || !outputs.iter().any(|o| o.0 == array) {
                    return Vec::new();
                }
                tail.push(pred);
            }
            _ => return Vec::new(),
        }
        at = pred;
    };
    if tail.iter().all(|&n| matches!(g.op(n), Op::ArrayLoad(_))) {
        return Vec::new();
    }
    let begin = g.inputs(exit).first().copied();
    if begin.is_none_or(|b| crate::parallel::parallel_index(mg, b).is_none()) {
        return Vec::new();
    }
    tail.reverse();
    // On a copy: a stored value the host cannot evaluate leaves the method as it was.
    let mut trial = mg.clone();
    let zero = trial
        .graph
        .add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![]);
    let always = trial
        .graph
        .add(Op::Constant(Constant::Int(1)), Stamp::Bool, vec![]);
    let mut stored: Vec<(usize, NodeId)> = Vec::new();
    // The stand-ins for folded values (which the graph keeps like reads Java makes before the
    // loops, unless taken out once unused).
    let mut placeholders: Vec<NodeId> = Vec::new();
    for &n in &tail {
        let array = trial.graph.inputs(n)[0];
        let Some(&(_, p, elem)) = outputs.iter().find(|o| o.0 == array) else {
            return Vec::new();
        };
        if matches!(trial.graph.op(n), Op::ArrayStore(_)) {
            let value = trial.graph.inputs(n)[2];
            stored.retain(|(q, _)| *q != p);
            stored.push((p, value));
            continue;
        }
        // A read: the value stored earlier in the tail, else the folded value.
        let value = match stored.iter().find(|(q, _)| *q == p) {
            Some(&(_, v)) => v,
            None => {
                let Ok(param) = u16::try_from(p) else {
                    return Vec::new();
                };
                let stamp = trial.graph.stamp(n);
                let folded =
                    trial
                        .graph
                        .add(Op::HostLoad { param, elem }, stamp, vec![zero, always]);
                placeholders.push(folded);
                folded
            }
        };
        trial.graph.replace_at_usages(n, value);
    }
    let mut tails = Vec::new();
    for &(p, value) in &stored {
        let Some(expr) = host_value_of(&trial, value) else {
            return Vec::new();
        };
        tails.push((p, expr));
    }
    for &n in &tail {
        trial.graph.remove_fixed(n);
    }
    crate::canonicalize::remove_dead_floating(&mut trial.graph);
    for n in placeholders {
        if trial.graph.usages(n).is_empty() {
            trial.graph.kill(n);
        }
    }
    crate::canonicalize::remove_dead_floating(&mut trial.graph);
    *mg = trial;
    tails
}

/// Finds the `@Reduce` updates of `nest` and checks that nothing else touches those arrays.
pub fn recognize_reductions(
    mg: &MethodGraph,
    nest: &ParallelNest,
) -> Result<Vec<Reduction>, Bailout> {
    let g = &mg.graph;
    if mg.reduce_params.is_empty() {
        return Ok(Vec::new());
    }
    let receiver = usize::from(!mg.is_static);
    let Some(innermost) = nest.innermost() else {
        // One work-item runs the method in order: a @Reduce array is an ordinary array there.
        return Ok(Vec::new());
    };
    let body = walk_body(mg, nest.body_entry, innermost, false)?;
    let mut out = Vec::new();
    for &declared in &mg.reduce_params {
        let p = declared + receiver;
        let Some(info) = mg.params.get(p) else {
            continue;
        };
        let java = info
            .name
            .clone()
            .unwrap_or_else(|| format!("parameter {declared}"));
        let elem = match info.stamp {
            Stamp::Array(e @ (ElemKind::Int | ElemKind::Long | ElemKind::Float | ElemKind::Double)) => e,
            Stamp::Array(_) => {
                return Err(mg.bailout(BailoutKind::Reduction, format!(
                    "@Reduce {java}: reductions are supported over int[], long[], float[] and double[], not {}",
                    info.descriptor
                )))
            }
            _ => {
                return Err(mg.bailout(BailoutKind::Reduction, format!(
                    "@Reduce {java}: @Reduce marks an array parameter whose element 0 receives the result, not a {}",
                    info.descriptor
                )))
            }
        };
        let uses: Vec<NodeId> = g
            .usages(info.node)
            .iter()
            .copied()
            .filter(|u| body.contains(u))
            .collect();
        let mut loads = Vec::new();
        let mut stores = Vec::new();
        for &u in &uses {
            match g.op(u) {
                Op::ArrayLoad(_) => loads.push(u),
                Op::ArrayStore(_) if g.inputs(u)[0] == info.node => stores.push(u),
                Op::ArrayLength => {}
                _ => {
                    return Err(mg.bailout_at(
                        BailoutKind::Reduction,
                        u,
                        format!("@Reduce {java} may only be updated as {java}[0] += e (or -=, *=, Math.min, Math.max, and over int and long &=, |=, ^=) inside the @Parallel loop"),
                    ))
                }
            }
        }
        if stores.is_empty() && loads.is_empty() {
            continue;
        }
        let mut op: Option<ReduceOp> = None;
        let mut paired = HashSet::new();
        for &s in &stores {
            let ins = g.inputs(s);
            if !is_zero(&mg.graph, ins[1]) {
                return Err(mg.bailout_at(
                    BailoutKind::Reduction,
                    s,
                    format!(
                        "@Reduce {java}: the loop may only update {java}[0], not another element"
                    ),
                ));
            }
            let value = ins[2];
            let load = g.inputs(value).iter().copied().find(|&x| {
                matches!(g.op(x), Op::ArrayLoad(_))
                    && g.inputs(x)[0] == info.node
                    && is_zero(&mg.graph, g.inputs(x)[1])
            });
            let integer = matches!(elem, ElemKind::Int | ElemKind::Long);
            let this_op = load.and_then(|l| update_op(mg, value, l, integer));
            let (Some(load), Some(this_op)) = (load, this_op) else {
                return Err(mg.bailout_at(
                    BailoutKind::Reduction,
                    s,
                    if integer {
                        format!("@Reduce {java}: a store into {java}[0] must combine its old value with +, -, *, &, |, ^, Math.min or Math.max ({java}[0] += e), or keep the smaller or larger of the two ({java}[0] = e < {java}[0] ? e : {java}[0], or if (e > {java}[0]) {java}[0] = e)")
                    } else {
                        format!("@Reduce {java}: a store into {java}[0] must combine its old value with +, -, *, Math.min or Math.max ({java}[0] += e); over float and double a comparison written out ({java}[0] = e < {java}[0] ? e : {java}[0]) is not Math.min: it skips NaN and keeps the first of equal zeros, an order a parallel reduction does not keep, so write Math.min or Math.max")
                    },
                ));
            };
            if g.usages(load).len() != 1 || g.usages(value).len() != 1 {
                return Err(mg.bailout_at(
                    BailoutKind::Reduction,
                    load,
                    format!("@Reduce {java}: the running value of {java}[0] is used for something else inside the @Parallel loop; only {java}[0] op= e is allowed"),
                ));
            }
            if op.is_some_and(|o| o != this_op) {
                return Err(mg.bailout_at(
                    BailoutKind::Reduction,
                    s,
                    format!("@Reduce {java}: its updates mix operations ({} and {}); one reduction uses one operation", op.map_or("", ReduceOp::describe), this_op.describe()),
                ));
            }
            op = Some(this_op);
            // The read where the store is: not outside a loop that holds the store (`int best =
            // out[0]; for (j…) out[0] = Math.max(best, a[j]);` stores from a stale value in every
            // pass but the first).
            if !reaches_without_entering_loop(mg, load, s) {
                return Err(mg.bailout_at(
                    BailoutKind::Reduction,
                    load,
                    format!("@Reduce {java}: {java}[0] is read outside a loop that updates it; each update must read {java}[0] in the loop where it stores it"),
                ));
            }
            // No other update of the array between the read and the store (on any path).
            let mut seen = HashSet::new();
            let mut work: Vec<NodeId> = g.successors(load).to_vec();
            while let Some(n) = work.pop() {
                if n == s || !body.contains(&n) || !seen.insert(n) {
                    continue;
                }
                if stores.contains(&n) {
                    return Err(mg.bailout_at(
                        BailoutKind::Reduction,
                        n,
                        format!("@Reduce {java}: {java}[0] is stored between the read and the store of another update"),
                    ));
                }
                match g.op(n) {
                    Op::End => work.extend(g.merge_of(n)),
                    Op::LoopEnd => work.push(g.inputs(n)[0]),
                    _ => work.extend(g.successors(n).iter().copied()),
                }
            }
            paired.insert(load);
        }
        if let Some(&stray) = loads.iter().find(|l| !paired.contains(l)) {
            return Err(mg.bailout_at(
                BailoutKind::Reduction,
                stray,
                format!("@Reduce {java} is read inside the @Parallel loop; its value is only known after the loop"),
            ));
        }
        let Some(op) = op else {
            continue;
        };
        out.push(Reduction {
            param: p,
            elem,
            op,
            loads,
            stores,
            start: None,
            tail: None,
        });
    }
    Ok(out)
}
