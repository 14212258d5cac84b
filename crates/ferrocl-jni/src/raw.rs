//! Hand-written OpenCL C kernels (`dev.ferrocl.api.OpenClKernel`): built and launched through the
//! same runtime, with the same host copies, as compiled tasks — the native upper bound that
//! benchmarks compare Ferrocl's kernels with.
//!
//! **Receives** OpenCL C source, a kernel name and build options; at launch, the arguments in
//! kernel parameter order (primitive arrays, scalars as raw bits, `__local` sizes), a global and an
//! optional local size. **Guarantees** the transfers of a compiled task: arrays marked read-only are
//! uploaded from the pinned Java heap (as a task's inputs are); the others are copied out of the heap,
//! uploaded, downloaded and copied back after the kernel finished (as a task's written arrays are). **Refuses** (`FerroclException`) an argument that does not match its kind,
//! an unknown handle, and every build or launch error, with the driver's build log.

use crate::hostmem::{pool_give, HostCopy};
use crate::launch::{array_elem, host_slice, pin_all, read_array, write_array, Typed};
use crate::NativeError;
use ferrocl_jit::ElemKind;
use ferrocl_runtime::{BuiltKernel, Device, DeviceSelector, HostBuffer, KernelArg, LaunchTimes};
use jni::objects::{JObject, JObjectArray};
use jni::Env;
use std::sync::{Arc, Mutex, OnceLock};

/// Argument kinds, as `OpenClKernel` encodes them.
const ARRAY: i32 = 0;
const ARRAY_READ_ONLY: i32 = 1;
const INT: i32 = 2;
const LONG: i32 = 3;
const FLOAT: i32 = 4;
const DOUBLE: i32 = 5;
const LOCAL: i32 = 6;

/// A built hand-written kernel.
pub(crate) struct RawKernel {
    pub(crate) device: Arc<Device>,
    pub(crate) built: Arc<BuiltKernel>,
}

fn kernels() -> &'static Mutex<Vec<Option<Arc<RawKernel>>>> {
    static KERNELS: OnceLock<Mutex<Vec<Option<Arc<RawKernel>>>>> = OnceLock::new();
    KERNELS.get_or_init(|| Mutex::new(Vec::new()))
}

fn lock() -> Result<std::sync::MutexGuard<'static, Vec<Option<Arc<RawKernel>>>>, NativeError> {
    kernels().lock().map_err(|_| {
        NativeError::ferrocl("the raw kernel registry is poisoned by an earlier panic")
    })
}

/// Builds `source` on `device` (`None`: the default device) and returns a handle > 0.
pub(crate) fn build(
    device: Option<&str>,
    source: &str,
    name: &str,
    options: &str,
) -> Result<i64, NativeError> {
    let selector = match device {
        Some(text) if !text.trim().is_empty() => Some(
            text.trim()
                .parse::<DeviceSelector>()
                .map_err(|e| NativeError::ferrocl(format!("device: {e}")))?,
        ),
        _ => None,
    };
    let device = ferrocl_runtime::device(selector)
        .map_err(|e| NativeError::ferrocl(format!("cannot open the OpenCL device: {e}")))?;
    let built = device
        .build(source, options, name)
        .map_err(|e| NativeError::ferrocl(format!("OpenCL kernel {name}: {e}")))?;
    let mut reg = lock()?;
    reg.push(Some(Arc::new(RawKernel { device, built })));
    Ok(reg.len() as i64)
}

/// The kernel behind `handle`.
pub(crate) fn get(handle: i64) -> Result<Arc<RawKernel>, NativeError> {
    let reg = lock()?;
    usize::try_from(handle)
        .ok()
        .and_then(|h| h.checked_sub(1))
        .and_then(|i| reg.get(i).cloned().flatten())
        .ok_or_else(|| NativeError::ferrocl(format!("no OpenCL kernel with handle {handle}")))
}

/// Forgets the kernel behind `handle` (the runtime's program cache keeps the program).
pub(crate) fn release(handle: i64) -> Result<(), NativeError> {
    let mut reg = lock()?;
    if let Some(slot) = usize::try_from(handle)
        .ok()
        .and_then(|h| h.checked_sub(1))
        .and_then(|i| reg.get_mut(i))
    {
        *slot = None;
    }
    Ok(())
}

