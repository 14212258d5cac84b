//! Write covers on kernels compiled by `javac` (`tests/write-cover/Covers.java`): which array
//! outputs [`KernelParam::Array::full_write`] marks, what their expressions evaluate to for bound
//! values, and that [`WriteCover::covers`] then accepts exactly the array the loops fill.
//!
//! Adding a case is one method in `Covers.java` and one line below.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use ferrocl_frontend::{build_graph, MethodGraph, NoResolver};
use ferrocl_opencl_writer::{write_kernel, Kernel, KernelParam, WriteCover, WriterOptions};
use ferrocl_opt::HostExpr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// `javac` output for `Covers.java`, compiled once per test binary.
fn class_bytes() -> &'static [u8] {
    static BYTES: OnceLock<Vec<u8>> = OnceLock::new();
    BYTES.get_or_init(|| {
        let here = Path::new(env!("CARGO_MANIFEST_DIR"));
        let api = here.join("../../java-api/src/main/java/dev/ferrocl/api");
        let out: PathBuf =
            std::env::temp_dir().join(format!("ferrocl-write-cover-{}", std::process::id()));
        let status = Command::new("javac")
            .args(["-g", "-encoding", "UTF-8", "-d"])
            .arg(&out)
            .arg(api.join("Parallel.java"))
            .arg(api.join("Reduce.java"))
            .arg(here.join("tests/write-cover/Covers.java"))
            .status()
            .expect("javac must be installed to run the write-cover tests");
        assert!(status.success(), "javac failed on Covers.java");
        let bytes = std::fs::read(out.join("cover/Covers.class")).expect("compiled class");
        let _ = std::fs::remove_dir_all(&out);
        bytes
    })
}

/// The graph and the kernel(s) of `Covers.<method>`.
fn compile(method: &str) -> (MethodGraph, Vec<Kernel>) {
    let class = ferrocl_classfile::parse(class_bytes()).expect("javac output parses");
    let m = class
        .methods
        .iter()
        .find(|m| m.name == method)
        .unwrap_or_else(|| panic!("no method {method}"));
    let mut mg = build_graph(&class, m, &mut NoResolver).expect("graph");
    let (nests, _) = ferrocl_opt::run_phases(
        &mut mg,
        &ferrocl_opt::PhaseSwitches::all_on(),
        ferrocl_opt::Target::default(),
        None,
        true,
    )
    .expect("phases");
    let kernels = nests
        .iter()
        .map(|nest| write_kernel(&mg, nest, WriterOptions::default()).expect("kernel"))
        .collect();
    (mg, kernels)
}

/// The cover of array parameter `array` (by Java name) in the method's only kernel.
fn cover(method: &str, array: &str) -> (MethodGraph, Kernel, Option<WriteCover>) {
    let (mg, mut kernels) = compile(method);
    assert_eq!(kernels.len(), 1, "{method}: one kernel");
    let kernel = kernels.remove(0);
    let index = mg
        .params
        .iter()
        .position(|p| p.name.as_deref() == Some(array))
        .unwrap_or_else(|| panic!("{method}: no parameter {array}"));
    let found = kernel.params.iter().find_map(|kp| match kp {
        KernelParam::Array {
            param, full_write, ..
        } if *param == index => Some(full_write.clone()),
        _ => None,
    });
    let full_write = found.unwrap_or_else(|| panic!("{method}: {array} is no kernel argument"));
    (mg, kernel, full_write)
}

fn assert_none(method: &str, array: &str) {
    let (_, _, c) = cover(method, array);
    assert_eq!(
        c, None,
        "{method}: {array} must not be marked fully written"
    );
}

/// Binds `ints` (parameter name → value) and `lengths` (array name → length).
fn bind<'a>(
    mg: &'a MethodGraph,
    ints: &'a [(&str, i32)],
    lengths: &'a [(&str, i32)],
) -> impl FnMut(&HostExpr) -> Option<ferrocl_graph::Constant> + 'a {
    move |e| {
        let name = |i: &usize| mg.params[*i].name.as_deref();
        let lookup = |table: &[(&str, i32)], i: &usize| {
            table
                .iter()
                .find(|(n, _)| Some(*n) == name(i))
                .map(|(_, v)| *v)
        };
        match e {
            HostExpr::Param(i) => lookup(ints, i),
            HostExpr::ArrayLength(i) => lookup(lengths, i),
            _ => None,
        }
        .map(ferrocl_graph::Constant::Int)
    }
}

/// Checks a marked cover: its scales and offset for `ints`, then `covers` with the kernel's own
/// loop bounds: true for an array of exactly `len` elements, false for one more.
fn assert_cover(
    method: &str,
    array: &str,
    ints: &[(&str, i32)],
    scales: &[i32],
    offset: i32,
    len: u64,
) {
    let (mg, kernel, c) = cover(method, array);
    let c = c.unwrap_or_else(|| panic!("{method}: {array} must be marked fully written"));
    let mut leaf = bind(&mg, ints, &[]);
    let got: Vec<i32> = c
        .scales
        .iter()
        .map(|s| s.eval(&mut leaf).expect("scale evaluates"))
        .collect();
    assert_eq!(got, scales, "{method}: scales {:?}", c.scales);
    assert_eq!(c.offset.eval(&mut leaf), Some(offset), "{:?}", c.offset);
    let dims: Vec<(i32, u64, i32)> = kernel
        .dims
        .iter()
        .map(|d| {
            let lo = d.lower.eval(&mut leaf).expect("lower");
            let hi = d.upper.eval(&mut leaf).expect("upper");
            (lo, d.trip_count(lo, hi.into()).expect("trip count"), d.step)
        })
        .collect();
    assert!(
        WriteCover::covers_run(&got, offset, c.run, &dims, len),
        "{method}: {dims:?}"
    );
    assert!(
        !WriteCover::covers_run(&got, offset, c.run, &dims, len + 1),
        "{method}"
    );
}

