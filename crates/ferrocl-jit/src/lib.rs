//! Ferrocl's pipeline: the one place that runs the stages in order.
//!
//! ```text
//! class bytes ──parse──► ClassFile ──build_graph──► MethodGraph ──run_phases──► ParallelLoop
//!      (ferrocl-classfile)        (ferrocl-frontend)      (ferrocl-opt: canonicalize,
//!                                                           recognize_parallel_loop)
//!   ──write_kernel──► OpenCL C + kernel arguments + host-evaluated loop bounds
//!   (ferrocl-opencl-writer)
//! ```
//!
//! **Receives** the bytes of a class, a method name and descriptor, what the target device can
//! do, and optionally a [`ClassResolver`] for the bytes of other classes (callees, `java.lang.Math`,
//! the declaring classes of static fields) and the [`RuntimeClasses`] of the objects reachable
//! from the task's arguments (virtual calls are devirtualised for them). **Guarantees** a [`CompiledKernel`] whose source
//! computes what the JVM computes, or a [`JitError`] that says whether the method is unsupported
//! ([`JitError::Bailout`], the JVM runs it), the class is corrupt ([`JitError::ClassFormat`]) or
//! Ferrocl has a bug ([`JitError::Internal`]).

// Errors carry the method's location for messages; they end a compilation, so their size is
// off the hot path.
#![allow(clippy::result_large_err)]

use ferrocl_classfile::ClassFile;
use ferrocl_frontend::{build_graph_with, FrontendError, FrontendOptions};
use ferrocl_graph::{to_dot, Graph};
pub use ferrocl_graph::{Applied, BailoutKind};
use ferrocl_graph::{Bailout, Location, MethodGraph};
use ferrocl_opencl_writer::{write_kernel, WriterError, WriterOptions};
pub use ferrocl_opt::ScratchArray;
use ferrocl_opt::{run_phases, OptError};
pub use ferrocl_opt::{PhaseInfo, PhaseSwitches, Stage, OPTIONAL_PHASES};
use std::fmt;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use ferrocl_frontend::{
    Bailout as BailoutReason, ClassResolver, DirectoryResolver, Location as MethodLocation,
    NoResolver, ObjectPath, ParamInfo, RuntimeClass, RuntimeClasses,
};
pub use ferrocl_graph::{Constant, ElemKind, FieldRef, Stamp};
pub use ferrocl_opencl_writer::{
    Features, Kernel, KernelParam, Variants, Windowed, WriteCover, STATUS_DIVIDE_BY_ZERO,
    STATUS_INDEX, TILE_GROUP,
};
pub use ferrocl_opt::{HostExpr, LoopDim, ReduceOp, Reduction, WideConst};

/// What the target device supports, as far as code generation cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// `cl_khr_fp64` is available.
    pub fp64: bool,
    /// Single-precision divide and sqrt can be correctly rounded (`-cl-fp32-correctly-rounded-divide-sqrt`).
    pub correctly_rounded_divide_sqrt: bool,
    /// Work-groups of 256 work-items with 32 KiB of local memory can run (what staged coalescing
    /// and tiling need; every GPU and PoCL qualify).
    pub local_tiles: bool,
    /// The device's local memory per work-group in bytes (`CL_DEVICE_LOCAL_MEM_SIZE`): staged and
    /// tiled kernels keep their tiles within a share of it (`WriterOptions::tile_budget`).
    pub local_mem_bytes: u64,
    /// The device's `double` built-ins `exp`, `expm1`, `sinh` and `cosh` keep Java's overflow edges
    /// (probed on the device: `ferrocl_runtime::Device::builtin_overflow_edges`), so relaxed math
    /// uses them without the wrappers that restore the edges.
    pub builtin_edges: bool,
}

impl Default for Target {
    /// A device with everything Java needs (used for snapshots and the CLI without a device).
    fn default() -> Self {
        Target {
            fp64: true,
            correctly_rounded_divide_sqrt: true,
            local_tiles: true,
            local_mem_bytes: 32 << 10,
            builtin_edges: false,
        }
    }
}

/// Options of one compilation.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Write each phase's graph as Graphviz DOT (and SVG when `dot` is installed) into this folder.
    pub dump_graph: Option<PathBuf>,
    /// Run the graph verifier after every phase, also in release builds.
    pub verify_each_phase: bool,
    /// Which optional (optimising) phases run; all by default.
    pub switches: PhaseSwitches,
}

