//! Abstract interpretation of the bytecode over the blocks in reverse postorder, building SSA.
//!
//! One [`Builder`] owns the graph and its side tables for the whole compilation; each method whose
//! bytecode is parsed (the compiled method, then every inlined callee, see `inline.rs`) gets a
//! [`Scope`] with its class, code and position. Parsing a callee is a nested call of
//! [`Builder::parse_method`] that starts at the caller's current fixed node and leaves its returns
//! in the callee's scope.

use crate::blocks::{build_cfg, Cfg, CfgError};
use crate::descriptor::{parse_method_descriptor, slot_size};
use crate::error::FrontendError;
use crate::resolver::ClassResolver;
use crate::runtime_classes::RuntimeClasses;
use crate::{
    AnnotatedLocal, GraphMethod, MethodGraph, Origin, ParamInfo, PARALLEL_ANNOTATION,
    REDUCE_ANNOTATION,
};
use crate::{Bailout, BailoutKind, Location};
use ferrocl_classfile::{
    ArithOp, ArrayKind, ClassFile, Code, Cond, ConvKind, Insn, Kind, Method, Op as JOp,
    TypeAnnotationTarget,
};
use ferrocl_graph::{
    count, verify, Applied, BinaryOp, Condition, Constant, ConvTarget, Conversion, ElemKind, Graph,
    NodeId, Op, SideTable, Stamp,
};
use std::collections::HashMap;
use std::rc::Rc;

/// The bailout reason for a `synchronized` block: work-items cannot take a Java monitor.
const SYNCHRONIZED_BLOCK: &str =
    "a synchronized block (monitorenter) cannot run on the device: work-items cannot take a Java monitor";

/// Upper bound on graph size; larger methods bail out rather than exhaust memory.
pub(crate) const MAX_NODES: usize = 200_000;

/// How deep calls may nest inside the compiled method (the compiled method is depth 0).
pub const MAX_INLINE_DEPTH: usize = 16;

/// The JVM frame at a program point: locals (a `long`/`double` occupies its slot, the next is
/// `None`) and the operand stack (one entry per value, whatever its category).
#[derive(Clone, Debug)]
pub(crate) struct Frame {
    pub(crate) locals: Vec<Option<NodeId>>,
    pub(crate) stack: Vec<NodeId>,
    /// Fields of the objects allocated in the kernel and replaced by scalars (see `objects`), at
    /// the slot each allocation site reserved; `None` where that object does not exist on this path.
    pub(crate) fields: Vec<Option<NodeId>>,
}

/// A forward edge into a merge: its `End`, the fixed node before the `End`, and the frame.
pub(crate) struct ArrivingEnd {
    end: NodeId,
    before: NodeId,
    frame: Frame,
}

/// How control arrives at a block that has not been built yet.
pub(crate) enum Arrival {
    /// A single predecessor: continue the fixed chain after `tail`.
    Direct { tail: NodeId, frame: Frame },
    /// Predecessors of a merge or loop header.
    Ends(Vec<ArrivingEnd>),
}

/// A loop header under construction: its `LoopBegin` and the phis for each local and stack slot.
pub(crate) struct LoopHeader {
    begin: NodeId,
    local_phis: Vec<Option<NodeId>>,
    stack_phis: Vec<NodeId>,
    field_phis: Vec<Option<NodeId>>,
    /// Locals holding an object allocated in the kernel that the loop may give another one (see
    /// `objects`): the local, the placeholder standing for its object in the loop, and the phis
    /// of that object's fields.
    object_phis: Vec<(usize, NodeId, Vec<NodeId>)>,
    /// The same for field slots (of objects allocated in the kernel) holding such an object
    /// (`p.pos = p.pos.plus(v)` in a loop): the slot, the placeholder, the phis of its fields.
    field_object_phis: Vec<(usize, NodeId, Vec<NodeId>)>,
    /// Locals holding an element of an array of objects that the loop may give another element
    /// of the same array (see `elements`): the local, the array's parameter, and the phis of the
    /// element's index and `present` value.
    element_phis: Vec<(usize, usize, NodeId, NodeId)>,
    /// The locals with a value that may be read again from the header on (bytecode liveness,
    /// [`crate::blocks::Cfg::local_live_at`]).
    live: Vec<usize>,
    /// The method's [`Scope::objects_from`].
    objects_from: usize,
}

/// The walk over one method's blocks: its CFG, the arrivals at blocks not yet built, and the
/// loop headers built so far.
pub(crate) struct Walk<'w> {
    pub(crate) cfg: &'w Cfg,
    arrivals: HashMap<usize, Arrival>,
    headers: HashMap<usize, LoopHeader>,
}

/// A return of inlined code: its last fixed node, the returned value, and the fields of objects
/// replaced by scalars ([`Frame::fields`]) at that point.
pub(crate) type InlineReturn = (NodeId, Option<NodeId>, Vec<Option<NodeId>>);

/// One method being parsed: the compiled method or an inlined callee.
pub(crate) struct Scope<'c> {
    /// Its class (for the constant pool).
    pub(crate) class: &'c ClassFile,
    /// Its code.
    pub(crate) code: &'c Code,
    /// Index into [`Builder::methods`].
    pub(crate) method: usize,
    /// Its return type's stamp.
    pub(crate) return_stamp: Stamp,
    /// Whether this is the compiled method (not inlined code).
    pub(crate) is_root: bool,
    /// Bytecode index of the instruction after the current one (where a stored local's live range
    /// starts in the `LocalVariableTable`).
    pub(crate) next_bci: u32,
    /// For inlined code: each return's last fixed node, returned value and object fields.
    pub(crate) returns: Vec<InlineReturn>,
    /// Objects allocated in the kernel while parsing this method have node indices from here on
    /// ([`Graph::id_bound`] when it started): the others came from a caller, whose variables may
    /// still hold them (see `merge_objects`).
    pub(crate) objects_from: usize,
}

/// The graph under construction and everything shared by the methods parsed into it.
pub(crate) struct Builder<'a, 'r> {
    /// The compiled method's class.
    pub(crate) root: &'a ClassFile,
    /// Where other classes come from.
    pub(crate) resolver: &'r mut dyn ClassResolver,
    /// Classes fetched through the resolver in this build; an `Err` (not available or unreadable)
    /// holds the bailout reason, so a class is asked for at most once per build.
    pub(crate) classes: HashMap<String, Result<Rc<ClassFile>, String>>,
    pub(crate) graph: Graph,
    pub(crate) origin: SideTable<Option<Origin>>,
    /// Bytecode index in the compiled method (see [`MethodGraph::bci`]).
    pub(crate) bci: SideTable<Option<u32>>,
    pub(crate) phi_local: SideTable<Option<u16>>,
    pub(crate) names: SideTable<Option<String>>,
    pub(crate) methods: Vec<GraphMethod>,
    /// The instruction being parsed.
    pub(crate) pos: Origin,
    /// The compiled method's instruction being parsed (the outermost call site while inlining).
    pub(crate) root_bci: u32,
    /// `class.name descriptor` of each method being parsed, outermost first (recursion check).
    pub(crate) call_stack: Vec<String>,
    /// For the conditional branch being parsed (a block's last instruction): whether each of its
    /// two successors (the target, the fall-through) always throws.
    pub(crate) branch_throws: [bool; 2],
    /// The receiver parameter of the compiled method, when it is an instance method.
    pub(crate) receiver: Option<NodeId>,
    /// Parameters whose nullness the bytecode tests (so they count as used).
    pub(crate) null_tested: Vec<NodeId>,
    /// Bytecode instructions inlined so far (bounds the work of inlining).
    pub(crate) inlined_instructions: usize,
    /// Phis whose inputs disagree in type: legal only while unused.
    conflicting_phis: Vec<NodeId>,
    /// Whether a merge met an inner array of a multi-dimensional argument and a value of another
    /// kind (for the message when the merged variable is then used).
    mixed_nested: bool,
    /// Placeholders for `IntStream` ranges being built (see `streams`).
    pub(crate) streams: HashMap<NodeId, crate::streams::StreamInfo>,
    /// Placeholders for lambdas (see `streams`).
    pub(crate) lambdas: HashMap<NodeId, crate::streams::LambdaInfo>,
    /// Placeholders for elements of arrays of objects (see `elements`).
    pub(crate) elements: HashMap<NodeId, crate::elements::ElementRef>,
    /// Placeholders for multi-dimensional arrays allocated in the kernel and their rows (see
    /// `grids`).
    pub(crate) grids: HashMap<NodeId, crate::grids::GridRef>,
    /// The `null`s the method pushes (`aconst_null`), as opposed to placeholders.
    pub(crate) nulls: std::collections::HashSet<NodeId>,
    /// Indices of loops built from `IntStream…parallel().forEach`.
    pub(crate) parallel_phis: Vec<NodeId>,
    /// The method's parameters, then one synthetic parameter per field path read (see `fields`).
    pub(crate) params: Vec<ParamInfo>,
    /// Placeholders of objects allocated in the kernel, replaced by scalars (see `objects`).
    pub(crate) virtual_objects: HashMap<NodeId, crate::objects::VirtualObject>,
    /// The objects of [`Builder::virtual_objects`] made by boxing (`Integer.valueOf`), whose
    /// identity Java's box caches decide.
    pub(crate) boxes: std::collections::HashSet<NodeId>,
    /// Field slots reserved so far by allocation sites.
    pub(crate) virtual_field_count: usize,
    /// Objects allocated in the kernel that the methods inlining the one being parsed still hold
    /// (in a variable live after the call, or on their operand stack): a merge in the callee must
    /// not copy them (see `merge_objects`).
    pub(crate) held_by_callers: Vec<NodeId>,
    /// The exact classes of the objects reachable from the arguments (see `devirt`).
    pub(crate) runtime: &'r mut RuntimeClasses,
    /// Classes whose initialisation Java triggers while running the method (a static method's
    /// class, a class instantiated in the kernel), each once.
    pub(crate) initialised: Vec<String>,
    /// Which optional front-end phases run.
    pub(crate) options: FrontendOptions,
    /// Virtual and interface calls devirtualised so far.
    pub(crate) devirtualized: usize,
    /// Objects replaced by scalars so far.
    pub(crate) scalar_replaced: usize,
}

/// The front end's optional phases: each can be switched off, and the method then bails out where
/// it would have needed the phase (a [`BailoutKind::Disabled`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrontendOptions {
    /// Devirtualise virtual and interface calls for the host's runtime classes (`devirtualize`).
    pub devirtualize: bool,
    /// Replace non-escaping objects allocated in the kernel by scalars (`scalarReplace`).
    pub scalar_replace: bool,
}

impl Default for FrontendOptions {
    /// Every phase on.
    fn default() -> Self {
        FrontendOptions {
            devirtualize: true,
            scalar_replace: true,
        }
    }
}

/// Builds the graph of `method` of `class`, inlining calls; other classes come from `resolver`
/// (each at most once per build). No object's runtime class is known, so virtual calls that are not
/// statically bound bail out; see [`build_graph_for`].
pub fn build_graph(
    class: &ClassFile,
    method: &Method,
    resolver: &mut dyn ClassResolver,
) -> Result<MethodGraph, FrontendError> {
    build_graph_for(class, method, resolver, &mut RuntimeClasses::new())
}

/// Like [`build_graph`], with the exact classes the host found for the objects reachable from the
/// task's arguments: virtual and interface calls on those objects are devirtualised for them and
/// inlined. The entries consulted are recorded in `runtime` (also when the build fails).
pub fn build_graph_for(
    class: &ClassFile,
    method: &Method,
    resolver: &mut dyn ClassResolver,
    runtime: &mut RuntimeClasses,
) -> Result<MethodGraph, FrontendError> {
    build_graph_with(class, method, resolver, runtime, FrontendOptions::default())
}

