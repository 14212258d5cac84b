//! `canonicalize`: constant folding with Java's integer semantics, simple algebra, global value
//! numbering of floating nodes, and removal of floating nodes nobody uses.
//!
//! Only floating nodes are rewritten: fixed nodes (array accesses, integer division) may throw and
//! stay where the bytecode put them. Floating-point arithmetic is folded only where the result is
//! exactly what Java computes (Rust's `f32`/`f64` `+ - * /` are IEEE round-to-nearest, as Java's).

use ferrocl_graph::MethodGraph;
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, Graph, Intrinsic, NodeId, Op, Stamp,
};
use std::collections::HashMap;

/// Runs folding, value numbering and dead-code removal to a fixed point.
pub fn canonicalize(mg: &mut MethodGraph) {
    canonicalize_with(mg, true);
}

/// Like [`canonicalize`]; value numbering only when `gvn` is set. Returns how many floating nodes
/// value numbering replaced by an equal one.
pub fn canonicalize_with(mg: &mut MethodGraph, gvn: bool) -> usize {
    float_safe_divisions(mg);
    let mut merged = 0;
    let mut rounds = 0;
    loop {
        let folded = fold_constants(&mut mg.graph) | fold_selects(&mut mg.graph);
        let (numbered, computations) = if gvn {
            value_number(&mut mg.graph)
        } else {
            (false, 0)
        };
        merged += computations;
        rounds += 1;
        if rounds >= 16 || !(folded || numbered) {
            break;
        }
    }
    remove_dead_floating(&mut mg.graph);
    merged
}

fn constant_of(g: &Graph, id: NodeId) -> Option<Constant> {
    match g.op(id) {
        Op::Constant(c) => Some(*c),
        _ => None,
    }
}

/// Folds a binary operation on two constants; `None` when not foldable.
pub fn fold_binary(op: BinaryOp, x: Constant, y: Constant) -> Option<Constant> {
    use Constant::*;
    Some(match (x, y) {
        (Int(a), Int(b)) => Int(match op {
            BinaryOp::Add => a.wrapping_add(b),
            BinaryOp::Sub => a.wrapping_sub(b),
            BinaryOp::Mul => a.wrapping_mul(b),
            BinaryOp::Shl => a.wrapping_shl((b & 31) as u32),
            BinaryOp::Shr => a.wrapping_shr((b & 31) as u32),
            BinaryOp::Ushr => ((a as u32) >> (b & 31)) as i32,
            BinaryOp::And => a & b,
            BinaryOp::Or => a | b,
            BinaryOp::Xor => a ^ b,
            BinaryOp::Div if b != 0 => a.wrapping_div(b),
            BinaryOp::Rem if b != 0 => a.wrapping_rem(b),
            BinaryOp::Div | BinaryOp::Rem => return None,
        }),
        (Long(a), Long(b)) => Long(match op {
            BinaryOp::Div if b != 0 => a.wrapping_div(b),
            BinaryOp::Rem if b != 0 => a.wrapping_rem(b),
            BinaryOp::Add => a.wrapping_add(b),
            BinaryOp::Sub => a.wrapping_sub(b),
            BinaryOp::Mul => a.wrapping_mul(b),
            BinaryOp::And => a & b,
            BinaryOp::Or => a | b,
            BinaryOp::Xor => a ^ b,
            _ => return None,
        }),
        (Long(a), Int(b)) => Long(match op {
            BinaryOp::Shl => a.wrapping_shl((b & 63) as u32),
            BinaryOp::Shr => a.wrapping_shr((b & 63) as u32),
            BinaryOp::Ushr => ((a as u64) >> (b & 63)) as i64,
            _ => return None,
        }),
        // `%` on floating point is Java's (JLS §15.17.3): truncating, the dividend's sign, exact,
        // which is Rust's `%` (C's `fmod`).
        (Float(a), Float(b)) => Float(match op {
            BinaryOp::Add => a + b,
            BinaryOp::Sub => a - b,
            BinaryOp::Mul => a * b,
            BinaryOp::Div => a / b,
            BinaryOp::Rem => a % b,
            _ => return None,
        }),
        (Double(a), Double(b)) => Double(match op {
            BinaryOp::Add => a + b,
            BinaryOp::Sub => a - b,
            BinaryOp::Mul => a * b,
            BinaryOp::Div => a / b,
            BinaryOp::Rem => a % b,
            _ => return None,
        }),
        _ => return None,
    })
}