/// One compilation request.
pub struct Request<'a> {
    /// Bytes of the class that declares the method.
    pub class_bytes: &'a [u8],
    /// Internal name the caller expects (`pkg/Cls`), for messages before the class is parsed.
    pub class_name: &'a str,
    /// Method name.
    pub method: &'a str,
    /// Method descriptor.
    pub descriptor: &'a str,
    /// Device capabilities.
    pub target: Target,
    /// Where the bytes of other classes come from (inlined callees, `java.lang.Math` and friends,
    /// declaring classes of static fields); `None`: only the method's own class is available, and
    /// a call into another class bails out.
    pub resolver: Option<&'a mut dyn ClassResolver>,
    /// The exact classes the host found for the objects reachable from the task's arguments
    /// (guarded devirtualisation); `None`: none is known, and virtual calls that are not statically
    /// bound bail out. The entries the compiler consulted are recorded in it, also when the
    /// compilation fails: the kernel is valid only while those objects keep those classes.
    pub classes: Option<&'a mut RuntimeClasses>,
}

impl fmt::Debug for Request<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Request")
            .field(
                "class_bytes",
                &format_args!("[{} bytes]", self.class_bytes.len()),
            )
            .field("class_name", &self.class_name)
            .field("method", &self.method)
            .field("descriptor", &self.descriptor)
            .field("target", &self.target)
            .field("resolver", &self.resolver.is_some())
            .field("classes", &self.classes)
            .finish()
    }
}

/// A compiled task: the kernel, how to bind its arguments and how to size its NDRange.
#[derive(Clone, Debug)]
pub struct CompiledKernel {
    /// The method.
    pub location: Location,
    /// Whether the method is static.
    pub is_static: bool,
    /// The method's formal parameters (receiver first for instance methods).
    pub params: Vec<ParamInfo>,
    /// The written kernels, run in order (one per parallel nest of the method; usually one).
    pub kernels: Vec<Kernel>,
    /// All kernels' OpenCL C, one after the other.
    pub source: String,
    /// Options for the OpenCL compiler.
    pub build_options: String,
    /// Parameters that must be non-null arrays before launch (every array parameter the bytecode
    /// reads); a null one means the JVM must run the method to throw its own exception.
    pub null_checked: Vec<usize>,
    /// Classes Java initialises while it runs the method whose initialisers could be seen
    /// ([`MethodGraph::initialises`]), as entries of [`CompiledKernel::static_fields`] with an
    /// empty name: the host only checks that each is initialised (else the JVM runs the method).
    pub initialises: Vec<FieldRef>,
    /// Pairs of array parameters that must be distinct objects ([`MethodGraph::distinct_arrays`]):
    /// where a pair is one object, the JVM runs the method.
    pub distinct_arrays: Vec<(usize, usize)>,
    /// The arrays the method allocates before its loops, which the host allocates (zeroed, of
    /// the length each says) at every launch and passes in their parameters' places.
    pub scratch: Vec<ScratchArray>,
    /// Time spent in the pipeline (bytecode → OpenCL C).
    pub jit_time: Duration,
}

impl CompiledKernel {
    /// The non-final static fields the kernels read, each once, in the order their values follow the
    /// method's arguments (and field paths) at launch.
    pub fn static_fields(&self) -> Vec<(&FieldRef, Stamp)> {
        let mut out: Vec<(&FieldRef, Stamp)> = Vec::new();
        for p in self.kernels.iter().flat_map(|k| k.params.iter()) {
            if let KernelParam::StaticField { field, stamp } = p {
                if !out.iter().any(|(f, _)| *f == field) {
                    out.push((field, *stamp));
                }
            }
        }
        // The range of a loop around the @Parallel loops (the host counts its steps; no kernel
        // reads its bound).
        let ranges = self.kernels.iter().filter_map(|k| k.repeat.as_ref());
        for e in ranges.flat_map(|r| r.lower.leaves().into_iter().chain(r.upper.leaves())) {
            if let ferrocl_opt::HostExpr::Static(field) = e {
                if !out.iter().any(|(f, _)| *f == field) {
                    out.push((field, Stamp::Int));
                }
            }
        }
        out.extend(self.initialises.iter().map(|f| (f, Stamp::Void)));
        out
    }

    /// The kernels' OpenCL C source.
    pub fn source(&self) -> &str {
        &self.source
    }
}

