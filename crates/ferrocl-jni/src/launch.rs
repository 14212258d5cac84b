//! One launch: Java arguments → host copies → kernel → results back into the Java arrays.
//!
//! Arrays a kernel writes are copied into host vectors (`Get/Set<Type>ArrayRegion`, or for large
//! arrays a multi-threaded copy inside a critical section), so a failed check leaves the Java arrays
//! untouched; the vectors are pooled and registered with the driver (`hostmem`). Arrays the kernels
//! only read are pinned
//! (`GetPrimitiveArrayCritical`, released without copy-back) for the launch and uploaded straight
//! from the Java heap, saving a host copy; no JNI call is made while they are pinned. The same
//! Java array passed for several parameters becomes one device buffer, so aliasing behaves as on
//! the JVM. Results are copied back only when the kernel's status word is 0; otherwise the Java
//! arrays are untouched and the caller reruns the method on the JVM.

use crate::hostmem::{par_copy, pool_give, pool_take, HostCopy};
use crate::registry::Task;
use crate::NativeError;
use ferrocl_jit::{ElemKind, HostExpr, KernelParam, ReduceOp, Stamp};
use ferrocl_runtime::{Access, HostBuffer, HostData, KernelArg, Resident};
use jni::elements::{AutoElementsCritical, ReleaseMode};
use jni::objects::{
    JBooleanArray, JByteArray, JCharArray, JDoubleArray, JFloatArray, JIntArray, JLongArray,
    JObject, JObjectArray, JShortArray,
};
use jni::{jni_sig, jni_str, Env};
use std::sync::Arc;
use std::time::Duration;

/// Status: ran on the device; results are in the Java arrays.
pub(crate) const RAN: i32 = 0;
/// Status: a check failed on the device; nothing was copied back.
pub(crate) const DEVICE_CHECK_FAILED: i32 = 1;
/// Status: a host-side check failed; nothing ran.
pub(crate) const HOST_CHECK_FAILED: i32 = 2;

/// Timings and geometry of a launch.
#[derive(Default)]
pub(crate) struct Stats {
    pub(crate) upload: Duration,
    pub(crate) kernel: Duration,
    pub(crate) download: Duration,
    pub(crate) total: Duration,
    pub(crate) global: Vec<usize>,
    pub(crate) local: Vec<usize>,
}

/// The result of [`launch`].
pub(crate) struct Outcome {
    pub(crate) status: i32,
    pub(crate) stats: Stats,
}

impl Outcome {
    fn status(status: i32) -> Outcome {
        Outcome {
            status,
            stats: Stats::default(),
        }
    }
}

/// A host copy of one Java array.
pub(crate) enum Owned {
    U8(Vec<u8>),
    I8(Vec<i8>),
    U16(Vec<u16>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    I64(Vec<i64>),
    F32(Vec<f32>),
    F64(Vec<f64>),
}

impl Owned {
    pub(crate) fn len(&self) -> usize {
        match self {
            Owned::U8(v) => v.len(),
            Owned::I8(v) => v.len(),
            Owned::U16(v) => v.len(),
            Owned::I16(v) => v.len(),
            Owned::I32(v) => v.len(),
            Owned::I64(v) => v.len(),
            Owned::F32(v) => v.len(),
            Owned::F64(v) => v.len(),
        }
    }

    pub(crate) fn bytes(&self) -> usize {
        let elem = match self {
            Owned::U8(_) | Owned::I8(_) => 1,
            Owned::U16(_) | Owned::I16(_) => 2,
            Owned::I32(_) | Owned::F32(_) => 4,
            Owned::I64(_) | Owned::F64(_) => 8,
        };
        self.len() * elem
    }

    /// The vector's address and byte length.
    pub(crate) fn raw_parts(&mut self) -> (*mut u8, usize) {
        let bytes = self.bytes();
        let ptr: *mut u8 = match self {
            Owned::U8(v) => v.as_mut_ptr(),
            Owned::I8(v) => v.as_mut_ptr().cast(),
            Owned::U16(v) => v.as_mut_ptr().cast(),
            Owned::I16(v) => v.as_mut_ptr().cast(),
            Owned::I32(v) => v.as_mut_ptr().cast(),
            Owned::I64(v) => v.as_mut_ptr().cast(),
            Owned::F32(v) => v.as_mut_ptr().cast(),
            Owned::F64(v) => v.as_mut_ptr().cast(),
        };
        (ptr, bytes)
    }

    pub(crate) fn host_data(&mut self) -> HostData<'_> {
        match self {
            Owned::U8(v) => HostData::U8(v),
            Owned::I8(v) => HostData::I8(v),
            Owned::U16(v) => HostData::U16(v),
            Owned::I16(v) => HostData::I16(v),
            Owned::I32(v) => HostData::I32(v),
            Owned::I64(v) => HostData::I64(v),
            Owned::F32(v) => HostData::F32(v),
            Owned::F64(v) => HostData::F64(v),
        }
    }
}

struct ArrayBuf<'local> {
    object: JObject<'local>,
    elem: ElemKind,
    /// The host copy, for arrays a kernel writes (and boolean arrays); `None`: read in place.
    data: Option<HostCopy>,
    read: bool,
    written: bool,
    /// The device buffer kept for this array between launches, if the schedule keeps it.
    kept: Option<Arc<Resident>>,
}

fn array_class(elem: ElemKind) -> &'static jni::strings::JNIStr {
    match elem {
        ElemKind::Boolean => jni_str!("[Z"),
        ElemKind::Byte => jni_str!("[B"),
        ElemKind::Char => jni_str!("[C"),
        ElemKind::Short => jni_str!("[S"),
        ElemKind::Int => jni_str!("[I"),
        ElemKind::Long => jni_str!("[J"),
        ElemKind::Float => jni_str!("[F"),
        ElemKind::Double => jni_str!("[D"),
    }
}