/// Folds a primitive conversion of a constant as the JVM makes it (JLS §5.1.2, §5.1.3: float to
/// integer saturates and takes NaN to 0, which Rust's `as` does too; integer to floating point
/// rounds to nearest); `None` when the constant is not of the conversion's source type.
pub fn fold_conversion(conv: Conversion, c: Constant) -> Option<Constant> {
    use Constant::*;
    let to = conv.to;
    Some(match (c, to) {
        (Int(v), ConvTarget::Int) => Int(v),
        (Int(v), ConvTarget::Long) => Long(i64::from(v)),
        (Int(v), ConvTarget::Float) => Float(v as f32),
        (Int(v), ConvTarget::Double) => Double(f64::from(v)),
        (Int(v), ConvTarget::Byte) => Int(i32::from(v as i8)),
        (Int(v), ConvTarget::Char) => Int(i32::from(v as u16)),
        (Int(v), ConvTarget::Short) => Int(i32::from(v as i16)),
        (Long(v), ConvTarget::Int) => Int(v as i32),
        (Long(v), ConvTarget::Long) => Long(v),
        (Long(v), ConvTarget::Float) => Float(v as f32),
        (Long(v), ConvTarget::Double) => Double(v as f64),
        (Float(v), ConvTarget::Int) => Int(v as i32),
        (Float(v), ConvTarget::Long) => Long(v as i64),
        (Float(v), ConvTarget::Float) => Float(v),
        (Float(v), ConvTarget::Double) => Double(f64::from(v)),
        (Double(v), ConvTarget::Int) => Int(v as i32),
        (Double(v), ConvTarget::Long) => Long(v as i64),
        (Double(v), ConvTarget::Float) => Float(v as f32),
        (Double(v), ConvTarget::Double) => Double(v),
        _ => return None,
    })
}

/// An integer division or remainder by a non-zero constant cannot throw (`MIN_VALUE / -1` wraps), so
/// it leaves the control chain and floats like other arithmetic: bounds such as `n / 2` become
/// computable on the host, and GVN and code motion apply to it.
fn float_safe_divisions(mg: &mut MethodGraph) {
    let g = &mg.graph;
    let divisions: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| matches!(g.op(n), Op::IntegerDivRem { .. }))
        .filter(|&n| {
            matches!(
                g.op(g.inputs(n)[1]),
                Op::Constant(Constant::Int(v)) if *v != 0
            ) || matches!(g.op(g.inputs(n)[1]), Op::Constant(Constant::Long(v)) if *v != 0)
        })
        .collect();
    for n in divisions {
        let g = &mut mg.graph;
        let Op::IntegerDivRem { rem } = *g.op(n) else {
            continue;
        };
        if g.next(n).is_none() {
            continue;
        }
        let op = if rem { BinaryOp::Rem } else { BinaryOp::Div };
        let inputs = g.inputs(n).to_vec();
        let floating = g.add(Op::Binary(op), g.stamp(n), inputs);
        g.replace_at_usages(n, floating);
        mg.inherit_source(n, floating);
        mg.graph.remove_fixed(n);
    }
}

