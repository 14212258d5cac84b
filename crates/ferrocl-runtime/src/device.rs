//! Opened devices: one context and two in-order command queues per device (one
//! with profiling, one without: profiling costs several microseconds per
//! command on some drivers), shared process-wide.
//!
//! Received: an optional [`DeviceSelector`]; `None` asks for the default
//! device. Choosing a device from the environment or a config file is the
//! caller's business.
//! Guaranteed: the same device is opened at most once per process; every
//! call for it returns the same `Arc<Device>`. The default is the first GPU
//! of any platform, else the first device. [`Device`] is `Send + Sync`.
//! Refused: selectors naming no device ([`RuntimeError::NoSuchDevice`]); no
//! device at all ([`RuntimeError::NoDevice`]).

use std::collections::HashMap;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, OnceLock};

use opencl3::command_queue::{CommandQueue, CL_QUEUE_PROFILING_ENABLE};
use opencl3::context::Context;
use opencl3::device::Device as ClDevice;

use crate::build::KernelCache;
use crate::error::{cl, RuntimeError};
use crate::info::{enumerate, DeviceInfo, DeviceKind, DeviceSelector};

/// An opened OpenCL device: context, in-order queue with profiling, and the
/// in-memory cache of built kernels.
///
/// Obtained from [`device`]; shared as `Arc<Device>`. All methods take
/// `&self` and may be called from several threads at once.
pub struct Device {
    // Field order is drop order: kernels, then queue, then context.
    pub(crate) kernels: Mutex<KernelCache>,
    /// Idle device buffers and registered host ranges.
    pub(crate) memory: Mutex<crate::memory::Memory>,
    /// What cancelled executions left to the device: given back once their commands finished.
    pub(crate) abandoned: Mutex<Vec<crate::executor::Abandoned>>,
    /// Held shared by every launch and exclusively while a host range is unregistered, so no
    /// registration goes away under a transfer of another thread.
    pub(crate) transfers: std::sync::RwLock<()>,
    /// In-order queue with profiling (executions that report device times).
    pub(crate) queue: CommandQueue,
    /// In-order queue without profiling (executions that need not report device times).
    pub(crate) plain_queue: CommandQueue,
    /// A second in-order queue without profiling: batches of one execution alternate between
    /// it and `plain_queue`, so one batch's transfers overlap another's kernels.
    pub(crate) side_queue: CommandQueue,
    /// A third in-order queue without profiling: the downloads of an overlapped execution (see
    /// the `overlap` module; its uploads go on `side_queue`, its kernels on `plain_queue`).
    pub(crate) down_queue: CommandQueue,
    /// On a device that works in host memory, the in-order queues (with profiling, without) of
    /// executions that hold their host arrays in place (`Device::execute_in_place`): theirs
    /// alone, so that they wait for no other execution's commands.
    pub(crate) in_place_queue: Option<(CommandQueue, CommandQueue)>,
    pub(crate) context: Context,
    pub(crate) cl_device: ClDevice,
    pub(crate) info: DeviceInfo,
    /// Number of driver builds (`clBuildProgram`) performed on this device.
    pub(crate) builds: AtomicU64,
    /// Number of launches performed on this device.
    pub(crate) launches: AtomicU64,
    /// Host registrations speed up transfers (see the `memory` module).
    pub(crate) pin_host: bool,
    /// Whether an execution's wait ends with `clFinish` after its last command completed (chosen
    /// once, from the platform).
    pub(crate) finish_after_poll: crate::executor::FinishAfterPoll,
    /// The probe of the built-ins' overflow edges ([`Device::builtin_overflow_edges`]), run once.
    pub(crate) edges: OnceLock<bool>,
}

impl std::fmt::Debug for Device {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Device")
            .field("id", &self.info.id())
            .field("name", &self.info.name)
            .finish_non_exhaustive()
    }
}

impl Device {
    /// What this device is and can do.
    pub fn info(&self) -> &DeviceInfo {
        &self.info
    }

    /// The device's selector.
    pub fn selector(&self) -> DeviceSelector {
        self.info.selector()
    }

    /// `"<name> [P:D]"`, for messages.
    pub fn label(&self) -> String {
        format!("{} [{}]", self.info.name, self.info.id())
    }

