//! Keeps OpenCL drivers from taking over the process's SIGFPE, SIGSEGV, SIGBUS and SIGILL handlers.
//!
//! The JVM detects integer division by zero through SIGFPE: HotSpot's `idiv` traps, and its handler
//! turns the trap into `ArithmeticException: / by zero`. PoCL's CPU driver installs its own SIGFPE
//! handler when it initialises (to survive divisions by zero inside kernels) and that handler skips
//! the faulting instruction, so after the first OpenCL call `5 / 0` in Java silently yields 5. We
//! therefore ask PoCL not to install it (`POCL_SIGFPE_HANDLER=0`) and, for any driver that installs
//! one anyway, restore the handler that was in place before OpenCL was first touched. Ferrocl's
//! kernels never divide by zero (divisors are checked, `MIN_VALUE / -1` is special-cased), so they
//! need no such handler.
//!
//! The JVM also relies on SIGSEGV (implicit null checks, safepoint polls), SIGBUS and SIGILL. PoCL's
//! kernel compiler (LLVM) installs crash handlers for those (and SIGXFSZ, SIGUSR2) when it builds a
//! program; the JVM then dies (exit 139, no error file) at its next deliberate fault. The same guard
//! restores them when the OpenCL call returns. During the call itself another Java thread that faults
//! on purpose still meets LLVM's handler: only the JVM's signal chaining closes that window
//! (`LD_PRELOAD=$JAVA_HOME/lib/libjsig.so`).
//!
//! LLVM takes the JVM's other signals as well: SIGQUIT (its handler put the JVM's back and returned,
//! so the first `kill -3` printed no thread dump), and SIGINT, SIGTERM and SIGHUP, through which the
//! JVM runs its shutdown hooks. Every signal LLVM installs a handler for is restored.

use std::sync::OnceLock;

/// The signals whose handlers are restored after every OpenCL call: HotSpot's own (the faults it
/// traps on purpose, SIGXFSZ, SIGUSR2 its suspend/resume signal, SIGQUIT its thread dump, SIGINT,
/// SIGTERM and SIGHUP its shutdown) and the rest of LLVM's crash signals (SIGTRAP, SIGABRT, SIGSYS,
/// SIGXCPU), whatever their handler was before OpenCL was first used.
const SIGNALS: [libc::c_int; 14] = [
    libc::SIGFPE,
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGINT,
    libc::SIGILL,
    libc::SIGXFSZ,
    libc::SIGUSR2,
    libc::SIGQUIT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGTRAP,
    libc::SIGABRT,
    libc::SIGSYS,
    libc::SIGXCPU,
];

struct Saved([Option<libc::sigaction>; 14]);

// Safety: a `sigaction` is plain data (a handler address, flags and a mask).
unsafe impl Send for Saved {}
unsafe impl Sync for Saved {}

fn saved() -> &'static Saved {
    static SAVED: OnceLock<Saved> = OnceLock::new();
    SAVED.get_or_init(|| {
        if std::env::var_os("POCL_SIGFPE_HANDLER").is_none() {
            // Runs once, before any OpenCL call of this library; PoCL reads it at initialisation.
            std::env::set_var("POCL_SIGFPE_HANDLER", "0");
        }
        Saved(SIGNALS.map(|sig| {
            // Safety: a null new action only reads the current one into `old`.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                (libc::sigaction(sig, std::ptr::null(), &mut old) == 0).then_some(old)
            }
        }))
    })
}

/// Held around every call into the OpenCL driver: on drop, puts back the handlers of [`SIGNALS`]
/// that were installed before OpenCL was first used, if a driver replaced them.
pub(crate) struct Guard {
    /// Look at the first [`SENTINELS`] signals only, and at the rest if one of them changed.
    sentinels: bool,
}

/// How many of [`SIGNALS`] (the first ones) a launch's guard looks at before the rest: a compiler
/// that installs crash handlers takes SIGSEGV with the others (LLVM's crash-recovery context:
/// SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT), LLVM's `RegisterHandlers` takes SIGINT with
/// the crash signals, and PoCL's own handler is SIGFPE's; so a change of any of them shows in one
/// of these four. Reading a handler is a system call; 14 of them per launch cost a tiny PoCL
/// execution about 2 µs.
const SENTINELS: usize = 4;

impl Guard {
    /// Guards a call that may initialise a driver or build a program: every signal is looked at.
    pub(crate) fn new() -> Guard {
        let _ = saved();
        Guard { sentinels: false }
    }

    /// Guards a launch (a CPU driver may compile at a first launch): SIGFPE, SIGSEGV, SIGBUS and
    /// SIGINT are looked at, and every signal when one of them changed.
    pub(crate) fn launch() -> Guard {
        let _ = saved();
        Guard { sentinels: true }
    }
}

/// Puts back the handler of `sig` if it differs from `old`; whether it differed.
fn restore(sig: libc::c_int, old: &libc::sigaction) -> bool {
    // Safety: reads the current action, and reinstalls a previously valid one.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        if libc::sigaction(sig, std::ptr::null(), &mut current) == 0
            && current.sa_sigaction != old.sa_sigaction
        {
            log::debug!(
                "an OpenCL driver replaced the handler of signal {sig}; restoring the previous one"
            );
            libc::sigaction(sig, old, std::ptr::null_mut());
            return true;
        }
    }
    false
}

impl Drop for Guard {
    fn drop(&mut self) {
        let saved = &saved().0;
        if self.sentinels {
            let mut changed = false;
            for (sig, old) in SIGNALS.iter().zip(saved).take(SENTINELS) {
                if let Some(old) = old {
                    changed |= restore(*sig, old);
                }
            }
            if !changed {
                return;
            }
        }
        for (sig, old) in SIGNALS.iter().zip(saved) {
            if let Some(old) = old {
                restore(*sig, old);
            }
        }
    }
}
