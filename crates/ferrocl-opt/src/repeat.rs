//! `repeat_loops`: a sequential loop around `@Parallel` loops (time steps of a stencil, sweeps
//! of a solver) becomes repeated launches.
//!
//! ```java
//! for (int s = 0; s < steps; s++) {
//!     for (@Parallel int i = 1; i < n - 1; i++) b[i] = (a[i - 1] + a[i + 1]) * 0.5f;
//!     for (@Parallel int i = 1; i < n - 1; i++) a[i] = b[i] + s;
//! }
//! ```
//!
//! Java runs every iteration of the first loop of step `s`, then every iteration of the second,
//! then step `s + 1`. Kernels launched in that order on one in-order queue do the same: the phase
//! takes the outer loop out of the graph (its body's loops follow whatever came before it, and the
//! code after it follows the last of them), replaces its counter with [`Op::RepeatIndex`], and
//! returns the counter's range and the `@Parallel` loops inside it; the recognition then marks
//! their nests with that range ([`crate::Repeat`]) and the host launches their kernels once per
//! value of the counter, passing the value as an argument (every array stays on the device between
//! repetitions; the Java arrays get the results once, after the last).
//!
//! Arrays swapped at the end of each step (`float[] t = a; a = b; b = t;`), which
//! `split_array_choices` turned into the numbers of the arrays the variables hold (`int` phis of
//! the loop, each the other's next value), become selects on the parity of the repetition's number
//! ([`Op::RepeatCount`]): the kernel reads and writes the array Java's variable holds in that step.
//!
//! Why it is exact: the loop's body is the `@Parallel` loops and nothing else (no code between
//! them, no branch, no `break`), it carries nothing but its counter (an `int` stepping by one
//! positive constant up to a bound the host computes before the loop, as a `@Parallel` loop's
//! must) and swapped pairs, and neither is used after the loop. A check that fails in any
//! repetition makes the JVM rerun the whole method from the Java arrays as they were, and throw
//! where Java throws. Where the loop makes no step, the host still makes the checks Java makes
//! before it (they stay on the first nest's start and in its arguments read before the loops).
//!
//! Received: the graph before the `@Parallel` loops are recognised. Guaranteed: at most one such
//! loop taken out; the graph is otherwise unchanged. Left in place (the recognition then refuses
//! the method with its usual reason): several loops around `@Parallel` loops, and one inside
//! another loop. `@Reduce` loops may stand inside it (each repetition's partial results are folded
//! into the Java value in launch order, as for several reducing kernels) or around it. Refused
//! with a reason: a loop around `@Parallel` loops that carries another value, whose body holds
//! code besides them, or whose counter or swapped arrays are used after it.

use crate::manager::LoopForest;
use crate::parallel::ParallelLoops;
use crate::Repeat;
use ferrocl_graph::{
    Bailout, BailoutKind, BinaryOp, Condition, Constant, MethodGraph, NodeId, Op, Stamp,
};
use std::collections::HashSet;

/// The loop [`flatten_repeat_loop`] took out of the graph.
#[derive(Clone, Debug, PartialEq)]
pub struct RepeatLoop {
    /// Its counter's range.
    pub range: Repeat,
    /// The `LoopBegin`s of the `@Parallel` loops its body held, in order.
    pub loops: Vec<NodeId>,
}

