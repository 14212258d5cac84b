//! Robustness of the trust boundary: for a handful of real class files, every
//! truncation and a few thousand deterministic single-byte mutations must
//! yield `Ok` or `Err` — never a panic (which `parse` would report as
//! `ClassFileError::Internal`) and never an allocation out of proportion to
//! the input. Accepted mutants must still have resolvable operands.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::path::Path;

use ferrocl_classfile::{parse, ClassFileError};

/// Records the largest single allocation made by the current thread while
/// tracking is on.
struct MaxAlloc;

thread_local! {
    static TRACKING: Cell<bool> = const { Cell::new(false) };
    static MAX: Cell<usize> = const { Cell::new(0) };
}

fn note(size: usize) {
    let _ = TRACKING.try_with(|t| {
        if t.get() {
            let _ = MAX.try_with(|m| m.set(m.get().max(size)));
        }
    });
}

// SAFETY: forwards to the system allocator unchanged.
unsafe impl GlobalAlloc for MaxAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        // SAFETY: same contract as ours.
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as ours.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        // SAFETY: same contract as ours.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: MaxAlloc = MaxAlloc;

/// Parses `bytes`, failing on a caught panic or on an allocation larger than
/// a generous multiple of the input size.
fn parse_checked(bytes: &[u8], what: &str) -> bool {
    MAX.with(|m| m.set(0));
    TRACKING.with(|t| t.set(true));
    let result = parse(bytes);
    TRACKING.with(|t| t.set(false));
    let max = MAX.with(|m| m.get());
    let limit = 64 * bytes.len() + (1 << 20);
    assert!(
        max <= limit,
        "{what}: allocation of {max} bytes for a {}-byte input",
        bytes.len()
    );
    match result {
        Ok(cf) => {
            if let Err(e) = common::check_operands(&cf) {
                panic!("{what}: accepted but operands do not resolve: {e}");
            }
            true
        }
        Err(e @ ClassFileError::Internal { .. }) => panic!("{what}: parser panicked: {e}"),
        Err(e) => {
            // Exercise Display too.
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

const SOURCES: &[(&str, &str)] = &[(
    "dev/ferrocl/test/Sample.java",
    r#"package dev.ferrocl.test;
import dev.ferrocl.api.*;
public class Sample {
    static final double D = 1.5;
    int f;
    static int loop(@Reduce int[] a, int n) {
        int s = 0;
        for (@Parallel int i = 0; i < n; i++) { s += a[i] * 3; }
        return s;
    }
    static int sw(int x) {
        switch (x) { case 1: return 5; case 2: return 6; case 3: return 7; default: break; }
        switch (x) { case -7: return 1; case 90000: return 2; default: return 3; }
    }
    static java.util.function.IntSupplier lam(int k) { return () -> k; }
    static String cat(String a, long b) { return a + b + "!"; }
    Object[][] grid(int n) {
        try { return new Object[n][n]; } catch (OutOfMemoryError e) { return null; } finally { f++; }
    }
    interface Shape { double area(); }
    record Circle(double r) implements Shape { public double area() { return Math.PI * r * r; } }
}
"#,
)];

fn corpus() -> Option<BTreeMap<String, Vec<u8>>> {
    let mut sources = common::API_SOURCES.to_vec();
    sources.extend_from_slice(SOURCES);
    let mut classes = common::compile("robust", &sources, &["-g"])?;
    // A few small JDK classes, including a module descriptor (CONSTANT_Module
    // and CONSTANT_Package), when a runtime image can be extracted.
    let mut jdks = Vec::new();
    jdks.extend(common::default_java_home());
    let jdk25 = Path::new("/usr/lib/jvm/temurin-25-jdk-amd64");
    if jdk25.join("lib/modules").is_file() {
        jdks.push(jdk25.to_path_buf());
    }
    for (n, home) in jdks.iter().enumerate() {
        let Some(dir) = common::extract_runtime_image(home) else {
            continue;
        };
        for rel in [
            "java.sql/module-info.class",
            "java.base/java/util/function/IntUnaryOperator.class",
            "java.base/java/lang/Runnable.class",
        ] {
            if let Ok(b) = std::fs::read(dir.join(rel)) {
                classes.insert(format!("jdk{n}:{rel}"), b);
            }
        }
    }
    Some(classes)
}

#[test]
fn truncations_and_mutations_never_panic() {
    let Some(classes) = corpus() else { return };
    assert!(classes.len() >= 6);
    let mut rng = common::Rng(0x9E37_79B9_7F4A_7C15);
    let mut total = 0usize;
    let mut accepted_mutants = 0usize;
    for (name, bytes) in &classes {
        assert!(parse_checked(bytes, name), "{name} must parse unmodified");
        // Every proper prefix must be refused.
        for len in 0..bytes.len() {
            assert!(
                !parse_checked(&bytes[..len], &format!("{name}[..{len}]")),
                "{name}: prefix of {len} bytes accepted"
            );
            total += 1;
        }
        // Trailing garbage is refused.
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(!parse_checked(&longer, name));
        // Single-byte mutations.
        let mut m = bytes.clone();
        for k in 0..3000 {
            let pos = rng.below(m.len());
            let old = m[pos];
            let new = match k % 4 {
                0 => 0x00,
                1 => 0xFF,
                _ => (rng.next() & 0xFF) as u8,
            };
            if new == old {
                continue;
            }
            m[pos] = new;
            if parse_checked(&m, &format!("{name} with byte {pos} = {new:#04x}")) {
                accepted_mutants += 1;
            }
            m[pos] = old;
            total += 1;
        }
    }
    println!(
        "{} classes, {total} damaged inputs, {accepted_mutants} mutants accepted",
        classes.len()
    );
}

/// Mutations that keep the class parseable but stress one structure: long
/// runs of random bytes written over the code arrays.
#[test]
fn random_code_never_panics() {
    let Some(classes) = corpus() else { return };
    let mut rng = common::Rng(42);
    for (name, bytes) in &classes {
        let Ok(cf) = parse(bytes) else {
            panic!("{name} must parse")
        };
        for m in cf.methods.iter().filter_map(|m| m.code.as_ref()) {
            // Locate this code array in the file and overwrite it randomly.
            let Some(start) = bytes
                .windows(m.bytecode.len())
                .position(|w| w == m.bytecode.as_slice())
            else {
                continue;
            };
            let mut b = bytes.clone();
            for _ in 0..200 {
                for x in &mut b[start..start + m.bytecode.len()] {
                    *x = (rng.next() & 0xFF) as u8;
                }
                parse_checked(&b, name);
            }
        }
    }
}
