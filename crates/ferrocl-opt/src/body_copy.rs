//! Two versions of a `@Parallel` body in the graph: `if (cond) { copy } else { body as written }`
//! at the body's entry, the copy made of new nodes that a phase may then change (the
//! `hostVersioning` phase leaves out of it the checks its host test proves).
//!
//! The region copied is every fixed node from the body's entry `Begin` (not included) to the
//! innermost `@Parallel` loop's back edges, with every floating node that depends on one of them
//! (and every phi of a merge among them). Floating nodes that depend only on values from outside
//! the body (`i * n`, a parameter) are shared by both versions: the writer computes them once,
//! before the branch. Each back edge of the copy becomes one more back edge of the parallel loop,
//! and every phi of the loop gets, for it, the value it has for the original back edge (its copy
//! when that value is copied).
//!
//! Received: a body without a way out of its loop other than its back edges (`break` and `return`
//! are refused before this runs). Guaranteed: the graph passes the verifier; both versions compute
//! what the body as written computes, each on its own nodes; the original nodes keep their ids.

use ferrocl_graph::{MethodGraph, NodeId, Op, Stamp};
use std::collections::{BTreeMap, BTreeSet};

/// The two versions of a body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BodyCopy {
    /// The `Begin` of the copy (the branch taken when the condition holds).
    pub(crate) copy_entry: NodeId,
    /// The `Begin` of the body as written (the other branch).
    pub(crate) original_entry: NodeId,
    /// Every copied node (fixed and floating) → its copy.
    pub(crate) copies: BTreeMap<NodeId, NodeId>,
}

/// Branches on `cond` at `entry` (the `Begin` that starts the body of the loop `begin`) into a new
/// copy of the body and the body as written; `None` (the graph unchanged) when the body has a way
/// out other than `begin`'s back edges, or `entry` is not a `Begin` with one successor.
pub(crate) fn branch_body(
    mg: &mut MethodGraph,
    entry: NodeId,
    begin: NodeId,
    cond: NodeId,
) -> Option<BodyCopy> {
    let g = &mg.graph;
    if *g.op(entry) != Op::Begin || g.stamp(cond) != Stamp::Bool {
        return None;
    }
    let first = g.next(entry)?;
    let mut region: BTreeSet<NodeId> = crate::parallel::walk_body(mg, entry, begin, true)
        .ok()?
        .into_iter()
        .collect();
    region.remove(&entry);
    if !region.contains(&first) {
        return None;
    }
    // Every way on from the region stays in it, but the back edges of `begin`.
    for &n in &region {
        let leaves = match g.op(n) {
            Op::LoopEnd => g.inputs(n)[0] != begin && !region.contains(&g.inputs(n)[0]),
            Op::End => !g.merge_of(n).is_some_and(|m| region.contains(&m)),
            Op::LoopExit => !region.contains(&g.inputs(n)[0]),
            Op::Return | Op::Start => true,
            _ => false,
        };
        if leaves || g.successors(n).iter().any(|s| !region.contains(s)) {
            return None;
        }
    }
    // Floating nodes computed from the region's values, and phis of its merges.
    let mut inside = region.clone();
    loop {
        let mut grew = false;
        for n in g.node_ids() {
            if inside.contains(&n) || g.op(n).is_fixed() {
                continue;
            }
            let depends = if *g.op(n) == Op::Phi {
                inside.contains(&g.inputs(n)[0])
            } else {
                g.inputs(n).iter().any(|i| inside.contains(i))
            };
            if depends {
                inside.insert(n);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // The loop's phis and, per original back edge, its position among the loop's inputs.
    let loop_phis: Vec<NodeId> = g
        .usages(begin)
        .iter()
        .copied()
        .filter(|&u| *g.op(u) == Op::Phi && g.inputs(u)[0] == begin)
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let back_edges: Vec<(NodeId, usize)> = g
        .inputs(begin)
        .iter()
        .enumerate()
        .filter(|(_, e)| region.contains(e))
        .map(|(p, &e)| (e, p))
        .collect();

    let copies = copy_nodes(mg, &inside);
    for (e, p) in back_edges {
        mg.graph.push_input(begin, copies[&e]);
        for &phi in &loop_phis {
            let v = mg.graph.inputs(phi)[p + 1];
            mg.graph
                .push_input(phi, copies.get(&v).copied().unwrap_or(v));
        }
    }
    let branch = mg.graph.add(Op::If, Stamp::Void, vec![cond]);
    let copy_entry = mg.graph.add(Op::Begin, Stamp::Void, vec![]);
    let original_entry = mg.graph.add(Op::Begin, Stamp::Void, vec![]);
    mg.inherit_source(entry, branch);
    mg.graph.set_next(entry, branch);
    mg.graph
        .set_successors(branch, vec![copy_entry, original_entry]);
    mg.graph.set_next(copy_entry, copies[&first]);
    mg.graph.set_next(original_entry, first);
    Some(BodyCopy {
        copy_entry,
        original_entry,
        copies,
    })
}

/// New nodes copying `nodes` (fixed and floating), inputs and successors among them mapped to
/// their copies, the others shared; returns each node's copy.
pub(crate) fn copy_nodes<'a>(
    mg: &mut MethodGraph,
    nodes: impl IntoIterator<Item = &'a NodeId>,
) -> BTreeMap<NodeId, NodeId> {
    let mut copies = BTreeMap::new();
    for &n in nodes {
        let node = mg.graph.node(n).clone();
        let c = mg.graph.add(node.op, node.stamp, node.inputs);
        mg.inherit_source(n, c);
        copies.insert(n, c);
    }
    for (&n, &c) in &copies {
        let inputs = mg.graph.inputs(n).to_vec();
        for (k, i) in inputs.into_iter().enumerate() {
            if let Some(&ci) = copies.get(&i) {
                mg.graph.set_input(c, k, ci);
            }
        }
        let succ: Vec<NodeId> = mg
            .graph
            .successors(n)
            .iter()
            .map(|s| copies.get(s).copied().unwrap_or(*s))
            .collect();
        mg.graph.set_successors(c, succ);
    }
    copies
}