/// Like [`build_graph_for`], running only the optional phases `options` names.
pub fn build_graph_with(
    class: &ClassFile,
    method: &Method,
    resolver: &mut dyn ClassResolver,
    runtime: &mut RuntimeClasses,
    options: FrontendOptions,
) -> Result<MethodGraph, FrontendError> {
    let location = Location {
        class: class.name.clone(),
        method: method.name.clone(),
        descriptor: method.descriptor.clone(),
        source_file: class.source_file.clone(),
        bci: None,
        line: None,
    };
    let bail = |reason: String| {
        FrontendError::Bailout(Bailout {
            kind: BailoutKind::Construct,
            location: location.clone(),
            reason,
        })
    };
    let Some(code) = method.code.as_ref() else {
        return Err(bail(
            "the method has no bytecode (abstract or native)".into(),
        ));
    };
    let Some(desc) = parse_method_descriptor(&method.descriptor) else {
        return Err(FrontendError::Malformed {
            location,
            message: format!("bad method descriptor {}", method.descriptor),
        });
    };
    // A synchronized block's monitor exit sits in an exception handler: name the block itself.
    if let Some(insn) = code
        .instructions
        .iter()
        .find(|i| matches!(i.op, JOp::MonitorEnter))
    {
        return Err(Bailout {
            kind: BailoutKind::Construct,
            location: location.at(insn.bci, code.line_of(insn.bci)),
            reason: SYNCHRONIZED_BLOCK.into(),
        }
        .into());
    }
    let return_stamp = return_stamp_of(&desc.ret);

    let mut b = Builder {
        root: class,
        resolver,
        classes: HashMap::new(),
        graph: Graph::new(),
        origin: SideTable::new(),
        bci: SideTable::new(),
        phi_local: SideTable::new(),
        names: SideTable::new(),
        methods: vec![GraphMethod {
            location: location.clone(),
            line_numbers: code.line_numbers.clone(),
            call_site: None,
        }],
        pos: Origin::default(),
        root_bci: 0,
        call_stack: vec![method_key(&class.name, &method.name, &method.descriptor)],
        branch_throws: [false; 2],
        receiver: None,
        null_tested: Vec::new(),
        inlined_instructions: 0,
        conflicting_phis: Vec::new(),
        mixed_nested: false,
        streams: HashMap::new(),
        lambdas: HashMap::new(),
        elements: HashMap::new(),
        grids: HashMap::new(),
        nulls: std::collections::HashSet::new(),
        parallel_phis: Vec::new(),
        params: Vec::new(),
        virtual_objects: HashMap::new(),
        boxes: std::collections::HashSet::new(),
        virtual_field_count: 0,
        held_by_callers: Vec::new(),
        runtime,
        initialised: Vec::new(),
        options,
        devirtualized: 0,
        scalar_replaced: 0,
    };

    // Parameters and the entry frame.
    let start = b.graph.add(Op::Start, Stamp::Void, vec![]);
    let mut frame = Frame {
        locals: vec![None; usize::from(code.max_locals)],
        stack: Vec::new(),
        fields: Vec::new(),
    };
    let mut params = Vec::new();
    let mut slot: u16 = 0;
    let mut all_params: Vec<(String, bool)> = Vec::new();
    if !method.is_static() {
        all_params.push((format!("L{};", class.name), true));
    }
    all_params.extend(desc.params.iter().map(|p| (p.clone(), false)));
    for (index, (pdesc, is_receiver)) in all_params.into_iter().enumerate() {
        let stamp = Stamp::from_descriptor(&pdesc).unwrap_or(Stamp::Object);
        let index16 = u16::try_from(index).map_err(|_| bail("too many parameters".into()))?;
        let node = b.graph.add(Op::Parameter(index16), stamp, vec![]);
        let name = if is_receiver {
            b.receiver = Some(node);
            Some("this".to_string())
        } else {
            code.local_name(slot, 0).map(str::to_string)
        };
        b.names.set(node, name.clone());
        let s = usize::from(slot);
        if s >= frame.locals.len() {
            return Err(FrontendError::Malformed {
                location,
                message: "parameters exceed max_locals".into(),
            });
        }
        frame.locals[s] = Some(node);
        if let Some((elem, dims)) = crate::nested::nested_descriptor(&pdesc) {
            // A multi-dimensional array: its local holds the handle the kernel knows it by.
            frame.locals[s] = Some(b.nested_argument(index16, elem, dims)?);
        }
        params.push(ParamInfo {
            node,
            slot,
            descriptor: pdesc.clone(),
            stamp,
            name,
            is_receiver,
            field_path: None,
            field_class: None,
            field_owner: None,
            field_parent: None,
            static_field: None,
            nested: None,
            elements: None,
            scratch: false,
            used: false,
        });
        slot += slot_size(&pdesc);
    }

    let mut scope = Scope {
        class,
        code,
        method: 0,
        return_stamp,
        is_root: true,
        objects_from: 0,
        next_bci: 0,
        returns: Vec::new(),
    };
    b.params = params;
    b.parse_method(&mut scope, start, frame)?;
    let mut params = std::mem::take(&mut b.params);
    b.simplify_phis()?;
    b.check_virtual_objects()?;
    b.check_elements()?;
    b.check_grids()?;
    b.check_loops()?;
    b.lower_nested_stamps();

    let parallel_locals = parallel_locals(code);
    let reduce_params = method
        .parameter_annotations
        .iter()
        .enumerate()
        .filter(|(_, anns)| anns.iter().any(|a| a == REDUCE_ANNOTATION))
        .map(|(i, _)| i)
        .collect();
    for p in &mut params {
        p.used = !b.graph.usages(p.node).is_empty() || b.null_tested.contains(&p.node);
    }
    // The classes the method initialises as Java runs it, but those whose initialisers cannot be
    // seen (the host may run them early, or not at all, without anyone telling).
    let mut initialises = Vec::new();
    for class in std::mem::take(&mut b.initialised) {
        if !b.initialiser_is_unobservable(&class) {
            initialises.push(class);
        }
    }
    let mut applied = Vec::new();
    if b.devirtualized > 0 {
        applied.push(Applied {
            phase: "devirtualize",
            detail: count(b.devirtualized, "call"),
        });
    }
    if b.scalar_replaced > 0 {
        applied.push(Applied {
            phase: "scalarReplace",
            detail: count(b.scalar_replaced, "object"),
        });
    }
    if let Err(e) = verify(&b.graph) {
        return Err(FrontendError::Internal {
            location,
            message: e.to_string(),
        });
    }
    Ok(MethodGraph {
        graph: b.graph,
        location,
        is_static: method.is_static(),
        params,
        return_stamp,
        bci: b.bci,
        origin: b.origin,
        methods: b.methods,
        phi_local: b.phi_local,
        names: b.names,
        parallel_locals,
        parallel_phis: b.parallel_phis,
        reduce_params,
        line_numbers: code.line_numbers.clone(),
        applied,
        initialises,
        distinct_arrays: Vec::new(),
    })
}

/// The key of a method in the call stack: `pkg/Cls.name(desc)`.
pub(crate) fn method_key(class: &str, name: &str, descriptor: &str) -> String {
    format!("{class}.{name}{descriptor}")
}

/// The stamp of a return descriptor (`Void` for `V`).
pub(crate) fn return_stamp_of(ret: &str) -> Stamp {
    if ret == "V" {
        Stamp::Void
    } else {
        Stamp::from_descriptor(ret).unwrap_or(Stamp::Object)
    }
}

pub(crate) fn is_wide(graph: &Graph, v: NodeId) -> bool {
    matches!(graph.stamp(v), Stamp::Long | Stamp::Double)
}

impl Builder<'_, '_> {
    /// The location of the instruction being parsed (its method, bytecode index and line).
    pub(crate) fn here(&self) -> Location {
        self.location_at(self.pos)
    }

    /// The location of `origin`.
    pub(crate) fn location_at(&self, origin: Origin) -> Location {
        match self.methods.get(origin.method) {
            Some(m) => m.location.at(origin.bci, m.line_of(origin.bci)),
            None => Location::default(),
        }
    }

    pub(crate) fn bail<T>(
        &self,
        kind: BailoutKind,
        reason: impl Into<String>,
    ) -> Result<T, FrontendError> {
        Err(FrontendError::Bailout(Bailout {
            kind,
            location: self.here(),
            reason: reason.into(),
        }))
    }

    pub(crate) fn malformed<T>(&self, message: impl Into<String>) -> Result<T, FrontendError> {
        Err(FrontendError::Malformed {
            location: self.here(),
            message: message.into(),
        })
    }

    /// Moves the parse position to `bci` of the scope's method.
    pub(crate) fn set_pos(&mut self, sc: &Scope<'_>, bci: u32) {
        self.pos = Origin {
            method: sc.method,
            bci,
        };
        if sc.is_root {
            self.root_bci = bci;
        }
    }

    pub(crate) fn add(
        &mut self,
        op: Op,
        stamp: Stamp,
        inputs: Vec<NodeId>,
    ) -> Result<NodeId, FrontendError> {
        if self.graph.capacity() >= MAX_NODES {
            return self.bail(
                BailoutKind::Construct,
                format!("the method is too large (over {MAX_NODES} graph nodes)"),
            );
        }
        let id = self.graph.add(op, stamp, inputs);
        self.origin.set(id, Some(self.pos));
        self.bci.set(id, Some(self.root_bci));
        Ok(id)
    }

    pub(crate) fn constant(&mut self, c: Constant) -> Result<NodeId, FrontendError> {
        self.add(Op::Constant(c), c.stamp(), vec![])
    }

    /// Appends after `*tail` a check that fails where `passes` does not hold, where Java throws
    /// (`GuardKind::Throw`: the JVM reruns the method and throws its exception there).
    pub(crate) fn throw_check(
        &mut self,
        passes: NodeId,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let guard = self.add(
            Op::Guard(ferrocl_graph::GuardKind::Throw),
            Stamp::Void,
            vec![passes],
        )?;
        *tail = self.append(*tail, guard);
        Ok(())
    }

