//! `narrow_float`: one double operation on float values, rounded back to float, becomes the float
//! operation itself.
//!
//! Java code on `float` data often computes in `double` and rounds once: `(float) Math.sqrt(d2)`
//! with `d2` a float (there is no `Math.sqrt(float)`), or `(float) (x * 0.5)` with a double
//! literal. On a GPU a double square root or division costs several times its float counterpart.
//!
//! Why it is exact: for `+ - * /` and square root, rounding the exact result first to a binary
//! format of `p'` significand bits and then to one of `p` bits gives the same value as rounding it
//! once to `p` bits whenever `p' >= 2p + 2` (Figueroa, "When is double rounding innocuous?",
//! SIGNUM 1995; round to nearest even, as Java and OpenCL both use). Double has `p' = 53`, float
//! `p = 24`, and `53 >= 50`. The float overflow threshold (half an ulp above `Float.MAX_VALUE`) is
//! one more such midpoint, and double's range holds every exact result of two floats without
//! overflow or loss to underflow, so infinities and subnormal results come out the same too.
//! `%` (`fmod`) is exact in either format, so its float result is the double one. A double
//! constant counts as a float operand only when it converts to float and back unchanged (NaN
//! constants are left alone). `(float)(double) x` is `x` itself.
//!
//! What the device must do for this to hold is what it must do for any float code Ferrocl emits:
//! IEEE `+ - *`, correctly rounded float `/` and `sqrt` (`-cl-fp32-correctly-rounded-divide-sqrt`,
//! or the double-and-round fallback the writer prints without it) and float subnormals kept.
//!
//! `Math.sin`, `cos`, `tan`, `exp` and `log` of a widened float, rounded to float, become the same
//! intrinsic on the float: the writer prints its narrowed function (`libm/narrow*.cl`), which
//! returns exactly the float that the double function rounds to, for every float argument (a fast
//! double evaluation accepted by a rounding test, the double function itself otherwise; checked
//! for all 2^32 floats by `scripts/float-proof.sh`). `StrictMath`'s are left alone.
//!
//! Only the single operation directly under the `d2f` changes: `(float)(a * b + c)` in double is
//! two roundings in double and one in float, which float arithmetic does not reproduce, and it is
//! left as it is.

use ferrocl_graph::{
    BinaryOp, Constant, ConvTarget, Conversion, Graph, Intrinsic, MethodGraph, NodeId, Op, Stamp,
};

/// Rewrites every `d2f` of a narrowable double operation; returns how many were rewritten. The
/// float node takes the `d2f`'s name and origin.
pub fn narrow_float(mg: &mut MethodGraph) -> usize {
    let pairs = narrow_float_graph(&mut mg.graph);
    for &(d2f, float) in &pairs {
        mg.inherit_source(d2f, float);
    }
    pairs.len()
}

/// The rewrite on a bare graph: the `(d2f, float node)` pairs, the `d2f`s' users now reading the
/// float nodes (the `d2f`s and double operations stay until dead-code removal).
pub fn narrow_float_graph(g: &mut Graph) -> Vec<(NodeId, NodeId)> {
    let candidates: Vec<NodeId> = g.node_ids().filter(|&n| is_d2f(g, n)).collect();
    let mut pairs = Vec::new();
    for n in candidates {
        if let Some(float) = narrowed_value(g, n) {
            g.replace_at_usages(n, float);
            pairs.push((n, float));
        }
    }
    pairs
}

fn is_d2f(g: &Graph, n: NodeId) -> bool {
    matches!(
        g.op(n),
        Op::Convert(Conversion {
            from: Stamp::Double,
            to: ConvTarget::Float,
        })
    )
}

