//! `@Reduce` semantics, defined once: each reduction operator, its identity and combine with
//! Java's semantics, and the fold of the per-work-group partial results a reduction kernel leaves.
//! The compiler recognises the operators (`ferrocl-opt`), the OpenCL writer prints the identity
//! from [`ReduceValue::identity`], and the runtime folds partials with [`ReduceValue::fold`]
//! (re-exported as `ferrocl_runtime::reduce`).
//!
//! Received: an operator, a value of one of Java's four reducible element types, and the raw
//! bytes of a partials buffer (native endianness, one element per work-group).
//! Guaranteed: integers wrap; `Math.min`/`Math.max` on floating point return NaN when either
//! operand is NaN and order `-0.0` below `0.0`; partials are folded in work-group order and the
//! total is combined with the value the output held before the launch exactly once (as the
//! sequential loop does).

/// A reduction operator (`-=` updates combine by `+`: subtracting is adding the negation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    /// `out[0] += e` (and `-=`); identity `0` (`-0.0` for floating point).
    Add,
    /// `out[0] *= e`; identity `1`.
    Mul,
    /// `out[0] = Math.min(out[0], e)`; identity `MAX_VALUE` (`+Infinity` for floating point).
    Min,
    /// `out[0] = Math.max(out[0], e)`; identity `MIN_VALUE` (`-Infinity` for floating point).
    Max,
    /// `out[0] &= e` (`int` and `long` only); identity `-1` (every bit set).
    And,
    /// `out[0] |= e` (`int` and `long` only); identity `0`.
    Or,
    /// `out[0] ^= e` (`int` and `long` only); identity `0`.
    Xor,
}

impl ReduceOp {
    /// The Java spelling, for messages and comments.
    pub fn describe(self) -> &'static str {
        match self {
            ReduceOp::Add => "+",
            ReduceOp::Mul => "*",
            ReduceOp::Min => "Math.min",
            ReduceOp::Max => "Math.max",
            ReduceOp::And => "&",
            ReduceOp::Or => "|",
            ReduceOp::Xor => "^",
        }
    }

    /// Whether the operator applies to integers only (the bitwise ones).
    pub fn integer_only(self) -> bool {
        matches!(self, ReduceOp::And | ReduceOp::Or | ReduceOp::Xor)
    }
}

/// The element type of a reduction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReduceKind {
    /// Java `int`.
    Int,
    /// Java `long`.
    Long,
    /// Java `float`.
    Float,
    /// Java `double`.
    Double,
}

impl ReduceKind {
    /// The kind of a `@Reduce` array of `elem` (`None` for element types Java's reductions here
    /// do not cover).
    pub fn of(elem: crate::ElemKind) -> Option<ReduceKind> {
        match elem {
            crate::ElemKind::Int => Some(ReduceKind::Int),
            crate::ElemKind::Long => Some(ReduceKind::Long),
            crate::ElemKind::Float => Some(ReduceKind::Float),
            crate::ElemKind::Double => Some(ReduceKind::Double),
            _ => None,
        }
    }

    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            ReduceKind::Int | ReduceKind::Float => 4,
            ReduceKind::Long | ReduceKind::Double => 8,
        }
    }
}

/// One reduction value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ReduceValue {
    /// Java `int`.
    Int(i32),
    /// Java `long`.
    Long(i64),
    /// Java `float`.
    Float(f32),
    /// Java `double`.
    Double(f64),
}

/// Java's `Math.min` / `Math.max` on floating point: NaN if either is NaN, `-0.0 < 0.0`.
fn java_min_max<T: Copy + PartialOrd>(
    a: T,
    b: T,
    is_nan: fn(T) -> bool,
    negative: fn(T) -> bool,
    min: bool,
) -> T {
    if is_nan(a) {
        return a;
    }
    if is_nan(b) {
        return b;
    }
    if a == b {
        // Equal values differ only for zeros of opposite sign.
        return if negative(a) == min { a } else { b };
    }
    if (a < b) == min {
        a
    } else {
        b
    }
}

