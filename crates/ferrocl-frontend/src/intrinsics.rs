//! Library methods the compiler knows the meaning of: their calls become [`Intrinsic`] nodes
//! instead of being inlined (many are `native` or written with tricks a GPU does better itself).
//!
//! A call matches on declaring class, name and exact descriptor; anything else (`Math.round`,
//! `Float.isNaN`, `Integer.compare`, …) is inlined from its bytecode like any static method.

use ferrocl_graph::Intrinsic;
use Intrinsic::*;

/// `java/lang/Math` and `java/lang/StrictMath`.
const MATH: &[(&str, &str, Intrinsic)] = &[
    ("multiplyHigh", "(JJ)J", MultiplyHigh),
    // Native in the JDK (`StrictMath.IEEEremainder`); exact, so `Math`'s and `StrictMath`'s agree.
    ("IEEEremainder", "(DD)D", IeeeRemainder),
    ("abs", "(I)I", Abs),
    ("abs", "(J)J", Abs),
    ("abs", "(F)F", Abs),
    ("abs", "(D)D", Abs),
    ("min", "(II)I", Min),
    ("min", "(JJ)J", Min),
    ("min", "(FF)F", Min),
    ("min", "(DD)D", Min),
    ("max", "(II)I", Max),
    ("max", "(JJ)J", Max),
    ("max", "(FF)F", Max),
    ("max", "(DD)D", Max),
    ("sqrt", "(D)D", Sqrt),
    ("cbrt", "(D)D", Cbrt),
    ("floor", "(D)D", Floor),
    ("ceil", "(D)D", Ceil),
    ("rint", "(D)D", Rint),
    ("fma", "(FFF)F", Fma),
    ("fma", "(DDD)D", Fma),
    ("exp", "(D)D", Exp),
    ("log", "(D)D", Log),
    ("log10", "(D)D", Log10),
    ("log1p", "(D)D", Log1p),
    ("expm1", "(D)D", Expm1),
    ("pow", "(DD)D", Pow),
    ("sin", "(D)D", Sin),
    ("cos", "(D)D", Cos),
    ("tan", "(D)D", Tan),
    ("asin", "(D)D", Asin),
    ("acos", "(D)D", Acos),
    ("atan", "(D)D", Atan),
    ("atan2", "(DD)D", Atan2),
    ("sinh", "(D)D", Sinh),
    ("cosh", "(D)D", Cosh),
    ("tanh", "(D)D", Tanh),
    ("hypot", "(DD)D", Hypot),
    ("signum", "(F)F", Signum),
    ("signum", "(D)D", Signum),
    ("toRadians", "(D)D", ToRadians),
    ("toDegrees", "(D)D", ToDegrees),
];

/// `java/lang/StrictMath` methods with intrinsics of their own (fdlibm's bits, see
/// [`strict_exact`]); the others share `Math`'s.
const STRICT: &[(&str, &str, Intrinsic)] = &[
    ("sin", "(D)D", StrictSin),
    ("cos", "(D)D", StrictCos),
    ("tan", "(D)D", StrictTan),
    ("pow", "(DD)D", StrictPow),
    ("atan", "(D)D", StrictAtan),
    ("atan2", "(DD)D", StrictAtan2),
    ("asin", "(D)D", StrictAsin),
    ("acos", "(D)D", StrictAcos),
    ("log10", "(D)D", StrictLog10),
    ("cbrt", "(D)D", StrictCbrt),
    ("expm1", "(D)D", StrictExpm1),
    ("log1p", "(D)D", StrictLog1p),
    ("sinh", "(D)D", StrictSinh),
    ("cosh", "(D)D", StrictCosh),
    ("tanh", "(D)D", StrictTanh),
    ("hypot", "(DD)D", StrictHypot),
    ("exp", "(D)D", StrictExp),
    ("log", "(D)D", StrictLog),
];

/// `java/lang/Float`.
const FLOAT: &[(&str, &str, Intrinsic)] = &[
    ("floatToRawIntBits", "(F)I", FloatToRawIntBits),
    ("intBitsToFloat", "(I)F", IntBitsToFloat),
];

/// `java/lang/Double`.
const DOUBLE: &[(&str, &str, Intrinsic)] = &[
    ("doubleToRawLongBits", "(D)J", DoubleToRawLongBits),
    ("longBitsToDouble", "(J)D", LongBitsToDouble),
];

/// `java/lang/Integer`.
const INTEGER: &[(&str, &str, Intrinsic)] = &[
    ("bitCount", "(I)I", BitCount),
    ("numberOfLeadingZeros", "(I)I", NumberOfLeadingZeros),
    ("numberOfTrailingZeros", "(I)I", NumberOfTrailingZeros),
    ("reverse", "(I)I", Reverse),
    ("rotateLeft", "(II)I", RotateLeft),
    ("rotateRight", "(II)I", RotateRight),
];

/// `java/lang/Long`: the counting methods return `int`; the rotate distance is an `int`.
const LONG: &[(&str, &str, Intrinsic)] = &[
    ("bitCount", "(J)I", BitCount),
    ("numberOfLeadingZeros", "(J)I", NumberOfLeadingZeros),
    ("numberOfTrailingZeros", "(J)I", NumberOfTrailingZeros),
    ("reverse", "(J)J", Reverse),
    ("rotateLeft", "(JI)J", RotateLeft),
    ("rotateRight", "(JI)J", RotateRight),
];

