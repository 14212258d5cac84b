//! `if_convert`: branches outside every loop that only choose values become selects.
//!
//! `boolean pos = k > 0;`, `int m = n > cap ? cap : n;` or `a > 0 && b > 0` compile to branches
//! that rejoin with a phi; written before a `@Parallel` loop they made the method's code before
//! the loop a branch, which the kernel could not run. Such a branch region has no effect: between
//! its first `If` and the point where every path has rejoined there are only `If`, `Begin`, `End`
//! and `Merge` nodes, so each of its phis is a choice between values already computed. The phase
//! replaces each phi by [`Op::Select`]s on the condition under which control arrives through each
//! of its merge's ends, and the region by a straight edge.
//!
//! Conditions are built per program point: the region's entry holds always; an `If`'s arms hold
//! under their predecessor's condition and the `If`'s condition (or its negation); a merge holds
//! under its immediate dominator's condition when every path from that dominator reaches it, and
//! under the disjunction of its ends' conditions otherwise. Whether every path from the dominator
//! reaches the merge is exact arithmetic on path weights (the region's entry weighs 2^62, an `If`
//! gives each arm half of its weight, a merge sums its ends'): the merge weighs as much as its
//! dominator exactly when no path from the dominator avoids it.
//!
//! What stays a branch: regions inside loops (the loop body's control flow is the writer's), any
//! region holding a node with an effect or that can throw (a division, an array access, a store,
//! a return) before its paths rejoin, phis of arrays or objects (a kernel cannot
//! choose between two array arguments), and regions deeper than 60 nested branches.

use crate::LoopForest;
use ferrocl_graph::{Constant, Dominators, Graph, MethodGraph, NodeId, Op, Stamp};
use std::collections::{HashMap, HashSet};

/// How many `If`s deep one region may be (each halves a path weight of 2^62).
const MAX_DEPTH: u32 = 60;
/// The path weight of a region's entry.
const FULL: u64 = 1 << 62;
/// How many nodes one region may hold.
const MAX_REGION: usize = 512;

/// Converts every branch region outside the loops that only chooses values; returns how many
/// branches (`If` nodes) went. The caller invalidates the control-flow analyses when it is not 0.
pub fn if_convert(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    convert_where(mg, |_, n| !loops.loops.iter().any(|l| l.body.contains(&n)))
}

/// Converts every convertible branch region whose entry `If` `pick` accepts; returns how many
/// branches went. Each conversion changes the control flow, so the dominators are recomputed;
/// regions are few and small.
fn convert_where(mg: &mut MethodGraph, pick: impl Fn(&Graph, NodeId) -> bool) -> usize {
    let mut converted = 0;
    let mut rejected: HashSet<NodeId> = HashSet::new();
    loop {
        let g = &mg.graph;
        let candidate = g
            .node_ids()
            .find(|&n| *g.op(n) == Op::If && !rejected.contains(&n) && pick(g, n));
        let Some(entry) = candidate else {
            break;
        };
        let doms = Dominators::compute(g);
        match Region::find(g, entry).filter(|r| r.convertible(g, &doms)) {
            Some(region) => {
                converted += region.ifs(g);
                region.convert(mg, &doms);
            }
            None => {
                rejected.insert(entry);
            }
        }
    }
    converted
}

/// Converts the branch regions that only choose values between two nested `@Parallel` loops
/// (`float w = a[i] > 0 ? a[i] : 0;` before the inner loop), so that `perfectNest` can move that
/// code into the inner loop; returns how many branches went.
pub fn if_convert_between_parallel(mg: &mut MethodGraph, loops: &LoopForest) -> usize {
    // The `@Parallel` loops with a `@Parallel` loop right inside them.
    let outers: Vec<&crate::manager::LoopInfo> = loops
        .loops
        .iter()
        .filter(|l| crate::parallel::parallel_index(mg, l.begin).is_some())
        .filter(|l| {
            loops.loops.iter().any(|c| {
                c.parent.map(|p| loops.loops[p].begin) == Some(l.begin)
                    && crate::parallel::parallel_index(mg, c.begin).is_some()
            })
        })
        .collect();
    // An `If` whose innermost loop is one of those, other than a loop's own exit test.
    convert_where(mg, |g, n| {
        loops
            .loops
            .iter()
            .filter(|l| l.body.contains(&n))
            .max_by_key(|l| l.depth)
            .is_some_and(|l| outers.iter().any(|o| o.begin == l.begin))
            && !loops.loops.iter().any(|l| g.next(l.begin) == Some(n))
    })
}

