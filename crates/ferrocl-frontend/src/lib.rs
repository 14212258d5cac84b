//! Ferrocl's front end: one method's bytecode in, a Graal-style SSA graph out.
//!
//! **Receives** a parsed [`ClassFile`](ferrocl_classfile::ClassFile) and one of its methods.
//! **Guarantees** a graph that passes [`ferrocl_graph::verify`]: fixed nodes for control flow,
//! array accesses and throwing integer division; floating nodes for values; phis at merges and loop headers (loop headers found from the
//! control-flow graph by depth-first search and checked for reducibility, not from source patterns);
//! `LoopExit` nodes on every edge that leaves a loop. Side tables record each node's origin (the
//! method and bytecode index it was parsed from), the local slot of each phi of the compiled method
//! and the Java names of values where the `LocalVariableTable` has them.
//!
//! Calls are handled while parsing, as Graal's bytecode parser does: calls of known pure library
//! methods (`Math.sqrt`, `Integer.bitCount`, …) become [`Op::Intrinsic`] nodes; other statically
//! bound calls (`invokestatic`, and private or final methods or methods of final classes) are
//! *inlined*: the callee's bytecode is parsed into the same graph, with the arguments as its
//! initial locals, and its returns merge into the code after the call. Virtual and interface calls
//! on `this`, a parameter or a field path of them are *devirtualised* for the exact class the host
//! found for that object ([`RuntimeClasses`], given to [`build_graph_for`]) and inlined the same
//! way; the entries consulted are the host's guard. Other classes' bytes come from a
//! [`ClassResolver`]. javac's `$assertionsDisabled` is `true` (the resolver may say otherwise). `getstatic` of a constant folds to the constant;
//! of another primitive static field it becomes an [`Op::StaticField`] read by the host. `switch`
//! becomes a chain of `If`s; null tests of parameter arrays fold (the host rejects null arrays
//! before launch), and branches whose condition is a constant are parsed one-sided.
//!
//! **Refuses** (with a [`Bailout`] naming class, method, bytecode index and source line — for
//! inlined code, the callee's) what the compiler does not handle yet: virtual calls on objects
//! whose class the host cannot give (array elements, hidden classes such as lambdas) or does not
//! give, calls on null objects, classes run with assertions enabled, recursion, native methods,
//! instance fields, `putstatic`, static fields of reference type, allocation of objects that escape
//! or have reference fields (others are replaced by scalars, see `objects.rs`; arrays of primitives
//! become `NewArray` nodes, checked by `ferrocl-opt`), exception handlers, `null`, comparisons of different
//! references, `jsr`/`ret`, irreducible control flow.
//!
//! [`Op::Intrinsic`]: ferrocl_graph::Op::Intrinsic
//! [`Op::StaticField`]: ferrocl_graph::Op::StaticField

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod blocks;
mod builder;
mod descriptor;
mod devirt;
mod error;
mod fields;
mod inline;
mod intrinsics;
mod objects;
mod references;
mod resolver;
mod runtime_classes;
mod statics;
mod streams;
mod switch;

pub use builder::{build_graph, build_graph_for, MAX_INLINE_DEPTH};
pub use descriptor::{parse_method_descriptor, MethodDescriptor};
pub use error::{Bailout, FrontendError, Location};
pub use intrinsics::intrinsic_for;
pub use resolver::{ClassResolver, DirectoryResolver, NoResolver};
pub use runtime_classes::{ObjectPath, RuntimeClass, RuntimeClasses};

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
    /// For a value read from a field rather than passed: the parameter the field path starts from
    /// (the receiver for `this.x`) and the field names (`["cfg", "n"]` for `this.cfg.n`). The host
    /// reads such values at every launch and passes them after the method's arguments.
    pub field_path: Option<(usize, Vec<String>)>,
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

/// Where a node comes from: a method of [`MethodGraph::methods`] and a bytecode index in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Origin {
    /// Index into [`MethodGraph::methods`] (0 is the compiled method itself).
    pub method: usize,
    /// Bytecode index in that method.
    pub bci: u32,
}

