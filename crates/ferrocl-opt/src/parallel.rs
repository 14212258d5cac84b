//! `recognize_parallel_loop`: finds the `@Parallel` loop of a method on the graph and checks that it
//! has the shape the back end can turn into an NDRange.
//!
//! The loop is found from the graph, not from source patterns: a `LoopBegin` with a phi for the
//! annotated local slot, whose header lies in the annotation's live range. Its exit test must compare
//! that phi against a bound the host can evaluate (a constant, an `int` parameter or the length of an
//! array parameter), and its back edge must add 1 to it.
//!
//! The body may hold any control flow (branches, nested sequential loops, `continue`), but must not
//! leave the loop (`break`, `return`): iterations must be independent. Nothing with an effect may
//! come before or after the loop yet, and the index must be its only loop-carried value. Everything
//! else is refused with a reason that names the construct and its source line.

use ferrocl_frontend::{Bailout, MethodGraph};
use ferrocl_graph::{BinaryOp, Condition, Constant, Graph, NodeId, Op, Stamp};

/// A value the host evaluates before launch (Java `int` semantics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostExpr {
    /// A constant.
    Const(i32),
    /// The `int` (or narrower) parameter at this index of [`MethodGraph::params`].
    Param(usize),
    /// `length` of the array parameter at this index.
    ArrayLength(usize),
    /// A non-final static `int` field, read on the host at each `execute()`.
    Static(ferrocl_graph::FieldRef),
}

/// A recognised `@Parallel` loop `for (i = lower; i < upper; i++)`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParallelLoop {
    /// The `LoopBegin`.
    pub begin: NodeId,
    /// The induction variable's phi.
    pub index: NodeId,
    /// Java name of the induction variable, if known.
    pub index_name: Option<String>,
    /// First value of the index.
    pub lower: HostExpr,
    /// Exclusive upper bound.
    pub upper: HostExpr,
    /// The first fixed node of one iteration's body (the `Begin` after the loop test). The body is
    /// every fixed node reachable from it without passing the `LoopBegin`; it ends at the loop's
    /// `LoopEnd`s (the next iteration) and never leaves the loop otherwise.
    pub body_entry: NodeId,
    /// The loop's `LoopEnd` nodes (the end of an iteration, `continue`).
    pub loop_ends: Vec<NodeId>,
}

fn host_expr(mg: &MethodGraph, id: NodeId) -> Option<HostExpr> {
    let g = &mg.graph;
    match g.op(id) {
        Op::Constant(Constant::Int(v)) => Some(HostExpr::Const(*v)),
        Op::Parameter(_) => param_index(mg, id)
            .filter(|&p| mg.params[p].stamp == Stamp::Int)
            .map(HostExpr::Param),
        Op::ArrayLength => {
            let array = g.inputs(id)[0];
            param_index(mg, array).map(HostExpr::ArrayLength)
        }
        Op::StaticField(f) if g.stamp(id) == Stamp::Int => Some(HostExpr::Static(f.clone())),
        _ => None,
    }
}

fn param_index(mg: &MethodGraph, id: NodeId) -> Option<usize> {
    mg.params.iter().position(|p| p.node == id)
}