/// The float node computing what `d2f` node `n` computes, when there is one.
fn narrowed_value(g: &mut Graph, n: NodeId) -> Option<NodeId> {
    let d = *g.inputs(n).first()?;
    if let Some(x) = widened_float(g, d) {
        // `(float)(double) x` is `x`; a constant double that is a float is that float.
        return Some(x.into_node(g));
    }
    let (op, operands) = match g.op(d) {
        Op::Binary(
            op @ (BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem),
        ) => (Op::Binary(*op), g.inputs(d).to_vec()),
        Op::Intrinsic(
            i @ (Intrinsic::Sqrt
            | Intrinsic::Sin
            | Intrinsic::Cos
            | Intrinsic::Tan
            | Intrinsic::Exp
            | Intrinsic::Log),
        ) => (Op::Intrinsic(*i), g.inputs(d).to_vec()),
        _ => return None,
    };
    if g.stamp(d) != Stamp::Double {
        return None;
    }
    let floats: Vec<FloatOperand> = operands
        .iter()
        .map(|&o| widened_float(g, o))
        .collect::<Option<_>>()?;
    let inputs: Vec<NodeId> = floats.into_iter().map(|f| f.into_node(g)).collect();
    Some(g.add(op, Stamp::Float, inputs))
}

/// A float whose widening to double is a given double value.
enum FloatOperand {
    /// An existing float node (`f2d` of it was the double).
    Node(NodeId),
    /// A double constant that is exactly this float.
    Constant(f32),
}

impl FloatOperand {
    fn into_node(self, g: &mut Graph) -> NodeId {
        match self {
            FloatOperand::Node(n) => n,
            FloatOperand::Constant(c) => {
                g.add(Op::Constant(Constant::Float(c)), Stamp::Float, Vec::new())
            }
        }
    }
}

