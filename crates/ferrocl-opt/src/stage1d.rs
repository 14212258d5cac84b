//! Staged coalescing in 1-D kernels (phase `coalesce`), decided on the graph: in a kernel whose
//! work-items each walk a row (`for (@Parallel i …) for (j …) s += a[i * n + j] * x[j]`),
//! consecutive work-items read addresses `n` elements apart; the staged copy of the loop reads such
//! loads through local memory, a tile of [`STAGE`] rows × [`STAGE`] columns that the work-group
//! loads together (see the OpenCL writer's `staging` module for the staged code, and why its
//! results are Java's and its reads in bounds). Loads of the same element in every row (`x[j]`)
//! are staged as one row when every staged load is such a load, in groups of [`SHARED_STAGE`].
//!
//! Received: a 1-D non-reducing nest after `loopVersioning`. Guaranteed: a plan only for the
//! versioned loop the body reaches first, with nothing before it but loads and their index checks
//! (every work-item of the group must reach its barriers), a counted loop of step 1 that stores
//! nothing, bounds the same in every work-item, and loads of parameter arrays at `j + rest` with
//! `rest = stride * i + uniform` (`stride` not 1: rows one element apart are read together
//! already), within the device's local-memory budget. The writer may still decline it (then the
//! loop runs as versioned).

use crate::tile::is_uniform;
use crate::{loop_affine, Linear, ParallelNest};
use ferrocl_graph::{GuardKind, MethodGraph, NodeId, Op};
use std::collections::HashMap;

/// Rows (work-items of a group) and columns of a staged tile.
pub const STAGE: usize = 32;

/// Work-items of a group and columns of a tile when every staged load is shared (`x[j]` read by
/// every work-item, as N-body's bodies): one row per array, so a wider tile costs little local
/// memory. Measured on the H100 (`bench-native/variants`, N-body 16384, 2026-11-25): groups of
/// 32, 128 and 256 ran at 0.94, 1.00 and 0.95 of the hand-written local-memory kernel.
pub const SHARED_STAGE: usize = 128;

/// One load staged: its index is `j + rest` with `rest = stride * i + uniform` (`i` the
/// parallel index, `stride` and the uniform part the same in every work-item).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedLoadPlan {
    /// The load (of the loop as written).
    pub load: NodeId,
    /// The index minus the loop's variable.
    pub rest: Linear,
    /// How far apart consecutive rows read (zero: the same element in every row, one row staged).
    pub stride: Linear,
    /// Other loads of the same array at the same index, read from the same tile.
    pub also: Vec<NodeId>,
}

/// The staging of a 1-D kernel's loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage1dPlan {
    /// The `If` at the versioned loop's entry (`LoopVersion::branch`).
    pub branch: NodeId,
    /// The loads staged, each with its tile.
    pub loads: Vec<StagedLoadPlan>,
    /// Work-items per group and columns per tile: [`STAGE`], or [`SHARED_STAGE`] when every
    /// staged load is shared.
    pub width: usize,
}

/// Plans the staging of `nest`'s first versioned loop (see the module docs); `budget` is the
/// local memory its tiles may take.
pub fn plan_staging_1d(
    mg: &MethodGraph,
    nest: &ParallelNest,
    budget: usize,
) -> Option<Stage1dPlan> {
    let g = &mg.graph;
    let [dim] = nest.dims.as_slice() else {
        return None;
    };
    if !nest.reductions.is_empty() {
        return None;
    }
    let index = dim.index;
    // Nothing before the loop but loads and their checks (deferred by the writer).
    let mut cur = nest.body_entry;
    let branch = loop {
        match g.op(cur) {
            Op::Begin | Op::Guard(GuardKind::Index) | Op::ArrayLoad(_) => cur = g.next(cur)?,
            Op::If => break cur,
            _ => return None,
        }
    };
    let version = nest.loop_versions.iter().find(|v| v.branch == branch)?;
    let c = &version.counted;
    if c.impure || c.step != 1 || c.unit_loads.is_empty() {
        return None;
    }
    let mut memo = HashMap::new();
    if !is_uniform(g, c.entry, &mut memo, 0) || !is_uniform(g, c.bound, &mut memo, 0) {
        return None;
    }
    let mut plans: Vec<(NodeId, Linear, Linear)> = Vec::new();
    for (load, rest) in &c.unit_loads {
        // Only arrays every work-item shares (parameters), never a work-item's private one.
        let array = g.inputs(*load)[0];
        if !mg.params.iter().any(|p| p.node == array) {
            continue;
        }
        // `rest` = stride * i + uniform.
        let mut stride = Linear::default();
        let mut ok = true;
        for &(t, coef) in &rest.terms {
            let is_i = |n: NodeId| n == index;
            let uniform = |n: NodeId| is_uniform(g, n, &mut HashMap::new(), 0);
            match loop_affine(g, t, &is_i, &uniform) {
                Some(a) if a.iv.is_none() || a.iv == Some(index) => {
                    for &(u, k) in &a.scale.terms {
                        stride.terms.push((u, k.wrapping_mul(coef)));
                    }
                    stride.constant = stride
                        .constant
                        .wrapping_add(a.scale.constant.wrapping_mul(coef));
                }
                _ => ok = false,
            }
        }
        // Rows one element apart are read together already; the same element in every row
        // (`x[j]`) is staged as one row.
        let trivial = stride.terms.is_empty() && stride.constant.abs() == 1;
        if ok && !trivial {
            plans.push((*load, rest.clone(), stride));
        }
    }
    // Within the local-memory budget: tiles past it are left out, and those loads read global
    // memory.
    let mut bytes = 0;
    plans.retain(|(load, _, stride)| {
        let elem = match g.op(*load) {
            Op::ArrayLoad(e) => e.size_bytes(),
            _ => return false,
        };
        let tile = if stride.is_zero() {
            SHARED_STAGE * elem
        } else {
            STAGE * (STAGE + 1) * elem
        };
        bytes += tile;
        bytes <= budget
    });
    if plans.is_empty() {
        return None;
    }
    let width = if plans.iter().all(|(_, _, s)| s.is_zero()) {
        SHARED_STAGE
    } else {
        STAGE
    };
    let mut loads: Vec<StagedLoadPlan> = Vec::new();
    let mut seen: Vec<(NodeId, NodeId, usize)> = Vec::new();
    for (load, rest, stride) in plans {
        // The same element loaded again (its check proven by the first): the same tile.
        let key = (g.inputs(load)[0], g.inputs(load)[1]);
        if let Some(&(_, _, at)) = seen.iter().find(|(a, i, _)| (*a, *i) == key) {
            loads[at].also.push(load);
            continue;
        }
        seen.push((key.0, key.1, loads.len()));
        loads.push(StagedLoadPlan {
            load,
            rest,
            stride,
            also: Vec::new(),
        });
    }
    Some(Stage1dPlan {
        branch,
        loads,
        width,
    })
}
