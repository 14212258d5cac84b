//! Ferrocl's intermediate representation: a Graal-style graph of fixed and floating nodes.
//!
//! **Receives** nodes from the front end (`ferrocl-frontend`) and rewrites from the phases
//! (`ferrocl-opt`). **Guarantees** typed ids that are never reused (a killed node leaves a hole), stable
//! input and successor order (the order they were given), and a [`verify`] function that checks the
//! structural invariants phases rely on. **Refuses** nothing at construction time: malformed graphs are
//! caught by the verifier, which runs after every phase in debug builds and tests.
//!
//! Control flow is carried by *fixed* nodes linked through their successors (`Start → … → Return`);
//! values are *floating* nodes with data inputs only, placed by the scheduler when code is written.
//! Array loads are fixed (they can throw and must stay ordered with stores); `ArrayLength` floats.

mod control;
mod dot;
mod method;
mod node;
pub mod reduce;
mod verify;

pub use control::Dominators;
pub use dot::to_dot;
pub use method::{
    count, AnnotatedLocal, Applied, Bailout, BailoutKind, ElementField, ElementPart, GraphMethod,
    Location, MethodGraph, NestedPart, Origin, ParamInfo,
};
pub use node::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, ElemKind, FieldRef, GuardKind,
    Intrinsic, Node, Op, Stamp, STATUS_DIVIDE_BY_ZERO, STATUS_INDEX, STATUS_OVERFLOW, STATUS_THROW,
};
pub use verify::{verify, VerifyError};

use std::fmt;

/// A typed handle to a node of one [`Graph`]. Printed as `n<index>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The dense index of this id, for side tables indexed by node.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "n{}", self.0)
    }
}

/// A side table keyed by [`NodeId`] (Cranelift's `SecondaryMap`): analysis results live beside the
/// graph, not inside its nodes. Reading an unset entry yields the default.
#[derive(Clone, Debug)]
pub struct SideTable<T: Clone + Default> {
    values: Vec<T>,
    default: T,
}

impl<T: Clone + Default> Default for SideTable<T> {
    fn default() -> Self {
        Self {
            values: Vec::new(),
            default: T::default(),
        }
    }
}

impl<T: Clone + Default> SideTable<T> {
    /// An empty table.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value for `id`, or the default when unset.
    pub fn get(&self, id: NodeId) -> &T {
        self.values.get(id.index()).unwrap_or(&self.default)
    }

    /// Sets the value for `id`.
    pub fn set(&mut self, id: NodeId, value: T) {
        if self.values.len() <= id.index() {
            self.values.resize(id.index() + 1, T::default());
        }
        self.values[id.index()] = value;
    }
}

/// The graph: an arena of nodes with use lists kept in step with inputs.
///
/// Invariant: for every live node `n` and every input `i` of `n`, `n` appears in `usages(i)` once per
/// occurrence of `i` among `n`'s inputs.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    nodes: Vec<Option<Node>>,
    usages: Vec<Vec<NodeId>>,
    start: Option<NodeId>,
}

impl Graph {
    /// An empty graph. The first node added with [`Op::Start`] becomes its start.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a node and records it as a usage of each input.
    pub fn add(&mut self, op: Op, stamp: Stamp, inputs: Vec<NodeId>) -> NodeId {
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        for &input in &inputs {
            self.usages[input.index()].push(id);
        }
        if matches!(op, Op::Start) && self.start.is_none() {
            self.start = Some(id);
        }
        self.nodes.push(Some(Node {
            op,
            stamp,
            inputs,
            successors: Vec::new(),
        }));
        self.usages.push(Vec::new());
        id
    }

    /// The start node. Panics only if no start was ever added, which the front end always does first.
    pub fn start(&self) -> Option<NodeId> {
        self.start
    }

    /// The node `id`. Ids come from this graph, so a missing node is an internal error of the caller;
    /// use [`Graph::get`] where a killed node is possible.
    pub fn node(&self, id: NodeId) -> &Node {
        match self.nodes.get(id.index()) {
            Some(Some(node)) => node,
            _ => panic!("ferrocl-graph: {id} is not a live node"),
        }
    }