/// A method whose bytecode was parsed into the graph: the compiled method, or one inlined call of
/// a callee (a method inlined at two call sites appears twice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphMethod {
    /// The method (no bytecode index).
    pub location: Location,
    /// Its `LineNumberTable` entries `(start_pc, line)`.
    pub line_numbers: Vec<(u16, u16)>,
    /// Where it was inlined (a call instruction of an earlier entry); `None` for the compiled method.
    pub call_site: Option<Origin>,
}

impl GraphMethod {
    /// The source line of `bci` in this method.
    pub fn line_of(&self, bci: u32) -> Option<u16> {
        line_in(&self.line_numbers, bci)
    }
}

/// The line of the `LineNumberTable` entry with the greatest `start_pc <= bci`.
fn line_in(table: &[(u16, u16)], bci: u32) -> Option<u16> {
    table
        .iter()
        .filter(|(pc, _)| u32::from(*pc) <= bci)
        .max_by_key(|(pc, _)| *pc)
        .map(|&(_, line)| line)
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
    /// Bytecode index *in the compiled method* that produced each node. For nodes of inlined code
    /// it is the compiled method's call instruction that (directly or through further calls)
    /// inlined them, so ranges of the compiled method's locals (`@Parallel`) can be checked
    /// against any node. Use [`MethodGraph::origin`] for the exact method and index.
    pub bci: SideTable<Option<u32>>,
    /// The method (index into [`MethodGraph::methods`]) and bytecode index that produced each node
    /// built by the front end; unset for `Start`, parameters and nodes added by later phases.
    pub origin: SideTable<Option<Origin>>,
    /// The methods whose code is in the graph: index 0 is the compiled method, then one entry per
    /// inlined call, in the order they were parsed (a callee after its caller).
    pub methods: Vec<GraphMethod>,
    /// For phis created for a local variable of the compiled method (never of inlined code): its
    /// slot.
    pub phi_local: SideTable<Option<u16>>,
    /// Java names of values, from the `LocalVariableTable` (parameters and stored locals).
    pub names: SideTable<Option<String>>,
    /// Locals annotated `@Parallel`.
    pub parallel_locals: Vec<AnnotatedLocal>,
    /// Index phis of loops built from `IntStream.range(..).parallel().forEach(..)`: parallel loops
    /// like `@Parallel` ones.
    pub parallel_phis: Vec<NodeId>,
    /// Formal parameter positions (0-based, not counting `this`) annotated `@Reduce`.
    pub reduce_params: Vec<usize>,
    /// `LineNumberTable` entries `(start_pc, line)` of the compiled method.
    pub line_numbers: Vec<(u16, u16)>,
}

impl MethodGraph {
    /// The source line of `bci` of the compiled method, from its `LineNumberTable`.
    pub fn line_of(&self, bci: u32) -> Option<u16> {
        line_in(&self.line_numbers, bci)
    }

    /// The location of `origin`: its method (the inlined callee for inlined code), bytecode index
    /// and source line.
    pub fn location_at(&self, origin: Origin) -> Location {
        match self.methods.get(origin.method) {
            Some(m) => m.location.at(origin.bci, m.line_of(origin.bci)),
            None => self.location.at(origin.bci, self.line_of(origin.bci)),
        }
    }

    /// The location of node `id` (its method, bytecode index and line, when recorded). For a node
    /// of inlined code this names the callee and the callee's line.
    pub fn location_of(&self, id: NodeId) -> Location {
        if let Some(origin) = *self.origin.get(id) {
            return self.location_at(origin);
        }
        match *self.bci.get(id) {
            Some(bci) => self.location.at(bci, self.line_of(bci)),
            None => self.location.clone(),
        }
    }

    /// The chain of call sites through which node `id` was inlined, innermost first (empty for a
    /// node of the compiled method itself).
    pub fn inlined_at(&self, id: NodeId) -> Vec<Location> {
        let mut out = Vec::new();
        let mut method = self.origin.get(id).map_or(0, |o| o.method);
        while let Some(site) = self.methods.get(method).and_then(|m| m.call_site) {
            out.push(self.location_at(site));
            if site.method >= method || out.len() > self.methods.len() {
                break; // call sites always precede their callees; anything else is malformed
            }
            method = site.method;
        }
        out
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
