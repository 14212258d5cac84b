//! Abstract interpretation of the bytecode over the blocks in reverse postorder, building SSA.

use crate::blocks::{build_cfg, Cfg, CfgError};
use crate::descriptor::{parse_method_descriptor, slot_size};
use crate::error::{Bailout, FrontendError, Location};
use crate::{AnnotatedLocal, MethodGraph, ParamInfo, PARALLEL_ANNOTATION, REDUCE_ANNOTATION};
use ferrocl_classfile::{
    ArithOp, ArrayKind, ClassFile, Code, Cond, ConvKind, Insn, Kind, Method, Op as JOp,
    TypeAnnotationTarget,
};
use ferrocl_graph::{
    verify, BinaryOp, Condition, Constant, ConvTarget, Conversion, ElemKind, Graph, NodeId, Op,
    SideTable, Stamp,
};
use std::collections::HashMap;

/// Upper bound on graph size; larger methods bail out rather than exhaust memory.
const MAX_NODES: usize = 200_000;

/// The JVM frame at a program point: locals (a `long`/`double` occupies its slot, the next is
/// `None`) and the operand stack (one entry per value, whatever its category).
#[derive(Clone, Debug)]
struct Frame {
    locals: Vec<Option<NodeId>>,
    stack: Vec<NodeId>,
}

/// How control arrives at a block that has not been built yet.
enum Arrival {
    /// A single predecessor: continue the fixed chain after `tail`.
    Direct { tail: NodeId, frame: Frame },
    /// A predecessor of a merge or loop header: its `End` and frame.
    Ends(Vec<(NodeId, Frame)>),
}

/// A loop header under construction: its `LoopBegin` and the phis for each local and stack slot.
struct LoopHeader {
    begin: NodeId,
    local_phis: Vec<Option<NodeId>>,
    stack_phis: Vec<NodeId>,
}

struct Builder<'a> {
    class: &'a ClassFile,
    code: &'a Code,
    location: Location,
    graph: Graph,
    bci: SideTable<Option<u32>>,
    phi_local: SideTable<Option<u16>>,
    names: SideTable<Option<String>>,
    return_stamp: Stamp,
    cur_bci: u32,
    /// Bytecode index of the instruction after the current one (where a stored local's live range
    /// starts in the `LocalVariableTable`).
    next_bci: u32,
    /// Phis whose inputs disagree in type: legal only while unused.
    conflicting_phis: Vec<NodeId>,
}

