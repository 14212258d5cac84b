//! `lower_reductions`: how the outermost loop of a `@Reduce` nest runs on the device, decided on the
//! graph and recorded in [`ParallelNest::reduce_loop`]; the writer prints what it says.
//!
//! **The lowering.** Each work-item folds the iterations it covers into a private accumulator per
//! `@Reduce` array (the operator's identity to begin with, see `ferrocl_graph::reduce`): the
//! outermost `@Parallel` loop becomes a grid-stride loop (iteration `k`, `k + G`, … for the
//! work-item's global id `k` and the global size `G`), after which the work-group combines its
//! accumulators in local memory and writes one partial per work-group; the host folds the partials
//! with the value `out[0]` held before the launch. What the phases below decide is how the
//! grid-stride loop runs when its body allows more than one iteration at a time.
//!
//! **Straight-line bodies.** The body (one iteration of the innermost `@Parallel` loop) is
//! straight-line when its fixed nodes, from its entry to the loop's back edge, are only guards,
//! loads, integer divisions and stores of the accumulators: no branch, inner loop, `new` or store to
//! an array. Iterations of a `@Parallel` loop are independent, and such a body writes nothing but its
//! accumulators, so several iterations may run interleaved, each folding into an accumulator of its
//! own. Only such bodies get the phases below; any other runs the plain grid-stride loop.
//!
//! - **`unroll`**: [`UNROLL`] iterations (`k`, `k + G`, `k + 2G`, `k + 3G`) per step of a first
//!   loop, their statements interleaved so that their loads are in flight together, each with its
//!   own accumulators (combined pairwise after the loops); the iterations left over run in the plain
//!   loop. A failed check in a copy leaves the unrolled loops (the status word is set, so the
//!   results are discarded and the JVM reruns the method).
//! - **`reduceVersioning`**: the index guards of the body whose index is an affine function
//!   `scale * i + offset + Σ cj * tj` of the outermost loop index `i` (constants `scale`, `offset`,
//!   `cj`; loop-invariant `int` leaves `tj`: scalar parameters, static fields and array lengths, the
//!   kernel's arguments) are tested once per work-item for the whole range of `i`, at its two ends,
//!   in 64-bit arithmetic; where the test holds, the unrolled (and vectorised) loops run without
//!   them. Why that is exact: `+`, `-`, `*`, `<<` by a constant and negation on Java `int`s compute
//!   the ring result modulo 2^32, so the index the body computes is congruent to the exact integer
//!   `scale * i + offset + Σ cj * tj`; when that value lies in `[0, length)` at the first and at the
//!   last `i` it lies there for every `i` in between (it is linear in `i`), and a value in
//!   `[0, 2^31)` congruent to the `int` index is that index, so every one of those checks passes.
//!   The bounds on the coefficients ([`Affine`]) keep the 64-bit arithmetic exact. Where the test
//!   fails, every iteration runs in the plain loop, which checks each access; in a straight-line
//!   body every check runs in every iteration, so some iteration fails a check and the JVM reruns
//!   the method (its exception and its arrays are the JVM's own).
//! - **`vectorize`** (unit step only): a load `a[i]` of a global array at exactly the loop index,
//!   whose guard the range test proves or which has none left, is read for [`VECTOR_COPIES`]
//!   consecutive iterations at once as [`VECTOR_COPIES`]` / `[`VECTOR_LANES`] vectors, in a loop
//!   of [`VECTOR_COPIES`] interleaved iterations per step that runs while the first index keeps the
//!   vectors aligned. Every lane it reads belongs to an iteration of the loop's range, each in bounds.

use crate::{ParallelNest, PhaseSwitches};
use ferrocl_graph::{
    count, BinaryOp, Constant, ElemKind, Graph, GuardKind, MethodGraph, NodeId, Op, Stamp,
};
use std::collections::HashSet;

/// Iterations per step of the unrolled grid-stride loop.
pub const UNROLL: usize = 4;

/// Consecutive iterations per step of the vectorised loop: two vectors per load.
pub const VECTOR_COPIES: usize = 8;

/// Elements per vector load.
pub const VECTOR_LANES: usize = 4;

/// Limit on `|scale|` and `|offset|`, so that the range test's 64-bit arithmetic is exact.
const LIMIT: i64 = 1 << 31;

/// Limit on an invariant term's coefficient, and on the number of terms.
const TERM_LIMIT: i64 = 1 << 16;
const MAX_TERMS: usize = 4;

/// Nesting depth up to which an index expression is taken apart.
const MAX_DEPTH: u32 = 32;

