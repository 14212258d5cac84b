//! Induction variables of sequential loops, and array indices as affine functions of them: the
//! analysis behind loop versioning (a loop's index checks tested once at its entry).
//!
//! A *counted loop* has a phi `k` at its `LoopBegin` whose every back-edge value is `k + step`
//! (`step` a non-zero `int` constant), whose entry value is `init`, and whose header ends with a
//! test `k < bound` (or `<=`, `>`, `>=`, in either operand order and either branch sense) that
//! stays in the loop when it holds, `bound` loop-invariant. Every block of the loop after that
//! test therefore runs with `k` in `[init, bound - 1]` (for `<`, step > 0) as long as `k + step`
//! cannot overflow, which the caller tests at the loop's entry ([`Induction::no_overflow`]).
//!
//! An index is *affine in `k`* when it is `S * k + R` in `int` arithmetic, with `S` a sum of
//! constants and constant multiples of loop-invariant `int` values and `R` likewise plus a
//! constant (built from `+`, `-`, `*`, `<<` by a constant and negation, whose `int` results are
//! the exact results modulo 2^32). The exact integer `e(k) = S * k + R` (terms taken at their
//! `int` values) is congruent to the index the body computes and linear in `k`; so when `e` lies
//! in `[0, len)` at both ends of `k`'s range it lies there for every `k` in between, and a value in
//! `[0, 2^31)` congruent to an `int` is that `int`: every such check passes. [`LoopAffine`] keeps
//! the magnitudes small enough that the entry test evaluates `e` in 64-bit arithmetic exactly once
//! `|S| <= 2^31` is known (the caller tests that when `S` has invariant terms).

use ferrocl_graph::{BinaryOp, Condition, Constant, Graph, NodeId, Op, Stamp};

/// Largest constant accepted as a coefficient or offset: keeps every product in the entry test
/// within 64 bits.
const LIMIT: i64 = 1 << 31;
/// Largest coefficient of an invariant term.
const TERM_LIMIT: i64 = 1 << 16;
/// Most invariant terms in `S` or in `R`.
const MAX_TERMS: usize = 4;
/// How deep the decomposition looks into an index expression.
const MAX_DEPTH: usize = 24;
/// How many nodes one decomposition may visit (an expression DAG can have many more paths than
/// nodes).
const MAX_VISITS: usize = 512;

/// A counted loop's induction variable (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Induction {
    /// The phi at the `LoopBegin`.
    pub phi: NodeId,
    /// The constant added on every back edge (never 0).
    pub step: i64,
    /// The loop-invariant bound of the header's test.
    pub bound: NodeId,
    /// Whether the bound itself is in range: `<=` / `>=` (otherwise `<` / `>`).
    pub inclusive: bool,
}

impl Induction {
    /// `k`'s last value in the body, as an offset from the bound: `bound - 1` for `<`, `bound + 1`
    /// for `>`, `bound` for `<=` / `>=`. With `step > 0` the range is `[init, bound + last_offset]`,
    /// with `step < 0` it is `[bound + last_offset, init]`.
    pub fn last_offset(&self) -> i64 {
        match (self.inclusive, self.step > 0) {
            (true, _) => 0,
            (false, true) => -1,
            (false, false) => 1,
        }
    }

    /// The condition (in 64-bit arithmetic on `last = bound + last_offset`) under which `k + step`
    /// never overflows inside the body: `last + step <= 2^31 - 1` for `step > 0`, `last + step >=
    /// -2^31` for `step < 0`. Returned as `(limit, upward)`: test `last + step <= limit` when
    /// `upward`, else `last + step >= limit`.
    pub fn no_overflow(&self) -> (i64, bool) {
        if self.step > 0 {
            (i64::from(i32::MAX), true)
        } else {
            (i64::from(i32::MIN), false)
        }
    }
}

