//! One method's graph with its side tables, and where things are in the Java program.
//!
//! The front end builds a [`MethodGraph`]; the phases (`ferrocl-opt`) and the writer read and rewrite
//! it, and every stage refuses what it does not handle with a [`Bailout`] that names where and why.

use crate::{FieldRef, Graph, NodeId, SideTable, Stamp};
use std::fmt;
use thiserror::Error;

/// Where in the Java program something happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// Internal class name, e.g. `dev/ferrocl/demo/Demo`.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Method descriptor, e.g. `([I[I[II)V`.
    pub descriptor: String,
    /// The `SourceFile` attribute, when present.
    pub source_file: Option<String>,
    /// Bytecode index, when the problem is at one instruction.
    pub bci: Option<u32>,
    /// Source line from the `LineNumberTable`, when known.
    pub line: Option<u16>,
}

impl Location {
    /// The same method at another bytecode index and line.
    pub fn at(&self, bci: u32, line: Option<u16>) -> Location {
        Location {
            bci: Some(bci),
            line,
            ..self.clone()
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.{}{}",
            self.class.replace('/', "."),
            self.method,
            self.descriptor
        )?;
        if let Some(bci) = self.bci {
            write!(f, " at bci {bci}")?;
        }
        match (&self.source_file, self.line) {
            (Some(file), Some(line)) => write!(f, " ({file}:{line})"),
            (None, Some(line)) => write!(f, " (line {line})"),
            _ => Ok(()),
        }
    }
}

/// What kind of thing made the compiler refuse a method: what a user (or a tool) can act on without
/// parsing the reason's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BailoutKind {
    /// A bytecode instruction or language construct the compiler does not translate (exception
    /// handlers, monitors, `jsr`, instance fields written, references compared, irreducible loops).
    Construct,
    /// A call that cannot be inlined: no class bytes, native, recursive, too deep, or a virtual call
    /// whose receiver's class the host cannot give.
    Call,
    /// An allocation that cannot live in private memory or registers (escaping, reference fields,
    /// a length that is no compile-time constant, too large).
    Allocation,
    /// No parallel loop, or one the compiler cannot prove parallel (a loop-carried dependence, a
    /// bound written in the loop, a shape it does not recognise).
    Parallelism,
    /// A `@Reduce` parameter used in a way that is not a recognised reduction.
    Reduction,
    /// The device lacks what Java's semantics need (double precision, correctly rounded float
    /// division).
    Device,
    /// The state of the running program rules the kernel out (assertions enabled for the class, a
    /// null object, an object's class hidden from the host).
    Runtime,
    /// An optimising phase was switched off and nothing else can compile the method without it.
    Disabled,
}

impl BailoutKind {
    /// Every kind, in declaration order.
    pub const ALL: [BailoutKind; 8] = [
        BailoutKind::Construct,
        BailoutKind::Call,
        BailoutKind::Allocation,
        BailoutKind::Parallelism,
        BailoutKind::Reduction,
        BailoutKind::Device,
        BailoutKind::Runtime,
        BailoutKind::Disabled,
    ];

    /// The kind's name as Java's `CompilationException.Kind` spells it (`CONSTRUCT`, `CALL`, …).
    pub fn java_name(self) -> &'static str {
        match self {
            BailoutKind::Construct => "CONSTRUCT",
            BailoutKind::Call => "CALL",
            BailoutKind::Allocation => "ALLOCATION",
            BailoutKind::Parallelism => "PARALLELISM",
            BailoutKind::Reduction => "REDUCTION",
            BailoutKind::Device => "DEVICE",
            BailoutKind::Runtime => "RUNTIME",
            BailoutKind::Disabled => "DISABLED",
        }
    }
}

impl fmt::Display for BailoutKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.java_name().to_ascii_lowercase())
    }
}