/// The length of `obj`, a live local reference to a primitive array (any element type: the length
/// does not depend on it).
fn array_len(env: &mut Env<'_>, obj: &JObject<'_>) -> Result<usize, NativeError> {
    // Safety: a fresh view of the same live local reference; no ownership is taken, and only the
    // length is read.
    Ok(unsafe { JIntArray::from_raw(env, obj.as_raw()) }.len(env)?)
}

/// The element type of `obj` when it is a primitive array; `None` for null or anything else.
pub(crate) fn array_elem(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
) -> Result<Option<ElemKind>, NativeError> {
    if obj.is_null() {
        return Ok(None);
    }
    for elem in [
        ElemKind::Boolean,
        ElemKind::Byte,
        ElemKind::Char,
        ElemKind::Short,
        ElemKind::Int,
        ElemKind::Long,
        ElemKind::Float,
        ElemKind::Double,
    ] {
        if env.is_instance_of(obj, array_class(elem))? {
            return Ok(Some(elem));
        }
    }
    Ok(None)
}

/// Copies a Java array of `elem` into a host vector.
pub(crate) fn read_array(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    elem: ElemKind,
) -> Result<HostCopy, NativeError> {
    let raw = obj.as_raw();
    // Safety (all arms): `raw` is a live local reference in this frame, checked by the caller to be
    // an array of exactly this element type; the wrapper does not delete the reference.
    macro_rules! region {
        ($ty:ident, $variant:ident, $zero:expr) => {{
            let array = unsafe { $ty::from_raw(env, raw) };
            let len = array.len(env)?;
            // Every element is overwritten by the copy, so a pooled vector's old contents never show.
            let mut copy = match pool_take(len, |o| matches!(o, Owned::$variant(_))) {
                Some(copy) => copy,
                None => HostCopy::new(Owned::$variant(vec![$zero; len])),
            };
            if let Owned::$variant(v) = &mut copy.data {
                if std::mem::size_of_val(v.as_slice()) < PAR_COPY_BYTES {
                    array.get_region(env, 0, v)?;
                } else {
                    // Safety: read only; no JNI call until the guard drops.
                    let from = unsafe { array.get_elements_critical(env, ReleaseMode::NoCopyBack)? };
                    par_copy(v, &from);
                }
            }
            copy
        }};
    }
    Ok(match elem {
        ElemKind::Boolean => {
            // jboolean is `bool` on the Rust side; the kernel sees bytes 0/1.
            let array = unsafe { JBooleanArray::from_raw(env, raw) };
            let len = array.len(env)?;
            let mut v = vec![false; len];
            array.get_region(env, 0, &mut v)?;
            HostCopy::new(Owned::U8(v.into_iter().map(u8::from).collect()))
        }
        ElemKind::Byte => region!(JByteArray, I8, 0i8),
        ElemKind::Char => region!(JCharArray, U16, 0u16),
        ElemKind::Short => region!(JShortArray, I16, 0i16),
        ElemKind::Int => region!(JIntArray, I32, 0i32),
        ElemKind::Long => region!(JLongArray, I64, 0i64),
        ElemKind::Float => region!(JFloatArray, F32, 0f32),
        ElemKind::Double => region!(JDoubleArray, F64, 0f64),
    })
}

/// Arrays of at least this many bytes are copied on several threads, inside a critical section.
const PAR_COPY_BYTES: usize = 8 << 20;

/// Copies a host vector back into its Java array.
pub(crate) fn write_array(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    data: &Owned,
) -> Result<(), NativeError> {
    let raw = obj.as_raw();
    macro_rules! region {
        ($ty:ident, $v:expr) => {{
            // Safety: as in `read_array`; the element type matches the vector's.
            let array = unsafe { $ty::from_raw(env, raw) };
            if std::mem::size_of_val($v.as_slice()) < PAR_COPY_BYTES {
                array.set_region(env, 0, $v)?;
            } else {
                // Safety: written through the guard only; no JNI call until it drops (and copies
                // back, if the JVM handed out a copy).
                let mut to = unsafe { array.get_elements_critical(env, ReleaseMode::CopyBack)? };
                par_copy(&mut to, $v);
            }
        }};
    }
    match data {
        Owned::U8(v) => {
            let bools: Vec<bool> = v.iter().map(|&b| b != 0).collect();
            // Safety: as in `read_array`.
            let array = unsafe { JBooleanArray::from_raw(env, raw) };
            array.set_region(env, 0, &bools)?;
        }
        Owned::I8(v) => region!(JByteArray, v),
        Owned::U16(v) => region!(JCharArray, v),
        Owned::I16(v) => region!(JShortArray, v),
        Owned::I32(v) => region!(JIntArray, v),
        Owned::I64(v) => region!(JLongArray, v),
        Owned::F32(v) => region!(JFloatArray, v),
        Owned::F64(v) => region!(JDoubleArray, v),
    }
    Ok(())
}

/// A scalar argument read from its boxed form.
#[derive(Clone, Copy)]
enum Scalar {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
}

