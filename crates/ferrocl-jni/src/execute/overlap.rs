//! An execution whose transfers overlap its kernels (see `ferrocl_runtime::overlap`): the task's
//! loop cut into batches, each built as a launch over its part of the loop on buffers of the
//! whole arrays, with what it reads and writes from its plan's transfers.

use std::sync::Arc;
use std::time::Duration;

use ferrocl_runtime::overlap::{self, Stage};
use ferrocl_runtime::plan::Plan;
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

/// The bytes a plan moves between host and device (uploads and downloads, whole arrays).
pub(crate) fn moved(plan: &Plan<'_>) -> u64 {
    plan.arrays
        .iter()
        .map(|a| {
            let up = if a.transfer.upload { a.bytes } else { 0 };
            let down = if a.transfer.download { a.bytes } else { 0 };
            (up + down) as u64
        })
        .sum()
}

/// How many batches `calls` run in, their transfers overlapped: `None` for one launch. The task's
/// shape first (one task, one launch of a `@Parallel` loop, no kept arrays, no reductions, no
/// shared values, every written element bounded on the host, not an in-place update whose kernel
/// can fail a check, not profiled unless forced, no timeout: the arrays are held through), then the runtime's
/// policy on what the same work (`key`) did before.
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
    let fallible = plan
        .launches
        .iter()
        .any(|l| l.args.contains(&ferrocl_runtime::plan::Arg::Status));
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
        moved: moved(plan),
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

/// Runs `calls` (one task; `whole` its plan) in `m` batches with their transfers overlapped.
pub(crate) fn execute_overlapped<'local>(
    env: &mut Env<'local>,
    calls: &[Call<'_, 'local>],
    whole: &Built<'local, '_>,
    m: usize,
    key: u64,
) -> Result<Batched, NativeError> {
    let started = std::time::Instant::now();
    let Some((count, granule)) = whole.outer else {
        return Ok(Batched::Cannot("no outermost loop".into()));
    };
    let Some(device) = calls.first().map(|c| Arc::clone(&c.task.device)) else {
        return Ok(Batched::Cannot("no task".into()));
    };
    let granule = granule.max(1);
    let per = count.div_ceil(m as u64).div_ceil(granule) * granule;
    let mut chunks: Vec<Box<Built<'local, '_>>> = Vec::with_capacity(m);
    let mut first = 0u64;
    while first < count {
        let take = per.min(count - first);
        match build(env, &calls[..1], false, Some((first, take)), false, false)? {
            Building::Plan(b) => chunks.push(b),
            Building::Done(o) => return Ok(Batched::Ran(o)),
        }
        first += take;
    }
    let lens: Vec<usize> = whole.plan.arrays.iter().map(|a| a.bytes).collect();
    let mut reads = Vec::with_capacity(chunks.len());
    let mut writes = Vec::with_capacity(chunks.len());
    for c in &chunks {
        if c.plan.launches.len() != 1
            || c.plan.arrays.len() != lens.len()
            || c.plan.arrays.iter().zip(&lens).any(|(a, &l)| a.bytes != l)
        {
            return Ok(Batched::Cannot(
                "a batch's plan differs from the whole one's".into(),
            ));
        }
        let mut r = Vec::with_capacity(lens.len());
        let mut w = Vec::with_capacity(lens.len());
        for (a, whole_a) in c.plan.arrays.iter().zip(&whole.plan.arrays) {
            let t = a.transfer;
            let mut pieces = Vec::new();
            if t.upload && whole_a.transfer.upload {
                let (from, to) = ferrocl_runtime::clip(t.upload_range, a.bytes);
                let (skip_from, skip_to) = t
                    .skip
                    .map_or((to, to), |s| ferrocl_runtime::clip(Some(s), a.bytes));
                for (s, e) in [
                    (from, from.max(skip_from.min(to))),
                    (skip_to.clamp(from, to), to),
                ] {
                    if e > s {
                        pieces.push((s, e));
                    }
                }
            }
            r.push(pieces);
            w.push(
                t.download
                    .then(|| ferrocl_runtime::clip(t.download_range, a.bytes)),
            );
        }
        reads.push(r);
        writes.push(w);
    }
    let stages: Vec<Stage> = match overlap::stages(&lens, &reads, &writes) {
        Ok(s) => s,
        Err(why) => return Ok(Batched::Cannot(why)),
    };
    let mut chunks = chunks.into_iter();
    let Some(mut lead) = chunks.next() else {
        return Ok(Batched::Cannot("no batch".into()));
    };
    for c in chunks {
        lead.plan.launches.extend(c.plan.launches.iter().cloned());
    }
    // The arrays as the whole plan moves them (which the host writes back), the batches' launches.
    let plan = Plan {
        arrays: whole.plan.arrays.clone(),
        launches: lead.plan.launches.clone(),
        ..Plan::default()
    };
    log::trace!(
        "{}: {} batches of {per} iterations, transfers overlapped (planned in {:?})",
        calls[0].task.jit.location,
        plan.launches.len(),
        started.elapsed()
    );
    let held = whole.held();
    let executed = lend(env, &[&device], &[&plan], &held, None, false, |lent| {
        device.execute_overlapped(&plan, &stages, lent)
    })?;
    let executed =
        executed.map_err(|e| super::runtime_error(&calls[0].task.jit.location.to_string(), e))?;
    let batches = plan.launches.len();
    let total = executed.times.last().map_or(executed.waited, |t| t.total);
    if executed.failed.is_none() {
        let task = &calls[0].task;
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
    let mut outcome = conclude(env, &calls[..1], *lead, &[executed])?;
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
