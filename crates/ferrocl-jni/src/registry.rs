//! Compiled tasks for the life of the JVM, keyed by device, class bytes, method and descriptor, so a
//! second `execute()` (or a second schedule) neither recompiles nor rebuilds.
//!
//! A kernel also depends on the classes it inlined from (callees, `java.lang.Math`, declaring
//! classes of static fields). The same class bytes may be compiled under class loaders that resolve
//! those names to different classes, so a task records the hash of every class the compiler
//! fetched through the [`JavaResolver`], and a cached task is reused only when the resolver of the
//! new request still gives the same bytes for each of them. Likewise a task records the assertion
//! status of the classes whose `assert` statements it compiled away, and the runtime classes of the
//! objects whose virtual calls it devirtualised (the host's guard): a cached task is reused only
//! for the same statuses and classes.

use crate::NativeError;
use ferrocl_jit::{
    BailoutKind, ClassResolver, CompiledKernel, JitError, ObjectPath, PhaseSwitches, Request,
    RuntimeClass, RuntimeClasses, Target,
};
use ferrocl_runtime::{BuiltKernel, Device, DeviceSelector, RuntimeError};
use jni::objects::{JByteArray, JObject, JValue};
use jni::{jni_sig, jni_str, Env};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// Class bytes through a `dev.ferrocl.api.ClassResolver` (its `byte[] classBytes(String)`), i.e.
/// through the class loader of the compiled method. A null resolver, a null result and a Java
/// exception from the callback all mean "not available" (the exception is cleared): the compiler
/// then bails out naming the class, and nothing is thrown at the caller.
pub(crate) struct JavaResolver<'e, 'local, 'obj> {
    env: &'e mut Env<'local>,
    resolver: &'obj JObject<'obj>,
}

impl<'e, 'local, 'obj> JavaResolver<'e, 'local, 'obj> {
    /// A resolver calling back into `resolver` (which may be null).
    pub(crate) fn new(env: &'e mut Env<'local>, resolver: &'obj JObject<'obj>) -> Self {
        JavaResolver { env, resolver }
    }

    /// The answer of a callback: its value, or, where it failed (its Java exception cleared),
    /// none, logged as `what`.
    fn answer<T>(
        &mut self,
        result: jni::errors::Result<Option<T>>,
        what: impl FnOnce() -> String,
    ) -> Option<T> {
        match result {
            Ok(value) => value,
            Err(e) => {
                if self.env.exception_check() {
                    self.env.exception_clear();
                }
                log::debug!("{}: {e}", what());
                None
            }
        }
    }
}

impl ClassResolver for JavaResolver<'_, '_, '_> {
    fn class_bytes(&mut self, internal_name: &str) -> Option<Vec<u8>> {
        if self.resolver.is_null() {
            return None;
        }
        let resolver = self.resolver;
        // A local frame per call: the name and the array are dropped however many classes the
        // compiler asks for.
        let fetched = self
            .env
            .with_local_frame(4, |env| -> jni::errors::Result<Option<Vec<u8>>> {
                let name = env.new_string(internal_name)?;
                let value = env.call_method(
                    resolver,
                    jni_str!("classBytes"),
                    jni_sig!("(Ljava/lang/String;)[B"),
                    &[JValue::Object(&name)],
                )?;
                let object = value.l()?;
                if object.is_null() {
                    return Ok(None);
                }
                let array = env.cast_local::<JByteArray<'_>>(object)?;
                Ok(Some(env.convert_byte_array(&array)?))
            });
        self.answer(fetched, || {
            format!("class resolver failed for {internal_name}")
        })
    }

    /// `String staticObjects(String, String, String, boolean)` of the Java resolver; null, a
    /// failure or an exception: none.
    fn static_objects(
        &mut self,
        owner: &str,
        name: &str,
        descriptor: &str,
        may_initialise: bool,
    ) -> Option<String> {
        if self.resolver.is_null() {
            return None;
        }
        let resolver = self.resolver;
        let text = self
            .env
            .with_local_frame(8, |env| -> jni::errors::Result<Option<String>> {
                let owner = env.new_string(owner)?;
                let name = env.new_string(name)?;
                let descriptor = env.new_string(descriptor)?;
                let value = env.call_method(
                    resolver,
                    jni_str!("staticObjects"),
                    jni_sig!("(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;Z)Ljava/lang/String;"),
                    &[
                        JValue::Object(&owner),
                        JValue::Object(&name),
                        JValue::Object(&descriptor),
                        JValue::Bool(may_initialise),
                    ],
                )?;
                let object = value.l()?;
                if object.is_null() {
                    return Ok(None);
                }
                let s = env.cast_local::<jni::objects::JString<'_>>(object)?;
                Ok(Some(s.try_to_string(env)?))
            });
        self.answer(text, || {
            format!("objects of static field {owner}.{name} not described")
        })
    }

    /// `int assertionStatus(String)` of the Java resolver: 1 enabled, 0 disabled, else unknown.
    fn assertions_enabled(&mut self, internal_name: &str) -> Option<bool> {
        if self.resolver.is_null() {
            return None;
        }
        let resolver = self.resolver;
        let status = self
            .env
            .with_local_frame(4, |env| -> jni::errors::Result<i32> {
                let name = env.new_string(internal_name)?;
                env.call_method(
                    resolver,
                    jni_str!("assertionStatus"),
                    jni_sig!("(Ljava/lang/String;)I"),
                    &[JValue::Object(&name)],
                )?
                .i()
            });
        match status {
            Ok(1) => Some(true),
            Ok(0) => Some(false),
            Ok(_) => None,
            Err(e) => {
                if self.env.exception_check() {
                    self.env.exception_clear();
                }
                log::debug!("assertion status of {internal_name} unavailable: {e}");
                None
            }
        }
    }
}

