//! Write covers: the proof that lets the host skip uploading an array the kernel overwrites
//! everywhere.
//!
//! **Receives** the body's blocks and an array parameter that the body stores to and never loads
//! from (its own loads: the host ORs the read flags of parameters bound to one Java array, so an
//! alias that is read keeps the upload). **Records** a [`WriteCover`] when one `ArrayStore` to that
//! parameter (or several whose indices differ only by consecutive constants, `out[8 * b + 0]` …
//! `out[8 * b + 7]`: a run of [`WriteCover::run`] stores, each held to both conditions) (1) runs in
//! every iteration of the `@Parallel` nest and (2) stores at an index
//! `E = Σ_d scale_d · i_d + offset`, affine in the loop indices `i_d` with loop-invariant `int`
//! coefficients the host can evaluate (constants, `int` parameters, static fields, array lengths,
//! and arithmetic on those). At launch the host evaluates them and asks [`WriteCover::covers`].
//! **Refuses** (records nothing, so the array is uploaded as before): stores under a condition, in
//! one branch only, after a `continue`, or in a sequential loop that may run zero times; indices
//! through loads, sequential-loop variables, phis, conversions, divisions, shifts by a variable
//! count, or products of two loop-dependent terms; index expressions of more than
//! [`MAX_EXPR_NODES`] nodes (shared subexpressions counted once per use); `@Reduce` outputs.
//!
//! **Claim.** If `covers` holds for the launch's values, then every element of the array is
//! stored by the kernel before the kernel ends, or some work-item fails a check. Either way the
//! array's old contents cannot reach any result: in the first case the kernel never reads the
//! array, so each element's final value is one the kernel stored; in the second the host
//! discards the whole run and the JVM reruns the method on the Java arrays.
//!
//! **Proof.**
//! 1. *Every iteration reaches the store.* The store's block post-dominates the body's entry:
//!    with that block taken away, no end of the work-item (the parallel loop's back edge, the
//!    method's `Return`, or any block without successors) is reachable from the entry
//!    (`Cfg::on_every_path`). The nodes of a block run in order, and the only way to leave a
//!    block in the middle is a failed bounds or divisor check. So every iteration
//!    either executes the store, fails a check, or never ends (and then neither does the JVM).
//!    The reasoning is per Java iteration; how iterations map to work-items (one each, or a
//!    grid-stride loop in reduction kernels) does not matter, since each runs exactly once.
//! 2. *It stores at `E` modulo 2^32.* In iteration `k` of loop `d` its index phi holds
//!    `i_d = first_d + k · step_d` exactly (the host refuses trip counts whose index would wrap).
//!    Java's `int` `+`, `-`, `*`, negation and `<<` by a constant `c` (multiplication by
//!    `2^(c & 31)`) are the ring operations of the integers modulo 2^32, so the `int` the store
//!    uses is congruent to `E`, whatever `int` representatives the host computed for the
//!    coefficients (the invariant leaves themselves are the same `int`s on host and device).
//!    A value in `[0, len)` with `len < 2^31` is the only `int` congruent to it, so when `E` lies
//!    in `[0, len)` the store writes element `E`.
//! 3. *The exact values cover `[0, len)`.* Loop `d` adds the arithmetic progression
//!    `{c_d + k · s_d : k < count_d}` with `s_d = scale_d · step_d`, `c_d = scale_d · first_d`;
//!    the nest's values are the sums of one term of each. A loop with `count_d = 0` runs nothing,
//!    so nothing is covered (unless `len = 0`); one with `count_d = 1` or `s_d = 0` adds a
//!    constant. A negative stride lists the same set from the other end, so it is the
//!    progression with stride `|s_d|` from `c_d + s_d · (count_d - 1)`. Take the remaining loops by
//!    increasing `|s_d|`, starting from the run `{0, …, run - 1}` of length `L = run` (the stores'
//!    consecutive constants, each store covering its own shifted copy of the nest's values; a
//!    single store has `run = 1`): if `|s| ≤ L`, the copies of
//!    a run of `L` consecutive integers shifted by `0, |s|, …, (count - 1)·|s|` overlap or touch,
//!    so their union is a run of `|s| · (count - 1) + L` consecutive integers. If every loop
//!    passes, the values are exactly `[start, start + L)` with `start` the sum of the minima, and
//!    they include `[0, len)` iff `start ≤ 0` and `start + L ≥ len`. If some loop has `|s| > L`, the
//!    set may have holes and `covers` answers `false`, which is always safe: the array is uploaded.
//!    All of it is computed in checked 128-bit arithmetic; an overflow also answers `false`.