/// A branch region: its entry `If`, its nodes and its one way out.
struct Region {
    entry: NodeId,
    nodes: HashSet<NodeId>,
    /// The region's nodes, each after its predecessors.
    order: Vec<NodeId>,
    /// The merge where every path has rejoined, and the node after it.
    exit: (NodeId, NodeId),
    /// The path weight of every node (see the module docs).
    weights: HashMap<NodeId, u64>,
}

impl Region {
    /// The region that starts at `entry`, if it is one: only control nodes from `entry` to the
    /// first merge that every path from `entry` reaches, entered only through `entry`.
    ///
    /// The control nodes reachable from `entry` are explored first (a node with an effect ends a
    /// path); the first merge in their topological order that carries the entry's whole path
    /// weight is where every path has rejoined, and the region is what lies on the paths to it.
    /// So `boolean pos = k > 0;` converts even when a branch that stores follows it.
    fn find(g: &Graph, entry: NodeId) -> Option<Region> {
        let mut seen = HashSet::new();
        let mut stack = vec![entry];
        while let Some(n) = stack.pop() {
            if !seen.insert(n) {
                continue;
            }
            if seen.len() > MAX_REGION {
                return None;
            }
            match g.op(n) {
                Op::If => {
                    for &s in g.successors(n) {
                        if *g.op(s) != Op::Begin {
                            return None;
                        }
                        stack.push(s);
                    }
                }
                Op::Begin | Op::Merge => {
                    let next = g.next(n)?;
                    if matches!(g.op(next), Op::If | Op::End) {
                        stack.push(next);
                    }
                }
                Op::End => {
                    if let Some(m) = g.merge_of(n).filter(|&m| *g.op(m) == Op::Merge) {
                        stack.push(m);
                    }
                }
                _ => return None,
            }
        }
        let order = topological(g, entry, &seen)?;
        let weight = weights(g, &order, &seen)?;
        let &join = order
            .iter()
            .find(|&&n| *g.op(n) == Op::Merge && weight.get(&n) == Some(&FULL))?;
        // What lies on the paths to `join`: it and the nodes from which it is reached.
        let mut nodes: HashSet<NodeId> = HashSet::from([join]);
        for &n in order.iter().rev() {
            if successors_within(g, n, &seen)
                .iter()
                .any(|s| nodes.contains(s))
            {
                nodes.insert(n);
            }
        }
        // Entered only through `entry`: every merge's ends are inside.
        let closed = nodes
            .iter()
            .all(|&n| *g.op(n) != Op::Merge || g.inputs(n).iter().all(|e| nodes.contains(e)));
        if !closed || !nodes.contains(&entry) {
            return None;
        }
        let order: Vec<NodeId> = order.into_iter().filter(|n| nodes.contains(n)).collect();
        let exit = (join, g.next(join)?);
        // A node of the region has its predecessors in it, so its weight over the explored nodes
        // is its weight in the region.
        let mut weights = weight;
        weights.retain(|n, _| nodes.contains(n));
        Some(Region {
            entry,
            nodes,
            order,
            exit,
            weights,
        })
    }

    /// How many `If`s the region holds.
    fn ifs(&self, g: &Graph) -> usize {
        self.nodes.iter().filter(|&&n| *g.op(n) == Op::If).count()
    }

    /// Whether the region can be converted: its phis are values a select can choose and its entry
    /// dominates its merges (its depth, within [`MAX_DEPTH`], [`Region::find`] checked).
    fn convertible(&self, g: &Graph, doms: &Dominators) -> bool {
        for &n in &self.nodes {
            if *g.op(n) != Op::Merge {
                continue;
            }
            for &u in g.usages(n) {
                let choosable = *g.op(u) == Op::Phi
                    && matches!(
                        g.stamp(u),
                        Stamp::Int | Stamp::Long | Stamp::Float | Stamp::Double | Stamp::Bool
                    );
                if !choosable {
                    return false;
                }
            }
            if !doms.idom(n).is_some_and(|d| self.nodes.contains(&d)) {
                return false;
            }
        }
        true
    }