    /// `getfield` of field `index` (of `sc`'s constant pool) on `object`, whatever stands for the
    /// object (an element of an array of objects, a choice of described objects, an object made in
    /// the kernel, a described object), with Java's null check where it can fail.
    pub(crate) fn read_field(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        object: NodeId,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let value = if self.is_element(object) {
            self.element_get_field(sc, index, object, tail)?
        } else if self.described_choices(object).is_some() {
            // Where the object chosen is null, Java throws NullPointerException: a check
            // (the JVM's rerun throws it); the null objects' fields are never read.
            if let Some(is_null) = self.null_of_choice(object, 0)? {
                if !matches!(self.graph.op(is_null), Op::Constant(Constant::Int(0))) {
                    let zero = self.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![])?;
                    let present =
                        self.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![is_null, zero])?;
                    self.throw_check(present, tail)?;
                }
            }
            self.field_of_choice(sc, index, object, frame)?
        } else {
            self.refuse_merged_objects(object)?;
            if self.is_virtual_object(object) {
                self.get_virtual_field(sc, index, object, frame)?
            } else {
                self.get_field(sc, index, object)?
            }
        };
        Ok(value)
    }

    /// Appends a check that always fails: code Java never reaches without throwing before (the
    /// JVM's rerun throws there).
    pub(crate) fn never_passes(&mut self, tail: &mut NodeId) -> Result<(), FrontendError> {
        let zero = self.constant(Constant::Int(0))?;
        let one = self.constant(Constant::Int(1))?;
        let never = self.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![zero, one])?;
        self.throw_check(never, tail)
    }

    /// Appends fixed node `node` after `tail` and returns it as the new tail.
    pub(crate) fn append(&mut self, tail: NodeId, node: NodeId) -> NodeId {
        self.graph.set_next(tail, node);
        node
    }

    /// Parses the scope's method, starting after fixed node `entry` with `frame`. For inlined
    /// code, the returns are left in `sc.returns`.
    pub(crate) fn parse_method(
        &mut self,
        sc: &mut Scope<'_>,
        entry: NodeId,
        frame: Frame,
    ) -> Result<(), FrontendError> {
        let code = sc.code;
        self.set_pos(sc, 0);
        if let Some(insn) = code
            .instructions
            .iter()
            .find(|i| matches!(i.op, JOp::MonitorEnter))
        {
            self.set_pos(sc, insn.bci);
            return self.bail(BailoutKind::Construct, SYNCHRONIZED_BLOCK);
        }
        let cfg = match build_cfg(&code.instructions, &caught_instructions(code)) {
            Ok(cfg) => cfg,
            Err(CfgError::BadTarget(bci)) => {
                self.set_pos(sc, bci);
                return self.malformed("branch to the middle of an instruction");
            }
            Err(CfgError::Irreducible(bci)) => {
                self.set_pos(sc, bci);
                return self.bail(
                    BailoutKind::Construct,
                    "irreducible control flow is not supported",
                );
            }
        };
        self.build_blocks(sc, &cfg, entry, frame)
    }

    fn build_blocks(
        &mut self,
        sc: &mut Scope<'_>,
        cfg: &Cfg,
        start: NodeId,
        entry: Frame,
    ) -> Result<(), FrontendError> {
        let code = sc.code;
        let mut walk = Walk {
            cfg,
            arrivals: HashMap::new(),
            headers: HashMap::new(),
        };
        // Block 0 may itself be a loop header or a merge: its entry then arrives as an End.
        if cfg.pred_count.first().is_some_and(|&n| n > 0) {
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(start, end);
            walk.arrivals.insert(
                0,
                Arrival::Ends(vec![ArrivingEnd {
                    end,
                    before: start,
                    frame: entry,
                }]),
            );
        } else {
            walk.arrivals.insert(
                0,
                Arrival::Direct {
                    tail: start,
                    frame: entry,
                },
            );
        }

        for &b in &cfg.rpo {
            let block = &cfg.blocks[b];
            let Some(first) = code.instructions.get(block.first) else {
                return self.malformed("empty block");
            };
            self.set_pos(sc, first.bci);
            // A block no live edge reaches (all its predecessors were cut by constant branches).
            let Some(arrival) = walk.arrivals.remove(&b) else {
                continue;
            };
            let is_header = cfg.is_loop_header(b);
            let (tail, frame) = match arrival {
                Arrival::Direct { tail, frame } => (tail, frame),
                // A loop entered from one place needs no merge before its LoopBegin.
                Arrival::Ends(mut ends) if is_header && ends.len() == 1 => match ends.pop() {
                    Some(only) => (only.end, only.frame),
                    None => return self.malformed("loop header without entry"),
                },
                // The other predecessors were cut by constant branches: no merge after all.
                Arrival::Ends(mut ends) if ends.len() == 1 => match ends.pop() {
                    Some(only) => {
                        self.graph.set_successors(only.before, vec![]);
                        self.graph.kill(only.end);
                        (only.before, only.frame)
                    }
                    None => return self.malformed("merge without predecessors"),
                },
                Arrival::Ends(ends) => {
                    // The locals read again from this block on (others cannot alias an object a
                    // merge chooses: see `merge_objects`); only asked where objects are merged.
                    let objects = ends.iter().any(|e| {
                        e.frame
                            .locals
                            .iter()
                            .flatten()
                            .chain(e.frame.stack.iter())
                            .any(|&v| self.is_virtual_object(v))
                    });
                    let locals = ends.first().map_or(0, |e| e.frame.locals.len());
                    let live = live_locals(cfg, &code.instructions, block.first, locals, objects);
                    self.merge(sc, ends, &live)?
                }
            };
            let (mut tail, mut frame) = (tail, frame);
            if is_header {
                let assigned =
                    cfg.locals_assigned_in_loop(b, &code.instructions, frame.locals.len());
                let objects = frame
                    .locals
                    .iter()
                    .flatten()
                    .any(|&v| self.is_virtual_object(v));
                let live = live_locals(
                    cfg,
                    &code.instructions,
                    block.first,
                    frame.locals.len(),
                    objects,
                );
                let (t, f, header) = self.loop_header(sc, &assigned, tail, frame, &live)?;
                tail = t;
                frame = f;
                walk.headers.insert(b, header);
            }

            // An exception the method catches here: test for it first.
            if let (Some(h), Some(insn)) = (block.handler, code.instructions.get(block.first)) {
                self.catch_edge(sc, &mut walk, b, h, insn, &mut tail, &frame)?;
            }

            // Interpret the block's instructions.
            let insns = code.instructions.get(block.first..block.end).unwrap_or(&[]);
            let mut branch: Option<BlockEnd> = None;
            for (k, insn) in insns.iter().enumerate() {
                self.set_pos(sc, insn.bci);
                sc.next_bci = code
                    .instructions
                    .get(block.first + k + 1)
                    .map_or(insn.bci + 1, |n| n.bci);
                self.branch_throws = match block.succs[..] {
                    [taken, fall] if k + 1 == insns.len() => [cfg.throws[taken], cfg.throws[fall]],
                    _ => [false; 2],
                };
                branch = self.instruction(sc, insn, &mut frame, &mut tail)?;
            }
            let last_pos = self.pos;
            let last_root_bci = self.root_bci;

            // Wire the successors.
            match branch {
                Some(BlockEnd::Return) => {}
                Some(BlockEnd::InlineReturn(value)) => {
                    // Leaving the callee leaves every loop of the callee around the return.
                    let mut t = tail;
                    for (header, body) in &cfg.loops {
                        if body.contains(&b) {
                            let e = self.loop_exit(&walk, *header)?;
                            t = self.append(t, e);
                        }
                    }
                    sc.returns.push((t, value, frame.fields.clone()));
                }
                Some(BlockEnd::If {
                    node: if_node,
                    swapped,
                }) => {
                    let mut begins = Vec::new();
                    for &s in &block.succs {
                        self.pos = last_pos;
                        self.root_bci = last_root_bci;
                        let first = self.edge(&mut walk, b, s, frame.clone())?;
                        begins.push(first);
                    }
                    if swapped {
                        begins.reverse();
                    }
                    self.graph.set_successors(if_node, begins);
                }
                Some(BlockEnd::Switch { key, cases }) => {
                    self.lower_switch(&mut walk, b, tail, key, &cases, frame)?;
                }
                Some(BlockEnd::Goto(index)) => {
                    let Some(&s) = block.succs.get(index) else {
                        return self.malformed("branch without its successor");
                    };
                    self.goto(&mut walk, b, s, tail, frame)?;
                }
                None => {
                    let Some(&s) = block.succs.first() else {
                        return self.malformed("control falls off the end of the code");
                    };
                    self.goto(&mut walk, b, s, tail, frame)?;
                }
            }
        }
        Ok(())
    }

    /// The test before instruction `insn` (first of block `b`) of the exception that handler block
    /// `h` catches: where the instruction would throw, control goes to the handler with Java's
    /// frame (the locals as they are, the operand stack holding only the exception). The exception
    /// object itself is not available (a handler that uses it bails out as a use of `null` does).
    ///
    /// Not where the edge would leave a `@Parallel` loop (a `try` around it: its independent
    /// iterations cannot stop the loop), nor where the handler ends by throwing (a `finally` that
    /// rethrows): there the instruction keeps its own check, whose failure makes the JVM rerun the
    /// method, which catches the exception itself. Leaving sequential loops is a `break`.
    #[allow(clippy::too_many_arguments)]
    fn catch_edge(
        &mut self,
        sc: &Scope<'_>,
        walk: &mut Walk<'_>,
        b: usize,
        h: usize,
        insn: &Insn,
        tail: &mut NodeId,
        frame: &Frame,
    ) -> Result<(), FrontendError> {
        if walk.cfg.throws.get(h) != Some(&false) {
            return Ok(());
        }
        // A loop is `@Parallel` where a local annotated so is live at its header and assigned in it.
        // (Annotations are the compiled method's: an inlined method's loops are sequential.)
        let code = sc.code;
        let annotated = if sc.is_root {
            parallel_locals(code)
        } else {
            Vec::new()
        };
        for header in walk.cfg.loops_exited(b, h) {
            let Some(first) = walk
                .cfg
                .blocks
                .get(header)
                .and_then(|blk| code.instructions.get(blk.first))
            else {
                return Ok(());
            };
            let assigned = walk.cfg.locals_assigned_in_loop(
                header,
                &code.instructions,
                usize::from(code.max_locals),
            );
            let parallel = annotated
                .iter()
                .any(|a| a.covers(first.bci) && assigned.get(usize::from(a.slot)) == Some(&true));
            if parallel {
                return Ok(());
            }
        }
        let stack = &frame.stack;
        let from_top = |k: usize| {
            stack
                .len()
                .checked_sub(k)
                .and_then(|i| stack.get(i))
                .copied()
        };
        let pass = match insn.op {
            JOp::ArrayLoad(_) | JOp::ArrayStore(_) => {
                let below = if matches!(insn.op, JOp::ArrayLoad(_)) {
                    1
                } else {
                    2
                };
                let (Some(index), Some(array)) = (from_top(below), from_top(below + 1)) else {
                    return Ok(());
                };
                if matches!(self.graph.stamp(array), Stamp::Nested { .. })
                    && self.graph.stamp(index) == Stamp::Int
                {
                    // An array of a multi-dimensional argument: to the handler where the array is
                    // there and the index out of its bounds, `((index | (length - 1 - index)) &
                    // ~length) < 0` (a null array, length -1, goes on to its own check: its
                    // `NullPointerException` is the JVM's to catch or not).
                    let len = self.nested_length_entry(array, tail)?;
                    let x = self.outside_bits(index, len)?;
                    let minus_one = self.constant(Constant::Int(-1))?;
                    let present =
                        self.add(Op::Binary(BinaryOp::Xor), Stamp::Int, vec![len, minus_one])?;
                    let out = self.add(Op::Binary(BinaryOp::And), Stamp::Int, vec![x, present])?;
                    let zero = self.constant(Constant::Int(0))?;
                    self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![out, zero])?
                } else {
                    if !matches!(self.graph.stamp(array), Stamp::Array(_))
                        || self.graph.stamp(index) != Stamp::Int
                    {
                        return Ok(());
                    }
                    // `0 <= index < length` as one unsigned comparison: both sides offset by 2^31.
                    let len = self.add(Op::ArrayLength, Stamp::Int, vec![array])?;
                    let min = self.constant(Constant::Int(i32::MIN))?;
                    let i = self.add(Op::Binary(BinaryOp::Xor), Stamp::Int, vec![index, min])?;
                    let l = self.add(Op::Binary(BinaryOp::Xor), Stamp::Int, vec![len, min])?;
                    self.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![i, l])?
                }
            }
            JOp::Arith(Kind::Int | Kind::Long, ArithOp::Div | ArithOp::Rem) => {
                let Some(divisor) = from_top(1) else {
                    return Ok(());
                };
                // A constant divisor other than 0 never throws.
                if matches!(self.graph.op(divisor), Op::Constant(Constant::Int(v)) if *v != 0)
                    || matches!(self.graph.op(divisor), Op::Constant(Constant::Long(v)) if *v != 0)
                {
                    return Ok(());
                }
                let zero = match self.graph.stamp(divisor) {
                    Stamp::Int => self.constant(Constant::Int(0))?,
                    Stamp::Long => self.constant(Constant::Long(0))?,
                    _ => return Ok(()),
                };
                self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![divisor, zero])?
            }
            _ => return Ok(()),
        };
        let branch = self.add(Op::If, Stamp::Void, vec![pass])?;
        self.append(*tail, branch);
        let go_on = self.add(Op::Begin, Stamp::Void, vec![])?;
        let mut at_handler = frame.clone();
        at_handler.stack.clear();
        let exception = self.constant(Constant::Null)?;
        at_handler.stack.push(exception);
        let caught = self.edge(walk, b, h, at_handler)?;
        self.graph.set_successors(branch, vec![go_on, caught]);
        *tail = go_on;
        Ok(())
    }

    /// Control flows unconditionally from block `from` (whose chain ends at `tail`) to `to`.
    pub(crate) fn goto(
        &mut self,
        walk: &mut Walk<'_>,
        from: usize,
        to: usize,
        tail: NodeId,
        frame: Frame,
    ) -> Result<(), FrontendError> {
        let mut t = tail;
        for h in walk.cfg.loops_exited(from, to) {
            let e = self.loop_exit(walk, h)?;
            t = self.append(t, e);
        }
        self.arrive(walk, from, to, t, frame)
    }

    /// One branch of an `If` from block `from` to block `to`: a `Begin`, or the `LoopExit`s of the
    /// loops it leaves. Returns the first node (the `If`'s successor).
    pub(crate) fn edge(
        &mut self,
        walk: &mut Walk<'_>,
        from: usize,
        to: usize,
        frame: Frame,
    ) -> Result<NodeId, FrontendError> {
        let exits = walk.cfg.loops_exited(from, to);
        let (first, last) = match exits.split_first() {
            None => {
                let begin = self.add(Op::Begin, Stamp::Void, vec![])?;
                (begin, begin)
            }
            Some((&inner, outer)) => {
                let first = self.loop_exit(walk, inner)?;
                let mut t = first;
                for &h in outer {
                    let e = self.loop_exit(walk, h)?;
                    t = self.append(t, e);
                }
                (first, t)
            }
        };
        self.arrive(walk, from, to, last, frame)?;
        Ok(first)
    }

    fn loop_exit(&mut self, walk: &Walk<'_>, header: usize) -> Result<NodeId, FrontendError> {
        let Some(h) = walk.headers.get(&header) else {
            return self.malformed("loop exit before its header");
        };
        let begin = h.begin;
        self.add(Op::LoopExit, Stamp::Void, vec![begin])
    }

    /// Records that control flows from block `from` (whose chain ends at `tail`) into block `to`.
    fn arrive(
        &mut self,
        walk: &mut Walk<'_>,
        from: usize,
        to: usize,
        tail: NodeId,
        frame: Frame,
    ) -> Result<(), FrontendError> {
        if walk.cfg.is_back_edge(from, to) {
            let Some(header) = walk.headers.get(&to) else {
                return self.malformed("back edge to a loop header not yet built");
            };
            let begin = header.begin;
            let end = self.add(Op::LoopEnd, Stamp::Void, vec![begin])?;
            self.append(tail, end);
            self.graph.push_input(begin, end);
            let Some(header) = walk.headers.get(&to) else {
                return self.malformed("back edge to a loop header not yet built");
            };
            if frame.stack.len() != header.stack_phis.len() {
                return self.malformed("operand stack height differs around a loop");
            }
            let object_phis = header.object_phis.clone();
            let field_object_phis = header.field_object_phis.clone();
            let element_phis = header.element_phis.clone();
            for (slot, root, index, present) in element_phis {
                let value = frame.locals.get(slot).copied().flatten();
                if value.is_some_and(|v| self.nulls.contains(&v)) {
                    let zero = self.constant(Constant::Int(0))?;
                    self.graph.push_input(index, zero);
                    self.graph.push_input(present, zero);
                    continue;
                }
                if let Some(v) = value.filter(|v| self.is_element(*v)) {
                    self.resolve_pending_elements(v, "a loop's variable")?;
                }
                let root = if root == crate::elements::PENDING {
                    self.only_object_array().unwrap_or(root)
                } else {
                    root
                };
                match value.and_then(|v| self.elements.get(&v).cloned()) {
                    Some(e) if e.root == root => {
                        self.graph.push_input(index, e.index);
                        self.graph.push_input(present, e.present);
                    }
                    _ => return self.bail(
                        BailoutKind::Construct,
                        "a variable holding an element of an array of objects is given another \
                             value in a loop than an element of the same array",
                    ),
                }
            }
            let live_locals = header.live.clone();
            let objects_from = header.objects_from;
            for (slot, object, phis) in object_phis {
                // The object the local holds at this back edge: its fields go round the loop,
                // unless another variable that lives on into the loop still holds it.
                let value = frame.locals.get(slot).copied().flatten();
                let aliased = value.is_some_and(|v| {
                    live_locals
                        .iter()
                        .any(|&t| t != slot && frame.locals.get(t).copied().flatten() == Some(v))
                        || frame.stack.contains(&v)
                });
                self.close_object_phis(
                    object,
                    &phis,
                    value,
                    aliased,
                    objects_from,
                    &frame,
                    "variable",
                )?;
            }
            for (k, object, phis) in field_object_phis {
                // The object the field slot holds at this back edge: its fields go round the
                // loop, unless something else that lives on into the loop still holds it.
                let value = frame.fields.get(k).copied().flatten();
                let aliased = value.is_some_and(|v| {
                    live_locals
                        .iter()
                        .any(|&t| frame.locals.get(t).copied().flatten() == Some(v))
                        || frame.stack.contains(&v)
                        || frame
                            .fields
                            .iter()
                            .enumerate()
                            .any(|(j, f)| j != k && *f == Some(v))
                });
                self.close_object_phis(
                    object,
                    &phis,
                    value,
                    aliased,
                    objects_from,
                    &frame,
                    "field",
                )?;
            }
            let Some(header) = walk.headers.get(&to) else {
                return self.malformed("back edge to a loop header not yet built");
            };
            let pairs: Vec<(NodeId, Option<NodeId>)> = header
                .local_phis
                .iter()
                .zip(frame.locals.iter())
                .filter_map(|(phi, v)| phi.map(|p| (p, *v)))
                .chain(
                    header
                        .stack_phis
                        .iter()
                        .zip(frame.stack.iter())
                        .map(|(&p, &v)| (p, Some(v))),
                )
                .chain(header.field_phis.iter().enumerate().filter_map(|(k, phi)| {
                    phi.map(|p| (p, frame.fields.get(k).copied().flatten()))
                }))
                .collect();
            for (phi, value) in pairs {
                match value {
                    Some(v) if self.graph.stamp(v) == self.graph.stamp(phi) => {
                        self.graph.push_input(phi, v)
                    }
                    _ => {
                        self.graph.push_input(phi, phi);
                        self.conflicting_phis.push(phi);
                    }
                }
            }
            return Ok(());
        }
        let needs_merge = walk.cfg.pred_count.get(to).is_some_and(|&n| n > 1);
        if needs_merge {
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(tail, end);
            match walk
                .arrivals
                .entry(to)
                .or_insert_with(|| Arrival::Ends(Vec::new()))
            {
                Arrival::Ends(list) => list.push(ArrivingEnd {
                    end,
                    before: tail,
                    frame,
                }),
                Arrival::Direct { .. } => return self.malformed("merge reached directly"),
            }
        } else {
            walk.arrivals.insert(to, Arrival::Direct { tail, frame });
        }
        Ok(())
    }

    /// Builds a `Merge` with phis where the frames differ.
    fn merge(
        &mut self,
        sc: &Scope<'_>,
        ends: Vec<ArrivingEnd>,
        live: &[bool],
    ) -> Result<(NodeId, Frame), FrontendError> {
        let merge = self.add(Op::Merge, Stamp::Void, vec![])?;
        for e in &ends {
            self.graph.push_input(merge, e.end);
        }
        let Some(first) = ends.first().map(|e| &e.frame) else {
            return self.malformed("merge without predecessors");
        };
        if ends
            .iter()
            .any(|e| e.frame.stack.len() != first.stack.len())
        {
            return self.malformed("operand stack heights differ at a merge");
        }
        let mut out = Frame {
            locals: vec![None; first.locals.len()],
            stack: Vec::with_capacity(first.stack.len()),
            fields: Vec::new(),
        };
        let field_count = ends.iter().map(|e| e.frame.fields.len()).max().unwrap_or(0);
        for k in 0..field_count {
            let values: Vec<Option<NodeId>> = ends
                .iter()
                .map(|e| e.frame.fields.get(k).copied().flatten())
                .collect();
            let v = self.merge_values(sc, merge, &values, None)?;
            out.fields.push(v);
        }
        for slot in 0..first.locals.len() {
            let values: Vec<Option<NodeId>> = ends
                .iter()
                .map(|e| e.frame.locals.get(slot).copied().flatten())
                .collect();
            out.locals[slot] = self.merge_values(sc, merge, &values, Some(slot))?;
        }
        for pos in 0..first.stack.len() {
            let values: Vec<Option<NodeId>> = ends
                .iter()
                .map(|e| e.frame.stack.get(pos).copied())
                .collect();
            match self.merge_values(sc, merge, &values, None)? {
                Some(v) => out.stack.push(v),
                None => return self.mixed_values(),
            }
        }
        self.merge_objects(sc, merge, &ends, &mut out, live)?;
        // Variables holding one of several elements of one array of objects: the element whose
        // index is a phi.
        let mut merged_elements: Vec<(NodeId, NodeId)> = Vec::new();
        for k in 0..out.locals.len() + out.stack.len() {
            let v = if k < out.locals.len() {
                out.locals[k]
            } else {
                out.stack.get(k - out.locals.len()).copied()
            };
            let Some(v) = v else {
                continue;
            };
            let merged = match merged_elements.iter().find(|(phi, _)| *phi == v) {
                Some(&(_, e)) => Some(e),
                None => {
                    let e = self.merge_elements(merge, v)?;
                    if let Some(e) = e {
                        merged_elements.push((v, e));
                    }
                    e
                }
            };
            if let Some(e) = merged {
                if k < out.locals.len() {
                    out.locals[k] = Some(e);
                } else {
                    out.stack[k - out.locals.len()] = e;
                }
            }
        }
        // Variables left holding one of several objects made in the kernel (of different classes,
        // or still held by another variable): each object keeps its fields (see `objects`).
        // (Fields of objects made in the kernel may hold such objects too: `p.pos = new Vec(…)` on
        // one path.)
        let choices: Vec<NodeId> = out
            .locals
            .iter()
            .flatten()
            .chain(out.stack.iter())
            .chain(out.fields.iter().flatten())
            .copied()
            .filter(|&v| {
                *self.graph.op(v) == Op::Phi
                    && self.graph.inputs(v).first() == Some(&merge)
                    && self.graph.inputs(v)[1..]
                        .iter()
                        .any(|&p| self.is_virtual_object(p))
            })
            .collect();
        if !choices.is_empty() {
            let frames: Vec<&[Option<NodeId>]> =
                ends.iter().map(|e| e.frame.fields.as_slice()).collect();
            for phi in choices {
                let objects: Vec<NodeId> = self.graph.inputs(phi)[1..].to_vec();
                self.fill_choice_fields(merge, &frames, &objects, &mut out.fields)?;
            }
        }
        Ok((merge, out))
    }

    /// In a loop whose header is `begin`: the one object standing for `p` (an object allocated in
    /// the kernel that the loop may replace) whose fields are phis of `p`'s fields on entry
    /// (`entry`), its slots appended to `fields`; the phis get their back edges' values later
    /// ([`Builder::close_object_phis`]). `None` where `p`'s fields are not all set.
    fn object_in_loop(
        &mut self,
        begin: NodeId,
        p: NodeId,
        entry: &[Option<NodeId>],
        fields: &mut Vec<Option<NodeId>>,
    ) -> Result<Option<(NodeId, Vec<NodeId>)>, FrontendError> {
        let Some(values) = self.object_fields(p, entry) else {
            return Ok(None);
        };
        let mut phis = Vec::with_capacity(values.len());
        for f in values {
            phis.push(self.add(Op::Phi, self.graph.stamp(f), vec![begin, f])?);
        }
        let object = self.merged_object(p, phis.clone(), fields)?;
        Ok(Some((object, phis)))
    }

    /// At a back edge: the fields of `value`, the object a loop's variable or field slot holds
    /// there, go into `phis`, the fields of `object` (the one object it holds in the loop);
    /// refused where it holds another value, an object of another class or made by a caller, or
    /// one something else holds (`aliased`).
    #[allow(clippy::too_many_arguments)]
    fn close_object_phis(
        &mut self,
        object: NodeId,
        phis: &[NodeId],
        value: Option<NodeId>,
        aliased: bool,
        objects_from: usize,
        frame: &Frame,
        holder: &str,
    ) -> Result<(), FrontendError> {
        let fields = value.and_then(|v| {
            let same_class = self.virtual_class(v) == self.virtual_class(object)
                && self.own_object(objects_from, v);
            if same_class && !aliased {
                self.object_fields(v, &frame.fields)
            } else {
                None
            }
        });
        let Some(fields) = fields.filter(|f| f.len() == phis.len()) else {
            let class = self
                .virtual_class(object)
                .unwrap_or_default()
                .replace('/', ".");
            return self.bail(
                BailoutKind::Allocation,
                format!(
                    "objects of class {class} allocated in the kernel are merged in one {holder} \
                     around a loop with another value, or another variable still holds one; \
                     scalar replacement needs one object per {holder}"
                ),
            );
        };
        for (&phi, v) in phis.iter().zip(fields) {
            if self.graph.stamp(v) == self.graph.stamp(phi) {
                self.graph.push_input(phi, v);
            } else {
                self.graph.push_input(phi, phi);
                self.conflicting_phis.push(phi);
            }
        }
        Ok(())
    }

    /// Whether object `p` is the current method's to merge: made while parsing it (from
    /// `objects_from` on), or passed in by callers that no longer hold it.
    fn own_object(&self, objects_from: usize, p: NodeId) -> bool {
        p.index() >= objects_from || !self.held_by_callers.contains(&p)
    }

    /// Objects allocated in the kernel that a merge chooses between (`s = c ? new P(1) : new
    /// P(2)`, see `objects`): a phi of a local or stack value whose inputs are all such objects of
    /// one class, none of them still held by another variable, becomes one object whose fields
    /// are phis of theirs. (Where another variable still holds one, a copy would miss its
    /// updates: the phi stays, and a use of it is refused.)
    fn merge_objects(
        &mut self,
        sc: &Scope<'_>,
        merge: NodeId,
        ends: &[ArrivingEnd],
        out: &mut Frame,
        live: &[bool],
    ) -> Result<(), FrontendError> {
        fn at(f: &Frame, (stack, i): (bool, usize)) -> Option<NodeId> {
            if stack {
                f.stack.get(i).copied()
            } else {
                f.locals.get(i).copied().flatten()
            }
        }
        fn set(f: &mut Frame, (stack, i): (bool, usize), v: NodeId) {
            if stack {
                f.stack[i] = v;
            } else {
                f.locals[i] = Some(v);
            }
        }
        // Dead locals hold nothing anyone reads again.
        let locations: Vec<(bool, usize)> = (0..out.locals.len())
            .filter(|&i| live.get(i).copied().unwrap_or(true))
            .map(|i| (false, i))
            .chain((0..out.stack.len()).map(|i| (true, i)))
            .collect();
        let mut made: Vec<(Vec<NodeId>, NodeId)> = Vec::new();
        for &loc in &locations {
            let Some(phi) = at(out, loc) else {
                continue;
            };
            if *self.graph.op(phi) != Op::Phi || self.graph.inputs(phi)[0] != merge {
                continue;
            }
            let inputs: Vec<NodeId> = self.graph.inputs(phi)[1..].to_vec();
            let Some(class) = inputs.first().and_then(|&p| self.virtual_class(p)) else {
                continue;
            };
            // Objects a caller passed in may still be held by the caller's variables.
            if inputs.len() != ends.len()
                || !inputs.iter().all(|&p| {
                    self.virtual_class(p).as_deref() == Some(class.as_str())
                        && self.own_object(sc.objects_from, p)
                })
            {
                continue;
            }
            if let Some(&(_, v)) = made.iter().find(|(t, _)| *t == inputs) {
                set(out, loc, v);
                continue;
            }
            let same_choice = |g: &Graph, o: NodeId| {
                *g.op(o) == Op::Phi && g.inputs(o)[0] == merge && g.inputs(o)[1..] == inputs[..]
            };
            let aliased = ends.iter().zip(&inputs).any(|(e, &p)| {
                locations.iter().any(|&other| {
                    at(&e.frame, other) == Some(p)
                        && at(out, other).is_some_and(|o| !same_choice(&self.graph, o))
                })
            });
            if aliased {
                continue;
            }
            let per_end: Option<Vec<Vec<NodeId>>> = ends
                .iter()
                .zip(&inputs)
                .map(|(e, &p)| self.object_fields(p, &e.frame.fields))
                .collect();
            let Some(per_end) = per_end else {
                continue;
            };
            let Some(values) = self.merge_fields(sc, merge, &per_end)? else {
                return Ok(());
            };
            let v = self.merged_object(inputs[0], values, &mut out.fields)?;
            made.push((inputs, v));
            set(out, loc, v);
        }
        Ok(())
    }

    /// The fields at `merge` of objects of one class, `per_input[k]` the fields of the one arriving
    /// through input `k` (see [`Builder::merge_values`]); `None` where a field's values differ in
    /// type.
    pub(crate) fn merge_fields(
        &mut self,
        sc: &Scope<'_>,
        merge: NodeId,
        per_input: &[Vec<NodeId>],
    ) -> Result<Option<Vec<NodeId>>, FrontendError> {
        let count = per_input.first().map_or(0, Vec::len);
        let mut values = Vec::with_capacity(count);
        for k in 0..count {
            let vals: Vec<Option<NodeId>> = per_input.iter().map(|f| f.get(k).copied()).collect();
            match self.merge_values(sc, merge, &vals, None)? {
                Some(v) => values.push(v),
                None => return Ok(None),
            }
        }
        Ok(Some(values))
    }

    /// The value at `merge` of `values` (one per merge input): the value itself when all agree, a
    /// new phi when they differ in value but not in type, `None` when they differ in type or one
    /// is unset. `slot` names the local of the scope's method the values belong to.
    pub(crate) fn merge_values(
        &mut self,
        sc: &Scope<'_>,
        merge: NodeId,
        values: &[Option<NodeId>],
        slot: Option<usize>,
    ) -> Result<Option<NodeId>, FrontendError> {
        let Some(Some(first)) = values.first().copied() else {
            return Ok(None);
        };
        if values.iter().all(|v| *v == Some(first)) {
            return Ok(Some(first));
        }
        let stamp = self.graph.stamp(first);
        if values
            .iter()
            .any(|v| v.is_none_or(|v| self.graph.stamp(v) != stamp))
        {
            if values
                .iter()
                .flatten()
                .any(|&v| matches!(self.graph.stamp(v), Stamp::Nested { .. }))
            {
                self.mixed_nested = true;
            }
            return Ok(None);
        }
        let mut inputs = vec![merge];
        inputs.extend(values.iter().flatten());
        let phi = self.add(Op::Phi, stamp, inputs)?;
        if let Some(slot) = slot {
            self.name_local_phi(sc, phi, slot);
        }
        Ok(Some(phi))
    }

    /// Records the local slot (compiled method only) and Java name of a phi of a local.
    fn name_local_phi(&mut self, sc: &Scope<'_>, phi: NodeId, slot: usize) {
        let slot16 = u16::try_from(slot).unwrap_or(u16::MAX);
        if sc.is_root {
            self.phi_local.set(phi, Some(slot16));
        }
        let name = sc.code.local_name(slot16, self.pos.bci).map(str::to_string);
        self.names.set(phi, name);
    }

    /// Turns the arriving control into a `LoopBegin` with a phi for every live local the loop may
    /// assign (`assigned`, per slot) and every stack value.
    fn loop_header(
        &mut self,
        sc: &Scope<'_>,
        assigned: &[bool],
        tail: NodeId,
        frame: Frame,
        live_at_header: &[bool],
    ) -> Result<(NodeId, Frame, LoopHeader), FrontendError> {
        let entry_end = if *self.graph.op(tail) == Op::End {
            tail
        } else {
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(tail, end);
            end
        };
        let begin = self.add(Op::LoopBegin, Stamp::Void, vec![entry_end])?;
        let mut out = frame.clone();
        let mut local_phis = vec![None; frame.locals.len()];
        for (slot, value) in frame.locals.iter().enumerate() {
            if let Some(v) = *value {
                let phi = self.add(Op::Phi, self.graph.stamp(v), vec![begin, v])?;
                self.name_local_phi(sc, phi, slot);
                local_phis[slot] = Some(phi);
                // A local the loop never writes is its entry value inside the loop. Its phi is
                // still made (and dies unused in `simplify_phis`) so that node numbering, and
                // with it the writer's temporary names, does not depend on this analysis.
                if assigned.get(slot).copied().unwrap_or(true) {
                    out.locals[slot] = Some(phi);
                }
            }
        }
        let mut stack_phis = Vec::new();
        for (pos, &v) in frame.stack.iter().enumerate() {
            let phi = self.add(Op::Phi, self.graph.stamp(v), vec![begin, v])?;
            stack_phis.push(phi);
            out.stack[pos] = phi;
        }
        // Fields of objects replaced by scalars: like locals the loop may assign.
        let mut field_phis = vec![None; frame.fields.len()];
        for (k, value) in frame.fields.iter().enumerate() {
            if let Some(v) = *value {
                let phi = self.add(Op::Phi, self.graph.stamp(v), vec![begin, v])?;
                field_phis[k] = Some(phi);
                out.fields[k] = Some(phi);
            }
        }
        // A local holding an object allocated in the kernel that the loop may give another one
        // (`z = z.times(z).plus(c)`): in the loop it holds one object whose fields are phis, and
        // each back edge brings the fields of the object the local then holds. Not where another
        // variable holds the same object on entry (a copy would miss its updates).
        let mut object_phis = Vec::new();
        let live: Vec<usize> = (0..frame.locals.len())
            .filter(|&t| frame.locals[t].is_some())
            .filter(|&t| live_at_header.get(t).copied().unwrap_or(true))
            .collect();
        for (slot, value) in frame.locals.iter().enumerate() {
            let Some(p) = *value else {
                continue;
            };
            if !self.is_virtual_object(p)
                || !self.own_object(sc.objects_from, p)
                || !assigned.get(slot).copied().unwrap_or(true)
            {
                continue;
            }
            let shared = live
                .iter()
                .any(|&t| t != slot && frame.locals[t] == Some(p))
                || frame.stack.contains(&p);
            if shared {
                continue;
            }
            let Some((object, phis)) =
                self.object_in_loop(begin, p, &frame.fields, &mut out.fields)?
            else {
                continue;
            };
            out.locals[slot] = Some(object);
            local_phis[slot] = None;
            object_phis.push((slot, object, phis));
        }
        // A local holding an element of an array of objects the loop may give another element of
        // it (`best = ps[j]`): in the loop it holds the element whose index is a phi.
        let mut element_phis = Vec::new();
        for (slot, value) in frame.locals.iter().enumerate() {
            let Some(p) = *value else {
                continue;
            };
            if !assigned.get(slot).copied().unwrap_or(true) {
                continue;
            }
            // `best = null` before a loop that assigns it elements (`best = ps[j]`): an absent
            // element of the method's one array of objects.
            let e = match self.elements.get(&p).cloned() {
                Some(e) => e,
                None if self.nulls.contains(&p) => {
                    // (The array may be read first in the loop: then its root is found there.)
                    let root = self.only_object_array().unwrap_or(crate::elements::PENDING);
                    let zero = self.constant(Constant::Int(0))?;
                    crate::elements::ElementRef {
                        root,
                        index: zero,
                        present: zero,
                        class: None,
                    }
                }
                None => continue,
            };
            let index = self.add(Op::Phi, Stamp::Int, vec![begin, e.index])?;
            let present = self.add(Op::Phi, Stamp::Int, vec![begin, e.present])?;
            let element = self.element_at(e.root, index, present)?;
            out.locals[slot] = Some(element);
            local_phis[slot] = None;
            element_phis.push((slot, e.root, index, present));
        }
        // A field slot holding an object allocated in the kernel that the loop may give another
        // one (`pos = pos.plus(vel)` in a method called in the loop): like a local above, one
        // object whose fields are phis; not where anything else holds the object on entry.
        let mut field_object_phis = Vec::new();
        for (k, value) in frame.fields.iter().enumerate() {
            let Some(p) = *value else {
                continue;
            };
            if !self.is_virtual_object(p) || !self.own_object(sc.objects_from, p) {
                continue;
            }
            let shared = live.iter().any(|&t| frame.locals[t] == Some(p))
                || frame.stack.contains(&p)
                || frame
                    .fields
                    .iter()
                    .enumerate()
                    .any(|(j, f)| j != k && *f == Some(p));
            if shared {
                continue;
            }
            let Some((object, phis)) =
                self.object_in_loop(begin, p, &frame.fields, &mut out.fields)?
            else {
                continue;
            };
            if let Some(slot) = out.fields.get_mut(k) {
                *slot = Some(object);
            }
            if let Some(phi) = field_phis.get_mut(k) {
                *phi = None;
            }
            field_object_phis.push((k, object, phis));
        }
        Ok((
            begin,
            out,
            LoopHeader {
                begin,
                local_phis,
                stack_phis,
                field_phis,
                object_phis,
                field_object_phis,
                element_phis,
                live,
                objects_from: sc.objects_from,
            },
        ))
    }

    /// Removes phis that merge a single value (besides themselves), and dead phis; then rejects
    /// any remaining phi whose inputs disagree in type.
    fn simplify_phis(&mut self) -> Result<(), FrontendError> {
        let mut changed = true;
        while changed {
            changed = false;
            let phis: Vec<NodeId> = self
                .graph
                .node_ids()
                .filter(|&n| *self.graph.op(n) == Op::Phi)
                .collect();
            for phi in phis {
                if !self.graph.is_live(phi) {
                    continue;
                }
                let values = &self.graph.inputs(phi)[1..];
                let mut unique = None;
                let mut redundant = true;
                for &v in values {
                    if v == phi || Some(v) == unique {
                        continue;
                    }
                    if unique.is_some() {
                        redundant = false;
                        break;
                    }
                    unique = Some(v);
                }
                let users_other_than_self = self.graph.usages(phi).iter().any(|&u| u != phi);
                if redundant && !self.conflicting_phis.contains(&phi) {
                    if let Some(u) = unique {
                        self.graph.replace_at_usages(phi, u);
                        self.graph.kill(phi);
                        changed = true;
                        continue;
                    }
                }
                if !users_other_than_self {
                    self.graph.replace_at_usages(phi, phi);
                    self.graph.kill(phi);
                    changed = true;
                }
            }
        }
        for &phi in &self.conflicting_phis {
            if self.graph.is_live(phi) {
                if let Some(origin) = *self.origin.get(phi) {
                    self.pos = origin;
                }
                return self.bail(
                    BailoutKind::Construct,
                    "a local variable changes type around a loop while in use",
                );
            }
        }
        Ok(())
    }

    /// Rejects loops whose every back edge was cut by a constant branch (they do not loop).
    fn check_loops(&mut self) -> Result<(), FrontendError> {
        let lonely = self
            .graph
            .node_ids()
            .find(|&n| *self.graph.op(n) == Op::LoopBegin && self.graph.inputs(n).len() < 2);
        if let Some(begin) = lonely {
            if let Some(origin) = *self.origin.get(begin) {
                self.pos = origin;
            }
            return self.bail(
                BailoutKind::Construct,
                "a loop that never repeats (its back edges are unreachable) is not supported yet",
            );
        }
        Ok(())
    }

    pub(crate) fn pop(&mut self, frame: &mut Frame) -> Result<NodeId, FrontendError> {
        match frame.stack.pop() {
            Some(v) => Ok(v),
            None => self.malformed("operand stack underflow"),
        }
    }

    /// Pops values totalling `words` stack words (a long or double is two).
    fn pop_words(&mut self, frame: &mut Frame, words: usize) -> Result<Vec<NodeId>, FrontendError> {
        let mut got = 0;
        let mut values = Vec::new();
        while got < words {
            let v = self.pop(frame)?;
            got += if is_wide(&self.graph, v) { 2 } else { 1 };
            values.push(v);
        }
        if got != words {
            return self.malformed("stack operation splits a long or double");
        }
        values.reverse();
        Ok(values)
    }

    /// `dup`-family: duplicates the top `dup` words below the next `skip` words.
    fn dup(&mut self, frame: &mut Frame, dup: usize, skip: usize) -> Result<(), FrontendError> {
        let top = self.pop_words(frame, dup)?;
        let below = self.pop_words(frame, skip)?;
        frame.stack.extend(&top);
        frame.stack.extend(below);
        frame.stack.extend(top);
        Ok(())
    }

    /// A value the verifier's types allow but the compiler's do not (a variable holding the inner
    /// arrays of two different multi-dimensional arguments, or one of them and another array, or
    /// arrays and `null`, where control flow joins).
    fn mixed_values<T>(&self) -> Result<T, FrontendError> {
        self.bail(
            BailoutKind::Construct,
            if self.mixed_nested {
                "a variable holds an inner array of a multi-dimensional argument here and another \
                 array (of another argument, or a one-dimensional one) there, where control flow \
                 joins: not supported (index each argument on its own branch)"
            } else {
                "a variable holds values of different kinds where control flow joins: not supported"
            },
        )
    }

    fn load_local(&mut self, frame: &Frame, slot: u16) -> Result<NodeId, FrontendError> {
        match frame.locals.get(usize::from(slot)).copied().flatten() {
            Some(v) => Ok(v),
            None => self.mixed_values(),
        }
    }

    fn store_local(
        &mut self,
        sc: &Scope<'_>,
        frame: &mut Frame,
        slot: u16,
        value: NodeId,
    ) -> Result<(), FrontendError> {
        let s = usize::from(slot);
        let wide = is_wide(&self.graph, value);
        if s + usize::from(wide) >= frame.locals.len() {
            return self.malformed(format!("local {slot} beyond max_locals"));
        }
        if s > 0 {
            if let Some(prev) = frame.locals[s - 1] {
                if is_wide(&self.graph, prev) {
                    frame.locals[s - 1] = None;
                }
            }
        }
        frame.locals[s] = Some(value);
        if wide {
            frame.locals[s + 1] = None;
        }
        if self.names.get(value).is_none() {
            if let Some(name) = sc.code.local_name(slot, sc.next_bci) {
                let name = name.to_string();
                self.names.set(value, Some(name));
            }
        }
        Ok(())
    }

    /// `ifnull` (`taken_if_null`) / `ifnonnull` on `v`, and `v == null` / `v != null` however
    /// javac wrote it: an inner array of a multi-dimensional argument (length -1 in the table), a
    /// variable holding one of several described objects, an element of an array of objects, a
    /// lambda written in the kernel (never null), anything else `null_test` decides.
    pub(crate) fn any_null_test(
        &mut self,
        v: NodeId,
        taken_if_null: bool,
        tail: &mut NodeId,
    ) -> Result<BlockEnd, FrontendError> {
        if matches!(self.graph.stamp(v), Stamp::Nested { .. }) {
            // Null has the length -1 in the table.
            let len = self.nested_length_entry(v, tail)?;
            let zero = self.constant(Constant::Int(0))?;
            let cond = if taken_if_null {
                Condition::Lt
            } else {
                Condition::Ge
            };
            return self.branch(len, cond, zero, false, tail);
        }
        // A variable holding one of several described objects: null or not for each, chosen as
        // the object is.
        if let Some(is_null) = self.null_of_choice(v, 0)? {
            let zero = self.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![])?;
            let cond = if taken_if_null {
                Condition::Ne
            } else {
                Condition::Eq
            };
            return self.branch(is_null, cond, zero, false, tail);
        }
        if self.is_element(v) {
            return self.element_null_test(v, taken_if_null, tail);
        }
        if self.lambdas.contains_key(&v) || self.is_grid(v) {
            return Ok(BlockEnd::Goto(if taken_if_null { 1 } else { 0 }));
        }
        self.null_test(v, taken_if_null)
    }

    /// Type-incorrect bytecode (which the JVM's verifier rejects) as a malformed method, with the
    /// instruction's bci, instead of a graph that breaks an invariant later.
    fn expect(&self, v: NodeId, want: Stamp, what: &str) -> Result<(), FrontendError> {
        let got = self.graph.stamp(v);
        let fits = match want {
            Stamp::Object => matches!(got, Stamp::Object | Stamp::Array(_) | Stamp::Nested { .. }),
            _ => got == want,
        };
        if fits {
            Ok(())
        } else {
            self.malformed(format!(
                "invalid bytecode: {what} takes {}, the operand stack holds {}",
                describe_stamp(want),
                describe_stamp(got)
            ))
        }
    }

    fn stamp_of_kind(kind: Kind) -> Stamp {
        match kind {
            Kind::Int => Stamp::Int,
            Kind::Long => Stamp::Long,
            Kind::Float => Stamp::Float,
            Kind::Double => Stamp::Double,
            Kind::Ref => Stamp::Object,
        }
    }

    fn compare_zero(
        &mut self,
        value: NodeId,
        cond: Cond,
    ) -> Result<(NodeId, Condition, NodeId, bool), FrontendError> {
        let cond = map_cond(cond);
        // `xcmp; if<cond>` becomes a direct comparison; NaN must take the branch exactly when the
        // comparison's unordered result (-1 for the `l` forms, 1 for `g`) satisfies the condition.
        if let Op::NormalizeCompare { unordered_is_less } = *self.graph.op(value) {
            let x = self.graph.inputs(value)[0];
            let y = self.graph.inputs(value)[1];
            let floating = matches!(self.graph.stamp(x), Stamp::Float | Stamp::Double);
            let unordered = if unordered_is_less { -1 } else { 1 };
            let nan_takes = match cond {
                Condition::Eq => unordered == 0,
                Condition::Ne => unordered != 0,
                Condition::Lt => unordered < 0,
                Condition::Ge => unordered >= 0,
                Condition::Gt => unordered > 0,
                Condition::Le => unordered <= 0,
            };
            // A Compare node is false on NaN except `Ne`; when NaN must take the branch, test the
            // negated (ordered) condition and swap the successors.
            if !floating || !nan_takes || cond == Condition::Ne {
                return Ok((x, cond, y, false));
            }
            return Ok((x, cond.negate(), y, true));
        }
        let zero = self.constant(Constant::Int(0))?;
        Ok((value, cond, zero, false))
    }

    fn instruction(
        &mut self,
        sc: &mut Scope<'_>,
        insn: &Insn,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<Option<BlockEnd>, FrontendError> {
        use Stamp::*;
        match &insn.op {
            JOp::Nop => {}
            JOp::Iconst(v) => {
                let c = self.constant(Constant::Int(*v))?;
                frame.stack.push(c);
            }
            JOp::Lconst(v) => {
                let c = self.constant(Constant::Long(*v))?;
                frame.stack.push(c);
            }
            JOp::Fconst(v) => {
                let c = self.constant(Constant::Float(*v))?;
                frame.stack.push(c);
            }
            JOp::Dconst(v) => {
                let c = self.constant(Constant::Double(*v))?;
                frame.stack.push(c);
            }
            JOp::Ldc(index) => {
                let constant = match sc.class.constant(*index) {
                    Ok(c) => c,
                    Err(e) => return self.malformed(e.to_string()),
                };
                let c = match constant {
                    ferrocl_classfile::Constant::Int(v) => Constant::Int(v),
                    ferrocl_classfile::Constant::Long(v) => Constant::Long(v),
                    ferrocl_classfile::Constant::Float(v) => Constant::Float(v),
                    ferrocl_classfile::Constant::Double(v) => Constant::Double(v),
                    other => {
                        return self.bail(
                            BailoutKind::Construct,
                            format!(
                        "constant {} is not a primitive (strings and classes are not supported)",
                        describe_constant(&other)
                    ),
                        )
                    }
                };
                let c = self.constant(c)?;
                frame.stack.push(c);
            }
            JOp::AconstNull => {
                // `null` as a value: decided where it is tested or compared, an element's absence
                // where it merges with elements of an array of objects (see `elements`); any other
                // use is refused where it happens.
                let null = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
                self.nulls.insert(null);
                frame.stack.push(null);
            }
            JOp::Load(_, slot) => {
                let v = self.load_local(frame, *slot)?;
                frame.stack.push(v);
            }
            JOp::Store(kind, slot) => {
                let v = self.pop(frame)?;
                self.expect(v, Self::stamp_of_kind(*kind), "a local-variable store")?;
                self.store_local(sc, frame, *slot, v)?;
            }
            JOp::Iinc { index, delta } => {
                let v = self.load_local(frame, *index)?;
                self.expect(v, Int, "iinc")?;
                let d = self.constant(Constant::Int(i32::from(*delta)))?;
                let sum = self.add(Op::Binary(BinaryOp::Add), Int, vec![v, d])?;
                self.store_local(sc, frame, *index, sum)?;
            }
            JOp::ArrayLoad(kind) => {
                let index = self.pop(frame)?;
                let array = self.pop(frame)?;
                self.expect(index, Int, "an array load's index")?;
                if self.is_grid(array) {
                    let value = self.grid_load(array, index, tail)?;
                    frame.stack.push(value);
                    return Ok(None);
                }
                if matches!(self.graph.stamp(array), Stamp::Nested { .. }) {
                    let value =
                        self.nested_load(array, index, matches!(kind, ArrayKind::Ref), tail)?;
                    frame.stack.push(value);
                    return Ok(None);
                }
                if let Some(root) = self
                    .object_array(array)
                    .filter(|_| matches!(kind, ArrayKind::Ref))
                {
                    let element = self.element_load(root, array, index, tail)?;
                    frame.stack.push(element);
                    return Ok(None);
                }
                self.expect(array, Stamp::Object, "an array load")?;
                let elem = self.array_elem(array, *kind)?;
                let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![array, index])?;
                *tail = self.append(*tail, load);
                frame.stack.push(load);
            }
            JOp::ArrayStore(kind) => {
                let value = self.pop(frame)?;
                let index = self.pop(frame)?;
                let array = self.pop(frame)?;
                self.expect(index, Int, "an array store's index")?;
                if self.is_grid(array) {
                    self.grid_store(array, index, value, tail)?;
                    return Ok(None);
                }
                if matches!(self.graph.stamp(array), Stamp::Nested { .. }) {
                    let references = matches!(kind, ArrayKind::Ref);
                    self.nested_store(array, index, value, references, tail)?;
                    return Ok(None);
                }
                if self.object_array(array).is_some() {
                    return self.bail(
                        BailoutKind::Construct,
                        "storing into an array of objects (`ps[i] = p`) is not supported: a kernel \
                         cannot change which objects an array holds",
                    );
                }
                self.expect(array, Stamp::Object, "an array store")?;
                let elem = self.array_elem(array, *kind)?;
                self.expect(value, elem.value_stamp(), "an array store's value")?;
                let store = self.add(Op::ArrayStore(elem), Void, vec![array, index, value])?;
                *tail = self.append(*tail, store);
            }
            JOp::MultiANewArray { index, dims } => {
                let descriptor = match sc.class.class_name(*index) {
                    Ok(d) => d.to_string(),
                    Err(e) => return self.malformed(e.to_string()),
                };
                self.new_grid(&descriptor, *dims, frame, tail)?;
            }
            JOp::NewArray(kind) => {
                // A private array of the work-item; `check_private_arrays` (ferrocl-opt) later
                // requires a constant length and no escape.
                let length = self.pop(frame)?;
                if self.graph.stamp(length) != Int {
                    return self.malformed("newarray with a length that is not an int");
                }
                let Some(elem) = new_array_elem(*kind) else {
                    return self.malformed("newarray of references");
                };
                let array = self.add(Op::NewArray(elem), Array(elem), vec![length])?;
                *tail = self.append(*tail, array);
                frame.stack.push(array);
            }
            JOp::ArrayLength => {
                let array = self.pop(frame)?;
                if self.is_grid(array) {
                    let len = self.grid_length(array)?;
                    frame.stack.push(len);
                    return Ok(None);
                }
                if matches!(self.graph.stamp(array), Stamp::Nested { .. }) {
                    let len = self.nested_length(array, tail)?;
                    frame.stack.push(len);
                    return Ok(None);
                }
                if let Some(root) = self.object_array(array) {
                    let len = self.element_count(root)?;
                    frame.stack.push(len);
                    return Ok(None);
                }
                if !matches!(self.graph.stamp(array), Array(_)) {
                    return self.bail(
                        BailoutKind::Construct,
                        "arraylength of a non-primitive array",
                    );
                }
                let len = self.add(Op::ArrayLength, Int, vec![array])?;
                frame.stack.push(len);
            }
            JOp::Pop => {
                self.pop_words(frame, 1)?;
            }
            JOp::Pop2 => {
                self.pop_words(frame, 2)?;
            }
            JOp::Dup => self.dup(frame, 1, 0)?,
            JOp::DupX1 => self.dup(frame, 1, 1)?,
            JOp::DupX2 => self.dup(frame, 1, 2)?,
            JOp::Dup2 => self.dup(frame, 2, 0)?,
            JOp::Dup2X1 => self.dup(frame, 2, 1)?,
            JOp::Dup2X2 => self.dup(frame, 2, 2)?,
            JOp::Swap => {
                let a = self.pop(frame)?;
                let b = self.pop(frame)?;
                frame.stack.push(a);
                frame.stack.push(b);
            }
            JOp::Arith(kind, op) => {
                let stamp = Self::stamp_of_kind(*kind);
                if *op == ArithOp::Neg {
                    let x = self.pop(frame)?;
                    self.expect(x, stamp, "a negation")?;
                    let n = self.add(Op::Negate, stamp, vec![x])?;
                    frame.stack.push(n);
                } else {
                    let y = self.pop(frame)?;
                    let x = self.pop(frame)?;
                    self.expect(x, stamp, "an arithmetic instruction")?;
                    // Shift counts are ints, also for long shifts.
                    let shift = matches!(op, ArithOp::Shl | ArithOp::Shr | ArithOp::Ushr);
                    self.expect(
                        y,
                        if shift { Int } else { stamp },
                        "an arithmetic instruction",
                    )?;
                    let integer = matches!(stamp, Int | Long);
                    let node = match op {
                        ArithOp::Div | ArithOp::Rem if integer => {
                            let rem = *op == ArithOp::Rem;
                            let n = self.add(Op::IntegerDivRem { rem }, stamp, vec![x, y])?;
                            *tail = self.append(*tail, n);
                            n
                        }
                        _ => {
                            let bop = map_arith(*op);
                            self.add(Op::Binary(bop), stamp, vec![x, y])?
                        }
                    };
                    frame.stack.push(node);
                }
            }
            JOp::Convert(from, to) => {
                let x = self.pop(frame)?;
                let from_stamp = conv_stamp(*from);
                self.expect(x, from_stamp, "a conversion")?;
                let (target, stamp) = match to {
                    ConvKind::Int => (ConvTarget::Int, Int),
                    ConvKind::Long => (ConvTarget::Long, Long),
                    ConvKind::Float => (ConvTarget::Float, Float),
                    ConvKind::Double => (ConvTarget::Double, Double),
                    ConvKind::Byte => (ConvTarget::Byte, Int),
                    ConvKind::Char => (ConvTarget::Char, Int),
                    ConvKind::Short => (ConvTarget::Short, Int),
                };
                let conv = Conversion {
                    from: from_stamp,
                    to: target,
                };
                let n = self.add(Op::Convert(conv), stamp, vec![x])?;
                frame.stack.push(n);
            }
            JOp::Lcmp | JOp::Fcmpl | JOp::Fcmpg | JOp::Dcmpl | JOp::Dcmpg => {
                let y = self.pop(frame)?;
                let x = self.pop(frame)?;
                let want = match insn.op {
                    JOp::Lcmp => Long,
                    JOp::Fcmpl | JOp::Fcmpg => Float,
                    _ => Double,
                };
                self.expect(x, want, "a comparison")?;
                self.expect(y, want, "a comparison")?;
                let unordered_is_less = matches!(insn.op, JOp::Fcmpl | JOp::Dcmpl | JOp::Lcmp);
                let n = self.add(Op::NormalizeCompare { unordered_is_less }, Int, vec![x, y])?;
                frame.stack.push(n);
            }
            JOp::If { cond, .. } => {
                let v = self.pop(frame)?;
                self.expect(v, Int, "a conditional branch")?;
                let (x, c, y, swapped) = self.compare_zero(v, *cond)?;
                return self.branch(x, c, y, swapped, tail).map(Some);
            }
            JOp::IfIcmp { cond, .. } => {
                let y = self.pop(frame)?;
                let x = self.pop(frame)?;
                self.expect(x, Int, "a conditional branch")?;
                self.expect(y, Int, "a conditional branch")?;
                return self.branch(x, map_cond(*cond), y, false, tail).map(Some);
            }
            JOp::IfNull { .. } | JOp::IfNonNull { .. } => {
                let v = self.pop(frame)?;
                let taken_if_null = matches!(insn.op, JOp::IfNull { .. });
                return self.any_null_test(v, taken_if_null, tail).map(Some);
            }
            JOp::IfAcmp { equal, .. } => {
                let y = self.pop(frame)?;
                let x = self.pop(frame)?;
                // A comparison with a `null` the method pushed is a null test, however javac wrote it.
                let (null_x, null_y) = (self.nulls.contains(&x), self.nulls.contains(&y));
                if null_x && null_y {
                    return Ok(Some(BlockEnd::Goto(if *equal { 0 } else { 1 })));
                }
                if null_x || null_y {
                    let other = if null_x { y } else { x };
                    return self.any_null_test(other, *equal, tail).map(Some);
                }
                if self.nested_pair(x, y)? {
                    // One handle per distinct array of the argument.
                    let cond = if *equal { Condition::Eq } else { Condition::Ne };
                    return self.branch(x, cond, y, false, tail).map(Some);
                }
                return self.reference_compare(x, y, *equal, tail).map(Some);
            }
            JOp::TableSwitch { .. } | JOp::LookupSwitch { .. } => {
                let key = self.pop(frame)?;
                if self.graph.stamp(key) != Int {
                    return self.malformed("switch on a value that is not an int");
                }
                let cases = crate::blocks::switch_cases(&insn.op)
                    .map(|(cases, _)| cases.into_iter().map(|(k, _)| k).collect())
                    .unwrap_or_default();
                return Ok(Some(BlockEnd::Switch { key, cases }));
            }
            JOp::Goto(_) => {}
            JOp::Return(kind) => {
                let inputs = match kind {
                    Some(k) => {
                        let v = self.pop(frame)?;
                        self.expect(v, Self::stamp_of_kind(*k), "a return")?;
                        vec![v]
                    }
                    None => vec![],
                };
                if inputs.is_empty() != (sc.return_stamp == Void) {
                    return self.malformed("return does not match the method's return type");
                }
                if !sc.is_root {
                    return Ok(Some(BlockEnd::InlineReturn(inputs.first().copied())));
                }
                let ret = self.add(Op::Return, Void, inputs)?;
                *tail = self.append(*tail, ret);
                return Ok(Some(BlockEnd::Return));
            }
            JOp::InvokeStatic(index)
            | JOp::InvokeSpecial(index)
            | JOp::InvokeVirtual(index)
            | JOp::InvokeInterface(index) => {
                self.invoke(sc, &insn.op, *index, frame, tail)?;
            }
            JOp::InvokeDynamic(index) => {
                if !self.object_methods(sc, *index, frame, tail)? {
                    self.invoke_dynamic(sc, *index, frame)?;
                }
            }
            JOp::GetField(index) => {
                let object = self.pop(frame)?;
                let value = self.read_field(sc, *index, object, frame, tail)?;
                frame.stack.push(value);
            }
            JOp::PutField(index) if frame.stack.len() >= 2 => {
                let value = self.pop(frame)?;
                let object = self.pop(frame)?;
                if self.is_element(object) {
                    self.element_put_field(sc, *index, object, value, tail)?;
                    return Ok(None);
                }
                if let Some(choice) = self
                    .described_choices(object)
                    .filter(|(_, objects)| objects.iter().all(|&o| self.is_virtual_object(o)))
                {
                    self.put_field_of_choice(sc, *index, choice, value, frame)?;
                    return Ok(None);
                }
                self.refuse_merged_objects(object)?;
                if !self.is_virtual_object(object) {
                    return self.bail(BailoutKind::Construct, unsupported(sc.class, &insn.op));
                }
                self.put_virtual_field(sc, *index, object, value, frame)?;
            }
            JOp::New(index) => {
                let object = self.new_object(sc, *index, frame)?;
                frame.stack.push(object);
            }
            // A cast of a primitive array to its own type (`(int[]) a.clone()`): nothing to check.
            JOp::CheckCast(index)
                if frame.stack.last().is_some_and(|&v| {
                    let Stamp::Array(elem) = self.graph.stamp(v) else {
                        return false;
                    };
                    sc.class.class_name(*index).is_ok_and(|t| {
                        let t = t.as_bytes();
                        t.len() == 2
                            && t[0] == b'['
                            && ElemKind::from_descriptor_char(t[1]) == Some(elem)
                    })
                }) => {}
            // `null instanceof T` is false (JLS §15.20.2), `(T) null` passes (JLS §5.5).
            JOp::InstanceOf(_) | JOp::CheckCast(_)
                if frame.stack.last().is_some_and(|&v| self.nulls.contains(&v)) =>
            {
                if matches!(insn.op, JOp::InstanceOf(_)) {
                    frame.stack.pop();
                    let zero = self.constant(Constant::Int(0))?;
                    frame.stack.push(zero);
                }
            }
            // On an element of an array of objects: decided per class of its array's elements.
            JOp::InstanceOf(index) | JOp::CheckCast(index)
                if frame.stack.last().is_some_and(|&v| self.is_element(v)) =>
            {
                let Some(&element) = frame.stack.last() else {
                    return self.malformed("type check on an empty stack");
                };
                let target = match sc.class.class_name(*index) {
                    Ok(t) => t.to_string(),
                    Err(e) => return self.malformed(e.to_string()),
                };
                if matches!(insn.op, JOp::InstanceOf(_)) {
                    let is = self.element_instance_of(element, &target, false)?;
                    frame.stack.pop();
                    frame.stack.push(is);
                } else {
                    self.element_cast(element, &target, tail)?;
                }
            }
            // On a variable holding one of several described objects: decided for each, chosen as
            // the object is (a cast must pass for each).
            JOp::InstanceOf(index) | JOp::CheckCast(index)
                if frame
                    .stack
                    .last()
                    .is_some_and(|&v| self.described_choices(v).is_some()) =>
            {
                let Some(&object) = frame.stack.last() else {
                    return self.malformed("type check on an empty stack");
                };
                let target = match sc.class.class_name(*index) {
                    Ok(t) => t.to_string(),
                    Err(e) => return self.malformed(e.to_string()),
                };
                let is = self.instance_of_choice(object, &target, 0)?;
                if matches!(insn.op, JOp::InstanceOf(_)) {
                    frame.stack.pop();
                    frame.stack.push(is);
                } else if !matches!(self.graph.op(is), Op::Constant(Constant::Int(1))) {
                    // A check where the object chosen may not be an instance (after `instanceof` in
                    // a type pattern it always is): where it fails, the JVM reruns the method and
                    // throws ClassCastException. (A null object, which a cast lets through, fails it
                    // too: the JVM's rerun then does what Java does.)
                    let zero = self.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![])?;
                    let passes =
                        self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![is, zero])?;
                    self.throw_check(passes, tail)?;
                }
            }
            // On an object made in the kernel, whose class is exact, or on an object the host
            // described (a parameter, a field path: its exact class or null at `execute()`, which
            // guards the kernel): decided while parsing.
            JOp::InstanceOf(index) | JOp::CheckCast(index)
                if frame
                    .stack
                    .last()
                    .is_some_and(|&v| self.known_class(v).is_some()) =>
            {
                let Some(&object) = frame.stack.last() else {
                    return self.malformed("type check on an empty stack");
                };
                let class = self.known_class(object).flatten();
                let target = match sc.class.class_name(*index) {
                    Ok(t) => t.to_string(),
                    Err(e) => return self.malformed(e.to_string()),
                };
                // JLS §15.20.2: `null instanceof T` is false; a cast of null always succeeds.
                let is = match &class {
                    Some(c) => self.is_subclass(c, &target)?,
                    None => false,
                };
                if matches!(insn.op, JOp::InstanceOf(_)) {
                    frame.stack.pop();
                    let v = self.add(
                        Op::Constant(Constant::Int(i32::from(is))),
                        Stamp::Int,
                        vec![],
                    )?;
                    frame.stack.push(v);
                } else if let (Some(c), false) = (&class, is) {
                    return self.bail(
                        BailoutKind::Construct,
                        format!(
                            "a cast of a {} to {} (the JVM throws ClassCastException)",
                            c.replace('/', "."),
                            target.replace('/', ".")
                        ),
                    );
                }
            }
            JOp::GetStatic(index) => {
                let v = self.get_static(sc, *index)?;
                frame.stack.push(v);
            }
            other => return self.bail(BailoutKind::Construct, unsupported(sc.class, other)),
        }
        Ok(None)
    }

    pub(crate) fn branch(
        &mut self,
        x: NodeId,
        cond: Condition,
        y: NodeId,
        swapped: bool,
        tail: &mut NodeId,
    ) -> Result<BlockEnd, FrontendError> {
        // A comparison of two integer constants (typically a constant argument of an inlined
        // call) decides the branch now: only the live successor is parsed.
        if let Some(holds) = self.fold_compare(x, cond, y) {
            // Successor 0 is the branch target; the condition holds for it unless `swapped`.
            return Ok(BlockEnd::Goto(if holds != swapped { 0 } else { 1 }));
        }
        let cmp = self.add(Op::Compare(cond), Stamp::Bool, vec![x, y])?;
        // A branch into code that always throws (`if (x < 0) throw new …`): a guard that fails
        // there (the JVM reruns the method and throws Java's exception), and control goes on the
        // other way; the throwing code is never parsed.
        let throws = std::mem::take(&mut self.branch_throws);
        if throws[0] != throws[1] {
            let on = usize::from(throws[0]);
            // The condition holds for successor 0 (the target) unless `swapped`.
            let continues = if (on == 0) != swapped {
                cmp
            } else if matches!(self.graph.stamp(x), Stamp::Int | Stamp::Long) {
                self.add(Op::Compare(cond.negate()), Stamp::Bool, vec![x, y])?
            } else {
                // IEEE: with a NaN operand both `x < y` and `x >= y` are false.
                let f = self.add(Op::Constant(Constant::Int(0)), Stamp::Bool, vec![])?;
                let t = self.add(Op::Constant(Constant::Int(1)), Stamp::Bool, vec![])?;
                self.add(Op::Select, Stamp::Bool, vec![cmp, f, t])?
            };
            self.throw_check(continues, tail)?;
            return Ok(BlockEnd::Goto(on));
        }
        let node = self.add(Op::If, Stamp::Void, vec![cmp])?;
        *tail = self.append(*tail, node);
        Ok(BlockEnd::If { node, swapped })
    }

    /// The value of `x cond y` when both are integer constants, or `int` values parsing knows (the
    /// length of an array made in the kernel: JDK 25's `Arrays.copyOf` tests it against the new
    /// length before it clones).
    fn fold_compare(&self, x: NodeId, cond: Condition, y: NodeId) -> Option<bool> {
        let value = |n: NodeId| match self.graph.op(n) {
            Op::Constant(Constant::Int(v)) => Some(i64::from(*v)),
            Op::Constant(Constant::Long(v)) => Some(*v),
            _ if self.graph.stamp(n) == Stamp::Int => self.known_int(n, 0).map(i64::from),
            _ => None,
        };
        if self.graph.stamp(x) != self.graph.stamp(y) {
            return None;
        }
        Some(cond.holds(value(x)?, value(y)?))
    }

    fn array_elem(&self, array: NodeId, kind: ArrayKind) -> Result<ElemKind, FrontendError> {
        let Stamp::Array(elem) = self.graph.stamp(array) else {
            return self.bail(
                BailoutKind::Construct,
                "arrays of objects or of unknown type are not supported",
            );
        };
        let ok = match kind {
            ArrayKind::Byte | ArrayKind::Boolean => {
                matches!(elem, ElemKind::Byte | ElemKind::Boolean)
            }
            ArrayKind::Char => elem == ElemKind::Char,
            ArrayKind::Short => elem == ElemKind::Short,
            ArrayKind::Int => elem == ElemKind::Int,
            ArrayKind::Long => elem == ElemKind::Long,
            ArrayKind::Float => elem == ElemKind::Float,
            ArrayKind::Double => elem == ElemKind::Double,
            ArrayKind::Ref => false,
        };
        if !ok {
            return self.bail(
                BailoutKind::Construct,
                "array element access of an unexpected type",
            );
        }
        Ok(elem)
    }
}

