//! Ferrocl's OpenCL libm (`src/libm/*.cl`) on the first OpenCL device: every function against ~2,000
//! stored inputs with their exact results (`tests/libm-data/*.bin`, from `scripts/libm/make_refs.py`,
//! mpmath at 200 bits), within the error bound of `java.lang.Math`'s Javadoc, and Java's special cases
//! (NaN, ±∞, ±0, overflow and underflow) bit for bit.
//!
//! `FERROCL_LIBM_DATA=<dir>` runs another data set of the same format (the offline validation uses
//! 200,000 inputs per function); `FERROCL_LIBM_FUNCS=sin,cos` restricts the functions.
#![allow(
    missing_docs,
    clippy::print_stderr,
    clippy::unwrap_used,
    clippy::type_complexity,
    clippy::needless_range_loop
)]

#[allow(dead_code)]
#[path = "../src/libm.rs"]
mod libm;

use ferrocl_runtime::{device, Device, HostBuffer, KernelArg};
use std::path::{Path, PathBuf};

/// Java's documented bound (ulps of the exact result) per function.
fn bound(name: &str) -> f64 {
    match name {
        "atan2" => 2.0,
        "sinh" | "cosh" | "tanh" => 2.5,
        "hypot" => 1.5,
        _ => 1.0,
    }
}

fn program() -> String {
    let mut src = String::from(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma OPENCL FP_CONTRACT OFF\n",
    );
    src.push_str(&libm::sources_for(libm::FUNCTIONS.iter().map(|f| f.1)));
    for (name, c, arity) in libm::FUNCTIONS {
        let call = if *arity == 2 {
            format!("{c}(x[i], y[i])")
        } else {
            format!("{c}(x[i])")
        };
        src.push_str(&format!(
            "__kernel void k_{name}(__global const double* x, __global const double* y, __global double* out) {{ size_t i = get_global_id(0); out[i] = {call}; }}\n"
        ));
    }
    src
}

fn run(dev: &Device, src: &str, name: &str, x: &[f64], y: &[f64]) -> Vec<f64> {
    let k = dev
        .build(src, "-cl-std=CL1.2", &format!("k_{name}"))
        .unwrap_or_else(|e| panic!("build: {e}"));
    let mut xs = x.to_vec();
    let mut ys = if y.is_empty() {
        vec![0.0; x.len()]
    } else {
        y.to_vec()
    };
    let mut out = vec![0.0f64; x.len()];
    let n = x.len();
    let mut bufs = [
        HostBuffer::read_only(&mut xs),
        HostBuffer::read_only(&mut ys),
        HostBuffer::write_only(&mut out),
    ];
    dev.launch(
        &k,
        &mut bufs,
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Buffer(2),
        ],
        &[n],
        None,
    )
    .unwrap_or_else(|e| panic!("launch: {e}"));
    out
}

