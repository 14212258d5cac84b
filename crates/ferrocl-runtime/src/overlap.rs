//! One execution's transfers overlapped with its kernels: the loop cut into batches, each batch's
//! uploads on one queue, its kernel on a second once they are done, its results on a third once
//! the kernel is, so that while batch `b` computes, batch `b + 1` goes up and batch `b - 1` comes
//! down. PCIe moves data both ways at once: measured on an H200 (`bench-native/overlap.c`, host
//! memory registered as Ferrocl registers Java arrays), `c = a + b` over 16 Mi floats takes 3.73
//! ms as upload, kernel, download and 2.74 ms in 8 batches (1.36×), an in-place update of 64 MiB
//! 2.55 → 1.57 ms (1.63×), a kernel that reads 64 MiB and writes 8 MiB 1.40 → 1.29 ms (1.09×); 48
//! MiB moved still gains 1.29× in 8 batches.
//!
//! Policy ([`batches`]): measured, not guessed alone: the same work runs as one launch first,
//! and stops overlapping once it lost to its mean single launch [`MAX_LOSSES`] times in a row
//! (on the H200 overlapping lost where a batch's kernel cannot fill the device, which
//! [`MIN_ITEMS_PER_UNIT`] rules out, and where most bytes must go up before any kernel).
//!
//! Received: a [`Plan`] whose launches are the batches, in loop order (each over its part of the
//! loop, on buffers of the whole arrays), one [`Stage`] per launch (what must be uploaded before
//! it, what it writes), and the host arrays, which the host holds for the whole execution
//! ([`HostAccess::pinned`] once: with a JVM, no garbage is collected meanwhile, so
//! [`batches`] offers this only for work whose kernels were seen to be short).
//! Guaranteed: batch `b`'s kernel starts only once every upload of stages `0..=b` finished; its
//! results are copied into the host arrays once its kernel finished and, when a launch can fail a
//! check, once its status word and every earlier one read 0: a failed check leaves the batches
//! from the failed one on unlanded (their host bytes untouched) and what the earlier ones wrote in
//! place, which is what the JVM's rerun writes again for those iterations when the loop reads no
//! array it writes (the caller's promise: [`stages`] refuses no such loop by itself). When the call
//! returns, also with an error, no command of it still references host memory.
//! Refused: kernels built on another device, plans with kept copies, windows, reductions, a carried
//! buffer, shared status words or profiling; stages out of the arrays' bounds.

use std::time::{Duration, Instant};

use opencl3::memory::{Buffer, ClMem};
use opencl3::types::{cl_event, CL_NON_BLOCKING};

use crate::error::{cl, RuntimeError};
use crate::executor::{finish, set_kernel_args, spin_limit, wait_event, Executed, HostAccess};
use crate::fault::Counted as Event;
use crate::launch::{validate, KernelArg, LaunchTimes};
use crate::plan::{Arg, Plan};
use crate::{Device, DeviceKind};

/// Bytes an execution must move (up and down together) before overlapping pays.
pub const OVERLAP_FROM_BYTES: u64 = 16 << 20;

/// The longest the launches of the same work may have taken (when last run without overlap) for
/// it to overlap: the host arrays stay pinned through the kernels, so a JVM collects no garbage
/// meanwhile.
pub const OVERLAP_KERNEL_LIMIT: Duration = Duration::from_millis(4);

/// The transfers that go with one batch: byte ranges `(array, from, to)` of the host arrays.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Stage {
    /// Uploaded before the batch's kernel (and after those of earlier batches).
    pub uploads: Vec<(usize, usize, usize)>,
    /// Downloaded after the batch's kernel.
    pub downloads: Vec<(usize, usize, usize)>,
}

/// Work-items each batch must have per compute unit: a batch of fewer leaves the device partly
/// idle while it runs, and the batches' kernels, run one after another, then take longer than one
/// launch (measured on the H200: a 4096-row matrix-vector product, one work-item per row, took
/// 2.3× as long in 8 batches).
pub const MIN_ITEMS_PER_UNIT: u64 = 1024;

