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

use crate::structure::{Cfg, Emitter, Exit};
use crate::{Writer, WriterError};
use ferrocl_graph::{Constant, ElemKind, GuardKind, NodeId, Op};
use ferrocl_opt::{induction, loop_affine, loop_invariant, step_of, Linear};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// The test written before a versioned loop.
pub(crate) struct EntryTest {
    /// Statements computing the test's parts.
    pub(crate) lines: Vec<String>,
    /// The C condition under which the fast copy runs.
    pub(crate) condition: String,
    /// The accesses and divisions the fast copy writes without their check, and the tested
    /// variable's increment, which it writes as a non-wrapping signed operation.
    pub(crate) proven: HashSet<NodeId>,
    /// What staged coalescing needs to know of the loop (see the `staging` module).
    pub(crate) counted: Counted,
}

/// The counted loop an entry test was written for.
pub(crate) struct Counted {
    /// The tested induction variable's phi.
    pub(crate) phi: NodeId,
    /// Its entry value's node.
    pub(crate) entry: NodeId,
    /// The bound's node.
    pub(crate) bound: NodeId,
    /// Its step.
    pub(crate) step: i64,
    /// The header's `If`, and the value of its condition under which the loop goes on.
    pub(crate) test: (NodeId, bool),
    /// The C name of the variable's last value (`long`).
    pub(crate) last: String,
    /// Loads in the blocks after the header's test whose index is `phi + rest` (`rest`
    /// loop-invariant) and whose guard the test proves, with `rest`.
    pub(crate) unit_loads: Vec<(NodeId, Linear)>,
    /// Whether the loop stores to any array, allocates one, keeps a guard the test does not
    /// prove, is left other than by its header's test, or its header has a fixed node.
    pub(crate) impure: bool,
    /// The index guards the test does not prove, each right before the load it protects, when
    /// they are the loop's only impurity besides loads: the fast copy may then defer them (see
    /// `Writer::deferred_checks`).
    pub(crate) deferrable: Vec<NodeId>,
}

/// `Σ c * (long)term + constant` in C, 64-bit.
/// Where a versioned check's length comes from.
#[derive(Clone, Copy)]
enum Length {
    /// An array's length.
    Of(NodeId),
    /// A value (a multi-dimensional argument's table entry; `-1` for null).
    Value(NodeId),
}

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
    let product = match scale {
        "0L" => return rest.to_string(),
        "1L" => k.to_string(),
        _ => format!("{scale} * {k}"),
    };
    if rest == "0L" {
        product
    } else {
        format!("{product} + {rest}")
    }
}

/// `a + step * b` in C, 64-bit.
fn plus_times(a: &str, step: i64, b: &str) -> String {
    match step {
        1 => format!("{a} + {b}"),
        -1 => format!("{a} - {b}"),
        _ => format!("{a} + {step}L * {b}"),
    }
}

/// The header test of loop `b` when one of its two successors stays in the loop: the `If` node,
/// whether the loop stays when it is true, and the nodes of the loop's blocks.
fn exit_test(cfg: &Cfg, b: usize) -> Option<(NodeId, bool, HashSet<NodeId>)> {
    let members = cfg.loops.get(&b)?;
    let Exit::If(test) = cfg.blocks[b].exit else {
        return None;
    };
    let (t, f) = (cfg.blocks[b].succs[0], cfg.blocks[b].succs[1]);
    let stays_if_true = match (members.contains(&t), members.contains(&f)) {
        (true, false) => true,
        (false, true) => false,
        _ => return None,
    };
    let inside = members
        .iter()
        .flat_map(|&m| cfg.blocks[m].nodes.iter().copied())
        .collect();
    Some((test, stays_if_true, inside))
}

/// The back-edge values of an induction variable's phi: each is `phi + step` (`induction` accepts
/// a phi only then, through `step_of`).
fn increments(g: &ferrocl_graph::Graph, ind: &ferrocl_opt::Induction) -> Vec<NodeId> {
    g.inputs(ind.phi)[2..].to_vec()
}

