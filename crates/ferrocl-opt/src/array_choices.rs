//! `split_array_choices`: a variable that holds one of several arrays (`float[] src = first ? a :
//! b;`, or arrays swapped in a loop, `t = in; in = out; out = t;`) becomes the number of the array
//! it holds, and each access through it a branch on that number to the access of that array.
//!
//! A kernel's arrays are its parameters and its private arrays, each with its own name, length and
//! checks; a value that is "one of them" has no such form. So the phis and selects of arrays whose
//! every source is a parameter or a `new` (a *web*) are numbered: each source gets an index into
//! the web's candidates, each phi (select) of the web an `int` phi (select) of those indices. Then
//! - `array.length` is a select of the candidates' lengths on the number;
//! - a load or a store is a chain of branches on the number, each arm the access of one
//!   candidate (and a phi of the loaded values), so each access keeps Java's check of the array it
//!   reaches.
//!
//! A web with a use of another kind (a reference comparison, a call left in the graph) is left as
//! it is (and later refused with its reason).

use ferrocl_graph::{Condition, Constant, Graph, MethodGraph, NodeId, Op, Stamp};
use std::collections::{BTreeSet, HashMap};

/// Most candidates one web may choose between (each access becomes that many branches).
const MAX_CANDIDATES: usize = 8;

/// Splits the accesses through every array web; returns how many accesses (and lengths) it
/// rewrote.
pub fn split_array_choices(mg: &mut MethodGraph) -> usize {
    let mut split = 0;
    let mut done: BTreeSet<NodeId> = BTreeSet::new();
    loop {
        let g = &mg.graph;
        let Some(seed) = g.node_ids().find(|&n| {
            !done.contains(&n)
                && matches!(g.op(n), Op::Phi | Op::Select)
                && matches!(g.stamp(n), Stamp::Array(_))
        }) else {
            break;
        };
        match Web::find(g, seed) {
            Some(web) => {
                done.extend(web.members.iter().copied());
                split += web.split(mg);
            }
            None => {
                done.insert(seed);
            }
        }
    }
    split
}

/// Phis and selects of arrays connected through each other, and the arrays they choose from.
struct Web {
    /// The phis and selects.
    members: BTreeSet<NodeId>,
    /// The parameters and `new`s they choose from, in node order.
    candidates: Vec<NodeId>,
}

impl Web {
    /// The web around `seed`, when all its sources are candidates and all uses of its members
    /// are members, lengths, loads and stores (as the array operand).
    fn find(g: &Graph, seed: NodeId) -> Option<Web> {
        let mut members = BTreeSet::new();
        let mut candidates = BTreeSet::new();
        let mut work = vec![seed];
        while let Some(n) = work.pop() {
            if !members.insert(n) {
                continue;
            }
            let sources: &[NodeId] = match g.op(n) {
                Op::Phi => &g.inputs(n)[1..],
                Op::Select => &g.inputs(n)[1..],
                _ => return None,
            };
            for &s in sources {
                match g.op(s) {
                    Op::Phi | Op::Select => work.push(s),
                    Op::Parameter(_) | Op::NewArray(_) => {
                        candidates.insert(s);
                    }
                    _ => return None,
                }
            }
            for &u in g.usages(n) {
                let fine = match g.op(u) {
                    Op::Phi if matches!(g.stamp(u), Stamp::Array(_)) => {
                        work.push(u);
                        true
                    }
                    Op::Select if matches!(g.stamp(u), Stamp::Array(_)) => {
                        // As a chosen value, not as the condition.
                        if g.inputs(u)[0] == n {
                            return None;
                        }
                        work.push(u);
                        true
                    }
                    Op::ArrayLength => true,
                    Op::ArrayLoad(_) => g.inputs(u)[0] == n && g.inputs(u)[1] != n,
                    Op::ArrayStore(_) => {
                        g.inputs(u)[0] == n && g.inputs(u)[1] != n && g.inputs(u)[2] != n
                    }
                    _ => false,
                };
                if !fine {
                    return None;
                }
            }
        }
        let candidates: Vec<NodeId> = candidates.into_iter().collect();
        (candidates.len() >= 2 && candidates.len() <= MAX_CANDIDATES).then_some(Web {
            members,
            candidates,
        })
    }