/// Builds the graph of `method` of `class`.
pub fn build_graph(class: &ClassFile, method: &Method) -> Result<MethodGraph, FrontendError> {
    let location = Location {
        class: class.name.clone(),
        method: method.name.clone(),
        descriptor: method.descriptor.clone(),
        source_file: class.source_file.clone(),
        bci: None,
        line: None,
    };
    let bail = |reason: String| {
        FrontendError::Bailout(Bailout {
            location: location.clone(),
            reason,
        })
    };
    let Some(code) = method.code.as_ref() else {
        return Err(bail(
            "the method has no bytecode (abstract or native)".into(),
        ));
    };
    let Some(desc) = parse_method_descriptor(&method.descriptor) else {
        return Err(FrontendError::Malformed {
            location,
            message: format!("bad method descriptor {}", method.descriptor),
        });
    };
    if let Some(handler) = code.exception_table.first() {
        let at = location.at(
            u32::from(handler.handler_pc),
            code.line_of(u32::from(handler.handler_pc)),
        );
        return Err(Bailout {
            location: at,
            reason: "exception handlers (try/catch/finally) are not supported yet".into(),
        }
        .into());
    }
    let return_stamp = if desc.ret == "V" {
        Stamp::Void
    } else {
        Stamp::from_descriptor(&desc.ret).unwrap_or(Stamp::Object)
    };

    let mut b = Builder {
        class,
        code,
        location: location.clone(),
        graph: Graph::new(),
        bci: SideTable::new(),
        phi_local: SideTable::new(),
        names: SideTable::new(),
        return_stamp,
        cur_bci: 0,
        next_bci: 0,
        conflicting_phis: Vec::new(),
    };

    // Parameters and the entry frame.
    let start = b.graph.add(Op::Start, Stamp::Void, vec![]);
    let mut frame = Frame {
        locals: vec![None; usize::from(code.max_locals)],
        stack: Vec::new(),
    };
    let mut params = Vec::new();
    let mut slot: u16 = 0;
    let mut all_params: Vec<(String, bool)> = Vec::new();
    if !method.is_static() {
        all_params.push((format!("L{};", class.name), true));
    }
    all_params.extend(desc.params.iter().map(|p| (p.clone(), false)));
    for (index, (pdesc, is_receiver)) in all_params.into_iter().enumerate() {
        let stamp = Stamp::from_descriptor(&pdesc).unwrap_or(Stamp::Object);
        let index16 = u16::try_from(index).map_err(|_| bail("too many parameters".into()))?;
        let node = b.graph.add(Op::Parameter(index16), stamp, vec![]);
        let name = if is_receiver {
            Some("this".to_string())
        } else {
            code.local_name(slot, 0).map(str::to_string)
        };
        b.names.set(node, name.clone());
        let s = usize::from(slot);
        if s >= frame.locals.len() {
            return Err(FrontendError::Malformed {
                location,
                message: "parameters exceed max_locals".into(),
            });
        }
        frame.locals[s] = Some(node);
        params.push(ParamInfo {
            node,
            slot,
            descriptor: pdesc.clone(),
            stamp,
            name,
            is_receiver,
            used: false,
        });
        slot += slot_size(&pdesc);
    }

    let cfg = build_cfg(&code.instructions).map_err(|e| match e {
        CfgError::BadTarget(bci) => FrontendError::Malformed {
            location: location.at(bci, code.line_of(bci)),
            message: "branch to the middle of an instruction".into(),
        },
        CfgError::Irreducible(bci) => FrontendError::Bailout(Bailout {
            location: location.at(bci, code.line_of(bci)),
            reason: "irreducible control flow is not supported".into(),
        }),
    })?;

    b.build_blocks(&cfg, start, frame)?;
    b.simplify_phis()?;

    let parallel_locals = code
        .type_annotations
        .iter()
        .filter(|a| a.type_descriptor == PARALLEL_ANNOTATION)
        .filter_map(|a| match &a.target {
            TypeAnnotationTarget::LocalVariable(ranges) => Some(ranges),
            _ => None,
        })
        .flatten()
        .map(|r| AnnotatedLocal {
            start_pc: r.start_pc,
            length: r.length,
            slot: r.index,
        })
        .collect();
    let reduce_params = method
        .parameter_annotations
        .iter()
        .enumerate()
        .filter(|(_, anns)| anns.iter().any(|a| a == REDUCE_ANNOTATION))
        .map(|(i, _)| i)
        .collect();
    for p in &mut params {
        p.used = !b.graph.usages(p.node).is_empty();
    }
    if let Err(e) = verify(&b.graph) {
        return Err(FrontendError::Internal {
            location,
            message: e.to_string(),
        });
    }
    Ok(MethodGraph {
        graph: b.graph,
        location,
        is_static: method.is_static(),
        params,
        return_stamp,
        bci: b.bci,
        phi_local: b.phi_local,
        names: b.names,
        parallel_locals,
        reduce_params,
        line_numbers: code.line_numbers.clone(),
    })
}

fn is_wide(graph: &Graph, v: NodeId) -> bool {
    matches!(graph.stamp(v), Stamp::Long | Stamp::Double)
}