/// Remembers the hash of every class fetched through the inner resolver, every assertion status
/// and every description of a static field's objects asked for.
struct Recording<'r> {
    inner: &'r mut dyn ClassResolver,
    fetched: Dependencies,
    assertions: Assertions,
    statics: StaticObjects,
}

impl ClassResolver for Recording<'_> {
    fn class_bytes(&mut self, internal_name: &str) -> Option<Vec<u8>> {
        let bytes = self.inner.class_bytes(internal_name);
        self.fetched
            .push((internal_name.to_string(), bytes.as_deref().map(hash_bytes)));
        bytes
    }

    fn assertions_enabled(&mut self, internal_name: &str) -> Option<bool> {
        let status = self.inner.assertions_enabled(internal_name);
        self.assertions.push((internal_name.to_string(), status));
        status
    }

    fn static_objects(
        &mut self,
        owner: &str,
        name: &str,
        descriptor: &str,
        may_initialise: bool,
    ) -> Option<String> {
        let text = self
            .inner
            .static_objects(owner, name, descriptor, may_initialise);
        let query = StaticQuery {
            owner: owner.to_string(),
            name: name.to_string(),
            descriptor: descriptor.to_string(),
            may_initialise,
        };
        self.statics.push((query, text.clone()));
        text
    }
}

fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut hasher = DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// A compiled and built task.
pub(crate) struct Task {
    /// The JIT's output.
    pub(crate) jit: CompiledKernel,
    /// The device it was built for.
    pub(crate) device: Arc<Device>,
    /// Each kernel's builds (in the order the kernels run, one per parallel nest) per launch-time
    /// variant (`ferrocl_jit::Variants`; index [`variant_index`]): the usual one is built at
    /// registration, the others when a launch first needs them.
    pub(crate) variants: Vec<[OnceLock<Arc<BuiltKernel>>; VARIANT_SLOTS]>,
    /// The kernels for windows of the arrays (`ferrocl_jit::Windowed`), built at the first
    /// execution that runs in batches.
    pub(crate) windowed: OnceLock<Vec<Arc<BuiltKernel>>>,
    /// An execution found that the task cannot be streamed in batches (its batches would write
    /// the same elements, or a batch would not fit): later ones do not try again.
    pub(crate) stream_refused: std::sync::atomic::AtomicBool,
    /// An execution found that the task's batches cannot overlap their transfers (see
    /// `execute::overlap`): later ones do not try again.
    pub(crate) overlap_refused: std::sync::atomic::AtomicBool,
    /// What executions of this task's work did as one launch and overlapped, for the runtime's
    /// choice (`ferrocl_runtime::overlap::batches`).
    pub(crate) overlap_history: std::sync::Mutex<ferrocl_runtime::overlap::History>,
    /// The batches of the last overlapped execution this task led (see `execute::overlap`).
    pub(crate) overlap_plan: std::sync::Mutex<Option<crate::execute::OverlapMemo>>,
    /// The leaves of every host expression of the kernels (bounds, conditions, elements read
    /// before the loops, write covers, bounds proofs), each once, in the order the host reads
    /// them (an element's own leaves first); worked out at the first execution.
    pub(crate) host_leaves: OnceLock<Vec<ferrocl_jit::HostExpr>>,
    /// On a device that works in host memory: the work key (`ferrocl_runtime::Plan::work_key`)
    /// of the last execution this task led, and how long its launches took; the next execution
    /// of the same work runs on the Java arrays in place when that was short
    /// (`ferrocl_runtime::plan::hold_in_place`).
    pub(crate) last_work: std::sync::Mutex<Option<(u64, Duration)>>,
    /// The plan of the last execution this task led, with what it was computed from: the next
    /// one with the same inputs reuses it (see `execute::memo`).
    pub(crate) plan_memo: std::sync::Mutex<crate::execute::MemoSlot>,
    /// Driver build time.
    pub(crate) build_time: Duration,
    /// Whether the driver build came from the runtime's program cache.
    pub(crate) build_cached: bool,
    /// Whether every kernel's binary came from the disk cache (`ferrocl_runtime::disk_cache`).
    pub(crate) build_from_disk: bool,
    /// The other classes the compiler fetched, with the hash of their bytes (`None`: not
    /// available): the task is valid for another request only if these are unchanged.
    pub(crate) dependencies: Dependencies,
    /// The assertion status of each class whose `$assertionsDisabled` the method reads.
    pub(crate) assertions: Assertions,
    /// The static fields whose objects the host described, with its descriptions.
    pub(crate) statics: StaticObjects,
    /// The runtime classes the compiler devirtualised calls for: the task is valid for another
    /// request only if its objects have the same classes.
    pub(crate) class_guards: Vec<(ObjectPath, RuntimeClass)>,
}

/// Kernel variants built for launches beyond each task's first build (see
/// [`Task::kernel_variant`]; read by a test hook).
pub(crate) static VARIANT_BUILDS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(0);

/// The most other points per work-item a tiled kernel offers (`ferrocl_jit::Variants::micro`).
pub(crate) const MAX_MICRO_CHOICES: usize = 2;
/// Slots of a kernel's variants in [`Task::variants`] (see [`variant_index`]).
pub(crate) const VARIANT_SLOTS: usize = 4 * (1 + MAX_MICRO_CHOICES);

/// A kernel variant a launch may use (see `ferrocl_jit::Variants`): `restrict` arguments, constant
/// memory, and the points per work-item of a tiled kernel (`None`: the source's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Variant {
    pub(crate) restrict: bool,
    pub(crate) constant: bool,
    pub(crate) micro: Option<u32>,
}

/// Which of the kernel's other points per work-item `v` takes: its position among the first
/// [`MAX_MICRO_CHOICES`] of `variants.micro`, from 1 (0: the source's own, also for a value the
/// kernel does not offer).
fn micro_slot(variants: &ferrocl_jit::Variants, v: Variant) -> usize {
    v.micro
        .and_then(|m| {
            variants
                .micro
                .iter()
                .take(MAX_MICRO_CHOICES)
                .position(|&c| c == m)
        })
        .map_or(0, |p| p + 1)
}

/// Where a variant's build is kept in [`Task::variants`]: the other points per work-item (4 per
/// choice, see [`micro_slot`]), `restrict` arguments (2), constant memory (1). A choice the kernel
/// does not offer counts as not taken.
pub(crate) fn variant_index(variants: &ferrocl_jit::Variants, v: Variant) -> usize {
    micro_slot(variants, v) * 4
        + usize::from(v.restrict && variants.restrict) * 2
        + usize::from(v.constant && !variants.constant.is_empty())
}

/// The build options of kernel variant `v`: the task's own, then the variant's.
fn variant_options(build_options: &str, variants: &ferrocl_jit::Variants, v: Variant) -> String {
    let micro = v.micro.filter(|_| micro_slot(variants, v) > 0);
    let extra = variants.options(v.restrict, v.constant, micro);
    match (build_options.trim().is_empty(), extra.is_empty()) {
        (_, true) => build_options.to_string(),
        (true, false) => extra,
        (false, false) => format!("{build_options} {extra}"),
    }
}

