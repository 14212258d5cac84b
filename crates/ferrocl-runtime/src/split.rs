//! One piece of work across several devices: how to cut a loop's range into shares, how large
//! each device's share is (in proportion to the throughput measured for it, adapted across
//! executions), and running one plan per device at once with a single verdict on the results.
//!
//! Received: per device, a [`Plan`] over the same host arrays (each launch over its device's share
//! of the outermost loop, each download limited to what that share can write; the caller proves
//! those limits), and the host arrays as a [`HostAccess`].
//! Guaranteed: the plans run concurrently, one thread per device; the host arrays are pinned for
//! one device's copies at a time, always on the calling thread (which is the only one that may
//! touch a JVM); results reach the host arrays only when every device's checks passed: a failed
//! check or an error on one device before that verdict discards the results of all
//! ([`Executed::discarded`]), so the host arrays stay untouched. After a positive verdict each
//! device copies its own results: if one of those copies fails (twice, see the executor), the
//! others' results may have landed — the caller must say so. Cancellation (the caller's
//! [`HostAccess::cancelled`]) reaches every device's wait.
//! Refused: nothing here; each device's executor validates its plan.

use std::collections::{HashMap, VecDeque};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::executor::{Executed, HostAccess};
use crate::launch::HostData;
use crate::plan::Plan;
use crate::{Device, DeviceKind, RuntimeError};

/// Cuts the iterations `[0, count)` into one contiguous share per weight, in order, each about
/// proportional to its weight and a whole number of `granule`s (so that work-groups and tiles stay
/// whole): each share is its ideal size rounded down to whole granules, and what rounding leaves
/// over goes to the heaviest weight (the fastest device absorbs it at the least cost; a slow device
/// whose ideal share is less than a granule gets nothing rather than a granule that would make
/// everyone wait for it). Returns `(first, count)` per weight; a share may be empty. Non-finite or
/// negative weights count as 0; all zero: equal weights.
pub fn shares(weights: &[f64], count: u64, granule: u64) -> Vec<(u64, u64)> {
    let n = weights.len();
    if n == 0 {
        return Vec::new();
    }
    let granule = granule.max(1);
    let clean: Vec<f64> = weights
        .iter()
        .map(|&w| if w.is_finite() && w > 0.0 { w } else { 0.0 })
        .collect();
    let total: f64 = clean.iter().sum();
    let clean = if total > 0.0 { clean } else { vec![1.0; n] };
    let total: f64 = clean.iter().sum();
    let mut sizes: Vec<u64> = clean
        .iter()
        .map(|w| {
            let ideal = (w / total) * count as f64;
            ((ideal / granule as f64).floor() as u64)
                .saturating_mul(granule)
                .min(count)
        })
        .collect();
    let given: u64 = sizes.iter().sum();
    let heaviest = clean
        .iter()
        .enumerate()
        .fold(0, |best, (i, w)| if *w > clean[best] { i } else { best });
    if given <= count {
        sizes[heaviest] += count - given;
    } else {
        // Cannot happen (each share is at most its ideal); keep the total exact anyway.
        let mut excess = given - count;
        for s in sizes.iter_mut().rev() {
            let cut = excess.min(*s);
            *s -= cut;
            excess -= cut;
        }
    }
    let mut out = Vec::with_capacity(n);
    let mut first = 0u64;
    for s in sizes {
        out.push((first, s));
        first += s;
    }
    out
}

/// Bytes an execution must move between host and device before streaming it in batches pays
/// (see [`stream_window`]).
pub const STREAM_FROM_BYTES: u64 = 2 << 30;