impl Builder<'_> {
    fn bail<T>(&self, reason: impl Into<String>) -> Result<T, FrontendError> {
        Err(FrontendError::Bailout(Bailout {
            location: self
                .location
                .at(self.cur_bci, self.code.line_of(self.cur_bci)),
            reason: reason.into(),
        }))
    }

    fn malformed<T>(&self, message: impl Into<String>) -> Result<T, FrontendError> {
        Err(FrontendError::Malformed {
            location: self
                .location
                .at(self.cur_bci, self.code.line_of(self.cur_bci)),
            message: message.into(),
        })
    }

    fn add(&mut self, op: Op, stamp: Stamp, inputs: Vec<NodeId>) -> Result<NodeId, FrontendError> {
        if self.graph.capacity() >= MAX_NODES {
            return self.bail(format!(
                "the method is too large (over {MAX_NODES} graph nodes)"
            ));
        }
        let id = self.graph.add(op, stamp, inputs);
        self.bci.set(id, Some(self.cur_bci));
        Ok(id)
    }

    fn constant(&mut self, c: Constant) -> Result<NodeId, FrontendError> {
        self.add(Op::Constant(c), c.stamp(), vec![])
    }

    /// Appends fixed node `node` after `tail` and returns it as the new tail.
    fn append(&mut self, tail: NodeId, node: NodeId) -> NodeId {
        self.graph.set_next(tail, node);
        node
    }

    fn build_blocks(
        &mut self,
        cfg: &Cfg,
        start: NodeId,
        entry: Frame,
    ) -> Result<(), FrontendError> {
        let mut arrivals: HashMap<usize, Arrival> = HashMap::new();
        let mut headers: HashMap<usize, LoopHeader> = HashMap::new();
        arrivals.insert(
            0,
            Arrival::Direct {
                tail: start,
                frame: entry,
            },
        );
        // Block 0 may itself be a loop header or a merge: its entry then arrives as an End.
        if cfg.pred_count[0] > 0 {
            if let Some(Arrival::Direct { tail, frame }) = arrivals.remove(&0) {
                let end = self.add(Op::End, Stamp::Void, vec![])?;
                self.append(tail, end);
                arrivals.insert(0, Arrival::Ends(vec![(end, frame)]));
            }
        }

        for &b in &cfg.rpo {
            let block = &cfg.blocks[b];
            self.cur_bci = self.code.instructions[block.first].bci;
            let Some(arrival) = arrivals.remove(&b) else {
                return self.malformed("block reached with no predecessor built");
            };
            let is_header = cfg.is_loop_header(b);
            let (tail, frame) = match arrival {
                Arrival::Direct { tail, frame } => (tail, frame),
                // A loop entered from one place needs no merge before its LoopBegin.
                Arrival::Ends(mut ends) if is_header && ends.len() == 1 => match ends.pop() {
                    Some(only) => only,
                    None => return self.malformed("loop header without entry"),
                },
                Arrival::Ends(ends) => self.merge(ends)?,
            };
            let (mut tail, mut frame) = (tail, frame);
            if is_header {
                let (t, f, header) = self.loop_header(tail, frame)?;
                tail = t;
                frame = f;
                headers.insert(b, header);
            }

            // Interpret the block's instructions.
            let insns = &self.code.instructions[block.first..block.end];
            let mut branch: Option<BlockEnd> = None;
            for (k, insn) in insns.iter().enumerate() {
                self.cur_bci = insn.bci;
                self.next_bci = self
                    .code
                    .instructions
                    .get(block.first + k + 1)
                    .map_or(insn.bci + 1, |n| n.bci);
                branch = self.instruction(insn, &mut frame, &mut tail)?;
            }
            let last_bci = self.cur_bci;

            // Wire the successors.
            match branch {
                Some(BlockEnd::Return) => {}
                Some(BlockEnd::If {
                    node: if_node,
                    swapped,
                }) => {
                    let mut begins = Vec::new();
                    for &s in &block.succs {
                        self.cur_bci = last_bci;
                        let exits = cfg.loops_exited(b, s);
                        let first = if exits.is_empty() {
                            self.add(Op::Begin, Stamp::Void, vec![])?
                        } else {
                            let exit = self.loop_exit(&headers, exits[0])?;
                            let mut t = exit;
                            for &h in &exits[1..] {
                                let e = self.loop_exit(&headers, h)?;
                                t = self.append(t, e);
                            }
                            begins.push(exit);
                            self.arrive(cfg, &mut arrivals, &headers, b, s, t, frame.clone())?;
                            continue;
                        };
                        begins.push(first);
                        self.arrive(cfg, &mut arrivals, &headers, b, s, first, frame.clone())?;
                    }
                    if swapped {
                        begins.reverse();
                    }
                    self.graph.set_successors(if_node, begins);
                }
                None => {
                    let Some(&s) = block.succs.first() else {
                        return self.malformed("control falls off the end of the code");
                    };
                    let mut t = tail;
                    for h in cfg.loops_exited(b, s) {
                        let e = self.loop_exit(&headers, h)?;
                        t = self.append(t, e);
                    }
                    self.arrive(cfg, &mut arrivals, &headers, b, s, t, frame)?;
                }
            }
        }
        Ok(())
    }

    fn loop_exit(
        &mut self,
        headers: &HashMap<usize, LoopHeader>,
        header: usize,
    ) -> Result<NodeId, FrontendError> {
        let Some(h) = headers.get(&header) else {
            return self.malformed("loop exit before its header");
        };
        let begin = h.begin;
        self.add(Op::LoopExit, Stamp::Void, vec![begin])
    }

    /// Records that control flows from block `from` (whose chain ends at `tail`) into block `to`.
    #[allow(clippy::too_many_arguments)]
    fn arrive(
        &mut self,
        cfg: &Cfg,
        arrivals: &mut HashMap<usize, Arrival>,
        headers: &HashMap<usize, LoopHeader>,
        from: usize,
        to: usize,
        tail: NodeId,
        frame: Frame,
    ) -> Result<(), FrontendError> {
        if cfg.is_back_edge(from, to) {
            let Some(header) = headers.get(&to) else {
                return self.malformed("back edge to a loop header not yet built");
            };
            let begin = header.begin;
            let end = self.add(Op::LoopEnd, Stamp::Void, vec![begin])?;
            self.append(tail, end);
            self.graph.push_input(begin, end);
            if frame.stack.len() != header.stack_phis.len() {
                return self.malformed("operand stack height differs around a loop");
            }
            let pairs: Vec<(NodeId, Option<NodeId>)> = header
                .local_phis
                .iter()
                .zip(frame.locals.iter())
                .filter_map(|(phi, v)| phi.map(|p| (p, *v)))
                .chain(
                    header
                        .stack_phis
                        .iter()
                        .zip(frame.stack.iter())
                        .map(|(&p, &v)| (p, Some(v))),
                )
                .collect();
            for (phi, value) in pairs {
                match value {
                    Some(v) if self.graph.stamp(v) == self.graph.stamp(phi) => {
                        self.graph.push_input(phi, v)
                    }
                    _ => {
                        self.graph.push_input(phi, phi);
                        self.conflicting_phis.push(phi);
                    }
                }
            }
            return Ok(());
        }
        let needs_merge = cfg.pred_count[to] > 1;
        if needs_merge {
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(tail, end);
            match arrivals
                .entry(to)
                .or_insert_with(|| Arrival::Ends(Vec::new()))
            {
                Arrival::Ends(list) => list.push((end, frame)),
                Arrival::Direct { .. } => return self.malformed("merge reached directly"),
            }
        } else {
            arrivals.insert(to, Arrival::Direct { tail, frame });
        }
        Ok(())
    }

    /// Builds a `Merge` (or passes a single end through) with phis where the frames differ.
    fn merge(&mut self, ends: Vec<(NodeId, Frame)>) -> Result<(NodeId, Frame), FrontendError> {
        let merge = self.add(Op::Merge, Stamp::Void, vec![])?;
        for (end, _) in &ends {
            self.graph.push_input(merge, *end);
        }
        let Some((_, first)) = ends.first() else {
            return self.malformed("merge without predecessors");
        };
        if ends.iter().any(|(_, f)| f.stack.len() != first.stack.len()) {
            return self.malformed("operand stack heights differ at a merge");
        }
        let mut out = Frame {
            locals: vec![None; first.locals.len()],
            stack: Vec::with_capacity(first.stack.len()),
        };
        for slot in 0..first.locals.len() {
            let values: Vec<Option<NodeId>> = ends.iter().map(|(_, f)| f.locals[slot]).collect();
            out.locals[slot] = self.merge_values(merge, &values, Some(slot))?;
        }
        for pos in 0..first.stack.len() {
            let values: Vec<Option<NodeId>> =
                ends.iter().map(|(_, f)| Some(f.stack[pos])).collect();
            match self.merge_values(merge, &values, None)? {
                Some(v) => out.stack.push(v),
                None => return self.malformed("operand stack types differ at a merge"),
            }
        }
        Ok((merge, out))
    }

    fn merge_values(
        &mut self,
        merge: NodeId,
        values: &[Option<NodeId>],
        slot: Option<usize>,
    ) -> Result<Option<NodeId>, FrontendError> {
        let Some(Some(first)) = values.first().copied() else {
            return Ok(None);
        };
        if values.iter().all(|v| *v == Some(first)) {
            return Ok(Some(first));
        }
        let stamp = self.graph.stamp(first);
        if values
            .iter()
            .any(|v| v.is_none_or(|v| self.graph.stamp(v) != stamp))
        {
            return Ok(None);
        }
        let mut inputs = vec![merge];
        inputs.extend(values.iter().flatten());
        let phi = self.add(Op::Phi, stamp, inputs)?;
        if let Some(slot) = slot {
            let slot16 = u16::try_from(slot).unwrap_or(u16::MAX);
            self.phi_local.set(phi, Some(slot16));
            let name = self
                .code
                .local_name(slot16, self.cur_bci)
                .map(str::to_string);
            self.names.set(phi, name);
        }
        Ok(Some(phi))
    }

    /// Turns the arriving control into a `LoopBegin` with a phi for every live local and stack value.
    fn loop_header(
        &mut self,
        tail: NodeId,
        frame: Frame,
    ) -> Result<(NodeId, Frame, LoopHeader), FrontendError> {
        let entry_end = if *self.graph.op(tail) == Op::End {
            tail
        } else {
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(tail, end);
            end
        };
        let begin = self.add(Op::LoopBegin, Stamp::Void, vec![entry_end])?;
        let mut out = frame.clone();
        let mut local_phis = vec![None; frame.locals.len()];
        for (slot, value) in frame.locals.iter().enumerate() {
            if let Some(v) = *value {
                let phi = self.add(Op::Phi, self.graph.stamp(v), vec![begin, v])?;
                let slot16 = u16::try_from(slot).unwrap_or(u16::MAX);
                self.phi_local.set(phi, Some(slot16));
                let name = self
                    .code
                    .local_name(slot16, self.cur_bci)
                    .map(str::to_string);
                self.names.set(phi, name);
                local_phis[slot] = Some(phi);
                out.locals[slot] = Some(phi);
            }
        }
        let mut stack_phis = Vec::new();
        for (pos, &v) in frame.stack.iter().enumerate() {
            let phi = self.add(Op::Phi, self.graph.stamp(v), vec![begin, v])?;
            stack_phis.push(phi);
            out.stack[pos] = phi;
        }
        Ok((
            begin,
            out,
            LoopHeader {
                begin,
                local_phis,
                stack_phis,
            },
        ))
    }

    /// Removes phis that merge a single value (besides themselves), and dead phis; then rejects
    /// any remaining phi whose inputs disagree in type.
    fn simplify_phis(&mut self) -> Result<(), FrontendError> {
        let mut changed = true;
        while changed {
            changed = false;
            let phis: Vec<NodeId> = self
                .graph
                .node_ids()
                .filter(|&n| *self.graph.op(n) == Op::Phi)
                .collect();
            for phi in phis {
                if !self.graph.is_live(phi) {
                    continue;
                }
                let values = &self.graph.inputs(phi)[1..];
                let mut unique = None;
                let mut redundant = true;
                for &v in values {
                    if v == phi || Some(v) == unique {
                        continue;
                    }
                    if unique.is_some() {
                        redundant = false;
                        break;
                    }
                    unique = Some(v);
                }
                let users_other_than_self = self.graph.usages(phi).iter().any(|&u| u != phi);
                if redundant && !self.conflicting_phis.contains(&phi) {
                    if let Some(u) = unique {
                        self.graph.replace_at_usages(phi, u);
                        self.graph.kill(phi);
                        changed = true;
                        continue;
                    }
                }
                if !users_other_than_self {
                    self.graph.replace_at_usages(phi, phi);
                    self.graph.kill(phi);
                    changed = true;
                }
            }
        }
        for &phi in &self.conflicting_phis {
            if self.graph.is_live(phi) {
                self.cur_bci = self.bci.get(phi).unwrap_or(0);
                return self.bail("a local variable changes type around a loop while in use");
            }
        }
        Ok(())
    }

    fn pop(&mut self, frame: &mut Frame) -> Result<NodeId, FrontendError> {
        match frame.stack.pop() {
            Some(v) => Ok(v),
            None => self.malformed("operand stack underflow"),
        }
    }

    /// Pops values totalling `words` stack words (a long or double is two).
    fn pop_words(&mut self, frame: &mut Frame, words: usize) -> Result<Vec<NodeId>, FrontendError> {
        let mut got = 0;
        let mut values = Vec::new();
        while got < words {
            let v = self.pop(frame)?;
            got += if is_wide(&self.graph, v) { 2 } else { 1 };
            values.push(v);
        }
        if got != words {
            return self.malformed("stack operation splits a long or double");
        }
        values.reverse();
        Ok(values)
    }

    /// `dup`-family: duplicates the top `dup` words below the next `skip` words.
    fn dup(&mut self, frame: &mut Frame, dup: usize, skip: usize) -> Result<(), FrontendError> {
        let top = self.pop_words(frame, dup)?;
        let below = self.pop_words(frame, skip)?;
        frame.stack.extend(&top);
        frame.stack.extend(below);
        frame.stack.extend(top);
        Ok(())
    }

    fn load_local(&mut self, frame: &Frame, slot: u16) -> Result<NodeId, FrontendError> {
        match frame.locals.get(usize::from(slot)).copied().flatten() {
            Some(v) => Ok(v),
            None => self.malformed(format!("read of unset local {slot}")),
        }
    }

    fn store_local(
        &mut self,
        frame: &mut Frame,
        slot: u16,
        value: NodeId,
    ) -> Result<(), FrontendError> {
        let s = usize::from(slot);
        let wide = is_wide(&self.graph, value);
        if s + usize::from(wide) >= frame.locals.len() {
            return self.malformed(format!("local {slot} beyond max_locals"));
        }
        if s > 0 {
            if let Some(prev) = frame.locals[s - 1] {
                if is_wide(&self.graph, prev) {
                    frame.locals[s - 1] = None;
                }
            }
        }
        frame.locals[s] = Some(value);
        if wide {
            frame.locals[s + 1] = None;
        }
        if self.names.get(value).is_none() {
            if let Some(name) = self.code.local_name(slot, self.next_bci) {
                let name = name.to_string();
                self.names.set(value, Some(name));
            }
        }
        Ok(())
    }

    fn stamp_of_kind(kind: Kind) -> Stamp {
        match kind {
            Kind::Int => Stamp::Int,
            Kind::Long => Stamp::Long,
            Kind::Float => Stamp::Float,
            Kind::Double => Stamp::Double,
            Kind::Ref => Stamp::Object,
        }
    }

    fn compare_zero(
        &mut self,
        value: NodeId,
        cond: Cond,
    ) -> Result<(NodeId, Condition, NodeId, bool), FrontendError> {
        let cond = map_cond(cond);
        // `xcmp; if<cond>` becomes a direct comparison; NaN must take the branch exactly when the
        // comparison's unordered result (-1 for the `l` forms, 1 for `g`) satisfies the condition.
        if let Op::NormalizeCompare { unordered_is_less } = *self.graph.op(value) {
            let x = self.graph.inputs(value)[0];
            let y = self.graph.inputs(value)[1];
            let floating = matches!(self.graph.stamp(x), Stamp::Float | Stamp::Double);
            let unordered = if unordered_is_less { -1 } else { 1 };
            let nan_takes = match cond {
                Condition::Eq => unordered == 0,
                Condition::Ne => unordered != 0,
                Condition::Lt => unordered < 0,
                Condition::Ge => unordered >= 0,
                Condition::Gt => unordered > 0,
                Condition::Le => unordered <= 0,
            };
            // A Compare node is false on NaN except `Ne`; when NaN must take the branch, test the
            // negated (ordered) condition and swap the successors.
            if !floating || !nan_takes || cond == Condition::Ne {
                return Ok((x, cond, y, false));
            }
            return Ok((x, cond.negate(), y, true));
        }
        let zero = self.constant(Constant::Int(0))?;
        Ok((value, cond, zero, false))
    }

    fn instruction(
        &mut self,
        insn: &Insn,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<Option<BlockEnd>, FrontendError> {
        use Stamp::*;
        match &insn.op {
            JOp::Nop => {}
            JOp::Iconst(v) => {
                let c = self.constant(Constant::Int(*v))?;
                frame.stack.push(c);
            }
            JOp::Lconst(v) => {
                let c = self.constant(Constant::Long(*v))?;
                frame.stack.push(c);
            }
            JOp::Fconst(v) => {
                let c = self.constant(Constant::Float(*v))?;
                frame.stack.push(c);
            }
            JOp::Dconst(v) => {
                let c = self.constant(Constant::Double(*v))?;
                frame.stack.push(c);
            }
            JOp::Ldc(index) => {
                let constant = match self.class.constant(*index) {
                    Ok(c) => c,
                    Err(e) => return self.malformed(e.to_string()),
                };
                let c = match constant {
                    ferrocl_classfile::Constant::Int(v) => Constant::Int(v),
                    ferrocl_classfile::Constant::Long(v) => Constant::Long(v),
                    ferrocl_classfile::Constant::Float(v) => Constant::Float(v),
                    ferrocl_classfile::Constant::Double(v) => Constant::Double(v),
                    other => {
                        return self.bail(format!(
                        "constant {} is not a primitive (strings and classes are not supported)",
                        describe_constant(&other)
                    ))
                    }
                };
                let c = self.constant(c)?;
                frame.stack.push(c);
            }
            JOp::AconstNull => return self.bail("null references are not supported yet"),
            JOp::Load(_, slot) => {
                let v = self.load_local(frame, *slot)?;
                frame.stack.push(v);
            }
            JOp::Store(_, slot) => {
                let v = self.pop(frame)?;
                self.store_local(frame, *slot, v)?;
            }
            JOp::Iinc { index, delta } => {
                let v = self.load_local(frame, *index)?;
                let d = self.constant(Constant::Int(i32::from(*delta)))?;
                let sum = self.add(Op::Binary(BinaryOp::Add), Int, vec![v, d])?;
                self.store_local(frame, *index, sum)?;
            }
            JOp::ArrayLoad(kind) => {
                let index = self.pop(frame)?;
                let array = self.pop(frame)?;
                let elem = self.array_elem(array, *kind)?;
                let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![array, index])?;
                *tail = self.append(*tail, load);
                frame.stack.push(load);
            }
            JOp::ArrayStore(kind) => {
                let value = self.pop(frame)?;
                let index = self.pop(frame)?;
                let array = self.pop(frame)?;
                let elem = self.array_elem(array, *kind)?;
                let store = self.add(Op::ArrayStore(elem), Void, vec![array, index, value])?;
                *tail = self.append(*tail, store);
            }
            JOp::ArrayLength => {
                let array = self.pop(frame)?;
                if !matches!(self.graph.stamp(array), Array(_)) {
                    return self.bail("arraylength of a non-primitive array");
                }
                let len = self.add(Op::ArrayLength, Int, vec![array])?;
                frame.stack.push(len);
            }
            JOp::Pop => {
                self.pop_words(frame, 1)?;
            }
            JOp::Pop2 => {
                self.pop_words(frame, 2)?;
            }
            JOp::Dup => self.dup(frame, 1, 0)?,
            JOp::DupX1 => self.dup(frame, 1, 1)?,
            JOp::DupX2 => self.dup(frame, 1, 2)?,
            JOp::Dup2 => self.dup(frame, 2, 0)?,
            JOp::Dup2X1 => self.dup(frame, 2, 1)?,
            JOp::Dup2X2 => self.dup(frame, 2, 2)?,
            JOp::Swap => {
                let a = self.pop(frame)?;
                let b = self.pop(frame)?;
                frame.stack.push(a);
                frame.stack.push(b);
            }
            JOp::Arith(kind, op) => {
                let stamp = Self::stamp_of_kind(*kind);
                if *op == ArithOp::Neg {
                    let x = self.pop(frame)?;
                    let n = self.add(Op::Negate, stamp, vec![x])?;
                    frame.stack.push(n);
                } else {
                    let y = self.pop(frame)?;
                    let x = self.pop(frame)?;
                    let integer = matches!(stamp, Int | Long);
                    let node = match op {
                        ArithOp::Div | ArithOp::Rem if integer => {
                            let rem = *op == ArithOp::Rem;
                            let n = self.add(Op::IntegerDivRem { rem }, stamp, vec![x, y])?;
                            *tail = self.append(*tail, n);
                            n
                        }
                        _ => {
                            let bop = map_arith(*op);
                            self.add(Op::Binary(bop), stamp, vec![x, y])?
                        }
                    };
                    frame.stack.push(node);
                }
            }
            JOp::Convert(from, to) => {
                let x = self.pop(frame)?;
                let from_stamp = conv_stamp(*from);
                let (target, stamp) = match to {
                    ConvKind::Int => (ConvTarget::Int, Int),
                    ConvKind::Long => (ConvTarget::Long, Long),
                    ConvKind::Float => (ConvTarget::Float, Float),
                    ConvKind::Double => (ConvTarget::Double, Double),
                    ConvKind::Byte => (ConvTarget::Byte, Int),
                    ConvKind::Char => (ConvTarget::Char, Int),
                    ConvKind::Short => (ConvTarget::Short, Int),
                };
                let conv = Conversion {
                    from: from_stamp,
                    to: target,
                };
                let n = self.add(Op::Convert(conv), stamp, vec![x])?;
                frame.stack.push(n);
            }
            JOp::Lcmp | JOp::Fcmpl | JOp::Fcmpg | JOp::Dcmpl | JOp::Dcmpg => {
                let y = self.pop(frame)?;
                let x = self.pop(frame)?;
                let unordered_is_less = matches!(insn.op, JOp::Fcmpl | JOp::Dcmpl | JOp::Lcmp);
                let n = self.add(Op::NormalizeCompare { unordered_is_less }, Int, vec![x, y])?;
                frame.stack.push(n);
            }
            JOp::If { cond, .. } => {
                let v = self.pop(frame)?;
                let (x, c, y, swapped) = self.compare_zero(v, *cond)?;
                return self.branch(x, c, y, swapped, tail).map(Some);
            }
            JOp::IfIcmp { cond, .. } => {
                let y = self.pop(frame)?;
                let x = self.pop(frame)?;
                return self.branch(x, map_cond(*cond), y, false, tail).map(Some);
            }
            JOp::Goto(_) => {}
            JOp::Return(kind) => {
                let inputs = match kind {
                    Some(_) => vec![self.pop(frame)?],
                    None => vec![],
                };
                if inputs.is_empty() != (self.return_stamp == Void) {
                    return self.malformed("return does not match the method's return type");
                }
                let ret = self.add(Op::Return, Void, inputs)?;
                *tail = self.append(*tail, ret);
                return Ok(Some(BlockEnd::Return));
            }
            other => return self.bail(unsupported(self.class, other)),
        }
        Ok(None)
    }

    fn branch(
        &mut self,
        x: NodeId,
        cond: Condition,
        y: NodeId,
        swapped: bool,
        tail: &mut NodeId,
    ) -> Result<BlockEnd, FrontendError> {
        let cmp = self.add(Op::Compare(cond), Stamp::Bool, vec![x, y])?;
        let node = self.add(Op::If, Stamp::Void, vec![cmp])?;
        *tail = self.append(*tail, node);
        Ok(BlockEnd::If { node, swapped })
    }

    fn array_elem(&self, array: NodeId, kind: ArrayKind) -> Result<ElemKind, FrontendError> {
        let Stamp::Array(elem) = self.graph.stamp(array) else {
            return self.bail("arrays of objects or of unknown type are not supported");
        };
        let ok = match kind {
            ArrayKind::Byte | ArrayKind::Boolean => {
                matches!(elem, ElemKind::Byte | ElemKind::Boolean)
            }
            ArrayKind::Char => elem == ElemKind::Char,
            ArrayKind::Short => elem == ElemKind::Short,
            ArrayKind::Int => elem == ElemKind::Int,
            ArrayKind::Long => elem == ElemKind::Long,
            ArrayKind::Float => elem == ElemKind::Float,
            ArrayKind::Double => elem == ElemKind::Double,
            ArrayKind::Ref => false,
        };
        if !ok {
            return self.bail("array element access of an unexpected type");
        }
        Ok(elem)
    }
}

