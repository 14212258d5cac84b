//! The plan of the last execution, kept for the next one with the same inputs.
//!
//! Building a plan ([`super::build`]) evaluates every host expression of the segment's kernels
//! (bounds, trip counts, write covers, access spans, bounds proofs), chooses each launch's kernel
//! variant and geometry, and works out the transfers: 2.0–3.6 µs of host time per execution on
//! the H200's host for a one-kernel schedule (the JNI layer's trace, `FERROCL_LOG=ferrocl::execute=
//! trace`), a tenth of a tiny kernel's whole `execute()`. A schedule executed in a loop mostly sees
//! the same inputs every time, so the plan is remembered on the segment's first task with
//! everything it was computed from, and reused when those are the same again (there: 1.2–1.9 µs,
//! reading the arguments included).
//!
//! What a plan is computed from, and so what is compared (besides the segment's tasks, whether
//! launches are profiled and whether kept arrays are bound to their device copies): per task,
//! every value [`super::prepare`] reads (its scalar arguments, the static fields its kernels read,
//! every leaf of its host expressions: lengths, fields, elements read before the loops, object
//! identities; floating-point values compared by their bits, so `-0.0` and `0.0` differ), its kept
//! arrays' handles and its requested work-group size; the length of every array the kernels take;
//! and which of the segment's array arguments, `@Reduce` outputs and arrays whose elements are
//! read before the loops are one and the same Java object. Everything else the plan holds is a
//! function of those (and of the device, fixed per task), except what belongs to this execution
//! only, which is taken afresh every time: the Java objects (this call's references), the
//! `@Reduce` outputs' current values, and the kept arrays' device buffers (the residency module's).
//! Plans of a device's share, of batches and of windows are not remembered, nor plans of more than
//! 4,096 launches (a long loop of time steps: rebuilt rather than held). The memo belongs to the
//! compiled task that leads the segment, so schedules that run one method share it; a memo that
//! keeps missing (inputs that change at every execution) is replaced only at every 64th miss
//! after the first eight (a memo of other tasks, or of other launches, at once). Where a memo exists for the segment's tasks, every task's arguments are
//! read before the plan is built (to compare them), so a task that cannot be prepared is reported
//! after the checks of the tasks before it, as before; reading them has no effect Java can see
//! (scratch arrays the JVM never sees; classes initialised only where that cannot be observed).

use super::{
    bind_task_tails, fold_start, read_first, ArrayRef, Building, Built, Outcome, Prepared, Reduced,
};
use crate::args::{array_len, Scalar};
use crate::registry::{Task, Variant};
use crate::NativeError;
use ferrocl_jit::{Constant, KernelParam, ReduceOp};
use ferrocl_runtime::geometry::Geometry;
use ferrocl_runtime::plan::{Launch, Plan, PlanArray};
use ferrocl_runtime::residency;
use jni::objects::JObject;
use jni::Env;
use std::sync::{Arc, Weak};

/// The inputs of one task's part of a plan (see the module's documentation).
#[derive(Clone, Default)]
struct TaskInputs {
    kept: Vec<i64>,
    requested_local: Option<Vec<usize>>,
    scalars: Vec<Option<Scalar>>,
    statics: Vec<Option<Scalar>>,
    leaves: Vec<Option<Constant>>,
    element_reads: Vec<usize>,
}

impl TaskInputs {
    fn of(call: &super::Call<'_, '_>, prepared: &Prepared<'_, '_>) -> TaskInputs {
        TaskInputs {
            kept: call.kept.clone(),
            requested_local: call.requested_local.clone(),
            scalars: prepared.scalars.clone(),
            statics: prepared.statics.iter().map(|&(_, v)| v).collect(),
            leaves: prepared.leaves.iter().map(|&(_, v)| v).collect(),
            element_reads: prepared.element_reads.clone(),
        }
    }

    /// Whether `call` prepared as `prepared` has these inputs.
    fn matches(&self, call: &super::Call<'_, '_>, prepared: &Prepared<'_, '_>) -> bool {
        self.kept == call.kept
            && self.requested_local == call.requested_local
            && self.element_reads == prepared.element_reads
            && same_all(&self.scalars, &prepared.scalars, same_scalar)
            && self.statics.len() == prepared.statics.len()
            && self
                .statics
                .iter()
                .zip(&prepared.statics)
                .all(|(a, (_, b))| same_option(a, b, same_scalar))
            && self.leaves.len() == prepared.leaves.len()
            && self
                .leaves
                .iter()
                .zip(&prepared.leaves)
                .all(|(a, (_, b))| same_option(a, b, same_constant))
    }
}

