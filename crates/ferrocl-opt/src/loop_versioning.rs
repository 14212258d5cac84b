//! `loopVersioning`: the index checks of an innermost counted loop whose index is affine in the
//! loop's induction variables (`a[i * n + k]`, `b[k * n + j]`, `x[k]`, `row[j]`), and the divisor
//! checks of loop-invariant divisors, tested once before the loop runs. The phase puts an `If` on
//! that test at the loop's entry: its true branch enters a copy of the loop without those checks,
//! its false branch the loop as written, every check in place, so a failing access still fails in
//! the iteration where Java throws (the status word; the JVM then reruns the method). Each way out
//! of the loop gets a merge of the two copies' exits, with a phi for every value of the loop used
//! after it.
//!
//! Why it is exact: every node of the loop after the header's test runs with the tested induction
//! variable `k` in `[lo, hi]` (`lo`/`hi` are its entry value and the bound, minus one for a strict
//! test, in the loop's direction), provided `k + step` cannot overflow there, which the test
//! checks. An index `S * k + R` (int arithmetic) is congruent modulo 2^32 to the exact integer
//! `e(k) = S * k + R` evaluated in 64 bits (terms at their `int` values); `e` is linear in `k`, so
//! `0 <= e(lo), e(hi) < len` puts `e(k)` in `[0, len)` for every `k` in range, and there it equals
//! the `int` index: the check would pass. Another induction variable `v` stepping with `k` runs
//! from its entry value to `v + step_v * trips`; the test also checks that this end is an `int`, so
//! `v` never wraps. With `|S| <= 2^31` (tested when `S` involves run-time values) and the limits of
//! [`LoopAffine`], nothing overflows 64 bits. A loop that runs no iteration makes the test
//! irrelevant: either copy does nothing. Accesses under conditions in the body are covered too: the
//! test bounds a superset of what runs.
//!
//! The fast copy's increment of `k` cannot wrap (the test bounds `last + step`), so it is listed in
//! [`LoopVersion::no_wrap`] for the writer to print as C's signed operation. The checks the test
//! cannot prove, each right before the load it protects, are listed in
//! [`Counted::deferrable`]: the writer may defer them to the loop's end in the fast copy.
//!
//! Received: a graph after the other graph phases (guards lowered, nests recognised). Guaranteed:
//! the graph passes the verifier; the loop as written keeps its node ids; each copy computes what
//! the loop computes.

use crate::induction::{induction, loop_affine, loop_invariant, step_of, Linear, LoopAffine};
use crate::manager::LoopForest;
use crate::ParallelNest;
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, Dominators, GuardKind, MethodGraph,
    NodeId, Op, Stamp,
};
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

/// Largest step of an induction variable other than the tested one (keeps `v + step * trips`
/// within 64 bits).
const MAX_SECONDARY_STEP: i64 = 1 << 16;

/// How many fixed nodes an innermost loop may have for the phase to copy it.
const MAX_LOOP_NODES: usize = 2048;

/// A versioned loop: the branch on its entry test, the copy without the checks the test proves,
/// and the loop as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopVersion {
    /// The `If` at the loop's entry; its true successor enters the fast copy.
    pub branch: NodeId,
    /// The test (a `Bool`).
    pub test: NodeId,
    /// The fast copy's `LoopBegin`.
    pub fast: NodeId,
    /// The `LoopBegin` of the loop as written.
    pub checked: NodeId,
    /// Each node of the loop as written → its copy in the fast loop (fixed nodes, the phis of the
    /// loop's merges, and the values computed from them inside the loop).
    pub copies: BTreeMap<NodeId, NodeId>,
    /// The merges after the loop, one per way out: inputs `[End of the checked exit, End of the
    /// fast exit]`.
    pub exit_merges: Vec<NodeId>,
    /// The checks of the loop as written the test proves (their copies are gone).
    pub proven: Vec<NodeId>,
    /// The fast copy's increments that cannot overflow (the tested variable's `k + step`).
    pub no_wrap: Vec<NodeId>,
    /// Arrays the loop allocates (private memory) and their copies' allocations: one work-item
    /// runs one copy each time, so the two may share storage.
    pub private_twins: Vec<(NodeId, NodeId)>,
    /// The loop as a counted loop (for staged coalescing, which writes the loop as written
    /// without the proven checks in its tiles), and the fast copy's deferrable checks.
    pub counted: Counted,
}