impl ReduceValue {
    /// The operator's identity for `kind`: `op(identity, x) == x` for every `x` (for min/max on
    /// floating point: `+∞`/`-∞`, which leave NaN and signed zeros alone). The bitwise operators
    /// apply to integers only ([`ReduceOp::integer_only`]; recognition never pairs them with a
    /// floating-point kind): for one, the value given is the sum's identity.
    pub fn identity(op: ReduceOp, kind: ReduceKind) -> ReduceValue {
        use ReduceValue::*;
        match (kind, op) {
            (ReduceKind::Int, ReduceOp::And) => Int(-1),
            (ReduceKind::Int, ReduceOp::Or | ReduceOp::Xor) => Int(0),
            (ReduceKind::Long, ReduceOp::And) => Long(-1),
            (ReduceKind::Long, ReduceOp::Or | ReduceOp::Xor) => Long(0),
            (ReduceKind::Float, ReduceOp::And | ReduceOp::Or | ReduceOp::Xor) => Float(-0.0),
            (ReduceKind::Double, ReduceOp::And | ReduceOp::Or | ReduceOp::Xor) => Double(-0.0),
            (ReduceKind::Int, ReduceOp::Add) => Int(0),
            (ReduceKind::Int, ReduceOp::Mul) => Int(1),
            (ReduceKind::Int, ReduceOp::Min) => Int(i32::MAX),
            (ReduceKind::Int, ReduceOp::Max) => Int(i32::MIN),
            (ReduceKind::Long, ReduceOp::Add) => Long(0),
            (ReduceKind::Long, ReduceOp::Mul) => Long(1),
            (ReduceKind::Long, ReduceOp::Min) => Long(i64::MAX),
            (ReduceKind::Long, ReduceOp::Max) => Long(i64::MIN),
            // -0.0 is the identity of IEEE addition (-0.0 + 0.0 == 0.0, -0.0 + -0.0 == -0.0).
            (ReduceKind::Float, ReduceOp::Add) => Float(-0.0),
            (ReduceKind::Float, ReduceOp::Mul) => Float(1.0),
            (ReduceKind::Float, ReduceOp::Min) => Float(f32::INFINITY),
            (ReduceKind::Float, ReduceOp::Max) => Float(f32::NEG_INFINITY),
            (ReduceKind::Double, ReduceOp::Add) => Double(-0.0),
            (ReduceKind::Double, ReduceOp::Mul) => Double(1.0),
            (ReduceKind::Double, ReduceOp::Min) => Double(f64::INFINITY),
            (ReduceKind::Double, ReduceOp::Max) => Double(f64::NEG_INFINITY),
        }
    }

    /// `op(self, other)` with Java's semantics; values of different kinds, and a bitwise operator
    /// on floating point, leave `self` unchanged (one reduction has one element type, and the
    /// bitwise operators apply to integers only).
    pub fn combine(self, op: ReduceOp, other: ReduceValue) -> ReduceValue {
        use ReduceValue::*;
        match (self, other) {
            (Int(a), Int(b)) => Int(match op {
                ReduceOp::Add => a.wrapping_add(b),
                ReduceOp::Mul => a.wrapping_mul(b),
                ReduceOp::Min => a.min(b),
                ReduceOp::Max => a.max(b),
                ReduceOp::And => a & b,
                ReduceOp::Or => a | b,
                ReduceOp::Xor => a ^ b,
            }),
            (Long(a), Long(b)) => Long(match op {
                ReduceOp::Add => a.wrapping_add(b),
                ReduceOp::Mul => a.wrapping_mul(b),
                ReduceOp::Min => a.min(b),
                ReduceOp::Max => a.max(b),
                ReduceOp::And => a & b,
                ReduceOp::Or => a | b,
                ReduceOp::Xor => a ^ b,
            }),
            (Float(a), Float(b)) => Float(match op {
                ReduceOp::Add => a + b,
                ReduceOp::Mul => a * b,
                ReduceOp::And | ReduceOp::Or | ReduceOp::Xor => a,
                ReduceOp::Min | ReduceOp::Max => java_min_max(
                    a,
                    b,
                    f32::is_nan,
                    f32::is_sign_negative,
                    op == ReduceOp::Min,
                ),
            }),
            (Double(a), Double(b)) => Double(match op {
                ReduceOp::Add => a + b,
                ReduceOp::Mul => a * b,
                ReduceOp::And | ReduceOp::Or | ReduceOp::Xor => a,
                ReduceOp::Min | ReduceOp::Max => java_min_max(
                    a,
                    b,
                    f64::is_nan,
                    f64::is_sign_negative,
                    op == ReduceOp::Min,
                ),
            }),
            (a, _) => a,
        }
    }

