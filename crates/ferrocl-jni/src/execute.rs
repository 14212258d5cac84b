//! One execution of consecutive device tasks of a schedule (a *segment*): Java arguments in,
//! a transfer plan built by the runtime's policy, the plan's outcome out.
//!
//! This module only marshals: it reads the Java arguments (arrays, boxed scalars), the fields the
//! kernel reads (through JNI, see the `fields` module), evaluates the host expressions the compiler left
//! (bounds, lengths, write-cover proofs), and hands a [`Plan`] to
//! [`Device::execute`](ferrocl_runtime::Device::execute). Which array moves when is the runtime's
//! decision ([`ferrocl_runtime::plan::transfers`]); which device copy is current is the
//! runtime's residency; the work-group sizes are its geometry; reductions fold with its combine.
//!
//! The Java arrays are held with `GetPrimitiveArrayCritical` for the whole execution: uploads read
//! them and downloads write them in place, with no host staging copy; no JNI call is made while
//! they are held. Downloads happen only after every launch's status word said its checks passed,
//! so a failed check leaves every Java array as it was, for the JVM's rerun.

use crate::args::{array_len, elem_bytes, is_array_of, read_scalar, Scalar};
use crate::fields::{self, FieldValue};
use crate::hostmem;
use crate::jvmti;
use crate::registry::{Task, Variant};
use crate::NativeError;
use ferrocl_jit::{Constant, ElemKind, HostExpr, KernelParam, ReduceOp, Stamp};
use ferrocl_runtime::geometry::{self, GeometryLimits, Shape};
use ferrocl_runtime::plan::{self, Arg, Launch, Plan, PlanArray};
use ferrocl_runtime::reduce::{ReduceKind, ReduceValue};
use ferrocl_runtime::{residency, HostData, KernelArg, RuntimeError};
use jni::objects::{
    JBooleanArray, JByteArray, JCharArray, JDoubleArray, JFloatArray, JIntArray, JLongArray,
    JObject, JObjectArray, JShortArray, JValue,
};
use jni::Env;
use std::sync::Arc;
use std::time::Duration;

mod memo;
mod overlap;
pub(crate) use memo::MemoSlot;
pub(crate) use overlap::OverlapMemo;

/// `[plans reused, plans remembered]` since the library loaded (see `memo`).
pub(crate) fn memo_counts() -> [i64; 2] {
    memo::COUNTS
        .each_ref()
        .map(|c| c.load(std::sync::atomic::Ordering::Relaxed) as i64)
}

/// How a task's execution ended, as `dev.ferrocl.api.LaunchStatus` mirrors it.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    /// Ran on the device; results are in the Java arrays.
    Ran = 0,
    /// A check failed on the device; no Java array was touched.
    DeviceCheckFailed = 1,
    /// A host-side check failed before anything ran.
    HostCheckFailed = 2,
    /// Not run: another task of the segment failed a check first.
    NotRun = 3,
}

/// One task of a segment, as Java passes it.
pub(crate) struct Call<'a, 'local> {
    pub(crate) task: Arc<Task>,
    pub(crate) args: &'a JObjectArray<'local>,
    pub(crate) requested_local: Option<Vec<usize>>,
    pub(crate) kept: Vec<i64>,
}

/// What one task's part of an execution did.
#[derive(Default, Debug, Clone)]
pub(crate) struct TaskStats {
    pub(crate) upload: Duration,
    pub(crate) kernel: Duration,
    pub(crate) download: Duration,
    pub(crate) total: Duration,
    pub(crate) bytes_uploaded: u64,
    pub(crate) bytes_downloaded: u64,
    pub(crate) bytes_in_place: u64,
    pub(crate) global: Vec<usize>,
    pub(crate) local: Vec<usize>,
    /// Batches the loop ran in (0: one launch).
    pub(crate) batches: u32,
}

/// The outcome of a segment: its status, the task it concerns (for a failed check), per-task
/// statistics.
pub(crate) struct Outcome {
    pub(crate) status: Status,
    pub(crate) task: usize,
    pub(crate) stats: Vec<TaskStats>,
}

impl Outcome {
    fn ran(tasks: usize) -> Outcome {
        Outcome {
            status: Status::Ran,
            task: 0,
            stats: vec![TaskStats::default(); tasks],
        }
    }

    fn host_check_failed(task: usize, tasks: usize) -> Outcome {
        Outcome {
            status: Status::HostCheckFailed,
            task,
            stats: vec![TaskStats::default(); tasks],
        }
    }
}

/// One distinct Java array of the segment.
struct ArrayRef<'local> {
    object: JObject<'local>,
    /// The task and parameter that first named it (for messages).
    named_by: (Arc<Task>, usize),
    elem: ElemKind,
    len: usize,
    kept: Option<i64>,
    align: usize,
}

impl ArrayRef<'_> {
    /// The Java parameter's name, for messages.
    fn name(&self) -> String {
        let (task, param) = &self.named_by;
        task.jit
            .params
            .get(*param)
            .and_then(|p| p.name.clone())
            .unwrap_or_else(|| format!("argument {param}"))
    }
}

/// One distinct `@Reduce` output of the segment: element 0 lives on the host.
struct Reduced<'local> {
    object: JObject<'local>,
    value: ReduceValue,
    /// The value the method stores into element 0 after the loops, computed once every fold is
    /// done ([`apply_tails`]), its leaves bound ([`bind_tail`]).
    tail: Option<HostExpr>,
}

