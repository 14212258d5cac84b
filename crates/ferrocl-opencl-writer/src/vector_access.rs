//! Vector accesses (phase `vectorAccess`): a work-item that reads (or writes) `n` consecutive
//! elements of one array in straight-line code (`in[8 * b]`, `in[8 * b + 1]`, … `in[8 * b + 7]`, as
//! IDEA reads its block) does it as one `n`-wide access, which the device serves as one
//! transaction instead of `n`.
//!
//! A group: loads of one array parameter in one block, whose indices are `base + c` for one
//! `base` node and the constants `c0 … c0 + n - 1` (`n` a power of two from 2 to 16), with `c0` a
//! multiple of `n` and `base` a product of a constant multiple of `n` (or a shift by at least
//! log2 `n`); no store to the array between them (stores: no load of the array between them, no
//! other store to it), nor to another array parameter of the same element type, which may be the
//! same Java array at launch (stores: no access to such a parameter between them). Every member's index check must be proven where the group is written (the
//! proven copy of a host-versioned body, or the fast copy of a versioned loop): the vector reads
//! no element before the checks of all of them held.
//!
//! Why the values are Java's: lane `k` is the element at Java's own `int` index of lane 0 plus
//! `k`. That index is in bounds and a multiple of `n` (2^32 is a multiple of `n`, so the product
//! keeps its residue when it wraps), and each member's Java index, also in bounds, equals it plus
//! its offset (an in-bounds sum cannot have wrapped). The access is written as a pointer cast,
//! aligned to `n` elements: the runtime aligns the array's device copy (and every window or share
//! of it) to the vector's size ([`crate::Kernel::vector_align`]). A group of loads is read where
//! its first member was; nothing stores to the array before the last member is read. A group of
//! stores is written where its last member was: nothing in between reads the array, and a check
//! that fails in between discards every result anyway (the JVM reruns the method).
//!
//! Received: the graph, the writer's proven sets. Guaranteed: the members' values are bound to the
//! vector's lanes; the stores of a group are written once, after their last value is computed.

use crate::names::c_elem_type;
use crate::{Writer, WriterError};
use ferrocl_graph::{BinaryOp, Constant, ElemKind, Graph, NodeId, Op};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The lane suffixes of an OpenCL vector (`.s0` … `.sf`).
const LANES: [&str; 16] = [
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "sa", "sb", "sc", "sd", "se", "sf",
];

/// The writer's state for vector accesses.
#[derive(Clone, Debug, Default)]
pub(crate) struct VectorState {
    /// Loads already read by a vector: the C expression of their lane.
    pub(crate) lanes: HashMap<NodeId, String>,
    /// Stores of a group not yet written: skipped, until the group's last member writes them all.
    pub(crate) held: HashSet<NodeId>,
    /// By the last member of each store group: the group's members, lane by lane.
    pub(crate) store_groups: HashMap<NodeId, Vec<NodeId>>,
    /// Parameters never to read as vectors (candidates of constant memory, whose address space
    /// the host chooses).
    pub(crate) excluded: HashSet<usize>,
    /// Per parameter: the widest vector access in bytes (the alignment the kernel assumes).
    pub(crate) align: BTreeMap<usize, usize>,
    /// Whether this pass may write vector accesses (not in reduction kernels, whose loop the
    /// unroller rewrites, nor in tiled ones).
    pub(crate) enabled: bool,
}

impl VectorState {
    /// The state a new pass of the writer starts from: the same exclusions, nothing written.
    pub(crate) fn fork(&self) -> VectorState {
        VectorState {
            excluded: self.excluded.clone(),
            enabled: self.enabled,
            ..VectorState::default()
        }
    }
}

/// `index` as `(base, c)` with `index = base + c`.
fn split_offset(g: &Graph, index: NodeId) -> (NodeId, i64) {
    if let Op::Binary(BinaryOp::Add) = g.op(index) {
        let ins = g.inputs(index);
        for (k, other) in [(0, 1), (1, 0)] {
            if let Op::Constant(Constant::Int(c)) = g.op(ins[k]) {
                return (ins[other], i64::from(*c));
            }
        }
    }
    (index, 0)
}

