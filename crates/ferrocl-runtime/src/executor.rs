//! Runs a [`Plan`] on a device: every command is enqueued without blocking on one in-order queue,
//! and the host waits twice at most: once for the launches' status words (and reduction
//! partials, and results of at most [`STAGED_BYTES`], read alongside into staging memory: the
//! device's page-locked memory when it lends some, see the `memory` module), and
//! once, only when every check passed and a larger result remains, for the downloads straight
//! into the host slices.
//!
//! Received: a plan whose kernels were built on this device, and one host slice per plan array
//! (its exact size). The slices must stay valid and unmoved for the call (the caller pins them).
//! Guaranteed: an array is uploaded as its [`Transfer`](crate::plan::Transfer) says, unless it is
//! a kept array whose device copy is current; on a device that works in host memory
//! ([`DeviceInfo::unified_memory`](crate::DeviceInfo::unified_memory)) an array that no launch
//! writes and that is not kept is read in place through a buffer over the host slice (no copy at
//! all) when the slice is aligned as [`PlanArray::align`] asks; every launch's status word starts
//! at 0; the host slices of written arrays receive the device's results only when every status
//! word is still 0, otherwise they are untouched and written kept copies become stale; when the
//! call returns, also with an error, no command of this call still references host memory.
//! Refused: what [`Device::launch`] refuses, checked for every launch before anything is
//! enqueued, and host slices whose sizes differ from the plan's.

use std::ptr;
use std::time::{Duration, Instant};

use opencl3::event::Event;
use opencl3::memory::{Buffer, ClMem, CL_MEM_READ_ONLY, CL_MEM_USE_HOST_PTR};
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
}

impl Held<'_> {
    fn buffer(&mut self) -> &mut Buffer<u8> {
        match self {
            Held::Pooled(_, b) | Held::InPlace(b) | Held::Status(b, _) => b,
            Held::Resident(b) => b,
        }
    }

    fn handle(&self) -> cl_mem {
        match self {
            Held::Pooled(_, b) | Held::InPlace(b) | Held::Status(b, _) => b.get(),
            Held::Resident(b) => b.get(),
        }
    }
}

/// Everything the execution holds; on drop it waits for the queue (so no command still references
/// host memory or these buffers) and gives pooled buffers back.
struct Holding<'d, 'r> {
    device: &'d Device,
    queue: &'d opencl3::command_queue::CommandQueue,
    held: Vec<Held<'r>>,
    /// Nothing enqueued since the last successful wait (dropping need not wait again).
    idle: bool,
    /// Where the small reads land.
    staging: Staging,
}

