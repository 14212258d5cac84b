//! Coherent branches (phase `coherentBranches`): in a 1-D kernel whose sequential loop branches on
//! the parity of the parallel index (Java Grande's Series alternates cosine and sine coefficients:
//! `kind = i % 2 == 1 ? 1 : 2`, then `switch (kind)` in its integration loop), neighbouring
//! work-items take opposite branches, so every warp runs both sides of the branch in every
//! iteration. The kernel then numbers its iterations differently: work-item `g` of a launch of
//! `count` runs iteration `t = 2g` for `g < h = ceil(count / 2)` and `t = 2(g - s) + 1` for
//! `s <= g < s + floor(count / 2)`, where `s` is `h` rounded up to a multiple of [`SEAM_ALIGN`];
//! the work-items from `h` to `s` run nothing. So the first work-items run the even iterations and
//! the later ones the odd ones, and no warp (nor AMD wavefront) holds both: a warp that ran both
//! sides of the branch would take about as long as the cosine and the sine together, and as every
//! warp of such a launch runs at once, the launch would last as long as that one warp (measured on
//! the H100 with SeriesBench's hand-written kernel, whose seam a work-group size of 128 put inside
//! a warp at 10,000 pairs: 887 µs against 717–727 µs with the seam on a warp boundary). The launch
//! covers up to `SEAM_ALIGN - 1` work-items more than `count` ([`crate::Kernel::pad_items`]).
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

/// Where the odd iterations start: the even ones' end rounded up to a multiple of this many
/// work-items (NVIDIA's warps are 32 wide, AMD's wavefronts 64).
pub(crate) const SEAM_ALIGN: u32 = 64;

/// The statements numbering work-item `gid`'s iteration coherently: `ferrocl_t`, the iteration of
/// a launch of `count` iterations, after returning from the work-items that run none (see the
/// module docs). They replace the kernel's usual test of `gid` against `count`.
pub(crate) fn iteration(gid: &str, count: &str) -> String {
    let mask = SEAM_ALIGN - 1;
    format!(
        "    // Even iterations first, odd ones from a warp boundary on (coherentBranches).\n    \
         const ulong ferrocl_half = (ulong)(({count} >> 1) + ({count} & 1u));\n    \
         const ulong ferrocl_seam = (ferrocl_half + {mask}ul) & ~(ulong){mask}ul;\n    \
         if ({gid} >= ferrocl_seam + ({count} >> 1) || ({gid} >= ferrocl_half && {gid} < ferrocl_seam)) return;\n    \
         const uint ferrocl_t = {gid} < ferrocl_half ? 2u * (uint){gid} : 2u * (uint)({gid} - ferrocl_seam) + 1u;\n"
    )
}

#[cfg(test)]
mod tests {
    use super::SEAM_ALIGN;

    /// The numbering [`super::iteration`] writes, in Rust: work-item `g`'s iteration, or `None`.
    fn iteration_of(g: u64, count: u32) -> Option<u32> {
        let half = u64::from((count >> 1) + (count & 1));
        let mask = u64::from(SEAM_ALIGN - 1);
        let seam = (half + mask) & !mask;
        if g >= seam + u64::from(count >> 1) || (g >= half && g < seam) {
            return None;
        }
        // As the C does: `2u * (uint)...`, in 32-bit arithmetic.
        Some(if g < half {
            2u32.wrapping_mul(g as u32)
        } else {
            2u32.wrapping_mul((g - seam) as u32).wrapping_add(1)
        })
    }

    #[test]
    fn every_iteration_once_within_count_plus_the_padding_and_no_warp_holds_both_parities() {
        for count in (0u32..=300).chain([4095, 4096, 4097, 1 << 20, (1 << 20) + 1]) {
            let items = u64::from(count) + u64::from(SEAM_ALIGN - 1);
            let mut seen = vec![false; count as usize];
            let mut parity_of_warp: std::collections::HashMap<u64, u32> = Default::default();
            for g in 0..items + 200 {
                let Some(t) = iteration_of(g, count) else {
                    continue;
                };
                assert!(g < items, "count {count}: work-item {g} past the padding");
                assert!(t < count, "count {count}: work-item {g} runs {t}");
                assert!(!seen[t as usize], "count {count}: iteration {t} twice");
                seen[t as usize] = true;
                let parity = *parity_of_warp.entry(g / 32).or_insert(t & 1);
                assert_eq!(parity, t & 1, "count {count}: warp {} runs both", g / 32);
            }
            assert!(
                seen.iter().all(|&s| s),
                "count {count}: an iteration never runs"
            );
        }
        // Near the top of the range: the 32-bit products stay exact.
        for count in [u32::MAX, u32::MAX - 1, u32::MAX - 63, 1 << 31] {
            let half = u64::from((count >> 1) + (count & 1));
            let mask = u64::from(SEAM_ALIGN - 1);
            let seam = (half + mask) & !mask;
            assert_eq!(iteration_of(half - 1, count), Some(2 * (half as u32 - 1)));
            let last = seam + u64::from(count >> 1) - 1;
            assert_eq!(iteration_of(last, count), Some(count - 1 - (count & 1)));
            assert_eq!(iteration_of(last + 1, count), None);
            assert!(last < u64::from(count) + u64::from(SEAM_ALIGN - 1));
        }
    }
}
