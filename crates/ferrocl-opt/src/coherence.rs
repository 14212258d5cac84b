//! Coherent branches (phase `coherentBranches`, decided here on the graph and recorded in
//! [`ParallelNest::coherent_branches`]; the writer prints the numbering): in a 1-D kernel whose sequential loop branches on
//! the parity of the parallel index (Java Grande's Series alternates cosine and sine coefficients:
//! `kind = i % 2 == 1 ? 1 : 2`, then `switch (kind)` in its integration loop), neighbouring
//! work-items take opposite branches, so every warp runs both sides of the branch in every
//! iteration. The kernel then numbers its iterations differently: work-item `g` of a launch of
//! `count` runs iteration `t = 2g` for `g < h = ceil(count / 2)` and `t = 2(g - s) + 1` for
//! `s <= g < s + floor(count / 2)`, where `s` is `h` rounded up to a multiple of the writer's `SEAM_ALIGN` (64);
//! the work-items from `h` to `s` run nothing. So the first work-items run the even iterations and
//! the later ones the odd ones, and no warp (nor AMD wavefront) holds both: a warp that ran both
//! sides of the branch would take about as long as the cosine and the sine together, and as every
//! warp of such a launch runs at once, the launch would last as long as that one warp (measured on
//! the H100 with SeriesBench's hand-written kernel, whose seam a work-group size of 128 put inside
//! a warp at 10,000 pairs: 887 µs against 717–727 µs with the seam on a warp boundary). The launch
//! covers up to `SEAM_ALIGN - 1` work-items more than `count` (the writer's `Kernel::pad_items`).
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

use crate::{LoopForest, ParallelNest};
use ferrocl_graph::{BinaryOp, Constant, Dominators, Graph, NodeId, Op};
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

/// Whether a branch inside a sequential loop of `nest`'s 1-D body depends on the parity of its
/// index (`loops` and `doms` the graph's loop forest and dominators).
pub fn branches_on_parity(
    g: &Graph,
    loops: &LoopForest,
    doms: &Dominators,
    nest: &ParallelNest,
) -> bool {
    let [dim] = nest.dims.as_slice() else {
        return false;
    };
    let index = dim.index;
    let mut tainted: HashSet<NodeId> = g.node_ids().filter(|&n| is_parity(g, n, index)).collect();
    if tainted.is_empty() {
        return false;
    }
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
                            && doms
                                .idom(merge)
                                .filter(|&d| *g.op(d) == Op::If)
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
    // A tainted branch inside a sequential loop of the body.
    g.node_ids().any(|n| {
        *g.op(n) == Op::If
            && condition(n).is_some_and(|c| tainted.contains(&c))
            && loops
                .loops
                .iter()
                .any(|l| loops.contains(dim.begin, l.begin) && l.body.contains(&n))
    })
}
