//! `nestedLoads`: loads of a multi-dimensional argument's table (see
//! [`ferrocl_graph::NestedPart`]) read once.
//!
//! No kernel writes a table (the front end refuses stores into arrays of arrays), so a load of
//! it is a function of its index, and every index the front end computes is in bounds by
//! construction once the checks before it passed. Two steps:
//!
//! - **Equal loads**: a table load dominated by a load of the same table at the same index node
//!   takes that load's value (`m[i][j]` read and written in one statement walks the table once).
//! - **Out of sequential loops**: a load of an array's length or first-element entry
//!   (`table[h]`, `table[h + 1]`) whose handle `h` a sequential loop does not change is read
//!   before the loop (`float[] row = m[i]` before `for (k …) s += row[k] …`). It may then be read
//!   where Java would not (the loop runs no iteration, or a check before it in the loop fails);
//!   that is harmless because `h` is a handle the kernel holds (the argument's, 0, or one a check
//!   let through before the loop), whose two entries always exist. A handle read by a load this
//!   phase moved is not trusted so (its check may not have passed), so loads indexed by it stay.
//!   `@Parallel` loops are left alone (what is before them runs on the host).
//!
//! Received: the graph after `hoistLoads`, before the loops' recognition and `lower_checks` (the
//! table's loads carry no index guards in any case). Guaranteed: the same values at every use.

use crate::manager::LoopForest;
use ferrocl_graph::{BinaryOp, Constant, Dominators, MethodGraph, NodeId, Op};
use std::collections::{HashMap, HashSet};

/// The table parameters of `mg`'s multi-dimensional arguments.
fn tables(mg: &MethodGraph) -> HashSet<NodeId> {
    mg.params
        .iter()
        .filter(|p| p.nested.as_ref().is_some_and(|n| !n.data))
        .map(|p| p.node)
        .collect()
}

/// Merges every table load dominated by an equal one, once (a merge may make later loads equal
/// once value numbering has run again: the caller repeats); returns how many.
pub fn merge_nested_loads(mg: &mut MethodGraph, doms: &Dominators) -> usize {
    let tables = tables(mg);
    if tables.is_empty() {
        return 0;
    }
    merge_equal(mg, &tables, doms)
}

/// Moves table loads out of sequential loops; returns how many.
pub fn hoist_nested_loads(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    let tables = tables(mg);
    if tables.is_empty() {
        return 0;
    }
    hoist(mg, &tables, loops)
}

fn table_loads(mg: &MethodGraph, tables: &HashSet<NodeId>) -> Vec<NodeId> {
    mg.graph
        .node_ids()
        .filter(|&n| {
            matches!(mg.graph.op(n), Op::ArrayLoad(_)) && tables.contains(&mg.graph.inputs(n)[0])
        })
        .collect()
}

/// Replaces each table load dominated by an equal one (same table, same index node).
fn merge_equal(mg: &mut MethodGraph, tables: &HashSet<NodeId>, doms: &Dominators) -> usize {
    let mut by_key: HashMap<(NodeId, NodeId), Vec<NodeId>> = HashMap::new();
    for n in table_loads(mg, tables) {
        let ins = mg.graph.inputs(n);
        by_key.entry((ins[0], ins[1])).or_default().push(n);
    }
    let mut merged = 0;
    let mut groups: Vec<Vec<NodeId>> = by_key.into_values().filter(|v| v.len() > 1).collect();
    groups.sort();
    for group in groups {
        for &n in &group {
            if !mg.graph.is_live(n) {
                continue;
            }
            let Some(&keep) = group
                .iter()
                .find(|&&o| o != n && mg.graph.is_live(o) && doms.dominates(o, n))
            else {
                continue;
            };
            let (Some(before), Some(next)) = (mg.graph.predecessor(n), mg.graph.next(n)) else {
                continue;
            };
            mg.graph.replace_at_usages(n, keep);
            mg.graph.replace_successor(before, n, next);
            mg.graph.kill(n);
            merged += 1;
        }
    }
    merged
}

/// Whether `v` is a handle the kernel holds once the code before it ran: the argument's (0), one
/// read by a table load this phase did not move, or a phi of such.
fn trusted_handle(
    mg: &MethodGraph,
    tables: &HashSet<NodeId>,
    moved: &HashSet<NodeId>,
    v: NodeId,
    depth: usize,
) -> bool {
    match mg.graph.op(v) {
        Op::Constant(Constant::Int(0)) => true,
        Op::ArrayLoad(_) => tables.contains(&mg.graph.inputs(v)[0]) && !moved.contains(&v),
        Op::Phi if depth < 8 => mg.graph.inputs(v)[1..]
            .iter()
            .all(|&x| x != v && trusted_handle(mg, tables, moved, x, depth + 1)),
        _ => false,
    }
}

/// The handle of a length or first-element entry (`h` of `table[h]` or `table[h + 1]`).
fn entry_handle(mg: &MethodGraph, index: NodeId) -> Vec<NodeId> {
    let mut out = vec![index];
    if *mg.graph.op(index) == Op::Binary(BinaryOp::Add) {
        let ins = mg.graph.inputs(index);
        for (x, y) in [(ins[0], ins[1]), (ins[1], ins[0])] {
            if matches!(mg.graph.op(y), Op::Constant(Constant::Int(1))) {
                out.push(x);
            }
        }
    }
    out
}

/// Moves table loads out of sequential loops, innermost loops first (a load moved out of an
/// inner loop may leave the outer one too).
fn hoist(mg: &mut MethodGraph, tables: &HashSet<NodeId>, loops: &LoopForest) -> usize {
    let mut order: Vec<usize> = (0..loops.loops.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(loops.loops[i].depth));
    let mut moved: HashSet<NodeId> = HashSet::new();
    // Loads moved out of an inner loop now belong to its outer loops' bodies only.
    let mut left: HashMap<NodeId, usize> = HashMap::new();
    for i in order {
        let info = &loops.loops[i];
        if crate::parallel::parallel_index(mg, info.begin).is_some() {
            continue;
        }
        let Some(&entry) = mg.graph.inputs(info.begin).first() else {
            continue;
        };
        if *mg.graph.op(entry) != Op::End {
            continue;
        }
        let inside = |n: &NodeId, left: &HashMap<NodeId, usize>| {
            info.body.contains(n) && left.get(n).is_none_or(|&d| d > info.depth)
        };
        let mut candidates: Vec<NodeId> = info
            .body
            .iter()
            .copied()
            .filter(|n| inside(n, &left) && mg.graph.is_live(*n))
            .filter(|&n| {
                matches!(mg.graph.op(n), Op::ArrayLoad(_))
                    && tables.contains(&mg.graph.inputs(n)[0])
            })
            .collect();
        candidates.sort();
        for load in candidates {
            let index = mg.graph.inputs(load)[1];
            let invariant = {
                let memo = std::cell::RefCell::new(HashMap::new());
                let body: HashSet<NodeId> = info
                    .body
                    .iter()
                    .copied()
                    .filter(|n| inside(n, &left) && mg.graph.is_live(*n))
                    .collect();
                crate::loop_invariant(&mg.graph, &body, &HashSet::new(), &memo, index)
            };
            if !invariant
                || !entry_handle(mg, index)
                    .into_iter()
                    .any(|h| trusted_handle(mg, tables, &moved, h, 0))
            {
                continue;
            }
            if !crate::hoist_loads::move_before(mg, load, entry) {
                continue;
            }
            moved.insert(load);
            left.insert(load, info.depth);
        }
    }
    moved.len()
}
