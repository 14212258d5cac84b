//! `scratch_arrays`: an array the method allocates before its `@Parallel` loops
//! (`float[] tmp = new float[n];`, then `tmp[i] = …` in one loop and `… tmp[j] …` in a later one)
//! becomes a parameter the host allocates at every `execute()`: a new array of zeros, of the
//! length Java computes, passed to the kernels like an argument and never seen afterwards.
//!
//! Why it is Java's: Java allocates the array once, before the loops, and every kernel of the
//! method reads and writes that one array, as the kernels read and write the host's. Java throws
//! `NegativeArraySizeException` at the `new` when the length is negative: a check before the loops
//! (a `Throw` guard the host evaluates) sends such an execution to the JVM, which throws it.
//!
//! An array every iteration stores at one index (`t[0] = …` in each iteration: a work-item's
//! temporary allocated outside the loop by mistake) is left alone: later phases refuse it, saying
//! why.
//!
//! Received: the graph before `check_private_arrays` (which refuses any other `new` whose length is
//! not a constant). Guaranteed: each converted allocation was outside every loop, had a length the
//! host can compute (arguments, their lengths, static fields, constants and arithmetic on them),
//! and was used only as the array of loads, stores, checks and `length`, each inside a loop (in
//! the kernels); its uses now read the new parameter ([`ParamInfo::scratch`]), whose length the
//! host computes as the returned [`ScratchArray`] says.

use crate::manager::LoopForest;
use crate::HostExpr;
use ferrocl_graph::{
    Bailout, BailoutKind, Condition, Constant, ElemKind, GuardKind, MethodGraph, NodeId, Op,
    ParamInfo, Stamp,
};

/// An array the host allocates for the method at every `execute()` (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct ScratchArray {
    /// Its index in [`MethodGraph::params`].
    pub param: usize,
    /// Its element type.
    pub elem: ElemKind,
    /// Its length, as Java computes it at the `new` (the host sends a negative one to the JVM).
    pub length: HostExpr,
    /// The copies from array arguments into it that Java makes before the loops (`a.clone()`,
    /// `Arrays.copyOf(a, n)`, `System.arraycopy(a, …, tmp, …)`), in Java's order: the host makes
    /// them after allocating it.
    pub copies: Vec<ScratchCopy>,
}

/// `System.arraycopy(source, source_pos, scratch, pos, count)` made by the host (see
/// [`ScratchArray::copies`]). Java's checks of the positions and the count were made before it,
/// by the host too.
#[derive(Clone, Debug, PartialEq)]
pub struct ScratchCopy {
    /// The source array: an index into [`MethodGraph::params`].
    pub source: usize,
    /// The first element copied from it.
    pub source_pos: HostExpr,
    /// Where the first element goes.
    pub pos: HostExpr,
    /// How many elements.
    pub count: HostExpr,
}

/// Whether `n` is computed from `iv` (floating inputs only; phis followed, bounded).
fn depends_on(g: &ferrocl_graph::Graph, n: NodeId, iv: NodeId) -> bool {
    let mut work = vec![n];
    let mut seen = std::collections::HashSet::new();
    while let Some(x) = work.pop() {
        if x == iv {
            return true;
        }
        if !seen.insert(x) || seen.len() > 4096 {
            return seen.len() > 4096;
        }
        if !g.op(x).is_fixed() {
            work.extend(g.inputs(x).iter().copied());
        }
    }
    false
}

/// Whether store `store` writes an element of its own per iteration of a `@Parallel` loop around
/// it: its index moves with that loop's index (`tmp[i]`, `m[r * cols + c]`, `t[2 * i + 1]`). A
/// store every iteration makes at one index (`t[0] = …`, `t[i & 3]`) is a work-item's temporary
/// allocated outside the loop by mistake: all iterations would share it.
fn own_element(mg: &MethodGraph, store: NodeId, loops: &LoopForest) -> bool {
    let g = &mg.graph;
    let index = g.inputs(store)[1];
    loops
        .loops
        .iter()
        .filter(|l| l.body.contains(&store))
        .filter_map(|l| crate::parallel::parallel_index(mg, l.begin))
        .any(|iv| {
            let is_iv = |n: NodeId| n == iv;
            let invariant = |n: NodeId| !depends_on(g, n, iv);
            crate::loop_affine(g, index, &is_iv, &invariant).is_some_and(|a| {
                a.iv == Some(iv) && (!a.scale.terms.is_empty() || a.scale.constant != 0)
            })
        })
}

/// The host's form of copy `copy` into a scratch array: from an array argument, outside every loop,
/// at positions and a count the host computes.
fn host_copy(mg: &MethodGraph, copy: NodeId, loops: &LoopForest) -> Option<ScratchCopy> {
    let g = &mg.graph;
    if loops.loops.iter().any(|l| l.body.contains(&copy)) {
        return None;
    }
    let ins = g.inputs(copy);
    let source = crate::parallel::param_index(mg, ins[0])?;
    if !matches!(mg.params.get(source)?.stamp, Stamp::Array(_)) {
        return None;
    }
    Some(ScratchCopy {
        source,
        source_pos: crate::host_expr_of(mg, ins[1])?,
        pos: crate::host_expr_of(mg, ins[3])?,
        count: crate::host_expr_of(mg, ins[4])?,
    })
}

