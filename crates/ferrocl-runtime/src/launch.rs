//! Launching one NDRange over host data.
//!
//! Received: a [`BuiltKernel`] of this device, host slices wrapped in
//! [`HostBuffer`]s, kernel arguments in parameter order ([`KernelArg`]),
//! a global size (1 to 3 dimensions) and an optional local size.
//! Guaranteed: the launch is validated before anything is enqueued; each
//! host buffer gets exactly one device buffer for the launch (an idle one
//! of the same size kept from an earlier launch, else a new one; given back
//! afterwards, see the `memory` module); a buffer is uploaded when the kernel reads it or
//! [`HostBuffer::upload`] is set, and downloaded into the host slice when the
//! kernel writes it or [`HostBuffer::download`] is set; transfers are
//! blocking and the kernel is waited for, so when `launch` returns (also with
//! an error) no OpenCL command still touches host memory. Zero-length slices
//! are bound to a small dummy device buffer and never transferred. The same
//! buffer may be bound to several arguments (Java aliasing): all of them see
//! one device buffer. Launches of one kernel from several threads are
//! serialized only while arguments are set and the range is enqueued.
//! Refused ([`RuntimeError::InvalidLaunch`]): 0 or more than 3 dimensions, a
//! zero-sized dimension, a local size that does not divide the global size
//! or exceeds the kernel's / device's work-group limits, an argument count
//! different from the kernel's, a buffer index out of range, a zero-sized or
//! too large `__local` argument, a buffer larger than the device's largest
//! allocation, a kernel built on another device.

use std::ptr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use opencl3::event::Event;
use opencl3::memory::{Buffer, ClMem};
use opencl3::types::{cl_mem, CL_BLOCKING};

use crate::build::BuiltKernel;
use crate::device::Device;
use crate::error::{cl, RuntimeError};
use crate::memory::Resident;

/// Bytes of the device buffer bound in place of a zero-length host slice
/// (OpenCL cannot create empty buffers).
const DUMMY_BUFFER_BYTES: usize = 64;

/// Host data of one kernel buffer: a mutable slice of one element type.
///
/// `Debug` prints the element type and length, not the elements.
pub enum HostData<'a> {
    /// `char` / Java `byte` / `boolean`.
    I8(&'a mut [i8]),
    /// `uchar`.
    U8(&'a mut [u8]),
    /// `short` / Java `short`.
    I16(&'a mut [i16]),
    /// `ushort` / Java `char`.
    U16(&'a mut [u16]),
    /// `int` / Java `int`.
    I32(&'a mut [i32]),
    /// `long` / Java `long`.
    I64(&'a mut [i64]),
    /// `float` / Java `float`.
    F32(&'a mut [f32]),
    /// `double` / Java `double` (needs an fp64 device).
    F64(&'a mut [f64]),
}

/// Plain numeric element types whose every bit pattern is a valid value, so
/// their slices may be viewed and filled as bytes.
trait Plain: Copy {}
impl Plain for i8 {}
impl Plain for u8 {}
impl Plain for i16 {}
impl Plain for u16 {}
impl Plain for i32 {}
impl Plain for i64 {}
impl Plain for f32 {}
impl Plain for f64 {}

fn bytes<T: Plain>(s: &[T]) -> &[u8] {
    // SAFETY: `T` is a primitive number without padding; the byte view covers
    // exactly the slice's memory and borrows it immutably for its lifetime.
    unsafe { std::slice::from_raw_parts(s.as_ptr().cast::<u8>(), std::mem::size_of_val(s)) }
}

fn bytes_mut<T: Plain>(s: &mut [T]) -> &mut [u8] {
    // SAFETY: as above; additionally every byte pattern is a valid `T`, so
    // writes through the byte view cannot create invalid values.
    unsafe { std::slice::from_raw_parts_mut(s.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(s)) }
}

macro_rules! each_host_data {
    ($value:expr, $s:ident => $body:expr) => {
        match $value {
            HostData::I8($s) => $body,
            HostData::U8($s) => $body,
            HostData::I16($s) => $body,
            HostData::U16($s) => $body,
            HostData::I32($s) => $body,
            HostData::I64($s) => $body,
            HostData::F32($s) => $body,
            HostData::F64($s) => $body,
        }
    };
}

impl HostData<'_> {
    /// Number of elements.
    pub fn len(&self) -> usize {
        each_host_data!(self, s => s.len())
    }

    /// `true` for a zero-length slice.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Size of one element in bytes.
    pub fn elem_size(&self) -> usize {
        match self {
            HostData::I8(_) | HostData::U8(_) => 1,
            HostData::I16(_) | HostData::U16(_) => 2,
            HostData::I32(_) | HostData::F32(_) => 4,
            HostData::I64(_) | HostData::F64(_) => 8,
        }
    }

    /// Size of the slice in bytes.
    pub fn byte_len(&self) -> usize {
        each_host_data!(self, s => std::mem::size_of_val(&**s))
    }

    /// The OpenCL C element type (`"int"`, `"float"`, ...).
    pub fn cl_type(&self) -> &'static str {
        match self {
            HostData::I8(_) => "char",
            HostData::U8(_) => "uchar",
            HostData::I16(_) => "short",
            HostData::U16(_) => "ushort",
            HostData::I32(_) => "int",
            HostData::I64(_) => "long",
            HostData::F32(_) => "float",
            HostData::F64(_) => "double",
        }
    }

    fn as_bytes(&self) -> &[u8] {
        each_host_data!(self, s => bytes(s))
    }

    fn as_bytes_mut(&mut self) -> &mut [u8] {
        each_host_data!(self, s => bytes_mut(s))
    }
}

impl std::fmt::Debug for HostData<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}[{}]", self.cl_type(), self.len())
    }
}

macro_rules! host_data_from {
    ($($t:ty => $v:ident),*) => {$(
        impl<'a> From<&'a mut [$t]> for HostData<'a> {
            fn from(s: &'a mut [$t]) -> Self {
                HostData::$v(s)
            }
        }
        impl<'a> From<&'a mut Vec<$t>> for HostData<'a> {
            fn from(s: &'a mut Vec<$t>) -> Self {
                HostData::$v(s.as_mut_slice())
            }
        }
    )*};
}
host_data_from!(i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, i64 => I64, f32 => F32, f64 => F64);