    /// Folds a partials buffer (`bytes`, elements of `self`'s kind in work-group order) into
    /// `self`: the partials are combined first, then the total with `self`, once.
    pub fn fold(self, op: ReduceOp, bytes: &[u8]) -> ReduceValue {
        fn each<const N: usize>(bytes: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
            bytes
                .chunks_exact(N)
                .map(|c| <[u8; N]>::try_from(c).unwrap_or([0; N]))
        }
        let total = match self {
            ReduceValue::Int(_) => each::<4>(bytes)
                .map(|b| ReduceValue::Int(i32::from_ne_bytes(b)))
                .reduce(|a, b| a.combine(op, b)),
            ReduceValue::Long(_) => each::<8>(bytes)
                .map(|b| ReduceValue::Long(i64::from_ne_bytes(b)))
                .reduce(|a, b| a.combine(op, b)),
            ReduceValue::Float(_) => each::<4>(bytes)
                .map(|b| ReduceValue::Float(f32::from_ne_bytes(b)))
                .reduce(|a, b| a.combine(op, b)),
            ReduceValue::Double(_) => each::<8>(bytes)
                .map(|b| ReduceValue::Double(f64::from_ne_bytes(b)))
                .reduce(|a, b| a.combine(op, b)),
        };
        match total {
            Some(t) => self.combine(op, t),
            None => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes_f32(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_ne_bytes()).collect()
    }

    #[test]
    fn integers_wrap() {
        let max = ReduceValue::Int(i32::MAX);
        assert_eq!(
            max.combine(ReduceOp::Add, ReduceValue::Int(1)),
            ReduceValue::Int(i32::MIN)
        );
        assert_eq!(
            ReduceValue::Long(i64::MIN).combine(ReduceOp::Mul, ReduceValue::Long(-1)),
            ReduceValue::Long(i64::MIN)
        );
    }

    #[test]
    fn float_min_max_follow_java() {
        let nan = ReduceValue::Float(f32::NAN);
        let one = ReduceValue::Float(1.0);
        for op in [ReduceOp::Min, ReduceOp::Max] {
            assert!(matches!(one.combine(op, nan), ReduceValue::Float(x) if x.is_nan()));
            assert!(matches!(nan.combine(op, one), ReduceValue::Float(x) if x.is_nan()));
        }
        let (pz, nz) = (ReduceValue::Float(0.0), ReduceValue::Float(-0.0));
        assert!(
            matches!(pz.combine(ReduceOp::Min, nz), ReduceValue::Float(x) if x.is_sign_negative())
        );
        assert!(
            matches!(nz.combine(ReduceOp::Max, pz), ReduceValue::Float(x) if x.is_sign_positive())
        );
    }

    #[test]
    fn bitwise_operators_on_integers() {
        let (a, b) = (ReduceValue::Int(0b1100), ReduceValue::Int(0b1010));
        assert_eq!(a.combine(ReduceOp::And, b), ReduceValue::Int(0b1000));
        assert_eq!(a.combine(ReduceOp::Or, b), ReduceValue::Int(0b1110));
        assert_eq!(a.combine(ReduceOp::Xor, b), ReduceValue::Int(0b0110));
        let longs: Vec<u8> = [1i64 << 40, 3, -1]
            .iter()
            .flat_map(|x| x.to_ne_bytes())
            .collect();
        assert_eq!(
            ReduceValue::Long(0).fold(ReduceOp::Xor, &longs),
            ReduceValue::Long((1i64 << 40) ^ 3 ^ -1)
        );
        assert_eq!(
            ReduceValue::Long(-1).fold(ReduceOp::And, &longs),
            ReduceValue::Long(0)
        );
        assert!(ReduceOp::Xor.integer_only() && !ReduceOp::Max.integer_only());
    }

    #[test]
    fn identities_are_neutral() {
        let samples = [
            ReduceValue::Int(-7),
            ReduceValue::Long(1 << 40),
            ReduceValue::Float(-0.0),
            ReduceValue::Float(3.5),
            ReduceValue::Double(0.0),
            ReduceValue::Double(-2.25),
        ];
        let ops = [
            ReduceOp::Add,
            ReduceOp::Mul,
            ReduceOp::Min,
            ReduceOp::Max,
            ReduceOp::And,
            ReduceOp::Or,
            ReduceOp::Xor,
        ];
        for op in ops {
            for x in samples {
                let kind = match x {
                    ReduceValue::Int(_) => ReduceKind::Int,
                    ReduceValue::Long(_) => ReduceKind::Long,
                    ReduceValue::Float(_) => ReduceKind::Float,
                    ReduceValue::Double(_) => ReduceKind::Double,
                };
                if op.integer_only() && matches!(kind, ReduceKind::Float | ReduceKind::Double) {
                    continue;
                }
                let got = ReduceValue::identity(op, kind).combine(op, x);
                // Bitwise equality keeps the sign of zero.
                let same = match (got, x) {
                    (ReduceValue::Float(a), ReduceValue::Float(b)) => a.to_bits() == b.to_bits(),
                    (ReduceValue::Double(a), ReduceValue::Double(b)) => a.to_bits() == b.to_bits(),
                    (a, b) => a == b,
                };
                assert!(same, "{op:?} identity with {x:?} gave {got:?}");
            }
        }
    }

    #[test]
    fn fold_combines_partials_then_the_initial_value_once() {
        let start = ReduceValue::Float(10.0);
        let got = start.fold(ReduceOp::Add, &bytes_f32(&[1.0, 2.0, 3.0]));
        assert_eq!(got, ReduceValue::Float(16.0));
        assert_eq!(start.fold(ReduceOp::Add, &[]), start);
        let ints: Vec<u8> = [5i32, -3, 9].iter().flat_map(|x| x.to_ne_bytes()).collect();
        assert_eq!(
            ReduceValue::Int(0).fold(ReduceOp::Min, &ints),
            ReduceValue::Int(-3)
        );
    }
}