/// How a block's instructions ended.
pub(crate) enum BlockEnd {
    /// A two-way branch. Its condition holds for the block's first successor (the branch target),
    /// unless `swapped`: then the condition was negated and holds for the fall-through.
    If { node: NodeId, swapped: bool },
    /// A branch decided while parsing: control goes to the block's successor of this index
    /// (0: the branch target, 1: the fall-through); the other edge is never taken.
    Goto(usize),
    /// A `switch` on `key`: one successor per case key (in this order), then the default.
    Switch { key: NodeId, cases: Vec<i32> },
    /// A return of the compiled method.
    Return,
    /// A return of inlined code, with its value.
    InlineReturn(Option<NodeId>),
}

/// The element kind of `newarray`'s `atype` (never `Ref`: that is `anewarray`).
fn new_array_elem(kind: ArrayKind) -> Option<ElemKind> {
    Some(match kind {
        ArrayKind::Boolean => ElemKind::Boolean,
        ArrayKind::Byte => ElemKind::Byte,
        ArrayKind::Char => ElemKind::Char,
        ArrayKind::Short => ElemKind::Short,
        ArrayKind::Int => ElemKind::Int,
        ArrayKind::Long => ElemKind::Long,
        ArrayKind::Float => ElemKind::Float,
        ArrayKind::Double => ElemKind::Double,
        ArrayKind::Ref => return None,
    })
}

