//! OpenCL C for library methods with Java's semantics.
//!
//! Exact methods (`abs`, `min`, `max`, `sqrt`, `floor`, `ceil`, `rint`, `fma`, `signum`, the bit
//! functions and raw-bits conversions) give the JVM's result bit for bit: OpenCL's `sqrt`, `floor`,
//! `ceil`, `rint` and `fma` are correctly rounded, `Math.min`/`max` need their own NaN and signed-zero
//! rules, and `toRadians`/`toDegrees` multiply by the same constants as the JDK (9 and later).
//! Transcendental functions use Ferrocl's own implementations (`libm/`), not OpenCL's built-ins
//! (3–16 ulp). `StrictMath`'s are fdlibm's algorithms, bit for bit the JVM's. `Math`'s use the
//! fdlibm code too wherever it meets `Math`'s contract: `asin`, `acos`, `atan`,
//! `atan2`, `sinh`, `cosh`, `tanh`, `expm1`, `log1p`, `cbrt` and `hypot` (JDK 17's `Math` delegates
//! these to `StrictMath` itself), and `pow` for `|y| < 2^31` (fdlibm's
//! branch for larger `|y|` is hundreds of ulps off; the double-double version takes it). `sin`,
//! `cos`, `tan` and `log10` stay double-double (measured within 0.75 ulp): fdlibm's `log10` is 1.8
//! ulps off at times, and its trigonometric reduction ran the Series and MRI-Q kernels slower on
//! the GPU. `exp` is Ferrocl's own without fdlibm's division (`libm/exp.cl`, within 0.75 ulp),
//! `log` fdlibm's algorithm with fused operations (`libm/log.cl`). All are inside Java's
//! documented bounds (1 ulp; 2 for atan2, 2.5 for sinh/cosh/tanh, 1.5 for hypot; measured on
//! 400,000 mpmath references per function), with Java's special values.
//! A narrowed `(float) Math.f((double) x)` of `sin`, `cos`, `tan`, `exp` or `log` has a float
//! version returning the same float for every argument (`libm/narrow.cl`).

use ferrocl_graph::{Intrinsic, Stamp};

/// `(expression, helper function it needs, whether it needs correctly rounded float div/sqrt)`.
pub(crate) type Lowered = (String, Option<&'static str>, bool);

/// How `Math`'s transcendental functions are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MathMode {
    /// Java's contract: Ferrocl's own implementations.
    Exact,
    /// Relaxed math: OpenCL's built-ins (their special values are C99's, which are Java's except
    /// for `pow`, whose differences a wrapper restores). `builtin_edges`: the device's `exp`,
    /// `expm1`, `sinh` and `cosh` keep Java's overflow edges, so they need no wrapper either.
    Relaxed { builtin_edges: bool },
}

