//! Helpers shared by the integration tests: compiling Java with `javac`,
//! locating and extracting JDK runtime images, and checking that every
//! instruction operand of a parsed class resolves.
#![allow(dead_code, clippy::print_stdout, clippy::print_stderr)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use ferrocl_classfile::{ClassFile, Op};

/// Java sources of the test annotations `@Parallel` and `@Reduce`.
pub const API_SOURCES: &[(&str, &str)] = &[
    (
        "dev/ferrocl/api/Parallel.java",
        "package dev.ferrocl.api;\n\
         import java.lang.annotation.*;\n\
         @Retention(RetentionPolicy.RUNTIME)\n\
         @Target(ElementType.TYPE_USE)\n\
         public @interface Parallel {}\n",
    ),
    (
        "dev/ferrocl/api/Reduce.java",
        "package dev.ferrocl.api;\n\
         import java.lang.annotation.*;\n\
         @Retention(RetentionPolicy.RUNTIME)\n\
         @Target(ElementType.PARAMETER)\n\
         public @interface Reduce {}\n",
    ),
];

/// A fresh, empty scratch directory under the system temp dir.
pub fn scratch_dir(tag: &str) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "ferrocl-classfile-test-{tag}-{}-{n}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Is `javac` (from `PATH`, or `<java_home>/bin/javac`) runnable?
pub fn javac_works(javac: &Path) -> bool {
    Command::new(javac)
        .arg("-version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false)
}

/// Compiles `sources` (relative path, text) with `javac` and returns the
/// produced class files by internal name. `None` (with a printed note) when
/// javac is not available. Panics when compilation fails.
pub fn compile_with(
    javac: &Path,
    tag: &str,
    sources: &[(&str, &str)],
    args: &[&str],
) -> Option<BTreeMap<String, Vec<u8>>> {
    if !javac_works(javac) {
        eprintln!("note: {} not available, skipping", javac.display());
        return None;
    }
    let dir = scratch_dir(tag);
    let src = dir.join("src");
    let out = dir.join("out");
    std::fs::create_dir_all(&out).expect("mkdir out");
    let mut files = Vec::new();
    for (path, text) in sources {
        let p = src.join(path);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir src");
        std::fs::write(&p, text).expect("write source");
        files.push(p);
    }
    let output = Command::new(javac)
        .args(args)
        .arg("-d")
        .arg(&out)
        .args(&files)
        .output()
        .expect("run javac");
    assert!(
        output.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut classes = BTreeMap::new();
    for f in class_files(&out) {
        let rel = f
            .strip_prefix(&out)
            .expect("prefix")
            .with_extension("")
            .to_string_lossy()
            .replace('\\', "/");
        classes.insert(rel, std::fs::read(&f).expect("read class"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Some(classes)
}

/// [`compile_with`] using `javac` from `PATH`.
pub fn compile(
    tag: &str,
    sources: &[(&str, &str)],
    args: &[&str],
) -> Option<BTreeMap<String, Vec<u8>>> {
    compile_with(Path::new("javac"), tag, sources, args)
}

/// All `*.class` files under `dir`, sorted.
pub fn class_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t) if t.is_file() && p.extension().is_some_and(|x| x == "class") => out.push(p),
                _ => {}
            }
        }
    }
    out.sort();
    out
}

/// `java.home` of the `java` on `PATH`, else the Debian JDK 17 path.
pub fn default_java_home() -> Option<PathBuf> {
    if let Ok(o) = Command::new("java")
        .args(["-XshowSettings:properties", "-version"])
        .output()
    {
        let text =
            String::from_utf8_lossy(&o.stderr).into_owned() + &String::from_utf8_lossy(&o.stdout);
        for line in text.lines() {
            if let Some(v) = line.trim().strip_prefix("java.home = ") {
                let p = PathBuf::from(v.trim());
                if p.join("lib/modules").is_file() {
                    return Some(p);
                }
            }
        }
    }
    let p = PathBuf::from("/usr/lib/jvm/java-17-openjdk-amd64");
    p.join("lib/modules").is_file().then_some(p)
}