fn fold_constants(g: &mut Graph) -> bool {
    let mut changed = false;
    let ids: Vec<NodeId> = g.node_ids().collect();
    for id in ids {
        if !g.is_live(id) || g.usages(id).is_empty() {
            continue;
        }
        let replacement = match g.op(id).clone() {
            Op::Binary(op) => {
                let (x, y) = (g.inputs(id)[0], g.inputs(id)[1]);
                match (constant_of(g, x), constant_of(g, y)) {
                    (Some(a), Some(b)) => fold_binary(op, a, b).map(Err),
                    // x + 0, x - 0, x | 0, x ^ 0, x << 0 … for integers only (for floats,
                    // -0.0 + 0.0 is +0.0, so x + 0.0 is not x).
                    (None, Some(Constant::Int(0))) | (None, Some(Constant::Long(0)))
                        if matches!(
                            op,
                            BinaryOp::Add
                                | BinaryOp::Sub
                                | BinaryOp::Or
                                | BinaryOp::Xor
                                | BinaryOp::Shl
                                | BinaryOp::Shr
                                | BinaryOp::Ushr
                        ) && matches!(g.stamp(id), Stamp::Int | Stamp::Long) =>
                    {
                        Some(Ok(x))
                    }
                    (None, Some(Constant::Int(1))) | (None, Some(Constant::Long(1)))
                        if op == BinaryOp::Mul =>
                    {
                        Some(Ok(x))
                    }
                    _ => None,
                }
            }
            Op::Negate => match constant_of(g, g.inputs(id)[0]) {
                Some(Constant::Int(a)) => Some(Err(Constant::Int(a.wrapping_neg()))),
                Some(Constant::Long(a)) => Some(Err(Constant::Long(a.wrapping_neg()))),
                Some(Constant::Float(a)) => Some(Err(Constant::Float(-a))),
                Some(Constant::Double(a)) => Some(Err(Constant::Double(-a))),
                _ => None,
            },
            Op::Convert(conv) => constant_of(g, g.inputs(id)[0])
                .and_then(|c| fold_conversion(conv, c))
                .map(Err),
            // `Math.min`/`max` of two integer constants (a private array's length
            // `new int[Math.max(2, K)]`); floating point keeps its NaN and signed-zero rules unfolded.
            Op::Intrinsic(which @ (Intrinsic::Min | Intrinsic::Max)) => {
                let ins = g.inputs(id);
                let min = which == Intrinsic::Min;
                match (constant_of(g, ins[0]), constant_of(g, ins[1])) {
                    (Some(Constant::Int(a)), Some(Constant::Int(b))) => {
                        Some(Err(Constant::Int(if min { a.min(b) } else { a.max(b) })))
                    }
                    (Some(Constant::Long(a)), Some(Constant::Long(b))) => {
                        Some(Err(Constant::Long(if min { a.min(b) } else { a.max(b) })))
                    }
                    _ => None,
                }
            }
            // A comparison of two constants (`System.arraycopy`'s tests of constant positions).
            Op::Compare(cond) => {
                let (x, y) = (g.inputs(id)[0], g.inputs(id)[1]);
                match (constant_of(g, x), constant_of(g, y)) {
                    (Some(a), Some(b)) => crate::parallel::compare_constants(cond, a, b).map(|v| {
                        Ok(g.add(
                            Op::Constant(Constant::Int(i32::from(v))),
                            Stamp::Bool,
                            vec![],
                        ))
                    }),
                    _ => None,
                }
            }
            // IEEE's exactly rounded functions of a constant (not where the result is a NaN, whose
            // bits are the machine's: the payload passed through, or the default NaN of a negative
            // square root).
            Op::Intrinsic(
                which @ (Intrinsic::Floor | Intrinsic::Ceil | Intrinsic::Rint | Intrinsic::Sqrt),
            ) => match constant_of(g, g.inputs(id)[0]) {
                Some(Constant::Double(x))
                    if !(x.is_nan() || (which == Intrinsic::Sqrt && x < 0.0)) =>
                {
                    Some(Err(Constant::Double(match which {
                        Intrinsic::Floor => x.floor(),
                        Intrinsic::Ceil => x.ceil(),
                        Intrinsic::Rint => x.round_ties_even(),
                        _ => x.sqrt(),
                    })))
                }
                Some(Constant::Float(x))
                    if !(x.is_nan() || x < 0.0) && which == Intrinsic::Sqrt =>
                {
                    Some(Err(Constant::Float(x.sqrt())))
                }
                _ => None,
            },
            // A known condition picks its operand; equal operands need no condition.
            Op::Select => {
                let (c, x, y) = (g.inputs(id)[0], g.inputs(id)[1], g.inputs(id)[2]);
                match constant_of(g, c) {
                    Some(Constant::Int(v)) => Some(Ok(if v != 0 { x } else { y })),
                    _ if x == y => Some(Ok(x)),
                    _ => None,
                }
            }
            _ => None,
        };
        let new = match replacement {
            Some(Ok(existing)) => existing,
            Some(Err(c)) => g.add(Op::Constant(c), c.stamp(), vec![]),
            None => continue,
        };
        g.replace_at_usages(id, new);
        changed = true;
    }
    changed
}

