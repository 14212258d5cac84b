//! Structured control flow: the parallel loop's body as nested `if`/`for` statements.
//!
//! The body's fixed nodes are cut into blocks (a block starts at a `Begin`, `Merge`, `LoopBegin` or
//! `LoopExit`, and ends at an `If`, `End`, `LoopEnd` or `Return`, or falls into a `LoopExit`). Floating
//! values are scheduled into the block that dominates all their uses and written there as
//! `const` temporaries; phis become variables assigned at the end of each predecessor. The emitter
//! walks the dominator tree: an `If` becomes `if (…) { … } else { … }` with the merges it dominates
//! written after it, a `LoopBegin` becomes `for (;;) { … }` with its exits written after it.
//! Branches to the statement that follows fall through; a back edge to the innermost loop is
//! `continue`, a jump to the statement after the innermost loop is `break`; any other jump (leaving
//! two loops at once, `continue` of an outer loop) is a forward `goto`, which OpenCL C allows.
//! A value defined inside a `{ … }` and used outside it (e.g. computed in a loop, used after it) is
//! declared at the top of the kernel instead.

use crate::{Writer, WriterError};
use ferrocl_graph::{NodeId, Op};
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeSet, HashMap, HashSet};

/// How a block ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Exit {
    /// A two-way branch; successors `[true, false]`.
    If(NodeId),
    /// Into a merge or a loop header's entry.
    End(NodeId),
    /// A back edge of a sequential loop.
    LoopEnd(NodeId),
    /// The end of one iteration of the parallel loop: the work-item is done.
    NextIteration,
    /// The method returns (a single work-item kernel): the work-item is done.
    Return,
    /// Falls into a `LoopExit` that starts the next block.
    Fall,
}

#[derive(Clone, Debug)]
pub(crate) struct Block {
    pub(crate) nodes: Vec<NodeId>,
    pub(crate) exit: Exit,
    pub(crate) succs: Vec<usize>,
}

/// The body's blocks with their dominator tree and loops.
pub(crate) struct Cfg {
    pub(crate) blocks: Vec<Block>,
    pub(crate) block_of: HashMap<NodeId, usize>,
    pub(crate) idom: Vec<Option<usize>>,
    pub(crate) rpo_index: Vec<usize>,
    /// Loop header block → member blocks (header included).
    pub(crate) loops: HashMap<usize, BTreeSet<usize>>,
}

fn starts_block(op: &Op) -> bool {
    matches!(op, Op::Begin | Op::Merge | Op::LoopBegin | Op::LoopExit)
}

impl Cfg {
    /// Whether `node` runs on every path from the body's entry to the end of the work-item (one
    /// iteration of the parallel loop, or the method's return): no end (nor any block without
    /// successors) is reachable from the entry once `node`'s block is taken away. Within a block,
    /// nodes run in order; only a failed check leaves a block in the middle.
    pub(crate) fn on_every_path(&self, entry: NodeId, node: NodeId) -> bool {
        let (Some(&start), Some(&avoid)) = (self.block_of.get(&entry), self.block_of.get(&node))
        else {
            return false;
        };
        if start == avoid {
            return true;
        }
        let mut seen = vec![false; self.blocks.len()];
        let mut work = vec![start];
        seen[start] = true;
        while let Some(b) = work.pop() {
            let block = &self.blocks[b];
            if matches!(block.exit, Exit::NextIteration | Exit::Return) || block.succs.is_empty() {
                return false;
            }
            for &s in &block.succs {
                if s != avoid && !seen[s] {
                    seen[s] = true;
                    work.push(s);
                }
            }
        }
        true
    }

