//! The `ferrocl` command on good and bad input: a kernel on stdout and status 0, or exactly one line
//! on stderr and status 1, never a panic.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ferrocl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ferrocl"))
        .args(args)
        .output()
        .expect("run ferrocl")
}

fn classes() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-cli-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("tests/snapshots/in/FirstShape.java"))
        .arg(root.join("tests/snapshots/in/Bailouts.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    out
}

fn one_line_error(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.lines().count(), 1, "one line expected: {err}");
    assert!(err.starts_with("ferrocl: "), "{err}");
    assert!(err.contains(needle), "{err} should mention {needle}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn compiles_and_refuses_with_one_line() {
    let dir = classes();
    let first = dir.join("snap/FirstShape.class");
    let first = first.to_str().expect("utf-8 path");

    let ok = ferrocl(&["compile", first, "--method", "vectorAdd"]);
    assert_eq!(ok.status.code(), Some(0), "{ok:?}");
    assert!(String::from_utf8_lossy(&ok.stdout).contains("__kernel void vectorAdd("));

    let dumps = dir.join("dumps");
    let dumped = ferrocl(&[
        "compile",
        first,
        "--method",
        "saxpy",
        "--dump-graph",
        dumps.to_str().expect("path"),
    ]);
    assert_eq!(dumped.status.code(), Some(0));
    let dots = std::fs::read_dir(&dumps).expect("dump dir").filter(|e| {
        e.as_ref()
            .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "dot"))
    });
    assert!(dots.count() >= 2, "one DOT file per phase");

    one_line_error(
        &ferrocl(&["compile", "/nonexistent/Foo.class", "--method", "x"]),
        "/nonexistent/Foo.class",
    );
    one_line_error(
        &ferrocl(&["compile", first, "--method", "noSuchMethod"]),
        "noSuchMethod",
    );
    let bailouts = dir.join("snap/Bailouts.class");
    one_line_error(
        &ferrocl(&[
            "compile",
            bailouts.to_str().expect("path"),
            "--method",
            "accumulate",
        ]),
        "Bailouts.java:",
    );
    let corrupt = dir.join("Corrupt.class");
    let mut bytes = std::fs::read(dir.join("snap/FirstShape.class")).expect("class");
    bytes.truncate(bytes.len() / 2);
    std::fs::write(&corrupt, &bytes).expect("write");
    one_line_error(
        &ferrocl(&[
            "compile",
            corrupt.to_str().expect("path"),
            "--method",
            "saxpy",
        ]),
        "Corrupt.class",
    );
    one_line_error(&ferrocl(&["compile", first]), "usage");
    let _ = std::fs::remove_dir_all(&dir);
}
