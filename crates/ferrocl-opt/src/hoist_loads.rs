//! `hoistLoads`: loads in a loop's header (`for (… ; i < count[0]; …)`, `while (k < len[0])`) of an
//! element the loop never changes, read once before the loop instead of at every test.
//!
//! Why it is exact: the header runs at least once each time control enters the loop, before any
//! iteration, so the hoisted read is one Java makes (and throws where Java's first test throws; the
//! device's failed check then sends the method to the JVM, which throws its own exception). The
//! value is the same at every test when nothing in the loop stores to the array: a load is hoisted
//! only when the index does not change in the loop and no store in it (nested loops included) can
//! reach the array. A store to an array of another element type cannot; one to another array
//! parameter of the same type can only when the two are the same object, which the host rules out
//! at each `execute()` ([`MethodGraph::distinct_arrays`]: where they are, the JVM runs the method);
//! one to an array allocated in the kernel cannot. Anything else (a store to the same parameter, or
//! to an array the phase cannot name) keeps the load in the loop.
//!
//! A hoisted load before a `@Parallel` loop is then one the host reads (`host_loads`), so a bound
//! such as `i < count[0]` is evaluated on the host like any other.
//!
//! Received: the canonical graph, before `host_loads` and the loops' recognition. Guaranteed: each
//! hoisted load sits right before its loop's entry, with the same inputs.

use crate::manager::LoopForest;
use ferrocl_graph::{ElemKind, MethodGraph, NodeId, Op};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// How many fixed nodes of a header the phase looks at before its exit test.
const MAX_HEADER: usize = 64;

/// Hoists the header loads it can; returns how many. Loops are taken outermost first, so a load
/// hoisted out of an inner loop's header stays in the outer loop's body.
pub fn hoist_header_loads(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    let mut hoisted = 0;
    for info in &loops.loops {
        let begin = info.begin;
        let Some(&entry) = mg.graph.inputs(begin).first() else {
            continue;
        };
        if *mg.graph.op(entry) != Op::End {
            continue;
        }
        // The header: the fixed chain from the LoopBegin up to its first branch.
        let mut header = Vec::new();
        let mut at = mg.graph.next(begin);
        while let Some(n) = at {
            if header.len() > MAX_HEADER || mg.graph.successors(n).len() != 1 {
                break;
            }
            header.push(n);
            at = mg.graph.next(n);
        }
        let memo = RefCell::new(HashMap::new());
        let none = HashSet::new();
        for load in header {
            if !matches!(mg.graph.op(load), Op::ArrayLoad(_)) {
                continue;
            }
            let (array, index) = (mg.graph.inputs(load)[0], mg.graph.inputs(load)[1]);
            let Some(param) = mg.params.iter().position(|p| p.node == array) else {
                continue;
            };
            if !crate::loop_invariant(&mg.graph, &info.body, &none, &memo, index) {
                continue;
            }
            let Some(distinct) = stores_miss(mg, &info.body, load, param) else {
                continue;
            };
            // The entry's predecessor: the last fixed node before the loop.
            let Some(pred) = mg
                .graph
                .node_ids()
                .find(|&p| mg.graph.successors(p).contains(&entry))
            else {
                continue;
            };
            let Some(next) = mg.graph.next(load) else {
                continue;
            };
            let Some(before) = mg
                .graph
                .node_ids()
                .find(|&p| mg.graph.successors(p).contains(&load))
            else {
                continue;
            };
            // Out of the header …
            let succ: Vec<NodeId> = mg
                .graph
                .successors(before)
                .iter()
                .map(|&s| if s == load { next } else { s })
                .collect();
            mg.graph.set_successors(before, succ);
            // … and into the chain right before the loop's entry.
            let succ: Vec<NodeId> = mg
                .graph
                .successors(pred)
                .iter()
                .map(|&s| if s == entry { load } else { s })
                .collect();
            mg.graph.set_successors(pred, succ);
            mg.graph.set_next(load, entry);
            for pair in distinct {
                if !mg.distinct_arrays.contains(&pair) {
                    mg.distinct_arrays.push(pair);
                }
            }
            hoisted += 1;
        }
    }
    hoisted
}

/// Whether no store in the loop (`body`) can change the element `load` reads from array parameter
/// `param`: the pairs of parameters that must then be distinct objects, or `None` when a store may
/// reach it whatever the objects are.
fn stores_miss(
    mg: &MethodGraph,
    body: &HashSet<NodeId>,
    load: NodeId,
    param: usize,
) -> Option<Vec<(usize, usize)>> {
    let g = &mg.graph;
    let Op::ArrayLoad(elem) = *g.op(load) else {
        return None;
    };
    let mut distinct = Vec::new();
    for &n in body {
        let Op::ArrayStore(stored) = *g.op(n) else {
            continue;
        };
        if !may_share(stored, elem) {
            continue;
        }
        let target = g.inputs(n)[0];
        if matches!(g.op(target), Op::NewArray(_)) {
            continue;
        }
        let other = mg.params.iter().position(|p| p.node == target)?;
        if other == param {
            return None;
        }
        distinct.push((param.min(other), param.max(other)));
    }
    Some(distinct)
}

/// Whether arrays of these element types can be the same object (`bastore` and `baload` serve both
/// `byte[]` and `boolean[]`, so those two count as one).
fn may_share(a: ElemKind, b: ElemKind) -> bool {
    let narrow = |e| matches!(e, ElemKind::Byte | ElemKind::Boolean);
    a == b || (narrow(a) && narrow(b))
}