fn map_cond(c: Cond) -> Condition {
    match c {
        Cond::Eq => Condition::Eq,
        Cond::Ne => Condition::Ne,
        Cond::Lt => Condition::Lt,
        Cond::Ge => Condition::Ge,
        Cond::Gt => Condition::Gt,
        Cond::Le => Condition::Le,
    }
}

fn map_arith(op: ArithOp) -> BinaryOp {
    match op {
        ArithOp::Add => BinaryOp::Add,
        ArithOp::Sub => BinaryOp::Sub,
        ArithOp::Mul => BinaryOp::Mul,
        ArithOp::Div => BinaryOp::Div,
        ArithOp::Rem => BinaryOp::Rem,
        ArithOp::Shl => BinaryOp::Shl,
        ArithOp::Shr => BinaryOp::Shr,
        ArithOp::Ushr => BinaryOp::Ushr,
        ArithOp::And => BinaryOp::And,
        ArithOp::Or => BinaryOp::Or,
        ArithOp::Xor => BinaryOp::Xor,
        // Negation is a unary node, built before this mapping is consulted.
        ArithOp::Neg => BinaryOp::Sub,
    }
}

/// A stamp as the JVM's verifier would name the type.
fn describe_stamp(s: Stamp) -> &'static str {
    match s {
        Stamp::Void => "no value",
        Stamp::Bool => "a condition",
        Stamp::Int => "an int",
        Stamp::Long => "a long",
        Stamp::Float => "a float",
        Stamp::Double => "a double",
        Stamp::Array(_) | Stamp::Object | Stamp::Nested { .. } => "a reference",
    }
}

