//! Read-only data (phases `restrict` and `constantMemory`): what the kernel's signature may promise
//! about its array arguments, chosen per launch by the host through build options.
//!
//! - **`restrict`**: every array argument is declared `T* FERROCL_RESTRICT a`. Built with
//!   `-DFERROCL_RESTRICT=restrict`, the compiler may assume that no two of them overlap, keep loaded
//!   values in registers across stores and read the `const` ones through the read-only data path.
//!   That promise holds only when no two parameters are the same Java array (distinct Java arrays
//!   are distinct buffers), which only the host knows at launch.
//! - **`constantMemory`**: a read-only array whose every load reads the same element in every
//!   work-item (the index does not depend on the `@Parallel` indices: `key[k]` in IDEA's rounds, a
//!   filter's taps) along one line (no product of two variables in the index: that walks a
//!   matrix) inside loops bounded by constants and scalar parameters (not by an array's length:
//!   then the array is a data set, not a table) is declared `FERROCL_SPACE_a const T* a`.
//!   Built with `-DFERROCL_SPACE_a=__constant` it lives in constant memory, where a warp's loads of
//!   one address are one broadcast; the host does so when the launch's candidates fit together in
//!   the device's constant buffer (with room left for the math library's tables) and its argument
//!   count.
//!
//! Without the options the macros default to nothing and `__global`: the source alone is the safe
//! kernel (what the windowed kernel of batches and `kernelSource` show). Neither choice changes a
//! value the kernel computes: only where loads come from and what the compiler may reorder.
//!
//! Received: the kernel's body CFG, the parallel indices, the sets of read and written parameters.
//! Guaranteed: the candidates are never stored to through their own parameter and are loaded only
//! at indices computed without the parallel indices, from values that are the same in every
//! work-item. Another parameter may still be the same Java array: the host binds constant memory
//! (and `restrict`) only in launches where every array argument is its own array.

use crate::structure::{Cfg, Exit};
use ferrocl_graph::{BinaryOp, Graph, MethodGraph, NodeId, Op};
use std::collections::{BTreeSet, HashSet};

/// The macro a kernel's array arguments carry after their `*`.
pub const RESTRICT_MACRO: &str = "FERROCL_RESTRICT";

/// The macro naming the address space of the constant-memory candidate `name`.
pub(crate) fn space_macro(name: &str) -> String {
    format!("FERROCL_SPACE_{name}")
}

/// How deep a loop test is searched for an array length.
const MAX_DEPTH: usize = 32;

/// The nodes whose value may differ between work-items: the parallel indices, loads from arrays
/// the kernel writes or allocates (or at a varying index), and everything computed from them.
/// A phi counts as varying when one of its values does (a branch on a varying condition that
/// merges two uniform values is missed: that costs speed, never correctness, since constant
/// memory returns the same values).
pub(crate) fn varying(
    g: &Graph,
    seeds: &[NodeId],
    uniform_arrays: &HashSet<NodeId>,
) -> HashSet<NodeId> {
    let mut out: HashSet<NodeId> = HashSet::new();
    let mut work: Vec<NodeId> = Vec::new();
    for &s in seeds {
        if out.insert(s) {
            work.push(s);
        }
    }
    for n in g.node_ids() {
        if let Op::ArrayLoad(_) | Op::VectorLoad(_) = g.op(n) {
            let array = g.inputs(n)[0];
            if !uniform_arrays.contains(&array) && out.insert(n) {
                work.push(n);
            }
        }
    }
    while let Some(n) = work.pop() {
        for &u in g.usages(n) {
            if out.contains(&u) {
                continue;
            }
            let carries = match g.op(u) {
                // A phi's first input is its merge, not a value.
                Op::Phi => g.inputs(u).iter().skip(1).any(|&v| v == n),
                // Control and memory effects have no value of their own.
                op => op.has_value(),
            };
            if carries && out.insert(u) {
                work.push(u);
            }
        }
    }
    out
}

/// How far [`loaded_arrays`] follows a merged value back through arithmetic.
const MERGE_DEPTH: usize = 4;

