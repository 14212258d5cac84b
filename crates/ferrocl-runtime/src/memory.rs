//! Memory a device keeps between launches: device buffers for reuse, and host ranges registered
//! with the driver ("pinned") so that transfers from and to them run at DMA speed.
//!
//! Device buffers: a launch takes buffers of the exact byte sizes it needs from a free list and
//! gives them back when it ends, so a repeated launch allocates nothing. The free list holds at
//! most a quarter of the device's memory (and at most [`MAX_FREE_BYTES`]); [`Device::trim`] empties
//! it.
//!
//! Host registrations: on a GPU with its own memory, NVIDIA's driver copies pageable host memory
//! through a staging buffer (measured on an H100: 8 GB/s up, 13 GB/s down), but page-locked memory
//! directly (55 GB/s both ways). OpenCL has no call to page-lock existing memory; creating a
//! `CL_MEM_USE_HOST_PTR` buffer over the range does it, and from then on every transfer from or to
//! that range is fast, whichever buffer it targets. [`Device::pin_host`] creates such a buffer and
//! keeps it (never enqueued: the driver has no reason to write the host memory);
//! [`Device::unpin_host`] releases it. The caller promises the range stays allocated and mapped to
//! the same pages meanwhile; that is why registering is `unsafe`. Registered bytes are capped at
//! [`MAX_PINNED_BYTES`]. `FERROCL_PIN_HOST=0` turns registration off; `FERROCL_PIN_HOST=1` turns it on
//! on every device, a CPU one too (for tests: there it is correct but gains nothing).
//!
//! Staging memory: the small reads of an execution (status words, reduction partials, results up
//! to 64 KiB) land in page-locked host memory the driver allocated (`CL_MEM_ALLOC_HOST_PTR`,
//! mapped once and kept mapped), so they are DMA transfers that can all be enqueued without
//! blocking before one wait. Measured on an H200 (`bench-native/readback.c`): a tiny kernel plus
//! a blocking read of its status word and a blocking read of a 1 KiB result into pageable memory
//! costs 22.1 µs; the same two reads into page-locked memory, non-blocking, then one wait, 13.3 µs
//! (the kernel and one read alone: 14.7 µs). [`Device::take_staging`] lends an area; it is given
//! back when the execution ends, and [`Device::trim`] unmaps and releases the idle ones.

use std::collections::HashMap;
use std::ptr::{self, NonNull};

use opencl3::memory::{
    Buffer, ClMem, CL_MAP_READ, CL_MAP_WRITE, CL_MEM_ALLOC_HOST_PTR, CL_MEM_READ_ONLY,
    CL_MEM_READ_WRITE, CL_MEM_USE_HOST_PTR,
};
use opencl3::types::{cl_mem, CL_BLOCKING};

use crate::device::Device;
use crate::error::{cl, RuntimeError};

/// The most bytes of idle device buffers a device keeps.
pub const MAX_FREE_BYTES: usize = 4 << 30;
/// The most host bytes registered with one device at a time.
pub const MAX_PINNED_BYTES: usize = 16 << 30;
/// Ranges smaller than this are not registered: registering costs more than it saves.
pub const MIN_PIN_BYTES: usize = 1 << 20;
/// The largest staging area lent ([`Device::take_staging`]); an execution that needs more stages
/// its small reads in ordinary heap memory.
pub const MAX_STAGING_BYTES: usize = 1 << 20;
/// The most idle staging areas a device keeps.
const MAX_IDLE_STAGING: usize = 8;

/// Page-locked host memory allocated by the driver and mapped for the host's use.
pub(crate) struct Pinned {
    buffer: Buffer<u8>,
    ptr: NonNull<u8>,
    bytes: usize,
}

// SAFETY: the mapping belongs to the buffer, not to a thread; whoever holds the `Pinned` is the
// only user of the memory (it is lent whole, and given back whole).
unsafe impl Send for Pinned {}

impl Pinned {
    /// The mapped host memory.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [u8] {
        // SAFETY: `ptr` maps `bytes` bytes of the buffer, which stays mapped while `self` lives;
        // `&mut self` makes this the only reference.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.bytes) }
    }
}

/// A device's idle buffers and host registrations.
#[derive(Default)]
pub(crate) struct Memory {
    /// Idle device buffers with their byte sizes, oldest first.
    free: Vec<(usize, Buffer<u8>)>,
    free_bytes: usize,
    /// Registered host ranges `(address, bytes)` and the buffers that hold them.
    pinned: HashMap<(usize, usize), Buffer<u8>>,
    pinned_bytes: usize,
    /// 4-byte status words known to hold 0 (given back by executions whose checks passed), so
    /// the next execution need not clear them.
    zero_status: Vec<Buffer<u8>>,
    /// Idle staging areas.
    staging: Vec<Pinned>,
}