fn conv_stamp(k: ConvKind) -> Stamp {
    match k {
        ConvKind::Long => Stamp::Long,
        ConvKind::Float => Stamp::Float,
        ConvKind::Double => Stamp::Double,
        _ => Stamp::Int,
    }
}

fn describe_constant(c: &ferrocl_classfile::Constant) -> String {
    match c {
        ferrocl_classfile::Constant::String(s) => format!("\"{s}\""),
        ferrocl_classfile::Constant::Class(c) => format!("{}.class", c.replace('/', ".")),
        other => format!("{other:?}"),
    }
}

/// `pkg.Cls.name` of the field reference at `index`, for messages.
pub(crate) fn field_name(class: &ClassFile, index: u16) -> String {
    match class.member_ref(index) {
        Ok(m) => format!("{}.{}", m.class.replace('/', "."), m.name),
        Err(_) => format!("#{index}"),
    }
}

fn unsupported(class: &ClassFile, op: &JOp) -> String {
    match op {
        JOp::InvokeDynamic(_) => {
            "invokedynamic (lambdas, string concatenation) is not supported yet".into()
        }
        JOp::PutStatic(i) => {
            format!(
                "writing a static field is not supported: {}",
                field_name(class, *i)
            )
        }
        JOp::PutField(i) => {
            format!(
                "writing a field is not supported (kernels may write arrays only): {}",
                field_name(class, *i)
            )
        }
        JOp::New(_) => "allocation of objects inside a kernel is not supported yet".into(),
        JOp::NewArray(_) | JOp::ANewArray(_) | JOp::MultiANewArray { .. } => {
            "arrays of references, and arrays whose rows are left null (`new int[3][]`), cannot be \
             allocated inside a kernel (only primitive arrays of constant dimensions)"
                .into()
        }
        JOp::AThrow => "throw statements are not supported yet".into(),
        JOp::MonitorEnter | JOp::MonitorExit => SYNCHRONIZED_BLOCK.into(),
        JOp::CheckCast(_) | JOp::InstanceOf(_) => {
            "type checks (casts, instanceof) are supported on objects made in the kernel and on \
             objects the host describes (`this`, parameters and their fields), not on this value"
                .into()
        }
        JOp::Jsr(_) | JOp::Ret(_) => "jsr/ret subroutines are not supported".into(),
        other => format!("bytecode {other:?} is not supported yet"),
    }
}

