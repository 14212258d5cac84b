//! Loop versioning in reduction kernels: the index checks of a straight-line body whose index is
//! an affine function `scale * i + offset + c1 * t1 + …` of the outermost `@Parallel` index `i`
//! (constants `scale`, `offset`, `cj`; loop-invariant `int` terms `tj`: scalar parameters, static
//! fields, array lengths) are tested once per work-item for the whole range of `i`, and the fast
//! (unrolled, vectorized) loops run without them.
//!
//! Why it is exact: `+`, `-`, `*`, `<<` by a constant and negation on Java `int`s compute the ring
//! result modulo 2^32, so the index the body computes is congruent to the exact integer
//! `scale * i + offset + Σ cj * tj`. When that exact value lies in `[0, len)` at the first and at the last `i`
//! it lies there for every `i` in between (it is linear in `i`); a value in `[0, 2^31)` congruent
//! to the `int` index is that index, so every one of those checks passes. The endpoints are
//! evaluated in 64-bit arithmetic, where they cannot overflow (`|scale|, |offset| <= 2^31`, at most
//! four invariant terms with `|cj| <= 2^16`).
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
#[derive(Clone, Debug)]
pub(crate) struct RangeCheck {
    /// The check (its text is found again by its index and length).
    pub(crate) check: IndexCheck,
    /// Its index as a function of the loop index.
    pub(crate) affine: Affine,
}

/// `scale * i + offset + Σ coefficient * term`, modulo 2^32.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Affine {
    /// The coefficient of the loop index.
    pub(crate) scale: i64,
    /// The constant.
    pub(crate) offset: i64,
    /// The loop-invariant `int` terms, as C expressions valid anywhere in the kernel, and their
    /// coefficients, none zero.
    pub(crate) terms: Vec<(String, i64)>,
}

impl Affine {
    fn constant(offset: i64) -> Self {
        Affine {
            offset,
            ..Affine::default()
        }
    }

    /// `self + factor * other`.
    fn add(mut self, other: Affine, factor: i64) -> Option<Affine> {
        self.scale = self.scale.checked_add(other.scale.checked_mul(factor)?)?;
        self.offset = self.offset.checked_add(other.offset.checked_mul(factor)?)?;
        for (t, c) in other.terms {
            let c = c.checked_mul(factor)?;
            match self.terms.iter_mut().find(|(u, _)| *u == t) {
                Some((_, d)) => *d = d.checked_add(c)?,
                None => self.terms.push((t, c)),
            }
        }
        self.terms.retain(|(_, c)| *c != 0);
        Some(self)
    }

    fn times(self, factor: i64) -> Option<Affine> {
        Affine::constant(0).add(self, factor)
    }

    /// Within the limits that keep the range test's 64-bit arithmetic exact.
    fn bounded(self) -> Option<Affine> {
        (self.scale.abs() <= LIMIT
            && self.offset.abs() <= LIMIT
            && self.terms.len() <= MAX_TERMS
            && self.terms.iter().all(|(_, c)| c.abs() <= TERM_LIMIT))
        .then_some(self)
    }
}

/// Limit on `|scale|` and `|offset|`, so that the range test's 64-bit arithmetic is exact.
const LIMIT: i64 = 1 << 31;

/// Limit on an invariant term's coefficient, and on the number of terms.
const TERM_LIMIT: i64 = 1 << 16;
const MAX_TERMS: usize = 4;

/// Nesting depth up to which an index expression is taken apart.
const MAX_DEPTH: u32 = 32;

/// `node` as an [`Affine`] function of `index` modulo 2^32, when it is an `int` expression of
/// `index`, constants and loop-invariant leaves (`invariant` gives a leaf's C text, or `None`)
/// built from `+`, `-`, `*` (one factor constant), `<<` by a constant and negation.
pub(crate) fn affine(
    g: &Graph,
    node: NodeId,
    index: NodeId,
    invariant: &dyn Fn(NodeId) -> Option<String>,
) -> Option<Affine> {
    affine_at(g, node, index, invariant, 0)
}

