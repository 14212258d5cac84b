//! Ferrocl's OpenCL C writer: a recognised parallel loop in, one readable kernel out.
//!
//! **Receives** a canonicalised [`MethodGraph`] and its [`ParallelNest`]. **Guarantees** OpenCL C
//! that computes what the JVM computes: `#pragma OPENCL FP_CONTRACT OFF` (no fused multiply-add),
//! integer arithmetic done in unsigned types so overflow wraps as in Java (signed overflow is
//! undefined in C), shift counts masked, `MIN_VALUE / -1 == MIN_VALUE`, float→integer conversions
//! that saturate and map NaN to 0, `char` unsigned, `boolean` stores keeping bit 0. Every array
//! access is bounds-checked and every integer division checks its divisor: a failed check writes a
//! code to the status buffer and ends the work-item; the host then discards the run and lets the JVM
//! redo it, so exceptions and their messages are the JVM's own.
//! **Refuses** nodes it has no translation for, with [`WriterError::Unsupported`]; broken graph
//! shapes are [`WriterError::Internal`].

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

mod coherence;
mod expr;
mod increments;
mod intrinsics;
mod libm;
mod names;
mod read_only;
mod staging;
mod staging2d;
mod structure;
mod tiling;
mod vector_access;
mod versioning;
mod write_cover;

pub use ferrocl_opt::{BoundsProof, HostLinear, InnerLoop, ProvedAccess};
pub use write_cover::WriteCover;

use ferrocl_graph::reduce::{ReduceKind, ReduceValue};
use ferrocl_graph::MethodGraph;
use ferrocl_graph::{count, Applied, ElemKind, NodeId, Op, Stamp};
use ferrocl_opt::{
    HostExpr, LoopDim, NestShape, ParallelNest, PhaseSwitches, ReduceOp, Reduction, VECTOR_COPIES,
    VECTOR_LANES,
};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write;

pub use names::sanitize_identifier;

pub use ferrocl_graph::{STATUS_DIVIDE_BY_ZERO, STATUS_INDEX};
/// Status code written when `new T[K]` runs with a negative constant `K` (the JVM then throws
/// `NegativeArraySizeException`).
pub const STATUS_NEGATIVE_ARRAY_SIZE: i32 = 3;

/// The kernel argument that says the host's bounds test held for this launch
/// ([`KernelParam::BoundsProven`]; [`ferrocl_graph::Op::BoundsProven`] in the graph).
pub(crate) const BOUNDS_PROVEN: &str = "ferrocl_proven";

/// One kernel argument, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KernelParam {
    /// A primitive array parameter (`__global T*`).
    Array {
        /// Index into [`MethodGraph::params`].
        param: usize,
        /// Element kind.
        elem: ElemKind,
        /// Whether the kernel reads it.
        read: bool,
        /// Whether the kernel writes it (then it is copied back).
        written: bool,
        /// Present when the kernel never reads the array and, in every iteration of the
        /// `@Parallel` nest, stores to it at an index affine in the loop indices: the host checks
        /// at launch, with the bound values, whether those stores reach every element
        /// ([`WriteCover::covers`]), and if so does not upload the array.
        full_write: Option<WriteCover>,
        /// Present when the kernel writes the array (not as a `@Reduce` output) and the index of
        /// every store to it is affine in the loop indices: the host bounds, with the bound values,
        /// which elements a launch over part of the outermost loop can write
        /// ([`WriteCover::index_span`] of each), to split a launch across devices.
        stores: Option<Vec<WriteCover>>,
        /// As `stores`, for the loads: present when the kernel reads the array and the index of
        /// every load from it is affine in the loop indices (what a launch over part of the
        /// outermost loop can read).
        loads: Option<Vec<WriteCover>>,
    },
    /// The length of an array parameter (`const int`).
    ArrayLength {
        /// Index into [`MethodGraph::params`].
        param: usize,
    },
    /// A scalar parameter, passed with its stamp's OpenCL type.
    Scalar {
        /// Index into [`MethodGraph::params`].
        param: usize,
        /// `Int`, `Long`, `Float` or `Double`.
        stamp: Stamp,
    },
    /// A non-final static field, read on the host at each `execute()` (`const T`).
    StaticField {
        /// The field.
        field: ferrocl_graph::FieldRef,
        /// Its stamp.
        stamp: Stamp,
    },
    /// The identity of a reference parameter ([`Op::Identity`]), computed by the host at each
    /// `execute()` (`const int`).
    Identity {
        /// The parameter: an index into [`MethodGraph::params`].
        param: usize,
    },
    /// An element of an array parameter that Java reads before the loops ([`Op::HostLoad`]): the
    /// host reads it from the Java array at each `execute()` when `when` holds (else passes 0,
    /// which the kernel never uses), and sends the method to the JVM when `index` is then out of
    /// bounds (`const T`).
    HostLoad {
        /// The array: an index into [`MethodGraph::params`].
        param: usize,
        /// The element's index.
        index: HostExpr,
        /// Whether Java reads the element (the branches before it): 1 or 0.
        when: HostExpr,
        /// The element type.
        elem: ElemKind,
    },
    /// An integer division Java makes before the loops ([`Op::HostDivRem`]): the host computes
    /// `value` at each `execute()` (0 where Java does not divide) and sends the method to the JVM
    /// where it divides by zero (`const int` or `const long`, per `stamp`).
    HostValue {
        /// The value, as the host evaluates it.
        value: HostExpr,
        /// `Int` or `Long`.
        stamp: Stamp,
    },
    /// The first value of the index of `@Parallel` loop `dim` (0 = outermost; `const int`).
    LoopStart {
        /// Which loop of the nest.
        dim: usize,
    },
    /// The trip count of `@Parallel` loop `dim` (`const uint`): work-items past it do nothing, so the
    /// global size may be rounded up to a multiple of the work-group size.
    TripCount {
        /// Which loop of the nest.
        dim: usize,
    },
    /// `__global int*` status word: 0, or the code of the first failed check.
    Status,
    /// `__global T*` of reduction `reduction` (index into [`Kernel::reductions`]): one partial result
    /// per work-group, each written by the group's first work-item. The host sizes it to the number of
    /// work-groups and combines the partials with the value `out[0]` held before the launch.
    ReducePartials {
        /// Which reduction.
        reduction: usize,
    },
    /// `__local T*` scratch of reduction `reduction`: one element per work-item of a work-group.
    ReduceScratch {
        /// Which reduction.
        reduction: usize,
    },
    /// `int`: 1 when [`Kernel::bounds_proof`] holds for this launch (the host evaluates it), else 0.
    BoundsProven,
    /// `__global ulong*`: the carry buffer every kernel of the execution shares, `slots` 64-bit
    /// words, zeroed before the first launch: code one work-item runs writes the values it hands on
    /// into it, and later kernels read them (see [`ferrocl_opt::Carried`]).
    Carried {
        /// The buffer's words (the method's carried values).
        slots: usize,
    },
    /// `long`: only in [`Windowed::params`], right after the [`KernelParam::Array`] of `param`:
    /// the index of the array's first element that its buffer holds (the buffer is a window
    /// of the array; the kernel indexes the array as Java does).
    ArrayBase {
        /// Index into [`MethodGraph::params`].
        param: usize,
    },
}

/// The same kernel for buffers that hold a window of each array (a launch over part of the
/// outermost loop, when the arrays are larger than the device can hold at once): every array
/// argument is followed by a `long` base index, and the kernel rebases its pointer once
/// (`a = a_window - a_base`), so that its body still indexes each array as Java does. The host
/// passes the window's first element as the base; a window start must keep the alignment
/// [`Kernel`]'s vector loads assume (a multiple of 128 bytes satisfies every one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Windowed {
    /// The OpenCL C program.
    pub source: String,
    /// Kernel arguments in order: [`Kernel::params`] with a [`KernelParam::ArrayBase`] after each
    /// [`KernelParam::Array`].
    pub params: Vec<KernelParam>,
}

/// Code-generation choices: what depends on the device, and which optional phases run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WriterOptions {
    /// Compute `float` division and square root in `double` and round once (exact, since a double
    /// has more than twice a float's precision) for devices that cannot round them correctly in
    /// single precision.
    pub soft_fp32_div_sqrt: bool,
    /// The optional phases (the writer's: `loopVersioning`, `hostVersioning`, `coalesce`, `tile`,
    /// `coherentBranches`, `vectorAccess`, `restrict`, `constantMemory`, `redundantChecks`); all on
    /// by default. A `@Reduce` loop is written as the graph phase `lower_reductions` planned it
    /// (`unroll`, `reduceVersioning`, `vectorize`: [`ParallelNest::reduce_loop`]).
    pub switches: PhaseSwitches,
    /// The device runs work-groups of 256 with 32 KiB of local memory: staged coalescing and
    /// tiling may apply.
    pub local_tiles: bool,
    /// The device's local memory per work-group in bytes; 0 when unknown (then the 32 KiB every
    /// full-profile device has). See [`WriterOptions::tile_budget`].
    pub local_mem_bytes: u64,
    /// The device's `double` `exp`, `expm1`, `sinh` and `cosh` built-ins keep Java's overflow
    /// edges (probed on it): relaxed math calls them bare instead of through the wrappers that
    /// apply Java's thresholds.
    pub builtin_edges: bool,
}

/// The most local memory tiles take on any device: what NVIDIA's OpenCL allows one work-group
/// (48 KiB); more would also cost occupancy on every GPU measured.
const MAX_TILE_BUDGET: u64 = 48 << 10;

impl WriterOptions {
    /// The bytes of local memory a staged or tiled kernel's tiles may take: three quarters of the
    /// device's local memory (the rest for the driver's and the compiler's own use, and so that
    /// more than one work-group fits where the device has little), at most 48 KiB. 24 KiB on a
    /// device with the full profile's minimum of 32 KiB, 36 KiB on NVIDIA's 48 KiB, 12 KiB on a
    /// 16 KiB device (which takes 4 × 4-point float tiles, not 8 × 8 ones).
    pub fn tile_budget(&self) -> usize {
        let local = if self.local_mem_bytes == 0 {
            32 << 10
        } else {
            self.local_mem_bytes
        };
        usize::try_from((local / 4 * 3).min(MAX_TILE_BUDGET)).unwrap_or(24 << 10)
    }
}

/// What the device must support for this kernel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    /// Uses `double` (needs `cl_khr_fp64`).
    pub fp64: bool,
    /// Uses `float` division or square root (needs correctly rounded divide/sqrt to match Java).
    pub fp32_div_sqrt: bool,
}

/// A written kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Kernel {
    /// The `__kernel` function's name.
    pub name: String,
    /// The OpenCL C program.
    pub source: String,
    /// Kernel arguments in order.
    pub params: Vec<KernelParam>,
    /// Device requirements.
    pub features: Features,
    /// The `@Parallel` loops, outermost first (empty: one work-item runs the method). Loop `k` of `n`
    /// is NDRange dimension `n - 1 - k`, so the innermost loop varies fastest.
    pub dims: Vec<LoopDim>,
    /// The condition (0 or 1, evaluated by the host) under which the kernel runs at all: code one
    /// work-item runs under branches (see [`ParallelNest::when`]); `None`: always.
    pub when: Option<HostExpr>,
    /// For a kernel of a `@Parallel` loop inside the sequential loop around the loops (see
    /// [`ParallelNest::repeat`]): that loop's range; the host launches the method's repeated
    /// kernels, in order, once per value of its counter. `None`: once.
    pub repeat: Option<ferrocl_opt::Repeat>,
    /// Code before it may have returned on the device ([`ParallelNest::skip_if`]): then the
    /// kernel writes nothing, so no array it writes may be taken as written in full.
    pub may_skip: bool,
    /// Points each work-item computes along each `@Parallel` loop (outermost first, as `dims`):
    /// the NDRange dimension of loop `k` covers `ceil(trip count / coarsen[k])` work-items (1
    /// everywhere but in a tiled kernel, see `tile`).
    pub coarsen: Vec<u32>,
    /// For a tiled or 2-D staged kernel whose bounds test the host can evaluate: that test; the
    /// kernel reads its outcome as [`KernelParam::BoundsProven`].
    pub bounds_proof: Option<BoundsProof>,
    /// The `@Reduce` arrays this kernel folds into. When there are any, the kernel is a reduction
    /// kernel: the outermost loop (the last NDRange dimension) is covered by a grid-stride loop, so
    /// its global size may be smaller than its trip count; every work-group size must be a power of
    /// two; and the host combines the partial results (see [`KernelParam::ReducePartials`]).
    pub reductions: Vec<Reduction>,
    /// The optional phases that changed this kernel: the writer fills in its own (in the order of
    /// `ferrocl_opt::OPTIONAL_PHASES`); `ferrocl-jit` puts the method's (front end, graph) before
    /// them.
    pub applied: Vec<Applied>,
    /// The kernel for windows of its arrays (see [`Windowed`]).
    pub windowed: Windowed,
    /// Work-items the launch covers along NDRange dimension 0 beyond `ceil(trip count /
    /// coarsen)`, which run nothing (the coherent numbering's alignment, see the `coherence`
    /// module); 0 for most kernels.
    pub pad_items: u32,
    /// Some check of the kernel can fail on the device (it writes its status word somewhere);
    /// `false` when every check was proven away or none was needed.
    pub may_fail: bool,
    /// When [`Kernel::bounds_proof`] holds for a launch, no check of the kernel can fail (the host
    /// versioned every check away): the launch needs no status word.
    pub proven_infallible: bool,
    /// What the host may choose per launch through build options (phases `restrict` and
    /// `constantMemory`); the source alone is the kernel without either.
    pub variants: Variants,
    /// Array parameters the kernel reads or writes as vectors (phase `vectorAccess`), with the
    /// alignment in bytes those accesses assume: the device copy of the array, and any window or
    /// share of it, must start on a multiple of it.
    pub vector_align: Vec<(usize, usize)>,
}