/// Whether to stream an execution that fits the device in batches anyway, and the most bytes of
/// one array a batch moves: on a device with memory of its own (a GPU across PCIe, whose copies
/// run in both directions at once), a large execution gains when one batch's download overlaps the
/// next ones' uploads and kernels (measured on an H200: a 2.4 GB in-place update, 4.8 GB moved,
/// 1.42–1.48× faster than one launch with batches of 64–256 MiB; 6 GB in place 1.50×). Smaller
/// ones lose, a batch costing about 0.2 ms of its own (pinned sections, the threads' hand-offs,
/// waits): on the same H200 a 192 MiB vector addition in 8 MiB batches took 1.37× as long as one
/// launch, and a 256 MiB in-place update (512 MiB moved) in 32 MiB batches 1.11× as long. So
/// only executions that move at least [`STREAM_FROM_BYTES`] stream, in about eight batches of the
/// largest array, 64–256 MiB each. `None` on a device that works in host memory (its copies are
/// the host's own memory passes) or for less data.
/// `kind` and `unified_memory` are the device's ([`crate::DeviceInfo`]).
pub fn stream_window(
    kind: DeviceKind,
    unified_memory: bool,
    largest_array: u64,
    moved: u64,
) -> Option<u64> {
    if kind != DeviceKind::Gpu || unified_memory || moved < STREAM_FROM_BYTES {
        return None;
    }
    Some((largest_array / 8).clamp(64 << 20, 256 << 20))
}

/// A first guess of a device's throughput before anything was measured: lanes that run at once.
fn guess(info: &crate::DeviceInfo) -> f64 {
    let lanes = match info.kind {
        DeviceKind::Gpu => 64.0,
        _ => 4.0,
    };
    f64::from(info.compute_units.max(1)) * lanes
}

/// The measured throughput (iterations per second) of each device for one piece of work.
#[derive(Debug, Clone, Default)]
struct Rates(Vec<Option<f64>>);

fn rates() -> &'static Mutex<HashMap<String, Rates>> {
    static RATES: OnceLock<Mutex<HashMap<String, Rates>>> = OnceLock::new();
    RATES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Each device's weight for the work named `key` (the caller's: the kernels and the devices):
/// its measured throughput once there is one, else a guess from its compute units scaled like the
/// measured ones.
pub fn weights(key: &str, devices: &[&Device]) -> Vec<f64> {
    let table = rates()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let measured = table.get(key).cloned().unwrap_or_default();
    let guesses: Vec<f64> = devices.iter().map(|d| guess(d.info())).collect();
    // Scale the guesses to the measured devices, so that a device not yet measured gets a share
    // of the right size next to the others.
    let (mut m, mut g) = (0.0, 0.0);
    for (i, guessed) in guesses.iter().enumerate() {
        if let Some(Some(rate)) = measured.0.get(i) {
            m += rate;
            g += guessed;
        }
    }
    let scale = if g > 0.0 { m / g } else { 1.0 };
    guesses
        .iter()
        .enumerate()
        .map(|(i, guessed)| match measured.0.get(i) {
            Some(Some(rate)) => *rate,
            _ => guessed * scale,
        })
        .collect()
}

/// Records that device `index` of the work `key` ran `iterations` in `time` (its whole part:
/// transfers, kernels, waits): the weight follows the latest measurements (an average that gives
/// the newest half the weight; a measurement more than twice or less than half the average
/// replaces it, so that a first guess far off is corrected at once).
pub fn observe(key: &str, index: usize, devices: usize, iterations: u64, time: Duration) {
    if iterations == 0 || time.is_zero() {
        return;
    }
    let rate = iterations as f64 / time.as_secs_f64();
    let mut table = rates()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let entry = table.entry(key.to_string()).or_default();
    if entry.0.len() < devices {
        entry.0.resize(devices, None);
    }
    if let Some(slot) = entry.0.get_mut(index) {
        *slot = Some(match *slot {
            Some(old) if rate > 2.0 * old || rate < 0.5 * old => rate,
            Some(old) => 0.5 * old + 0.5 * rate,
            None => rate,
        });
    }
}

/// One device's part of a split execution.
pub struct Part<'p, 'k> {
    /// The device.
    pub device: &'p Device,
    /// Its plan (kernels built on `device`).
    pub plan: &'p Plan<'k>,
}

/// What one part did: its execution (or failure) and how long the part took on its thread.
#[derive(Debug)]
pub struct PartOutcome {
    /// The executor's result; [`Executed::discarded`] when another part failed.
    pub result: Result<Executed, RuntimeError>,
    /// Wall time of the part, from its start to its results in the host arrays, less the time it
    /// waited for the other parts' verdicts: the part's own work, which the shares balance.
    pub time: Duration,
}

