//! Device discovery: which OpenCL devices exist and what they can do.
//!
//! Received: nothing but the installed OpenCL platforms (through the ICD
//! loader, loaded at run time).
//! Guaranteed: devices are numbered `P:D` — platform index in
//! `clGetPlatformIDs` order, device index in `clGetDeviceIDs(ALL)` order of
//! that platform — and the numbering is stable for the life of the process
//! (platforms are enumerated once, on first use, under a lock).
//! Missing OpenCL (no loader library, no platform) yields an empty list, not
//! an error; a property a driver refuses to report gets a neutral default
//! (0, `false`, empty) instead of failing the listing.
//! Refused: selector text other than `P:D` ([`RuntimeError::BadSelector`]).

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use opencl3::device::{
    Device as ClDevice, CL_DEVICE_TYPE_ACCELERATOR, CL_DEVICE_TYPE_ALL, CL_DEVICE_TYPE_CPU,
    CL_DEVICE_TYPE_GPU, CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT, CL_FP_DENORM,
};
use opencl3::platform::get_platforms;

use crate::error::RuntimeError;

/// What kind of device an OpenCL device is (`CL_DEVICE_TYPE`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    /// `CL_DEVICE_TYPE_GPU`.
    Gpu,
    /// `CL_DEVICE_TYPE_CPU` (e.g. PoCL's pthread device).
    Cpu,
    /// `CL_DEVICE_TYPE_ACCELERATOR`.
    Accelerator,
    /// Anything else (custom devices, unknown bits).
    Other,
}

impl DeviceKind {
    fn from_type(bits: u64) -> Self {
        if bits & CL_DEVICE_TYPE_GPU != 0 {
            DeviceKind::Gpu
        } else if bits & CL_DEVICE_TYPE_CPU != 0 {
            DeviceKind::Cpu
        } else if bits & CL_DEVICE_TYPE_ACCELERATOR != 0 {
            DeviceKind::Accelerator
        } else {
            DeviceKind::Other
        }
    }
}

impl fmt::Display for DeviceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            DeviceKind::Gpu => "GPU",
            DeviceKind::Cpu => "CPU",
            DeviceKind::Accelerator => "Accelerator",
            DeviceKind::Other => "Other",
        })
    }
}

/// A snapshot of one OpenCL device's identity and capabilities.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Index of the platform in `clGetPlatformIDs` order.
    pub platform_index: usize,
    /// Index of the device within its platform.
    pub device_index: usize,
    /// `CL_PLATFORM_NAME`.
    pub platform_name: String,
    /// `CL_DEVICE_NAME`.
    pub name: String,
    /// `CL_DEVICE_VENDOR`.
    pub vendor: String,
    /// `CL_DEVICE_TYPE`.
    pub kind: DeviceKind,
    /// `CL_DEVICE_VERSION`, e.g. `"OpenCL 3.0 PoCL ..."`.
    pub version: String,
    /// `CL_DRIVER_VERSION`.
    pub driver_version: String,
    /// `CL_DEVICE_OPENCL_C_VERSION`, e.g. `"OpenCL C 1.2 PoCL"`.
    pub opencl_c_version: String,
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`.
    pub compute_units: u32,
    /// `CL_DEVICE_MAX_WORK_GROUP_SIZE`.
    pub max_work_group_size: usize,
    /// `CL_DEVICE_MAX_WORK_ITEM_SIZES` (one entry per dimension).
    pub max_work_item_sizes: Vec<usize>,
    /// `CL_DEVICE_GLOBAL_MEM_SIZE`.
    pub global_mem_bytes: u64,
    /// `CL_DEVICE_MAX_MEM_ALLOC_SIZE`: the largest single buffer.
    pub max_mem_alloc_bytes: u64,
    /// `CL_DEVICE_LOCAL_MEM_SIZE`.
    pub local_mem_bytes: u64,
    /// Double precision: `cl_khr_fp64` is listed or `CL_DEVICE_DOUBLE_FP_CONFIG` is nonzero.
    pub fp64: bool,
    /// `CL_DEVICE_SINGLE_FP_CONFIG` has `CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT`, i.e.
    /// `-cl-fp32-correctly-rounded-divide-sqrt` is honoured.
    pub correctly_rounded_divide_sqrt: bool,
    /// `CL_DEVICE_SINGLE_FP_CONFIG` has `CL_FP_DENORM` (float denormals are kept).
    pub denormals: bool,
    /// `CL_DEVICE_MEM_BASE_ADDR_ALIGN` in bytes (the driver reports bits): every buffer and
    /// sub-buffer starts on a multiple of it.
    pub base_addr_align_bytes: u64,
    /// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE`: the most bytes one `__constant` argument may hold
    /// (the full profile's minimum is 64 KiB; 0 when the driver did not say).
    pub max_constant_buffer_bytes: u64,
    /// `CL_DEVICE_MAX_CONSTANT_ARGS`: the most `__constant` arguments one kernel may take.
    pub max_constant_args: u32,
    /// `CL_DEVICE_HOST_UNIFIED_MEMORY`: the device works in host memory (a CPU device, an
    /// integrated GPU), so a buffer over host memory needs no transfer.
    pub unified_memory: bool,
    /// For a sub-device: `(k, n)`, part `k` of the device cut into `n` equal parts
    /// (`clCreateSubDevices`, `CL_DEVICE_PARTITION_EQUALLY`); `None` for a whole device.
    pub part: Option<(u32, u32)>,
}