/// The launch-time choices a kernel's source leaves to build options (see the `read_only`
/// module): `restrict` array arguments, and constant memory for read-only tables.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variants {
    /// The array arguments carry [`RESTRICT_MACRO`]: `-DFERROCL_RESTRICT=restrict` declares them
    /// `restrict`, which the host may ask for only when no two of them are the same array.
    pub restrict: bool,
    /// The read-only arrays every work-item reads alike, as `(parameter, macro)`: `-D<macro>=__constant`
    /// binds them in constant memory, which the host asks for (for all of them together) only
    /// when no two array arguments are the same array and the tables fit the device's constant
    /// buffer and argument count.
    pub constant: Vec<(usize, String)>,
    /// The points per work-item (along each tiled dimension) a tiled kernel may also be built with,
    /// besides the `coarsen` of its source: `-DFERROCL_MICRO=m` (the `tiling` module's `MICRO_MACRO`) builds
    /// it so, and the launch then covers `m` points per work-item. Empty for other kernels.
    pub micro: Vec<u32>,
}

impl Variants {
    /// The build options of one variant: `restrict` arguments, the constant-memory candidates
    /// in constant memory, and `micro` points per work-item (one of [`Variants::micro`]; `None`:
    /// the source's own). Empty for the source's own kernel.
    pub fn options(&self, restrict: bool, constant: bool, micro: Option<u32>) -> String {
        let mut out = Vec::new();
        if restrict && self.restrict {
            out.push(format!("-D{RESTRICT_MACRO}=restrict"));
        }
        if constant {
            for (_, m) in &self.constant {
                out.push(format!("-D{m}=__constant"));
            }
        }
        if let Some(m) = micro.filter(|m| self.micro.contains(m)) {
            out.push(format!("-D{}={m}", tiling::MICRO_MACRO));
        }
        out.join(" ")
    }
}

pub use read_only::RESTRICT_MACRO;
/// Work-items along each dimension of a tiled kernel's work-group (see [`Variants::micro`]).
pub const TILE_GROUP: usize = ferrocl_opt::tile::GROUP;

/// Errors of the writer.
#[derive(Debug, thiserror::Error)]
pub enum WriterError {
    /// A node kind this writer cannot translate (yet).
    #[error("{location}: the OpenCL writer does not support {what}")]
    Unsupported {
        /// Where.
        location: String,
        /// What.
        what: String,
    },
    /// A graph shape that earlier phases should have excluded: a bug in Ferrocl.
    #[error("internal error in the OpenCL writer: {0}")]
    Internal(String),
}

pub(crate) struct Writer<'a> {
    pub(crate) mg: &'a MethodGraph,
    pub(crate) names: names::Names,
    /// Value expressions already bound to a C name (or inlinable text).
    pub(crate) values: HashMap<NodeId, String>,
    pub(crate) body: String,
    pub(crate) helpers: BTreeSet<&'static str>,
    pub(crate) features: Features,
    pub(crate) array_names: HashMap<usize, (String, String)>,
    /// Bounds checks already emitted on the current path, as `(index, length)` expressions, with
    /// the scope depth they were emitted at.
    pub(crate) checked: Vec<(String, String, usize)>,
    /// The block whose scheduled values may be written on demand.
    pub(crate) current_block: Option<usize>,
    /// Where each floating value is scheduled.
    pub(crate) place: HashMap<NodeId, usize>,
    /// The C scopes (`{ … }`) open at the current point, by id.
    pub(crate) scope: Vec<u32>,
    pub(crate) scope_counter: u32,
    /// Scope path where each value was defined.
    pub(crate) def_scope: HashMap<NodeId, Vec<u32>>,
    /// Values to declare at the top of the kernel (used outside their defining scope).
    pub(crate) hoist: std::collections::HashSet<NodeId>,
    /// Values found used outside their defining scope in this pass.
    pub(crate) need_hoist: std::collections::HashSet<NodeId>,
    /// Declarations written at the top of the kernel body (phi variables, hoisted values).
    pub(crate) top_decls: Vec<String>,
    /// The values this kernel reads from the method's carry buffer and writes into it.
    pub(crate) carry: std::rc::Rc<Carry>,
    /// Phi variables by phi.
    pub(crate) phi_vars: HashMap<NodeId, String>,
    /// Device-dependent choices.
    pub(crate) options: WriterOptions,
    /// Accumulator variables of the `@Reduce` arrays, by parameter index.
    pub(crate) reduce_accs: HashMap<usize, String>,
    /// The statement that ends one iteration of the parallel body (`return;`, or in a reduction
    /// kernel a jump to the end of the grid-stride loop, so every work-item reaches the barriers).
    pub(crate) exit: String,
    /// Array accesses and divisions whose checks a loop-entry test proved (in the fast copy of a
    /// versioned loop being written): they are written without their check; and the loop's tested
    /// increment, proved not to overflow, written as C's signed operation.
    pub(crate) proven: HashSet<NodeId>,
    /// The fixed nodes of the copy of a host-versioned body (see `ferrocl_opt::HostVersioning`)
    /// when the writer writes it: a value both versions share (an index made of the parallel
    /// indices) is checked by each version's own guards, within that version only.
    pub(crate) proven_copy: HashSet<NodeId>,
    /// Increments of counted loops' variables that cannot overflow in any copy of their loop
    /// (`Writer::no_wrap_increments`), written as C's signed operation.
    pub(crate) no_wrap: HashSet<NodeId>,
    /// The method's versioned loops (the graph phase `loopVersioning`).
    pub(crate) versions: std::rc::Rc<Vec<ferrocl_opt::LoopVersion>>,
    /// A versioned loop to stage when its header is written (see `staging::PendingStage`).
    pub(crate) staged_pending: Option<staging::PendingStage>,
    /// Names of values declared at the top, so that both copies of a versioned loop assign the
    /// same variable.
    pub(crate) hoisted_names: HashMap<NodeId, String>,
    /// `sinCosPairs`: the pairs written, by their first node (a pair written in several copies of
    /// a loop counts once in the report).
    pub(crate) sin_cos_pairs: HashSet<NodeId>,
    /// Arrays allocated in the body (`new T[K]`): per `NewArray` site, its private C array and `K`.
    pub(crate) private_arrays: HashMap<NodeId, PrivateArray>,
    /// How often each optional phase changed the code in this pass.
    pub(crate) applied: BTreeMap<&'static str, usize>,
    /// Staged coalescing (see the `staging` module).
    pub(crate) stage: staging::StageState,
    /// Vector accesses (see the `vector_access` module).
    pub(crate) vector: vector_access::VectorState,
    /// While the fast copy of a versioned loop is written whose only unproven checks are index
    /// guards right before their loads (`Counted::deferrable`): the flag that records a failed
    /// one, those guards, and the name of each one's outcome by the load it protects. Such a
    /// check does not leave the loop: the load reads nothing when it fails (its value is 0) and the
    /// flag is set; after the loop a set flag sets the status word and ends the work-item, so the
    /// JVM reruns the method and throws as Java does. The loop is counted (its trip count proven
    /// finite by the entry test), stores nothing, divides by nothing and is left only by its test,
    /// so running its remaining iterations on such values changes nothing that is kept. Without
    /// an early exit in its body the driver can pipeline the loop's loads (SpMV's `x[col[k]]`:
    /// twice as fast on the H200, `bench-native/variants/`).
    pub(crate) deferred_checks: Option<(String, HashSet<NodeId>, HashMap<NodeId, String>)>,
    /// Where a failed check goes when not to [`Writer::exit`]: a copy of an unrolled `@Reduce`
    /// body leaves the unrolled loops (`goto ferrocl_done;`) rather than its iteration.
    pub(crate) fail_exit: Option<String>,
    /// Appended to the name of every value this writer binds (`_x2` in copy 2 of an unrolled
    /// `@Reduce` body), so that interleaved copies read as the same code.
    pub(crate) copy_suffix: String,
    /// Appended to the body's labels (see `structure::Emitter::tag`).
    pub(crate) label_tag: String,
}

/// A private array of the work-item: one per `NewArray` site, declared at the top of the kernel and
/// zeroed wherever the site runs.
#[derive(Clone, Debug)]
pub(crate) struct PrivateArray {
    /// Its C name.
    pub(crate) name: String,
    /// Its constant length (negative: the allocation always fails).
    pub(crate) length: i32,
    /// Its element kind.
    pub(crate) elem: ElemKind,
}

/// How a kernel uses the method's carry buffer (see [`ferrocl_opt::Carried`]): `__global ulong*`,
/// one 64-bit slot per value, holding its bits.
#[derive(Clone, Debug, Default)]
pub(crate) struct Carry {
    /// The buffer parameter's name (empty: the kernel has none).
    pub(crate) buffer: String,
    /// The values the kernel reads when it starts.
    pub(crate) load: Vec<ferrocl_opt::Carried>,
    /// The values the kernel writes where it stops.
    pub(crate) store: Vec<ferrocl_opt::Carried>,
    /// For code one work-item runs that may return before the next loop: the slot it sets to 1
    /// where it returns ([`ParallelNest::stop`]).
    pub(crate) stop: Option<usize>,
    /// The slots that say code before this kernel returned ([`ParallelNest::skip_if`]): where one
    /// is set, the kernel does nothing.
    pub(crate) skip: Vec<usize>,
}

/// The C expression reading a value of `stamp` from slot `slot` of carry buffer `buffer`.
fn carried_read(buffer: &str, slot: usize, stamp: Stamp) -> String {
    let word = format!("{buffer}[{slot}]");
    match stamp {
        Stamp::Bool => format!("({word} != 0UL)"),
        Stamp::Long => format!("(long){word}"),
        Stamp::Float => format!("as_float((uint){word})"),
        Stamp::Double => format!("as_double({word})"),
        _ => format!("(int)(uint){word}"),
    }
}

/// The C expression of the 64-bit slot holding `value` (of `stamp`).
pub(crate) fn carried_word(value: &str, stamp: Stamp) -> String {
    match stamp {
        Stamp::Bool => format!("(({value}) ? 1UL : 0UL)"),
        Stamp::Long => format!("(ulong)({value})"),
        Stamp::Float => format!("(ulong)as_uint({value})"),
        Stamp::Double => format!("as_ulong({value})"),
        _ => format!("(ulong)(uint)({value})"),
    }
}

impl<'a> Writer<'a> {
    pub(crate) fn open_scope(&mut self) {
        self.scope_counter += 1;
        self.scope.push(self.scope_counter);
    }

    pub(crate) fn close_scope(&mut self) {
        self.scope.pop();
        let depth = self.scope.len();
        // Checks made inside the closed scope do not hold after it.
        self.checked.retain(|(_, _, d)| *d <= depth);
    }

    /// Declares the kernel's private arrays (storage for the whole kernel, zeroed where each `new`
    /// runs, in a fixed order; a length of 0 or less still declares one element, never reached
    /// past the checks) and makes the body's phis variables (not phis of private arrays: they
    /// name their site's storage), at the top of the body.
    fn declare_top(&mut self, nest: &ParallelNest, cfg: &structure::Cfg) {
        let g = &self.mg.graph;
        let mut sites: Vec<PrivateArray> = self.private_arrays.values().cloned().collect();
        sites.sort_by(|a, b| a.name.cmp(&b.name));
        // The two versions of a host-versioned body share their arrays' storage.
        sites.dedup_by(|a, b| a.name == b.name);
        for site in sites {
            if site.elem == ElemKind::Double {
                self.features.fp64 = true;
            }
            self.top_decls.push(format!(
                "{} {}[{}];",
                names::c_elem_type(site.elem),
                site.name,
                site.length.max(1)
            ));
        }
        let mut phis: Vec<NodeId> = g
            .node_ids()
            .filter(|&n| *g.op(n) == Op::Phi && !nest.dims.iter().any(|d| d.index == n))
            .filter(|&n| !matches!(g.stamp(n), Stamp::Array(_)))
            .filter(|&n| cfg.block_of.contains_key(&g.inputs(n)[0]))
            .collect();
        phis.sort();
        for phi in phis {
            let base_name = self
                .mg
                .names
                .get(phi)
                .clone()
                .unwrap_or_else(|| format!("p{}", phi.index()));
            let var = self.names.fresh(&base_name);
            if g.stamp(phi) == Stamp::Double {
                self.features.fp64 = true;
            }
            self.top_decls
                .push(format!("{} {var};", names::c_type(g.stamp(phi))));
            self.values.insert(phi, var.clone());
            self.phi_vars.insert(phi, var);
        }
    }

