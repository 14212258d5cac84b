//! The pipeline never panics on damaged class files: deterministic single-byte mutations and
//! truncations of real javac output, each compiled method by method. (The `fuzz/` target explores
//! the same property with coverage guidance.)

use ferrocl_jit::{compile, Options, Request, Target};
use std::path::Path;
use std::process::Command;

/// Compiles every method of `bytes` (when they parse), returning the internal compiler errors: a
/// damaged input is a corrupt class file, invalid bytecode or a bailout, never "a bug in Ferrocl".
fn compile_all(bytes: &[u8]) -> Vec<String> {
    let mut internal = Vec::new();
    let Ok(class) = ferrocl_classfile::parse(bytes) else {
        return internal;
    };
    for method in &class.methods {
        let mut request = Request {
            class_bytes: bytes,
            class_name: &class.name,
            method: &method.name,
            descriptor: &method.descriptor,
            target: Target::default(),
            resolver: None,
            classes: None,
        };
        let options = Options {
            verify_each_phase: true,
            ..Options::default()
        };
        if let Err(e @ ferrocl_jit::JitError::Internal(_)) = compile(&mut request, &options) {
            internal.push(format!("{}{}: {e}", method.name, method.descriptor));
        }
    }
    internal
}

#[test]
fn damaged_classes_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-robust-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("tests/snapshots/in/FirstShape.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let original = std::fs::read(out.join("snap/FirstShape.class")).expect("class");
    let mut internal = compile_all(&original);
    // xorshift: deterministic, no dependency.
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let mut bytes = original.clone();
        let pos = (next() % bytes.len() as u64) as usize;
        bytes[pos] = (next() & 0xff) as u8;
        internal.extend(compile_all(&bytes));
    }
    for len in (0..original.len()).step_by(7) {
        internal.extend(compile_all(&original[..len]));
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(
        internal.is_empty(),
        "{} internal errors on damaged input, e.g. {:?}",
        internal.len(),
        &internal[..internal.len().min(5)]
    );
}

/// The fuzzers' minimized corpora (`tests/fuzz-corpus/`, inputs up to 2 KiB that together reach every
/// coverage feature the fuzz runs found): each input parses or is refused, and every method of each
/// class that parses compiles or bails out, without a panic. A crash reproducer from a fuzz run goes
/// into the same folders.
#[test]
fn fuzz_corpora_never_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fuzz-corpus");
    let mut count = 0;
    let mut internal = Vec::new();
    for corpus in ["parse_class", "compile_methods"] {
        let dir = root.join(corpus);
        for entry in std::fs::read_dir(&dir).expect("corpus folder").flatten() {
            let bytes = std::fs::read(entry.path()).expect("corpus file");
            internal.extend(compile_all(&bytes));
            count += 1;
        }
    }
    assert!(count > 100, "the corpora hold {count} inputs");
    assert!(
        internal.is_empty(),
        "{} internal errors in the corpora, e.g. {:?}",
        internal.len(),
        &internal[..internal.len().min(5)]
    );
}