    /// The node `id`, or `None` if it was killed or never existed.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index()).and_then(Option::as_ref)
    }

    /// Whether `id` names a live node.
    pub fn is_live(&self, id: NodeId) -> bool {
        self.get(id).is_some()
    }

    /// The operation of node `id`.
    pub fn op(&self, id: NodeId) -> &Op {
        &self.node(id).op
    }

    /// The stamp (result type) of node `id`.
    pub fn stamp(&self, id: NodeId) -> Stamp {
        self.node(id).stamp
    }

    /// Changes the stamp of node `id` (the front end's last step: handles of nested arrays become
    /// `int`s).
    pub fn set_stamp(&mut self, id: NodeId, stamp: Stamp) {
        if let Some(Some(node)) = self.nodes.get_mut(id.index()) {
            node.stamp = stamp;
        }
    }

    /// Data (and merge-end) inputs of `id`, in order.
    pub fn inputs(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).inputs
    }

    /// Control successors of `id`, in order (`[next]`, or `[true, false]` for an `If`).
    pub fn successors(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).successors
    }

    /// The single control successor of a fixed node that has one.
    pub fn next(&self, id: NodeId) -> Option<NodeId> {
        let succ = self.successors(id);
        (succ.len() == 1).then(|| succ[0])
    }

    /// Nodes that use `id` as an input (with repetition), in the order they were recorded.
    pub fn usages(&self, id: NodeId) -> &[NodeId] {
        self.usages.get(id.index()).map_or(&[], Vec::as_slice)
    }

    /// The `Merge` or `LoopBegin` an `End` enters (its one merge usage), if any.
    pub fn merge_of(&self, end: NodeId) -> Option<NodeId> {
        self.usages(end)
            .iter()
            .copied()
            .find(|&u| self.get(u).is_some_and(|n| n.op.is_merge()))
    }

    /// Sets the control successors of `id`.
    pub fn set_successors(&mut self, id: NodeId, successors: Vec<NodeId>) {
        if let Some(Some(node)) = self.nodes.get_mut(id.index()) {
            node.successors = successors;
        }
    }

    /// Links `from → to` as the single successor of `from`.
    pub fn set_next(&mut self, from: NodeId, to: NodeId) {
        self.set_successors(from, vec![to]);
    }

    /// The control predecessor of fixed node `id` (the first found; every fixed node but `Start`,
    /// `Merge` and `LoopBegin` has exactly one). A scan of the whole graph.
    pub fn predecessor(&self, id: NodeId) -> Option<NodeId> {
        self.node_ids().find(|&p| self.successors(p).contains(&id))
    }

    /// Makes `from`'s successor `old` be `new` (its other successors stay in place).
    pub fn replace_successor(&mut self, from: NodeId, old: NodeId, new: NodeId) {
        let succ: Vec<NodeId> = self
            .successors(from)
            .iter()
            .map(|&s| if s == old { new } else { s })
            .collect();
        self.set_successors(from, succ);
    }

    /// Takes fixed node `id` (one control predecessor, one successor) out of the control chain
    /// and deletes it; its users must have been redirected first. Returns whether it was removed.
    pub fn remove_fixed(&mut self, id: NodeId) -> bool {
        let Some(next) = self.next(id) else {
            return false;
        };
        let Some(pred) = self.predecessor(id) else {
            return false;
        };
        self.replace_successor(pred, id, next);
        self.set_successors(id, Vec::new());
        self.kill(id);
        true
    }

    /// Appends an input to `id` (used for merge ends, loop ends and phi values).
    pub fn push_input(&mut self, id: NodeId, input: NodeId) {
        if let Some(Some(node)) = self.nodes.get_mut(id.index()) {
            node.inputs.push(input);
            self.usages[input.index()].push(id);
        }
    }

    /// Replaces input `position` of `id` with `input`.
    pub fn set_input(&mut self, id: NodeId, position: usize, input: NodeId) {
        let old = match self.nodes.get_mut(id.index()) {
            Some(Some(node)) if position < node.inputs.len() => {
                std::mem::replace(&mut node.inputs[position], input)
            }
            _ => return,
        };
        remove_one(&mut self.usages[old.index()], id);
        self.usages[input.index()].push(id);
    }

    /// Makes every user of `old` use `new` instead.
    pub fn replace_at_usages(&mut self, old: NodeId, new: NodeId) {
        if old == new {
            return;
        }
        let users = std::mem::take(&mut self.usages[old.index()]);
        for user in users {
            if let Some(Some(node)) = self.nodes.get_mut(user.index()) {
                for input in node.inputs.iter_mut().filter(|i| **i == old) {
                    *input = new;
                    self.usages[new.index()].push(user);
                }
            }
        }
    }

    /// Removes `id` from the graph, dropping it from its inputs' use lists. Its own users must have
    /// been redirected first; the verifier reports any that were not.
    pub fn kill(&mut self, id: NodeId) {
        let Some(slot) = self.nodes.get_mut(id.index()) else {
            return;
        };
        if let Some(node) = slot.take() {
            for input in node.inputs {
                remove_one(&mut self.usages[input.index()], id);
            }
        }
    }

    /// Ids of all live nodes in creation order (stable across runs).
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.is_some())
            .map(|(i, _)| NodeId(i as u32))
    }

    /// A bound on the indices of the nodes made so far: every node added later has an index at
    /// least this.
    pub fn id_bound(&self) -> usize {
        self.nodes.len()
    }

    /// Number of live nodes.
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|n| n.is_some()).count()
    }

    /// Whether the graph has no live nodes.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Upper bound (exclusive) of node indices ever handed out, for dense side tables.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// The fixed nodes reachable from `from` by following single successors, up to and including the
    /// first node that has no single successor (an `If`, `End`, `LoopEnd` or `Return`).
    pub fn fixed_chain(&self, from: NodeId) -> Vec<NodeId> {
        let mut chain = vec![from];
        let mut cur = from;
        while let Some(next) = self.next(cur) {
            if chain.len() > self.nodes.len() {
                break; // a cycle of single successors is malformed; the verifier reports it
            }
            chain.push(next);
            cur = next;
        }
        chain
    }
}

