//! Java arrays a schedule keeps on the device (`TaskSchedule.keepOnDevice`): each has a handle; a
//! launch that passes the handle with the array binds the array to a device buffer kept between
//! launches ([`Resident`]), which is uploaded only when it is not current. The Java side marks it
//! stale when the array changes on the host; [`crate::launch`] does when a kernel's writes to it are
//! discarded.

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use ferrocl_runtime::{Device, Resident};

use crate::NativeError;

/// One kept array: its buffer on the device it last ran on.
#[derive(Default)]
pub(crate) struct Kept {
    buffer: Mutex<Option<(Arc<Device>, Arc<Resident>)>>,
}

impl Kept {
    /// The kept buffer for an array of `bytes` bytes on `device`: the one from earlier launches when
    /// device and size still match, else a new (stale) one.
    pub(crate) fn buffer(
        &self,
        device: &Arc<Device>,
        bytes: usize,
    ) -> Result<Arc<Resident>, NativeError> {
        let mut slot = self.buffer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((d, r)) = slot.as_ref() {
            if Arc::ptr_eq(d, device) && r.bytes() == bytes {
                return Ok(Arc::clone(r));
            }
        }
        let r =
            Arc::new(device.resident(bytes).map_err(|e| {
                NativeError::ferrocl(format!("keeping an array on the device: {e}"))
            })?);
        *slot = Some((Arc::clone(device), Arc::clone(&r)));
        Ok(r)
    }

    fn mark_stale(&self) {
        if let Some((_, r)) = self
            .buffer
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            r.mark_stale();
        }
    }
}

static KEPT: Mutex<Option<HashMap<i64, Arc<Kept>>>> = Mutex::new(None);
static NEXT: AtomicI64 = AtomicI64::new(1);

fn kept() -> MutexGuard<'static, Option<HashMap<i64, Arc<Kept>>>> {
    KEPT.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A new handle (> 0) for an array to keep.
pub(crate) fn create() -> i64 {
    let handle = NEXT.fetch_add(1, Ordering::Relaxed);
    kept()
        .get_or_insert_with(HashMap::new)
        .insert(handle, Arc::default());
    handle
}

/// The kept array of `handle`; an unknown handle is an error.
pub(crate) fn get(handle: i64) -> Result<Arc<Kept>, NativeError> {
    kept()
        .as_ref()
        .and_then(|m| m.get(&handle).cloned())
        .ok_or_else(|| NativeError::ferrocl(format!("no kept array with handle {handle}")))
}

/// The array of `handle` changed on the host: its next launch uploads it.
pub(crate) fn mark_stale(handle: i64) {
    if let Ok(k) = get(handle) {
        k.mark_stale();
    }
}

/// Forgets `handle`; its device buffer is freed once no launch uses it.
pub(crate) fn release(handle: i64) {
    if let Some(m) = kept().as_mut() {
        m.remove(&handle);
    }
}
