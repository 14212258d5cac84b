//! `vectorAccess`: a work-item that reads (or writes) `n` consecutive elements of one array in
//! straight-line code (`in[8 * b]`, `in[8 * b + 1]`, … `in[8 * b + 7]`, as IDEA reads its block)
//! does it as one `n`-wide access ([`Op::VectorLoad`] with its [`Op::Lane`]s, [`Op::VectorStore`]),
//! which the device serves as one transaction instead of `n`.
//!
//! A group: accesses of one array parameter in one run of fixed nodes (loads, stores, checks and
//! divisions only), whose indices are `base + c` for one `base` node and the constants
//! `c0 … c0 + n - 1` (`n` a power of two from 2 to 16), with `c0` a multiple of `n` and `base` a
//! product of a constant multiple of `n` (or a shift by at least log2 `n`). Loads: no store to the
//! array between them, nor to another array parameter of the same element type, which may be the
//! same Java array at launch. Stores: no load of the array between them, no other store to it, no
//! access to such another parameter, and no element stored twice.
//!
//! Why the values are Java's: lane `k` is the element at Java's own `int` index of lane 0 plus
//! `k`. Every lane's check (its `Guard(Index)`) is made before the vector access: a group of loads
//! is read where its first member was, and the checks of the later members move up to just before
//! it; a group of stores is written where its last member was, after every member's check. A check
//! that fails ends the work-item and the JVM reruns the method from the arrays as they were, so
//! which of two checks fails first, and what a work-item wrote before it failed, are never seen.
//! Once every lane's index is in bounds, lane 0's index is a multiple of `n` (2^32 is a multiple of
//! `n`, so the product keeps its residue when it wraps), and each member's index, also in bounds,
//! equals it plus the member's offset (an in-bounds sum cannot have wrapped). The runtime aligns
//! the array's device copy (and every window or share of it) to the vector's size. Nothing stores
//! to the array between a group of loads' members, and nothing reads it between a group of
//! stores' members.
//!
//! Received: the graph after `hostVersioning` (whose proven copy has no checks left to move).
//! Guaranteed: every member's users read its lane; the members are gone; the graph passes the
//! verifier. Kernels with reductions are left alone (their loop is unrolled by the writer), and so
//! are the arrays of multi-dimensional arguments (their checks are not index checks).

use crate::parallel::walk_body;
use crate::ParallelNest;
use ferrocl_graph::{BinaryOp, Constant, ElemKind, Graph, GuardKind, MethodGraph, NodeId, Op};
use std::collections::{BTreeMap, BTreeSet};

/// `index` as `(base, c)` with `index = base + c`.
fn split_offset(g: &Graph, index: NodeId) -> (NodeId, i64) {
    if let Op::Binary(BinaryOp::Add) = g.op(index) {
        let ins = g.inputs(index);
        for (k, other) in [(0, 1), (1, 0)] {
            if let Op::Constant(Constant::Int(c)) = g.op(ins[k]) {
                return (ins[other], i64::from(*c));
            }
        }
    }
    (index, 0)
}

/// Whether `base` is a multiple of `n` in any `int` arithmetic: a product with a constant
/// multiple of `n`, or a left shift by a constant of at least log2 `n`.
fn multiple_of(g: &Graph, base: NodeId, n: i64) -> bool {
    let constant = |x: NodeId| match g.op(x) {
        Op::Constant(Constant::Int(c)) => Some(i64::from(*c)),
        _ => None,
    };
    let ins = g.inputs(base);
    match g.op(base) {
        Op::Constant(Constant::Int(c)) => i64::from(*c) % n == 0,
        Op::Binary(BinaryOp::Mul) => [ins[0], ins[1]]
            .iter()
            .any(|&x| constant(x).is_some_and(|c| c % n == 0)),
        Op::Binary(BinaryOp::Shl) => constant(ins[1]).is_some_and(|s| {
            let s = s & 31;
            s < 62 && (1i64 << s) % n == 0
        }),
        _ => false,
    }
}

