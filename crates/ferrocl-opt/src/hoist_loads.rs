//! `hoistLoads`: loads in a loop's header (`for (… ; i < count[0]; …)`, `while (k < len[0])`) of an
//! element the loop never changes, read once before the loop instead of at every test.
//!
//! Why it is exact: the header runs at least once each time control enters the loop, before any
//! iteration, so the hoisted read is one Java makes (and throws where Java's first test throws; the
//! device's failed check then sends the method to the JVM, which throws its own exception). The
//! value is the same at every test when nothing in the loop stores to the array: a load is hoisted
//! only when the index does not change in the loop and no store in it (nested loops included) can
//! reach the array. A store to an array of another element type cannot; one to another array
//! parameter of the same type can only when the two are the same object, which the host rules out
//! at each `execute()` ([`MethodGraph::distinct_arrays`]: where they are, the JVM runs the method);
//! one to an array allocated in the kernel cannot. Anything else (a store to the same parameter, or
//! to an array the phase cannot name) keeps the load in the loop.
//!
//! A hoisted load before a `@Parallel` loop is then one the host reads (`host_loads`), so a bound
//! such as `i < count[0]` is evaluated on the host like any other.
//!
//! Received: the canonical graph, before `host_loads` and the loops' recognition. Guaranteed: each
//! hoisted load sits right before its loop's entry, with the same inputs.

use crate::manager::LoopForest;
use ferrocl_graph::{BinaryOp, Constant, ConvTarget, ElemKind, GuardKind, MethodGraph, NodeId, Op};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// How many fixed nodes of a header the phase looks at before its exit test.
const MAX_HEADER: usize = 64;

/// Hoists the header loads it can; returns how many. Loops are taken outermost first, so a load
/// hoisted out of an inner loop's header stays in the outer loop's body.
pub fn hoist_header_loads(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    let mut hoisted = 0;
    for info in &loops.loops {
        let begin = info.begin;
        let Some(&entry) = mg.graph.inputs(begin).first() else {
            continue;
        };
        if *mg.graph.op(entry) != Op::End {
            continue;
        }
        // The header: the fixed chain from the LoopBegin up to its first branch.
        let mut header = Vec::new();
        let mut at = mg.graph.next(begin);
        while let Some(n) = at {
            if header.len() > MAX_HEADER || mg.graph.successors(n).len() != 1 {
                break;
            }
            header.push(n);
            at = mg.graph.next(n);
        }
        // The loop's nodes, less the loads hoisted out of it so far (`a[idx[0]]`: once `idx[0]`
        // is out, so is `a[…]`'s index).
        let mut body = info.body.clone();
        // Once a node of the header stays, a load of a multi-dimensional argument's table stays
        // too: its index is in bounds only where the checks before it passed.
        let mut kept_one = false;
        for load in header {
            let memo = RefCell::new(HashMap::new());
            let distinct = if invariant_throw_check(mg, &body, &memo, load) {
                Some(Vec::new())
            } else if kept_one && reads_nested_table(mg, load) {
                None
            } else {
                leaves_loop(mg, &body, &memo, load)
            };
            let Some(distinct) = distinct else {
                kept_one = true;
                continue;
            };
            if !move_before(mg, load, entry) {
                continue;
            }
            body.remove(&load);
            require_distinct(mg, distinct);
            hoisted += 1;
        }
    }
    hoisted
}

/// Moves fixed node `node` (one successor) out of its chain to right before `entry` (a loop's
/// entry `End`), after the last fixed node before the loop; false where either has no place.
pub(crate) fn move_before(mg: &mut MethodGraph, node: NodeId, entry: NodeId) -> bool {
    let (Some(pred), Some(next), Some(before)) = (
        mg.graph.predecessor(entry),
        mg.graph.next(node),
        mg.graph.predecessor(node),
    ) else {
        return false;
    };
    mg.graph.replace_successor(before, node, next);
    mg.graph.replace_successor(pred, entry, node);
    mg.graph.set_next(node, entry);
    true
}

