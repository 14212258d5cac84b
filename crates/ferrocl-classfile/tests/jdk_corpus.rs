//! Every class of a JDK runtime image must parse, with all `Code` attributes
//! decoded and every instruction operand resolvable.
//!
//! The image (`$JAVA_HOME/lib/modules`) is extracted once with the JDK's own
//! `jimage extract` into `$TMPDIR/ferrocl-jdk-classes/<jdk-path>-<size>/` and
//! reused by later runs. Runs for the default JDK (`java.home` of `java` on
//! `PATH`, else `/usr/lib/jvm/java-17-openjdk-amd64`) and for
//! `/usr/lib/jvm/temurin-25-jdk-amd64` when present; a missing JDK is skipped
//! with a note.
#![allow(clippy::print_stdout, clippy::print_stderr)]

mod common;

use std::path::{Path, PathBuf};
use std::time::Instant;

use ferrocl_classfile::{parse, Constant};

/// Totals over a corpus, printed as a sanity check.
#[derive(Default)]
struct Stats {
    classes: usize,
    methods: usize,
    instructions: usize,
    condy_bootstrap_args: usize,
    type_annotations: usize,
    failures: Vec<String>,
}

/// Parses every class file under `dir` on all available cores.
fn parse_all(dir: &Path) -> Stats {
    let files = common::class_files(dir);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = files.len().div_ceil(threads).max(1);
    let parts: Vec<Stats> = std::thread::scope(|s| {
        let handles: Vec<_> = files
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut st = Stats::default();
                    let failures = &mut st.failures;
                    for f in part {
                        let bytes = match std::fs::read(f) {
                            Ok(b) => b,
                            Err(e) => {
                                failures.push(format!("{}: read: {e}", f.display()));
                                continue;
                            }
                        };
                        match parse(&bytes) {
                            Ok(cf) => {
                                if let Err(e) = common::check_operands(&cf) {
                                    failures.push(format!("{}: {e}", f.display()));
                                }
                                st.classes += 1;
                                st.methods += cf.methods.len();
                                for c in cf.methods.iter().filter_map(|m| m.code.as_ref()) {
                                    st.instructions += c.instructions.len();
                                    st.type_annotations += c.type_annotations.len();
                                }
                                st.condy_bootstrap_args += cf
                                    .bootstrap_methods()
                                    .iter()
                                    .flat_map(|b| &b.arguments)
                                    .filter(|a| matches!(a, Constant::Dynamic { .. }))
                                    .count();
                            }
                            Err(e) => failures.push(format!("{}: {e}", f.display())),
                        }
                    }
                    st
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| Stats {
                    failures: vec!["worker panicked".into()],
                    ..Stats::default()
                })
            })
            .collect()
    });
    let mut total = Stats::default();
    for p in parts {
        total.classes += p.classes;
        total.methods += p.methods;
        total.instructions += p.instructions;
        total.condy_bootstrap_args += p.condy_bootstrap_args;
        total.type_annotations += p.type_annotations;
        total.failures.extend(p.failures);
    }
    assert!(total.classes + total.failures.len() >= files.len());
    total
}

fn check_jdk(java_home: &Path, min_classes: usize) {
    let t0 = Instant::now();
    let Some(dir) = common::extract_runtime_image(java_home) else {
        return;
    };
    let t1 = Instant::now();
    let st = parse_all(&dir);
    let (n, failures) = (st.classes, &st.failures);
    println!(
        "{}: parsed {} classes ({} methods, {} instructions, {} CONSTANT_Dynamic \
         bootstrap arguments, {} Code type annotations), {} failures \
         (extract/cache {:.1?}, parse {:.1?})",
        java_home.display(),
        n,
        st.methods,
        st.instructions,
        st.condy_bootstrap_args,
        st.type_annotations,
        failures.len(),
        t1 - t0,
        t1.elapsed()
    );
    for f in failures.iter().take(20) {
        println!("  {f}");
    }
    assert!(
        n >= min_classes,
        "only {n} class files found under {}",
        dir.display()
    );
    assert!(failures.is_empty(), "{} classes failed", failures.len());
}

#[test]
fn default_jdk_runtime_image_parses() {
    let Some(home) = common::default_java_home() else {
        eprintln!("note: no JDK found, skipping");
        return;
    };
    check_jdk(&home, 10_000);
}

#[test]
fn jdk25_runtime_image_parses() {
    let home = PathBuf::from("/usr/lib/jvm/temurin-25-jdk-amd64");
    if !home.join("lib/modules").is_file() {
        eprintln!("note: {} not installed, skipping", home.display());
        return;
    }
    check_jdk(&home, 10_000);
}