/// What decides whether an execution overlaps (see [`batches`]).
#[derive(Debug, Clone, Copy)]
pub struct Work {
    /// The device's kind.
    pub kind: DeviceKind,
    /// The device works in host memory (then nothing is copied to overlap).
    pub unified_memory: bool,
    /// The device's compute units.
    pub compute_units: u32,
    /// Bytes the execution moves, up and down together.
    pub moved: u64,
    /// Work-items of its launch.
    pub items: u64,
    /// Its key ([`Plan::work_key`]).
    pub key: u64,
}

/// What the same work did before: its key, how long its launches took when last run as one
/// launch, and how long its executions as one launch took on average (the first
/// [`SINGLE_SAMPLES`]). One work per task: another work's execution starts afresh.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct History {
    /// The work these times are of ([`Plan::work_key`]).
    pub key: u64,
    /// How long the launches took, the last time it ran as one launch.
    pub kernels: Option<Duration>,
    /// The executions as one launch timed, and their total time.
    pub singles: u32,
    /// Their total time.
    pub single_time: Duration,
    /// Overlapped executions in a row that took longer than the mean single launch.
    pub losses: u32,
    /// Overlapped executions of the work.
    pub overlapped: u32,
}

impl History {
    /// The mean time of the work's executions as one launch.
    pub fn single_mean(&self) -> Option<Duration> {
        (self.singles > 0).then(|| self.single_time / self.singles)
    }
}

/// Executions as one launch that [`History`] averages.
pub const SINGLE_SAMPLES: u32 = 32;

/// Overlapped executions in a row slower than the work's mean single launch after which it stops
/// overlapping.
pub const MAX_LOSSES: u32 = 2;

/// How many batches `work` runs in, its transfers overlapped with its kernels: `None` for one
/// launch. Only on a GPU with its own memory, for work that moves at least [`OVERLAP_FROM_BYTES`]
/// (below, a batch's own cost, its commands and events, outweighs the gain) and less than
/// [`crate::split::STREAM_FROM_BYTES`] (from there on, streaming with nothing held takes over),
/// whose launches were short the last time they ran as one launch ([`OVERLAP_KERNEL_LIMIT`]: the
/// host arrays stay pinned through the kernels) and which has not lost to its mean single launch
/// [`MAX_LOSSES`] times in a row. About 4 MiB moved per batch, 2 to 8 batches (the H200's gain
/// levels off at 8), each of at least [`MIN_ITEMS_PER_UNIT`] work-items per compute unit.
pub fn batches(work: &Work, history: &History) -> Option<usize> {
    let known = history.key == work.key;
    let short = known && history.kernels.is_some_and(|t| t <= OVERLAP_KERNEL_LIMIT);
    if work.kind != DeviceKind::Gpu
        || work.unified_memory
        || !short
        || history.singles == 0
        || history.losses >= MAX_LOSSES
        || !(OVERLAP_FROM_BYTES..crate::split::STREAM_FROM_BYTES).contains(&work.moved)
    {
        return None;
    }
    let by_bytes = (work.moved / (4 << 20)).clamp(2, 8);
    let by_items = work.items / (u64::from(work.compute_units.max(1)) * MIN_ITEMS_PER_UNIT);
    let m = by_bytes.min(by_items);
    (m >= 2).then_some(m as usize)
}

/// `history` after an execution of `key` that ran as one launch (its launches took `kernels`,
/// the whole execution `total`).
pub fn ran_single(history: &mut History, key: u64, kernels: Duration, total: Duration) {
    if history.key != key {
        *history = History {
            key,
            ..History::default()
        };
    }
    history.kernels = Some(kernels);
    if history.singles < SINGLE_SAMPLES {
        history.singles += 1;
        history.single_time += total;
    }
}

/// `history` after an overlapped execution of `key` that took `total`: whether it lost to the mean
/// single launch.
pub fn ran_overlapped(history: &mut History, key: u64, total: Duration) -> bool {
    if history.key != key {
        return false;
    }
    history.overlapped = history.overlapped.saturating_add(1);
    let lost = history.single_mean().is_some_and(|b| total >= b);
    history.losses = if lost { history.losses + 1 } else { 0 };
    lost
}

