//! The verifier: the contract between phases. After it passes, phases may index inputs and
//! successors by position without further checks.

use crate::{Graph, NodeId, Op, Stamp};
use thiserror::Error;

/// A broken invariant, naming the node and what is wrong with it.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("graph invariant broken at {node}: {message}")]
pub struct VerifyError {
    /// The offending node.
    pub node: NodeId,
    /// What is wrong.
    pub message: String,
}

fn fail(node: NodeId, message: impl Into<String>) -> Result<(), VerifyError> {
    Err(VerifyError {
        node,
        message: message.into(),
    })
}

/// Checks the structural invariants:
/// - every input and successor is a live node, and use lists match inputs;
/// - fixed nodes have the successor count of their kind, and every fixed node except `Start`,
///   `Merge` and `LoopBegin` has exactly one control predecessor;
/// - `If` has one `Bool` input and `Begin`/`LoopExit` successors;
/// - `Merge` inputs are `End`s; `LoopBegin` inputs are one `End` then `LoopEnd`s; `LoopEnd` and
///   `LoopExit` name a `LoopBegin`;
/// - a `Phi` names a merge and has one value per merge input;
/// - binary arithmetic operands agree with the node's stamp.
pub fn verify(graph: &Graph) -> Result<(), VerifyError> {
    let cap = graph.capacity();
    let mut preds = vec![0u32; cap];
    for id in graph.node_ids() {
        let node = graph.node(id);
        for &input in &node.inputs {
            if !graph.is_live(input) {
                return fail(id, format!("input {input} is not live"));
            }
            let uses_here = node.inputs.iter().filter(|&&i| i == input).count();
            let recorded = graph.usages(input).iter().filter(|&&u| u == id).count();
            if uses_here != recorded {
                return fail(id, format!("use list of {input} out of step"));
            }
        }
        for &succ in &node.successors {
            if !graph.is_live(succ) {
                return fail(id, format!("successor {succ} is not live"));
            }
            if !graph.op(succ).is_fixed() {
                return fail(id, format!("successor {succ} is a floating node"));
            }
            preds[succ.index()] += 1;
        }
        let want_succ = match node.op {
            Op::If => Some(2),
            Op::End | Op::LoopEnd | Op::Return => Some(0),
            ref op if op.is_fixed() => Some(1),
            _ => Some(0),
        };
        if want_succ != Some(node.successors.len()) {
            return fail(
                id,
                format!(
                    "{} has {} successors",
                    node.op.name(),
                    node.successors.len()
                ),
            );
        }
        match node.op {
            Op::If => {
                if node.inputs.len() != 1 || graph.stamp(node.inputs[0]) != Stamp::Bool {
                    return fail(id, "If needs one Bool input");
                }
                for &s in &node.successors {
                    if !matches!(graph.op(s), Op::Begin | Op::LoopExit) {
                        return fail(id, "If successors must be Begin or LoopExit");
                    }
                }
            }
            Op::Merge if node.inputs.iter().any(|&e| *graph.op(e) != Op::End) => {
                return fail(id, "Merge inputs must be End nodes");
            }
            Op::LoopBegin => {
                let ok = node
                    .inputs
                    .first()
                    .is_some_and(|&e| *graph.op(e) == Op::End)
                    && node.inputs[1..]
                        .iter()
                        .all(|&e| *graph.op(e) == Op::LoopEnd);
                if !ok || node.inputs.len() < 2 {
                    return fail(id, "LoopBegin needs an entry End and at least one LoopEnd");
                }
            }
            Op::LoopEnd | Op::LoopExit
                if node.inputs.len() != 1 || *graph.op(node.inputs[0]) != Op::LoopBegin =>
            {
                return fail(id, "must name its LoopBegin");
            }
            Op::Phi => {
                let Some(&merge) = node.inputs.first() else {
                    return fail(id, "Phi without merge");
                };
                if !graph.op(merge).is_merge() {
                    return fail(id, "Phi's first input is not a merge");
                }
                if graph.inputs(merge).len() + 1 != node.inputs.len() {
                    return fail(id, "Phi value count differs from its merge's predecessors");
                }
            }
            Op::Guard(kind) if node.inputs.len() != kind.arity() => {
                return fail(
                    id,
                    format!("{} has {} inputs", node.op.name(), node.inputs.len()),
                );
            }
            Op::HostLoad { elem, .. } => {
                let ok = node.inputs.len() == 2
                    && graph.stamp(node.inputs[0]) == Stamp::Int
                    && graph.stamp(node.inputs[1]) == Stamp::Bool
                    && node.stamp == elem.value_stamp();
                if !ok {
                    return fail(
                        id,
                        "HostLoad needs an int index, a Bool condition and its element's stack stamp",
                    );
                }
            }
            Op::HostDivRem { .. } => {
                let ok = node.inputs.len() == 3
                    && matches!(node.stamp, Stamp::Int | Stamp::Long)
                    && graph.stamp(node.inputs[0]) == node.stamp
                    && graph.stamp(node.inputs[1]) == node.stamp
                    && graph.stamp(node.inputs[2]) == Stamp::Bool;
                if !ok {
                    return fail(
                        id,
                        "HostDivRem needs two int or long operands of its stamp and a Bool condition",
                    );
                }
            }
            Op::VectorLoad(_) | Op::VectorStore(_) => {
                let Some(n) = crate::lanes(graph, id) else {
                    return fail(id, "a vector access needs 2, 4, 8 or 16 lanes");
                };
                if node.inputs[1..=n]
                    .iter()
                    .any(|&i| graph.stamp(i) != Stamp::Int)
                {
                    return fail(id, "a vector access's indices are ints");
                }
            }
            Op::Lane(k) => {
                let ok = node.inputs.len() == 1
                    && matches!(graph.op(node.inputs[0]), Op::VectorLoad(e)
                        if e.value_stamp() == node.stamp)
                    && crate::lanes(graph, node.inputs[0]).is_some_and(|n| usize::from(k) < n);
                if !ok {
                    return fail(
                        id,
                        "Lane needs a lane of a VectorLoad and its element's stamp",
                    );
                }
            }
            Op::BoundsProven if !node.inputs.is_empty() || node.stamp != Stamp::Bool => {
                return fail(id, "BoundsProven is a Bool without inputs");
            }
            Op::ArrayCopy(elem) => {
                let ins = &node.inputs;
                let ok = ins.len() == 5
                    && graph.stamp(ins[0]) == Stamp::Array(elem)
                    && graph.stamp(ins[2]) == Stamp::Array(elem)
                    && [ins[1], ins[3], ins[4]]
                        .iter()
                        .all(|&v| graph.stamp(v) == Stamp::Int)
                    && node.stamp == Stamp::Void;
                if !ok {
                    return fail(
                        id,
                        "ArrayCopy needs two arrays of its element type, int positions and count",
                    );
                }
            }
            Op::Identity(_) if !node.inputs.is_empty() || node.stamp != Stamp::Int => {
                return fail(id, "Identity is an int without inputs");
            }
            Op::RepeatIndex | Op::RepeatCount
                if !node.inputs.is_empty() || node.stamp != Stamp::Int =>
            {
                return fail(id, "RepeatIndex and RepeatCount are ints without inputs");
            }
            Op::Select => {
                let ok = node.inputs.len() == 3
                    && graph.stamp(node.inputs[0]) == Stamp::Bool
                    && node.inputs[1..]
                        .iter()
                        .all(|&v| graph.stamp(v) == node.stamp);
                if !ok {
                    return fail(
                        id,
                        "Select needs a Bool condition and two values of its stamp",
                    );
                }
            }
            Op::Binary(op) => {
                if node.inputs.len() != 2 {
                    return fail(id, "binary node needs two inputs");
                }
                let shift = matches!(
                    op,
                    crate::BinaryOp::Shl | crate::BinaryOp::Shr | crate::BinaryOp::Ushr
                );
                let x = graph.stamp(node.inputs[0]);
                let y = graph.stamp(node.inputs[1]);
                if x != node.stamp || (!shift && y != node.stamp) || (shift && y != Stamp::Int) {
                    return fail(
                        id,
                        format!("operand stamps {x}, {y} for a {} node", node.stamp),
                    );
                }
            }
            _ => {}
        }
    }
    for id in graph.node_ids() {
        let op = graph.op(id);
        if !op.is_fixed() {
            continue;
        }
        let expected = match op {
            Op::Start | Op::Merge | Op::LoopBegin => 0,
            _ => 1,
        };
        if preds[id.index()] != expected {
            return fail(
                id,
                format!(
                    "{} has {} control predecessors",
                    op.name(),
                    preds[id.index()]
                ),
            );
        }
    }
    Ok(())
}
