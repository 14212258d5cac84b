//! Increments of counted loops' variables that cannot overflow: `k + 1` of a loop that stays while
//! `k < bound` runs only with `k <= bound - 1 <= 2^31 - 2`, so the writer prints it as C's signed
//! `+`, which lets the driver's compiler treat `k` as an induction variable that does not wrap.
//! (The checks of such loops are versioned on the graph: see `ferrocl_opt::LoopVersion`, whose
//! fast copy's increment is listed there too.)

use crate::structure::{Cfg, Exit};
use crate::Writer;
use ferrocl_graph::{NodeId, Op};
use ferrocl_opt::{induction, loop_invariant};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// The header test of loop `b` when one of its two successors stays in the loop: the `If` node,
/// whether the loop stays when it is true, and the nodes of the loop's blocks.
fn exit_test(cfg: &Cfg, b: usize) -> Option<(NodeId, bool, HashSet<NodeId>)> {
    let members = cfg.loops.get(&b)?;
    let Exit::If(test) = cfg.blocks[b].exit else {
        return None;
    };
    let (t, f) = (cfg.blocks[b].succs[0], cfg.blocks[b].succs[1]);
    let stays_if_true = match (members.contains(&t), members.contains(&f)) {
        (true, false) => true,
        (false, true) => false,
        _ => return None,
    };
    let inside = members
        .iter()
        .flat_map(|&m| cfg.blocks[m].nodes.iter().copied())
        .collect();
    Some((test, stays_if_true, inside))
}

/// The back-edge values of an induction variable's phi: each is `phi + step` (`induction` accepts
/// a phi only then, through `step_of`).
fn increments(g: &ferrocl_graph::Graph, ind: &ferrocl_opt::Induction) -> Vec<NodeId> {
    g.inputs(ind.phi)[2..].to_vec()
}

impl Writer<'_> {
    /// The increments of loop `b`'s counted variables that can never overflow, in any copy of the
    /// loop: `k + 1` of a loop that stays while `k < bound` runs only with `k <= bound - 1 <=
    /// 2^31 - 2`, and `k - 1` of one that stays while `k > bound` only with `k >= -2^31 + 1`. The
    /// writer prints them as C's signed operation; so are those of a versioned loop's fast copy.
    pub(crate) fn no_wrap_increments(&self, cfg: &Cfg, b: usize) -> Vec<NodeId> {
        let Some((test, stays_if_true, inside)) = exit_test(cfg, b) else {
            return Vec::new();
        };
        let g = &self.mg.graph;
        let memo = RefCell::new(HashMap::new());
        let preloaded = HashSet::new();
        let is_invariant = |n: NodeId| loop_invariant(g, &inside, &preloaded, &memo, n);
        let header = cfg.blocks[b].nodes[0];
        // The fast copy of a versioned loop: its entry test bounds `last + step`.
        let versioned = self
            .versions
            .iter()
            .filter(|v| v.fast == header)
            .flat_map(|v| v.no_wrap.iter().copied());
        g.usages(header)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            .filter_map(|phi| induction(g, phi, test, stays_if_true, &is_invariant))
            .filter(|ind| ind.step.abs() == 1 && !ind.inclusive)
            .flat_map(|ind| increments(g, &ind))
            .chain(versioned)
            .collect()
    }
}
