//! Loop versioning at a loop's entry: the index checks of an innermost counted loop whose index is
//! affine in the loop's induction variable (`a[i * n + k]`, `b[k * n + j]`, `x[k]`, `row[j]`), and
//! the divisor checks of loop-invariant divisors, are tested once before the loop runs. When the
//! test holds, a copy of the loop without those checks runs; otherwise the loop runs as written,
//! every check in place, so a failing access still sets the status word in the iteration where
//! Java throws and the JVM reruns the method.
//!
//! Why it is exact (the argument is `ferrocl_opt::induction`'s): every block of the loop after the
//! header's test runs with the induction variable `k` in `[lo, hi]` (`lo`/`hi` are the entry value
//! and the bound, minus one for a strict test, in the loop's direction), provided `k + step` cannot
//! overflow there, which the test checks. An index `S * k + R` (int arithmetic) is congruent modulo
//! 2^32 to the exact integer `e(k) = S * k + R` evaluated in 64 bits (terms at their `int` values);
//! `e` is linear in `k`, so `0 <= e(lo), e(hi) < len` puts `e(k)` in `[0, len)` for every `k` in
//! range, and there it equals the `int` index: the check would pass. With `|S| <= 2^31` (tested when
//! `S` involves run-time values) and the limits of `LoopAffine`, `e` fits in 64 bits. A loop that
//! runs no iteration makes the test irrelevant: either copy does nothing. Accesses under conditions
//! in the body are covered too: the test bounds a superset of what runs.

use crate::structure::{Emitter, Exit};
use crate::{Writer, WriterError};
use ferrocl_graph::{Constant, Graph, NodeId, Op};
use ferrocl_opt::{induction, loop_affine, Linear};
use std::collections::{BTreeSet, HashSet};
use std::fmt::Write;

/// How deep the invariance test looks into a floating expression.
const MAX_INVARIANT_DEPTH: usize = 32;

/// The test written before a versioned loop.
pub(crate) struct EntryTest {
    /// Statements computing the test's parts.
    pub(crate) lines: Vec<String>,
    /// The C condition under which the fast copy runs.
    pub(crate) condition: String,
    /// The accesses and divisions the fast copy writes without their check.
    pub(crate) proven: HashSet<NodeId>,
}

/// Whether `n`'s value is the same in every iteration of the loop whose blocks hold `inside`.
fn invariant(g: &Graph, inside: &HashSet<NodeId>, n: NodeId, depth: usize) -> bool {
    if depth > MAX_INVARIANT_DEPTH {
        return false;
    }
    match g.op(n) {
        Op::Parameter(_) | Op::Constant(_) | Op::StaticField(_) => true,
        Op::Phi => !inside.contains(&g.inputs(n)[0]),
        op if op.is_fixed() => !inside.contains(&n),
        _ => g
            .inputs(n)
            .iter()
            .all(|&x| invariant(g, inside, x, depth + 1)),
    }
}

/// `Σ c * (long)term + constant` in C, 64-bit.
fn linear_c(w: &mut Writer<'_>, l: &Linear) -> Result<String, WriterError> {
    let mut parts = Vec::new();
    for &(t, c) in &l.terms {
        let v = w.value(t)?;
        parts.push(match c {
            1 => format!("(long){v}"),
            -1 => format!("-(long){v}"),
            _ => format!("{c}L * (long){v}"),
        });
    }
    if l.constant != 0 || parts.is_empty() {
        parts.push(format!("{}L", l.constant));
    }
    Ok(parts.join(" + "))
}

/// `scale * k + rest` in C, 64-bit; `scale` is a name or a `…L` literal.
fn at(scale: &str, k: &str, rest: &str) -> String {
    match scale {
        "0L" => rest.to_string(),
        "1L" => format!("{k} + {rest}"),
        _ => format!("{scale} * {k} + {rest}"),
    }
}

