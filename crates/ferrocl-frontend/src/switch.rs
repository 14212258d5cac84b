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

/// A case of a switch: its key and the block it goes to.
type Case = (i32, usize);

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
        let mut succs = walk.cfg.blocks[b].succs.clone();
        if succs.len() != cases.len() + 1 {
            return self.malformed("switch successors do not match its cases");
        }
        let mut cases = cases.to_vec();
        let mut tail = tail;
        // Targets that always throw (`default: throw new IllegalArgumentException(…)`): a guard
        // that fails for their keys (the JVM reruns the method and throws), and the switch goes on
        // over the other cases; the throwing code is never parsed.
        let throws = |s: usize| walk.cfg.throws.get(s).copied().unwrap_or(false);
        if succs.iter().any(|&s| throws(s)) {
            let default = succs.pop().unwrap_or_default();
            let (thrown, kept): (Vec<Case>, Vec<Case>) = cases
                .iter()
                .copied()
                .zip(succs.iter().copied())
                .partition(|&(_, s)| throws(s));
            let continues = if throws(default) {
                // Only the keys of the other cases go on; the last of them becomes the default.
                let mut kept = kept;
                let Some((_, last)) = kept.pop() else {
                    return self.malformed("a switch whose every target throws");
                };
                let mut keys: Vec<i32> = kept.iter().map(|&(k, _)| k).collect();
                keys.extend(
                    cases
                        .iter()
                        .zip(walk.cfg.blocks[b].succs.iter())
                        .filter(|&(_, &s)| s == last)
                        .map(|(&k, _)| k),
                );
                keys.sort_unstable();
                keys.dedup();
                let condition = self.key_test(key, &keys, true)?;
                cases = kept.iter().map(|&(k, _)| k).collect();
                succs = kept.iter().map(|&(_, s)| s).collect();
                succs.push(last);
                condition
            } else {
                let keys: Vec<i32> = thrown.iter().map(|&(k, _)| k).collect();
                let condition = self.key_test(key, &keys, false)?;
                cases = kept.iter().map(|&(k, _)| k).collect();
                succs = kept.iter().map(|&(_, s)| s).collect();
                succs.push(default);
                condition
            };
            self.throw_check(continues, &mut tail)?;
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

    /// A `Bool` that holds when `key` is one of `keys` (`member`), or none of them (otherwise).
    fn key_test(
        &mut self,
        key: NodeId,
        keys: &[i32],
        member: bool,
    ) -> Result<NodeId, FrontendError> {
        let (on_hit, cond) = if member {
            (1, Condition::Eq)
        } else {
            (0, Condition::Ne)
        };
        let mut test = self.constant_bool(!member)?;
        for &k in keys {
            let value = self.constant(Constant::Int(k))?;
            let cmp = self.add(Op::Compare(cond), Stamp::Bool, vec![key, value])?;
            // member: `cmp || test`; otherwise `cmp && test`.
            let decided = self.constant_bool(on_hit == 1)?;
            test = if member {
                self.add(Op::Select, Stamp::Bool, vec![cmp, decided, test])?
            } else {
                self.add(Op::Select, Stamp::Bool, vec![cmp, test, decided])?
            };
        }
        Ok(test)
    }

    fn constant_bool(&mut self, value: bool) -> Result<NodeId, FrontendError> {
        self.add(
            Op::Constant(Constant::Int(i32::from(value))),
            Stamp::Bool,
            vec![],
        )
    }
}