/// Simplifies the selects that if-conversion leaves: a negated condition chosen on is the
/// condition with the operands swapped; a negated integer comparison is the opposite comparison
/// (not for floating point, where a NaN makes both false); `c ? true : false` is `c`; a
/// comparison of `c ? k1 : k2` (two different constants) with a constant is `c`, its negation or a
/// constant. Returns whether anything changed.
fn fold_selects(g: &mut Graph) -> bool {
    let mut changed = false;
    let ids: Vec<NodeId> = g.node_ids().collect();
    for id in ids {
        if !g.is_live(id) || g.usages(id).is_empty() {
            continue;
        }
        let inputs = g.inputs(id).to_vec();
        let replacement = match g.op(id).clone() {
            Op::Select => {
                let (c, a, b) = (inputs[0], inputs[1], inputs[2]);
                if let Some(inner) = negated(g, c) {
                    Some(g.add(Op::Select, g.stamp(id), vec![inner, b, a]))
                } else if g.stamp(id) == Stamp::Bool
                    && bool_constant(g, a) == Some(true)
                    && bool_constant(g, b) == Some(false)
                {
                    Some(c)
                } else if g.stamp(id) == Stamp::Bool
                    && bool_constant(g, a) == Some(false)
                    && bool_constant(g, b) == Some(true)
                {
                    match g.op(c).clone() {
                        Op::Compare(cond)
                            if matches!(g.stamp(g.inputs(c)[0]), Stamp::Int | Stamp::Long) =>
                        {
                            let operands = g.inputs(c).to_vec();
                            Some(g.add(Op::Compare(cond.negate()), Stamp::Bool, operands))
                        }
                        _ => None,
                    }
                } else {
                    None
                }
            }
            Op::Compare(cond @ (Condition::Eq | Condition::Ne)) => {
                let (x, k) = (inputs[0], inputs[1]);
                match (g.op(x).clone(), constant_of(g, k)) {
                    (Op::Select, Some(Constant::Int(k))) if g.stamp(x) == Stamp::Int => {
                        let s = g.inputs(x).to_vec();
                        match (constant_of(g, s[1]), constant_of(g, s[2])) {
                            (Some(Constant::Int(k1)), Some(Constant::Int(k2))) if k1 != k2 => {
                                // Whether the comparison holds when the condition does / does not.
                                let eq = cond == Condition::Eq;
                                let (when, unless) = ((k1 == k) == eq, (k2 == k) == eq);
                                let constant = |g: &mut Graph, v: bool| {
                                    g.add(
                                        Op::Constant(Constant::Int(i32::from(v))),
                                        Stamp::Bool,
                                        vec![],
                                    )
                                };
                                Some(match (when, unless) {
                                    (true, false) => s[0],
                                    (false, true) => {
                                        let (f, t) = (constant(g, false), constant(g, true));
                                        g.add(Op::Select, Stamp::Bool, vec![s[0], f, t])
                                    }
                                    (v, _) => constant(g, v),
                                })
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(new) = replacement {
            if new != id {
                g.replace_at_usages(id, new);
                changed = true;
            }
        }
    }
    changed
}

/// `c` when `n` is `c ? false : true`.
fn negated(g: &Graph, n: NodeId) -> Option<NodeId> {
    if *g.op(n) != Op::Select {
        return None;
    }
    let s = g.inputs(n);
    (bool_constant(g, s[1]) == Some(false) && bool_constant(g, s[2]) == Some(true)).then(|| s[0])
}

fn bool_constant(g: &Graph, n: NodeId) -> Option<bool> {
    match (g.op(n), g.stamp(n)) {
        (Op::Constant(Constant::Int(v)), Stamp::Bool) => Some(*v != 0),
        _ => None,
    }
}

/// Key for value numbering: operation, stamp and inputs. Constants compare by bits.
#[derive(PartialEq, Eq, Hash)]
struct Key {
    op: String,
    stamp: Stamp,
    inputs: Vec<NodeId>,
}

/// Replaces each floating node equal to an earlier one by it; returns whether any was, and how many
/// of them were computations (not constants).
fn value_number(g: &mut Graph) -> (bool, usize) {
    let mut changed = false;
    let mut computations = 0;
    let mut seen: HashMap<Key, NodeId> = HashMap::new();
    let ids: Vec<NodeId> = g.node_ids().collect();
    for id in ids {
        if !g.is_live(id) {
            continue;
        }
        let op = g.op(id);
        // Phis belong to their merge; parameters are distinct by index already.
        if op.is_fixed() || matches!(op, Op::Phi) {
            continue;
        }
        let op_key = match op {
            Op::Constant(Constant::Float(f)) => format!("f{:08x}", f.to_bits()),
            Op::Constant(Constant::Double(d)) => format!("d{:016x}", d.to_bits()),
            other => format!("{other:?}"),
        };
        let mut inputs = g.inputs(id).to_vec();
        if let Op::Binary(b) = op {
            if b.is_commutative() {
                inputs.sort();
            }
        }
        let key = Key {
            op: op_key,
            stamp: g.stamp(id),
            inputs,
        };
        match seen.get(&key) {
            Some(&existing) => {
                if !g.usages(id).is_empty() {
                    if !matches!(g.op(id), Op::Constant(_)) {
                        computations += 1;
                    }
                    changed = true;
                    g.replace_at_usages(id, existing);
                }
            }
            None => {
                seen.insert(key, id);
            }
        }
    }
    (changed, computations)
}

/// Removes floating nodes (other than parameters) with no users, transitively.
pub(crate) fn remove_dead_floating(g: &mut Graph) {
    loop {
        let dead: Vec<NodeId> = g
            .node_ids()
            .filter(|&id| {
                let op = g.op(id);
                // A read or a division before the loops stays when its value is unused: the host
                // still makes it, and Java throws where it is out of bounds or divides by zero.
                // (So does the counter of a loop around the @Parallel loops, which every repeated
                // kernel is passed.)
                !op.is_fixed()
                    && !matches!(
                        op,
                        Op::Parameter(_)
                            | Op::HostLoad { .. }
                            | Op::HostDivRem { .. }
                            | Op::RepeatIndex
                    )
                    && g.usages(id).iter().all(|&u| u == id)
            })
            .collect();
        if dead.is_empty() {
            break;
        }
        for id in dead {
            g.replace_at_usages(id, id);
            g.kill(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_with_java_semantics() {
        use Constant::*;
        assert_eq!(
            fold_binary(BinaryOp::Add, Int(i32::MAX), Int(1)),
            Some(Int(i32::MIN))
        );
        assert_eq!(fold_binary(BinaryOp::Shl, Int(1), Int(33)), Some(Int(2)));
        assert_eq!(fold_binary(BinaryOp::Ushr, Int(-1), Int(28)), Some(Int(15)));
        assert_eq!(fold_binary(BinaryOp::Shr, Int(-16), Int(2)), Some(Int(-4)));
        assert_eq!(fold_binary(BinaryOp::Shl, Long(1), Int(65)), Some(Long(2)));
        assert_eq!(fold_binary(BinaryOp::Div, Int(1), Int(0)), None);
        assert_eq!(fold_binary(BinaryOp::Div, Int(-7), Int(2)), Some(Int(-3)));
        assert_eq!(fold_binary(BinaryOp::Rem, Int(-7), Int(2)), Some(Int(-1)));
        assert_eq!(
            fold_binary(BinaryOp::Div, Int(i32::MIN), Int(-1)),
            Some(Int(i32::MIN))
        );
        assert_eq!(
            fold_binary(BinaryOp::Rem, Long(i64::MIN), Long(-1)),
            Some(Long(0))
        );
        assert_eq!(
            fold_binary(BinaryOp::Mul, Long(i64::MAX), Long(2)),
            Some(Long(-2))
        );
    }

    /// Floating-point `%` as JLS §15.17.3 defines it: truncating, the dividend's sign, NaN for a
    /// zero divisor or an infinite dividend, the dividend for an infinite divisor.
    #[test]
    fn folds_floating_remainders_as_java() {
        use Constant::*;
        let f = |a: f32, b: f32| match fold_binary(BinaryOp::Rem, Float(a), Float(b)) {
            Some(Float(v)) => v,
            other => panic!("{other:?}"),
        };
        assert_eq!(f(7.5, 2.0), 1.5);
        assert_eq!(f(-7.5, 2.0), -1.5);
        assert_eq!(f(7.5, -2.0), 1.5);
        assert!(f(1.0, 0.0).is_nan());
        assert!(f(f32::INFINITY, 2.0).is_nan());
        assert_eq!(f(5.0, f32::INFINITY), 5.0);
        assert_eq!(f(-0.0, 3.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(
            fold_binary(BinaryOp::Rem, Double(7.25), Double(2.0)),
            Some(Double(1.25))
        );
    }
}