/// A host slice handed to another thread for one copy (see [`execute_parts`]).
#[derive(Clone, Copy)]
struct RawSlice {
    kind: u8,
    ptr: *mut u8,
    /// Elements.
    len: usize,
    /// Bytes per element.
    size: usize,
}

// SAFETY: the memory stays pinned by the owning thread until every borrowing thread reported back
// (`Released`); readers share it only as `&[u8]`, and writers get disjoint windows of it.
unsafe impl Send for RawSlice {}

fn to_raw(h: &mut HostData<'_>) -> RawSlice {
    let size = h.elem_size();
    macro_rules! raw {
        ($k:expr, $s:expr) => {
            RawSlice {
                kind: $k,
                ptr: $s.as_mut_ptr().cast::<u8>(),
                len: $s.len(),
                size,
            }
        };
    }
    match h {
        HostData::I8(s) => raw!(0, s),
        HostData::U8(s) => raw!(1, s),
        HostData::I16(s) => raw!(2, s),
        HostData::U16(s) => raw!(3, s),
        HostData::I32(s) => raw!(4, s),
        HostData::I64(s) => raw!(5, s),
        HostData::F32(s) => raw!(6, s),
        HostData::F64(s) => raw!(7, s),
    }
}

/// The elements `[first, first + len)` of `r` as a mutable slice of its type.
///
/// # Safety
///
/// `r` describes a live slice that holds those elements, and nothing else uses them while the
/// result lives.
unsafe fn window_of<'a>(r: &RawSlice, first: usize, len: usize) -> HostData<'a> {
    // SAFETY: the caller's promise; `kind` and `size` were set from the variant by `to_raw`.
    unsafe {
        let p = r.ptr.add(first * r.size);
        match r.kind {
            0 => HostData::I8(std::slice::from_raw_parts_mut(p.cast(), len)),
            1 => HostData::U8(std::slice::from_raw_parts_mut(p, len)),
            2 => HostData::I16(std::slice::from_raw_parts_mut(p.cast(), len)),
            3 => HostData::U16(std::slice::from_raw_parts_mut(p.cast(), len)),
            4 => HostData::I32(std::slice::from_raw_parts_mut(p.cast(), len)),
            5 => HostData::I64(std::slice::from_raw_parts_mut(p.cast(), len)),
            6 => HostData::F32(std::slice::from_raw_parts_mut(p.cast(), len)),
            _ => HostData::F64(std::slice::from_raw_parts_mut(p.cast(), len)),
        }
    }
}

/// A part's request to the calling thread.
enum Ask {
    /// Pin the arrays for a copy (`writes`: results, into the part's windows).
    Pin { part: usize, writes: bool },
    /// The part's copy with the pinned arrays is done.
    Released { part: usize },
    /// The part's checks were read: `passed`; it waits for the verdict.
    Verdict { part: usize, passed: bool },
    /// The part ended (its outcome is in its thread's result).
    Done { part: usize },
}

/// The calling thread's answer to a part.
enum Answer {
    Slices(Vec<RawSlice>),
    PinFailed(RuntimeError),
    Go(bool),
}

/// A part's view of the host arrays: every request goes to the calling thread.
struct Proxy {
    part: usize,
    lens: Vec<usize>,
    /// Per array, the bytes this part's results may write (its download range; empty for arrays
    /// it does not download).
    windows: Vec<(usize, usize)>,
    stable: bool,
    cancellable: bool,
    cancel: Arc<Mutex<Option<String>>>,
    ask: mpsc::Sender<Ask>,
    answer: mpsc::Receiver<Answer>,
    /// How long the part waited for the other parts' verdicts (not its own work).
    waited: Duration,
    /// The part's results land on its own checks (batches of a kernel that cannot fail a check):
    /// no wait for the others' verdicts.
    own_verdict: bool,
    /// Per array, the bytes its uploads read (a streaming run: its views cover these only; else
    /// the whole arrays).
    reads: Vec<(usize, usize)>,
}

/// Tells the calling thread that a part is done with the pinned arrays when dropped, also when the
/// copy unwinds (the calling thread waits for it, holding the arrays pinned).
struct ReleaseOnDrop<'a> {
    ask: &'a mpsc::Sender<Ask>,
    part: usize,
}