/// The instructions (by index) whose exception the method catches, each with the index of the
/// first instruction of its handler: an array access (`ArrayIndexOutOfBoundsException`) or an
/// integer division (`ArithmeticException`) inside a `try` range, paired with the first entry of
/// the exception table (the JVM's order) that covers it and catches that exception or a
/// superclass of it (`finally`'s catch-all too).
/// Per local slot (`count` of them), whether it may be read again from instruction `at` on
/// ([`crate::blocks::Cfg::local_live_at`]); every slot counts as live unless `ask` (the analysis
/// is needed only where variables hold objects allocated in the kernel).
fn live_locals(cfg: &Cfg, insns: &[Insn], at: usize, count: usize, ask: bool) -> Vec<bool> {
    (0..count)
        .map(|t| !ask || u16::try_from(t).map_or(true, |t16| cfg.local_live_at(insns, t16, at)))
        .collect()
}

pub(crate) fn caught_instructions(code: &Code) -> Vec<(usize, usize)> {
    let index_of: HashMap<u32, usize> = code
        .instructions
        .iter()
        .enumerate()
        .map(|(k, insn)| (insn.bci, k))
        .collect();
    let mut caught = Vec::new();
    for (k, insn) in code.instructions.iter().enumerate() {
        let thrown: &[&str] = match insn.op {
            JOp::ArrayLoad(_) | JOp::ArrayStore(_) => &[
                "java/lang/ArrayIndexOutOfBoundsException",
                "java/lang/IndexOutOfBoundsException",
            ],
            JOp::Arith(Kind::Int | Kind::Long, ArithOp::Div | ArithOp::Rem) => {
                &["java/lang/ArithmeticException"]
            }
            _ => continue,
        };
        let catches = |t: &Option<String>| match t.as_deref() {
            None => true,
            Some(c) => {
                thrown.contains(&c)
                    || matches!(
                        c,
                        "java/lang/RuntimeException"
                            | "java/lang/Exception"
                            | "java/lang/Throwable"
                    )
            }
        };
        let handler = code.exception_table.iter().find(|e| {
            u32::from(e.start_pc) <= insn.bci
                && insn.bci < u32::from(e.end_pc)
                && catches(&e.catch_type)
        });
        if let Some(h) = handler.and_then(|e| index_of.get(&u32::from(e.handler_pc))) {
            caught.push((k, *h));
        }
    }
    caught
}

/// The locals of `code` annotated `@Parallel` (their live ranges and slots).
fn parallel_locals(code: &Code) -> Vec<AnnotatedLocal> {
    code.type_annotations
        .iter()
        .filter(|a| a.type_descriptor == PARALLEL_ANNOTATION)
        .filter_map(|a| match &a.target {
            TypeAnnotationTarget::LocalVariable(ranges) => Some(ranges),
            _ => None,
        })
        .flatten()
        .map(|r| AnnotatedLocal {
            start_pc: r.start_pc,
            length: r.length,
            slot: r.index,
        })
        .collect()
}
