//! Ferrocl's phases over the graph, each a module named for what it does.
//!
//! **Receives** a verified [`MethodGraph`] from the front end. **Guarantees** that every phase leaves
//! a graph that passes the verifier (checked by the [`Suite`] after each phase in debug builds and
//! tests). **Refuses** methods whose parallel structure it cannot prove, with a [`Bailout`].
//!
//! The phases run under a [`Suite`] (see `manager`): a [`Context`] holds the graph and the analyses
//! phases share; optimising phases can be switched off by name ([`PhaseSwitches`]) and record what
//! they changed in [`MethodGraph::applied`].

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod array_choices;
mod body_copy;
mod bounds_proof;
mod canonicalize;
pub mod coherence;
mod count_up;
mod guards;
mod hoist_loads;
mod host_loads;
mod host_versioning;
mod if_convert;
mod induction;
mod long_index;
mod loop_versioning;
mod manager;
mod narrow;
mod nested_loads;
mod parallel;
mod private_arrays;
mod reduce;
mod reduce_choice;
mod reduce_loop;
mod repeat;
mod scratch_arrays;
pub mod stage1d;
pub mod stage2d;
pub mod tile;
mod vector_access;

pub use array_choices::split_array_choices;
pub use bounds_proof::{BoundsProof, HostLinear, InnerLoop, ProvedAccess};
pub use canonicalize::{canonicalize, canonicalize_with, fold_binary, fold_conversion};
pub use count_up::count_up;
pub use guards::{eliminate_guards, lower_checks, nested_bounds, range, Eliminated};
pub use hoist_loads::{hoist_entered_loads, hoist_header_loads, sink_between_parallel_loops};
pub use host_loads::{lower_host_loads, select_remaining_choices};
pub use host_versioning::{plan_host_versioning, version_host_checks, HostTest, HostVersioning};
pub use if_convert::{if_convert, if_convert_between_parallel};
pub use induction::{
    induction, loop_affine, loop_invariant, step_of, Induction, Linear, LoopAffine,
};
pub use long_index::narrow_long_index;
pub use loop_versioning::{version_loops, without_loop_versions, Counted, LoopVersion};
pub use manager::{
    Changed, Context, LoopForest, LoopInfo, Phase, PhaseInfo, PhaseObserver, PhaseSwitches, Stage,
    Suite, Target, OPTIONAL_PHASES, RELAXED_MATH,
};
pub use narrow::{narrow_float, narrow_float_graph};
pub use nested_loads::{hoist_nested_loads, merge_nested_loads};
pub use parallel::{
    compare_constants, host_expr_exact_of, host_expr_of, host_expr_wide_of, host_intrinsic,
    recognize_parallel_loops, Carried, HostExpr, LoopDim, NestShape, ParallelNest, Repeat,
    SequentialLoop, WideConst,
};
pub use private_arrays::{
    array_site, array_sources, check_private_arrays, private_length, PRIVATE_BYTES_PER_WORK_ITEM,
};
pub use reduce::{
    recognize_reductions, take_reduce_starts, take_reduce_tails, ReduceOp, Reduction,
};
pub use reduce_choice::reduce_choices;
pub use reduce_loop::{
    index_affine, plan_reduce_loop, Affine, RangeGuard, ReduceLoop, UNROLL, VECTOR_COPIES,
    VECTOR_LANES,
};
pub use repeat::{flatten_repeat_loop, RepeatLoop};
pub use scratch_arrays::{lower_scratch_arrays, ScratchArray, ScratchCopy};
pub use stage1d::{plan_staging_1d, Stage1dPlan, StagedLoadPlan};
pub use stage2d::{plan_staging_2d, StagePlan};
pub use tile::{
    affine3, host_proof, is_uniform, plan_tiles, Access, Affine3, Level, Tile, TilePlan, TileSource,
};
pub use vector_access::vectorise_accesses;

use ferrocl_graph::{Bailout, MethodGraph};

/// A phase failure.
#[derive(Debug, thiserror::Error)]
pub enum OptError {
    /// The method is outside what the compiler handles.
    #[error(transparent)]
    Bailout(#[from] Bailout),
    /// A phase broke a graph invariant: a bug in Ferrocl.
    #[error("internal error: phase `{phase}` broke the graph: {message}")]
    Internal {
        /// The phase.
        phase: &'static str,
        /// What the verifier said.
        message: String,
    },
}

/// Runs the [`Suite::standard`] phases under `switches` for `target` and returns the parallel nests found and
/// the arrays the host allocates for the method (`scratch_arrays`). The
/// verifier runs after each phase that changed the graph when `verify_each` is set (always in
/// debug builds).
pub fn run_phases(
    mg: &mut MethodGraph,
    switches: &PhaseSwitches,
    target: Target,
    observer: Option<PhaseObserver<'_>>,
    verify_each: bool,
) -> Result<(Vec<ParallelNest>, Vec<ScratchArray>), OptError> {
    let mut cx = Context::new(mg, switches);
    cx.target = target;
    Suite::standard().run(&mut cx, observer, verify_each)?;
    let nests = std::mem::take(&mut cx.nests);
    let scratch = std::mem::take(&mut cx.scratch);
    for nest in &nests {
        log::debug!(
            "{}: kernel over {} @Parallel loop(s): {:?}",
            mg.location,
            nest.dims.len(),
            nest.dims
                .iter()
                .map(|d| (&d.index_name, &d.lower, &d.upper, d.inclusive, d.step))
                .collect::<Vec<_>>()
        );
    }
    Ok((nests, scratch))
}