impl Drop for ReleaseOnDrop<'_> {
    fn drop(&mut self) {
        let _ = self.ask.send(Ask::Released { part: self.part });
    }
}

impl Proxy {
    fn gone() -> RuntimeError {
        RuntimeError::InvalidLaunch("the host thread stopped serving".into())
    }

    /// Asks for the pinned arrays; the caller sends `Released` when done with them.
    fn request(&mut self, writes: bool) -> Result<Vec<RawSlice>, RuntimeError> {
        self.ask
            .send(Ask::Pin {
                part: self.part,
                writes,
            })
            .map_err(|_| Self::gone())?;
        match self.answer.recv().map_err(|_| Self::gone())? {
            Answer::Slices(raw) => Ok(raw),
            Answer::PinFailed(e) => Err(e),
            Answer::Go(_) => Err(Self::gone()),
        }
    }
}

impl HostAccess for Proxy {
    fn byte_lens(&self) -> Vec<usize> {
        self.lens.clone()
    }

    fn stable(&self) -> bool {
        self.stable
    }

    fn pinned(
        &mut self,
        writes: bool,
        f: &mut dyn FnMut(&mut [HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        let raw = self.request(writes)?;
        let _release = ReleaseOnDrop {
            ask: &self.ask,
            part: self.part,
        };
        // Each slice covers this part's window only (element-aligned: the windows come from
        // whole elements).
        let mut slices = Vec::with_capacity(raw.len());
        let mut bad = None;
        for (i, r) in raw.iter().enumerate() {
            let (s, e) = self.windows.get(i).copied().unwrap_or((0, 0));
            let size = r.size.max(1);
            if s % size != 0 || e % size != 0 || e < s || e / size > r.len {
                bad = Some(i);
                break;
            }
            // SAFETY: the calling thread keeps the arrays pinned until `Released`; the windows of
            // the parts it serves at once are disjoint (checked there), so no other thread uses
            // these elements meanwhile.
            slices.push(unsafe { window_of(r, s / size, (e - s) / size) });
        }
        let result = match bad {
            None => f(&mut slices),
            Some(i) => Err(RuntimeError::InvalidLaunch(format!(
                "array {i}: a window that is not whole elements"
            ))),
        };
        drop(slices);
        result
    }

    fn pinned_read(&mut self, f: crate::executor::ReadCopy<'_>) -> Result<(), RuntimeError> {
        let raw = self.request(false)?;
        let _release = ReleaseOnDrop {
            ask: &self.ask,
            part: self.part,
        };
        // Each view covers this part's reads only (in a streaming run other parts may write other
        // bytes of the same arrays meanwhile).
        let views: Vec<&[u8]> = raw
            .iter()
            .enumerate()
            .map(|(i, r)| {
                // Within the array: `reads` was clipped to the lengths `raw` has.
                let total = r.len * r.size;
                let (s, e) = self.read_window(i);
                let s = s.min(total);
                let e = e.clamp(s, total);
                // SAFETY: the calling thread keeps the arrays pinned until `Released`, and no
                // part it serves at once writes these bytes (`may_join`).
                unsafe { std::slice::from_raw_parts(r.ptr.cast_const().add(s), e - s) }
            })
            .collect();
        let result = f(&views);
        drop(views);
        result
    }

    fn write_window(&self, i: usize) -> (usize, usize) {
        self.windows.get(i).copied().unwrap_or((0, 0))
    }

    fn read_window(&self, i: usize) -> (usize, usize) {
        // Clipped to the array when the footprint was made (see `drive`).
        self.reads
            .get(i)
            .copied()
            .unwrap_or((0, self.lens.get(i).copied().unwrap_or(0)))
    }

    fn cancellable(&self) -> bool {
        self.cancellable
    }

    fn cancelled(&mut self) -> Option<String> {
        self.cancel
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    fn results_wanted(&mut self, checks_passed: bool) -> bool {
        if self.own_verdict {
            return checks_passed;
        }
        let sent = self.ask.send(Ask::Verdict {
            part: self.part,
            passed: checks_passed,
        });
        if sent.is_err() {
            return false;
        }
        let since = Instant::now();
        let go = loop {
            match self.answer.recv() {
                Ok(Answer::Go(go)) => break go && checks_passed,
                Ok(_) => continue,
                Err(_) => break false,
            }
        };
        self.waited += since.elapsed();
        go
    }
}

/// Whether two parts' windows overlap in some array.
fn overlap(a: &[(usize, usize)], b: &[(usize, usize)]) -> bool {
    a.iter()
        .zip(b)
        .any(|(&(s0, e0), &(s1, e1))| s0 < e0 && s1 < e1 && s0 < e1 && s1 < e0)
}

/// Runs every part at once, one thread per device, over the arrays `host` lends (see the module
/// docs). The calling thread serves the parts' copies (pinning through `host`: uploads of several
/// parts share one pinned section, and so do their results where their windows are disjoint),
/// polls `host` for cancellation, and gives the single verdict: results are copied only when
/// every part passed. Returns each part's outcome in order.
pub fn execute_parts(parts: &[Part<'_, '_>], host: &mut dyn HostAccess) -> Vec<PartOutcome> {
    drive(parts, host, Mode::AllAtOnce)
}

/// Runs batches of one loop on one device (`parts` in loop order, each plan over its own windows
/// of the arrays, alternate plans on the device's two queues): two threads take the batches in
/// turn (the first the even ones, the second the odd ones), and a copy in of one batch may share a
/// pinned section with a copy out of another where their bytes are disjoint, so that uploads,
/// kernels and downloads of successive batches overlap. `ordered`: a batch's results land only
/// once every earlier batch passed its checks (for kernels that can fail one: a failed check then
/// leaves the batches after it unlanded, as the JVM's rerun needs); otherwise each batch lands as
/// soon as it finished. After a failed check or an error no further batch starts (their outcomes
/// say so); the batches that landed before it stay.
pub fn execute_batches(
    parts: &[Part<'_, '_>],
    host: &mut dyn HostAccess,
    ordered: bool,
) -> Vec<PartOutcome> {
    drive(parts, host, Mode::Stream { ordered })
}

/// How [`drive`] runs its parts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One thread per part, one verdict for all.
    AllAtOnce,
    /// Two threads taking the parts in turn; each part lands on its own checks, or (`ordered`) once
    /// it and every earlier part passed.
    Stream {
        /// Results land in part order of the verdicts.
        ordered: bool,
    },
}

/// What a part's copies touch, per array: the bytes it reads (its uploads) and writes (its results).
struct Footprint {
    reads: Vec<(usize, usize)>,
    writes: Vec<(usize, usize)>,
}

/// Whether `p` may join a pinned section that `active` use: in a streaming run, readers and writers
/// share one when no writer's bytes meet another member's; otherwise only members of one kind
/// (`writes`), writers with disjoint windows.
fn may_join(
    mode: Mode,
    prints: &[Footprint],
    active: &[usize],
    p: usize,
    p_writes: bool,
    writes: bool,
) -> bool {
    match mode {
        Mode::AllAtOnce => {
            p_writes == writes
                && (!p_writes
                    || active
                        .iter()
                        .all(|&a| !overlap(&prints[a].writes, &prints[p].writes)))
        }
        Mode::Stream { .. } => active.iter().all(|&a| {
            !overlap(&prints[a].writes, &prints[p].writes)
                && !overlap(&prints[a].writes, &prints[p].reads)
                && !overlap(&prints[a].reads, &prints[p].writes)
        }),
    }
}

fn drive(parts: &[Part<'_, '_>], host: &mut dyn HostAccess, mode: Mode) -> Vec<PartOutcome> {
    let n = parts.len();
    let streaming = matches!(mode, Mode::Stream { .. });
    let lens = host.byte_lens();
    let stable = host.stable();
    let cancellable = host.cancellable();
    let cancel: Arc<Mutex<Option<String>>> = Arc::new(Mutex::new(None));
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (ask_tx, ask_rx) = mpsc::channel::<Ask>();
    let mut answer_tx = Vec::with_capacity(n);
    let mut proxies = Vec::with_capacity(n);
    let mut prints: Vec<Footprint> = Vec::with_capacity(n);
    for (part, p) in parts.iter().enumerate() {
        let range = |on: bool, r: Option<(usize, usize)>, len: usize| {
            if on {
                crate::executor::clip(r, len)
            } else {
                (0, 0)
            }
        };
        let w: Vec<(usize, usize)> = p
            .plan
            .arrays
            .iter()
            .zip(&lens)
            .map(|(a, &len)| range(a.transfer.download, a.transfer.download_range, len))
            .collect();
        let r: Vec<(usize, usize)> = p
            .plan
            .arrays
            .iter()
            .zip(&lens)
            .map(|(a, &len)| range(a.transfer.upload, a.transfer.upload_range, len))
            .collect();
        let (tx, rx) = mpsc::channel::<Answer>();
        answer_tx.push(tx);
        proxies.push(Some(Proxy {
            part,
            lens: lens.clone(),
            windows: w.clone(),
            stable,
            cancellable,
            cancel: Arc::clone(&cancel),
            ask: ask_tx.clone(),
            answer: rx,
            waited: Duration::ZERO,
            own_verdict: mode == Mode::Stream { ordered: false },
            reads: if matches!(mode, Mode::Stream { .. }) {
                r.clone()
            } else {
                lens.iter().map(|&len| (0, len)).collect()
            },
        }));
        prints.push(Footprint {
            reads: r,
            writes: w,
        });
    }
    drop(ask_tx);
    // Which parts each thread runs, in order.
    let lanes: Vec<Vec<usize>> = match mode {
        Mode::AllAtOnce => (0..n).map(|p| vec![p]).collect(),
        Mode::Stream { .. } => (0..2.min(n)).map(|t| (t..n).step_by(2).collect()).collect(),
    };

    // Parts of one device may wait for each other (verdicts): they share one hold of its
    // registrations, taken here, rather than one each (see `Device::shared_transfers`).
    let one_device = n > 1
        && parts
            .windows(2)
            .all(|w| std::ptr::eq(w[0].device, w[1].device));
    let _transfers = one_device.then(|| parts[0].device.shared_transfers());

    std::thread::scope(|scope| {
        let stop = &stop;
        let handles: Vec<_> = lanes
            .iter()
            .map(|lane| {
                let mut mine: Vec<(usize, Proxy)> = lane
                    .iter()
                    .filter_map(|&p| proxies[p].take().map(|x| (p, x)))
                    .collect();
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(mine.len());
                    for (p, mut proxy) in mine.drain(..) {
                        if streaming && stop.load(std::sync::atomic::Ordering::Relaxed) {
                            let _ = proxy.ask.send(Ask::Done { part: p });
                            out.push((
                                p,
                                PartOutcome {
                                    result: Err(RuntimeError::NotRun(
                                        "an earlier batch failed".into(),
                                    )),
                                    time: Duration::ZERO,
                                },
                            ));
                            continue;
                        }
                        let device = parts[p].device;
                        let plan = parts[p].plan;
                        let started = Instant::now();
                        // A panic must not leave the others waiting for this part's verdict
                        // forever: it ends the part with an error, and `Done` is sent whatever
                        // happened.
                        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            if one_device {
                                device.execute_in(plan, &mut proxy)
                            } else {
                                device.execute_with(plan, &mut proxy)
                            }
                        }))
                        .unwrap_or_else(|_| {
                            Err(RuntimeError::InvalidLaunch(
                                "a device's part of a split execution panicked".into(),
                            ))
                        });
                        if streaming && result.as_ref().map_or(true, |e| e.failed.is_some()) {
                            stop.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                        let _ = proxy.ask.send(Ask::Done { part: p });
                        out.push((
                            p,
                            PartOutcome {
                                result,
                                time: started.elapsed().saturating_sub(proxy.waited),
                            },
                        ));
                    }
                    out
                })
            })
            .collect();