/// Reads element 0 of a non-empty Java array of `elem`.
fn read_first(
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

/// The value the fold of `red` starts from: the value Java stores into `out[0]` before the loops
/// when the compiler left that store to the host ([`ferrocl_jit::Reduction::start`]), evaluated
/// here, else `first`, the array's element 0. `None` when the value is unavailable (the JVM runs
/// the method).
fn fold_start(
    red: &ferrocl_jit::Reduction,
    first: ReduceValue,
    leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
) -> Option<ReduceValue> {
    let Some(start) = &red.start else {
        return Some(first);
    };
    as_reduce_value(start.value(leaf)?, first)
}

/// `c` as a reduction value of `like`'s kind (`None` for another type).
fn as_reduce_value(c: Constant, like: ReduceValue) -> Option<ReduceValue> {
    Some(match (c, like) {
        (Constant::Int(v), ReduceValue::Int(_)) => ReduceValue::Int(v),
        (Constant::Long(v), ReduceValue::Long(_)) => ReduceValue::Long(v),
        (Constant::Float(v), ReduceValue::Float(_)) => ReduceValue::Float(v),
        (Constant::Double(v), ReduceValue::Double(_)) => ReduceValue::Double(v),
        _ => return None,
    })
}

/// A reduction value as a constant of its type.
fn reduce_constant(v: ReduceValue) -> Constant {
    match v {
        ReduceValue::Int(x) => Constant::Int(x),
        ReduceValue::Long(x) => Constant::Long(x),
        ReduceValue::Float(x) => Constant::Float(x),
        ReduceValue::Double(x) => Constant::Double(x),
    }
}

/// A reduction's tail ([`ferrocl_jit::Reduction::tail`]) with its leaves bound: the parameters,
/// lengths and elements the host read for the task become constants (`leaf`), and a read of a
/// `@Reduce` output's element 0 becomes `HostExpr::Load { param: r, .. }`, `r` the output's index
/// in the execution's `reduced` (`outputs`: the task's `(parameter, index)` pairs). `None` when a
/// leaf is unavailable or an output is not the task's.
fn bind_tail(
    tail: &HostExpr,
    outputs: &[(usize, usize)],
    leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
) -> Option<HostExpr> {
    let mut sub = |e: &HostExpr| bind_tail(e, outputs, leaf).map(Box::new);
    Some(match tail {
        HostExpr::Const(_) | HostExpr::Wide(_) => tail.clone(),
        HostExpr::Binary(op, a, b) => HostExpr::Binary(*op, sub(a)?, sub(b)?),
        HostExpr::Negate(a) => HostExpr::Negate(sub(a)?),
        HostExpr::Compare(c, a, b) => HostExpr::Compare(*c, sub(a)?, sub(b)?),
        HostExpr::Convert(c, a) => HostExpr::Convert(*c, sub(a)?),
        HostExpr::Select(c, a, b) => HostExpr::Select(sub(c)?, sub(a)?, sub(b)?),
        HostExpr::Then(a, b) => HostExpr::Then(sub(a)?, sub(b)?),
        HostExpr::Require(a) => HostExpr::Require(sub(a)?),
        HostExpr::Intrinsic(w, args) => HostExpr::Intrinsic(
            *w,
            args.iter()
                .map(|a| bind_tail(a, outputs, leaf))
                .collect::<Option<_>>()?,
        ),
        HostExpr::Load {
            param,
            elem,
            index,
            when,
        } => match outputs.iter().find(|(p, _)| p == param) {
            Some(&(_, r)) => HostExpr::Load {
                param: r,
                elem: *elem,
                index: index.clone(),
                when: when.clone(),
            },
            None => host_constant(leaf(tail)?)?,
        },
        other => host_constant(leaf(other)?)?,
    })
}

/// A constant as a host expression.
fn host_constant(c: Constant) -> Option<HostExpr> {
    match c {
        Constant::Int(v) => Some(HostExpr::Const(v)),
        c => ferrocl_jit::WideConst::of(c).map(HostExpr::Wide),
    }
}

/// Binds the tails of task `t`'s outputs into `reduced` (`owners[i]`: the `(task, parameter)` that
/// made `reduced[i]`). `false` when one cannot be: an output another task reduces too (its value
/// after this task's loops is not the last one), or a leaf the host does not have; the JVM runs
/// the call then.
fn bind_task_tails(
    reduced: &mut [Reduced<'_>],
    owners: &[(usize, usize)],
    t: usize,
    jit: &ferrocl_jit::CompiledKernel,
    leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
) -> bool {
    let outputs: Vec<(usize, usize)> = owners
        .iter()
        .enumerate()
        .filter(|(_, (owner, _))| *owner == t)
        .map(|(i, &(_, p))| (p, i))
        .collect();
    for red in jit.kernels.iter().flat_map(|k| k.reductions.iter()) {
        let Some(tail) = &red.tail else {
            continue;
        };
        let Some(&(_, i)) = outputs.iter().find(|(p, _)| *p == red.param) else {
            return false;
        };
        match bind_tail(tail, &outputs, leaf) {
            Some(bound) => reduced[i].tail = Some(bound),
            None => return false,
        }
    }
    true
}

/// Gives each output with a tail its last value, computed from every output's folded value.
fn apply_tails(reduced: &mut [Reduced<'_>]) -> Result<(), NativeError> {
    let folded: Vec<ReduceValue> = reduced.iter().map(|r| r.value).collect();
    for r in reduced.iter_mut() {
        let Some(tail) = &r.tail else {
            continue;
        };
        let value = tail.value(&mut |e| match e {
            HostExpr::Load { param, .. } => folded.get(*param).map(|v| reduce_constant(*v)),
            _ => None,
        });
        r.value = value
            .and_then(|c| as_reduce_value(c, r.value))
            .ok_or_else(|| {
                NativeError::ferrocl("the value of a @Reduce output after its loops is unknown")
            })?;
    }
    Ok(())
}

/// Writes `value` into element 0 of its Java array.
fn write_first(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    value: ReduceValue,
) -> Result<(), NativeError> {
    let raw = obj.as_raw();
    // Safety (all arms): as in `read_first`; the value's kind is the array's element type.
    match value {
        ReduceValue::Int(x) => unsafe { JIntArray::from_raw(env, raw) }.set_region(env, 0, &[x])?,
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

/// Java arrays held with `GetPrimitiveArrayCritical`, released when dropped (written back when
/// `commit` is set and the JVM handed out a copy; discarded otherwise).
pub(crate) struct Criticals {
    env: *mut jni::sys::JNIEnv,
    held: Vec<Critical>,
    /// Write back arrays the JVM handed out as copies (set once every check passed).
    pub(crate) commit: bool,
}

struct Critical {
    array: jni::sys::jarray,
    ptr: *mut std::ffi::c_void,
    bytes: usize,
    elem: ElemKind,
    is_copy: bool,
    written: bool,
}

impl Criticals {
    /// Holds `arrays` (live local references) in order. No JNI call may be made until dropped.
    ///
    /// # Safety
    ///
    /// `env` is the current thread's JNI environment, and the caller makes no other JNI call while
    /// the returned value lives.
    pub(crate) unsafe fn hold(
        env: *mut jni::sys::JNIEnv,
        arrays: &[(&JObject<'_>, ElemKind, usize, bool)],
    ) -> Result<Criticals, NativeError> {
        let mut out = Criticals {
            env,
            held: Vec::with_capacity(arrays.len()),
            commit: false,
        };
        for &(obj, elem, len, written) in arrays {
            let mut is_copy: jni::sys::jboolean = false;
            // SAFETY: `env` is valid for this thread; `obj` is a live reference to a primitive
            // array; critical regions may nest.
            let ptr = unsafe {
                let interface = *env;
                ((*interface).v1_2.GetPrimitiveArrayCritical)(env, obj.as_raw(), &mut is_copy)
            };
            if ptr.is_null() {
                return Err(NativeError::ferrocl(
                    "GetPrimitiveArrayCritical failed (out of memory)",
                ));
            }
            out.held.push(Critical {
                array: obj.as_raw(),
                ptr,
                bytes: len * elem_bytes(elem),
                elem,
                is_copy,
                written,
            });
        }
        Ok(out)
    }

    /// Host slices over the held arrays, in order.
    pub(crate) fn slices(&mut self) -> Vec<HostData<'_>> {
        self.held
            .iter()
            .map(|c| {
                let n = c.bytes / elem_bytes(c.elem);
                // SAFETY: the JVM keeps the elements at `ptr` (n elements of this type) valid and
                // unmoved until they are released in `drop`, which needs `&mut self`, so these
                // borrows end first; Java's primitive types have Rust's layouts.
                unsafe {
                    match c.elem {
                        ElemKind::Boolean => {
                            HostData::U8(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Byte => {
                            HostData::I8(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Char => {
                            HostData::U16(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Short => {
                            HostData::I16(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Int => {
                            HostData::I32(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Long => {
                            HostData::I64(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Float => {
                            HostData::F32(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                        ElemKind::Double => {
                            HostData::F64(std::slice::from_raw_parts_mut(c.ptr.cast(), n))
                        }
                    }
                }
            })
            .collect()
    }

    /// `(address, bytes, is_copy)` of each held array, for host registration.
    pub(crate) fn ranges(&self) -> Vec<(*mut u8, usize, bool)> {
        self.held
            .iter()
            .map(|c| (c.ptr.cast(), c.bytes, c.is_copy))
            .collect()
    }
}

impl Drop for Criticals {
    fn drop(&mut self) {
        for c in self.held.drain(..).rev() {
            let mode = if self.commit && c.written {
                0
            } else {
                jni::sys::JNI_ABORT
            };
            // SAFETY: releases exactly what `hold` obtained, on the same thread.
            unsafe {
                let interface = *self.env;
                ((*interface).v1_2.ReleasePrimitiveArrayCritical)(self.env, c.array, c.ptr, mode);
            }
        }
    }
}

/// Per-task facts gathered before the plan: argument objects and leaf values.
struct Prepared<'local, 't> {
    /// Per parameter (field paths included): the object (null for a primitive).
    objects: Vec<JObject<'local>>,
    /// Per parameter: its value when it is a primitive (`None`: unreadable, the JVM runs the task).
    scalars: Vec<Option<Scalar>>,
    /// Each static field the kernels read, with its current value.
    statics: Vec<(&'t ferrocl_jit::FieldRef, Option<Scalar>)>,
    /// Each leaf of the host expressions (parameters of every primitive type, lengths, static
    /// fields, elements read before the loops) with its value.
    leaves: Vec<(HostExpr, Option<Constant>)>,
    /// The array parameters whose elements `leaves` holds (read from the Java arrays at
    /// preparation: stale where an earlier task of the segment uses the array).
    element_reads: Vec<usize>,
    /// In the repetition being planned of the loop around the `@Parallel` loops: its counter's
    /// value ([`HostExpr::Repeat`]) and the repetition's number from 0
    /// ([`HostExpr::RepeatCount`]); `None` outside the repeated kernels.
    repeat: std::cell::Cell<Option<(i32, i32)>>,
}

impl Prepared<'_, '_> {
    /// The current value of a static field the kernel reads.
    fn static_value(&self, field: &ferrocl_jit::FieldRef) -> Option<Scalar> {
        self.statics
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, v)| *v)
    }

    /// An element read before the loops ([`KernelParam::HostLoad`]), as `prepare` read it: its value,
    /// 0 where Java does not read it, `None` where the host cannot give it.
    fn element(
        &self,
        param: usize,
        elem: ElemKind,
        index: &HostExpr,
        when: &HostExpr,
    ) -> Option<Constant> {
        self.leaves.iter().find_map(|(e, v)| match e {
            HostExpr::Load {
                param: p,
                elem: k,
                index: i,
                when: w,
            } if *p == param && *k == elem && **i == *index && **w == *when => *v,
            _ => None,
        })
    }

    fn leaf(&self, e: &HostExpr) -> Option<Constant> {
        match e {
            HostExpr::Repeat => return self.repeat.get().map(|(v, _)| Constant::Int(v)),
            HostExpr::RepeatCount => return self.repeat.get().map(|(_, k)| Constant::Int(k)),
            _ => {}
        }
        self.leaves
            .iter()
            .find(|(x, _)| x == e)
            .and_then(|(_, v)| *v)
    }
}

/// A segment's plan and what the host needs around it.
struct Built<'local, 'k> {
    arrays: Vec<ArrayRef<'local>>,
    reduced: Vec<Reduced<'local>>,
    plan: Plan<'k>,
    /// Per launch: (reduction's index into `reduced`, operator) for each partials buffer.
    launch_reductions: Vec<Vec<(usize, ReduceOp)>>,
    /// The outermost `@Parallel` loop of the segment's only launch, when there is exactly one:
    /// its trip count and the iterations one work-group (and tile) covers along it.
    outer: Option<(u64, u64)>,
    /// Per plan array, for a launch over part of the outermost loop: the bytes it can write
    /// (`None`: not written; `Some(None)`: not known).
    spans: Vec<Option<Option<(usize, usize)>>>,
    /// As `spans`, the bytes it can read.
    read_spans: Vec<Option<Option<(usize, usize)>>>,
    /// Plan arrays whose elements the host reads before the loops (bounds, values, copy sources).
    host_reads: Vec<usize>,
    /// The remembered plan whose inputs are exactly this one's (it was recalled, or remembered
    /// when built), if any: what is derived from the same inputs may be remembered with it.
    memo: Option<Arc<memo::PlanMemo>>,
}

impl<'local> Built<'local, '_> {
    /// The plan's Java arrays as the executor's host lends them: `(array, element type, length)`.
    fn held(&self) -> Vec<(&JObject<'local>, ElemKind, usize)> {
        self.arrays
            .iter()
            .map(|a| (&a.object, a.elem, a.len))
            .collect()
    }

    /// Whether the launch both reads and writes plan array `i` (an in-place update), or writes it
    /// and the host reads elements of it before the loops: either way, a JVM rerunning the method
    /// after some batches landed would read their results.
    fn in_place(&self, i: usize) -> bool {
        let known = |s: &[Option<Option<(usize, usize)>>]| s.get(i).is_some_and(Option::is_some);
        known(&self.spans) && (known(&self.read_spans) || self.host_reads.contains(&i))
    }

    /// Marks the device copies of the kept arrays the plan writes out of date (the host's values
    /// changed without them).
    fn mark_written_kept_stale(&self) {
        for (a, p) in self.arrays.iter().zip(&self.plan.arrays) {
            if let (Some(handle), true) = (a.kept, p.transfer.download) {
                residency::mark_stale(handle);
            }
        }
    }
}

/// What [`build`] gives: a plan, or the outcome when none is needed.
enum Building<'local, 'k> {
    Plan(Box<Built<'local, 'k>>),
    Done(Outcome),
}

/// Runs `calls` (consecutive tasks of one schedule, compiled for one device) as one plan;
/// `profile` times every command on the device (else kernel times are host waits).
pub(crate) fn execute<'local>(
    env: &mut Env<'local>,
    calls: &[Call<'_, 'local>],
    profile: bool,
    in_place: bool,
    timeout: Option<Duration>,
    batch: Option<u64>,
    stream: bool,
) -> Result<Outcome, NativeError> {
    let phases = Phases::start();
    let built = match build(env, calls, profile, None, batch.is_none(), false)? {
        Building::Plan(b) => b,
        Building::Done(o) => return Ok(o),
    };
    let Some(device) = calls.first().map(|c| Arc::clone(&c.task.device)) else {
        return Ok(Outcome::ran(0));
    };
    let (oversized, crowded) = too_large(&device, &built.plan);
    // Repetitions of a loop around @Parallel loops (a stencil's steps) read across any cut of
    // the outermost loop: they run as one launch each, never in batches or streamed windows.
    let repeats = calls
        .iter()
        .any(|c| c.task.jit.kernels.iter().any(|k| k.repeat.is_some()));
    if repeats && oversized {
        return Err(NativeError::ferrocl(format!(
            "{}: the arrays do not fit the device, and the repeated launches of a loop around \
             the @Parallel loops cannot run in batches",
            calls[0].task.jit.location
        )));
    }
    if repeats {
        // One launch each (below).
    } else if batch.is_some() || oversized || crowded {
        match execute_batched(env, calls, profile, timeout, &built, batch)? {
            Batched::Ran(outcome) => return Ok(outcome),
            Batched::Cannot(why) if oversized => return Err(NativeError::ferrocl(why)),
            // Batches were asked for, or the arrays fill the device: one launch tries.
            Batched::Cannot(why) => {
                log::debug!("{why}; it runs as one launch");
                if batch.is_some() {
                    // Built without the kept arrays' device copies: those it writes are out of date.
                    built.mark_written_kept_stale();
                }
            }
        }
    } else if let Some(window) = stream
        .then(|| stream_window(&device, calls, &built))
        .flatten()
    {
        match execute_batched(env, calls, profile, timeout, &built, Some(window))? {
            Batched::Ran(outcome) => return Ok(outcome),
            Batched::Cannot(why) => {
                log::debug!("{why}; it runs as one launch from now on");
                if let Some(call) = calls.first() {
                    call.task
                        .stream_refused
                        .store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
    }
    // On a device that works in host memory, the same work as last time, if that was short, runs
    // on the Java arrays in place; on a GPU, work that moves enough may overlap its transfers with
    // its kernels (the key is for the whole segment, led by its first task). Only those need the
    // key.
    let leader = &calls[0].task;
    let unified = device.info().unified_memory;
    let force = overlap::setting() == overlap::Setting::Force;
    let big = !unified
        && built.plan.moved_bytes() >= ferrocl_runtime::overlap::OVERLAP_FROM_BYTES
        && !leader
            .overlap_refused
            .load(std::sync::atomic::Ordering::Relaxed);
    let key = if unified || big {
        built.plan.work_key()
    } else {
        0
    };
    let last = if unified {
        *leader
            .last_work
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    } else {
        None
    };
    if !repeats && (big || force) {
        if let Some(m) = overlap::batches(calls, &built, profile, timeout, key) {
            match overlap::execute_overlapped(env, calls, &built, m, key)? {
                Batched::Ran(outcome) => {
                    phases.mark(0);
                    return Ok(outcome);
                }
                Batched::Cannot(why) => {
                    log::debug!("{why}; it runs as one launch from now on");
                    leader
                        .overlap_refused
                        .store(true, std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
    }
    phases.mark(0);
    let held = built.held();
    let kept = built.plan.arrays.iter().any(|a| a.resident.is_some());
    let in_place = in_place
        && plan::hold_in_place(
            unified,
            timeout.is_some(),
            kept,
            last,
            key,
            crate::in_place_budget(),
        );
    let executed = if in_place {
        run_in_place(env, &device, &built.plan, &held)?
    } else {
        run_held(env, &device, &built.plan, &held, timeout)?
    };
    // Only a run that did all its work times it (a failed check may end a kernel early).
    if let (true, Ok(e)) = (big, &executed) {
        if e.failed.is_none() && !e.discarded {
            let total = e.times.last().map_or(e.waited, |t| t.total);
            ferrocl_runtime::overlap::ran_single(
                &mut leader
                    .overlap_history
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
                key,
                e.waited,
                total,
            );
        }
    }
    if let (true, Ok(e)) = (unified, &executed) {
        if e.failed.is_none() && !e.discarded {
            *leader
                .last_work
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some((key, e.waited));
        }
    }
    phases.mark(1);
    let location = &calls[0].task.jit.location;
    let executed = executed.map_err(|e| {
        if in_place {
            // The kernel may have run before the failure: in place, its results are then in the
            // arrays it writes (see `run_in_place`).
            runtime_error(
                &format!(
                    "{location} (in place: arrays a kernel writes may hold its results, as the JVM \
                     computes them)"
                ),
                e,
            )
        } else {
            runtime_error(&location.to_string(), e)
        }
    })?;
    let outcome = conclude(env, calls, *built, &[executed])?;
    phases.mark(2);
    phases.report();
    Ok(outcome)
}

/// Builds the plan of `calls`; `chunk`: only iterations `[first, first + count)` of the single
/// launch's outermost loop (a device's share of a split execution, or one batch; kept arrays are
/// then ignored); `keep`: bind kept arrays to their device copies; `windowed`: with a chunk, the
/// device buffers hold only what the chunk moves (the kernels for windows, see
/// `ferrocl_jit::Windowed`; arrays whose accesses the host cannot bound stay whole).
fn build<'local, 'k>(
    env: &mut Env<'local>,
    calls: &'k [Call<'_, 'local>],
    profile: bool,
    chunk: Option<(u64, u64)>,
    keep: bool,
    windowed: bool,
) -> Result<Building<'local, 'k>, NativeError> {
    let windowed = windowed && chunk.is_some();
    let tasks = calls.len();
    let Some(device) = calls.first().map(|c| Arc::clone(&c.task.device)) else {
        return Ok(Building::Done(Outcome::ran(0)));
    };
    if calls.iter().any(|c| !Arc::ptr_eq(&c.task.device, &device)) {
        return Err(NativeError::ferrocl(
            "the tasks of one execution were compiled for different devices",
        ));
    }
    let mut outer: Option<(u64, u64)> = None;
    let mut spans: Vec<Option<Option<(usize, usize)>>> = Vec::new();
    let mut read_spans: Vec<Option<Option<(usize, usize)>>> = Vec::new();
    // Plan arrays whose elements the host reads before the loops (bounds, values, copy sources).
    let mut host_reads: Vec<usize> = Vec::new();

    let mut arrays: Vec<ArrayRef<'local>> = Vec::new();
    let mut reduced: Vec<Reduced<'local>> = Vec::new();
    let mut plan = Plan {
        profile,
        ..Plan::default()
    };
    // Per launch: which task, and how it uses each plan array (reads, writes, writes all).
    let mut launch_access: Vec<Vec<plan::Use>> = Vec::new();
    // Per launch: (reduction's index into `reduced`, operator) for each partials buffer.
    let mut launch_reductions: Vec<Vec<(usize, ReduceOp)>> = Vec::new();

    // The plan of the last execution, where everything it was computed from is the same: every
    // task's arguments and leaf values are read first, in order, to compare them. (Only where a
    // plan of these tasks is remembered; otherwise each task is prepared when the plan reaches it,
    // after the checks of the tasks before it, as without a memo.)
    let memoable = chunk.is_none() && !windowed;
    let mut preps: Vec<Prepared<'local, 'k>> = Vec::with_capacity(tasks);
    // The task that could not be prepared: the plan reaches it only if the tasks before it pass.
    let mut unprepared = None;
    let remembered = memoable
        .then(|| memo::remembered(calls, profile, keep))
        .flatten();
    if let Some(remembered) = &remembered {
        for call in calls {
            match prepare(env, &call.task, call.args)? {
                Some(prepared) => preps.push(prepared),
                None => {
                    unprepared = Some(preps.len());
                    break;
                }
            }
        }
        if unprepared.is_none() {
            if let Some(recalled) = memo::recall(env, calls, &preps, remembered, profile)? {
                return Ok(recalled);
            }
        }
    }
    let mut origins = memo::Origins::default();

    for (t, call) in calls.iter().enumerate() {
        let task = &call.task;
        let jit = &task.jit;
        if unprepared == Some(t) {
            return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
        }
        if preps.len() == t {
            let Some(prepared) = prepare(env, task, call.args)? else {
                return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
            };
            preps.push(prepared);
        }
        let prepared = &preps[t];
        let objects = &prepared.objects;
        // Elements read before the loops (kernel arguments, bounds, other elements' indices) from an
        // array an earlier task of the segment writes or reduces into (`launch_access` and `reduced`
        // so far): what the host read may not be what Java reads after that task. The JVM runs
        // this one. (An array the earlier tasks only read is read alike by both: a matrix's table
        // above all, which no kernel writes, for `i < m.length`.)
        let written: Vec<usize> = launch_access
            .iter()
            .flatten()
            .filter(|u| u.writes)
            .map(|u| u.array)
            .collect();
        for &p in &prepared.element_reads {
            for other in arrays
                .iter()
                .enumerate()
                .filter(|(i, _)| written.contains(i))
                .map(|(_, a)| &a.object)
                .chain(reduced.iter().map(|r| &r.object))
            {
                if env.is_same_object(other, &objects[p])? {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
            }
        }

        // Arrays: one per distinct Java array of the whole segment.
        let mut param_array: Vec<Option<usize>> = vec![None; jit.params.len()];
        for kp in jit.kernels.iter().flat_map(|k| k.params.iter()) {
            let KernelParam::Array { param, elem, .. } = *kp else {
                continue;
            };
            if param_array[param].is_some() {
                continue;
            }
            let obj = &objects[param];
            let mut found = None;
            for (i, a) in arrays.iter().enumerate() {
                if env.is_same_object(&a.object, obj)? {
                    found = Some(i);
                    break;
                }
            }
            let index = match found {
                Some(i) if arrays[i].elem == elem => i,
                // The same object as an array of another type cannot happen in Java.
                Some(_) => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                None => {
                    let len = array_len(env, obj)?;
                    // Safety: a fresh wrapper of the same live local reference (no ownership).
                    let object = unsafe { JObject::from_raw(env, obj.as_raw()) };
                    origins.arrays.push((t, param));
                    arrays.push(ArrayRef {
                        object,
                        named_by: (Arc::clone(task), param),
                        elem,
                        len,
                        kept: None,
                        align: elem_bytes(elem),
                    });
                    arrays.len() - 1
                }
            };
            param_array[param] = Some(index);
            if let Some(&handle) = call.kept.get(param).filter(|&&h| h != 0) {
                arrays[index].kept.get_or_insert(handle);
            }
        }
        for &p in &prepared.element_reads {
            if let Some(&Some(a)) = param_array.get(p) {
                if !host_reads.contains(&a) {
                    host_reads.push(a);
                }
            }
        }

        // @Reduce outputs: element 0 stays on the host. One that is also an array the kernels
        // use (aliasing) would be read while the JVM updates it: the JVM runs such calls.
        // (param, index into `reduced`) of each output of this task.
        let mut task_reduced: Vec<(usize, usize)> = Vec::new();
        // (kernel, index into `reduced`, operation) of each reduction of this task, a param reduced
        // in several kernels once per kernel.
        let mut task_ops: Vec<(usize, usize, ReduceOp)> = Vec::new();
        let reductions = jit
            .kernels
            .iter()
            .enumerate()
            .flat_map(|(k, kernel)| kernel.reductions.iter().map(move |r| (k, r)));
        for (kernel, red) in reductions {
            if let Some(&(_, index)) = task_reduced.iter().find(|(p, _)| *p == red.param) {
                task_ops.push((kernel, index, red.op));
                continue;
            }
            let obj = &objects[red.param];
            for a in &arrays {
                if env.is_same_object(&a.object, obj)? {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
            }
            let mut found = None;
            for (i, r) in reduced.iter().enumerate() {
                if env.is_same_object(&r.object, obj)? {
                    found = Some(i);
                }
            }
            // Whether a bound tail reads the folded value of `reduced[i]`.
            let reads = |tail: &HostExpr, i: usize| {
                tail.leaves()
                    .iter()
                    .any(|l| matches!(l, HostExpr::Load { param, .. } if *param == i))
            };
            let index = match found {
                // An output an earlier task of the segment reduces too, which this task's method
                // sets before its loops, or the earlier one after its loops, or whose folded value
                // an earlier task's code after its loops reads: its fold would have to restart, or
                // a tail run, between the two tasks' launches. The JVM runs the call.
                Some(i)
                    if red.start.is_some()
                        || reduced[i].tail.is_some()
                        || reduced
                            .iter()
                            .any(|r| r.tail.as_ref().is_some_and(|t| reads(t, i))) =>
                {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
                Some(i) => i,
                None => {
                    // A reduction into an empty array throws on the JVM (the loop runs at least
                    // once, and so does a store into element 0 before it); so does a null one
                    // (checked in `prepare`).
                    let Some(first) = read_first(env, obj, red.elem)? else {
                        return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                    };
                    let Some(value) = fold_start(red, first, &mut |e| prepared.leaf(e)) else {
                        return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                    };
                    // An element the host reads before the loops (or copies for the method) of
                    // an array that is this output: Java reads it after its store of the start,
                    // the host read it before.
                    if red.start.is_some() {
                        for &p in &prepared.element_reads {
                            if env.is_same_object(&objects[p], obj)? {
                                return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                            }
                        }
                    }
                    // Safety: a fresh wrapper of the same live local reference.
                    let object = unsafe { JObject::from_raw(env, obj.as_raw()) };
                    origins.reduced.push((t, red.param));
                    reduced.push(Reduced {
                        object,
                        value,
                        tail: None,
                    });
                    reduced.len() - 1
                }
            };
            // One array as two outputs of one loop with different operations (`s[0] += a[i];
            // m[0] = max(m[0], a[i])` with s == m): Java interleaves the updates, which one value
            // per operation cannot; the JVM runs the call. (The same operation twice folds alike.)
            if task_ops
                .iter()
                .any(|&(k, i, op)| k == kernel && i == index && op != red.op)
            {
                return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
            }
            task_ops.push((kernel, index, red.op));
            task_reduced.push((red.param, index));
        }
        if !bind_task_tails(&mut reduced, &origins.reduced, t, jit, &mut |e| {
            prepared.leaf(e)
        }) {
            return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
        }
        // An array of the segment that is also a @Reduce output of the segment (in either order).
        for r in &reduced {
            for a in &arrays {
                if env.is_same_object(&a.object, &r.object)? {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
            }
        }

        let windows: Option<&'k [Arc<ferrocl_runtime::BuiltKernel>]> = if windowed {
            Some(windowed_kernels(task)?)
        } else {
            None
        };
        // The kernels in launch order: the repeated ones once per value of the counter of the
        // loop around them.
        let Some(order) = launch_order(jit, prepared, chunk.is_some()) else {
            return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
        };
        // The repetitions of a kernel share the status word of its first launch that has one.
        let mut first_status: Vec<(usize, usize)> = Vec::new();
        for LaunchSlot {
            kernel: k,
            repetition,
            runs,
        } in order
        {
            let kernel = &jit.kernels[k];
            prepared.repeat.set(repetition);
            // Code under branches runs only where Java's branches lead to it.
            if let Some(when) = &kernel.when {
                match when.eval(&mut |e: &HostExpr| prepared.leaf(e)) {
                    Some(0) => continue,
                    Some(_) => {}
                    None => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                }
            }
            let kernel_params = if windowed {
                &kernel.windowed.params
            } else {
                &kernel.params
            };
            if !runs {
                // A loop around the @Parallel loops that makes no step: Java still makes the checks
                // before it (its first loop's start holds those of the code before the loops), and
                // reads the elements and divides where the code before the loops does.
                let lookup = &mut |e: &HostExpr| prepared.leaf(e);
                let checked = kernel
                    .dims
                    .first()
                    .is_none_or(|d| d.lower.eval(lookup).is_some())
                    && made_before_loops(prepared, kernel_params);
                if !checked {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
                continue;
            }
            // Each @Parallel loop's first index and trip count, as Java would run it.
            let mut starts = Vec::new();
            let mut counts = Vec::new();
            for d in &kernel.dims {
                let lookup = &mut |e: &HostExpr| prepared.leaf(e);
                let (Some(lo), Some(hi)) = (d.lower.eval(lookup), d.upper_value(lookup)) else {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                };
                let Some(count) = d.trip_count(lo, hi) else {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                };
                starts.push(lo);
                counts.push(count);
                if count == 0 {
                    // Java never evaluates the bounds of loops inside a loop that runs no
                    // iteration (a zero divisor there throws nothing).
                    break;
                }
            }
            if counts.contains(&0) {
                // An empty nest launches nothing (also in a share or a batch of the other nest).
                // But Java still reads the elements before the loops, and throws where one is
                // out of bounds.
                // And divides where it does, and throws where a divisor is zero.
                if !made_before_loops(prepared, kernel_params) {
                    return Ok(Building::Done(Outcome::host_check_failed(t, tasks)));
                }
                continue;
            }
            if let (Some((first, n)), Some(d0)) = (chunk, kernel.dims.first()) {
                // A device's share of the outermost loop: its iterations [first, first + n).
                let start = i64::try_from(first)
                    .ok()
                    .and_then(|f| f.checked_mul(i64::from(d0.step)))
                    .and_then(|o| o.checked_add(i64::from(starts[0])))
                    .and_then(|s| i32::try_from(s).ok());
                let (Some(start), true) = (start, first.saturating_add(n) <= counts[0]) else {
                    return Err(NativeError::ferrocl(
                        "a device's share lies outside the loop it splits",
                    ));
                };
                starts[0] = start;
                counts[0] = n;
            }
            if counts.contains(&0) {
                continue;
            }
            // The kernel for windows of the arrays (built as its source says), or the variant this
            // launch may use (see `ferrocl_jit::Variants`), with a tiled kernel's points per
            // work-item chosen for this launch's size (`geometry::tile_micro`).
            let mut micro = None;
            let built = match windows {
                Some(windows) => windows
                    .get(k)
                    .ok_or_else(|| NativeError::ferrocl("windowed kernel missing"))?,
                None => {
                    let (restrict, constant) =
                        launch_variant(&device, kernel, &param_array, &arrays);
                    micro = tiled_micro(kernel, &counts, device.info().compute_units);
                    let variant = Variant {
                        restrict,
                        constant,
                        micro,
                    };
                    origins.kernels.push((t, k, variant));
                    task.kernel_variant(k, variant)?
                }
            };
            // Each loop's (first index, trip count, step), for the host-side proofs.
            let loop_ranges: Vec<(i32, u64, i32)> = kernel
                .dims
                .iter()
                .zip(starts.iter().zip(&counts))
                .map(|(d, (&s, &c))| (s, c, d.step))
                .collect();
            let reducing = !kernel.reductions.is_empty();
            let per_item: usize = kernel.reductions.iter().map(|r| elem_bytes(r.elem)).sum();
            // A tiled kernel's work-item computes `coarsen` points along each loop (`micro` when
            // the launch chose other points per work-item).
            let points = |own: u32| u64::from(micro.unwrap_or(own).max(1));
            let mut ndrange: Vec<u64> = counts
                .iter()
                .zip(&kernel.coarsen)
                .rev()
                .map(|(&c, &per)| c.div_ceil(points(per)))
                .collect();
            // Idle work-items some kernels number their iterations around (`Kernel::pad_items`).
            if let Some(d0) = ndrange.first_mut() {
                *d0 = d0.saturating_add(u64::from(kernel.pad_items));
            }
            let requested = call.requested_local.as_deref();
            let geometry = geometry::plan(
                Shape {
                    counts: &ndrange,
                    requested,
                    reduction_scratch_per_item: reducing.then_some(per_item),
                },
                &GeometryLimits::of(&device, built),
            )
            .map_err(|e| NativeError::ferrocl(format!("{}: {e}", jit.location)))?;
            let groups = geometry.groups();
            let items: usize = geometry.local.iter().product();
            if let (Some(&count), Some(&per)) = (counts.first(), kernel.coarsen.first()) {
                // One work-group's (and tile's) iterations along the outermost loop.
                let group = geometry.local.last().copied().unwrap_or(64).max(1) as u64;
                outer = Some((count, group * points(per)));
            }

            let mut args = Vec::with_capacity(kernel_params.len());
            let mut access = Vec::with_capacity(kernel_params.len());
            // Whether the host proved this launch's bounds (`KernelParam::BoundsProven` comes before
            // the status word).
            let mut proven = false;
            for kp in kernel_params {
                let mut use_of = plan::Use::default();
                let arg = match kp {
                    KernelParam::Array {
                        param,
                        read,
                        written,
                        full_write,
                        stores,
                        loads,
                        ..
                    } => {
                        let Some(a) = param_array[*param] else {
                            return Err(NativeError::ferrocl("array buffer missing"));
                        };
                        if reducing {
                            // Reduction kernels load four elements at a time as one vector,
                            // which must be aligned to its size.
                            arrays[a].align = arrays[a].align.max(4 * elem_bytes(arrays[a].elem));
                        }
                        // So do a work-item's vector accesses (phase `vectorAccess`).
                        if let Some(&(_, bytes)) =
                            kernel.vector_align.iter().find(|(p, _)| p == param)
                        {
                            arrays[a].align = arrays[a].align.max(bytes);
                        }
                        // The elements the kernel's covering store writes in every launch
                        // that passes its checks (all of them: no upload; a part: the rest
                        // is uploaded).
                        let len = arrays[a].len as u64;
                        // (Not where code before it may return on the device: then it writes
                        // nothing.)
                        let part = full_write
                            .as_ref()
                            .filter(|_| *written && !kernel.may_skip)
                            .and_then(|cover| {
                                let lookup = &mut |e: &HostExpr| prepared.leaf(e);
                                let scales: Option<Vec<i32>> =
                                    cover.scales.iter().map(|s| s.eval(lookup)).collect();
                                let offset = cover.offset.eval(lookup)?;
                                ferrocl_jit::WriteCover::covered_run(
                                    &scales?,
                                    offset,
                                    cover.run,
                                    &loop_ranges,
                                    len,
                                )
                            });
                        let writes_all =
                            *written && !kernel.may_skip && (len == 0 || part == Some((0, len)));
                        let bytes = elem_bytes(arrays[a].elem) as u64;
                        use_of = plan::Use {
                            array: a,
                            reads: *read,
                            writes: *written,
                            writes_all,
                            writes_part: part.and_then(|(lo, hi)| {
                                Some((
                                    usize::try_from(lo * bytes).ok()?,
                                    usize::try_from(hi * bytes).ok()?,
                                ))
                            }),
                        };
                        // What a launch over these loop ranges can write and read, in bytes.
                        if spans.len() < arrays.len() {
                            spans.resize(arrays.len(), None);
                            read_spans.resize(arrays.len(), None);
                        }
                        for (does, list, into) in [
                            (*written, stores, &mut spans),
                            (*read, loads, &mut read_spans),
                        ] {
                            if !does {
                                continue;
                            }
                            let lookup = &mut |e: &HostExpr| prepared.leaf(e);
                            let span = list.as_ref().and_then(|list| {
                                access_span(list, lookup, &loop_ranges, len, bytes)
                            });
                            into[a] = Some(match into[a] {
                                None => span,
                                Some(old) => old.zip(span).map(|(x, y)| hull(x, y)),
                            });
                        }
                        Arg::Array(a)
                    }
                    KernelParam::ArrayLength { param } => {
                        match prepared.leaf(&HostExpr::ArrayLength(*param)) {
                            Some(Constant::Int(len)) => Arg::Value(KernelArg::Int(len)),
                            _ => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                        }
                    }
                    KernelParam::Scalar { param, .. } => match prepared.scalars[*param] {
                        Some(s) => Arg::Value(scalar_arg(s)),
                        None => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                    },
                    KernelParam::StaticField { field, .. } => match prepared.static_value(field) {
                        Some(s) => Arg::Value(scalar_arg(s)),
                        None => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                    },
                    KernelParam::Identity { param } => {
                        match prepared.leaf(&HostExpr::Identity(*param)) {
                            Some(Constant::Int(v)) => Arg::Value(KernelArg::Int(v)),
                            _ => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                        }
                    }
                    KernelParam::LoopStart { dim } => Arg::Value(KernelArg::Int(starts[*dim])),
                    // Declared `uint` in the kernel: a count may exceed Integer.MAX_VALUE.
                    KernelParam::TripCount { dim } => {
                        Arg::Value(KernelArg::Int(counts[*dim] as u32 as i32))
                    }
                    // A launch that cannot fail a check needs no status word: the kernel has
                    // none to fail, or the host proved its bounds and nothing else can fail.
                    KernelParam::Status
                        if !kernel.may_fail || (proven && kernel.proven_infallible) =>
                    {
                        Arg::NoStatus
                    }
                    KernelParam::Status => match first_status.iter().find(|&&(kk, _)| kk == k) {
                        Some(&(_, j)) if repetition.is_some() => Arg::StatusOf(j),
                        _ => {
                            if repetition.is_some() {
                                first_status.push((k, plan.launches.len()));
                            }
                            Arg::Status
                        }
                    },
                    KernelParam::HostLoad {
                        param,
                        index,
                        when,
                        elem,
                    } => match prepared.element(*param, *elem, index, when) {
                        Some(v) => Arg::Value(constant_arg(v)),
                        None => return Ok(Building::Done(Outcome::host_check_failed(t, tasks))),
                    },
                    // A division Java makes before the loops; a zero divisor there: the JVM.
                    KernelParam::HostValue { value, .. } => {
                        match value.value(&mut |e: &HostExpr| prepared.leaf(e)) {
                            Some(v) => Arg::Value(constant_arg(v)),
                            None => {
                                return Ok(Building::Done(Outcome::host_check_failed(t, tasks)))
                            }
                        }
                    }
                    KernelParam::BoundsProven => {
                        proven = kernel.bounds_proof.as_ref().is_some_and(|proof| {
                            proof.holds(&mut |e: &HostExpr| prepared.leaf(e), &loop_ranges)
                        });
                        Arg::Value(KernelArg::Int(i32::from(proven)))
                    }
                    KernelParam::ReducePartials { reduction } => Arg::Partials(*reduction),
                    // One buffer for the whole execution: a task's kernels run in order, the
                    // code that writes its values (and, at every exit, whether it returned)
                    // before the kernels that read them; slots another task left are rewritten
                    // before any kernel of this one reads them.
                    KernelParam::Carried { slots } => {
                        plan.carried_bytes = plan.carried_bytes.max(slots.saturating_mul(8));
                        Arg::Carried
                    }
                    KernelParam::ArrayBase { param } => match param_array[*param] {
                        Some(a) => Arg::Base {
                            array: a,
                            elem_bytes: elem_bytes(arrays[a].elem),
                        },
                        None => return Err(NativeError::ferrocl("array buffer missing")),
                    },
                    KernelParam::ReduceScratch { reduction } => {
                        let elem = kernel
                            .reductions
                            .get(*reduction)
                            .map_or(ElemKind::Long, |r| r.elem);
                        Arg::Value(KernelArg::Local(items * elem_bytes(elem)))
                    }
                };
                args.push(arg);
                access.push(use_of);
            }
            let mut reductions = Vec::new();
            let mut partials = Vec::new();
            for red in &kernel.reductions {
                let Some(&(_, r)) = task_reduced.iter().find(|(p, _)| *p == red.param) else {
                    return Err(NativeError::ferrocl("reduction output missing"));
                };
                if ReduceKind::of(red.elem).is_none() {
                    return Err(NativeError::ferrocl(
                        "@Reduce over an unsupported element type",
                    ));
                }
                reductions.push((r, red.op));
                partials.push(groups * elem_bytes(red.elem));
            }
            plan.launches.push(Launch {
                kernel: built,
                args,
                geometry,
                partials,
                task: t,
            });
            launch_access.push(access);
            launch_reductions.push(reductions);
        }
    }

    if plan.launches.is_empty() {
        // No iteration runs: an output still receives the value its method stored into it before
        // the loops, and after them (the others get back the value they held).
        apply_tails(&mut reduced)?;
        for r in &reduced {
            write_first(env, &r.object, r.value)?;
        }
        return Ok(Building::Done(Outcome::ran(tasks)));
    }

    // Transfers, by the runtime's policy.
    let uses: Vec<Vec<plan::Use>> = plan
        .launches
        .iter()
        .zip(&launch_access)
        .map(|(l, access)| {
            l.uses(|i| {
                access.get(i).copied().unwrap_or(plan::Use {
                    reads: true,
                    writes: true,
                    ..plan::Use::default()
                })
            })
        })
        .collect();
    let transfers = plan::transfers(arrays.len(), &uses);
    spans.resize(arrays.len(), None);
    for (i, (a, mut transfer)) in arrays.iter().zip(transfers).enumerate() {
        let bytes = a.len * elem_bytes(a.elem);
        let resident = match a.kept {
            // An array larger than one allocation runs in batches, not kept.
            Some(handle)
                if bytes > 0 && keep && bytes as u64 <= device.info().max_mem_alloc_bytes =>
            {
                Some(residency::kept_buffer(handle, &device, bytes).map_err(|e| {
                    NativeError::ferrocl(format!("keeping an array on the device: {e}"))
                })?)
            }
            _ => None,
        };
        let mut window = None;
        if chunk.is_some() {
            // A share writes only its write span: only that comes back. The device needs the
            // host's values where the share reads (its read span) and where it may leave elements
            // of its write span unwritten (those come back too); elsewhere nothing touches them.
            let write = spans[i];
            let read = read_spans.get(i).copied().flatten();
            if let Some(Some(w)) = write {
                transfer.download_range = Some(w);
            }
            transfer.upload_range = match (write, read) {
                (Some(Some(w)), None) => Some(w),
                (None, Some(Some(r))) => Some(r),
                (Some(Some(w)), Some(Some(r))) => Some(hull(w, r)),
                _ => None,
            };
            if windowed {
                // The buffer holds what moves, from a start that keeps every vector load's
                // alignment; an array the host cannot bound stays whole.
                // Its length does not depend on where it starts, so that batches of one size
                // reuse buffers of one size.
                window = transfer.upload_range.map(|(s, e)| {
                    let start = s - s % WINDOW_ALIGN;
                    let len = e.saturating_sub(s).div_ceil(WINDOW_ALIGN) * WINDOW_ALIGN;
                    (start, (start + len + WINDOW_ALIGN).min(bytes))
                });
            }
        }
        plan.arrays.push(PlanArray {
            bytes,
            transfer,
            resident,
            align: a.align,
            window,
        });
    }
    if tasks != 1 || plan.launches.len() != 1 {
        outer = None;
    }
    read_spans.resize(arrays.len(), None);
    let mut built = Built {
        arrays,
        reduced,
        plan,
        launch_reductions,
        outer,
        spans,
        read_spans,
        host_reads,
        memo: None,
    };
    if memoable {
        built.memo = memo::remember(env, calls, &preps, profile, keep, &built, &origins)?;
    }
    Ok(Building::Plan(Box::new(built)))
}

/// Whether the host makes every element read and every division of `params` that Java makes before
/// the loops (false where one is out of bounds or divides by zero: the JVM runs the task and
/// throws), also for a kernel that launches nothing.
fn made_before_loops(prepared: &Prepared<'_, '_>, params: &[KernelParam]) -> bool {
    params.iter().all(|kp| match kp {
        KernelParam::HostLoad {
            param,
            index,
            when,
            elem,
        } => prepared.element(*param, *elem, index, when).is_some(),
        KernelParam::HostValue { value, .. } => {
            value.value(&mut |e: &HostExpr| prepared.leaf(e)).is_some()
        }
        _ => true,
    })
}

/// One place in a task's launch order ([`launch_order`]).
struct LaunchSlot {
    /// The kernel.
    kernel: usize,
    /// Where it repeats: the counter's value and the repetition's number (from 0).
    repetition: Option<(i32, i32)>,
    /// False for a repeated kernel of a loop that makes no step: only checked, not launched.
    runs: bool,
}

impl LaunchSlot {
    /// Kernel `kernel`, launched once.
    fn once(kernel: usize) -> LaunchSlot {
        LaunchSlot {
            kernel,
            repetition: None,
            runs: true,
        }
    }
}

/// The most launches the repetitions of a loop around `@Parallel` loops make in one execution
/// (beyond, the JVM runs the method: a plan of more would take more host memory than it saves).
const MAX_REPEATED_LAUNCHES: u64 = 1 << 17;

/// The order in which a task's kernels launch, each with the counter's value and the repetition's
/// number where it repeats
/// (see [`ferrocl_jit::Kernel::repeat`]): the kernels before the repeated ones, the repeated ones
/// in order once per value, the rest; where the loop makes no step, the repeated ones once each
/// marked not to run (`false`: only what Java checks before the loop is checked). `None` where the host cannot count the repetitions (or
/// there are more than [`MAX_REPEATED_LAUNCHES`] launches, or `chunked`: a device's share or a
/// batch of the outermost loop, which repetitions of a stencil cannot be cut into): the JVM runs
/// the task.
fn launch_order(
    jit: &ferrocl_jit::CompiledKernel,
    prepared: &Prepared<'_, '_>,
    chunked: bool,
) -> Option<Vec<LaunchSlot>> {
    let repeated: Vec<usize> = (0..jit.kernels.len())
        .filter(|&k| jit.kernels[k].repeat.is_some())
        .collect();
    let (Some(&first), Some(&last)) = (repeated.first(), repeated.last()) else {
        return Some((0..jit.kernels.len()).map(LaunchSlot::once).collect());
    };
    let range = jit.kernels[first].repeat.as_ref()?;
    if chunked || last + 1 - first != repeated.len() {
        log::debug!("{}: repeated kernels in a share or a batch", jit.location);
        return None;
    }
    let lookup = &mut |e: &HostExpr| prepared.leaf(e);
    let lower = range.lower.eval(lookup)?;
    let upper = match range.upper.value(lookup)? {
        Constant::Int(v) => i64::from(v),
        Constant::Long(v) => v,
        _ => return None,
    };
    let per = repeated.len() as u64;
    let values = range.values(lower, upper, MAX_REPEATED_LAUNCHES / per)?;
    let mut order: Vec<LaunchSlot> = (0..first).map(LaunchSlot::once).collect();
    let before = order.len();
    for (number, v) in values.enumerate() {
        // At most MAX_REPEATED_LAUNCHES repetitions: the number is an int.
        let number = i32::try_from(number).ok()?;
        order.extend((first..=last).map(|kernel| LaunchSlot {
            kernel,
            repetition: Some((v, number)),
            runs: true,
        }));
    }
    if order.len() == before {
        // No step: nothing repeated is launched, but what Java checks before the loop is checked.
        order.extend((first..=last).map(|kernel| LaunchSlot {
            kernel,
            repetition: Some((lower, 0)),
            runs: false,
        }));
    }
    order.extend((last + 1..jit.kernels.len()).map(LaunchSlot::once));
    Some(order)
}

/// Where a window of an array may start, in bytes: a multiple of every vector load's alignment.
const WINDOW_ALIGN: usize = 128;

/// The most bytes of one array a batch moves unless the schedule says otherwise: small enough
/// that two batches in flight overlap one's copies with the other's kernel and that the device
/// reuses their buffers (a fresh buffer costs its pages' first touch), large enough that a batch's
/// fixed costs vanish next to its copies.
const BATCH_WINDOW_BYTES: u64 = 256 << 20;

/// Room the constant-memory candidates leave in the device's constant buffer for the program's own
/// `__constant` tables (the math library's are a few KiB).
const CONSTANT_RESERVE_BYTES: u64 = 16 << 10;

/// Which variant of `kernel` a launch binding `arrays` may use: `restrict` when no two of its array
/// arguments are the same Java array; constant memory when, besides, its candidates fit the
/// device's constant buffer together (with [`CONSTANT_RESERVE_BYTES`] to spare) and its argument
/// count.
fn launch_variant(
    device: &ferrocl_runtime::Device,
    kernel: &ferrocl_jit::Kernel,
    param_array: &[Option<usize>],
    arrays: &[ArrayRef<'_>],
) -> (bool, bool) {
    let mut bound: Vec<usize> = Vec::new();
    let mut distinct = true;
    for kp in &kernel.params {
        if let KernelParam::Array { param, .. } = kp {
            match param_array.get(*param).copied().flatten() {
                Some(a) if bound.contains(&a) => distinct = false,
                Some(a) => bound.push(a),
                None => distinct = false,
            }
        }
    }
    let info = device.info();
    let candidates = &kernel.variants.constant;
    let mut bytes = 0u64;
    let mut fits = !candidates.is_empty()
        && candidates.len() <= info.max_constant_args as usize
        && info.max_constant_buffer_bytes > CONSTANT_RESERVE_BYTES;
    for (param, _) in candidates {
        match param_array
            .get(*param)
            .copied()
            .flatten()
            .and_then(|a| arrays.get(a))
        {
            Some(a) => bytes = bytes.saturating_add(a.len as u64 * elem_bytes(a.elem) as u64),
            None => fits = false,
        }
    }
    fits &= bytes
        <= info
            .max_constant_buffer_bytes
            .saturating_sub(CONSTANT_RESERVE_BYTES);
    // A table bound to the same array as a written parameter would be written behind constant
    // memory's back (NVIDIA's constant cache then serves stale elements: the H100 got 4,997 of
    // 5,000 elements of `ReadOnlyDataTest.ramp` wrong so): constant memory only where every array
    // argument is its own array.
    (distinct, fits && distinct)
}

/// The points per work-item (along each loop) a launch of the tiled `kernel` over `counts` (its
/// loops' trip counts, outermost first) runs with, when it is not the source's own: the runtime's
/// choice (`geometry::tile_micro`) among the source's `coarsen` and the kernel's alternatives.
fn tiled_micro(kernel: &ferrocl_jit::Kernel, counts: &[u64], compute_units: u32) -> Option<u32> {
    let (&[c0, c1], &[own, _]) = (counts, kernel.coarsen.as_slice()) else {
        return None;
    };
    // The variant slots hold the first `MAX_MICRO_CHOICES` alternatives (`registry::variant_index`).
    let offered = &kernel.variants.micro;
    let offered = &offered[..offered.len().min(crate::registry::MAX_MICRO_CHOICES)];
    if offered.is_empty() {
        return None;
    }
    let mut choices = [own; crate::registry::MAX_MICRO_CHOICES + 1];
    choices[..offered.len()].copy_from_slice(offered);
    let group = ferrocl_jit::TILE_GROUP;
    geometry::tile_micro([c0, c1], [group, group], &choices, compute_units).filter(|&m| m != own)
}

/// The task's kernels for windows of its arrays, built on its device at the first call.
fn windowed_kernels(task: &Task) -> Result<&[Arc<ferrocl_runtime::BuiltKernel>], NativeError> {
    if let Some(k) = task.windowed.get() {
        return Ok(k);
    }
    let mut built = Vec::with_capacity(task.jit.kernels.len());
    for kernel in &task.jit.kernels {
        let k = task
            .device
            .build(
                &kernel.windowed.source,
                &task.jit.build_options,
                &kernel.name,
            )
            .map_err(|e| runtime_error(&task.jit.location.to_string(), e))?;
        built.push(k);
    }
    // Another thread may have built them meanwhile (the device's cache gave it the same ones).
    let _ = task.windowed.set(built);
    task.windowed
        .get()
        .map(Vec::as_slice)
        .ok_or_else(|| NativeError::ferrocl("windowed kernels missing"))
}

/// The smallest byte range holding both.
fn hull(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    if a.0 >= a.1 {
        return b;
    }
    if b.0 >= b.1 {
        return a;
    }
    (a.0.min(b.0), a.1.max(b.1))
}

/// The bytes `[start, end)` of an array of `len` elements of `bytes` bytes that the accesses
/// `list` (stores or loads, each an affine index) can reach over `loop_ranges`; `None` when not
/// known.
fn access_span(
    list: &[ferrocl_jit::WriteCover],
    lookup: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
    loop_ranges: &[(i32, u64, i32)],
    len: u64,
    bytes: u64,
) -> Option<(usize, usize)> {
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for c in list {
        let scales: Option<Vec<i32>> = c.scales.iter().map(|s| s.eval(&mut *lookup)).collect();
        let offset = c.offset.eval(&mut *lookup)?;
        let (l, h) = ferrocl_jit::WriteCover::index_span(&scales?, offset, c.run, loop_ranges)?;
        lo = lo.min(l);
        hi = hi.max(h);
    }
    // Indices outside [0, len) fail their checks: the run is then discarded.
    let len = i64::try_from(len).ok()?;
    let (lo, hi) = (lo.max(0), hi.saturating_add(1).min(len));
    if lo >= hi {
        return Some((0, 0));
    }
    let b = i64::try_from(bytes).ok()?;
    Some((
        usize::try_from(lo.checked_mul(b)?).ok()?,
        usize::try_from(hi.checked_mul(b)?).ok()?,
    ))
}

/// The statistics, the check verdict and the reductions of a segment once its plan ran (on one
/// device, or in parts on several: their partial results fold in order).
fn conclude(
    env: &mut Env<'_>,
    calls: &[Call<'_, '_>],
    built: Built<'_, '_>,
    executed: &[ferrocl_runtime::Executed],
) -> Result<Outcome, NativeError> {
    let Built {
        mut reduced,
        plan,
        launch_reductions,
        ..
    } = built;
    let mut stats = vec![TaskStats::default(); calls.len()];
    for e in executed {
        for (l, times) in plan.launches.iter().zip(&e.times) {
            let s = &mut stats[l.task];
            s.upload += times.upload;
            s.kernel = s.kernel.max(times.kernel);
            s.download += times.download;
            s.total = s.total.max(times.total);
            s.bytes_uploaded += times.bytes_uploaded;
            s.bytes_downloaded += times.bytes_downloaded;
            s.bytes_in_place += times.bytes_in_place;
            s.global = l.geometry.global.clone();
            s.local = l.geometry.local.clone();
        }
    }
    if let Some((k, code)) = executed.iter().find_map(|e| e.failed) {
        let task = plan.launches.get(k).map_or(0, |l| l.task);
        log::debug!(
            "{}: check {code} failed on the device; the JVM reruns the tasks",
            calls[task].task.jit.location
        );
        return Ok(Outcome {
            status: Status::DeviceCheckFailed,
            task,
            stats,
        });
    }
    if executed.iter().any(|e| e.discarded) {
        return Err(NativeError::ferrocl(
            "a device discarded results that passed their checks",
        ));
    }
    for e in executed {
        for (reductions, partials) in launch_reductions.iter().zip(&e.partials) {
            for (&(r, op), bytes) in reductions.iter().zip(partials) {
                reduced[r].value = reduced[r].value.fold(op, bytes);
            }
        }
    }
    apply_tails(&mut reduced)?;
    for r in &reduced {
        write_first(env, &r.object, r.value)?;
    }
    Ok(Outcome {
        status: Status::Ran,
        task: 0,
        stats,
    })
}

/// One device's share of a split execution, for the report: its device (index into the calls),
/// the iterations of the outermost loop it ran (first, count) and how long its part took.
pub(crate) struct Share {
    pub(crate) device: usize,
    pub(crate) first: u64,
    pub(crate) count: u64,
    pub(crate) time: Duration,
}

/// Runs one task, compiled once per device (`calls[d]`, the same arguments), across the devices:
/// its outermost `@Parallel` loop cut into shares in proportion to each device's measured
/// throughput (see [`ferrocl_runtime::split`]), each device moving only what its share writes
/// (and reads, for arrays it only writes). When the task cannot be split (several kernels, no
/// parallel loop, a written array whose stores the host cannot bound, shares whose writes would
/// overlap), the first device runs it all. Kept arrays are not kept in a split execution.
pub(crate) fn execute_split<'local>(
    env: &mut Env<'local>,
    calls: &[Call<'_, 'local>],
    profile: bool,
    timeout: Option<Duration>,
) -> Result<(Outcome, Vec<Share>), NativeError> {
    let Some(first_call) = calls.first() else {
        return Ok((Outcome::ran(0), Vec::new()));
    };
    let location = first_call.task.jit.location.to_string();
    let whole = match build(env, &calls[..1], profile, None, false, false)? {
        Building::Plan(b) => b,
        Building::Done(o) => return Ok((o, Vec::new())),
    };
    let devices: Vec<&ferrocl_runtime::Device> = calls.iter().map(|c| &*c.task.device).collect();
    let key = calls
        .iter()
        .map(|c| format!("{}@{}", c.task.jit.location, c.task.device.selector()))
        .collect::<Vec<_>>()
        .join("|");
    let mut parts: Vec<(usize, u64, u64, Box<Built<'local, '_>>)> = Vec::new();
    let splittable = whole.outer.is_some()
        && calls.len() > 1
        && whole.spans.iter().all(|s| !matches!(s, Some(None)));
    if let (true, Some((count, granule))) = (splittable, whole.outer) {
        let mut weights = ferrocl_runtime::split::weights(&key, &devices);
        // A device that cannot allocate the largest array gets no share (every device holds
        // each array whole, at its own indices).
        let largest = whole.plan.arrays.iter().map(|a| a.bytes).max().unwrap_or(0) as u64;
        for (w, d) in weights.iter_mut().zip(&devices) {
            if largest > d.info().max_mem_alloc_bytes {
                log::debug!(
                    "{location}: {} cannot allocate {largest} bytes: no share",
                    d.label()
                );
                *w = 0.0;
            }
        }
        if weights.iter().all(|&w| w == 0.0) {
            weights[0] = 1.0;
        }
        let shares = ferrocl_runtime::split::shares(&weights, count, granule);
        for (d, &(first, n)) in shares.iter().enumerate() {
            if n == 0 {
                continue;
            }
            match build(env, &calls[d..=d], profile, Some((first, n)), false, false)? {
                Building::Plan(b) => parts.push((d, first, n, b)),
                Building::Done(_) => {
                    parts.clear();
                    break;
                }
            }
        }
        // The shares' writes must not overlap (each download would overwrite another's).
        let arrays = whole.arrays.len();
        let disjoint = (0..arrays).all(|a| {
            let mut spans: Vec<(usize, usize)> = parts
                .iter()
                .filter_map(|p| p.3.spans.get(a).copied().flatten().flatten())
                .filter(|&(s, e)| e > s)
                .collect();
            spans.sort_unstable();
            spans.windows(2).all(|w| w[0].1 <= w[1].0)
        });
        let mut known = parts.iter().all(|p| {
            p.3.arrays.len() == arrays && p.3.spans.iter().all(|s| !matches!(s, Some(None)))
        });
        // Every part's plan array `i` must be the same Java array as the whole plan's (each device's
        // kernel lists the method's arrays; one that listed them otherwise must not split).
        for p in &parts {
            for (a, b) in p.3.arrays.iter().zip(&whole.arrays) {
                if known && !env.is_same_object(&a.object, &b.object)? {
                    known = false;
                }
            }
        }
        if !disjoint || !known {
            log::debug!(
                "{location}: the devices' shares would write overlapping parts; one device runs it"
            );
            parts.clear();
        }
    }
    if parts.is_empty() {
        // Not split: the first device runs the whole loop.
        let device = Arc::clone(&first_call.task.device);
        let held = whole.held();
        let started = std::time::Instant::now();
        let executed = run_held(env, &device, &whole.plan, &held, timeout)?
            .map_err(|e| runtime_error(&location, e))?;
        let time = started.elapsed();
        let count = whole.outer.map_or(1, |(c, _)| c);
        let outcome = conclude(env, &calls[..1], *whole, &[executed])?;
        let share = Share {
            device: 0,
            first: 0,
            count,
            time,
        };
        return Ok((outcome, vec![share]));
    }

    let held = whole.held();
    let run_parts: Vec<ferrocl_runtime::split::Part<'_, '_>> = parts
        .iter()
        .map(|(d, _, _, b)| ferrocl_runtime::split::Part {
            device: devices[*d],
            plan: &b.plan,
        })
        .collect();
    let part_devices: Vec<&Arc<ferrocl_runtime::Device>> =
        parts.iter().map(|(d, ..)| &calls[*d].task.device).collect();
    let results = run_split(env, &part_devices, &run_parts, &held, timeout)?;
    drop(run_parts);
    let mut executed = Vec::with_capacity(results.len());
    let mut shares = Vec::with_capacity(results.len());
    let mut error = None;
    for ((d, first, n, _), r) in parts.iter().zip(results) {
        match r.result {
            Ok(e) => {
                if e.failed.is_none() && !e.discarded {
                    ferrocl_runtime::split::observe(&key, *d, calls.len(), *n, r.time);
                }
                executed.push(e);
            }
            Err(e) => {
                // A cancellation wins over the errors it caused elsewhere.
                if error.is_none() || matches!(e, RuntimeError::Cancelled(_)) {
                    error = Some(e);
                }
            }
        }
        shares.push(Share {
            device: *d,
            first: *first,
            count: *n,
            time: r.time,
        });
    }
    if let Some(e) = error {
        let landed = executed.iter().filter(|e| !e.discarded).count();
        if landed > 0 && !matches!(e, RuntimeError::Cancelled(_)) {
            // Every device had passed its checks; this one failed while copying its results back.
            return Err(NativeError::ferrocl(format!(
                "{location}: {e}; the results of {landed} other device(s) of this split execution \
                 had already landed, so the arrays hold a mix of new and old values"
            )));
        }
        return Err(runtime_error(&location, e));
    }
    // The partial results of every share fold into the first share's reductions.
    let Some((_, _, _, first_built)) = parts.into_iter().next() else {
        return Err(NativeError::ferrocl("a split execution without parts"));
    };
    let outcome = conclude(env, &calls[..1], *first_built, &executed)?;
    Ok((outcome, shares))
}

/// Whether `plan`'s arrays exceed what `device` can hold at once: (one is larger than its largest
/// allocation, so one launch cannot run; all together are more than nine tenths of its memory,
/// so one launch may fail).
fn too_large(device: &ferrocl_runtime::Device, plan: &Plan<'_>) -> (bool, bool) {
    let info = device.info();
    let total: u64 = plan.arrays.iter().map(|a| a.bytes as u64).sum();
    let one = plan
        .arrays
        .iter()
        .any(|a| a.bytes as u64 > info.max_mem_alloc_bytes);
    let all = info.global_mem_bytes > 0 && total > info.global_mem_bytes / 10 * 9;
    (one, all)
}

/// The batch size when the runtime's policy streams this execution although it fits the device
/// ([`ferrocl_runtime::split::stream_window`]): a single task of one loop with no kept array, whose
/// every array the batches can window (its loads and stores bounded), that streams (its kernel
/// cannot fail a check, or it updates no array in place), and that has not been refused before.
fn stream_window(
    device: &ferrocl_runtime::Device,
    calls: &[Call<'_, '_>],
    built: &Built<'_, '_>,
) -> Option<u64> {
    let [call] = calls else { return None };
    if call
        .task
        .stream_refused
        .load(std::sync::atomic::Ordering::Relaxed)
        || built.outer.is_none()
        || built.plan.launches.len() != 1
        || built.arrays.iter().any(|a| a.kept.is_some())
    {
        return None;
    }
    let unknown = |s: &Option<Option<(usize, usize)>>| matches!(s, Some(None));
    if built.spans.iter().any(unknown) || built.read_spans.iter().any(unknown) {
        return None;
    }
    // An in-place update whose kernel can fail a check would run in pairs (see `execute_batched`),
    // which gain nothing over one launch.
    let in_place = (0..built.arrays.len()).any(|i| built.in_place(i));
    if in_place && call.task.jit.kernels.iter().any(|k| k.may_fail) {
        return None;
    }
    let moved = built.plan.moved_bytes();
    let largest = built.plan.arrays.iter().map(|a| a.bytes as u64).max()?;
    let info = device.info();
    ferrocl_runtime::split::stream_window(info.kind, info.unified_memory, largest, moved)
}

/// A `[from, from + bytes.len())` pre-image of a Java array that a batch is about to overwrite.
struct Saved {
    array: usize,
    from: usize,
    bytes: Vec<u8>,
}

/// Copies bytes `ranges` (per array; empty: none) of the Java arrays `held` out (`save`) or
/// writes `saved` back into them (`restore`), holding each array with
/// `GetPrimitiveArrayCritical` for the copy.
fn save_ranges(
    env: &mut Env<'_>,
    held: &[(&JObject<'_>, ElemKind, usize)],
    ranges: &[(usize, (usize, usize))],
) -> Result<Vec<Saved>, NativeError> {
    let mut out = Vec::with_capacity(ranges.len());
    for &(i, (from, to)) in ranges {
        let Some(&(obj, elem, len)) = held.get(i) else {
            continue;
        };
        // SAFETY: no JNI call is made while `criticals` lives (only the copy below).
        let mut criticals = unsafe { Criticals::hold(env.get_raw(), &[(obj, elem, len, false)]) }?;
        let slices = criticals.slices();
        let source = slices.first().and_then(|s| s.as_bytes().get(from..to));
        let mut bytes = Vec::new();
        let room = bytes.try_reserve_exact(source.map_or(0, <[u8]>::len));
        if let (Ok(()), Some(source)) = (&room, source) {
            bytes.extend_from_slice(source);
        }
        drop(slices);
        drop(criticals);
        if room.is_err() {
            return Err(NativeError::ferrocl(format!(
                "no host memory for the {} bytes an in-place update in batches must save before a \
                 batch lands (its kernel can fail a check)",
                to.saturating_sub(from)
            )));
        }
        out.push(Saved {
            array: i,
            from,
            bytes,
        });
    }
    Ok(out)
}

fn restore_ranges(
    env: &mut Env<'_>,
    held: &[(&JObject<'_>, ElemKind, usize)],
    saved: &[Saved],
) -> Result<(), NativeError> {
    for s in saved {
        let Some(&(obj, elem, len)) = held.get(s.array) else {
            continue;
        };
        // SAFETY: as in `save_ranges`.
        let mut criticals = unsafe { Criticals::hold(env.get_raw(), &[(obj, elem, len, true)]) }?;
        let mut slices = criticals.slices();
        if let Some(target) = slices
            .first_mut()
            .and_then(|h| h.as_bytes_mut().get_mut(s.from..s.from + s.bytes.len()))
        {
            target.copy_from_slice(&s.bytes);
        }
        drop(slices);
        criticals.commit = true;
        drop(criticals);
    }
    Ok(())
}

/// Runs one task whose arrays the device cannot hold at once (or whose schedule asked for
/// batches of at most `asked` bytes per array) in batches of its outermost `@Parallel` loop: each
/// batch's device buffers hold only the parts of the arrays its iterations reach (the kernels for
/// windows, see `ferrocl_jit::Windowed`); an array whose reads the host cannot bound is copied
/// whole to each batch when it fits. Batches run two at a time, one on each of the device's
/// queues (one's transfers overlap the other's kernels), and the results of both land when both
/// passed their checks.
///
/// Results, exceptions and reductions are as in one launch: partial results fold in batch order
/// (the batches cut the loop on whole work-groups, so the work-groups are those of one launch);
/// when a batch fails a check, every array the loop reads and writes gets back the values it had
/// (they were saved before each batch landed), and the JVM reruns the task; the arrays the loop
/// only writes keep the results of the batches that landed, which are the JVM's own for those
/// iterations. After an error (not a failed check) the same holds and the error says so.
fn execute_batched<'local>(
    env: &mut Env<'local>,
    calls: &[Call<'_, 'local>],
    profile: bool,
    timeout: Option<Duration>,
    whole: &Built<'local, '_>,
    asked: Option<u64>,
) -> Result<Batched, NativeError> {
    let started = std::time::Instant::now();
    let Some(first_call) = calls.first() else {
        return Ok(Batched::Ran(Outcome::ran(0)));
    };
    let location = first_call.task.jit.location.to_string();
    let device = Arc::clone(&first_call.task.device);
    let info = device.info();
    let max_alloc = info.max_mem_alloc_bytes.max(1);
    let largest = whole
        .plan
        .arrays
        .iter()
        .zip(&whole.arrays)
        .max_by_key(|(a, _)| a.bytes)
        .map(|(a, r)| format!("`{}` ({} bytes)", r.name(), a.bytes))
        .unwrap_or_default();
    let (count, granule) = match whole.outer {
        Some(o) if calls.len() == 1 => o,
        _ => {
            return Ok(Batched::Cannot(format!(
                "{location}: the arrays (largest {largest}) are more than {} can hold at once \
                 ({max_alloc} bytes in one allocation, {} in all), and only a task of one \
                 @Parallel loop nest runs in batches",
                device.label(),
                info.global_mem_bytes
            )))
        }
    };
    // Which arrays get windows; the others are copied whole to every batch.
    let n = whole.arrays.len();
    let mut whole_bytes = 0u64;
    let mut windowed = 0u64;
    let mut per_iteration = 0f64;
    let mut in_place = vec![false; n];
    for (i, place) in in_place.iter_mut().enumerate() {
        let bytes = whole.plan.arrays[i].bytes as u64;
        let name = whole.arrays[i].name();
        let write = whole.spans.get(i).copied().flatten();
        let read = whole.read_spans.get(i).copied().flatten();
        if matches!(write, Some(None)) {
            return Ok(Batched::Cannot(format!(
                "{location}: cannot run in batches: the host cannot bound which elements of \
                 `{name}` an iteration writes (its index is not affine in the loop indices)"
            )));
        }
        *place = whole.in_place(i);
        if matches!(read, Some(None)) {
            if bytes > max_alloc {
                return Ok(Batched::Cannot(format!(
                    "{location}: cannot run in batches: `{name}` ({bytes} bytes) is read at \
                     indices the host cannot bound, so every batch needs all of it, and it is more \
                     than {}'s largest allocation ({max_alloc} bytes)",
                    device.label()
                )));
            }
            whole_bytes += bytes;
            continue;
        }
        let span = [write.flatten(), read.flatten()]
            .into_iter()
            .flatten()
            .fold((0, 0), hull);
        windowed += 1;
        per_iteration = per_iteration.max((span.1 - span.0) as f64 / count.max(1) as f64);
    }
    // Each array's window in bytes: what the schedule asked, else what two batches in flight
    // leave of four fifths of the device's memory after the whole copies (one per batch), at most
    // `BATCH_WINDOW_BYTES`.
    let cap = asked
        .unwrap_or_else(|| {
            let budget = (info.global_mem_bytes / 5 * 4).saturating_sub(2 * whole_bytes);
            (budget / (2 * windowed.max(1))).min(BATCH_WINDOW_BYTES)
        })
        .min(max_alloc);
    let mut iterations = if per_iteration > 0.0 {
        ((cap.saturating_sub(2 * WINDOW_ALIGN as u64) as f64 / per_iteration) as u64) / granule
            * granule
    } else {
        count
    };
    iterations = iterations.max(granule).min(count.max(1));
    // The batches' plans, in loop order, each on alternate queues.
    let mut chunks: Vec<(u64, u64, Box<Built<'local, '_>>)> = Vec::new();
    let mut first = 0u64;
    while first < count {
        let take = iterations.min(count - first);
        match build(env, &calls[..1], profile, Some((first, take)), false, true)? {
            Building::Plan(mut b) => {
                b.plan.side_queue = chunks.len() % 2 == 1;
                chunks.push((first, take, b));
            }
            Building::Done(o) => return Ok(Batched::Ran(o)),
        }
        first += take;
    }
    for (_, take, b) in &chunks {
        for (a, r) in b.plan.arrays.iter().zip(&b.arrays) {
            if a.device_bytes() as u64 > max_alloc {
                return Ok(Batched::Cannot(format!(
                    "{location}: cannot run in batches: {take} iterations reach {} bytes of `{}`, \
                     more than {}'s largest allocation ({max_alloc} bytes)",
                    a.device_bytes(),
                    r.name(),
                    device.label()
                )));
            }
        }
    }
    // Batches write disjoint parts of each array (each lands its own).
    for (i, r) in whole.arrays.iter().enumerate() {
        let mut spans: Vec<(usize, usize)> = chunks
            .iter()
            .filter_map(|c| c.2.spans.get(i).copied().flatten().flatten())
            .filter(|&(s, e)| e > s)
            .collect();
        spans.sort_unstable();
        if !spans.windows(2).all(|w| w[0].1 <= w[1].0) {
            return Ok(Batched::Cannot(format!(
                "{location}: cannot run in batches: different iterations write the same elements \
                 of `{}`",
                r.name()
            )));
        }
    }
    log::debug!(
        "{location}: {} batches of {iterations} iterations ({} bytes per array at most)",
        chunks.len(),
        cap
    );

    let held = whole.held();
    let may_fail = first_call.task.jit.kernels.iter().any(|k| k.may_fail);
    // A kernel that cannot fail a check streams its batches, each landing as soon as it finished;
    // one that can streams them too when the loop reads no array it writes, each landing once it and
    // every earlier batch passed (a failed check leaves the later ones unlanded, and what the earlier
    // ones wrote is what the JVM's rerun writes again). Otherwise (an in-place update that can fail)
    // the batches run two at a time, and what each pair overwrites is saved first.
    let paired = may_fail && in_place.iter().any(|&p| p);
    let mut executed: Vec<ferrocl_runtime::Executed> = Vec::with_capacity(chunks.len());
    let mut saved: Vec<Saved> = Vec::new();
    let mut landed_iterations = 0u64;
    let mut failure: Option<NativeError> = None;
    let mut check_failed = false;
    let groups: Vec<&[(u64, u64, Box<Built<'local, '_>>)]> = if paired {
        chunks.chunks(2).collect()
    } else {
        vec![&chunks[..]]
    };
    let rounds = groups.len();
    for (r, round) in groups.into_iter().enumerate() {
        if paired && r + 1 < rounds {
            // What this round overwrites of the arrays the loop also reads, in case a later
            // round fails.
            let ranges: Vec<(usize, (usize, usize))> = round
                .iter()
                .flat_map(|c| {
                    c.2.plan
                        .arrays
                        .iter()
                        .enumerate()
                        .filter(|&(i, a)| in_place[i] && a.transfer.download)
                        .map(|(i, a)| {
                            (i, ferrocl_runtime::clip(a.transfer.download_range, a.bytes))
                        })
                })
                .collect();
            match save_ranges(env, &held, &ranges) {
                Ok(more) => saved.extend(more),
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        let parts: Vec<ferrocl_runtime::split::Part<'_, '_>> = round
            .iter()
            .map(|c| ferrocl_runtime::split::Part {
                device: &device,
                plan: &c.2.plan,
            })
            .collect();
        // One deadline for the whole execution, not one per round.
        let left = timeout.map(|t| {
            t.saturating_sub(started.elapsed())
                .max(Duration::from_nanos(1))
        });
        let results = if paired {
            let devices: Vec<&Arc<ferrocl_runtime::Device>> =
                round.iter().map(|_| &device).collect();
            run_split(env, &devices, &parts, &held, left)?
        } else {
            run_batches(env, &device, &parts, &held, left, may_fail)?
        };
        let mut error = None;
        let mut landed = 0u64;
        for (c, result) in round.iter().zip(results) {
            match result.result {
                Ok(e) => {
                    check_failed |= e.failed.is_some();
                    if !e.discarded {
                        landed += c.1;
                    }
                    executed.push(e);
                }
                // A batch after a failed one did not start: the failure says what happened.
                Err(RuntimeError::NotRun(_)) => {}
                Err(e) => {
                    // The first error in loop order is the cause, unless a cancellation came.
                    if error.is_none() || matches!(e, RuntimeError::Cancelled(_)) {
                        error = Some(e);
                    }
                }
            }
        }
        landed_iterations += landed;
        if let Some(e) = error {
            failure = Some(match e {
                RuntimeError::Cancelled(reason) if landed_iterations == 0 => {
                    runtime_error(&location, RuntimeError::Cancelled(reason))
                }
                RuntimeError::Cancelled(reason) => runtime_error(
                    &location,
                    RuntimeError::Cancelled(format!(
                        "{reason} (in batches: the results of {landed_iterations} of the loop's \
                         {count} iterations had landed before and stay{})",
                        if paired {
                            "; the arrays it also reads are as they were"
                        } else {
                            ""
                        }
                    )),
                ),
                e if landed_iterations == 0 => runtime_error(&location, e),
                e if paired => runtime_error(
                    &location,
                    RuntimeError::InvalidLaunch(format!(
                        "{e}; earlier batches had landed: the arrays the loop reads and writes are \
                         as they were, those it only writes hold the results of {landed_iterations} \
                         of its {count} iterations"
                    )),
                ),
                e => runtime_error(
                    &location,
                    RuntimeError::InvalidLaunch(format!(
                        "{e}; other batches had landed: the arrays the loop writes hold the results \
                         of {landed_iterations} of its {count} iterations (the batches that \
                         finished), the old values elsewhere"
                    )),
                ),
            });
            break;
        }
        if check_failed {
            break;
        }
    }
    // Device copies of kept arrays the batches wrote may be out of date now.
    whole.mark_written_kept_stale();
    if failure.is_some() || check_failed {
        restore_ranges(env, &held, &saved)?;
    }
    drop(saved);
    if let Some(e) = failure {
        return Err(e);
    }
    let batches = chunks.len();
    let Some((_, _, first_built)) = chunks.into_iter().next() else {
        return Ok(Batched::Ran(Outcome::ran(calls.len())));
    };
    let mut kernel = Duration::ZERO;
    for e in &executed {
        kernel += e.times.iter().map(|t| t.kernel).sum::<Duration>();
    }
    let mut outcome = conclude(env, &calls[..1], *first_built, &executed)?;
    if let Some(s) = outcome.stats.first_mut() {
        s.kernel = kernel;
        s.total = started.elapsed();
        s.batches = u32::try_from(batches).unwrap_or(u32::MAX);
    }
    Ok(Batched::Ran(outcome))
}

/// What [`execute_batched`] did.
enum Batched {
    /// It ran (or a host check ended it).
    Ran(Outcome),
    /// The task cannot run in batches, for this reason (nothing ran).
    Cannot(String),
}

/// A host range registered with a device while pinned: `(array index, address, bytes)`.
type Registration = (usize, usize, usize);

/// The Java arrays of an execution, lent to the executor (see [`ferrocl_runtime::HostAccess`]):
/// pinned with `GetPrimitiveArrayCritical` while the executor copies them, or held through a short
/// execution (at most `ferrocl_runtime::HOLD_THROUGH_LIMIT` of kernels), so that the garbage
/// collector runs while long kernels do; the large ones registered with the driver while pinned.
/// The wait for kernels, once the arrays are let go, stops when the thread is interrupted or the
/// deadline passed.
struct JavaArrays<'a, 'e, 'local> {
    env: &'e mut Env<'local>,
    /// Each part's device (one for a plain execution), and the registrations made for it.
    parts: Vec<(&'a Arc<ferrocl_runtime::Device>, Vec<Registration>)>,
    /// The part the next `pinned` serves (an index into `parts`).
    serving: usize,
    held: Vec<(&'a JObject<'a>, ElemKind, usize, bool)>,
    deadline: Option<(std::time::Instant, std::time::Duration)>,
    /// Whether the executor may hold the arrays through an execution
    /// ([`ferrocl_runtime::HostAccess::hold`]): one plan on one device.
    may_hold: bool,
    /// The arrays while held through (no JNI call may be made meanwhile).
    through: Option<Criticals>,
    /// Results were copied into the held arrays (a JVM that handed out copies gets them back).
    wrote: bool,
    /// Why holding the arrays through failed (`GetPrimitiveArrayCritical` returned null): every
    /// later pinning fails with it, making no JNI call while the JVM's exception is pending.
    hold_failed: Option<String>,
}

impl JavaArrays<'_, '_, '_> {
    /// Holds the arrays (`pinned` without a hold) and registers the large ones with the device of
    /// the part being served.
    ///
    /// # Safety
    ///
    /// No JNI call may be made while the returned value lives.
    unsafe fn hold_now(&mut self) -> Result<Criticals, RuntimeError> {
        let raw_env = self.env.get_raw();
        // SAFETY: the caller's promise.
        let criticals = unsafe { Criticals::hold(raw_env, &self.held) }.map_err(|e| {
            RuntimeError::InvalidLaunch(format!("the Java arrays cannot be pinned: {e:?}"))
        })?;
        if let Some((device, fresh)) = self.parts.get_mut(self.serving) {
            for (i, addr, bytes) in hostmem::register(device, &criticals.ranges()) {
                if !fresh.iter().any(|&(_, a, b)| a == addr && b == bytes) {
                    fresh.push((i, addr, bytes));
                }
            }
        }
        Ok(criticals)
    }
}

impl ferrocl_runtime::HostAccess for JavaArrays<'_, '_, '_> {
    fn byte_lens(&self) -> Vec<usize> {
        self.held
            .iter()
            .map(|&(_, elem, len, _)| len * elem_bytes(elem))
            .collect()
    }

    fn stable(&self) -> bool {
        false
    }

    fn pinned(
        &mut self,
        writes: bool,
        f: &mut dyn FnMut(&mut [ferrocl_runtime::HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        if let Some(held) = self.through.as_mut() {
            let result = f(&mut held.slices());
            self.wrote |= writes && result.is_ok();
            return result;
        }
        if let Some(why) = &self.hold_failed {
            return Err(RuntimeError::InvalidLaunch(why.clone()));
        }
        // SAFETY: no JNI call is made until `criticals` is dropped at the end of this function
        // (`f`, the executor's copies, makes none).
        let mut criticals = unsafe { self.hold_now() }?;
        let result = {
            let mut slices = criticals.slices();
            f(&mut slices)
        };
        criticals.commit = writes && result.is_ok();
        drop(criticals);
        result
    }

    fn cancellable(&self) -> bool {
        true
    }

    fn serving_part(&mut self, part: usize) {
        self.serving = part;
    }

    fn write_window(&self, i: usize) -> (usize, usize) {
        (
            0,
            self.held
                .get(i)
                .map_or(0, |&(_, elem, len, _)| len * elem_bytes(elem)),
        )
    }

    fn hold(&mut self) -> bool {
        if !self.may_hold || self.through.is_some() {
            return self.through.is_some();
        }
        // SAFETY: while `through` holds the arrays, this type makes no JNI call (`cancelled`
        // answers without one) until `let_go`, which the executor calls once no command can touch
        // them, or `lend` after the executor returned.
        match unsafe { self.hold_now() } {
            Ok(c) => {
                self.through = Some(c);
                self.wrote = false;
                true
            }
            Err(e) => {
                // The JVM may have an exception pending: no further JNI call (see `pinned`).
                self.hold_failed = Some(e.to_string());
                false
            }
        }
    }

    fn let_go(&mut self) {
        if let Some(mut c) = self.through.take() {
            c.commit = self.wrote;
        }
    }

    fn cancelled(&mut self) -> Option<String> {
        if self.through.is_some() {
            // No JNI call while the arrays are held (the executor holds them briefly).
            return None;
        }
        if let Some((deadline, limit)) = self.deadline {
            if std::time::Instant::now() >= deadline {
                return Some(format!(
                    "the execution timed out after {} ms (the schedule's timeout); the device \
                     finishes what it had, the results are discarded",
                    limit.as_millis()
                ));
            }
        }
        match thread_interrupted(self.env) {
            Ok(true) => Some(
                "the thread was interrupted while it waited for the device; the device finishes \
                 what it had, the results are discarded"
                    .into(),
            ),
            Ok(false) => None,
            Err(e) => {
                log::debug!("Thread.isInterrupted failed: {e:?}");
                None
            }
        }
    }
}

/// A runtime failure of an execution as the Java exception to throw, its message led by `what`:
/// `ExecutionCancelledException` when the host stopped waiting, `FerroclException` otherwise.
pub(crate) fn runtime_error(what: &str, e: RuntimeError) -> NativeError {
    match e {
        RuntimeError::Cancelled(reason) => NativeError::Throw {
            class: crate::CANCELLED_EXCEPTION,
            message: format!("{what}: {reason}"),
        },
        e => NativeError::ferrocl(format!("{what}: {e}")),
    }
}

/// `Thread.currentThread().isInterrupted()` (the status stays as it is).
fn thread_interrupted(env: &mut Env<'_>) -> Result<bool, NativeError> {
    env.with_local_frame(4, |env| -> Result<bool, NativeError> {
        let thread = env
            .call_static_method(
                jni::jni_str!("java/lang/Thread"),
                jni::jni_str!("currentThread"),
                jni::jni_sig!("()Ljava/lang/Thread;"),
                &[],
            )?
            .l()?;
        Ok(env
            .call_method(
                &thread,
                jni::jni_str!("isInterrupted"),
                jni::jni_sig!("()Z"),
                &[],
            )?
            .z()?)
    })
}

/// Runs `plan` on `device` over `arrays` (one `(array, element type, length)` per plan array,
/// live local references): drops stale host registrations, lends the arrays to the executor
/// (pinned while copied, or held through a short execution, see [`JavaArrays`]), and records the
/// registrations made. `timeout`: the longest the host waits for the kernels. The outer error is a
/// JNI failure; the inner one the runtime's.
pub(crate) fn run_held(
    env: &mut Env<'_>,
    device: &Arc<ferrocl_runtime::Device>,
    plan: &Plan<'_>,
    arrays: &[(&JObject<'_>, ElemKind, usize)],
    timeout: Option<std::time::Duration>,
) -> Result<Result<ferrocl_runtime::Executed, ferrocl_runtime::RuntimeError>, NativeError> {
    lend(env, &[device], &[plan], arrays, timeout, true, |lent| {
        device.execute_with(plan, lent)
    })
}

/// Runs `plan` on `device` (one that works in host memory) over `arrays` held in place with
/// `GetPrimitiveArrayCritical` for the whole execution: the kernels read the Java arrays and, when
/// none can fail a check, write their results into them, with no copy (see
/// [`ferrocl_runtime::plan::hold_in_place`] for when). Not cancellable: no JNI call may be made
/// while the arrays are held, so an interrupt is not seen (the thread's status stays set).
fn run_in_place(
    env: &mut Env<'_>,
    device: &Arc<ferrocl_runtime::Device>,
    plan: &Plan<'_>,
    arrays: &[(&JObject<'_>, ElemKind, usize)],
) -> Result<Result<ferrocl_runtime::Executed, ferrocl_runtime::RuntimeError>, NativeError> {
    let held: Vec<(&JObject<'_>, ElemKind, usize, bool)> = arrays
        .iter()
        .enumerate()
        .map(|(i, &(object, elem, len))| {
            let written = plan.arrays.get(i).is_some_and(|a| a.transfer.download);
            (object, elem, len, written)
        })
        .collect();
    // Whatever the execution waits for must be taken before the arrays are held.
    let ticket = device.in_place_ticket();
    // SAFETY: no JNI call is made until `criticals` is dropped below (the executor makes none).
    let mut criticals = unsafe { Criticals::hold(env.get_raw(), &held) }?;
    let result = {
        let mut slices = criticals.slices();
        device.execute_in_place(&ticket, plan, &mut slices)
    };
    // Written back (a JVM that handed out copies) only when the results are wanted.
    criticals.commit = result.as_ref().is_ok_and(|e| !e.discarded);
    drop(criticals);
    drop(ticket);
    Ok(result)
}

/// [`run_held`] for the parts of a split execution (see [`ferrocl_runtime::split`]): the Java
/// arrays are lent once, pinned on this thread for one part's copies at a time and registered
/// with that part's device (`devices`, in part order).
fn run_split(
    env: &mut Env<'_>,
    devices: &[&Arc<ferrocl_runtime::Device>],
    parts: &[ferrocl_runtime::split::Part<'_, '_>],
    arrays: &[(&JObject<'_>, ElemKind, usize)],
    timeout: Option<std::time::Duration>,
) -> Result<Vec<ferrocl_runtime::split::PartOutcome>, NativeError> {
    let plans: Vec<&Plan<'_>> = parts.iter().map(|p| p.plan).collect();
    lend(env, devices, &plans, arrays, timeout, false, |lent| {
        ferrocl_runtime::split::execute_parts(parts, lent)
    })
}

/// [`run_held`] for batches of one loop on `device` (see [`ferrocl_runtime::split::execute_batches`]).
fn run_batches(
    env: &mut Env<'_>,
    device: &Arc<ferrocl_runtime::Device>,
    parts: &[ferrocl_runtime::split::Part<'_, '_>],
    arrays: &[(&JObject<'_>, ElemKind, usize)],
    timeout: Option<std::time::Duration>,
    ordered: bool,
) -> Result<Vec<ferrocl_runtime::split::PartOutcome>, NativeError> {
    let plans: Vec<&Plan<'_>> = parts.iter().map(|p| p.plan).collect();
    // One entry per part, as `JavaArrays::serving_part` indexes them (all the same device).
    let devices: Vec<&Arc<ferrocl_runtime::Device>> = parts.iter().map(|_| device).collect();
    lend(env, &devices, &plans, arrays, timeout, false, |lent| {
        ferrocl_runtime::split::execute_batches(parts, lent, ordered)
    })
}

/// Lends `arrays` to `run` as [`JavaArrays`] (an array is written back when one of `plans`
/// downloads it), registered with the device of the part being served, and records the
/// registrations made once `run` returned. `may_hold`: the executor may hold them through its
/// execution (one plan on one device).
fn lend<R>(
    env: &mut Env<'_>,
    devices: &[&Arc<ferrocl_runtime::Device>],
    plans: &[&Plan<'_>],
    arrays: &[(&JObject<'_>, ElemKind, usize)],
    timeout: Option<std::time::Duration>,
    may_hold: bool,
    run: impl FnOnce(&mut JavaArrays<'_, '_, '_>) -> R,
) -> Result<R, NativeError> {
    // Registrations of Java arrays that died or moved go before anything is held.
    hostmem::purge(env)?;
    let held: Vec<(&JObject<'_>, ElemKind, usize, bool)> = arrays
        .iter()
        .enumerate()
        .map(|(i, &(object, elem, len))| {
            let written = plans
                .iter()
                .any(|p| p.arrays.get(i).is_some_and(|a| a.transfer.download));
            (object, elem, len, written)
        })
        .collect();
    let mut lent = JavaArrays {
        env,
        parts: devices.iter().map(|&d| (d, Vec::new())).collect(),
        serving: 0,
        held,
        deadline: timeout.map(|t| (std::time::Instant::now() + t, t)),
        may_hold: may_hold && crate::hold_through(),
        through: None,
        wrote: false,
        hold_failed: None,
    };
    let result = run(&mut lent);
    // Released before any JNI call below, also where the executor returned with an error (by
    // then no command of its references the arrays).
    ferrocl_runtime::HostAccess::let_go(&mut lent);
    let registered = std::mem::take(&mut lent.parts);
    let objects: Vec<(&JObject<'_>, ElemKind)> = arrays.iter().map(|&(o, e, _)| (o, e)).collect();
    for (d, fresh) in registered {
        hostmem::remember(env, d, &fresh, &objects)?;
    }
    Ok(result)
}

/// The zero of an element type's kernel value.
fn zero_scalar(elem: ElemKind) -> Scalar {
    match elem.value_stamp() {
        Stamp::Long => Scalar::Long(0),
        Stamp::Float => Scalar::Float(0.0),
        Stamp::Double => Scalar::Double(0.0),
        _ => Scalar::Int(0),
    }
}

/// Element `index` (in bounds) of the Java array `obj` of element type `elem`, as its kernel value
/// (`byte`, `short`, `char` and `boolean` widened to `int` as Java widens them).
fn read_element(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    elem: ElemKind,
    index: usize,
) -> Result<Scalar, NativeError> {
    let raw = obj.as_raw();
    let at = i32::try_from(index).map_err(|_| NativeError::ferrocl("array index past int"))?;
    macro_rules! one {
        ($ty:ident, $wrap:expr) => {{
            // Safety: a live local reference to an array of this element type (checked before
            // launch); the wrapper does not delete it.
            let array = unsafe { $ty::from_raw(env, raw) };
            let mut v = [Default::default()];
            array.get_region(env, at, &mut v)?;
            $wrap(v[0])
        }};
    }
    Ok(match elem {
        ElemKind::Int => one!(JIntArray, Scalar::Int),
        ElemKind::Long => one!(JLongArray, Scalar::Long),
        ElemKind::Float => one!(JFloatArray, Scalar::Float),
        ElemKind::Double => one!(JDoubleArray, Scalar::Double),
        ElemKind::Byte => one!(JByteArray, |v: i8| Scalar::Int(i32::from(v))),
        ElemKind::Short => one!(JShortArray, |v: i16| Scalar::Int(i32::from(v))),
        ElemKind::Char => one!(JCharArray, |v: u16| Scalar::Int(i32::from(v))),
        ElemKind::Boolean => one!(JBooleanArray, |v| Scalar::Int(i32::from(v))),
    })
}

fn scalar_arg(s: Scalar) -> KernelArg {
    match s {
        Scalar::Int(v) => KernelArg::Int(v),
        Scalar::Long(v) => KernelArg::Long(v),
        Scalar::Float(v) => KernelArg::Float(v),
        Scalar::Double(v) => KernelArg::Double(v),
    }
}

/// The kernel argument of a host expression's value (a primitive's kernel type; `null` as 0).
fn constant_arg(c: Constant) -> KernelArg {
    match c {
        Constant::Long(v) => KernelArg::Long(v),
        Constant::Float(v) => KernelArg::Float(v),
        Constant::Double(v) => KernelArg::Double(v),
        Constant::Int(v) => KernelArg::Int(v),
        Constant::Null => KernelArg::Int(0),
    }
}

/// The leaves of the host expressions of `jit`'s kernels (parameters, lengths, static fields,
/// elements read before the loops), each once, in the order they are read: an element's own
/// leaves come before it.
fn host_leaves(jit: &ferrocl_jit::CompiledKernel) -> Vec<HostExpr> {
    let mut wanted: Vec<HostExpr> = Vec::new();
    for k in &jit.kernels {
        if let Some(when) = &k.when {
            wanted.extend(when.leaves().into_iter().cloned());
        }
        if let Some(r) = &k.repeat {
            wanted.extend(r.lower.leaves().into_iter().cloned());
            wanted.extend(r.upper.leaves().into_iter().cloned());
        }
        for d in &k.dims {
            wanted.extend(d.lower.leaves().into_iter().cloned());
            wanted.extend(d.upper.leaves().into_iter().cloned());
        }
        for kp in &k.params {
            match kp {
                KernelParam::ArrayLength { param } => wanted.push(HostExpr::ArrayLength(*param)),
                KernelParam::Identity { param } => wanted.push(HostExpr::Identity(*param)),
                // Read here like an element in a bound (`element_reads`, checked against earlier
                // tasks' arrays when the segment is built).
                KernelParam::HostLoad {
                    param,
                    index,
                    when,
                    elem,
                } => wanted.extend(
                    HostExpr::Load {
                        param: *param,
                        elem: *elem,
                        index: Box::new(index.clone()),
                        when: Box::new(when.clone()),
                    }
                    .leaves()
                    .into_iter()
                    .cloned(),
                ),
                KernelParam::HostValue { value, .. } => {
                    wanted.extend(value.leaves().into_iter().cloned())
                }
                KernelParam::Array {
                    param,
                    full_write,
                    stores,
                    loads,
                    ..
                } if full_write.is_some() || stores.is_some() || loads.is_some() => {
                    wanted.push(HostExpr::ArrayLength(*param));
                    for cover in full_write
                        .iter()
                        .chain(stores.iter().flatten())
                        .chain(loads.iter().flatten())
                    {
                        for s in &cover.scales {
                            wanted.extend(s.leaves().into_iter().cloned());
                        }
                        wanted.extend(cover.offset.leaves().into_iter().cloned());
                    }
                }
                _ => {}
            }
        }
        if let Some(proof) = &k.bounds_proof {
            wanted.extend(proof.leaves());
        }
        for red in &k.reductions {
            if let Some(start) = &red.start {
                wanted.extend(start.leaves().into_iter().cloned());
            }
            // (Not the outputs' elements: the host has their folded values.)
            if let Some(tail) = &red.tail {
                wanted.extend(
                    tail.leaves()
                        .into_iter()
                        .filter(|l| {
                            !matches!(l, HostExpr::Load { param, .. }
                                if jit.kernels.iter().any(|k| k.reductions.iter().any(|r| r.param == *param)))
                        })
                        .cloned(),
                );
            }
        }
    }
    let mut once: Vec<HostExpr> = Vec::with_capacity(wanted.len());
    for e in wanted {
        if !once.contains(&e) {
            once.push(e);
        }
    }
    once
}

/// Reads a task's arguments and runs its host-side checks; `None` when one fails (a null array, an
/// argument of the wrong type, a bound the host cannot read): the JVM runs the task.
fn prepare<'local, 't>(
    env: &mut Env<'local>,
    task: &'t Task,
    args: &JObjectArray<'_>,
) -> Result<Option<Prepared<'local, 't>>, NativeError> {
    let jit = &task.jit;
    if args.is_null() {
        return Err(NativeError::ferrocl("execute without an argument array"));
    }
    let statics = jit.static_fields();
    // The method's arguments, then the class of each field path's last step, then the class of
    // each static field (resolved by Java with the task's class loader).
    let read_by_host = |p: &ferrocl_jit::ParamInfo| {
        p.field_path.is_some()
            || p.static_field.is_some()
            || p.nested.is_some()
            || p.elements.is_some()
            || p.scratch
    };
    let method_params = jit
        .params
        .iter()
        .position(read_by_host)
        .unwrap_or(jit.params.len());
    let count = args.len(env)?;
    if count != jit.params.len() + statics.len()
        || jit.params[method_params..].iter().any(|p| !read_by_host(p))
    {
        return Err(NativeError::ferrocl(format!(
            "{}: {} arguments given, {} expected ({} parameters, {} field paths and {} static fields)",
            jit.location,
            count,
            jit.params.len() + statics.len(),
            method_params,
            jit.params.len() - method_params,
            statics.len()
        )));
    }
    let mut objects: Vec<JObject<'local>> = Vec::with_capacity(jit.params.len());
    let mut scalars: Vec<Option<Scalar>> = Vec::with_capacity(jit.params.len());
    for (i, info) in jit.params[..method_params].iter().enumerate() {
        let obj = args.get_element(env, i)?;
        scalars.push(if matches!(info.stamp, Stamp::Object | Stamp::Array(_)) {
            None
        } else {
            read_scalar(env, &obj, &info.descriptor)?
        });
        objects.push(obj);
    }
    // Field paths: each step's object is an earlier parameter (the path's root, or the parameter
    // of the path one field shorter, which the compiler created first).
    for (i, info) in jit.params.iter().enumerate().skip(method_params) {
        let class = args.get_element(env, i)?;
        if info.scratch {
            // Allocated below, once the values its length is computed from are known.
            objects.push(JObject::null());
            scalars.push(None);
            continue;
        }
        if info.nested.is_some() || info.elements.is_some() {
            // A multi-dimensional argument's table or data, or an array of objects' `present` or
            // field values, built by Java for this execution; null where the argument is null
            // (or cannot be laid out): the JVM runs it.
            if class.is_null() {
                return Ok(None);
            }
            objects.push(class);
            scalars.push(None);
            continue;
        }
        if let Some(field) = &info.static_field {
            // A static array field: read once the class is initialised (JLS §12.4.1, as for the
            // primitive static fields below), or where initialising it early cannot be seen.
            if !field.host_may_initialise && !jvmti::class_initialized(env, &class).unwrap_or(false)
            {
                return Ok(None);
            }
            let value = fields::static_object_field(env, &class, &field.name, &field.descriptor)?;
            // The class is needed only for this read (batches prepare many tasks in one call).
            env.delete_local_ref(class);
            let Some(value) = value else {
                return Ok(None);
            };
            objects.push(value);
            scalars.push(None);
            continue;
        }
        let value = match &info.field_path {
            Some((root, path)) => {
                let parent = match (info.field_parent, path.len()) {
                    (Some(parent), _) => Some(parent),
                    (None, 0 | 1) => Some(*root),
                    (None, n) => jit.params.iter().position(|p| {
                        p.field_path
                            .as_ref()
                            .is_some_and(|(r, q)| r == root && q[..] == path[..n - 1])
                    }),
                };
                match (parent.and_then(|p| objects.get(p)), path.last()) {
                    (Some(obj), Some(name)) => {
                        fields::instance_field(env, obj, &class, name, &info.descriptor)?
                    }
                    _ => None,
                }
            }
            None => None,
        };
        match value {
            Some(FieldValue::Object(o)) => {
                objects.push(o);
                scalars.push(None);
            }
            Some(FieldValue::Scalar(v)) => {
                objects.push(JObject::null());
                scalars.push(Some(v));
            }
            None => {
                objects.push(JObject::null());
                scalars.push(None);
            }
        }
    }
    let mut static_values = Vec::with_capacity(statics.len());
    for (k, &(field, _)) in statics.iter().enumerate() {
        let class = args.get_element(env, jit.params.len() + k)?;
        // JLS §12.4.1: a class Java has not initialised yet is initialised where Java first reads
        // the field, if it does. Early (here, through the read) only where that cannot be seen;
        // otherwise the JVM runs this execution (and initialises it where Java does).
        // (Also when the loops run no iteration, where Java may still read it before them.)
        // Without JVMTI's answer, the class counts as not initialised.
        // (A class the task's loader cannot see counts as not initialised.)
        if !field.host_may_initialise && !jvmti::class_initialized(env, &class).unwrap_or(false) {
            return Ok(None);
        }
        // An entry with no field only asks for its class to be initialised (a static method's,
        // an allocated object's).
        let value = if field.name.is_empty() {
            None
        } else {
            fields::static_field(env, &class, &field.name, &field.descriptor)?
        };
        static_values.push((field, value));
    }
    // Arrays the method allocates before its loops: new arrays of zeros at every execution. A
    // negative length (Java's NegativeArraySizeException at the `new`) or one the host cannot
    // compute: the JVM runs the method. Then Java's copies into them (`clone()`, `copyOf`), whose
    // checks the host made with the loops' bounds; a range out of bounds here (a check the host
    // could not decide) sends the method to the JVM too.
    let mut copy_sources: Vec<usize> = Vec::new();
    for s in &jit.scratch {
        let values = direct_leaves(
            env,
            &[&s.length],
            &jit.params,
            &scalars,
            &objects,
            &static_values,
        )?;
        let lookup = &mut |x: &HostExpr| values.iter().find(|(y, _)| y == x).and_then(|(_, v)| *v);
        let Some(length) = s.length.eval(lookup).and_then(|n| usize::try_from(n).ok()) else {
            return Ok(None);
        };
        // Java's `new` may fail where the host's does (OutOfMemoryError: the VM's limit on array
        // sizes, the heap): the JVM runs the method and throws its own error.
        let Ok(array) = new_array(env, s.elem, length) else {
            if env.exception_check() {
                env.exception_clear();
            }
            log::debug!("allocating a scratch array of {length} elements failed: the JVM runs it");
            return Ok(None);
        };
        if let Some(slot) = objects.get_mut(s.param) {
            *slot = array;
        }
        for c in &s.copies {
            let values = direct_leaves(
                env,
                &[&c.source_pos, &c.pos, &c.count],
                &jit.params,
                &scalars,
                &objects,
                &static_values,
            )?;
            let lookup =
                &mut |x: &HostExpr| values.iter().find(|(y, _)| y == x).and_then(|(_, v)| *v);
            let (Some(from), Some(at), Some(count)) = (
                c.source_pos.eval(lookup),
                c.pos.eval(lookup),
                c.count.eval(lookup),
            ) else {
                return Ok(None);
            };
            let (Some(source), Some(target)) = (
                objects.get(c.source).filter(|o| !o.is_null()),
                objects.get(s.param),
            ) else {
                return Ok(None);
            };
            let source_len = array_len(env, source)?;
            let fits = |pos: i32, len: usize| {
                usize::try_from(pos).is_ok_and(|p| {
                    usize::try_from(count).is_ok_and(|n| p.checked_add(n).is_some_and(|e| e <= len))
                })
            };
            if !is_array_of(env, source, s.elem)? || !fits(from, source_len) || !fits(at, length) {
                return Ok(None);
            }
            env.call_static_method(
                jni::jni_str!("java/lang/System"),
                jni::jni_str!("arraycopy"),
                jni::jni_sig!("(Ljava/lang/Object;ILjava/lang/Object;II)V"),
                &[
                    JValue::Object(source),
                    JValue::Int(from),
                    JValue::Object(target),
                    JValue::Int(at),
                    JValue::Int(count),
                ],
            )?;
            copy_sources.push(c.source);
        }
    }
    for &p in &jit.null_checked {
        if objects[p].is_null() {
            return Ok(None);
        }
    }
    // A load hoisted out of a loop that stores to another array parameter of its type: exact only
    // when the two are different arrays.
    for &(a, b) in &jit.distinct_arrays {
        if let (Some(x), Some(y)) = (objects.get(a), objects.get(b)) {
            if !x.is_null() && env.is_same_object(x, y)? {
                return Ok(None);
            }
        }
    }
    for (p, info) in jit.params.iter().enumerate() {
        if let Stamp::Array(elem) = info.stamp {
            if !objects[p].is_null() && !is_array_of(env, &objects[p], elem)? {
                return Ok(None);
            }
        }
    }
    for red in jit.kernels.iter().flat_map(|k| k.reductions.iter()) {
        if objects[red.param].is_null() {
            return Ok(None);
        }
    }
    // Leaves of the host expressions (parameters, lengths, static fields), read once.
    let wanted = task.host_leaves.get_or_init(|| host_leaves(jit));
    let mut leaves: Vec<(HostExpr, Option<Constant>)> = Vec::new();
    // A copy's source is read before the loops, as an element is.
    let mut element_reads: Vec<usize> = copy_sources;
    leaves.reserve(wanted.len());
    for e in wanted {
        let value = match e {
            HostExpr::Param(_)
            | HostExpr::Static(_)
            | HostExpr::ArrayLength(_)
            | HostExpr::Identity(_) => {
                simple_leaf(env, e, &jit.params, &scalars, &objects, &static_values)?
            }
            // An element Java reads before the loops, in a bound or another element's index or
            // condition: its own leaves came first in `wanted`.
            &HostExpr::Load {
                param,
                elem,
                ref index,
                ref when,
            } => {
                let lookup =
                    &mut |x: &HostExpr| leaves.iter().find(|(y, _)| y == x).and_then(|(_, v)| *v);
                match when.eval(lookup) {
                    None => None,
                    Some(0) => Some(zero_scalar(elem).constant()),
                    Some(_) => {
                        let at = index.eval(lookup).and_then(|i| usize::try_from(i).ok());
                        match (objects.get(param).filter(|o| !o.is_null()), at) {
                            (Some(obj), Some(i)) if i < array_len(env, obj)? => {
                                element_reads.push(param);
                                Some(read_element(env, obj, elem, i)?.constant())
                            }
                            _ => None,
                        }
                    }
                }
            }
            _ => None,
        };
        leaves.push((e.clone(), value));
    }
    Ok(Some(Prepared {
        objects,
        scalars,
        statics: static_values,
        leaves,
        element_reads,
        repeat: std::cell::Cell::new(None),
    }))
}

/// The leaves of `exprs` the host reads directly, each with its value (see [`simple_leaf`]).
fn direct_leaves(
    env: &mut Env<'_>,
    exprs: &[&HostExpr],
    params: &[ferrocl_jit::ParamInfo],
    scalars: &[Option<Scalar>],
    objects: &[JObject<'_>],
    statics: &[(&ferrocl_jit::FieldRef, Option<Scalar>)],
) -> Result<Vec<(HostExpr, Option<Constant>)>, NativeError> {
    let mut values = Vec::new();
    for leaf in exprs.iter().flat_map(|e| e.leaves()) {
        let value = simple_leaf(env, leaf, params, scalars, objects, statics)?;
        values.push((leaf.clone(), value));
    }
    Ok(values)
}

/// The value of a leaf the host reads directly: a parameter, a static field, an array's length, a
/// reference parameter's identity (`None`: unreadable, or another kind of leaf).
fn simple_leaf(
    env: &mut Env<'_>,
    leaf: &HostExpr,
    params: &[ferrocl_jit::ParamInfo],
    scalars: &[Option<Scalar>],
    objects: &[JObject<'_>],
    statics: &[(&ferrocl_jit::FieldRef, Option<Scalar>)],
) -> Result<Option<Constant>, NativeError> {
    Ok(match leaf {
        HostExpr::Identity(p) => Some(Constant::Int(identity(env, params, objects, *p)?)),
        HostExpr::Param(p) => scalars.get(*p).copied().flatten().map(Scalar::constant),
        HostExpr::Static(field) => statics
            .iter()
            .find(|(f, _)| *f == field)
            .and_then(|(_, v)| *v)
            .map(Scalar::constant),
        HostExpr::ArrayLength(p) => match objects.get(*p).filter(|o| !o.is_null()) {
            Some(obj) => i32::try_from(array_len(env, obj)?).ok().map(Constant::Int),
            None => None,
        },
        _ => None,
    })
}

/// The identity of reference parameter `p` ([`HostExpr::Identity`]): the first reference
/// parameter (an array or an object the method receives, or reads from a field) bound to the same
/// Java object, `-1` for `null`.
fn identity(
    env: &mut Env<'_>,
    params: &[ferrocl_jit::ParamInfo],
    objects: &[JObject<'_>],
    p: usize,
) -> Result<i32, NativeError> {
    let Some(obj) = objects.get(p).filter(|o| !o.is_null()) else {
        return Ok(-1);
    };
    for (q, (info, other)) in params.iter().zip(objects).enumerate().take(p) {
        let reference = matches!(info.stamp, Stamp::Array(_) | Stamp::Object)
            && info.nested.is_none()
            && info.elements.is_none()
            && !info.scratch;
        if reference && !other.is_null() && env.is_same_object(other, obj)? {
            return Ok(i32::try_from(q).unwrap_or(i32::MAX));
        }
    }
    Ok(i32::try_from(p).unwrap_or(i32::MAX))
}

/// A new Java array of `length` zeros of element type `elem`.
fn new_array<'local>(
    env: &mut Env<'local>,
    elem: ElemKind,
    length: usize,
) -> Result<JObject<'local>, NativeError> {
    Ok(match elem {
        ElemKind::Boolean => JObject::from(env.new_boolean_array(length)?),
        ElemKind::Byte => JObject::from(env.new_byte_array(length)?),
        ElemKind::Char => JObject::from(env.new_char_array(length)?),
        ElemKind::Short => JObject::from(env.new_short_array(length)?),
        ElemKind::Int => JObject::from(env.new_int_array(length)?),
        ElemKind::Long => JObject::from(env.new_long_array(length)?),
        ElemKind::Float => JObject::from(env.new_float_array(length)?),
        ElemKind::Double => JObject::from(env.new_double_array(length)?),
    })
}

/// Where an execution's host time goes (plan, held execution, results), averaged and logged every
/// 4096 executions at trace level (`FERROCL_LOG=trace`).
struct Phases(Option<std::time::Instant>, std::cell::Cell<[u32; 3]>);

static PHASE_NANOS: [std::sync::atomic::AtomicU64; 3] =
    [const { std::sync::atomic::AtomicU64::new(0) }; 3];
static PHASE_COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl Phases {
    fn start() -> Phases {
        let on = log::log_enabled!(log::Level::Trace);
        Phases(
            on.then(std::time::Instant::now),
            std::cell::Cell::new([0; 3]),
        )
    }

    fn mark(&self, phase: usize) {
        if let Some(t) = self.0 {
            let mut v = self.1.get();
            v[phase] = u32::try_from(t.elapsed().as_nanos()).unwrap_or(u32::MAX);
            self.1.set(v);
        }
    }

    fn report(&self) {
        if self.0.is_none() {
            return;
        }
        use std::sync::atomic::Ordering::Relaxed;
        let v = self.1.get();
        let mut prev = 0u32;
        for (k, &at) in v.iter().enumerate() {
            PHASE_NANOS[k].fetch_add(u64::from(at.saturating_sub(prev)), Relaxed);
            prev = at;
        }
        let n = PHASE_COUNT.fetch_add(1, Relaxed) + 1;
        if n % 4096 == 0 {
            let avg: Vec<u64> = PHASE_NANOS
                .iter()
                .map(|a| a.swap(0, Relaxed) / 4096)
                .collect();
            log::trace!(
                "execute phases, mean ns over 4096: plan {}, held execution {}, results {}",
                avg[0],
                avg[1],
                avg[2]
            );
        }
    }
}