/// How the kernel uses a buffer (from the kernel's point of view).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Access {
    /// The kernel only reads it; it is uploaded, never downloaded.
    ReadOnly,
    /// The kernel only writes it; it is downloaded, and
    /// uploaded only when [`HostBuffer::upload`] is set.
    WriteOnly,
    /// The kernel reads and writes it; uploaded and downloaded.
    ReadWrite,
}

impl Access {
    /// The kernel reads the buffer.
    pub fn reads(self) -> bool {
        matches!(self, Access::ReadOnly | Access::ReadWrite)
    }

    /// The kernel writes the buffer.
    pub fn writes(self) -> bool {
        matches!(self, Access::WriteOnly | Access::ReadWrite)
    }
}

/// One host slice bound to a kernel launch.
///
/// Transfers: the slice is uploaded before the kernel when
/// `access.reads() || upload`, and downloaded back into the slice after the
/// kernel when `access.writes() || download`. So `upload` matters for
/// [`Access::WriteOnly`]: leave it `true` unless the kernel writes **every**
/// element, otherwise the elements it skips come back as garbage. `download`
/// only forces a (pointless) read-back of a read-only buffer. Zero-length
/// slices are never transferred.
#[derive(Debug)]
pub struct HostBuffer<'a> {
    /// The host slice.
    pub data: HostData<'a>,
    /// How the kernel uses it.
    pub access: Access,
    /// Upload even when the kernel does not read it (see the type's docs).
    pub upload: bool,
    /// Download even when the kernel does not write it.
    pub download: bool,
    /// The device buffer kept for this host slice between launches, instead of a temporary one:
    /// its upload is skipped while it is current (see [`Resident`]). Its size must be the slice's.
    pub resident: Option<&'a Resident>,
}

impl<'a> HostBuffer<'a> {
    /// A buffer with `access`, uploaded always (safe for kernels that write
    /// only some elements) and downloaded when the kernel writes it.
    pub fn new(data: impl Into<HostData<'a>>, access: Access) -> Self {
        HostBuffer {
            data: data.into(),
            access,
            upload: true,
            download: false,
            resident: None,
        }
    }

    /// An input: uploaded, not downloaded.
    pub fn read_only(data: impl Into<HostData<'a>>) -> Self {
        Self::new(data, Access::ReadOnly)
    }