/// Nodes a group may span: accesses (vector ones too), checks and divisions.
fn in_run(op: &Op) -> bool {
    matches!(
        op,
        Op::ArrayLoad(_)
            | Op::ArrayStore(_)
            | Op::VectorLoad(_)
            | Op::VectorStore(_)
            | Op::Guard(_)
            | Op::IntegerDivRem { .. }
    )
}

/// A group found from its first member in the chain.
struct Group {
    /// The members by lane.
    members: Vec<NodeId>,
    /// The fixed nodes from the first member to the last, in chain order.
    span: Vec<NodeId>,
}

/// The group of loads (`store` false) or stores starting at `first`, an access of the array
/// parameter `array` of element type `elem`.
fn group(
    mg: &MethodGraph,
    first: NodeId,
    store: bool,
    eligible: &BTreeSet<NodeId>,
) -> Option<Group> {
    let g = &mg.graph;
    let array = g.inputs(first)[0];
    let elem = match g.op(first) {
        Op::ArrayLoad(e) | Op::ArrayStore(e) => *e,
        _ => return None,
    };
    let (base, _) = split_offset(g, g.inputs(first)[1]);
    let mut members: Vec<(i64, NodeId)> = Vec::new();
    let mut chain = Vec::new();
    let mut cur = Some(first);
    while let Some(n) = cur {
        if !in_run(g.op(n)) {
            break;
        }
        match g.op(n) {
            Op::ArrayLoad(_) | Op::ArrayStore(_) if g.inputs(n)[0] == array => {
                let is_store = matches!(g.op(n), Op::ArrayStore(_));
                if is_store != store {
                    // A store between loads (or a load between stores) of the array ends it.
                    break;
                }
                let (b, c) = split_offset(g, g.inputs(n)[1]);
                if b != base {
                    if store {
                        break;
                    }
                } else if !members.iter().any(|&(k, _)| k == c) {
                    members.push((c, n));
                } else if store {
                    // The same element stored twice: the order matters.
                    return None;
                }
            }
            // A vector access of the array ends the group (a group made earlier in this run).
            Op::VectorLoad(_) | Op::VectorStore(_) if g.inputs(n)[0] == array => break,
            // Another parameter of the same element type may be the same Java array at launch:
            // a store to it ends a group of loads, any access to it a group of stores.
            Op::ArrayLoad(k) | Op::ArrayStore(k) | Op::VectorLoad(k) | Op::VectorStore(k)
                if *k == elem
                    && mg.params.iter().any(|p| p.node == g.inputs(n)[0])
                    && (store || matches!(g.op(n), Op::ArrayStore(_) | Op::VectorStore(_))) =>
            {
                break;
            }
            _ => {}
        }
        chain.push(n);
        cur = g.next(n);
    }
    members.sort_unstable();
    let n = members.len();
    if !(2..=16).contains(&n) || !n.is_power_of_two() {
        return None;
    }
    let c0 = members[0].0;
    let width = n as i64;
    if c0 % width != 0
        || members
            .iter()
            .enumerate()
            .any(|(k, &(c, _))| c != c0 + k as i64)
        || !multiple_of(g, base, width)
        || members.iter().any(|(_, m)| !eligible.contains(m))
    {
        return None;
    }
    let last = chain
        .iter()
        .rposition(|c| members.iter().any(|(_, m)| m == c))?;
    chain.truncate(last + 1);
    Some(Group {
        members: members.into_iter().map(|(_, m)| m).collect(),
        span: chain,
    })
}

/// Whether `value` can be computed where the run `span` starts: no fixed node of the run is among
/// what it is computed from (a value too large to tell is taken as not available).
fn available_before(g: &Graph, value: NodeId, span: &[NodeId]) -> bool {
    let mut work = vec![value];
    let mut seen = BTreeSet::new();
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        if span.contains(&n) || seen.len() > 4096 {
            return false;
        }
        if !g.op(n).is_fixed() && *g.op(n) != Op::Phi {
            work.extend(g.inputs(n).iter().copied());
        }
    }
    true
}