fn same_all<T>(a: &[Option<T>], b: &[Option<T>], same: fn(&T, &T) -> bool) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_option(x, y, same))
}

fn same_option<T>(a: &Option<T>, b: &Option<T>, same: fn(&T, &T) -> bool) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => same(x, y),
        _ => false,
    }
}

/// Equal values of one type; floating-point values by their bits.
fn same_scalar(a: &Scalar, b: &Scalar) -> bool {
    match (*a, *b) {
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Long(x), Scalar::Long(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x.to_bits() == y.to_bits(),
        (Scalar::Double(x), Scalar::Double(y)) => x.to_bits() == y.to_bits(),
        _ => false,
    }
}

/// As [`same_scalar`], for the compiler's constants.
fn same_constant(a: &Constant, b: &Constant) -> bool {
    match (*a, *b) {
        (Constant::Int(x), Constant::Int(y)) => x == y,
        (Constant::Long(x), Constant::Long(y)) => x == y,
        (Constant::Float(x), Constant::Float(y)) => x.to_bits() == y.to_bits(),
        (Constant::Double(x), Constant::Double(y)) => x.to_bits() == y.to_bits(),
        (Constant::Null, Constant::Null) => true,
        _ => false,
    }
}

/// The segment's objects whose sameness the plan depends on, in a fixed order: per task, its
/// kernels' array parameters (each once, in the order the plan meets them), its `@Reduce` outputs,
/// and the arrays whose elements it reads before the loops; as `(task, parameter)`.
fn compared_objects(
    calls: &[super::Call<'_, '_>],
    preps: &[Prepared<'_, '_>],
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (t, (call, prepared)) in calls.iter().zip(preps).enumerate() {
        let jit = &call.task.jit;
        let first = out.len();
        for kp in jit.kernels.iter().flat_map(|k| k.params.iter()) {
            if let KernelParam::Array { param, .. } = *kp {
                if !out[first..].contains(&(t, param)) {
                    out.push((t, param));
                }
            }
        }
        for k in &jit.kernels {
            out.extend(k.reductions.iter().map(|r| (t, r.param)));
        }
        out.extend(prepared.element_reads.iter().map(|&p| (t, p)));
    }
    out
}

/// For each of [`compared_objects`], the position of the first one that is the same Java object.
fn sameness(
    env: &mut Env<'_>,
    preps: &[Prepared<'_, '_>],
    objects: &[(usize, usize)],
) -> Result<Vec<u32>, NativeError> {
    let mut out: Vec<u32> = Vec::with_capacity(objects.len());
    for (i, &(t, p)) in objects.iter().enumerate() {
        let obj = &preps[t].objects[p];
        let mut first = i;
        for (j, &(u, q)) in objects[..i].iter().enumerate() {
            // Only the first of each class needs asking.
            if out[j] as usize == j && env.is_same_object(&preps[u].objects[q], obj)? {
                first = j;
                break;
            }
        }
        out.push(u32::try_from(first).unwrap_or(u32::MAX));
    }
    Ok(out)
}

/// One array of a remembered plan: which task's parameter names it, and its facts.
struct MemoArray {
    call: usize,
    param: usize,
    elem: ferrocl_jit::ElemKind,
    len: usize,
    kept: Option<i64>,
    align: usize,
    /// Whether the plan binds its kept device copy (fetched afresh at each recall: the memo holds
    /// no device memory).
    resident: bool,
}

/// One launch of a remembered plan: the kernel as `(task, kernel, variant)`, the rest as planned.
struct MemoLaunch {
    call: usize,
    kernel: usize,
    variant: Variant,
    args: Vec<ferrocl_runtime::plan::Arg>,
    geometry: Geometry,
    partials: Vec<usize>,
}

/// A remembered plan with what it was computed from.
pub(crate) struct PlanMemo {
    tasks: Vec<Weak<Task>>,
    profile: bool,
    keep: bool,
    inputs: Vec<TaskInputs>,
    /// [`compared_objects`] of the calls (the same for calls with these tasks and inputs), and
    /// [`sameness`] over them.
    objects: Vec<(usize, usize)>,
    same: Vec<u32>,
    arrays: Vec<MemoArray>,
    /// `(task, parameter)` of each `@Reduce` output.
    reduced: Vec<(usize, usize)>,
    plan_arrays: Vec<PlanArray>,
    launches: Vec<MemoLaunch>,
    carried_bytes: usize,
    launch_reductions: Vec<Vec<(usize, ReduceOp)>>,
    outer: Option<(u64, u64)>,
    spans: Vec<Option<Option<(usize, usize)>>>,
    read_spans: Vec<Option<Option<(usize, usize)>>>,
    host_reads: Vec<usize>,
}

/// What the plan builder records for the memo besides [`Built`]: where each array and `@Reduce`
/// output came from and each launch's kernel.
#[derive(Default)]
pub(super) struct Origins {
    pub(super) arrays: Vec<(usize, usize)>,
    pub(super) reduced: Vec<(usize, usize)>,
    pub(super) kernels: Vec<(usize, usize, Variant)>,
}

/// Plans reused and plans remembered since the library loaded (for tests: `Native.planMemo`).
pub(crate) static COUNTS: [std::sync::atomic::AtomicU64; 2] =
    [const { std::sync::atomic::AtomicU64::new(0) }; 2];

/// Whether remembering is on (`FERROCL_PLAN_MEMO=0` turns it off, to compare).
fn enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("FERROCL_PLAN_MEMO").map_or(true, |v| v != "0"))
}