    /// Read and written by the kernel: uploaded and downloaded.
    pub fn read_write(data: impl Into<HostData<'a>>) -> Self {
        Self::new(data, Access::ReadWrite)
    }

    /// Written by the kernel, possibly only in part: uploaded (so untouched
    /// elements keep their host values) and downloaded.
    pub fn write_only(data: impl Into<HostData<'a>>) -> Self {
        Self::new(data, Access::WriteOnly)
    }

    /// A pure output whose **every** element the kernel writes: not uploaded,
    /// downloaded.
    pub fn output(data: impl Into<HostData<'a>>) -> Self {
        HostBuffer {
            upload: false,
            ..Self::new(data, Access::WriteOnly)
        }
    }

    /// Whether the launch uploads this buffer.
    pub fn will_upload(&self) -> bool {
        !self.data.is_empty() && (self.access.reads() || self.upload)
    }

    /// Whether the launch downloads this buffer.
    pub fn will_download(&self) -> bool {
        !self.data.is_empty() && (self.access.writes() || self.download)
    }
}

/// One kernel argument, in parameter order.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum KernelArg {
    /// A `char` scalar.
    Byte(i8),
    /// A `short` scalar.
    Short(i16),
    /// A `ushort` scalar (Java `char`).
    Char(u16),
    /// An `int` scalar.
    Int(i32),
    /// A `long` scalar.
    Long(i64),
    /// A `float` scalar.
    Float(f32),
    /// A `double` scalar.
    Double(f64),
    /// A `__global` pointer: index into the launch's buffers. The same index
    /// may appear in several arguments.
    Buffer(usize),
    /// A `__local` pointer with this many bytes (must be > 0).
    Local(usize),
}

/// Timings of one launch. `upload`, `kernel` and `download` come from
/// OpenCL profiling events (command start to end, summed over transfers);
/// `total` is the host wall-clock time of the whole `launch` call, including
/// buffer creation and validation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LaunchTimes {
    /// Device time of all host-to-device transfers.
    pub upload: Duration,
    /// Device time of the kernel (profiling start..end).
    pub kernel: Duration,
    /// Device time of all device-to-host transfers.
    pub download: Duration,
    /// Host wall-clock time of the whole launch.
    pub total: Duration,
    /// Bytes uploaded.
    pub bytes_uploaded: u64,
    /// Bytes downloaded.
    pub bytes_downloaded: u64,
}

/// The limits a launch is checked against.
#[derive(Debug, Clone)]
pub(crate) struct Limits<'a> {
    pub(crate) kernel_name: &'a str,
    pub(crate) num_args: u32,
    pub(crate) kernel_work_group_size: usize,
    pub(crate) kernel_local_mem: u64,
    pub(crate) device_work_group_size: usize,
    pub(crate) device_item_sizes: &'a [usize],
    pub(crate) device_local_mem: u64,
    pub(crate) device_max_alloc: u64,
}

fn invalid(msg: String) -> RuntimeError {
    RuntimeError::InvalidLaunch(msg)
}