/// Extracts `<java_home>/lib/modules` with that JDK's `jimage` into a cache
/// directory under the temp dir keyed by the JDK path and image size, reusing
/// a previous complete extraction. `None` (with a note) if `jimage` is missing.
pub fn extract_runtime_image(java_home: &Path) -> Option<PathBuf> {
    let modules = java_home.join("lib/modules");
    let size = std::fs::metadata(&modules).ok()?.len();
    let key: String = java_home
        .to_string_lossy()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let root = std::env::temp_dir().join("ferrocl-jdk-classes");
    let dir = root.join(format!("{key}-{size}"));
    if dir.join(".complete").is_file() {
        return Some(dir);
    }
    let jimage = java_home.join("bin/jimage");
    if !jimage.is_file() {
        eprintln!("note: {} missing, skipping", jimage.display());
        return None;
    }
    let partial = root.join(format!("{key}-{size}.partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&partial);
    std::fs::create_dir_all(&partial).expect("create extraction dir");
    let status = Command::new(&jimage)
        .arg("extract")
        .arg("--dir")
        .arg(&partial)
        .arg(&modules)
        .status()
        .expect("run jimage");
    assert!(status.success(), "jimage extract failed for {modules:?}");
    std::fs::write(partial.join(".complete"), b"").expect("mark complete");
    if std::fs::rename(&partial, &dir).is_err() {
        // Another process won the race; use its extraction.
        let _ = std::fs::remove_dir_all(&partial);
    }
    Some(dir)
}

/// Checks that every constant-pool operand of every decoded instruction
/// resolves through the public accessors, and that the other accessors agree
/// with the instruction list.
pub fn check_operands(cf: &ClassFile) -> Result<(), String> {
    let ctx = |m: &str, bci: u32, e: &dyn std::fmt::Display| format!("{}.{m} @{bci}: {e}", cf.name);
    for f in &cf.fields {
        if cf.field(&f.name, &f.descriptor).is_none() {
            return Err(format!("field lookup failed for {}", f.name));
        }
    }
    for m in &cf.methods {
        if cf.method(&m.name, &m.descriptor).is_none() {
            return Err(format!("method lookup failed for {}", m.name));
        }
        let Some(code) = &m.code else { continue };
        for insn in &code.instructions {
            let bci = insn.bci;
            let r: Result<(), String> = match &insn.op {
                Op::Ldc(i) => cf.constant(*i).map(drop).map_err(|e| ctx(&m.name, bci, &e)),
                Op::GetStatic(i)
                | Op::PutStatic(i)
                | Op::GetField(i)
                | Op::PutField(i)
                | Op::InvokeVirtual(i)
                | Op::InvokeSpecial(i)
                | Op::InvokeStatic(i)
                | Op::InvokeInterface(i) => cf
                    .member_ref(*i)
                    .map(drop)
                    .map_err(|e| ctx(&m.name, bci, &e)),
                Op::InvokeDynamic(i) => match cf.invoke_dynamic(*i) {
                    Ok(indy) => {
                        if cf.bootstrap_method(indy.bootstrap_method).is_some() {
                            Ok(())
                        } else {
                            Err(ctx(&m.name, bci, &"bootstrap method out of range"))
                        }
                    }
                    Err(e) => Err(ctx(&m.name, bci, &e)),
                },
                Op::New(i)
                | Op::ANewArray(i)
                | Op::CheckCast(i)
                | Op::InstanceOf(i)
                | Op::MultiANewArray { index: i, .. } => cf
                    .class_name(*i)
                    .map(drop)
                    .map_err(|e| ctx(&m.name, bci, &e)),
                _ => Ok(()),
            };
            r?;
            if code.insn_at(bci) != Some(insn) {
                return Err(ctx(&m.name, bci, &"insn_at disagrees"));
            }
            for t in insn.op.branch_targets() {
                if code.insn_at(t).is_none() {
                    return Err(ctx(&m.name, bci, &"branch target not an instruction"));
                }
            }
            let _ = code.line_of(bci);
            if let Some((idx, _)) = insn.op.local_access() {
                let _ = code.local_name(idx, bci);
            }
        }
    }
    Ok(())
}

/// A tiny deterministic PRNG (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    /// Next pseudo-random value.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A value in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
