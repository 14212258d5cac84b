//! Building OpenCL C source into kernels, with an in-memory cache per device.
//!
//! Received: OpenCL C source text, build options (e.g.
//! `-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt`) and a kernel name.
//! Guaranteed: a program is compiled at most once per device for one
//! `(source, options)` pair, and a kernel object is created at most once per
//! `(source, options, kernel_name)`; later calls return the same
//! `Arc<BuiltKernel>`. Builds on one device are serialized (the cache lock is
//! held while the driver compiles), so two threads asking for the same kernel
//! never compile it twice. A failed build is not cached: asking again
//! compiles again.
//! Refused: empty source, NUL bytes in source / options / name
//! ([`RuntimeError::InvalidInput`]); compiler errors
//! ([`RuntimeError::Build`] with the driver's log); a kernel name the
//! program does not define ([`RuntimeError::NoSuchKernel`]).

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use opencl3::kernel::Kernel;
use opencl3::program::Program;

use crate::device::Device;
use crate::error::{cl, RuntimeError};
use crate::info::DeviceSelector;

/// A compiled kernel, ready to launch on the device that built it.
///
/// Shared as `Arc<BuiltKernel>`; launching from several threads at once is
/// safe (argument setting and enqueueing are serialized per kernel).
pub struct BuiltKernel {
    // Field order is drop order: the kernel before its program.
    kernel: Mutex<Kernel>,
    _program: Arc<Program>,
    name: String,
    options: String,
    owner: DeviceSelector,
    build_time: Duration,
    work_group_size: usize,
    compile_work_group_size: Option<[usize; 3]>,
    preferred_multiple: usize,
    local_mem_bytes: u64,
    private_mem_bytes: u64,
    num_args: u32,
}

impl std::fmt::Debug for BuiltKernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuiltKernel")
            .field("name", &self.name)
            .field("device", &self.owner)
            .field("num_args", &self.num_args)
            .field("work_group_size", &self.work_group_size)
            .finish_non_exhaustive()
    }
}

impl Drop for BuiltKernel {
    fn drop(&mut self) {
        crate::fault::kernel_released();
    }
}

impl BuiltKernel {
    /// The kernel function's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The build options the program was compiled with.
    pub fn options(&self) -> &str {
        &self.options
    }

    /// The device that built this kernel (it can only be launched there).
    pub fn device(&self) -> DeviceSelector {
        self.owner
    }

    /// Wall-clock time the driver's program build (`clBuildProgram`) took.
    /// Kernels sharing one program report the same time.
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// `CL_KERNEL_WORK_GROUP_SIZE`: the largest work-group this kernel can be
    /// launched with on its device.
    pub fn work_group_size(&self) -> usize {
        self.work_group_size
    }

    /// `CL_KERNEL_COMPILE_WORK_GROUP_SIZE`: the work-group size the source requires with
    /// `reqd_work_group_size`, if it requires one.
    pub fn compile_work_group_size(&self) -> Option<[usize; 3]> {
        self.compile_work_group_size
    }

    /// `CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE` (1 when the driver does
    /// not say).
    pub fn preferred_multiple(&self) -> usize {
        self.preferred_multiple
    }

    /// `CL_KERNEL_LOCAL_MEM_SIZE`: local memory the kernel uses statically.
    pub fn local_mem_bytes(&self) -> u64 {
        self.local_mem_bytes
    }

    /// `CL_KERNEL_PRIVATE_MEM_SIZE` (0 when the driver does not say).
    pub fn private_mem_bytes(&self) -> u64 {
        self.private_mem_bytes
    }

    /// `CL_KERNEL_NUM_ARGS`: how many arguments a launch must pass.
    pub fn num_args(&self) -> u32 {
        self.num_args
    }