/// Whether every use of allocation `site` is as an array (loads, stores, checks, `length`), and
/// every load, store and check is inside a loop; copies into it from arguments are made before
/// the loops (see [`host_copy`]).
fn confined(mg: &MethodGraph, site: NodeId, loops: &LoopForest) -> bool {
    let g = &mg.graph;
    let in_loop = |n: NodeId| loops.loops.iter().any(|l| l.body.contains(&n));
    g.usages(site).iter().all(|&u| {
        let ins = g.inputs(u);
        match g.op(u) {
            Op::ArrayCopy(_) => {
                ins[2] == site && ins[0] != site && host_copy(mg, u, loops).is_some()
            }
            Op::ArrayLoad(_) => ins[0] == site && ins[1] != site && in_loop(u),
            Op::ArrayStore(_) => ins[0] == site && ins[1] != site && ins[2] != site && in_loop(u),
            Op::Guard(GuardKind::Index) => ins[1] == site && ins[0] != site && in_loop(u),
            Op::ArrayLength => true,
            _ => false,
        }
    })
}

/// Converts the method's scratch arrays (see the module docs); returns them. Refuses an array
/// allocated before the loops that an iteration stores to at an index of no element of its own.
pub fn lower_scratch_arrays(
    mg: &mut MethodGraph,
    loops: &LoopForest,
) -> Result<Vec<ScratchArray>, Bailout> {
    let sites: Vec<NodeId> = mg
        .graph
        .node_ids()
        .filter(|&n| matches!(mg.graph.op(n), Op::NewArray(_)))
        .filter(|&n| !loops.loops.iter().any(|l| l.body.contains(&n)))
        .collect();
    let mut converted = Vec::new();
    for site in sites {
        let Op::NewArray(elem) = *mg.graph.op(site) else {
            continue;
        };
        let length = mg.graph.inputs(site)[0];
        let Some(host_length) = crate::host_expr_of(mg, length) else {
            continue;
        };
        if !confined(mg, site, loops) {
            continue;
        }
        // The first such store in the bytecode.
        let shared = mg
            .graph
            .usages(site)
            .iter()
            .copied()
            .filter(|&u| matches!(mg.graph.op(u), Op::ArrayStore(_)) && !own_element(mg, u, loops))
            .min_by_key(|&u| (*mg.bci.get(u), u));
        if let Some(store) = shared {
            return Err(mg.bailout_at(
                BailoutKind::Allocation,
                store,
                format!(
                    "an array allocated before the @Parallel loop is stored to at an index that \
                     does not move with the loop's index (`new {}[…]`): all iterations would share \
                     it; allocate it inside the loop body",
                    elem.java_name()
                ),
            ));
        }
        let Ok(index) = u16::try_from(mg.params.len()) else {
            continue;
        };
        // The copies into it, in Java's order (bytecode order before the loops), made by the host.
        let mut copy_nodes: Vec<NodeId> = mg
            .graph
            .usages(site)
            .iter()
            .copied()
            .filter(|&u| matches!(mg.graph.op(u), Op::ArrayCopy(_)))
            .collect();
        copy_nodes.sort_by_key(|&u| (*mg.bci.get(u), u));
        copy_nodes.dedup();
        let copies: Vec<ScratchCopy> = copy_nodes
            .iter()
            .filter_map(|&u| host_copy(mg, u, loops))
            .collect();
        if copies.len() != copy_nodes.len() {
            continue;
        }
        for &u in &copy_nodes {
            mg.graph.remove_fixed(u);
        }
        // Java's check at the `new`, made by the host before the loops.
        let g = &mut mg.graph;
        let zero = g.add(Op::Constant(Constant::Int(0)), Stamp::Int, vec![]);
        let fits = g.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![length, zero]);
        let check = g.add(Op::Guard(GuardKind::Throw), Stamp::Void, vec![fits]);
        let Some(pred) = g.predecessor(site) else {
            continue;
        };
        g.replace_successor(pred, site, check);
        g.set_next(check, site);
        let param = g.add(Op::Parameter(index), Stamp::Array(elem), vec![]);
        mg.inherit_source(site, check);
        mg.inherit_source(site, param);
        let name = mg.names.get(site).clone();
        mg.params.push(ParamInfo {
            scratch: true,
            ..ParamInfo::added(
                param,
                format!("[{}", elem.descriptor_char()),
                Stamp::Array(elem),
                name,
            )
        });
        mg.graph.replace_at_usages(site, param);
        mg.graph.remove_fixed(site);
        converted.push(ScratchArray {
            param: usize::from(index),
            elem,
            length: host_length,
            copies,
        });
    }
    // A copy left: into an array the host does not allocate.
    if let Some(copy) = mg
        .graph
        .node_ids()
        .filter(|&n| matches!(mg.graph.op(n), Op::ArrayCopy(_)))
        .min_by_key(|&n| (*mg.bci.get(n), n))
    {
        return Err(mg.bailout_at(
            BailoutKind::Allocation,
            copy,
            "clone() or a copy of an array argument into a new array (Arrays.copyOf, \
             System.arraycopy into `new T[n]`) is supported only before the @Parallel loops, from \
             an argument, into an array the loops then use: a kernel cannot allocate global memory",
        ));
    }
    Ok(converted)
}