impl Task {
    /// Kernel `k` built as variant `v` (see `ferrocl_jit::Variants`), built on the task's device
    /// when first needed; a compiler failure is a bailout, as at registration.
    pub(crate) fn kernel_variant(
        &self,
        k: usize,
        v: Variant,
    ) -> Result<&Arc<BuiltKernel>, NativeError> {
        let (Some(kernel), Some(slots)) = (self.jit.kernels.get(k), self.variants.get(k)) else {
            return Err(NativeError::ferrocl("kernel variant missing"));
        };
        let slot = &slots[variant_index(&kernel.variants, v)];
        if let Some(built) = slot.get() {
            return Ok(built);
        }
        let options = variant_options(&self.jit.build_options, &kernel.variants, v);
        let built = self
            .device
            .build(&kernel.source, &options, &kernel.name)
            .map_err(|e| build_failure(&self.jit.location.to_string(), e))?;
        log::debug!(
            "{}: kernel {} built again for a launch with options `{options}` ({:.1} ms)",
            self.jit.location,
            kernel.name,
            built.build_time().as_secs_f64() * 1e3
        );
        // Another thread may have built it meanwhile (the device's cache gave it the same one).
        if slot.set(built).is_ok() {
            VARIANT_BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        slot.get()
            .ok_or_else(|| NativeError::ferrocl("kernel variant missing"))
    }
}

/// A driver's refusal of a generated kernel as a bailout (a Ferrocl bug to report); other
/// failures as errors.
fn build_failure(location: &str, e: RuntimeError) -> NativeError {
    match e {
        RuntimeError::Build { device, log } => bailout(BailoutKind::Device, format!(
            "{location}: the OpenCL compiler of {device} rejected the generated kernel (a Ferrocl bug; please report it):\n{log}"
        )),
        other => NativeError::ferrocl(format!("{location}: {other}")),
    }
}

/// Classes by internal name with the hash of their bytes (`None`: not available).
pub(crate) type Dependencies = Vec<(String, Option<u64>)>;

/// Classes by internal name with their assertion status (`None`: unknown).
pub(crate) type Assertions = Vec<(String, Option<bool>)>;

/// A static field whose objects the compiler asked the host to describe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StaticQuery {
    owner: String,
    name: String,
    descriptor: String,
    may_initialise: bool,
}

/// Static fields with the host's description of their objects (`None`: none given).
pub(crate) type StaticObjects = Vec<(StaticQuery, Option<String>)>;

/// What a cached task depends on besides its key.
#[derive(Clone)]
struct Validity {
    dependencies: Dependencies,
    assertions: Assertions,
    statics: StaticObjects,
    class_guards: Vec<(ObjectPath, RuntimeClass)>,
}

/// Device, class, method, descriptor, hash of the class bytes, the phase switches.
type Key = (String, String, String, String, u64, String);

#[derive(Default)]
struct Registry {
    tasks: Vec<Arc<Task>>,
    /// Candidate tasks per key (one per distinct set of dependencies seen).
    by_key: HashMap<Key, Vec<usize>>,
}

fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(|| Mutex::new(Registry::default()))
}

/// Arguments of one compile call.
pub(crate) struct CompileArgs<'a> {
    pub(crate) class_name: &'a str,
    pub(crate) bytes: &'a [u8],
    pub(crate) method: &'a str,
    pub(crate) descriptor: &'a str,
    pub(crate) is_static: bool,
    pub(crate) device: Option<&'a str>,
    /// Where other classes' bytes come from.
    pub(crate) resolver: &'a mut dyn ClassResolver,
    /// The exact classes of the objects reachable from the arguments; records what was consulted.
    pub(crate) classes: &'a mut RuntimeClasses,
    /// Which optimising phases run (part of the cache key).
    pub(crate) switches: PhaseSwitches,
}

fn bailout(kind: BailoutKind, message: String) -> NativeError {
    NativeError::Bailout {
        kind: kind.java_name(),
        message,
    }
}