    /// Writes the body (the parallel loop's, or the method's) into `self.body`, without labels
    /// nobody jumps to and without a final exit (falling off the end is the same).
    fn emit_body(
        &mut self,
        cfg: &structure::Cfg,
        place: &HashMap<NodeId, usize>,
        status_name: &str,
    ) -> Result<(), WriterError> {
        let mut em = structure::Emitter::new(cfg, place.clone(), status_name);
        em.tag.clone_from(&self.label_tag);
        self.emit_tree(&mut em, 0, None)?;
        let body: String = self
            .body
            .lines()
            .filter(|line| {
                let t = line.trim();
                match t.strip_suffix(": ;") {
                    Some(l) => em.used_labels.contains(l),
                    None => true,
                }
            })
            .map(|l| format!("{l}\n"))
            .collect();
        self.body = match body.strip_suffix(&format!("    {}\n", self.exit)) {
            Some(rest) => rest.to_string(),
            None => body,
        };
        Ok(())
    }

    /// Takes over what `other`, another copy of this kernel's code written into the same program,
    /// needs of it: its math helpers, device features, and the alignment its vector accesses
    /// assume.
    fn absorb_needs(&mut self, other: &Writer<'_>) {
        self.helpers.extend(other.helpers.iter().copied());
        self.features.fp64 |= other.features.fp64;
        self.features.fp32_div_sqrt |= other.features.fp32_div_sqrt;
        for (&p, &bytes) in &other.vector.align {
            let a = self.vector.align.entry(p).or_default();
            *a = (*a).max(bytes);
        }
    }

    /// A writer with this one's kernel-wide state (names, parameter values, arrays, options) and
    /// nothing written yet.
    pub(crate) fn fork(&self) -> Writer<'a> {
        Writer {
            mg: self.mg,
            names: self.names.clone(),
            values: self.values.clone(),
            body: String::new(),
            helpers: BTreeSet::new(),
            features: self.features,
            array_names: self.array_names.clone(),
            checked: Vec::new(),
            current_block: None,
            place: HashMap::new(),
            scope: Vec::new(),
            scope_counter: 0,
            def_scope: HashMap::new(),
            hoist: Default::default(),
            need_hoist: Default::default(),
            top_decls: Vec::new(),
            carry: std::rc::Rc::clone(&self.carry),
            phi_vars: HashMap::new(),
            options: self.options.clone(),
            reduce_accs: self.reduce_accs.clone(),
            exit: self.exit.clone(),
            proven: HashSet::new(),
            proven_copy: self.proven_copy.clone(),
            no_wrap: HashSet::new(),
            versions: self.versions.clone(),
            staged_pending: None,
            hoisted_names: HashMap::new(),
            sin_cos_pairs: HashSet::new(),
            private_arrays: self.private_arrays.clone(),
            applied: BTreeMap::new(),
            stage: staging::StageState::default(),
            vector: vector_access::VectorState::default(),
            deferred_checks: None,
            fail_exit: self.fail_exit.clone(),
            copy_suffix: self.copy_suffix.clone(),
            label_tag: self.label_tag.clone(),
        }
    }

    /// Binds `node` to C text valid wherever it is used next (a name or an expression of names
    /// in scope there), forgetting where an earlier binding was defined.
    pub(crate) fn bind_text(&mut self, node: NodeId, text: impl Into<String>) {
        self.def_scope.remove(&node);
        self.values.insert(node, text.into());
    }

    pub(crate) fn phi_var(&self, phi: NodeId) -> String {
        self.phi_vars
            .get(&phi)
            .cloned()
            .unwrap_or_else(|| format!("phi{}", phi.index()))
    }
}