    /// Cuts the body reachable from `entry` into blocks, stopping at the parallel loop's back edges.
    pub(crate) fn build(
        mg: &ferrocl_graph::MethodGraph,
        entry: NodeId,
        parallel_begin: Option<NodeId>,
        stop: Option<NodeId>,
    ) -> Result<Cfg, WriterError> {
        let g = &mg.graph;
        let mut blocks: Vec<Block> = Vec::new();
        let mut block_of: HashMap<NodeId, usize> = HashMap::new();
        let mut work = vec![entry];
        let mut pending_succ: Vec<(usize, Vec<NodeId>)> = Vec::new();
        while let Some(start) = work.pop() {
            if block_of.contains_key(&start) {
                continue;
            }
            let index = blocks.len();
            let mut nodes = Vec::new();
            let mut cur = start;
            let exit = loop {
                nodes.push(cur);
                block_of.insert(cur, index);
                let op = g.op(cur);
                match op {
                    Op::If => break Exit::If(cur),
                    // Code of one work-item between loops ends at the next loop's entry.
                    Op::End if Some(cur) == stop => break Exit::Return,
                    Op::End => break Exit::End(cur),
                    Op::LoopEnd if Some(g.inputs(cur)[0]) == parallel_begin => {
                        break Exit::NextIteration
                    }
                    Op::LoopEnd => break Exit::LoopEnd(cur),
                    Op::Return if parallel_begin.is_none() => break Exit::Return,
                    Op::Return => {
                        return Err(WriterError::Internal(
                            "return inside the parallel loop body".into(),
                        ))
                    }
                    _ => {}
                }
                let Some(next) = g.next(cur) else {
                    return Err(WriterError::Internal(format!("{cur} has no successor")));
                };
                if starts_block(g.op(next)) {
                    break Exit::Fall;
                }
                cur = next;
            };
            let targets: Vec<NodeId> = match exit {
                Exit::If(n) => g.successors(n).to_vec(),
                Exit::End(n) => g
                    .usages(n)
                    .iter()
                    .copied()
                    .filter(|&u| g.op(u).is_merge())
                    .take(1)
                    .collect(),
                Exit::LoopEnd(n) => vec![g.inputs(n)[0]],
                Exit::NextIteration | Exit::Return => vec![],
                Exit::Fall => g.next(cur).into_iter().collect(),
            };
            work.extend(targets.iter().rev().copied());
            pending_succ.push((index, targets));
            blocks.push(Block {
                nodes,
                exit,
                succs: Vec::new(),
            });
        }
        for (index, targets) in pending_succ {
            let mut succs = Vec::new();
            for t in targets {
                match block_of.get(&t) {
                    Some(&b) => succs.push(b),
                    None => return Err(WriterError::Internal(format!("{t} is not in a block"))),
                }
            }
            blocks[index].succs = succs;
        }

        // Dominators, reverse postorder and natural loops.
        let mut graph: DiGraph<usize, ()> = DiGraph::new();
        let ids: Vec<NodeIndex> = (0..blocks.len()).map(|b| graph.add_node(b)).collect();
        for (b, block) in blocks.iter().enumerate() {
            for &s in &block.succs {
                graph.add_edge(ids[b], ids[s], ());
            }
        }
        let doms = dominators::simple_fast(&graph, ids[0]);
        let idom: Vec<Option<usize>> = (0..blocks.len())
            .map(|b| doms.immediate_dominator(ids[b]).map(|d| d.index()))
            .collect();
        let mut post = Vec::new();
        let mut state = vec![0u8; blocks.len()];
        let mut stack = vec![(0usize, 0usize)];
        state[0] = 1;
        while let Some(&mut (b, ref mut k)) = stack.last_mut() {
            if let Some(&s) = blocks[b].succs.get(*k) {
                *k += 1;
                if state[s] == 0 {
                    state[s] = 1;
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
                stack.pop();
            }
        }
        let mut rpo_index = vec![usize::MAX; blocks.len()];
        for (i, &b) in post.iter().rev().enumerate() {
            rpo_index[b] = i;
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); blocks.len()];
        for (b, block) in blocks.iter().enumerate() {
            for &s in &block.succs {
                preds[s].push(b);
            }
        }
        let mut loops: HashMap<usize, BTreeSet<usize>> = HashMap::new();
        for (b, block) in blocks.iter().enumerate() {
            if let Exit::LoopEnd(_) = block.exit {
                let header = block.succs[0];
                let body = loops
                    .entry(header)
                    .or_insert_with(|| BTreeSet::from([header]));
                let mut work = vec![b];
                while let Some(x) = work.pop() {
                    if body.insert(x) {
                        work.extend(preds[x].iter().copied());
                    }
                }
            }
        }
        Ok(Cfg {
            blocks,
            block_of,
            idom,
            rpo_index,
            loops,
        })
    }