/// Puts fixed node `id` (out of the chain) right before `before`.
fn insert_before(g: &mut Graph, id: NodeId, before: NodeId) -> Option<()> {
    let pred = g.predecessor(before)?;
    g.replace_successor(pred, before, id);
    g.set_next(id, before);
    Some(())
}

/// Takes fixed node `id` out of the chain without deleting it.
fn unlink(g: &mut Graph, id: NodeId) -> Option<()> {
    let next = g.next(id)?;
    let pred = g.predecessor(id)?;
    g.replace_successor(pred, id, next);
    g.set_successors(id, Vec::new());
    Some(())
}

/// Rewrites a group of loads as a vector load where its first member was.
fn vectorise_loads(mg: &mut MethodGraph, elem: ElemKind, group: &Group) -> Option<()> {
    let g = &mg.graph;
    let first = *group.span.first()?;
    let array = g.inputs(first)[0];
    let indices: Vec<NodeId> = group.members.iter().map(|&m| g.inputs(m)[1]).collect();
    if !indices.iter().all(|&i| available_before(g, i, &group.span)) {
        return None;
    }
    // The members' checks within the run, moved before the vector.
    let checks: Vec<NodeId> = group
        .span
        .iter()
        .copied()
        .filter(|&n| {
            *g.op(n) == Op::Guard(GuardKind::Index)
                && g.inputs(n)[1] == array
                && indices.contains(&g.inputs(n)[0])
        })
        .collect();
    let mut inputs = vec![array];
    inputs.extend(&indices);
    let vector = mg
        .graph
        .add(Op::VectorLoad(elem), ferrocl_graph::Stamp::Void, inputs);
    mg.inherit_source(first, vector);
    insert_before(&mut mg.graph, vector, first)?;
    for &check in &checks {
        unlink(&mut mg.graph, check)?;
        insert_before(&mut mg.graph, check, vector)?;
    }
    for (k, &m) in group.members.iter().enumerate() {
        let lane = mg
            .graph
            .add(Op::Lane(k as u8), elem.value_stamp(), vec![vector]);
        mg.inherit_source(m, lane);
        mg.graph.replace_at_usages(m, lane);
        mg.graph.remove_fixed(m);
    }
    Some(())
}

/// Rewrites a group of stores as a vector store where its last member was.
fn vectorise_stores(mg: &mut MethodGraph, elem: ElemKind, group: &Group) -> Option<()> {
    let g = &mg.graph;
    let last = *group.span.last()?;
    let array = g.inputs(last)[0];
    let mut inputs = vec![array];
    inputs.extend(group.members.iter().map(|&m| g.inputs(m)[1]));
    inputs.extend(group.members.iter().map(|&m| g.inputs(m)[2]));
    let vector = mg
        .graph
        .add(Op::VectorStore(elem), ferrocl_graph::Stamp::Void, inputs);
    mg.inherit_source(last, vector);
    insert_before(&mut mg.graph, vector, last)?;
    for &m in &group.members {
        mg.graph.remove_fixed(m);
    }
    Some(())
}

/// Forms the vector accesses of `nest`'s body; returns how many.
///
/// Only where every access of a written element type ends up one shape: when the body stores to
/// an array of some element type, its accesses of arrays of that type (any of which may be the
/// same Java array at launch) are all vector accesses of one width, or all scalar. C compilers may
/// take a `float4` and a `float` lvalue for different objects (C's aliasing rules) and move a load
/// of an element across a store that wrote it in the other shape (NVIDIA's driver did: a scalar
/// load after a two-wide store of the same element read the old value). Groups are formed on a
/// copy of the graph first; element types that come out mixed are left scalar.
pub fn vectorise_accesses(mg: &mut MethodGraph, nest: &ParallelNest) -> usize {
    if !nest.reductions.is_empty() {
        return 0;
    }
    let mut trial = mg.clone();
    if form_groups(&mut trial, nest, &[]) == 0 {
        return 0;
    }
    let mixed = mixed_types(&trial, nest);
    form_groups(mg, nest, &mixed)
}