/// A versioned loop as a counted loop: nodes of the loop as written, but for
/// [`Counted::deferrable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The tested induction variable's phi.
    pub phi: NodeId,
    /// Its entry value.
    pub entry: NodeId,
    /// The bound of the header's test.
    pub bound: NodeId,
    /// Its step.
    pub step: i64,
    /// The header's `If`, and the value of its condition under which the loop goes on.
    pub test: (NodeId, bool),
    /// The variable's last value in the body (a `long`: the bound, or one before it).
    pub last: NodeId,
    /// Loads after the header's test whose index is `phi + rest` (`rest`
    /// loop-invariant) and whose check the test proves (or an earlier phase removed, then the
    /// test covers their range too), with `rest`.
    pub unit_loads: Vec<(NodeId, Linear)>,
    /// Whether the loop stores to any array, keeps a check the test does not prove, is left other
    /// than by its header's test, or its header has a fixed node.
    pub impure: bool,
    /// The fast copy's checks the test does not prove, each right before the load it protects,
    /// when they are the loop's only impurity besides loads (the writer may defer them).
    pub deferrable: Vec<NodeId>,
}

/// Where a versioned check's length comes from.
#[derive(Clone, Copy)]
enum Length {
    /// An array's length.
    Of(NodeId),
    /// A value (a multi-dimensional argument's table entry; `-1` for null).
    Value(NodeId),
}

/// Versions every innermost counted loop of the nests' bodies that has checks to prove; returns
/// the versions made. In a 1-D nest without reductions, where the writer may stage a loop's loads
/// through local memory, the test also covers the range of loads whose check an earlier phase
/// removed (a staged copy reads them for every iteration).
pub fn version_loops(mg: &mut MethodGraph, nests: &[ParallelNest]) -> Vec<LoopVersion> {
    let mut versions: Vec<LoopVersion> = Vec::new();
    let mut tried: HashSet<NodeId> = HashSet::new();
    let parallel: HashSet<NodeId> = nests
        .iter()
        .flat_map(|n| n.dims.iter().map(|d| d.begin))
        .collect();
    // The loops and dominators, computed again after each versioning (it changes the control
    // flow).
    let mut analyses: Option<(LoopForest, Dominators)> = None;
    loop {
        let (forest, doms) = analyses
            .get_or_insert_with(|| (LoopForest::compute(mg), Dominators::compute(&mg.graph)));
        let candidate = forest.innermost().find(|l| {
            !tried.contains(&l.begin)
                && !parallel.contains(&l.begin)
                && l.body.len() <= MAX_LOOP_NODES
                && !l.body.iter().any(|b| parallel.contains(b))
        });
        let Some(info) = candidate else {
            break;
        };
        let begin = info.begin;
        let body = info.body.clone();
        tried.insert(begin);
        let stageable = nests.iter().any(|n| {
            n.dims.len() == 1
                && n.reductions.is_empty()
                && crate::parallel::walk_body(mg, n.body_entry, n.dims[0].begin, false)
                    .is_ok_and(|r| r.contains(&begin))
        });
        let Some(plan) = plan(mg, begin, &body, stageable) else {
            continue;
        };
        if let Some(v) = apply(mg, begin, &body, doms, plan) {
            tried.insert(v.fast);
            versions.push(v);
            analyses = None;
        }
    }
    versions
}

/// What the test proves and how it reads, planned on the loop as written.
struct Plan {
    /// The header's `If`, and whether its true successor stays in the loop.
    test: (NodeId, bool),
    phi: NodeId,
    step: i64,
    bound: NodeId,
    last_offset: i64,
    no_overflow: (i64, bool),
    /// The induction variables and their steps.
    ivs: Vec<(NodeId, i64)>,
    accesses: Vec<(NodeId, Length, LoopAffine)>,
    divisors: Vec<(NodeId, NodeId)>,
    /// Loads whose check an earlier phase removed, read for every iteration by a staged copy:
    /// `(load, array, rest)` of index `phi + rest`.
    unchecked_loads: Vec<(NodeId, NodeId, Linear)>,
    /// Loads whose proven check is right before them, index `phi + rest`.
    unit_loads: Vec<(NodeId, Linear)>,
    impure: bool,
    deferrable: Option<Vec<NodeId>>,
    /// Whether the loop has another way out than its header's test.
    other_exits: bool,
}

/// The header's fixed nodes (from the `LoopBegin` to its test, both excluded) and the test.
fn header_of(mg: &MethodGraph, begin: NodeId) -> Option<(Vec<NodeId>, NodeId)> {
    let g = &mg.graph;
    let mut nodes = Vec::new();
    let mut cur = g.next(begin)?;
    while *g.op(cur) != Op::If {
        match g.op(cur) {
            Op::LoopEnd | Op::LoopExit | Op::End | Op::Return | Op::Merge | Op::LoopBegin => {
                return None
            }
            _ => {}
        }
        nodes.push(cur);
        cur = g.next(cur)?;
        if nodes.len() > MAX_LOOP_NODES {
            return None;
        }
    }
    Some((nodes, cur))
}

fn reduce_acc(mg: &MethodGraph, array: NodeId) -> bool {
    mg.params
        .iter()
        .position(|p| p.node == array)
        .is_some_and(|k| mg.reduce_params.contains(&k))
}

