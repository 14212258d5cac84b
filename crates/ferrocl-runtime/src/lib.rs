//! Ferrocl's OpenCL runtime: finds devices, builds OpenCL C source into
//! kernels (cached per device), and runs kernels over host slices.
//!
//! It knows nothing about Java: callers hand it OpenCL C text, build
//! options, host slices and scalar arguments.
//!
//! Received: OpenCL C source, build options, kernel names, host slices
//! ([`HostData`]) with their kernel-side [`Access`], scalar and buffer
//! arguments ([`KernelArg`]), NDRange sizes.
//! Guaranteed: OpenCL is loaded at run time (`libOpenCL` missing means "no
//! devices", not a link error); each device is opened once per process
//! ([`device`]); a `(source, options, kernel)` triple is compiled once per
//! device ([`Device::build`]); launches are validated before they are
//! enqueued and are complete (host slices updated) when [`Device::launch`]
//! returns; every failure is a [`RuntimeError`], never a panic; [`Device`]
//! and [`BuiltKernel`] are `Send + Sync`.
//! Refused: see [`RuntimeError`] — unknown devices, bad selectors, compiler
//! errors (with the driver's log), invalid launches.
//!
//! ```no_run
//! use ferrocl_runtime::{device, HostBuffer, KernelArg};
//!
//! # fn main() -> Result<(), ferrocl_runtime::RuntimeError> {
//! let dev = device(None)?;
//! let k = dev.build(
//!     "__kernel void add(__global const int* a, __global int* b) { size_t i = get_global_id(0); b[i] += a[i]; }",
//!     "-cl-std=CL1.2",
//!     "add",
//! )?;
//! let mut a = vec![1, 2, 3];
//! let mut b = vec![10, 20, 30];
//! let mut bufs = [HostBuffer::read_only(&mut a), HostBuffer::read_write(&mut b)];
//! dev.launch(&k, &mut bufs, &[KernelArg::Buffer(0), KernelArg::Buffer(1)], &[3], None)?;
//! assert_eq!(b, [11, 22, 33]);
//! # Ok(())
//! # }
//! ```

mod build;
mod device;
pub mod disk_cache;
pub mod edges;
mod error;
mod executor;
pub mod fault;
pub mod geometry;
mod info;
mod launch;
mod memory;
pub mod overlap;
pub mod plan;
pub mod reduce;
pub mod residency;
mod signals;
pub mod split;

pub use build::{ArgSpace, BuildOutcome, BuiltKernel};
pub use device::{device, Device};
pub use error::{cl_error_name, RuntimeError};
pub use executor::{clip, Executed, HostAccess, InPlaceTicket, ReadCopy, HOLD_THROUGH_LIMIT};
pub use info::{list_devices, platform_summary, DeviceInfo, DeviceKind, DeviceSelector};
pub use launch::{Access, HostBuffer, HostData, KernelArg, LaunchTimes};
pub use memory::{trim_all, MAX_FREE_BYTES, MAX_PINNED_BYTES, MIN_PIN_BYTES};
pub use residency::Resident;
