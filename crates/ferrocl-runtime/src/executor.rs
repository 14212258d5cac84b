//! Runs a [`Plan`] on a device: every command is enqueued without blocking on one in-order queue,
//! and the host waits three times at most: for the uploads (only when the host arrays may move
//! once let go), for the launches' status words (and reduction partials, and results of at most
//! [`STAGED_BYTES`], read alongside into staging memory: the device's page-locked memory when it
//! lends some, see the `memory` module), and, only when every check passed and a larger result
//! remains, for the downloads straight into the host arrays.
//!
//! Held through: an unprofiled execution that uploads something, whose host can cancel (and does
//! not take results in place), asks it to hold the arrays from the uploads on
//! ([`HostAccess::hold`]); then the launches follow the uploads with no wait between them, and
//! when the launches end within [`HOLD_THROUGH_LIMIT`] the results are copied into the still-held
//! arrays: two waits instead of three, and no second pinning. (Results are not read right behind
//! the kernels, which would save the second wait: then the arrays would stay held,
//! uncancellable, for as long as the kernels take, which no earlier run can promise.) Measured on
//! the H200 (`bench-native/gemm/e2e.c` and the timeline a profiled execution logs at debug
//! level, 2026-11-28): the GPU idled 18 µs between the last upload and the kernel while the host
//! waited for the uploads. A longer wait lets the arrays go once the uploads are done (a marker
//! after them says when) and goes on as below.
//!
//! Received: a plan whose kernels were built on this device, and the host arrays, one per plan
//! array (its exact size), lent through [`HostAccess`]: pinned only while the executor copies them
//! (the uploads and the wait for them; the copies of results), or held through as above for at
//! most [`HOLD_THROUGH_LIMIT`] of kernels, so that a JVM's garbage collector runs while long
//! kernels do; plain slices ([`Device::execute`]) stay put for the whole call. The wait
//! for the kernels polls [`HostAccess::cancelled`] when the host can cancel; a cancelled execution
//! leaves its buffers to the device until its commands finished (the next execution waits for
//! them first) and touches no host array.
//! Guaranteed: an array is uploaded as its [`Transfer`](crate::plan::Transfer) says, unless it is
//! a kept array whose device copy is current; on a device that works in host memory
//! ([`DeviceInfo::unified_memory`](crate::DeviceInfo::unified_memory)) an array of stable host
//! memory that no launch writes and that is not kept is read in place through a buffer over the
//! host slice (no copy at all) when the slice is aligned as [`PlanArray::align`] asks, and, when the
//! plan has one launch, which cannot fail a check, and the host takes results in place
//! ([`HostAccess::results_in_place`]), so is a written one: the kernels write the host slice itself (mapped and unmapped after them, so
//! that a driver that copied after all copies back); every launch's status word starts
//! at 0; the host slices of written arrays receive the device's results only when every status
//! word is still 0, otherwise they are untouched and written kept copies become stale; when the
//! call returns, also with an error, no command of this call still references host memory.
//! Refused: what [`Device::launch`] refuses, checked for every launch before anything is
//! enqueued, and host slices whose sizes differ from the plan's.

use std::ptr;
use std::time::{Duration, Instant};

use crate::fault::Counted as Event;
use opencl3::memory::{
    Buffer, ClMem, CL_MAP_READ, CL_MEM_READ_ONLY, CL_MEM_READ_WRITE, CL_MEM_USE_HOST_PTR,
};
use opencl3::types::{cl_mem, CL_BLOCKING, CL_NON_BLOCKING};

use crate::device::Device;
use crate::error::{cl, RuntimeError};
use crate::launch::{event_time, validate, HostData, KernelArg, LaunchTimes, Limits};
use crate::plan::{Arg, Plan};
use crate::residency::Resident;

/// What an execution did.
#[derive(Debug, Default)]
pub struct Executed {
    /// The first launch (in launch order) whose status word is not 0, with the code; `None` when
    /// every check passed and the results are in the host slices.
    pub failed: Option<(usize, i32)>,
    /// Per launch, its partial-results buffers' bytes (valid when `failed` is `None`).
    pub partials: Vec<Vec<Vec<u8>>>,
    /// Per launch: its kernel time, the uploads of the arrays it is the first to use, and (for
    /// the last launch) the downloads.
    pub times: Vec<LaunchTimes>,
    /// The results did not reach the host arrays: a check failed, or every check passed and the
    /// caller declined them ([`HostAccess::results_wanted`]).
    pub discarded: bool,
    /// How long the launches took: their device time when the execution was profiled (a CPU
    /// driver's compile at a kernel's first launch left out), else the host's wait for them (and
    /// for the small reads after them); the uploads before and the large downloads after are not
    /// counted.
    pub waited: Duration,
}

/// What [`HostAccess::pinned_read`] runs: a copy out of the arrays, each as read-only bytes.
pub type ReadCopy<'f> = &'f mut dyn FnMut(&[&[u8]]) -> Result<(), RuntimeError>;

