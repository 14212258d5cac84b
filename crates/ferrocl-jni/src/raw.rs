//! Hand-written OpenCL C kernels (`dev.ferrocl.api.OpenClKernel`): built and launched through the
//! same runtime, with the same host copies, as compiled tasks — the native upper bound that
//! benchmarks compare Ferrocl's kernels with.
//!
//! **Receives** OpenCL C source, a kernel name and build options; at launch, the arguments in
//! kernel parameter order (primitive arrays, scalars as raw bits, `__local` sizes), a global and an
//! optional local size. **Guarantees** the transfers of a compiled task, through the same executor:
//! the Java arrays are held in place for the launch; arrays marked read-only are uploaded and never
//! downloaded, arrays marked write-only (the kernel writes every element) are downloaded and never
//! uploaded, the others both; the same Java array passed twice is one device buffer. **Refuses**
//! (`FerroclException`) an argument that does not match its kind, an unknown handle, and every
//! build or launch error, with the driver's build log.

use crate::args::{array_elem, array_len, elem_bytes};
use crate::execute::run_held;
use crate::NativeError;
use ferrocl_jit::ElemKind;
use ferrocl_runtime::geometry::Geometry;
use ferrocl_runtime::plan::{self, Arg, Launch, Plan, PlanArray, Use};
use ferrocl_runtime::{ArgSpace, BuiltKernel, Device, DeviceSelector, KernelArg, LaunchTimes};
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
const ARRAY_WRITE_ONLY: i32 = 7;

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
    // Argument information lets each launch check its arguments against the declarations.
    let options = if options
        .split_whitespace()
        .any(|o| o == "-cl-kernel-arg-info")
    {
        options.to_string()
    } else {
        format!("{options} -cl-kernel-arg-info").trim().to_string()
    };
    let built = device
        .build(source, &options, name)
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

/// Checks a launch's arguments against the kernel's declarations: their number always, and, where
/// the driver kept argument information, each one's address space and type (`float[]` for a
/// `float*` or `float4*`, an `int` for `int` or `uint`, a local size for `__local`). What stays
/// unchecked: whether the kernel's indices stay inside the buffers (the README says so).
fn check_args(kernel: &RawKernel, args: &[Arg], elems: &[ElemKind]) -> Result<(), NativeError> {
    let name = kernel.built.name();
    let wrong = |message: String| NativeError::Throw {
        class: "java/lang/IllegalArgumentException",
        message: format!("OpenCL kernel {name}: {message}"),
    };
    let declared = kernel.built.num_args() as usize;
    if args.len() != declared {
        return Err(wrong(format!(
            "{} arguments given, the kernel declares {declared}",
            args.len()
        )));
    }
    let Some(info) = kernel.built.arg_info() else {
        return Ok(());
    };
    for (k, (arg, (space, type_name))) in args.iter().zip(&info).enumerate() {
        // `const float4*` -> ("float", pointer)
        let cleaned: String = type_name
            .split_whitespace()
            .filter(|w| {
                !matches!(
                    *w,
                    "const" | "volatile" | "restrict" | "__global" | "global"
                )
            })
            .collect();
        let pointer = cleaned.ends_with('*');
        let base = cleaned
            .trim_end_matches('*')
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string();
        let given = match arg {
            Arg::Array(i) => {
                let elem = elems.get(*i).copied().unwrap_or(ElemKind::Int);
                let fits = pointer
                    && matches!(space, ArgSpace::Global | ArgSpace::Constant)
                    && match elem {
                        ElemKind::Boolean | ElemKind::Byte => {
                            matches!(base.as_str(), "char" | "uchar" | "bool")
                        }
                        ElemKind::Char | ElemKind::Short => {
                            matches!(base.as_str(), "short" | "ushort")
                        }
                        ElemKind::Int => matches!(base.as_str(), "int" | "uint"),
                        ElemKind::Long => matches!(base.as_str(), "long" | "ulong"),
                        ElemKind::Float => base == "float",
                        ElemKind::Double => base == "double",
                    };
                if fits {
                    continue;
                }
                let java = format!("{elem:?}").to_lowercase();
                let article = if java.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                format!("{article} {java}[]")
            }
            Arg::Value(v) => {
                let (fits, what) = match v {
                    KernelArg::Int(_) => (
                        !pointer && matches!(base.as_str(), "int" | "uint"),
                        "an int",
                    ),
                    KernelArg::Long(_) => (
                        !pointer && matches!(base.as_str(), "long" | "ulong"),
                        "a long",
                    ),
                    KernelArg::Float(_) => (!pointer && base == "float", "a float"),
                    KernelArg::Double(_) => (!pointer && base == "double", "a double"),
                    KernelArg::Local(_) => (*space == ArgSpace::Local, "a local size"),
                    _ => (true, "a value"),
                };
                let fits =
                    fits && (matches!(v, KernelArg::Local(_)) == (*space == ArgSpace::Local));
                if fits {
                    continue;
                }
                what.to_string()
            }
            _ => continue,
        };
        let space = match space {
            ArgSpace::Global => "__global ",
            ArgSpace::Local => "__local ",
            ArgSpace::Constant => "__constant ",
            ArgSpace::Private => "",
        };
        return Err(wrong(format!(
            "argument {k} is {given}, the kernel declares `{space}{type_name}`"
        )));
    }
    Ok(())
}