/// One launch of a raw kernel. `kinds[k]` says what argument `k` is; arrays come from `objects[k]`,
/// scalars and `__local` sizes from `bits[k]`.
pub(crate) fn launch<'local>(
    env: &mut Env<'local>,
    kernel: &RawKernel,
    objects: &JObjectArray<'_>,
    kinds: &[i32],
    bits: &[i64],
    global: &[usize],
    local: Option<&[usize]>,
) -> Result<LaunchTimes, NativeError> {
    if objects.is_null() || bits.len() != kinds.len() || objects.len(env)? != kinds.len() {
        return Err(NativeError::ferrocl(
            "OpenCL kernel launch: arguments, kinds and values differ in length",
        ));
    }
    // Arrays copied back get host copies (as a compiled task's written arrays do); read-only arrays
    // are pinned and uploaded from the Java heap, like a compiled task's inputs.
    struct Arg<'local> {
        object: JObject<'local>,
        elem: ElemKind,
        copy_back: bool,
        data: Option<HostCopy>,
    }
    let mut arrays: Vec<Arg<'local>> = Vec::new();
    let mut args = Vec::with_capacity(kinds.len());
    for (k, (&kind, &value)) in kinds.iter().zip(bits).enumerate() {
        args.push(match kind {
            ARRAY | ARRAY_READ_ONLY => {
                let obj = objects.get_element(env, k)?;
                let Some(elem) = array_elem(env, &obj)? else {
                    return Err(NativeError::ferrocl(format!(
                        "OpenCL kernel argument {k}: not a primitive array"
                    )));
                };
                let copy_back = kind == ARRAY;
                let data = if copy_back || elem == ElemKind::Boolean {
                    Some(read_array(env, &obj, elem)?)
                } else {
                    None
                };
                arrays.push(Arg {
                    object: obj,
                    elem,
                    copy_back,
                    data,
                });
                KernelArg::Buffer(arrays.len() - 1)
            }
            // Truncations below take the low bits Java packed: the value itself.
            INT => KernelArg::Int(value as i32),
            LONG => KernelArg::Long(value),
            FLOAT => KernelArg::Float(f32::from_bits(value as u32)),
            DOUBLE => KernelArg::Double(f64::from_bits(value as u64)),
            LOCAL => KernelArg::Local(usize::try_from(value).map_err(|_| {
                NativeError::ferrocl(format!(
                    "OpenCL kernel argument {k}: negative local size {value}"
                ))
            })?),
            other => {
                return Err(NativeError::ferrocl(format!(
                    "OpenCL kernel argument {k}: unknown kind {other}"
                )))
            }
        });
    }
    crate::hostmem::purge(env)?;
    let (times, fresh) = {
        let typed: Vec<Option<Typed<'_>>> = arrays
            .iter()
            .map(|a| {
                if a.data.is_some() {
                    None
                } else {
                    Typed::of(env, &a.object, a.elem)
                }
            })
            .collect();
        // No JNI call from here until the pins drop.
        let mut pinned = pin_all(env, &typed)?;
        let copies = arrays.iter_mut().filter_map(|a| a.data.as_mut());
        let fresh = crate::hostmem::register_launch(&kernel.device, &pinned, copies);
        let mut buffers: Vec<HostBuffer<'_>> = Vec::with_capacity(arrays.len());
        for (a, p) in arrays.iter_mut().zip(pinned.iter_mut()) {
            let data = host_slice(&mut a.data, p)?;
            buffers.push(if a.copy_back {
                HostBuffer::read_write(data)
            } else {
                HostBuffer::read_only(data)
            });
        }
        let times = kernel
            .device
            .launch(&kernel.built, &mut buffers, &args, global, local)
            .map_err(|e| {
                NativeError::ferrocl(format!("OpenCL kernel {}: {e}", kernel.built.name()))
            });
        (times, fresh)
    };
    let objects: Vec<(&JObject<'_>, ElemKind)> =
        arrays.iter().map(|a| (&a.object, a.elem)).collect();
    crate::hostmem::remember(env, &kernel.device, &fresh, &objects)?;
    let times = times?;
    for a in &arrays {
        if let (true, Some(data)) = (a.copy_back, &a.data) {
            write_array(env, &a.object, &data.data)?;
        }
    }
    for a in arrays {
        if let Some(data) = a.data {
            pool_give(data);
        }
    }
    Ok(times)
}