use ferrocl_graph::MethodGraph;
use ferrocl_graph::{BinaryOp, Constant, Graph, NodeId, Op, Stamp};
use ferrocl_opt::{HostExpr, ParallelNest};

/// The largest index expression analysed, in nodes, counting a shared subexpression once per use
/// (as the expressions built from it do): keeps the analysis and the host's work small when the
/// index is, say, `k = k + k` repeated.
const MAX_EXPR_NODES: usize = 64;

/// Where a kernel's stores to one array fall: an index affine in the `@Parallel` loop indices,
/// stored to in every iteration (see the module docs for the proof behind [`WriteCover::covers`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteCover {
    /// Per `@Parallel` loop, outermost first (as [`crate::Kernel::dims`]): the coefficient of its
    /// index in the store's index.
    pub scales: Vec<HostExpr>,
    /// The rest of the index: loop-invariant, evaluated on the host.
    pub offset: HostExpr,
    /// How many stores, each running in every iteration, write `index + k` for `k` in
    /// `[0, run)` (`out[8 * b + 0]` … `out[8 * b + 7]`: 8); 1 for a single store.
    pub run: u32,
}

impl WriteCover {
    /// Whether the stores reach every element of `[0, len)`: `scales` and `offset` are the host's
    /// `int` values of the expressions, `dims` each loop's first index, trip count and step, in the
    /// order of `scales`. Exact arithmetic; never overflows or panics; `false` whenever the
    /// coverage cannot be proved (including `scales` and `dims` of different lengths). See the
    /// module docs for the proof.
    pub fn covers(scales: &[i32], offset: i32, dims: &[(i32, u64, i32)], len: u64) -> bool {
        Self::covers_run(scales, offset, 1, dims, len)
    }

    /// [`WriteCover::covers`] for `run` stores at the index plus `0, 1, …, run - 1` (a cover's
    /// [`WriteCover::run`]).
    pub fn covers_run(
        scales: &[i32],
        offset: i32,
        run: u32,
        dims: &[(i32, u64, i32)],
        len: u64,
    ) -> bool {
        if len == 0 {
            return true;
        }
        if scales.len() != dims.len() || run == 0 {
            return false;
        }
        // `start <= 0 < run`, so the sum cannot overflow.
        run_of(scales, offset, run, dims)
            .is_some_and(|(start, run)| start <= 0 && start + run >= i128::from(len))
    }
}

impl WriteCover {
    /// The elements of `[0, len)` the stores write in every launch that passes its checks: the
    /// nest's exact indices when they form one run (see [`WriteCover::covers`]), clipped to the
    /// array. `None` when they are not provably a run or the clipped run is empty. An index of
    /// the run outside `[0, len)` fails its bounds check, so a launch that passes writes every
    /// element returned here (it may write others as well).
    pub fn covered_run(
        scales: &[i32],
        offset: i32,
        run: u32,
        dims: &[(i32, u64, i32)],
        len: u64,
    ) -> Option<(u64, u64)> {
        if scales.len() != dims.len() || run == 0 {
            return None;
        }
        let (start, run) = run_of(scales, offset, run, dims)?;
        let lo = start.max(0);
        let hi = start.checked_add(run)?.min(i128::from(len));
        (lo < hi).then_some((lo as u64, hi as u64))
    }
}