/// The plan remembered for these tasks, launched alike (profiled or not, kept arrays bound or not):
/// where there is one, all the tasks' arguments are read before the plan is built, for [`recall`].
pub(super) fn remembered(
    calls: &[super::Call<'_, '_>],
    profile: bool,
    keep: bool,
) -> Option<Arc<PlanMemo>> {
    if !enabled() {
        return None;
    }
    let leader = &calls.first()?.task;
    let memo = leader
        .plan_memo
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .memo
        .clone()?;
    let same_tasks =
        memo.tasks.len() == calls.len()
            && memo.tasks.iter().zip(calls).all(|(w, c)| {
                w.strong_count() > 0 && std::ptr::eq(w.as_ptr(), Arc::as_ptr(&c.task))
            });
    (memo.profile == profile && memo.keep == keep && same_tasks).then_some(memo)
}

/// A remembered plan that did not apply: counts towards remembering less often.
fn missed(leader: &Task) {
    let mut slot = leader
        .plan_memo
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    slot.misses = slot.misses.wrapping_add(1);
}

/// The most launches a remembered plan has (a loop around `@Parallel` loops repeats its kernels
/// once per step, up to 131,072 launches: such a plan is rebuilt rather than held).
const MAX_REMEMBERED_LAUNCHES: usize = 4096;

/// A task's remembered plan, and how many recalls in a row found it not applying: after eight,
/// a plan is remembered only at every 64th, so that an execution whose inputs change every time
/// (a step counter in a field) rarely pays for remembering, and one whose inputs settle again
/// reuses a plan again within 64 executions.
#[derive(Default)]
pub(crate) struct MemoSlot {
    memo: Option<Arc<PlanMemo>>,
    misses: u32,
}