/// Moves the loads that stand between an outermost loop and the `@Parallel` loop right inside it (what the
/// first pass leaves there: an inner loop's bound, `for (r < rows[0]) for (c < cols[0])`) before it, read only where Java
/// reads them: when the loop's first test passes. Each becomes a load in a branch on that test
/// before the loop (`first ? cols[0] : 0`, a phi), which `host_loads` and `ifConvert` then read on
/// the host. Same conditions as the header's loads: an unchanged index, no store that can reach
/// the array. Returns how many.
pub fn hoist_entered_loads(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    let mut hoisted = 0;
    for info in loops.loops.iter().filter(|l| l.depth == 0) {
        hoisted += hoist_entered(mg, info).unwrap_or(0);
    }
    hoisted
}

/// [`hoist_entered_loads`] for one loop; `None` when its shape does not allow it.
fn hoist_entered(mg: &mut MethodGraph, info: &crate::manager::LoopInfo) -> Option<usize> {
    let begin = info.begin;
    let entry = *mg.graph.inputs(begin).first()?;
    if *mg.graph.op(entry) != Op::End {
        return None;
    }
    // The header is the exit test alone: `i cond bound` on the loop's phi and an unchanged bound.
    let (stay, enter_cond, x0, y0) = first_test(mg, info, info)?;
    // The loads opening the body.
    let mut loads = Vec::new();
    let mut checks = Vec::new();
    let mut pairs = Vec::new();
    let mut at = mg.graph.next(stay)?;
    // The loop's nodes less the loads taken so far (`t[t[1]]`: once `t[1]` is out, so is the
    // second index).
    // Other code between the loops (`float[] r = m[i];`) stays where it is: the nest is then not
    // perfect, and the loops' recognition says so.
    let mut body = info.body.clone();
    while *mg.graph.op(at) != Op::End && mg.graph.successors(at).len() == 1 {
        let memo = RefCell::new(HashMap::new());
        if invariant_throw_check(mg, &body, &memo, at) {
            checks.push(at);
        } else if let Some(distinct) = leaves_loop(mg, &body, &memo, at) {
            pairs.extend(distinct);
            loads.push(at);
            body.remove(&at);
        }
        at = mg.graph.next(at)?;
    }
    let (&first_load, &last_load) = (loads.first()?, loads.last()?);
    let after = at;
    // Only where they stand between the loop and a `@Parallel` loop right inside it (what keeps a
    // nest from being perfect); an inner sequential loop's bound stays a device read.
    if *mg.graph.op(after) != Op::End
        || !mg.graph.usages(after).iter().any(|&u| {
            *mg.graph.op(u) == Op::LoopBegin && crate::parallel::parallel_index(mg, u).is_some()
        })
    {
        return None;
    }
    let pred = mg.graph.predecessor(entry)?;
    if checks
        .iter()
        .chain(&loads)
        .any(|&n| mg.graph.predecessor(n).is_none() || mg.graph.next(n).is_none())
    {
        return None;
    }
    // Loads whose index comes from another hoisted load (`t[t[1]]`: a multi-dimensional
    // argument's table) keep reading it in the branch; the arithmetic between them must then
    // serve only them.
    let hoisted: HashSet<NodeId> = loads.iter().copied().collect();
    let mut feeding = HashSet::new();
    for &l in &loads {
        from_hoisted(&mg.graph, mg.graph.inputs(l)[1], &hoisted, &mut feeding, 0);
    }
    if feeding.iter().any(|&f| {
        mg.graph
            .usages(f)
            .iter()
            .any(|u| !hoisted.contains(u) && !feeding.contains(u))
    }) {
        return None;
    }
    // Out of the body: the loads and checks leave the chain (the checks go after the branch,
    // below), …
    for &c in checks.iter().chain(&loads) {
        if let (Some(before), Some(next)) = (mg.graph.predecessor(c), mg.graph.next(c)) {
            mg.graph.replace_successor(before, c, next);
        }
    }
    let g = &mut mg.graph;
    for pair in loads.windows(2) {
        g.set_next(pair[0], pair[1]);
    }
    // … into `if (first test) { loads } ` right before the loop.
    let enters = compare_operands(g, enter_cond, x0, y0);
    let branch = g.add(Op::If, ferrocl_graph::Stamp::Void, vec![enters]);
    let (on, off) = (
        g.add(Op::Begin, ferrocl_graph::Stamp::Void, vec![]),
        g.add(Op::Begin, ferrocl_graph::Stamp::Void, vec![]),
    );
    let (on_end, off_end) = (
        g.add(Op::End, ferrocl_graph::Stamp::Void, vec![]),
        g.add(Op::End, ferrocl_graph::Stamp::Void, vec![]),
    );
    let merge = g.add(Op::Merge, ferrocl_graph::Stamp::Void, vec![on_end, off_end]);
    g.replace_successor(pred, entry, branch);
    g.set_successors(branch, vec![on, off]);
    g.set_next(on, first_load);
    g.set_next(last_load, on_end);
    g.set_next(off, off_end);
    // The checks, after the branch: made where Java makes them (`first ? check : true`).
    let mut tail = merge;
    if !checks.is_empty() {
        let yes = g.add(
            Op::Constant(Constant::Int(1)),
            ferrocl_graph::Stamp::Bool,
            vec![],
        );
        for &c in &checks {
            let cond = g.inputs(c)[0];
            let made = g.add(
                Op::Select,
                ferrocl_graph::Stamp::Bool,
                vec![enters, cond, yes],
            );
            g.set_input(c, 0, made);
            g.set_next(tail, c);
            tail = c;
        }
    }
    g.set_next(tail, entry);
    for &load in &loads {
        let stamp = g.stamp(load);
        let zero = g.add(Op::Constant(Constant::zero(stamp)), stamp, vec![]);
        let users: Vec<NodeId> = g
            .usages(load)
            .iter()
            .copied()
            .filter(|u| !hoisted.contains(u) && !feeding.contains(u))
            .collect();
        let phi = g.add(Op::Phi, stamp, vec![merge, load, zero]);
        for u in users {
            for k in 0..g.inputs(u).len() {
                if g.inputs(u)[k] == load {
                    g.set_input(u, k, phi);
                }
            }
        }
    }
    require_distinct(mg, pairs);
    Some(loads.len())
}