/// How a block's instructions ended.
enum BlockEnd {
    /// A two-way branch. Its condition holds for the block's first successor (the branch target),
    /// unless `swapped`: then the condition was negated and holds for the fall-through.
    If { node: NodeId, swapped: bool },
    /// A return.
    Return,
}

fn map_cond(c: Cond) -> Condition {
    match c {
        Cond::Eq => Condition::Eq,
        Cond::Ne => Condition::Ne,
        Cond::Lt => Condition::Lt,
        Cond::Ge => Condition::Ge,
        Cond::Gt => Condition::Gt,
        Cond::Le => Condition::Le,
    }
}

fn map_arith(op: ArithOp) -> BinaryOp {
    match op {
        ArithOp::Add => BinaryOp::Add,
        ArithOp::Sub => BinaryOp::Sub,
        ArithOp::Mul => BinaryOp::Mul,
        ArithOp::Div => BinaryOp::Div,
        ArithOp::Rem => BinaryOp::Rem,
        ArithOp::Shl => BinaryOp::Shl,
        ArithOp::Shr => BinaryOp::Shr,
        ArithOp::Ushr => BinaryOp::Ushr,
        ArithOp::And => BinaryOp::And,
        ArithOp::Or => BinaryOp::Or,
        ArithOp::Xor => BinaryOp::Xor,
        // Negation is a unary node, built before this mapping is consulted.
        ArithOp::Neg => BinaryOp::Sub,
    }
}

