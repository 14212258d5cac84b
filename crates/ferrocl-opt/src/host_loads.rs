//! `host_loads`: elements of array parameters that Java reads before the `@Parallel` loops
//! (`float max = a[0];`, `k = a.length > 0 ? a[a.length - 1] : 0f`) become [`Op::HostLoad`]
//! values, which the host reads from the Java array at every `execute()` and passes to the kernel;
//! integer divisions Java makes there (`int q = k != 0 ? n / k : n;`, `int v = a[n / d];`,
//! `(int) (l % m)`) become [`Op::HostDivRem`] values the host computes the same way (where Java
//! divides by zero, the JVM runs the method and throws; the kernel never divides, so the branch
//! guarding a division only chooses values afterwards and becomes a select).
//!
//! Why it is exact: a load converted comes before every store to any array (code before the loops
//! that stores runs as a kernel of its own, and a load after one of its stores stays in it), so
//! what the host's copy holds at `execute()` is what Java reads,
//! even when the loops then update the same array in place (`a[i] = a[i] / a[0]`: every work-item
//! gets the value from before the loop, as Java's one read does). The host reads the element only
//! when control reaches the load, which it decides from the load's reach condition (the branches
//! before it, on values the host evaluates); the node keeps that condition as its second input. Where
//! the load is reached with an index out of bounds, the host sends the method to the JVM, which
//! throws `ArrayIndexOutOfBoundsException` there; where it is not reached, the kernel gets 0 and
//! never uses it.
//!
//! Received: a method with `@Parallel` loops (or a parallel stream), before their recognition.
//! Guaranteed: every load converted was outside all loops and before them in control flow, from an
//! array parameter, with an index and a reach condition the host can evaluate. Loads it leaves (an
//! index or a condition the host cannot evaluate) stay fixed, and the
//! parallel-loop recognition refuses them with its usual message. An index or a condition may itself
//! use elements read before (`a[idx[0]]`, `if (a[0] > 0) s = a[1];`): the phase repeats until no
//! load is left that it can convert (reading has no effect, and where a read Java makes is out of
//! bounds the JVM reruns the method, so the host's order of reads does not matter). Every division
//! converted was before the loops too, with operands and a reach condition the host evaluates
//! (`int` or `long`); the others stay fixed (the recognition lets the host evaluate those that only
//! compute the loops' bounds, and refuses the rest). Which exception Java throws first does not
//! matter either: any failure the host finds sends the method to the JVM, which throws its own.

use crate::parallel::host_expr_of;
use ferrocl_graph::{Constant, MethodGraph, NodeId, Op, Stamp};
use std::collections::{HashMap, HashSet};

/// How many fixed nodes before the loops the phase looks at.
const MAX_REGION: usize = 4096;

/// How many rounds the phase makes: a round converts the loads whose index and reach condition
/// the host evaluates, which may make later ones evaluable (`a[idx[0]]`, a load under
/// `if (a[0] > 0)`).
const MAX_ROUNDS: usize = 8;

/// Converts the loads and divisions; returns how many.
pub fn lower_host_loads(mg: &mut MethodGraph) -> usize {
    if mg.parallel_locals.is_empty() && mg.parallel_phis.is_empty() {
        // One work-item runs the method: its loads run in order in the kernel.
        return 0;
    }
    let mut converted = 0;
    for _ in 0..MAX_ROUNDS {
        let round = convert_round(mg);
        if round == 0 {
            break;
        }
        converted += round;
    }
    converted
}

