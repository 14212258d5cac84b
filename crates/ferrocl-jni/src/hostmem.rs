//! Host memory between Java arrays and the device: pooled host copies, registrations of host memory
//! with the driver (so transfers run at DMA speed, see `ferrocl_runtime`'s `memory` module), and
//! multi-threaded copies between Java arrays and host copies.
//!
//! Two kinds of registered memory:
//! - **Host copies** (arrays a kernel writes): vectors Ferrocl owns, kept in a pool from one launch
//!   to the next and registered on first use. A [`HostCopy`] unregisters itself before its memory is
//!   freed, so the driver never holds freed memory.
//! - **Java arrays the kernels only read**: uploaded straight from the Java heap while pinned with
//!   `GetPrimitiveArrayCritical`. A large one is registered and the registration kept, with a weak
//!   reference to the array, its address and length. The garbage collector may move or free an
//!   array between launches, and a heap range it frees may be unmapped and mapped again, so a
//!   registration is trusted only while its array is alive at the address it was registered at:
//!   [`purge`] runs before every launch pins arrays and drops every registration whose array died or
//!   moved. A live array that never left its address occupies memory the collector has kept mapped
//!   all along. Arrays the JVM hands out as copies are never registered.

use crate::launch::{Owned, Pinned, Typed};
use crate::NativeError;
use ferrocl_jit::ElemKind;
use ferrocl_runtime::{Device, MIN_PIN_BYTES};
use jni::objects::JObject;
use jni::refs::Weak;
use jni::Env;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// A host copy of one Java array, possibly registered with a device.
pub(crate) struct HostCopy {
    pub(crate) data: Owned,
    /// The device the vector is registered with.
    pinned: Option<Arc<Device>>,
}

impl HostCopy {
    pub(crate) fn new(data: Owned) -> HostCopy {
        HostCopy { data, pinned: None }
    }

    /// Registers the vector with `device` (once; a registration with another device is dropped).
    pub(crate) fn pin(&mut self, device: &Arc<Device>) {
        if !device.pins_host_memory() {
            return;
        }
        if let Some(d) = &self.pinned {
            if Arc::ptr_eq(d, device) {
                return;
            }
        }
        self.unpin();
        let (ptr, len) = self.data.raw_parts();
        // SAFETY: the vector is owned here and never resized; `Drop` unregisters it before its
        // memory is freed.
        if unsafe { device.pin_host(ptr, len) } {
            self.pinned = Some(Arc::clone(device));
        }
    }

    fn unpin(&mut self) {
        if let Some(d) = self.pinned.take() {
            let (ptr, len) = self.data.raw_parts();
            d.unpin_host(ptr, len);
        }
    }
}

impl Drop for HostCopy {
    fn drop(&mut self) {
        self.unpin();
    }
}

/// Host copies kept from one launch to the next: a copy into memory that is already mapped (and
/// registered) costs a memcpy; a fresh vector of hundreds of megabytes costs a page fault per page
/// and a registration as well. Bounded by [`POOL_BYTES`]; emptied by `releaseAll`.
static POOL: Mutex<Vec<HostCopy>> = Mutex::new(Vec::new());
/// The most bytes the pool keeps.
const POOL_BYTES: usize = 1 << 30;

/// A pooled copy of exactly `len` elements of the same kind as `like`, if one is there.
pub(crate) fn pool_take(len: usize, like: fn(&Owned) -> bool) -> Option<HostCopy> {
    let mut pool = POOL.lock().ok()?;
    let at = pool
        .iter()
        .position(|c| like(&c.data) && c.data.len() == len)?;
    Some(pool.swap_remove(at))
}

/// Returns a copy to the pool (dropping the oldest ones beyond the size bound).
pub(crate) fn pool_give(c: HostCopy) {
    let Ok(mut pool) = POOL.lock() else {
        return;
    };
    pool.push(c);
    while pool.iter().map(|c| c.data.bytes()).sum::<usize>() > POOL_BYTES && !pool.is_empty() {
        pool.remove(0);
    }
}

/// Empties the pool (unregistering its copies).
pub(crate) fn pool_clear() {
    let taken = match POOL.lock() {
        Ok(mut pool) => std::mem::take(&mut *pool),
        Err(_) => return,
    };
    drop(taken);
}

/// Copies `src` into `dst` (same length), on several threads when it is large.
pub(crate) fn par_copy<T: Copy + Send + Sync>(dst: &mut [T], src: &[T]) {
    /// Bytes below which one thread copies.
    const PER_THREAD: usize = 4 << 20;
    let bytes = std::mem::size_of_val(src);
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(8)
        .min(bytes / PER_THREAD)
        .max(1);
    if threads == 1 || dst.len() != src.len() {
        dst.copy_from_slice(src);
        return;
    }
    let per = src.len().div_ceil(threads);
    std::thread::scope(|s| {
        for (d, from) in dst.chunks_mut(per).zip(src.chunks(per)) {
            s.spawn(move || d.copy_from_slice(from));
        }
    });
}