impl DeviceInfo {
    /// The device's selector text, `"P:D"` (`"P:D.k/n"` for a sub-device).
    pub fn id(&self) -> String {
        self.selector().to_string()
    }

    /// The selector of this device.
    pub fn selector(&self) -> DeviceSelector {
        DeviceSelector {
            platform: self.platform_index,
            device: self.device_index,
            part: self.part,
        }
    }

    /// One summary line: `"P:D  <kind>  <name>  (<platform>, <version>)"`.
    pub fn summary_line(&self) -> String {
        format!(
            "{}  {}  {}  ({}, {})",
            self.id(),
            self.kind,
            self.name,
            self.platform_name,
            self.version
        )
    }
}

/// Names one device by platform and device index, written `P:D` (e.g. `0:1`), or a part of one:
/// `P:D.k/n` is part `k` (from 0) of device `P:D` cut into `n` equal sub-devices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DeviceSelector {
    /// Platform index.
    pub platform: usize,
    /// Device index within the platform.
    pub device: usize,
    /// `(k, n)` for sub-device `k` of `n`; `None` for the whole device.
    pub part: Option<(u32, u32)>,
}

impl DeviceSelector {
    /// A selector for platform `platform`, device `device`.
    pub fn new(platform: usize, device: usize) -> Self {
        DeviceSelector {
            platform,
            device,
            part: None,
        }
    }

    /// The selector of the whole device this one is part of (itself for a whole device).
    pub fn whole(self) -> Self {
        DeviceSelector { part: None, ..self }
    }
}

impl fmt::Display for DeviceSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.platform, self.device)?;
        if let Some((k, n)) = self.part {
            write!(f, ".{k}/{n}")?;
        }
        Ok(())
    }
}

impl FromStr for DeviceSelector {
    type Err = RuntimeError;

    /// Parses `"P:D"` (surrounding whitespace allowed); anything else is
    /// [`RuntimeError::BadSelector`] naming the text.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || RuntimeError::BadSelector(s.to_string());
        let (whole, part) = match s.trim().split_once('.') {
            Some((w, rest)) => {
                let (k, n) = rest.split_once('/').ok_or_else(bad)?;
                let num = |t: &str| -> Result<u32, RuntimeError> {
                    let t = t.trim();
                    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(bad());
                    }
                    t.parse::<u32>().map_err(|_| bad())
                };
                let (k, n) = (num(k)?, num(n)?);
                if n < 1 || k >= n {
                    return Err(bad());
                }
                (w, Some((k, n)))
            }
            None => (s.trim(), None),
        };
        let (p, d) = whole.split_once(':').ok_or_else(bad)?;
        let parse = |t: &str| -> Result<usize, RuntimeError> {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<usize>().map_err(|_| bad())
        };
        Ok(DeviceSelector {
            platform: parse(p)?,
            device: parse(d)?,
            part,
        })
    }
}