/// One round of [`lower_host_loads`]: converts every load and division it can; returns how many.
fn convert_round(mg: &mut MethodGraph) -> usize {
    let Some(start) = mg.graph.start() else {
        return 0;
    };
    // The fixed nodes reachable from the start without entering a loop: the code before the
    // loops (nothing after a loop is reachable without passing its header).
    let Some((region, preds)) = pre_loop_region(mg, start) else {
        return 0;
    };
    let g = &mg.graph;
    let loads: Vec<NodeId> = region
        .iter()
        .copied()
        .filter(|&n| matches!(g.op(n), Op::ArrayLoad(_)))
        .collect();
    let divisions: Vec<NodeId> = region
        .iter()
        .copied()
        .filter(|&n| matches!(g.op(n), Op::IntegerDivRem { .. }))
        .collect();
    // What comes after a store before the loops (code that runs as a kernel of its own): a load
    // there reads what the store left, which the host's copy does not hold.
    let mut after_write: HashSet<NodeId> = HashSet::new();
    let mut stack: Vec<NodeId> = region
        .iter()
        .copied()
        .filter(|&n| {
            g.element_access(n).is_some_and(|a| a.store) || matches!(g.op(n), Op::ArrayCopy(_))
        })
        .collect();
    let mut succs: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    for (&s, ps) in &preds {
        for &p in ps {
            succs.entry(p).or_default().push(s);
        }
    }
    while let Some(n) = stack.pop() {
        if after_write.insert(n) {
            stack.extend(succs.get(&n).into_iter().flatten().copied());
        }
    }
    let mut reach = Reach {
        preds,
        memo: HashMap::new(),
    };
    // Divisions whose operands and reach condition the host evaluates.
    let mut divided: Vec<(NodeId, bool, NodeId)> = Vec::new();
    for division in divisions {
        let Op::IntegerDivRem { rem } = *mg.graph.op(division) else {
            continue;
        };
        let (x, y) = (mg.graph.inputs(division)[0], mg.graph.inputs(division)[1]);
        if crate::parallel::host_expr_wide_of(mg, x).is_none()
            || crate::parallel::host_expr_wide_of(mg, y).is_none()
        {
            continue;
        }
        let Some(when) = reach.condition(mg, division, 0) else {
            continue;
        };
        if host_expr_of(mg, when).is_none() {
            continue;
        }
        divided.push((division, rem, when));
    }
    // Every condition first: removing a load from the chain changes its successor's predecessor.
    let mut chosen: Vec<(NodeId, u16, ferrocl_graph::ElemKind, NodeId)> = Vec::new();
    for load in loads {
        let Op::ArrayLoad(elem) = *mg.graph.op(load) else {
            continue;
        };
        if after_write.contains(&load) {
            continue;
        }
        let (array, index) = (mg.graph.inputs(load)[0], mg.graph.inputs(load)[1]);
        let Some(param) = mg.params.iter().position(|p| p.node == array) else {
            continue;
        };
        let Ok(param) = u16::try_from(param) else {
            continue;
        };
        if !matches!(mg.graph.stamp(array), Stamp::Array(_)) || host_expr_of(mg, index).is_none() {
            continue;
        }
        let Some(when) = reach.condition(mg, load, 0) else {
            continue;
        };
        if host_expr_of(mg, when).is_none() {
            continue;
        }
        chosen.push((load, param, elem, when));
    }
    let converted = chosen.len() + divided.len();
    for (division, rem, when) in divided {
        let (x, y) = (mg.graph.inputs(division)[0], mg.graph.inputs(division)[1]);
        let stamp = mg.graph.stamp(division);
        let value = mg
            .graph
            .add(Op::HostDivRem { rem }, stamp, vec![x, y, when]);
        mg.inherit_source(division, value);
        mg.graph.replace_at_usages(division, value);
        mg.graph.remove_fixed(division);
    }
    for (load, param, elem, when) in chosen {
        let index = mg.graph.inputs(load)[1];
        let stamp = mg.graph.stamp(load);
        let value = mg
            .graph
            .add(Op::HostLoad { param, elem }, stamp, vec![index, when]);
        mg.inherit_source(load, value);
        mg.graph.replace_at_usages(load, value);
        mg.graph.remove_fixed(load);
    }
    converted
}

/// The fixed nodes reachable from `start` without entering a loop (the code before the loops:
/// nothing after a loop is reachable without passing its header), in walk order, and each one's
/// control predecessors among them (an `End`'s merge has its ends); `None` past [`MAX_REGION`].
#[allow(clippy::type_complexity)]
fn pre_loop_region(
    mg: &MethodGraph,
    start: NodeId,
) -> Option<(Vec<NodeId>, HashMap<NodeId, Vec<NodeId>>)> {
    let g = &mg.graph;
    let mut region: Vec<NodeId> = Vec::new();
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut preds: HashMap<NodeId, Vec<NodeId>> = HashMap::new();
    let mut stack = vec![start];
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        region.push(n);
        if region.len() > MAX_REGION {
            return None;
        }
        let next: Vec<NodeId> = if *g.op(n) == Op::End {
            match g.merge_of(n) {
                Some(m) if *g.op(m) == Op::Merge => vec![m],
                _ => vec![],
            }
        } else {
            g.successors(n).to_vec()
        };
        for s in next {
            preds.entry(s).or_default().push(n);
            stack.push(s);
        }
    }
    Some((region, preds))
}

/// Reach conditions of the fixed nodes before the loops, as `Bool` nodes.
struct Reach {
    /// Each node's control predecessors in the region (an `End`'s merge has its ends).
    preds: HashMap<NodeId, Vec<NodeId>>,
    memo: HashMap<NodeId, Option<NodeId>>,
}

