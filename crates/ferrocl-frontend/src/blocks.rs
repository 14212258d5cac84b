//! Basic blocks of the bytecode, their order, back edges and natural loops.

use ferrocl_classfile::{Insn, Kind, Op};
use petgraph::algo::dominators;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::{BTreeSet, HashMap};

/// A basic block: instructions `first..end` (indices into the instruction list).
///
/// A block ending in a `switch` has one successor per case of [`switch_cases`] (a case whose target
/// is the default's is left out: it behaves as the default), then the default.
#[derive(Clone, Debug)]
pub struct Block {
    /// Index of the first instruction.
    pub first: usize,
    /// One past the last instruction.
    pub end: usize,
    /// Successor blocks in branch order: for a conditional branch `[taken, fall-through]`.
    pub succs: Vec<usize>,
    /// The block of the exception handler that catches what the block's first instruction may
    /// throw (an array index out of bounds, an integer division by zero), when the method catches
    /// it there: the builder tests that instruction's operands before it and branches there.
    pub handler: Option<usize>,
}

impl Block {
    /// The successors, then the exception handler's block if any.
    pub fn all_succs(&self) -> impl Iterator<Item = usize> + '_ {
        self.succs.iter().copied().chain(self.handler)
    }
}

/// The control-flow graph of a method.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Blocks in bytecode order; block 0 starts at bci 0.
    pub blocks: Vec<Block>,
    /// Reachable blocks in reverse postorder.
    pub rpo: Vec<usize>,
    /// Back edges `(from, header)`.
    pub back_edges: Vec<(usize, usize)>,
    /// Natural loops: header and member blocks (header included), innermost (smallest) first.
    pub loops: Vec<(usize, BTreeSet<usize>)>,
    /// Number of incoming edges per block (an edge counted once per branch that takes it).
    pub pred_count: Vec<usize>,
    /// Per block: every path from it ends in `athrow` (it throws, or all its successors do).
    pub throws: Vec<bool>,
}

/// Why a CFG could not be built.
#[derive(Debug)]
pub enum CfgError {
    /// A branch target that does not start an instruction (bci of the branch).
    BadTarget(u32),
    /// Irreducible control flow (bci of the offending edge's source block start).
    Irreducible(u32),
}

/// The cases of a `tableswitch` or `lookupswitch` that do not go to the default, as `(key, target)`
/// in key order, and the default target; `None` for other instructions.
pub fn switch_cases(op: &Op) -> Option<(Vec<(i32, u32)>, u32)> {
    let (pairs, default): (Vec<(i32, u32)>, u32) = match op {
        Op::TableSwitch {
            default,
            low,
            targets,
        } => (
            targets
                .iter()
                .enumerate()
                .filter_map(|(k, &t)| {
                    let k = i32::try_from(k).ok()?;
                    Some((low.checked_add(k)?, t))
                })
                .collect(),
            *default,
        ),
        Op::LookupSwitch { default, pairs } => (pairs.clone(), *default),
        _ => return None,
    };
    Some((
        pairs.into_iter().filter(|&(_, t)| t != default).collect(),
        default,
    ))
}

/// Branch targets of an instruction (one per control-flow edge, see [`Block`]) and whether it
/// falls through.
pub fn branch_targets(op: &Op) -> (Vec<u32>, bool) {
    if let Some((cases, default)) = switch_cases(op) {
        let mut all: Vec<u32> = cases.into_iter().map(|(_, t)| t).collect();
        all.push(default);
        return (all, false);
    }
    match op {
        Op::If { target, .. }
        | Op::IfIcmp { target, .. }
        | Op::IfAcmp { target, .. }
        | Op::IfNull { target }
        | Op::IfNonNull { target } => (vec![*target], true),
        Op::Goto(t) => (vec![*t], false),
        Op::Return(_) | Op::AThrow | Op::Ret(_) => (vec![], false),
        Op::Jsr(t) => (vec![*t], true),
        _ => (vec![], true),
    }
}