#[test]
fn elementwise() {
    assert_cover("add", "c", &[("n", 100)], &[1], 0, 100);
}

#[test]
fn mandelbrot_after_an_inner_loop() {
    let ints = [("w", 7), ("h", 5), ("maxIter", 50)];
    assert_cover("mandelbrot", "out", &ints, &[7, 1], 0, 35);
}

#[test]
fn transposed() {
    assert_cover("transpose", "out", &[("n", 6)], &[1, 6], 0, 36);
    // The input is read, never written.
    let (_, kernel, _) = cover("transpose", "in");
    assert!(kernel.params.iter().any(|kp| matches!(
        kp,
        KernelParam::Array {
            read: true,
            written: false,
            full_write: None,
            ..
        }
    )));
}

#[test]
fn reversed() {
    assert_cover("reversed", "c", &[("n", 10)], &[-1], 9, 10);
}

#[test]
fn three_dimensions() {
    let ints = [("nx", 3), ("ny", 4), ("nz", 5)];
    assert_cover("fill3d", "out", &ints, &[20, 5, 1], 0, 60);
}

#[test]
fn blocks_of_eight_stores() {
    // out[8 * b + 0] … out[8 * b + 7] for b < n: one cover with a run of 8.
    assert_cover("blocks", "out", &[("n", 5)], &[8], 0, 40);
    let (_, _, c) = cover("blocks", "out");
    assert_eq!(c.map(|c| c.run), Some(8));
    // Seven of the eight: holes, so the longest run (7) covers only part.
    let (mg, kernel, c) = cover("blocksButOne", "out");
    let c = c.expect("a cover");
    let mut leaf = bind(&mg, &[("n", 5)], &[]);
    let scales: Vec<i32> = c
        .scales
        .iter()
        .map(|s| s.eval(&mut leaf).unwrap())
        .collect();
    let offset = c.offset.eval(&mut leaf).unwrap();
    assert_eq!(kernel.dims.len(), 1);
    assert!(!WriteCover::covers_run(
        &scales,
        offset,
        c.run,
        &[(0, 5, 1)],
        40
    ));
}

#[test]
fn shifts_and_negations() {
    // c[(i << 1) + 1] and c[-(-i) * 2]: the odd and the even elements; together (a run of two
    // stores at 2i + 0 and 2i + 1) they write all of [0, 2n).
    let (mg, kernel, c) = cover("pairs", "c");
    let c = c.expect("a cover");
    let mut leaf = bind(&mg, &[("n", 10)], &[]);
    let scales: Vec<i32> = c
        .scales
        .iter()
        .map(|s| s.eval(&mut leaf).unwrap())
        .collect();
    let offset = c.offset.eval(&mut leaf).unwrap();
    assert_eq!((scales.as_slice(), offset, c.run), (&[2][..], 0, 2));
    assert_eq!(kernel.dims.len(), 1);
    assert!(WriteCover::covers_run(
        &scales,
        offset,
        c.run,
        &[(0, 10, 1)],
        20
    ));
    assert!(!WriteCover::covers_run(
        &scales,
        offset,
        c.run,
        &[(0, 10, 1)],
        21
    ));
    // Either store alone leaves holes.
    assert!(!WriteCover::covers(&scales, 1, &[(0, 10, 1)], 20));
    assert!(!WriteCover::covers(&scales, 0, &[(0, 10, 1)], 20));
}

#[test]
fn invariant_offset_and_inclusive_bound() {
    assert_cover("offset", "c", &[("n", 8), ("off", 1)], &[1], -1, 8);
}

#[test]
fn select_and_do_while() {
    assert_cover("ternary", "c", &[("n", 9)], &[1], 0, 9);
    assert_cover("doWhile", "c", &[("n", 9), ("m", 3)], &[1], 0, 9);
}

#[test]
fn a_loop_dependent_store_is_preferred() {
    assert_cover("constantFirst", "c", &[("n", 9)], &[1], 0, 9);
}

#[test]
fn single_work_item() {
    assert_cover("single", "c", &[], &[], 0, 1);
}

#[test]
fn reduction_kernels() {
    assert_cover("withReduction", "c", &[("n", 64)], &[1], 0, 64);
    let (mg, kernel) = {
        let (mg, mut k) = compile("withReduction");
        (mg, k.remove(0))
    };
    let sum = mg
        .params
        .iter()
        .position(|p| p.name.as_deref() == Some("sum"))
        .unwrap();
    assert!(!kernel.params.iter().any(|kp| matches!(
        kp,
        KernelParam::Array { param, full_write: Some(_), .. } if *param == sum
    )));
}

#[test]
fn conditional_stores_are_refused() {
    assert_none("underIf", "c");
    assert_none("oneBranch", "c");
    assert_none("oneBranch", "d");
    // Both branches store, but neither store alone runs in every iteration.
    assert_none("bothBranches", "c");
    assert_none("afterContinue", "c");
    // The inner loop may run zero times.
    assert_none("innerLoop", "c");
}

#[test]
fn read_arrays_are_refused() {
    assert_none("alsoRead", "c");
}

#[test]
fn other_indices_are_refused() {
    assert_none("indirect", "c");
    assert_none("squared", "c");
    assert_none("variableShift", "c");
    assert_none("divided", "c");
    assert_none("narrowed", "c");
    assert_none("innerIndex", "c");
}

#[test]
fn large_index_expressions_are_refused() {
    assert_none("doubling", "c");
}