impl WriteCover {
    /// The smallest and largest index (inclusive) the `run` stores at `offset + k + Σ scales[d] ·
    /// i_d` (`k < run`) reach when loop `d` runs `dims[d]` (first index, trip count, step), as
    /// exact integers; `None` when a loop runs no iteration, the lengths differ, or some index
    /// leaves `int`'s range (then the device's wrapped `int` index is not the exact one, so the
    /// span would not bound it). Within `int`'s range the device computes exactly these indices
    /// (see the module docs, step 2), and an index outside `[0, len)` fails its bounds check: a
    /// launch that passes its checks writes the array nowhere outside the span.
    pub fn index_span(
        scales: &[i32],
        offset: i32,
        run: u32,
        dims: &[(i32, u64, i32)],
    ) -> Option<(i64, i64)> {
        if scales.len() != dims.len() || run == 0 {
            return None;
        }
        let mut lo = i128::from(offset);
        let mut hi = i128::from(offset) + i128::from(run) - 1;
        for (&scale, &(first, count, step)) in scales.iter().zip(dims) {
            if count == 0 {
                return None;
            }
            let scale = i128::from(scale);
            let a = scale * i128::from(first);
            let b = a.checked_add(
                scale
                    .checked_mul(i128::from(step))?
                    .checked_mul(i128::from(count) - 1)?,
            )?;
            lo = lo.checked_add(a.min(b))?;
            hi = hi.checked_add(a.max(b))?;
        }
        let int = i128::from(i32::MIN)..=i128::from(i32::MAX);
        (int.contains(&lo) && int.contains(&hi)).then_some((lo as i64, hi as i64))
    }
}

/// Every store to the array parameter node `array` among the kernel body's nodes `body`, each as
/// an index affine in the nest's indices (a [`WriteCover`] of `run` 1, conditions ignored): what a
/// launch can write ([`WriteCover::index_span`]). `None` when the index of some store is not such
/// an expression (through a load, a sequential loop's variable, a division, ...).
pub(crate) fn stores(
    mg: &MethodGraph,
    nest: &ParallelNest,
    body: &[NodeId],
    array: NodeId,
) -> Option<Vec<WriteCover>> {
    accesses(mg, nest, body, array, true)
}

/// [`stores`] for the loads from `array`: what a launch can read.
pub(crate) fn loads(
    mg: &MethodGraph,
    nest: &ParallelNest,
    body: &[NodeId],
    array: NodeId,
) -> Option<Vec<WriteCover>> {
    accesses(mg, nest, body, array, false)
}

fn accesses(
    mg: &MethodGraph,
    nest: &ParallelNest,
    body: &[NodeId],
    array: NodeId,
    store: bool,
) -> Option<Vec<WriteCover>> {
    let g = &mg.graph;
    let phis: Vec<NodeId> = nest.dims.iter().map(|d| d.index).collect();
    let mut out: Vec<WriteCover> = Vec::new();
    for &n in body {
        // Loads or stores of the array (a vector access: one per lane).
        let Some(access) = g.element_access(n) else {
            continue;
        };
        if access.store != store || access.array != array {
            continue;
        }
        for &index in access.indices {
            let mut budget = MAX_EXPR_NODES;
            if !small(g, index, &mut budget) {
                return None;
            }
            let (scales, offset) = affine(mg, &phis, index, 0)?;
            let cover = WriteCover {
                scales,
                offset,
                run: 1,
            };
            if !out.contains(&cover) {
                out.push(cover);
            }
        }
    }
    Some(out)
}

/// The exact indices of the nest as the run `[start, start + run)`, or `None` when the nest runs
/// no iteration, the set is not provably a run, or a value leaves `i128`. `stores` consecutive
/// offsets start the run at that length (an extra loop of stride 1).
fn run_of(
    scales: &[i32],
    offset: i32,
    stores: u32,
    dims: &[(i32, u64, i32)],
) -> Option<(i128, i128)> {
    let mut start = i128::from(offset);
    let mut strides: Vec<(i128, i128)> = Vec::new(); // (|stride|, count)
    for (&scale, &(first, count, step)) in scales.iter().zip(dims) {
        if count == 0 {
            return None;
        }
        let scale = i128::from(scale);
        let count = i128::from(count);
        // |scale · first|, |scale · step| <= 2^62: these products cannot overflow.
        start = start.checked_add(scale * i128::from(first))?;
        let stride = scale * i128::from(step);
        if count == 1 || stride == 0 {
            continue;
        }
        if stride < 0 {
            start = start.checked_add(stride.checked_mul(count - 1)?)?;
        }
        strides.push((stride.abs(), count));
    }
    strides.sort_unstable();
    let mut run: i128 = i128::from(stores);
    for (stride, count) in strides {
        if stride > run {
            return None;
        }
        run = run.checked_add(stride.checked_mul(count - 1)?)?;
    }
    Some((start, run))
}