impl Writer<'_> {
    /// The entry test for loop `b`, if it is an innermost counted loop with checks to prove. Writes
    /// nothing itself, but may bind the loop-invariant values the test reads.
    pub(crate) fn entry_checks(
        &mut self,
        em: &Emitter<'_>,
        b: usize,
    ) -> Result<Option<EntryTest>, WriterError> {
        let cfg = em.cfg;
        let Some(members) = cfg.loops.get(&b) else {
            return Ok(None);
        };
        if members.iter().any(|&m| m != b && cfg.loops.contains_key(&m)) {
            return Ok(None);
        }
        let Exit::If(test) = cfg.blocks[b].exit else {
            return Ok(None);
        };
        let (t, f) = (cfg.blocks[b].succs[0], cfg.blocks[b].succs[1]);
        let stays_if_true = match (members.contains(&t), members.contains(&f)) {
            (true, false) => true,
            (false, true) => false,
            _ => return Ok(None),
        };
        let g = &self.mg.graph;
        let inside: HashSet<NodeId> = members
            .iter()
            .flat_map(|&m| cfg.blocks[m].nodes.iter().copied())
            .collect();
        let header = cfg.blocks[b].nodes[0];
        let is_invariant = |n: NodeId| invariant(g, &inside, n, 0);
        let Some(ind) = g
            .usages(header)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            .find_map(|phi| induction(g, phi, test, stays_if_true, &is_invariant))
        else {
            return Ok(None);
        };

        // What the body checks, in the blocks after the header's test.
        let body_blocks: BTreeSet<usize> = members.iter().copied().filter(|&m| m != b).collect();
        let mut accesses = Vec::new();
        let mut divisors = Vec::new();
        for &m in &body_blocks {
            for &n in &cfg.blocks[m].nodes {
                match g.op(n) {
                    Op::ArrayLoad(_) | Op::ArrayStore(_) => {
                        let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
                        if self.reduce_acc(array).is_some() {
                            continue;
                        }
                        if let Some(affine) = loop_affine(g, index, ind.phi, &is_invariant) {
                            accesses.push((n, array, affine));
                        }
                    }
                    Op::IntegerDivRem { .. } => {
                        let y = g.inputs(n)[1];
                        let constant = matches!(
                            g.op(y),
                            Op::Constant(Constant::Int(_) | Constant::Long(_))
                        );
                        if !constant && is_invariant(y) {
                            divisors.push((n, y));
                        }
                    }
                    _ => {}
                }
            }
        }
        if accesses.is_empty() && divisors.is_empty() {
            return Ok(None);
        }

        // The range of the induction variable in the body.
        let k = self.phi_var(ind.phi);
        let bound = self.value(ind.bound)?;
        let lo = self.names.fresh(&format!("{k}_lo"));
        let hi = self.names.fresh(&format!("{k}_hi"));
        let last = format!("(long){bound} + {}L", ind.last_offset());
        let (first_expr, last_expr) = if ind.step > 0 {
            (format!("(long){k}"), last)
        } else {
            (last, format!("(long){k}"))
        };
        let mut lines = vec![
            format!(
                "// Loop versioning: {} check(s) of this loop tested once at its entry, for {k} in [{lo}, {hi}].",
                accesses.len() + divisors.len()
            ),
            format!("const long {lo} = {first_expr};"),
            format!("const long {hi} = {last_expr};"),
        ];
        let (limit, upward) = ind.no_overflow();
        let step = ind.step;
        let mut conds = vec![if upward {
            format!("{hi} + {step}L <= {limit}L")
        } else {
            format!("{lo} + {step}L >= ({}L - 1L)", limit + 1)
        }];
        let mut proven = HashSet::new();
        let mut seen: Vec<(String, String, String)> = Vec::new();
        for (n, array, affine) in accesses {
            let (_, len) = self.array(n, array)?;
            let rest = linear_c(self, &affine.rest)?;
            let scale = if affine.scale.terms.is_empty() {
                format!("{}L", affine.scale.constant)
            } else {
                linear_c(self, &affine.scale)?
            };
            proven.insert(n);
            if seen.contains(&(scale.clone(), rest.clone(), len.clone())) {
                continue;
            }
            seen.push((scale.clone(), rest.clone(), len.clone()));
            let scale = if affine.scale.terms.is_empty() {
                scale
            } else {
                // A run-time coefficient: bound it first so that the products fit in 64 bits.
                let s = self.names.fresh(&format!("{k}_scale"));
                lines.push(format!("const long {s} = {scale};"));
                conds.push(format!("{s} >= -2147483648L && {s} <= 2147483648L"));
                s
            };
            if affine.scale.is_zero() {
                conds.push(format!("(ulong)({rest}) < (ulong){len}"));
            } else {
                conds.push(format!(
                    "(ulong)({}) < (ulong){len} && (ulong)({}) < (ulong){len}",
                    at(&scale, &lo, &rest),
                    at(&scale, &hi, &rest)
                ));
            }
        }
        for (n, y) in divisors {
            let v = self.value(y)?;
            proven.insert(n);
            let cond = format!("{v} != 0");
            if !conds.contains(&cond) {
                conds.push(cond);
            }
        }
        let fast = self.names.fresh(&format!("{k}_fast"));
        for (i, c) in conds.iter().enumerate() {
            let last = if i + 1 == conds.len() { ";" } else { "" };
            lines.push(if i == 0 {
                format!("const int {fast} = ({c}){last}")
            } else {
                format!("    && ({c}){last}")
            });
        }
        Ok(Some(EntryTest {
            lines,
            condition: fast,
            proven,
        }))
    }
}