fn affine_at(
    g: &Graph,
    node: NodeId,
    index: NodeId,
    invariant: &dyn Fn(NodeId) -> Option<String>,
    depth: u32,
) -> Option<Affine> {
    if node == index {
        return Some(Affine {
            scale: 1,
            ..Affine::default()
        });
    }
    if depth > MAX_DEPTH || g.stamp(node) != Stamp::Int {
        return None;
    }
    let input = |k: usize| -> Option<Affine> {
        let &id = g.inputs(node).get(k)?;
        affine_at(g, id, index, invariant, depth + 1)
    };
    let result = match g.op(node) {
        Op::Constant(Constant::Int(c)) => Affine::constant(i64::from(*c)),
        Op::Negate => input(0)?.times(-1)?,
        Op::Binary(BinaryOp::Add) => input(0)?.add(input(1)?, 1)?,
        Op::Binary(BinaryOp::Sub) => input(0)?.add(input(1)?, -1)?,
        Op::Binary(BinaryOp::Mul) => {
            let (x, y) = (input(0)?, input(1)?);
            let is_constant = |a: &Affine| a.scale == 0 && a.terms.is_empty();
            if is_constant(&x) {
                y.times(x.offset)?
            } else if is_constant(&y) {
                x.times(y.offset)?
            } else {
                return None;
            }
        }
        Op::Binary(BinaryOp::Shl) => {
            let &count = g.inputs(node).get(1)?;
            let Op::Constant(Constant::Int(k)) = g.op(count) else {
                return None;
            };
            input(0)?.times(1i64 << (k & 31))?
        }
        _ => Affine {
            terms: vec![(invariant(node)?, 1)],
            ..Affine::default()
        },
    };
    result.bounded()
}

/// The checks among `checks` whose index is affine in `index`.
pub(crate) fn range_checks(
    g: &Graph,
    checks: &[IndexCheck],
    index: NodeId,
    invariant: &dyn Fn(NodeId) -> Option<String>,
) -> Vec<RangeCheck> {
    checks
        .iter()
        .filter_map(|c| {
            Some(RangeCheck {
                check: c.clone(),
                affine: affine(g, c.node, index, invariant)?,
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
        .map(|r| index_check_line(&r.check.index, &r.check.len, status, exit))
        .collect();
    body.lines()
        .filter(|l| !lines.iter().any(|c| c == l.trim()))
        .map(|l| format!("{l}\n"))
        .collect()
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
            let a = &r.affine;
            let first = affine_text(a.scale, a.offset, &a.terms, &format!("{flag}_first"));
            let last = affine_text(a.scale, a.offset, &a.terms, &format!("{flag}_last"));
            let (lo, hi) = if a.scale * i64::from(step) >= 0 {
                (first, last)
            } else {
                (last, first)
            };
            format!("({lo} >= 0L && {hi} < (long){})", r.check.len)
        })
        .collect();
    lines.push(format!("const int {flag} = {};", terms.join(" && ")));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ranged(index: &str, len: &str, scale: i64, offset: i64) -> RangeCheck {
        RangeCheck {
            check: IndexCheck {
                node: Graph::default().add(Op::Start, Stamp::Void, Vec::new()),
                index: index.into(),
                len: len.into(),
            },
            affine: Affine {
                scale,
                offset,
                terms: Vec::new(),
            },
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
        let r = ranged("v", "a_length", -1, 9);
        let lines = range_test(&[r], "s", "n", 1, "ok");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("const int ok = (-ok_last + 9L >= 0L && -ok_first + 9L < (long)a_length);")
        );
    }

    #[test]
    fn terms_merge_and_cancel() {
        let n = || Affine {
            terms: vec![("n".into(), 1)],
            ..Affine::default()
        };
        let i = Affine {
            scale: 1,
            ..Affine::default()
        };
        // (n - 1 - i) + (i - n) * 1 == -1
        let a = n()
            .add(Affine::constant(1), -1)
            .and_then(|a| a.add(i.clone(), -1));
        let b = i.add(n(), -1);
        let sum = a.zip(b).and_then(|(a, b)| a.add(b, 1));
        assert_eq!(sum, Some(Affine::constant(-1)));
        let big = Affine {
            terms: vec![("n".into(), TERM_LIMIT + 1)],
            ..Affine::default()
        };
        assert_eq!(big.bounded(), None);
    }

    #[test]
    fn only_the_ranged_checks_are_dropped() {
        let keep = index_check_line("j", "b_length", "st", "goto out;");
        let drop = index_check_line("i", "a_length", "st", "goto out;");
        let body = format!("    const int x = 1;\n    {drop}\n    {keep}\n");
        let r = ranged("i", "a_length", 1, 0);
        let out = without_checks(&body, &[r], "st", "goto out;");
        assert_eq!(out, format!("    const int x = 1;\n    {keep}\n"));
    }
}
