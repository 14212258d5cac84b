//! The range test of a `@Reduce` loop's versioned index checks (planned on the graph by the
//! `lower_reductions` phase, see `ferrocl_opt::ReduceLoop`), in C: each check's index is an affine
//! function `scale * i + offset + Σ cj * tj` of the loop index `i` over kernel arguments `tj`,
//! tested at the first and the last `i` in 64-bit arithmetic, where it cannot overflow (the phase
//! bounds `|scale|, |offset| <= 2^31` and at most four terms with `|cj| <= 2^16`).

use std::fmt::Write;

/// One versioned index check in C.
#[derive(Clone, Debug)]
pub(crate) struct RangeCheck {
    /// The length of the checked array (a kernel argument).
    pub(crate) len: String,
    /// The coefficient of the loop index.
    pub(crate) scale: i64,
    /// The constant.
    pub(crate) offset: i64,
    /// The loop-invariant `int` terms, as C expressions valid anywhere in the kernel, and their
    /// coefficients, none zero.
    pub(crate) terms: Vec<(String, i64)>,
}

/// `scale * x + Σ coefficient * (long)term + offset` as C `long` arithmetic on the `long`
/// variable `x`.
fn affine_text(scale: i64, offset: i64, terms: &[(String, i64)], x: &str) -> String {
    let mut parts: Vec<(i64, String)> = vec![(scale, x.to_string())];
    parts.extend(terms.iter().map(|(t, c)| (*c, format!("(long){t}"))));
    let mut s = String::new();
    for (c, v) in parts {
        let magnitude = match c.unsigned_abs() {
            0 => continue,
            1 => v,
            m => format!("{m}L * {v}"),
        };
        let sign = match (s.is_empty(), c < 0) {
            (true, false) => "",
            (true, true) => "-",
            (false, false) => " + ",
            (false, true) => " - ",
        };
        let _ = write!(s, "{sign}{magnitude}");
    }
    if s.is_empty() {
        let _ = write!(s, "{offset}L");
    } else if offset > 0 {
        let _ = write!(s, " + {offset}L");
    } else if offset < 0 {
        let _ = write!(s, " - {}L", offset.unsigned_abs());
    }
    s
}

/// Declarations of `flag`: true when every check of `ranged` passes for every iteration of the
/// loop `start, start + step, …` of `count` iterations (`start` an `int`, `count` a `uint`
/// argument). Meaningless, and unused, when `count` is 0.
pub(crate) fn range_test(
    ranged: &[RangeCheck],
    start: &str,
    count: &str,
    step: i32,
    flag: &str,
) -> Vec<String> {
    let mut lines = vec![
        format!("const long {flag}_first = (long){start};"),
        format!(
            "const long {flag}_last = (long){start} + {};",
            affine_text(i64::from(step), 0, &[], &format!("((long){count} - 1L)"))
        ),
    ];
    let terms: Vec<String> = ranged
        .iter()
        .map(|r| {
            let first = affine_text(r.scale, r.offset, &r.terms, &format!("{flag}_first"));
            let last = affine_text(r.scale, r.offset, &r.terms, &format!("{flag}_last"));
            let (lo, hi) = if r.scale * i64::from(step) >= 0 {
                (first, last)
            } else {
                (last, first)
            };
            format!("({lo} >= 0L && {hi} < (long){})", r.len)
        })
        .collect();
    lines.push(format!("const int {flag} = {};", terms.join(" && ")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranged(len: &str, scale: i64, offset: i64) -> RangeCheck {
        RangeCheck {
            len: len.into(),
            scale,
            offset,
            terms: Vec::new(),
        }
    }

    #[test]
    fn affine_text_reads_naturally() {
        assert_eq!(affine_text(1, 0, &[], "x"), "x");
        assert_eq!(affine_text(2, -3, &[], "x"), "2L * x - 3L");
        assert_eq!(affine_text(-1, 7, &[], "x"), "-x + 7L");
        assert_eq!(affine_text(0, 5, &[], "x"), "5L");
        let n = vec![("n".to_string(), 1), ("m".to_string(), -3)];
        assert_eq!(
            affine_text(-1, -1, &n, "x"),
            "-x + (long)n - 3L * (long)m - 1L"
        );
        assert_eq!(affine_text(0, 0, &n[..1], "x"), "(long)n");
    }

    #[test]
    fn a_falling_index_swaps_the_ends() {
        let r = ranged("a_length", -1, 9);
        let lines = range_test(&[r], "s", "n", 1, "ok");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("const int ok = (-ok_last + 9L >= 0L && -ok_first + 9L < (long)a_length);")
        );
    }
}