/// Checks a launch against `limits` without touching OpenCL.
pub(crate) fn validate(
    limits: &Limits<'_>,
    buffer_bytes: &[usize],
    args: &[KernelArg],
    global: &[usize],
    local: Option<&[usize]>,
) -> Result<(), RuntimeError> {
    let name = limits.kernel_name;
    if global.is_empty() || global.len() > 3 {
        return Err(invalid(format!(
            "kernel {name}: global size must have 1 to 3 dimensions, got {} ({global:?})",
            global.len()
        )));
    }
    if global.contains(&0) {
        return Err(invalid(format!(
            "kernel {name}: global size {global:?} has a zero dimension (empty ranges are not launched)"
        )));
    }
    if let Some(local) = local {
        if local.len() != global.len() {
            return Err(invalid(format!(
                "kernel {name}: local size {local:?} has {} dimensions, global size {global:?} has {}",
                local.len(),
                global.len()
            )));
        }
        if local.contains(&0) {
            return Err(invalid(format!(
                "kernel {name}: local size {local:?} has a zero dimension"
            )));
        }
        for (dim, (&g, &l)) in global.iter().zip(local).enumerate() {
            if g % l != 0 {
                return Err(invalid(format!(
                    "kernel {name}: local size {l} does not divide global size {g} in dimension {dim} \
                     (global {global:?}, local {local:?})"
                )));
            }
            if let Some(&max) = limits.device_item_sizes.get(dim) {
                if max > 0 && l > max {
                    return Err(invalid(format!(
                        "kernel {name}: local size {l} in dimension {dim} exceeds the device's \
                         maximum work-item size {max}"
                    )));
                }
            }
        }
        let product = local.iter().try_fold(1usize, |acc, &l| acc.checked_mul(l));
        let Some(product) = product else {
            return Err(invalid(format!(
                "kernel {name}: local size {local:?} overflows"
            )));
        };
        if limits.kernel_work_group_size > 0 && product > limits.kernel_work_group_size {
            return Err(invalid(format!(
                "kernel {name}: work-group of {product} work-items ({local:?}) exceeds the kernel's \
                 work-group size {}",
                limits.kernel_work_group_size
            )));
        }
        if limits.device_work_group_size > 0 && product > limits.device_work_group_size {
            return Err(invalid(format!(
                "kernel {name}: work-group of {product} work-items ({local:?}) exceeds the device's \
                 maximum work-group size {}",
                limits.device_work_group_size
            )));
        }
    }
    if args.len() != limits.num_args as usize {
        return Err(invalid(format!(
            "kernel {name} takes {} arguments, {} given",
            limits.num_args,
            args.len()
        )));
    }
    let mut local_bytes: u64 = 0;
    for (i, arg) in args.iter().enumerate() {
        match *arg {
            KernelArg::Buffer(b) if b >= buffer_bytes.len() => {
                return Err(invalid(format!(
                    "kernel {name}: argument {i} names buffer {b}, but only {} buffers were given",
                    buffer_bytes.len()
                )));
            }
            KernelArg::Local(0) => {
                return Err(invalid(format!(
                    "kernel {name}: argument {i} is a __local buffer of 0 bytes"
                )));
            }
            KernelArg::Local(n) => {
                local_bytes = local_bytes.saturating_add(n as u64);
            }
            _ => {}
        }
    }
    if limits.device_local_mem > 0 {
        let available = limits
            .device_local_mem
            .saturating_sub(limits.kernel_local_mem);
        if local_bytes > available {
            return Err(invalid(format!(
                "kernel {name}: __local arguments need {local_bytes} bytes, the device has {available} \
                 bytes of local memory left for them"
            )));
        }
    }
    if limits.device_max_alloc > 0 {
        for (i, &bytes) in buffer_bytes.iter().enumerate() {
            if bytes as u64 > limits.device_max_alloc {
                return Err(invalid(format!(
                    "kernel {name}: buffer {i} has {bytes} bytes, more than the device's largest \
                     allocation ({} bytes)",
                    limits.device_max_alloc
                )));
            }
        }
    }
    Ok(())
}

/// Profiling duration of a completed command, or `fallback` when the driver
/// gives no profiling data.
fn event_time(event: &Event, fallback: Duration) -> Duration {
    match (
        event.profiling_command_start(),
        event.profiling_command_end(),
    ) {
        (Ok(start), Ok(end)) => Duration::from_nanos(end.saturating_sub(start)),
        _ => fallback,
    }
}

/// The device buffers of one launch, given back to the device when dropped.
/// A launch's device buffer: a temporary one from the device's free list, or a kept one.
enum Mem<'r> {
    Pooled(usize, Option<Buffer<u8>>),
    Resident(&'r Resident, std::sync::MutexGuard<'r, Buffer<u8>>),
}

impl Mem<'_> {
    fn buffer(&mut self) -> Result<&mut Buffer<u8>, RuntimeError> {
        match self {
            Mem::Pooled(_, Some(b)) => Ok(b),
            Mem::Pooled(_, None) => Err(invalid("device buffer already given back".into())),
            Mem::Resident(_, b) => Ok(&mut *b),
        }
    }

    fn handle(&self) -> Option<cl_mem> {
        match self {
            Mem::Pooled(_, b) => b.as_ref().map(|b| b.get()),
            Mem::Resident(_, b) => Some(b.get()),
        }
    }

    fn resident(&self) -> Option<&Resident> {
        match self {
            Mem::Pooled(..) => None,
            Mem::Resident(r, _) => Some(r),
        }
    }
}

struct Buffers<'d, 'r> {
    device: &'d Device,
    held: Vec<Mem<'r>>,
}

