//! Keeps OpenCL drivers from taking over the process's SIGFPE handler.
//!
//! The JVM detects integer division by zero through SIGFPE: HotSpot's `idiv` traps, and its handler
//! turns the trap into `ArithmeticException: / by zero`. PoCL's CPU driver installs its own SIGFPE
//! handler when it initialises (to survive divisions by zero inside kernels) and that handler skips
//! the faulting instruction, so after the first OpenCL call `5 / 0` in Java silently yields 5. We
//! therefore ask PoCL not to install it (`POCL_SIGFPE_HANDLER=0`) and, for any driver that installs
//! one anyway, restore the handler that was in place before OpenCL was first touched. Ferrocl's
//! kernels never divide by zero (divisors are checked, `MIN_VALUE / -1` is special-cased), so they
//! need no such handler.

use std::sync::OnceLock;

struct Saved(libc::sigaction);

// Safety: a `sigaction` is plain data (a handler address, flags and a mask).
unsafe impl Send for Saved {}
unsafe impl Sync for Saved {}

fn saved() -> Option<&'static Saved> {
    static SAVED: OnceLock<Option<Saved>> = OnceLock::new();
    SAVED
        .get_or_init(|| {
            if std::env::var_os("POCL_SIGFPE_HANDLER").is_none() {
                // Runs once, before any OpenCL call of this library; PoCL reads it at initialisation.
                std::env::set_var("POCL_SIGFPE_HANDLER", "0");
            }
            // Safety: a null new action only reads the current one into `old`.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                (libc::sigaction(libc::SIGFPE, std::ptr::null(), &mut old) == 0)
                    .then_some(Saved(old))
            }
        })
        .as_ref()
}

/// Held around every call into the OpenCL driver: on drop, puts back the SIGFPE handler that was
/// installed before OpenCL was first used, if a driver replaced it.
pub(crate) struct Guard;

impl Guard {
    pub(crate) fn new() -> Guard {
        let _ = saved();
        Guard
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        let Some(Saved(old)) = saved() else {
            return;
        };
        // Safety: reads the current action, and reinstalls a previously valid one.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGFPE, std::ptr::null(), &mut current) == 0
                && current.sa_sigaction != old.sa_sigaction
            {
                log::debug!(
                    "an OpenCL driver replaced the SIGFPE handler; restoring the previous one"
                );
                libc::sigaction(libc::SIGFPE, old, std::ptr::null_mut());
            }
        }
    }
}
