//! Compiled tasks for the life of the JVM, keyed by device, class bytes, method and descriptor, so a
//! second `execute()` (or a second schedule) neither recompiles nor rebuilds.

use crate::{NativeError, COMPILATION_EXCEPTION};
use ferrocl_jit::{CompiledKernel, JitError, Request, Target};
use ferrocl_runtime::{BuiltKernel, Device, DeviceSelector, RuntimeError};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// A compiled and built task.
pub(crate) struct Task {
    /// The JIT's output.
    pub(crate) jit: CompiledKernel,
    /// The device it was built for.
    pub(crate) device: Arc<Device>,
    /// The built kernel.
    pub(crate) kernel: Arc<BuiltKernel>,
    /// Driver build time.
    pub(crate) build_time: Duration,
    /// Whether the driver build came from the runtime's program cache.
    pub(crate) build_cached: bool,
}

#[derive(Default)]
struct Registry {
    tasks: Vec<Arc<Task>>,
    by_key: HashMap<(String, String, String, String, u64), usize>,
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
}

fn bailout(message: String) -> NativeError {
    NativeError::Throw {
        class: COMPILATION_EXCEPTION,
        message,
    }
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
        RuntimeError::NoDevice => bailout(format!(
            "{}.{}: no OpenCL device is available (install an OpenCL driver, e.g. PoCL)",
            args.class_name.replace('/', "."),
            args.method
        )),
        other => NativeError::ferrocl(format!("cannot open the OpenCL device: {other}")),
    })?;
    let mut hasher = DefaultHasher::new();
    args.bytes.hash(&mut hasher);
    let key = (
        device.info().id(),
        args.class_name.to_string(),
        args.method.to_string(),
        args.descriptor.to_string(),
        hasher.finish(),
    );
    if let Some(&index) = lock()?.by_key.get(&key) {
        return Ok(index as u64 + 1);
    }

    let info = device.info();
    let request = Request {
        class_bytes: args.bytes,
        class_name: args.class_name,
        method: args.method,
        descriptor: args.descriptor,
        target: Target {
            fp64: info.fp64,
            correctly_rounded_divide_sqrt: info.correctly_rounded_divide_sqrt,
        },
    };
    let jit =
        ferrocl_jit::compile(&request, &ferrocl_jit::Options::default()).map_err(|e| match e {
            JitError::Bailout(b) => bailout(b.to_string()),
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
    let outcome = device
        .build_with_outcome(jit.source(), &jit.build_options, &jit.kernel.name)
        .map_err(|e| match e {
            RuntimeError::Build { device, log } => bailout(format!(
                "{}: the OpenCL compiler of {device} rejected the generated kernel (a Ferrocl bug; please report it):\n{log}",
                jit.location
            )),
            other => NativeError::ferrocl(format!("{}: {other}", jit.location)),
        })?;
    let task = Task {
        build_time: outcome.kernel.build_time(),
        build_cached: outcome.cached,
        kernel: outcome.kernel,
        device,
        jit,
    };
    let mut reg = lock()?;
    if let Some(&index) = reg.by_key.get(&key) {
        return Ok(index as u64 + 1);
    }
    reg.tasks.push(Arc::new(task));
    let index = reg.tasks.len() - 1;
    reg.by_key.insert(key, index);
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
