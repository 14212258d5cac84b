//! Device capabilities change the code, never the result: float division on a device without
//! correctly rounded single precision goes through double (exact), and a device with neither gets a
//! bailout; `double` needs fp64.
#![allow(clippy::result_large_err)]

use ferrocl_jit::{compile, JitError, Options, Request, Target};
use std::path::Path;
use std::process::Command;

fn class_bytes() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-targets-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("tests/snapshots/in/FirstShape.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(out.join("snap/FirstShape.class")).expect("class");
    let _ = std::fs::remove_dir_all(&out);
    bytes
}

fn run(bytes: &[u8], method: &str, descriptor: &str, target: Target) -> Result<String, JitError> {
    let mut request = Request {
        class_bytes: bytes,
        class_name: "snap/FirstShape",
        method,
        descriptor,
        target,
        resolver: None,
        classes: None,
    };
    compile(&mut request, &Options::default()).map(|k| k.source().to_string())
}

#[test]
fn double_needs_fp64() {
    let bytes = class_bytes();
    let full = run(&bytes, "divide", "([D[D[I[II)V", Target::default()).expect("compiles");
    assert!(full.contains("cl_khr_fp64"));
    let no_fp64 = run(
        &bytes,
        "divide",
        "([D[D[I[II)V",
        Target {
            fp64: false,
            correctly_rounded_divide_sqrt: true,
            local_tiles: true,
            local_mem_bytes: 32 << 10,
            builtin_edges: false,
        },
    );
    match no_fp64 {
        Err(JitError::Bailout(b)) => assert!(b.reason.contains("double"), "{b}"),
        other => panic!("expected a bailout, got {other:?}"),
    }
}