    /// Whether block `a` dominates block `c` (every block dominates itself).
    pub(crate) fn dominates(&self, a: usize, mut c: usize) -> bool {
        loop {
            if c == a {
                return true;
            }
            match self.idom[c] {
                Some(p) if p != c => c = p,
                _ => return false,
            }
        }
    }

    fn depth(&self, mut b: usize) -> usize {
        let mut d = 0;
        while let Some(p) = self.idom[b].filter(|&p| p != b) {
            b = p;
            d += 1;
        }
        d
    }

    /// Lowest common ancestor of two blocks in the dominator tree.
    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let (mut da, mut db) = (self.depth(a), self.depth(b));
        while da > db {
            a = self.idom[a].unwrap_or(a);
            da -= 1;
        }
        while db > da {
            b = self.idom[b].unwrap_or(b);
            db -= 1;
        }
        while a != b {
            a = self.idom[a].unwrap_or(a);
            b = self.idom[b].unwrap_or(b);
        }
        a
    }

    fn is_merge_block(&self, b: usize, w: &Writer<'_>) -> bool {
        matches!(w.mg.graph.op(self.blocks[b].nodes[0]), Op::Merge)
    }

    pub(crate) fn is_loop_header(&self, b: usize) -> bool {
        self.loops.contains_key(&b)
    }
}

/// Where floating values are computed: the block dominating all their uses.
pub(crate) fn schedule(w: &Writer<'_>, cfg: &Cfg) -> HashMap<NodeId, usize> {
    let g = &w.mg.graph;
    let mut placed: HashMap<NodeId, usize> = HashMap::new();
    // Visit floating nodes from their users: iterate to a fixed point in reverse creation order
    // (users are usually created after their inputs).
    let floating: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| !g.op(n).is_fixed() && !w.values.contains_key(&n))
        // Parameters, constants and array lengths are names or literals, written where used.
        .filter(|&n| {
            !matches!(
                g.op(n),
                Op::Parameter(_) | Op::Constant(_) | Op::ArrayLength | Op::Phi
            )
        })
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for &n in floating.iter().rev() {
            let mut block: Option<usize> = None;
            for &u in g.usages(n) {
                let ub = if g.op(u).is_fixed() {
                    cfg.block_of.get(&u).copied()
                } else if *g.op(u) == Op::Phi {
                    // A phi input is used at the end of the corresponding predecessor; phis outside
                    // the body (the parallel index) are not written.
                    let merge = g.inputs(u)[0];
                    if !cfg.block_of.contains_key(&merge) {
                        continue;
                    }
                    let positions: Vec<usize> = g.inputs(u)[1..]
                        .iter()
                        .enumerate()
                        .filter(|(_, &v)| v == n)
                        .map(|(i, _)| i)
                        .collect();
                    let mut acc: Option<usize> = None;
                    for p in positions {
                        if let Some(&end) = g.inputs(merge).get(p) {
                            if let Some(&eb) = cfg.block_of.get(&end) {
                                acc = Some(acc.map_or(eb, |a| cfg.lca(a, eb)));
                            }
                        }
                    }
                    acc
                } else {
                    placed.get(&u).copied()
                };
                if let Some(ub) = ub {
                    block = Some(block.map_or(ub, |b| cfg.lca(b, ub)));
                }
            }
            if let Some(b) = block {
                if placed.get(&n) != Some(&b) {
                    placed.insert(n, b);
                    changed = true;
                }
            }
        }
    }
    placed
}

