//! Fault injection, for tests: once armed with `n`, the `n`-th OpenCL call the runtime makes from
//! then on (creating a buffer or program or kernel, mapping, enqueueing a copy or kernel or
//! marker, waiting) fails as if the driver had refused it, device out-of-memory included
//! (`clCreateBuffer` fails with `CL_MEM_OBJECT_ALLOCATION_FAILURE`, the others with
//! `CL_OUT_OF_RESOURCES`). Disarmed (the default), a check is one relaxed atomic load.
//!
//! Also counted here: the device buffers the executor has taken and not given back (pooled or
//! released), the kernel objects alive and the event objects alive, so that a test can see that a
//! failed execution leaves none behind.

use std::sync::atomic::{AtomicI64, Ordering};

use crate::error::RuntimeError;

static ARMED: AtomicI64 = AtomicI64::new(0);
static SEEN: AtomicI64 = AtomicI64::new(0);
static OUTSTANDING: AtomicI64 = AtomicI64::new(0);
static KERNELS: AtomicI64 = AtomicI64::new(0);
static EVENTS: AtomicI64 = AtomicI64::new(0);

/// Makes the `n`-th OpenCL call from now on fail (`n` > 0), or disarms (`n` <= 0); the count of
/// calls starts again at 0.
pub fn arm(n: i64) {
    SEEN.store(0, Ordering::SeqCst);
    ARMED.store(n.max(0), Ordering::SeqCst);
}

/// OpenCL calls checked since the last [`arm`] (counted only while armed).
pub fn calls() -> i64 {
    SEEN.load(Ordering::SeqCst)
}

/// Device buffers the executor holds right now (taken for an execution, not yet given back).
pub fn outstanding_buffers() -> i64 {
    OUTSTANDING.load(Ordering::SeqCst)
}

/// OpenCL kernel objects alive right now (created by the runtime, not yet released).
pub fn live_kernels() -> i64 {
    KERNELS.load(Ordering::SeqCst)
}

/// OpenCL event objects the runtime holds right now (markers, profiled commands).
pub fn live_events() -> i64 {
    EVENTS.load(Ordering::SeqCst)
}

pub(crate) fn kernel_created() {
    KERNELS.fetch_add(1, Ordering::Relaxed);
}

pub(crate) fn kernel_released() {
    KERNELS.fetch_sub(1, Ordering::Relaxed);
}

/// An OpenCL event, counted while it lives.
pub(crate) struct Counted(opencl3::event::Event);

impl Counted {
    pub(crate) fn new(event: opencl3::event::Event) -> Self {
        EVENTS.fetch_add(1, Ordering::Relaxed);
        Self(event)
    }
}

impl std::ops::Deref for Counted {
    type Target = opencl3::event::Event;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        EVENTS.fetch_sub(1, Ordering::Relaxed);
    }
}

pub(crate) fn taken() {
    OUTSTANDING.fetch_add(1, Ordering::Relaxed);
}

pub(crate) fn returned() {
    OUTSTANDING.fetch_sub(1, Ordering::Relaxed);
}

/// Before OpenCL call `call`: fails it when it is the armed one.
pub(crate) fn check(call: &'static str) -> Result<(), RuntimeError> {
    let armed = ARMED.load(Ordering::Relaxed);
    if armed == 0 {
        return Ok(());
    }
    let n = SEEN.fetch_add(1, Ordering::SeqCst) + 1;
    if n != armed {
        return Ok(());
    }
    let code = if call.starts_with("clCreateBuffer") {
        cl3::error_codes::CL_MEM_OBJECT_ALLOCATION_FAILURE
    } else {
        cl3::error_codes::CL_OUT_OF_RESOURCES
    };
    log::debug!("fault injection: call {n} ({call}) fails with {code}");
    Err(RuntimeError::opencl(call, code))
}