/// Recognises `phi` as a counted loop's induction variable. `loop_begin` is the phi's merge,
/// `test` the `If` ending the loop header, `stays_if_true` whether its true successor stays in the
/// loop; `invariant` says whether a node's value is the same in every iteration.
pub fn induction(
    g: &Graph,
    phi: NodeId,
    test: NodeId,
    stays_if_true: bool,
    invariant: &dyn Fn(NodeId) -> bool,
) -> Option<Induction> {
    if *g.op(phi) != Op::Phi || g.stamp(phi) != Stamp::Int {
        return None;
    }
    let loop_begin = *g.inputs(phi).first()?;
    if *g.op(loop_begin) != Op::LoopBegin || g.inputs(phi).len() < 3 {
        return None;
    }
    let step = step_of(g, phi)?;
    if *g.op(test) != Op::If {
        return None;
    }
    let cond = *g.inputs(test).first()?;
    let Op::Compare(c) = *g.op(cond) else {
        return None;
    };
    let (x, y) = (g.inputs(cond)[0], g.inputs(cond)[1]);
    if g.stamp(x) != Stamp::Int {
        return None;
    }
    // Normalise to `phi c bound`, holding in the loop.
    let (c, bound) = if x == phi && y != phi {
        (c, y)
    } else if y == phi && x != phi {
        (c.mirror(), x)
    } else {
        return None;
    };
    let c = if stays_if_true { c } else { c.negate() };
    if !invariant(bound) {
        return None;
    }
    let inclusive = match (c, step > 0) {
        (Condition::Lt, true) | (Condition::Gt, false) => false,
        (Condition::Le, true) | (Condition::Ge, false) => true,
        _ => return None,
    };
    Some(Induction {
        phi,
        step,
        bound,
        inclusive,
    })
}

/// The step of an `int` phi at a `LoopBegin` whose every back-edge value is `phi + step`, the same
/// non-zero constant on every back edge: the loop's induction variables (the one its test bounds,
/// and others stepping along with it, such as `k += 6` beside `round++`).
pub fn step_of(g: &Graph, phi: NodeId) -> Option<i64> {
    if *g.op(phi) != Op::Phi || g.stamp(phi) != Stamp::Int || g.inputs(phi).len() < 3 {
        return None;
    }
    if *g.op(g.inputs(phi)[0]) != Op::LoopBegin {
        return None;
    }
    let mut step = None;
    for &v in &g.inputs(phi)[2..] {
        let s = added_constant(g, v, phi)?;
        if s == 0 || step.is_some_and(|t| t != s) {
            return None;
        }
        step = Some(s);
    }
    step
}

/// `c` when `v` is `base + c` or `base - c` for an `int` constant `c`.
fn added_constant(g: &Graph, v: NodeId, base: NodeId) -> Option<i64> {
    let Op::Binary(op) = *g.op(v) else {
        return None;
    };
    let (a, b) = (g.inputs(v)[0], g.inputs(v)[1]);
    let constant = |n: NodeId| match g.op(n) {
        Op::Constant(Constant::Int(c)) => Some(i64::from(*c)),
        _ => None,
    };
    match op {
        BinaryOp::Add if a == base => constant(b),
        BinaryOp::Add if b == base => constant(a),
        BinaryOp::Sub if a == base => constant(b).map(|c| -c),
        _ => None,
    }
}

/// `Σ coefficient * term + constant` over loop-invariant `int` terms.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    /// Loop-invariant `int` nodes and their non-zero coefficients.
    pub terms: Vec<(NodeId, i64)>,
    /// The constant.
    pub constant: i64,
}

impl Linear {
    fn constant(c: i64) -> Linear {
        Linear {
            terms: Vec::new(),
            constant: c,
        }
    }

    fn term(n: NodeId) -> Linear {
        Linear {
            terms: vec![(n, 1)],
            constant: 0,
        }
    }

    /// Whether this is the constant 0.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty() && self.constant == 0
    }

    fn add(mut self, other: &Linear, factor: i64) -> Option<Linear> {
        self.constant = self
            .constant
            .checked_add(other.constant.checked_mul(factor)?)?;
        for &(t, c) in &other.terms {
            let c = c.checked_mul(factor)?;
            match self.terms.iter_mut().find(|(u, _)| *u == t) {
                Some((_, d)) => *d = d.checked_add(c)?,
                None => self.terms.push((t, c)),
            }
        }
        self.terms.retain(|&(_, c)| c != 0);
        Some(self)
    }

    fn bounded(&self) -> bool {
        self.constant.abs() <= LIMIT
            && self.terms.len() <= MAX_TERMS
            && self.terms.iter().all(|&(_, c)| c.abs() <= TERM_LIMIT)
    }
}

