//! Whether a device's `double` built-ins `exp`, `expm1`, `sinh` and `cosh` keep Java's overflow
//! edges: finite up to Java's threshold, infinite beyond it, never NaN for a number.
//!
//! Relaxed math uses OpenCL's built-ins, whose error bounds (3 or 4 ulp) allow a result just below
//! `Double.MAX_VALUE` to become infinity; PoCL's `exp` does so for arguments well below Java's
//! threshold (PoCL 3 on x86-64: from about 709.44 on, where `x / ln 2` rounds to 1024), and its
//! `sinh`/`cosh` return NaN at `±710.4758600739439`. The writer therefore wraps these built-ins in Java's thresholds, which
//! costs a compute-bound kernel several percent on NVIDIA's compiler (BlackScholes, three `exp`s:
//! 4-6% on the H100). A device whose built-ins already keep the edges does not need the wrappers.
//!
//! The probe evaluates the four built-ins on the device, in a kernel written and built as relaxed
//! kernels are (`FP_CONTRACT ON`, `-cl-std=CL1.2`), at the points that decide it: each threshold
//! and its neighbours; a grid over the range where a built-in could overflow early (from 708, where
//! `exp` comes within a factor of 5 of the largest double, to past the thresholds); far above them
//! the powers of two up to 2^1023, the decades up to 1e308 and the points where implementations
//! change method (745.13, where `exp(-x)` underflows, 1419.57, where `exp(x / 2)` overflows); NaN,
//! zeros and infinities; every point with both signs. It passes only if every result is infinite
//! exactly where Java's is (with its sign), NaN where Java's is, a zero argument's result carries
//! Java's sign, and every other finite result is within 1e-12 (relative) of the host's value: a
//! built-in that saturates at `Double.MAX_VALUE`, overflows early or makes a NaN fails. Between the
//! points the built-ins are taken to be monotone, as every libm's are.

/// `StrictMath.exp`'s and `expm1`'s overflow threshold (fdlibm's `o_threshold`): above it the
/// result is infinite, at or below it finite.
pub const EXP_OVERFLOW: f64 = 7.097_827_128_933_84e2;

/// `sinh`'s and `cosh`'s overflow threshold (fdlibm's `0x408633CE8FB9F87D`, about 710.4758600739439):
/// for `|x|` above it the result is infinite.
pub fn hyperbolic_overflow() -> f64 {
    f64::from_bits(0x4086_33CE_8FB9_F87D)
}

/// The probe's kernel: `out[4i .. 4i + 4]` = `exp`, `expm1`, `sinh`, `cosh` of `x[i]`.
pub const PROBE_SOURCE: &str = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
#pragma OPENCL FP_CONTRACT ON\n\
__kernel void ferrocl_edges(__global const double* x, __global double* out) {\n\
    const size_t i = get_global_id(0);\n\
    const double v = x[i];\n\
    out[4 * i] = exp(v);\n\
    out[4 * i + 1] = expm1(v);\n\
    out[4 * i + 2] = sinh(v);\n\
    out[4 * i + 3] = cosh(v);\n\
}\n";

/// The probe's name in [`PROBE_SOURCE`].
pub const PROBE_KERNEL: &str = "ferrocl_edges";

/// The probe's build options: those of Ferrocl's kernels.
pub const PROBE_OPTIONS: &str = "-cl-std=CL1.2";

fn next_up(x: f64) -> f64 {
    // Only for positive finite values here.
    f64::from_bits(x.to_bits() + 1)
}

fn next_down(x: f64) -> f64 {
    f64::from_bits(x.to_bits() - 1)
}

/// The arguments the probe evaluates.
pub fn probe_points() -> Vec<f64> {
    let mut points = Vec::new();
    for t in [EXP_OVERFLOW, hyperbolic_overflow()] {
        let mut below = t;
        let mut above = t;
        points.push(t);
        for _ in 0..4 {
            below = next_down(below);
            above = next_up(above);
            points.push(below);
            points.push(above);
        }
    }
    // 708 to 711 in steps of 1/64: where a built-in computing 2^k * p can overflow in 2^k.
    points.extend((0..=192).map(|k| 708.0 + f64::from(k) / 64.0));
    points.extend([
        0.0, 1.0, 700.0, 712.0, 745.133, 745.14, 800.0, 1419.565, 1419.57,
    ]);
    points.extend((10..=1023).map(|k| 2f64.powi(k)));
    // The decades as written (`powi` rounds differently from the literals).
    points.extend((3..=308).filter_map(|k| format!("1e{k}").parse::<f64>().ok()));
    points.extend([f64::MAX, f64::INFINITY, f64::NAN]);
    let negated: Vec<f64> = points.iter().map(|&x| -x).collect();
    points.extend(negated);
    points
}

/// Whether `results` (four per point, as [`PROBE_SOURCE`] writes them) keep Java's edges for
/// `points`.
pub fn java_edges_hold(points: &[f64], results: &[f64]) -> bool {
    if results.len() != points.len() * 4 {
        return false;
    }
    let hyperbolic = hyperbolic_overflow();
    points.iter().enumerate().all(|(i, &x)| {
        let infinite = [
            x > EXP_OVERFLOW,
            x > EXP_OVERFLOW,
            x.abs() > hyperbolic,
            x.abs() > hyperbolic,
        ];
        reference(x)
            .iter()
            .zip(infinite)
            .zip(&results[4 * i..4 * i + 4])
            .all(|((&host, infinite), &got)| agrees(x, host, infinite, got))
    })
}