/// Whether `load` may be read once for the whole loop whose nodes are `body`: a load from an array
/// parameter, at an index the loop does not change, that no store in the loop can reach. The pairs
/// of parameters that must then be distinct objects; `None` when it may not.
fn leaves_loop(
    mg: &MethodGraph,
    body: &HashSet<NodeId>,
    memo: &RefCell<HashMap<NodeId, bool>>,
    load: NodeId,
) -> Option<Vec<(usize, usize)>> {
    if !matches!(mg.graph.op(load), Op::ArrayLoad(_)) {
        return None;
    }
    let (array, index) = (mg.graph.inputs(load)[0], mg.graph.inputs(load)[1]);
    let param = mg.params.iter().position(|p| p.node == array)?;
    if !crate::loop_invariant(&mg.graph, body, &HashSet::new(), memo, index) {
        return None;
    }
    stores_miss(mg, body, load, param)
}

/// Whether floating node `n` is computed from one of `hoisted`; such nodes go into `out`.
fn from_hoisted(
    g: &ferrocl_graph::Graph,
    n: NodeId,
    hoisted: &HashSet<NodeId>,
    out: &mut HashSet<NodeId>,
    depth: usize,
) -> bool {
    if hoisted.contains(&n) {
        return true;
    }
    if depth > 32 || g.op(n).is_fixed() || matches!(g.op(n), Op::Phi) {
        return false;
    }
    let mut any = false;
    for &i in g.inputs(n) {
        any |= from_hoisted(g, i, hoisted, out, depth + 1);
    }
    if any {
        out.insert(n);
    }
    any
}

/// Whether `n` is a check where Java throws (`Op::Guard(GuardKind::Throw)`, such as the null and
/// length checks of a multi-dimensional argument's arrays) whose condition the loop does not
/// change: in a loop's header, Java makes it at the first test, so it may be made once before the
/// loop (a check that fails sends the method to the JVM, which throws where Java does).
fn invariant_throw_check(
    mg: &MethodGraph,
    body: &HashSet<NodeId>,
    memo: &RefCell<HashMap<NodeId, bool>>,
    n: NodeId,
) -> bool {
    *mg.graph.op(n) == Op::Guard(GuardKind::Throw)
        && mg
            .graph
            .inputs(n)
            .first()
            .is_some_and(|&c| crate::loop_invariant(&mg.graph, body, &HashSet::new(), memo, c))
}

/// Whether `n` loads from the table of a multi-dimensional argument (indices in bounds only after
/// the checks before them).
fn reads_nested_table(mg: &MethodGraph, n: NodeId) -> bool {
    matches!(mg.graph.op(n), Op::ArrayLoad(_))
        && mg
            .params
            .iter()
            .any(|p| p.node == mg.graph.inputs(n)[0] && p.nested.as_ref().is_some_and(|x| !x.data))
}