/// An index `scale * v + rest` in one induction variable `v` (or none): see the module docs. Both
/// parts are bounded so that, with `|scale| <= 2^31` and `|v| <= 2^31` tested at run time, the
/// entry test's 64-bit arithmetic cannot overflow.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopAffine {
    /// The induction variable the index moves with; `None` when it is loop-invariant.
    pub iv: Option<NodeId>,
    /// Its coefficient (zero when `iv` is `None`).
    pub scale: Linear,
    /// Everything else.
    pub rest: Linear,
}

impl LoopAffine {
    fn add(self, other: &LoopAffine, factor: i64) -> Option<LoopAffine> {
        let iv = match (self.iv, other.iv) {
            (Some(a), Some(b)) if a != b => return None,
            (a, b) => a.or(b),
        };
        let mut sum = LoopAffine {
            iv,
            scale: self.scale.add(&other.scale, factor)?,
            rest: self.rest.add(&other.rest, factor)?,
        };
        if sum.scale.is_zero() {
            sum.iv = None;
        }
        Some(sum)
    }

    fn bounded(self) -> Option<LoopAffine> {
        (self.scale.bounded() && self.rest.bounded()).then_some(self)
    }
}

/// `index` as an affine function of one of the loop's induction variables (`is_iv`), if it is one;
/// `invariant` says whether a node's value is the same in every iteration of the loop.
pub fn loop_affine(
    g: &Graph,
    index: NodeId,
    is_iv: &dyn Fn(NodeId) -> bool,
    invariant: &dyn Fn(NodeId) -> bool,
) -> Option<LoopAffine> {
    let visits = std::cell::Cell::new(0);
    affine(g, index, is_iv, invariant, &visits, 0)?.bounded()
}

fn affine(
    g: &Graph,
    n: NodeId,
    is_iv: &dyn Fn(NodeId) -> bool,
    invariant: &dyn Fn(NodeId) -> bool,
    visits: &std::cell::Cell<usize>,
    depth: usize,
) -> Option<LoopAffine> {
    visits.set(visits.get() + 1);
    if depth > MAX_DEPTH || visits.get() > MAX_VISITS || g.stamp(n) != Stamp::Int {
        return None;
    }
    if is_iv(n) {
        return Some(LoopAffine {
            iv: Some(n),
            scale: Linear::constant(1),
            rest: Linear::default(),
        });
    }
    if let Op::Constant(Constant::Int(c)) = g.op(n) {
        return Some(LoopAffine {
            iv: None,
            scale: Linear::default(),
            rest: Linear::constant(i64::from(*c)),
        });
    }
    let inputs = g.inputs(n);
    let sub = |x: NodeId| affine(g, x, is_iv, invariant, visits, depth + 1);
    let result = match g.op(n) {
        Op::Binary(BinaryOp::Add) => sub(inputs[0])?.add(&sub(inputs[1])?, 1),
        Op::Binary(BinaryOp::Sub) => sub(inputs[0])?.add(&sub(inputs[1])?, -1),
        Op::Negate => LoopAffine::default().add(&sub(inputs[0])?, -1),
        Op::Binary(BinaryOp::Shl) => match g.op(inputs[1]) {
            Op::Constant(Constant::Int(s)) => {
                let s = s & 31;
                LoopAffine::default().add(&sub(inputs[0])?, 1i64 << s)
            }
            _ => None,
        },
        Op::Binary(BinaryOp::Mul) => {
            let (a, b) = (sub(inputs[0]), sub(inputs[1]));
            match (a, b) {
                (Some(a), Some(b)) => multiply(g, n, a, b, invariant),
                _ => None,
            }
        }
        _ => None,
    };
    // Anything else the loop does not change is an opaque term.
    result.or_else(|| {
        invariant(n).then(|| LoopAffine {
            iv: None,
            scale: Linear::default(),
            rest: Linear::term(n),
        })
    })
}

