//! An execution whose transfers overlap its kernels (see `ferrocl_runtime::overlap`): the task's
//! loop cut into batches, each built as a launch over its part of the loop on buffers of the
//! whole arrays, with what it reads and writes from its plan's transfers.

use std::sync::Arc;
use std::time::Duration;

use ferrocl_runtime::geometry::Geometry;
use ferrocl_runtime::overlap::{self, Stage};
use ferrocl_runtime::plan::{Arg, Launch, Plan};
use jni::Env;

use super::{build, conclude, lend, Batched, Building, Built, Call};
use crate::NativeError;

/// How `FERROCL_OVERLAP` sets the policy: `0` never, `force` whenever the task's shape allows
/// (any device and size, 4 batches: for tests on a CPU device), otherwise the runtime's policy.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Setting {
    Off,
    Auto,
    Force,
}

pub(crate) fn setting() -> Setting {
    static SETTING: std::sync::OnceLock<Setting> = std::sync::OnceLock::new();
    *SETTING.get_or_init(|| match std::env::var("FERROCL_OVERLAP").as_deref() {
        Ok("0") | Ok("false") | Ok("off") => Setting::Off,
        Ok("force") => Setting::Force,
        _ => Setting::Auto,
    })
}

/// How many batches `calls` run in, their transfers overlapped: `None` for one launch. The task's
/// shape first (one task, one launch of a `@Parallel` loop, no kept arrays, no reductions, no
/// shared values, every written element bounded on the host, not an in-place update whose kernel
/// can fail a check, not profiled unless forced, no timeout: the arrays are held through), then
/// the runtime's policy on what the same work (`key`) did before.
pub(crate) fn batches(
    calls: &[Call<'_, '_>],
    built: &Built<'_, '_>,
    profile: bool,
    timeout: Option<Duration>,
    key: u64,
) -> Option<usize> {
    let set = setting();
    // Forced (tests), a profiled execution overlaps too, unprofiled: its report's times are the
    // host's.
    if set == Setting::Off || (profile && set != Setting::Force) || timeout.is_some() {
        return None;
    }
    let [call] = calls else { return None };
    let plan = &built.plan;
    log::trace!(
        "{}: overlap? outer {:?}, {} launches, write spans {:?}",
        call.task.jit.location,
        built.outer,
        plan.launches.len(),
        built.spans
    );
    let (count, granule) = built.outer?;
    if plan.launches.len() != 1
        || plan.carried_bytes != 0
        || !built.reduced.is_empty()
        || plan.launches.iter().any(|l| !l.partials.is_empty())
        || built.arrays.iter().any(|a| a.kept.is_some())
        || call.task.jit.kernels.iter().any(|k| k.repeat.is_some())
        || count < 2 * granule.max(1)
    {
        return None;
    }
    if built.spans.iter().any(|s| matches!(s, Some(None))) {
        return None;
    }
    // (A launch without a status word cannot fail: the host proved its checks.)
    let in_place = (0..built.arrays.len()).any(|i| built.in_place(i));
    let fallible = plan.launches.iter().any(|l| l.args.contains(&Arg::Status));
    if in_place && fallible {
        return None;
    }
    if set == Setting::Force {
        return Some(4);
    }
    let info = call.task.device.info();
    let items = plan.launches.first().map_or(0, |l| {
        l.geometry.global.iter().map(|&g| g as u64).product::<u64>()
    });
    let work = overlap::Work {
        kind: info.kind,
        unified_memory: info.unified_memory,
        compute_units: info.compute_units,
        moved: plan.moved_bytes(),
        items,
        key,
    };
    let history = *call
        .task
        .overlap_history
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    overlap::batches(&work, &history)
}

/// The batches of the last overlapped execution a task led, for the next one with the same inputs
/// (the same remembered plan, see `execute::memo`): their launches' arguments and sizes (all of
/// the whole plan's kernel) and their stages.
pub(crate) struct OverlapMemo {
    /// The remembered plan whose inputs the batches were made from.
    memo: Arc<super::memo::PlanMemo>,
    /// The batches asked for.
    m: usize,
    launches: Vec<(Vec<Arg>, Geometry)>,
    stages: Vec<Stage>,
}

/// The batches' launches and stages of `calls` in `m` batches, built afresh.
#[allow(clippy::type_complexity)]
fn plan_batches<'local, 'k>(
    env: &mut Env<'local>,
    calls: &'k [Call<'_, 'local>],
    whole: &Built<'local, 'k>,
    m: usize,
) -> Result<Result<(Vec<Launch<'k>>, Vec<Stage>), Batched>, NativeError> {
    let Some((count, granule)) = whole.outer else {
        return Ok(Err(Batched::Cannot("no outermost loop".into())));
    };
    let granule = granule.max(1);
    let per = count.div_ceil(m as u64).div_ceil(granule) * granule;
    let lens: Vec<usize> = whole.plan.arrays.iter().map(|a| a.bytes).collect();
    let mut launches = Vec::with_capacity(m);
    let mut reads = Vec::with_capacity(m);
    let mut writes = Vec::with_capacity(m);
    let mut first = 0u64;
    while first < count {
        let take = per.min(count - first);
        let c = match build(env, &calls[..1], false, Some((first, take)), false, false)? {
            Building::Plan(b) => b,
            Building::Done(o) => return Ok(Err(Batched::Ran(o))),
        };
        first += take;
        let [launch] = c.plan.launches.as_slice() else {
            return Ok(Err(Batched::Cannot(
                "a batch's plan has other launches than the whole one's".into(),
            )));
        };
        if c.plan.arrays.len() != lens.len()
            || c.plan.arrays.iter().zip(&lens).any(|(a, &l)| a.bytes != l)
        {
            return Ok(Err(Batched::Cannot(
                "a batch's plan has other arrays than the whole one's".into(),
            )));
        }
        launches.push(launch.clone());
        let mut r = Vec::with_capacity(lens.len());
        let mut w = Vec::with_capacity(lens.len());
        for (a, whole_a) in c.plan.arrays.iter().zip(&whole.plan.arrays) {
            let t = a.transfer;
            let pieces = (t.upload && whole_a.transfer.upload).then(|| t.upload_pieces(a.bytes));
            r.push(
                pieces
                    .into_iter()
                    .flatten()
                    .filter(|&(s, e)| e > s)
                    .collect(),
            );
            w.push(
                t.download
                    .then(|| ferrocl_runtime::clip(t.download_range, a.bytes)),
            );
        }
        reads.push(r);
        writes.push(w);
    }
    match overlap::stages(&lens, &reads, &writes) {
        Ok(stages) => Ok(Ok((launches, stages))),
        Err(why) => Ok(Err(Batched::Cannot(why))),
    }
}