/// The cover of the stores to the array parameter node `array` in the kernel body: stores that
/// run in every iteration (`every_iteration`) at an index affine in the nest's indices. Stores
/// whose indices differ only by constants (`out[8 * b + c]` for `c` in 0..8) count together when
/// the constants are consecutive: the longest such run wins. Among several, the first whose index
/// depends on a loop index (a constant index covers one element at most).
pub(crate) fn find(
    mg: &MethodGraph,
    nest: &ParallelNest,
    body: &[NodeId],
    array: NodeId,
    every_iteration: impl Fn(NodeId) -> bool,
) -> Option<WriteCover> {
    let g = &mg.graph;
    let phis: Vec<NodeId> = nest.dims.iter().map(|d| d.index).collect();
    // (scales, offset without its constant, the constants), in body order.
    let mut groups: Vec<(Vec<HostExpr>, HostExpr, Vec<i32>)> = Vec::new();
    for &n in body {
        // Stores to the array (a vector store: one per lane).
        let Some(access) = g.element_access(n) else {
            continue;
        };
        if !access.store || access.array != array || !every_iteration(n) {
            continue;
        }
        for &index in access.indices {
            let mut budget = MAX_EXPR_NODES;
            if !small(g, index, &mut budget) {
                continue;
            }
            let Some((scales, offset)) = affine(mg, &phis, index, 0) else {
                continue;
            };
            let (rest, constant) = split_constant(offset);
            match groups
                .iter_mut()
                .find(|(s, r, _)| *s == scales && *r == rest)
            {
                Some((_, _, cs)) => cs.push(constant),
                None => groups.push((scales, rest, vec![constant])),
            }
        }
    }
    let mut fallback = None;
    for (scales, rest, mut constants) in groups {
        constants.sort_unstable();
        constants.dedup();
        // The longest run of consecutive constants (the first on ties).
        let (mut best, mut best_len) = (constants[0], 1u32);
        let (mut first, mut len) = (constants[0], 1u32);
        for w in constants.windows(2) {
            if i64::from(w[1]) == i64::from(w[0]) + 1 {
                len += 1;
            } else {
                (first, len) = (w[1], 1);
            }
            if len > best_len {
                (best, best_len) = (first, len);
            }
        }
        let cover = WriteCover {
            scales,
            offset: add(rest, HostExpr::Const(best)),
            run: best_len,
        };
        if cover.scales.iter().any(|s| !is_const(s, 0)) {
            return Some(cover);
        }
        fallback.get_or_insert(cover);
    }
    fallback
}

/// `offset` as `rest + constant`.
fn split_constant(offset: HostExpr) -> (HostExpr, i32) {
    match offset {
        HostExpr::Const(c) => (HostExpr::Const(0), c),
        HostExpr::Binary(BinaryOp::Add, a, b) => match (*a, *b) {
            (x, HostExpr::Const(c)) | (HostExpr::Const(c), x) => (x, c),
            (x, y) => (HostExpr::Binary(BinaryOp::Add, Box::new(x), Box::new(y)), 0),
        },
        other => (other, 0),
    }
}

/// Whether the tree below `node`, expanded through the arithmetic that [`affine`] and
/// [`ferrocl_opt::host_expr_of`] walk, has at most `budget` nodes.
fn small(g: &Graph, node: NodeId, budget: &mut usize) -> bool {
    let Some(rest) = budget.checked_sub(1) else {
        return false;
    };
    *budget = rest;
    match g.op(node) {
        Op::Binary(_) | Op::Negate => g.inputs(node).iter().all(|&i| small(g, i, budget)),
        _ => true,
    }
}

type Affine = (Vec<HostExpr>, HostExpr);

fn is_const(e: &HostExpr, v: i32) -> bool {
    matches!(e, HostExpr::Const(c) if *c == v)
}

fn add(a: HostExpr, b: HostExpr) -> HostExpr {
    match (a, b) {
        (HostExpr::Const(x), HostExpr::Const(y)) => HostExpr::Const(x.wrapping_add(y)),
        (x, y) if is_const(&y, 0) => x,
        (x, y) if is_const(&x, 0) => y,
        (x, y) => HostExpr::Binary(BinaryOp::Add, Box::new(x), Box::new(y)),
    }
}