/// The product of two affine forms when it is affine: a constant times anything, or an invariant
/// value times `s * v` with `s` constant (then the invariant joins the coefficient).
fn multiply(
    g: &Graph,
    n: NodeId,
    a: LoopAffine,
    b: LoopAffine,
    invariant: &dyn Fn(NodeId) -> bool,
) -> Option<LoopAffine> {
    let as_constant =
        |x: &LoopAffine| (x.scale.is_zero() && x.rest.terms.is_empty()).then_some(x.rest.constant);
    if let Some(c) = as_constant(&a) {
        return LoopAffine::default().add(&b, c);
    }
    if let Some(c) = as_constant(&b) {
        return LoopAffine::default().add(&a, c);
    }
    let (kpart, inv) = if a.scale.is_zero() { (b, a) } else { (a, b) };
    if !inv.scale.is_zero() || !kpart.rest.is_zero() || !kpart.scale.terms.is_empty() {
        return None;
    }
    // The invariant factor must be one node (its `int` value is what the body multiplies by).
    let factor = match inv.rest.terms.as_slice() {
        [(t, 1)] if inv.rest.constant == 0 => *t,
        _ => g.inputs(n).iter().copied().find(|&x| invariant(x))?,
    };
    Some(LoopAffine {
        iv: kpart.iv,
        scale: Linear {
            terms: vec![(factor, kpart.scale.constant)],
            constant: 0,
        },
        rest: Linear::default(),
    })
}

/// How deep [`loop_invariant`] looks into a floating expression.
const MAX_INVARIANT_DEPTH: usize = 32;

/// Whether `n`'s value is the same in every iteration of the loop whose fixed nodes are `inside`;
/// `preloaded` nodes (loads read once before the loop) count as invariant. Answers are kept in
/// `memo`, so shared subexpressions are looked at once.
pub fn loop_invariant(
    g: &Graph,
    inside: &std::collections::HashSet<NodeId>,
    preloaded: &std::collections::HashSet<NodeId>,
    memo: &std::cell::RefCell<std::collections::HashMap<NodeId, bool>>,
    n: NodeId,
) -> bool {
    invariant_at(g, inside, preloaded, memo, n, 0)
}