/// Largest step of an induction variable other than the tested one (keeps `v + step * trips`
/// within 64 bits).
const MAX_SECONDARY_STEP: i64 = 1 << 16;

impl Writer<'_> {
    /// The increments of loop `b`'s counted variables that can never overflow, in any copy of the
    /// loop: `k + 1` of a loop that stays while `k < bound` runs only with `k <= bound - 1 <=
    /// 2^31 - 2`, and `k - 1` of one that stays while `k > bound` only with `k >= -2^31 + 1`. The
    /// writer prints them as C's signed operation (see `proven` for the versioned case).
    pub(crate) fn no_wrap_increments(&self, cfg: &Cfg, b: usize) -> Vec<NodeId> {
        let Some((test, stays_if_true, inside)) = exit_test(cfg, b) else {
            return Vec::new();
        };
        let g = &self.mg.graph;
        let memo = RefCell::new(HashMap::new());
        let preloaded = HashSet::new();
        let is_invariant = |n: NodeId| loop_invariant(g, &inside, &preloaded, &memo, n);
        let header = cfg.blocks[b].nodes[0];
        g.usages(header)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            .filter_map(|phi| induction(g, phi, test, stays_if_true, &is_invariant))
            .filter(|ind| ind.step.abs() == 1 && !ind.inclusive)
            .flat_map(|ind| increments(g, &ind))
            .collect()
    }

    /// The entry test for loop `b`, if it is an innermost counted loop with checks to prove. May
    /// write, before the loop, the loads of its header that read the same element in every
    /// iteration (an invariant index into an array no store of the loop can reach), and bind the
    /// loop-invariant values the test reads.
    pub(crate) fn entry_checks(
        &mut self,
        em: &Emitter<'_>,
        b: usize,
    ) -> Result<Option<EntryTest>, WriterError> {
        let cfg = em.cfg;
        let Some(members) = cfg.loops.get(&b) else {
            return Ok(None);
        };
        if members
            .iter()
            .any(|&m| m != b && cfg.loops.contains_key(&m))
        {
            return Ok(None);
        }
        let Some((test, stays_if_true, inside)) = exit_test(cfg, b) else {
            return Ok(None);
        };
        let g = &self.mg.graph;

        // Header loads that read one element throughout: the header runs at least once whenever
        // the loop is entered, so reading (and checking) them once before it changes nothing.
        let stored_kinds: HashSet<ElemKind> = inside
            .iter()
            .filter_map(|&n| g.element_access(n).filter(|a| a.store).map(|a| a.elem))
            .collect();
        let memo = RefCell::new(HashMap::new());
        let mut preloaded = HashSet::new();
        // The header's guards read before the loop with the loads they protect.
        let mut early_guards = Vec::new();
        for (k, &n) in cfg.blocks[b].nodes.iter().enumerate() {
            if let Op::ArrayLoad(kind) = g.op(n) {
                let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
                if !stored_kinds.contains(kind)
                    && self.reduce_acc(array).is_none()
                    && loop_invariant(g, &inside, &preloaded, &memo, index)
                {
                    preloaded.insert(n);
                    // Answers that read this load as variant are stale now.
                    memo.borrow_mut().clear();
                    let guard = k
                        .checked_sub(1)
                        .map(|p| cfg.blocks[b].nodes[p])
                        .filter(|&p| {
                            *g.op(p) == Op::Guard(GuardKind::Index) && g.inputs(p) == [index, array]
                        });
                    early_guards.extend(guard);
                }
            }
        }
        // A fixed node of the header other than those read before the loop: no deferred checks.
        let header_fixed = cfg.blocks[b].nodes.iter().any(|&n| match g.op(n) {
            Op::ArrayLoad(_) => !preloaded.contains(&n),
            Op::Guard(_) => !early_guards.contains(&n),
            Op::ArrayStore(_)
            | Op::VectorLoad(_)
            | Op::VectorStore(_)
            | Op::NewArray(_)
            | Op::IntegerDivRem { .. } => true,
            _ => false,
        });
        let header = cfg.blocks[b].nodes[0];
        let is_invariant = |n: NodeId| loop_invariant(g, &inside, &preloaded, &memo, n);
        let Some(ind) = g
            .usages(header)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            .find_map(|phi| induction(g, phi, test, stays_if_true, &is_invariant))
        else {
            return Ok(None);
        };
        // Induction variables: the tested one, and those stepping along with it.
        let ivs: Vec<(NodeId, i64)> = g
            .usages(header)
            .iter()
            .copied()
            .filter_map(|u| step_of(g, u).map(|s| (u, s)))
            .filter(|&(u, s)| u == ind.phi || s.abs() <= MAX_SECONDARY_STEP)
            .collect();
        let is_iv = |n: NodeId| ivs.iter().any(|&(v, _)| v == n);

        // What the body checks, in the blocks after the header's test.
        let mut accesses = Vec::new();
        let mut divisors = Vec::new();
        for &m in members.iter().filter(|&&m| m != b) {
            for &n in &cfg.blocks[m].nodes {
                match g.op(n) {
                    Op::Guard(GuardKind::Index) => {
                        let (index, array) = (g.inputs(n)[0], g.inputs(n)[1]);
                        if let Some(affine) = loop_affine(g, index, &is_iv, &is_invariant) {
                            accesses.push((n, Length::Of(array), affine));
                        }
                    }
                    // A multi-dimensional argument's check against a length it read
                    // (`row[k]`, `b[k]` with `row`, `b` unchanged in the loop).
                    Op::Guard(GuardKind::Throw) => {
                        if let Some((index, len)) = ferrocl_opt::nested_bounds(g, g.inputs(n)[0]) {
                            if is_invariant(len) {
                                if let Some(affine) = loop_affine(g, index, &is_iv, &is_invariant) {
                                    accesses.push((n, Length::Value(len), affine));
                                }
                            }
                        }
                    }
                    Op::Guard(GuardKind::Divisor) => {
                        let y = g.inputs(n)[0];
                        let constant =
                            matches!(g.op(y), Op::Constant(Constant::Int(_) | Constant::Long(_)));
                        if !constant && is_invariant(y) {
                            divisors.push((n, y));
                        }
                    }
                    _ => {}
                }
            }
        }
        // In the header's order, each guard before its load.
        let preloaded: Vec<NodeId> = cfg.blocks[b]
            .nodes
            .iter()
            .copied()
            .filter(|n| preloaded.contains(n) || early_guards.contains(n))
            .collect();
        let status = em.status.clone();
        for n in preloaded {
            if matches!(g.op(n), Op::Guard(_)) {
                self.early.insert(n);
            }
            self.fixed(n, &status)?;
        }
        if accesses.is_empty() && divisors.is_empty() {
            return Ok(None);
        }

        // The tested variable runs from its entry value to `last` (the bound, or one before it),
        // in `trips + 1` steps; another induction variable `v` runs from its entry value to
        // `v + step * trips` in the same steps.
        let k = self.phi_var(ind.phi);
        let bound = self.value(ind.bound)?;
        let last = self.names.fresh(&format!("{k}_last"));
        let trips = self.names.fresh(&format!("{k}_trips"));
        let step = ind.step;
        let mut lines = vec![
            format!(
                "// Loop versioning: {} check(s) of this loop tested once at its entry.",
                accesses.len() + divisors.len()
            ),
            format!(
                "const long {last} = (long){bound} + {}L;",
                ind.last_offset()
            ),
            if step == 1 {
                format!("const long {trips} = {last} - (long){k};")
            } else {
                format!("const long {trips} = ({last} - (long){k}) / {step}L;")
            },
        ];
        let (limit, upward) = ind.no_overflow();
        let mut conds = vec![if upward {
            format!("{last} + {step}L <= {limit}L")
        } else {
            format!("{last} + {step}L >= ({}L - 1L)", limit + 1)
        }];
        let mut ends: Vec<(NodeId, String)> = Vec::new();
        let mut proven = HashSet::new();
        let mut seen: Vec<String> = Vec::new();
        for (n, length, affine) in accesses {
            let len = match length {
                Length::Of(array) => self.array(n, array)?.1,
                Length::Value(v) => {
                    // `-1` is a null array: its checks fail whatever the index.
                    let len = self.value(v)?;
                    let present = format!("{len} >= 0");
                    if !conds.contains(&present) {
                        conds.push(present);
                    }
                    len
                }
            };
            let rest = linear_c(self, &affine.rest)?;
            proven.insert(n);
            let Some(iv) = affine.iv else {
                let cond = format!("(ulong)({rest}) < (ulong){len}");
                if !seen.contains(&cond) {
                    seen.push(cond.clone());
                    conds.push(cond);
                }
                continue;
            };
            let start = format!("(long){}", self.phi_var(iv));
            let end = match ends.iter().find(|(v, _)| *v == iv) {
                Some((_, e)) => e.clone(),
                None => {
                    let v_step = ivs.iter().find(|&&(v, _)| v == iv).map_or(1, |&(_, s)| s);
                    let e = self.names.fresh(&format!("{}_end", self.phi_var(iv)));
                    lines.push(format!(
                        "const long {e} = {};",
                        plus_times(&start, v_step, &trips)
                    ));
                    if iv != ind.phi {
                        // Java wraps it; the test needs its exact value within `int` range.
                        conds.push(format!("{e} >= -2147483648L && {e} <= 2147483647L"));
                    }
                    ends.push((iv, e.clone()));
                    e
                }
            };
            let scale = if affine.scale.terms.is_empty() {
                format!("{}L", affine.scale.constant)
            } else {
                // A run-time coefficient: bound it first so that the products fit in 64 bits.
                let text = linear_c(self, &affine.scale)?;
                let s = self.names.fresh(&format!("{k}_scale"));
                lines.push(format!("const long {s} = {text};"));
                conds.push(format!("{s} >= -2147483648L && {s} <= 2147483648L"));
                s
            };
            let cond = format!(
                "(ulong)({}) < (ulong){len} && (ulong)({}) < (ulong){len}",
                at(&scale, &start, &rest),
                at(&scale, &end, &rest)
            );
            if !seen.contains(&cond) {
                seen.push(cond.clone());
                conds.push(cond);
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
        // The tested variable's increment cannot wrap in the fast copy (the first condition bounds
        // `last + step`), so it is written as C's signed `+`/`-` there instead of the wrapping
        // unsigned form: the driver's compiler may then treat it as an induction variable that
        // does not overflow. Measured on the H100: N-body's staged loop went from 0.81 to 0.99 of
        // the hand-written kernel with only that changed (`bench-native/variants`, nbody_g2).
        proven.extend(increments(&self.mg.graph, &ind));
        // Loads a staged copy could read from local memory (see `Counted::unit_loads`).
        let mut unit_loads = Vec::new();
        // Loads whose check an earlier phase removed (`x[j]` in a loop `j < x.length`): a
        // staged copy reads their elements for every iteration of the range, which the test
        // then covers too (a condition more only narrows the fast copy).
        let mut unchecked_loads = Vec::new();
        let stageable = self.stage.allowed.is_some() && self.options.switches.is_on("coalesce");
        let mut deferrable = Some(Vec::new()).filter(|_| !header_fixed);
        let mut impure = cfg.blocks[b].nodes.iter().any(|&n| {
            matches!(
                g.op(n),
                Op::ArrayLoad(_)
                    | Op::ArrayStore(_)
                    | Op::VectorLoad(_)
                    | Op::VectorStore(_)
                    | Op::NewArray(_)
                    | Op::IntegerDivRem { .. }
                    | Op::Guard(_)
            )
        });
        for &m in members.iter().filter(|&&m| m != b) {
            // Only the header's test may leave the loop (a tile ends the loop early otherwise).
            if cfg.blocks[m].succs.iter().any(|s| !members.contains(s)) {
                impure = true;
                deferrable = None;
            }
            let nodes = &cfg.blocks[m].nodes;
            for (at, &n) in nodes.iter().enumerate() {
                match g.op(n) {
                    Op::ArrayStore(_)
                    | Op::VectorStore(_)
                    | Op::NewArray(_)
                    | Op::IntegerDivRem { .. } => {
                        impure = true;
                        deferrable = None;
                    }
                    Op::Guard(kind) if !proven.contains(&n) => {
                        impure = true;
                        // An index guard right before the load it protects can be deferred.
                        let protects_next = *kind == GuardKind::Index
                            && nodes.get(at + 1).is_some_and(|&l| {
                                matches!(g.op(l), Op::ArrayLoad(_))
                                    && g.inputs(l) == [g.inputs(n)[1], g.inputs(n)[0]]
                                    && self.reduce_acc(g.inputs(l)[0]).is_none()
                            });
                        match (&mut deferrable, protects_next) {
                            (Some(d), true) => d.push(n),
                            _ => deferrable = None,
                        }
                    }
                    Op::ArrayLoad(_) => {
                        let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
                        let prev = at.checked_sub(1).map(|p| nodes[p]);
                        let guarded = prev
                            .is_some_and(|p| proven.contains(&p) && g.inputs(p) == [index, array]);
                        let unchecked = !guarded
                            && !prev.is_some_and(|p| {
                                matches!(g.op(p), Op::Guard(_)) && g.inputs(p) == [index, array]
                            });
                        if (!guarded && !unchecked) || self.reduce_acc(array).is_some() {
                            continue;
                        }
                        let Some(affine) = loop_affine(g, index, &is_iv, &is_invariant) else {
                            continue;
                        };
                        if unchecked {
                            // Only where a loop may be staged.
                            if step == 1
                                && stageable
                                && self.mg.params.iter().any(|p| p.node == array)
                                && affine.iv == Some(ind.phi)
                                && affine.scale.terms.is_empty()
                                && affine.scale.constant == 1
                            {
                                unchecked_loads.push((n, array, affine.rest));
                            }
                            continue;
                        }
                        if affine.iv == Some(ind.phi)
                            && affine.scale.terms.is_empty()
                            && affine.scale.constant == 1
                        {
                            unit_loads.push((n, affine.rest));
                        }
                    }
                    _ => {}
                }
            }
        }
        for (n, array, rest) in unchecked_loads {
            let (_, len) = self.array(n, array)?;
            let rest_c = linear_c(self, &rest)?;
            let end = match ends.iter().find(|(v, _)| *v == ind.phi) {
                Some((_, e)) => e.clone(),
                None => {
                    let e = self.names.fresh(&format!("{k}_end"));
                    lines.push(format!("const long {e} = (long){k} + {trips};"));
                    ends.push((ind.phi, e.clone()));
                    e
                }
            };
            let cond = format!(
                "(ulong)({}) < (ulong){len} && (ulong)({}) < (ulong){len}",
                at("1L", &format!("(long){k}"), &rest_c),
                at("1L", &end, &rest_c)
            );
            if !conds.contains(&cond) {
                conds.push(cond);
            }
            unit_loads.push((n, rest));
        }
        let counted = Counted {
            phi: ind.phi,
            entry: g.inputs(ind.phi)[1],
            bound: ind.bound,
            step,
            test: (test, stays_if_true),
            last: last.clone(),
            unit_loads,
            impure,
            deferrable: deferrable.unwrap_or_default(),
        };
        let fast = self.names.fresh(&format!("{k}_fast"));
        for (i, c) in conds.iter().enumerate() {
            let end = if i + 1 == conds.len() { ";" } else { "" };
            lines.push(if i == 0 {
                format!("const int {fast} = ({c}){end}")
            } else {
                format!("    && ({c}){end}")
            });
        }
        Ok(Some(EntryTest {
            lines,
            condition: fast,
            proven,
            counted,
        }))
    }
}