/// Writes the kernel for `mg`'s parallel loop.
pub fn write_kernel(
    mg: &MethodGraph,
    whole: &ParallelNest,
    options: WriterOptions,
) -> Result<Kernel, WriterError> {
    let g = &mg.graph;
    // The body as written, every check in place: what the writer analyses, and all it writes
    // where it gives the nest a shape of its own (tiled, staged). A host-versioned body (see
    // `ferrocl_opt::HostVersioning`) starts with the branch on the host's test, and is written
    // whole otherwise.
    let checked_view = whole.checked_view();
    let nest = checked_view.as_ref();
    let mut names = names::Names::default();
    let kernel_name = names.fresh(&sanitize_identifier(&mg.location.method));
    // A tiled kernel runs the body as written for one point through this function when its test
    // fails (see the `tiling` module).
    let point_name = names.own(&format!("{kernel_name}_ferrocl_point"));

    // Which arrays are read and written inside the body.
    let mut read = BTreeSet::new();
    let mut written = BTreeSet::new();
    let cfg = structure::Cfg::build(mg, nest.body_entry, nest.innermost(), nest.end)?;
    let mut body_nodes: Vec<NodeId> = cfg.block_of.keys().copied().collect();
    body_nodes.sort();
    let reduced: BTreeSet<usize> = nest.reductions.iter().map(|r| r.param).collect();
    // Arrays allocated in the body: private memory (`check_private_arrays` proved them constant
    // in size and confined to loads, stores and phis of their own site).
    let mut private_arrays: HashMap<NodeId, PrivateArray> = HashMap::new();
    for &n in &body_nodes {
        if let Op::NewArray(elem) = *g.op(n) {
            let Some(length) = ferrocl_opt::private_length(g, n) else {
                return Err(WriterError::Internal(format!(
                    "{n}: a private array without a constant length"
                )));
            };
            let base = mg.names.get(n).clone().unwrap_or_else(|| "private".into());
            let name = names.fresh(&base);
            private_arrays.insert(n, PrivateArray { name, length, elem });
        }
    }
    // The two copies of a versioned loop share the storage of the arrays it allocates.
    for v in &whole.loop_versions {
        for (original, copy) in &v.private_twins {
            if let Some(site) = private_arrays.get(original).cloned() {
                private_arrays.insert(*copy, site);
            }
        }
    }
    for &n in &body_nodes {
        let param_of = |id: NodeId| mg.params.iter().position(|p| p.node == id);
        // Loads and stores, vector accesses too.
        let access = g.element_access(n);
        if access.is_some() {
            let array = g.inputs(n)[0];
            if let Some(site) = ferrocl_opt::array_site(g, array) {
                if private_arrays.contains_key(&site) {
                    continue;
                }
                return Err(WriterError::Unsupported {
                    location: mg.location_of(site).to_string(),
                    what: "an array allocated before the @Parallel loop (all iterations would \
                           share it; allocate it inside the loop body)"
                        .into(),
                });
            }
        }
        if param_of(g.inputs(n).first().copied().unwrap_or(n)).is_some_and(|p| reduced.contains(&p))
            && access.is_some()
        {
            continue;
        }
        if let Some(access) = access {
            let Some(p) = param_of(access.array) else {
                return Err(WriterError::Unsupported {
                    location: mg.location_of(n).to_string(),
                    what: "arrays that are not parameters".into(),
                });
            };
            if access.store {
                written.insert(p);
            } else {
                read.insert(p);
            }
        }
    }
    let mut uses_length = BTreeSet::new();
    for id in g.node_ids() {
        if *g.op(id) == Op::ArrayLength {
            if let Some(p) = mg.params.iter().position(|p| p.node == g.inputs(id)[0]) {
                uses_length.insert(p);
            }
        }
    }

    // Parameters: arrays (with lengths) and scalars in Java order, then the loop start and status.
    let mut params = Vec::new();
    let mut decls = Vec::new();
    let mut window_decls: Vec<WindowDecl> = Vec::new();
    let mut array_names = HashMap::new();
    let mut values = HashMap::new();
    let mut needs_fp64 = false;
    for (i, p) in mg.params.iter().enumerate() {
        if p.is_receiver {
            continue;
        }
        let java = p.name.clone().unwrap_or_else(|| format!("arg{i}"));
        match p.stamp {
            Stamp::Array(elem) => {
                let accessed = read.contains(&i) || written.contains(&i);
                if !accessed && !uses_length.contains(&i) {
                    continue;
                }
                let name = names.fresh(&java);
                let len = names.fresh(&format!("{name}_length"));
                if accessed {
                    let qual = if written.contains(&i) { "" } else { "const " };
                    let decl = format!("__global {qual}{}* {name}", names::c_elem_type(elem));
                    let window = names.fresh(&format!("{name}_window"));
                    let window_base = names.fresh(&format!("{name}_base"));
                    window_decls.push(WindowDecl {
                        decl: decl.clone(),
                        window: format!("__global {qual}{}* {window}", names::c_elem_type(elem)),
                        base: format!("const long {window_base}"),
                        rebase: format!("{decl} = {window} - {window_base};"),
                    });
                    decls.push(decl);
                    // Only this parameter's own loads matter: the host ORs the read flags of
                    // parameters bound to the same Java array. `@Reduce` outputs are folded
                    // into partials, not stored to, so they never get a cover.
                    let full_write =
                        if written.contains(&i) && !read.contains(&i) && !reduced.contains(&i) {
                            write_cover::find(mg, nest, &body_nodes, p.node, |store| {
                                cfg.on_every_path(nest.body_entry, store)
                            })
                        } else {
                            None
                        };
                    let stores = if written.contains(&i) && !reduced.contains(&i) {
                        write_cover::stores(mg, nest, &body_nodes, p.node)
                    } else {
                        None
                    };
                    let loads = if read.contains(&i) && !reduced.contains(&i) {
                        write_cover::loads(mg, nest, &body_nodes, p.node)
                    } else {
                        None
                    };
                    params.push(KernelParam::Array {
                        param: i,
                        elem,
                        read: read.contains(&i),
                        written: written.contains(&i),
                        full_write,
                        stores,
                        loads,
                    });
                    needs_fp64 |= elem == ElemKind::Double;
                }
                decls.push(format!("const int {len}"));
                params.push(KernelParam::ArrayLength { param: i });
                array_names.insert(i, (name, len));
            }
            Stamp::Int | Stamp::Long | Stamp::Float | Stamp::Double => {
                if g.usages(p.node).is_empty() {
                    continue;
                }
                let name = names.fresh(&java);
                needs_fp64 |= p.stamp == Stamp::Double;
                decls.push(format!("const {} {name}", names::c_type(p.stamp)));
                params.push(KernelParam::Scalar {
                    param: i,
                    stamp: p.stamp,
                });
                values.insert(p.node, name);
            }
            _ => {
                if !g.usages(p.node).is_empty() {
                    return Err(WriterError::Unsupported {
                        location: mg.location.to_string(),
                        what: format!("parameter {java} of type {}", p.descriptor),
                    });
                }
            }
        }
    }
    // Non-final static fields: one argument per field, whatever the number of reads.
    let mut static_names: HashMap<ferrocl_graph::FieldRef, String> = HashMap::new();
    for n in g.node_ids() {
        let Op::StaticField(field) = g.op(n) else {
            continue;
        };
        if g.usages(n).is_empty() {
            continue;
        }
        let name = match static_names.get(field) {
            Some(name) => name.clone(),
            None => {
                let name = names.fresh(&field.name);
                let stamp = g.stamp(n);
                needs_fp64 |= stamp == Stamp::Double;
                decls.push(format!("const {} {name}", names::c_type(stamp)));
                params.push(KernelParam::StaticField {
                    field: field.clone(),
                    stamp,
                });
                static_names.insert(field.clone(), name.clone());
                name
            }
        };
        values.insert(n, name);
    }
    // Identities of reference parameters (`a == b`): one argument per parameter.
    let mut identity_names: HashMap<u16, String> = HashMap::new();
    for n in g.node_ids() {
        let Op::Identity(param) = *g.op(n) else {
            continue;
        };
        if g.usages(n).is_empty() {
            continue;
        }
        let name = match identity_names.get(&param) {
            Some(name) => name.clone(),
            None => {
                let base = mg
                    .params
                    .get(usize::from(param))
                    .and_then(|p| p.name.clone())
                    .unwrap_or_else(|| format!("arg{param}"));
                let name = names.fresh(&format!("{base}_identity"));
                decls.push(format!("const int {name}"));
                params.push(KernelParam::Identity {
                    param: usize::from(param),
                });
                identity_names.insert(param, name.clone());
                name
            }
        };
        values.insert(n, name);
    }
    // Elements read before the loops: one argument per load the host makes.
    for n in g.node_ids() {
        // Also when unused: the host still reads the element where Java does (it may throw).
        let Op::HostLoad { param, elem } = *g.op(n) else {
            continue;
        };
        let (Some(index), Some(when)) = (
            ferrocl_opt::host_expr_of(mg, g.inputs(n)[0]),
            ferrocl_opt::host_expr_of(mg, g.inputs(n)[1]),
        ) else {
            return Err(WriterError::Internal(format!(
                "{}: an element read before the loops whose index the host cannot evaluate",
                mg.location
            )));
        };
        let array = mg
            .params
            .get(usize::from(param))
            .and_then(|p| p.name.clone());
        let name = names.fresh(&format!(
            "{}_element",
            array.unwrap_or_else(|| format!("arg{param}"))
        ));
        needs_fp64 |= elem == ElemKind::Double;
        decls.push(format!(
            "const {} {name}",
            names::c_type(elem.value_stamp())
        ));
        params.push(KernelParam::HostLoad {
            param: usize::from(param),
            index,
            when,
            elem,
        });
        values.insert(n, name);
    }
    // The counter of the loop around the @Parallel loops, in the kernels repeated per value.
    if whole.repeat.is_some() {
        for n in g.node_ids() {
            let (value, base) = match g.op(n) {
                Op::RepeatIndex => (
                    HostExpr::Repeat,
                    mg.names.get(n).clone().unwrap_or_else(|| "step".into()),
                ),
                Op::RepeatCount => (HostExpr::RepeatCount, "repetition".into()),
                _ => continue,
            };
            let name = names.fresh(&base);
            decls.push(format!("const int {name}"));
            params.push(KernelParam::HostValue {
                value,
                stamp: Stamp::Int,
            });
            values.insert(n, name);
        }
    }
    // Divisions Java makes before the loops: one argument per division the host makes.
    for n in g.node_ids() {
        // Also when unused: the host still divides where Java does (it may throw).
        if !matches!(g.op(n), Op::HostDivRem { .. }) {
            continue;
        }
        let Some(value) = ferrocl_opt::host_expr_wide_of(mg, n) else {
            return Err(WriterError::Internal(format!(
                "{}: a division before the loops the host cannot evaluate",
                mg.location
            )));
        };
        let stamp = g.stamp(n);
        let base = mg.names.get(n).clone().unwrap_or_else(|| "quotient".into());
        let name = names.fresh(&format!("{base}_host"));
        decls.push(format!("const {} {name}", names::c_type(stamp)));
        params.push(KernelParam::HostValue { value, stamp });
        values.insert(n, name);
    }
    // Per @Parallel loop: its first index and its trip count.
    let mut dim_names = Vec::new();
    for k in 0..nest.dims.len() {
        let start = names.own(&format!("ferrocl_start{k}"));
        let count = names.own(&format!("ferrocl_count{k}"));
        decls.push(format!("const int {start}"));
        params.push(KernelParam::LoopStart { dim: k });
        decls.push(format!("const uint {count}"));
        params.push(KernelParam::TripCount { dim: k });
        dim_names.push((start, count));
    }
    // Reductions: partial results per work-group, local scratch, and a private accumulator each.
    let mut reduce_accs = HashMap::new();
    let mut reduce_names = Vec::new();
    for (r, red) in nest.reductions.iter().enumerate() {
        let ty = names::c_elem_type(red.elem);
        needs_fp64 |= red.elem == ElemKind::Double;
        let partials = names.own(&format!("ferrocl_partials{r}"));
        let scratch = names.own(&format!("ferrocl_scratch{r}"));
        let acc = names.own(&format!("ferrocl_acc{r}"));
        decls.push(format!("__global {ty}* {partials}"));
        params.push(KernelParam::ReducePartials { reduction: r });
        decls.push(format!("__local {ty}* {scratch}"));
        params.push(KernelParam::ReduceScratch { reduction: r });
        reduce_accs.insert(red.param, acc.clone());
        reduce_names.push((partials, scratch, acc));
    }
    let reducing = !nest.reductions.is_empty();
    let exit = if reducing {
        "goto ferrocl_next;".to_string()
    } else {
        "return;".to_string()
    };
    let status_name = names.own("ferrocl_status");
    decls.push(format!("__global int* {status_name}"));
    params.push(KernelParam::Status);
    // The method's carry buffer, where this kernel reads or writes values carried between kernels.
    let mut carry = Carry::default();
    let uses_carry = !(nest.carry_in.is_empty()
        && nest.carry_out.is_empty()
        && nest.stop.is_none()
        && nest.skip_if.is_empty());
    if nest.carry_slots > 0 && uses_carry {
        carry.buffer = names.own("ferrocl_carried");
        carry.load = nest.carry_in.clone();
        carry.store = nest.carry_out.clone();
        carry.stop = nest.stop;
        carry.skip = nest.skip_if.clone();
        decls.push(format!("__global ulong* {}", carry.buffer));
        params.push(KernelParam::Carried {
            slots: nest.carry_slots,
        });
    }

    let mut index_names = Vec::new();
    for d in &nest.dims {
        let name = names.fresh(d.index_name.as_deref().unwrap_or("i"));
        values.insert(d.index, name.clone());
        index_names.push(name);
    }

    // Read-only tables every work-item reads alike (see the `read_only` module): candidates of
    // constant memory, never read as vectors.
    let tables = if !reducing && options.switches.is_on("constantMemory") {
        let read_only: BTreeSet<usize> = read
            .iter()
            .filter(|p| !written.contains(p) && !reduced.contains(p))
            .copied()
            .collect();
        let indices: Vec<NodeId> = nest.dims.iter().map(|d| d.index).collect();
        read_only::constant_candidates(mg, &cfg, &indices, &read_only)
    } else {
        BTreeSet::new()
    };
    let base = Writer {
        mg,
        names,
        values,
        body: String::new(),
        helpers: BTreeSet::new(),
        features: Features {
            fp64: needs_fp64,
            ..Features::default()
        },
        array_names,
        checked: Vec::new(),
        current_block: None,
        place: HashMap::new(),
        scope: Vec::new(),
        scope_counter: 0,
        def_scope: HashMap::new(),
        hoist: Default::default(),
        need_hoist: Default::default(),
        top_decls: Vec::new(),
        carry: std::rc::Rc::new(carry),
        phi_vars: HashMap::new(),
        options: options.clone(),
        reduce_accs: reduce_accs.clone(),
        exit: exit.clone(),
        proven: HashSet::new(),
        proven_copy: HashSet::new(),
        no_wrap: HashSet::new(),
        versions: std::rc::Rc::new(whole.loop_versions.clone()),
        staged_pending: None,
        hoisted_names: HashMap::new(),
        sin_cos_pairs: HashSet::new(),
        private_arrays,
        applied: BTreeMap::new(),
        stage: staging::StageState::default(),
        vector: vector_access::VectorState::default(),
        deferred_checks: None,
        fail_exit: None,
        copy_suffix: String::new(),
        label_tag: String::new(),
    };
    // Values an earlier kernel computed, as it left them: read once where the kernel starts (every
    // frame declares them first), then names like parameters.
    let mut base = base;
    let mut carried_decls = Vec::new();
    let carry = std::rc::Rc::clone(&base.carry);
    for &slot in &carry.skip {
        carried_decls.push(format!(
            "    if ({}[{slot}] != 0UL) return; // Java returned before this code.",
            carry.buffer
        ));
    }
    for c in &carry.load {
        let stamp = g.stamp(c.node);
        if stamp == Stamp::Double {
            base.features.fp64 = true;
        }
        let base_name = mg
            .names
            .get(c.node)
            .clone()
            .unwrap_or_else(|| format!("v{}", c.node.index()));
        let var = base.names.fresh(&base_name);
        carried_decls.push(format!(
            "    const {} {var} = {};",
            names::c_type(stamp),
            carried_read(&carry.buffer, c.slot, stamp)
        ));
        base.values.insert(c.node, var);
    }
    let mut place = structure::schedule(&base, &cfg);
    let hoisted = if options.switches.is_on("hoistInvariants") {
        structure::hoist_invariants(&base, &cfg, &mut place)
    } else {
        0
    };

    // Two passes: the first finds values used outside the `{ … }` they are defined in; the second
    // declares those at the top.
    // Staging needs one NDRange dimension and no grid-stride loop. Loads before a staged loop
    // are written deferred (`staging::Lead`) in a first try, redone as usual when no loop was
    // staged after all.
    // The staging the `plan_kernel_shape` phase planned for a 1-D nest's loop, if any.
    let stage_plan = match &nest.shape {
        Some(NestShape::StagedRows(p)) => Some(p.clone()),
        _ => None,
    };
    let stage_allowed =
        (options.local_tiles && nest.dims.len() == 1 && !reducing && stage_plan.is_some())
            .then(|| (nest.dims[0].index, dim_names[0].1.clone()));
    let mut hoist = std::collections::HashSet::new();
    let mut w: Option<Writer<'_>> = None;
    let mut lead_allowed = stage_allowed.is_some();
    let mut pass_no = 0;
    while pass_no < 2 {
        pass_no += 1;
        let mut pass = Writer {
            hoist: hoist.clone(),
            stage: staging::StageState {
                allowed: stage_allowed.clone(),
                lead_allowed,
                lead: staging::Lead {
                    open: lead_allowed,
                    ..staging::Lead::default()
                },
                plan: stage_plan.clone(),
                ..staging::StageState::default()
            },
            ..base.fork()
        };
        pass.declare_top(nest, &cfg);
        pass.emit_body(&cfg, &place, &status_name)?;
        if lead_allowed && pass.stage.lead.fixed > 0 && pass.stage.staged == 0 {
            // Deferred loads for nothing: write the body as usual.
            lead_allowed = false;
            pass_no = 0;
            hoist.clear();
            continue;
        }
        let done = pass.need_hoist.is_empty();
        hoist.extend(pass.need_hoist.iter().copied());
        w = Some(pass);
        if done {
            break;
        }
    }
    let Some(mut w) = w else {
        return Err(WriterError::Internal("no emission pass ran".into()));
    };
    if hoisted > 0 {
        w.applied.insert("hoistInvariants", hoisted);
    }
    for red in &nest.reductions {
        if let Some(helper) = reduce_helper(red.op, red.elem) {
            w.helpers.insert(helper);
        }
    }
    if !w.need_hoist.is_empty() {
        return Err(WriterError::Internal(
            "values still used outside their scope after hoisting".into(),
        ));
    }
    // A kernel of its own work-group shape for a 2-D nest, as the `plan_kernel_shape` phase planned
    // it (tiling with register blocking, or staged coalescing of strided accesses), with the body
    // as written for one point as its fallback (see the `tiling` and `staging2d` modules). Those
    // shapes print the body as it was before the `loopVersioning` phase (a view without the fast
    // copies of inner loops), as the phase planned them; the kernel as written, their fallback
    // for one point, keeps its versioned loops.
    let unversioned;
    let shape_mg: &MethodGraph = if whole.loop_versions.is_empty() {
        mg
    } else {
        unversioned = ferrocl_opt::without_loop_versions(mg, &whole.loop_versions);
        &unversioned
    };
    let mut tiled: Option<(Writer<'_>, [usize; 2], Vec<u32>)> = None;
    // The other points per work-item a register-blocked (`tile`) kernel may be built with; a 2-D
    // staged kernel's coarsening is fixed.
    let mut micro_choices: Vec<u32> = Vec::new();
    let mut bounds_proof = None;
    if matches!(nest.shape, Some(NestShape::Tiled(_) | NestShape::Staged(_)))
        && w.stage.staged == 0
        && !w.body.contains("get_global_id")
    {
        let (tile_plan, staged_plan) = match &nest.shape {
            Some(NestShape::Tiled(p)) => (Some(p), None),
            Some(NestShape::Staged(p)) => (None, Some(p)),
            Some(NestShape::StagedRows(_)) | None => (None, None),
        };
        // The bounds test on the host when it can be made there: one more argument, before the
        // status word (the kernel as written for one point receives it too, and ignores it).
        let proof = match (tile_plan, staged_plan) {
            (Some(p), _) => p.host_proof(shape_mg),
            (_, Some(p)) => p.host_proof(shape_mg),
            _ => None,
        };
        let proven = proof.as_ref().map(|_| BOUNDS_PROVEN);
        if proof.is_some() {
            add_bounds_proven(&mut decls, &mut params);
        }
        let args: Vec<String> = decls
            .iter()
            .filter_map(|d| d.split_whitespace().last().map(str::to_string))
            .collect();
        let steps = [nest.dims[0].step, nest.dims[1].step];
        let mut t = Writer {
            mg: shape_mg,
            versions: std::rc::Rc::default(),
            ..base.fork()
        };
        let written = if let Some(plan) = tile_plan {
            let micro = ferrocl_opt::tile::MICRO as u32;
            t.tiled_body(plan, &dim_names, steps, &point_name, &args, proven)
                .map(|()| {
                    Some((
                        [ferrocl_opt::tile::GROUP, ferrocl_opt::tile::GROUP],
                        vec![micro, micro],
                    ))
                })
        } else if let Some(plan) = staged_plan {
            t.staged_2d_body(plan, &dim_names, steps, &point_name, &args, proven)
                .map(|()| {
                    Some((
                        [ferrocl_opt::stage2d::WIDTH, ferrocl_opt::stage2d::HEIGHT],
                        vec![ferrocl_opt::stage2d::ROWS as u32, 1],
                    ))
                })
        } else {
            Ok(None)
        };
        // A value used outside the block that defined it would be invalid C: a Ferrocl bug, and
        // the kernel as written is still right.
        let written = match written {
            Ok(Some(_)) if !t.need_hoist.is_empty() => Err(WriterError::Unsupported {
                location: mg.location.to_string(),
                what: "a value used outside its block in the tiled kernel".into(),
            }),
            other => other,
        };
        if !matches!(written, Ok(Some(_))) && proof.is_some() {
            // No such kernel after all: the argument goes again.
            decls.retain(|d| *d != format!("const int {BOUNDS_PROVEN}"));
            params.retain(|p| *p != KernelParam::BoundsProven);
        } else {
            bounds_proof = proof;
        }
        match written {
            Ok(Some((group, coarsen))) => {
                w.absorb_needs(&t);
                for (phase, n) in &t.applied {
                    *w.applied.entry(phase).or_default() += n;
                }
                if let Some(plan) = tile_plan {
                    micro_choices = plan.micro_choices();
                }
                tiled = Some((t, group, coarsen));
            }
            Ok(None) => {}
            Err(WriterError::Unsupported { what, .. }) => {
                log::debug!(
                    "{}: no kernel of its own work-group shape: {what}",
                    mg.location
                );
            }
            Err(e) => return Err(e),
        }
    }

    // Host versioning of the parallel body (the graph phase `hostVersioning`, see
    // `ferrocl_opt::HostVersioning`): where the nest has no shape of its own, the whole body is
    // written, the branch on the host's test with both versions.
    let mut proven_infallible = false;
    if tiled.is_none() && !reducing && bounds_proof.is_none() && w.stage.staged == 0 {
        if let Some(hv) = &whole.host_versioning {
            match write_versioned(&base, whole, hv, &status_name) {
                Ok(mut whole_body) => {
                    proven_infallible = hv.infallible;
                    // The writer's phases count as in the body as written (they ran in both
                    // versions); vector accesses are mostly the copy's own, and count in both.
                    let vector = whole_body.applied.get("vectorAccess").copied();
                    whole_body.applied = std::mem::take(&mut w.applied);
                    match vector {
                        Some(n) => whole_body.applied.insert("vectorAccess", n),
                        None => whole_body.applied.remove("vectorAccess"),
                    };
                    *whole_body.applied.entry("hostVersioning").or_default() += hv.guards.len();
                    add_bounds_proven(&mut decls, &mut params);
                    bounds_proof = Some(hv.proof.clone());
                    w = whole_body;
                }
                Err(e) => log::debug!("{}: no host-versioned body: {e}", mg.location),
            }
        }
    }

    // Read-only data (see the `read_only` module): the array arguments' qualifiers and address
    // spaces as macros the host sets per launch.
    let array_args = params
        .iter()
        .filter(|p| matches!(p, KernelParam::Array { .. }))
        .count();
    let mut variants = Variants {
        restrict: options.switches.is_on("restrict") && array_args > 0,
        constant: Vec::new(),
        micro: micro_choices,
    };
    // Read-only arrays loaded where a load of a written array is the alternative stay without
    // `restrict` (see `read_only::merged_with_written`).
    let unrestricted = if variants.restrict {
        let param_of = |id: NodeId| mg.params.iter().position(|p| p.node == id);
        read_only::merged_with_written(g, &cfg, param_of, &written)
    } else {
        BTreeSet::new()
    };
    let mut restricted = 0;
    let constant_params = if tiled.is_none() && w.stage.staged == 0 {
        tables
    } else {
        BTreeSet::new()
    };
    for p in &params {
        let KernelParam::Array {
            param,
            elem,
            written,
            ..
        } = p
        else {
            continue;
        };
        let Some((name, _)) = w.array_names.get(param) else {
            continue;
        };
        let qual = if *written { "" } else { "const " };
        let ty = names::c_elem_type(*elem);
        let plain = format!("__global {qual}{ty}* {name}");
        let space = if constant_params.contains(param) {
            let m = read_only::space_macro(name);
            variants.constant.push((*param, m.clone()));
            m
        } else {
            "__global".to_string()
        };
        let restrict = if variants.restrict && !unrestricted.contains(param) {
            restricted += 1;
            format!("{RESTRICT_MACRO} ")
        } else {
            String::new()
        };
        let decl = format!("{space} {qual}{ty}* {restrict}{name}");
        for d in decls.iter_mut().filter(|d| **d == plain) {
            d.clone_from(&decl);
        }
        for wd in window_decls.iter_mut().filter(|wd| wd.decl == plain) {
            wd.decl.clone_from(&decl);
        }
    }
    // Coherent branches (planned by the `coherentBranches` phase, see the `coherence` module): a
    // 1-D body whose loop branches on the parity of the parallel index runs its even iterations
    // on one half of the work-items (not in a staged kernel, whose groups share tiles).
    let coherent = nest.coherent_branches && tiled.is_none() && w.stage.staged == 0;
    if coherent {
        w.applied.insert("coherentBranches", 1);
    }
    if variants.restrict && restricted > 0 {
        w.applied.insert("restrict", restricted);
    }
    if !variants.constant.is_empty() {
        w.applied.insert("constantMemory", variants.constant.len());
    }

    // Assemble.
    let mut src = String::new();
    let _ = writeln!(
        src,
        "// Ferrocl kernel for {}.{}{}",
        mg.location.class.replace('/', "."),
        mg.location.method,
        mg.location.descriptor
    );
    if nest.dims.is_empty()
        && whole.end.is_none()
        && whole.body_entry == g.start().unwrap_or(whole.body_entry)
    {
        src.push_str("// No @Parallel loop: one work-item runs the method.\n");
    } else if nest.dims.is_empty() {
        src.push_str(
            "// Code before, between or after the @Parallel loops: one work-item runs it.\n",
        );
    }
    if let Some(when) = &whole.when {
        let _ = writeln!(src, "// Launched only when {}.", describe(mg, when));
    }
    if let Some(r) = &whole.repeat {
        let name = r.name.as_deref().unwrap_or("the counter");
        let _ = writeln!(
            src,
            "// Launched once per {name} from {} while {name} {} {}, step {} (the loop around the \
             @Parallel loops), in order with the other kernels of the loops inside it.",
            describe(mg, &r.lower),
            if r.inclusive { "<=" } else { "<" },
            describe(mg, &r.upper),
            r.step
        );
    }
    for (k, d) in nest.dims.iter().enumerate() {
        let _ = writeln!(
            src,
            "// @Parallel loop {k} (NDRange dimension {}): {} from {} while {} {} {}, step {}",
            nest.dims.len() - 1 - k,
            index_names[k],
            describe(mg, &d.lower),
            index_names[k],
            if d.inclusive { "<=" } else { "<" },
            describe(mg, &d.upper),
            d.step
        );
    }
    for red in &nest.reductions {
        let java = mg.params[red.param]
            .name
            .clone()
            .unwrap_or_else(|| format!("arg{}", red.param));
        let _ = writeln!(
            src,
            "// @Reduce {java}[0] with {}: private accumulators, a work-group tree in local memory, one partial per work-group (combined on the host)",
            red.op.describe()
        );
    }
    // Java's rounding (no fused multiply-add) for the library code in every mode: StrictMath stays
    // exact under relaxed math.
    src.push_str("#pragma OPENCL FP_CONTRACT OFF\n");
    if w.features.fp64 {
        src.push_str("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
    }
    src.push('\n');
    if variants.restrict || !variants.constant.is_empty() {
        src.push_str("// Chosen per launch by the host (build options): `restrict` arrays when no two are the same array;\n// constant memory for read-only tables when they fit. Without them: the kernel below as it stands.\n");
        if variants.restrict {
            let _ = writeln!(
                src,
                "#ifndef {RESTRICT_MACRO}\n#define {RESTRICT_MACRO}\n#endif"
            );
        }
        for (_, m) in &variants.constant {
            let _ = writeln!(src, "#ifndef {m}\n#define {m} __global\n#endif");
        }
        src.push('\n');
    }
    // Java-accurate math functions (and the units they need), each once.
    src.push_str(&libm::sources_for(w.helpers.iter().copied()));
    for helper in &w.helpers {
        src.push_str(expr::helper_source(helper));
    }
    if !w.helpers.is_empty() {
        src.push('\n');
    }
    if options.switches.relaxed_math() {
        src.push_str("// Relaxed math (asked for): Math's functions are OpenCL's built-ins and a * b + c may be fused in\n// the kernel below, so results may differ from the JVM's within the OpenCL specification's bounds.\n");
        src.push_str("#pragma OPENCL FP_CONTRACT ON\n\n");
    }
    let gid = |dim: usize| {
        if tiled.is_some() {
            format!("ferrocl_gid{dim}")
        } else {
            format!("get_global_id({dim})")
        }
    };
    if tiled.is_some() {
        // The body as written, for one point (the tiled kernel's fallback).
        let _ = writeln!(src, "void {point_name}(");
        for d in &decls {
            let _ = writeln!(src, "    {d},");
        }
        let _ = writeln!(src, "    const size_t {},", gid(0));
        let _ = writeln!(src, "    const size_t {})", gid(1));
    } else if w.stage.staged > 0 {
        // The staged tiles have a row or a column per work-item of the group.
        let _ = writeln!(
            src,
            "__kernel __attribute__((reqd_work_group_size({}, 1, 1))) void {kernel_name}(",
            w.stage.width
        );
    } else {
        let _ = writeln!(src, "__kernel void {kernel_name}(");
    }
    // Where each `__kernel` signature's parameters start and its body's first line begins: the
    // windowed kernel differs only there.
    let mut signatures: Vec<(usize, usize)> = Vec::new();
    if tiled.is_none() {
        let at = src.len();
        for (i, d) in decls.iter().enumerate() {
            let sep = if i + 1 == decls.len() { ")" } else { "," };
            let _ = writeln!(src, "    {d}{sep}");
        }
        src.push_str("{\n");
        signatures.push((at, src.len()));
        for d in &carried_decls {
            let _ = writeln!(src, "{d}");
        }
    } else {
        src.push_str("{\n");
    }
    let mut reduce_plan: Option<ferrocl_opt::ReduceLoop> = None;
    if reducing {
        let layout = ReduceLayout {
            dim_names: &dim_names,
            index_names: &index_names,
            reduce_names: &reduce_names,
            status: &status_name,
            cfg: &cfg,
            place: &place,
        };
        reduce_plan = Some(write_reduction_body(
            &mut src, nest, &layout, &mut w, &base,
        )?);
    } else {
        for (k, d) in nest.dims.iter().enumerate() {
            let dim = nest.dims.len() - 1 - k;
            let (start, count) = &dim_names[k];
            if coherent {
                // The coherent numbering returns from the work-items that run no iteration.
            } else if w.stage.staged > 0 {
                // Work-items past the trip count stay for the staged loop's barriers and end
                // after it (see the `staging` module).
                let _ = writeln!(
                    src,
                    "    const bool {} = get_global_id({dim}) < (size_t){count};",
                    staging::ACTIVE
                );
            } else {
                let _ = writeln!(src, "    if ({} >= (size_t){count}) return;", gid(dim));
            }
            let iteration = if coherent {
                src.push_str(&coherence::iteration(&gid(dim), count));
                "ferrocl_t".to_string()
            } else {
                gid(dim)
            };
            let _ = writeln!(
                src,
                "    const int {} = {};",
                index_names[k],
                index_value(start, &iteration, d.step)
            );
        }
        for d in &w.top_decls {
            let _ = writeln!(src, "    {d}");
        }
        src.push_str(&w.body);
    }
    src.push_str("}\n");
    let coarsen = match &tiled {
        Some((t, group, coarsen)) => {
            let _ = writeln!(
                src,
                "\n__kernel __attribute__((reqd_work_group_size({}, {}, 1))) void {kernel_name}(",
                group[0], group[1]
            );
            let at = src.len();
            for (i, d) in decls.iter().enumerate() {
                let sep = if i + 1 == decls.len() { ")" } else { "," };
                let _ = writeln!(src, "    {d}{sep}");
            }
            src.push_str("{\n");
            signatures.push((at, src.len()));
            src.push_str(&t.body);
            src.push_str("}\n");
            coarsen.clone()
        }
        None => vec![1; nest.dims.len()],
    };

    let mut applied = Vec::new();
    // A reduction's loop: what the `lower_reductions` plan applied as written.
    let planned = reduce_plan.map(|p| p.applied()).unwrap_or_default();
    for phase in ferrocl_opt::OPTIONAL_PHASES {
        if let Some(a) = planned.iter().find(|a| a.phase == phase.name) {
            applied.push(a.clone());
            continue;
        }
        let n = w.applied.get(phase.name).copied().unwrap_or(0);
        if n > 0 {
            let detail = match phase.name {
                "loopVersioning" => match w.applied.get("loopVersioning.deferred") {
                    Some(&d) if d > 0 => format!(
                        "{}, {} deferred past the loop",
                        count(n, "loop"),
                        count(d, "unprovable check")
                    ),
                    _ => count(n, "loop"),
                },
                "redundantChecks" => format!("{} not repeated", count(n, "check")),
                "sinCosPairs" => count(n, "pair"),
                "hoistInvariants" => format!("{} computed before their loop", count(n, "value")),
                "coalesce" => {
                    let writes = w.applied.get("coalesce.writes").copied().unwrap_or(0);
                    let staged = match (n - writes, writes) {
                        (reads, 0) => {
                            format!("{} staged through local memory", count(reads, "array read"))
                        }
                        (0, writes) => {
                            format!(
                                "{} staged through local memory",
                                count(writes, "array write")
                            )
                        }
                        (reads, writes) => format!(
                            "{} and {} staged through local memory",
                            count(reads, "array read"),
                            count(writes, "array write")
                        ),
                    };
                    match w.applied.get("coalesce.deferred") {
                        Some(&d) if d > 0 => format!(
                            "{staged}, {} before the loop reported after it",
                            count(d, "check")
                        ),
                        _ => staged,
                    }
                }
                "restrict" => format!(
                    "{}, in launches where no two are the same array",
                    count(n, "array argument")
                ),
                "vectorAccess" if n == 1 => "1 vector access".to_string(),
                "vectorAccess" => format!("{n} vector accesses"),
                "coherentBranches" => {
                    "even iterations on the first half of the work-items, odd ones on the second"
                        .to_string()
                }
                "constantMemory" => {
                    let names: Vec<String> = variants
                        .constant
                        .iter()
                        .map(|(p, _)| {
                            mg.params[*p]
                                .name
                                .clone()
                                .unwrap_or_else(|| format!("arg{p}"))
                        })
                        .collect();
                    format!(
                        "{} in constant memory when {} the device's limit",
                        names.join(", "),
                        if names.len() == 1 {
                            "it fits"
                        } else {
                            "they fit"
                        }
                    )
                }
                "tile" => format!(
                    "{b}x{b} blocks through local memory, {m}x{m} points per work-item (per \
                     launch: 2x2 when too few blocks fill the device; 8x8 when blocks are to spare \
                     and at most two 32-bit values are carried)",
                    b = ferrocl_opt::tile::BLOCK,
                    m = ferrocl_opt::tile::MICRO
                ),
                _ => n.to_string(),
            };
            applied.push(Applied {
                phase: phase.name,
                detail,
            });
        }
    }
    if options.switches.relaxed_math() {
        applied.push(Applied {
            phase: ferrocl_opt::RELAXED_MATH,
            detail:
                "Math's functions as OpenCL built-ins, a * b + c fused where the compiler likes"
                    .into(),
        });
    }
    let windowed = windowed_kernel(&src, &signatures, &decls, &window_decls, &params);
    // Every failing check stores its code through the status pointer (`*status = code;`).
    let may_fail = src.contains(&format!("*{status_name} ="));
    Ok(Kernel {
        name: kernel_name,
        windowed,
        may_fail,
        proven_infallible,
        pad_items: if coherent {
            coherence::SEAM_ALIGN - 1
        } else {
            0
        },
        source: src,
        params,
        features: w.features,
        dims: nest.dims.clone(),
        when: whole.when.clone(),
        repeat: whole.repeat.clone(),
        may_skip: !whole.skip_if.is_empty(),
        coarsen,
        bounds_proof,
        reductions: nest.reductions.clone(),
        applied,
        variants,
        vector_align: w.vector.align.iter().map(|(&p, &b)| (p, b)).collect(),
    })
}

/// Adds the `ferrocl_proven` argument ([`KernelParam::BoundsProven`]) just before the status word,
/// the last argument of a kernel that reduces nothing.
/// The whole host-versioned body of `whole` (the branch on the host's test, the copy without the
/// checks it proves, the body as written), written from `base`'s kernel-wide state: two passes,
/// the second declaring at the top the values used outside the block that defines them.
fn write_versioned<'a>(
    base: &Writer<'a>,
    whole: &ParallelNest,
    hv: &ferrocl_opt::HostVersioning,
    status_name: &str,
) -> Result<Writer<'a>, WriterError> {
    let cfg = structure::Cfg::build(base.mg, whole.body_entry, whole.innermost(), whole.end)?;
    let mut template = base.fork();
    template.proven_copy = hv.proven_nodes.iter().copied().collect();
    // One work-item runs one version: an array the body allocates and its copy share storage.
    for (original, copy) in &hv.private_twins {
        if let Some(site) = template.private_arrays.get(original).cloned() {
            template.private_arrays.insert(*copy, site);
        }
    }
    let mut place = structure::schedule(&template, &cfg);
    if template.options.switches.is_on("hoistInvariants") {
        structure::hoist_invariants(&template, &cfg, &mut place);
    }
    let mut hoist = HashSet::new();
    for _ in 0..2 {
        let mut pass = Writer {
            hoist: hoist.clone(),
            ..template.fork()
        };
        pass.declare_top(whole, &cfg);
        pass.emit_body(&cfg, &place, status_name)?;
        if pass.need_hoist.is_empty() {
            return Ok(pass);
        }
        hoist.extend(pass.need_hoist.iter().copied());
    }
    Err(WriterError::Internal(
        "values still used outside their scope after hoisting".into(),
    ))
}