/// Subtracts the intervals in `covered` (sorted, disjoint) from `[from, to)`: the pieces left, in
/// order.
fn uncovered(covered: &[(usize, usize)], from: usize, to: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut at = from;
    for &(s, e) in covered {
        if e <= at {
            continue;
        }
        if s >= to {
            break;
        }
        if s > at {
            out.push((at, s));
        }
        at = at.max(e);
        if at >= to {
            break;
        }
    }
    if at < to {
        out.push((at, to));
    }
    out
}

/// Adds `[from, to)` to `covered` (kept sorted and disjoint, touching intervals merged).
fn cover(covered: &mut Vec<(usize, usize)>, from: usize, to: usize) {
    if to <= from {
        return;
    }
    covered.push((from, to));
    covered.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(covered.len());
    for &(s, e) in covered.iter() {
        match merged.last_mut() {
            Some(last) if s <= last.1 => last.1 = last.1.max(e),
            _ => merged.push((s, e)),
        }
    }
    *covered = merged;
}

fn meets(ranges: &[(usize, usize)], from: usize, to: usize) -> bool {
    ranges.iter().any(|&(s, e)| s < to && from < e)
}

/// The stages of batches that read `reads[b][i]` (byte ranges of array `i` batch `b` needs from the
/// host) and write `writes[b][i]` (the byte range of array `i` it writes, which comes back), for
/// arrays of `lens` bytes. Each byte goes up once, with the first batch that needs it; a range
/// that an earlier batch writes (an in-place update reading its neighbours) cannot go up after
/// that batch's kernel, so such an array goes up whole, with the first stage, as far as any batch
/// reads it. Refused (`Err`, why): two batches writing the same bytes, ranges outside an array.
pub fn stages(
    lens: &[usize],
    reads: &[Vec<Vec<(usize, usize)>>],
    writes: &[Vec<Option<(usize, usize)>>],
) -> Result<Vec<Stage>, String> {
    let n = lens.len();
    let batches = reads.len();
    if writes.len() != batches {
        return Err(format!(
            "{batches} batches of reads, {} of writes",
            writes.len()
        ));
    }
    for (b, (r, w)) in reads.iter().zip(writes).enumerate() {
        if r.len() != n || w.len() != n {
            return Err(format!("batch {b}: ranges for another number of arrays"));
        }
        let out = |&(s, e): &(usize, usize), i: usize| s > e || e > lens[i];
        for i in 0..n {
            if r[i].iter().any(|x| out(x, i)) || w[i].as_ref().is_some_and(|x| out(x, i)) {
                return Err(format!("batch {b}: a range outside array {i}"));
            }
        }
    }
    // Writes of different batches are disjoint.
    for i in 0..n {
        let mut spans: Vec<(usize, usize)> = writes
            .iter()
            .filter_map(|w| w[i])
            .filter(|&(s, e)| e > s)
            .collect();
        spans.sort_unstable();
        if !spans.windows(2).all(|p| p[0].1 <= p[1].0) {
            return Err(format!("two batches write the same bytes of array {i}"));
        }
    }
    // Arrays some batch reads where an earlier one writes: whole at the first stage.
    let mut upfront = vec![false; n];
    for (i, up) in upfront.iter_mut().enumerate() {
        let mut written: Vec<(usize, usize)> = Vec::new();
        for b in 0..batches {
            if reads[b][i].iter().any(|&(s, e)| meets(&written, s, e)) {
                *up = true;
                break;
            }
            if let Some((s, e)) = writes[b][i] {
                cover(&mut written, s, e);
            }
        }
    }
    let mut out = vec![Stage::default(); batches];
    let mut covered: Vec<Vec<(usize, usize)>> = vec![Vec::new(); n];
    for b in 0..batches {
        for i in 0..n {
            let ranges: Vec<(usize, usize)> = if upfront[i] {
                if b > 0 {
                    continue;
                }
                // Their union, in as few pieces as it has.
                let mut union = Vec::new();
                for &(s, e) in reads.iter().flat_map(|r| r[i].iter()) {
                    cover(&mut union, s, e);
                }
                union
            } else {
                reads[b][i].clone()
            };
            for (s, e) in ranges {
                for (ps, pe) in uncovered(&covered[i], s, e) {
                    out[b].uploads.push((i, ps, pe));
                    cover(&mut covered[i], ps, pe);
                }
            }
        }
        for (i, w) in writes[b].iter().enumerate() {
            if let Some((s, e)) = *w {
                if e > s {
                    out[b].downloads.push((i, s, e));
                }
            }
        }
    }
    Ok(out)
}