    /// Replaces the region's phis by selects and the region by the edge to its exit.
    fn convert(&self, mg: &mut MethodGraph, doms: &Dominators) {
        let mut conditions = Conditions {
            region: self,
            doms,
            weights: &self.weights,
            memo: HashMap::new(),
            constants: [None, None],
        };
        for &m in &self.order {
            if *mg.graph.op(m) != Op::Merge {
                continue;
            }
            let ends = mg.graph.inputs(m).to_vec();
            let phis: Vec<NodeId> = mg
                .graph
                .usages(m)
                .iter()
                .copied()
                .filter(|&u| *mg.graph.op(u) == Op::Phi)
                .collect::<HashSet<_>>()
                .into_iter()
                .collect();
            let mut phis = phis;
            phis.sort();
            for phi in phis {
                let stamp = mg.graph.stamp(phi);
                let values = mg.graph.inputs(phi)[1..].to_vec();
                let Some((&last, rest)) = values.split_last() else {
                    continue;
                };
                let mut chosen = last;
                for (k, &v) in rest.iter().enumerate().rev() {
                    chosen = match conditions.at(&mut mg.graph, ends[k]) {
                        None => v,
                        Some(c) => {
                            let made = select(&mut mg.graph, stamp, c, v, chosen);
                            mg.inherit_source(phi, made);
                            made
                        }
                    };
                }
                mg.graph.replace_at_usages(phi, chosen);
                mg.graph.kill(phi);
            }
        }
        let g = &mut mg.graph;
        let after = self.exit.1;
        if let Some(p) = g.predecessor(self.entry) {
            g.replace_successor(p, self.entry, after);
        }
        for &n in &self.order {
            g.set_successors(n, Vec::new());
        }
        // Merges go before their ends, which they name as inputs.
        for &n in self.order.iter().rev() {
            g.kill(n);
        }
    }
}

/// The region's nodes from `entry`, each after every predecessor inside the region; `None` on a
/// cycle (a loop, which a region never holds).
fn topological(g: &Graph, entry: NodeId, nodes: &HashSet<NodeId>) -> Option<Vec<NodeId>> {
    let successors = |n: NodeId| successors_within(g, n, nodes);
    let mut indegree: HashMap<NodeId, usize> = nodes.iter().map(|&n| (n, 0)).collect();
    for &n in nodes {
        for s in successors(n) {
            *indegree.entry(s).or_insert(0) += 1;
        }
    }
    let mut ready = vec![entry];
    let mut order = Vec::with_capacity(nodes.len());
    while let Some(n) = ready.pop() {
        order.push(n);
        for s in successors(n) {
            let d = indegree.get_mut(&s)?;
            *d -= 1;
            if *d == 0 {
                ready.push(s);
            }
        }
    }
    (order.len() == nodes.len()).then_some(order)
}

/// The control successors of `n` among `nodes` (an `End`'s is the merge it enters).
fn successors_within(g: &Graph, n: NodeId, nodes: &HashSet<NodeId>) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = g.successors(n).to_vec();
    if *g.op(n) == Op::End {
        out.extend(g.merge_of(n));
    }
    out.retain(|s| nodes.contains(s));
    out
}

/// The path weight of each node of `order` (topological, its first node the entry): the entry
/// weighs [`FULL`], an `If` gives each arm half of its weight, a merge sums its ends' weights
/// (those among `nodes`). `None` past [`MAX_DEPTH`] nested branches.
fn weights(g: &Graph, order: &[NodeId], nodes: &HashSet<NodeId>) -> Option<HashMap<NodeId, u64>> {
    let mut weight: HashMap<NodeId, u64> = HashMap::new();
    let floor = 1u64 << (62 - MAX_DEPTH);
    for (k, &n) in order.iter().enumerate() {
        let w = if k == 0 { FULL } else { *weight.get(&n)? };
        weight.insert(n, w);
        match g.op(n) {
            Op::If => {
                if w < 2 * floor {
                    return None;
                }
                for &s in g.successors(n) {
                    weight.insert(s, w / 2);
                }
            }
            _ => {
                for s in successors_within(g, n, nodes) {
                    if *g.op(s) == Op::Merge {
                        *weight.entry(s).or_insert(0) += w;
                    } else {
                        weight.insert(s, w);
                    }
                }
            }
        }
    }
    Some(weight)
}

/// The condition under which control reaches each point of a region, built as `Bool` values on
/// demand (`None`: always).
struct Conditions<'a> {
    region: &'a Region,
    doms: &'a Dominators,
    weights: &'a HashMap<NodeId, u64>,
    memo: HashMap<NodeId, Option<NodeId>>,
    /// `false` and `true`, made once.
    constants: [Option<NodeId>; 2],
}