/// The first of `candidates` whose dependencies `resolver` still resolves to the same bytes (and
/// assertion statuses), and whose devirtualised objects have the same classes in `classes`.
fn find_cached(
    candidates: &[(usize, Validity)],
    resolver: &mut dyn ClassResolver,
    classes: &RuntimeClasses,
    arguments: usize,
) -> Option<usize> {
    let mut seen: HashMap<String, Option<u64>> = HashMap::new();
    let mut status: HashMap<String, Option<bool>> = HashMap::new();
    candidates.iter().find_map(|(index, validity)| {
        // Guards rooted at a static field's parameter (past the method's arguments, where the
        // host's map of the arguments has no entries) hold when the host describes the static
        // fields' objects as before.
        let argument_guards: Vec<(ObjectPath, RuntimeClass)> = validity
            .class_guards
            .iter()
            .filter(|(p, _)| p.root < arguments)
            .cloned()
            .collect();
        if !classes.satisfies(&argument_guards) {
            return None;
        }
        let statics_same = validity.statics.iter().all(|(q, text)| {
            resolver.static_objects(&q.owner, &q.name, &q.descriptor, q.may_initialise) == *text
        });
        if !statics_same {
            return None;
        }
        let same = validity.dependencies.iter().all(|(name, hash)| {
            let now = *seen
                .entry(name.clone())
                .or_insert_with(|| resolver.class_bytes(name).as_deref().map(hash_bytes));
            now == *hash
        }) && validity.assertions.iter().all(|(name, enabled)| {
            let now = *status
                .entry(name.clone())
                .or_insert_with(|| resolver.assertions_enabled(name));
            now == *enabled
        });
        same.then_some(*index)
    })
}

/// The cached tasks for `key`, with what they depend on (copied so the lock is not held while the
/// resolver calls into Java).
fn candidates(key: &Key) -> Result<Vec<(usize, Validity)>, NativeError> {
    let reg = lock()?;
    Ok(reg
        .by_key
        .get(key)
        .map(|list| {
            list.iter()
                .filter_map(|&i| {
                    reg.tasks.get(i).map(|t| {
                        (
                            i,
                            Validity {
                                dependencies: t.dependencies.clone(),
                                assertions: t.assertions.clone(),
                                statics: t.statics.clone(),
                                class_guards: t.class_guards.clone(),
                            },
                        )
                    })
                })
                .collect()
        })
        .unwrap_or_default())
}