    /// Each argument's address space and type as the source declares them (`CL_KERNEL_ARG_ADDRESS_QUALIFIER`,
    /// `CL_KERNEL_ARG_TYPE_NAME`, e.g. `float*`), or `None` when the driver keeps no argument information
    /// (the program was built without `-cl-kernel-arg-info`, or the driver lacks it).
    pub fn arg_info(&self) -> Option<Vec<(ArgSpace, String)>> {
        let k = self.lock();
        (0..self.num_args)
            .map(|i| {
                let space = match k.get_arg_address_qualifier(i).ok()? {
                    0x119B => ArgSpace::Global,
                    0x119C => ArgSpace::Local,
                    0x119D => ArgSpace::Constant,
                    _ => ArgSpace::Private,
                };
                Some((space, k.get_arg_type_name(i).ok()?))
            })
            .collect()
    }

    /// Locks the kernel object for setting arguments and enqueueing.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Kernel> {
        self.kernel
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The address space of a kernel argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArgSpace {
    /// `__global` (a buffer).
    Global,
    /// `__local` (a size, per work-group).
    Local,
    /// `__constant` (a read-only buffer).
    Constant,
    /// A value (no address space).
    Private,
}

/// What [`Device::build_with_outcome`] returns: the kernel and whether it
/// came from the cache.
#[derive(Debug, Clone)]
pub struct BuildOutcome {
    /// The kernel.
    pub kernel: Arc<BuiltKernel>,
    /// `true` when nothing was compiled or created: the kernel was in the cache.
    pub cached: bool,
    /// The program's binary came from the disk cache (see [`crate::disk_cache`]): the driver
    /// linked it rather than compiling the source.
    pub from_disk: bool,
}

struct ProgramSlot {
    program: Arc<Program>,
    build_time: Duration,
    from_disk: bool,
    kernels: HashMap<String, Arc<BuiltKernel>>,
}

/// Per-device cache: source → options → program and its kernels.
#[derive(Default)]
pub(crate) struct KernelCache {
    programs: HashMap<String, HashMap<String, ProgramSlot>>,
}

fn check_text(what: &str, text: &str) -> Result<(), RuntimeError> {
    if text.contains('\0') {
        return Err(RuntimeError::InvalidInput(format!(
            "{what} contains a NUL byte"
        )));
    }
    Ok(())
}

impl Device {
    /// Builds `source` with `options` and creates kernel `kernel_name`.
    ///
    /// Cached in memory per device by `(source, options, kernel_name)`: a
    /// second call returns the same `Arc` without rebuilding. A compiler
    /// failure is [`RuntimeError::Build`] carrying the build log.
    pub fn build(
        &self,
        source: &str,
        options: &str,
        kernel_name: &str,
    ) -> Result<Arc<BuiltKernel>, RuntimeError> {
        Ok(self
            .build_with_outcome(source, options, kernel_name)?
            .kernel)
    }

    /// Like [`Device::build`], also saying whether the kernel came from the cache.
    pub fn build_with_outcome(
        &self,
        source: &str,
        options: &str,
        kernel_name: &str,
    ) -> Result<BuildOutcome, RuntimeError> {
        let _signals = crate::signals::Guard::new();
        if source.trim().is_empty() {
            return Err(RuntimeError::InvalidInput(
                "OpenCL source is empty".to_string(),
            ));
        }
        check_text("OpenCL source", source)?;
        check_text("build options", options)?;
        check_text("kernel name", kernel_name)?;
        if kernel_name.is_empty() {
            return Err(RuntimeError::InvalidInput(
                "kernel name is empty".to_string(),
            ));
        }

        let mut cache = self
            .kernels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);

        if let Some(k) = cache
            .programs
            .get(source)
            .and_then(|by_opts| by_opts.get(options))
            .and_then(|slot| slot.kernels.get(kernel_name))
        {
            log::trace!("kernel cache hit: {kernel_name} on {}", self.info.id());
            return Ok(BuildOutcome {
                kernel: Arc::clone(k),
                cached: true,
                from_disk: false,
            });
        }

        let have_program = cache
            .programs
            .get(source)
            .is_some_and(|by_opts| by_opts.contains_key(options));
        if !have_program {
            let (program, build_time, from_disk) = self.compile(source, options)?;
            cache
                .programs
                .entry(source.to_string())
                .or_default()
                .insert(
                    options.to_string(),
                    ProgramSlot {
                        program: Arc::new(program),
                        build_time,
                        from_disk,
                        kernels: HashMap::new(),
                    },
                );
        }
        let Some(slot) = cache
            .programs
            .get_mut(source)
            .and_then(|by_opts| by_opts.get_mut(options))
        else {
            // Inserted just above; unreachable, but never panic.
            return Err(RuntimeError::InvalidInput(
                "program cache lost an entry".to_string(),
            ));
        };

