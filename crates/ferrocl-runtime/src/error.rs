//! Errors of the runtime, and names for OpenCL error codes.
//!
//! Received: raw `cl_int` codes from the OpenCL API (through `opencl3`).
//! Guaranteed: every failure of this crate is a [`RuntimeError`]; an OpenCL
//! failure carries the API call, the numeric code and its symbolic name
//! (`CL_OUT_OF_RESOURCES`, ...), so logs and user messages are readable
//! without a header file at hand.
//! Refused: nothing; unknown codes are named `UNKNOWN_ERROR`.

use opencl3::error_codes::ClError;

/// Everything that can go wrong in the OpenCL runtime.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuntimeError {
    /// No OpenCL device at all: no ICD loader / `libOpenCL`, no platform, or
    /// platforms without devices.
    #[error(
        "no OpenCL device found (is an OpenCL driver / ICD installed? `clinfo -l` lists them)"
    )]
    NoDevice,

    /// A selector named a device that does not exist.
    #[error(
        "no OpenCL device {selector}; {available} device(s) available (`clinfo -l` lists them)"
    )]
    NoSuchDevice {
        /// The selector as text, `P:D`.
        selector: String,
        /// How many devices exist over all platforms.
        available: usize,
    },

    /// A device selector could not be parsed.
    #[error("bad device selector `{0}`: expected PLATFORM:DEVICE, e.g. `0:0`")]
    BadSelector(String),

    /// The OpenCL C compiler rejected a program; `log` is the compiler's build log.
    #[error("OpenCL build failed on {device}:\n{log}")]
    Build {
        /// The device the program was built for (its name and `P:D`).
        device: String,
        /// The driver's build log (or a description when the driver gave none).
        log: String,
    },

    /// The program built, but it has no kernel of that name.
    #[error("OpenCL program has no kernel `{name}` (kernels: {available})")]
    NoSuchKernel {
        /// The requested kernel name.
        name: String,
        /// The kernel names the program does define, `;`-separated as OpenCL reports them.
        available: String,
    },

    /// Input the runtime refuses before calling OpenCL (empty source, NUL bytes, ...).
    #[error("invalid input: {0}")]
    InvalidInput(String),

    /// A launch was refused before it was enqueued (bad sizes, bad argument indices, ...).
    #[error("invalid launch: {0}")]
    InvalidLaunch(String),

    /// The host stopped waiting for an execution (an interrupt, a timeout: the reason); the
    /// device finishes what it had, its results are discarded and the host arrays untouched.
    #[error("{0}")]
    Cancelled(String),

    /// A batch that did not start because an earlier batch of the same execution failed (see
    /// [`crate::split::execute_batches`]); the reason.
    #[error("not run: {0}")]
    NotRun(String),

    /// An OpenCL API call failed.
    #[error("OpenCL call {call} failed: {name} ({code})")]
    OpenCl {
        /// The OpenCL API function, e.g. `clEnqueueNDRangeKernel`.
        call: &'static str,
        /// The numeric error code.
        code: i32,
        /// The symbolic name of `code`, see [`cl_error_name`].
        name: &'static str,
    },
}

impl RuntimeError {
    /// An [`RuntimeError::OpenCl`] for `call` failing with `code`.
    pub fn opencl(call: &'static str, code: i32) -> Self {
        RuntimeError::OpenCl {
            call,
            code,
            name: cl_error_name(code),
        }
    }

    /// The OpenCL error code, when this is an [`RuntimeError::OpenCl`].
    pub fn cl_code(&self) -> Option<i32> {
        match self {
            RuntimeError::OpenCl { code, .. } => Some(*code),
            _ => None,
        }
    }
}

/// A closure turning an `opencl3` error of `call` into a [`RuntimeError`],
/// for use with `map_err`.
pub(crate) fn cl(call: &'static str) -> impl Fn(ClError) -> RuntimeError {
    move |e| RuntimeError::opencl(call, e.0)
}