/// Reads a boxed primitive for a parameter of descriptor `desc`; `None` when it is null or not the
/// box of that type (the JVM would throw while unboxing: let it).
fn read_scalar(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    desc: &str,
) -> Result<Option<Scalar>, NativeError> {
    if obj.is_null() {
        return Ok(None);
    }
    macro_rules! unbox {
        ($class:literal, $sig:literal, $get:ident, $wrap:expr) => {{
            if !env.is_instance_of(obj, jni_str!($class))? {
                return Ok(None);
            }
            let v = env
                .get_field(obj, jni_str!("value"), jni_sig!($sig))?
                .$get()?;
            Some($wrap(v))
        }};
    }
    Ok(match desc {
        "I" => unbox!("java/lang/Integer", "I", i, Scalar::Int),
        "J" => unbox!("java/lang/Long", "J", j, Scalar::Long),
        "F" => unbox!("java/lang/Float", "F", f, Scalar::Float),
        "D" => unbox!("java/lang/Double", "D", d, Scalar::Double),
        "S" => unbox!("java/lang/Short", "S", s, |v: i16| Scalar::Int(i32::from(
            v
        ))),
        "B" => unbox!("java/lang/Byte", "B", b, |v: i8| Scalar::Int(i32::from(v))),
        "C" => unbox!("java/lang/Character", "C", c, |v: u16| Scalar::Int(
            i32::from(v)
        )),
        "Z" => unbox!("java/lang/Boolean", "Z", z, |v: bool| Scalar::Int(
            i32::from(v)
        )),
        _ => None,
    })
}

/// The work-group size for an NDRange of `dims` dimensions: 256 work-items in 1-D, 16×16 in 2-D,
/// 8×8×4 in 3-D, shrunk to the kernel's work-group limit and the device's per-dimension limits, and
/// in 1-D a multiple of the kernel's preferred multiple (the warp or SIMD width).
fn local_size(
    dims: usize,
    kernel_limit: usize,
    preferred: usize,
    item_limits: &[usize],
) -> Vec<usize> {
    let mut local: Vec<usize> = match dims {
        1 => vec![256],
        2 => vec![16, 16],
        _ => vec![8, 8, 4],
    };
    let limit = kernel_limit.max(1);
    while local.iter().product::<usize>() > limit {
        // Halve the largest dimension (the fastest-varying one on ties keeps its size longest).
        let (k, _) = local
            .iter()
            .enumerate()
            .rev()
            .max_by_key(|(_, &v)| v)
            .unwrap_or((0, &1));
        local[k] = (local[k] / 2).max(1);
        if local.iter().all(|&v| v == 1) {
            break;
        }
    }
    for (k, l) in local.iter_mut().enumerate() {
        if let Some(&max) = item_limits.get(k) {
            *l = (*l).min(max.max(1));
        }
    }
    if dims == 1 && preferred > 1 && local[0] >= preferred {
        local[0] -= local[0] % preferred;
    }
    local
}

/// Checks a work-group size the user asked for against the kernel, the device and the NDRange.
fn check_local(
    task: &Task,
    built: &ferrocl_runtime::BuiltKernel,
    ndrange: &[u64],
    requested: &[i32],
    single: bool,
) -> Result<Vec<usize>, NativeError> {
    let name = &task.jit.location;
    let shown = format!("{requested:?}");
    if requested.len() != ndrange.len() {
        return Err(NativeError::ferrocl(format!(
            "{name}: work-group size {shown} has {} dimensions; the kernel's NDRange has {} (one per @Parallel loop, innermost first)",
            requested.len(),
            ndrange.len()
        )));
    }
    if single && requested != [1] {
        return Err(NativeError::ferrocl(format!(
            "{name}: the task has no @Parallel loop and runs as one work-item; its work-group size can only be [1], not {shown}"
        )));
    }
    let local: Vec<usize> = requested.iter().map(|&l| l.max(1) as usize).collect();
    let kernel_limit = built.work_group_size();
    let item_limits = &task.device.info().max_work_item_sizes;
    let total: usize = local.iter().product();
    let per_dim_ok = local
        .iter()
        .enumerate()
        .all(|(d, &l)| item_limits.get(d).is_none_or(|&m| l <= m));
    if total > kernel_limit || !per_dim_ok {
        return Err(NativeError::ferrocl(format!(
            "{name}: work-group size {shown} ({total} work-items) exceeds what {} allows for this kernel: at most {kernel_limit} work-items per group and {item_limits:?} per dimension",
            task.device.info().name
        )));
    }
    Ok(local)
}

/// The running value of one `@Reduce` array on the host: its element 0 before the launch, combined
/// with every kernel's partial results.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ReduceValue {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
}

/// Java's `Math.min` / `Math.max` on floating point: NaN if either is NaN, `-0.0 < 0.0`.
fn java_min_max<T: Copy + PartialOrd>(
    a: T,
    b: T,
    is_nan: fn(T) -> bool,
    sign: fn(T) -> bool,
    min: bool,
) -> T {
    if is_nan(a) {
        return a;
    }
    if is_nan(b) {
        return b;
    }
    if a == b {
        // Equal values differ only for zeros of opposite sign.
        return if sign(a) == min { a } else { b };
    }
    if (a < b) == min {
        a
    } else {
        b
    }
}

impl ReduceValue {
    /// `op(self, other)` with Java's semantics (integers wrap); `-` updates combine by `+`.
    fn combine(self, op: ReduceOp, other: ReduceValue) -> ReduceValue {
        use ReduceValue::*;
        match (self, other) {
            (Int(a), Int(b)) => Int(match op {
                ReduceOp::Add => a.wrapping_add(b),
                ReduceOp::Mul => a.wrapping_mul(b),
                ReduceOp::Min => a.min(b),
                ReduceOp::Max => a.max(b),
            }),
            (Long(a), Long(b)) => Long(match op {
                ReduceOp::Add => a.wrapping_add(b),
                ReduceOp::Mul => a.wrapping_mul(b),
                ReduceOp::Min => a.min(b),
                ReduceOp::Max => a.max(b),
            }),
            (Float(a), Float(b)) => Float(match op {
                ReduceOp::Add => a + b,
                ReduceOp::Mul => a * b,
                ReduceOp::Min | ReduceOp::Max => java_min_max(
                    a,
                    b,
                    f32::is_nan,
                    f32::is_sign_negative,
                    op == ReduceOp::Min,
                ),
            }),
            (Double(a), Double(b)) => Double(match op {
                ReduceOp::Add => a + b,
                ReduceOp::Mul => a * b,
                ReduceOp::Min | ReduceOp::Max => java_min_max(
                    a,
                    b,
                    f64::is_nan,
                    f64::is_sign_negative,
                    op == ReduceOp::Min,
                ),
            }),
            // Kinds never mix: one reduction has one element type.
            (a, _) => a,
        }
    }