impl Reach {
    /// The condition under which control reaches `n` from the start; `None` when it cannot be
    /// expressed (too deep).
    fn condition(&mut self, mg: &mut MethodGraph, n: NodeId, depth: usize) -> Option<NodeId> {
        if let Some(&c) = self.memo.get(&n) {
            return c;
        }
        if depth > 256 {
            return None;
        }
        let preds = self.preds.get(&n).cloned().unwrap_or_default();
        let c = match (mg.graph.op(n), preds.as_slice()) {
            (Op::Start, _) => Some(constant(mg, true)),
            (Op::Merge, ends) if !ends.is_empty() => {
                let mut any: Option<NodeId> = None;
                for &e in ends {
                    let here = self.condition(mg, e, depth + 1)?;
                    any = Some(match any {
                        None => here,
                        Some(a) => or(mg, a, here),
                    });
                }
                any
            }
            (_, &[p]) => {
                let before = self.condition(mg, p, depth + 1)?;
                if *mg.graph.op(p) == Op::If {
                    let test = mg.graph.inputs(p)[0];
                    let taken = if mg.graph.successors(p).first() == Some(&n) {
                        test
                    } else {
                        not(mg, test)
                    };
                    Some(and(mg, before, taken))
                } else {
                    Some(before)
                }
            }
            _ => None,
        };
        self.memo.insert(n, c);
        c
    }
}

fn constant(mg: &mut MethodGraph, value: bool) -> NodeId {
    mg.graph.add(
        Op::Constant(Constant::Int(i32::from(value))),
        Stamp::Bool,
        vec![],
    )
}

/// `a && b` as a select (both operands are values without effects).
fn and(mg: &mut MethodGraph, a: NodeId, b: NodeId) -> NodeId {
    if is_true(mg, a) {
        return b;
    }
    let f = constant(mg, false);
    mg.graph.add(Op::Select, Stamp::Bool, vec![a, b, f])
}

/// `a || b` as a select.
fn or(mg: &mut MethodGraph, a: NodeId, b: NodeId) -> NodeId {
    if is_true(mg, a) || is_true(mg, b) {
        return constant(mg, true);
    }
    let t = constant(mg, true);
    mg.graph.add(Op::Select, Stamp::Bool, vec![a, t, b])
}

/// `!c` as a select.
fn not(mg: &mut MethodGraph, c: NodeId) -> NodeId {
    let (f, t) = (constant(mg, false), constant(mg, true));
    mg.graph.add(Op::Select, Stamp::Bool, vec![c, f, t])
}

fn is_true(mg: &MethodGraph, c: NodeId) -> bool {
    matches!(mg.graph.op(c), Op::Constant(Constant::Int(v)) if *v != 0)
}

/// Values chosen at merges before the loops that `ifConvert` left (a merge some of whose paths
/// also lead to an early `return`, as after `switch (op) { case '+': s = 1; break; …
/// default: return; }`) become selects on the conditions under which control comes through each
/// of the merge's ends: in code without loops control comes through exactly one of them, whose
/// condition holds, so the select gives the phi's value wherever control reaches the merge (and
/// where it does not, nothing uses it). Only phis whose values are all floating (computing them
/// has no effect and cannot fail) of primitive types; returns how many became selects.
pub fn select_remaining_choices(mg: &mut MethodGraph) -> usize {
    if mg.parallel_locals.is_empty() && mg.parallel_phis.is_empty() {
        return 0;
    }
    let Some(start) = mg.graph.start() else {
        return 0;
    };
    let Some((region, preds)) = pre_loop_region(mg, start) else {
        return 0;
    };
    let g = &mg.graph;
    let phis: Vec<NodeId> = region
        .iter()
        .copied()
        .filter(|&m| *g.op(m) == Op::Merge)
        .flat_map(|m| {
            g.usages(m)
                .iter()
                .copied()
                .filter(|&u| *g.op(u) == Op::Phi && g.inputs(u)[0] == m)
                .collect::<Vec<_>>()
        })
        .filter(|&phi| {
            matches!(
                g.stamp(phi),
                Stamp::Int | Stamp::Long | Stamp::Float | Stamp::Double | Stamp::Bool
            ) && g.inputs(phi)[1..].iter().all(|&v| !g.op(v).is_fixed())
        })
        .collect();
    let mut reach = Reach {
        preds,
        memo: HashMap::new(),
    };
    let mut chosen = Vec::new();
    for phi in phis {
        let merge = mg.graph.inputs(phi)[0];
        let ends = mg.graph.inputs(merge).to_vec();
        let mut conditions = Vec::with_capacity(ends.len());
        for &e in &ends {
            match reach.condition(mg, e, 0) {
                Some(c) => conditions.push(c),
                None => break,
            }
        }
        if conditions.len() == ends.len() {
            chosen.push((phi, conditions));
        }
    }
    let made = chosen.len();
    for (phi, conditions) in chosen {
        let stamp = mg.graph.stamp(phi);
        let values = mg.graph.inputs(phi)[1..].to_vec();
        // The last end's value where no other end's condition holds.
        let mut value = values[values.len() - 1];
        for k in (0..values.len() - 1).rev() {
            value = mg
                .graph
                .add(Op::Select, stamp, vec![conditions[k], values[k], value]);
        }
        mg.inherit_source(phi, value);
        mg.graph.replace_at_usages(phi, value);
        mg.graph.kill(phi);
    }
    made
}