/// A registration of a Java array the kernels read in place.
struct JavaPin {
    array: Weak<JObject<'static>>,
    elem: ElemKind,
    addr: usize,
    len: usize,
    device: Arc<Device>,
}

/// Registered Java arrays, oldest first.
static JAVA_PINS: Mutex<Vec<JavaPin>> = Mutex::new(Vec::new());
/// The most Java arrays kept registered.
const MAX_JAVA_PINS: usize = 32;

fn java_pins() -> MutexGuard<'static, Vec<JavaPin>> {
    JAVA_PINS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Drops the registration of every Java array that died, or lives elsewhere than where it was
/// registered. Runs before a launch pins its arrays.
pub(crate) fn purge(env: &mut Env<'_>) -> Result<(), NativeError> {
    let mut pins = java_pins();
    let mut keep = Vec::with_capacity(pins.len());
    for pin in pins.drain(..) {
        if still_there(env, &pin)? {
            keep.push(pin);
        } else {
            log::trace!(
                "dropping the registration of {} bytes at {:#x}",
                pin.len,
                pin.addr
            );
            pin.device.unpin_host(pin.addr as *const u8, pin.len);
        }
    }
    *pins = keep;
    Ok(())
}

/// Whether the registered array is alive at the registered address.
fn still_there(env: &mut Env<'_>, pin: &JavaPin) -> Result<bool, NativeError> {
    let Some(array) = pin.array.upgrade_local(env)? else {
        return Ok(false);
    };
    let there = match Typed::of(env, &array, pin.elem) {
        Some(typed) => {
            let pinned = typed.pin(env)?;
            let (ptr, len) = pinned.raw_parts();
            !pinned.is_copy() && ptr as usize == pin.addr && len == pin.len
        }
        None => false,
    };
    env.delete_local_ref(array);
    Ok(there)
}

/// Registers a launch's memory with `device`: its host copies, and the large pinned Java arrays
/// that are not registered yet. Returns the Java arrays it registered, for [`remember`] once they
/// are released. Makes no JNI call.
pub(crate) fn register_launch<'c>(
    device: &Arc<Device>,
    pinned: &[Option<Pinned<'_, '_>>],
    copies: impl Iterator<Item = &'c mut HostCopy>,
) -> Vec<(usize, usize, usize)> {
    let mut fresh = Vec::new();
    if !device.pins_host_memory() {
        return fresh;
    }
    for copy in copies {
        copy.pin(device);
    }
    for (i, p) in pinned.iter().enumerate() {
        let Some(p) = p else { continue };
        let (ptr, len) = p.raw_parts();
        if p.is_copy() || len < MIN_PIN_BYTES || device.is_pinned(ptr, len) {
            continue;
        }
        // SAFETY: `remember` (or the failure path there) records the registration with a weak
        // reference to the array, and `purge` drops it before any later launch once the array
        // died or moved; until then the array occupies this range.
        if unsafe { device.pin_host(ptr, len) } {
            fresh.push((i, ptr as usize, len));
        }
    }
    fresh
}

/// Records the registrations [`register_launch`] made for `objects[i]` (now released), so that
/// [`purge`] can check them; the oldest are dropped beyond [`MAX_JAVA_PINS`].
pub(crate) fn remember(
    env: &mut Env<'_>,
    device: &Arc<Device>,
    fresh: &[(usize, usize, usize)],
    objects: &[(&JObject<'_>, ElemKind)],
) -> Result<(), NativeError> {
    let mut pins = java_pins();
    for &(i, addr, len) in fresh {
        let Some(&(object, elem)) = objects.get(i) else {
            device.unpin_host(addr as *const u8, len);
            continue;
        };
        match env.new_weak_ref(object) {
            Ok(array) => pins.push(JavaPin {
                array,
                elem,
                addr,
                len,
                device: Arc::clone(device),
            }),
            Err(e) => {
                device.unpin_host(addr as *const u8, len);
                return Err(e.into());
            }
        }
    }
    while pins.len() > MAX_JAVA_PINS {
        let old = pins.remove(0);
        old.device.unpin_host(old.addr as *const u8, old.len);
    }
    Ok(())
}

/// Drops every registration of a Java array.
pub(crate) fn forget_java_arrays() {
    let taken = std::mem::take(&mut *java_pins());
    for pin in taken {
        pin.device.unpin_host(pin.addr as *const u8, pin.len);
    }
}