fn add_bounds_proven(decls: &mut Vec<String>, params: &mut Vec<KernelParam>) {
    // Right before the status word (the carry buffer may follow it): the host reads the proof
    // first, and binds no status word to a launch it proved.
    let at = params
        .iter()
        .position(|p| matches!(p, KernelParam::Status))
        .unwrap_or(params.len().saturating_sub(1));
    let decl_at = decls
        .iter()
        .rposition(|d| d.starts_with("__global int* ferrocl_status"))
        .unwrap_or(decls.len().saturating_sub(1));
    decls.insert(decl_at, format!("const int {BOUNDS_PROVEN}"));
    params.insert(at, KernelParam::BoundsProven);
}

/// An array parameter's declaration in the kernel and in its windowed variant.
struct WindowDecl {
    /// `__global T* a` (the kernel's parameter; the windowed kernel's rebased pointer).
    decl: String,
    /// `__global T* a_window`: the windowed kernel's parameter.
    window: String,
    /// `const long a_base`.
    base: String,
    /// `__global T* a = a_window - a_base;`
    rebase: String,
}

/// The windowed variant of `src` (see [`Windowed`]): each `__kernel` signature (the parameters
/// from `signatures[i].0` to the body's opening line ending at `signatures[i].1`) takes a window
/// and a base per array, and its body starts by rebasing each pointer.
fn windowed_kernel(
    src: &str,
    signatures: &[(usize, usize)],
    decls: &[String],
    windows: &[WindowDecl],
    params: &[KernelParam],
) -> Windowed {
    let mut signature = String::new();
    let mut wide: Vec<&str> = Vec::new();
    for d in decls {
        match windows.iter().find(|w| w.decl == *d) {
            Some(w) => {
                wide.push(&w.window);
                wide.push(&w.base);
            }
            None => wide.push(d),
        }
    }
    for (i, d) in wide.iter().enumerate() {
        let sep = if i + 1 == wide.len() { ")" } else { "," };
        let _ = writeln!(signature, "    {d}{sep}");
    }
    signature.push_str("{\n");
    let used: Vec<&WindowDecl> = windows.iter().filter(|w| decls.contains(&w.decl)).collect();
    if !used.is_empty() {
        signature
            .push_str("    // Each buffer holds its array from the base on: index as Java does.\n");
    }
    for w in used {
        let _ = writeln!(signature, "    {}", w.rebase);
    }
    let lines = signature;
    let mut source = String::with_capacity(src.len() + 256);
    let mut next = 0;
    for &(start, end) in signatures {
        source.push_str(&src[next..start]);
        source.push_str(&lines);
        next = end;
    }
    source.push_str(&src[next..]);
    let mut wide_params = Vec::with_capacity(params.len() + windows.len());
    for p in params {
        wide_params.push(p.clone());
        if let KernelParam::Array { param, .. } = p {
            wide_params.push(KernelParam::ArrayBase { param: *param });
        }
    }
    Windowed {
        source,
        params: wide_params,
    }
}

