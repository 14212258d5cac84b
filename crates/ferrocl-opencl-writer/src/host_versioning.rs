//! Host versioning of the `@Parallel` body (1-, 2- or 3-D): the index checks whose index is affine in
//! the parallel indices, with coefficients and offset the host knows at launch (parameters, array lengths,
//! static fields, constants), are tested once per launch on the host instead of by every
//! work-item. The kernel gets both copies of its body: `if (ferrocl_proven)` a copy without those
//! checks, else the body as written, every check in place, so a launch whose test fails still
//! fails its checks where Java would throw and the JVM reruns the method.
//!
//! The test is [`crate::BoundsProof`]'s: an index `Σ c_v * v + r` (each term the `int` the device
//! computes) is, over the box of the launch's parallel indices, extreme at the corners; when both
//! extremes of the exact value lie in `[0, length)`, every index the work-items compute is that value
//! and in bounds. Checks under conditions are covered too (the test bounds a superset of what runs),
//! and so are checks inside sequential loops whose index does not depend on the loop.
//!
//! When the copy without those checks has no check left, a launch whose test holds cannot fail:
//! [`crate::Kernel::proven_infallible`] lets the host leave out the status word (no clearing, no
//! read back), one transfer less per launch.

use crate::structure::Cfg;
use crate::tiling::{affine3, host_proof, Access};
use crate::BoundsProof;
use ferrocl_graph::{GuardKind, MethodGraph, NodeId, Op};
use ferrocl_opt::ParallelNest;
use std::collections::{HashMap, HashSet};

/// The checks a host test can replace, and that test; `None` when there is none.
pub(crate) fn plan(
    mg: &MethodGraph,
    nest: &ParallelNest,
    cfg: &Cfg,
) -> Option<(HashSet<NodeId>, BoundsProof)> {
    let g = &mg.graph;
    if nest.dims.is_empty() || nest.dims.len() > 3 || !nest.reductions.is_empty() {
        return None;
    }
    // Missing dimensions: an "induction variable" that never appears in an index, the body's entry.
    let ivs = [
        nest.dims[0].index,
        nest.dims.get(1).map_or(nest.body_entry, |d| d.index),
        nest.dims.get(2).map_or(nest.body_entry, |d| d.index),
    ];
    let mut memo = HashMap::new();
    let mut uniform = |n: NodeId| crate::staging::uniform(g, n, &mut memo, 0);
    let mut guards = HashSet::new();
    let mut accesses: Vec<Access> = Vec::new();
    // This kernel's checks only (a method of several kernels has the others' in its graph too).
    let mut ids: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| *g.op(n) == Op::Guard(GuardKind::Index) && cfg.block_of.contains_key(&n))
        .collect();
    ids.sort();
    for n in ids {
        let ins = g.inputs(n);
        let (index, array) = (ins[0], ins[1]);
        if mg.params.iter().all(|p| p.node != array) {
            continue;
        }
        let Some(form) = affine3(g, index, ivs, &mut uniform, 0) else {
            continue;
        };
        if form.coef.iter().skip(nest.dims.len()).any(|c| !c.is_zero()) {
            continue;
        }
        let access: Access = (n, array, form, false);
        // Only what the host can evaluate.
        if host_proof(mg, std::slice::from_ref(&access), None).is_none() {
            continue;
        }
        guards.insert(n);
        accesses.push(access);
    }
    if guards.is_empty() {
        return None;
    }
    let proof = host_proof(mg, &accesses, None)?;
    Some((guards, proof))
}