/// `hoistInvariants`: moves floating values out of the loops they do not depend on. A value is
/// scheduled at the common dominator of its uses (`schedule`), which puts a loop-invariant value
/// used in a loop (a transcendental call of a parameter, `i * n` in an inner loop) inside the
/// loop, recomputed on every iteration. Here each one moves up the dominator tree, no higher than
/// the deepest block where its inputs are available, to the block of that path in the fewest
/// loops (the nearest one to its uses among those): the block before the outermost loop it is
/// invariant in. Floating values are pure (a division that could fail is fixed, after its guard),
/// so computing one before a loop that runs no iteration changes no result. Values are visited
/// inputs first, so a chain of invariant values moves together. Returns how many moved out of at
/// least one loop.
pub(crate) fn hoist_invariants(
    w: &Writer<'_>,
    cfg: &Cfg,
    place: &mut HashMap<NodeId, usize>,
) -> usize {
    let g = &w.mg.graph;
    let depth: Vec<usize> = (0..cfg.blocks.len())
        .map(|b| cfg.loops.values().filter(|m| m.contains(&b)).count())
        .collect();
    if depth.iter().all(|&d| d == 0) {
        return 0;
    }
    // Inputs first: a depth-first post-order over the placed values' inputs.
    let mut order: Vec<NodeId> = Vec::with_capacity(place.len());
    let mut state: HashMap<NodeId, bool> = HashMap::new(); // false: open, true: done
    let mut roots: Vec<NodeId> = place.keys().copied().collect();
    roots.sort();
    for root in roots {
        if state.contains_key(&root) {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state.insert(root, false);
        while let Some(&mut (n, ref mut i)) = stack.last_mut() {
            let inputs = g.inputs(n);
            if let Some(&input) = inputs.get(*i) {
                *i += 1;
                if place.contains_key(&input) && !state.contains_key(&input) {
                    state.insert(input, false);
                    stack.push((input, 0));
                }
            } else {
                state.insert(n, true);
                order.push(n);
                stack.pop();
            }
        }
    }
    let entry = 0;
    let mut moved = 0;
    for n in order {
        let Some(&latest) = place.get(&n) else {
            continue;
        };
        if depth[latest] == 0 {
            continue;
        }
        // The deepest block where every input is available; none when one's place is unknown.
        let mut earliest = Some(entry);
        for &input in g.inputs(n) {
            let at = available(w, cfg, place, input, entry);
            earliest = match (earliest, at) {
                (Some(e), Some(a)) if cfg.dominates(e, a) && cfg.dominates(a, latest) => Some(a),
                (Some(e), Some(a)) if cfg.dominates(a, e) => Some(e),
                _ => None,
            };
        }
        let Some(earliest) = earliest else {
            continue;
        };
        let mut best = latest;
        let mut b = latest;
        while b != earliest {
            match cfg.idom[b] {
                Some(p) if p != b => b = p,
                _ => break,
            }
            if depth[b] < depth[best] {
                best = b;
            }
        }
        if best != latest {
            place.insert(n, best);
            moved += 1;
        }
    }
    moved
}

/// The block where value `n` is available: a fixed node's own, a scheduled value's place, a phi's
/// merge; the entry for parameters, static fields, constants and the parallel index; an array
/// length where its array is. `None` when unknown (a value the writer binds itself, outside the
/// schedule).
fn available(
    w: &Writer<'_>,
    cfg: &Cfg,
    place: &HashMap<NodeId, usize>,
    n: NodeId,
    entry: usize,
) -> Option<usize> {
    let g = &w.mg.graph;
    match g.op(n) {
        // A static field is a kernel argument the host reads at `execute()`.
        Op::Parameter(_) | Op::Constant(_) | Op::StaticField(_) | Op::Identity(_) => Some(entry),
        Op::ArrayLength => available(w, cfg, place, *g.inputs(n).first()?, entry),
        Op::Phi => match cfg.block_of.get(g.inputs(n).first()?) {
            Some(&b) => Some(b),
            // A phi of a merge outside the body: the parallel index.
            None => Some(entry),
        },
        op if op.is_fixed() => cfg.block_of.get(&n).copied(),
        _ => place.get(&n).copied(),
    }
}

/// The emitter's state for one pass over the body.
pub(crate) struct Emitter<'c> {
    pub(crate) cfg: &'c Cfg,
    pub(crate) place: HashMap<NodeId, usize>,
    /// Stack of enclosing C loops: (header block, the block emitted right after the loop, if any).
    loops: Vec<(usize, Option<usize>)>,
    /// Labels that some `goto` targets.
    pub(crate) used_labels: HashSet<String>,
    /// A loop's single exit block, written after the loop rather than at the exit site.
    deferred: HashMap<usize, usize>,
    pub(crate) status: String,
    /// While the staged copy of a versioned loop is written (see `staging`): its blocks, whose
    /// labels get `_fast` so that they do not clash with the loop written again after it.
    pub(crate) fast_copy: Option<BTreeSet<usize>>,
    /// Appended to every label (`_p` in the host-proven copy of a body written beside the checked
    /// one: C's labels belong to the function).
    pub(crate) tag: String,
}