impl Device {
    fn memory(&self) -> std::sync::MutexGuard<'_, Memory> {
        self.memory
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Waits for every launch in progress and keeps new ones from starting while held.
    fn no_transfers(&self) -> std::sync::RwLockWriteGuard<'_, ()> {
        self.transfers
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A device buffer of exactly `bytes` bytes (> 0): an idle one, else a new one.
    pub(crate) fn take_buffer(&self, bytes: usize) -> Result<Buffer<u8>, RuntimeError> {
        {
            let mut m = self.memory();
            if let Some(at) = m.free.iter().position(|(size, _)| *size == bytes) {
                let (_, buffer) = m.free.remove(at);
                m.free_bytes -= bytes;
                crate::fault::taken();
                return Ok(buffer);
            }
        }
        let buffer = self.new_buffer(bytes)?;
        crate::fault::taken();
        Ok(buffer)
    }

    /// A 4-byte status word known to hold 0, if one is idle.
    pub(crate) fn take_zero_status(&self) -> Option<Buffer<u8>> {
        let b = self.memory().zero_status.pop();
        if b.is_some() {
            crate::fault::taken();
        }
        b
    }

    /// Keeps a status word that holds 0 for the next execution (at most 64 are kept).
    pub(crate) fn give_zero_status(&self, buffer: Buffer<u8>) {
        crate::fault::returned();
        let mut m = self.memory();
        if m.zero_status.len() < 64 {
            m.zero_status.push(buffer);
        }
    }

    /// A staging area of page-locked host memory of at least `bytes` bytes (an idle one, else a
    /// new one of the next power of two, at least 4 KiB); `None` when `bytes` exceeds
    /// [`MAX_STAGING_BYTES`] or the driver cannot allocate or map it (the caller stages in heap
    /// memory then).
    pub(crate) fn take_staging(&self, bytes: usize) -> Option<Pinned> {
        if bytes > MAX_STAGING_BYTES {
            return None;
        }
        if crate::fault::check("clEnqueueMapBuffer").is_err() {
            // As when the driver cannot map: the caller stages in heap memory.
            return None;
        }
        {
            let mut m = self.memory();
            if let Some(at) = m.staging.iter().position(|p| p.bytes >= bytes) {
                return Some(m.staging.swap_remove(at));
            }
        }
        let size = bytes.max(4096).next_power_of_two();
        // SAFETY: no host pointer is passed; the size is nonzero and small.
        let buffer = match unsafe {
            Buffer::<u8>::create(
                &self.context,
                CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                size,
                ptr::null_mut(),
            )
        } {
            Ok(b) => b,
            Err(e) => {
                log::debug!(
                    "no page-locked staging memory ({})",
                    crate::error::cl_error_name(e.0)
                );
                return None;
            }
        };
        let mut mapped: cl_mem = ptr::null_mut();
        // SAFETY: a blocking map of the whole buffer; the mapping stays until `trim` unmaps it.
        let map = unsafe {
            self.plain_queue.enqueue_map_buffer(
                &buffer,
                CL_BLOCKING,
                CL_MAP_READ | CL_MAP_WRITE,
                0,
                size,
                &mut mapped,
                &[],
            )
        };
        match (map, NonNull::new(mapped.cast::<u8>())) {
            (Ok(_), Some(ptr)) => Some(Pinned {
                buffer,
                ptr,
                bytes: size,
            }),
            (Err(e), _) => {
                log::debug!(
                    "mapping staging memory failed ({})",
                    crate::error::cl_error_name(e.0)
                );
                None
            }
            (Ok(_), None) => None,
        }
    }

    /// Gives back a staging area taken with [`Device::take_staging`] (no command may still write
    /// it); beyond a few idle ones it is unmapped and released.
    pub(crate) fn give_staging(&self, pinned: Pinned) {
        let mut m = self.memory();
        if m.staging.len() < MAX_IDLE_STAGING {
            m.staging.push(pinned);
            return;
        }
        drop(m);
        self.unmap(pinned);
    }

    /// Unmaps a staging area and releases it.
    fn unmap(&self, pinned: Pinned) {
        // SAFETY: `ptr` is the pointer the map returned; nothing uses the memory any more.
        let unmapped = unsafe {
            self.plain_queue.enqueue_unmap_mem_object(
                pinned.buffer.get(),
                pinned.ptr.as_ptr().cast(),
                &[],
            )
        };
        if let Err(e) = unmapped.and_then(|_| self.plain_queue.finish()) {
            log::debug!(
                "unmapping staging memory failed: {}",
                crate::error::cl_error_name(e.0)
            );
        }
    }

    /// A new device buffer of `bytes` bytes (> 0, within the device's allocation limit).
    pub(crate) fn new_buffer(&self, bytes: usize) -> Result<Buffer<u8>, RuntimeError> {
        crate::fault::check("clCreateBuffer")?;
        // SAFETY: no host pointer is passed; the callers checked the size against the device's
        // allocation limit and that it is nonzero.
        unsafe { Buffer::<u8>::create(&self.context, CL_MEM_READ_WRITE, bytes, ptr::null_mut()) }
            .map_err(cl("clCreateBuffer"))
    }

