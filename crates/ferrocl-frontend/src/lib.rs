//! Ferrocl's front end: one method's bytecode in, a Graal-style SSA graph out.
//!
//! **Receives** a parsed [`ClassFile`] and one of its methods. **Guarantees** a graph that passes
//! [`ferrocl_graph::verify`]: fixed nodes for control flow, array accesses and throwing integer
//! division; floating nodes for values; phis at merges and loop headers (loop headers found from the
//! control-flow graph by depth-first search and checked for reducibility, not from source patterns);
//! `LoopExit` nodes on every edge that leaves a loop. Side tables record each node's bytecode index, the
//! local slot of each phi and the Java names of values where the `LocalVariableTable` has them.
//! **Refuses** (with a [`Bailout`] naming class, method, bytecode index and source line) what the
//! compiler does not handle yet: calls, fields, object allocation, exception handlers, `switch`,
//! reference comparisons, `jsr`/`ret`, irreducible control flow.

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod blocks;
mod builder;
mod descriptor;
mod error;

pub use builder::build_graph;
pub use descriptor::{parse_method_descriptor, MethodDescriptor};
pub use error::{Bailout, FrontendError, Location};

use ferrocl_graph::{Graph, NodeId, SideTable, Stamp};

/// Annotation type descriptor of `dev.ferrocl.api.Parallel`.
pub const PARALLEL_ANNOTATION: &str = "Ldev/ferrocl/api/Parallel;";
/// Annotation type descriptor of `dev.ferrocl.api.Reduce`.
pub const REDUCE_ANNOTATION: &str = "Ldev/ferrocl/api/Reduce;";

/// A formal parameter of the method (the receiver of an instance method is parameter 0).
#[derive(Clone, Debug, PartialEq)]
pub struct ParamInfo {
    /// The `Parameter` node.
    pub node: NodeId,
    /// Local variable slot on entry.
    pub slot: u16,
    /// Field descriptor, e.g. `[F` or `I`; `L<class>;` for the receiver.
    pub descriptor: String,
    /// Its stamp.
    pub stamp: Stamp,
    /// Java name from the `LocalVariableTable`, when compiled with `-g`.
    pub name: Option<String>,
    /// Whether this is `this`.
    pub is_receiver: bool,
    /// Whether the bytecode reads this parameter at all (before any optimisation). Host-side null
    /// checks cover every used array parameter, so a removed access can never hide an exception.
    pub used: bool,
}

/// A local variable annotated `@Parallel` (a `RuntimeVisibleTypeAnnotations` LOCAL_VARIABLE target).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnnotatedLocal {
    /// First bytecode index where the variable is live.
    pub start_pc: u16,
    /// Length of the live range in bytes.
    pub length: u16,
    /// Local slot.
    pub slot: u16,
}

impl AnnotatedLocal {
    /// Whether `bci` lies in the live range.
    pub fn covers(&self, bci: u32) -> bool {
        let start = u32::from(self.start_pc);
        bci >= start && bci < start + u32::from(self.length)
    }
}

/// The graph of one method with its side tables.
#[derive(Clone, Debug)]
pub struct MethodGraph {
    /// The graph; it passes the verifier.
    pub graph: Graph,
    /// The method (no bytecode index).
    pub location: Location,
    /// Whether the method is static.
    pub is_static: bool,
    /// Formal parameters in order (receiver first for instance methods).
    pub params: Vec<ParamInfo>,
    /// The return type's stamp (`Void` for `void`).
    pub return_stamp: Stamp,
    /// Bytecode index that produced each node.
    pub bci: SideTable<Option<u32>>,
    /// For phis created for a local variable: its slot.
    pub phi_local: SideTable<Option<u16>>,
    /// Java names of values, from the `LocalVariableTable` (parameters and stored locals).
    pub names: SideTable<Option<String>>,
    /// Locals annotated `@Parallel`.
    pub parallel_locals: Vec<AnnotatedLocal>,
    /// Formal parameter positions (0-based, not counting `this`) annotated `@Reduce`.
    pub reduce_params: Vec<usize>,
    /// `LineNumberTable` entries `(start_pc, line)`.
    pub line_numbers: Vec<(u16, u16)>,
}

impl MethodGraph {
    /// The source line of `bci`, from the `LineNumberTable`.
    pub fn line_of(&self, bci: u32) -> Option<u16> {
        self.line_numbers
            .iter()
            .filter(|(pc, _)| u32::from(*pc) <= bci)
            .max_by_key(|(pc, _)| *pc)
            .map(|&(_, line)| line)
    }

    /// The location of node `id` (its bytecode index and line, when recorded).
    pub fn location_of(&self, id: NodeId) -> Location {
        match *self.bci.get(id) {
            Some(bci) => self.location.at(bci, self.line_of(bci)),
            None => self.location.clone(),
        }
    }

    /// A bailout at node `id`.
    pub fn bailout_at(&self, id: NodeId, reason: impl Into<String>) -> Bailout {
        Bailout {
            location: self.location_of(id),
            reason: reason.into(),
        }
    }

    /// A bailout for the whole method.
    pub fn bailout(&self, reason: impl Into<String>) -> Bailout {
        Bailout {
            location: self.location.clone(),
            reason: reason.into(),
        }
    }
}