/// Whether `base` is a multiple of `n` in any `int` arithmetic: a product with a constant
/// multiple of `n`, or a left shift by a constant of at least log2 `n`.
fn multiple_of(g: &Graph, base: NodeId, n: i64) -> bool {
    let constant = |x: NodeId| match g.op(x) {
        Op::Constant(Constant::Int(c)) => Some(i64::from(*c)),
        _ => None,
    };
    let ins = g.inputs(base);
    match g.op(base) {
        Op::Constant(Constant::Int(c)) => i64::from(*c) % n == 0,
        Op::Binary(BinaryOp::Mul) => [ins[0], ins[1]]
            .iter()
            .any(|&x| constant(x).is_some_and(|c| c % n == 0)),
        Op::Binary(BinaryOp::Shl) => constant(ins[1]).is_some_and(|s| {
            let s = s & 31;
            s < 62 && (1i64 << s) % n == 0
        }),
        _ => false,
    }
}

/// The members of the access group starting at `first` (itself included), by lane, or `None`.
/// `store`: a group of stores, else of loads.
fn group(w: &Writer<'_>, first: NodeId, store: bool) -> Option<Vec<NodeId>> {
    let g = &w.mg.graph;
    let array = g.inputs(first)[0];
    let param = w.mg.params.iter().position(|p| p.node == array)?;
    if !w.vector.enabled || w.vector.excluded.contains(&param) || w.deferred_checks.is_some() {
        return None;
    }
    let elem = match g.op(first) {
        Op::ArrayLoad(e) | Op::ArrayStore(e) => *e,
        _ => return None,
    };
    let (base, _) = split_offset(g, g.inputs(first)[1]);
    let mut members: Vec<(i64, NodeId)> = Vec::new();
    let mut cur = Some(first);
    while let Some(n) = cur {
        match g.op(n) {
            Op::ArrayLoad(_) | Op::ArrayStore(_) if g.inputs(n)[0] == array => {
                let is_store = matches!(g.op(n), Op::ArrayStore(_));
                if is_store != store {
                    // A store between loads (or a load between stores) of the array ends the group.
                    break;
                }
                let (b, c) = split_offset(g, g.inputs(n)[1]);
                if b != base {
                    if store {
                        break;
                    }
                } else if !members.iter().any(|&(k, _)| k == c) {
                    members.push((c, n));
                } else if store {
                    // The same element stored twice: the order matters.
                    return None;
                }
            }
            // Another parameter of the same element type may be the same Java array at launch
            // (the writer cannot know): a store to it ends a group of loads, any access to it a
            // group of stores.
            Op::ArrayLoad(k) | Op::ArrayStore(k)
                if *k == elem
                    && w.mg.params.iter().any(|p| p.node == g.inputs(n)[0])
                    && (store || matches!(g.op(n), Op::ArrayStore(_))) =>
            {
                break;
            }
            Op::ArrayLoad(_) | Op::ArrayStore(_) | Op::Guard(_) | Op::IntegerDivRem { .. } => {}
            // Anything else ends the block (or allocates, which stays in order).
            _ => break,
        }
        cur = g
            .next(n)
            .filter(|&next| !matches!(g.op(next), Op::NewArray(_)));
    }
    members.sort_unstable();
    let n = members.len();
    if !(2..=16).contains(&n) || !n.is_power_of_two() {
        return None;
    }
    let c0 = members[0].0;
    let n = n as i64;
    if c0 % n != 0
        || members
            .iter()
            .enumerate()
            .any(|(k, &(c, _))| c != c0 + k as i64)
        || !multiple_of(g, base, n)
    {
        return None;
    }
    // Every member's check proven here (a check of the other version of a host-versioned body,
    // which may share the index, is not this member's).
    for &(_, m) in &members {
        let index = g.inputs(m)[1];
        let copy = w.proven_copy.contains(&m);
        let unproven = g.usages(index).iter().any(|&u| {
            matches!(g.op(u), Op::Guard(_))
                && g.inputs(u).get(1) == Some(&array)
                && w.proven_copy.contains(&u) == copy
                && !w.proven.contains(&u)
        });
        if unproven {
            return None;
        }
    }
    Some(members.into_iter().map(|(_, m)| m).collect())
}