/// A device found by enumeration, with its OpenCL id.
pub(crate) struct FoundDevice {
    pub(crate) info: DeviceInfo,
    pub(crate) device: ClDevice,
}

/// Every device of every platform, in `P:D` order.
///
/// Enumerated once per process and cached: drivers are not required to
/// support concurrent first calls (PoCL 3.1 crashes in `clGetDeviceInfo` when
/// one thread queries devices while another one initializes them), and the
/// numbering must stay stable anyway. A failed enumeration is not cached.
pub(crate) fn enumerate() -> Result<Arc<Vec<FoundDevice>>, RuntimeError> {
    static DEVICES: Mutex<Option<Arc<Vec<FoundDevice>>>> = Mutex::new(None);
    let mut cached = DEVICES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = cached.as_ref() {
        return Ok(Arc::clone(found));
    }
    let found = Arc::new(enumerate_uncached()?);
    *cached = Some(Arc::clone(&found));
    Ok(found)
}

fn enumerate_uncached() -> Result<Vec<FoundDevice>, RuntimeError> {
    let _signals = crate::signals::Guard::new();
    let platforms = match get_platforms() {
        Ok(p) => p,
        // -1001: the ICD loader found no platform; -2000/-2001: no loader library.
        Err(e) if e.0 == -1001 || e.0 == -2000 || e.0 == -2001 => {
            log::info!(
                "no OpenCL platform available ({})",
                crate::error::cl_error_name(e.0)
            );
            return Ok(Vec::new());
        }
        Err(e) => return Err(RuntimeError::opencl("clGetPlatformIDs", e.0)),
    };
    let mut found = Vec::new();
    for (platform_index, platform) in platforms.iter().enumerate() {
        let platform_name = platform.name().unwrap_or_default();
        let ids = match platform.get_devices(CL_DEVICE_TYPE_ALL) {
            Ok(ids) => ids,
            Err(e) => {
                // Keep the numbering of later platforms stable: skip only this one.
                log::warn!(
                    "OpenCL platform {platform_index} ({platform_name}): clGetDeviceIDs failed: {}",
                    crate::error::cl_error_name(e.0)
                );
                continue;
            }
        };
        for (device_index, id) in ids.into_iter().enumerate() {
            let device = ClDevice::new(id);
            let info = query_info(&device, platform_index, device_index, &platform_name);
            log::debug!("found OpenCL device {}", info.summary_line());
            found.push(FoundDevice { info, device });
        }
    }
    Ok(found)
}