/// The elements a memory access reads or writes: one for an `ArrayLoad` / `ArrayStore`, one per
/// lane for a `VectorLoad` / `VectorStore`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ElementAccess<'g> {
    /// The array.
    pub array: NodeId,
    /// The index of each element, in lane order.
    pub indices: &'g [NodeId],
    /// The element type.
    pub elem: ElemKind,
    /// A store (else a load).
    pub store: bool,
}

impl Graph {
    /// What access node `id` reads or writes, or `None` for any other node.
    pub fn element_access(&self, id: NodeId) -> Option<ElementAccess<'_>> {
        let inputs = self.get(id)?.inputs.as_slice();
        let (elem, store, lanes) = match *self.op(id) {
            Op::ArrayLoad(e) => (e, false, 1),
            Op::ArrayStore(e) => (e, true, 1),
            Op::VectorLoad(e) => (e, false, lanes(self, id)?),
            Op::VectorStore(e) => (e, true, lanes(self, id)?),
            _ => return None,
        };
        Some(ElementAccess {
            array: *inputs.first()?,
            indices: inputs.get(1..=lanes)?,
            elem,
            store,
        })
    }
}

/// The lanes of vector access `id` (2, 4, 8 or 16), from its inputs; `None` when it has another
/// shape or is no vector access.
pub fn lanes(g: &Graph, id: NodeId) -> Option<usize> {
    let inputs = g.get(id)?.inputs.len();
    let n = match g.op(id) {
        Op::VectorLoad(_) => inputs.checked_sub(1)?,
        Op::VectorStore(_) => inputs.checked_sub(1).filter(|m| m % 2 == 0)? / 2,
        _ => return None,
    };
    matches!(n, 2 | 4 | 8 | 16).then_some(n)
}

fn remove_one(list: &mut Vec<NodeId>, id: NodeId) {
    if let Some(pos) = list.iter().position(|&u| u == id) {
        list.remove(pos);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usages_follow_inputs() {
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let a = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let b = g.add(Op::Parameter(1), Stamp::Int, vec![]);
        let sum = g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![a, a]);
        assert_eq!(g.usages(a), &[sum, sum]);
        g.set_input(sum, 1, b);
        assert_eq!(g.usages(a), &[sum]);
        assert_eq!(g.usages(b), &[sum]);
        let ret = g.add(Op::Return, Stamp::Void, vec![sum]);
        g.set_next(start, ret);
        let c = g.add(Op::Constant(Constant::Int(3)), Stamp::Int, vec![]);
        g.replace_at_usages(sum, c);
        assert_eq!(g.inputs(ret), &[c]);
        assert!(g.usages(sum).is_empty());
        g.kill(sum);
        assert!(!g.is_live(sum));
        assert!(g.usages(a).is_empty());
        assert_eq!(g.len(), 5);
        assert_eq!(g.start(), Some(start));
        assert_eq!(g.fixed_chain(start), vec![start, ret]);
        verify(&g).expect("valid graph");
    }

    #[test]
    fn ids_are_not_reused() {
        let mut g = Graph::new();
        let a = g.add(Op::Constant(Constant::Int(1)), Stamp::Int, vec![]);
        g.kill(a);
        let b = g.add(Op::Constant(Constant::Int(2)), Stamp::Int, vec![]);
        assert_ne!(a, b);
    }

    #[test]
    fn side_table_defaults() {
        let mut t: SideTable<Option<u32>> = SideTable::new();
        let mut g = Graph::new();
        let a = g.add(Op::Start, Stamp::Void, vec![]);
        assert_eq!(*t.get(a), None);
        t.set(a, Some(7));
        assert_eq!(*t.get(a), Some(7));
    }
}