/// `start + k * step` with Java's wrapping `int` arithmetic, `k` a work-item or loop counter.
fn index_value(start: &str, k: &str, step: i32) -> String {
    let step = if step == 1 {
        String::new()
    } else {
        format!(" * {}u", step)
    };
    format!("(int)((uint){start} + (uint){k}{step})")
}

/// The identity of `op` over `elem` ([`ReduceValue::identity`], the one definition the host's
/// fold uses too), as a C literal.
fn reduce_identity(op: ReduceOp, elem: ElemKind) -> String {
    let kind = ReduceKind::of(elem).unwrap_or(ReduceKind::Int);
    c_literal(ReduceValue::identity(op, kind))
}

/// A reduction value as a C literal of its type.
fn c_literal(v: ReduceValue) -> String {
    match v {
        ReduceValue::Int(i32::MAX) => "INT_MAX".into(),
        ReduceValue::Int(i32::MIN) => "INT_MIN".into(),
        ReduceValue::Int(x) => x.to_string(),
        ReduceValue::Long(i64::MAX) => "LONG_MAX".into(),
        ReduceValue::Long(i64::MIN) => "LONG_MIN".into(),
        ReduceValue::Long(x) => format!("{x}L"),
        ReduceValue::Float(x) if x.is_infinite() => {
            if x > 0.0 { "INFINITY" } else { "-INFINITY" }.into()
        }
        // `{:?}` keeps the sign of zero and a decimal point (`-0.0`, `1.0`).
        ReduceValue::Float(x) => format!("{x:?}f"),
        ReduceValue::Double(x) if x.is_infinite() => if x > 0.0 {
            "(double)INFINITY"
        } else {
            "-(double)INFINITY"
        }
        .into(),
        ReduceValue::Double(x) => format!("{x:?}"),
    }
}

/// `op(a, b)` over `elem` with Java's semantics, as C (integers wrap; `Math.min/max` helpers).
fn reduce_combine(op: ReduceOp, elem: ElemKind, a: &str, b: &str) -> String {
    let (signed, unsigned) = match elem {
        ElemKind::Long => ("long", "ulong"),
        _ => ("int", "uint"),
    };
    let floating = matches!(elem, ElemKind::Float | ElemKind::Double);
    match op {
        ReduceOp::Add if floating => format!("{a} + {b}"),
        ReduceOp::Mul if floating => format!("{a} * {b}"),
        ReduceOp::Add => format!("({signed})(({unsigned}){a} + ({unsigned}){b})"),
        ReduceOp::Mul => format!("({signed})(({unsigned}){a} * ({unsigned}){b})"),
        ReduceOp::And => format!("({a} & {b})"),
        ReduceOp::Or => format!("({a} | {b})"),
        ReduceOp::Xor => format!("({a} ^ {b})"),
        // Integers: OpenCL's min/max; floating point: Java's NaN and -0.0 rules (helpers).
        ReduceOp::Min | ReduceOp::Max => {
            let f =
                reduce_helper(op, elem).unwrap_or(if op == ReduceOp::Min { "min" } else { "max" });
            format!("{f}({a}, {b})")
        }
    }
}

/// The helper a floating-point `Math.min/max` combine needs.
fn reduce_helper(op: ReduceOp, elem: ElemKind) -> Option<&'static str> {
    match (op, elem) {
        (ReduceOp::Min, ElemKind::Float) => Some("ferrocl_minf"),
        (ReduceOp::Max, ElemKind::Float) => Some("ferrocl_maxf"),
        (ReduceOp::Min, ElemKind::Double) => Some("ferrocl_mind"),
        (ReduceOp::Max, ElemKind::Double) => Some("ferrocl_maxd"),
        _ => None,
    }
}

/// What a reduction kernel's body is written with: the names `write_kernel` chose, and the body's
/// blocks and schedule (the unrolled copies are written again from them).
struct ReduceLayout<'l> {
    /// Per `@Parallel` loop: its start and trip count arguments.
    dim_names: &'l [(String, String)],
    /// Per `@Parallel` loop: its index variable.
    index_names: &'l [String],
    /// Per reduction: its partials argument, its local scratch and its accumulator.
    reduce_names: &'l [(String, String, String)],
    /// The status word.
    status: &'l str,
    cfg: &'l structure::Cfg,
    place: &'l HashMap<NodeId, usize>,
}