/// Splits the instructions into blocks and analyses the loops. `caught` pairs instructions (by
/// index) that may throw with the first instruction of the handler that catches it: each such
/// instruction starts a block, whose [`Block::handler`] is the handler's block.
pub fn build_cfg(insns: &[Insn], caught: &[(usize, usize)]) -> Result<Cfg, CfgError> {
    if insns.is_empty() {
        // The class-file reader refuses empty code; never index into none.
        return Err(CfgError::BadTarget(0));
    }
    let index_of: HashMap<u32, usize> = insns.iter().enumerate().map(|(i, n)| (n.bci, i)).collect();
    let mut starts = BTreeSet::new();
    starts.insert(0usize);
    for (i, insn) in insns.iter().enumerate() {
        let (targets, falls) = branch_targets(&insn.op);
        let ends_block = !targets.is_empty() || !falls;
        for t in targets {
            starts.insert(*index_of.get(&t).ok_or(CfgError::BadTarget(insn.bci))?);
        }
        if ends_block && i + 1 < insns.len() {
            starts.insert(i + 1);
        }
    }
    for &(at, handler) in caught {
        starts.insert(at);
        starts.insert(handler);
    }
    let starts: Vec<usize> = starts.into_iter().filter(|&s| s < insns.len()).collect();
    let block_of_insn: HashMap<usize, usize> =
        starts.iter().enumerate().map(|(b, &s)| (s, b)).collect();
    let mut blocks = Vec::with_capacity(starts.len());
    for (b, &first) in starts.iter().enumerate() {
        let end = starts.get(b + 1).copied().unwrap_or(insns.len());
        let last = &insns[end - 1];
        let (targets, falls) = branch_targets(&last.op);
        let mut succs = Vec::new();
        for t in targets {
            let idx = index_of.get(&t).ok_or(CfgError::BadTarget(last.bci))?;
            succs.push(block_of_insn[idx]);
        }
        if falls {
            if let Some(&next) = block_of_insn.get(&end) {
                succs.push(next);
            }
        }
        blocks.push(Block {
            first,
            end,
            succs,
            handler: None,
        });
    }
    for &(at, handler) in caught {
        if let (Some(&b), Some(&h)) = (block_of_insn.get(&at), block_of_insn.get(&handler)) {
            blocks[b].handler = Some(h);
        }
    }
    let all_succs: Vec<Vec<usize>> = blocks.iter().map(|b| b.all_succs().collect()).collect();

    // Depth-first search: postorder and back edges (edges to a block on the stack).
    let n = blocks.len();
    let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
    let mut post = Vec::with_capacity(n);
    let mut back_edges = Vec::new();
    let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
    state[0] = 1;
    while let Some(&mut (b, ref mut next)) = stack.last_mut() {
        if let Some(&s) = all_succs[b].get(*next) {
            *next += 1;
            match state[s] {
                0 => {
                    state[s] = 1;
                    stack.push((s, 0));
                }
                1 => back_edges.push((b, s)),
                _ => {}
            }
        } else {
            state[b] = 2;
            post.push(b);
            stack.pop();
        }
    }
    let rpo: Vec<usize> = post.into_iter().rev().collect();

    // Reducibility: every back edge's header dominates its source.
    let mut g: DiGraph<usize, ()> = DiGraph::new();
    let ids: Vec<NodeIndex> = (0..n).map(|b| g.add_node(b)).collect();
    for (b, succs) in all_succs.iter().enumerate() {
        for &s in succs {
            g.add_edge(ids[b], ids[s], ());
        }
    }
    let doms = dominators::simple_fast(&g, ids[0]);
    for &(from, header) in &back_edges {
        let dominated = doms
            .dominators(ids[from])
            .is_some_and(|mut it| it.any(|d| d == ids[header]));
        if !dominated {
            return Err(CfgError::Irreducible(insns[blocks[from].first].bci));
        }
    }

    // Natural loops, merged per header.
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut pred_count = vec![0usize; n];
    for (b, succs) in all_succs.iter().enumerate() {
        if state[b] != 2 {
            continue;
        }
        for &s in succs {
            preds[s].push(b);
            pred_count[s] += 1;
        }
    }
    let mut loops: Vec<(usize, BTreeSet<usize>)> = Vec::new();
    for &(from, header) in &back_edges {
        let pos = match loops.iter().position(|(h, _)| *h == header) {
            Some(p) => p,
            None => {
                loops.push((header, BTreeSet::from([header])));
                loops.len() - 1
            }
        };
        let body = &mut loops[pos].1;
        let mut work = vec![from];
        while let Some(b) = work.pop() {
            if body.insert(b) {
                work.extend(preds[b].iter().copied());
            }
        }
    }
    loops.sort_by_key(|(_, body)| body.len());

    // Blocks that always throw: ending in `athrow`, or with every successor such a block (the
    // exception's constructor arguments, a ternary in its message), to a fixed point.
    let mut throws: Vec<bool> = blocks
        .iter()
        .map(|b| {
            insns
                .get(b.end.wrapping_sub(1))
                .is_some_and(|i| matches!(i.op, Op::AThrow))
        })
        .collect();
    loop {
        let mut changed = false;
        for b in 0..n {
            if !throws[b] && !all_succs[b].is_empty() && all_succs[b].iter().all(|&s| throws[s]) {
                throws[b] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(Cfg {
        blocks,
        rpo,
        back_edges,
        loops,
        pred_count,
        throws,
    })
}

impl Cfg {
    /// Whether local `slot` may be read before it is stored to on some path from instruction
    /// `at` (an index into `insns`, included): live there. A store of a two-slot value at
    /// `slot - 1` overwrites it too; an exception handler counts as a successor of every
    /// instruction of the blocks it covers.
    pub fn local_live_at(&self, insns: &[Insn], slot: u16, at: usize) -> bool {
        let Some(start) = self.blocks.iter().position(|b| b.first <= at && at < b.end) else {
            return false;
        };
        let mut seen = vec![false; self.blocks.len()];
        let mut work = vec![(start, at)];
        while let Some((b, from)) = work.pop() {
            let Some(block) = self.blocks.get(b) else {
                continue;
            };
            let mut killed = false;
            for insn in insns.get(from..block.end).unwrap_or(&[]) {
                let Some((index, slots)) = insn.op.local_access() else {
                    continue;
                };
                if !(index <= slot && slot < index.saturating_add(slots)) {
                    continue;
                }
                if matches!(insn.op, Op::Store(..)) {
                    killed = true;
                    break;
                }
                return true;
            }
            // The handler may run after any instruction of the block, before a store.
            if let Some(h) = block.handler {
                if !seen[h] {
                    seen[h] = true;
                    work.push((h, self.blocks[h].first));
                }
            }
            if killed {
                continue;
            }
            for s in block.succs.iter().copied() {
                if !seen[s] {
                    seen[s] = true;
                    work.push((s, self.blocks[s].first));
                }
            }
        }
        false
    }

    /// For the loop headed by block `header`: which local slots (of `max_locals`) an instruction
    /// of the loop body may write (a `long`/`double` store writes two). A local no instruction of
    /// the loop writes keeps its value around the loop and needs no phi; so `this` and unchanged
    /// parameters stay themselves inside loops while the loop is parsed.
    pub fn locals_assigned_in_loop(
        &self,
        header: usize,
        insns: &[Insn],
        max_locals: usize,
    ) -> Vec<bool> {
        let mut assigned = vec![false; max_locals];
        let mut mark = |slot: usize| {
            if let Some(a) = assigned.get_mut(slot) {
                *a = true;
            }
        };
        for (_, body) in self.loops.iter().filter(|(h, _)| *h == header) {
            for &b in body {
                let Some(block) = self.blocks.get(b) else {
                    continue;
                };
                for insn in insns.get(block.first..block.end).unwrap_or(&[]) {
                    match insn.op {
                        Op::Store(kind, slot) => {
                            mark(usize::from(slot));
                            if matches!(kind, Kind::Long | Kind::Double) {
                                mark(usize::from(slot) + 1);
                            }
                        }
                        Op::Iinc { index, .. } => mark(usize::from(index)),
                        _ => {}
                    }
                }
            }
        }
        assigned
    }

    /// Whether `b` heads a loop.
    pub fn is_loop_header(&self, b: usize) -> bool {
        self.loops.iter().any(|(h, _)| *h == b)
    }

    /// Whether the edge `from → to` is a back edge.
    pub fn is_back_edge(&self, from: usize, to: usize) -> bool {
        self.back_edges.contains(&(from, to))
    }

    /// Headers of the loops the edge `from → to` leaves, innermost first.
    pub fn loops_exited(&self, from: usize, to: usize) -> Vec<usize> {
        self.loops
            .iter()
            .filter(|(_, body)| body.contains(&from) && !body.contains(&to))
            .map(|(h, _)| *h)
            .collect()
    }
}