fn query_info(
    device: &ClDevice,
    platform_index: usize,
    device_index: usize,
    platform_name: &str,
) -> DeviceInfo {
    let extensions = device.extensions().unwrap_or_default();
    let double_config = device.double_fp_config().unwrap_or(0);
    let single_config = device.single_fp_config().unwrap_or(0);
    let has_fp64_ext = extensions
        .split_whitespace()
        .any(|e| e == "cl_khr_fp64" || e == "cl_amd_fp64");
    DeviceInfo {
        platform_index,
        device_index,
        platform_name: platform_name.trim().to_string(),
        name: device.name().unwrap_or_default().trim().to_string(),
        vendor: device.vendor().unwrap_or_default().trim().to_string(),
        kind: DeviceKind::from_type(device.dev_type().unwrap_or(0)),
        version: device.version().unwrap_or_default().trim().to_string(),
        driver_version: device
            .driver_version()
            .unwrap_or_default()
            .trim()
            .to_string(),
        opencl_c_version: device
            .opencl_c_version()
            .unwrap_or_default()
            .trim()
            .to_string(),
        compute_units: device.max_compute_units().unwrap_or(0),
        max_work_group_size: device.max_work_group_size().unwrap_or(0),
        max_work_item_sizes: device.max_work_item_sizes().unwrap_or_default(),
        global_mem_bytes: device.global_mem_size().unwrap_or(0),
        max_mem_alloc_bytes: device.max_mem_alloc_size().unwrap_or(0),
        local_mem_bytes: device.local_mem_size().unwrap_or(0),
        fp64: has_fp64_ext || double_config != 0,
        correctly_rounded_divide_sqrt: single_config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT != 0,
        denormals: single_config & CL_FP_DENORM != 0,
        base_addr_align_bytes: u64::from(device.mem_base_addr_align().unwrap_or(8).max(8) / 8),
        max_constant_buffer_bytes: device.max_constant_buffer_size().unwrap_or(0),
        max_constant_args: device.max_constant_args().unwrap_or(0),
        unified_memory: device.host_unified_memory().unwrap_or(false),
        part: None,
    }
}

/// Lists every device of every OpenCL platform, in `P:D` order.
///
/// The platforms are enumerated on the first call only; later calls return
/// the same list. Returns `Ok(vec![])` when OpenCL is not installed or has no platform;
/// an error only when the platform query itself fails unexpectedly.
pub fn list_devices() -> Result<Vec<DeviceInfo>, RuntimeError> {
    Ok(enumerate()?.iter().map(|f| f.info.clone()).collect())
}

/// One line per device, `"P:D  <kind>  <name>  (<platform>, <version>)"`,
/// for a CLI or demo; a single explanatory line when there is no device or
/// the listing failed.
pub fn platform_summary() -> String {
    match list_devices() {
        Ok(devices) if devices.is_empty() => "no OpenCL devices found".to_string(),
        Ok(devices) => devices
            .iter()
            .map(DeviceInfo::summary_line)
            .collect::<Vec<_>>()
            .join("\n"),
        Err(e) => format!("OpenCL device listing failed: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selector_parses() {
        assert_eq!(
            "0:0".parse::<DeviceSelector>(),
            Ok(DeviceSelector::new(0, 0))
        );
        assert_eq!(
            " 2 : 13 ".parse::<DeviceSelector>(),
            Ok(DeviceSelector::new(2, 13))
        );
        assert_eq!(DeviceSelector::new(1, 3).to_string(), "1:3");
    }

    #[test]
    fn selector_rejects_bad_text() {
        for bad in [
            "",
            ":",
            "0",
            "0:",
            ":0",
            "a:b",
            "0:1:2",
            "-1:0",
            "+1:0",
            "0x1:0",
            "1.0:0",
            "99999999999999999999999:0",
        ] {
            match bad.parse::<DeviceSelector>() {
                Err(RuntimeError::BadSelector(t)) => assert_eq!(t, bad),
                other => panic!("{bad:?} parsed as {other:?}"),
            }
        }
        match "gpu".parse::<DeviceSelector>() {
            Err(e) => assert!(e.to_string().contains("`gpu`"), "{e}"),
            Ok(s) => panic!("`gpu` parsed as {s}"),
        }
    }

    #[test]
    fn kind_from_type_bits() {
        assert_eq!(DeviceKind::from_type(CL_DEVICE_TYPE_GPU), DeviceKind::Gpu);
        assert_eq!(DeviceKind::from_type(CL_DEVICE_TYPE_CPU), DeviceKind::Cpu);
        assert_eq!(
            DeviceKind::from_type(CL_DEVICE_TYPE_ACCELERATOR),
            DeviceKind::Accelerator
        );
        assert_eq!(DeviceKind::from_type(0), DeviceKind::Other);
        assert_eq!(DeviceKind::Cpu.to_string(), "CPU");
    }
}
