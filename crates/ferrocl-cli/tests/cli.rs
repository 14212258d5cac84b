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

/// The test classes compiled into a directory of the test's own (`tag`): tests run in parallel.
fn classes(tag: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-cli-{tag}-{}", std::process::id()));
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
    let dir = classes("one-line");
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

#[test]
fn refuses_what_is_not_a_class_file_and_names_existing_descriptors() {
    let dir = classes("not-a-class");
    let first = dir.join("snap/FirstShape.class");
    let first = first.to_str().expect("utf-8 path");
    // A device that never ends, a directory, a FIFO: refused at once, not read.
    if Path::new("/dev/zero").exists() {
        one_line_error(
            &ferrocl(&["compile", "/dev/zero", "--method", "x"]),
            "not a regular file",
        );
    }
    one_line_error(
        &ferrocl(&["compile", dir.to_str().expect("path"), "--method", "x"]),
        "not a regular file",
    );
    let fifo = dir.join("fifo");
    if Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        one_line_error(
            &ferrocl(&["compile", fifo.to_str().expect("path"), "--method", "x"]),
            "not a regular file",
        );
    }
    // Too large.
    let big = dir.join("Big.class");
    let f = std::fs::File::create(&big).expect("create");
    f.set_len((16 << 20) + 1).expect("set_len");
    one_line_error(
        &ferrocl(&["compile", big.to_str().expect("path"), "--method", "x"]),
        "MiB",
    );
    // A wrong descriptor names the ones that exist.
    one_line_error(
        &ferrocl(&[
            "compile",
            first,
            "--method",
            "saxpy",
            "--descriptor",
            "(I)V",
        ]),
        "its descriptors: (",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn type_incorrect_bytecode_is_invalid_bytecode_not_an_internal_error() {
    let out = std::env::temp_dir().join(format!("ferrocl-cli-typed-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("dir");
    let src = out.join("Typed.java");
    std::fs::write(
        &src,
        "public class Typed { static float mul(float a, float b) { return a * b; } }\n",
    )
    .expect("write");
    let status = Command::new("javac")
        .arg("-d")
        .arg(&out)
        .arg(&src)
        .status()
        .expect("javac");
    assert!(status.success());
    let class = out.join("Typed.class");
    let mut bytes = std::fs::read(&class).expect("class");
    // fload_0 fload_1 fmul freturn: make the multiplication an imul, which the JVM's verifier
    // rejects (floats on the stack).
    let at = bytes
        .windows(4)
        .position(|w| w == [0x22, 0x23, 0x6a, 0xae])
        .expect("the method's code");
    bytes[at + 2] = 0x68;
    std::fs::write(&class, &bytes).expect("write");
    let got = ferrocl(&["compile", class.to_str().expect("path"), "--method", "mul"]);
    one_line_error(&got, "invalid bytecode");
    let err = String::from_utf8_lossy(&got.stderr);
    assert!(err.contains("bci 2"), "{err}");
    assert!(!err.contains("internal"), "{err}");
    let _ = std::fs::remove_dir_all(&out);
}