/// A method the compiler cannot (yet) handle: the JVM runs it instead, or strict mode reports it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{location}: {reason}")]
pub struct Bailout {
    /// What kind of thing is unsupported.
    pub kind: BailoutKind,
    /// Where the unsupported construct is.
    pub location: Location,
    /// What is unsupported, in words a Java programmer understands.
    pub reason: String,
}

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
    /// For a field-path value: the class named by the `getfield` of its last step (internal form,
    /// `pkg/Cls`), where the JVM starts resolving the field.
    pub field_class: Option<String>,
    /// For a field-path value: the class that declares that field, as the JVM resolves it from
    /// [`ParamInfo::field_class`] (searching it, then its superclasses), when the compiler could
    /// load them. A subclass may hide it with a field of the same name; the host's descriptions
    /// of objects name each step `field@Owner` so that the two never mix.
    pub field_owner: Option<String>,
    /// For a field-path value: the index in the parameters of the object it is read from (the
    /// path's root, or the parameter of the path one step shorter). Two paths with the same field
    /// names through different declarations (`((Base) s).x.v` and `s.x.v` where `Sub` hides `x`)
    /// have different parents.
    pub field_parent: Option<usize>,
    /// For a value read from a static field (a primitive array: `static final float[] TABLE`):
    /// the field. The host reads it at every launch, after the class is initialised (or where it
    /// may initialise it, [`FieldRef::host_may_initialise`]), and passes it after the method's
    /// arguments, among the field paths.
    pub static_field: Option<FieldRef>,
    /// For one of the two arrays that stand for a multi-dimensional argument in the kernel: which
    /// argument and which of its arrays. The host (Java) builds them from the argument at every
    /// `execute()` and passes them after the method's arguments, among the field paths.
    pub nested: Option<NestedPart>,
    /// For one of the arrays that stand for an array of objects in the kernel (`Particle[] ps`):
    /// which array and which of its arrays. The host (Java) builds them from the array's elements
    /// at every `execute()` and passes them after the method's arguments, among the field paths.
    pub elements: Option<ElementPart>,
    /// Whether this is an array the method allocates before its `@Parallel` loops (`float[] tmp =
    /// new float[n];`), made a parameter by the `scratch_arrays` phase: the host allocates a new
    /// array of zeros of Java's length at every `execute()` and passes it after the method's
    /// arguments, among the field paths; nothing of it is seen after the method returns.
    pub scratch: bool,
    /// Whether the bytecode reads this parameter at all (before any optimisation). Host-side null
    /// checks cover every used array parameter, so a removed access can never hide an exception.
    pub used: bool,
}

impl ParamInfo {
    /// A parameter the compiler adds after the method's own (a field the kernel reads, an array
    /// built or allocated by the host): no local slot, not the receiver, used, and no source
    /// recorded yet (the caller sets the one that applies).
    pub fn added(node: NodeId, descriptor: String, stamp: Stamp, name: Option<String>) -> Self {
        ParamInfo {
            node,
            slot: u16::MAX,
            descriptor,
            stamp,
            name,
            is_receiver: false,
            field_path: None,
            field_class: None,
            field_owner: None,
            field_parent: None,
            static_field: None,
            nested: None,
            elements: None,
            scratch: false,
            used: true,
        }
    }
}

/// One of the arrays a multi-dimensional array argument (`float[][] m`, `int[][][] t`) becomes.
///
/// The host walks the argument and gives each distinct array in it (the argument itself, each
/// inner array; an array reached twice is the same array) a *handle*, an index into the `int`
/// **table**: at `table[h]` the array's length (`-1` for `null`); an array of arrays has its
/// elements' handles at `table[h + 1 ..= h + length]`, a primitive array the index of its first
/// element in the **data** array at `table[h + 1]`. The argument's handle is 0. Every primitive
/// array's elements lie in the data array (of the innermost element type), one after another.
/// Indices into either array are in bounds by construction, so the kernel does not check them; it
/// checks Java's indices against the lengths in the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NestedPart {
    /// The index of the multi-dimensional argument in the parameters.
    pub root: usize,
    /// The data array when true, the table when false.
    pub data: bool,
    /// The argument's dimensions (2 for `float[][]`).
    pub dims: u8,
}

