//! Staged coalescing in 2-D nests (phase `coalesce`): in a nest over `(i, j)` whose work-items
//! along NDRange dimension 0 are consecutive `j`, an access whose index moves by one element with
//! `i` and by more with `j` (`out[j * n + i] = …`, Transpose's store, or a read `a[j * n + i]`)
//! touches one memory segment per work-item of a warp. The staged kernel moves such accesses
//! through local memory: a work-group of [`WIDTH`] × [`HEIGHT`] work-items owns a block of
//! [`WIDTH`] × [`WIDTH`] points. Staged loads are made first, with the block's `i` along the
//! group's fastest dimension (so each load of the group reads consecutive elements), into a
//! padded tile; after a barrier every work-item runs the body for its points (`j` fastest), reading
//! staged values from the tile and putting the values of staged stores into another; after a
//! second barrier the staged stores are made with `i` fastest again.
//!
//! Why the results are Java's: every point computes the same values with the same operations;
//! only where a loaded value comes from, and which work-item makes a store, change. A point's loads
//! all come before its stores (the body must have that shape), so moving its staged loads earlier
//! and its stores later keeps what it reads and writes; different points are different iterations
//! of a `@Parallel` loop, whose order Java leaves open. When all of a point's stores are staged they
//! stay in their order.
//!
//! Why no check is needed: as in the `tile` module, the staged kernel runs only when a test of
//! values the same in every work-item proves every index of every access in bounds over the whole
//! NDRange; otherwise each work-item runs the kernel as written for each of its points, every
//! check in place. Staged loads for points outside the NDRange are made at its first point
//! (proven in bounds, never read back).
//!
//! The phase decides on the graph ([`plan_staging_2d`], recorded as [`crate::NestShape::Staged`]);
//! the OpenCL writer prints the staged kernel the plan describes.
//!
//! Received: a 2-D non-reducing nest whose body is straight-line loads and then stores.
//! Guaranteed: every access with its index as an affine form over `(i, j)`; a kernel printed from
//! the plan has `reqd_work_group_size(WIDTH, HEIGHT, 1)` and covers `WIDTH / HEIGHT` points per
//! work-item along `i`.

use crate::tile::{affine3, is_uniform, two_dimensions, Access, Affine3};
use crate::{Linear, ParallelNest};
use ferrocl_graph::{GuardKind, MethodGraph, NodeId, Op, Stamp};
use std::collections::HashMap;

/// Work-items of a group along NDRange dimension 0 (`j`), and the block's side.
pub const WIDTH: usize = 32;
/// Work-items of a group along dimension 1 (`i`).
pub const HEIGHT: usize = 8;
/// Points per work-item along `i`.
pub const ROWS: usize = WIDTH / HEIGHT;

/// A recognised nest: which of its accesses go through local memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagePlan {
    /// The outer `@Parallel` index.
    pub i: NodeId,
    /// The inner `@Parallel` index (NDRange dimension 0).
    pub j: NodeId,
    /// The body's loads in order, and whether each is staged.
    pub loads: Vec<(NodeId, bool)>,
    /// The body's stores in order.
    pub stores: Vec<NodeId>,
    /// Whether the stores are staged (then all of them are).
    pub stage_stores: bool,
    /// Every access: (node, array, index form over `(i, j)`, `false`).
    pub accesses: Vec<Access>,
}

impl StagePlan {
    /// The host's version of this kernel's bounds test, if it has one.
    pub fn host_proof(&self, mg: &MethodGraph) -> Option<crate::BoundsProof> {
        crate::tile::host_proof(mg, &self.accesses, None)
    }

    /// How many array reads and writes go through local memory.
    pub fn staged(&self) -> (usize, usize) {
        let reads = self.loads.iter().filter(|(_, s)| *s).count();
        let writes = if self.stage_stores {
            self.stores.len()
        } else {
            0
        };
        (reads, writes)
    }
}

/// Whether an index moves by one element with `i` and by something else with `j`.
fn strided_along_j(form: &Affine3) -> bool {
    let unit = |l: &Linear| l.terms.is_empty() && l.constant.abs() == 1;
    unit(&form.coef[0]) && !unit(&form.coef[1])
}

/// Recognises a 2-D nest with accesses to stage (see the module docs).
pub fn plan_staging_2d(mg: &MethodGraph, nest: &ParallelNest, budget: usize) -> Option<StagePlan> {
    let g = &mg.graph;
    let (i, j, parallel_begin) = two_dimensions(nest)?;
    let mut memo = HashMap::new();
    let mut uniform = |n: NodeId| is_uniform(g, n, &mut memo, 0);
    let mut loads = Vec::new();
    let mut stores = Vec::new();
    let mut cur = nest.body_entry;
    loop {
        match g.op(cur) {
            Op::Begin | Op::Guard(GuardKind::Index) => {}
            Op::ArrayLoad(_) if stores.is_empty() => loads.push(cur),
            Op::ArrayStore(_) => stores.push(cur),
            Op::LoopEnd if g.inputs(cur)[0] == parallel_begin => break,
            _ => return None,
        }
        cur = g.next(cur)?;
    }
    if stores.is_empty() {
        return None;
    }
    // No third induction variable: the body node stands for it and never appears in an index.
    let ivs = [i, j, nest.body_entry];
    let mut accesses = Vec::new();
    let mut forms = HashMap::new();
    for &n in loads.iter().chain(&stores) {
        let ins = g.inputs(n);
        if mg.params.iter().all(|p| p.node != ins[0]) {
            return None;
        }
        let form = affine3(g, ins[1], ivs, &mut uniform, 0)?;
        forms.insert(n, strided_along_j(&form));
        accesses.push((n, ins[0], form, false));
    }
    let mut bytes = 0;
    let mut tile = |n: NodeId| {
        let size = match g.op(n) {
            Op::ArrayLoad(e) => e.size_bytes(),
            Op::ArrayStore(_) => match g.stamp(g.inputs(n)[2]) {
                Stamp::Long | Stamp::Double => 8,
                _ => 4,
            },
            _ => 8,
        };
        bytes += WIDTH * (WIDTH + 1) * size;
        bytes <= budget
    };
    let stage_stores = stores.iter().all(|s| forms[s]) && stores.iter().all(|&s| tile(s));
    let loads: Vec<(NodeId, bool)> = loads.iter().map(|&l| (l, forms[&l] && tile(l))).collect();
    if !stage_stores && !loads.iter().any(|(_, s)| *s) {
        return None;
    }
    Some(StagePlan {
        i,
        j,
        loads,
        stores,
        stage_stores,
        accesses,
    })
}
