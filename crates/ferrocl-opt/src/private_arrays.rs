//! `check_private_arrays`: arrays allocated inside a kernel (`new int[K]`) become private memory
//! of the work-item.
//!
//! **Receives** a canonicalised graph whose `NewArray` nodes come straight from `newarray`.
//! **Guarantees**, when it succeeds, that every `NewArray` has a constant length (its input is an
//! `int` constant), that the non-negative lengths of all of them together take at most
//! [`PRIVATE_BYTES_PER_WORK_ITEM`] bytes, and that each array is used only as the array operand of
//! loads and stores and through phis that merge values of that one allocation site
//! ([`array_site`] finds it), so the writer can give each site one private C array. `arr.length`
//! of such an array is replaced by its constant length. A negative constant length is kept: the
//! writer makes the allocation fail at run time (status word, then the JVM reruns the method and
//! throws its own `NegativeArraySizeException`), so a `new` on a path never taken costs nothing.
//! **Refuses** (with a [`Bailout`] at the allocation or the use) a length computed at run time,
//! arrays that together exceed the per-work-item budget, and any escape: a private array returned,
//! or merged in one variable with a parameter array or with an array of another `new`. (Stores
//! into fields or arrays of references, reference comparisons and calls that are not inlined are
//! refused by the front end already.)
//!
//! Why one private C array per site is exact: by SSA, the allocation dominates every use of its
//! value, and a phi whose inputs all come from one site holds that site's latest execution (a loop
//! header phi can only receive a value of the site from outside the loop when the site is outside
//! the loop, where it is never executed again inside it). So no older array of a site is used after
//! the site runs again, and re-zeroing the storage at each execution is Java's fresh array.

use ferrocl_graph::{Bailout, BailoutKind, MethodGraph};
use ferrocl_graph::{Constant, Graph, NodeId, Op, Stamp};
use std::collections::HashSet;

/// Bytes of private arrays one work-item may allocate in total (the sum over all allocation sites
/// of the kernel). Private memory lives in registers or in slow per-work-item memory; past a few
/// kilobytes a kernel is better off on the JVM than spilling.
pub const PRIVATE_BYTES_PER_WORK_ITEM: usize = 4096;

/// The nodes that the array value `v` may come from: `v` itself, or for a phi the non-phi values
/// reaching it through phis (in first-seen order, each once).
pub fn array_sources(g: &Graph, v: NodeId) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut work = vec![v];
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        if *g.op(x) == Op::Phi {
            work.extend(g.inputs(x)[1..].iter().rev().copied());
        } else if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// The `NewArray` every value of `v` comes from, when there is exactly one (the private array
/// that `v` names); `None` for parameters, field values and merges of several arrays.
pub fn array_site(g: &Graph, v: NodeId) -> Option<NodeId> {
    match array_sources(g, v).as_slice() {
        [only] if matches!(g.op(*only), Op::NewArray(_)) => Some(*only),
        _ => None,
    }
}

/// The constant length of allocation `site` (a `NewArray` after this phase).
pub fn private_length(g: &Graph, site: NodeId) -> Option<i32> {
    match g.op(*g.inputs(site).first()?) {
        Op::Constant(Constant::Int(k)) => Some(*k),
        _ => None,
    }
}

