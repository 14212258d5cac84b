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

use std::sync::Arc;
use std::time::Duration;

use opencl3::event::Event;

use crate::build::BuiltKernel;
use crate::device::Device;
use crate::error::RuntimeError;
use crate::geometry::Geometry;
use crate::plan::{Arg, Launch, Plan, PlanArray, Transfer};
use crate::residency::Resident;

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
    /// A shorter-lived view of the same slice.
    pub fn reborrow(&mut self) -> HostData<'_> {
        match self {
            HostData::I8(s) => HostData::I8(s),
            HostData::U8(s) => HostData::U8(s),
            HostData::I16(s) => HostData::I16(s),
            HostData::U16(s) => HostData::U16(s),
            HostData::I32(s) => HostData::I32(s),
            HostData::I64(s) => HostData::I64(s),
            HostData::F32(s) => HostData::F32(s),
            HostData::F64(s) => HostData::F64(s),
        }
    }

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

    /// The elements as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        each_host_data!(self, s => bytes(s))
    }

    /// The elements as bytes, writable.
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
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
    pub resident: Option<Arc<Resident>>,
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
    /// Bytes the kernel read in place from host memory, without any transfer (devices that work
    /// in host memory).
    pub bytes_in_place: u64,
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
pub(crate) fn event_time(event: &Event, fallback: Duration) -> Duration {
    match (
        event.profiling_command_start(),
        event.profiling_command_end(),
    ) {
        (Ok(start), Ok(end)) => Duration::from_nanos(end.saturating_sub(start)),
        _ => fallback,
    }
}

impl Device {
    /// Runs one NDRange of `kernel` (built on this device): a one-launch [`Plan`] run by
    /// [`Device::execute`].
    ///
    /// Uploads every buffer the kernel reads (or marked `upload`; a kept buffer only when it is not
    /// current), sets the arguments in order, enqueues with `global` (1 to 3 dimensions, none
    /// zero) and the optional `local` size, waits for the kernel, downloads every buffer the
    /// kernel writes (or marked `download`) into its host slice, and returns profiling timings.
    /// See the module docs for what is refused.
    pub fn launch(
        &self,
        kernel: &BuiltKernel,
        buffers: &mut [HostBuffer<'_>],
        args: &[KernelArg],
        global: &[usize],
        local: Option<&[usize]>,
    ) -> Result<LaunchTimes, RuntimeError> {
        let mut arrays = Vec::with_capacity(buffers.len());
        let base_align = usize::try_from(self.info().base_addr_align_bytes).unwrap_or(128);
        // The executor refuses a kept buffer of another device or size, or one bound twice.
        for b in buffers.iter() {
            arrays.push(PlanArray {
                bytes: b.data.byte_len(),
                transfer: Transfer {
                    upload: b.access.reads() || b.upload,
                    download: b.access.writes() || b.download,
                    ..Transfer::default()
                },
                resident: b.resident.clone(),
                // Only read-only buffers are read in place, and only at the base alignment OpenCL
                // promises every buffer (CL_DEVICE_MEM_BASE_ADDR_ALIGN): the kernel is the
                // caller's and may load vectors through a cast pointer.
                align: b.data.elem_size().max(base_align),
                window: None,
            });
        }
        let plan = Plan {
            arrays,
            launches: vec![Launch {
                kernel,
                args: args
                    .iter()
                    .map(|a| match *a {
                        KernelArg::Buffer(i) => Arg::Array(i),
                        other => Arg::Value(other),
                    })
                    .collect(),
                geometry: Geometry {
                    global: global.to_vec(),
                    local: local.map(<[usize]>::to_vec).unwrap_or_default(),
                },
                partials: Vec::new(),
                task: 0,
            }],
            profile: true,
            side_queue: false,
            carried_bytes: 0,
        };
        let mut host: Vec<HostData<'_>> = buffers.iter_mut().map(|b| b.data.reborrow()).collect();
        let done = self.execute(&plan, &mut host)?;
        Ok(done.times.into_iter().next().unwrap_or_default())
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