/// The C expression for `intrinsic` applied to `args`, whose first operand has stamp `operand`;
/// `None` for an overload Java does not have. `StrictMath` stays fdlibm's in every mode.
pub(crate) fn expression(
    intrinsic: Intrinsic,
    operand: Stamp,
    args: &[String],
    mode: MathMode,
) -> Option<Lowered> {
    use Intrinsic::*;
    let a = args.first()?;
    let b = args.get(1);
    let plain = |e: String| Some((e, None, false));
    let helper = |name: &'static str| -> Option<Lowered> {
        Some((format!("{name}({})", args.join(", ")), Some(name), false))
    };
    let relaxed = mode != MathMode::Exact;
    let builtin_edges = mode
        == MathMode::Relaxed {
            builtin_edges: true,
        };
    if relaxed && operand == Stamp::Double {
        // Near overflow the built-ins may round a finite result to infinity (exp) or combine two
        // infinities into NaN (sinh, cosh): there Java's thresholds decide infinity and forms that
        // stay finite below them run (`expr::helper_source`), so NaN and infinity stay Java's.
        // Not on a device whose built-ins were probed to keep those edges: the wrappers cost
        // relaxed BlackScholes (three exps) 4-6% on the H100, even as selects.
        let edged = match intrinsic {
            _ if builtin_edges => None,
            Exp => Some("ferrocl_relaxed_exp"),
            Expm1 => Some("ferrocl_relaxed_expm1"),
            Sinh => Some("ferrocl_relaxed_sinh"),
            Cosh => Some("ferrocl_relaxed_cosh"),
            _ => None,
        };
        if let Some(name) = edged {
            return helper(name);
        }
        let builtin = match intrinsic {
            Exp => Some("exp"),
            Log => Some("log"),
            Log10 => Some("log10"),
            Log1p => Some("log1p"),
            Expm1 => Some("expm1"),
            Cbrt => Some("cbrt"),
            Sin => Some("sin"),
            Cos => Some("cos"),
            Tan => Some("tan"),
            Asin => Some("asin"),
            Acos => Some("acos"),
            Atan => Some("atan"),
            Atan2 => Some("atan2"),
            Sinh => Some("sinh"),
            Cosh => Some("cosh"),
            Tanh => Some("tanh"),
            Hypot => Some("hypot"),
            _ => None,
        };
        if let Some(f) = builtin {
            return plain(format!("{f}({})", args.join(", ")));
        }
        if intrinsic == Pow {
            return helper("ferrocl_relaxed_pow");
        }
    }
    if relaxed && operand == Stamp::Float {
        // A narrowed `(float) Math.f((double) x)`: OpenCL's float built-in.
        let builtin = match intrinsic {
            Sin => Some("sin"),
            Cos => Some("cos"),
            Tan => Some("tan"),
            Exp => Some("exp"),
            Log => Some("log"),
            _ => None,
        };
        if let Some(f) = builtin {
            return plain(format!("{f}({a})"));
        }
    }
    match (intrinsic, operand) {
        // Out of line: inlined, `x < 0 ? -x : x` (wrapping, so `Math.abs(MIN_VALUE) == MIN_VALUE`)
        // was taken for non-negative by NVIDIA's compiler (driver 580): `Math.abs(x) < 0` was false
        // for MIN_VALUE on the H100 (LibraryProbeTest). OpenCL's own `abs` is unsigned, and PoCL's
        // compiler then assumes the same.
        (Abs, Stamp::Int) => helper("ferrocl_iabs"),
        (Abs, Stamp::Long) => helper("ferrocl_labs"),
        (Abs, Stamp::Float | Stamp::Double) => plain(format!("fabs({a})")),
        (Min, Stamp::Int | Stamp::Long) => plain(format!("min({a}, {})", b?)),
        (Max, Stamp::Int | Stamp::Long) => plain(format!("max({a}, {})", b?)),
        (Min, Stamp::Float) => helper("ferrocl_minf"),
        (Max, Stamp::Float) => helper("ferrocl_maxf"),
        (Min, Stamp::Double) => helper("ferrocl_mind"),
        (Max, Stamp::Double) => helper("ferrocl_maxd"),
        (Sqrt, Stamp::Double) => plain(format!("sqrt({a})")),
        (Sqrt, Stamp::Float) => Some((format!("sqrt({a})"), None, true)),
        // Not OpenCL's built-ins, which PoCL miscompiles on constant arguments (`expr.rs`).
        (Floor, Stamp::Double) => helper("ferrocl_floor"),
        (Ceil, Stamp::Double) => helper("ferrocl_ceil"),
        (Rint, Stamp::Double) => helper("ferrocl_rint"),
        (Fma, Stamp::Float | Stamp::Double) => plain(format!("fma({a}, {}, {})", b?, args.get(2)?)),
        (Signum, Stamp::Float) => {
            plain(format!("({a} > 0.0f ? 1.0f : ({a} < 0.0f ? -1.0f : {a}))"))
        }
        (Signum, Stamp::Double) => plain(format!("({a} > 0.0 ? 1.0 : ({a} < 0.0 ? -1.0 : {a}))")),
        (ToRadians, Stamp::Double) => plain(format!("({a} * 0.017453292519943295)")),
        (ToDegrees, Stamp::Double) => plain(format!("({a} * 57.29577951308232)")),
        (Pow, Stamp::Double) => helper("ferrocl_math_pow_mixed"),
        (Cbrt, Stamp::Double) => helper("ferrocl_fdlibm_cbrt"),
        // fdlibm's exp divides once; this one does not (within 0.75 ulp, `libm/exp.cl`).
        (Exp, Stamp::Double) => helper("ferrocl_math_exp"),
        // fdlibm's algorithm with fused operations and one formula (`libm/log.cl`).
        (Log, Stamp::Double) => helper("ferrocl_math_log"),
        (Log10, Stamp::Double) => helper("ferrocl_math_log10"),
        (Log1p, Stamp::Double) => helper("ferrocl_fdlibm_log1p"),
        (Expm1, Stamp::Double) => helper("ferrocl_fdlibm_expm1"),
        // Not fdlibm's: measured on the H100 (Series, MRIQ), fdlibm's branchy reduction and kernel
        // choice ran the kernels 1.1-1.4x slower than these double-double versions.
        (Sin, Stamp::Double) => helper("ferrocl_math_sin"),
        // Narrowed `(float) Math.f((double) x)` (the optimiser's `narrowFloat`): the float the
        // double function rounds to, computed faster (`libm/narrow.cl`).
        (Sin, Stamp::Float) => helper("ferrocl_math_sinf"),
        (Cos, Stamp::Float) => helper("ferrocl_math_cosf"),
        (Tan, Stamp::Float) => helper("ferrocl_math_tanf"),
        (Exp, Stamp::Float) => helper("ferrocl_math_expf"),
        (Log, Stamp::Float) => helper("ferrocl_math_logf"),
        (Cos, Stamp::Double) => helper("ferrocl_math_cos"),
        (StrictSin, Stamp::Double) => helper("ferrocl_fdlibm_sin"),
        (StrictCos, Stamp::Double) => helper("ferrocl_fdlibm_cos"),
        (StrictTan, Stamp::Double) => helper("ferrocl_fdlibm_tan"),
        (StrictPow, Stamp::Double) => helper("ferrocl_fdlibm_pow"),
        (StrictAtan, Stamp::Double) => helper("ferrocl_fdlibm_atan"),
        (StrictAtan2, Stamp::Double) => helper("ferrocl_fdlibm_atan2"),
        (StrictAsin, Stamp::Double) => helper("ferrocl_fdlibm_asin"),
        (StrictAcos, Stamp::Double) => helper("ferrocl_fdlibm_acos"),
        (StrictLog10, Stamp::Double) => helper("ferrocl_fdlibm_log10"),
        (StrictCbrt, Stamp::Double) => helper("ferrocl_fdlibm_cbrt"),
        (StrictExpm1, Stamp::Double) => helper("ferrocl_fdlibm_expm1"),
        (StrictLog1p, Stamp::Double) => helper("ferrocl_fdlibm_log1p"),
        (StrictSinh, Stamp::Double) => helper("ferrocl_fdlibm_sinh"),
        (StrictCosh, Stamp::Double) => helper("ferrocl_fdlibm_cosh"),
        (StrictTanh, Stamp::Double) => helper("ferrocl_fdlibm_tanh"),
        (StrictHypot, Stamp::Double) => helper("ferrocl_fdlibm_hypot"),
        (StrictExp, Stamp::Double) => helper("ferrocl_fdlibm_exp"),
        (StrictLog, Stamp::Double) => helper("ferrocl_fdlibm_log"),
        (Tan, Stamp::Double) => helper("ferrocl_math_tan"),
        (Asin, Stamp::Double) => helper("ferrocl_fdlibm_asin"),
        (Acos, Stamp::Double) => helper("ferrocl_fdlibm_acos"),
        (Atan, Stamp::Double) => helper("ferrocl_fdlibm_atan"),
        (Atan2, Stamp::Double) => helper("ferrocl_fdlibm_atan2"),
        (Sinh, Stamp::Double) => helper("ferrocl_fdlibm_sinh"),
        (Cosh, Stamp::Double) => helper("ferrocl_fdlibm_cosh"),
        (Tanh, Stamp::Double) => helper("ferrocl_fdlibm_tanh"),
        (Hypot, Stamp::Double) => helper("ferrocl_fdlibm_hypot"),
        (FloatToRawIntBits, Stamp::Float) => plain(format!("as_int({a})")),
        (IntBitsToFloat, Stamp::Int) => plain(format!("as_float({a})")),
        (DoubleToRawLongBits, Stamp::Double) => plain(format!("as_long({a})")),
        (LongBitsToDouble, Stamp::Long) => plain(format!("as_double({a})")),
        (BitCount, Stamp::Int) => plain(format!("popcount({a})")),
        (BitCount, Stamp::Long) => plain(format!("(int)popcount({a})")),
        (NumberOfLeadingZeros, Stamp::Int) => plain(format!("clz({a})")),
        (NumberOfLeadingZeros, Stamp::Long) => plain(format!("(int)clz({a})")),
        (NumberOfTrailingZeros, Stamp::Int) => helper("ferrocl_ctz"),
        (NumberOfTrailingZeros, Stamp::Long) => helper("ferrocl_ctzl"),
        (Reverse, Stamp::Int) => helper("ferrocl_reverse"),
        (Reverse, Stamp::Long) => helper("ferrocl_reversel"),
        // OpenCL's rotate takes the distance modulo the width, as Java does.
        (RotateLeft, Stamp::Int) => plain(format!("rotate({a}, {})", b?)),
        (RotateLeft, Stamp::Long) => plain(format!("rotate({a}, (long){})", b?)),
        (RotateRight, Stamp::Int) => plain(format!("rotate({a}, (int)(0u - (uint){}))", b?)),
        (RotateRight, Stamp::Long) => {
            plain(format!("rotate({a}, (long)(0UL - (ulong)(long){}))", b?))
        }
        (MultiplyHigh, Stamp::Long) => plain(format!("mul_hi({a}, {})", b?)),
        // OpenCL's `remainder` is IEEE 754's remainder, exact (0 ulp), with C99's special cases,
        // which are Java's: NaN for a NaN operand, an infinite x or a zero y; x for an infinite y.
        (IeeeRemainder, Stamp::Double) => plain(format!("remainder({a}, {})", b?)),
        _ => None,
    }
}