/// Why a compilation produced no kernel.
#[derive(Debug, thiserror::Error)]
pub enum JitError {
    /// The class bytes are not a valid class file.
    #[error("corrupt class file {class}: {message}")]
    ClassFormat {
        /// The class.
        class: String,
        /// What is wrong.
        message: String,
    },
    /// The method is valid Java the compiler does not handle; the JVM runs it.
    #[error(transparent)]
    Bailout(#[from] Bailout),
    /// A bug in Ferrocl.
    #[error("internal compiler error: {0}")]
    Internal(String),
}

/// The type descriptor of `dev.ferrocl.api.RelaxedMath`, the method annotation asking for relaxed
/// math (see [`ferrocl_opt::RELAXED_MATH`]).
pub const RELAXED_MATH_ANNOTATION: &str = "Ldev/ferrocl/api/RelaxedMath;";

/// Whether `method` of the class in `class_bytes` carries `@RelaxedMath` (false when the bytes do
/// not parse or hold no such method): the caller learns before compiling whether relaxed math's
/// device properties ([`Target::builtin_edges`]) are worth finding out.
pub fn annotated_relaxed_math(class_bytes: &[u8], method: &str, descriptor: &str) -> bool {
    ferrocl_classfile::parse(class_bytes).is_ok_and(|class| {
        class
            .method(method, descriptor)
            .is_some_and(|m| m.annotations.iter().any(|a| a == RELAXED_MATH_ANNOTATION))
    })
}

/// Compiles one method to an OpenCL kernel, running the stages in order. The request is mutable
/// only for its resolver, which the front end calls while it inlines.
pub fn compile(request: &mut Request<'_>, options: &Options) -> Result<CompiledKernel, JitError> {
    let started = Instant::now();
    let class =
        ferrocl_classfile::parse(request.class_bytes).map_err(|e| JitError::ClassFormat {
            class: request.class_name.replace('/', "."),
            message: e.to_string(),
        })?;
    let mg = frontend(&class, request, &options.switches)?;
    // `@RelaxedMath` on the method asks for relaxed math as the schedule's setting does.
    let annotated = class
        .method(request.method, request.descriptor)
        .is_some_and(|m| m.annotations.iter().any(|a| a == RELAXED_MATH_ANNOTATION));
    if annotated && !options.switches.relaxed_math() {
        let mut relaxed = options.clone();
        // Cannot fail: the name is the relaxed-math switch.
        let _ = relaxed.switches.set(ferrocl_opt::RELAXED_MATH, true);
        return compile_graph(mg, request.target, &relaxed, started);
    }
    compile_graph(mg, request.target, options, started)
}

fn frontend(
    class: &ClassFile,
    request: &mut Request<'_>,
    switches: &PhaseSwitches,
) -> Result<MethodGraph, JitError> {
    let Some(method) = class.method(request.method, request.descriptor) else {
        return Err(JitError::ClassFormat {
            class: class.name.replace('/', "."),
            message: format!(
                "no method {}{} in the class bytes",
                request.method, request.descriptor
            ),
        });
    };
    let mut none = NoResolver;
    let resolver: &mut dyn ClassResolver = match request.resolver.as_deref_mut() {
        Some(r) => r,
        None => &mut none,
    };
    let mut unknown = RuntimeClasses::new();
    let classes: &mut RuntimeClasses = match request.classes.as_deref_mut() {
        Some(c) => c,
        None => &mut unknown,
    };
    let options = FrontendOptions {
        devirtualize: switches.is_on("devirtualize"),
        scalar_replace: switches.is_on("scalarReplace"),
    };
    build_graph_with(class, method, resolver, classes, options).map_err(|e| match e {
        FrontendError::Bailout(b) => JitError::Bailout(b),
        FrontendError::Malformed { location, message } => JitError::ClassFormat {
            class: location.to_string(),
            message,
        },
        FrontendError::Internal { location, message } => {
            JitError::Internal(format!("{location}: {message}"))
        }
    })
}

fn compile_graph(
    mut mg: MethodGraph,
    target: Target,
    options: &Options,
    started: Instant,
) -> Result<CompiledKernel, JitError> {
    let mut dumps: Vec<(String, String)> = Vec::new();
    let title = format!("{}", mg.location);
    let mut observer = |phase: &str, g: &Graph| {
        dumps.push((
            phase.to_string(),
            to_dot(g, &format!("{title} after {phase}")),
        ));
    };
    let observer: Option<ferrocl_opt::PhaseObserver<'_>> = if options.dump_graph.is_some() {
        Some(&mut observer)
    } else {
        None
    };
    // Without correctly rounded single-precision divide/sqrt, a device with fp64 computes them in
    // double and rounds once, which is exact; one with neither gets a bailout (check_target).
    let writer_options = WriterOptions {
        soft_fp32_div_sqrt: !target.correctly_rounded_divide_sqrt && target.fp64,
        switches: options.switches.clone(),
        local_tiles: target.local_tiles,
        local_mem_bytes: target.local_mem_bytes,
        builtin_edges: target.builtin_edges,
    };
    let phase_target = ferrocl_opt::Target {
        local_memory: writer_options.local_tiles,
        tile_budget: writer_options.tile_budget(),
    };
    let phases = run_phases(
        &mut mg,
        &options.switches,
        phase_target,
        observer,
        options.verify_each_phase,
    );
    if let Some(dir) = &options.dump_graph {
        write_dumps(dir, &mg, &dumps);
    }
    let (parallel, scratch) = phases.map_err(|e| match e {
        OptError::Bailout(b) => JitError::Bailout(b),
        OptError::Internal { .. } => JitError::Internal(format!("{}: {e}", mg.location)),
    })?;
    let mut kernels = Vec::with_capacity(parallel.len());
    let mut build_options = String::new();
    for (k, nest) in parallel.iter().enumerate() {
        let mut kernel = write_kernel(&mg, nest, writer_options.clone()).map_err(|e| match e {
            WriterError::Unsupported { .. } => {
                JitError::Bailout(mg.bailout(BailoutKind::Construct, e.to_string()))
            }
            WriterError::Internal(m) => JitError::Internal(format!("{}: {m}", mg.location)),
        })?;
        if parallel.len() > 1 {
            // Several kernels of one method: distinct names, in order.
            // The kernel's own name is followed by `(` only where it is declared (a tiled
            // kernel's point function is `<name>_ferrocl_point`).
            let renamed = format!("{}_{}", kernel.name, k + 1);
            let rename = |source: &str| {
                source
                    .replace(&format!(" {}(", kernel.name), &format!(" {renamed}("))
                    .replace(
                        &format!("{}_ferrocl_point(", kernel.name),
                        &format!("{renamed}_ferrocl_point("),
                    )
            };
            kernel.source = rename(&kernel.source);
            // The kernel for windows is built by the same name.
            kernel.windowed.source = rename(&kernel.windowed.source);
            kernel.name = renamed;
        }
        build_options = check_target(&mg, kernel.features, target)?;
        // The method's phases (front end, graph) apply to each of its kernels.
        let mut applied = mg.applied.clone();
        applied.append(&mut kernel.applied);
        kernel.applied = applied;
        kernels.push(kernel);
    }
    let source = kernels
        .iter()
        .map(|k| k.source.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let null_checked = mg
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| p.used && matches!(p.stamp, Stamp::Array(_)))
        .map(|(i, _)| i)
        .collect();
    Ok(CompiledKernel {
        location: mg.location.clone(),
        is_static: mg.is_static,
        params: mg.params.clone(),
        kernels,
        source,
        build_options,
        null_checked,
        distinct_arrays: mg.distinct_arrays.clone(),
        scratch,
        initialises: mg
            .initialises
            .iter()
            .map(|class| FieldRef {
                class: class.clone(),
                name: String::new(),
                descriptor: String::new(),
                host_may_initialise: false,
            })
            .collect(),
        jit_time: started.elapsed(),
    })
}