#[test]
fn float_division_without_correct_rounding() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-targets-div-{}", std::process::id()));
    let src = out.join("src/snap");
    std::fs::create_dir_all(&src).expect("dir");
    std::fs::write(
        src.join("Div.java"),
        "package snap; import dev.ferrocl.api.Parallel; public class Div {\n\
         public static void div(float[] a, float[] b, int n) {\n\
         for (@Parallel int i = 0; i < n; i++) a[i] = a[i] / b[i]; } }\n",
    )
    .expect("write");
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(src.join("Div.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(out.join("snap/Div.class")).expect("class");
    let _ = std::fs::remove_dir_all(&out);
    let div = |target| {
        let mut request = Request {
            class_bytes: &bytes,
            class_name: "snap/Div",
            method: "div",
            descriptor: "([F[FI)V",
            target,
            resolver: None,
            classes: None,
        };
        compile(&mut request, &Options::default())
    };
    let native = div(Target::default()).expect("compiles");
    assert!(native.source().contains("(v"), "plain division expected");
    assert!(native
        .build_options
        .contains("-cl-fp32-correctly-rounded-divide-sqrt"));
    let soft = div(Target {
        fp64: true,
        correctly_rounded_divide_sqrt: false,
        local_tiles: true,
        local_mem_bytes: 32 << 10,
        builtin_edges: false,
    })
    .expect("compiles through double");
    assert!(
        soft.source().contains("(float)((double)"),
        "{}",
        soft.source()
    );
    assert!(!soft.build_options.contains("correctly-rounded"));
    match div(Target {
        fp64: false,
        correctly_rounded_divide_sqrt: false,
        local_tiles: true,
        local_mem_bytes: 32 << 10,
        builtin_edges: false,
    }) {
        Err(JitError::Bailout(b)) => assert!(b.reason.contains("divides floats"), "{b}"),
        other => panic!("expected a bailout, got {other:?}"),
    }
}

/// Staged coalescing needs work-groups of 32 and local memory: without them (`local_tiles`
/// false) the same row loop compiles unstaged, with its versioned loop.
#[test]
fn staging_needs_local_tiles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-targets-loops-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("tests/snapshots/in/LoopShapes.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(out.join("snap/LoopShapes.class")).expect("class");
    let _ = std::fs::remove_dir_all(&out);
    let compile_for = |target: Target| {
        let mut request = Request {
            class_bytes: &bytes,
            class_name: "snap/LoopShapes",
            method: "nestedFor",
            descriptor: "([F[F[FII)V",
            target,
            resolver: None,
            classes: None,
        };
        compile(&mut request, &Options::default())
            .map(|k| k.source().to_string())
            .expect("compiles")
    };
    let staged = compile_for(Target::default());
    assert!(
        staged.contains("reqd_work_group_size(32, 1, 1)"),
        "{staged}"
    );
    let plain = compile_for(Target {
        local_tiles: false,
        ..Target::default()
    });
    assert!(!plain.contains("__local"), "{plain}");
    assert!(plain.contains("Loop versioning"), "{plain}");
}

/// Relaxed math wraps `exp`, `expm1`, `sinh` and `cosh` in Java's overflow thresholds unless the
/// device's built-ins were probed to keep them (`builtin_edges`); exact math is the same either way.
#[test]
fn probed_edges_drop_the_relaxed_wrappers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = std::env::temp_dir().join(format!("ferrocl-targets-edges-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("src")).expect("temp dir");
    let source = dir.join("src/EdgeShapes.java");
    std::fs::write(
        &source,
        "package snap;\n\
         import dev.ferrocl.api.Parallel;\n\
         import dev.ferrocl.api.RelaxedMath;\n\
         public class EdgeShapes {\n\
             @RelaxedMath\n\
             public static void relaxed(double[] x, double[] out) {\n\
                 for (@Parallel int i = 0; i < x.length; i++) {\n\
                     out[i] = Math.exp(x[i]) + Math.expm1(x[i]) + Math.sinh(x[i]) + Math.cosh(x[i]);\n\
                 }\n\
             }\n\
             public static void exact(double[] x, double[] out) {\n\
                 for (@Parallel int i = 0; i < x.length; i++) {\n\
                     out[i] = Math.exp(x[i]);\n\
                 }\n\
             }\n\
         }\n",
    )
    .expect("source");
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(dir.join("classes"))
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/RelaxedMath.java"))
        .arg(&source)
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(dir.join("classes/snap/EdgeShapes.class")).expect("class");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(ferrocl_jit::annotated_relaxed_math(
        &bytes, "relaxed", "([D[D)V"
    ));
    assert!(!ferrocl_jit::annotated_relaxed_math(
        &bytes, "exact", "([D[D)V"
    ));
    assert!(!ferrocl_jit::annotated_relaxed_math(
        b"not a class",
        "relaxed",
        "([D[D)V"
    ));
    let compile_for = |method: &str, builtin_edges: bool| {
        let mut request = Request {
            class_bytes: &bytes,
            class_name: "snap/EdgeShapes",
            method,
            descriptor: "([D[D)V",
            target: Target {
                builtin_edges,
                ..Target::default()
            },
            resolver: None,
            classes: None,
        };
        compile(&mut request, &Options::default())
            .expect("compiles")
            .source()
            .to_string()
    };
    let wrapped = compile_for("relaxed", false);
    for f in ["exp", "expm1", "sinh", "cosh"] {
        assert!(
            wrapped.contains(&format!("ferrocl_relaxed_{f}(")),
            "{wrapped}"
        );
    }
    let bare = compile_for("relaxed", true);
    assert!(!bare.contains("ferrocl_relaxed_"), "{bare}");
    for f in ["exp", "expm1", "sinh", "cosh"] {
        assert!(bare.contains(&format!(" {f}(")), "{bare}");
    }
    assert_eq!(compile_for("exact", false), compile_for("exact", true));
    assert!(compile_for("exact", true).contains("ferrocl_math_exp("));
}

/// Tiles fit the device's local memory (`Target::local_mem_bytes`, three quarters of it at most
/// 48 KiB): MatMul's 4 × 4-point float tiles (8.5 KiB) and their 8 × 8-point variant (17 KiB) on
/// a device with 32 KiB, only the 4 × 4 ones on 16 KiB (a 12 KiB budget), no tiling on 8 KiB.
#[test]
fn tiles_fit_the_devices_local_memory() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-targets-tiles-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("tests/snapshots/in/NestShapes.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(out.join("snap/NestShapes.class")).expect("class");
    let _ = std::fs::remove_dir_all(&out);
    let compile_for = |local_mem_bytes: u64| {
        let mut request = Request {
            class_bytes: &bytes,
            class_name: "snap/NestShapes",
            method: "matmul",
            descriptor: "([F[F[FIII)V",
            target: Target {
                local_mem_bytes,
                ..Target::default()
            },
            resolver: None,
            classes: None,
        };
        compile(&mut request, &Options::default()).expect("compiles")
    };
    for (local, micro) in [
        (32u64 << 10, vec![2, 8]),
        (48 << 10, vec![2, 8]),
        (16 << 10, vec![2]),
    ] {
        let k = compile_for(local);
        let src = k.source();
        assert!(
            src.contains("reqd_work_group_size(16, 16, 1)") && src.contains("__local"),
            "{local} bytes: tiled kernel expected\n{src}"
        );
        assert_eq!(k.kernels[0].variants.micro, micro, "{local} bytes");
    }
    let small = compile_for(8 << 10);
    assert!(
        !small.source().contains("reqd_work_group_size(16, 16, 1)"),
        "{}",
        small.source()
    );
    assert!(small.kernels[0].variants.micro.is_empty());
}