fn invariant_at(
    g: &Graph,
    inside: &std::collections::HashSet<NodeId>,
    preloaded: &std::collections::HashSet<NodeId>,
    memo: &std::cell::RefCell<std::collections::HashMap<NodeId, bool>>,
    n: NodeId,
    depth: usize,
) -> bool {
    if let Some(&known) = memo.borrow().get(&n) {
        return known;
    }
    if depth > MAX_INVARIANT_DEPTH {
        return false;
    }
    let answer = match g.op(n) {
        Op::Parameter(_) | Op::Constant(_) | Op::StaticField(_) | Op::Identity(_) => true,
        Op::Phi => !inside.contains(&g.inputs(n)[0]),
        _ if preloaded.contains(&n) => true,
        op if op.is_fixed() => !inside.contains(&n),
        _ => g
            .inputs(n)
            .iter()
            .all(|&x| invariant_at(g, inside, preloaded, memo, x, depth + 1)),
    };
    memo.borrow_mut().insert(n, answer);
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::Stamp;

    struct Loop {
        g: Graph,
        begin: NodeId,
        k: NodeId,
        n: NodeId,
        m: NodeId,
    }

    /// `for (k = 0; k < n; k += step)` with parameters `n` and `m`.
    fn counted(step: i32) -> Loop {
        let mut g = Graph::new();
        let n = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let m = g.add(Op::Parameter(1), Stamp::Int, vec![]);
        let zero = g.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![]);
        let entry = g.add(Op::End, Stamp::Void, vec![]);
        let begin = g.add(Op::LoopBegin, Stamp::Void, vec![entry]);
        let back = g.add(Op::LoopEnd, Stamp::Void, vec![begin]);
        g.push_input(begin, back);
        let k = g.add(Op::Phi, Stamp::Int, vec![begin, zero]);
        let s = g.add(Op::Constant(Constant::Int(step)), Stamp::Int, vec![]);
        let next = g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![k, s]);
        g.push_input(k, next);
        Loop { g, begin, k, n, m }
    }

    fn test_of(l: &mut Loop, c: Condition, k_first: bool) -> NodeId {
        let (x, y) = if k_first { (l.k, l.n) } else { (l.n, l.k) };
        let cond = l.g.add(Op::Compare(c), Stamp::Bool, vec![x, y]);
        l.g.add(Op::If, Stamp::Void, vec![cond])
    }

    fn params_invariant(g: &Graph) -> impl Fn(NodeId) -> bool + '_ {
        move |n| matches!(g.op(n), Op::Parameter(_) | Op::Constant(_))
    }

    #[test]
    fn recognises_counted_loops_in_both_senses() {
        let mut l = counted(1);
        let t = test_of(&mut l, Condition::Lt, true);
        let inv = params_invariant(&l.g);
        let ind = induction(&l.g, l.k, t, true, &inv).expect("k < n");
        assert_eq!((ind.step, ind.bound, ind.inclusive), (1, l.n, false));
        assert_eq!(ind.last_offset(), -1);
        // `if (k >= n) exit;`: the false branch stays.
        let mut l = counted(1);
        let t = test_of(&mut l, Condition::Ge, true);
        let inv = params_invariant(&l.g);
        assert!(
            !induction(&l.g, l.k, t, false, &inv)
                .expect("recognised")
                .inclusive
        );
        // `n > k` holding in the loop is `k < n`.
        let mut l = counted(2);
        let t = test_of(&mut l, Condition::Gt, false);
        let inv = params_invariant(&l.g);
        assert_eq!(
            induction(&l.g, l.k, t, true, &inv)
                .expect("recognised")
                .step,
            2
        );
        // Counting down with `k >= n`.
        let mut l = counted(-1);
        let t = test_of(&mut l, Condition::Ge, true);
        let inv = params_invariant(&l.g);
        let ind = induction(&l.g, l.k, t, true, &inv).expect("recognised");
        assert!(ind.inclusive);
        assert_eq!(ind.no_overflow(), (i64::from(i32::MIN), false));
        let _ = l.begin;
    }

    #[test]
    fn refuses_tests_that_do_not_bound_the_range() {
        // Counting up while `k > n`: no upper bound.
        let mut l = counted(1);
        let t = test_of(&mut l, Condition::Gt, true);
        let inv = params_invariant(&l.g);
        assert!(induction(&l.g, l.k, t, true, &inv).is_none());
        // `!=` is not a range.
        let mut l = counted(1);
        let t = test_of(&mut l, Condition::Ne, true);
        let inv = params_invariant(&l.g);
        assert!(induction(&l.g, l.k, t, true, &inv).is_none());
        // A bound that changes in the loop.
        let mut l = counted(1);
        let t = test_of(&mut l, Condition::Lt, true);
        assert!(induction(&l.g, l.k, t, true, &|_| false).is_none());
    }

    #[test]
    fn refuses_a_step_that_differs_between_back_edges() {
        let mut l = counted(1);
        let back2 = l.g.add(Op::LoopEnd, Stamp::Void, vec![l.begin]);
        l.g.push_input(l.begin, back2);
        let two = l.g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        let next2 =
            l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![l.k, two]);
        l.g.push_input(l.k, next2);
        let t = test_of(&mut l, Condition::Lt, true);
        let inv = params_invariant(&l.g);
        assert!(induction(&l.g, l.k, t, true, &inv).is_none());
    }

    #[test]
    fn decomposes_row_major_indices() {
        let mut l = counted(1);
        let inv = |g: &Graph, n: NodeId| matches!(g.op(n), Op::Parameter(_) | Op::Constant(_));
        // m * n + k  (a[i * n + k]: the product is one invariant term)
        let mn =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![l.m, l.n]);
        let idx =
            l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![mn, l.k]);
        let g = &l.g;
        let invariant = |n: NodeId| inv(g, n) || n == mn;
        let a = loop_affine(g, idx, &|x| x == l.k, &invariant).expect("recognised");
        assert_eq!(a.scale, Linear::constant(1));
        assert_eq!(a.rest, Linear::term(mn));
        // k * n + m  (b[k * n + j]: the invariant joins the coefficient)
        let kn =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![l.k, l.n]);
        let idx =
            l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![kn, l.m]);
        let g = &l.g;
        let invariant = |n: NodeId| inv(g, n);
        let a = loop_affine(g, idx, &|x| x == l.k, &invariant).expect("recognised");
        assert_eq!(a.scale.terms, vec![(l.n, 1)]);
        assert_eq!(a.rest, Linear::term(l.m));
        // (k << 2) - 3 - m
        let two = l.g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        let three = l.g.add(Op::Constant(Constant::Int(3)), Stamp::Int, vec![]);
        let sh =
            l.g.add(Op::Binary(BinaryOp::Shl), Stamp::Int, vec![l.k, two]);
        let s1 =
            l.g.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![sh, three]);
        let idx =
            l.g.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![s1, l.m]);
        let g = &l.g;
        let invariant = |n: NodeId| inv(g, n);
        let a = loop_affine(g, idx, &|x| x == l.k, &invariant).expect("recognised");
        assert_eq!(a.scale, Linear::constant(4));
        assert_eq!(a.rest.constant, -3);
        assert_eq!(a.rest.terms, vec![(l.m, -1)]);
    }

    #[test]
    fn refuses_non_affine_indices() {
        let mut l = counted(1);
        // k * k
        let kk =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![l.k, l.k]);
        // k * n * m: the coefficient would be a product of two invariants
        let kn =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![l.k, l.n]);
        let knm =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![kn, l.m]);
        // k / 2 (not a ring operation)
        let two = l.g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        let kd =
            l.g.add(Op::Binary(BinaryOp::Div), Stamp::Int, vec![l.k, two]);
        // k * 2^20 (coefficient past the limit is fine; past 2^31 is not)
        let big =
            l.g.add(Op::Constant(Constant::Int(i32::MIN)), Stamp::Int, vec![]);
        let kbig =
            l.g.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![l.k, big]);
        let kbig2 =
            l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![kbig, kbig]);
        let g = &l.g;
        let invariant = |n: NodeId| matches!(g.op(n), Op::Parameter(_) | Op::Constant(_));
        for idx in [kk, knm, kd, kbig2] {
            assert!(
                loop_affine(g, idx, &|x| x == l.k, &invariant).is_none(),
                "{idx}"
            );
        }
        // The loop-invariant part alone is affine with scale 0.
        let a = loop_affine(g, l.n, &|x| x == l.k, &invariant).expect("recognised");
        assert!(a.scale.is_zero());
        assert_eq!(a.iv, None);
    }

    #[test]
    fn follows_a_second_induction_variable_but_not_two_at_once() {
        // `k += 6` beside the tested `round++`: key[k + 2] moves with k.
        let mut l = counted(1);
        let zero = l.g.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![]);
        let j = l.g.add(Op::Phi, Stamp::Int, vec![l.begin, zero]);
        let six = l.g.add(Op::Constant(Constant::Int(6)), Stamp::Int, vec![]);
        let jn = l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![j, six]);
        l.g.push_input(j, jn);
        let two = l.g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        let idx = l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![j, two]);
        let both = l.g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![j, l.k]);
        let g = &l.g;
        assert_eq!(step_of(g, j), Some(6));
        assert_eq!(step_of(g, l.k), Some(1));
        let is_iv = |x: NodeId| x == j || x == l.k;
        let invariant = |n: NodeId| matches!(g.op(n), Op::Parameter(_) | Op::Constant(_));
        let a = loop_affine(g, idx, &is_iv, &invariant).expect("recognised");
        assert_eq!(
            (a.iv, a.scale.clone(), a.rest.constant),
            (Some(j), Linear::constant(1), 2)
        );
        assert!(loop_affine(g, both, &is_iv, &invariant).is_none());
    }
}