/// Adds `pairs` to [`MethodGraph::distinct_arrays`], each once, sorted (the loop bodies are hash
/// sets: a fixed order keeps a method's compiled result the same from build to build).
fn require_distinct(mg: &mut MethodGraph, pairs: Vec<(usize, usize)>) {
    mg.distinct_arrays.extend(pairs);
    mg.distinct_arrays.sort_unstable();
    mg.distinct_arrays.dedup();
}

/// Whether no store in the loop (`body`) can change the element `load` reads from array parameter
/// `param`: the pairs of parameters that must then be distinct objects, or `None` when a store may
/// reach it whatever the objects are.
fn stores_miss(
    mg: &MethodGraph,
    body: &HashSet<NodeId>,
    load: NodeId,
    param: usize,
) -> Option<Vec<(usize, usize)>> {
    let g = &mg.graph;
    let Op::ArrayLoad(elem) = *g.op(load) else {
        return None;
    };
    let mut distinct = Vec::new();
    for &n in body {
        let Op::ArrayStore(stored) = *g.op(n) else {
            continue;
        };
        if !may_share(stored, elem) {
            continue;
        }
        let target = g.inputs(n)[0];
        if matches!(g.op(target), Op::NewArray(_)) {
            continue;
        }
        let other = mg.params.iter().position(|p| p.node == target)?;
        if other == param {
            // The same array: only a store to another element leaves the loaded one alone.
            if indices_differ(g, g.inputs(n)[1], g.inputs(load)[1]) {
                continue;
            }
            return None;
        }
        distinct.push((param.min(other), param.max(other)));
    }
    Some(distinct)
}

/// Whether two `int` indices differ in every evaluation: two different constants, or one value
/// plus two different constants (`n[0]` and `n[1]`, `a[k]` and `a[k + 1]`).
fn indices_differ(g: &ferrocl_graph::Graph, a: NodeId, b: NodeId) -> bool {
    // `x + c` as `(x, c)`; a constant as `(None, c)`; anything else as `(Some(v), 0)`.
    let split = |v: NodeId| -> (Option<NodeId>, i32) {
        match g.op(v) {
            Op::Constant(Constant::Int(c)) => (None, *c),
            Op::Binary(BinaryOp::Add) if g.stamp(v) == ferrocl_graph::Stamp::Int => {
                let (x, y) = (g.inputs(v)[0], g.inputs(v)[1]);
                match (g.op(x), g.op(y)) {
                    (_, Op::Constant(Constant::Int(c))) => (Some(x), *c),
                    (Op::Constant(Constant::Int(c)), _) => (Some(y), *c),
                    _ => (Some(v), 0),
                }
            }
            _ => (Some(v), 0),
        }
    };
    let ((x, c), (y, d)) = (split(a), split(b));
    x == y && c != d
}

/// Whether arrays of these element types can be the same object (`bastore` and `baload` serve both
/// `byte[]` and `boolean[]`, so those two count as one).
fn may_share(a: ElemKind, b: ElemKind) -> bool {
    let narrow = |e| matches!(e, ElemKind::Byte | ElemKind::Boolean);
    a == b || (narrow(a) && narrow(b))
}

/// Moves the code standing between a `@Parallel` loop and the `@Parallel` loop right inside it
/// (`float ai = a[i];`, `float[] r = m[i];`: loads, Java's checks and divisions, which change
/// nothing) to the start of the inner loop's body, so that the nest is perfect: each work-item
/// `(i, j)` then reads what Java read once for `i`. Exact because nothing in the outer loop stores
/// to what the code reads (the same condition as a hoisted load's), the code's values are used
/// only in the inner loop, and where Java runs the code with no inner iteration after it (the
/// outer loops run, the inner one does not), a check before the nest, which the host evaluates,
/// sends the method to the JVM: there Java's code may throw. Returns how many nodes moved.
pub fn sink_between_parallel_loops(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    let mut order: Vec<usize> = (0..loops.loops.len())
        .filter(|&k| crate::parallel::parallel_index(mg, loops.loops[k].begin).is_some())
        .collect();
    order.sort_by_key(|&k| loops.loops[k].depth);
    let mut sunk = 0;
    for k in order {
        sunk += sink_into_inner(mg, loops, k).unwrap_or(0);
    }
    sunk
}

