//! Loop versioning in reduction kernels: the index checks of a straight-line body whose index is
//! an affine function `scale * i + offset` of the outermost `@Parallel` index `i` are tested once
//! per work-item for the whole range of `i`, and the fast (unrolled, vectorized) loops run without
//! them.
//!
//! Why it is exact: `+`, `-`, `*`, `<<` by a constant and negation on Java `int`s compute the ring
//! result modulo 2^32, so the index the body computes is congruent to the exact integer
//! `scale * i + offset`. When that exact value lies in `[0, len)` at the first and at the last `i`
//! it lies there for every `i` in between (it is linear in `i`); a value in `[0, 2^31)` congruent
//! to the `int` index is that index, so every one of those checks passes. The endpoints are
//! evaluated in 64-bit arithmetic, where they cannot overflow (`|scale|, |offset| <= 2^31`).
//!
//! When the range test fails, the work-item skips the fast loops and runs every iteration in the
//! plain loop, which checks each access as before: in a straight-line body every check runs in
//! every iteration, so some iteration fails a check, the status word is set and the JVM reruns the
//! method (its exception and its arrays are the JVM's own).

use crate::expr::index_check_line;
use crate::IndexCheck;
use ferrocl_graph::{BinaryOp, Constant, Graph, NodeId, Op, Stamp};
use std::fmt::Write;

/// An index check that holds for every iteration when it holds at both ends of the range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RangeCheck {
    /// The index as written in C (the check's text is found again by it).
    pub(crate) index: String,
    /// The array length's kernel argument.
    pub(crate) len: String,
    /// `index = scale * i + offset`.
    pub(crate) scale: i64,
    /// See `scale`.
    pub(crate) offset: i64,
}

/// Limit on `|scale|` and `|offset|`, so that the range test's 64-bit arithmetic is exact.
const LIMIT: i64 = 1 << 31;

/// Nesting depth up to which an index expression is taken apart.
const MAX_DEPTH: u32 = 32;

/// `(scale, offset)` with `node == scale * index + offset` modulo 2^32, when `node` is an `int`
/// expression of `index` and constants built from `+`, `-`, `*` (one factor constant), `<<` by a
/// constant and negation.
pub(crate) fn affine(g: &Graph, node: NodeId, index: NodeId) -> Option<(i64, i64)> {
    affine_at(g, node, index, 0)
}

fn affine_at(g: &Graph, node: NodeId, index: NodeId, depth: u32) -> Option<(i64, i64)> {
    if node == index {
        return Some((1, 0));
    }
    if depth > MAX_DEPTH || g.stamp(node) != Stamp::Int {
        return None;
    }
    let input = |k: usize| -> Option<(i64, i64)> {
        let &id = g.inputs(node).get(k)?;
        affine_at(g, id, index, depth + 1)
    };
    let (scale, offset) = match g.op(node) {
        Op::Constant(Constant::Int(c)) => (0, i64::from(*c)),
        Op::Negate => {
            let (s, c) = input(0)?;
            (-s, -c)
        }
        Op::Binary(BinaryOp::Add) => {
            let ((s1, c1), (s2, c2)) = (input(0)?, input(1)?);
            (s1 + s2, c1 + c2)
        }
        Op::Binary(BinaryOp::Sub) => {
            let ((s1, c1), (s2, c2)) = (input(0)?, input(1)?);
            (s1 - s2, c1 - c2)
        }
        Op::Binary(BinaryOp::Mul) => match (input(0)?, input(1)?) {
            ((0, f), (s, c)) | ((s, c), (0, f)) => (s.checked_mul(f)?, c.checked_mul(f)?),
            _ => return None,
        },
        Op::Binary(BinaryOp::Shl) => {
            let &count = g.inputs(node).get(1)?;
            let Op::Constant(Constant::Int(k)) = g.op(count) else {
                return None;
            };
            let f = 1i64 << (k & 31);
            let (s, c) = input(0)?;
            (s.checked_mul(f)?, c.checked_mul(f)?)
        }
        _ => return None,
    };
    (scale.abs() <= LIMIT && offset.abs() <= LIMIT).then_some((scale, offset))
}

/// The checks among `checks` whose index is affine in `index`.
pub(crate) fn range_checks(g: &Graph, checks: &[IndexCheck], index: NodeId) -> Vec<RangeCheck> {
    checks
        .iter()
        .filter_map(|c| {
            let (scale, offset) = affine(g, c.node, index)?;
            Some(RangeCheck {
                index: c.index.clone(),
                len: c.len.clone(),
                scale,
                offset,
            })
        })
        .collect()
}

/// `body` without the lines that make the checks `ranged` (they hold for the whole range).
pub(crate) fn without_checks(
    body: &str,
    ranged: &[RangeCheck],
    status: &str,
    exit: &str,
) -> String {
    let lines: Vec<String> = ranged
        .iter()
        .map(|r| index_check_line(&r.index, &r.len, status, exit))
        .collect();
    body.lines()
        .filter(|l| !lines.iter().any(|c| c == l.trim()))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// `scale * x + offset` as C `long` arithmetic on the `long` variable `x`.
fn affine_text(scale: i64, offset: i64, x: &str) -> String {
    let mut s = match scale {
        0 => String::new(),
        1 => x.to_string(),
        -1 => format!("-{x}"),
        _ => format!("{scale}L * {x}"),
    };
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
            affine_text(i64::from(step), 0, &format!("((long){count} - 1L)"))
        ),
    ];
    let terms: Vec<String> = ranged
        .iter()
        .map(|r| {
            let first = affine_text(r.scale, r.offset, &format!("{flag}_first"));
            let last = affine_text(r.scale, r.offset, &format!("{flag}_last"));
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

    #[test]
    fn affine_text_reads_naturally() {
        assert_eq!(affine_text(1, 0, "x"), "x");
        assert_eq!(affine_text(2, -3, "x"), "2L * x - 3L");
        assert_eq!(affine_text(-1, 7, "x"), "-x + 7L");
        assert_eq!(affine_text(0, 5, "x"), "5L");
    }

    #[test]
    fn a_falling_index_swaps_the_ends() {
        let r = RangeCheck {
            index: "v".into(),
            len: "a_length".into(),
            scale: -1,
            offset: 9,
        };
        let lines = range_test(&[r], "s", "n", 1, "ok");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("const int ok = (-ok_last + 9L >= 0L && -ok_first + 9L < (long)a_length);")
        );
    }

    #[test]
    fn only_the_ranged_checks_are_dropped() {
        let keep = index_check_line("j", "b_length", "st", "goto out;");
        let drop = index_check_line("i", "a_length", "st", "goto out;");
        let body = format!("    const int x = 1;\n    {drop}\n    {keep}\n");
        let r = RangeCheck {
            index: "i".into(),
            len: "a_length".into(),
            scale: 1,
            offset: 0,
        };
        let out = without_checks(&body, &[r], "st", "goto out;");
        assert_eq!(out, format!("    const int x = 1;\n    {keep}\n"));
    }
}
