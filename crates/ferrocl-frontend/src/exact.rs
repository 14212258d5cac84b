//! `Math`'s exact arithmetic (`addExact`, `subtractExact`, `multiplyExact`, `negateExact`,
//! `incrementExact`, `decrementExact`, `toIntExact`, `absExact`; `StrictMath`'s too): the wrapping
//! result, and an [`GuardKind::Overflow`] guard on whether the exact result fits. The JDK's
//! bytecode for them throws `ArithmeticException`, whose construction a kernel cannot compile; the
//! guard instead sets the status word, and the JVM reruns the method and throws its own exception
//! with its own message.
//!
//! The conditions, each exact for every input (two's complement, results modulo 2^w):
//! - `x + y` overflows iff both operands have the sign the result lacks: `((x ^ r) & (y ^ r)) < 0`;
//! - `x - y` iff the operands' signs differ and the result's differs from `x`'s:
//!   `((x ^ y) & (x ^ r)) < 0`;
//! - `int` `x * y`: the 64-bit product (exact for `int` operands) is not its own low half
//!   sign-extended; `long` `x * y`: the 128-bit product's high half is not the sign of its low half
//!   (`Math.multiplyHigh(x, y) != r >> 63`);
//! - `-x` and `abs(x)` iff `x` is `MIN_VALUE`; `x + 1` iff `MAX_VALUE`; `x - 1` iff `MIN_VALUE`;
//! - `toIntExact(x)` iff `(long)(int) x != x`.

use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, GuardKind, Intrinsic, Op, Stamp,
};

/// An exact arithmetic method.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exact {
    Add,
    Subtract,
    Multiply,
    Negate,
    Increment,
    Decrement,
    ToInt,
    Abs,
}

/// The exact method `name descriptor` of `java/lang/Math` or `java/lang/StrictMath`, if it is one.
pub(crate) fn exact_method(class: &str, name: &str, descriptor: &str) -> Option<Exact> {
    if class != "java/lang/Math" && class != "java/lang/StrictMath" {
        return None;
    }
    let kind = match name {
        "addExact" => Exact::Add,
        "subtractExact" => Exact::Subtract,
        "multiplyExact" => Exact::Multiply,
        "negateExact" => Exact::Negate,
        "incrementExact" => Exact::Increment,
        "decrementExact" => Exact::Decrement,
        "toIntExact" => Exact::ToInt,
        "absExact" => Exact::Abs,
        _ => return None,
    };
    let fits = match kind {
        Exact::Add | Exact::Subtract => matches!(descriptor, "(II)I" | "(JJ)J"),
        Exact::Multiply => matches!(descriptor, "(II)I" | "(JJ)J" | "(JI)J"),
        Exact::Negate | Exact::Increment | Exact::Decrement | Exact::Abs => {
            matches!(descriptor, "(I)I" | "(J)J")
        }
        Exact::ToInt => descriptor == "(J)I",
    };
    fits.then_some(kind)
}

/// Nodes to add for an exact method: `(op, stamp, inputs)` where an input is an argument
/// (`Arg(k)`), a constant, or an earlier node of the list (`Node(k)`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum In {
    Arg(usize),
    Int(i32),
    Long(i64),
    Node(usize),
}

/// One node of a lowering: its operation, stamp and inputs.
pub(crate) type Step = (Op, Stamp, Vec<In>);