        // The calling thread: serve pins, gather verdicts, poll cancellation. Requests that
        // arrive while a pinned section is open and cannot join it wait in `backlog`.
        let mut backlog: VecDeque<Ask> = VecDeque::new();
        let mut verdicts: Vec<Option<bool>> = vec![None; n];
        let mut done = vec![false; n];
        let mut decided: Option<bool> = None;
        let mut waiting: Vec<usize> = Vec::new();
        while done.iter().any(|d| !d) {
            let msg = match backlog.pop_front() {
                Some(m) => m,
                None => match ask_rx.recv_timeout(Duration::from_millis(2)) {
                    Ok(m) => m,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if cancellable {
                            let mut c = cancel
                                .lock()
                                .unwrap_or_else(std::sync::PoisonError::into_inner);
                            if c.is_none() {
                                *c = host.cancelled();
                            }
                        }
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                },
            };
            match msg {
                Ask::Pin { part, writes } => {
                    let mut handed = false;
                    host.serving_part(part);
                    // A streaming section may take writers after a reader: it commits.
                    let section_writes = writes || streaming;
                    let pinned =
                        host.pinned(section_writes, &mut |slices: &mut [HostData<'_>]| {
                            let raw: Vec<RawSlice> = slices.iter_mut().map(to_raw).collect();
                            if answer_tx[part].send(Answer::Slices(raw.clone())).is_err() {
                                return Ok(());
                            }
                            handed = true;
                            // The section stays open while some part copies; a request that may share
                            // it (see `may_join`) joins, any other waits for the next section.
                            let mut active = vec![part];
                            while !active.is_empty() {
                                let Ok(m) = ask_rx.recv() else { break };
                                match m {
                                    Ask::Released { part: p } => active.retain(|&a| a != p),
                                    Ask::Pin { part: p, writes: w }
                                        if may_join(mode, &prints, &active, p, w, writes) =>
                                    {
                                        if answer_tx[p].send(Answer::Slices(raw.clone())).is_ok() {
                                            active.push(p);
                                        }
                                    }
                                    other => backlog.push_back(other),
                                }
                            }
                            Ok(())
                        });
                    if let Err(e) = pinned {
                        if !handed {
                            let _ = answer_tx[part].send(Answer::PinFailed(e));
                        }
                    }
                }
                Ask::Released { .. } => {}
                Ask::Verdict { part, passed } => {
                    verdicts[part] = Some(passed);
                    waiting.push(part);
                }
                Ask::Done { part } => {
                    done[part] = true;
                }
            }
            if streaming {
                // In order: a waiting part lands once every earlier part passed; not at all once
                // an earlier one failed or ended without a verdict (an error).
                waiting.retain(|&p| {
                    let earlier = |q: usize| match verdicts[q] {
                        Some(true) => Some(true),
                        Some(false) => Some(false),
                        None if done[q] => Some(false),
                        None => None,
                    };
                    let mut go = Some(true);
                    for q in 0..p {
                        match earlier(q) {
                            Some(true) => {}
                            Some(false) => {
                                go = Some(false);
                                break;
                            }
                            None => go = None,
                        }
                    }
                    match go {
                        Some(go) => {
                            let _ = answer_tx[p].send(Answer::Go(go));
                            false
                        }
                        None => true,
                    }
                });
            } else {
                // Every part has either given its verdict or ended: one answer for all.
                if decided.is_none() && (0..n).all(|p| verdicts[p].is_some() || done[p]) {
                    decided = Some((0..n).all(|p| verdicts[p] == Some(true)));
                }
                if let Some(go) = decided {
                    for p in waiting.drain(..) {
                        let _ = answer_tx[p].send(Answer::Go(go));
                    }
                }
            }
        }
        let mut outcomes: Vec<Option<PartOutcome>> = (0..n).map(|_| None).collect();
        for h in handles {
            // A thread that panicked outside its guard leaves its parts without an outcome.
            if let Ok(list) = h.join() {
                for (p, o) in list {
                    outcomes[p] = Some(o);
                }
            }
        }
        outcomes
            .into_iter()
            .map(|o| {
                o.unwrap_or_else(|| PartOutcome {
                    result: Err(RuntimeError::InvalidLaunch(
                        "a device's part of a split execution panicked".into(),
                    )),
                    time: Duration::ZERO,
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(weights: &[f64], count: u64, granule: u64) -> Vec<(u64, u64)> {
        let s = shares(weights, count, granule);
        assert_eq!(s.len(), weights.len());
        // Contiguous, in order, covering [0, count) exactly; every share but the heaviest weight's
        // a whole number of granules.
        let heaviest = weights
            .iter()
            .enumerate()
            .fold(0, |b, (i, w)| if *w > weights[b] { i } else { b });
        let mut next = 0;
        for (i, &(first, n)) in s.iter().enumerate() {
            assert_eq!(first, next, "{weights:?} {count} {granule}: {s:?}");
            if i != heaviest && weights.iter().all(|w| w.is_finite() && *w > 0.0) {
                assert_eq!(n % granule.max(1), 0, "{s:?}");
            }
            next = first + n;
        }
        assert_eq!(next, count);
        s
    }

    #[test]
    fn shares_follow_the_weights_on_whole_granules() {
        assert_eq!(check(&[1.0, 1.0], 1024, 64), vec![(0, 512), (512, 512)]);
        assert_eq!(check(&[3.0, 1.0], 1024, 64), vec![(0, 768), (768, 256)]);
        // 1000 * 1/3 = 333.3 -> 320 for the lighter; the rest to the heavier.
        assert_eq!(check(&[2.0, 1.0], 1000, 64), vec![(0, 680), (680, 320)]);
        // A device worth less than a granule gets nothing.
        assert_eq!(check(&[1000.0, 1.0], 1024, 64), vec![(0, 1024), (1024, 0)]);
        assert_eq!(check(&[1.0, 1000.0], 1024, 64), vec![(0, 0), (0, 1024)]);
        // Fewer iterations than a granule: all to the heaviest.
        assert_eq!(
            check(&[1.0, 2.0, 1.0], 10, 64),
            vec![(0, 0), (0, 10), (10, 0)]
        );
        check(&[0.5, 0.25, 0.25], 1 << 40, 256);
        assert!(shares(&[], 10, 1).is_empty());
    }

    #[test]
    fn only_large_executions_on_a_gpu_with_its_own_memory_stream() {
        let gpu = |largest, moved| stream_window(DeviceKind::Gpu, false, largest, moved);
        assert_eq!(gpu(64 << 20, 192 << 20), None);
        assert_eq!(gpu(256 << 20, 512 << 20), None);
        assert_eq!(gpu(1 << 30, (2 << 30) - 1), None);
        // About eight batches of the largest array, 64 MiB to 256 MiB each.
        assert_eq!(gpu(1 << 30, 2 << 30), Some(128 << 20));
        assert_eq!(gpu(256 << 20, 3 << 30), Some(64 << 20));
        assert_eq!(gpu(8 << 30, 16 << 30), Some(256 << 20));
        assert_eq!(stream_window(DeviceKind::Gpu, true, 1 << 30, 3 << 30), None);
        assert_eq!(
            stream_window(DeviceKind::Cpu, false, 1 << 30, 3 << 30),
            None
        );
    }

    #[test]
    fn bad_weights_fall_back_to_equal_shares() {
        assert_eq!(check(&[0.0, 0.0], 100, 1), vec![(0, 50), (50, 50)]);
        assert_eq!(
            check(&[f64::NAN, -1.0, f64::INFINITY], 90, 1),
            vec![(0, 30), (30, 30), (60, 30)]
        );
        assert_eq!(check(&[f64::NAN, 1.0], 90, 1), vec![(0, 0), (0, 90)]);
    }

    #[test]
    fn measured_rates_replace_the_guesses() {
        let key = "split-test-key";
        observe(key, 0, 2, 1000, Duration::from_millis(10));
        observe(key, 1, 2, 1000, Duration::from_millis(30));
        {
            let table = rates().lock().expect("rates");
            let r = &table[key].0;
            assert!((r[0].expect("measured") - 100_000.0).abs() < 1.0);
            assert!((r[1].expect("measured") - 33_333.3).abs() < 1.0);
        }
        // Within a factor of two: averaged; beyond: replaced.
        observe(key, 0, 2, 1500, Duration::from_millis(10));
        observe(key, 1, 2, 1000, Duration::from_millis(1));
        let table = rates().lock().expect("rates");
        let r = &table[key].0;
        assert!((r[0].expect("measured") - 125_000.0).abs() < 1.0);
        assert!((r[1].expect("measured") - 1_000_000.0).abs() < 1.0);
    }
}