/// The device buffers of an overlapped execution, given back once no command uses them.
struct Buffers<'d> {
    device: &'d Device,
    /// `(pool size, buffer)`; status words last.
    held: Vec<(usize, Buffer<u8>)>,
    /// Some command may still use them: release, do not pool.
    busy: bool,
}

impl Drop for Buffers<'_> {
    fn drop(&mut self) {
        for (size, b) in self.held.drain(..) {
            if self.busy {
                crate::fault::returned();
                drop(b);
            } else {
                self.device.give_buffer(size, b);
            }
        }
    }
}

/// The three queues of an overlapped execution; dropping finishes them all (so that no command
/// still references host memory or buffers).
struct Queues<'d> {
    up: &'d opencl3::command_queue::CommandQueue,
    run: &'d opencl3::command_queue::CommandQueue,
    down: &'d opencl3::command_queue::CommandQueue,
    /// Every command finished.
    idle: bool,
}

impl Queues<'_> {
    fn flush(&self) -> Result<(), RuntimeError> {
        for q in [self.up, self.run, self.down] {
            q.flush().map_err(cl("clFlush"))?;
        }
        Ok(())
    }

    /// Waits for every command: the first error's code.
    fn finish(&mut self) -> Result<(), i32> {
        let mut first = Ok(());
        for q in [self.down, self.run, self.up] {
            if let Err(code) = finish(q) {
                let _ = q.finish();
                if first.is_ok() {
                    first = Err(code);
                }
            }
        }
        self.idle = first.is_ok();
        first
    }
}

impl Drop for Queues<'_> {
    fn drop(&mut self) {
        if !self.idle {
            for q in [self.down, self.run, self.up] {
                let _ = q.finish();
            }
        }
    }
}

fn event_list(ev: Option<&Event>) -> Vec<cl_event> {
    ev.map(|e| e.get()).into_iter().collect()
}