impl Writer<'_> {
    /// Writes load `id` as a lane of a vector read, if it belongs to a group; `Ok(false)` when it
    /// is to be written as usual.
    pub(crate) fn vector_load(&mut self, id: NodeId, elem: ElemKind) -> Result<bool, WriterError> {
        if let Some(lane) = self.vector.lanes.remove(&id) {
            self.bind(id, elem.value_stamp(), lane);
            return Ok(true);
        }
        if !self.options.switches.is_on("vectorAccess") {
            return Ok(false);
        }
        let Some(members) = group(self, id, false) else {
            return Ok(false);
        };
        let g = &self.mg.graph;
        let inputs = g.inputs(id).to_vec();
        let (arr, _) = self.array(id, inputs[0])?;
        let index0 = self.value(self.mg.graph.inputs(members[0])[1])?;
        let ty = c_elem_type(elem);
        let n = members.len();
        let vec = self.names.fresh(&format!("{arr}_v{n}"));
        self.line(&format!(
            "const {ty}{n} {vec} = *(__global const {ty}{n}*)({arr} + {index0});"
        ));
        for (k, &m) in members.iter().enumerate() {
            self.vector.lanes.insert(m, format!("{vec}.{}", LANES[k]));
        }
        self.note_vector(inputs[0], n * elem.size_bytes());
        let lane = self.vector.lanes.remove(&id).unwrap_or_default();
        self.bind(id, elem.value_stamp(), lane);
        Ok(true)
    }

    /// Handles store `id` of a group: `Ok(true)` when it is held for the group's last member or
    /// written with the whole group; `Ok(false)` when it is to be written as usual.
    pub(crate) fn vector_store(&mut self, id: NodeId, elem: ElemKind) -> Result<bool, WriterError> {
        if let Some(members) = self.vector.store_groups.remove(&id) {
            self.vector.held.remove(&id);
            let g = &self.mg.graph;
            let array = g.inputs(id)[0];
            let (arr, _) = self.array(id, array)?;
            let index0 = self.value(self.mg.graph.inputs(members[0])[1])?;
            let mut values = Vec::with_capacity(members.len());
            for &m in &members {
                let v = self.value(self.mg.graph.inputs(m)[2])?;
                values.push(crate::expr::stored_value(elem, v));
            }
            let ty = c_elem_type(elem);
            let n = members.len();
            self.line(&format!(
                "*(__global {ty}{n}*)({arr} + {index0}) = ({ty}{n})({});",
                values.join(", ")
            ));
            self.note_vector(array, n * elem.size_bytes());
            return Ok(true);
        }
        if self.vector.held.remove(&id) {
            return Ok(true);
        }
        if !self.options.switches.is_on("vectorAccess") {
            return Ok(false);
        }
        let Some(members) = group(self, id, true) else {
            return Ok(false);
        };
        // Written in chain order: the group's last member in the chain writes them all.
        let g = &self.mg.graph;
        let mut last = id;
        let mut cur = Some(id);
        while let Some(n) = cur {
            if members.contains(&n) {
                last = n;
            }
            cur = g.next(n);
            if cur.is_some_and(|c| {
                !matches!(
                    g.op(c),
                    Op::ArrayLoad(_) | Op::ArrayStore(_) | Op::Guard(_) | Op::IntegerDivRem { .. }
                )
            }) {
                break;
            }
        }
        for &m in &members {
            if m != last {
                self.vector.held.insert(m);
            }
        }
        self.vector.store_groups.insert(last, members);
        if last == id {
            return self.vector_store(id, elem);
        }
        self.vector.held.remove(&id);
        Ok(true)
    }

    /// Records a vector access of `bytes` to `array` (its alignment) and counts it.
    fn note_vector(&mut self, array: NodeId, bytes: usize) {
        if let Some(p) = self.mg.params.iter().position(|p| p.node == array) {
            let a = self.vector.align.entry(p).or_default();
            *a = (*a).max(bytes);
        }
        *self.applied.entry("vectorAccess").or_default() += 1;
    }
}