/// The host's `exp`, `expm1`, `sinh` and `cosh` of `x`, computed near overflow as
/// `exp(|x| - 1) * e` (and its half), which stays finite wherever Java's result is: within a few
/// ulps, far inside the probe's tolerance.
fn reference(x: f64) -> [f64; 4] {
    use std::f64::consts::E;
    let a = x.abs();
    let big = a > 20.0;
    let exp = if x > 20.0 {
        (x - 1.0).exp() * E
    } else {
        x.exp()
    };
    let half = (a - 1.0).exp() * (E / 2.0);
    [
        exp,
        if x > 40.0 { exp } else { x.exp_m1() },
        if big { half.copysign(x) } else { x.sinh() },
        if big { half } else { x.cosh() },
    ]
}

/// `got` is infinite with the host's sign where Java's result is infinite; NaN where the host's
/// is; for a zero argument, the host's result bit for bit (its zero's sign); otherwise finite and
/// within 1e-12 of the host's value (relative, or absolute below 1).
fn agrees(x: f64, host: f64, infinite: bool, got: f64) -> bool {
    if host.is_nan() {
        return got.is_nan();
    }
    if infinite {
        return got.is_infinite() && got.is_sign_positive() == host.is_sign_positive();
    }
    if host.is_infinite() {
        // sinh and cosh of -infinity and the like: the same infinity.
        return got == host;
    }
    if x == 0.0 {
        return got.to_bits() == host.to_bits();
    }
    got.is_finite() && (got - host).abs() <= 1e-12 * host.abs().max(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a device with Java's edges returns: infinity beyond the thresholds, the reference
    /// elsewhere.
    fn host_results(points: &[f64]) -> Vec<f64> {
        let h = hyperbolic_overflow();
        points
            .iter()
            .flat_map(|&x| {
                let [exp, expm1, sinh, cosh] = reference(x);
                let over = x > EXP_OVERFLOW;
                let hyper = x.abs() > h;
                [
                    if over { f64::INFINITY } else { exp },
                    if over { f64::INFINITY } else { expm1 },
                    if hyper {
                        f64::INFINITY.copysign(x)
                    } else {
                        sinh
                    },
                    if hyper { f64::INFINITY } else { cosh },
                ]
            })
            .collect()
    }

    #[test]
    fn the_thresholds_are_javas() {
        // Java: Math.exp(709.782712893384) is finite and the next double up overflows; the same
        // for sinh and cosh at 0x408633CE8FB9F87D (fdlibm's thresholds). The references agree.
        let [exp, expm1, sinh, cosh] = reference(EXP_OVERFLOW);
        assert!(exp.is_finite() && expm1.is_finite() && sinh.is_finite() && cosh.is_finite());
        assert!(reference(next_up(EXP_OVERFLOW))[0].is_infinite());
        let [_, _, sinh, cosh] = reference(hyperbolic_overflow());
        assert!(sinh.is_finite() && cosh.is_finite());
        let [_, _, sinh, cosh] = reference(-next_up(hyperbolic_overflow()));
        assert!(sinh == f64::NEG_INFINITY && cosh.is_infinite());
    }

    #[test]
    fn results_with_javas_edges_pass() {
        let points = probe_points();
        assert!(java_edges_hold(&points, &host_results(&points)));
    }

    #[test]
    fn an_early_overflow_fails() {
        // PoCL's exp: infinite from 709.5 on, below Java's threshold.
        let points = probe_points();
        let mut results = host_results(&points);
        for (i, &x) in points.iter().enumerate() {
            if x > 709.5 {
                results[4 * i] = f64::INFINITY;
            }
        }
        assert!(!java_edges_hold(&points, &results));
    }

    #[test]
    fn a_nan_or_a_saturated_result_fails() {
        let points = probe_points();
        let h = points
            .iter()
            .position(|&x| x == -hyperbolic_overflow())
            .expect("the negative threshold is probed");
        let mut nan = host_results(&points);
        nan[4 * h + 3] = f64::NAN; // cosh(-710.47...) NaN, as PoCL's
        assert!(!java_edges_hold(&points, &nan));
        let e = points
            .iter()
            .position(|&x| x == next_up(EXP_OVERFLOW))
            .expect("the point above the threshold is probed");
        let mut saturated = host_results(&points);
        saturated[4 * e] = f64::MAX;
        assert!(!java_edges_hold(&points, &saturated));
        let mut short = host_results(&points);
        short.pop();
        assert!(!java_edges_hold(&points, &short));
        // expm1(-0.0) is -0.0 in Java; a +0.0 fails, and so does a finite exp(NaN).
        let z = points
            .iter()
            .position(|&x| x == 0.0 && x.is_sign_negative())
            .expect("-0.0 is probed");
        let mut zero = host_results(&points);
        zero[4 * z + 1] = 0.0;
        assert!(!java_edges_hold(&points, &zero));
        let n = points
            .iter()
            .position(|x| x.is_nan())
            .expect("NaN is probed");
        let mut nan_in = host_results(&points);
        nan_in[4 * n] = 1.0;
        assert!(!java_edges_hold(&points, &nan_in));
    }

    #[test]
    fn far_points_and_both_signs_are_probed() {
        let points = probe_points();
        for x in [2f64.powi(1023), 1e308, 745.133, 1419.565, f64::MAX] {
            assert!(points.contains(&x) && points.contains(&-x), "{x}");
        }
        assert!(points.iter().filter(|x| x.is_nan()).count() >= 1);
    }
}