/// Takes the sequential loop around the method's `@Parallel` loops out of the graph (see the
/// module's documentation); `Ok(None)` when there is none to take (or it stays for the recognition
/// to refuse), `Err` when there is one that cannot repeat the kernels.
pub fn flatten_repeat_loop(
    mg: &mut MethodGraph,
    loops: &LoopForest,
) -> Result<Option<RepeatLoop>, Bailout> {
    if mg.parallel_locals.is_empty() && mg.parallel_phis.is_empty() {
        return Ok(None);
    }
    let pl = ParallelLoops::find(mg, loops);
    if pl.found.is_empty() {
        return Ok(None);
    }
    let parallel: HashSet<NodeId> = pl.found.iter().map(|&(b, _)| b).collect();
    // Loops in no other loop, not `@Parallel` themselves, around some `@Parallel` loop.
    let around: Vec<NodeId> = loops
        .loops
        .iter()
        .filter(|l| l.depth == 0 && !parallel.contains(&l.begin))
        .filter(|l| parallel.iter().any(|p| l.body.contains(p)))
        .map(|l| l.begin)
        .collect();
    let [outer] = around[..] else {
        return Ok(None);
    };
    // A `@Parallel` loop inside an inner sequential loop of it (two levels of time steps) stays.
    let nested_deeper = loops.loops.iter().any(|l| {
        l.depth > 0
            && !parallel.contains(&l.begin)
            && loops.contains(outer, l.begin)
            && parallel.iter().any(|p| l.body.contains(p))
    });
    if nested_deeper {
        return Ok(None);
    }
    let g = &mg.graph;
    let phis: Vec<NodeId> = g
        .usages(outer)
        .iter()
        .copied()
        .filter(|&u| *g.op(u) == Op::Phi)
        .collect();
    let name_of = |n: NodeId| mg.names.get(n).clone().unwrap_or_else(|| "a value".into());
    let shape_error = |why: String| {
        mg.bailout_at(
            BailoutKind::Parallelism,
            outer,
            format!(
                "the loop around the @Parallel loops must count up an int from a start to a bound \
                 computed before it, by one positive constant, as a @Parallel loop does ({why})"
            ),
        )
    };
    // The header is the test alone (a division computing the bound there would be left without
    // a place in the control flow); the counter is the phi it compares.
    let test =
        match g.fixed_chain(outer)[..] {
            [_, test] if *g.op(test) == Op::If => test,
            _ => return Err(mg.bailout_at(
                BailoutKind::Parallelism,
                outer,
                "the test of the loop around the @Parallel loops must compare its counter with a \
                 bound computed before it (compute a divided bound in a local variable first)",
            )),
        };
    let cond = g.inputs(test)[0];
    let Some(counter) = phis.iter().copied().find(|&p| {
        g.inputs(cond)
            .iter()
            .any(|&x| x == p || crate::parallel::widened(g, x, p))
    }) else {
        return Err(shape_error("its test compares no counter".into()));
    };
    // Any other value it carries must be one of two swapped at every step (the numbers of arrays
    // swapped, `t = a; a = b; b = t;`, which `split_array_choices` made of them), or unchanged.
    let others: Vec<NodeId> = phis.iter().copied().filter(|&p| p != counter).collect();
    let swapped = |q: NodeId| match g.inputs(q) {
        [_, _, back] => *back == q || (others.contains(back) && g.inputs(*back).get(2) == Some(&q)),
        _ => false,
    };
    if let Some(&carried) = others.iter().find(|&&q| !swapped(q)) {
        return Err(mg.bailout_at(
            BailoutKind::Parallelism,
            carried,
            format!(
                "{} is carried from one step of the loop around the @Parallel loops to the next; \
                 such a loop may carry only its counter and arrays it swaps (its steps launch the \
                 loops' kernels again, one after the other)",
                name_of(carried)
            ),
        ));
    }
    let shape = crate::parallel::analyse_counted(mg, outer, counter, true)
        .map_err(|e| shape_error(e.reason))?;
    let body_only_loops = |at: NodeId| {
        mg.bailout_at(
            BailoutKind::Parallelism,
            at,
            "the loop around the @Parallel loops may hold only @Parallel loops, one after the \
             other (code between them, a branch or a `break` is not supported yet)",
        )
    };
    // Its body: Begin → End into the first loop, each loop's exit → End into the next, the last
    // loop's exit → the back edge.
    let back = match g.inputs(outer) {
        [_, back] if *g.op(*back) == Op::LoopEnd => *back,
        _ => return Err(body_only_loops(outer)),
    };
    let chain = g.fixed_chain(shape.stay);
    let mut inner = Vec::new();
    let mut enter = match chain[..] {
        [_, end] if *g.op(end) == Op::End => end,
        _ => return Err(body_only_loops(chain.get(1).copied().unwrap_or(shape.stay))),
    };
    let last_exit = loop {
        let Some(k) = pl.top.iter().copied().find(|&k| {
            g.merge_of(enter) == Some(pl.found[k].0)
                && g.inputs(pl.found[k].0).first() == Some(&enter)
        }) else {
            return Err(body_only_loops(enter));
        };
        // (Its analysis may fail here: a bound using the counter is known only once the counter
        // is RepeatIndex; the recognition analyses it again.)
        let begin = pl.found[k].0;
        let exits: Vec<NodeId> = g
            .usages(begin)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::LoopExit)
            .collect();
        let [exit] = exits[..] else {
            return Err(body_only_loops(begin));
        };
        inner.push(pl.found[k].0);
        match g.fixed_chain(exit)[..] {
            [_, end] if end == back => break exit,
            [_, end] if *g.op(end) == Op::End => enter = end,
            ref other => return Err(body_only_loops(other.get(1).copied().unwrap_or(exit))),
        }
    };
    // Every `@Parallel` loop inside it is one of those (not under a branch).
    if let Some(&stray) = parallel.iter().find(|&&p| {
        loops.contains(outer, p)
            && !inner.contains(&p)
            && pl.top.iter().any(|&k| pl.found[k].0 == p)
    }) {
        return Err(body_only_loops(stray));
    }
    // The counter is used in the loop only (its test, its step, the loops' code and bounds), and
    // so are the values it swaps.
    let Some(outer_body) = loops.get(outer).map(|l| &l.body) else {
        return Ok(None);
    };
    for root in std::iter::once(counter).chain(others.iter().copied()) {
        let after = |at: NodeId| {
            let what = if root == counter {
                format!(
                    "{} (the counter of the loop around the @Parallel loops)",
                    name_of(root)
                )
            } else {
                "an array swapped in the loop around the @Parallel loops".to_string()
            };
            mg.bailout_at(
                BailoutKind::Parallelism,
                at,
                format!("{what} is used after that loop; it is not supported yet"),
            )
        };
        let mut seen = HashSet::new();
        let mut todo = vec![root];
        while let Some(n) = todo.pop() {
            for &u in g.usages(n) {
                if !seen.insert(u) {
                    continue;
                }
                let inside = if g.op(u).is_fixed() {
                    outer_body.contains(&u)
                } else if *g.op(u) == Op::Phi {
                    // A phi of a merge after the loop is a use after it.
                    outer_body.contains(&g.inputs(u)[0])
                } else {
                    true
                };
                if !inside {
                    return Err(after(u));
                }
                if !g.op(u).is_fixed() {
                    todo.push(u);
                }
            }
        }
    }

    let range = Repeat {
        lower: shape.dim.lower.clone(),
        upper: shape.dim.upper.clone(),
        inclusive: shape.dim.inclusive,
        step: shape.dim.step,
        name: mg.names.get(counter).clone(),
    };
    let entry_end = g.inputs(outer)[0];
    let outer_exit = shape.exit;
    let Some(after) = g.next(outer_exit) else {
        return Err(body_only_loops(outer_exit));
    };
    let first = inner[0];
    let first_entry = g.inputs(first)[0];

    // The surgery: the counter becomes RepeatIndex; what came before the loop flows into its
    // first `@Parallel` loop, whose last one's exit flows into what came after it.
    let g = &mut mg.graph;
    let index = g.add(Op::RepeatIndex, Stamp::Int, Vec::new());
    let name = mg.names.get(counter).clone();
    mg.names.set(index, name);
    g.replace_at_usages(counter, index);
    // A value swapped at every step is its first value in even repetitions, its partner's first
    // value in odd ones.
    if !others.is_empty() {
        let number = g.add(Op::RepeatCount, Stamp::Int, Vec::new());
        let one = g.add(Op::Constant(Constant::Int(1)), Stamp::Int, Vec::new());
        let zero = g.add(Op::Constant(Constant::Int(0)), Stamp::Int, Vec::new());
        let parity = g.add(Op::Binary(BinaryOp::And), Stamp::Int, vec![number, one]);
        let even = g.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![parity, zero]);
        let values: Vec<(NodeId, NodeId)> = others
            .iter()
            .map(|&q| {
                let (first, back) = (g.inputs(q)[1], g.inputs(q)[2]);
                let value = if back == q {
                    first
                } else {
                    let partner = g.inputs(back)[1];
                    g.add(Op::Select, g.stamp(q), vec![even, first, partner])
                };
                (q, value)
            })
            .collect();
        for &(q, value) in &values {
            g.replace_at_usages(q, value);
        }
        for (q, _) in values {
            g.kill(q);
        }
    }
    g.set_input(first, 0, entry_end);
    g.set_next(last_exit, after);
    for n in [test, outer_exit, shape.stay] {
        g.set_successors(n, Vec::new());
    }
    for n in [
        counter,
        test,
        outer_exit,
        shape.stay,
        first_entry,
        back,
        outer,
    ] {
        g.kill(n);
    }
    // The counter's test and step, now unused, with what only they computed.
    crate::canonicalize::remove_dead_floating(g);
    Ok(Some(RepeatLoop {
        range,
        loops: inner,
    }))
}