/// Writes a reduction kernel's body: every work-item folds its iterations (a grid-stride loop over
/// the outermost `@Parallel` loop, run the way the `lower_reductions` phase planned it,
/// `ferrocl_opt::ReduceLoop`: unrolled, range-tested, vectorised; one iteration of each inner loop)
/// into private accumulators, then each work-group combines them in a tree in local memory and its
/// first work-item writes the group's partial result. Work-items never return early, so all of them
/// reach every barrier. `w` holds the body as written for one iteration (every check in place),
/// `base` the kernel-wide state the unrolled copies start from. Returns the plan as written (the
/// plain loop alone when the copies could not be written, which is then logged).
fn write_reduction_body(
    src: &mut String,
    nest: &ParallelNest,
    layout: &ReduceLayout<'_>,
    w: &mut Writer<'_>,
    base: &Writer<'_>,
) -> Result<ferrocl_opt::ReduceLoop, WriterError> {
    let ReduceLayout {
        dim_names,
        index_names,
        reduce_names,
        ..
    } = *layout;
    let n = nest.dims.len();
    for (red, (_, _, acc)) in nest.reductions.iter().zip(reduce_names) {
        let _ = writeln!(
            src,
            "    {} {acc} = {};",
            names::c_elem_type(red.elem),
            reduce_identity(red.op, red.elem)
        );
    }
    for d in &w.top_decls {
        let _ = writeln!(src, "    {d}");
    }
    // Inner loops: one iteration per work-item, guarded (no early return: the barriers follow).
    let guards: Vec<String> = (1..n)
        .map(|k| {
            let dim = n - 1 - k;
            format!("get_global_id({dim}) < (size_t){}", dim_names[k].1)
        })
        .collect();
    let mut indent = "    ".to_string();
    if !guards.is_empty() {
        let _ = writeln!(src, "    if ({}) {{", guards.join(" && "));
        indent.push_str("    ");
        for (k, d) in nest.dims.iter().enumerate().skip(1) {
            let dim = n - 1 - k;
            let _ = writeln!(
                src,
                "{indent}const int {} = {};",
                index_names[k],
                index_value(&dim_names[k].0, &format!("get_global_id({dim})"), d.step)
            );
        }
    }
    // The outermost loop: a grid-stride loop (its trip count may exceed the global size).
    let outer = n - 1;
    let (start, count) = &dim_names[0];
    let accs: Vec<&str> = reduce_names.iter().map(|(_, _, a)| a.as_str()).collect();
    let index = &index_names[0];
    let mut plan = nest.reduce_loop.clone().unwrap_or_default();
    let code = if plan.unroll > 1 {
        match write_unrolled(w, base, layout, nest, &plan, &accs) {
            Ok(code) => Some(code),
            Err(WriterError::Internal(why)) => {
                // A shape the plan did not foresee: the plain loop alone is still right.
                log::debug!(
                    "{}: the @Reduce loop runs without unrolling: {why}",
                    w.mg.location
                );
                None
            }
            Err(e) => return Err(e),
        }
    } else {
        None
    };
    if code.is_none() {
        // The plan as written: the plain loop alone.
        plan = ferrocl_opt::ReduceLoop {
            unroll: 1,
            ..Default::default()
        };
    }
    let unrolled = code.is_some();
    let versioned = unrolled && !plan.versioned.is_empty();
    let vectorized = unrolled && !plan.vector_loads.is_empty();
    let Unrolled {
        index: copy_index,
        copies,
        vector_decls,
        vector_copies,
    } = code.unwrap_or_default();
    let _ = writeln!(
        src,
        "{indent}const ulong ferrocl_g = get_global_size({outer});"
    );
    let _ = writeln!(src, "{indent}ulong ferrocl_k = get_global_id({outer});");
    let copies_declared = if vectorized {
        VECTOR_COPIES
    } else {
        plan.unroll
    };
    if unrolled {
        for (red, acc) in nest.reductions.iter().zip(&accs) {
            let ty = names::c_elem_type(red.elem);
            let id = reduce_identity(red.op, red.elem);
            let decls: Vec<String> = (0..copies_declared)
                .map(|j| format!("{acc}_x{j} = {id}"))
                .collect();
            let _ = writeln!(src, "{indent}{ty} {};", decls.join(", "));
        }
    }
    let outer_indent = indent.clone();
    if versioned {
        let ranged = range_checks(w, &plan)?;
        let _ = writeln!(
            src,
            "{indent}// Loop versioning: {} index check(s) affine in {index}, tested once for the whole range; the fast loops run without them, or, out of range, every iteration runs checked below.",
            ranged.len()
        );
        for line in
            versioning::range_test(&ranged, start, count, nest.dims[0].step, "ferrocl_inrange")
        {
            let _ = writeln!(src, "{indent}{line}");
        }
        let _ = writeln!(src, "{indent}if (ferrocl_inrange) {{");
        indent.push_str("    ");
    }
    let mut strided_indent = indent.clone();
    if vectorized {
        // VECTOR_COPIES consecutive iterations per step while the start keeps vectors aligned
        // (buffers are aligned far beyond 16 bytes): each planned load of `array[index]` is read
        // as two 4-wide vectors, which is what saturates a GPU's memory system. Every lane is an
        // iteration of the range, and each such load's check is proven for all of them.
        let _ = writeln!(src, "{indent}if (({start} & 3) == 0) {{");
        let _ = writeln!(
            src,
            "{indent}    const ulong ferrocl_steps = (ulong){count} / {VECTOR_COPIES};"
        );
        let _ = writeln!(
            src,
            "{indent}    for (ulong ferrocl_q = ferrocl_k; ferrocl_q < ferrocl_steps; ferrocl_q += ferrocl_g) {{"
        );
        for j in 0..VECTOR_COPIES {
            let _ = writeln!(
                src,
                "{indent}        const int {copy_index}_x{j} = {};",
                index_value(start, &format!("({VECTOR_COPIES} * ferrocl_q + {j})"), 1)
            );
        }
        for line in vector_decls.iter().chain(&vector_copies) {
            let _ = writeln!(src, "{indent}        {line}");
        }
        let _ = writeln!(src, "{indent}    }}");
        let _ = writeln!(
            src,
            "{indent}    ferrocl_k += {VECTOR_COPIES} * ferrocl_steps;"
        );
        let _ = writeln!(src, "{indent}}} else {{");
        strided_indent.push_str("    ");
    }
    if unrolled {
        // `plan.unroll` iterations per step, their statements interleaved so that their loads
        // are in flight together; each copy folds into its own accumulators. Iterations past the
        // last full step run in the plain loop below.
        let u = plan.unroll;
        let indent = &strided_indent;
        let _ = writeln!(
            src,
            "{indent}for (; ferrocl_k + {} * ferrocl_g < (ulong){count}; ferrocl_k += {u} * ferrocl_g) {{",
            u - 1
        );
        for j in 0..u {
            let k = if j == 0 {
                "ferrocl_k".to_string()
            } else {
                format!("(ferrocl_k + {j} * ferrocl_g)")
            };
            let _ = writeln!(
                src,
                "{indent}    const int {copy_index}_x{j} = {};",
                index_value(start, &k, nest.dims[0].step)
            );
        }
        for line in &copies {
            let _ = writeln!(src, "{indent}    {line}");
        }
        let _ = writeln!(src, "{indent}}}");
    }
    if vectorized {
        let _ = writeln!(src, "{indent}}}");
    }
    if versioned {
        indent = outer_indent;
        let _ = writeln!(src, "{indent}}}");
    }
    let _ = writeln!(
        src,
        "{indent}for (; ferrocl_k < (ulong){count}; ferrocl_k += ferrocl_g) {{"
    );
    let _ = writeln!(
        src,
        "{indent}    const int {} = {};",
        index_names[0],
        index_value(start, "ferrocl_k", nest.dims[0].step)
    );
    for line in w.body.lines() {
        if line.is_empty() {
            src.push('\n');
        } else {
            let _ = writeln!(src, "{indent}{line}");
        }
    }
    let _ = writeln!(src, "{indent}ferrocl_next: ;");
    let _ = writeln!(src, "{indent}}}");
    if unrolled {
        // Only a check left in the fast loops jumps here.
        if plan.versioned.len() < count_guards(w.mg, nest) {
            let _ = writeln!(src, "{indent}ferrocl_done:");
        }
        for (red, acc) in nest.reductions.iter().zip(&accs) {
            // Pairwise, then into the plain loop's accumulator: a term goes through at most four more
            // roundings than in the plain loop (three tree levels and the fold), and fewer overall
            // once a work-item folds more than a few iterations.
            let mut level: Vec<String> = (0..copies_declared)
                .map(|j| format!("{acc}_x{j}"))
                .collect();
            while level.len() > 1 {
                level = level
                    .chunks(2)
                    .map(|pair| {
                        pair.iter()
                            .cloned()
                            .reduce(|a, b| {
                                format!("({})", reduce_combine(red.op, red.elem, &a, &b))
                            })
                            .unwrap_or_default()
                    })
                    .collect();
            }
            let both = level.concat();
            let all = reduce_combine(red.op, red.elem, acc, &both);
            let _ = writeln!(src, "{indent}{acc} = {all};");
        }
    }
    if !guards.is_empty() {
        src.push_str("    }\n");
    }
    // Work-group tree in local memory (work-group sizes are powers of two).
    src.push_str("    const uint ferrocl_lid = (uint)(get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));\n");
    src.push_str("    const uint ferrocl_lsize = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n");
    for (_, scratch, acc) in reduce_names {
        let _ = writeln!(src, "    {scratch}[ferrocl_lid] = {acc};");
    }
    src.push_str("    barrier(CLK_LOCAL_MEM_FENCE);\n");
    src.push_str(
        "    for (uint ferrocl_s = ferrocl_lsize >> 1; ferrocl_s > 0u; ferrocl_s >>= 1) {\n",
    );
    src.push_str("        if (ferrocl_lid < ferrocl_s) {\n");
    for (red, (_, scratch, _)) in nest.reductions.iter().zip(reduce_names) {
        let combined = reduce_combine(
            red.op,
            red.elem,
            &format!("{scratch}[ferrocl_lid]"),
            &format!("{scratch}[ferrocl_lid + ferrocl_s]"),
        );
        let _ = writeln!(src, "            {scratch}[ferrocl_lid] = {combined};");
    }
    src.push_str("        }\n");
    src.push_str("        barrier(CLK_LOCAL_MEM_FENCE);\n");
    src.push_str("    }\n");
    src.push_str("    if (ferrocl_lid == 0u) {\n");
    src.push_str("        const size_t ferrocl_group = get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) * get_group_id(2));\n");
    for (partials, scratch, _) in reduce_names {
        let _ = writeln!(src, "        {partials}[ferrocl_group] = {scratch}[0];");
    }
    src.push_str("    }\n");
    Ok(plan)
}

/// The statements of a `@Reduce` loop's unrolled and vectorised loops, written from the graph.
#[derive(Default)]
struct Unrolled {
    /// The stem of the copies' loop indices (`{index}_x{j}`).
    index: String,
    /// The interleaved copies of the unrolled loop.
    copies: Vec<String>,
    /// The vector loads of one step of the vectorised loop (empty: no vectorised loop).
    vector_decls: Vec<String>,
    /// The interleaved copies of the vectorised loop.
    vector_copies: Vec<String>,
}