/// The read-only array parameters that must not be declared `restrict`: those whose loads the
/// device compiler could merge with a load of an array the kernel writes into one load of a
/// chosen pointer.
///
/// Where a read-only `restrict` array `b` and a written array `a` are loaded on alternative paths
/// (`x = c ? a[k] : b[k]`, an array chosen by a flag, stores of either in the arms of a branch),
/// a compiler may sink both loads into one load of `c ? a + k : b + k`. NVIDIA's (driver 580, H100)
/// then reads that pointer through the read-only data path, as it may for `b` alone, and returns
/// `a[k]`'s value from before the work-item's own store to it (`bench-native/choice`). Without
/// `restrict` on `b` the merged load is an ordinary one; `a` and the other arrays keep theirs.
///
/// Two shapes are found: loads of both kinds in blocks neither of which dominates the other
/// (alternative paths), and a phi (not a loop's) or select whose inputs are computed from loads
/// of both kinds (within [`MERGE_DEPTH`] operations).
pub(crate) fn merged_with_written(
    g: &Graph,
    cfg: &Cfg,
    param_of: impl Fn(NodeId) -> Option<usize>,
    written: &BTreeSet<usize>,
) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    // (parameter, block) of every load in the body, read-only and written apart.
    let mut read_only_loads: Vec<(usize, usize)> = Vec::new();
    let mut written_loads: Vec<usize> = Vec::new();
    for (&n, &block) in &cfg.block_of {
        if !matches!(g.op(n), Op::ArrayLoad(_) | Op::VectorLoad(_)) {
            continue;
        }
        let Some(p) = g.inputs(n).first().and_then(|&a| param_of(a)) else {
            continue;
        };
        if written.contains(&p) {
            written_loads.push(block);
        } else {
            read_only_loads.push((p, block));
        }
    }
    for &(p, rb) in &read_only_loads {
        let alternative = written_loads
            .iter()
            .any(|&wb| !cfg.dominates(rb, wb) && !cfg.dominates(wb, rb));
        if alternative {
            out.insert(p);
        }
    }
    for n in g.node_ids() {
        let values: &[NodeId] = match g.op(n) {
            // A loop's phi merges its entry value with the back edge's, which no compiler
            // folds into one load.
            Op::Phi
                if g.inputs(n)
                    .first()
                    .is_some_and(|&m| *g.op(m) == Op::LoopBegin) =>
            {
                continue;
            }
            Op::Phi => g.inputs(n).get(1..).unwrap_or(&[]),
            Op::Select => g.inputs(n).get(1..).unwrap_or(&[]),
            _ => continue,
        };
        let per_input: Vec<BTreeSet<usize>> = values
            .iter()
            .map(|&v| {
                let mut found = BTreeSet::new();
                loaded_arrays(g, v, &param_of, MERGE_DEPTH, &mut found);
                found
            })
            .collect();
        for (i, from) in per_input.iter().enumerate() {
            let other_writes = per_input
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.iter().any(|p| written.contains(p)));
            if other_writes {
                out.extend(from.iter().filter(|p| !written.contains(p)));
            }
        }
    }
    out
}

/// The array parameters whose loads `n` is computed from, following operations (not phis) at
/// most `depth` deep.
fn loaded_arrays(
    g: &Graph,
    n: NodeId,
    param_of: &impl Fn(NodeId) -> Option<usize>,
    depth: usize,
    found: &mut BTreeSet<usize>,
) {
    match g.op(n) {
        Op::ArrayLoad(_) | Op::VectorLoad(_) => {
            if let Some(p) = g.inputs(n).first().and_then(|&a| param_of(a)) {
                found.insert(p);
            }
        }
        Op::Lane(_) => {
            if let Some(&v) = g.inputs(n).first() {
                loaded_arrays(g, v, param_of, depth, found);
            }
        }
        Op::Phi | Op::Parameter(_) | Op::Constant(_) => {}
        op if depth > 0 && op.has_value() && !op.is_fixed() => {
            for &i in g.inputs(n) {
                loaded_arrays(g, i, param_of, depth - 1, found);
            }
        }
        _ => {}
    }
}

/// Whether `n` is computed without any array's length or element (bounded depth; phis are not
/// followed: a loop test compares its induction variable with a bound).
fn length_free(g: &Graph, n: NodeId, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    match g.op(n) {
        Op::ArrayLength | Op::ArrayLoad(_) | Op::VectorLoad(_) => false,
        Op::Phi => true,
        _ => g.inputs(n).iter().all(|&i| length_free(g, i, depth + 1)),
    }
}

/// Whether index `n` addresses a table along one line: no product of two non-constant values
/// (`k * n + j` walks a matrix that grows with `n`, too large for constant memory in the usual
/// launch). Bounded depth; phis are not followed.
fn one_dimensional(g: &Graph, n: NodeId, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let constant = |x: NodeId| matches!(g.op(x), Op::Constant(_));
    match g.op(n) {
        Op::Phi => true,
        Op::Binary(BinaryOp::Mul) => {
            let ins = g.inputs(n);
            (constant(ins[0]) || constant(ins[1]))
                && ins.iter().all(|&i| one_dimensional(g, i, depth + 1))
        }
        _ => g
            .inputs(n)
            .iter()
            .all(|&i| one_dimensional(g, i, depth + 1)),
    }
}

/// The read-only array parameters that may live in constant memory (see the module docs):
/// `read_only` are the parameters the kernel reads and never writes.
pub(crate) fn constant_candidates(
    mg: &MethodGraph,
    cfg: &Cfg,
    parallel_indices: &[NodeId],
    read_only: &BTreeSet<usize>,
) -> BTreeSet<usize> {
    let g = &mg.graph;
    let uniform_arrays: HashSet<NodeId> = read_only.iter().map(|&p| mg.params[p].node).collect();
    let varying = varying(g, parallel_indices, &uniform_arrays);
    // Loop headers whose test is bounded by constants and scalars.
    let bounded_header = |header: usize| -> bool {
        let Some(block) = cfg.blocks.get(header) else {
            return false;
        };
        match block.exit {
            Exit::If(test) => g
                .inputs(test)
                .first()
                .is_some_and(|&cond| length_free(g, cond, 0)),
            _ => false,
        }
    };
    let mut out = BTreeSet::new();
    'params: for &p in read_only {
        let array = mg.params[p].node;
        let mut loads = 0usize;
        for &u in g.usages(array) {
            match g.op(u) {
                Op::ArrayLoad(_) => {}
                Op::ArrayLength | Op::Guard(_) => continue,
                _ => continue 'params,
            }
            // Loads outside the body (none in a kernel) do not count.
            let Some(&block) = cfg.block_of.get(&u) else {
                continue;
            };
            let index = g.inputs(u)[1];
            if varying.contains(&index) || !one_dimensional(g, index, 0) {
                continue 'params;
            }
            for (&header, members) in &cfg.loops {
                if members.contains(&block) && !bounded_header(header) {
                    continue 'params;
                }
            }
            loads += 1;
        }
        if loads > 0 {
            out.insert(p);
        }
    }
    out
}