fn plan(mg: &MethodGraph, begin: NodeId, body: &HashSet<NodeId>, stageable: bool) -> Option<Plan> {
    let g = &mg.graph;
    let (header, test) = header_of(mg, begin)?;
    let succ = g.successors(test);
    if succ.len() != 2 {
        return None;
    }
    let is_exit = |s: NodeId| *g.op(s) == Op::LoopExit && g.inputs(s)[0] == begin;
    let stays_if_true = match (is_exit(succ[0]), is_exit(succ[1])) {
        (false, true) => true,
        (true, false) => false,
        _ => return None,
    };
    let memo = RefCell::new(HashMap::new());
    let preloaded = HashSet::new();
    let is_invariant = |n: NodeId| loop_invariant(g, body, &preloaded, &memo, n);
    let ind = g
        .usages(begin)
        .iter()
        .copied()
        .filter(|&u| *g.op(u) == Op::Phi)
        .find_map(|phi| induction(g, phi, test, stays_if_true, &is_invariant))?;
    let ivs: Vec<(NodeId, i64)> = g
        .usages(begin)
        .iter()
        .copied()
        .filter_map(|u| step_of(g, u).map(|s| (u, s)))
        .filter(|&(u, s)| u == ind.phi || s.abs() <= MAX_SECONDARY_STEP)
        .collect();
    let is_iv = |n: NodeId| ivs.iter().any(|&(v, _)| v == n);
    let header_set: HashSet<NodeId> = header.iter().copied().chain([begin, test]).collect();
    let mut after: Vec<NodeId> = body
        .iter()
        .copied()
        .filter(|n| !header_set.contains(n))
        .collect();
    after.sort();

    let mut accesses = Vec::new();
    let mut divisors = Vec::new();
    for &n in &after {
        match g.op(n) {
            Op::Guard(GuardKind::Index) => {
                let (index, array) = (g.inputs(n)[0], g.inputs(n)[1]);
                if let Some(affine) = loop_affine(g, index, &is_iv, &is_invariant) {
                    accesses.push((n, Length::Of(array), affine));
                }
            }
            // A multi-dimensional argument's check against a length it read (`row[k]`, `b[k]`
            // with `row`, `b` unchanged in the loop).
            Op::Guard(GuardKind::Throw) => {
                if let Some((index, len)) = crate::nested_bounds(g, g.inputs(n)[0]) {
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
    if accesses.is_empty() && divisors.is_empty() {
        return None;
    }
    let proven: HashSet<NodeId> = accesses
        .iter()
        .map(|a| a.0)
        .chain(divisors.iter().map(|d| d.0))
        .collect();

    // What staged coalescing and deferred checks need to know.
    let header_fixed = header.iter().any(|&n| {
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
    let mut impure = header_fixed;
    let mut deferrable = Some(Vec::new()).filter(|_| !header_fixed);
    let other_exits = after.iter().any(|&n| is_exit(n) && !succ.contains(&n));
    if other_exits {
        impure = true;
        deferrable = None;
    }
    let mut unit_loads = Vec::new();
    let mut unchecked_loads = Vec::new();
    for &n in &after {
        match g.op(n) {
            Op::ArrayStore(_) | Op::VectorStore(_) | Op::NewArray(_) | Op::IntegerDivRem { .. } => {
                impure = true;
                deferrable = None;
            }
            Op::Guard(kind) if !proven.contains(&n) => {
                impure = true;
                // An index guard right before the load it protects can be deferred.
                let protects_next = *kind == GuardKind::Index
                    && g.next(n).is_some_and(|l| {
                        matches!(g.op(l), Op::ArrayLoad(_))
                            && g.inputs(l) == [g.inputs(n)[1], g.inputs(n)[0]]
                            && !reduce_acc(mg, g.inputs(l)[0])
                    });
                match (&mut deferrable, protects_next) {
                    (Some(d), true) => d.push(n),
                    _ => deferrable = None,
                }
            }
            Op::ArrayLoad(_) => {
                let (array, index) = (g.inputs(n)[0], g.inputs(n)[1]);
                let prev = g.predecessor(n);
                let guarded =
                    prev.is_some_and(|p| proven.contains(&p) && g.inputs(p) == [index, array]);
                let unchecked = !guarded
                    && !prev.is_some_and(|p| {
                        matches!(g.op(p), Op::Guard(_)) && g.inputs(p) == [index, array]
                    });
                if (!guarded && !unchecked) || reduce_acc(mg, array) {
                    continue;
                }
                let Some(affine) = loop_affine(g, index, &is_iv, &is_invariant) else {
                    continue;
                };
                let unit = affine.iv == Some(ind.phi)
                    && affine.scale.terms.is_empty()
                    && affine.scale.constant == 1;
                if unchecked {
                    // Only where a loop may be staged.
                    if ind.step == 1
                        && stageable
                        && mg.params.iter().any(|p| p.node == array)
                        && unit
                    {
                        unchecked_loads.push((n, array, affine.rest));
                    }
                    continue;
                }
                if unit {
                    unit_loads.push((n, affine.rest));
                }
            }
            _ => {}
        }
    }
    Some(Plan {
        test: (test, stays_if_true),
        phi: ind.phi,
        step: ind.step,
        bound: ind.bound,
        last_offset: ind.last_offset(),
        no_overflow: ind.no_overflow(),
        ivs,
        accesses,
        divisors,
        unchecked_loads,
        unit_loads,
        impure,
        deferrable,
        other_exits,
    })
}

/// Builds the test's nodes (floating, `long` arithmetic), folding constants and sharing equal
/// nodes, so that each condition is made once.
struct TestBuilder<'m> {
    mg: &'m mut MethodGraph,
    made: HashMap<(Op2, NodeId, NodeId), NodeId>,
    constants: HashMap<i64, NodeId>,
    longs: HashMap<NodeId, NodeId>,
    lengths: HashMap<NodeId, NodeId>,
    conditions: Vec<NodeId>,
    seen: HashSet<(Op2, NodeId, NodeId)>,
    /// A condition that never holds was required.
    impossible: bool,
}

/// What a made node computes (the key of [`TestBuilder::made`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Op2 {
    Binary(BinaryOp),
    Compare(Condition),
}

impl TestBuilder<'_> {
    fn constant(&mut self, v: i64) -> NodeId {
        if let Some(&c) = self.constants.get(&v) {
            return c;
        }
        let c = self
            .mg
            .graph
            .add(Op::Constant(Constant::Long(v)), Stamp::Long, vec![]);
        self.constants.insert(v, c);
        c
    }

    fn value_of(&self, n: NodeId) -> Option<i64> {
        match self.mg.graph.op(n) {
            Op::Constant(Constant::Int(v)) => Some(i64::from(*v)),
            Op::Constant(Constant::Long(v)) => Some(*v),
            _ => None,
        }
    }

    /// `n` as a `long` (an `int` widened).
    fn long(&mut self, n: NodeId) -> NodeId {
        if let Some(v) = self.value_of(n) {
            return self.constant(v);
        }
        if self.mg.graph.stamp(n) == Stamp::Long {
            return n;
        }
        if let Some(&l) = self.longs.get(&n) {
            return l;
        }
        let l = self.mg.graph.add(
            Op::Convert(Conversion {
                from: Stamp::Int,
                to: ConvTarget::Long,
            }),
            Stamp::Long,
            vec![n],
        );
        self.longs.insert(n, l);
        l
    }

    fn binary(&mut self, op: BinaryOp, a: NodeId, b: NodeId) -> NodeId {
        let (x, y) = (self.value_of(a), self.value_of(b));
        if let (Some(x), Some(y)) = (x, y) {
            let folded = match op {
                BinaryOp::Add => x.checked_add(y),
                BinaryOp::Sub => x.checked_sub(y),
                BinaryOp::Mul => x.checked_mul(y),
                BinaryOp::Div if y != 0 => x.checked_div(y),
                _ => None,
            };
            if let Some(v) = folded {
                return self.constant(v);
            }
        }
        match (op, x, y) {
            (BinaryOp::Add, Some(0), _) | (BinaryOp::Mul, Some(1), _) => return b,
            (BinaryOp::Add | BinaryOp::Sub, _, Some(0))
            | (BinaryOp::Mul | BinaryOp::Div, _, Some(1)) => return a,
            (BinaryOp::Mul, Some(0), _) | (BinaryOp::Mul, _, Some(0)) => return self.constant(0),
            _ => {}
        }
        let key = (Op2::Binary(op), a, b);
        if let Some(&n) = self.made.get(&key) {
            return n;
        }
        let n = self.mg.graph.add(Op::Binary(op), Stamp::Long, vec![a, b]);
        self.made.insert(key, n);
        n
    }

    /// `a + c * b`.
    fn plus_times(&mut self, a: NodeId, c: i64, b: NodeId) -> NodeId {
        let k = self.constant(c);
        let p = self.binary(BinaryOp::Mul, k, b);
        self.binary(BinaryOp::Add, a, p)
    }

    /// `Σ c * (long)term + constant`.
    fn linear(&mut self, l: &Linear) -> NodeId {
        let mut acc = self.constant(0);
        for &(t, c) in &l.terms {
            let v = self.long(t);
            acc = self.plus_times(acc, c, v);
        }
        let k = self.constant(l.constant);
        self.binary(BinaryOp::Add, acc, k)
    }

    /// Requires `a c b` (both of one stamp).
    fn check(&mut self, c: Condition, a: NodeId, b: NodeId) {
        if let (Some(x), Some(y)) = (self.value_of(a), self.value_of(b)) {
            let holds = match c {
                Condition::Eq => x == y,
                Condition::Ne => x != y,
                Condition::Lt => x < y,
                Condition::Ge => x >= y,
                Condition::Gt => x > y,
                Condition::Le => x <= y,
            };
            self.impossible |= !holds;
            return;
        }
        if self.seen.insert((Op2::Compare(c), a, b)) {
            let n = self.mg.graph.add(Op::Compare(c), Stamp::Bool, vec![a, b]);
            self.conditions.push(n);
        }
    }

    /// `lo <= x && x <= hi`.
    fn within(&mut self, x: NodeId, lo: i64, hi: i64) {
        let (lo, hi) = (self.constant(lo), self.constant(hi));
        self.check(Condition::Ge, x, lo);
        self.check(Condition::Le, x, hi);
    }

    /// `0 <= x < len`.
    fn in_bounds(&mut self, x: NodeId, len: NodeId) {
        let zero = self.constant(0);
        self.check(Condition::Ge, x, zero);
        let l = self.long(len);
        self.check(Condition::Lt, x, l);
    }

    /// `array.length`, one node per array.
    fn length(&mut self, array: NodeId) -> NodeId {
        if let Some(&l) = self.lengths.get(&array) {
            return l;
        }
        let g = &self.mg.graph;
        let existing = g
            .usages(array)
            .iter()
            .copied()
            .find(|&u| *g.op(u) == Op::ArrayLength);
        let l = match existing {
            Some(l) => l,
            None => self.mg.graph.add(Op::ArrayLength, Stamp::Int, vec![array]),
        };
        self.lengths.insert(array, l);
        l
    }

    /// Every condition, and-ed (as selects: `a ? b : false`); `None` when one never holds.
    fn all(&mut self) -> Option<NodeId> {
        if self.impossible {
            return None;
        }
        let conds = std::mem::take(&mut self.conditions);
        let mut it = conds.into_iter().rev();
        let Some(mut acc) = it.next() else {
            return Some(
                self.mg
                    .graph
                    .add(Op::Constant(Constant::Int(1)), Stamp::Bool, vec![]),
            );
        };
        let no = self
            .mg
            .graph
            .add(Op::Constant(Constant::Int(0)), Stamp::Bool, vec![]);
        for c in it {
            acc = self.mg.graph.add(Op::Select, Stamp::Bool, vec![c, acc, no]);
        }
        Some(acc)
    }
}

/// Builds the test of `p`; returns it, the last value's node, and the checks it proves. `None`
/// when the test can never hold (the loop then stays as it is).
fn build_test(mg: &mut MethodGraph, p: &Plan) -> Option<(NodeId, NodeId, Vec<NodeId>)> {
    let entry_of = |mg: &MethodGraph, phi: NodeId| mg.graph.inputs(phi)[1];
    let mut b = TestBuilder {
        mg,
        made: HashMap::new(),
        constants: HashMap::new(),
        longs: HashMap::new(),
        lengths: HashMap::new(),
        conditions: Vec::new(),
        seen: HashSet::new(),
        impossible: false,
    };
    let k_start = {
        let e = entry_of(b.mg, p.phi);
        b.long(e)
    };
    let bound = b.long(p.bound);
    let offset = b.constant(p.last_offset);
    let last = b.binary(BinaryOp::Add, bound, offset);
    let span = b.binary(BinaryOp::Sub, last, k_start);
    let step = b.constant(p.step);
    let trips = b.binary(BinaryOp::Div, span, step);
    // `k + step` cannot overflow in the body.
    let (limit, upward) = p.no_overflow;
    let next = b.binary(BinaryOp::Add, last, step);
    let lim = b.constant(limit);
    b.check(
        if upward { Condition::Le } else { Condition::Ge },
        next,
        lim,
    );

    let mut ends: HashMap<NodeId, NodeId> = HashMap::new();
    let mut end_of = |b: &mut TestBuilder<'_>, iv: NodeId| -> NodeId {
        if let Some(&e) = ends.get(&iv) {
            return e;
        }
        let v_step = p.ivs.iter().find(|&&(v, _)| v == iv).map_or(1, |&(_, s)| s);
        let start = {
            let e = entry_of(b.mg, iv);
            b.long(e)
        };
        let e = b.plus_times(start, v_step, trips);
        if iv != p.phi {
            // Java wraps it; the test needs its exact value within `int` range.
            b.within(e, i64::from(i32::MIN), i64::from(i32::MAX));
        }
        ends.insert(iv, e);
        e
    };
    let mut proven = Vec::new();
    for (n, length, affine) in &p.accesses {
        let len = match *length {
            Length::Of(array) => b.length(array),
            Length::Value(v) => {
                // `-1` is a null array: its checks fail whatever the index.
                let lv = b.long(v);
                let zero = b.constant(0);
                b.check(Condition::Ge, lv, zero);
                v
            }
        };
        proven.push(*n);
        let rest = b.linear(&affine.rest);
        let Some(iv) = affine.iv else {
            b.in_bounds(rest, len);
            continue;
        };
        let start = {
            let e = entry_of(b.mg, iv);
            b.long(e)
        };
        let end = end_of(&mut b, iv);
        let scale = if affine.scale.terms.is_empty() {
            b.constant(affine.scale.constant)
        } else {
            // A run-time coefficient: bound it first so that the products fit in 64 bits.
            let s = b.linear(&affine.scale);
            b.within(s, i64::from(i32::MIN), 1 << 31);
            s
        };
        for at in [start, end] {
            let prod = b.binary(BinaryOp::Mul, scale, at);
            let x = b.binary(BinaryOp::Add, prod, rest);
            b.in_bounds(x, len);
        }
    }
    for &(n, y) in &p.divisors {
        proven.push(n);
        let stamp = b.mg.graph.stamp(y);
        let zero = b.mg.graph.add(
            Op::Constant(if stamp == Stamp::Long {
                Constant::Long(0)
            } else {
                Constant::Int(0)
            }),
            stamp,
            vec![],
        );
        b.check(Condition::Ne, y, zero);
    }
    // Loads a staged copy reads for every iteration of the range.
    for (_, array, rest) in &p.unchecked_loads {
        let k_end = end_of(&mut b, p.phi);
        let r = b.linear(rest);
        let len = b.length(*array);
        for at in [k_start, k_end] {
            let x = b.binary(BinaryOp::Add, at, r);
            b.in_bounds(x, len);
        }
    }
    let test = b.all()?;
    Some((test, last, proven))
}

/// Where a use of a loop value is: the fixed nodes control must pass to reach it.
fn use_locations(
    g: &ferrocl_graph::Graph,
    user: NodeId,
    value: NodeId,
    depth: usize,
    out: &mut Vec<NodeId>,
) -> bool {
    if depth > 64 {
        return false;
    }
    match g.op(user) {
        Op::Phi => {
            let merge = g.inputs(user)[0];
            for (p, &v) in g.inputs(user)[1..].iter().enumerate() {
                if v == value {
                    match g.inputs(merge).get(p) {
                        Some(&end) => out.push(end),
                        None => return false,
                    }
                }
            }
            true
        }
        op if op.is_fixed() => {
            out.push(user);
            true
        }
        _ => g
            .usages(user)
            .iter()
            .all(|&u| use_locations(g, u, user, depth + 1, out)),
    }
}

/// Where a use after a versioned loop gets its value from: the phi of one way out, or a phi of
/// a merge where ways out join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Reach {
    /// The merge after the `k`-th way out.
    Exit(usize),
    /// A merge after the loop reached from several ways out.
    Join(NodeId),
}

/// Walks up from fixed node `loc` to the first way out that dominates it or the first merge;
/// `None` where the walk meets a loop or the method's start.
fn reach_of(
    g: &ferrocl_graph::Graph,
    loc: NodeId,
    exits: &[NodeId],
    doms: &Dominators,
    preds: &HashMap<NodeId, NodeId>,
) -> Option<Reach> {
    let mut cur = loc;
    for _ in 0..MAX_LOOP_NODES {
        if let Some(k) = exits.iter().position(|&x| doms.dominates(x, cur)) {
            return Some(Reach::Exit(k));
        }
        match g.op(cur) {
            Op::Merge => return Some(Reach::Join(cur)),
            Op::LoopBegin | Op::Start => return None,
            _ => cur = *preds.get(&cur)?,
        }
    }
    None
}

/// The value of loop value `v` (its copy in the fast loop) at `at`, making the phis it needs.
#[allow(clippy::too_many_arguments)]
fn value_at(
    mg: &mut MethodGraph,
    v: NodeId,
    at: Reach,
    exit_merges: &[NodeId],
    copies: &BTreeMap<NodeId, NodeId>,
    exits: &[NodeId],
    doms: &Dominators,
    preds: &HashMap<NodeId, NodeId>,
    phis: &mut HashMap<(NodeId, Reach), NodeId>,
) -> NodeId {
    if let Some(&phi) = phis.get(&(v, at)) {
        return phi;
    }
    let stamp = mg.graph.stamp(v);
    let phi = match at {
        Reach::Exit(k) => mg
            .graph
            .add(Op::Phi, stamp, vec![exit_merges[k], v, copies[&v]]),
        Reach::Join(m) => {
            let ends = mg.graph.inputs(m).to_vec();
            let mut inputs = vec![m];
            for end in ends {
                // Checked before the graph changed (`apply`): every input reaches a way out.
                let r = reach_of(&mg.graph, end, exits, doms, preds).unwrap_or(Reach::Exit(0));
                inputs.push(value_at(
                    mg,
                    v,
                    r,
                    exit_merges,
                    copies,
                    exits,
                    doms,
                    preds,
                    phis,
                ));
            }
            mg.graph.add(Op::Phi, stamp, inputs)
        }
    };
    mg.inherit_source(v, phi);
    phis.insert((v, at), phi);
    phi
}

/// Copies the loop and branches on the test at its entry; `None` (the graph unchanged) when the
/// loop's values used after it cannot be given one phi per way out.
fn apply(
    mg: &mut MethodGraph,
    begin: NodeId,
    body: &HashSet<NodeId>,
    doms: &Dominators,
    p: Plan,
) -> Option<LoopVersion> {
    let g = &mg.graph;
    let entry = *g.inputs(begin).first()?;
    if *g.op(entry) != Op::End {
        return None;
    }
    let before = g.predecessor(entry)?;
    let mut exits: Vec<NodeId> = body
        .iter()
        .copied()
        .filter(|&n| *g.op(n) == Op::LoopExit && g.inputs(n)[0] == begin)
        .collect();
    exits.sort();
    for &x in &exits {
        let s = g.next(x)?;
        if matches!(g.op(s), Op::LoopExit) {
            return None;
        }
    }
    // Values computed from the loop's nodes, and of them those the loop itself needs.
    let mut depends: HashSet<NodeId> = body.clone();
    loop {
        let mut grew = false;
        for n in g.node_ids() {
            if depends.contains(&n) || g.op(n).is_fixed() {
                continue;
            }
            let d = if *g.op(n) == Op::Phi {
                depends.contains(&g.inputs(n)[0])
            } else {
                g.inputs(n).iter().any(|i| depends.contains(i))
            };
            if d {
                depends.insert(n);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    let mut copied: HashSet<NodeId> = body.clone();
    let mut work: Vec<NodeId> = Vec::new();
    for &n in &depends {
        if *g.op(n) == Op::Phi && body.contains(&g.inputs(n)[0]) {
            copied.insert(n);
            work.push(n);
        }
    }
    work.extend(body.iter().copied());
    while let Some(n) = work.pop() {
        for &i in g.inputs(n) {
            if depends.contains(&i) && copied.insert(i) {
                work.push(i);
            }
        }
    }
    // Uses after the loop: each gets the phi of the way out that leads to it, or of the merge
    // where ways out join.
    let mut preds: HashMap<NodeId, NodeId> = HashMap::new();
    for n in g.node_ids() {
        for &s in g.successors(n) {
            preds.insert(s, n);
        }
    }
    let reach = |loc: NodeId| reach_of(g, loc, &exits, doms, &preds);
    let mut repairs: Vec<(NodeId, usize, Reach)> = Vec::new();
    let mut sorted: Vec<NodeId> = copied.iter().copied().collect();
    sorted.sort();
    for &v in &sorted {
        let mut users: Vec<NodeId> = g.usages(v).to_vec();
        users.sort();
        users.dedup();
        for u in users {
            if copied.contains(&u) {
                continue;
            }
            if matches!(g.stamp(v), Stamp::Array(_) | Stamp::Object | Stamp::Void) {
                return None;
            }
            let positions: Vec<usize> = g
                .inputs(u)
                .iter()
                .enumerate()
                .filter(|(_, &i)| i == v)
                .map(|(k, _)| k)
                .collect();
            if *g.op(u) == Op::Phi {
                let merge = g.inputs(u)[0];
                for &pos in &positions {
                    let end = *g.inputs(merge).get(pos.checked_sub(1)?)?;
                    repairs.push((u, pos, reach(end)?));
                }
                continue;
            }
            let mut locations = Vec::new();
            if !use_locations(g, u, v, 0, &mut locations) {
                return None;
            }
            let mut at = None;
            for l in locations {
                let r = reach(l)?;
                if at.is_some_and(|x| x != r) {
                    return None;
                }
                at = Some(r);
            }
            let Some(at) = at else {
                continue;
            };
            for pos in positions {
                repairs.push((u, pos, at));
            }
        }
    }
    // Every join reached must be reached from the ways out on each of its inputs.
    let mut joins: Vec<NodeId> = repairs
        .iter()
        .filter_map(|r| match r.2 {
            Reach::Join(m) => Some(m),
            Reach::Exit(_) => None,
        })
        .collect();
    let mut checked_joins: HashSet<NodeId> = HashSet::new();
    while let Some(m) = joins.pop() {
        if !checked_joins.insert(m) {
            continue;
        }
        for &end in g.inputs(m) {
            if let Reach::Join(j) = reach(end)? {
                joins.push(j);
            }
        }
        if checked_joins.len() > 64 {
            return None;
        }
    }

    let (test, last, proven) = build_test(mg, &p)?;

    // The copy.
    let copies = crate::body_copy::copy_nodes(mg, &sorted);
    let fast = copies[&begin];
    // The entry: `before → If(test) → (Begin → End → fast copy | Begin → End → loop as written)`.
    let branch = mg.graph.add(Op::If, Stamp::Void, vec![test]);
    let to_fast = mg.graph.add(Op::Begin, Stamp::Void, vec![]);
    let to_checked = mg.graph.add(Op::Begin, Stamp::Void, vec![]);
    let fast_entry = mg.graph.add(Op::End, Stamp::Void, vec![]);
    mg.inherit_source(entry, branch);
    mg.graph.replace_successor(before, entry, branch);
    mg.graph.set_successors(branch, vec![to_fast, to_checked]);
    mg.graph.set_next(to_fast, fast_entry);
    mg.graph.set_next(to_checked, entry);
    mg.graph.set_input(fast, 0, fast_entry);
    // The ways out: a merge of the two exits each.
    let mut exit_merges = Vec::new();
    for &x in &exits {
        let after = mg.graph.next(x)?;
        let from_checked = mg.graph.add(Op::End, Stamp::Void, vec![]);
        let from_fast = mg.graph.add(Op::End, Stamp::Void, vec![]);
        let merge = mg
            .graph
            .add(Op::Merge, Stamp::Void, vec![from_checked, from_fast]);
        mg.inherit_source(x, merge);
        mg.graph.set_successors(x, vec![from_checked]);
        mg.graph.set_successors(copies[&x], vec![from_fast]);
        mg.graph.set_next(merge, after);
        exit_merges.push(merge);
    }
    let mut phis: HashMap<(NodeId, Reach), NodeId> = HashMap::new();
    for (u, pos, at) in repairs {
        let v = mg.graph.inputs(u)[pos];
        let phi = value_at(
            mg,
            v,
            at,
            &exit_merges,
            &copies,
            &exits,
            doms,
            &preds,
            &mut phis,
        );
        mg.graph.set_input(u, pos, phi);
    }
    // The fast copy leaves out the checks the test proves.
    for &n in &proven {
        mg.graph.remove_fixed(copies[&n]);
    }
    let no_wrap = mg.graph.inputs(copies[&p.phi])[2..].to_vec();
    let mut private_twins: Vec<(NodeId, NodeId)> = body
        .iter()
        .filter(|&&n| matches!(mg.graph.op(n), Op::NewArray(_)))
        .map(|&n| (n, copies[&n]))
        .collect();
    private_twins.sort();
    let counted = Counted {
        phi: p.phi,
        entry: mg.graph.inputs(p.phi)[1],
        bound: p.bound,
        step: p.step,
        test: p.test,
        last,
        unit_loads: p
            .unit_loads
            .iter()
            .cloned()
            .chain(p.unchecked_loads.iter().map(|(l, _, r)| (*l, r.clone())))
            .collect(),
        impure: p.impure || p.other_exits,
        deferrable: p
            .deferrable
            .unwrap_or_default()
            .iter()
            .map(|g| copies[g])
            .collect(),
    };
    log::debug!(
        "{}: loop {begin} versioned: {} check(s) tested at its entry",
        mg.location,
        proven.len()
    );
    Some(LoopVersion {
        branch,
        test,
        fast,
        checked: begin,
        copies,
        exit_merges,
        proven,
        no_wrap,
        private_twins,
        counted,
    })
}

/// `mg` as it was before the phase: each versioned loop's entry goes straight to the loop as
/// written, its exits straight on, the fast copies gone (for the writer's shapes that analyse
/// the body as written: tiling and 2-D staging).
pub fn without_loop_versions(mg: &MethodGraph, versions: &[LoopVersion]) -> MethodGraph {
    let mut out = mg.clone();
    for v in versions {
        let g = &mut out.graph;
        let Some(before) = g.predecessor(v.branch) else {
            continue;
        };
        let checked_begin = g.successors(v.branch).get(1).copied();
        let Some(entry) = checked_begin.and_then(|b| g.next(b)) else {
            continue;
        };
        let fast_begin = g.successors(v.branch).first().copied();
        g.replace_successor(before, v.branch, entry);
        for &m in &v.exit_merges {
            let ends = g.inputs(m).to_vec();
            let Some(after) = g.next(m) else {
                continue;
            };
            let phis: Vec<NodeId> = g
                .usages(m)
                .iter()
                .copied()
                .filter(|&u| *g.op(u) == Op::Phi)
                .collect();
            for phi in phis {
                let original = g.inputs(phi)[1];
                g.replace_at_usages(phi, original);
                g.kill(phi);
            }
            if let Some(exit) = ends.first().and_then(|&e| g.predecessor(e)) {
                g.set_successors(exit, vec![after]);
            }
            g.set_successors(m, Vec::new());
            g.kill(m);
            for e in ends {
                if let Some(x) = g.predecessor(e) {
                    g.set_successors(x, Vec::new());
                }
                g.kill(e);
            }
        }
        // The fast copy, the branch and its two entries.
        for &c in v.copies.values() {
            g.set_successors(c, Vec::new());
            g.kill(c);
        }
        g.set_successors(v.branch, Vec::new());
        g.kill(v.branch);
        for b in fast_begin.into_iter().chain(checked_begin) {
            let next = g.next(b);
            g.set_successors(b, Vec::new());
            g.kill(b);
            if let Some(n) = next.filter(|&n| n != entry) {
                g.kill(n);
            }
        }
    }
    out
}