/// The nodes computing the method's result and its `fits` condition, in order: the result is node
/// `.1`, the condition node `.2` (a `Bool`). `wide` says whether the operands are `long` (for
/// `(JI)J` the second argument is converted first).
pub(crate) fn lowering(kind: Exact, wide: bool, mixed: bool) -> (Vec<Step>, usize, usize) {
    let (s, zero, min, max) = if wide {
        (
            Stamp::Long,
            In::Long(0),
            In::Long(i64::MIN),
            In::Long(i64::MAX),
        )
    } else {
        (Stamp::Int, In::Int(0), In::Int(i32::MIN), In::Int(i32::MAX))
    };
    let one = if wide { In::Long(1) } else { In::Int(1) };
    let bin = |op: BinaryOp, a: In, b: In| (Op::Binary(op), s, vec![a, b]);
    let cmp = |c: Condition, a: In, b: In| (Op::Compare(c), Stamp::Bool, vec![a, b]);
    let conv = |from: Stamp, to: ConvTarget, stamp: Stamp, a: In| {
        (Op::Convert(Conversion { from, to }), stamp, vec![a])
    };
    match kind {
        Exact::Add => (
            vec![
                bin(BinaryOp::Add, In::Arg(0), In::Arg(1)),
                bin(BinaryOp::Xor, In::Arg(0), In::Node(0)),
                bin(BinaryOp::Xor, In::Arg(1), In::Node(0)),
                bin(BinaryOp::And, In::Node(1), In::Node(2)),
                cmp(Condition::Ge, In::Node(3), zero),
            ],
            0,
            4,
        ),
        Exact::Subtract => (
            vec![
                bin(BinaryOp::Sub, In::Arg(0), In::Arg(1)),
                bin(BinaryOp::Xor, In::Arg(0), In::Arg(1)),
                bin(BinaryOp::Xor, In::Arg(0), In::Node(0)),
                bin(BinaryOp::And, In::Node(1), In::Node(2)),
                cmp(Condition::Ge, In::Node(3), zero),
            ],
            0,
            4,
        ),
        Exact::Multiply if !wide => (
            vec![
                conv(Stamp::Int, ConvTarget::Long, Stamp::Long, In::Arg(0)),
                conv(Stamp::Int, ConvTarget::Long, Stamp::Long, In::Arg(1)),
                (
                    Op::Binary(BinaryOp::Mul),
                    Stamp::Long,
                    vec![In::Node(0), In::Node(1)],
                ),
                conv(Stamp::Long, ConvTarget::Int, Stamp::Int, In::Node(2)),
                conv(Stamp::Int, ConvTarget::Long, Stamp::Long, In::Node(3)),
                (
                    Op::Compare(Condition::Eq),
                    Stamp::Bool,
                    vec![In::Node(4), In::Node(2)],
                ),
            ],
            3,
            5,
        ),
        Exact::Multiply => {
            // `(JI)J` widens its second operand first.
            let mut nodes = Vec::new();
            let y = if mixed {
                nodes.push(conv(Stamp::Int, ConvTarget::Long, Stamp::Long, In::Arg(1)));
                In::Node(0)
            } else {
                In::Arg(1)
            };
            let base = nodes.len();
            nodes.push(bin(BinaryOp::Mul, In::Arg(0), y));
            nodes.push((
                Op::Intrinsic(Intrinsic::MultiplyHigh),
                Stamp::Long,
                vec![In::Arg(0), y],
            ));
            nodes.push(bin(BinaryOp::Shr, In::Node(base), In::Int(63)));
            nodes.push(cmp(Condition::Eq, In::Node(base + 1), In::Node(base + 2)));
            (nodes, base, base + 3)
        }
        Exact::Negate => (
            vec![
                (Op::Negate, s, vec![In::Arg(0)]),
                cmp(Condition::Ne, In::Arg(0), min),
            ],
            0,
            1,
        ),
        Exact::Abs => (
            vec![
                (Op::Intrinsic(Intrinsic::Abs), s, vec![In::Arg(0)]),
                cmp(Condition::Ne, In::Arg(0), min),
            ],
            0,
            1,
        ),
        Exact::Increment => (
            vec![
                bin(BinaryOp::Add, In::Arg(0), one),
                cmp(Condition::Ne, In::Arg(0), max),
            ],
            0,
            1,
        ),
        Exact::Decrement => (
            vec![
                bin(BinaryOp::Sub, In::Arg(0), one),
                cmp(Condition::Ne, In::Arg(0), min),
            ],
            0,
            1,
        ),
        Exact::ToInt => (
            vec![
                conv(Stamp::Long, ConvTarget::Int, Stamp::Int, In::Arg(0)),
                conv(Stamp::Int, ConvTarget::Long, Stamp::Long, In::Node(0)),
                (
                    Op::Compare(Condition::Eq),
                    Stamp::Bool,
                    vec![In::Node(1), In::Arg(0)],
                ),
            ],
            0,
            2,
        ),
    }
}

/// The guard kind these methods' checks use.
pub(crate) const GUARD: GuardKind = GuardKind::Overflow;

/// A constant input's value.
pub(crate) fn constant_of(input: In) -> Option<Constant> {
    match input {
        In::Int(v) => Some(Constant::Int(v)),
        In::Long(v) => Some(Constant::Long(v)),
        _ => None,
    }
}
