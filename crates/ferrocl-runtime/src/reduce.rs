//! The host half of a reduction: the operators, their identities and combines, and the fold of
//! the per-work-group partial results a reduction kernel leaves. One definition serves the
//! compiler, the writer and the runtime: it lives in `ferrocl-graph` (see [`ferrocl_graph::reduce`])
//! and is re-exported here.

pub use ferrocl_graph::reduce::{ReduceKind, ReduceOp, ReduceValue};
