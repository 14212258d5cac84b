//! Calls of known library methods become `Intrinsic` nodes with the call's arguments and the
//! return type's stamp, without asking the resolver for any class.
#![allow(clippy::result_large_err)]

mod common;

use common::*;
use ferrocl_graph::{Intrinsic, Op, Stamp};
use std::path::PathBuf;
use std::sync::OnceLock;

const M: &str = r#"package intr;

public class M {
    public static int absI(int x) { return Math.abs(x); }
    public static long absJ(long x) { return Math.abs(x); }
    public static float absF(float x) { return Math.abs(x); }
    public static double absD(double x) { return StrictMath.abs(x); }
    public static int minI(int a, int b) { return Math.min(a, b); }
    public static long minJ(long a, long b) { return Math.min(a, b); }
    public static float maxF(float a, float b) { return Math.max(a, b); }
    public static double maxD(double a, double b) { return Math.max(a, b); }
    public static double sqrt(double x) { return Math.sqrt(x); }
    public static double cbrt(double x) { return Math.cbrt(x); }
    public static double floor(double x) { return Math.floor(x); }
    public static double ceil(double x) { return Math.ceil(x); }
    public static double rint(double x) { return Math.rint(x); }
    public static float fmaF(float a, float b, float c) { return Math.fma(a, b, c); }
    public static double fmaD(double a, double b, double c) { return Math.fma(a, b, c); }
    public static double exp(double x) { return Math.exp(x); }
    public static double log(double x) { return Math.log(x); }
    public static double log10(double x) { return Math.log10(x); }
    public static double log1p(double x) { return Math.log1p(x); }
    public static double expm1(double x) { return Math.expm1(x); }
    public static double pow(double x, double y) { return Math.pow(x, y); }
    public static double sin(double x) { return Math.sin(x); }
    public static double cos(double x) { return StrictMath.cos(x); }
    public static double tan(double x) { return Math.tan(x); }
    public static double asin(double x) { return Math.asin(x); }
    public static double acos(double x) { return Math.acos(x); }
    public static double atan(double x) { return Math.atan(x); }
    public static double atan2(double y, double x) { return Math.atan2(y, x); }
    public static double sinh(double x) { return Math.sinh(x); }
    public static double cosh(double x) { return Math.cosh(x); }
    public static double tanh(double x) { return Math.tanh(x); }
    public static double hypot(double x, double y) { return Math.hypot(x, y); }
    public static float signumF(float x) { return Math.signum(x); }
    public static double signumD(double x) { return Math.signum(x); }
    public static double toRadians(double x) { return Math.toRadians(x); }
    public static double toDegrees(double x) { return Math.toDegrees(x); }
    public static int rawBits(float f) { return Float.floatToRawIntBits(f); }
    public static float fromIntBits(int b) { return Float.intBitsToFloat(b); }
    public static long rawLongBits(double d) { return Double.doubleToRawLongBits(d); }
    public static double fromLongBits(long b) { return Double.longBitsToDouble(b); }
    public static int bitCountI(int x) { return Integer.bitCount(x); }
    public static int bitCountJ(long x) { return Long.bitCount(x); }
    public static int nlzI(int x) { return Integer.numberOfLeadingZeros(x); }
    public static int nlzJ(long x) { return Long.numberOfLeadingZeros(x); }
    public static int ntzI(int x) { return Integer.numberOfTrailingZeros(x); }
    public static int ntzJ(long x) { return Long.numberOfTrailingZeros(x); }
    public static int reverseI(int x) { return Integer.reverse(x); }
    public static long reverseJ(long x) { return Long.reverse(x); }
    public static int rotlI(int x, int d) { return Integer.rotateLeft(x, d); }
    public static long rotlJ(long x, int d) { return Long.rotateLeft(x, d); }
    public static int rotrI(int x, int d) { return Integer.rotateRight(x, d); }
    public static long rotrJ(long x, int d) { return Long.rotateRight(x, d); }
    public static void inLoop(float[] a, int n) {
        for (int i = 0; i < n; i++) { a[i] = (float) Math.sqrt(Math.abs(a[i])); }
    }
}
"#;

fn classes() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| javac("intrinsics", &[("intr/M.java", M)]))
}

