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
//! on `this`, a parameter, an object in a static field or a field path of them are *devirtualised* for the exact class the host
//! found for that object ([`RuntimeClasses`], given to [`build_graph_for`]) and inlined the same
//! way; the entries consulted are the host's guard. Other classes' bytes come from a
//! [`ClassResolver`]. javac's `$assertionsDisabled` is `true` (the resolver may say otherwise). `getstatic` of a constant folds to the constant;
//! of another primitive static field it becomes an [`Op::StaticField`] read by the host. `switch`
//! becomes a chain of `If`s; null tests of parameter arrays fold (the host rejects null arrays
//! before launch), and branches whose condition is a constant are parsed one-sided.
//!
//! **Refuses** (with a [`Bailout`] naming class, method, bytecode index and source line — for
//! inlined code, the callee's) what the compiler does not handle yet: virtual calls on objects
//! whose class the host cannot give (array elements, hidden classes other than lambdas') or does
//! not give, calls on null objects, classes run with assertions enabled, recursion, native methods,
//! instance fields, `putstatic`, static fields holding arrays of objects (arrays of objects that
//! are arguments or fields of them are laid out by the host, see `elements.rs`), allocation of objects that escape
//! or have reference fields (others are replaced by scalars, see `objects.rs`; arrays of primitives
//! become `NewArray` nodes, checked by `ferrocl-opt`), exception handlers, `null`, comparisons of different
//! references, `jsr`/`ret`, irreducible control flow.
//!
//! [`Op::Intrinsic`]: ferrocl_graph::Op::Intrinsic
//! [`Op::StaticField`]: ferrocl_graph::Op::StaticField

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod arraycopy;
mod blocks;
mod builder;
mod descriptor;
mod devirt;
mod elements;
mod error;
mod exact;
mod fields;
mod grids;
mod inline;
mod intrinsics;
mod nested;
mod objects;
mod records;
mod references;
mod resolver;
mod runtime_classes;
mod statics;
mod streams;
mod switch;

pub use builder::{
    build_graph, build_graph_for, build_graph_with, FrontendOptions, MAX_INLINE_DEPTH,
};
pub use descriptor::{parse_method_descriptor, MethodDescriptor};
pub use error::FrontendError;
pub use intrinsics::{intrinsic_for, strict_exact, strict_inexact};
pub use resolver::{ClassResolver, DirectoryResolver, NoResolver};
pub use runtime_classes::{ObjectPath, RuntimeClass, RuntimeClasses};

pub use ferrocl_graph::{
    AnnotatedLocal, Bailout, BailoutKind, GraphMethod, Location, MethodGraph, Origin, ParamInfo,
};

/// Annotation type descriptor of `dev.ferrocl.api.Parallel`.
pub const PARALLEL_ANNOTATION: &str = "Ldev/ferrocl/api/Parallel;";
/// Annotation type descriptor of `dev.ferrocl.api.Reduce`.
pub const REDUCE_ANNOTATION: &str = "Ldev/ferrocl/api/Reduce;";