/// The first test of loop `info`: `(stay, cond, x0, y0)`, the loop entered when `x0 cond y0`
/// holds, both values computed before the outermost loop `top` (so the host can).
fn first_test(
    mg: &MethodGraph,
    info: &crate::manager::LoopInfo,
    top: &crate::manager::LoopInfo,
) -> Option<(NodeId, ferrocl_graph::Condition, Operand, Operand)> {
    let begin = info.begin;
    let test = mg.graph.next(begin)?;
    if *mg.graph.op(test) != Op::If {
        return None;
    }
    let [yes, no] = <[NodeId; 2]>::try_from(mg.graph.successors(test)).ok()?;
    let (stay, stays_on_true) = match (mg.graph.op(yes), mg.graph.op(no)) {
        (Op::Begin, Op::LoopExit) => (yes, true),
        (Op::LoopExit, Op::Begin) => (no, false),
        _ => return None,
    };
    let cmp = mg.graph.inputs(test)[0];
    let Op::Compare(cond) = *mg.graph.op(cmp) else {
        return None;
    };
    let (x, y) = (mg.graph.inputs(cmp)[0], mg.graph.inputs(cmp)[1]);
    if !matches!(
        mg.graph.stamp(x),
        ferrocl_graph::Stamp::Int | ferrocl_graph::Stamp::Long
    ) {
        return None;
    }
    let memo = RefCell::new(HashMap::new());
    let none = HashSet::new();
    let is_phi =
        |n: NodeId| *mg.graph.op(n) == Op::Phi && mg.graph.inputs(n).first() == Some(&begin);
    // The loop's variable, or (against a `long` bound) its value widened to `long`.
    let variable = |n: NodeId| -> Option<(NodeId, bool)> {
        if is_phi(n) {
            return Some((n, false));
        }
        match mg.graph.op(n) {
            Op::Convert(c) if c.from == ferrocl_graph::Stamp::Int && c.to == ConvTarget::Long => {
                let v = mg.graph.inputs(n)[0];
                is_phi(v).then_some((v, true))
            }
            _ => None,
        }
    };
    if variable(x).is_none() && variable(y).is_none() {
        return None;
    }
    // The first test: the variable replaced by its value on entry.
    let first = |n: NodeId| -> Option<Operand> {
        let (v, widen) = match variable(n) {
            Some((phi, widen)) => (*mg.graph.inputs(phi).get(1)?, widen),
            None => (n, false),
        };
        crate::loop_invariant(&mg.graph, &top.body, &none, &memo, v)
            .then_some(Operand { value: v, widen })
    };
    let (x0, y0) = (first(x)?, first(y)?);
    Some((
        stay,
        if stays_on_true { cond } else { cond.negate() },
        x0,
        y0,
    ))
}

/// An operand of a loop's first test: a value, or an `int` value widened to `long`.
#[derive(Clone, Copy)]
struct Operand {
    value: NodeId,
    widen: bool,
}

/// `x cond y` of two [`Operand`]s, as a new node.
fn compare_operands(
    g: &mut ferrocl_graph::Graph,
    cond: ferrocl_graph::Condition,
    x: Operand,
    y: Operand,
) -> NodeId {
    let mut node = |o: Operand| {
        if o.widen {
            g.add(
                Op::Convert(ferrocl_graph::Conversion {
                    from: ferrocl_graph::Stamp::Int,
                    to: ConvTarget::Long,
                }),
                ferrocl_graph::Stamp::Long,
                vec![o.value],
            )
        } else {
            o.value
        }
    };
    let (a, b) = (node(x), node(y));
    g.add(Op::Compare(cond), ferrocl_graph::Stamp::Bool, vec![a, b])
}