/// Builds `method` with a resolver that must not be asked, and checks that its one intrinsic is
/// `expected`, takes the method's parameters in order and has the stamp `stamp`.
fn check(method: &str, expected: Intrinsic, stamp: Stamp) {
    let mut resolver = TestResolver::new([classes().clone()]);
    let mg = build_with(classes(), "intr/M", method, &mut resolver)
        .unwrap_or_else(|e| panic!("{method}: {e}"));
    assert!(
        resolver.asked.is_empty(),
        "{method}: asked {:?}",
        resolver.asked
    );
    let found = nodes(&mg, |o| matches!(o, Op::Intrinsic(_)));
    assert_eq!(found.len(), 1, "{method}: one intrinsic");
    let node = found[0];
    assert_eq!(*mg.graph.op(node), Op::Intrinsic(expected), "{method}");
    assert_eq!(mg.graph.stamp(node), stamp, "{method}");
    let params: Vec<_> = mg.params.iter().map(|p| p.node).collect();
    assert_eq!(
        mg.graph.inputs(node),
        params.as_slice(),
        "{method}: arguments"
    );
    let ret = nodes(&mg, |o| *o == Op::Return)[0];
    assert_eq!(
        mg.graph.inputs(ret),
        [node],
        "{method}: the call's value is returned"
    );
}

#[test]
fn math_abs_min_max() {
    use Intrinsic::*;
    check("absI", Abs, Stamp::Int);
    check("absJ", Abs, Stamp::Long);
    check("absF", Abs, Stamp::Float);
    check("absD", Abs, Stamp::Double);
    check("minI", Min, Stamp::Int);
    check("minJ", Min, Stamp::Long);
    check("maxF", Max, Stamp::Float);
    check("maxD", Max, Stamp::Double);
}

#[test]
fn math_rounding_roots_and_fma() {
    use Intrinsic::*;
    check("sqrt", Sqrt, Stamp::Double);
    check("cbrt", Cbrt, Stamp::Double);
    check("floor", Floor, Stamp::Double);
    check("ceil", Ceil, Stamp::Double);
    check("rint", Rint, Stamp::Double);
    check("fmaF", Fma, Stamp::Float);
    check("fmaD", Fma, Stamp::Double);
    check("signumF", Signum, Stamp::Float);
    check("signumD", Signum, Stamp::Double);
    check("toRadians", ToRadians, Stamp::Double);
    check("toDegrees", ToDegrees, Stamp::Double);
}

#[test]
fn math_transcendentals() {
    use Intrinsic::*;
    for (method, i) in [
        ("exp", Exp),
        ("log", Log),
        ("log10", Log10),
        ("log1p", Log1p),
        ("expm1", Expm1),
        ("pow", Pow),
        ("sin", Sin),
        ("cos", StrictCos), // StrictMath.cos: fdlibm's bits (its own intrinsic)
        ("tan", Tan),
        ("asin", Asin),
        ("acos", Acos),
        ("atan", Atan),
        ("atan2", Atan2),
        ("sinh", Sinh),
        ("cosh", Cosh),
        ("tanh", Tanh),
        ("hypot", Hypot),
    ] {
        check(method, i, Stamp::Double);
    }
}

#[test]
fn bit_conversions() {
    use Intrinsic::*;
    check("rawBits", FloatToRawIntBits, Stamp::Int);
    check("fromIntBits", IntBitsToFloat, Stamp::Float);
    check("rawLongBits", DoubleToRawLongBits, Stamp::Long);
    check("fromLongBits", LongBitsToDouble, Stamp::Double);
}

#[test]
fn integer_and_long_bit_operations() {
    use Intrinsic::*;
    check("bitCountI", BitCount, Stamp::Int);
    check("bitCountJ", BitCount, Stamp::Int);
    check("nlzI", NumberOfLeadingZeros, Stamp::Int);
    check("nlzJ", NumberOfLeadingZeros, Stamp::Int);
    check("ntzI", NumberOfTrailingZeros, Stamp::Int);
    check("ntzJ", NumberOfTrailingZeros, Stamp::Int);
    check("reverseI", Reverse, Stamp::Int);
    check("reverseJ", Reverse, Stamp::Long);
    check("rotlI", RotateLeft, Stamp::Int);
    check("rotlJ", RotateLeft, Stamp::Long);
    check("rotrI", RotateRight, Stamp::Int);
    check("rotrJ", RotateRight, Stamp::Long);
}

#[test]
fn intrinsics_float_and_nest() {
    let mg = build_alone(classes(), "intr/M", "inLoop").expect("builds");
    let sqrt = nodes(&mg, |o| *o == Op::Intrinsic(Intrinsic::Sqrt))[0];
    let abs = nodes(&mg, |o| *o == Op::Intrinsic(Intrinsic::Abs))[0];
    assert_eq!(mg.graph.stamp(abs), Stamp::Float);
    assert!(!mg.graph.op(sqrt).is_fixed() && !mg.graph.op(abs).is_fixed());
    // sqrt(double) of (double) abs(float).
    let conv = mg.graph.inputs(sqrt)[0];
    assert_eq!(mg.graph.inputs(conv), [abs]);
    assert_eq!(mg.location_of(sqrt).method, "inLoop");
}
