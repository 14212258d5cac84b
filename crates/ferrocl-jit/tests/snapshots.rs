//! Snapshot tests: Java source in (`tests/snapshots/in/*.java`), OpenCL C out
//! (`tests/snapshots/out/<Class>.<method>.cl`), or the bailout reason
//! (`tests/snapshots/out/<Class>.<method>.bailout.txt`) for methods outside what the compiler handles.
//!
//! Every method of every input class is compiled. A difference fails the test and prints a diff;
//! `FERROCL_BLESS=1 cargo test -p ferrocl-jit --test snapshots` rewrites the expectations (review
//! them in `git diff`). Adding a snapshot is adding one `.java` file to `tests/snapshots/in`.
//! Calls between snapshot classes are inlined (the resolver reads javac's output directory); JDK
//! classes other than the intrinsics are not available, so the expectations do not depend on the
//! installed JDK.

use ferrocl_jit::{compile, DirectoryResolver, JitError, Options, Request, Target};
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn compile_java(sources: &[PathBuf], out: &Path) {
    let root = repo_root();
    let parallel = root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java");
    let reduce = root.join("java-api/src/main/java/dev/ferrocl/api/Reduce.java");
    let status = Command::new("javac")
        .args(["-g", "-encoding", "UTF-8", "-d"])
        .arg(out)
        .arg(&parallel)
        .arg(&reduce)
        .args(sources)
        .status()
        .expect("javac must be installed to run the snapshot tests");
    assert!(status.success(), "javac failed on the snapshot inputs");
}

fn diff(expected: &str, actual: &str) -> String {
    let mut out = String::new();
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    for i in 0..e.len().max(a.len()) {
        match (e.get(i), a.get(i)) {
            (Some(x), Some(y)) if x == y => {}
            (x, y) => {
                out.push_str(&format!(
                    "line {}:\n  - {}\n  + {}\n",
                    i + 1,
                    x.unwrap_or(&"<none>"),
                    y.unwrap_or(&"<none>")
                ));
            }
        }
    }
    out
}

#[test]
fn snapshots_match() {
    let root = repo_root();
    let input = root.join("tests/snapshots/in");
    let output = root.join("tests/snapshots/out");
    let bless = std::env::var_os("FERROCL_BLESS").is_some();
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&input)
        .expect("tests/snapshots/in exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "java"))
        .collect();
    sources.sort();
    assert!(!sources.is_empty(), "no snapshot inputs");
    let classes = std::env::temp_dir().join(format!("ferrocl-snapshots-{}", std::process::id()));
    std::fs::create_dir_all(&classes).expect("temp dir");
    compile_java(&sources, &classes);

    let mut failures = Vec::new();
    let mut seen = Vec::new();
    for source in &sources {
        let stem = source
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file name");
        let class_path = classes.join("snap").join(format!("{stem}.class"));
        let bytes = std::fs::read(&class_path).expect("compiled class");
        let class = ferrocl_classfile::parse(&bytes).expect("javac output parses");
        for method in class
            .methods
            .iter()
            .filter(|m| !m.name.starts_with('<') && m.access_flags & 0x1000 == 0)
        {
            let mut resolver = DirectoryResolver::new([classes.clone()]);
            let mut request = Request {
                class_bytes: &bytes,
                class_name: &class.name,
                method: &method.name,
                descriptor: &method.descriptor,
                target: Target::default(),
                resolver: Some(&mut resolver),
                classes: None,
            };
            let options = Options {
                verify_each_phase: true,
                ..Options::default()
            };
            let (file, actual) = match compile(&mut request, &options) {
                Ok(k) => (format!("{stem}.{}.cl", method.name), k.source().to_string()),
                Err(JitError::Bailout(b)) => (
                    format!("{stem}.{}.bailout.txt", method.name),
                    format!("{b}\n"),
                ),
                Err(e) => panic!("{stem}.{}: unexpected error: {e}", method.name),
            };
            seen.push(file.clone());
            let path = output.join(&file);
            if bless {
                std::fs::write(&path, &actual).expect("write snapshot");
                continue;
            }
            match std::fs::read_to_string(&path) {
                Ok(expected) if expected == actual => {}
                Ok(expected) => {
                    failures.push(format!("{file} differs:\n{}", diff(&expected, &actual)))
                }
                Err(_) => failures.push(format!("{file} is missing; actual output:\n{actual}")),
            }
        }
    }
    // Expectations without a method are stale.
    for entry in std::fs::read_dir(&output)
        .expect("tests/snapshots/out exists")
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().to_string();
        if !seen.contains(&name) && !name.starts_with('.') {
            if bless {
                let _ = std::fs::remove_file(entry.path());
            } else {
                failures.push(format!("{name} has no matching method (stale snapshot)"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&classes);
    assert!(
        failures.is_empty(),
        "{} snapshot(s) differ (FERROCL_BLESS=1 to accept):\n{}",
        failures.len(),
        failures.join("\n")
    );
}
