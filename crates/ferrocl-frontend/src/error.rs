//! Front-end errors: every bailout names the class, method, bytecode index and source line.

use ferrocl_graph::{Bailout, Location};
use thiserror::Error;

/// Errors of the front end.
#[derive(Debug, Error)]
pub enum FrontendError {
    /// The method is valid Java that the compiler does not handle.
    #[error(transparent)]
    Bailout(#[from] Bailout),
    /// The class or method is malformed in a way the class-file reader let through.
    #[error("malformed method {location}: {message}")]
    Malformed {
        /// Where.
        location: Location,
        /// What is wrong.
        message: String,
    },
    /// A bug in Ferrocl (a broken graph invariant).
    #[error("internal error in the front end at {location}: {message}")]
    Internal {
        /// Where.
        location: Location,
        /// What went wrong.
        message: String,
    },
}