/// `memo`, the plan [`remembered`] for these tasks, when its inputs are the same as now: the plan
/// rebuilt for this execution's objects (or the outcome of a `@Reduce` output that became empty).
/// `Ok(None)`: other inputs.
pub(super) fn recall<'local, 'k>(
    env: &mut Env<'local>,
    calls: &'k [super::Call<'_, 'local>],
    preps: &[Prepared<'local, 'k>],
    memo: &Arc<PlanMemo>,
    profile: bool,
) -> Result<Option<Building<'local, 'k>>, NativeError> {
    let Some(leader) = calls.first().map(|c| &c.task) else {
        return Ok(None);
    };
    // The values first (no JNI call), then which objects are the same.
    let applies = memo
        .inputs
        .iter()
        .zip(calls.iter().zip(preps))
        .all(|(i, (c, p))| i.matches(c, p));
    if !applies || sameness(env, preps, &memo.objects)? != memo.same {
        missed(leader);
        return Ok(None);
    }
    let mut arrays = Vec::with_capacity(memo.arrays.len());
    for a in &memo.arrays {
        let obj = &preps[a.call].objects[a.param];
        if array_len(env, obj)? != a.len {
            missed(leader);
            return Ok(None);
        }
        arrays.push(ArrayRef {
            // Safety: a fresh wrapper of the same live local reference (no ownership).
            object: unsafe { JObject::from_raw(env, obj.as_raw()) },
            named_by: (Arc::clone(&calls[a.call].task), a.param),
            elem: a.elem,
            len: a.len,
            kept: a.kept,
            align: a.align,
        });
    }
    let mut reduced = Vec::with_capacity(memo.reduced.len());
    for &(t, p) in &memo.reduced {
        let obj = &preps[t].objects[p];
        let red = calls[t]
            .task
            .jit
            .kernels
            .iter()
            .flat_map(|k| k.reductions.iter())
            .find(|r| r.param == p)
            .ok_or_else(|| NativeError::ferrocl("reduction output missing"))?;
        // A reduction into an array that became empty throws on the JVM.
        let Some(first) = read_first(env, obj, red.elem)? else {
            return Ok(Some(Building::Done(Outcome::host_check_failed(
                t,
                calls.len(),
            ))));
        };
        // (Its leaves are among those the memo compared: the same value as the last time.)
        let Some(value) = fold_start(red, first, &mut |e| preps[t].leaf(e)) else {
            return Ok(Some(Building::Done(Outcome::host_check_failed(
                t,
                calls.len(),
            ))));
        };
        reduced.push(Reduced {
            // Safety: as above.
            object: unsafe { JObject::from_raw(env, obj.as_raw()) },
            value,
            tail: None,
        });
    }
    for (t, call) in calls.iter().enumerate() {
        if !bind_task_tails(&mut reduced, &memo.reduced, t, &call.task.jit, &mut |e| {
            preps[t].leaf(e)
        }) {
            return Ok(Some(Building::Done(Outcome::host_check_failed(
                t,
                calls.len(),
            ))));
        }
    }
    let device = &calls[0].task.device;
    let mut plan_arrays = memo.plan_arrays.clone();
    for (pa, a) in plan_arrays.iter_mut().zip(&memo.arrays) {
        if a.resident {
            let handle = a
                .kept
                .ok_or_else(|| NativeError::ferrocl("kept array missing"))?;
            pa.resident = Some(
                residency::kept_buffer(handle, device, pa.bytes).map_err(|e| {
                    NativeError::ferrocl(format!("keeping an array on the device: {e}"))
                })?,
            );
        }
    }
    let mut launches = Vec::with_capacity(memo.launches.len());
    for l in &memo.launches {
        launches.push(Launch {
            kernel: calls[l.call].task.kernel_variant(l.kernel, l.variant)?,
            args: l.args.clone(),
            geometry: l.geometry.clone(),
            partials: l.partials.clone(),
            task: l.call,
        });
    }
    leader
        .plan_memo
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .misses = 0;
    COUNTS[0].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let plan = Plan {
        arrays: plan_arrays,
        launches,
        profile,
        side_queue: false,
        carried_bytes: memo.carried_bytes,
    };
    Ok(Some(Building::Plan(Box::new(Built {
        arrays,
        reduced,
        plan,
        launch_reductions: memo.launch_reductions.clone(),
        outer: memo.outer,
        spans: memo.spans.clone(),
        read_spans: memo.read_spans.clone(),
        host_reads: memo.host_reads.clone(),
        memo: Some(Arc::clone(memo)),
    }))))
}