/// Compiles (or finds) the task and returns its handle (≥ 1).
pub(crate) fn compile(args: CompileArgs<'_>) -> Result<u64, NativeError> {
    let selector = match args.device {
        Some(text) if !text.trim().is_empty() => Some(
            text.trim()
                .parse::<DeviceSelector>()
                .map_err(|e| NativeError::ferrocl(format!("ferrocl.device: {e}")))?,
        ),
        _ => None,
    };
    let device = ferrocl_runtime::device(selector).map_err(|e| match e {
        RuntimeError::NoDevice => bailout(
            BailoutKind::Device,
            format!(
                "{}.{}: no OpenCL device is available (install an OpenCL driver, e.g. PoCL)",
                args.class_name.replace('/', "."),
                args.method
            ),
        ),
        other => NativeError::ferrocl(format!("cannot open the OpenCL device: {other}")),
    })?;
    let key: Key = (
        device.info().id(),
        args.class_name.to_string(),
        args.method.to_string(),
        args.descriptor.to_string(),
        hash_bytes(args.bytes),
        args.switches.to_string(),
    );
    let cached = candidates(&key)?;
    // The method's own arguments (the receiver first): the host's class map describes only them.
    let arguments = ferrocl_classfile::MethodDescriptor::parse(args.descriptor)
        .map_or(0, |d| d.params.len())
        + usize::from(!args.is_static);
    if let Some(index) = find_cached(&cached, args.resolver, args.classes, arguments) {
        // The reused kernel depends on the same objects' classes: record them as consulted.
        if let Some((_, validity)) = cached.iter().find(|(i, _)| *i == index) {
            for (path, _) in &validity.class_guards {
                let _ = args.classes.lookup(path);
            }
        }
        return Ok(index as u64 + 1);
    }

    let info = device.info();
    let mut recording = Recording {
        inner: args.resolver,
        fetched: Vec::new(),
        assertions: Vec::new(),
        statics: Vec::new(),
    };
    let mut request = Request {
        class_bytes: args.bytes,
        class_name: args.class_name,
        method: args.method,
        descriptor: args.descriptor,
        target: Target {
            fp64: info.fp64,
            correctly_rounded_divide_sqrt: info.correctly_rounded_divide_sqrt,
            local_tiles: info.max_work_group_size >= 256 && info.local_mem_bytes >= 32 << 10,
            local_mem_bytes: info.local_mem_bytes,
            // Probed on the device once, and only for relaxed math (the schedule's setting or the
            // method's annotation), which alone uses the built-ins.
            builtin_edges: (args.switches.relaxed_math()
                || ferrocl_jit::annotated_relaxed_math(args.bytes, args.method, args.descriptor))
                && device.builtin_overflow_edges(),
        },
        resolver: Some(&mut recording),
        classes: Some(&mut *args.classes),
    };
    let options = ferrocl_jit::Options {
        switches: args.switches.clone(),
        ..ferrocl_jit::Options::default()
    };
    let compiled = ferrocl_jit::compile(&mut request, &options);
    let dependencies = recording.fetched;
    let assertions = recording.assertions;
    let statics = recording.statics;
    let class_guards = args.classes.consulted();
    let jit = compiled.map_err(|e| match e {
        JitError::Bailout(b) => bailout(b.kind, b.to_string()),
        JitError::ClassFormat { .. } => NativeError::ferrocl(e.to_string()),
        JitError::Internal(_) => NativeError::ferrocl(e.to_string()),
    })?;
    if jit.is_static != args.is_static {
        return Err(NativeError::ferrocl(format!(
            "{}: the method's static-ness differs from the task's",
            jit.location
        )));
    }
    log::debug!("{}: kernel\n{}", jit.location, jit.source());
    let mut build_time = std::time::Duration::ZERO;
    let mut build_cached = true;
    let mut from_disk = !jit.kernels.is_empty();
    let mut variants = Vec::with_capacity(jit.kernels.len());
    for kernel in &jit.kernels {
        // Built as the usual launch wants it: distinct arrays (`restrict`), and the constant-memory
        // candidates fitting (tables bounded by constants, no more than the device's constant
        // arguments; a launch where they do not fit builds its own variant then).
        let tables_fit = kernel.variants.constant.len() <= info.max_constant_args as usize;
        let usual = Variant {
            restrict: true,
            constant: tables_fit,
            micro: None,
        };
        let options = variant_options(&jit.build_options, &kernel.variants, usual);
        let outcome = device
            .build_with_outcome(&kernel.source, &options, &kernel.name)
            .map_err(|e| build_failure(&jit.location.to_string(), e))?;
        build_time += outcome.kernel.build_time();
        build_cached &= outcome.cached;
        from_disk &= outcome.from_disk;
        let slots: [OnceLock<Arc<BuiltKernel>>; VARIANT_SLOTS] = Default::default();
        let _ = slots[variant_index(&kernel.variants, usual)].set(outcome.kernel);
        variants.push(slots);
    }
    let task = Task {
        build_time,
        build_cached,
        build_from_disk: from_disk,
        variants,
        windowed: OnceLock::new(),
        stream_refused: std::sync::atomic::AtomicBool::new(false),
        overlap_refused: std::sync::atomic::AtomicBool::new(false),
        overlap_history: std::sync::Mutex::new(ferrocl_runtime::overlap::History::default()),
        overlap_plan: std::sync::Mutex::new(None),
        host_leaves: OnceLock::new(),
        last_work: std::sync::Mutex::new(None),
        plan_memo: std::sync::Mutex::new(crate::execute::MemoSlot::default()),
        device,
        jit,
        dependencies,
        assertions,
        statics,
        class_guards,
    };
    let mut reg = lock()?;
    // Another thread may have registered the same task meanwhile; keep the first.
    let same = reg.by_key.get(&key).and_then(|list| {
        list.iter().copied().find(|&i| {
            reg.tasks.get(i).is_some_and(|t| {
                t.dependencies == task.dependencies
                    && t.assertions == task.assertions
                    && t.statics == task.statics
                    && t.class_guards == task.class_guards
            })
        })
    });
    if let Some(index) = same {
        return Ok(index as u64 + 1);
    }
    reg.tasks.push(Arc::new(task));
    let index = reg.tasks.len() - 1;
    reg.by_key.entry(key).or_default().push(index);
    Ok(index as u64 + 1)
}

fn lock() -> Result<std::sync::MutexGuard<'static, Registry>, NativeError> {
    registry().lock().map_err(|_| {
        NativeError::ferrocl("Ferrocl's task registry is poisoned by an earlier panic")
    })
}

/// The task behind `handle`.
pub(crate) fn get(handle: i64) -> Result<Arc<Task>, NativeError> {
    let reg = lock()?;
    usize::try_from(handle)
        .ok()
        .and_then(|h| h.checked_sub(1))
        .and_then(|i| reg.tasks.get(i).cloned())
        .ok_or_else(|| NativeError::ferrocl(format!("no compiled task with handle {handle}")))
}