        let kernel = self.create_kernel(slot, options, kernel_name)?;
        let kernel = Arc::new(kernel);
        slot.kernels
            .insert(kernel_name.to_string(), Arc::clone(&kernel));
        Ok(BuildOutcome {
            kernel,
            cached: false,
            from_disk: slot.from_disk,
        })
    }

    /// Everything a device binary of `source` built with `options` depends on: the disk cache's
    /// key (see [`crate::disk_cache`]).
    fn binary_key(&self, source: &str, options: &str) -> String {
        let i = &self.info;
        format!(
            "ferrocl {}\n{}\n{}\n{}\n{}\n{}\n{options}\n{source}",
            env!("CARGO_PKG_VERSION"),
            i.platform_name,
            i.name,
            i.vendor,
            i.driver_version,
            i.version
        )
    }

    /// A program from a binary the disk cache kept, built (linked) with `options`.
    fn program_from_binary(&self, binary: &[u8], options: &str) -> Result<Program, RuntimeError> {
        // SAFETY: one binary for the one device of the context; the driver checks it (a foreign
        // or damaged binary is an error, and the caller builds from source instead).
        let mut program = unsafe {
            Program::create_from_binary(&self.context, &[self.cl_device.id()], &[binary])
        }
        .map_err(cl("clCreateProgramWithBinary"))?;
        let built = program.build(&[self.cl_device.id()], options);
        // A build all the same (clBuildProgram links the binary).
        self.builds.fetch_add(1, Ordering::Relaxed);
        built.map_err(cl("clBuildProgram"))?;
        Ok(program)
    }

    /// Runs the driver compiler (or takes the binary the disk cache kept for the same source,
    /// options, device and driver); returns the program, how long it took and whether the binary
    /// came from the disk cache.
    fn compile(
        &self,
        source: &str,
        options: &str,
    ) -> Result<(Program, Duration, bool), RuntimeError> {
        crate::fault::check("clBuildProgram")?;
        // Sub-devices of one device share the driver's caches keyed by the program's hash; a
        // define of their own gives each its own program (PoCL 5.0 aborts in
        // `pocl_release_dlhandle_cache` when two devices first launch the same kernel at once:
        // both compile it and cache two entries under one key).
        let options = match self.info.part {
            Some((k, n)) => format!("{options} -D FERROCL_SUBDEVICE_{k}_OF_{n}"),
            None => options.to_string(),
        };
        // OpenCL keeps kernel argument information only for programs built from source: a program
        // that asks for it (hand-written kernels, whose launches are checked against it) is not
        // taken from the disk cache.
        let disk = if options
            .split_whitespace()
            .any(|o| o == "-cl-kernel-arg-info")
        {
            None
        } else {
            crate::disk_cache::config()
        };
        let key = disk.as_ref().map(|_| self.binary_key(source, &options));
        if let (Some(config), Some(key)) = (&disk, &key) {
            if let Some(binary) = crate::disk_cache::load(config, key) {
                let start = Instant::now();
                match self.program_from_binary(&binary, &options) {
                    Ok(program) => {
                        log::debug!(
                            "OpenCL program ({} bytes of source) on {} from the kernel cache in {:.1} ms",
                            source.len(),
                            self.label(),
                            start.elapsed().as_secs_f64() * 1e3
                        );
                        return Ok((program, start.elapsed(), true));
                    }
                    Err(e) => log::debug!("the driver refused a cached binary ({e}); rebuilt"),
                }
            }
        }
        let mut program = Program::create_from_source(&self.context, source)
            .map_err(cl("clCreateProgramWithSource"))?;
        log::debug!(
            "building OpenCL program ({} bytes) on {} with options `{options}`",
            source.len(),
            self.label()
        );
        let start = Instant::now();
        let result = program.build(&[self.cl_device.id()], &options);
        let build_time = start.elapsed();
        self.builds.fetch_add(1, Ordering::Relaxed);
        let log_text = program
            .get_build_log(self.cl_device.id())
            .unwrap_or_default();
        let log_text = log_text.trim_end_matches('\0').trim().to_string();
        match result {
            Ok(()) => {
                log::debug!(
                    "built OpenCL program on {} in {:.1} ms",
                    self.label(),
                    build_time.as_secs_f64() * 1e3
                );
                if !log_text.is_empty() {
                    log::debug!("build log:\n{log_text}");
                }
                if let (Some(config), Some(key)) = (&disk, &key) {
                    match program.get_binaries() {
                        Ok(binaries) => match binaries.first() {
                            Some(binary) if !binary.is_empty() => {
                                crate::disk_cache::store(config, key, binary);
                            }
                            _ => log::debug!("the driver gave no binary to keep"),
                        },
                        Err(e) => log::debug!("no program binary to keep: {}", e.0),
                    }
                }
                Ok((program, build_time, false))
            }
            Err(e) => {
                let name = crate::error::cl_error_name(e.0);
                let log = if log_text.is_empty() {
                    format!("clBuildProgram returned {name} ({}) and no build log (options: `{options}`)", e.0)
                } else {
                    format!("{log_text}\n(clBuildProgram returned {name})")
                };
                log::debug!("OpenCL build failed on {}:\n{log}", self.label());
                Err(RuntimeError::Build {
                    device: self.label(),
                    log,
                })
            }
        }
    }

