//! Printing of coherent branches (phase `coherentBranches`, decided on the graph: see
//! `ferrocl_opt::coherence` for the numbering, why its results are Java's and when it applies):
//! the statements that give work-item `g` its iteration, even iterations on the first work-items
//! and odd ones from a warp boundary on.

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
