//! Coherent branches (phase `coherentBranches`): in a 1-D kernel whose sequential loop branches on
//! the parity of the parallel index (Java Grande's Series alternates cosine and sine coefficients:
//! `kind = i % 2 == 1 ? 1 : 2`, then `switch (kind)` in its integration loop), neighbouring
//! work-items take opposite branches, so every warp runs both sides of the branch in every
//! iteration. The kernel then numbers its iterations differently: work-item `g` of a launch of
//! `count` runs iteration `t = 2g` for `g < ceil(count / 2)` and `t = 2(g - ceil(count / 2)) + 1`
//! after it, so that the first half of the work-items (and of every warp but the one at the seam)
//! runs the even iterations and the second half the odd ones.
//!
//! Why the results are Java's: the iterations of a `@Parallel` loop are independent (that is what
//! the annotation asserts, and what every other launch order already relies on), the map is a
//! bijection of `[0, count)` (`2g <= 2(ceil(count / 2) - 1) <= count - 1`, and
//! `2(g - ceil(count / 2)) + 1 <= 2 floor(count / 2) - 1 <= count - 1`), and each iteration computes the same index
//! `start + t * step` as before, so every host-side proof over the launch's range, every window of
//! a batch and every device share holds as it did. A failed check discards the launch's results
//! whatever the order (the JVM reruns the method).
//!
//! Applied only where it pays: the step is odd (else the parity does not change from one
//! iteration to the next), and a branch inside a sequential loop of the body depends on the parity
//! (through values, or through a phi merging the two sides of a branch on it). The price is that
//! consecutive work-items touch every other element of arrays indexed by `i` (twice the memory
//! transactions for those accesses), which a loop that runs both sides of a branch in every
//! iteration repays many times.

use crate::structure::{Cfg, Exit};
use ferrocl_graph::{BinaryOp, Constant, Graph, NodeId, Op};
use std::collections::HashSet;

/// Whether `n` is `index`, or `index` plus or minus a constant.
fn offset_of_index(g: &Graph, n: NodeId, index: NodeId) -> bool {
    if n == index {
        return true;
    }
    let ins = g.inputs(n);
    let constant = |x: NodeId| matches!(g.op(x), Op::Constant(Constant::Int(_)));
    match g.op(n) {
        Op::Binary(BinaryOp::Add) => {
            (ins[0] == index && constant(ins[1])) || (ins[1] == index && constant(ins[0]))
        }
        Op::Binary(BinaryOp::Sub) => ins[0] == index && constant(ins[1]),
        _ => false,
    }
}

/// Whether `n` is the parity of the parallel index: `x % 2` or `x & 1` of `x = index + c`.
fn is_parity(g: &Graph, n: NodeId, index: NodeId) -> bool {
    let ins = g.inputs(n);
    let int = |x: NodeId| match g.op(x) {
        Op::Constant(Constant::Int(v)) => Some(*v),
        _ => None,
    };
    match g.op(n) {
        Op::Binary(BinaryOp::Rem) => {
            offset_of_index(g, ins[0], index) && matches!(int(ins[1]), Some(2 | -2))
        }
        Op::Binary(BinaryOp::And) => {
            (offset_of_index(g, ins[0], index) && int(ins[1]) == Some(1))
                || (offset_of_index(g, ins[1], index) && int(ins[0]) == Some(1))
        }
        _ => false,
    }
}

/// Whether a branch inside a sequential loop of the body depends on the parity of `index`.
pub(crate) fn branches_on_parity(g: &Graph, cfg: &Cfg, index: NodeId) -> bool {
    let mut tainted: HashSet<NodeId> = g.node_ids().filter(|&n| is_parity(g, n, index)).collect();
    if tainted.is_empty() {
        return false;
    }
    // The If ending each block, by block.
    let if_of_block = |b: usize| match cfg.blocks.get(b).map(|blk| blk.exit) {
        Some(Exit::If(test)) => Some(test),
        _ => None,
    };
    let condition = |test: NodeId| g.inputs(test).first().copied();
    loop {
        let before = tainted.len();
        for n in g.node_ids() {
            if tainted.contains(&n) {
                continue;
            }
            let hit = match g.op(n) {
                Op::Phi => {
                    let ins = g.inputs(n);
                    let values = ins.iter().skip(1).any(|v| tainted.contains(v));
                    // A phi at a forward merge takes the side its dominating branch chose.
                    let chosen = ins.first().is_some_and(|&merge| {
                        *g.op(merge) == Op::Merge
                            && cfg
                                .block_of
                                .get(&merge)
                                .and_then(|&b| cfg.idom.get(b).copied().flatten())
                                .and_then(if_of_block)
                                .and_then(condition)
                                .is_some_and(|c| tainted.contains(&c))
                    });
                    values || chosen
                }
                op if !op.has_value() => false,
                _ => g.inputs(n).iter().any(|i| tainted.contains(i)),
            };
            if hit {
                tainted.insert(n);
            }
        }
        if tainted.len() == before {
            break;
        }
    }
    // A tainted branch inside a sequential loop.
    cfg.blocks.iter().enumerate().any(|(b, _)| {
        if_of_block(b)
            .and_then(condition)
            .is_some_and(|c| tainted.contains(&c))
            && cfg.loops.values().any(|members| members.contains(&b))
    })
}

/// The statements numbering work-item `gid`'s iteration coherently: `ferrocl_t`, the iteration of
/// a launch of `count` iterations (see the module docs).
pub(crate) fn iteration(gid: &str, count: &str) -> String {
    format!(
        "    // Even iterations on the first half of the work-items, odd ones on the second (coherentBranches).\n    \
         const uint ferrocl_half = ({count} >> 1) + ({count} & 1u);\n    \
         const uint ferrocl_t = (uint){gid} < ferrocl_half ? 2u * (uint){gid} : 2u * ((uint){gid} - ferrocl_half) + 1u;\n"
    )
}