impl Conditions<'_> {
    fn at(&mut self, g: &mut Graph, n: NodeId) -> Option<NodeId> {
        if let Some(&c) = self.memo.get(&n) {
            return c;
        }
        let c = if n == self.region.entry {
            None
        } else {
            match g.op(n).clone() {
                Op::Begin => {
                    let branch = self.predecessor(g, n);
                    let holds = branch.map(|b| {
                        let cond = g.inputs(b)[0];
                        let taken = if g.successors(b).first() == Some(&n) {
                            cond
                        } else {
                            let (f, t) = (self.constant(g, false), self.constant(g, true));
                            select(g, Stamp::Bool, cond, f, t)
                        };
                        (self.at(g, b), taken)
                    });
                    match holds {
                        Some((None, taken)) => Some(taken),
                        Some((Some(before), taken)) => {
                            let f = self.constant(g, false);
                            Some(select(g, Stamp::Bool, before, taken, f))
                        }
                        None => None,
                    }
                }
                Op::Merge => {
                    let dom = self.doms.idom(n).filter(|d| self.region.nodes.contains(d));
                    match dom {
                        Some(d) if self.weights.get(&d) == self.weights.get(&n) => self.at(g, d),
                        _ => {
                            let mut any: Option<Option<NodeId>> = None;
                            for e in g.inputs(n).to_vec() {
                                let here = self.at(g, e);
                                any = Some(match (any, here) {
                                    (None, h) => h,
                                    (Some(None), _) | (_, None) => None,
                                    (Some(Some(a)), Some(b)) => {
                                        let t = self.constant(g, true);
                                        Some(select(g, Stamp::Bool, a, t, b))
                                    }
                                });
                            }
                            any.flatten()
                        }
                    }
                }
                _ => {
                    let p = self.predecessor(g, n);
                    match p {
                        Some(p) => self.at(g, p),
                        None => None,
                    }
                }
            }
        };
        self.memo.insert(n, c);
        c
    }

    /// The one control predecessor of `n` inside the region (`Begin`'s `If`, an `If`'s or `End`'s
    /// `Begin` or `Merge`).
    fn predecessor(&self, g: &Graph, n: NodeId) -> Option<NodeId> {
        self.region
            .order
            .iter()
            .copied()
            .find(|&p| g.successors(p).contains(&n))
    }

    fn constant(&mut self, g: &mut Graph, value: bool) -> NodeId {
        let slot = &mut self.constants[usize::from(value)];
        *slot.get_or_insert_with(|| {
            g.add(
                Op::Constant(Constant::Int(i32::from(value))),
                Stamp::Bool,
                vec![],
            )
        })
    }
}