impl Drop for Holding<'_, '_> {
    fn drop(&mut self) {
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
    fn new(device: &Device, bytes: usize) -> Staging {
        let pinned = if bytes == 0 {
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
        if self.profile {
            // SAFETY: the caller's promise.
            return unsafe {
                self.queue
                    .enqueue_write_buffer(to, CL_NON_BLOCKING, offset, data, &[])
            }
            .map(Some)
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

    /// Device → host; blocking only when `small` is set and the execution is not profiled (a
    /// small read into pageable memory returns sooner blocking than queued on some drivers).
    ///
    /// # Safety
    ///
    /// `data` (at most the buffer's size) stays valid and unread until the queue is finished.
    unsafe fn read(
        &self,
        from: &Buffer<u8>,
        data: &mut [u8],
        small: bool,
    ) -> Result<Option<Event>, RuntimeError> {
        const CALL: &str = "clEnqueueReadBuffer";
        if self.profile {
            // SAFETY: the caller's promise.
            return unsafe {
                self.queue
                    .enqueue_read_buffer(from, CL_NON_BLOCKING, 0, data, &[])
            }
            .map(Some)
            .map_err(cl(CALL));
        }
        let rt = raw_cl(CALL)?;
        // As above (the host memory stays valid until the queue is finished); no event is asked
        // for. cl3 declares its raw entry points safe.
        let status = rt.clEnqueueReadBuffer(
            self.queue.get(),
            from.get(),
            if small { CL_BLOCKING } else { CL_NON_BLOCKING },
            0,
            data.len(),
            data.as_mut_ptr().cast(),
            0,
            ptr::null(),
            ptr::null_mut(),
        );
        raw_status(CALL, status)
    }

    /// One NDRange.
    ///
    /// # Safety
    ///
    /// `global` (and `local`, when not empty) have 1..=3 validated entries; every argument is set.
    unsafe fn kernel(
        &self,
        kernel: opencl3::types::cl_kernel,
        global: &[usize],
        local: &[usize],
    ) -> Result<Option<Event>, RuntimeError> {
        const CALL: &str = "clEnqueueNDRangeKernel";
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
            .map(Some)
            .map_err(cl(CALL));
        }
        let rt = raw_cl(CALL)?;
        // As above (the host memory stays valid until the queue is finished); no event is asked
        // for. cl3 declares its raw entry points safe.
        let status = rt.clEnqueueNDRangeKernel(
            self.queue.get(),
            kernel,
            global.len() as u32,
            ptr::null(),
            global.as_ptr(),
            local_ptr,
            0,
            ptr::null(),
            ptr::null_mut(),
        );
        raw_status(CALL, status)
    }
}

/// Bytes of the buffer bound for an empty array (OpenCL has no empty buffers).
const EMPTY_BYTES: usize = 64;

/// Results up to this size are read back together with the status words (into staging memory,
/// copied once the checks passed), saving the second wait; larger ones go straight into the host
/// slices after the checks.
const STAGED_BYTES: usize = 64 << 10;

impl Device {
    /// Runs `plan` over `host` (one slice per plan array). See the module docs.
    pub fn execute(
        &self,
        plan: &Plan<'_>,
        host: &mut [HostData<'_>],
    ) -> Result<Executed, RuntimeError> {
        // A CPU driver may compile kernels at their first launch, and its compiler installs signal
        // handlers the JVM must get back (see the `signals` module); GPU drivers compile at build.
        let _signals = (self.info.kind != crate::DeviceKind::Gpu).then(crate::signals::Guard::new);
        let started = Instant::now();
        // Registered host ranges stay registered until this execution's transfers are done.
        let _transfers = self
            .transfers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let invalid = RuntimeError::InvalidLaunch;
        if host.len() != plan.arrays.len() {
            return Err(invalid(format!(
                "{} host slices for a plan of {} arrays",
                host.len(),
                plan.arrays.len()
            )));
        }
        for (i, (h, a)) in host.iter().zip(&plan.arrays).enumerate() {
            if h.byte_len() != a.bytes {
                return Err(invalid(format!(
                    "array {i}: a host slice of {} bytes for a plan array of {} bytes",
                    h.byte_len(),
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
        let mut sizes: Vec<usize> = plan.arrays.iter().map(|a| a.bytes).collect();
        sizes.extend(std::iter::repeat_n(4, plan.launches.len()));
        sizes.extend(
            plan.launches
                .iter()
                .flat_map(|l| l.partials.iter().copied()),
        );

        // Every launch checked before anything is enqueued.
        let mut launch_args: Vec<Vec<KernelArg>> = Vec::with_capacity(plan.launches.len());
        for (k, l) in plan.launches.iter().enumerate() {
            if l.kernel.device() != self.selector() {
                return Err(invalid(format!(
                    "kernel {} was built on device {}, executed on device {}",
                    l.kernel.name(),
                    l.kernel.device(),
                    self.selector()
                )));
            }
            let args: Vec<KernelArg> = l
                .args
                .iter()
                .map(|a| match *a {
                    Arg::Value(v) => v,
                    Arg::Array(i) => KernelArg::Buffer(i),
                    Arg::Status => KernelArg::Buffer(status_base + k),
                    Arg::Partials(i) => KernelArg::Buffer(if i < l.partials.len() {
                        partial_base[k] + i
                    } else {
                        usize::MAX
                    }),
                })
                .collect();
            let limits = Limits {
                kernel_name: l.kernel.name(),
                num_args: l.kernel.num_args(),
                kernel_work_group_size: l.kernel.work_group_size(),
                kernel_local_mem: l.kernel.local_mem_bytes(),
                device_work_group_size: self.info.max_work_group_size,
                device_item_sizes: &self.info.max_work_item_sizes,
                device_local_mem: self.info.local_mem_bytes,
                device_max_alloc: self.info.max_mem_alloc_bytes,
            };
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
        let queue = if plan.profile {
            &self.queue
        } else {
            &self.plain_queue
        };
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
        // Small results come back with the status words and are copied into the host slices
        // once the checks passed: one wait instead of two.
        let staged_at: Vec<Option<usize>> = plan
            .arrays
            .iter()
            .zip(host.iter())
            .map(|(a, h)| {
                (checks && a.transfer.download && !h.is_empty() && h.byte_len() <= STAGED_BYTES)
                    .then(|| layout.add(h.byte_len()))
            })
            .collect();
        let staging = Staging::new(self, layout.bytes);
        let pinned = staging.is_pinned();
        let mut holding = Holding {
            device: self,
            queue,
            held: Vec::with_capacity(sizes.len()),
            idle: false,
            staging,
        };
        let enqueue = Enqueue {
            queue,
            profile: plan.profile,
        };
        let mut uploads: Vec<(usize, Option<Event>)> = Vec::new();
        let mut written_resident: Vec<&Resident> = Vec::new();
        for (i, (a, h)) in plan.arrays.iter().zip(host.iter_mut()).enumerate() {
            if let Some(r) = a.resident.as_deref() {
                let guard = r
                    .mem
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                holding.held.push(Held::Resident(guard));
                if a.transfer.download {
                    written_resident.push(r);
                }
                if !a.transfer.upload || r.is_current() || h.is_empty() {
                    continue;
                }
            } else if h.is_empty() {
                holding
                    .held
                    .push(Held::Pooled(EMPTY_BYTES, self.take_buffer(EMPTY_BYTES)?));
                continue;
            } else if self.info.unified_memory
                && !a.transfer.download
                && (h.as_bytes().as_ptr() as usize) % a.align.max(1) == 0
            {
                // Read in place: the kernel reads the host slice itself.
                let bytes = h.as_bytes_mut();
                // SAFETY: the slice stays valid and unmoved for the call (the caller's promise),
                // no launch writes it (it is not downloaded, so no use writes it), and the buffer
                // is released after the queue finished (`Holding`'s drop).
                let b = unsafe {
                    Buffer::<u8>::create(
                        &self.context,
                        CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                        bytes.len(),
                        bytes.as_mut_ptr().cast(),
                    )
                }
                .map_err(cl("clCreateBuffer(CL_MEM_USE_HOST_PTR)"))?;
                holding.held.push(Held::InPlace(b));
                if let Some(k) = first_use[i] {
                    times[k].bytes_in_place += bytes.len() as u64;
                }
                continue;
            } else {
                holding
                    .held
                    .push(Held::Pooled(a.bytes, self.take_buffer(a.bytes)?));
                if !a.transfer.upload {
                    continue;
                }
            }
            let data = h.as_bytes();
            let target = holding.held[i].buffer();
            // The part the first launch writes in full stays out of the upload: at most two
            // pieces, before and after it.
            let (skip_start, skip_end) = match a.transfer.skip {
                Some((s, e)) => (s.min(data.len()), e.clamp(s.min(data.len()), data.len())),
                None => (data.len(), data.len()),
            };
            for (offset, piece) in [(0, &data[..skip_start]), (skip_end, &data[skip_end..])] {
                if piece.is_empty() {
                    continue;
                }
                // SAFETY: the device buffer holds exactly `data.len()` bytes, so `piece` fits at
                // `offset`; the host slice outlives the command (the queue is finished before
                // this call returns, `Holding`).
                let event = unsafe { enqueue.write(target, offset, piece) }?;
                if let Some(k) = first_use[i] {
                    times[k].bytes_uploaded += piece.len() as u64;
                }
                uploads.push((i, event));
            }
        }
        let zero = [0u8; 4];
        for l in &plan.launches {
            if !l.args.contains(&Arg::Status) {
                // Never bound; a placeholder keeps the indices.
                holding.held.push(Held::Pooled(4, self.take_buffer(4)?));
                continue;
            }
            let b = match self.take_zero_status() {
                Some(b) => b,
                None => {
                    let mut b = self.take_buffer(4)?;
                    // SAFETY: the pattern is 4 bytes and fills the 4-byte buffer; `zero` outlives
                    // the command (the queue is finished before it goes out of scope).
                    unsafe { queue.enqueue_fill_buffer(&mut b, &zero, 0, 4, &[]) }
                        .map_err(cl("clEnqueueFillBuffer"))?;
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

        // The launches, in order (the queue is in order).
        let mut kernel_events = Vec::with_capacity(plan.launches.len());
        for (l, args) in plan.launches.iter().zip(&launch_args) {
            let k = l.kernel.lock();
            for (i, arg) in args.iter().enumerate() {
                let index = i as u32;
                // SAFETY: each value has the size of the OpenCL type the variant names; buffer
                // indices were validated; a wrong type is reported by the driver.
                let result = unsafe {
                    match *arg {
                        KernelArg::Byte(v) => k.set_arg(index, &v),
                        KernelArg::Short(v) => k.set_arg(index, &v),
                        KernelArg::Char(v) => k.set_arg(index, &v),
                        KernelArg::Int(v) => k.set_arg(index, &v),
                        KernelArg::Long(v) => k.set_arg(index, &v),
                        KernelArg::Float(v) => k.set_arg(index, &v),
                        KernelArg::Double(v) => k.set_arg(index, &v),
                        KernelArg::Buffer(b) => match holding.held.get(b) {
                            Some(h) => k.set_arg(index, &h.handle()),
                            None => return Err(invalid(format!("buffer index {b} out of range"))),
                        },
                        KernelArg::Local(n) => k.set_arg_local_buffer(index, n),
                    }
                };
                if let Err(e) = result {
                    return Err(RuntimeError::opencl("clSetKernelArg", e.0));
                }
            }
            let g = &l.geometry;
            // SAFETY: global and local have 1..=3 validated entries; all arguments are set.
            let event = unsafe { enqueue.kernel(k.get(), &g.global, &g.local) }?;
            kernel_events.push(event);
        }

        // Status words and partials, then the one wait for the launches.
        let area = holding.staging.area();
        for (k, l) in plan.launches.iter().enumerate() {
            if !l.args.contains(&Arg::Status) {
                continue;
            }
            let source = holding.held[status_base + k].buffer();
            let at = status_at[k];
            // SAFETY: 4 bytes from a 4-byte buffer into the staging area, which outlives the
            // command (`holding` owns it and gives it back only after the queue finished).
            unsafe { enqueue.read(source, &mut area[at..at + 4], !pinned) }?;
        }
        for (k, l) in plan.launches.iter().enumerate() {
            for (i, &bytes) in l.partials.iter().enumerate() {
                if bytes == 0 {
                    continue;
                }
                let source = holding.held[partial_base[k] + i].buffer();
                let at = partial_at[k][i];
                // SAFETY: as above; the buffer holds at least `bytes` bytes.
                unsafe { enqueue.read(source, &mut area[at..at + bytes], false) }?;
            }
        }
        // One wait for the launches, when there is a status word or partial result to look at.
        let wait = |what: &'static str| -> Result<(), RuntimeError> {
            queue.finish().map_err(|e| {
                // Report a kernel's own failure code when there is one.
                let code = kernel_events
                    .iter()
                    .flatten()
                    .find_map(|ev| match ev.command_execution_status() {
                        Ok(s) if s.0 < 0 => Some(s.0),
                        _ => None,
                    })
                    .unwrap_or(e.0);
                for r in &written_resident {
                    r.mark_stale();
                }
                RuntimeError::opencl(what, code)
            })
        };
        let mut staged: Vec<(usize, Option<Event>)> = Vec::new();
        for (i, at) in staged_at.iter().enumerate() {
            let (Some(at), Some(h)) = (*at, host.get(i)) else {
                continue;
            };
            let source = holding.held[i].buffer();
            let bytes = h.byte_len();
            // SAFETY: the device buffer holds exactly `bytes` bytes; the staging area outlives
            // the command (as above).
            let event = unsafe { enqueue.read(source, &mut area[at..at + bytes], !pinned) }?;
            staged.push((i, event));
        }
        let waited = Instant::now();
        if checks {
            wait("kernel execution")?;
            holding.idle = true;
        }
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
        // Status words read back as 0 serve the next execution as they are.
        for k in 0..plan.launches.len() {
            if let Some(Held::Status(_, zero)) = holding.held.get_mut(status_base + k) {
                *zero = checks && status_of(k) == 0;
            }
        }
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

        // Every check passed: the results go straight into the host slices.
        let mut downloads = Vec::new();
        let last = plan.launches.len().saturating_sub(1);
        if failed.is_none() {
            for (i, event) in staged {
                let (Some(at), Some(h)) = (staged_at[i], host.get_mut(i)) else {
                    continue;
                };
                let data = h.as_bytes_mut();
                data.copy_from_slice(&area[at..at + data.len()]);
                if let Some(t) = times.get_mut(last) {
                    t.bytes_downloaded += data.len() as u64;
                }
                downloads.push(event);
            }
            let direct = downloads.len();
            for (i, (a, h)) in plan.arrays.iter().zip(host.iter_mut()).enumerate() {
                if !a.transfer.download || h.is_empty() || (checks && h.byte_len() <= STAGED_BYTES)
                {
                    continue;
                }
                let data = h.as_bytes_mut();
                let source = holding.held[i].buffer();
                // SAFETY: the device buffer holds exactly `data.len()` bytes; the host slice
                // outlives the command (the queue is finished below, and by `Holding` on an
                // error).
                let event = unsafe { enqueue.read(source, data, false) }?;
                holding.idle = false;
                if let Some(t) = times.get_mut(last) {
                    t.bytes_downloaded += data.len() as u64;
                }
                downloads.push(event);
            }
            if downloads.len() > direct || !checks {
                wait("kernel execution or clEnqueueReadBuffer")?;
                holding.idle = true;
            }
        }
        let wait_time = waited.elapsed();
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
        for (a, h) in plan.arrays.iter().zip(host.iter()) {
            if let Some(r) = &a.resident {
                if a.transfer.upload && !h.is_empty() {
                    r.set_current(!a.transfer.download);
                }
            }
        }
        if failed.is_some() {
            for r in &written_resident {
                r.mark_stale();
            }
            drop(holding);
            if let Some(t) = times.last_mut() {
                t.total = started.elapsed();
            }
            return Ok(Executed {
                failed,
                partials,
                times,
            });
        }
        for r in &written_resident {
            r.set_current(true);
        }
        drop(holding);
        if let Some(t) = times.last_mut() {
            t.total = started.elapsed();
        }
        Ok(Executed {
            failed: None,
            partials,
            times,
        })
    }
}
