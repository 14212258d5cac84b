//! `ferrocl`: the command line of the Ferrocl JIT.
//!
//! ```text
//! ferrocl compile <Class.class> --method NAME [--descriptor D] [--dump-graph DIR] [--class-path DIRS]
//!                 [--opt PHASE=true|false,...]                                 OpenCL C to stdout
//! ferrocl devices                                                             the OpenCL devices
//! ```
//! Calls into other classes are inlined from the class-path root of the input class file (its
//! directory minus the package directories), then from `--class-path` (directories separated by
//! the platform's path separator, e.g. a `jimage extract` of the JDK for `java.lang` classes).
//! `--opt` switches optimising phases off (or on), as `-Dferrocl.opt.<phase>` does in a JVM; the
//! phases that changed the kernel are written to stderr.
//! Exit status: 0 on success; 1 with one line on stderr for bad input (a missing file, corrupt bytes,
//! an unknown method, or a construct the compiler does not support: `ferrocl: bailout: …`).

use ferrocl_jit::{compile, DirectoryResolver, JitError, Options, PhaseSwitches, Request, Target};
use std::path::PathBuf;
use std::process::ExitCode;

#[allow(clippy::print_stderr)]
fn fail(message: &str, code: u8) -> ExitCode {
    eprintln!("ferrocl: {message}");
    ExitCode::from(code)
}

const USAGE: &str = "usage: ferrocl compile <Class.class> --method NAME [--descriptor D] [--dump-graph DIR] [--class-path DIRS] [--opt PHASE=true|false,...] | ferrocl devices";

/// One line per kernel on stderr: the optimising phases that changed it.
#[allow(clippy::print_stderr)]
fn report_applied(k: &ferrocl_jit::CompiledKernel) {
    for kernel in &k.kernels {
        let applied: Vec<String> = kernel.applied.iter().map(ToString::to_string).collect();
        eprintln!(
            "ferrocl: {}: optimizations: {}",
            kernel.name,
            if applied.is_empty() {
                "none".to_string()
            } else {
                applied.join(", ")
            }
        );
    }
}

/// The largest input accepted: far above any class file javac writes (a method's code is at most
/// 64 KiB, a constant pool at most 65,535 entries).
const MAX_CLASS_FILE_BYTES: u64 = 16 << 20;

/// Reads a class file: a regular file (not a device, FIFO or directory, which may never end) of at
/// most [`MAX_CLASS_FILE_BYTES`], read with that bound even if it grows meanwhile.
fn read_class_file(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    // Opening a FIFO for reading waits for a writer: look before opening, and open without
    // waiting (no effect on a regular file), then look again at what was opened.
    if !std::fs::metadata(path)
        .map_err(|e| e.to_string())?
        .is_file()
    {
        return Err("not a regular file (a class file is expected)".into());
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| e.to_string())?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file (a class file is expected)".into());
    }
    if meta.len() > MAX_CLASS_FILE_BYTES {
        return Err(format!(
            "{} bytes, more than the {} MiB a class file may have here",
            meta.len(),
            MAX_CLASS_FILE_BYTES >> 20
        ));
    }
    let mut bytes = Vec::new();
    file.take(MAX_CLASS_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_CLASS_FILE_BYTES {
        return Err(format!(
            "grew past the {} MiB a class file may have here while being read",
            MAX_CLASS_FILE_BYTES >> 20
        ));
    }
    Ok(bytes)
}

#[allow(clippy::print_stdout)]
fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::new().filter("FERROCL_LOG")).init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("devices") => match ferrocl_runtime::list_devices() {
            Ok(devices) => {
                for d in devices {
                    println!(
                        "{}\t{:?}\t{}\t{}\t{}",
                        d.id(),
                        d.kind,
                        d.name,
                        d.platform_name,
                        d.version
                    );
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&e.to_string(), 1),
        },
        Some("compile") => {
            let Some(path) = args.get(1) else {
                return fail(USAGE, 1);
            };
            let mut method: Option<String> = None;
            let mut descriptor = None;
            let mut class_path: Vec<PathBuf> = Vec::new();
            let mut options = Options {
                verify_each_phase: true,
                ..Options::default()
            };
            let mut rest = args[2..].iter();
            while let Some(flag) = rest.next() {
                match (flag.as_str(), rest.next()) {
                    ("--method", Some(m)) => method = Some(m.clone()),
                    ("--descriptor", Some(d)) => descriptor = Some(d.clone()),
                    ("--dump-graph", Some(d)) => options.dump_graph = Some(PathBuf::from(d)),
                    ("--class-path", Some(d)) => class_path.extend(std::env::split_paths(d)),
                    ("--opt", Some(o)) => match PhaseSwitches::parse(o) {
                        Ok(s) => options.switches = s,
                        Err(e) => return fail(&e, 1),
                    },
                    _ => return fail(USAGE, 1),
                }
            }
            let Some(method) = method else {
                return fail(USAGE, 1);
            };
            let method = &method;
            let bytes = match read_class_file(path) {
                Ok(b) => b,
                Err(e) => return fail(&format!("{path}: {e}"), 1),
            };
            let class = match ferrocl_classfile::parse(&bytes) {
                Ok(c) => c,
                Err(e) => return fail(&format!("{path}: {e}"), 1),
            };
            let candidates: Vec<_> = class
                .methods
                .iter()
                .filter(|m| &m.name == method)
                .filter(|m| descriptor.as_ref().is_none_or(|d| &m.descriptor == d))
                .collect();
            let named: Vec<&str> = class
                .methods
                .iter()
                .filter(|m| &m.name == method)
                .map(|m| m.descriptor.as_str())
                .collect();
            let m = match candidates.as_slice() {
                [one] => *one,
                [] if named.is_empty() => {
                    return fail(&format!("no method {method} in {}", class.name), 1)
                }
                [] => {
                    return fail(
                        &format!(
                            "no method {method}{} in {}; its descriptors: {}",
                            descriptor.as_deref().unwrap_or(""),
                            class.name,
                            named.join(", ")
                        ),
                        1,
                    )
                }
                _ => {
                    return fail(
                        &format!(
                            "{method} is overloaded: pass --descriptor, one of {}",
                            named.join(", ")
                        ),
                        1,
                    )
                }
            };
            // Other classes come from the input's own class-path root (when the file sits in its
            // package's directories), then from --class-path; otherwise they are not available.
            let roots = DirectoryResolver::root_of(std::path::Path::new(path), &class.name)
                .into_iter()
                .chain(class_path);
            let mut resolver = DirectoryResolver::new(roots);
            let mut request = Request {
                class_bytes: &bytes,
                class_name: &class.name,
                method: &m.name,
                descriptor: &m.descriptor,
                target: Target::default(),
                resolver: Some(&mut resolver),
                classes: None,
            };
            match compile(&mut request, &options) {
                Ok(k) => {
                    print!("{}", k.source());
                    report_applied(&k);
                    ExitCode::SUCCESS
                }
                Err(JitError::Bailout(b)) => fail(&format!("bailout ({}): {b}", b.kind), 1),
                Err(e) => fail(&e.to_string(), 1),
            }
        }
        _ => fail(USAGE, 1),
    }
}