fn select(g: &mut Graph, stamp: Stamp, condition: NodeId, a: NodeId, b: NodeId) -> NodeId {
    g.add(Op::Select, stamp, vec![condition, a, b])
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::{verify, Condition, Location};

    fn int(g: &mut Graph, v: i32) -> NodeId {
        g.add(Op::Constant(Constant::Int(v)), Stamp::Int, vec![])
    }

    /// `Start → If(c) → {Begin → End, Begin → End} → Merge(phi) → Return(phi)`, with `arm` adding
    /// fixed nodes to the true arm. Returns the graph, the phi's users' `Return` and the phi.
    fn diamond(arm: impl FnOnce(&mut Graph, NodeId) -> NodeId) -> (Graph, NodeId) {
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let k = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let zero = int(&mut g, 0);
        let c = g.add(Op::Compare(Condition::Gt), Stamp::Bool, vec![k, zero]);
        let branch = g.add(Op::If, Stamp::Void, vec![c]);
        let (bt, bf) = (
            g.add(Op::Begin, Stamp::Void, vec![]),
            g.add(Op::Begin, Stamp::Void, vec![]),
        );
        let (et, ef) = (
            g.add(Op::End, Stamp::Void, vec![]),
            g.add(Op::End, Stamp::Void, vec![]),
        );
        let merge = g.add(Op::Merge, Stamp::Void, vec![et, ef]);
        let last = arm(&mut g, bt);
        g.set_next(last, et);
        g.set_next(bf, ef);
        let one = int(&mut g, 1);
        let minus = int(&mut g, -1);
        let phi = g.add(Op::Phi, Stamp::Int, vec![merge, one, minus]);
        let ret = g.add(Op::Return, Stamp::Void, vec![phi]);
        g.set_next(start, branch);
        g.set_successors(branch, vec![bt, bf]);
        g.set_next(merge, ret);
        (g, ret)
    }

    #[test]
    fn a_diamond_choosing_constants_becomes_one_select() {
        let (g, ret) = diamond(|_, begin| begin);
        let mut mg = MethodGraph::bare(g, Location::default());
        assert_eq!(if_convert(&mut mg, &LoopForest::default()), 1);
        verify(&mg.graph).expect("verified");
        let g = &mg.graph;
        assert!(!g
            .node_ids()
            .any(|n| matches!(g.op(n), Op::If | Op::Merge | Op::Phi)));
        let start = g.start().expect("start");
        assert_eq!(g.next(start), Some(ret));
        let value = g.inputs(ret)[0];
        assert_eq!(*g.op(value), Op::Select);
        let cond = g.inputs(value)[0];
        assert_eq!(*g.op(cond), Op::Compare(Condition::Gt));
        assert_eq!(
            g.inputs(value)[1..]
                .iter()
                .map(|&v| g.op(v).clone())
                .collect::<Vec<_>>(),
            vec![
                Op::Constant(Constant::Int(1)),
                Op::Constant(Constant::Int(-1))
            ]
        );
    }

    #[test]
    fn an_arm_that_can_throw_keeps_its_branch() {
        let (g, _) = diamond(|g, begin| {
            let k = g.add(Op::Parameter(1), Stamp::Int, vec![]);
            let div = g.add(Op::IntegerDivRem { rem: false }, Stamp::Int, vec![k, k]);
            g.set_next(begin, div);
            div
        });
        let mut mg = MethodGraph::bare(g, Location::default());
        assert_eq!(if_convert(&mut mg, &LoopForest::default()), 0);
        assert!(mg.graph.node_ids().any(|n| *mg.graph.op(n) == Op::If));
        verify(&mg.graph).expect("untouched");
    }

    #[test]
    fn a_short_circuit_and_with_three_ends_is_exact() {
        // `r = a > 0 && b > 0 ? 1 : 0` as javac shapes it: the false ends of both tests meet first.
        let mut g = Graph::new();
        let start = g.add(Op::Start, Stamp::Void, vec![]);
        let a = g.add(Op::Parameter(0), Stamp::Int, vec![]);
        let b = g.add(Op::Parameter(1), Stamp::Int, vec![]);
        let zero = int(&mut g, 0);
        let one = int(&mut g, 1);
        let ca = g.add(Op::Compare(Condition::Gt), Stamp::Bool, vec![a, zero]);
        let cb = g.add(Op::Compare(Condition::Gt), Stamp::Bool, vec![b, zero]);
        let if_a = g.add(Op::If, Stamp::Void, vec![ca]);
        let if_b = g.add(Op::If, Stamp::Void, vec![cb]);
        let [a_t, a_f, b_t, b_f] = [(); 4].map(|_| g.add(Op::Begin, Stamp::Void, vec![]));
        let [e_bt, e_bf, e_af, e_false] = [(); 4].map(|_| g.add(Op::End, Stamp::Void, vec![]));
        let falses = g.add(Op::Merge, Stamp::Void, vec![e_bf, e_af]);
        let all = g.add(Op::Merge, Stamp::Void, vec![e_bt, e_false]);
        let phi = g.add(Op::Phi, Stamp::Int, vec![all, one, zero]);
        let ret = g.add(Op::Return, Stamp::Void, vec![phi]);
        g.set_next(start, if_a);
        g.set_successors(if_a, vec![a_t, a_f]);
        g.set_next(a_t, if_b);
        g.set_successors(if_b, vec![b_t, b_f]);
        g.set_next(b_t, e_bt);
        g.set_next(b_f, e_bf);
        g.set_next(a_f, e_af);
        g.set_next(falses, e_false);
        g.set_next(all, ret);
        let mut mg = MethodGraph::bare(g, Location::default());
        assert_eq!(if_convert(&mut mg, &LoopForest::default()), 2);
        verify(&mg.graph).expect("verified");
        // Evaluate the returned value for every sign of a and b.
        let g = &mg.graph;
        let value = g.inputs(ret)[0];
        for (x, y) in [(1, 1), (1, -1), (-1, 1), (-1, -1), (0, 5)] {
            let want = i32::from(x > 0 && y > 0);
            assert_eq!(eval(g, value, &[x, y]), want, "a = {x}, b = {y}");
        }
    }

    /// A tiny interpreter of the floating nodes these tests build.
    fn eval(g: &Graph, n: NodeId, params: &[i32]) -> i32 {
        let i = g.inputs(n);
        match g.op(n) {
            Op::Constant(Constant::Int(v)) => *v,
            Op::Parameter(p) => params[usize::from(*p)],
            Op::Compare(Condition::Gt) => i32::from(eval(g, i[0], params) > eval(g, i[1], params)),
            Op::Compare(Condition::Le) => i32::from(eval(g, i[0], params) <= eval(g, i[1], params)),
            Op::Select => {
                if eval(g, i[0], params) != 0 {
                    eval(g, i[1], params)
                } else {
                    eval(g, i[2], params)
                }
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}
