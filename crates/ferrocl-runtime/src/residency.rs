//! Residency: which device copy of which host array is current. This module alone decides it.
//!
//! An array a schedule keeps on the device (`TaskSchedule.keepOnDevice` in the Java API) has a
//! handle ([`keep`]); the handle owns at most one device buffer ([`Resident`]), on the device the
//! array last ran on, of the array's size. A buffer is *current* when its contents equal the host
//! array's: after an execution uploaded it, or downloaded it after a kernel wrote it. An execution
//! skips the upload of a current buffer. Whoever changes the host array ([`mark_stale`]), or
//! discards what a kernel wrote (the executor, when a check fails), makes it stale; the next
//! execution uploads it again. [`release`] forgets the handle; its buffer is freed once no
//! execution uses it.
//!
//! Transient buffers (arrays not kept) are not tracked here: they live for one execution.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use opencl3::memory::Buffer;

use crate::device::Device;
use crate::error::RuntimeError;

/// A device buffer kept for one host array between executions.
pub struct Resident {
    selector: crate::DeviceSelector,
    bytes: usize,
    pub(crate) mem: Mutex<Buffer<u8>>,
    current: AtomicBool,
}

impl std::fmt::Debug for Resident {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Resident")
            .field("device", &self.selector)
            .field("bytes", &self.bytes)
            .field("current", &self.is_current())
            .finish()
    }
}

impl Resident {
    /// The buffer's size in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The device the buffer lives on.
    pub fn device(&self) -> crate::DeviceSelector {
        self.selector
    }

    /// Whether the device copy equals the host array (the next execution skips its upload).
    pub fn is_current(&self) -> bool {
        self.current.load(Ordering::Acquire)
    }

    /// The host array changed, or a kernel's writes were discarded: upload at the next execution.
    pub fn mark_stale(&self) {
        self.set_current(false);
    }

    pub(crate) fn set_current(&self, current: bool) {
        self.current.store(current, Ordering::Release);
    }
}

/// Kept buffers alive (however they are reached), and their bytes: what kept arrays hold of device
/// memory right now.
static LIVE_BUFFERS: AtomicI64 = AtomicI64::new(0);
static LIVE_BYTES: AtomicI64 = AtomicI64::new(0);

impl Drop for Resident {
    fn drop(&mut self) {
        LIVE_BUFFERS.fetch_sub(1, Ordering::Relaxed);
        LIVE_BYTES.fetch_sub(self.bytes as i64, Ordering::Relaxed);
    }
}

/// What kept arrays hold: handles not yet released, device buffers alive, and their bytes.
pub fn totals() -> (usize, i64, i64) {
    let handles = kept().as_ref().map_or(0, HashMap::len);
    (
        handles,
        LIVE_BUFFERS.load(Ordering::Relaxed),
        LIVE_BYTES.load(Ordering::Relaxed),
    )
}

impl Device {
    /// A new device buffer of `bytes` bytes (at least 1) to keep one host array on this device;
    /// not current until an execution uploads it.
    pub fn resident(&self, bytes: usize) -> Result<Resident, RuntimeError> {
        let bytes = bytes.max(1);
        if bytes as u64 > self.info.max_mem_alloc_bytes {
            return Err(RuntimeError::InvalidLaunch(format!(
                "an array of {bytes} bytes exceeds the device's largest allocation ({} bytes)",
                self.info.max_mem_alloc_bytes
            )));
        }
        let mem = self.new_buffer(bytes)?;
        LIVE_BUFFERS.fetch_add(1, Ordering::Relaxed);
        LIVE_BYTES.fetch_add(bytes as i64, Ordering::Relaxed);
        Ok(Resident {
            selector: self.selector(),
            bytes,
            mem: Mutex::new(mem),
            current: AtomicBool::new(false),
        })
    }
}

/// One kept array: its buffer on the device it last ran on.
#[derive(Default)]
struct Kept {
    buffer: Mutex<Option<(Arc<Device>, Arc<Resident>)>>,
}

static KEPT: Mutex<Option<HashMap<i64, Arc<Kept>>>> = Mutex::new(None);
static NEXT: AtomicI64 = AtomicI64::new(1);

fn kept() -> MutexGuard<'static, Option<HashMap<i64, Arc<Kept>>>> {
    KEPT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A new handle (> 0) for an array to keep on a device.
pub fn keep() -> i64 {
    let handle = NEXT.fetch_add(1, Ordering::Relaxed);
    kept()
        .get_or_insert_with(HashMap::new)
        .insert(handle, Arc::default());
    handle
}

/// The buffer of `handle` for an array of `bytes` bytes on `device`: the one from earlier
/// executions when device and size still match, else a new, stale one (an array that moved to
/// another device, or changed size, is uploaded again).
pub fn kept_buffer(
    handle: i64,
    device: &Arc<Device>,
    bytes: usize,
) -> Result<Arc<Resident>, RuntimeError> {
    let k = kept()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or_else(|| {
            RuntimeError::InvalidLaunch(format!("no array kept on a device with handle {handle}"))
        })?;
    let mut slot = k.buffer.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((d, r)) = slot.as_ref() {
        if Arc::ptr_eq(d, device) && r.bytes() == bytes.max(1) {
            return Ok(Arc::clone(r));
        }
    }
    let r = Arc::new(device.resident(bytes)?);
    *slot = Some((Arc::clone(device), Arc::clone(&r)));
    Ok(r)
}

/// The array of `handle` changed on the host: its next execution uploads it. Unknown handles are
/// ignored.
pub fn mark_stale(handle: i64) {
    let k = kept().as_ref().and_then(|m| m.get(&handle).cloned());
    if let Some(k) = k {
        if let Some((_, r)) = k
            .buffer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            r.mark_stale();
        }
    }
}

/// Whether the device copy of `handle` is current (false for an unknown handle or one without a
/// buffer yet).
pub fn is_current(handle: i64) -> bool {
    let k = kept().as_ref().and_then(|m| m.get(&handle).cloned());
    k.is_some_and(|k| {
        k.buffer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .is_some_and(|(_, r)| r.is_current())
    })
}

/// Forgets `handle`; its device buffer is freed once no execution uses it.
pub fn release(handle: i64) {
    if let Some(m) = kept().as_mut() {
        m.remove(&handle);
    }
}