/// How a raw kernel is launched: its NDRange and work-group size (`None`: the driver chooses), and
/// whether the launch is timed with OpenCL profiling.
pub(crate) struct Shape<'a> {
    pub(crate) global: &'a [usize],
    pub(crate) local: Option<&'a [usize]>,
    pub(crate) profile: bool,
}

/// One launch of a raw kernel. `kinds[k]` says what argument `k` is; arrays come from `objects[k]`,
/// scalars and `__local` sizes from `bits[k]`. The same Java array passed twice is one buffer. Timed with
/// OpenCL profiling when `profile` is set (else the kernel's time is the host's wait).
pub(crate) fn launch<'local>(
    env: &mut Env<'local>,
    kernel: &RawKernel,
    objects: &JObjectArray<'_>,
    kinds: &[i32],
    bits: &[i64],
    shape: Shape<'_>,
) -> Result<LaunchTimes, NativeError> {
    let Shape {
        global,
        local,
        profile,
    } = shape;
    if objects.is_null() || bits.len() != kinds.len() || objects.len(env)? != kinds.len() {
        return Err(NativeError::ferrocl(
            "OpenCL kernel launch: arguments, kinds and values differ in length",
        ));
    }
    struct Array<'local> {
        object: JObject<'local>,
        elem: ElemKind,
        len: usize,
    }
    let mut arrays: Vec<Array<'local>> = Vec::new();
    let mut args = Vec::with_capacity(kinds.len());
    let mut uses = Vec::new();
    for (k, (&kind, &value)) in kinds.iter().zip(bits).enumerate() {
        args.push(match kind {
            ARRAY | ARRAY_READ_ONLY | ARRAY_WRITE_ONLY => {
                let obj = objects.get_element(env, k)?;
                let Some(elem) = array_elem(env, &obj)? else {
                    return Err(NativeError::ferrocl(format!(
                        "OpenCL kernel argument {k}: not a primitive array"
                    )));
                };
                let mut found = None;
                for (i, a) in arrays.iter().enumerate() {
                    if env.is_same_object(&a.object, &obj)? {
                        found = Some(i);
                        break;
                    }
                }
                let index = match found {
                    Some(i) => i,
                    None => {
                        let len = array_len(env, &obj)?;
                        arrays.push(Array {
                            object: obj,
                            elem,
                            len,
                        });
                        arrays.len() - 1
                    }
                };
                uses.push(Use {
                    array: index,
                    reads: kind != ARRAY_WRITE_ONLY,
                    writes: kind != ARRAY_READ_ONLY,
                    writes_all: kind == ARRAY_WRITE_ONLY,
                    writes_part: None,
                });
                Arg::Array(index)
            }
            // Truncations below take the low bits Java packed: the value itself.
            INT => Arg::Value(KernelArg::Int(value as i32)),
            LONG => Arg::Value(KernelArg::Long(value)),
            FLOAT => Arg::Value(KernelArg::Float(f32::from_bits(value as u32))),
            DOUBLE => Arg::Value(KernelArg::Double(f64::from_bits(value as u64))),
            LOCAL => Arg::Value(KernelArg::Local(usize::try_from(value).map_err(|_| {
                NativeError::ferrocl(format!(
                    "OpenCL kernel argument {k}: negative local size {value}"
                ))
            })?)),
            other => {
                return Err(NativeError::ferrocl(format!(
                    "OpenCL kernel argument {k}: unknown kind {other}"
                )))
            }
        });
    }
    let name = kernel.built.name().to_string();
    check_args(
        kernel,
        &args,
        &arrays.iter().map(|a| a.elem).collect::<Vec<_>>(),
    )?;
    // No work-group size: the driver chooses.
    let local = local.map(<[usize]>::to_vec).unwrap_or_default();
    let transfers = plan::transfers(arrays.len(), std::slice::from_ref(&uses));
    let base_align = usize::try_from(kernel.device.info().base_addr_align_bytes).unwrap_or(128);
    let plan = Plan {
        arrays: arrays
            .iter()
            .zip(transfers)
            .map(|(a, transfer)| PlanArray {
                bytes: a.len * elem_bytes(a.elem),
                transfer,
                resident: None,
                // A hand-written kernel may cast its pointer to a vector type or rely on the base
                // alignment OpenCL promises for every buffer (CL_DEVICE_MEM_BASE_ADDR_ALIGN): a
                // host slice is read in place only when it has that alignment.
                align: elem_bytes(a.elem).max(base_align),
                window: None,
            })
            .collect(),
        launches: vec![Launch {
            kernel: &kernel.built,
            args,
            geometry: Geometry {
                global: global.to_vec(),
                local,
            },
            partials: Vec::new(),
            task: 0,
        }],
        // The caller gets device times back when it asked for them.
        profile,
        side_queue: false,
        carried_bytes: 0,
    };
    let held: Vec<(&JObject<'_>, ElemKind, usize)> =
        arrays.iter().map(|a| (&a.object, a.elem, a.len)).collect();
    let result = run_held(env, &kernel.device, &plan, &held, None)?;
    let executed =
        result.map_err(|e| crate::execute::runtime_error(&format!("OpenCL kernel {name}"), e))?;
    Ok(executed.times.into_iter().next().unwrap_or_default())
}