/// Runs `calls` (one task; `whole` its plan, `key` its work key) in `m` batches with their
/// transfers overlapped. The batches are remembered with the plan's memo: an execution with the
/// same inputs reuses them instead of building each batch's plan again.
pub(crate) fn execute_overlapped<'local, 'k>(
    env: &mut Env<'local>,
    calls: &'k [Call<'_, 'local>],
    whole: &Built<'local, 'k>,
    m: usize,
    key: u64,
) -> Result<Batched, NativeError> {
    let started = std::time::Instant::now();
    let (Some(call), Some(kernel)) = (calls.first(), whole.plan.launches.first().map(|l| l.kernel))
    else {
        return Ok(Batched::Cannot("no task or no launch".into()));
    };
    let task = &call.task;
    let device = Arc::clone(&task.device);
    let remembered = whole.memo.as_ref().and_then(|memo| {
        let slot = task
            .overlap_plan
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        slot.as_ref()
            .filter(|c| Arc::ptr_eq(&c.memo, memo) && c.m == m)
            .map(|c| (c.launches.clone(), c.stages.clone()))
    });
    let task_index = whole.plan.launches.first().map_or(0, |l| l.task);
    let (launches, stages) = match remembered {
        Some((launches, stages)) => (
            launches
                .into_iter()
                .map(|(args, geometry)| Launch {
                    kernel,
                    args,
                    geometry,
                    partials: Vec::new(),
                    task: task_index,
                })
                .collect(),
            stages,
        ),
        None => {
            let (launches, stages) = match plan_batches(env, calls, whole, m)? {
                Ok(p) => p,
                Err(done) => return Ok(done),
            };
            // Remembered only where every batch runs the whole loop's kernel (a tiled kernel may
            // choose another variant for a batch's fewer rows: then each batch is built again).
            if let (Some(memo), true) = (
                &whole.memo,
                launches.iter().all(|l| std::ptr::eq(l.kernel, kernel)),
            ) {
                *task
                    .overlap_plan
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(OverlapMemo {
                    memo: Arc::clone(memo),
                    m,
                    launches: launches
                        .iter()
                        .map(|l| (l.args.clone(), l.geometry.clone()))
                        .collect(),
                    stages: stages.clone(),
                });
            }
            (launches, stages)
        }
    };
    // The arrays as the whole plan moves them (which the host writes back), the batches' launches.
    let plan = Plan {
        arrays: whole.plan.arrays.clone(),
        launches,
        ..Plan::default()
    };
    log::trace!(
        "{}: {} batches, transfers overlapped (planned in {:?})",
        task.jit.location,
        plan.launches.len(),
        started.elapsed()
    );
    let held = whole.held();
    let executed = lend(env, &[&device], &[&plan], &held, None, false, |lent| {
        device.execute_overlapped(&plan, &stages, lent)
    })?;
    let executed = executed.map_err(|e| super::runtime_error(&task.jit.location.to_string(), e))?;
    let batches = plan.launches.len();
    let total = executed.times.last().map_or(executed.waited, |t| t.total);
    if executed.failed.is_none() {
        let mut history = task
            .overlap_history
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let lost = overlap::ran_overlapped(&mut history, key, started.elapsed().max(total));
        // (Now and then: the 1st, 2nd, 4th, 8th… overlapped execution.)
        if !lost && history.overlapped.is_power_of_two() {
            log::debug!(
                "{}: {batches} batches overlapped in {:?}, as one launch {:?} on average",
                task.jit.location,
                started.elapsed(),
                history.single_mean(),
            );
        }
        if lost {
            log::debug!(
                "{}: overlapped in {:?}, as one launch {:?} on average ({} losses in a row)",
                task.jit.location,
                started.elapsed(),
                history.single_mean(),
                history.losses
            );
        }
    }
    // What `conclude` reads: the launches (for the statistics); no reductions.
    let concluded = Built {
        arrays: Vec::new(),
        reduced: Vec::new(),
        plan,
        launch_reductions: vec![Vec::new(); batches],
        outer: None,
        spans: Vec::new(),
        read_spans: Vec::new(),
        host_reads: Vec::new(),
        memo: None,
    };
    let mut outcome = conclude(env, &calls[..1], concluded, &[executed])?;
    if let Some(s) = outcome.stats.first_mut() {
        s.total = started.elapsed();
        s.batches = u32::try_from(batches).unwrap_or(u32::MAX);
        // The geometry of the loop as one launch (the batches' are parts of it).
        if let Some(l) = whole.plan.launches.first() {
            s.global = l.geometry.global.clone();
            s.local = l.geometry.local.clone();
        }
    }
    Ok(Batched::Ran(outcome))
}