    /// How many times a program was actually compiled by the driver on this
    /// device (cache hits do not count).
    pub fn build_count(&self) -> u64 {
        self.builds.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// How many launches were enqueued on this device.
    pub fn launch_count(&self) -> u64 {
        self.launches.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether this device's `double` built-ins `exp`, `expm1`, `sinh` and `cosh` keep Java's
    /// overflow edges (finite up to Java's thresholds, infinite beyond, never NaN for a number), so
    /// that relaxed math may use them bare. Probed on the device the first time it is asked (one
    /// small kernel; see [`crate::edges`]); `false` without `cl_khr_fp64` or when the probe cannot
    /// run.
    pub fn builtin_overflow_edges(&self) -> bool {
        *self.edges.get_or_init(|| {
            if !self.info.fp64 {
                return false;
            }
            match self.probe_edges() {
                Ok(hold) => {
                    log::debug!(
                        "{}: the double exp/expm1/sinh/cosh built-ins {} Java's overflow edges",
                        self.label(),
                        if hold { "keep" } else { "do not keep" }
                    );
                    hold
                }
                Err(e) => {
                    log::debug!("{}: the overflow-edge probe failed: {e}", self.label());
                    false
                }
            }
        })
    }

    fn probe_edges(&self) -> Result<bool, RuntimeError> {
        let kernel = self.build(
            crate::edges::PROBE_SOURCE,
            crate::edges::PROBE_OPTIONS,
            crate::edges::PROBE_KERNEL,
        )?;
        let points = crate::edges::probe_points();
        let mut x = points.clone();
        let mut out = vec![0.0f64; points.len() * 4];
        let mut buffers = [
            crate::HostBuffer::read_only(crate::HostData::F64(&mut x)),
            crate::HostBuffer::output(crate::HostData::F64(&mut out)),
        ];
        self.launch(
            &kernel,
            &mut buffers,
            &[crate::KernelArg::Buffer(0), crate::KernelArg::Buffer(1)],
            &[points.len()],
            None,
        )?;
        Ok(crate::edges::java_edges_hold(&points, &out))
    }

    fn open(info: DeviceInfo, cl_device: ClDevice) -> Result<Device, RuntimeError> {
        let context = Context::from_device(&cl_device).map_err(cl("clCreateContext"))?;
        let queue = create_queue(&context, &cl_device, CL_QUEUE_PROFILING_ENABLE)?;
        let plain_queue = create_queue(&context, &cl_device, 0)?;
        let side_queue = create_queue(&context, &cl_device, 0)?;
        let down_queue = create_queue(&context, &cl_device, 0)?;
        log::debug!("opened OpenCL device {}", info.summary_line());
        // A GPU with memory of its own gains from page-locked host memory; a CPU device or an
        // integrated GPU does not.
        let unified = cl_device.host_unified_memory().unwrap_or(true);
        let in_place_queue = if info.unified_memory {
            Some((
                create_queue(&context, &cl_device, CL_QUEUE_PROFILING_ENABLE)?,
                create_queue(&context, &cl_device, 0)?,
            ))
        } else {
            None
        };
        let pin_host =
            crate::memory::pinning_override().unwrap_or(info.kind == DeviceKind::Gpu && !unified);
        Ok(Device {
            kernels: Mutex::new(KernelCache::default()),
            memory: Mutex::new(crate::memory::Memory::default()),
            transfers: std::sync::RwLock::new(()),
            pin_host,
            finish_after_poll: crate::executor::FinishAfterPoll::for_platform(&info.platform_name),
            queue,
            plain_queue,
            side_queue,
            down_queue,
            in_place_queue,
            context,
            cl_device,
            info,
            builds: AtomicU64::new(0),
            launches: AtomicU64::new(0),
            abandoned: Mutex::new(Vec::new()),
            edges: OnceLock::new(),
        })
    }
}

/// An in-order queue with `properties` (profiling or none): OpenCL 2.0+ entry
/// point first, the 1.x one when the driver lacks it.
fn create_queue(
    context: &Context,
    device: &ClDevice,
    properties: opencl3::types::cl_command_queue_properties,
) -> Result<CommandQueue, RuntimeError> {
    // SAFETY: `device` is the device the context was created from.
    let modern =
        unsafe { CommandQueue::create_with_properties(context, device.id(), properties, 0) };
    match modern {
        Ok(q) => Ok(q),
        Err(e) => {
            log::debug!(
                "clCreateCommandQueueWithProperties failed ({}), trying clCreateCommandQueue",
                crate::error::cl_error_name(e.0)
            );
            #[allow(deprecated)]
            // SAFETY: as above.
            let legacy = unsafe { CommandQueue::create(context, device.id(), properties) };
            legacy.map_err(cl("clCreateCommandQueue"))
        }
    }
}

#[derive(Default)]
struct Registry {
    open: HashMap<DeviceSelector, Arc<Device>>,
    default: Option<DeviceSelector>,
}

fn registry() -> &'static Mutex<Registry> {
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    REGISTRY.get_or_init(|| Mutex::new(Registry::default()))
}

/// Every device opened so far.
pub(crate) fn open_devices() -> Vec<Arc<Device>> {
    registry()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .open
        .values()
        .cloned()
        .collect()
}

/// The index of the default device: the first GPU of any platform, else the
/// first device.
pub(crate) fn default_index(devices: &[DeviceInfo]) -> Option<usize> {
    devices
        .iter()
        .position(|d| d.kind == DeviceKind::Gpu)
        .or(if devices.is_empty() { None } else { Some(0) })
}

/// Opens (once per process) and returns the device named by `selector`, or
/// the default device for `None` (first GPU of any platform, else the first
/// device).
///
/// The same selector always returns the same `Arc<Device>`, and `None`
/// returns the same `Arc` as the selector of the default device.
pub fn device(selector: Option<DeviceSelector>) -> Result<Arc<Device>, RuntimeError> {
    let mut reg = registry()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let wanted = match selector.or(reg.default) {
        Some(s) => s,
        None => {
            let found = enumerate()?;
            let infos: Vec<DeviceInfo> = found.iter().map(|f| f.info.clone()).collect();
            let index = default_index(&infos).ok_or(RuntimeError::NoDevice)?;
            let s = infos[index].selector();
            log::debug!("default OpenCL device is {}", infos[index].summary_line());
            reg.default = Some(s);
            s
        }
    };
    if let Some(d) = reg.open.get(&wanted) {
        return Ok(Arc::clone(d));
    }
    let found = enumerate()?;
    if found.is_empty() {
        return Err(RuntimeError::NoDevice);
    }
    let Some(f) = found.iter().find(|f| f.info.selector() == wanted.whole()) else {
        return Err(RuntimeError::NoSuchDevice {
            selector: wanted.to_string(),
            available: found.len(),
        });
    };
    let dev = {
        let _signals = crate::signals::Guard::new();
        match wanted.part {
            None => Arc::new(Device::open(f.info.clone(), f.device)?),
            Some((k, n)) => {
                let (info, id) = sub_device(&f.info, f.device.id(), k, n)?;
                Arc::new(Device::open(info, ClDevice::new(id))?)
            }
        }
    };
    reg.open.insert(wanted, Arc::clone(&dev));
    Ok(dev)
}

/// Part `k` of device `parent` cut into `n` equal sub-devices: its description and id. A device
/// is cut into `n` parts once per process and the parts are kept (never released, as devices are
/// opened once): the parts `0..n` of one selector family are the disjoint halves, thirds, … of
/// one partition, not parts of separate partitions that may overlap.
fn sub_device(
    parent: &DeviceInfo,
    id: opencl3::types::cl_device_id,
    k: u32,
    n: u32,
) -> Result<(DeviceInfo, opencl3::types::cl_device_id), RuntimeError> {
    struct Ids(Vec<opencl3::types::cl_device_id>);
    // SAFETY: OpenCL device ids are process-wide handles, usable from any thread.
    unsafe impl Send for Ids {}
    static PARTS: OnceLock<Mutex<HashMap<(DeviceSelector, u32), Ids>>> = OnceLock::new();
    let units = parent.compute_units / n.max(1);
    if units == 0 || k >= n {
        return Err(RuntimeError::InvalidInput(format!(
            "device {} has {} compute units: it cannot be cut into {n} parts",
            parent.id(),
            parent.compute_units
        )));
    }
    let mut parts = PARTS
        .get_or_init(|| Mutex::new(HashMap::new()))
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let key = (parent.selector(), n);
    let ids = match parts.entry(key) {
        std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
        std::collections::hash_map::Entry::Vacant(e) => {
            let properties = [
                cl3::device::CL_DEVICE_PARTITION_EQUALLY,
                units as cl3::device::cl_device_partition_property,
                0,
            ];
            let ids = cl3::device::create_sub_devices(id, &properties)
                .map_err(|e| RuntimeError::opencl("clCreateSubDevices", e))?;
            e.insert(Ids(ids))
        }
    };
    let ids = ids.0.as_slice();
    let Some(&chosen) = ids.get(k as usize) else {
        return Err(RuntimeError::InvalidInput(format!(
            "device {} gave {} parts of {units} compute units, not {n}",
            parent.id(),
            ids.len()
        )));
    };
    let mut info = parent.clone();
    info.compute_units = units;
    info.part = Some((k, n));
    Ok((info, chosen))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(p: usize, d: usize, kind: DeviceKind) -> DeviceInfo {
        DeviceInfo {
            platform_index: p,
            device_index: d,
            platform_name: String::new(),
            name: String::new(),
            vendor: String::new(),
            kind,
            version: String::new(),
            driver_version: String::new(),
            opencl_c_version: String::new(),
            compute_units: 1,
            max_work_group_size: 1,
            max_work_item_sizes: vec![1],
            global_mem_bytes: 0,
            max_mem_alloc_bytes: 0,
            local_mem_bytes: 0,
            fp64: false,
            correctly_rounded_divide_sqrt: false,
            denormals: false,
            base_addr_align_bytes: 128,
            max_constant_buffer_bytes: 0,
            max_constant_args: 0,
            unified_memory: false,
            part: None,
        }
    }

    #[test]
    fn default_prefers_first_gpu() {
        assert_eq!(default_index(&[]), None);
        let cpu_only = [info(0, 0, DeviceKind::Cpu), info(0, 1, DeviceKind::Cpu)];
        assert_eq!(default_index(&cpu_only), Some(0));
        let mixed = [
            info(0, 0, DeviceKind::Cpu),
            info(1, 0, DeviceKind::Accelerator),
            info(2, 0, DeviceKind::Gpu),
            info(2, 1, DeviceKind::Gpu),
        ];
        assert_eq!(default_index(&mixed), Some(2));
    }

    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn device_is_send_sync() {
        assert_send_sync::<Device>();
        assert_send_sync::<crate::BuiltKernel>();
    }
}
