//! Registrations of Java arrays with the driver, so that transfers from and to them run at DMA
//! speed (see `ferrocl_runtime`'s `memory` module).
//!
//! Every array an execution uses is held in place with `GetPrimitiveArrayCritical`: uploads read
//! the Java heap and downloads write it, with no host copy. A large one is registered and the
//! registration kept, with a weak
//!   reference to the array, its address and length. The garbage collector may move or free an
//!   array between launches, and a heap range it frees may be unmapped and mapped again, so a
//!   registration is trusted only while its array is alive at the address it was registered at:
//!   [`purge`] runs before every launch pins arrays and drops every registration whose array died or
//!   moved. A live array that never left its address occupies memory the collector has kept mapped
//!   all along. Arrays the JVM hands out as copies are never registered.

use crate::execute::Criticals;
use crate::NativeError;
use ferrocl_jit::ElemKind;
use ferrocl_runtime::{Device, MIN_PIN_BYTES};
use jni::objects::JObject;
use jni::refs::Weak;
use jni::Env;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

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
    let there = {
        let len = pin.len / crate::args::elem_bytes(pin.elem);
        // SAFETY: no JNI call until `held` drops at the end of this block.
        let held = unsafe { Criticals::hold(env.get_raw(), &[(&array, pin.elem, len, false)])? };
        held.ranges().first().is_some_and(|&(ptr, bytes, is_copy)| {
            !is_copy && ptr as usize == pin.addr && bytes == pin.len
        })
    };
    env.delete_local_ref(array);
    Ok(there)
}

/// Registers the large held Java arrays (`(address, bytes, is_copy)`) that are not registered
/// yet with `device`, so that transfers from and to them run at DMA speed. Returns the ones it
/// registered as `(index, address, bytes)`, for [`remember`] once they are released. Makes no JNI
/// call.
pub(crate) fn register(
    device: &Arc<Device>,
    ranges: &[(*mut u8, usize, bool)],
) -> Vec<(usize, usize, usize)> {
    let mut fresh = Vec::new();
    if !device.pins_host_memory() {
        return fresh;
    }
    for (i, &(ptr, len, is_copy)) in ranges.iter().enumerate() {
        if is_copy || len < MIN_PIN_BYTES || device.is_pinned(ptr, len) {
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