/// Checks the kernel's needs against the device and returns the OpenCL build options.
fn check_target(mg: &MethodGraph, features: Features, target: Target) -> Result<String, JitError> {
    if features.fp64 && !target.fp64 {
        return Err(mg
            .bailout(
                BailoutKind::Device,
                "the method uses double, and the device has no double precision (cl_khr_fp64)",
            )
            .into());
    }
    if features.fp32_div_sqrt && !target.correctly_rounded_divide_sqrt {
        return Err(mg
            .bailout(
                BailoutKind::Device,
                "the method divides floats, and the device cannot round float division correctly \
                 (no CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT); Java's result would not be guaranteed",
            )
            .into());
    }
    let mut options = String::from("-cl-std=CL1.2");
    if target.correctly_rounded_divide_sqrt {
        options.push_str(" -cl-fp32-correctly-rounded-divide-sqrt");
    }
    Ok(options)
}

fn write_dumps(dir: &std::path::Path, mg: &MethodGraph, dumps: &[(String, String)]) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        log::warn!("cannot create {}: {e}", dir.display());
        return;
    }
    let stem = format!(
        "{}.{}",
        mg.location.class.replace('/', "."),
        ferrocl_opencl_writer::sanitize_identifier(&mg.location.method)
    );
    for (i, (phase, dot)) in dumps.iter().enumerate() {
        let path = dir.join(format!("{stem}.{i:02}-{phase}.dot"));
        if let Err(e) = std::fs::write(&path, dot) {
            log::warn!("cannot write {}: {e}", path.display());
            continue;
        }
        // SVG when Graphviz is installed; its absence is routine, not an error.
        let svg = path.with_extension("svg");
        if let Ok(status) = std::process::Command::new("dot")
            .arg("-Tsvg")
            .arg(&path)
            .arg("-o")
            .arg(&svg)
            .status()
        {
            if !status.success() {
                log::debug!("dot failed on {}", path.display());
            }
        }
    }
}
