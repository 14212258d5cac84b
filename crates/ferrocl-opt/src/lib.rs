//! Ferrocl's phases over the graph, each a module named for what it does.
//!
//! **Receives** a verified [`MethodGraph`] from the front end. **Guarantees** that every phase leaves
//! a graph that passes the verifier (checked by [`run_phases`] after each phase in debug builds and
//! tests). **Refuses** methods whose parallel structure it cannot prove, with a [`Bailout`].

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod canonicalize;
mod induction;
mod parallel;
mod private_arrays;
mod reduce;

pub use canonicalize::{canonicalize, fold_binary};
pub use induction::{induction, loop_affine, step_of, Induction, Linear, LoopAffine};
pub use parallel::{host_expr_of, recognize_parallel_loops, HostExpr, LoopDim, ParallelNest};
pub use private_arrays::{
    array_site, array_sources, check_private_arrays, private_length, PRIVATE_BYTES_PER_WORK_ITEM,
};
pub use reduce::{recognize_reductions, ReduceOp, Reduction};

use ferrocl_frontend::{Bailout, MethodGraph};
use ferrocl_graph::{verify, Graph};

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

/// Observer called with each phase's name and resulting graph (for `--dump-graph`).
pub type PhaseObserver<'a> = &'a mut dyn FnMut(&str, &Graph);

/// Runs the phases in order: canonicalisation, the check of arrays allocated in the kernel (and
/// canonicalisation again when it folded their lengths), then parallel-loop recognition. The verifier runs
/// after each phase that rewrites the graph when `verify_each` is set (always in debug builds).
pub fn run_phases(
    mg: &mut MethodGraph,
    observer: Option<PhaseObserver<'_>>,
    verify_each: bool,
) -> Result<Vec<ParallelNest>, OptError> {
    let mut observer = observer;
    let mut after = |name: &'static str, g: &Graph| -> Result<(), OptError> {
        if verify_each || cfg!(debug_assertions) {
            verify(g).map_err(|e| OptError::Internal {
                phase: name,
                message: e.to_string(),
            })?;
        }
        if let Some(obs) = observer.as_mut() {
            obs(name, g);
        }
        Ok(())
    };
    after("build_graph", &mg.graph)?;
    canonicalize(mg);
    after("canonicalize", &mg.graph)?;
    if check_private_arrays(mg)? {
        canonicalize(mg);
    }
    after("check_private_arrays", &mg.graph)?;
    let mut parallel = recognize_parallel_loops(mg)?;
    for nest in &mut parallel {
        nest.reductions = recognize_reductions(mg, nest)?;
    }
    for nest in &parallel {
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
    Ok(parallel)
}