fn mul(a: HostExpr, b: HostExpr) -> HostExpr {
    match (a, b) {
        (HostExpr::Const(x), HostExpr::Const(y)) => HostExpr::Const(x.wrapping_mul(y)),
        (x, y) if is_const(&x, 0) || is_const(&y, 0) => HostExpr::Const(0),
        (x, y) if is_const(&y, 1) => x,
        (x, y) if is_const(&x, 1) => y,
        (x, y) if is_const(&y, -1) => neg(x),
        (x, y) if is_const(&x, -1) => neg(y),
        (x, y) => HostExpr::Binary(BinaryOp::Mul, Box::new(x), Box::new(y)),
    }
}

fn neg(a: HostExpr) -> HostExpr {
    match a {
        HostExpr::Const(x) => HostExpr::Const(x.wrapping_neg()),
        HostExpr::Negate(x) => *x,
        x => HostExpr::Negate(Box::new(x)),
    }
}

fn scale((scales, offset): Affine, by: &HostExpr) -> Affine {
    (
        scales.into_iter().map(|s| mul(s, by.clone())).collect(),
        mul(offset, by.clone()),
    )
}

fn sum((sa, oa): Affine, (sb, ob): Affine) -> Affine {
    (
        sa.into_iter().zip(sb).map(|(a, b)| add(a, b)).collect(),
        add(oa, ob),
    )
}

fn invariant(a: &Affine) -> bool {
    a.0.iter().all(|s| is_const(s, 0))
}