    /// Folds `partials` (one per work-group, in group order) into `self`.
    fn fold(self, op: ReduceOp, partials: &Owned) -> ReduceValue {
        let Some(total) = (match partials {
            Owned::I32(v) => v
                .iter()
                .map(|&x| ReduceValue::Int(x))
                .reduce(|a, b| a.combine(op, b)),
            Owned::I64(v) => v
                .iter()
                .map(|&x| ReduceValue::Long(x))
                .reduce(|a, b| a.combine(op, b)),
            Owned::F32(v) => v
                .iter()
                .map(|&x| ReduceValue::Float(x))
                .reduce(|a, b| a.combine(op, b)),
            Owned::F64(v) => v
                .iter()
                .map(|&x| ReduceValue::Double(x))
                .reduce(|a, b| a.combine(op, b)),
            _ => None,
        }) else {
            return self;
        };
        self.combine(op, total)
    }

    /// Reads element 0 of a Java array of `elem`; `None` for an empty array.
    fn read(
        env: &mut Env<'_>,
        obj: &JObject<'_>,
        elem: ElemKind,
    ) -> Result<Option<ReduceValue>, NativeError> {
        let raw = obj.as_raw();
        macro_rules! first {
            ($ty:ident, $zero:expr, $wrap:ident) => {{
                // Safety: a live local reference to an array of this element type (checked by the
                // caller); the wrapper does not delete it.
                let array = unsafe { $ty::from_raw(env, raw) };
                if array.len(env)? == 0 {
                    return Ok(None);
                }
                let mut v = [$zero];
                array.get_region(env, 0, &mut v)?;
                ReduceValue::$wrap(v[0])
            }};
        }
        Ok(Some(match elem {
            ElemKind::Int => first!(JIntArray, 0i32, Int),
            ElemKind::Long => first!(JLongArray, 0i64, Long),
            ElemKind::Float => first!(JFloatArray, 0f32, Float),
            ElemKind::Double => first!(JDoubleArray, 0f64, Double),
            _ => {
                return Err(NativeError::ferrocl(
                    "@Reduce over an unsupported element type",
                ))
            }
        }))
    }

    /// Writes `self` into element 0 of its Java array.
    fn write(self, env: &mut Env<'_>, obj: &JObject<'_>) -> Result<(), NativeError> {
        let raw = obj.as_raw();
        // Safety (all arms): as in `read`; the value's kind is the array's element type.
        match self {
            ReduceValue::Int(x) => {
                unsafe { JIntArray::from_raw(env, raw) }.set_region(env, 0, &[x])?
            }
            ReduceValue::Long(x) => {
                unsafe { JLongArray::from_raw(env, raw) }.set_region(env, 0, &[x])?
            }
            ReduceValue::Float(x) => {
                unsafe { JFloatArray::from_raw(env, raw) }.set_region(env, 0, &[x])?
            }
            ReduceValue::Double(x) => {
                unsafe { JDoubleArray::from_raw(env, raw) }.set_region(env, 0, &[x])?
            }
        }
        Ok(())
    }
}

/// A host vector of `len` elements of `elem` for a reduction's partial results.
fn partials_vec(elem: ElemKind, len: usize) -> Owned {
    match elem {
        ElemKind::Long => Owned::I64(vec![0; len]),
        ElemKind::Float => Owned::F32(vec![0.0; len]),
        ElemKind::Double => Owned::F64(vec![0.0; len]),
        _ => Owned::I32(vec![0; len]),
    }
}

fn elem_bytes(elem: ElemKind) -> usize {
    match elem {
        ElemKind::Boolean | ElemKind::Byte => 1,
        ElemKind::Char | ElemKind::Short => 2,
        ElemKind::Int | ElemKind::Float => 4,
        ElemKind::Long | ElemKind::Double => 8,
    }
}