fn conv_stamp(k: ConvKind) -> Stamp {
    match k {
        ConvKind::Long => Stamp::Long,
        ConvKind::Float => Stamp::Float,
        ConvKind::Double => Stamp::Double,
        _ => Stamp::Int,
    }
}

fn describe_constant(c: &ferrocl_classfile::Constant) -> String {
    match c {
        ferrocl_classfile::Constant::String(s) => format!("\"{s}\""),
        ferrocl_classfile::Constant::Class(c) => format!("{}.class", c.replace('/', ".")),
        other => format!("{other:?}"),
    }
}

fn member(class: &ClassFile, index: u16) -> String {
    match class.member_ref(index) {
        Ok(m) => format!("{}.{}{}", m.class.replace('/', "."), m.name, m.descriptor),
        Err(_) => format!("#{index}"),
    }
}

fn unsupported(class: &ClassFile, op: &JOp) -> String {
    match op {
        JOp::InvokeStatic(i)
        | JOp::InvokeVirtual(i)
        | JOp::InvokeSpecial(i)
        | JOp::InvokeInterface(i) => {
            format!(
                "method calls are not supported yet: call of {}",
                member(class, *i)
            )
        }
        JOp::InvokeDynamic(_) => {
            "invokedynamic (lambdas, string concatenation) is not supported yet".into()
        }
        JOp::GetStatic(i) | JOp::PutStatic(i) => {
            format!("static fields are not supported yet: {}", member(class, *i))
        }
        JOp::GetField(i) | JOp::PutField(i) => {
            format!("fields are not supported yet: {}", member(class, *i))
        }
        JOp::New(_) | JOp::NewArray(_) | JOp::ANewArray(_) | JOp::MultiANewArray { .. } => {
            "allocation inside a kernel is not supported yet".into()
        }
        JOp::AThrow => "throw statements are not supported yet".into(),
        JOp::MonitorEnter | JOp::MonitorExit => "synchronized blocks are not supported".into(),
        JOp::CheckCast(_) | JOp::InstanceOf(_) => {
            "type checks (casts, instanceof) are not supported yet".into()
        }
        JOp::TableSwitch { .. } | JOp::LookupSwitch { .. } => {
            "switch statements are not supported yet".into()
        }
        JOp::IfNull { .. } | JOp::IfNonNull { .. } | JOp::IfAcmp { .. } => {
            "reference comparisons are not supported yet".into()
        }
        JOp::Jsr(_) | JOp::Ret(_) => "jsr/ret subroutines are not supported".into(),
        other => format!("bytecode {other:?} is not supported yet"),
    }
}