impl<'c> Emitter<'c> {
    pub(crate) fn new(cfg: &'c Cfg, place: HashMap<NodeId, usize>, status: &str) -> Self {
        Emitter {
            cfg,
            place,
            loops: Vec::new(),
            used_labels: HashSet::new(),
            deferred: HashMap::new(),
            status: status.to_string(),
            fast_copy: None,
            tag: String::new(),
        }
    }

    fn suffix(&self, b: usize) -> &'static str {
        match &self.fast_copy {
            Some(members) if members.contains(&b) => "_fast",
            _ => "",
        }
    }

    /// Starts writing the staged copy of a versioned loop made of `members`;
    /// [`Emitter::end_copy`] ends it.
    fn begin_copy(&mut self, members: BTreeSet<usize>) {
        self.fast_copy = Some(members);
    }

    fn end_copy(&mut self) {
        self.fast_copy = None;
    }

    /// Whether no C loop is open.
    pub(crate) fn loops_is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    fn label(&self, b: usize) -> String {
        format!("L{b}{}{}", self.suffix(b), self.tag)
    }

    fn continue_label(&self, b: usize) -> String {
        format!("L{b}{}_next{}", self.suffix(b), self.tag)
    }
}

impl Writer<'_> {
    /// Emits block `b` and everything it dominates. `next` is the block that control reaches by
    /// falling off the end of what is emitted here.
    pub(crate) fn emit_tree(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        next: Option<usize>,
    ) -> Result<(), WriterError> {
        let cfg = em.cfg;
        // Merges and loop exits this block dominates that are not emitted as a branch body: written
        // after the block's own statement, in reverse postorder.
        let mut children: Vec<usize> = (0..cfg.blocks.len())
            .filter(|&c| c != b && cfg.idom[c] == Some(b))
            .filter(|&c| !self.is_inline_child(cfg, b, c))
            .collect();
        // A deferred loop exit belongs to its loop, not to the block where the exit test is.
        children.retain(|c| !em.deferred.contains_key(c));
        children.sort_by_key(|&c| cfg.rpo_index[c]);

        if cfg.is_loop_header(b) {
            let body = &cfg.loops[&b];
            let (inside, mut outside): (Vec<usize>, Vec<usize>) =
                children.iter().partition(|c| body.contains(c));
            // A loop left in one place (the usual `while (cond)`): its exit is written after the loop,
            // and the exit site says `break`.
            let header_node = cfg.blocks[b].nodes[0];
            let exits: Vec<usize> = (0..cfg.blocks.len())
                .filter(|&e| {
                    let first = cfg.blocks[e].nodes[0];
                    *self.mg.graph.op(first) == Op::LoopExit
                        && self.mg.graph.inputs(first)[0] == header_node
                })
                .collect();
            if let [single] = exits.as_slice() {
                if !outside.contains(single) {
                    em.deferred.insert(*single, b);
                    outside.push(*single);
                    outside.sort_by_key(|&c| cfg.rpo_index[c]);
                }
            }
            let after = outside.first().copied().or(next);
            let pending = self.staged_pending.take_if(|p| p.header == header_node);
            let fast = self
                .versions
                .iter()
                .find(|v| v.fast == header_node)
                .map(|v| v.counted.deferrable.clone());
            if fast.is_some() {
                *self.applied.entry("loopVersioning").or_default() += 1;
            }
            match (pending, fast) {
                (Some(pending), _) => {
                    *self.applied.entry("loopVersioning").or_default() += 1;
                    // Staged coalescing of a versioned loop (see `staging`): the loop as written
                    // is written twice, once in the tiles without the checks the loop's entry
                    // test proves, once as the fallback every active work-item runs.
                    let test = pending.test;
                    self.begin_staged(&test, &pending.loads)?;
                    let values = self.values.clone();
                    let def_scope = self.def_scope.clone();
                    let checked = self.checked.clone();
                    self.proven = test.proven.clone();
                    // Every block written inside the loop's braces (its own, and exit paths it
                    // dominates that are not written after it) gets its label suffixed in the
                    // staged copy.
                    let copied: BTreeSet<usize> = (0..cfg.blocks.len())
                        .filter(|&c| cfg.dominates(b, c))
                        .filter(|&c| !outside.iter().any(|&o| cfg.dominates(o, c)))
                        .collect();
                    em.begin_copy(copied);
                    self.emit_loop(em, b, &inside, after)?;
                    em.end_copy();
                    self.proven.clear();
                    self.staged_fallback();
                    self.values = values;
                    if let Some(c) = self.stage.bound_condition.take() {
                        self.values.remove(&c);
                    }
                    self.def_scope = def_scope;
                    self.checked = checked;
                    self.emit_loop(em, b, &inside, after)?;
                    self.end_staged();
                }
                (None, Some(deferrable)) if !deferrable.is_empty() => {
                    // The fast copy of a versioned loop: the checks its entry test cannot prove,
                    // each before a load, deferred (see `Writer::deferred_checks`) and tested
                    // once after the loop.
                    let failed = self
                        .names
                        .own(&format!("ferrocl_failed{}", self.scope_counter));
                    self.line(&format!("bool {failed} = false;"));
                    self.deferred_checks = Some((
                        failed.clone(),
                        deferrable.iter().copied().collect(),
                        HashMap::new(),
                    ));
                    *self.applied.entry("loopVersioning.deferred").or_default() += deferrable.len();
                    self.emit_loop(em, b, &inside, after)?;
                    self.deferred_checks = None;
                    let exit = self.exit.clone();
                    self.line(&format!(
                        "if ({failed}) {{ *{} = {}; {exit} }}",
                        em.status,
                        crate::STATUS_INDEX
                    ));
                }
                _ => self.emit_loop(em, b, &inside, after)?,
            }
            let valid = self.checked.len();
            self.emit_children(em, &outside, next, valid)?;
        } else {
            let first = children.first().copied().or(next);
            let valid = self.emit_block_body(em, b, first)?;
            self.emit_children(em, &children, next, valid)?;
        }
        Ok(())
    }

    /// Writes loop `b` as `for (;;) { … }`: its header block and the blocks inside it that the header
    /// dominates; `after` is the block written right after the loop.
    fn emit_loop(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        inside: &[usize],
        after: Option<usize>,
    ) -> Result<(), WriterError> {
        let no_wrap = self.no_wrap_increments(em.cfg, b);
        self.no_wrap.extend(no_wrap);
        self.line("for (;;) {");
        self.open_scope();
        if let Some(first) = self.stage.loop_prefix.take() {
            self.line(&first);
        }
        em.loops.push((b, after));
        let inner_next = inside.first().copied();
        let valid = self.emit_block_body(em, b, inner_next)?;
        self.emit_children(em, inside, None, valid)?;
        em.loops.pop();
        let cont = em.continue_label(b);
        self.line(&format!("{cont}: ;"));
        self.close_scope();
        self.line("}");
        Ok(())
    }

    /// Writes the merges (and deferred loop exits) a block dominates, each after its label. `valid` is
    /// the number of bounds checks that hold at every one of them (those made before the dominating
    /// block's branch): a check made after it may have been jumped over.
    fn emit_children(
        &mut self,
        em: &mut Emitter<'_>,
        children: &[usize],
        next: Option<usize>,
        valid: usize,
    ) -> Result<(), WriterError> {
        for (i, &c) in children.iter().enumerate() {
            self.checked.truncate(valid);
            let following = children.get(i + 1).copied().or(next);
            self.line(&format!("{}: ;", em.label(c)));
            self.emit_tree(em, c, following)?;
        }
        Ok(())
    }

    /// Whether `c` (immediately dominated by `b`) is written inline as a branch of `b`'s `If`.
    fn is_inline_child(&self, cfg: &Cfg, b: usize, c: usize) -> bool {
        matches!(cfg.blocks[b].exit, Exit::If(_) | Exit::Fall)
            && cfg.blocks[b].succs.contains(&c)
            && !cfg.is_merge_block(c, self)
            && !cfg.is_loop_header(c)
    }

    /// Writes block `b`'s statements and its exit; returns how many bounds checks were in force
    /// right before the exit (they hold in everything `b` dominates).
    fn emit_block_body(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        next: Option<usize>,
    ) -> Result<usize, WriterError> {
        let cfg = em.cfg;
        let block = cfg.blocks[b].clone();
        let status = em.status.clone();
        for &n in &block.nodes {
            let op = self.mg.graph.op(n).clone();
            match op {
                // A load already bound to a value.
                Op::ArrayLoad(_) if self.values.contains_key(&n) => {}
                Op::ArrayLoad(_)
                | Op::ArrayStore(_)
                | Op::VectorLoad(_)
                | Op::VectorStore(_)
                | Op::NewArray(_)
                | Op::IntegerDivRem { .. }
                | Op::Guard(_) => {
                    self.with_place(em, b, |w| w.fixed(n, &status))?;
                }
                _ => {}
            }
        }
        // Values this block computes for the blocks it dominates.
        self.flush_block(em, b)?;
        let valid = self.checked.len();
        match block.exit {
            Exit::If(n) => {
                let cond = self.mg.graph.inputs(n)[0];
                let c = self.with_place(em, b, |w| w.value(cond))?;
                let (t, f) = (block.succs[0], block.succs[1]);
                // The branch on a versioned loop's entry test, where the loop is staged: only the
                // loop as written is written here, and staged when its header is (see `staging`).
                if let Some(pending) = self.stage_versioned(em, b, n, &c)? {
                    self.staged_pending = Some(pending);
                    self.branch(em, b, f, next)?;
                    self.checked.truncate(valid.min(self.checked.len()));
                    return Ok(valid);
                }
                if let Some(v) = self.versions.iter().find(|v| v.branch == n) {
                    let comment = format!(
                        "// Loop versioning: {} check(s) of this loop tested once at its entry.",
                        v.proven.len()
                    );
                    self.line(&comment);
                }
                let before_if = self.body.len();
                self.line(&format!("if ({c}) {{"));
                if *self.mg.graph.op(cond) == Op::BoundsProven {
                    self.line(
                        "    // The host proved this launch's indices in bounds: no index check.",
                    );
                }
                let after_if = self.body.len();
                self.open_scope();
                self.branch(em, b, t, next)?;
                self.close_scope();
                if self.body.len() == after_if {
                    // Nothing to do when the condition holds: test its negation instead.
                    self.body.truncate(before_if);
                    self.line(&format!("if (!{c}) {{"));
                    self.open_scope();
                    self.branch(em, b, f, next)?;
                    self.close_scope();
                    self.line("}");
                    self.checked.truncate(valid.min(self.checked.len()));
                    return Ok(valid);
                }
                let before_else = self.body.len();
                self.line("} else {");
                self.open_scope();
                let mark = self.body.len();
                self.branch(em, b, f, next)?;
                self.close_scope();
                if self.body.len() == mark {
                    self.body.truncate(before_else);
                }
                self.line("}");
            }
            Exit::End(end) | Exit::LoopEnd(end) => {
                let target = block.succs[0];
                self.assign_phis(em, b, end, target)?;
                self.jump(em, target, next, matches!(block.exit, Exit::LoopEnd(_)));
            }
            Exit::NextIteration | Exit::Return => {
                if matches!(block.exit, Exit::Return) {
                    // Code one work-item runs hands its values on where it stops; code that may
                    // return before the next loop says at every exit whether it did (1 where it
                    // returns, 0 on the way to the loop: another task of the execution may have
                    // left anything in the shared buffer's slot), and hands nothing on where it
                    // returns (no later kernel of the method runs).
                    let carry = std::rc::Rc::clone(&self.carry);
                    let returns = block
                        .nodes
                        .last()
                        .is_some_and(|&n| *self.mg.graph.op(n) == Op::Return);
                    if let Some(slot) = carry.stop {
                        let flag = if returns { "1UL" } else { "0UL" };
                        self.line(&format!("{}[{slot}] = {flag};", carry.buffer));
                    }
                    for c in carry.store.iter().filter(|_| !returns) {
                        let value = self.value(c.node)?;
                        let word = crate::carried_word(&value, self.mg.graph.stamp(c.node));
                        self.line(&format!("{}[{}] = {word};", carry.buffer, c.slot));
                    }
                }
                let exit = self.exit.clone();
                self.line(&exit);
            }
            Exit::Fall => {
                let target = block.succs[0];
                self.branch(em, b, target, next)?;
            }
        }
        self.checked.truncate(valid.min(self.checked.len()));
        Ok(valid)
    }

    /// Control flows from `b` to `target` along a non-End edge (an `If` successor or a fall into a
    /// `LoopExit`): write the target inline when `b` owns it, else jump.
    fn branch(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        target: usize,
        next: Option<usize>,
    ) -> Result<(), WriterError> {
        if em.deferred.contains_key(&target) {
            self.jump(em, target, next, false);
            Ok(())
        } else if self.is_inline_child(em.cfg, b, target) && em.cfg.idom[target] == Some(b) {
            self.emit_tree(em, target, next)
        } else {
            self.jump(em, target, next, false);
            Ok(())
        }
    }

    fn jump(&mut self, em: &mut Emitter<'_>, target: usize, next: Option<usize>, back_edge: bool) {
        if back_edge {
            match em.loops.last() {
                Some(&(h, _)) if h == target => self.line("continue;"),
                _ => {
                    let l = em.continue_label(target);
                    em.used_labels.insert(l.clone());
                    self.line(&format!("goto {l};"));
                }
            }
            return;
        }
        if Some(target) == next {
            return;
        }
        if let Some(&(_, after)) = em.loops.last() {
            if after == Some(target) {
                self.line("break;");
                return;
            }
        }
        let l = em.label(target);
        em.used_labels.insert(l.clone());
        self.line(&format!("goto {l};"));
    }

    /// Assigns the phis of `target`'s merge for the edge leaving block `b` through `end`.
    fn assign_phis(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        end: NodeId,
        target: usize,
    ) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let merge = em.cfg.blocks[target].nodes[0];
        let Some(position) = g.inputs(merge).iter().position(|&e| e == end) else {
            return Err(WriterError::Internal(format!(
                "{end} is not an input of {merge}"
            )));
        };
        let phis: Vec<NodeId> = g
            .usages(merge)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            // A phi of private arrays names its site's storage: nothing to assign.
            .filter(|&u| !matches!(g.stamp(u), ferrocl_graph::Stamp::Array(_)))
            .collect();
        let mut pairs = Vec::new();
        for phi in phis {
            let value = g.inputs(phi)[position + 1];
            let text = self.with_place(em, b, |w| w.value(value))?;
            let var = self.phi_var(phi);
            if text != var {
                pairs.push((var, text, value));
            }
        }
        // Parallel assignment: when a value is another phi of the same merge, go through temporaries.
        let reads_phi = pairs
            .iter()
            .any(|(_, _, v)| *g.op(*v) == Op::Phi && g.inputs(*v)[0] == merge);
        if reads_phi {
            let mut temps = Vec::new();
            for (var, text, value) in &pairs {
                let t = self.names.fresh(&format!("{var}_next"));
                let ty = crate::names::c_type(self.mg.graph.stamp(*value));
                self.line(&format!("const {ty} {t} = {text};"));
                temps.push((var.clone(), t));
            }
            for (var, t) in temps {
                self.line(&format!("{var} = {t};"));
            }
        } else {
            for (var, text, _) in pairs {
                self.line(&format!("{var} = {text};"));
            }
        }
        Ok(())
    }

    /// Runs `f` with `b` as the block whose scheduled values may be written on demand.
    pub(crate) fn with_place<T>(
        &mut self,
        em: &mut Emitter<'_>,
        b: usize,
        f: impl FnOnce(&mut Self) -> Result<T, WriterError>,
    ) -> Result<T, WriterError> {
        let saved = self.current_block.replace(b);
        let place = std::mem::take(&mut em.place);
        let saved_place = std::mem::replace(&mut self.place, place);
        let result = f(self);
        em.place = std::mem::replace(&mut self.place, saved_place);
        self.current_block = saved;
        result
    }

    /// Writes every value scheduled in block `b` that is not written yet.
    fn flush_block(&mut self, em: &mut Emitter<'_>, b: usize) -> Result<(), WriterError> {
        let mut pending: Vec<NodeId> = em
            .place
            .iter()
            .filter(|(_, &pb)| pb == b)
            .map(|(&n, _)| n)
            .filter(|n| !self.values.contains_key(n))
            .collect();
        pending.sort();
        for n in pending {
            if !self.values.contains_key(&n) {
                self.with_place(em, b, |w| w.value(n).map(|_| ()))?;
            }
        }
        Ok(())
    }
}