/// Runs `task` with the Java arguments `args` (receiver first for instance methods).
pub(crate) fn launch<'local>(
    env: &mut Env<'local>,
    task: &Task,
    args: &JObjectArray<'_>,
    requested_local: Option<&[i32]>,
    kept: &[i64],
) -> Result<Outcome, NativeError> {
    let jit = &task.jit;
    if args.is_null() {
        return Err(NativeError::ferrocl("launch without an argument array"));
    }
    // The method's arguments, then the current values of the static fields the kernel reads.
    let statics = jit.static_fields();
    let count = args.len(env)?;
    if count != jit.params.len() + statics.len() {
        return Err(NativeError::ferrocl(format!(
            "{}: {} arguments given, {} expected ({} parameters and {} static fields)",
            jit.location,
            count,
            jit.params.len() + statics.len(),
            jit.params.len(),
            statics.len()
        )));
    }
    let mut objects: Vec<JObject<'local>> = Vec::with_capacity(count);
    for i in 0..count {
        objects.push(args.get_element(env, i)?);
    }

    // Host-side checks: a null array, or an argument of the wrong type, is the JVM's to report.
    for &p in &jit.null_checked {
        if objects[p].is_null() {
            return Ok(Outcome::status(HOST_CHECK_FAILED));
        }
    }
    for (p, info) in jit.params.iter().enumerate() {
        if let Stamp::Array(elem) = info.stamp {
            if !objects[p].is_null() && !env.is_instance_of(&objects[p], array_class(elem))? {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            }
        }
    }

    let scalar = |env: &mut Env<'local>, p: usize| -> Result<Option<Scalar>, NativeError> {
        read_scalar(env, &objects[p], &jit.params[p].descriptor)
    };
    let static_value = |env: &mut Env<'local>,
                        field: &ferrocl_jit::FieldRef|
     -> Result<Option<Scalar>, NativeError> {
        match statics.iter().position(|(f, _)| *f == field) {
            Some(k) => read_scalar(env, &objects[jit.params.len() + k], &field.descriptor),
            None => Ok(None),
        }
    };
    // Leaves of the host expressions (parameters, lengths, static fields), read once.
    let mut wanted: Vec<HostExpr> = Vec::new();
    for d in jit.kernels.iter().flat_map(|k| k.dims.iter()) {
        wanted.extend(d.lower.leaves().into_iter().cloned());
        wanted.extend(d.upper.leaves().into_iter().cloned());
    }
    for kp in jit.kernels.iter().flat_map(|k| k.params.iter()) {
        if let KernelParam::ArrayLength { param } = kp {
            wanted.push(HostExpr::ArrayLength(*param));
        }
    }
    let mut leaf_values: Vec<(HostExpr, Option<i32>)> = Vec::new();
    for e in wanted {
        if leaf_values.iter().any(|(x, _)| *x == e) {
            continue;
        }
        let value = match &e {
            HostExpr::Param(p) => match scalar(env, *p)? {
                Some(Scalar::Int(v)) => Some(v),
                _ => None,
            },
            HostExpr::Static(field) => match static_value(env, field)? {
                Some(Scalar::Int(v)) => Some(v),
                _ => None,
            },
            HostExpr::ArrayLength(p) => {
                let obj = &objects[*p];
                if obj.is_null() {
                    None
                } else {
                    i32::try_from(array_len(env, obj)?).ok()
                }
            }
            _ => None,
        };
        leaf_values.push((e, value));
    }
    let mut lookup = |e: &HostExpr| {
        leaf_values
            .iter()
            .find(|(x, _)| x == e)
            .and_then(|(_, v)| *v)
    };

    // Buffers: one per distinct Java array any kernel uses. Arrays some kernel writes get host copies
    // that live across the task's kernels; the Java arrays get the results only after the last kernel
    // succeeded. Arrays the kernels only read are uploaded straight from the Java heap (below).
    let mut arrays: Vec<ArrayBuf<'local>> = Vec::new();
    let mut param_buffer: Vec<Option<usize>> = vec![None; jit.params.len()];
    for kp in jit.kernels.iter().flat_map(|k| k.params.iter()) {
        let KernelParam::Array {
            param,
            elem,
            read,
            written,
        } = *kp
        else {
            continue;
        };
        let obj = &objects[param];
        let mut found = None;
        for (i, a) in arrays.iter().enumerate() {
            if a.elem == elem && env.is_same_object(&a.object, obj)? {
                found = Some(i);
                break;
            }
        }
        let index = match found {
            Some(i) => {
                arrays[i].read |= read;
                arrays[i].written |= written;
                i
            }
            None => {
                // Safety: a fresh wrapper of the same live local reference (no ownership taken).
                let object = unsafe { JObject::from_raw(env, obj.as_raw()) };
                arrays.push(ArrayBuf {
                    object,
                    elem,
                    data: None,
                    read,
                    written,
                    kept: None,
                });
                arrays.len() - 1
            }
        };
        param_buffer[param] = Some(index);
        // An array the schedule keeps on the device (a non-empty one) binds its kept buffer.
        if let Some(&handle) = kept.get(param).filter(|&&h| h != 0) {
            if arrays[index].kept.is_none() && !obj.is_null() {
                let len = array_len(env, obj)?;
                if len > 0 {
                    let buffer =
                        crate::kept::get(handle)?.buffer(&task.device, len * elem_bytes(elem))?;
                    arrays[index].kept = Some(buffer);
                }
            }
        }
    }

    // @Reduce arrays: their element 0 lives on the host and is combined with each kernel's partial
    // results. An array that is also another argument (aliasing) would be read by the loop while
    // the JVM updates it: the JVM runs such calls.
    struct Reduced<'local> {
        param: usize,
        object: JObject<'local>,
        value: Option<ReduceValue>,
    }
    let mut reduced: Vec<Reduced<'local>> = Vec::new();
    for red in jit.kernels.iter().flat_map(|k| k.reductions.iter()) {
        if reduced.iter().any(|r| r.param == red.param) {
            continue;
        }
        let obj = &objects[red.param];
        if obj.is_null() {
            return Ok(Outcome::status(HOST_CHECK_FAILED));
        }
        for a in &arrays {
            if env.is_same_object(&a.object, obj)? {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            }
        }
        for r in &reduced {
            if env.is_same_object(&r.object, obj)? {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            }
        }
        let value = ReduceValue::read(env, obj, red.elem)?;
        // Safety: a fresh wrapper of the same live local reference (no ownership taken).
        let object = unsafe { JObject::from_raw(env, obj.as_raw()) };
        reduced.push(Reduced {
            param: red.param,
            object,
            value,
        });
    }

    // Every kernel's geometry and arguments, worked out before anything runs (JNI calls end here
    // for the arrays read in place: no JNI call may come while they are pinned).
    let mut plans: Vec<Plan> = Vec::new();
    for (k, (kernel, built)) in jit.kernels.iter().zip(&task.kernels).enumerate() {
        // Each @Parallel loop's first index and trip count, as Java would run it. A bound the host
        // cannot read, or a loop that would not end normally, is the JVM's to run.
        let mut starts = Vec::new();
        let mut counts = Vec::new();
        for d in &kernel.dims {
            let (Some(lo), Some(hi)) = (d.lower.eval(&mut lookup), d.upper.eval(&mut lookup))
            else {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            };
            let Some(count) = d.trip_count(lo, hi) else {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            };
            starts.push(lo);
            counts.push(count);
        }
        if counts.contains(&0) {
            continue;
        }
        // A reduction into an empty array throws on the JVM (the loop runs at least once).
        for red in &kernel.reductions {
            if reduced
                .iter()
                .any(|r| r.param == red.param && r.value.is_none())
            {
                return Ok(Outcome::status(HOST_CHECK_FAILED));
            }
        }
        let (global, local) = geometry(task, kernel, built, &counts, requested_local)?;
        let groups: usize = global.iter().zip(&local).map(|(g, l)| g / l).product();
        let status_index = arrays.len();
        let mut kernel_args = Vec::with_capacity(kernel.params.len());
        for kp in &kernel.params {
            kernel_args.push(match *kp {
                KernelParam::Array { param, .. } => match param_buffer[param] {
                    Some(b) => KernelArg::Buffer(b),
                    None => return Err(NativeError::ferrocl("array buffer missing")),
                },
                KernelParam::ArrayLength { param } => match lookup(&HostExpr::ArrayLength(param)) {
                    Some(len) => KernelArg::Int(len),
                    None => return Ok(Outcome::status(HOST_CHECK_FAILED)),
                },
                KernelParam::Scalar { param, .. } => match scalar(env, param)? {
                    Some(Scalar::Int(v)) => KernelArg::Int(v),
                    Some(Scalar::Long(v)) => KernelArg::Long(v),
                    Some(Scalar::Float(v)) => KernelArg::Float(v),
                    Some(Scalar::Double(v)) => KernelArg::Double(v),
                    None => return Ok(Outcome::status(HOST_CHECK_FAILED)),
                },
                KernelParam::StaticField { ref field, .. } => match static_value(env, field)? {
                    Some(Scalar::Int(v)) => KernelArg::Int(v),
                    Some(Scalar::Long(v)) => KernelArg::Long(v),
                    Some(Scalar::Float(v)) => KernelArg::Float(v),
                    Some(Scalar::Double(v)) => KernelArg::Double(v),
                    None => return Ok(Outcome::status(HOST_CHECK_FAILED)),
                },
                KernelParam::LoopStart { dim } => KernelArg::Int(starts[dim]),
                // Declared `uint` in the kernel: a count may exceed Integer.MAX_VALUE.
                KernelParam::TripCount { dim } => KernelArg::Int(counts[dim] as u32 as i32),
                KernelParam::Status => KernelArg::Buffer(status_index),
                KernelParam::ReducePartials { reduction } => {
                    KernelArg::Buffer(status_index + 1 + reduction)
                }
                KernelParam::ReduceScratch { reduction } => {
                    let elem = kernel
                        .reductions
                        .get(reduction)
                        .map_or(ElemKind::Long, |r| r.elem);
                    KernelArg::Local(local.iter().product::<usize>() * elem_bytes(elem))
                }
            });
        }
        plans.push(Plan {
            kernel: k,
            global,
            local,
            groups,
            args: kernel_args,
        });
    }
    if plans.is_empty() {
        return Ok(Outcome::status(RAN));
    }

    // Host copies of the arrays a kernel writes (and of boolean arrays, which the kernel sees as
    // bytes); the others are read in place.
    for a in arrays.iter_mut() {
        if a.written || a.elem == ElemKind::Boolean {
            a.data = Some(read_array(env, &a.object, a.elem)?);
        }
    }

    // Registrations of Java arrays that died or moved go before anything is pinned.
    crate::hostmem::purge(env)?;
    let (result, fresh) = {
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
        // Pin the read-only arrays: the upload reads the Java heap directly (no host copy). From here
        // until the guards drop, no JNI call is made; the JVM's garbage collector waits meanwhile.
        let mut pinned = pin_all(env, &typed)?;
        let copies = arrays.iter_mut().filter_map(|a| a.data.as_mut());
        let fresh = crate::hostmem::register_launch(&task.device, &pinned, copies);
        (run_plans(task, &plans, &mut arrays, &mut pinned), fresh)
    };
    let objects: Vec<(&JObject<'_>, ElemKind)> =
        arrays.iter().map(|a| (&a.object, a.elem)).collect();
    crate::hostmem::remember(env, &task.device, &fresh, &objects)?;
    // What a kernel wrote to a kept array reaches the Java array only when every check passed;
    // otherwise the device copy no longer matches it.
    if !matches!(result, Ok((0, ..))) {
        for a in arrays.iter().filter(|a| a.written) {
            if let Some(k) = &a.kept {
                k.mark_stale();
            }
        }
    }
    let (status, stats, partials) = result?;
    if status != 0 {
        log::debug!(
            "{}: check {status} failed on the device; the JVM reruns the method",
            jit.location
        );
        return Ok(Outcome {
            status: DEVICE_CHECK_FAILED,
            stats,
        });
    }
    for (plan, kernel_partials) in plans.iter().zip(&partials) {
        let kernel = &jit.kernels[plan.kernel];
        for (red, p) in kernel.reductions.iter().zip(kernel_partials) {
            if let Some(r) = reduced.iter_mut().find(|r| r.param == red.param) {
                r.value = r.value.map(|v| v.fold(red.op, p));
            }
        }
    }
    for a in arrays.iter().filter(|a| a.written) {
        if let Some(data) = &a.data {
            write_array(env, &a.object, &data.data)?;
        }
    }
    for r in &reduced {
        if let Some(v) = r.value {
            v.write(env, &r.object)?;
        }
    }
    for a in arrays {
        if let Some(data) = a.data {
            pool_give(data);
        }
    }
    Ok(Outcome { status: RAN, stats })
}