/// The element types of arrays the body of `nest` stores to and accesses in more than one shape
/// (scalar elements, vectors of some width).
fn mixed_types(mg: &MethodGraph, nest: &ParallelNest) -> Vec<ElemKind> {
    let Some(begin) = nest.innermost() else {
        return Vec::new();
    };
    let Ok(body) = walk_body(mg, nest.body_entry, begin, false) else {
        return Vec::new();
    };
    let g = &mg.graph;
    let mut shapes: Vec<(ElemKind, bool, BTreeSet<usize>)> = Vec::new();
    for &n in &body {
        let Some(access) = g.element_access(n) else {
            continue;
        };
        if !mg
            .params
            .iter()
            .any(|p| p.node == access.array && p.nested.is_none())
        {
            continue;
        }
        let width = match g.op(n) {
            Op::VectorLoad(_) | Op::VectorStore(_) => access.indices.len(),
            _ => 1,
        };
        match shapes.iter_mut().find(|(e, _, _)| *e == access.elem) {
            Some((_, written, widths)) => {
                *written |= access.store;
                widths.insert(width);
            }
            None => shapes.push((access.elem, access.store, BTreeSet::from([width]))),
        }
    }
    shapes
        .into_iter()
        .filter(|(_, written, widths)| *written && widths.len() > 1)
        .map(|(e, _, _)| e)
        .collect()
}

/// Forms the groups of `nest`'s body but those of element types in `skip`; returns how many.
fn form_groups(mg: &mut MethodGraph, nest: &ParallelNest, skip: &[ElemKind]) -> usize {
    let Some(begin) = nest.innermost() else {
        return 0;
    };
    let Ok(body) = walk_body(mg, nest.body_entry, begin, false) else {
        return 0;
    };
    let g = &mg.graph;
    // Accesses of plain array parameters (not the table or data of a multi-dimensional one).
    let plain: BTreeSet<NodeId> = mg
        .params
        .iter()
        .filter(|p| p.nested.is_none() && matches!(p.stamp, ferrocl_graph::Stamp::Array(_)))
        .map(|p| p.node)
        .collect();
    let eligible: BTreeSet<NodeId> = body
        .iter()
        .copied()
        .filter(|&n| {
            matches!(g.op(n), Op::ArrayLoad(_) | Op::ArrayStore(_))
                && plain.contains(&g.inputs(n)[0])
        })
        .collect();
    let mut done = 0;
    let mut taken: BTreeSet<NodeId> = BTreeSet::new();
    // Each run in chain order: a group starts at the first member the chain reaches.
    let mut pred: BTreeMap<NodeId, NodeId> = BTreeMap::new();
    for &n in &body {
        if let [s] = g.successors(n) {
            pred.insert(*s, n);
        }
    }
    let position = |n: NodeId| {
        let (mut cur, mut steps) = (n, 0usize);
        while let Some(&p) = pred.get(&cur) {
            if steps > body.len() {
                break;
            }
            steps += 1;
            cur = p;
        }
        (cur, steps)
    };
    let mut order: Vec<((NodeId, usize), NodeId)> =
        eligible.iter().map(|&n| (position(n), n)).collect();
    order.sort_unstable();
    for (_, n) in order {
        if taken.contains(&n) || !mg.graph.is_live(n) {
            continue;
        }
        let (store, elem) = match *mg.graph.op(n) {
            Op::ArrayLoad(e) => (false, e),
            Op::ArrayStore(e) => (true, e),
            _ => continue,
        };
        if skip.contains(&elem) {
            continue;
        }
        let Some(found) = group(mg, n, store, &eligible) else {
            continue;
        };
        if found.members.iter().any(|m| taken.contains(m)) {
            continue;
        }
        let applied = if store {
            vectorise_stores(mg, elem, &found)
        } else {
            vectorise_loads(mg, elem, &found)
        };
        if applied.is_some() {
            taken.extend(found.members.iter().copied());
            done += 1;
        }
    }
    done
}