/// `scale * i + offset + Σ coefficient * term` for the outermost loop index `i`, modulo 2^32.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Affine {
    /// The coefficient of the loop index (`|scale| <= 2^31`).
    pub scale: i64,
    /// The constant (`|offset| <= 2^31`).
    pub offset: i64,
    /// Loop-invariant `int` leaves (kernel arguments: `Parameter`, `StaticField`, or the
    /// `ArrayLength` of a parameter) and their coefficients, none zero, at most four, each at most
    /// 2^16 in magnitude.
    pub terms: Vec<(NodeId, i64)>,
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

    fn is_constant(&self) -> bool {
        self.scale == 0 && self.terms.is_empty()
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

/// An index guard of the body proven for the whole range by the per-work-item range test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeGuard {
    /// The `Guard(Index)` node.
    pub guard: NodeId,
    /// The array parameter's node (its length bounds the index).
    pub array: NodeId,
    /// The guarded index as a function of the outermost loop index.
    pub affine: Affine,
}

/// How the grid-stride loop of a `@Reduce` nest runs (see the module docs).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReduceLoop {
    /// Iterations per step of the unrolled loop; 1 when there is none (a body that is not
    /// straight-line, or `unroll` switched off; the other fields are empty then).
    pub unroll: usize,
    /// Guards the range test proves, left out of the unrolled and vectorised loops (empty: no
    /// range test). Never non-empty without an unrolled loop.
    pub versioned: Vec<RangeGuard>,
    /// Loads read as vectors in the vectorised loop (empty: no vectorised loop).
    pub vector_loads: Vec<NodeId>,
}

impl ReduceLoop {
    /// The guards of [`ReduceLoop::versioned`].
    pub fn versioned_guards(&self) -> HashSet<NodeId> {
        self.versioned.iter().map(|r| r.guard).collect()
    }
}

/// The fixed nodes of `nest`'s body from its entry up to the innermost loop's back edge when they
/// form a straight line of guards, loads, integer divisions and accumulator stores.
fn straight_body(mg: &MethodGraph, nest: &ParallelNest) -> Option<Vec<NodeId>> {
    let g = &mg.graph;
    let begin = nest.innermost()?;
    let accumulators: HashSet<NodeId> = nest
        .reductions
        .iter()
        .flat_map(|r| r.stores.iter().copied())
        .collect();
    let mut chain = Vec::new();
    let mut n = nest.body_entry;
    loop {
        match g.op(n) {
            Op::LoopEnd => return (g.inputs(n).first() == Some(&begin)).then_some(chain),
            Op::Begin | Op::Guard(_) | Op::IntegerDivRem { .. } | Op::ArrayLoad(_) => {}
            Op::ArrayStore(_) if accumulators.contains(&n) => {}
            _ => return None,
        }
        chain.push(n);
        if chain.len() > g.len() {
            return None;
        }
        n = g.next(n)?;
    }
}

/// Whether `id` is a kernel argument of type `int`: a scalar parameter, a static field, or the
/// length of an array parameter.
fn invariant_leaf(mg: &MethodGraph, id: NodeId) -> bool {
    let g = &mg.graph;
    let is_param = |n: NodeId| mg.params.iter().any(|p| p.node == n);
    match g.op(id) {
        Op::Parameter(_) | Op::StaticField(_) | Op::Identity(_) => g.stamp(id) == Stamp::Int,
        Op::ArrayLength => g.inputs(id).first().is_some_and(|&a| is_param(a)),
        _ => false,
    }
}

/// `node` as an [`Affine`] function of `index` modulo 2^32, when it is an `int` expression of
/// `index`, constants and kernel arguments built from `+`, `-`, `*` (one factor constant), `<<` by
/// a constant and negation.
pub fn index_affine(mg: &MethodGraph, node: NodeId, index: NodeId) -> Option<Affine> {
    affine_at(mg, &mg.graph, node, index, 0)
}