    /// Replaces the web by numbers and its accesses by branches; returns how many accesses and
    /// lengths it rewrote.
    fn split(&self, mg: &mut MethodGraph) -> usize {
        let g = &mut mg.graph;
        // The numbers: constants for the candidates, new phis and selects for the members.
        let mut number: HashMap<NodeId, NodeId> = HashMap::new();
        for (k, &c) in self.candidates.iter().enumerate() {
            let k = i32::try_from(k).unwrap_or(i32::MAX);
            number.insert(c, g.add(Op::Constant(Constant::Int(k)), Stamp::Int, vec![]));
        }
        for &m in &self.members {
            // Inputs are filled in below, once every member has its number.
            let first = g.inputs(m)[0];
            let node = match g.op(m) {
                Op::Phi => g.add(Op::Phi, Stamp::Int, vec![first]),
                _ => g.add(Op::Select, Stamp::Int, vec![first]),
            };
            number.insert(m, node);
        }
        for &m in &self.members {
            let ins: Vec<NodeId> = g.inputs(m)[1..].to_vec();
            let node = number[&m];
            for s in ins {
                g.push_input(node, number[&s]);
            }
        }
        let mut accesses = 0;
        let mut made: Vec<(NodeId, NodeId)> = Vec::new();
        for &m in &self.members {
            let uses: Vec<NodeId> = g.usages(m).to_vec();
            for u in uses {
                if !g.is_live(u) {
                    continue;
                }
                match g.op(u).clone() {
                    Op::ArrayLength => {
                        let chosen = self.choose(g, number[&m], &|g, c| {
                            g.add(Op::ArrayLength, Stamp::Int, vec![c])
                        });
                        g.replace_at_usages(u, chosen);
                        g.kill(u);
                        accesses += 1;
                    }
                    Op::ArrayLoad(_) | Op::ArrayStore(_) => {
                        for n in self.branch(g, number[&m], u) {
                            made.push((n, u));
                        }
                        accesses += 1;
                    }
                    _ => {}
                }
            }
        }
        // The members now only use one another.
        for &m in &self.members {
            g.kill(m);
        }
        // Where the new accesses come from, for messages.
        for (n, from) in made {
            let bci = *mg.bci.get(from);
            mg.bci.set(n, bci);
            let origin = *mg.origin.get(from);
            mg.origin.set(n, origin);
        }
        accesses
    }

    /// `number == 0 ? f(c0) : number == 1 ? f(c1) : … f(c_last)`, as selects.
    fn choose(
        &self,
        g: &mut Graph,
        number: NodeId,
        f: &dyn Fn(&mut Graph, NodeId) -> NodeId,
    ) -> NodeId {
        let (&last, rest) = self
            .candidates
            .split_last()
            .expect("two candidates or more");
        let mut value = f(g, last);
        for (k, &c) in rest.iter().enumerate().rev() {
            let here = f(g, c);
            let is = self.is_number(g, number, k);
            let stamp = g.stamp(here);
            value = g.add(Op::Select, stamp, vec![is, here, value]);
        }
        value
    }

    /// `number == k`.
    fn is_number(&self, g: &mut Graph, number: NodeId, k: usize) -> NodeId {
        let k = g.add(
            Op::Constant(Constant::Int(i32::try_from(k).unwrap_or(i32::MAX))),
            Stamp::Int,
            vec![],
        );
        g.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![number, k])
    }

    /// Replaces access `access` (its array a member) by `if (number == 0) access(c0) else if …`;
    /// returns the new accesses.
    fn branch(&self, g: &mut Graph, number: NodeId, access: NodeId) -> Vec<NodeId> {
        let (Some(pred), Some(next)) = (g.predecessor(access), g.next(access)) else {
            return Vec::new();
        };
        let op = g.op(access).clone();
        let stamp = g.stamp(access);
        let rest: Vec<NodeId> = g.inputs(access)[1..].to_vec();
        // The arms, first candidate first; each `Begin → access → End` into one merge.
        let merge = g.add(Op::Merge, Stamp::Void, vec![]);
        let mut values = Vec::new();
        let mut arms = Vec::new();
        for &c in &self.candidates {
            let begin = g.add(Op::Begin, Stamp::Void, vec![]);
            let mut inputs = vec![c];
            inputs.extend(rest.iter().copied());
            let one = g.add(op.clone(), stamp, inputs);
            let end = g.add(Op::End, Stamp::Void, vec![]);
            g.set_successors(begin, vec![one]);
            g.set_successors(one, vec![end]);
            g.push_input(merge, end);
            values.push(one);
            arms.push(begin);
        }
        // `If (number == k)` for every candidate but the last, each false side the next test.
        let mut tests = Vec::new();
        for k in 0..self.candidates.len() - 1 {
            let is = self.is_number(g, number, k);
            tests.push(g.add(Op::If, Stamp::Void, vec![is]));
        }
        for k in 0..tests.len() {
            let otherwise = if k + 1 < tests.len() {
                let begin = g.add(Op::Begin, Stamp::Void, vec![]);
                g.set_successors(begin, vec![tests[k + 1]]);
                begin
            } else {
                arms[k + 1]
            };
            g.set_successors(tests[k], vec![arms[k], otherwise]);
        }
        g.replace_successor(pred, access, tests[0]);
        g.set_successors(merge, vec![next]);
        g.set_successors(access, vec![]);
        if stamp != Stamp::Void {
            let mut inputs = vec![merge];
            inputs.extend(values.iter().copied());
            let phi = g.add(Op::Phi, stamp, inputs);
            g.replace_at_usages(access, phi);
        }
        g.kill(access);
        values
    }
}