/// Remembers `built`, the plan of `calls` prepared as `preps`, on the segment's first task: the
/// memo made, if it was.
#[allow(clippy::too_many_arguments)]
pub(super) fn remember(
    env: &mut Env<'_>,
    calls: &[super::Call<'_, '_>],
    preps: &[Prepared<'_, '_>],
    profile: bool,
    keep: bool,
    built: &Built<'_, '_>,
    origins: &Origins,
) -> Result<Option<Arc<PlanMemo>>, NativeError> {
    let Some(leader) = calls.first().map(|c| &c.task) else {
        return Ok(None);
    };
    if !enabled()
        || origins.arrays.len() != built.arrays.len()
        || origins.reduced.len() != built.reduced.len()
        || origins.kernels.len() != built.plan.launches.len()
        || built.plan.launches.len() > MAX_REMEMBERED_LAUNCHES
        || built.plan.side_queue
    {
        return Ok(None);
    }
    // A memo of these tasks that keeps missing is replaced rarely; one of other tasks (or launched
    // otherwise) at once, and the count starts again.
    let same_shape = remembered(calls, profile, keep).is_some();
    let misses = leader
        .plan_memo
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .misses;
    if same_shape && misses > 8 && misses % 64 != 0 {
        return Ok(None);
    }
    let objects = compared_objects(calls, preps);
    let same = sameness(env, preps, &objects)?;
    let inputs = calls
        .iter()
        .zip(preps)
        .map(|(c, p)| TaskInputs::of(c, p))
        .collect();
    let memo = PlanMemo {
        tasks: calls.iter().map(|c| Arc::downgrade(&c.task)).collect(),
        profile,
        keep,
        inputs,
        objects,
        same,
        arrays: built
            .arrays
            .iter()
            .zip(&origins.arrays)
            .zip(&built.plan.arrays)
            .map(|((a, &(call, param)), pa)| MemoArray {
                call,
                param,
                elem: a.elem,
                len: a.len,
                kept: a.kept,
                align: a.align,
                resident: pa.resident.is_some(),
            })
            .collect(),
        reduced: origins.reduced.clone(),
        plan_arrays: built
            .plan
            .arrays
            .iter()
            .map(|a| PlanArray {
                resident: None,
                ..a.clone()
            })
            .collect(),
        launches: built
            .plan
            .launches
            .iter()
            .zip(&origins.kernels)
            .map(|(l, &(call, kernel, variant))| MemoLaunch {
                call,
                kernel,
                variant,
                args: l.args.clone(),
                geometry: l.geometry.clone(),
                partials: l.partials.clone(),
            })
            .collect(),
        carried_bytes: built.plan.carried_bytes,
        launch_reductions: built.launch_reductions.clone(),
        outer: built.outer,
        spans: built.spans.clone(),
        read_spans: built.read_spans.clone(),
        host_reads: built.host_reads.clone(),
    };
    let mut slot = leader
        .plan_memo
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let memo = Arc::new(memo);
    slot.memo = Some(Arc::clone(&memo));
    if !same_shape {
        slot.misses = 0;
    }
    COUNTS[1].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Ok(Some(memo))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floating_point_inputs_are_compared_by_their_bits() {
        // 1 / 0.0 and 1 / -0.0 give bounds of opposite signs: the two may not share a plan.
        assert!(!same_scalar(&Scalar::Float(0.0), &Scalar::Float(-0.0)));
        assert!(!same_constant(
            &Constant::Double(0.0),
            &Constant::Double(-0.0)
        ));
        // The same NaN is the same input (IEEE's NaN != NaN would never reuse a plan).
        assert!(same_scalar(
            &Scalar::Double(f64::NAN),
            &Scalar::Double(f64::NAN)
        ));
        assert!(same_constant(
            &Constant::Float(f32::NAN),
            &Constant::Float(f32::NAN)
        ));
        assert!(same_scalar(&Scalar::Float(1.5), &Scalar::Float(1.5)));
    }

    #[test]
    fn values_of_different_types_differ() {
        assert!(!same_scalar(&Scalar::Int(1), &Scalar::Long(1)));
        assert!(!same_constant(&Constant::Int(0), &Constant::Null));
        assert!(!same_constant(
            &Constant::Float(1.0),
            &Constant::Double(1.0)
        ));
        assert!(same_constant(&Constant::Null, &Constant::Null));
        assert!(same_constant(&Constant::Long(-7), &Constant::Long(-7)));
    }

    #[test]
    fn missing_values_match_only_missing_values() {
        let a = [Some(Scalar::Int(3)), None];
        assert!(same_all(&a, &[Some(Scalar::Int(3)), None], same_scalar));
        assert!(!same_all(
            &a,
            &[Some(Scalar::Int(3)), Some(Scalar::Int(0))],
            same_scalar
        ));
        assert!(!same_all(&a, &[Some(Scalar::Int(3))], same_scalar));
    }
}