    fn create_kernel(
        &self,
        slot: &ProgramSlot,
        options: &str,
        kernel_name: &str,
    ) -> Result<BuiltKernel, RuntimeError> {
        crate::fault::check("clCreateKernel")?;
        let kernel = match Kernel::create(&slot.program, kernel_name) {
            Ok(k) => k,
            Err(e) if e.0 == -46 => {
                // CL_INVALID_KERNEL_NAME
                return Err(RuntimeError::NoSuchKernel {
                    name: kernel_name.to_string(),
                    available: slot.program.kernel_names().to_string(),
                });
            }
            Err(e) => return Err(RuntimeError::opencl("clCreateKernel", e.0)),
        };

        let id = self.cl_device.id();
        let work_group_size = kernel
            .get_work_group_size(id)
            .map_err(cl("clGetKernelWorkGroupInfo"))?;
        let preferred_multiple = kernel.get_work_group_size_multiple(id).unwrap_or(1).max(1);
        // `__attribute__((reqd_work_group_size(x, y, z)))`; all zero when the source has none.
        let compile_work_group_size = kernel
            .get_compile_work_group_size(id)
            .ok()
            .and_then(|v| <[usize; 3]>::try_from(v.as_slice()).ok())
            .filter(|v| v.iter().all(|&d| d > 0));
        let local_mem_bytes = kernel.get_local_mem_size(id).unwrap_or(0);
        let private_mem_bytes = kernel.get_private_mem_size(id).unwrap_or(0);
        let num_args = kernel.num_args().map_err(cl("clGetKernelInfo"))?;
        log::debug!(
            "kernel {kernel_name} on {}: {num_args} args, work-group size {work_group_size}, \
             preferred multiple {preferred_multiple}, local {local_mem_bytes} B, private {private_mem_bytes} B",
            self.info.id()
        );
        // Counted while the `BuiltKernel` lives (its drop gives it back).
        crate::fault::kernel_created();
        Ok(BuiltKernel {
            kernel: Mutex::new(kernel),
            _program: Arc::clone(&slot.program),
            name: kernel_name.to_string(),
            options: options.to_string(),
            owner: self.selector(),
            build_time: slot.build_time,
            work_group_size,
            compile_work_group_size,
            preferred_multiple,
            local_mem_bytes,
            private_mem_bytes,
            num_args,
        })
    }

    /// Drops every cached program and kernel of this device (kernels still
    /// held elsewhere stay valid). The next build compiles again.
    pub fn clear_build_cache(&self) {
        self.kernels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .programs
            .clear();
    }
}