/// The ulp of the exact value, as make_refs.py defines it: the ulp of hi's binade (at least 2^-1074),
/// halved when the exact value lies below |hi| and |hi| is a normal power of two.
fn ulp(hi: f64, below: bool) -> f64 {
    if hi == 0.0 {
        return f64::from_bits(1);
    }
    let e = ((hi.abs().to_bits() >> 52) as i32 - 1023).max(-1022);
    let half = below && hi.abs().to_bits() & 0x000F_FFFF_FFFF_FFFF == 0 && e > -1022;
    let p = e - 52 - i32::from(half);
    if p >= -1022 {
        f64::from_bits(((p + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (p + 1074))
    }
}

fn ulp_error(got: f64, hi: f64, frac: f32) -> f64 {
    if hi.is_infinite() {
        return if got == hi { 0.0 } else { f64::INFINITY };
    }
    if !got.is_finite() {
        return f64::INFINITY;
    }
    let frac = f64::from(frac);
    let below = hi != 0.0 && frac * hi.signum() < 0.0;
    let u = ulp(hi, below);
    ((got - hi) / u - frac).abs()
}

struct Data {
    x: Vec<f64>,
    y: Vec<f64>,
    hi: Vec<f64>,
    frac: Vec<f32>,
}

fn load(dir: &Path, name: &str, arity: usize) -> Data {
    let bytes = std::fs::read(dir.join(format!("{name}.bin")))
        .unwrap_or_else(|e| panic!("{name}.bin: {e}"));
    let rec = 8 * arity + 12;
    assert_eq!(bytes.len() % rec, 0, "{name}.bin: truncated");
    let f64_at = |o: usize| f64::from_le_bytes(bytes[o..o + 8].try_into().unwrap());
    let mut d = Data {
        x: vec![],
        y: vec![],
        hi: vec![],
        frac: vec![],
    };
    for r in bytes.chunks_exact(rec).enumerate().map(|(i, _)| i * rec) {
        d.x.push(f64_at(r));
        if arity == 2 {
            d.y.push(f64_at(r + 8));
        }
        d.hi.push(f64_at(r + 8 * arity));
        d.frac.push(f32::from_le_bytes(
            bytes[r + 8 * arity + 8..r + rec].try_into().unwrap(),
        ));
    }
    d
}

fn selected(name: &str) -> bool {
    match std::env::var("FERROCL_LIBM_FUNCS") {
        Ok(list) => list.split(',').any(|f| f.trim() == name),
        Err(_) => true,
    }
}

fn open_device() -> Option<std::sync::Arc<Device>> {
    match device(None) {
        Ok(d) => Some(d),
        Err(e) => {
            eprintln!("no OpenCL device ({e}); libm tests skipped");
            None
        }
    }
}

#[test]
fn libm_within_java_bounds() {
    let Some(dev) = open_device() else { return };
    let src = program();
    let dir = std::env::var_os("FERROCL_LIBM_DATA")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/libm-data"));
    let mut failures = Vec::new();
    for (name, _, arity) in libm::FUNCTIONS {
        if !selected(name) {
            continue;
        }
        let d = load(&dir, name, *arity);
        let got = run(&dev, &src, name, &d.x, &d.y);
        let mut worst = (0.0f64, 0usize);
        for i in 0..got.len() {
            let e = ulp_error(got[i], d.hi[i], d.frac[i]);
            if e.is_nan() || e > worst.0 {
                worst = (if e.is_nan() { f64::INFINITY } else { e }, i);
            }
        }
        let i = worst.1;
        let args = if *arity == 2 {
            format!("{:e}, {:e}", d.x[i], d.y[i])
        } else {
            format!("{:e}", d.x[i])
        };
        eprintln!(
            "{name:>6}: {} inputs, max error {:.4} ulp (bound {}) at {name}({args}) = {:e}, exact ~ {:e}",
            got.len(),
            worst.0,
            bound(name),
            got[i],
            d.hi[i]
        );
        if worst.0 > bound(name) {
            failures.push(format!("{name}({args}): {:.4} ulp", worst.0));
        }
    }
    assert!(failures.is_empty(), "outside Java's bound: {failures:?}");
}

#[test]
fn libm_special_cases() {
    let Some(dev) = open_device() else { return };
    let src = program();
    let nan = f64::NAN;
    let inf = f64::INFINITY;
    let pi = std::f64::consts::PI;
    let h = std::f64::consts::FRAC_PI_2;
    let q = std::f64::consts::FRAC_PI_4;
    let tiny = f64::from_bits(1);
    #[rustfmt::skip]
    let unary: &[(&str, &[(f64, f64)])] = &[
        ("sin", &[(nan, nan), (inf, nan), (-inf, nan), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (-tiny, -tiny)]),
        ("cos", &[(nan, nan), (inf, nan), (-inf, nan), (0.0, 1.0), (-0.0, 1.0)]),
        ("tan", &[(nan, nan), (inf, nan), (-inf, nan), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny)]),
        ("asin", &[(nan, nan), (2.0, nan), (-1.5, nan), (inf, nan), (0.0, 0.0), (-0.0, -0.0), (1.0, h), (-1.0, -h)]),
        ("acos", &[(nan, nan), (2.0, nan), (-1.5, nan), (inf, nan), (1.0, 0.0), (-1.0, pi), (0.0, h), (-0.0, h)]),
        ("atan", &[(nan, nan), (0.0, 0.0), (-0.0, -0.0), (inf, h), (-inf, -h), (1.0, q), (-1.0, -q), (1e300, h)]),
        ("exp", &[(nan, nan), (inf, inf), (-inf, 0.0), (0.0, 1.0), (-0.0, 1.0), (709.8, inf), (1000.0, inf), (-745.2, 0.0), (-1000.0, 0.0), (1.0, std::f64::consts::E)]),
        ("expm1", &[(nan, nan), (inf, inf), (-inf, -1.0), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (-tiny, -tiny), (710.0, inf), (-50.0, -1.0)]),
        ("log", &[(nan, nan), (-1.0, nan), (-inf, nan), (inf, inf), (0.0, -inf), (-0.0, -inf), (1.0, 0.0), (std::f64::consts::E, 1.0)]),
        ("log10", &[(nan, nan), (-1.0, nan), (inf, inf), (0.0, -inf), (-0.0, -inf), (1.0, 0.0), (10.0, 1.0), (100.0, 2.0), (1e22, 22.0), (1e-5, -5.0), (1e308, 308.0)]),
        ("log1p", &[(nan, nan), (-2.0, nan), (-inf, nan), (inf, inf), (-1.0, -inf), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny)]),
        ("sinh", &[(nan, nan), (inf, inf), (-inf, -inf), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (800.0, inf), (-800.0, -inf)]),
        ("cosh", &[(nan, nan), (inf, inf), (-inf, inf), (0.0, 1.0), (-0.0, 1.0), (800.0, inf), (-800.0, inf)]),
        ("tanh", &[(nan, nan), (inf, 1.0), (-inf, -1.0), (0.0, 0.0), (-0.0, -0.0), (tiny, tiny), (30.0, 1.0), (-30.0, -1.0)]),
        ("cbrt", &[(nan, nan), (inf, inf), (-inf, -inf), (0.0, 0.0), (-0.0, -0.0), (8.0, 2.0), (-27.0, -3.0), (1e300, 1e100), (f64::from_bits(1), 1.7031839360032603e-108)]),
    ];
    #[rustfmt::skip]
    let binary: &[(&str, &[(f64, f64, f64)])] = &[
        ("atan2", &[
            (nan, 1.0, nan), (1.0, nan, nan), (0.0, 1.0, 0.0), (-0.0, 1.0, -0.0), (0.0, 0.0, 0.0), (-0.0, 0.0, -0.0),
            (0.0, -1.0, pi), (-0.0, -1.0, -pi), (0.0, -0.0, pi), (-0.0, -0.0, -pi), (1.0, 0.0, h), (1.0, -0.0, h),
            (-1.0, 0.0, -h), (-1.0, -0.0, -h), (1.0, inf, 0.0), (-1.0, inf, -0.0), (1.0, -inf, pi), (-1.0, -inf, -pi),
            (inf, 1.0, h), (-inf, 1.0, -h), (inf, inf, q), (-inf, inf, -q), (inf, -inf, 3.0 * q), (-inf, -inf, -3.0 * q),
            (1.0, 1.0, q), (-1.0, -1.0, -3.0 * q),
        ]),
        ("pow", &[
            (nan, 0.0, 1.0), (nan, -0.0, 1.0), (2.0, 0.0, 1.0), (nan, 1.0, nan), (3.5, 1.0, 3.5), (-0.0, 1.0, -0.0),
            (2.0, nan, nan), (nan, 2.0, nan), (1.0, nan, nan), (2.0, inf, inf), (0.5, -inf, inf), (2.0, -inf, 0.0),
            (0.5, inf, 0.0), (1.0, inf, nan), (-1.0, -inf, nan), (0.0, 2.0, 0.0), (inf, -2.0, 0.0), (0.0, -2.0, inf),
            (inf, 2.0, inf), (-0.0, 2.0, 0.0), (-0.0, 0.5, 0.0), (-inf, -2.0, 0.0), (-0.0, 3.0, -0.0), (-inf, -3.0, -0.0),
            (-0.0, -2.0, inf), (-0.0, -0.5, inf), (-inf, 2.0, inf), (-0.0, -3.0, -inf), (-inf, 3.0, -inf),
            (-2.0, 3.0, -8.0), (-2.0, 2.0, 4.0), (-2.0, 0.5, nan), (-8.0, 1.0 / 3.0, nan), (2.0, 10.0, 1024.0),
            (1.0, 1e300, 1.0), (-1.0, 1e300, 1.0), (-1.0, 3.0, -1.0), (2.0, 1024.0, inf), (2.0, -1075.0, 0.0),
            (-2.0, -1075.0, -0.0), (10.0, 308.0, 1e308), (2.0, -1074.0, tiny), (9.0, 0.5, 3.0),
        ]),
        ("hypot", &[
            (inf, nan, inf), (nan, -inf, inf), (-inf, 1.0, inf), (nan, 1.0, nan), (1.0, nan, nan), (0.0, 0.0, 0.0),
            (-0.0, -0.0, 0.0), (3.0, 4.0, 5.0), (-3.0, -4.0, 5.0), (1e308, 1e308, 1.4142135623730952e308),
            (tiny, tiny, f64::from_bits(1)), (3.0 * tiny, 4.0 * tiny, 5.0 * tiny), (0.0, -7.0, 7.0),
        ]),
    ];
    let mut bad = Vec::new();
    let same = |a: f64, b: f64| (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits();
    for (name, cases) in unary {
        let x: Vec<f64> = cases.iter().map(|c| c.0).collect();
        let got = run(&dev, &src, name, &x, &[]);
        for (c, g) in cases.iter().zip(&got) {
            if !same(c.1, *g) {
                bad.push(format!("{name}({:e}) = {:e}, Java: {:e}", c.0, g, c.1));
            }
        }
    }
    for (name, cases) in binary {
        let x: Vec<f64> = cases.iter().map(|c| c.0).collect();
        let y: Vec<f64> = cases.iter().map(|c| c.1).collect();
        let got = run(&dev, &src, name, &x, &y);
        for (c, g) in cases.iter().zip(&got) {
            if !same(c.2, *g) {
                bad.push(format!(
                    "{name}({:e}, {:e}) = {:e}, Java: {:e}",
                    c.0, c.1, g, c.2
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "special cases differ from Java:\n{}",
        bad.join("\n")
    );
}

/// The double function each narrowed function must agree with after rounding to float.
fn double_path(name: &str) -> &'static str {
    match name {
        "exp" => "ferrocl_math_exp",
        "log" => "ferrocl_math_log",
        "sin" => "ferrocl_math_sin",
        "cos" => "ferrocl_math_cos",
        _ => "ferrocl_math_tan",
    }
}

/// Runs `kernel(x, a, b)` with one work-item per float of `x`; `a` and `b` hold `per` floats per
/// work-item. Returns them.
fn run_floats(
    dev: &Device,
    kernel: &ferrocl_runtime::BuiltKernel,
    x: &[f32],
    per: usize,
) -> (Vec<f32>, Vec<f32>) {
    let mut x = x.to_vec();
    let n = x.len();
    let mut a = vec![0.0f32; per * n];
    let mut b = vec![0.0f32; per * n];
    let mut bufs = [
        HostBuffer::read_only(&mut x),
        HostBuffer::write_only(&mut a),
        HostBuffer::write_only(&mut b),
    ];
    dev.launch(
        kernel,
        &mut bufs,
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Buffer(2),
        ],
        &[n],
        None,
    )
    .unwrap_or_else(|e| panic!("launch: {e}"));
    (a, b)
}

/// Floats every narrowed function is checked on: a stride through all 2^32 bit patterns (every
/// exponent, both signs, NaNs and infinities), the specials, and floats next to multiples of pi/2
/// and of ln 2 (the reductions' hardest arguments) and next to 1 (log's).
fn narrowed_inputs() -> Vec<f32> {
    let mut v: Vec<f32> = (0..1u64 << 20)
        .map(|i| f32::from_bits((i * 4093 + 17) as u32))
        .collect();
    v.extend([
        0.0,
        -0.0,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        -f32::MAX,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1.0,
        87.0,
        -87.0,
        88.7,
        -103.0,
        1.0e20,
    ]);
    for k in 1..4000 {
        for c in [std::f64::consts::FRAC_PI_2, std::f64::consts::LN_2] {
            let centre = (c * f64::from(k)) as f32;
            let bits = centre.to_bits();
            for d in 0..16u32 {
                v.push(f32::from_bits(bits.wrapping_add(d).wrapping_sub(8)));
                v.push(-f32::from_bits(bits.wrapping_add(d).wrapping_sub(8)));
            }
        }
    }
    for d in 0..4096u32 {
        v.push(f32::from_bits(1.0f32.to_bits() - 2048 + d));
    }
    v
}

#[test]
fn narrowed_functions_round_as_their_double_path() {
    let Some(dev) = open_device() else { return };
    let mut src = String::from(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma OPENCL FP_CONTRACT OFF\n",
    );
    let mut needed: Vec<&str> = libm::NARROWED.iter().map(|f| f.1).collect();
    needed.extend(libm::NARROWED.iter().map(|f| double_path(f.0)));
    src.push_str(&libm::sources_for(needed));
    for (name, c) in libm::NARROWED {
        src.push_str(&format!(
            "__kernel void n_{name}(__global const float* x, __global float* fast, __global float* slow) {{ size_t i = get_global_id(0); fast[i] = {c}(x[i]); slow[i] = (float){}((double)x[i]); }}\n",
            double_path(name)
        ));
    }
    let inputs = narrowed_inputs();
    let mut bad = Vec::new();
    for (name, _) in libm::NARROWED {
        if !selected(name) {
            continue;
        }
        let k = dev
            .build(&src, "-cl-std=CL1.2", &format!("n_{name}"))
            .unwrap_or_else(|e| panic!("build: {e}"));
        let (fast, slow) = run_floats(&dev, &k, &inputs, 1);
        let n = inputs.len();
        let mut differ = 0usize;
        for i in 0..n {
            let same =
                (fast[i].is_nan() && slow[i].is_nan()) || fast[i].to_bits() == slow[i].to_bits();
            if !same {
                differ += 1;
                if bad.len() < 20 {
                    bad.push(format!(
                        "{name}({:e} = {:#x}): fast {:e}, double path {:e}",
                        inputs[i],
                        inputs[i].to_bits(),
                        fast[i],
                        slow[i]
                    ));
                }
            }
        }
        eprintln!("narrowed {name:>4}: {n} floats, {differ} differ from the double path");
    }
    assert!(
        bad.is_empty(),
        "narrowed results differ:\n{}",
        bad.join("\n")
    );
}

/// The writer's `sinCosPairs`: `ferrocl_math_sincosf(x)` is `(ferrocl_math_sinf(x),
/// ferrocl_math_cosf(x))` bit for bit, on the narrowed functions' inputs.
#[test]
fn paired_sine_and_cosine_equal_the_single_functions() {
    let Some(dev) = open_device() else { return };
    let mut src = String::from(
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#pragma OPENCL FP_CONTRACT OFF\n",
    );
    src.push_str(&libm::sources_for([
        "ferrocl_math_sinf",
        "ferrocl_math_cosf",
        "ferrocl_math_sincosf",
    ]));
    src.push_str("__kernel void pair(__global const float* x, __global float* paired, __global float* single) { size_t i = get_global_id(0); float2 p = ferrocl_math_sincosf(x[i]); paired[2 * i] = p.x; paired[2 * i + 1] = p.y; single[2 * i] = ferrocl_math_sinf(x[i]); single[2 * i + 1] = ferrocl_math_cosf(x[i]); }\n");
    let k = dev
        .build(&src, "-cl-std=CL1.2", "pair")
        .unwrap_or_else(|e| panic!("build: {e}"));
    let inputs = narrowed_inputs();
    let n = inputs.len();
    let (paired, single) = run_floats(&dev, &k, &inputs, 2);
    let mut bad = Vec::new();
    let mut differ = 0usize;
    for i in 0..2 * n {
        let (a, b) = (paired[i], single[i]);
        if !((a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()) {
            differ += 1;
            if bad.len() < 20 {
                let f = if i % 2 == 0 { "sin" } else { "cos" };
                bad.push(format!(
                    "{f}({:e}): paired {a:e}, alone {b:e}",
                    inputs[i / 2]
                ));
            }
        }
    }
    eprintln!("sincos pair: {n} floats, {differ} results differ");
    assert!(bad.is_empty(), "paired results differ:\n{}", bad.join("\n"));
}