/// The `StrictMath` methods whose device implementation returns exactly fdlibm's bits, which
/// `StrictMath` specifies: the correctly rounded ones (IEEE operations, `floor`, `ceil`, `rint`,
/// `fma`, the same constants for `toRadians`/`toDegrees`), `exp` and `log`, written as fdlibm
/// computes them, `pow`, `atan`, `atan2`, `asin`, `acos`, `log10`, `log1p`, `expm1`, `sinh`,
/// `cosh`, `tanh`, `cbrt`, `hypot`, `sin`, `cos` and `tan` (with fdlibm's multi-precision argument
/// reduction). Any other would be only within `Math`'s error bounds on the device; a `StrictMath`
/// call of one is not compiled (see [`strict_inexact`]).
pub fn strict_exact(intrinsic: Intrinsic) -> bool {
    matches!(
        intrinsic,
        Abs | Min
            | Max
            | Sqrt
            | Floor
            | Ceil
            | Rint
            | Fma
            | Signum
            | ToRadians
            | ToDegrees
            | Exp
            | Log
            | StrictSin
            | StrictCos
            | StrictTan
            | StrictPow
            | StrictAtan
            | StrictAtan2
            | StrictAsin
            | StrictAcos
            | StrictLog10
            | StrictCbrt
            | StrictExpm1
            | StrictLog1p
            | StrictSinh
            | StrictCosh
            | StrictTanh
            | StrictHypot
            | StrictExp
            | StrictLog
    )
}

/// For a call of a `StrictMath` method the device cannot compute bit for bit as fdlibm (see
/// [`strict_exact`]): the reason it is not compiled.
pub fn strict_inexact(class: &str, name: &str, descriptor: &str) -> Option<String> {
    if class != "java/lang/StrictMath" {
        return None;
    }
    let intrinsic = intrinsic_for(class, name, descriptor)?;
    (!strict_exact(intrinsic)).then(|| {
        format!(
            "StrictMath.{name} must return fdlibm's exact bits, and the device's {name} is only within Math.{name}'s error bound (Math.{name} runs on the device)"
        )
    })
}

/// The intrinsic for a call of `class.name descriptor` (class as an internal name), if it is one.
pub fn intrinsic_for(class: &str, name: &str, descriptor: &str) -> Option<Intrinsic> {
    let table = match class {
        "java/lang/StrictMath" => {
            if let Some(&(_, _, i)) = STRICT
                .iter()
                .find(|(n, d, _)| *n == name && *d == descriptor)
            {
                return Some(i);
            }
            MATH
        }
        "java/lang/Math" => MATH,
        "java/lang/Float" => FLOAT,
        "java/lang/Double" => DOUBLE,
        "java/lang/Integer" => INTEGER,
        "java/lang/Long" => LONG,
        _ => return None,
    };
    table
        .iter()
        .find(|(n, d, _)| *n == name && *d == descriptor)
        .map(|&(_, _, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_exact_descriptors() {
        assert_eq!(intrinsic_for("java/lang/Math", "abs", "(I)I"), Some(Abs));
        assert_eq!(
            intrinsic_for("java/lang/StrictMath", "sqrt", "(D)D"),
            Some(Sqrt)
        );
        assert_eq!(
            intrinsic_for("java/lang/Long", "bitCount", "(J)I"),
            Some(BitCount)
        );
        assert_eq!(intrinsic_for("java/lang/Long", "bitCount", "(J)J"), None);
        assert_eq!(intrinsic_for("java/lang/Math", "round", "(F)I"), None);
        assert_eq!(intrinsic_for("java/lang/Float", "isNaN", "(F)Z"), None);
        assert_eq!(intrinsic_for("my/Math", "abs", "(I)I"), None);
    }

    #[test]
    fn strict_math_only_where_the_bits_are_fdlibms() {
        assert_eq!(strict_inexact("java/lang/StrictMath", "exp", "(D)D"), None);
        assert_eq!(strict_inexact("java/lang/StrictMath", "sqrt", "(D)D"), None);
        assert_eq!(strict_inexact("java/lang/StrictMath", "sin", "(D)D"), None);
        assert_eq!(
            intrinsic_for("java/lang/StrictMath", "sin", "(D)D"),
            Some(StrictSin)
        );
        assert_eq!(intrinsic_for("java/lang/Math", "sin", "(D)D"), Some(Sin));
        assert_eq!(strict_inexact("java/lang/StrictMath", "pow", "(DD)D"), None);
        assert_eq!(strict_inexact("java/lang/StrictMath", "atan", "(D)D"), None);
        assert_eq!(strict_inexact("java/lang/StrictMath", "sinh", "(D)D"), None);
        assert_eq!(
            strict_inexact("java/lang/StrictMath", "hypot", "(DD)D"),
            None
        );
        // Not a StrictMath method the device knows: inlined or refused as any other call.
        assert_eq!(strict_inexact("java/lang/StrictMath", "ulp", "(D)D"), None);
        assert_eq!(strict_inexact("java/lang/Math", "sin", "(D)D"), None);
    }
}