    /// Gives back a buffer of `bytes` bytes taken with [`Device::take_buffer`]; the oldest idle
    /// buffers are released beyond the bound.
    pub(crate) fn give_buffer(&self, bytes: usize, buffer: Buffer<u8>) {
        crate::fault::returned();
        let limit =
            MAX_FREE_BYTES.min(usize::try_from(self.info.global_mem_bytes / 4).unwrap_or(0));
        if bytes > limit {
            return;
        }
        let mut m = self.memory();
        m.free.push((bytes, buffer));
        m.free_bytes += bytes;
        while m.free_bytes > limit {
            let (size, _) = m.free.remove(0);
            m.free_bytes -= size;
        }
    }

    /// Whether this device registers host memory: a GPU whose memory is not the host's, unless
    /// `FERROCL_PIN_HOST` says otherwise.
    pub fn pins_host_memory(&self) -> bool {
        self.pin_host
    }

    /// Registers `len` bytes at `ptr` with the driver so that transfers from and to them are DMA
    /// transfers. Returns whether the range is registered now (also when it already was); `false`
    /// when this device does not gain from it ([`Device::pins_host_memory`]), the range is smaller
    /// than [`MIN_PIN_BYTES`], the cap would be exceeded, or the driver refused.
    ///
    /// # Safety
    ///
    /// `[ptr, ptr + len)` must stay allocated, and mapped to the same physical pages, until it is
    /// unregistered with [`Device::unpin_host`] (same `ptr` and `len`) or [`Device::trim`]. Memory
    /// freed or remapped while registered would leave the driver transferring stale pages.
    pub unsafe fn pin_host(&self, ptr: *mut u8, len: usize) -> bool {
        if !self.pin_host || len < MIN_PIN_BYTES || ptr.is_null() {
            return false;
        }
        let key = (ptr as usize, len);
        let mut m = self.memory();
        if m.pinned.contains_key(&key) {
            return true;
        }
        if m.pinned_bytes + len > MAX_PINNED_BYTES {
            log::debug!(
                "not registering {len} host bytes: {} already registered",
                m.pinned_bytes
            );
            return false;
        }
        let _signals = crate::signals::Guard::new();
        // SAFETY: the caller keeps the range allocated until it is unregistered; the buffer is
        // never enqueued, so the driver neither reads nor writes it on its own account.
        let created = unsafe {
            Buffer::<u8>::create(
                &self.context,
                CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR,
                len,
                ptr.cast(),
            )
        };
        match created {
            Ok(buffer) => {
                m.pinned.insert(key, buffer);
                m.pinned_bytes += len;
                log::trace!("registered {len} host bytes at {ptr:p}");
                true
            }
            Err(e) => {
                log::debug!(
                    "registering {len} host bytes at {ptr:p} failed: {}",
                    crate::error::cl_error_name(e.0)
                );
                false
            }
        }
    }

    /// Unregisters a range registered with [`Device::pin_host`]; returns whether it was registered.
    /// Waits for launches in progress on other threads (they may be transferring from the range).
    pub fn unpin_host(&self, ptr: *const u8, len: usize) -> bool {
        let _no_transfers = self.no_transfers();
        let removed = {
            let mut m = self.memory();
            let removed = m.pinned.remove(&(ptr as usize, len));
            if removed.is_some() {
                m.pinned_bytes -= len;
            }
            removed
        };
        let _signals = crate::signals::Guard::new();
        let was = removed.is_some();
        drop(removed);
        was
    }

    /// Whether `len` bytes at `ptr` are registered with this device.
    pub fn is_pinned(&self, ptr: *const u8, len: usize) -> bool {
        self.memory().pinned.contains_key(&(ptr as usize, len))
    }

    /// Host bytes registered with this device now.
    pub fn pinned_bytes(&self) -> usize {
        self.memory().pinned_bytes
    }

    /// Idle staging areas of page-locked memory this device keeps now.
    pub fn idle_staging(&self) -> usize {
        self.memory().staging.len()
    }

    /// Releases the idle device buffers and staging areas, and every host registration.
    pub fn trim(&self) {
        let _no_transfers = self.no_transfers();
        let mut taken = std::mem::take(&mut *self.memory());
        let _signals = crate::signals::Guard::new();
        for pinned in taken.staging.drain(..) {
            self.unmap(pinned);
        }
        drop(taken);
    }
}

/// Releases the idle device buffers and host registrations of every open device.
pub fn trim_all() {
    for d in crate::device::open_devices() {
        d.trim();
    }
}

/// The environment's choice about host registration: `FERROCL_PIN_HOST=0` (or `false`) turns it off,
/// `1` (or `true`) turns it on for every device (so tests can run the path on a CPU device).
pub(crate) fn pinning_override() -> Option<bool> {
    match std::env::var("FERROCL_PIN_HOST")
        .ok()?
        .to_ascii_lowercase()
        .as_str()
    {
        "0" | "false" => Some(false),
        "1" | "true" => Some(true),
        _ => None,
    }
}