/// The symbolic name of an OpenCL error code (`-5` → `"CL_OUT_OF_RESOURCES"`).
///
/// Covers the core OpenCL 1.0–3.0 codes, the ICD loader's
/// `CL_PLATFORM_NOT_FOUND_KHR`, and the `opencl3` dynamic-loading codes;
/// everything else is looked up in `opencl3`'s table and falls back to
/// `"UNKNOWN_ERROR"`.
pub fn cl_error_name(code: i32) -> &'static str {
    match code {
        0 => "CL_SUCCESS",
        -1 => "CL_DEVICE_NOT_FOUND",
        -2 => "CL_DEVICE_NOT_AVAILABLE",
        -3 => "CL_COMPILER_NOT_AVAILABLE",
        -4 => "CL_MEM_OBJECT_ALLOCATION_FAILURE",
        -5 => "CL_OUT_OF_RESOURCES",
        -6 => "CL_OUT_OF_HOST_MEMORY",
        -7 => "CL_PROFILING_INFO_NOT_AVAILABLE",
        -8 => "CL_MEM_COPY_OVERLAP",
        -9 => "CL_IMAGE_FORMAT_MISMATCH",
        -10 => "CL_IMAGE_FORMAT_NOT_SUPPORTED",
        -11 => "CL_BUILD_PROGRAM_FAILURE",
        -12 => "CL_MAP_FAILURE",
        -13 => "CL_MISALIGNED_SUB_BUFFER_OFFSET",
        -14 => "CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST",
        -15 => "CL_COMPILE_PROGRAM_FAILURE",
        -16 => "CL_LINKER_NOT_AVAILABLE",
        -17 => "CL_LINK_PROGRAM_FAILURE",
        -18 => "CL_DEVICE_PARTITION_FAILED",
        -19 => "CL_KERNEL_ARG_INFO_NOT_AVAILABLE",
        -30 => "CL_INVALID_VALUE",
        -31 => "CL_INVALID_DEVICE_TYPE",
        -32 => "CL_INVALID_PLATFORM",
        -33 => "CL_INVALID_DEVICE",
        -34 => "CL_INVALID_CONTEXT",
        -35 => "CL_INVALID_QUEUE_PROPERTIES",
        -36 => "CL_INVALID_COMMAND_QUEUE",
        -37 => "CL_INVALID_HOST_PTR",
        -38 => "CL_INVALID_MEM_OBJECT",
        -39 => "CL_INVALID_IMAGE_FORMAT_DESCRIPTOR",
        -40 => "CL_INVALID_IMAGE_SIZE",
        -41 => "CL_INVALID_SAMPLER",
        -42 => "CL_INVALID_BINARY",
        -43 => "CL_INVALID_BUILD_OPTIONS",
        -44 => "CL_INVALID_PROGRAM",
        -45 => "CL_INVALID_PROGRAM_EXECUTABLE",
        -46 => "CL_INVALID_KERNEL_NAME",
        -47 => "CL_INVALID_KERNEL_DEFINITION",
        -48 => "CL_INVALID_KERNEL",
        -49 => "CL_INVALID_ARG_INDEX",
        -50 => "CL_INVALID_ARG_VALUE",
        -51 => "CL_INVALID_ARG_SIZE",
        -52 => "CL_INVALID_KERNEL_ARGS",
        -53 => "CL_INVALID_WORK_DIMENSION",
        -54 => "CL_INVALID_WORK_GROUP_SIZE",
        -55 => "CL_INVALID_WORK_ITEM_SIZE",
        -56 => "CL_INVALID_GLOBAL_OFFSET",
        -57 => "CL_INVALID_EVENT_WAIT_LIST",
        -58 => "CL_INVALID_EVENT",
        -59 => "CL_INVALID_OPERATION",
        -60 => "CL_INVALID_GL_OBJECT",
        -61 => "CL_INVALID_BUFFER_SIZE",
        -62 => "CL_INVALID_MIP_LEVEL",
        -63 => "CL_INVALID_GLOBAL_WORK_SIZE",
        -64 => "CL_INVALID_PROPERTY",
        -65 => "CL_INVALID_IMAGE_DESCRIPTOR",
        -66 => "CL_INVALID_COMPILER_OPTIONS",
        -67 => "CL_INVALID_LINKER_OPTIONS",
        -68 => "CL_INVALID_DEVICE_PARTITION_COUNT",
        -69 => "CL_INVALID_PIPE_SIZE",
        -70 => "CL_INVALID_DEVICE_QUEUE",
        -71 => "CL_INVALID_SPEC_ID",
        -72 => "CL_MAX_SIZE_RESTRICTION_EXCEEDED",
        -1001 => "CL_PLATFORM_NOT_FOUND_KHR",
        -2000 => "OPENCL_LIBRARY_NOT_LOADED",
        -2001 => "OPENCL_FUNCTION_NOT_AVAILABLE",
        other => opencl3::error_codes::error_text(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_common_codes() {
        assert_eq!(cl_error_name(-5), "CL_OUT_OF_RESOURCES");
        assert_eq!(cl_error_name(-52), "CL_INVALID_KERNEL_ARGS");
        assert_eq!(cl_error_name(-11), "CL_BUILD_PROGRAM_FAILURE");
        assert_eq!(cl_error_name(-54), "CL_INVALID_WORK_GROUP_SIZE");
        assert_eq!(cl_error_name(-4), "CL_MEM_OBJECT_ALLOCATION_FAILURE");
        assert_eq!(cl_error_name(-61), "CL_INVALID_BUFFER_SIZE");
        assert_eq!(cl_error_name(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
        assert_eq!(cl_error_name(12345), "UNKNOWN_ERROR");
        // Every code from -72..=0 that OpenCL defines has a name.
        for code in (-19..=0).chain(-72..=-30) {
            assert_ne!(cl_error_name(code), "UNKNOWN_ERROR", "code {code}");
        }
    }

    #[test]
    fn opencl_error_displays_call_name_and_code() {
        let e = RuntimeError::opencl("clEnqueueNDRangeKernel", -5);
        assert_eq!(e.cl_code(), Some(-5));
        let text = e.to_string();
        assert!(text.contains("clEnqueueNDRangeKernel"), "{text}");
        assert!(text.contains("CL_OUT_OF_RESOURCES"), "{text}");
        assert!(text.contains("-5"), "{text}");
    }
}
