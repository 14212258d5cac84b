//! Write covers: the proof obligation that lets the host skip uploading an array the kernel
//! overwrites everywhere.
//!
//! The writer records a [`WriteCover`] for an array parameter the kernel never reads when some
//! store to it runs in every iteration of the `@Parallel` nest (its block post-dominates the body's
//! entry) at an index `E = Σ_d scale_d · i_d + offset`, affine in the loop indices `i_d` with
//! loop-invariant `int` coefficients the host can evaluate (constants, `int` parameters, static
//! fields, array lengths, and `+ - *`, `<<` by a constant, negation of those). At launch the host
//! evaluates them and asks [`WriteCover::covers`] whether the stores reach every element.
//!
//! Why it is exact. Java's `int` `+`, `-`, `*`, `<<` by a constant and negation are ring operations
//! modulo 2^32, so the `int` index an iteration computes is congruent to the exact integer `E` of
//! that iteration (whatever representatives the host picked for the coefficients). An exact value
//! in `[0, len)` is its own `int` representative, so every exact value in `[0, len)` that some
//! iteration produces is an element that iteration stores to — unless the iteration fails a check
//! first, in which case the host discards every result and the JVM reruns the method. So when the
//! exact values over all iterations include every integer of `[0, len)`, every element is written
//! before the kernel ends and its old value never matters: the array need not be uploaded. (The
//! kernel never reads the array, so no element is read before it is written.)
//!
//! [`WriteCover::covers`] proves that inclusion in exact 128-bit arithmetic. Each dimension
//! contributes an arithmetic progression `s_d · k + c_d` (`s_d = scale_d · step_d`,
//! `k < count_d`). Sorted by `|s_d|`, the sum of progressions is a contiguous run of integers when
//! the smallest `|s|` is 1 and each next `|s|` is at most the length of the run built so far (the
//! copies of the run, shifted by `|s|`, then overlap or touch); the run's length grows to
//! `|s| · (count - 1) + L`. A negative stride walks the same set backwards, so it contributes its
//! minimum `s · (count - 1)` to the start. Anything else is reported as not covered: the upload
//! stays, which is always correct.

use ferrocl_frontend::MethodGraph;
use ferrocl_graph::{BinaryOp, Constant, NodeId, Op, Stamp};
use ferrocl_opt::{HostExpr, ParallelNest};

/// An array store's index as an affine function of the `@Parallel` loop indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteCover {
    /// Per `@Parallel` loop, outermost first (as [`crate::Kernel::dims`]): the coefficient of its
    /// index in the store's index.
    pub scales: Vec<HostExpr>,
    /// The rest of the index: loop-invariant, evaluated on the host.
    pub offset: HostExpr,
}

impl WriteCover {
    /// Whether the stores reach every element of `[0, len)`: `scales` and `offset` are the host's
    /// `int` values of the expressions, `dims` each loop's first index, trip count and step, in the
    /// order of `scales`. Exact arithmetic; never overflows or panics. See the module docs.
    pub fn covers(scales: &[i32], offset: i32, dims: &[(i32, u64, i32)], len: u64) -> bool {
        if len == 0 {
            return true;
        }
        if scales.len() != dims.len() {
            return false;
        }
        let mut start = i128::from(offset);
        let mut strides: Vec<(i128, i128)> = Vec::new(); // (|stride|, count)
        for (&scale, &(first, count, step)) in scales.iter().zip(dims) {
            if count == 0 {
                return false;
            }
            let scale = i128::from(scale);
            let count = i128::from(count);
            start += scale * i128::from(first);
            let stride = scale * i128::from(step);
            if count == 1 || stride == 0 {
                continue;
            }
            if stride < 0 {
                start += stride * (count - 1);
            }
            strides.push((stride.abs(), count));
        }
        strides.sort_unstable();
        let mut run: i128 = 1;
        for (stride, count) in strides {
            if stride > run {
                return false;
            }
            run += stride * (count - 1);
        }
        start <= 0 && start + run >= i128::from(len)
    }
}

/// The cover of the stores to the array parameter node `array` in the kernel body, if one of them
/// runs in every iteration (`every_iteration`) at an index affine in the nest's indices.
pub(crate) fn find(
    mg: &MethodGraph,
    nest: &ParallelNest,
    body: &[NodeId],
    array: NodeId,
    every_iteration: impl Fn(NodeId) -> bool,
) -> Option<WriteCover> {
    let g = &mg.graph;
    let phis: Vec<NodeId> = nest.dims.iter().map(|d| d.index).collect();
    body.iter().find_map(|&n| {
        if !matches!(g.op(n), Op::ArrayStore(_)) || g.inputs(n).first() != Some(&array) {
            return None;
        }
        let index = *g.inputs(n).get(1)?;
        let (scales, offset) = affine(mg, &phis, index, 0)?;
        every_iteration(n).then_some(WriteCover { scales, offset })
    })
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
        (x, y) => HostExpr::Binary(BinaryOp::Mul, Box::new(x), Box::new(y)),
    }
}

fn neg(a: HostExpr) -> HostExpr {
    match a {
        HostExpr::Const(x) => HostExpr::Const(x.wrapping_neg()),
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
    if let Some(e) = ferrocl_opt::host_expr_of(mg, node) {
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