impl Drop for Buffers<'_, '_> {
    fn drop(&mut self) {
        for mem in self.held.drain(..) {
            if let Mem::Pooled(size, Some(b)) = mem {
                self.device.give_buffer(size, b);
            }
        }
    }
}

impl Device {
    /// Runs one NDRange of `kernel` (built on this device).
    ///
    /// Uploads every buffer the kernel reads (or marked `upload`), sets the
    /// arguments in order, enqueues with `global` (1 to 3 dimensions, none
    /// zero) and the optional `local` size, waits for the kernel, downloads
    /// every buffer the kernel writes (or marked `download`) into its host
    /// slice, and returns profiling timings. See the module docs for what is
    /// refused.
    pub fn launch(
        &self,
        kernel: &BuiltKernel,
        buffers: &mut [HostBuffer<'_>],
        args: &[KernelArg],
        global: &[usize],
        local: Option<&[usize]>,
    ) -> Result<LaunchTimes, RuntimeError> {
        let _signals = crate::signals::Guard::new();
        let started = Instant::now();
        // Registered host ranges stay registered until this launch's transfers are done.
        let _transfers = self
            .transfers
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kernel.device() != self.selector() {
            return Err(invalid(format!(
                "kernel {} was built on device {}, launched on device {}",
                kernel.name(),
                kernel.device(),
                self.selector()
            )));
        }
        let buffer_bytes: Vec<usize> = buffers.iter().map(|b| b.data.byte_len()).collect();
        let limits = Limits {
            kernel_name: kernel.name(),
            num_args: kernel.num_args(),
            kernel_work_group_size: kernel.work_group_size(),
            kernel_local_mem: kernel.local_mem_bytes(),
            device_work_group_size: self.info.max_work_group_size,
            device_item_sizes: &self.info.max_work_item_sizes,
            device_local_mem: self.info.local_mem_bytes,
            device_max_alloc: self.info.max_mem_alloc_bytes,
        };
        validate(&limits, &buffer_bytes, args, global, local)?;
        self.launches.fetch_add(1, Ordering::Relaxed);
        log::debug!(
            "launch {} on {}: global {global:?}, local {local:?}, {} buffers ({} bytes), {} args",
            kernel.name(),
            self.info.id(),
            buffers.len(),
            buffer_bytes.iter().sum::<usize>(),
            args.len()
        );

        let mut times = LaunchTimes::default();

        // One device buffer per host buffer, reused from earlier launches when one of the size is
        // idle; all are given back when the launch ends, also on an error.
        let mut mems = Buffers {
            device: self,
            held: Vec::with_capacity(buffers.len()),
        };
        for (i, b) in buffers.iter().enumerate() {
            let size = if b.data.is_empty() {
                DUMMY_BUFFER_BYTES
            } else {
                b.data.byte_len()
            };
            log::trace!(
                "buffer {i}: {} x {} ({size} bytes, {:?}{})",
                b.data.len(),
                b.data.cl_type(),
                b.access,
                if b.resident.is_some() { ", kept" } else { "" }
            );
            match b.resident {
                Some(r) => {
                    if r.device() != self.selector() || r.bytes() != size {
                        return Err(invalid(format!(
                            "buffer {i}: a kept buffer of {} bytes on device {} for {size} bytes on device {}",
                            r.bytes(),
                            r.device(),
                            self.selector()
                        )));
                    }
                    if buffers[..i]
                        .iter()
                        .any(|o| o.resident.is_some_and(|o| ptr::eq(o, r)))
                    {
                        return Err(invalid(format!(
                            "buffer {i}: a kept buffer bound twice in one launch"
                        )));
                    }
                    let guard = r
                        .mem
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    mems.held.push(Mem::Resident(r, guard));
                }
                None => {
                    let mem = self.take_buffer(size)?;
                    mems.held.push(Mem::Pooled(size, Some(mem)));
                }
            }
        }
        let mems = &mut mems.held;

        // Uploads (blocking: host memory is not referenced after the call); a kept buffer that
        // holds the host's contents already is not uploaded again.
        for (b, mem) in buffers.iter().zip(mems.iter_mut()) {
            let kept_current = mem.resident().is_some_and(Resident::is_current);
            if b.will_upload() && !kept_current {
                let data = b.data.as_bytes();
                let t = Instant::now();
                let target = mem.buffer()?;
                // SAFETY: the device buffer holds exactly `data.len()` bytes; the
                // write is blocking, so `data` outlives the command.
                let event = unsafe {
                    self.queue
                        .enqueue_write_buffer(target, CL_BLOCKING, 0, data, &[])
                }
                .map_err(cl("clEnqueueWriteBuffer"))?;
                times.upload += event_time(&event, t.elapsed());
                times.bytes_uploaded += data.len() as u64;
            }
            if let Some(r) = mem.resident() {
                // A buffer the kernel writes is current again only once downloaded.
                if b.access.writes() {
                    r.set_current(false);
                } else if b.will_upload() {
                    r.set_current(true);
                }
            }
        }

        // Arguments and enqueue, under the kernel's lock.
        let kernel_event = {
            let k = kernel.lock();
            for (i, arg) in args.iter().enumerate() {
                let index = i as u32;
                // SAFETY: each value has the size of the OpenCL type the
                // variant names; buffer indices were validated; a wrong type
                // for the kernel's parameter is reported by the driver
                // (CL_INVALID_ARG_SIZE), not undefined behaviour.
                let result = unsafe {
                    match *arg {
                        KernelArg::Byte(v) => k.set_arg(index, &v),
                        KernelArg::Short(v) => k.set_arg(index, &v),
                        KernelArg::Char(v) => k.set_arg(index, &v),
                        KernelArg::Int(v) => k.set_arg(index, &v),
                        KernelArg::Long(v) => k.set_arg(index, &v),
                        KernelArg::Float(v) => k.set_arg(index, &v),
                        KernelArg::Double(v) => k.set_arg(index, &v),
                        KernelArg::Buffer(b) => match mems.get(b).and_then(Mem::handle) {
                            Some(handle) => k.set_arg(index, &handle),
                            None => return Err(invalid(format!("buffer index {b} out of range"))),
                        },
                        KernelArg::Local(n) => k.set_arg_local_buffer(index, n),
                    }
                };
                if let Err(e) = result {
                    log::debug!(
                        "kernel {}: setting argument {i} ({arg:?}) failed: {}",
                        kernel.name(),
                        crate::error::cl_error_name(e.0)
                    );
                    return Err(RuntimeError::opencl("clSetKernelArg", e.0));
                }
            }
            let local_ptr = local.map_or(ptr::null(), <[usize]>::as_ptr);
            // SAFETY: `global` (and `local`, same length) have 1..=3
            // validated entries; all arguments are set.
            unsafe {
                self.queue.enqueue_nd_range_kernel(
                    k.get(),
                    global.len() as u32,
                    ptr::null(),
                    global.as_ptr(),
                    local_ptr,
                    &[],
                )
            }
            .map_err(cl("clEnqueueNDRangeKernel"))?
        };
        let t = Instant::now();
        if let Err(e) = kernel_event.wait() {
            // Report the command's own failure code when there is one.
            let code = match kernel_event.command_execution_status() {
                Ok(status) if status.0 < 0 => status.0,
                _ => e.0,
            };
            return Err(RuntimeError::opencl("kernel execution", code));
        }
        times.kernel = event_time(&kernel_event, t.elapsed());

        // Downloads (blocking).
        for (b, mem) in buffers.iter_mut().zip(mems.iter_mut()) {
            if !b.will_download() {
                continue;
            }
            let data = b.data.as_bytes_mut();
            let t = Instant::now();
            let source = mem.buffer()?;
            // SAFETY: the device buffer holds exactly `data.len()` bytes; the
            // read is blocking, so `data` outlives the command.
            let event = unsafe {
                self.queue
                    .enqueue_read_buffer(source, CL_BLOCKING, 0, data, &[])
            }
            .map_err(cl("clEnqueueReadBuffer"))?;
            times.download += event_time(&event, t.elapsed());
            times.bytes_downloaded += data.len() as u64;
            if let Some(r) = mem.resident() {
                r.set_current(true);
            }
        }

        times.total = started.elapsed();
        log::debug!(
            "launch {} done: upload {:?}, kernel {:?}, download {:?}, total {:?}",
            kernel.name(),
            times.upload,
            times.kernel,
            times.download,
            times.total
        );
        Ok(times)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits<'static> {
        Limits {
            kernel_name: "k",
            num_args: 2,
            kernel_work_group_size: 256,
            kernel_local_mem: 0,
            device_work_group_size: 1024,
            device_item_sizes: &[1024, 1024, 64],
            device_local_mem: 32768,
            device_max_alloc: 1 << 20,
        }
    }

    fn check(global: &[usize], local: Option<&[usize]>) -> Result<(), RuntimeError> {
        validate(
            &limits(),
            &[16, 16],
            &[KernelArg::Buffer(0), KernelArg::Int(1)],
            global,
            local,
        )
    }

    fn refused(r: Result<(), RuntimeError>, needle: &str) {
        match r {
            Err(RuntimeError::InvalidLaunch(msg)) => assert!(msg.contains(needle), "{msg}"),
            other => panic!("expected InvalidLaunch containing {needle:?}, got {other:?}"),
        }
    }

    #[test]
    fn accepts_good_launches() {
        assert_eq!(check(&[100], None), Ok(()));
        assert_eq!(check(&[64, 64], Some(&[16, 16])), Ok(()));
        assert_eq!(check(&[8, 8, 8], Some(&[2, 2, 2])), Ok(()));
    }

    #[test]
    fn refuses_bad_dimensions() {
        refused(check(&[], None), "1 to 3 dimensions");
        refused(check(&[1, 1, 1, 1], None), "1 to 3 dimensions");
        refused(check(&[4, 0], None), "zero dimension");
        refused(check(&[4, 4], Some(&[2])), "dimensions");
        refused(check(&[4], Some(&[0])), "zero dimension");
    }

    #[test]
    fn refuses_bad_local_sizes() {
        refused(check(&[100], Some(&[64])), "does not divide");
        refused(check(&[1024], Some(&[512])), "kernel's work-group size");
        refused(
            check(&[128, 128, 128], Some(&[1, 1, 128])),
            "maximum work-item size",
        );
        let unknown_items = Limits {
            device_item_sizes: &[],
            ..limits()
        };
        let big = [usize::MAX, usize::MAX];
        refused(
            validate(
                &unknown_items,
                &[16],
                &[KernelArg::Buffer(0), KernelArg::Int(1)],
                &big,
                Some(&big),
            ),
            "overflows",
        );
    }

    #[test]
    fn refuses_bad_arguments() {
        let l = limits();
        refused(
            validate(&l, &[16], &[KernelArg::Int(1)], &[1], None),
            "takes 2 arguments, 1 given",
        );
        refused(
            validate(
                &l,
                &[16],
                &[KernelArg::Buffer(1), KernelArg::Int(1)],
                &[1],
                None,
            ),
            "names buffer 1",
        );
        refused(
            validate(
                &l,
                &[16],
                &[KernelArg::Local(0), KernelArg::Int(1)],
                &[1],
                None,
            ),
            "0 bytes",
        );
        refused(
            validate(
                &l,
                &[16],
                &[KernelArg::Local(40000), KernelArg::Int(1)],
                &[1],
                None,
            ),
            "local memory",
        );
        refused(
            validate(
                &l,
                &[(1 << 20) + 1],
                &[KernelArg::Buffer(0), KernelArg::Int(1)],
                &[1],
                None,
            ),
            "largest allocation",
        );
    }

    #[test]
    fn host_buffer_transfer_rules() {
        let mut a = [1i32, 2];
        let mut e: [f32; 0] = [];
        assert!(HostBuffer::read_only(&mut a[..]).will_upload());
        assert!(!HostBuffer::read_only(&mut a[..]).will_download());
        assert!(HostBuffer::write_only(&mut a[..]).will_upload());
        assert!(HostBuffer::write_only(&mut a[..]).will_download());
        assert!(!HostBuffer::output(&mut a[..]).will_upload());
        assert!(HostBuffer::output(&mut a[..]).will_download());
        assert!(HostBuffer::read_write(&mut a[..]).will_download());
        let empty = HostBuffer::read_write(&mut e[..]);
        assert!(!empty.will_upload() && !empty.will_download());
        let d = HostData::from(&mut a[..]);
        assert_eq!(
            (d.len(), d.elem_size(), d.byte_len(), d.cl_type()),
            (2, 4, 8, "int")
        );
        assert_eq!(d.as_bytes().len(), 8);
        assert_eq!(format!("{d:?}"), "int[2]");
    }
}
