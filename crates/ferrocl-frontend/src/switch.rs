//! `tableswitch` and `lookupswitch` as a chain of `If(key == case)` nodes.
//!
//! Each case whose target is not the default's gets one `If`; its true side is an edge to the
//! case's block, its false side the next test, and the last test's false side the edge to the
//! default. Several keys sharing a target are several edges into that block's merge, exactly the
//! edges the CFG counts (see [`crate::blocks::switch_cases`]), so fall-through between cases and a
//! default that is also a case target need nothing special, and the CFG stays reducible.

use crate::builder::{Builder, Frame, Walk};
use crate::error::FrontendError;
use ferrocl_graph::{Condition, Constant, NodeId, Op, Stamp};

impl Builder<'_, '_> {
    /// Wires the end of block `b` (whose chain ends at `tail`) for a `switch` on `key` with
    /// `cases` (the keys of the block's successors, in order; the last successor is the default).
    pub(crate) fn lower_switch(
        &mut self,
        walk: &mut Walk<'_>,
        b: usize,
        tail: NodeId,
        key: NodeId,
        cases: &[i32],
        frame: Frame,
    ) -> Result<(), FrontendError> {
        let succs = walk.cfg.blocks[b].succs.clone();
        if succs.len() != cases.len() + 1 {
            return self.malformed("switch successors do not match its cases");
        }
        // `pending`: the previous test, whose false successor is the next test (or the default).
        let mut pending: Option<(NodeId, NodeId)> = None;
        for (&case, &target) in cases.iter().zip(&succs) {
            let value = self.constant(Constant::Int(case))?;
            let cmp = self.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![key, value])?;
            let test = self.add(Op::If, Stamp::Void, vec![cmp])?;
            match pending {
                None => {
                    self.append(tail, test);
                }
                Some((previous, previous_true)) => {
                    let next = self.add(Op::Begin, Stamp::Void, vec![])?;
                    self.graph
                        .set_successors(previous, vec![previous_true, next]);
                    self.append(next, test);
                }
            }
            let first = self.edge(walk, b, target, frame.clone())?;
            pending = Some((test, first));
        }
        let Some(&default) = succs.last() else {
            return self.malformed("switch without a default");
        };
        match pending {
            Some((last, last_true)) => {
                let first = self.edge(walk, b, default, frame)?;
                self.graph.set_successors(last, vec![last_true, first]);
                Ok(())
            }
            // Every case goes to the default: the switch is a jump.
            None => self.goto(walk, b, default, tail, frame),
        }
    }
}