/// The host arrays of an execution, as the caller lends them.
///
/// Java arrays may be moved by the garbage collector whenever they are not pinned, and pinning them
/// stops every collection of the JVM while it lasts. So the executor asks for them only for a copy:
/// [`HostAccess::pinned`] runs its closure with the arrays pinned (the uploads, with the wait for
/// them; the copies of results) and they may move between calls; or it holds them through a short
/// execution ([`HostAccess::hold`], at most [`HOLD_THROUGH_LIMIT`] of waiting for kernels). Past
/// that, kernels run, and the host waits for them, with nothing pinned, polling
/// [`HostAccess::cancelled`] when the caller can cancel.
pub trait HostAccess {
    /// The size in bytes of each array, in plan order (known without pinning).
    fn byte_lens(&self) -> Vec<usize>;
    /// Whether the arrays stay at one address for the whole execution (plain Rust slices): only
    /// then may a kernel read one in place (a buffer over host memory).
    fn stable(&self) -> bool;
    /// Calls `f` with the arrays pinned, in plan order; `writes`: `f` may write them (results).
    fn pinned(
        &mut self,
        writes: bool,
        f: &mut dyn FnMut(&mut [HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError>;
    /// Whether the caller can cancel ([`HostAccess::cancelled`] is worth polling).
    fn cancellable(&self) -> bool {
        false
    }
    /// Whether the kernels may write results straight into the host arrays (only consulted when
    /// they are [`HostAccess::stable`], on a device that works in host memory, for a plan whose
    /// launches cannot fail a check): the caller takes every result that passed its checks
    /// ([`HostAccess::results_wanted`] never declines them) and never cancels.
    fn results_in_place(&self) -> bool {
        false
    }
    /// Polled (about every millisecond) while the host waits for kernels: `Some(reason)` stops the
    /// wait, and the execution ends with [`RuntimeError::Cancelled`].
    fn cancelled(&mut self) -> Option<String> {
        None
    }
    /// Asked once the kernels finished and their checks were read (`checks_passed`), before any
    /// result is copied: `false` discards the results (the host arrays stay as they are). An
    /// execution that is one part of a larger one waits here for the verdict of the others.
    fn results_wanted(&mut self, checks_passed: bool) -> bool {
        checks_passed
    }
    /// In a split execution ([`crate::split`]): the next [`HostAccess::pinned`] serves part
    /// `part` (its device may want the memory registered for itself).
    fn serving_part(&mut self, _part: usize) {}
    /// Pins the arrays now and keeps them pinned until [`HostAccess::let_go`], so that the
    /// launches can follow the uploads without a wait between them and the results need no second
    /// pinning: every [`HostAccess::pinned`] meanwhile lends the held arrays, and
    /// [`HostAccess::cancelled`] is not asked (a JVM allows no call while it holds them). The
    /// executor holds them for at most [`HOLD_THROUGH_LIMIT`] of waiting for the kernels (see
    /// [`Device::execute_with`]). Returns whether the arrays are held; by default they never are.
    fn hold(&mut self) -> bool {
        false
    }
    /// Ends a hold begun by [`HostAccess::hold`] (nothing when none is held). The executor calls it
    /// once no command can touch the arrays any more; after an execution that returned an error,
    /// the caller lets go itself (no command of the execution touches the arrays by then).
    fn let_go(&mut self) {}
    /// Calls `f` with the arrays pinned, as bytes, read only (the uploads). By default through
    /// [`HostAccess::pinned`]; a caller that lends the arrays to several executions at once can
    /// share them between readers.
    fn pinned_read(&mut self, f: ReadCopy<'_>) -> Result<(), RuntimeError> {
        self.pinned(false, &mut |h: &mut [HostData<'_>]| {
            let views: Vec<&[u8]> = h.iter().map(HostData::as_bytes).collect();
            f(&views)
        })
    }
    /// The bytes `[start, end)` of array `i` that view `i` of [`HostAccess::pinned_read`] covers
    /// (its first byte is the array's byte `start`): the whole array by default; a caller that
    /// lends other parts of the arrays for writing at the same time gives less. The executor reads
    /// only within it (it must cover the plan's upload range).
    fn read_window(&self, i: usize) -> (usize, usize) {
        (0, self.byte_lens().get(i).copied().unwrap_or(0))
    }
    /// The bytes `[start, end)` of array `i` that slice `i` of a writing [`HostAccess::pinned`]
    /// covers (its first element is the array's byte `start`): the whole array by default; a
    /// caller lending disjoint parts of the arrays to several executions at once gives less. The
    /// executor writes only within it (it must cover the plan's download range).
    fn write_window(&self, i: usize) -> (usize, usize) {
        (0, self.byte_lens().get(i).copied().unwrap_or(0))
    }
}

/// Plain slices: stable, pinned throughout, not cancellable.
struct Slices<'s, 'h>(&'s mut [HostData<'h>]);

impl HostAccess for Slices<'_, '_> {
    fn byte_lens(&self) -> Vec<usize> {
        self.0.iter().map(HostData::byte_len).collect()
    }

    fn stable(&self) -> bool {
        true
    }

    fn pinned(
        &mut self,
        _writes: bool,
        f: &mut dyn FnMut(&mut [HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        f(self.0)
    }
}

/// Slices held in place for an execution that may also write its results in place
/// ([`Device::execute_in_place`]): [`Slices`] otherwise.
struct InPlace<'s, 'h>(Slices<'s, 'h>);

impl HostAccess for InPlace<'_, '_> {
    fn byte_lens(&self) -> Vec<usize> {
        self.0.byte_lens()
    }

    fn stable(&self) -> bool {
        self.0.stable()
    }

    fn results_in_place(&self) -> bool {
        true
    }

    fn pinned(
        &mut self,
        writes: bool,
        f: &mut dyn FnMut(&mut [HostData<'_>]) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        self.0.pinned(writes, f)
    }
}

/// What an in-place execution takes before its host arrays are held (see
/// [`Device::in_place_ticket`]).
pub struct InPlaceTicket<'d> {
    device: &'d Device,
    _transfers: std::sync::RwLockReadGuard<'d, ()>,
}

/// What a cancelled execution left behind: device buffers and staging memory that its kernels may
/// still use, given back to the device once `marker` (enqueued after them) completed.
pub(crate) struct Abandoned {
    marker: Event,
    buffers: Vec<(usize, Buffer<u8>)>,
    staging: Option<crate::memory::Pinned>,
}

/// A device buffer the execution holds.
enum Held<'r> {
    /// From the device's free list, given back afterwards.
    Pooled(usize, Buffer<u8>),
    /// A kept array's buffer, locked for the execution.
    Resident(std::sync::MutexGuard<'r, Buffer<u8>>),
    /// A buffer over the host slice (read in place), released afterwards.
    InPlace(Buffer<u8>),
    /// A status word; kept for the next execution when it is known to hold 0.
    Status(Buffer<u8>, bool),
    /// The buffer of another entry: a launch's status word that is an earlier launch's
    /// ([`Arg::StatusOf`]), or the one placeholder of the launches that have none.
    Alias(usize),
}

impl Held<'_> {
    /// The entry's own buffer (`None` for an alias).
    fn own(&mut self) -> Option<&mut Buffer<u8>> {
        match self {
            Held::Pooled(_, b) | Held::InPlace(b) | Held::Status(b, _) => Some(b),
            Held::Resident(b) => Some(b),
            Held::Alias(_) => None,
        }
    }

    /// The OpenCL handle of the entry's own buffer (`None` for an alias).
    fn handle(&self) -> Option<cl_mem> {
        match self {
            Held::Pooled(_, b) | Held::InPlace(b) | Held::Status(b, _) => Some(b.get()),
            Held::Resident(b) => Some(b.get()),
            Held::Alias(_) => None,
        }
    }
}

/// The entry of `held` whose buffer entry `i` binds: `i`, or the one its alias names.
fn alias_target(held: &[Held<'_>], i: usize) -> usize {
    match held.get(i) {
        Some(Held::Alias(j)) => *j,
        _ => i,
    }
}

/// The buffer of entry `i` of `held`, through an alias; an invalid-launch error where there is none.
fn held_buffer<'a>(held: &'a mut [Held<'_>], i: usize) -> Result<&'a mut Buffer<u8>, RuntimeError> {
    let i = alias_target(held, i);
    held.get_mut(i)
        .and_then(Held::own)
        .ok_or_else(|| RuntimeError::InvalidLaunch(format!("buffer index {i} out of range")))
}

/// Everything the execution holds; on drop it waits for the queue (so no command still references
/// host memory or these buffers) and gives pooled buffers back.
struct Holding<'d, 'r> {
    device: &'d Device,
    queue: &'d opencl3::command_queue::CommandQueue,
    held: Vec<Held<'r>>,
    /// Nothing enqueued since the last successful wait (dropping need not wait again).
    idle: bool,
    /// The host stopped waiting (cancelled): do not wait either; hand what the commands may still
    /// use to the device, which gives it back once they finished.
    abandon: bool,
    /// Where the small reads land.
    staging: Staging,
}

impl Holding<'_, '_> {
    /// For a cancelled execution: a marker after its commands, and its pooled buffers and staging
    /// memory handed to the device until the marker completes. False when there is nothing
    /// pending or the marker cannot be enqueued (then dropping waits, as usual).
    fn abandon(&mut self) -> bool {
        if self.idle || self.held.iter().any(|h| matches!(h, Held::InPlace(_))) {
            return false;
        }
        // SAFETY: no wait list; the queue is valid.
        let marker = match unsafe { self.queue.enqueue_marker_with_wait_list(&[]) } {
            Ok(ev) => Event::new(ev),
            Err(e) => {
                log::debug!("abandoning an execution: no marker ({})", e.0);
                return false;
            }
        };
        let _ = self.queue.flush();
        let mut buffers = Vec::new();
        for h in self.held.drain(..) {
            match h {
                Held::Pooled(size, b) => buffers.push((size, b)),
                Held::Status(b, _) => buffers.push((4, b)),
                // A kept buffer stays alive through its `Resident`; its next user waits for the
                // marker first (`settle_abandoned`).
                Held::Resident(_) | Held::InPlace(_) | Held::Alias(_) => {}
            }
        }
        let staging = self.staging.pinned.take();
        self.device
            .abandoned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(Abandoned {
                marker,
                buffers,
                staging,
            });
        self.idle = true;
        true
    }
}

impl Drop for Holding<'_, '_> {
    fn drop(&mut self) {
        if self.abandon && self.abandon() {
            return;
        }
        let finished = if self.idle {
            // Nothing to wait for.
            true
        } else if let Err(e) = self.queue.finish() {
            log::debug!(
                "clFinish after an execution failed: {}",
                crate::error::cl_error_name(e.0)
            );
            false
        } else {
            true
        };
        // Page-locked staging goes back for reuse only when no command can still write it;
        // otherwise it is released with its buffer.
        if let Some(p) = self.staging.pinned.take() {
            if finished {
                self.device.give_staging(p);
            }
        }
        for h in self.held.drain(..) {
            match h {
                Held::Pooled(size, b) => self.device.give_buffer(size, b),
                Held::Status(b, true) => self.device.give_zero_status(b),
                Held::Status(b, false) => {
                    crate::fault::returned();
                    drop(b);
                }
                _ => {}
            }
        }
    }
}

/// Offsets of the small reads within an execution's staging area (each 64-byte aligned).
#[derive(Default)]
struct StagingLayout {
    bytes: usize,
}

impl StagingLayout {
    /// Room for `bytes` more bytes; returns their offset.
    fn add(&mut self, bytes: usize) -> usize {
        let at = self.bytes.next_multiple_of(64);
        self.bytes = at + bytes;
        at
    }
}

/// Where an execution's small reads land: page-locked memory lent by the device (given back by
/// `Holding`'s drop once the queue finished), else the heap.
struct Staging {
    pinned: Option<crate::memory::Pinned>,
    heap: Vec<u8>,
    bytes: usize,
}

impl Staging {
    /// `heap_only`: never the device's page-locked memory (an in-place execution: taking a new
    /// area maps it on a shared queue, which waits for other executions' commands).
    fn new(device: &Device, bytes: usize, heap_only: bool) -> Staging {
        let pinned = if bytes == 0 || heap_only {
            None
        } else {
            device.take_staging(bytes)
        };
        let heap = if pinned.is_some() {
            Vec::new()
        } else {
            vec![0; bytes]
        };
        Staging {
            pinned,
            heap,
            bytes,
        }
    }

    fn is_pinned(&self) -> bool {
        self.pinned.is_some()
    }

    /// The area, `bytes` long.
    fn area(&mut self) -> &mut [u8] {
        match &mut self.pinned {
            Some(p) => &mut p.as_mut_slice()[..self.bytes],
            None => &mut self.heap,
        }
    }
}

/// Enqueues commands on one queue: with profiling, through opencl3 (each command gets an event to
/// time it); without, through cl3's raw entry points with no event at all (creating and releasing
/// an event costs microseconds per command on some drivers).
struct Enqueue<'q> {
    queue: &'q opencl3::command_queue::CommandQueue,
    profile: bool,
}

/// The loaded OpenCL library's entry points.
fn raw_cl(call: &'static str) -> Result<&'static cl3::OpenClRuntime, RuntimeError> {
    cl3::load_library()
        .as_ref()
        .map_err(|_| RuntimeError::opencl(call, cl3::error_codes::DLOPEN_RUNTIME_LOAD_FAILED))
}

fn raw_status(call: &'static str, status: Option<i32>) -> Result<Option<Event>, RuntimeError> {
    match status {
        Some(0) => Ok(None),
        Some(code) => Err(RuntimeError::opencl(call, code)),
        None => Err(RuntimeError::opencl(
            call,
            cl3::error_codes::DLOPEN_FUNCTION_NOT_AVAILABLE,
        )),
    }
}

/// [`raw_status`] of a command that was asked for its event when `asked`: that event, counted.
fn raw_event(
    call: &'static str,
    status: Option<i32>,
    asked: bool,
    ev: opencl3::types::cl_event,
) -> Result<Option<Event>, RuntimeError> {
    raw_status(call, status)?;
    Ok((asked && !ev.is_null()).then(|| Event::new(opencl3::event::Event::new(ev))))
}

impl Enqueue<'_> {
    /// Host → device at byte `offset`, not blocking.
    ///
    /// # Safety
    ///
    /// `data` (at most the buffer's size from `offset`) stays valid until the queue is finished.
    unsafe fn write(
        &self,
        to: &mut Buffer<u8>,
        offset: usize,
        data: &[u8],
    ) -> Result<Option<Event>, RuntimeError> {
        const CALL: &str = "clEnqueueWriteBuffer";
        crate::fault::check(CALL)?;
        if self.profile {
            // SAFETY: the caller's promise.
            return unsafe {
                self.queue
                    .enqueue_write_buffer(to, CL_NON_BLOCKING, offset, data, &[])
            }
            .map(|e| Some(Event::new(e)))
            .map_err(cl(CALL));
        }
        let rt = raw_cl(CALL)?;
        // As above (the host memory stays valid until the queue is finished); no event is asked
        // for. cl3 declares its raw entry points safe.
        let status = rt.clEnqueueWriteBuffer(
            self.queue.get(),
            to.get(),
            CL_NON_BLOCKING,
            offset,
            data.len(),
            data.as_ptr().cast(),
            0,
            ptr::null(),
            ptr::null_mut(),
        );
        raw_status(CALL, status)
    }

    /// Device → host from byte `offset`; blocking only when `small` is set, the execution is not profiled and
    /// no `event` is asked for (a small read into pageable memory returns sooner blocking than queued on some
    /// drivers); with `event`, the read's event (the host polls it).
    ///
    /// # Safety
    ///
    /// `data` (at most the buffer's size from `offset`) stays valid and unread until the queue is
    /// finished.
    unsafe fn read(
        &self,
        from: &Buffer<u8>,
        offset: usize,
        data: &mut [u8],
        small: bool,
        event: bool,
    ) -> Result<Option<Event>, RuntimeError> {
        const CALL: &str = "clEnqueueReadBuffer";
        crate::fault::check(CALL)?;
        if self.profile {
            // SAFETY: the caller's promise.
            return unsafe {
                self.queue
                    .enqueue_read_buffer(from, CL_NON_BLOCKING, offset, data, &[])
            }
            .map(|e| Some(Event::new(e)))
            .map_err(cl(CALL));
        }
        let rt = raw_cl(CALL)?;
        // As above (the host memory stays valid until the queue is finished); an event only when
        // `event` asks for one (the command the host polls). cl3 declares its raw entry points safe.
        let mut ev: opencl3::types::cl_event = ptr::null_mut();
        let status = rt.clEnqueueReadBuffer(
            self.queue.get(),
            from.get(),
            if small && !event {
                CL_BLOCKING
            } else {
                CL_NON_BLOCKING
            },
            offset,
            data.len(),
            data.as_mut_ptr().cast(),
            0,
            ptr::null(),
            if event { &mut ev } else { ptr::null_mut() },
        );
        raw_event(CALL, status, event, ev)
    }

    /// One NDRange; with `event`, its event (the host polls it).
    ///
    /// # Safety
    ///
    /// `global` (and `local`, when not empty) have 1..=3 validated entries; every argument is set.
    unsafe fn kernel(
        &self,
        kernel: opencl3::types::cl_kernel,
        global: &[usize],
        local: &[usize],
        event: bool,
    ) -> Result<Option<Event>, RuntimeError> {
        const CALL: &str = "clEnqueueNDRangeKernel";
        crate::fault::check(CALL)?;
        let local_ptr = if local.is_empty() {
            ptr::null()
        } else {
            local.as_ptr()
        };
        if self.profile {
            // SAFETY: the caller's promise.
            return unsafe {
                self.queue.enqueue_nd_range_kernel(
                    kernel,
                    global.len() as u32,
                    ptr::null(),
                    global.as_ptr(),
                    local_ptr,
                    &[],
                )
            }
            .map(|e| Some(Event::new(e)))
            .map_err(cl(CALL));
        }
        let rt = raw_cl(CALL)?;
        // As above (the host memory stays valid until the queue is finished); an event only when
        // `event` asks for one (the command the host polls). cl3 declares its raw entry points safe.
        let mut ev: opencl3::types::cl_event = ptr::null_mut();
        let status = rt.clEnqueueNDRangeKernel(
            self.queue.get(),
            kernel,
            global.len() as u32,
            ptr::null(),
            global.as_ptr(),
            local_ptr,
            0,
            ptr::null(),
            if event { &mut ev } else { ptr::null_mut() },
        );
        raw_event(CALL, status, event, ev)
    }
}

/// Sets every argument of `kernel`: buffers by their index, `handle` giving each one's memory
/// object (`None`: out of range).
pub(crate) fn set_kernel_args(
    kernel: &opencl3::kernel::Kernel,
    args: &[KernelArg],
    handle: impl Fn(usize) -> Option<cl_mem>,
) -> Result<(), RuntimeError> {
    for (i, arg) in args.iter().enumerate() {
        let index = i as u32;
        // SAFETY: each value has the size of the OpenCL type the variant names; buffer handles
        // are live memory objects; a wrong type is reported by the driver.
        let result = unsafe {
            match *arg {
                KernelArg::Byte(v) => kernel.set_arg(index, &v),
                KernelArg::Short(v) => kernel.set_arg(index, &v),
                KernelArg::Char(v) => kernel.set_arg(index, &v),
                KernelArg::Int(v) => kernel.set_arg(index, &v),
                KernelArg::Long(v) => kernel.set_arg(index, &v),
                KernelArg::Float(v) => kernel.set_arg(index, &v),
                KernelArg::Double(v) => kernel.set_arg(index, &v),
                KernelArg::Buffer(b) => match handle(b) {
                    Some(h) => kernel.set_arg(index, &h),
                    None => {
                        return Err(RuntimeError::InvalidLaunch(format!(
                            "buffer index {b} out of range"
                        )))
                    }
                },
                KernelArg::Local(n) => kernel.set_arg_local_buffer(index, n),
            }
        };
        if let Err(e) = result {
            return Err(RuntimeError::opencl("clSetKernelArg", e.0));
        }
    }
    Ok(())
}

/// Waits until every command enqueued on `queue` finished: when the host can cancel, by polling
/// (with [`wait_event`]) `last`, the event of the last command enqueued, or else a marker's, then
/// `clFinish` (at once) for the queue's errors; `clFinish` alone when the host cannot cancel.
/// `held`: the host holds its arrays, and is not asked whether to stop.
fn wait_queue(
    queue: &opencl3::command_queue::CommandQueue,
    host: &mut dyn HostAccess,
    held: bool,
    spin: Duration,
    last: Option<&Event>,
    finish_after_poll: FinishAfterPoll,
) -> Result<(), RuntimeError> {
    if host.cancellable() {
        match last {
            Some(last) => {
                // The queue is in order: once its last command completed, so did every earlier
                // one. Measured on the H100, a tiny execution takes 18.0 µs this way, 19.7 with a
                // `clFinish` after it and 19.5-27.8 with a marker instead of `last`.
                queue.flush().map_err(cl("clFlush"))?;
                wait_event(last, host, held, spin)?;
                if finish_after_poll == FinishAfterPoll::Skip {
                    // NVIDIA's driver fails every command after a failed one (the context is
                    // lost), so an earlier failure shows in `last`'s status; OpenCL does not
                    // promise it of every driver, so the others still get their `clFinish`.
                    return Ok(());
                }
            }
            None => {
                crate::fault::check("clEnqueueMarkerWithWaitList")?;
                // SAFETY: no wait list; the queue is valid.
                let marker = unsafe { queue.enqueue_marker_with_wait_list(&[]) }
                    .map(Event::new)
                    .map_err(cl("clEnqueueMarkerWithWaitList"))?;
                queue.flush().map_err(cl("clFlush"))?;
                wait_event(&marker, host, held, spin)?;
            }
        }
    }
    finish(queue).map_err(|code| RuntimeError::opencl("clFinish", code))
}

/// Whether [`wait_queue`] calls `clFinish` after the last command's event completed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum FinishAfterPoll {
    /// The driver is known to fail every command after a failed one: no `clFinish`.
    Skip,
    /// `clFinish`, for errors the last command's status may not show.
    Call,
}

impl FinishAfterPoll {
    /// [`FinishAfterPoll::Skip`] on NVIDIA's platform (measured there: 1.3-1.7 µs per execution),
    /// [`FinishAfterPoll::Call`] elsewhere.
    pub(crate) fn for_platform(platform_name: &str) -> FinishAfterPoll {
        if platform_name.starts_with("NVIDIA") {
            FinishAfterPoll::Skip
        } else {
            FinishAfterPoll::Call
        }
    }
}

/// The last command enqueued before the wait, whose event the host polls.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Last {
    None,
    Kernel(usize),
    Status(usize),
    Partial(usize, usize),
    Staged(usize),
}

/// `clFinish` (which an armed fault may fail): the error code on failure, for the caller to name.
pub(crate) fn finish(queue: &opencl3::command_queue::CommandQueue) -> Result<(), i32> {
    if let Err(RuntimeError::OpenCl { code, .. }) = crate::fault::check("clFinish") {
        return Err(code);
    }
    queue.finish().map_err(|e| e.0)
}

/// How long [`wait_event`] looks at an event without sleeping in between: on a GPU the host's
/// cores are free, and a sleep's late wake-up would be added to every kernel (measured on the
/// H100: naps growing to 1 ms cost kernels of 1–6 ms 0.2–0.4 ms each); on a CPU device the
/// kernel needs the cores.
pub(crate) fn spin_limit(kind: crate::DeviceKind) -> Duration {
    if kind == crate::DeviceKind::Gpu {
        Duration::from_millis(20)
    } else {
        Duration::from_micros(200)
    }
}

/// Waits until `event` completed, looking at its status (yielding between looks for `spin`, then
/// sleeping 50 µs between looks) and asking `host` about every 2 ms whether to stop
/// ([`RuntimeError::Cancelled`]), unless it holds its arrays (`held`: it may not be asked then). A
/// failed command is reported with its code.
pub(crate) fn wait_event(
    event: &Event,
    host: &mut dyn HostAccess,
    held: bool,
    spin: Duration,
) -> Result<(), RuntimeError> {
    wait_event_within(event, host, held, spin, None).map(drop)
}

/// [`wait_event`] for at most `limit` (`None`: until the event completed): whether it completed.
fn wait_event_within(
    event: &Event,
    host: &mut dyn HostAccess,
    held: bool,
    spin: Duration,
    limit: Option<Duration>,
) -> Result<bool, RuntimeError> {
    let start = Instant::now();
    let mut next_ask = start + Duration::from_millis(2);
    let nap = Duration::from_micros(50);
    // A failure of the wait itself (injected in tests) ends it as a driver's error would.
    crate::fault::check("clGetEventInfo")?;
    loop {
        let status = event
            .command_execution_status()
            .map_err(cl("clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS)"))?;
        if status.0 == opencl3::event::CL_COMPLETE {
            return Ok(true);
        }
        if status.0 < 0 {
            return Err(RuntimeError::opencl("kernel execution", status.0));
        }
        let now = Instant::now();
        if limit.is_some_and(|l| now - start >= l) {
            return Ok(false);
        }
        if now >= next_ask && !held && host.cancellable() {
            if let Some(reason) = host.cancelled() {
                return Err(RuntimeError::Cancelled(reason));
            }
            next_ask = now + Duration::from_millis(2);
        }
        if now - start < spin {
            std::thread::yield_now();
        } else {
            std::thread::sleep(nap);
        }
    }
}

/// The longest the executor waits for an execution's kernels with the host arrays held through
/// ([`HostAccess::hold`]) on a GPU (on a CPU device, whose kernels need the cores the wait polls
/// on, 200 µs): a JVM collects no garbage meanwhile, and cannot be interrupted. A longer wait goes
/// on with the arrays let go (the uploads done), and cancellable.
pub const HOLD_THROUGH_LIMIT: Duration = Duration::from_millis(1);

/// Logs (at debug level) a profiled execution's timeline: each command's queued, submitted,
/// started and ended times in µs from the first command's queueing, and the host's: uploads
/// enqueued, wait begun, launches waited for, done (in µs from the execution's start).
fn log_timeline(
    uploads: &[(usize, Option<Event>)],
    kernels: &[Option<Event>],
    downloads: &[Option<Event>],
    host: [Duration; 4],
) {
    let events: Vec<(String, &Event)> = uploads
        .iter()
        .filter_map(|(i, e)| e.as_ref().map(|e| (format!("upload {i}"), e)))
        .chain(
            kernels
                .iter()
                .enumerate()
                .filter_map(|(k, e)| e.as_ref().map(|e| (format!("launch {k}"), e))),
        )
        .chain(
            downloads
                .iter()
                .flatten()
                .map(|e| ("download".to_string(), e)),
        )
        .collect();
    let Some(base) = events
        .iter()
        .filter_map(|(_, e)| e.profiling_command_queued().ok())
        .min()
    else {
        return;
    };
    let us = |t: Result<u64, _>| t.map_or(f64::NAN, |t: u64| t.saturating_sub(base) as f64 / 1e3);
    let mut text = String::new();
    for (name, e) in &events {
        text.push_str(&format!(
            "\n  {name}: queued {:.1} submitted {:.1} started {:.1} ended {:.1}",
            us(e.profiling_command_queued()),
            us(e.profiling_command_submit()),
            us(e.profiling_command_start()),
            us(e.profiling_command_end()),
        ));
    }
    let [uploaded, wait, waited, done] = host.map(|d| d.as_secs_f64() * 1e6);
    log::debug!(
        "execution timeline (µs; host: uploads enqueued {uploaded:.1}, wait begun {wait:.1}, \
         launches waited for {waited:.1}, done {done:.1} after the start):{text}"
    );
}

/// Bytes of the buffer bound for an empty array (OpenCL has no empty buffers).
pub(crate) const EMPTY_BYTES: usize = 64;

/// A byte range of a plan array clipped to its `len` bytes (`None`: all of them).
pub fn clip(range: Option<(usize, usize)>, len: usize) -> (usize, usize) {
    match range {
        Some((s, e)) => (s.min(len), e.clamp(s.min(len), len)),
        None => (0, len),
    }
}

/// Results up to this size are read back together with the status words (into staging memory,
/// copied once the checks passed), saving the second wait; larger ones go straight into the host
/// slices after the checks.
const STAGED_BYTES: usize = 64 << 10;

impl Device {
    /// Runs `plan` over `host` (one slice per plan array, pinned for the whole call, not
    /// cancellable). See the module docs.
    pub fn execute(
        &self,
        plan: &Plan<'_>,
        host: &mut [HostData<'_>],
    ) -> Result<Executed, RuntimeError> {
        self.execute_with(plan, &mut Slices(host))
    }

    /// The first step of an in-place execution ([`Device::execute_in_place`]), taken before the
    /// caller holds its host arrays: the shared hold on host registrations that every execution
    /// takes (waiting for it with the arrays held could deadlock: a thread that unregisters
    /// memory waits for executions that may wait for the arrays' holder).
    pub fn in_place_ticket(&self) -> InPlaceTicket<'_> {
        InPlaceTicket {
            device: self,
            _transfers: self.shared_transfers(),
        }
    }

    /// Runs `plan` over `host`, host arrays the caller holds in place for the whole call (a JVM's
    /// arrays held with `GetPrimitiveArrayCritical`), on a device that works in host memory: the
    /// kernels read them in place and, when the plan is one launch that cannot fail a check, write
    /// its results into them (see the module docs). Runs on a queue of its own, so it never waits
    /// for other executions' commands, and does not wait for cancelled executions either: with
    /// the arrays held, the wait is for this plan's commands only. Refused: a plan with kept
    /// arrays (another execution may hold their buffers for as long as its kernels run), a
    /// device with memory of its own, and what [`Device::execute`] refuses.
    pub fn execute_in_place(
        &self,
        ticket: &InPlaceTicket<'_>,
        plan: &Plan<'_>,
        host: &mut [HostData<'_>],
    ) -> Result<Executed, RuntimeError> {
        if !ptr::eq(ticket.device, self) || self.in_place_queue.is_none() {
            return Err(RuntimeError::InvalidLaunch(
                "an in-place execution on a device with memory of its own, or with another \
                 device's ticket"
                    .into(),
            ));
        }
        if plan.arrays.iter().any(|a| a.resident.is_some()) {
            return Err(RuntimeError::InvalidLaunch(
                "an in-place execution with kept arrays".into(),
            ));
        }
        self.execute_in(plan, &mut InPlace(Slices(host)))
    }

    /// Refuses `kernel` unless it was built on this device.
    pub(crate) fn check_built_here(&self, kernel: &crate::BuiltKernel) -> Result<(), RuntimeError> {
        if kernel.device() == self.selector() {
            return Ok(());
        }
        Err(RuntimeError::InvalidLaunch(format!(
            "kernel {} was built on device {}, executed on device {}",
            kernel.name(),
            kernel.device(),
            self.selector()
        )))
    }

    /// The limits a launch of `kernel` on this device is validated against.
    pub(crate) fn limits<'a>(&'a self, kernel: &'a crate::BuiltKernel) -> Limits<'a> {
        Limits {
            kernel_name: kernel.name(),
            num_args: kernel.num_args(),
            kernel_work_group_size: kernel.work_group_size(),
            kernel_local_mem: kernel.local_mem_bytes(),
            device_work_group_size: self.info.max_work_group_size,
            device_item_sizes: &self.info.max_work_item_sizes,
            device_local_mem: self.info.local_mem_bytes,
            device_max_alloc: self.info.max_mem_alloc_bytes,
        }
    }

    /// Waits until the commands of executions cancelled earlier finished, and takes back what
    /// they held (their buffers may be bound again only then). The wait itself can be cancelled.
    pub(crate) fn settle_abandoned(&self, host: &mut dyn HostAccess) -> Result<(), RuntimeError> {
        let pending: Vec<Abandoned> = std::mem::take(
            &mut *self
                .abandoned
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        let mut pending = pending.into_iter();
        while let Some(a) = pending.next() {
            if let Err(e) = wait_event(&a.marker, host, false, spin_limit(self.info.kind)) {
                // Still running: keep it (and the rest) for the next execution.
                let mut list = self
                    .abandoned
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                list.push(a);
                list.extend(pending);
                return Err(e);
            }
            for (size, b) in a.buffers {
                self.give_buffer(size, b);
            }
            if let Some(p) = a.staging {
                self.give_staging(p);
            }
        }
        Ok(())
    }

    /// Runs `plan` over the arrays `host` lends: pinned while they are copied, or held through a
    /// short execution, the kernels waited for past [`HOLD_THROUGH_LIMIT`] with nothing pinned (and
    /// cancellably when `host` can cancel). See the module docs and [`HostAccess`].
    pub fn execute_with(
        &self,
        plan: &Plan<'_>,
        host: &mut dyn HostAccess,
    ) -> Result<Executed, RuntimeError> {
        // Registered host ranges stay registered until this execution's transfers are done.
        let _transfers = self.shared_transfers();
        self.execute_in(plan, host)
    }

    /// Holds host registrations for transfers (shared; `unpin_host` and `trim` wait for every
    /// holder). Several executions of one device that wait for each other (the batches of
    /// [`crate::split`]) take it once for all of them and run through [`Device::execute_in`]: a
    /// second shared hold on one thread of the group could block behind a waiting writer while
    /// the first hold waits for that thread.
    pub(crate) fn shared_transfers(&self) -> std::sync::RwLockReadGuard<'_, ()> {
        self.transfers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// [`Device::execute_with`] for a caller that holds [`Device::shared_transfers`].
    pub(crate) fn execute_in(
        &self,
        plan: &Plan<'_>,
        host: &mut dyn HostAccess,
    ) -> Result<Executed, RuntimeError> {
        // In place, the host holds its arrays: no waiting for other executions' commands (they
        // hold their own buffers, and this one runs on a queue of its own).
        let in_place_queue = self
            .in_place_queue
            .as_ref()
            .filter(|_| host.results_in_place())
            .map(|(profiling, plain)| if plan.profile { profiling } else { plain });
        if in_place_queue.is_none() {
            self.settle_abandoned(host)?;
        }
        // A CPU driver may compile kernels at their first launch, and its compiler installs signal
        // handlers the JVM must get back (see the `signals` module); GPU drivers compile at build.
        let _signals =
            (self.info.kind != crate::DeviceKind::Gpu).then(crate::signals::Guard::launch);
        let started = Instant::now();
        let invalid = RuntimeError::InvalidLaunch;
        let lens = host.byte_lens();
        let stable = host.stable();
        if lens.len() != plan.arrays.len() {
            return Err(invalid(format!(
                "{} host slices for a plan of {} arrays",
                lens.len(),
                plan.arrays.len()
            )));
        }
        for (i, (&len, a)) in lens.iter().zip(&plan.arrays).enumerate() {
            if len != a.bytes {
                return Err(invalid(format!(
                    "array {i}: a host slice of {len} bytes for a plan array of {} bytes",
                    a.bytes
                )));
            }
        }

        // Device buffers: arrays, then each launch's status word, then each launch's partials.
        let arrays = plan.arrays.len();
        let status_base = arrays;
        let mut partial_base = Vec::with_capacity(plan.launches.len());
        let mut next = arrays + plan.launches.len();
        for l in &plan.launches {
            partial_base.push(next);
            next += l.partials.len();
        }
        // Then the carry buffer, if the launches share one.
        let carried_index = next;
        for (i, a) in plan.arrays.iter().enumerate() {
            let Some((start, end)) = a.window else {
                continue;
            };
            let inside = |r: Option<(usize, usize)>| {
                let (s, e) = clip(r, a.bytes);
                s >= e || (start <= s && e <= end)
            };
            let moved = (!a.transfer.upload || inside(a.transfer.upload_range))
                && (!a.transfer.download || inside(a.transfer.download_range));
            if start > end || end > a.bytes || !moved || a.resident.is_some() {
                return Err(invalid(format!(
                    "array {i}: a window [{start}, {end}) of {} bytes that its transfers leave or a kept copy",
                    a.bytes
                )));
            }
        }
        let mut sizes: Vec<usize> = plan.arrays.iter().map(|a| a.device_bytes()).collect();
        sizes.extend(std::iter::repeat_n(4, plan.launches.len()));
        sizes.extend(
            plan.launches
                .iter()
                .flat_map(|l| l.partials.iter().copied()),
        );
        let carried_size = (plan.carried_bytes > 0).then(|| plan.carried_bytes.next_multiple_of(8));
        sizes.extend(carried_size);

        // Every launch checked before anything is enqueued.
        let mut launch_args: Vec<Vec<KernelArg>> = Vec::with_capacity(plan.launches.len());
        for (k, l) in plan.launches.iter().enumerate() {
            self.check_built_here(l.kernel)?;
            let args: Vec<KernelArg> = l
                .args
                .iter()
                .map(|a| match *a {
                    Arg::Value(v) => v,
                    Arg::Array(i) => KernelArg::Buffer(i),
                    Arg::Status | Arg::NoStatus | Arg::StatusOf(_) => {
                        KernelArg::Buffer(status_base + k)
                    }
                    Arg::Partials(i) => KernelArg::Buffer(if i < l.partials.len() {
                        partial_base[k] + i
                    } else {
                        usize::MAX
                    }),
                    Arg::Base { array, elem_bytes } => {
                        let start = plan.arrays.get(array).map_or(0, |a| a.window_start());
                        KernelArg::Long((start / elem_bytes.max(1)) as i64)
                    }
                    Arg::Carried => KernelArg::Buffer(if carried_size.is_some() {
                        carried_index
                    } else {
                        usize::MAX
                    }),
                })
                .collect();
            let limits = self.limits(l.kernel);
            // An empty local size lets the driver choose.
            let local = (!l.geometry.local.is_empty()).then_some(l.geometry.local.as_slice());
            validate(&limits, &sizes, &args, &l.geometry.global, local)?;
            launch_args.push(args);
        }
        for (i, a) in plan.arrays.iter().enumerate() {
            if let Some(r) = &a.resident {
                if r.device() != self.selector() || r.bytes() != a.bytes.max(1) {
                    return Err(invalid(format!(
                        "array {i}: a kept buffer of {} bytes on device {} for {} bytes on device {}",
                        r.bytes(),
                        r.device(),
                        a.bytes,
                        self.selector()
                    )));
                }
                if plan.arrays[..i]
                    .iter()
                    .any(|o| o.resident.as_ref().is_some_and(|o| ptr::eq(&**o, &**r)))
                {
                    return Err(invalid(format!(
                        "array {i}: a kept buffer bound to two arrays"
                    )));
                }
            }
        }
        self.launches.fetch_add(
            plan.launches.len() as u64,
            std::sync::atomic::Ordering::Relaxed,
        );

        // The launch that first uses each array (its upload is counted there).
        let mut first_use = vec![None; arrays];
        for (k, l) in plan.launches.iter().enumerate() {
            for a in &l.args {
                if let Arg::Array(i) = *a {
                    if i < arrays && first_use[i].is_none() {
                        first_use[i] = Some(k);
                    }
                }
            }
        }
        let mut times = vec![LaunchTimes::default(); plan.launches.len()];

        // Profiling costs several microseconds per command on some drivers: only executions that
        // report device times use the profiling queue.
        let queue = if let Some(q) = in_place_queue {
            q
        } else if plan.profile {
            &self.queue
        } else if plan.side_queue {
            &self.side_queue
        } else {
            &self.plain_queue
        };
        // Written arrays the kernels write in place (see the module docs): buffers over the host
        // slices, made while the host lends them for writing (stable, so they stay put after).
        // One launch only: a driver failure between two launches would leave the first one's
        // results in some host arrays and none in others, a mix no run of the JVM leaves behind;
        // with one, a failure before it leaves every array untouched, and it ran in full after.
        let infallible = plan.launches.iter().all(|l| !l.args.contains(&Arg::Status));
        let results_in_place = in_place_queue.is_some()
            && stable
            && infallible
            && plan.launches.len() == 1
            && plan.arrays.iter().any(|a| a.transfer.download);
        let mut in_place_rw: Vec<Option<Buffer<u8>>> = plan.arrays.iter().map(|_| None).collect();
        if results_in_place {
            let mut made = Ok(());
            host.pinned(true, &mut |h: &mut [HostData<'_>]| {
                for (i, (slot, a)) in in_place_rw.iter_mut().zip(&plan.arrays).enumerate() {
                    let Some(data) = h.get_mut(i) else { continue };
                    let bytes = data.as_bytes_mut();
                    if !a.transfer.download
                        || a.resident.is_some()
                        || a.window.is_some()
                        || a.transfer.upload_range.is_some()
                        || a.transfer.download_range.is_some()
                        || bytes.is_empty()
                        || bytes.len() != a.bytes
                        || (bytes.as_ptr() as usize) % a.align.max(1) != 0
                    {
                        continue;
                    }
                    // SAFETY: stable host slices stay valid and unmoved for the whole call, and
                    // the host writes none of them meanwhile; the buffer is released after the
                    // queue finished (`Holding`'s drop).
                    let b = unsafe {
                        Buffer::<u8>::create(
                            &self.context,
                            CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                            bytes.len(),
                            bytes.as_mut_ptr().cast(),
                        )
                    };
                    match b {
                        Ok(b) => *slot = Some(b),
                        Err(e) => {
                            made = Err(cl("clCreateBuffer(CL_MEM_USE_HOST_PTR)")(e));
                            return Ok(());
                        }
                    }
                }
                Ok(())
            })?;
            made?;
        }
        let in_place: Vec<bool> = in_place_rw.iter().map(Option::is_some).collect();
        // Where the small reads land (status words, partials, small results): one area of
        // page-locked memory when the device lends one (then every read is a non-blocking DMA
        // transfer before the one wait), else the heap (then the small reads block, which costs
        // less there).
        let checks = plan
            .launches
            .iter()
            .any(|l| l.args.contains(&Arg::Status) || !l.partials.is_empty());
        let mut layout = StagingLayout::default();
        let status_at: Vec<usize> = plan.launches.iter().map(|_| layout.add(4)).collect();
        let partial_at: Vec<Vec<usize>> = plan
            .launches
            .iter()
            .map(|l| l.partials.iter().map(|&b| layout.add(b)).collect())
            .collect();
        // Small results come back with the status words (when there are any) and are copied into
        // the host slices once the checks passed: one wait instead of two. Without status words
        // too: a read after the wait would be a second round trip (measured on PoCL: 28 µs per
        // tiny execution became 105 µs).
        let staged_at: Vec<Option<usize>> = plan
            .arrays
            .iter()
            .zip(&lens)
            .zip(&in_place)
            .map(|((a, &len), &in_place)| {
                let (from, to) = clip(a.transfer.download_range, len);
                let len = to - from;
                (a.transfer.download && !in_place && len != 0 && len <= STAGED_BYTES)
                    .then(|| layout.add(len))
            })
            .collect();
        let staging = Staging::new(self, layout.bytes, in_place_queue.is_some());
        let pinned = staging.is_pinned();
        let mut holding = Holding {
            device: self,
            queue,
            held: Vec::with_capacity(sizes.len()),
            idle: false,
            abandon: false,
            staging,
        };
        let enqueue = Enqueue {
            queue,
            profile: plan.profile,
        };
        let mut uploads: Vec<(usize, Option<Event>)> = Vec::new();
        let mut written_resident: Vec<&Resident> = Vec::new();
        // The device buffers, and the uploads from the pinned host arrays; unless the arrays stay
        // put anyway, the host waits for the uploads before it lets them go.
        // Where each view of `pinned_read` starts in its array.
        let read_windows: Vec<(usize, usize)> = (0..plan.arrays.len())
            .map(|i| host.read_window(i))
            .collect();
        // `pinned`: the views are the host's arrays; without, they are empty and nothing may need
        // them: `Ok(None)` where a kept copy turned stale meanwhile (another thread's execution on
        // the same copy discarded its results), after undoing what this call bound, for a call
        // with the arrays pinned.
        let mut enqueue_uploads = |host: &[&[u8]],
                                   pinned: bool|
         -> Result<Option<bool>, RuntimeError> {
            let before = uploads.len();
            let (held_before, resident_before) = (holding.held.len(), written_resident.len());
            for (i, (a, h)) in plan.arrays.iter().zip(host.iter()).enumerate() {
                // The array's length: the view may cover a part of it only.
                let len = lens.get(i).copied().unwrap_or(0);
                let (view_start, view_end) = read_windows.get(i).copied().unwrap_or((0, len));
                let whole_view = view_start == 0 && view_end == len && h.len() == len;
                if let Some(b) = in_place_rw.get_mut(i).and_then(Option::take) {
                    // Written in place: the buffer is the host slice.
                    if let Some(k) = first_use[i] {
                        times[k].bytes_in_place += len as u64;
                    }
                    holding.held.push(Held::InPlace(b));
                    continue;
                }
                if let Some(r) = a.resident.as_deref() {
                    let guard = r
                        .mem
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    holding.held.push(Held::Resident(guard));
                    if a.transfer.download {
                        written_resident.push(r);
                    }
                    if !a.transfer.upload || r.is_current() || len == 0 {
                        continue;
                    }
                    if !pinned {
                        holding.held.truncate(held_before);
                        written_resident.truncate(resident_before);
                        return Ok(None);
                    }
                } else if len == 0 || a.device_bytes() == 0 {
                    holding
                        .held
                        .push(Held::Pooled(EMPTY_BYTES, self.take_buffer(EMPTY_BYTES)?));
                    continue;
                } else if stable
                    && a.window.is_none()
                    && whole_view
                    && self.info.unified_memory
                    && !a.transfer.download
                    && (h.as_ptr() as usize) % a.align.max(1) == 0
                {
                    // Read in place: the kernel reads the host slice itself.
                    let bytes: &[u8] = h;
                    // SAFETY: the slice stays valid and unmoved for the call (the caller's promise),
                    // no launch writes it (it is not downloaded, so no use writes it; the buffer is
                    // read-only, so the mutable pointer OpenCL's signature asks for is never
                    // written through), and the buffer is released after the queue finished
                    // (`Holding`'s drop).
                    let b = unsafe {
                        Buffer::<u8>::create(
                            &self.context,
                            CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                            bytes.len(),
                            bytes.as_ptr().cast_mut().cast(),
                        )
                    }
                    .map_err(cl("clCreateBuffer(CL_MEM_USE_HOST_PTR)"))?;
                    holding.held.push(Held::InPlace(b));
                    if let Some(k) = first_use[i] {
                        times[k].bytes_in_place += bytes.len() as u64;
                    }
                    continue;
                } else {
                    let size = a.device_bytes();
                    holding
                        .held
                        .push(Held::Pooled(size, self.take_buffer(size)?));
                    if !a.transfer.upload {
                        continue;
                    }
                }
                let data: &[u8] = h;
                let target = held_buffer(&mut holding.held, i)?;
                // Only the range the launches need, when the plan names one, less the part the
                // first launch writes in full: at most two pieces, before and after it.
                for (offset, end) in a.transfer.upload_pieces(len) {
                    if end <= offset {
                        continue;
                    }
                    // The view starts at the array's byte `view_start`.
                    let Some(piece) = offset
                        .checked_sub(view_start)
                        .zip(end.checked_sub(view_start))
                        .and_then(|(s, e)| data.get(s..e))
                    else {
                        return Err(RuntimeError::InvalidLaunch(format!(
                            "array {i}: bytes [{offset}, {end}) go up, the host lends [{view_start}, {view_end})"
                        )));
                    };
                    // SAFETY: the device buffer holds the array's bytes from `window_start` on,
                    // at least to the upload range's end (checked above), so `piece` fits at
                    // `offset - window_start`; the host slice outlives the command (the queue
                    // is finished before this call returns, `Holding`).
                    let event = unsafe { enqueue.write(target, offset - a.window_start(), piece) }?;
                    if let Some(k) = first_use[i] {
                        times[k].bytes_uploaded += piece.len() as u64;
                    }
                    uploads.push((i, event));
                }
            }
            Ok(Some(uploads.len() > before))
        };
        // Held through (see the module docs): only where the wait can poll the last command's
        // event (unprofiled, a host that can cancel) and something is uploaded (else there is no
        // wait for the uploads to save, and the arrays are pinned only for the results, as before).
        let uploads_ahead = plan.arrays.iter().zip(&lens).any(|(a, &len)| {
            a.transfer.upload
                && len != 0
                && a.device_bytes() != 0
                && a.resident.as_deref().is_none_or(|r| !r.is_current())
        });
        let mut through = !stable
            && !plan.profile
            && host.cancellable()
            && in_place_queue.is_none()
            && !plan.launches.is_empty()
            && uploads_ahead
            && host.hold();
        // Whether binding the buffers reads the host arrays at all: an upload, or an array read
        // in place (a host whose arrays stay put, a device that works in host memory). Without,
        // the arrays are not pinned for it (for a tiny execution on kept arrays, two pinnings
        // and releases of the JVM's arrays fewer).
        let mut reads_host = stable
            || in_place_queue.is_some()
            || plan.arrays.iter().zip(&lens).any(|(a, &len)| {
                a.transfer.upload
                    && len != 0
                    && a.resident.as_deref().is_none_or(|r| !r.is_current())
            });
        let mut upload_result = Ok(false);
        if !reads_host {
            // Every array is bound to a device buffer without a byte of the host's (see the
            // closure: it reads a view only to upload or to read in place).
            let none: Vec<&[u8]> = vec![&[]; plan.arrays.len()];
            match enqueue_uploads(&none, false) {
                Ok(None) => reads_host = true,
                done => upload_result = done.map(|u| u.unwrap_or(false)),
            }
        }
        if reads_host {
            host.pinned_read(&mut |h: &[&[u8]]| {
                upload_result = enqueue_uploads(h, true).map(|u| u.unwrap_or(false));
                if !stable && !through && !matches!(upload_result, Ok(false)) {
                    // Nothing may read the arrays once they are let go.
                    let finished = finish(queue)
                        .map_err(|code| RuntimeError::opencl("clEnqueueWriteBuffer", code));
                    if finished.is_err() {
                        // Whatever the error, no copy may still read the arrays once they are let go.
                        let _ = queue.finish();
                    }
                    finished?;
                }
                Ok(())
            })?;
        }
        let uploaded = upload_result?;
        let enqueued_uploads = started.elapsed();
        // When the held arrays can go (the uploads are all that read them before the results).
        let uploads_done = if through && uploaded {
            crate::fault::check("clEnqueueMarkerWithWaitList")?;
            // SAFETY: no wait list; the queue is valid.
            Some(
                unsafe { queue.enqueue_marker_with_wait_list(&[]) }
                    .map(Event::new)
                    .map_err(cl("clEnqueueMarkerWithWaitList"))?,
            )
        } else {
            None
        };
        let zero = [0u8; 4];
        // One placeholder for every launch without a status word of its own.
        let mut placeholder = None;
        for l in &plan.launches {
            if let Some(&Arg::StatusOf(j)) = l.args.iter().find(|a| matches!(a, Arg::StatusOf(_))) {
                let own = plan
                    .launches
                    .get(j)
                    .is_some_and(|e| e.args.contains(&Arg::Status));
                if j >= holding.held.len() - status_base || !own {
                    return Err(invalid(format!(
                        "a launch shares the status word of launch {j}, which has none before it"
                    )));
                }
                holding.held.push(Held::Alias(status_base + j));
                continue;
            }
            if !l.args.contains(&Arg::Status) {
                // Keeps the indices; bound only as a launch's `NoStatus`, which never writes it.
                match placeholder {
                    Some(at) => holding.held.push(Held::Alias(at)),
                    None => {
                        placeholder = Some(holding.held.len());
                        holding.held.push(Held::Pooled(4, self.take_buffer(4)?));
                    }
                }
                continue;
            }
            let b = match self.take_zero_status() {
                Some(b) => b,
                None => {
                    let mut b = self.take_buffer(4)?;
                    // SAFETY: the pattern is 4 bytes and fills the 4-byte buffer; `zero` outlives
                    // the command (the queue is finished before it goes out of scope).
                    let filled = crate::fault::check("clEnqueueFillBuffer").and_then(|()| {
                        unsafe { queue.enqueue_fill_buffer(&mut b, &zero, 0, 4, &[]) }
                            .map(drop)
                            .map_err(cl("clEnqueueFillBuffer"))
                    });
                    if let Err(e) = filled {
                        self.give_buffer(4, b);
                        return Err(e);
                    }
                    b
                }
            };
            holding.held.push(Held::Status(b, false));
        }
        for l in &plan.launches {
            for &bytes in &l.partials {
                let size = bytes.max(4);
                holding
                    .held
                    .push(Held::Pooled(size, self.take_buffer(size)?));
            }
        }
        if let Some(size) = carried_size {
            let mut b = self.take_buffer(size)?;
            // SAFETY: the 4-byte pattern fills the buffer (a multiple of 8 bytes); `zero` outlives
            // the command (the queue is finished before it goes out of scope).
            let filled = crate::fault::check("clEnqueueFillBuffer").and_then(|()| {
                unsafe { queue.enqueue_fill_buffer(&mut b, &zero, 0, size, &[]) }
                    .map(drop)
                    .map_err(cl("clEnqueueFillBuffer"))
            });
            if let Err(e) = filled {
                self.give_buffer(size, b);
                return Err(e);
            }
            holding.held.push(Held::Pooled(size, b));
        }

        // The launches, in order (the queue is in order).
        let mut kernel_events = Vec::with_capacity(plan.launches.len());
        // The last command enqueued before the wait: the host polls its event (in an in-order
        // queue it completes after every earlier one) instead of enqueueing a marker.
        // (An in-place host is never cancellable.)
        let last = if plan.profile || !host.cancellable() {
            Last::None
        } else if let Some(i) = staged_at.iter().rposition(Option::is_some) {
            Last::Staged(i)
        } else if let Some((k, i)) = plan
            .launches
            .iter()
            .enumerate()
            .flat_map(|(k, l)| l.partials.iter().enumerate().map(move |(i, &b)| (k, i, b)))
            .filter(|&(_, _, b)| b != 0)
            .map(|(k, i, _)| (k, i))
            .next_back()
        {
            Last::Partial(k, i)
        } else if let Some(k) = plan
            .launches
            .iter()
            .rposition(|l| l.args.contains(&Arg::Status))
        {
            Last::Status(k)
        } else {
            plan.launches
                .len()
                .checked_sub(1)
                .map_or(Last::None, Last::Kernel)
        };
        let mut last_event: Option<Event> = None;
        for (kl, (l, args)) in plan.launches.iter().zip(&launch_args).enumerate() {
            let k = l.kernel.lock();
            set_kernel_args(&k, args, |b| {
                holding
                    .held
                    .get(alias_target(&holding.held, b))
                    .and_then(Held::handle)
            })?;
            let g = &l.geometry;
            // SAFETY: global and local have 1..=3 validated entries; all arguments are set.
            let event =
                unsafe { enqueue.kernel(k.get(), &g.global, &g.local, last == Last::Kernel(kl)) }?;
            if last == Last::Kernel(kl) {
                last_event = event;
                kernel_events.push(None);
            } else {
                kernel_events.push(event);
            }
        }

        // Results written in place become the host's through a map and an unmap after the
        // launches (no copy where the driver used the host memory itself, as PoCL does).
        for (i, &w) in in_place.iter().enumerate() {
            let Some(&len) = lens.get(i).filter(|_| w) else {
                continue;
            };
            let b = held_buffer(&mut holding.held, i)?;
            let mut mapped: cl_mem = ptr::null_mut();
            crate::fault::check("clEnqueueMapBuffer")?;
            // SAFETY: a non-blocking map of the whole buffer, unmapped right after it in the same
            // in-order queue; the host touches the mapping only after the queue finished.
            unsafe {
                queue.enqueue_map_buffer(b, CL_NON_BLOCKING, CL_MAP_READ, 0, len, &mut mapped, &[])
            }
            .map_err(cl("clEnqueueMapBuffer"))?;
            // SAFETY: `mapped` is what the map returned for this buffer.
            unsafe { queue.enqueue_unmap_mem_object(b.get(), mapped, &[]) }
                .map_err(cl("clEnqueueUnmapMemObject"))?;
        }

        // Status words and partials, then the one wait for the launches.
        let area = holding.staging.area();
        for (k, l) in plan.launches.iter().enumerate() {
            if !l.args.contains(&Arg::Status) {
                continue;
            }
            let source = held_buffer(&mut holding.held, status_base + k)?;
            let at = status_at[k];
            // SAFETY: 4 bytes from a 4-byte buffer into the staging area, which outlives the
            // command (`holding` owns it and gives it back only after the queue finished).
            let ev = unsafe {
                enqueue.read(
                    source,
                    0,
                    &mut area[at..at + 4],
                    // Never blocking with the arrays held: a blocking read would wait for the
                    // kernels, however long they take.
                    !pinned && !through,
                    last == Last::Status(k),
                )
            }?;
            if last == Last::Status(k) {
                last_event = ev;
            }
        }
        for (k, l) in plan.launches.iter().enumerate() {
            for (i, &bytes) in l.partials.iter().enumerate() {
                if bytes == 0 {
                    continue;
                }
                let source = held_buffer(&mut holding.held, partial_base[k] + i)?;
                let at = partial_at[k][i];
                // SAFETY: as above; the buffer holds at least `bytes` bytes.
                let ev = unsafe {
                    enqueue.read(
                        source,
                        0,
                        &mut area[at..at + bytes],
                        false,
                        last == Last::Partial(k, i),
                    )
                }?;
                if last == Last::Partial(k, i) {
                    last_event = ev;
                }
            }
        }
        let failure = |what: &'static str, code: i32| {
            // Report a kernel's own failure code when there is one.
            let code = kernel_events
                .iter()
                .flatten()
                .find_map(|ev| match ev.command_execution_status() {
                    Ok(s) if s.0 < 0 => Some(s.0),
                    _ => None,
                })
                .unwrap_or(code);
            for r in &written_resident {
                r.mark_stale();
            }
            RuntimeError::opencl(what, code)
        };
        let mut staged: Vec<(usize, Option<Event>)> = Vec::new();
        for (i, at) in staged_at.iter().enumerate() {
            let (Some(at), Some(&len), Some(a)) = (*at, lens.get(i), plan.arrays.get(i)) else {
                continue;
            };
            let (from, to) = clip(a.transfer.download_range, len);
            let source = held_buffer(&mut holding.held, i)?;
            let base = a.window_start();
            // SAFETY: the device buffer holds the array's bytes from `base` on, `[from, to)`
            // among them (checked above); the staging area outlives the command (as above).
            let event = unsafe {
                enqueue.read(
                    source,
                    from - base,
                    &mut area[at..at + (to - from)],
                    !pinned && !through,
                    last == Last::Staged(i),
                )
            }?;
            if last == Last::Staged(i) {
                last_event = event;
                staged.push((i, None));
            } else {
                staged.push((i, event));
            }
        }
        // On a GPU, held through; on a CPU device, whose kernels need the cores the wait polls on,
        // for a shorter time.
        let hold_limit = HOLD_THROUGH_LIMIT.min(spin_limit(self.info.kind));
        // The one wait for the launches: for its first `hold_limit` with the arrays held through
        // (not cancellable), then with nothing pinned (cancellable when the host can cancel).
        let waited = Instant::now();
        if through {
            let ended = match last_event.as_ref() {
                Some(ev) => queue.flush().map_err(cl("clFlush")).and_then(|()| {
                    let spin = spin_limit(self.info.kind);
                    wait_event_within(ev, host, true, spin, Some(hold_limit))
                }),
                None => Ok(false),
            }
            .and_then(|ended| {
                if !ended {
                    if let Some(m) = &uploads_done {
                        wait_event(m, host, true, spin_limit(self.info.kind))?;
                    }
                }
                Ok(ended)
            });
            match ended {
                Ok(true) => {}
                Ok(false) => {
                    log::debug!(
                        "the kernels outlasted the hold ({hold_limit:?}): the arrays go until the results"
                    );
                    host.let_go();
                    through = false;
                }
                Err(RuntimeError::OpenCl { code, .. }) => {
                    return Err(failure("kernel execution", code))
                }
                Err(e) => return Err(e),
            }
        }
        match wait_queue(
            queue,
            host,
            through,
            spin_limit(self.info.kind),
            last_event.as_ref(),
            self.finish_after_poll,
        ) {
            Ok(()) => holding.idle = true,
            Err(RuntimeError::Cancelled(reason)) => {
                for r in &written_resident {
                    r.mark_stale();
                }
                holding.abandon = true;
                return Err(RuntimeError::Cancelled(reason));
            }
            Err(RuntimeError::OpenCl { code, .. }) => {
                return Err(failure("kernel execution", code))
            }
            Err(e) => return Err(e),
        }
        let mut waited_for_launches = waited.elapsed();
        let wait_began = waited.duration_since(started);
        if plan.profile {
            let device: Duration = kernel_events
                .iter()
                .flatten()
                .map(|ev| event_time(ev, Duration::ZERO))
                .sum();
            if !device.is_zero() {
                waited_for_launches = device;
            }
        }
        let area = holding.staging.area();
        let status_of = |k: usize| {
            let at = status_at[k];
            let mut word = [0u8; 4];
            word.copy_from_slice(&area[at..at + 4]);
            i32::from_ne_bytes(word)
        };
        let failed = (0..plan.launches.len())
            .filter(|&k| plan.launches[k].args.contains(&Arg::Status))
            .map(|k| (k, status_of(k)))
            .find(|&(_, code)| code != 0);
        let zero_status: Vec<bool> = (0..plan.launches.len())
            .map(|k| checks && status_of(k) == 0)
            .collect();
        let partials: Vec<Vec<Vec<u8>>> = plan
            .launches
            .iter()
            .zip(&partial_at)
            .map(|(l, at)| {
                l.partials
                    .iter()
                    .zip(at)
                    .map(|(&bytes, &at)| area[at..at + bytes].to_vec())
                    .collect()
            })
            .collect();
        // Status words read back as 0 serve the next execution as they are.
        for (k, &zero) in zero_status.iter().enumerate() {
            if let Some(Held::Status(_, z)) = holding.held.get_mut(status_base + k) {
                *z = zero;
            }
        }

        // Every check passed: the results go into the pinned host arrays, the large ones straight
        // from the device first, then the small ones from the staging area, so that a failed copy
        // leaves every array untouched or (after the one retry) every array the JVM's result, never a
        // mix that no run of the JVM leaves behind.
        let mut downloads = Vec::new();
        let last = plan.launches.len().saturating_sub(1);
        // The caller may discard results that passed (another part of the same work failed).
        let wanted = host.results_wanted(failed.is_none()) && failed.is_none();
        if wanted && plan.arrays.iter().any(|a| a.transfer.download) {
            // Where each slice of the writing `pinned` starts in its array.
            let windows: Vec<(usize, usize)> = (0..plan.arrays.len())
                .map(|i| host.write_window(i))
                .collect();
            let window = |i: usize, (from, to): (usize, usize), data: &mut [u8]| {
                let (base, end) = windows.get(i).copied().unwrap_or((0, data.len()));
                if base > from || to > end || to - base > data.len() {
                    return Err(RuntimeError::InvalidLaunch(format!(
                        "array {i}: bytes [{from}, {to}) come back, the host lends [{base}, {end})"
                    )));
                }
                Ok((from - base, to - base))
            };
            let direct_reads: Vec<usize> = plan
                .arrays
                .iter()
                .enumerate()
                .filter(|&(i, a)| a.transfer.download && staged_at[i].is_none() && !in_place[i])
                .map(|(i, _)| i)
                .collect();
            let mut copy = |host: &mut [HostData<'_>]| -> Result<(), RuntimeError> {
                let mut read_all = |host: &mut [HostData<'_>],
                                    events: &mut Vec<Option<Event>>|
                 -> Result<u64, i32> {
                    let mut bytes = 0u64;
                    for &i in &direct_reads {
                        let Some(h) = host.get_mut(i) else { continue };
                        if h.is_empty() {
                            continue;
                        }
                        let len = lens.get(i).copied().unwrap_or(0);
                        let (from, to) = clip(plan.arrays[i].transfer.download_range, len);
                        let data = h.as_bytes_mut();
                        let Ok((s, e)) = window(i, (from, to), data) else {
                            return Err(cl3::error_codes::CL_INVALID_VALUE);
                        };
                        let data = &mut data[s..e];
                        let Ok(source) = held_buffer(&mut holding.held, i) else {
                            return Err(cl3::error_codes::CL_INVALID_MEM_OBJECT);
                        };
                        let base = plan.arrays[i].window_start();
                        // SAFETY: the device buffer holds the array's bytes from `base` on,
                        // `[from, to)` among them (checked above); the host slice stays pinned
                        // until the queue is finished below (or by `Holding` on an error, for
                        // stable slices).
                        let event =
                            unsafe { enqueue.read(source, from - base, data, false, false) };
                        holding.idle = false;
                        match event {
                            Ok(e) => events.push(e),
                            Err(RuntimeError::OpenCl { code, .. }) => return Err(code),
                            Err(_) => return Err(cl3::error_codes::CL_OUT_OF_RESOURCES),
                        }
                        bytes += data.len() as u64;
                    }
                    if bytes > 0 {
                        finish(queue)?;
                    }
                    holding.idle = true;
                    Ok(bytes)
                };
                let mut direct = Vec::new();
                let bytes = match read_all(host, &mut direct) {
                    Ok(b) => b,
                    Err(code) => {
                        // The kernels succeeded and their results are still on the device: the
                        // copies are made once more (after the queue drained) before giving up.
                        log::debug!(
                            "copying results back failed ({}); once more",
                            crate::error::cl_error_name(code)
                        );
                        direct.clear();
                        let _ = queue.finish();
                        read_all(host, &mut direct).map_err(|code| {
                            failure(
                                "clEnqueueReadBuffer (twice; arrays copied straight from the \
                                 device may hold part of their results)",
                                code,
                            )
                        })?
                    }
                };
                if let Some(t) = times.get_mut(last) {
                    t.bytes_downloaded += bytes;
                }
                let area = holding.staging.area();
                for (i, event) in staged.drain(..) {
                    let (Some(at), Some(h)) = (staged_at[i], host.get_mut(i)) else {
                        continue;
                    };
                    let len = lens.get(i).copied().unwrap_or(0);
                    let (from, to) = clip(plan.arrays[i].transfer.download_range, len);
                    let data = h.as_bytes_mut();
                    let (s, e) = window(i, (from, to), data)?;
                    let data = &mut data[s..e];
                    data.copy_from_slice(&area[at..at + data.len()]);
                    if let Some(t) = times.get_mut(last) {
                        t.bytes_downloaded += data.len() as u64;
                    }
                    downloads.push(event);
                }
                downloads.extend(direct);
                Ok(())
            };
            let mut copied = Ok(());
            host.pinned(true, &mut |h: &mut [HostData<'_>]| {
                copied = copy(h);
                if copied.is_err() && !stable {
                    // Nothing may write the arrays once they are let go.
                    let _ = queue.finish();
                }
                Ok(())
            })?;
            copied?;
        }
        let wait_time = waited.elapsed();
        if plan.profile && log::log_enabled!(log::Level::Debug) {
            log_timeline(
                &uploads,
                &kernel_events,
                &downloads,
                [
                    enqueued_uploads,
                    wait_began,
                    wait_began + waited_for_launches,
                    started.elapsed(),
                ],
            );
        }
        // Device times from the profiling events; without profiling, the host's wait stands in
        // for the kernels and transfers report no duration.
        for (i, ev) in &uploads {
            if let (Some(k), Some(ev)) = (first_use[*i], ev) {
                times[k].upload += event_time(ev, Duration::ZERO);
            }
        }
        for (k, ev) in kernel_events.iter().enumerate() {
            times[k].kernel = match ev {
                Some(ev) => event_time(ev, wait_time),
                None => wait_time,
            };
        }
        for ev in downloads.iter().flatten() {
            if let Some(t) = times.get_mut(last) {
                t.download += event_time(ev, Duration::ZERO);
            }
        }
        // Uploaded kept copies now equal their host arrays; written ones only once downloaded.
        for (a, &len) in plan.arrays.iter().zip(&lens) {
            if let Some(r) = &a.resident {
                if a.transfer.upload && len != 0 {
                    r.set_current(!a.transfer.download);
                }
            }
        }
        if failed.is_some() || !wanted {
            for r in &written_resident {
                r.mark_stale();
            }
            drop(holding);
            if through {
                host.let_go();
            }
            if let Some(t) = times.last_mut() {
                t.total = started.elapsed();
            }
            return Ok(Executed {
                failed,
                partials,
                times,
                discarded: true,
                waited: waited_for_launches,
            });
        }
        for r in &written_resident {
            r.set_current(true);
        }
        drop(holding);
        if through {
            host.let_go();
        }
        if let Some(t) = times.last_mut() {
            t.total = started.elapsed();
        }
        Ok(Executed {
            failed: None,
            partials,
            times,
            discarded: false,
            waited: waited_for_launches,
        })
    }
}