/// One kernel launch, worked out.
struct Plan {
    /// Index into the task's kernels.
    kernel: usize,
    global: Vec<usize>,
    local: Vec<usize>,
    /// Number of work-groups (the length of each reduction's partials).
    groups: usize,
    args: Vec<KernelArg>,
}

/// A typed view of a Java array that will be pinned.
pub(crate) enum Typed<'local> {
    I8(JByteArray<'local>),
    U16(JCharArray<'local>),
    I16(JShortArray<'local>),
    I32(JIntArray<'local>),
    I64(JLongArray<'local>),
    F32(JFloatArray<'local>),
    F64(JDoubleArray<'local>),
}

/// A pinned Java array (`GetPrimitiveArrayCritical`), released without copy-back when dropped.
pub(crate) enum Pinned<'a, 'local> {
    I8(AutoElementsCritical<'local, i8, &'a JByteArray<'local>>),
    U16(AutoElementsCritical<'local, u16, &'a JCharArray<'local>>),
    I16(AutoElementsCritical<'local, i16, &'a JShortArray<'local>>),
    I32(AutoElementsCritical<'local, i32, &'a JIntArray<'local>>),
    I64(AutoElementsCritical<'local, i64, &'a JLongArray<'local>>),
    F32(AutoElementsCritical<'local, f32, &'a JFloatArray<'local>>),
    F64(AutoElementsCritical<'local, f64, &'a JDoubleArray<'local>>),
}

impl<'local> Typed<'local> {
    /// A typed view of `obj`, a live local reference to an array of `elem` (checked by the caller);
    /// `None` for boolean arrays, which are never pinned (the kernel sees them as bytes).
    pub(crate) fn of(
        env: &Env<'local>,
        obj: &JObject<'_>,
        elem: ElemKind,
    ) -> Option<Typed<'local>> {
        let raw = obj.as_raw();
        // Safety (all arms): a fresh view of a live local reference to an array of exactly this
        // element type; no ownership is taken.
        Some(match elem {
            ElemKind::Byte => Typed::I8(unsafe { JByteArray::from_raw(env, raw) }),
            ElemKind::Char => Typed::U16(unsafe { JCharArray::from_raw(env, raw) }),
            ElemKind::Short => Typed::I16(unsafe { JShortArray::from_raw(env, raw) }),
            ElemKind::Int => Typed::I32(unsafe { JIntArray::from_raw(env, raw) }),
            ElemKind::Long => Typed::I64(unsafe { JLongArray::from_raw(env, raw) }),
            ElemKind::Float => Typed::F32(unsafe { JFloatArray::from_raw(env, raw) }),
            ElemKind::Double => Typed::F64(unsafe { JDoubleArray::from_raw(env, raw) }),
            ElemKind::Boolean => return None,
        })
    }

    pub(crate) fn pin<'a>(&'a self, env: &Env<'_>) -> Result<Pinned<'a, 'local>, NativeError> {
        // Safety: the kernels only read these arrays (no write through the pointer), no JNI call is
        // made while they are pinned, and the guards are dropped before the next JNI call.
        Ok(unsafe {
            match self {
                Typed::I8(a) => Pinned::I8(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?),
                Typed::U16(a) => {
                    Pinned::U16(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
                Typed::I16(a) => {
                    Pinned::I16(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
                Typed::I32(a) => {
                    Pinned::I32(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
                Typed::I64(a) => {
                    Pinned::I64(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
                Typed::F32(a) => {
                    Pinned::F32(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
                Typed::F64(a) => {
                    Pinned::F64(a.get_elements_critical(env, ReleaseMode::NoCopyBack)?)
                }
            }
        })
    }
}

/// Pins every array of `typed` that is there (`None` entries stay unpinned).
pub(crate) fn pin_all<'a, 'local>(
    env: &Env<'_>,
    typed: &'a [Option<Typed<'local>>],
) -> Result<Vec<Option<Pinned<'a, 'local>>>, NativeError> {
    typed
        .iter()
        .map(|t| t.as_ref().map(|t| t.pin(env)).transpose())
        .collect()
}

/// The host slice of one launch array: its host copy, else its pinned Java array.
pub(crate) fn host_slice<'b>(
    copy: &'b mut Option<HostCopy>,
    pinned: &'b mut Option<Pinned<'_, '_>>,
) -> Result<HostData<'b>, NativeError> {
    match (copy, pinned) {
        (Some(d), _) => Ok(d.data.host_data()),
        (None, Some(p)) => Ok(p.host_data()),
        (None, None) => Err(NativeError::ferrocl("array neither copied nor pinned")),
    }
}

impl Pinned<'_, '_> {
    /// The pinned elements' address and byte length.
    pub(crate) fn raw_parts(&self) -> (*mut u8, usize) {
        fn parts<T>(s: &[T]) -> (*mut u8, usize) {
            (s.as_ptr().cast_mut().cast(), std::mem::size_of_val(s))
        }
        match self {
            Pinned::I8(p) => parts(p),
            Pinned::U16(p) => parts(p),
            Pinned::I16(p) => parts(p),
            Pinned::I32(p) => parts(p),
            Pinned::I64(p) => parts(p),
            Pinned::F32(p) => parts(p),
            Pinned::F64(p) => parts(p),
        }
    }

    /// Whether the JVM handed out a copy rather than the array itself.
    pub(crate) fn is_copy(&self) -> bool {
        match self {
            Pinned::I8(p) => p.is_copy(),
            Pinned::U16(p) => p.is_copy(),
            Pinned::I16(p) => p.is_copy(),
            Pinned::I32(p) => p.is_copy(),
            Pinned::I64(p) => p.is_copy(),
            Pinned::F32(p) => p.is_copy(),
            Pinned::F64(p) => p.is_copy(),
        }
    }

    pub(crate) fn host_data(&mut self) -> HostData<'_> {
        match self {
            Pinned::I8(p) => HostData::I8(p),
            Pinned::U16(p) => HostData::U16(p),
            Pinned::I16(p) => HostData::I16(p),
            Pinned::I32(p) => HostData::I32(p),
            Pinned::I64(p) => HostData::I64(p),
            Pinned::F32(p) => HostData::F32(p),
            Pinned::F64(p) => HostData::F64(p),
        }
    }
}

/// Runs the planned kernels in order without any JNI call. Returns the first non-zero status (0 when
/// every kernel passed its checks), the summed timings, and each kernel's reduction partials.
fn run_plans(
    task: &Task,
    plans: &[Plan],
    arrays: &mut [ArrayBuf<'_>],
    pinned: &mut [Option<Pinned<'_, '_>>],
) -> Result<(i32, Stats, Vec<Vec<Owned>>), NativeError> {
    let jit = &task.jit;
    let mut stats = Stats::default();
    let mut all_partials = Vec::with_capacity(plans.len());
    for plan in plans {
        let kernel = &jit.kernels[plan.kernel];
        let built = &task.kernels[plan.kernel];
        let mut status = vec![0i32];
        let mut partials: Vec<Owned> = kernel
            .reductions
            .iter()
            .map(|r| partials_vec(r.elem, plan.groups))
            .collect();
        let times = {
            let mut buffers: Vec<HostBuffer<'_>> =
                Vec::with_capacity(arrays.len() + 1 + partials.len());
            for (a, p) in arrays.iter_mut().zip(pinned.iter_mut()) {
                let access = match (a.read, a.written) {
                    (true, true) => Access::ReadWrite,
                    (false, true) => Access::WriteOnly,
                    _ => Access::ReadOnly,
                };
                let data = host_slice(&mut a.data, p)?;
                // Upload written arrays too: a kernel may write only some elements, and the whole
                // array is copied back. A kept array is uploaded only when its device copy is stale.
                buffers.push(HostBuffer {
                    resident: a.kept.as_deref(),
                    ..HostBuffer::new(data, access)
                });
            }
            buffers.push(HostBuffer::read_write(HostData::I32(&mut status)));
            // Every work-group writes its partial: download only.
            for p in partials.iter_mut() {
                buffers.push(HostBuffer::output(p.host_data()));
            }
            task.device
                .launch(
                    built,
                    &mut buffers,
                    &plan.args,
                    &plan.global,
                    Some(&plan.local),
                )
                .map_err(|e| NativeError::ferrocl(format!("{}: {e}", jit.location)))?
        };
        stats.upload += times.upload;
        stats.kernel += times.kernel;
        stats.download += times.download;
        stats.total += times.total;
        stats.global = plan.global.clone();
        stats.local = plan.local.clone();
        all_partials.push(partials);
        if status[0] != 0 {
            return Ok((status[0], stats, all_partials));
        }
    }
    Ok((0, stats, all_partials))
}

/// The global and work-group sizes of one kernel launch for these trip counts.
fn geometry(
    task: &Task,
    kernel: &ferrocl_jit::Kernel,
    built: &ferrocl_runtime::BuiltKernel,
    counts: &[u64],
    requested_local: Option<&[i32]>,
) -> Result<(Vec<usize>, Vec<usize>), NativeError> {
    let jit = &task.jit;
    let reducing = !kernel.reductions.is_empty();
    // NDRange dimension 0 is the innermost loop.
    let ndrange: Vec<u64> = if counts.is_empty() {
        vec![1]
    } else {
        counts.iter().rev().copied().collect()
    };
    // A method without a @Parallel loop runs as exactly one work-item (its kernel has no guard).
    let mut local = if let Some(req) = requested_local {
        check_local(task, built, &ndrange, req, counts.is_empty())?
    } else if counts.is_empty() {
        vec![1]
    } else {
        local_size(
            ndrange.len(),
            built.work_group_size(),
            built.preferred_multiple(),
            &task.device.info().max_work_item_sizes,
        )
    };
    let scratch_bytes = |local: &[usize]| -> usize {
        let items: usize = local.iter().product();
        kernel
            .reductions
            .iter()
            .map(|r| items * elem_bytes(r.elem))
            .sum()
    };
    if reducing {
        // The work-group tree halves its size each step: every dimension a power of two, and the
        // scratch arrays must fit in local memory next to what the kernel itself uses.
        if requested_local.is_some() {
            if local.iter().any(|l| !l.is_power_of_two()) {
                return Err(NativeError::ferrocl(format!(
                    "{}: a task with @Reduce needs a work-group size whose every dimension is a power of two, not {local:?}",
                    jit.location
                )));
            }
        } else {
            for l in local.iter_mut() {
                *l = 1usize << (*l).max(1).ilog2();
            }
        }
        let available = task
            .device
            .info()
            .local_mem_bytes
            .saturating_sub(built.local_mem_bytes()) as usize;
        while scratch_bytes(&local) > available && local.iter().any(|&l| l > 1) {
            if requested_local.is_some() {
                return Err(NativeError::ferrocl(format!(
                    "{}: work-group size {local:?} needs {} bytes of local memory for its reductions; the device has {available}",
                    jit.location,
                    scratch_bytes(&local)
                )));
            }
            if let Some(l) = local.iter_mut().max() {
                *l /= 2;
            }
        }
    }
    let mut global: Vec<usize> = ndrange
        .iter()
        .zip(&local)
        .map(|(&n, &l)| usize::try_from(n.div_ceil(l as u64) * l as u64).unwrap_or(usize::MAX))
        .collect();
    if reducing {
        // The outermost loop is a grid-stride loop: enough work-groups to fill the device (eight
        // per compute unit), each work-item folding a strided slice of the iterations.
        let outer = global.len() - 1;
        let other_groups: usize = global[..outer]
            .iter()
            .zip(&local)
            .map(|(g, l)| g / l)
            .product();
        let target =
            (task.device.info().compute_units.max(1) as usize * 8).div_ceil(other_groups.max(1));
        let needed = global[outer] / local[outer];
        global[outer] = target.clamp(1, needed.max(1)) * local[outer];
    }
    Ok((global, local))
}