/// Whether every use of `n` (through values computed from it) is in `body` (the inner loop, whose
/// header is `begin`) or `moving`: a phi counts where its merge is, inside the body (a ternary, a
/// sequential loop's accumulator), never the inner loop's own phis (their entry values are used
/// before it).
fn used_only_in(
    mg: &MethodGraph,
    n: NodeId,
    body: &HashSet<NodeId>,
    begin: NodeId,
    moving: &[NodeId],
) -> bool {
    let mut seen = HashSet::new();
    let mut work = vec![n];
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        if seen.len() > 4096 {
            return false;
        }
        for &u in mg.graph.usages(v) {
            match mg.graph.op(u) {
                Op::Phi => {
                    let merge = mg.graph.inputs(u)[0];
                    if merge == begin || !body.contains(&merge) {
                        return false;
                    }
                    work.push(u);
                }
                op if op.is_fixed() => {
                    if !body.contains(&u) && !moving.contains(&u) {
                        return false;
                    }
                }
                _ => work.push(u),
            }
        }
    }
    true
}

/// [`sink_between_parallel_loops`] for the `k`-th loop as the outer one.
fn sink_into_inner(mg: &mut MethodGraph, loops: &LoopForest, k: usize) -> Option<usize> {
    let outer = &loops.loops[k];
    // The `@Parallel` loops enclosing it, outermost first, up to the nest's outermost.
    let mut chain = vec![outer];
    while let Some(p) = chain.last().and_then(|l| l.parent) {
        let parent = loops.loops.get(p)?;
        if crate::parallel::parallel_index(mg, parent.begin).is_none() {
            break;
        }
        chain.push(parent);
    }
    chain.reverse();
    let top = chain[0];
    let (stay, ..) = first_test(mg, outer, top)?;
    // The code between: loads, checks and divisions only, then the inner loop's entry.
    let mut nodes = Vec::new();
    let mut at = mg.graph.next(stay)?;
    while *mg.graph.op(at) != Op::End {
        if mg.graph.successors(at).len() != 1
            || !matches!(
                mg.graph.op(at),
                Op::ArrayLoad(_) | Op::Guard(_) | Op::IntegerDivRem { .. }
            )
        {
            return None;
        }
        nodes.push(at);
        at = mg.graph.next(at)?;
    }
    let (&first_node, &last_node) = (nodes.first()?, nodes.last()?);
    let inner_begin = mg
        .graph
        .usages(at)
        .iter()
        .copied()
        .find(|&u| *mg.graph.op(u) == Op::LoopBegin)?;
    crate::parallel::parallel_index(mg, inner_begin)?;
    let inner = loops.get(inner_begin)?;
    let (inner_stay, inner_cond, ix0, iy0) = first_test(mg, inner, top)?;
    // Nothing in the outer loop stores to what the code reads; its values serve the inner loop.
    let mut pairs = Vec::new();
    for &n in &nodes {
        if let Op::ArrayLoad(_) = mg.graph.op(n) {
            let array = mg.graph.inputs(n)[0];
            let param = mg.params.iter().position(|p| p.node == array)?;
            pairs.extend(stores_miss(mg, &outer.body, n, param)?);
        }
        if !used_only_in(mg, n, &inner.body, inner_begin, &nodes) {
            return None;
        }
    }
    // Where the enclosing loops run and the inner one does not, Java runs the code: the JVM must.
    let mut enters = Vec::new();
    for l in &chain {
        let (_, cond, x0, y0) = first_test(mg, l, top)?;
        enters.push((cond, x0, y0));
    }
    let top_entry = *mg.graph.inputs(top.begin).first()?;
    let top_pred = mg.graph.predecessor(top_entry)?;
    let inner_next = mg.graph.next(inner_stay)?;
    let g = &mut mg.graph;
    let yes = g.add(
        Op::Constant(Constant::Int(1)),
        ferrocl_graph::Stamp::Bool,
        vec![],
    );
    let mut pass = compare_operands(g, inner_cond, ix0, iy0);
    for &(cond, x0, y0) in enters.iter().rev() {
        let entered = compare_operands(g, cond, x0, y0);
        pass = g.add(
            Op::Select,
            ferrocl_graph::Stamp::Bool,
            vec![entered, pass, yes],
        );
    }
    let check = g.add(
        Op::Guard(ferrocl_graph::GuardKind::Throw),
        ferrocl_graph::Stamp::Void,
        vec![pass],
    );
    g.replace_successor(top_pred, top_entry, check);
    g.set_next(check, top_entry);
    // Out of the outer body, into the inner one's start.
    g.set_next(stay, at);
    g.set_next(inner_stay, first_node);
    g.set_next(last_node, inner_next);
    mg.inherit_source(inner_begin, check);
    require_distinct(mg, pairs);
    Some(nodes.len())
}