/// Checks every `NewArray` (constant length, budget, no escape) and folds `length` of private
/// arrays to the constant. Returns whether the graph changed.
pub fn check_private_arrays(mg: &mut MethodGraph) -> Result<bool, Bailout> {
    let sites: Vec<NodeId> = mg
        .graph
        .node_ids()
        .filter(|&n| matches!(mg.graph.op(n), Op::NewArray(_)))
        .collect();
    let mut total: usize = 0;
    let mut changed = false;
    for &site in &sites {
        let Op::NewArray(elem) = *mg.graph.op(site) else {
            continue;
        };
        let java = elem.java_name();
        let Some(k) = private_length(&mg.graph, site) else {
            return Err(mg.bailout_at(
                BailoutKind::Allocation,
                site,
                format!(
                    "the length of `new {java}[…]` is not a compile-time constant: arrays \
                     allocated in a kernel become private memory of fixed size (use a literal or a \
                     static final int)"
                ),
            ));
        };
        if let Ok(k) = usize::try_from(k) {
            total = total.saturating_add(k.saturating_mul(elem.size_bytes()));
            if total > PRIVATE_BYTES_PER_WORK_ITEM {
                return Err(mg.bailout_at(
                    BailoutKind::Allocation,
                    site,
                    format!(
                        "`new {java}[{k}]`: the arrays allocated in the kernel take {total} bytes \
                         per work-item, over the private-memory limit of \
                         {PRIVATE_BYTES_PER_WORK_ITEM} bytes"
                    ),
                ));
            }
        }
        // Every use, through the phis of this site's values.
        let mut work = vec![site];
        let mut seen = HashSet::new();
        while let Some(v) = work.pop() {
            if !seen.insert(v) {
                continue;
            }
            for &u in mg.graph.usages(v) {
                let inputs = mg.graph.inputs(u);
                let ok = match mg.graph.op(u) {
                    Op::ArrayLoad(_) => inputs[0] == v && inputs[1] != v,
                    Op::ArrayStore(_) => inputs[0] == v && inputs[1] != v && inputs[2] != v,
                    Op::ArrayLength => true,
                    Op::Phi => {
                        if array_site(&mg.graph, u) != Some(site) {
                            let other = array_sources(&mg.graph, u)
                                .into_iter()
                                .any(|s| matches!(mg.graph.op(s), Op::NewArray(_)) && s != site);
                            let what = if other {
                                "an array of another `new`"
                            } else {
                                "another array (such as a parameter)"
                            };
                            return Err(mg.bailout_at(
                                BailoutKind::Allocation,
                                site,
                                format!(
                                    "the private array `new {java}[{k}]` is merged with {what} in \
                                     one variable (e.g. `t = c ? a : b`); a kernel array must come \
                                     from one `new`"
                                ),
                            ));
                        }
                        work.push(u);
                        true
                    }
                    Op::Return => {
                        return Err(mg.bailout_at(
                            BailoutKind::Allocation,
                            u,
                            format!("the private array `new {java}[{k}]` escapes: it is returned"),
                        ))
                    }
                    _ => false,
                };
                if !ok {
                    return Err(mg.bailout_at(
                        BailoutKind::Allocation,
                        u,
                        format!(
                            "the private array `new {java}[{k}]` escapes through {}",
                            mg.graph.op(u).name()
                        ),
                    ));
                }
            }
        }
        // `length` is the constant (the phis above hold this site only).
        let lengths: Vec<NodeId> = seen
            .iter()
            .flat_map(|&v| mg.graph.usages(v).to_vec())
            .filter(|&u| *mg.graph.op(u) == Op::ArrayLength)
            .collect();
        if !lengths.is_empty() {
            let constant = mg.graph.inputs(site)[0];
            for len in lengths {
                if mg.graph.is_live(len) {
                    mg.graph.replace_at_usages(len, constant);
                    mg.graph.kill(len);
                    changed = true;
                }
            }
        }
        debug_assert!(matches!(mg.graph.stamp(site), Stamp::Array(_)));
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::ElemKind;

    #[test]
    fn a_site_is_found_through_phis_of_itself_only() {
        let mut g = Graph::new();
        let k = g.add(Op::Constant(Constant::Int(4)), Stamp::Int, vec![]);
        let a = g.add(
            Op::NewArray(ElemKind::Int),
            Stamp::Array(ElemKind::Int),
            vec![k],
        );
        let b = g.add(
            Op::NewArray(ElemKind::Int),
            Stamp::Array(ElemKind::Int),
            vec![k],
        );
        let p = g.add(Op::Parameter(0), Stamp::Array(ElemKind::Int), vec![]);
        let merge = g.add(Op::Merge, Stamp::Void, vec![]);
        let same = g.add(Op::Phi, Stamp::Array(ElemKind::Int), vec![merge, a, a]);
        let nested = g.add(Op::Phi, Stamp::Array(ElemKind::Int), vec![merge, same, a]);
        let two = g.add(Op::Phi, Stamp::Array(ElemKind::Int), vec![merge, a, b]);
        let with_param = g.add(Op::Phi, Stamp::Array(ElemKind::Int), vec![merge, a, p]);
        assert_eq!(array_site(&g, a), Some(a));
        assert_eq!(array_site(&g, same), Some(a));
        assert_eq!(array_site(&g, nested), Some(a));
        assert_eq!(array_site(&g, two), None);
        assert_eq!(array_sources(&g, two), vec![a, b]);
        assert_eq!(array_site(&g, with_param), None);
        assert_eq!(array_site(&g, p), None);
        assert_eq!(private_length(&g, a), Some(4));
    }

    #[test]
    fn a_phi_cycle_ends() {
        let mut g = Graph::new();
        let k = g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        let a = g.add(
            Op::NewArray(ElemKind::Float),
            Stamp::Array(ElemKind::Float),
            vec![k],
        );
        let begin = g.add(Op::LoopBegin, Stamp::Void, vec![]);
        let phi = g.add(Op::Phi, Stamp::Array(ElemKind::Float), vec![begin, a]);
        g.push_input(phi, phi);
        assert_eq!(array_site(&g, phi), Some(a));
    }
}