/// One of the arrays an array of objects (`Particle[] ps`, one dimension, every element of one
/// class or null) becomes in the kernel: the host gives `present[k]` (`1` where element `k` is an
/// object, `0` where it is null) and, for each primitive field the kernel reads or writes, an array
/// of that field's values (`ps_x[k]` is `ps[k].x`), all of the argument's length, built from the
/// elements at every `execute()`; after a run that succeeded, the fields the kernel wrote go back
/// into the objects. Java's index checks are made on `present` (its length is the array's), its
/// null checks on `present[k]`; the field arrays need none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementPart {
    /// The index in the parameters of the array of objects (a method parameter, or a field the
    /// host reads).
    pub root: usize,
    /// The field whose values this array holds, or `None` for `present`.
    pub field: Option<ElementField>,
}

/// A primitive instance field of the elements of an array of objects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ElementField {
    /// The class declaring it (internal name).
    pub owner: String,
    /// Its name.
    pub name: String,
    /// Its descriptor (`F`, `I`, …).
    pub descriptor: String,
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
    /// The optimising phases that changed this method so far, in the order they ran (the front
    /// end's first).
    pub applied: Vec<Applied>,
    /// Classes Java initialises while it runs the method (JLS §12.4.1: the class of a static
    /// method it calls, of an object it makes) whose initialisers could be seen: while one is not
    /// initialised yet, the host runs the method on the JVM, which initialises it where Java does.
    pub initialises: Vec<String>,
    /// Pairs of array parameters (indices into `params`, smaller first) that must be distinct
    /// objects for the compiled code to be Java's (a load hoisted out of a loop that stores to the
    /// other one): where a pair is one object, the host runs the method on the JVM.
    pub distinct_arrays: Vec<(usize, usize)>,
}

/// An optimising phase that changed the code, and what it did (for `report()` and the kernel's
/// source header).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    /// The phase's name, as `-Dferrocl.opt.<name>` spells it.
    pub phase: &'static str,
    /// What it did, in a few words (`"2 calls"`, `"1 loop"`).
    pub detail: String,
}

impl fmt::Display for Applied {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.detail.is_empty() {
            f.write_str(self.phase)
        } else {
            write!(f, "{} ({})", self.phase, self.detail)
        }
    }
}

/// `"1 call"` / `"3 calls"`: a count with its noun, for [`Applied::detail`].
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

impl MethodGraph {
    /// Gives node `to`, added by a phase in place of `from`, `from`'s Java name, origin and
    /// bytecode index (for kernel names and messages).
    pub fn inherit_source(&mut self, from: NodeId, to: NodeId) {
        let name = self.names.get(from).clone();
        self.names.set(to, name);
        let origin = *self.origin.get(from);
        self.origin.set(to, origin);
        let bci = *self.bci.get(from);
        self.bci.set(to, bci);
    }

    /// A static method's graph with no parameters, no source information and empty side tables
    /// (for tests of phases and hand-built graphs).
    pub fn bare(graph: Graph, location: Location) -> MethodGraph {
        MethodGraph {
            graph,
            location,
            is_static: true,
            params: Vec::new(),
            return_stamp: Stamp::Void,
            bci: SideTable::new(),
            origin: SideTable::new(),
            methods: Vec::new(),
            phi_local: SideTable::new(),
            names: SideTable::new(),
            parallel_locals: Vec::new(),
            parallel_phis: Vec::new(),
            reduce_params: Vec::new(),
            line_numbers: Vec::new(),
            applied: Vec::new(),
            initialises: Vec::new(),
            distinct_arrays: Vec::new(),
        }
    }

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

    /// A bailout of `kind` at node `id`.
    pub fn bailout_at(&self, kind: BailoutKind, id: NodeId, reason: impl Into<String>) -> Bailout {
        Bailout {
            kind,
            location: self.location_of(id),
            reason: reason.into(),
        }
    }

    /// A bailout of `kind` for the whole method.
    pub fn bailout(&self, kind: BailoutKind, reason: impl Into<String>) -> Bailout {
        Bailout {
            kind,
            location: self.location.clone(),
            reason: reason.into(),
        }
    }
}