impl Device {
    /// Runs `plan`'s launches (batches of one loop, in order) with the transfers of `stages`
    /// overlapped (see the module docs) over the arrays `host` lends, held for the whole
    /// execution.
    pub fn execute_overlapped(
        &self,
        plan: &Plan<'_>,
        stages: &[Stage],
        host: &mut dyn HostAccess,
    ) -> Result<Executed, RuntimeError> {
        let _transfers = self.shared_transfers();
        self.settle_abandoned(host)?;
        let started = Instant::now();
        let invalid = RuntimeError::InvalidLaunch;
        let lens = host.byte_lens();
        let m = plan.launches.len();
        if lens.len() != plan.arrays.len() || stages.len() != m {
            return Err(invalid(format!(
                "{} host arrays and {} stages for a plan of {} arrays and {m} launches",
                lens.len(),
                stages.len(),
                plan.arrays.len()
            )));
        }
        if plan.profile || plan.carried_bytes != 0 {
            return Err(invalid(
                "an overlapped execution is neither profiled nor carries values".into(),
            ));
        }
        for (i, (&len, a)) in lens.iter().zip(&plan.arrays).enumerate() {
            if len != a.bytes || a.resident.is_some() || a.window.is_some() {
                return Err(invalid(format!(
                    "array {i}: {len} host bytes for {} (an overlapped execution has no kept copies \
                     or windows)",
                    a.bytes
                )));
            }
        }
        for (b, st) in stages.iter().enumerate() {
            for &(i, s, e) in st.uploads.iter().chain(&st.downloads) {
                if lens.get(i).is_none_or(|&len| s > e || e > len) {
                    return Err(invalid(format!(
                        "stage {b}: bytes [{s}, {e}) of array {i}, outside it"
                    )));
                }
            }
        }
        let arrays = plan.arrays.len();
        let mut sizes: Vec<usize> = plan.arrays.iter().map(|a| a.bytes).collect();
        sizes.extend(std::iter::repeat_n(4, m));
        let mut launch_args: Vec<Vec<KernelArg>> = Vec::with_capacity(m);
        for (k, l) in plan.launches.iter().enumerate() {
            self.check_built_here(l.kernel)?;
            if !l.partials.is_empty() {
                return Err(invalid(
                    "an overlapped launch has no partial results".into(),
                ));
            }
            let mut args = Vec::with_capacity(l.args.len());
            for a in &l.args {
                args.push(match *a {
                    Arg::Value(v) => v,
                    Arg::Array(i) => KernelArg::Buffer(i),
                    Arg::Status | Arg::NoStatus => KernelArg::Buffer(arrays + k),
                    _ => {
                        return Err(invalid(format!(
                            "launch {k}: an argument an overlapped execution does not bind ({a:?})"
                        )))
                    }
                });
            }
            let local = (!l.geometry.local.is_empty()).then_some(l.geometry.local.as_slice());
            validate(
                &self.limits(l.kernel),
                &sizes,
                &args,
                &l.geometry.global,
                local,
            )?;
            launch_args.push(args);
        }
        self.launches
            .fetch_add(m as u64, std::sync::atomic::Ordering::Relaxed);
        let checked: Vec<bool> = plan
            .launches
            .iter()
            .map(|l| l.args.contains(&Arg::Status))
            .collect();
        let fallible = checked.iter().any(|&c| c);

        // Declared before the queues, so that they outlive every command (the queues' drop
        // finishes them).
        let mut status = vec![0u8; 4 * m];
        let mut times = vec![LaunchTimes::default(); m];
        let mut buffers = Buffers {
            device: self,
            held: Vec::with_capacity(arrays + m),
            busy: false,
        };
        for a in &plan.arrays {
            let size = if a.bytes == 0 {
                crate::executor::EMPTY_BYTES
            } else {
                a.bytes
            };
            buffers.held.push((size, self.take_buffer(size)?));
        }
        let mut queues = Queues {
            up: &self.side_queue,
            run: &self.plain_queue,
            down: &self.down_queue,
            idle: true,
        };
        let zero = [0u8; 4];
        for _ in 0..m {
            buffers.held.push((4, self.take_buffer(4)?));
            crate::fault::check("clEnqueueFillBuffer")?;
            queues.idle = false;
            let Some((_, b)) = buffers.held.last_mut() else {
                return Err(invalid("no status buffer".into()));
            };
            // SAFETY: the 4-byte pattern fills the 4-byte buffer; `zero` outlives the command
            // (the queues are finished before this call returns).
            unsafe { queues.run.enqueue_fill_buffer(b, &zero, 0, 4, &[]) }
                .map_err(cl("clEnqueueFillBuffer"))?;
        }
        let mut failed: Option<(usize, i32)> = None;
        let spin = spin_limit(self.info.kind);
        let mut outcome: Result<(), RuntimeError> = Ok(());

        host.pinned(true, &mut |h| {
            let run = &mut || -> Result<(), RuntimeError> {
                let mut uploaded: Option<Event> = None;
                let mut ran: Vec<Event> = Vec::with_capacity(m);
                let mut read: Vec<Option<Event>> = Vec::with_capacity(m);
                for (b, (l, args)) in plan.launches.iter().zip(&launch_args).enumerate() {
                    for &(i, s, e) in &stages[b].uploads {
                        if e == s {
                            continue;
                        }
                        let data = h
                            .get(i)
                            .map(|d| d.as_bytes())
                            .and_then(|d| d.get(s..e))
                            .ok_or_else(|| {
                                invalid(format!("array {i}: no host bytes [{s}, {e})"))
                            })?;
                        crate::fault::check("clEnqueueWriteBuffer")?;
                        queues.idle = false;
                        let target = &mut buffers.held[i].1;
                        // SAFETY: `[s, e)` lies within the buffer (as large as the array); the
                        // host bytes stay pinned until every queue finished (`queues`).
                        let ev = unsafe {
                            queues
                                .up
                                .enqueue_write_buffer(target, CL_NON_BLOCKING, s, data, &[])
                        }
                        .map_err(cl("clEnqueueWriteBuffer"))?;
                        times[b].bytes_uploaded += data.len() as u64;
                        uploaded = Some(Event::new(ev));
                    }
                    let k = l.kernel.lock();
                    set_kernel_args(&k, args, |x| buffers.held.get(x).map(|(_, b)| b.get()))?;
                    let g = &l.geometry;
                    let local = if g.local.is_empty() {
                        std::ptr::null()
                    } else {
                        g.local.as_ptr()
                    };
                    crate::fault::check("clEnqueueNDRangeKernel")?;
                    queues.idle = false;
                    // SAFETY: global and local have 1..=3 validated entries; every argument is
                    // set; the wait list holds live events.
                    let ev = unsafe {
                        queues.run.enqueue_nd_range_kernel(
                            k.get(),
                            g.global.len() as u32,
                            std::ptr::null(),
                            g.global.as_ptr(),
                            local,
                            &event_list(uploaded.as_ref()),
                        )
                    }
                    .map_err(cl("clEnqueueNDRangeKernel"))?;
                    drop(k);
                    ran.push(Event::new(ev));
                    if checked[b] {
                        crate::fault::check("clEnqueueReadBuffer")?;
                        let word = &mut status[4 * b..4 * b + 4];
                        // SAFETY: 4 bytes of the 4-byte status buffer into `status`, which
                        // outlives the command (the queues are finished before it is read or
                        // dropped).
                        let ev = unsafe {
                            queues.run.enqueue_read_buffer(
                                &buffers.held[arrays + b].1,
                                CL_NON_BLOCKING,
                                0,
                                word,
                                &[],
                            )
                        }
                        .map_err(cl("clEnqueueReadBuffer"))?;
                        read.push(Some(Event::new(ev)));
                    } else {
                        read.push(None);
                    }
                    if !fallible {
                        download(
                            &mut queues,
                            &buffers,
                            h,
                            &stages[b],
                            ran.last(),
                            &mut times[b],
                        )?;
                    }
                    queues.flush()?;
                }
                if fallible {
                    // Each batch lands once its check and every earlier one passed.
                    for b in 0..m {
                        if let Some(ev) = &read[b] {
                            wait_event(ev, &mut Held, true, spin)?;
                            let code = i32::from_ne_bytes([
                                status[4 * b],
                                status[4 * b + 1],
                                status[4 * b + 2],
                                status[4 * b + 3],
                            ]);
                            if code != 0 {
                                failed = Some((b, code));
                                break;
                            }
                        }
                        download(
                            &mut queues,
                            &buffers,
                            h,
                            &stages[b],
                            ran.get(b),
                            &mut times[b],
                        )?;
                        queues.down.flush().map_err(cl("clFlush"))?;
                    }
                }
                queues
                    .finish()
                    .map_err(|code| RuntimeError::opencl("an overlapped execution", code))
            };
            outcome = run();
            if outcome.is_err() {
                // Nothing may touch the arrays once they are let go.
                let _ = queues.finish();
            }
            Ok(())
        })?;
        if outcome.is_err() && !queues.idle {
            buffers.busy = true;
        }
        if let Err(e) = outcome {
            let landed = times.iter().any(|t| t.bytes_downloaded > 0);
            return Err(match e {
                RuntimeError::OpenCl { code, .. } if landed => RuntimeError::opencl(
                    "an overlapped execution (arrays the loop writes may hold the results of its \
                     first batches)",
                    code,
                ),
                e => e,
            });
        }
        let total = started.elapsed();
        if let Some(t) = times.last_mut() {
            t.kernel = total;
            t.total = total;
        }
        Ok(Executed {
            failed,
            partials: vec![Vec::new(); m],
            times,
            discarded: failed.is_some(),
            waited: total,
        })
    }
}