/// `Some` when double node `d` is exactly a float value: `f2d` of a float node, or a double
/// constant that converts to float and back unchanged (not NaN).
fn widened_float(g: &Graph, d: NodeId) -> Option<FloatOperand> {
    match g.op(d) {
        Op::Convert(Conversion {
            from: Stamp::Float,
            to: ConvTarget::Double,
        }) => Some(FloatOperand::Node(*g.inputs(d).first()?)),
        Op::Constant(Constant::Double(v)) => {
            let f = *v as f32;
            // `-0.0` and `0.0` compare equal: the sign must survive too.
            (!v.is_nan() && f64::from(f) == *v && f.is_sign_negative() == v.is_sign_negative())
                .then_some(FloatOperand::Constant(f))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f2d(g: &mut Graph, x: NodeId) -> NodeId {
        let c = Conversion {
            from: Stamp::Float,
            to: ConvTarget::Double,
        };
        g.add(Op::Convert(c), Stamp::Double, vec![x])
    }

    fn d2f(g: &mut Graph, x: NodeId) -> NodeId {
        let c = Conversion {
            from: Stamp::Double,
            to: ConvTarget::Float,
        };
        g.add(Op::Convert(c), Stamp::Float, vec![x])
    }

    fn double(g: &mut Graph, v: f64) -> NodeId {
        g.add(Op::Constant(Constant::Double(v)), Stamp::Double, vec![])
    }

    /// A float parameter, an operation on its widening, the `d2f`, and a user of it.
    fn shape(op: Op, constant: Option<f64>) -> (Graph, NodeId, NodeId) {
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Float, vec![]);
        let wide = f2d(&mut g, x);
        let mut inputs = vec![wide];
        if !matches!(op, Op::Intrinsic(_)) {
            let other = match constant {
                Some(v) => double(&mut g, v),
                None => wide,
            };
            inputs.push(other);
        }
        let d = g.add(op, Stamp::Double, inputs);
        let narrow = d2f(&mut g, d);
        let user = g.add(Op::Return, Stamp::Void, vec![narrow]);
        (g, x, user)
    }

    fn rewritten(g: &Graph, user: NodeId) -> (Op, Stamp, Vec<NodeId>) {
        let v = g.inputs(user)[0];
        (g.op(v).clone(), g.stamp(v), g.inputs(v).to_vec())
    }

    #[test]
    fn sqrt_of_a_widened_float_becomes_a_float_sqrt() {
        let (mut g, x, user) = shape(Op::Intrinsic(Intrinsic::Sqrt), None);
        assert_eq!(narrow_float_graph(&mut g).len(), 1);
        assert_eq!(
            rewritten(&g, user),
            (Op::Intrinsic(Intrinsic::Sqrt), Stamp::Float, vec![x])
        );
    }

    #[test]
    fn every_exact_binary_operation_narrows() {
        for op in [
            BinaryOp::Add,
            BinaryOp::Sub,
            BinaryOp::Mul,
            BinaryOp::Div,
            BinaryOp::Rem,
        ] {
            let (mut g, x, user) = shape(Op::Binary(op), None);
            assert_eq!(narrow_float_graph(&mut g).len(), 1, "{op:?}");
            assert_eq!(
                rewritten(&g, user),
                (Op::Binary(op), Stamp::Float, vec![x, x])
            );
        }
    }

    #[test]
    fn a_double_constant_counts_only_when_it_is_a_float() {
        for (v, narrows) in [
            (0.5, true),
            (-0.0, true),
            (f64::INFINITY, true),
            (f64::from(f32::MAX), true),
            (f64::from(f32::from_bits(1)), true),
            (0.1, false),
            (f64::MAX, false),
            (1e-300, false),
            (f64::NAN, false),
        ] {
            let (mut g, x, user) = shape(Op::Binary(BinaryOp::Mul), Some(v));
            let n = narrow_float_graph(&mut g).len();
            assert_eq!(n == 1, narrows, "{v}");
            if narrows {
                let (op, stamp, inputs) = rewritten(&g, user);
                assert_eq!((op, stamp), (Op::Binary(BinaryOp::Mul), Stamp::Float));
                assert_eq!(inputs[0], x);
                let Op::Constant(Constant::Float(c)) = *g.op(inputs[1]) else {
                    panic!("no float constant")
                };
                assert_eq!(c.to_bits(), (v as f32).to_bits());
            }
        }
    }

    #[test]
    fn a_round_trip_is_the_float_itself() {
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Float, vec![]);
        let wide = f2d(&mut g, x);
        let narrow = d2f(&mut g, wide);
        let user = g.add(Op::Return, Stamp::Void, vec![narrow]);
        assert_eq!(narrow_float_graph(&mut g).len(), 1);
        assert_eq!(g.inputs(user)[0], x);
    }

    #[test]
    fn two_double_operations_or_a_double_operand_stay() {
        // (float)((double)x * (double)x + (double)x): two roundings in double.
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Float, vec![]);
        let wide = f2d(&mut g, x);
        let product = g.add(Op::Binary(BinaryOp::Mul), Stamp::Double, vec![wide, wide]);
        let sum = g.add(
            Op::Binary(BinaryOp::Add),
            Stamp::Double,
            vec![product, wide],
        );
        let narrow = d2f(&mut g, sum);
        g.add(Op::Return, Stamp::Void, vec![narrow]);
        // (float)((double)x * y) with y a double parameter.
        let y = g.add(Op::Parameter(1), Stamp::Double, vec![]);
        let mixed = g.add(Op::Binary(BinaryOp::Mul), Stamp::Double, vec![wide, y]);
        let narrow2 = d2f(&mut g, mixed);
        g.add(Op::Return, Stamp::Void, vec![narrow2]);
        // (float)StrictMath.exp((double)x): fdlibm's bits, no narrowed version.
        let exp = g.add(
            Op::Intrinsic(Intrinsic::StrictExp),
            Stamp::Double,
            vec![wide],
        );
        let narrow3 = d2f(&mut g, exp);
        g.add(Op::Return, Stamp::Void, vec![narrow3]);
        // (float)Math.pow((double)x, (double)x): no narrowed version.
        let pow = g.add(
            Op::Intrinsic(Intrinsic::Pow),
            Stamp::Double,
            vec![wide, wide],
        );
        let narrow4 = d2f(&mut g, pow);
        g.add(Op::Return, Stamp::Void, vec![narrow4]);
        assert!(narrow_float_graph(&mut g).is_empty());
    }

    #[test]
    fn narrowed_functions_narrow() {
        for i in [
            Intrinsic::Sin,
            Intrinsic::Cos,
            Intrinsic::Tan,
            Intrinsic::Exp,
            Intrinsic::Log,
        ] {
            let (mut g, x, user) = shape(Op::Intrinsic(i), None);
            assert_eq!(narrow_float_graph(&mut g).len(), 1, "{i:?}");
            assert_eq!(
                rewritten(&g, user),
                (Op::Intrinsic(i), Stamp::Float, vec![x]),
                "{i:?}"
            );
        }
    }
}