/// Finds and checks the method's `@Parallel` loop.
pub fn recognize_parallel_loop(mg: &MethodGraph) -> Result<ParallelLoop, Bailout> {
    let g = &mg.graph;
    let loops: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| *g.op(n) == Op::LoopBegin)
        .collect();
    let mut found = Vec::new();
    for &begin in &loops {
        let header_bci = mg.bci.get(begin).unwrap_or(0);
        for &phi in g.usages(begin) {
            if *g.op(phi) != Op::Phi {
                continue;
            }
            let Some(slot) = *mg.phi_local.get(phi) else {
                continue;
            };
            if mg
                .parallel_locals
                .iter()
                .any(|a| a.slot == slot && a.covers(header_bci))
            {
                found.push((begin, phi));
            }
        }
    }
    let (begin, index) = match found.as_slice() {
        [] if mg.parallel_locals.is_empty() => {
            return Err(mg.bailout(
                "the method has no @Parallel loop (write `for (@Parallel int i = 0; i < n; i++)`)",
            ))
        }
        [] => {
            return Err(mg.bailout("the @Parallel variable is not the induction variable of a loop"))
        }
        [one] => *one,
        [_, second, ..] => {
            return Err(mg.bailout_at(
                second.0,
                "nested or several @Parallel loops are not supported yet",
            ))
        }
    };
    let index_name = mg.names.get(index).clone();
    let var = index_name.clone().unwrap_or_else(|| "the index".into());

    // Before the loop: Start → End → LoopBegin, nothing with an effect.
    let start = g.start().ok_or_else(|| mg.bailout("graph without start"))?;
    let before = g.fixed_chain(start);
    if let Some(&bad) = before
        .iter()
        .find(|&&n| !matches!(g.op(n), Op::Start | Op::End | Op::Begin))
    {
        return Err(mg.bailout_at(
            bad,
            "code with effects before the @Parallel loop is not supported yet",
        ));
    }
    if before.last().copied() != g.inputs(begin).first().copied() {
        return Err(mg.bailout_at(
            begin,
            "control flow before the @Parallel loop is not supported yet",
        ));
    }

    // Other loop-carried values would be sequential dependences.
    if let Some(&other) = g
        .usages(begin)
        .iter()
        .find(|&&u| *g.op(u) == Op::Phi && u != index)
    {
        let name = mg
            .names
            .get(other)
            .clone()
            .unwrap_or_else(|| "a value".into());
        return Err(mg.bailout_at(
            other,
            format!(
                "{name} is carried from one iteration of the @Parallel loop to the next; \
                 iterations must be independent (reductions need @Reduce)"
            ),
        ));
    }

    // Every back edge (the end of the body, and each `continue`) adds one.
    let loop_ends: Vec<NodeId> = g.inputs(begin)[1..].to_vec();
    let entry_value = g.inputs(index)[1];
    for &back_value in &g.inputs(index)[2..] {
        let steps_by_one = matches!(g.op(back_value), Op::Binary(BinaryOp::Add))
            && g.stamp(back_value) == Stamp::Int
            && {
                let ins = g.inputs(back_value);
                (ins[0] == index && is_int_const(g, ins[1], 1))
                    || (ins[1] == index && is_int_const(g, ins[0], 1))
            };
        if !steps_by_one {
            return Err(mg.bailout_at(
                back_value,
                format!(
                    "the @Parallel loop must step {var} by +1 (other steps are not supported yet)"
                ),
            ));
        }
    }

    // Header: LoopBegin → If(index < bound).
    let Some(test) = g.next(begin).filter(|&n| *g.op(n) == Op::If) else {
        return Err(mg.bailout_at(begin, "the @Parallel loop's header must be its exit test"));
    };
    let cond = g.inputs(test)[0];
    let Op::Compare(c) = *g.op(cond) else {
        return Err(mg.bailout_at(test, "unexpected loop test"));
    };
    let (x, y) = (g.inputs(cond)[0], g.inputs(cond)[1]);
    let succ = g.successors(test);
    let (stay_succ, exit_succ) = if *g.op(succ[1]) == Op::LoopExit {
        (succ[0], succ[1])
    } else {
        (succ[1], succ[0])
    };
    let stays_when_true = stay_succ == succ[0];
    // Normalise to `index <cond> bound` taken to stay in the loop.
    let (cond, bound) = if x == index {
        (c, y)
    } else if y == index {
        (c.mirror(), x)
    } else {
        return Err(mg.bailout_at(
            test,
            format!("the @Parallel loop's test must compare {var}"),
        ));
    };
    let cond = if stays_when_true { cond } else { cond.negate() };
    if *g.op(exit_succ) != Op::LoopExit || *g.op(stay_succ) != Op::Begin {
        return Err(mg.bailout_at(test, "unexpected loop shape"));
    }
    if cond != Condition::Lt {
        return Err(mg.bailout_at(
            test,
            format!(
                "the @Parallel loop must be `{var} < bound` (found `{var} {} bound`; not supported yet)",
                cond.c_operator()
            ),
        ));
    }
    let lower = host_expr(mg, entry_value).ok_or_else(|| {
        mg.bailout_at(
            begin,
            format!("the start of {var} must be a constant or an int parameter (not supported yet otherwise)"),
        )
    })?;
    let upper = host_expr(mg, bound).ok_or_else(|| {
        mg.bailout_at(
            test,
            "the @Parallel loop's bound must be a constant, an int parameter or an array parameter's length",
        )
    })?;

    // Body: everything reachable from the loop test's in-loop successor up to this loop's LoopEnds.
    // Leaving the loop from inside (`break`, `return`, an exception) would make iterations depend on
    // each other.
    let mut seen = std::collections::HashSet::new();
    let mut work = vec![stay_succ];
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        match g.op(n) {
            Op::LoopEnd if g.inputs(n)[0] == begin => continue,
            Op::LoopExit if g.inputs(n)[0] == begin => {
                return Err(mg.bailout_at(
                    n,
                    "`break` out of a @Parallel loop is not supported: later iterations would depend on earlier ones",
                ))
            }
            Op::Return => {
                return Err(mg.bailout_at(
                    n,
                    "`return` inside a @Parallel loop is not supported: later iterations would depend on earlier ones",
                ))
            }
            Op::End => {
                // Into a Merge or a nested loop's LoopBegin.
                work.extend(
                    g.usages(n)
                        .iter()
                        .copied()
                        .filter(|&u| g.op(u).is_merge()),
                );
            }
            Op::LoopEnd => work.push(g.inputs(n)[0]),
            _ => work.extend(g.successors(n).iter().copied()),
        }
        if n != stay_succ && n == begin {
            return Err(mg.bailout_at(n, "unexpected loop shape"));
        }
    }
    if let Some(&nested) = found
        .iter()
        .map(|(b, _)| b)
        .find(|&&b| b != begin && seen.contains(&b))
    {
        return Err(mg.bailout_at(nested, "nested @Parallel loops are not supported yet"));
    }

    // After the loop: return.
    let after = g.fixed_chain(exit_succ);
    let tail_ok =
        after.len() == 2 && *g.op(after[1]) == Op::Return && g.inputs(after[1]).is_empty();
    if !tail_ok {
        let bad = after.get(1).copied().unwrap_or(exit_succ);
        return Err(mg.bailout_at(
            bad,
            "code after the @Parallel loop (or a return value) is not supported yet; the task method must end with the loop and return void",
        ));
    }

    Ok(ParallelLoop {
        begin,
        index,
        index_name,
        lower,
        upper,
        body_entry: stay_succ,
        loop_ends,
    })
}

fn is_int_const(g: &Graph, id: NodeId, v: i32) -> bool {
    *g.op(id) == Op::Constant(Constant::Int(v))
}