/// The host [`wait_event`] is given while the arrays are held: it is never asked anything.
struct Held;

impl HostAccess for Held {
    fn byte_lens(&self) -> Vec<usize> {
        Vec::new()
    }
    fn stable(&self) -> bool {
        false
    }
    fn pinned(
        &mut self,
        _writes: bool,
        _f: &mut dyn FnMut(&mut [crate::HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        Err(RuntimeError::InvalidLaunch(
            "the arrays are held already".into(),
        ))
    }
}

/// Enqueues the downloads of one stage on the download queue, after `after` (the batch's kernel).
fn download(
    queues: &mut Queues<'_>,
    buffers: &Buffers<'_>,
    host: &mut [crate::HostData<'_>],
    stage: &Stage,
    after: Option<&Event>,
    times: &mut LaunchTimes,
) -> Result<(), RuntimeError> {
    let wait = event_list(after);
    for &(i, s, e) in &stage.downloads {
        if e == s {
            continue;
        }
        let data = host
            .get_mut(i)
            .map(|d| d.as_bytes_mut())
            .and_then(|d| d.get_mut(s..e))
            .ok_or_else(|| {
                RuntimeError::InvalidLaunch(format!("array {i}: no host bytes [{s}, {e})"))
            })?;
        crate::fault::check("clEnqueueReadBuffer")?;
        queues.idle = false;
        // SAFETY: `[s, e)` lies within the buffer; the host bytes stay pinned until every queue
        // finished; the wait list holds a live event.
        unsafe {
            queues
                .down
                .enqueue_read_buffer(&buffers.held[i].1, CL_NON_BLOCKING, s, data, &wait)
        }
        .map_err(cl("clEnqueueReadBuffer"))?;
        times.bytes_downloaded += data.len() as u64;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uncovered_pieces() {
        assert_eq!(uncovered(&[], 0, 10), vec![(0, 10)]);
        assert_eq!(
            uncovered(&[(2, 4), (6, 8)], 0, 10),
            vec![(0, 2), (4, 6), (8, 10)]
        );
        assert_eq!(uncovered(&[(0, 10)], 3, 7), Vec::<(usize, usize)>::new());
        assert_eq!(uncovered(&[(0, 5)], 3, 7), vec![(5, 7)]);
        let mut c = vec![(0, 2)];
        cover(&mut c, 2, 4);
        cover(&mut c, 6, 8);
        assert_eq!(c, vec![(0, 4), (6, 8)]);
        cover(&mut c, 3, 7);
        assert_eq!(c, vec![(0, 8)]);
    }

    /// c = a + b in 3 batches: each uploads its parts of a and b, downloads its part of c.
    #[test]
    fn map_stages() {
        let lens = [300, 300, 300];
        let reads: Vec<Vec<Vec<(usize, usize)>>> = (0..3)
            .map(|b| {
                vec![
                    vec![(b * 100, b * 100 + 100)],
                    vec![(b * 100, b * 100 + 100)],
                    vec![],
                ]
            })
            .collect();
        let writes: Vec<Vec<Option<(usize, usize)>>> = (0..3)
            .map(|b| vec![None, None, Some((b * 100, b * 100 + 100))])
            .collect();
        let s = stages(&lens, &reads, &writes).expect("stages");
        for (b, st) in s.iter().enumerate() {
            assert_eq!(
                st.uploads,
                vec![(0, b * 100, b * 100 + 100), (1, b * 100, b * 100 + 100)]
            );
            assert_eq!(st.downloads, vec![(2, b * 100, b * 100 + 100)]);
        }
    }

    /// A stencil reading one element beyond its part on each side: each byte goes up once.
    #[test]
    fn overlapping_reads_go_up_once() {
        let lens = [400, 400];
        let reads: Vec<Vec<Vec<(usize, usize)>>> = (0..4)
            .map(|b: usize| {
                vec![
                    vec![((b * 100).saturating_sub(4), (b * 100 + 104).min(400))],
                    vec![],
                ]
            })
            .collect();
        let writes: Vec<Vec<Option<(usize, usize)>>> = (0..4)
            .map(|b| vec![None, Some((b * 100, b * 100 + 100))])
            .collect();
        let s = stages(&lens, &reads, &writes).expect("stages");
        assert_eq!(s[0].uploads, vec![(0, 0, 104)]);
        assert_eq!(s[1].uploads, vec![(0, 104, 204)]);
        assert_eq!(s[3].uploads, vec![(0, 304, 400)]);
        let total: usize = s
            .iter()
            .flat_map(|x| &x.uploads)
            .map(|&(_, a, b)| b - a)
            .sum();
        assert_eq!(total, 400);
    }

    /// An in-place update reading a neighbour an earlier batch writes: the array goes up whole
    /// before the first kernel.
    #[test]
    fn in_place_neighbours_go_up_first() {
        let lens = [400];
        let reads: Vec<Vec<Vec<(usize, usize)>>> = (0..4)
            .map(|b: usize| vec![vec![((b * 100).saturating_sub(4), b * 100 + 100)]])
            .collect();
        let writes: Vec<Vec<Option<(usize, usize)>>> = (0..4)
            .map(|b| vec![Some((b * 100, b * 100 + 100))])
            .collect();
        let s = stages(&lens, &reads, &writes).expect("stages");
        assert_eq!(s[0].uploads, vec![(0, 0, 400)]);
        assert!(s[1..].iter().all(|x| x.uploads.is_empty()));
        // A plain in-place update (each batch reads only what it writes) goes up per batch.
        let reads: Vec<Vec<Vec<(usize, usize)>>> = (0..4)
            .map(|b: usize| vec![vec![(b * 100, b * 100 + 100)]])
            .collect();
        let s = stages(&lens, &reads, &writes).expect("stages");
        assert_eq!(s[2].uploads, vec![(0, 200, 300)]);
    }

    #[test]
    fn refusals() {
        let lens = [100];
        let reads = vec![vec![vec![]], vec![vec![]]];
        let twice = vec![vec![Some((0, 60))], vec![Some((50, 100))]];
        assert!(stages(&lens, &reads, &twice).is_err());
        let outside = vec![vec![Some((0, 60))], vec![Some((60, 101))]];
        assert!(stages(&lens, &reads, &outside).is_err());
    }

    #[test]
    fn policy() {
        let mb = |n: u64| n << 20;
        let work = Work {
            kind: DeviceKind::Gpu,
            unified_memory: false,
            compute_units: 132,
            moved: mb(192),
            items: 16 << 20,
            key: 7,
        };
        let mut h = History::default();
        // Nothing known of the work: one launch, timed.
        assert_eq!(batches(&work, &h), None);
        ran_single(
            &mut h,
            7,
            Duration::from_micros(300),
            Duration::from_millis(4),
        );
        assert_eq!(batches(&work, &h), Some(8));
        assert_eq!(
            batches(
                &Work {
                    moved: mb(16),
                    ..work
                },
                &h
            ),
            Some(4)
        );
        assert_eq!(
            batches(
                &Work {
                    moved: mb(8),
                    ..work
                },
                &h
            ),
            None
        );
        assert_eq!(
            batches(
                &Work {
                    moved: 4 << 30,
                    ..work
                },
                &h
            ),
            None
        );
        assert_eq!(
            batches(
                &Work {
                    unified_memory: true,
                    ..work
                },
                &h
            ),
            None
        );
        assert_eq!(
            batches(
                &Work {
                    kind: DeviceKind::Cpu,
                    ..work
                },
                &h
            ),
            None
        );
        assert_eq!(batches(&Work { key: 8, ..work }, &h), None);
        // Too few work-items to fill the device in several batches (4096 rows, one each).
        assert_eq!(
            batches(
                &Work {
                    items: 4096,
                    ..work
                },
                &h
            ),
            None
        );
        assert_eq!(
            batches(
                &Work {
                    items: 3 * 132 * 1024,
                    ..work
                },
                &h
            ),
            Some(3)
        );
        // Long kernels: one launch.
        let mut long = h;
        ran_single(
            &mut long,
            7,
            Duration::from_millis(50),
            Duration::from_millis(60),
        );
        assert_eq!(batches(&work, &long), None);
        // Slower than the mean single launch (4 ms) twice in a row: one launch from then on.
        assert!(!ran_overlapped(&mut h, 7, Duration::from_millis(3)));
        assert!(ran_overlapped(&mut h, 7, Duration::from_millis(5)));
        assert_eq!(batches(&work, &h), Some(8));
        assert!(ran_overlapped(&mut h, 7, Duration::from_millis(5)));
        assert_eq!(batches(&work, &h), None);
        // Other work starts afresh.
        ran_single(
            &mut h,
            9,
            Duration::from_micros(300),
            Duration::from_millis(4),
        );
        assert_eq!(h.losses, 0);
        assert_eq!(batches(&Work { key: 9, ..work }, &h), Some(8));
    }
}