/// `node` as `Σ scales[d] · phis[d] + offset`, or `None`.
fn affine(mg: &MethodGraph, phis: &[NodeId], node: NodeId, depth: usize) -> Option<Affine> {
    let g = &mg.graph;
    if depth > 24 || g.stamp(node) != Stamp::Int {
        return None;
    }
    let zeros = || vec![HostExpr::Const(0); phis.len()];
    if let Some(d) = phis.iter().position(|&p| p == node) {
        let mut scales = zeros();
        scales[d] = HostExpr::Const(1);
        return Some((scales, HostExpr::Const(0)));
    }
    if let Some(e) = ferrocl_opt::host_expr_exact_of(mg, node) {
        return Some((zeros(), e));
    }
    let input = |k: usize| g.inputs(node).get(k).copied();
    match g.op(node) {
        Op::Binary(BinaryOp::Add) => Some(sum(
            affine(mg, phis, input(0)?, depth + 1)?,
            affine(mg, phis, input(1)?, depth + 1)?,
        )),
        Op::Binary(BinaryOp::Sub) => Some(sum(
            affine(mg, phis, input(0)?, depth + 1)?,
            scale(
                affine(mg, phis, input(1)?, depth + 1)?,
                &HostExpr::Const(-1),
            ),
        )),
        Op::Binary(BinaryOp::Mul) => {
            let a = affine(mg, phis, input(0)?, depth + 1)?;
            let b = affine(mg, phis, input(1)?, depth + 1)?;
            if invariant(&a) {
                Some(scale(b, &a.1))
            } else if invariant(&b) {
                Some(scale(a, &b.1))
            } else {
                None
            }
        }
        Op::Binary(BinaryOp::Shl) => {
            let Op::Constant(Constant::Int(k)) = g.op(input(1)?) else {
                return None;
            };
            let a = affine(mg, phis, input(0)?, depth + 1)?;
            Some(scale(
                a,
                &HostExpr::Const(1i32.wrapping_shl((*k & 31) as u32)),
            ))
        }
        Op::Negate => {
            let (s, o) = affine(mg, phis, input(0)?, depth + 1)?;
            Some((s.into_iter().map(neg).collect(), neg(o)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every exact index of the nest, by enumeration.
    fn brute(scales: &[i32], offset: i32, dims: &[(i32, u64, i32)], len: u64) -> bool {
        let mut hit = vec![false; len as usize];
        let mut idx = vec![0u64; dims.len()];
        if dims.iter().any(|d| d.1 == 0) {
            return len == 0;
        }
        loop {
            let mut e = i128::from(offset);
            for (d, &k) in idx.iter().enumerate() {
                let i = i128::from(dims[d].0) + i128::from(k) * i128::from(dims[d].2);
                e += i128::from(scales[d]) * i;
            }
            if e >= 0 && (e as u64) < len {
                hit[e as usize] = true;
            }
            // Next index tuple.
            let mut d = dims.len();
            loop {
                if d == 0 {
                    return hit.iter().all(|&h| h);
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < dims[d].1 {
                    break;
                }
                idx[d] = 0;
            }
        }
    }

    #[test]
    fn index_spans_against_enumeration() {
        let dimsets: [&[(i32, u64, i32)]; 4] = [
            &[(0, 10, 1)],
            &[(3, 5, 2), (0, 4, 1)],
            &[(10, 3, -3), (-2, 6, 1)],
            &[(0, 1, 1), (5, 7, 3)],
        ];
        for dims in dimsets {
            for s0 in [-7i32, -1, 0, 1, 4] {
                for s1 in [-3i32, 0, 2, 11] {
                    let scales: Vec<i32> = [s0, s1][..dims.len()].to_vec();
                    for (offset, run) in [(0, 1), (-5, 1), (17, 3)] {
                        let mut lo = i64::MAX;
                        let mut hi = i64::MIN;
                        let mut idx = vec![0u64; dims.len()];
                        'all: loop {
                            let mut e = i64::from(offset);
                            for (d, &k) in idx.iter().enumerate() {
                                let i = i64::from(dims[d].0) + k as i64 * i64::from(dims[d].2);
                                e += i64::from(scales[d]) * i;
                            }
                            lo = lo.min(e);
                            hi = hi.max(e + i64::from(run) - 1);
                            let mut d = dims.len();
                            loop {
                                if d == 0 {
                                    break 'all;
                                }
                                d -= 1;
                                idx[d] += 1;
                                if idx[d] < dims[d].1 {
                                    break;
                                }
                                idx[d] = 0;
                            }
                        }
                        assert_eq!(
                            WriteCover::index_span(&scales, offset, run, dims),
                            Some((lo, hi)),
                            "{scales:?} {offset} {run} {dims:?}"
                        );
                    }
                }
            }
        }
        // Past `int`: no span (the device's index would wrap).
        assert_eq!(
            WriteCover::index_span(&[1 << 20], 0, 1, &[(0, 4096, 1)]),
            None
        );
        assert_eq!(WriteCover::index_span(&[1], 0, 1, &[(0, 0, 1)]), None);
    }

    #[test]
    fn runs_of_stores_against_enumeration() {
        // Stores at scale * i + offset + k for k < run, against every element hit by enumeration.
        for scale in [-9i32, -8, -3, 1, 2, 4, 8, 9] {
            for run in 1u32..=10 {
                for count in [0u64, 1, 2, 5] {
                    for offset in [-10i32, -1, 0, 3] {
                        for len in [0u64, 1, 7, 8, 16, 40] {
                            let dims = [(0, count, 1)];
                            let mut hit = vec![false; len as usize];
                            for i in 0..count as i64 {
                                for k in 0..i64::from(run) {
                                    let e = i64::from(scale) * i + i64::from(offset) + k;
                                    if (0..len as i64).contains(&e) {
                                        hit[e as usize] = true;
                                    }
                                }
                            }
                            let all = hit.iter().all(|&h| h);
                            // Sound part: every element it names is stored.
                            if let Some((lo, hi)) =
                                WriteCover::covered_run(&[scale], offset, run, &dims, len)
                            {
                                assert!(
                                    lo < hi && hi <= len && hit[lo as usize..hi as usize].iter().all(|&h| h),
                                    "part [{lo}, {hi}): scale {scale} run {run} count {count} offset {offset} len {len}"
                                );
                            } else if count > 0 && scale.unsigned_abs() <= run {
                                // A single run that misses the array entirely.
                                assert!(!hit.iter().any(|&h| h), "scale {scale} run {run} count {count} offset {offset} len {len}");
                            }
                            let got = WriteCover::covers_run(&[scale], offset, run, &dims, len);
                            // Sound: never claims an element nobody stores.
                            assert!(
                                !got || all,
                                "scale {scale} run {run} count {count} offset {offset} len {len}"
                            );
                            // Complete where the stores' values are one run starting at 0.
                            if offset == 0 && scale > 0 && scale as u32 <= run && count > 0 {
                                let end = u64::from(scale as u32) * (count - 1) + u64::from(run);
                                assert_eq!(
                                    got,
                                    len <= end,
                                    "scale {scale} run {run} count {count} len {len}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn parts_written_in_full() {
        // out[i] for i in [1, n) of an array of n (Series' coefficients, out[0] untouched).
        assert_eq!(
            WriteCover::covered_run(&[1], 0, 1, &[(1, 9, 1)], 10),
            Some((1, 10))
        );
        assert!(!WriteCover::covers_run(&[1], 0, 1, &[(1, 9, 1)], 10));
        // Past the end: clipped (those iterations fail their checks).
        assert_eq!(
            WriteCover::covered_run(&[1], 5, 1, &[(0, 10, 1)], 10),
            Some((5, 10))
        );
        // Holes (stride 2): no part.
        assert_eq!(WriteCover::covered_run(&[2], 0, 1, &[(0, 5, 1)], 10), None);
        // Nothing runs, or nothing lands in the array.
        assert_eq!(WriteCover::covered_run(&[1], 0, 1, &[(0, 0, 1)], 10), None);
        assert_eq!(WriteCover::covered_run(&[1], 20, 1, &[(0, 3, 1)], 10), None);
    }

    #[test]
    fn blocks_of_stores() {
        // out[8 * b + c], c = 0..8, b < 5: exactly 40 elements; 7 stores leave holes.
        assert!(WriteCover::covers_run(&[8], 0, 8, &[(0, 5, 1)], 40));
        assert!(!WriteCover::covers_run(&[8], 0, 8, &[(0, 5, 1)], 41));
        assert!(!WriteCover::covers_run(&[8], 0, 7, &[(0, 5, 1)], 40));
        assert!(!WriteCover::covers_run(&[8], 1, 8, &[(0, 5, 1)], 40));
        assert!(!WriteCover::covers_run(&[8], 0, 0, &[(0, 5, 1)], 40));
    }

    #[test]
    fn standard_shapes_are_covered() {
        // c[i] over [0, n).
        assert!(WriteCover::covers(&[1], 0, &[(0, 100, 1)], 100));
        // Not when the range is short, starts late or steps by 2.
        assert!(!WriteCover::covers(&[1], 0, &[(0, 99, 1)], 100));
        assert!(!WriteCover::covers(&[1], 0, &[(1, 99, 1)], 100));
        assert!(!WriteCover::covers(&[1], 0, &[(0, 50, 2)], 100));
        // out[y * w + x] over [0, h) x [0, w).
        assert!(WriteCover::covers(&[7, 1], 0, &[(0, 5, 1), (0, 7, 1)], 35));
        assert!(!WriteCover::covers(&[7, 1], 0, &[(0, 5, 1), (0, 7, 1)], 36));
        // Transposed: out[x * h + y] with x inner.
        assert!(WriteCover::covers(&[1, 5], 0, &[(0, 5, 1), (0, 7, 1)], 35));
        // c[n - 1 - i].
        assert!(WriteCover::covers(&[-1], 99, &[(0, 100, 1)], 100));
        // Rows wider than the stride overlap: still contiguous.
        assert!(WriteCover::covers(&[3, 1], 0, &[(0, 4, 1), (0, 5, 1)], 14));
        // An empty array is covered by anything; an empty loop covers nothing else.
        assert!(WriteCover::covers(&[1], 0, &[(0, 0, 1)], 0));
        assert!(!WriteCover::covers(&[1], 0, &[(0, 0, 1)], 1));
        // A single work-item writing element 0 of a one-element array.
        assert!(WriteCover::covers(&[], 0, &[], 1));
        assert!(!WriteCover::covers(&[], 0, &[], 2));
        // Extreme values do not overflow.
        assert!(!WriteCover::covers(
            &[i32::MIN, i32::MAX],
            i32::MIN,
            &[(i32::MAX, u64::from(u32::MAX), i32::MAX), (i32::MIN, 3, 1)],
            u64::MAX
        ));
    }

    #[test]
    fn huge_trip_counts_answer_without_overflow() {
        // Strides of 2^62 (the largest) over 2^64 - 1 iterations: with three loops the run's
        // length is exactly i128::MAX, and covers.
        let wide = (0, u64::MAX, i32::MIN);
        let scales = [1, i32::MIN, i32::MIN, i32::MIN];
        let dims = [(0, u64::MAX, 1), wide, wide, wide];
        assert!(WriteCover::covers(&scales[..3], 0, &dims[..3], u64::MAX));
        // A fourth loop would leave i128: refused, not a panic.
        assert!(!WriteCover::covers(&scales, 0, &dims, u64::MAX));
        // Falling strides move the start below i128::MIN: refused too.
        let falling = (0, u64::MAX, i32::MAX);
        assert!(!WriteCover::covers(
            &[-1, i32::MIN, i32::MIN, i32::MIN],
            i32::MAX,
            &[(i32::MAX, u64::MAX, 1), falling, falling, falling],
            1
        ));
        // An int loop runs at most 2^32 times: far from overflow, and the answer is exact.
        let all = 1u64 << 32;
        assert!(WriteCover::covers(&[1], i32::MIN, &[(0, all, 1)], 1 << 31));
        assert!(!WriteCover::covers(
            &[1],
            i32::MIN,
            &[(0, all - 1, 1)],
            1 << 31
        ));
    }

    #[test]
    fn standard_shapes_for_many_sizes() {
        for h in 0..7u64 {
            for w in 0..7u64 {
                let (hi, wi) = (h as i32, w as i32);
                let rows = [(0, h, 1), (0, w, 1)];
                let len = h * w;
                // c[y * w + x], y outer.
                assert!(WriteCover::covers(&[wi, 1], 0, &rows, len), "{h}x{w}");
                // c[x * h + y]: transposed, still every element.
                assert!(WriteCover::covers(&[1, hi], 0, &rows, len), "{h}x{w}");
                // c[(h - 1 - y) * w + (w - 1 - x)]: both reversed.
                let back = wi * (hi - 1) + wi - 1;
                assert!(WriteCover::covers(&[-wi, -1], back, &rows, len), "{h}x{w}");
                // One element more is never covered (unless nothing runs and len is 0).
                assert!(!WriteCover::covers(&[wi, 1], 0, &rows, len + 1), "{h}x{w}");
                // A loop from 1, or a row too narrow for the stride, leaves holes.
                if h > 0 && w > 1 {
                    let from1 = [(0, h, 1), (1, w - 1, 1)];
                    assert!(!WriteCover::covers(&[wi, 1], 0, &from1, len));
                }
                // c[2 * i] and c[2 * i + 1] each cover half; c[i / 1] stepping 2 likewise.
                if w > 1 {
                    assert!(!WriteCover::covers(&[2], 0, &[(0, w, 1)], 2 * w));
                    assert!(!WriteCover::covers(&[1], 0, &[(0, w, 2)], w));
                }
                // 3-D: c[(z * h + y) * w + x] with depth 3.
                let cube = [(0, 3, 1), (0, h, 1), (0, w, 1)];
                assert!(WriteCover::covers(&[hi * wi, wi, 1], 0, &cube, 3 * len));
            }
        }
        // c[n - 1 - i] for several n, and c[i - 1] over 1..=n.
        for n in 0..50u64 {
            let ni = n as i32;
            assert!(WriteCover::covers(&[-1], ni - 1, &[(0, n, 1)], n));
            assert!(WriteCover::covers(&[1], -1, &[(1, n, 1)], n));
            assert!(!WriteCover::covers(&[1], 0, &[(1, n, 1)], n) || n == 0);
        }
    }

    #[test]
    fn never_claims_an_uncovered_element() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % m
        };
        let mut agreed = 0;
        for _ in 0..20_000 {
            let n = next(4) as usize;
            let scales: Vec<i32> = (0..n).map(|_| next(9) as i32 - 4).collect();
            let dims: Vec<(i32, u64, i32)> = (0..n)
                .map(|_| (next(7) as i32 - 3, next(7), next(3) as i32 + 1))
                .collect();
            let offset = next(21) as i32 - 10;
            let len = next(41);
            let claimed = WriteCover::covers(&scales, offset, &dims, len);
            let truth = brute(&scales, offset, &dims, len);
            assert!(
                !claimed || truth,
                "covers() claimed {scales:?} {offset} {dims:?} len {len}"
            );
            agreed += usize::from(claimed == truth);
        }
        // The proof is not vacuous: it agrees with enumeration most of the time.
        assert!(agreed > 15_000, "{agreed}");
    }
}