/// Writes the copies `plan` asks for: [`WriterError::Internal`] when the body turns out not to
/// allow them (the caller then writes the plain loop alone).
fn write_unrolled(
    w: &mut Writer<'_>,
    base: &Writer<'_>,
    layout: &ReduceLayout<'_>,
    nest: &ParallelNest,
    plan: &ferrocl_opt::ReduceLoop,
    accs: &[&str],
) -> Result<Unrolled, WriterError> {
    if !w.top_decls.is_empty() {
        return Err(WriterError::Internal(
            "an unrolled @Reduce body that declares variables".into(),
        ));
    }
    let copies_needed = VECTOR_COPIES.max(plan.unroll);
    // The loops declare `{index}_x{j}` and `{acc}_x{j}` for each copy: an index stem none of whose
    // names is taken (a Java name may be), and the accumulators' (Ferrocl's own names).
    let java_index = &layout.index_names[0];
    let mut index = java_index.clone();
    for n in 1.. {
        let names: Vec<String> = (0..copies_needed)
            .map(|j| format!("{index}_x{j}"))
            .collect();
        if w.names.claim_all(&names) {
            break;
        }
        index = format!("{java_index}_{n}");
    }
    for j in 0..copies_needed {
        for acc in accs {
            w.names.own(&format!("{acc}_x{j}"));
        }
    }
    let proven = if plan.versioned.is_empty() {
        HashSet::new()
    } else {
        plan.versioned_guards()
    };
    // The vectorised loop: each planned load read for VECTOR_COPIES iterations as vectors, which
    // the copies then take their lanes from.
    let mut vector_decls = Vec::new();
    let mut lanes: HashMap<NodeId, Vec<String>> = HashMap::new();
    for &load in &plan.vector_loads {
        let g = &w.mg.graph;
        let Op::ArrayLoad(elem) = *g.op(load) else {
            return Err(WriterError::Internal(format!(
                "{load}: a vector load of no load"
            )));
        };
        let (array, _) = w.array(load, g.inputs(load)[0])?;
        let ty = names::c_elem_type(elem);
        let stem =
            w.mg.names
                .get(load)
                .clone()
                .unwrap_or_else(|| format!("v{}", load.index()));
        let vectors: Vec<String> = (0..VECTOR_COPIES / VECTOR_LANES)
            .map(|v| {
                let name = w.names.fresh(&format!("{stem}_v{v}"));
                vector_decls.push(format!(
                    "const {ty}{VECTOR_LANES} {name} = *(__global const {ty}{VECTOR_LANES}*)({array} + {index}_x{});",
                    v * VECTOR_LANES
                ));
                name
            })
            .collect();
        let values = (0..VECTOR_COPIES)
            .map(|j| format!("{}.s{}", vectors[j / VECTOR_LANES], j % VECTOR_LANES))
            .collect();
        lanes.insert(load, values);
    }
    let copies = write_copies(
        w,
        base,
        layout,
        nest,
        &index,
        plan.unroll,
        &proven,
        &HashMap::new(),
    )?;
    let vector_copies = if plan.vector_loads.is_empty() {
        Vec::new()
    } else {
        write_copies(
            w,
            base,
            layout,
            nest,
            &index,
            VECTOR_COPIES,
            &proven,
            &lanes,
        )?
    };
    Ok(Unrolled {
        index,
        copies,
        vector_decls,
        vector_copies,
    })
}

/// The checks a straight-line `@Reduce` body makes: its guards (the `ferrocl_done` label is
/// written when some guard is left in the copies; `redundantChecks` may still leave it unused).
fn count_guards(mg: &MethodGraph, nest: &ParallelNest) -> usize {
    mg.graph
        .fixed_chain(nest.body_entry)
        .iter()
        .filter(|&&n| matches!(mg.graph.op(n), Op::Guard(_)))
        .count()
}

/// The range test of `plan`'s versioned guards in C: each guard's index as an affine function of
/// the loop index over kernel arguments, and the length of its array.
fn range_checks(
    w: &Writer<'_>,
    plan: &ferrocl_opt::ReduceLoop,
) -> Result<Vec<versioning::RangeCheck>, WriterError> {
    let g = &w.mg.graph;
    let param_of = |node: NodeId| w.mg.params.iter().position(|p| p.node == node);
    let argument = |id: NodeId| -> Option<String> {
        match g.op(id) {
            Op::Parameter(_) | Op::StaticField(_) | Op::Identity(_) => w.values.get(&id).cloned(),
            Op::ArrayLength => {
                let p = param_of(*g.inputs(id).first()?)?;
                w.array_names.get(&p).map(|(_, len)| len.clone())
            }
            _ => None,
        }
    };
    plan.versioned
        .iter()
        .map(|r| {
            let missing = || {
                WriterError::Internal(format!(
                    "{}: a range-tested index over a value that is no kernel argument",
                    r.guard
                ))
            };
            let len = param_of(r.array)
                .and_then(|p| w.array_names.get(&p))
                .map(|(_, len)| len.clone())
                .ok_or_else(missing)?;
            let terms = r
                .affine
                .terms
                .iter()
                .map(|&(t, c)| argument(t).map(|text| (text, c)).ok_or_else(missing))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(versioning::RangeCheck {
                len,
                scale: r.affine.scale,
                offset: r.affine.offset,
                terms,
            })
        })
        .collect()
}

/// The statements of `copies` copies of the straight-line `@Reduce` body, written from the graph
/// again and interleaved statement by statement (line 0 of every copy, then line 1, …), so that
/// the copies' loads are issued before any of them is used, which a GPU needs to keep enough
/// memory requests in flight. Copy `j` runs iteration `{index}_x{j}` into accumulators
/// `{acc}_x{j}`, names its values with the suffix `_x{j}`, leaves out the guards in `proven`,
/// takes the loads in `lanes` from the given values (its vector lanes), and leaves the unrolled
/// loops on a failed check (`goto ferrocl_done;`). Copies share nothing but the status word:
/// iterations of a `@Parallel` loop are independent and the body writes only its accumulators.
#[allow(clippy::too_many_arguments)]
fn write_copies(
    w: &mut Writer<'_>,
    base: &Writer<'_>,
    layout: &ReduceLayout<'_>,
    nest: &ParallelNest,
    index: &str,
    copies: usize,
    proven: &HashSet<NodeId>,
    lanes: &HashMap<NodeId, Vec<String>>,
) -> Result<Vec<String>, WriterError> {
    // Each set of copies is a C scope of its own: it starts from the kernel's names so far.
    let mut names = w.names.clone();
    let mut bodies: Vec<Vec<String>> = Vec::with_capacity(copies);
    for j in 0..copies {
        let mut c = base.fork();
        c.names = names;
        c.copy_suffix = format!("_x{j}");
        c.fail_exit = Some("goto ferrocl_done;".into());
        c.proven = proven.clone();
        c.values.insert(nest.dims[0].index, format!("{index}_x{j}"));
        for acc in c.reduce_accs.values_mut() {
            acc.push_str(&format!("_x{j}"));
        }
        for (&load, values) in lanes {
            let value = values.get(j).ok_or_else(|| {
                WriterError::Internal(format!("{load}: no vector lane for copy {j}"))
            })?;
            c.values.insert(load, value.clone());
        }
        c.emit_body(layout.cfg, layout.place, layout.status)?;
        if !c.need_hoist.is_empty() || !c.top_decls.is_empty() {
            return Err(WriterError::Internal(
                "a copy of a straight-line @Reduce body declares variables".into(),
            ));
        }
        w.absorb_needs(&c);
        names = std::mem::take(&mut c.names);
        bodies.push(
            c.body
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .map(str::to_string)
                .collect(),
        );
    }
    let len = bodies.first().map_or(0, Vec::len);
    if bodies.iter().any(|b| b.len() != len) {
        return Err(WriterError::Internal(
            "copies of a straight-line @Reduce body differ".into(),
        ));
    }
    Ok((0..len)
        .flat_map(|l| bodies.iter().map(move |b| b[l].clone()))
        .collect())
}

fn describe(mg: &MethodGraph, e: &HostExpr) -> String {
    let pname = |p: usize| {
        mg.params[p]
            .name
            .clone()
            .unwrap_or_else(|| format!("arg{p}"))
    };
    match e {
        HostExpr::Const(v) => v.to_string(),
        HostExpr::Wide(c) => match c.value() {
            ferrocl_graph::Constant::Long(v) => format!("{v}L"),
            ferrocl_graph::Constant::Float(v) => format!("{v:?}f"),
            ferrocl_graph::Constant::Double(v) => format!("{v:?}"),
            other => format!("{other:?}"),
        },
        HostExpr::Convert(conv, a) => {
            let to = match conv.to {
                ferrocl_graph::ConvTarget::Int => "int",
                ferrocl_graph::ConvTarget::Long => "long",
                ferrocl_graph::ConvTarget::Float => "float",
                ferrocl_graph::ConvTarget::Double => "double",
                ferrocl_graph::ConvTarget::Byte => "byte",
                ferrocl_graph::ConvTarget::Char => "char",
                ferrocl_graph::ConvTarget::Short => "short",
            };
            format!("({to}) {}", describe(mg, a))
        }
        HostExpr::Param(p) => pname(*p),
        HostExpr::ArrayLength(p) => format!("{}.length", pname(*p)),
        HostExpr::Static(f) => format!("{}.{}", f.class.replace('/', "."), f.name),
        HostExpr::Identity(p) => format!("identity({})", pname(*p)),
        HostExpr::Repeat => "the repetition's counter".to_string(),
        HostExpr::RepeatCount => "the repetition's number".to_string(),
        HostExpr::Negate(a) => format!("-{}", describe(mg, a)),
        HostExpr::Compare(c, a, b) => format!(
            "({} {} {})",
            describe(mg, a),
            c.c_operator(),
            describe(mg, b)
        ),
        HostExpr::Require(holds) => format!("require {}", describe(mg, holds)),
        HostExpr::Intrinsic(which, args) => format!(
            "{which:?}({})",
            args.iter()
                .map(|a| describe(mg, a))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        HostExpr::Load {
            param, index, when, ..
        } => match **when {
            HostExpr::Const(1) => format!("{}[{}]", pname(*param), describe(mg, index)),
            _ => format!(
                "({} ? {}[{}] : 0)",
                describe(mg, when),
                pname(*param),
                describe(mg, index)
            ),
        },
        HostExpr::Then(first, value) => {
            format!("({}, {})", describe(mg, first), describe(mg, value))
        }
        HostExpr::Select(c, a, b) => format!(
            "({} ? {} : {})",
            describe(mg, c),
            describe(mg, a),
            describe(mg, b)
        ),
        HostExpr::Binary(op, a, b) => {
            let sym = match op {
                ferrocl_graph::BinaryOp::Add => "+",
                ferrocl_graph::BinaryOp::Sub => "-",
                ferrocl_graph::BinaryOp::Mul => "*",
                ferrocl_graph::BinaryOp::Div => "/",
                ferrocl_graph::BinaryOp::Rem => "%",
                ferrocl_graph::BinaryOp::Shl => "<<",
                ferrocl_graph::BinaryOp::Shr => ">>",
                ferrocl_graph::BinaryOp::Ushr => ">>>",
                ferrocl_graph::BinaryOp::And => "&",
                ferrocl_graph::BinaryOp::Or => "|",
                ferrocl_graph::BinaryOp::Xor => "^",
            };
            format!("({} {sym} {})", describe(mg, a), describe(mg, b))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The build options of each launch-time variant: nothing for the source's own kernel, and
    /// only what the kernel offers.
    #[test]
    fn variant_options_name_only_what_the_kernel_offers() {
        let v = Variants {
            restrict: true,
            constant: vec![
                (2, "FERROCL_SPACE_key".into()),
                (4, "FERROCL_SPACE_w".into()),
            ],
            micro: Vec::new(),
        };
        assert_eq!(v.options(false, false, None), "");
        assert_eq!(v.options(true, false, None), "-DFERROCL_RESTRICT=restrict");
        assert_eq!(
            v.options(false, true, None),
            "-DFERROCL_SPACE_key=__constant -DFERROCL_SPACE_w=__constant"
        );
        assert_eq!(
            v.options(true, true, Some(2)),
            "-DFERROCL_RESTRICT=restrict -DFERROCL_SPACE_key=__constant -DFERROCL_SPACE_w=__constant"
        );
        let none = Variants::default();
        assert_eq!(none.options(true, true, Some(2)), "");
        let tiled = Variants {
            restrict: true,
            constant: Vec::new(),
            micro: vec![2],
        };
        assert_eq!(
            tiled.options(true, false, Some(2)),
            "-DFERROCL_RESTRICT=restrict -DFERROCL_MICRO=2"
        );
        assert_eq!(tiled.options(false, false, Some(3)), "");
        assert_eq!(tiled.options(false, false, None), "");
    }

    /// The identities printed into reduction kernels are Java's (`ReduceValue::identity`, the
    /// definition the host fold uses), spelled as C literals of the element's type.
    #[test]
    fn reduce_identities_are_the_shared_definition_in_c() {
        use ReduceOp::*;
        let expect = [
            (Add, ElemKind::Int, "0"),
            (Mul, ElemKind::Int, "1"),
            (Min, ElemKind::Int, "INT_MAX"),
            (Max, ElemKind::Int, "INT_MIN"),
            (Add, ElemKind::Long, "0L"),
            (Mul, ElemKind::Long, "1L"),
            (Min, ElemKind::Long, "LONG_MAX"),
            (Max, ElemKind::Long, "LONG_MIN"),
            (And, ElemKind::Int, "-1"),
            (Or, ElemKind::Int, "0"),
            (Xor, ElemKind::Long, "0L"),
            (And, ElemKind::Long, "-1L"),
            (Add, ElemKind::Float, "-0.0f"),
            (Mul, ElemKind::Float, "1.0f"),
            (Min, ElemKind::Float, "INFINITY"),
            (Max, ElemKind::Float, "-INFINITY"),
            (Add, ElemKind::Double, "-0.0"),
            (Mul, ElemKind::Double, "1.0"),
            (Min, ElemKind::Double, "(double)INFINITY"),
            (Max, ElemKind::Double, "-(double)INFINITY"),
        ];
        for (op, elem, c) in expect {
            assert_eq!(reduce_identity(op, elem), c, "{op:?} over {elem:?}");
        }
    }
}