fn affine_at(
    mg: &MethodGraph,
    g: &Graph,
    node: NodeId,
    index: NodeId,
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
        affine_at(mg, g, id, index, depth + 1)
    };
    let result = match g.op(node) {
        Op::Constant(Constant::Int(c)) => Affine::constant(i64::from(*c)),
        Op::Negate => input(0)?.times(-1)?,
        Op::Binary(BinaryOp::Add) => input(0)?.add(input(1)?, 1)?,
        Op::Binary(BinaryOp::Sub) => input(0)?.add(input(1)?, -1)?,
        Op::Binary(BinaryOp::Mul) => {
            let (x, y) = (input(0)?, input(1)?);
            if x.is_constant() {
                y.times(x.offset)?
            } else if y.is_constant() {
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
        _ if invariant_leaf(mg, node) => Affine {
            terms: vec![(node, 1)],
            ..Affine::default()
        },
        _ => return None,
    };
    result.bounded()
}

/// Decides how `nest`'s grid-stride loop runs under `switches` (`None` for a nest without
/// reductions).
pub fn plan_reduce_loop(
    mg: &MethodGraph,
    nest: &ParallelNest,
    switches: &PhaseSwitches,
) -> Option<ReduceLoop> {
    if nest.reductions.is_empty() {
        return None;
    }
    let outer = nest.dims.first()?;
    let Some(chain) = straight_body(mg, nest) else {
        return Some(ReduceLoop {
            unroll: 1,
            ..ReduceLoop::default()
        });
    };
    let g = &mg.graph;
    let mut plan = ReduceLoop {
        unroll: 1,
        ..ReduceLoop::default()
    };
    if !switches.is_on("unroll") {
        return Some(plan);
    }
    plan.unroll = UNROLL;
    let is_param = |n: NodeId| mg.params.iter().any(|p| p.node == n);
    let guards: Vec<NodeId> = chain
        .iter()
        .copied()
        .filter(|&n| *g.op(n) == Op::Guard(GuardKind::Index))
        .collect();
    if switches.is_on("reduceVersioning") {
        for &guard in &guards {
            let (index, array) = (g.inputs(guard)[0], g.inputs(guard)[1]);
            if !is_param(array) {
                continue;
            }
            if let Some(affine) = index_affine(mg, index, outer.index) {
                plan.versioned.push(RangeGuard {
                    guard,
                    array,
                    affine,
                });
            }
        }
    }
    if outer.step == 1 && switches.is_on("vectorize") {
        let versioned = plan.versioned_guards();
        let accumulators: HashSet<NodeId> = nest
            .reductions
            .iter()
            .flat_map(|r| r.loads.iter().copied())
            .collect();
        for &n in &chain {
            let Op::ArrayLoad(elem) = *g.op(n) else {
                continue;
            };
            let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
            let wide = matches!(
                elem,
                ElemKind::Int | ElemKind::Long | ElemKind::Float | ElemKind::Double
            );
            // Its guard, if one is left, must be one the range test proves.
            let unproven = guards
                .iter()
                .any(|&guard| g.inputs(guard) == [index, array] && !versioned.contains(&guard));
            if wide
                && index == outer.index
                && is_param(array)
                && !accumulators.contains(&n)
                && !unproven
            {
                plan.vector_loads.push(n);
            }
        }
    }
    Some(plan)
}

/// Plans every reduction nest's loop (what applies is reported per kernel by the writer, from
/// [`ReduceLoop::applied`]).
pub(crate) fn lower_reductions(
    mg: &MethodGraph,
    nests: &mut [ParallelNest],
    switches: &PhaseSwitches,
) {
    for nest in nests.iter_mut() {
        nest.reduce_loop = plan_reduce_loop(mg, nest, switches);
    }
}

impl ReduceLoop {
    /// The optional phases this plan applies, for the kernel's report.
    pub fn applied(&self) -> Vec<ferrocl_graph::Applied> {
        let mut applied = Vec::new();
        if self.unroll > 1 {
            applied.push(ferrocl_graph::Applied {
                phase: "unroll",
                detail: format!("{} copies", self.unroll),
            });
            if !self.versioned.is_empty() {
                applied.push(ferrocl_graph::Applied {
                    phase: "reduceVersioning",
                    detail: format!(
                        "{} tested once per work-item for the whole range",
                        count(self.versioned.len(), "index check")
                    ),
                });
            }
            if !self.vector_loads.is_empty() {
                applied.push(ferrocl_graph::Applied {
                    phase: "vectorize",
                    detail: format!(
                        "{} as {VECTOR_LANES}-wide vectors, {VECTOR_COPIES} iterations per step",
                        count(self.vector_loads.len(), "load")
                    ),
                });
            }
        }
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_merge_and_cancel() {
        let mut g = Graph::default();
        let n_node = g.add(Op::Parameter(1), Stamp::Int, Vec::new());
        let n = || Affine {
            terms: vec![(n_node, 1)],
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
            terms: vec![(n_node, TERM_LIMIT + 1)],
            ..Affine::default()
        };
        assert_eq!(big.bounded(), None);
        let far = Affine::constant(LIMIT + 1);
        assert_eq!(far.bounded(), None);
    }
}
