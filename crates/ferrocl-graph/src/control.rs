//! Dominance over the fixed nodes of a graph: node `a` dominates node `b` when every control path
//! from `Start` to `b` passes through `a`. The control edges are the successor edges, an `End` to
//! the `Merge` or `LoopBegin` it enters, and a `LoopEnd` back to its `LoopBegin`. Computed once per
//! graph shape (the phase manager caches it with the loops) with the Cooper–Harvey–Kennedy
//! algorithm (petgraph's `simple_fast`).

use crate::{Graph, NodeId, Op};
use petgraph::algo::dominators::simple_fast;
use petgraph::graph::{DiGraph, NodeIndex};
use std::collections::HashMap;

/// The dominator tree of a graph's fixed nodes reachable from `Start`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dominators {
    /// Immediate dominator of each reachable fixed node (`Start` has none).
    idom: HashMap<NodeId, NodeId>,
    /// Depth in the dominator tree (`Start` is 0).
    depth: HashMap<NodeId, usize>,
}

impl Dominators {
    /// Computes the dominators of `g`'s fixed nodes; a graph without `Start` has none.
    pub fn compute(g: &Graph) -> Dominators {
        let Some(start) = g.node_ids().find(|&n| *g.op(n) == Op::Start) else {
            return Dominators::default();
        };
        let mut cfg: DiGraph<NodeId, ()> = DiGraph::new();
        let mut index: HashMap<NodeId, NodeIndex> = HashMap::new();
        for n in g.node_ids().filter(|&n| g.op(n).is_fixed()) {
            index.insert(n, cfg.add_node(n));
        }
        for (&n, &from) in &index {
            let mut targets: Vec<NodeId> = g.successors(n).to_vec();
            match g.op(n) {
                Op::End => targets.extend(g.merge_of(n)),
                Op::LoopEnd => targets.extend(g.inputs(n).first().copied()),
                _ => {}
            }
            for t in targets {
                if let Some(&to) = index.get(&t) {
                    cfg.add_edge(from, to, ());
                }
            }
        }
        let doms = simple_fast(&cfg, index[&start]);
        let mut idom = HashMap::new();
        for (&n, &i) in &index {
            if let Some(d) = doms.immediate_dominator(i) {
                idom.insert(n, cfg[d]);
            }
        }
        let mut depth: HashMap<NodeId, usize> = HashMap::new();
        depth.insert(start, 0);
        for &n in index.keys() {
            depth_of(n, &idom, &mut depth);
        }
        Dominators { idom, depth }
    }

    /// Whether `a` dominates `b` (every node dominates itself; an unreachable node is dominated by
    /// nothing).
    pub fn dominates(&self, a: NodeId, mut b: NodeId) -> bool {
        let (Some(&da), Some(&db)) = (self.depth.get(&a), self.depth.get(&b)) else {
            return false;
        };
        if da > db {
            return false;
        }
        for _ in da..db {
            match self.idom.get(&b) {
                Some(&up) => b = up,
                None => return false,
            }
        }
        a == b
    }

    /// The immediate dominator of `n`.
    pub fn idom(&self, n: NodeId) -> Option<NodeId> {
        self.idom.get(&n).copied()
    }
}

/// `n`'s depth, filling in its dominators' on the way (iteratively: chains can be long).
fn depth_of(
    n: NodeId,
    idom: &HashMap<NodeId, NodeId>,
    depth: &mut HashMap<NodeId, usize>,
) -> Option<usize> {
    let mut chain = Vec::new();
    let mut cur = n;
    let base = loop {
        if let Some(&d) = depth.get(&cur) {
            break d;
        }
        chain.push(cur);
        cur = *idom.get(&cur)?;
    };
    for (k, &c) in chain.iter().rev().enumerate() {
        depth.insert(c, base + k + 1);
    }
    depth.get(&n).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Stamp;

    /// `Start → If → (Begin t | Begin f) → End, End → Merge → Return`, and a loop in the true arm.
    #[test]
    fn diamond_and_loop() {
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let c = g.add(Op::Constant(crate::Constant::Int(1)), Stamp::Bool, vec![]);
        let iff = g.add(Op::If, Stamp::Void, vec![c]);
        let t = g.add(Op::Begin, Stamp::Void, vec![]);
        let f = g.add(Op::Begin, Stamp::Void, vec![]);
        let entry = g.add(Op::End, Stamp::Void, vec![]);
        let lb = g.add(Op::LoopBegin, Stamp::Void, vec![entry]);
        let liff = g.add(Op::If, Stamp::Void, vec![c]);
        let body = g.add(Op::Begin, Stamp::Void, vec![]);
        let le = g.add(Op::LoopEnd, Stamp::Void, vec![lb]);
        g.push_input(lb, le);
        let exit = g.add(Op::LoopExit, Stamp::Void, vec![lb]);
        let e1 = g.add(Op::End, Stamp::Void, vec![]);
        let e2 = g.add(Op::End, Stamp::Void, vec![]);
        let merge = g.add(Op::Merge, Stamp::Void, vec![e1, e2]);
        let ret = g.add(Op::Return, Stamp::Void, vec![]);
        g.set_successors(start, vec![iff]);
        g.set_successors(iff, vec![t, f]);
        g.set_successors(t, vec![entry]);
        g.set_successors(lb, vec![liff]);
        g.set_successors(liff, vec![body, exit]);
        g.set_successors(body, vec![le]);
        g.set_successors(exit, vec![e1]);
        g.set_successors(f, vec![e2]);
        g.set_successors(merge, vec![ret]);
        let d = Dominators::compute(&g);
        assert!(d.dominates(start, ret));
        assert!(d.dominates(iff, merge));
        assert!(!d.dominates(t, merge));
        assert!(!d.dominates(f, merge));
        assert!(d.dominates(t, body));
        assert!(d.dominates(lb, le));
        assert!(d.dominates(body, le));
        assert!(!d.dominates(body, exit));
        assert!(d.dominates(liff, exit));
        assert!(d.dominates(ret, ret));
        assert!(!d.dominates(ret, start));
        assert_eq!(d.idom(merge), Some(iff));
        assert_eq!(d.idom(lb), Some(entry));
    }
}
