//! Tiling with register blocking (phase `tile`) for matmul-like nests: a 2-D `@Parallel` nest
//! over `(i, j)` whose body is straight-line code around one counted inner loop over `k` (step 1),
//! the loop reading one operand along `(i, k)` and another along `(k, j)` and carrying values
//! (the dot product) from one iteration to the next:
//!
//! ```java
//! for (@Parallel int i …) for (@Parallel int j …) {
//!     float acc = c[i * n + j] * beta;              // before the loop: loads only
//!     for (int k = 0; k < n; k++) acc += alpha * a[i * n + k] * b[k * n + j];
//!     c[i * n + j] = acc;                          // after it: loads and stores
//! }
//! ```
//!
//! A work-group of [`GROUP`] × [`GROUP`] work-items computes a block of [`BLOCK`] × [`BLOCK`]
//! points; each work-item computes [`MICRO`] × [`MICRO`] of them (rows `ly + GROUP * m`, columns
//! `lx + GROUP * n` of the block, so that neighbouring work-items touch neighbouring elements),
//! its carried values in registers. Per [`DEPTH`] values of `k`, the group loads the block's rows
//! of the `(i, k)` operand and columns of the `(k, j)` operand into local memory together (each
//! load of the group one contiguous run along the operand's unit-stride direction), then every
//! work-item runs those iterations for its points, reading each row value once per `m` and each
//! column value once per `n`. Values of the loop body that depend only on `i` and the row operand
//! (`alpha * a[i][k]`) are computed once per row, not once per point.
//!
//! Why the results are Java's, bit for bit: every point still runs its own iterations in
//! ascending `k`, each operation the same Java operation on the same operands (rounded as Java
//! rounds it: `FP_CONTRACT OFF`, no reassociation); only where an operand comes from changes
//! (local memory, a register, or a value computed once for a row and used by every point of it).
//! Nothing in the loop stores to memory, so the staged values cannot change while in use; the code
//! before the loop only loads, and the code after it runs per point in the order it was written.
//!
//! Why no check is needed: the tiled code runs only when a test of values that are the same in
//! every work-item (parameters, lengths, loop bounds) holds, and that test proves every index of
//! every access in bounds for every point of the whole NDRange and every `k` of the loop's range.
//! Each index is `Σ c_v * v + r` over `v ∈ {i, j, k}` with `c_v`, `r` made of parameters, lengths
//! and constants; computed exactly in 64 bits, its extremes over the box of `(i, j, k)` are at the
//! corners, and an exact value in `[0, length)` is also the `int` value Java computes (equal
//! modulo 2^32). The coefficients are tested to be at most 2^29 in magnitude first, so nothing
//! overflows. When the test fails (an access would fail, or the test cannot tell) every work-item
//! runs the method's kernel as written for each of its points, every check in place, so a failing
//! access sets the status word where Java throws. The test's value is the same in the whole NDRange,
//! so either every work-item of a group reaches the barriers or none does.
//!
//! Elements loaded into a tile for rows past the trip count or `k` past the loop's end are loaded
//! at the first point and first `k` instead (proven in bounds, never read back).
//!
//! Received: the written body of the kernel for one point, a 2-D non-reducing nest. Guaranteed: a
//! `reqd_work_group_size(GROUP, GROUP, 1)` kernel whose NDRange covers [`MICRO`] points per
//! work-item in each dimension (`Kernel::coarsen`).

use crate::names::{c_elem_type, c_type};
use crate::{index_value, Writer, WriterError};
use ferrocl_graph::{BinaryOp, Constant, GuardKind, MethodGraph, NodeId, Op, Stamp};
use ferrocl_opt::{induction, Linear, ParallelNest};
use ferrocl_opt::{BoundsProof, HostLinear, InnerLoop, ProvedAccess};
use std::collections::HashMap;

/// Work-items of a group along each dimension.
pub(crate) const GROUP: usize = 16;
/// Points per work-item along each dimension.
pub(crate) const MICRO: usize = 4;
/// Points of a group's block along each dimension.
pub(crate) const BLOCK: usize = GROUP * MICRO;
/// The macro the kernel's source reads its points per work-item (along each dimension) from,
/// [`MICRO`] unless the build defines it: the host builds the kernel with another of
/// [`Plan::micro_choices`] for a launch with too few blocks of [`BLOCK`] to fill the device, or
/// with blocks to spare.
pub const MICRO_MACRO: &str = "FERROCL_MICRO";
/// The macro of a group's block size, `GROUP * FERROCL_MICRO`.
const BLOCK_MACRO: &str = "FERROCL_BLOCK";
/// Fewer points per work-item, for launches with too few blocks to fill the device.
const NARROW_MICRO: u32 = 2;
/// More points per work-item, for launches with blocks to spare (each staged value serves more
/// points): H100, `bench-native/tile`, MatMul 2048³ 0.92 ms with 8 × 8 points against 1.06 with 4 × 4.
const WIDE_MICRO: u32 = 8;
/// Values of `k` staged at a time.
pub(crate) const DEPTH: usize = 16;
/// The largest coefficient magnitude of an index term the test accepts (see the module docs).
const COEFFICIENT_LIMIT: i64 = 1 << 29;
/// Limits of the static parts of an index's affine form.
const CONSTANT_LIMIT: i64 = 1 << 20;
const MAX_TERMS: usize = 8;
const MAX_DEPTH: usize = 24;

/// What a value depends on, as bits.
const ROW: u8 = 1;
const COL: u8 = 2;
const K: u8 = 4;
const ACC: u8 = 8;
/// Depends on a load made before the loop (not allowed inside it).
const PRE: u8 = 16;

/// Where a load of the loop body reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// From the row operand's tile (`(i, k)`).
    RowTile(usize),
    /// From the column operand's tile (`(k, j)`).
    ColTile(usize),
    /// From global memory, at the level its index depends on.
    Direct,
}

/// An index as `Σ coef[v] * v + rest`, `v` = i, j, k, every part made of uniform values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Affine3 {
    pub(crate) coef: [Linear; 3],
    pub(crate) rest: Linear,
}

/// An access to check: (load or store, array, index form, inside the inner loop).
pub(crate) type Access = (NodeId, NodeId, Affine3, bool);

/// A tile of one operand.
struct Tile {
    load: NodeId,
    /// `true`: indexed by (row of the block, k); `false`: by (k, column of the block).
    row: bool,
    /// The group's loads walk `k` fastest (the operand is unit-stride along `k`), else the
    /// block's rows or columns.
    k_fastest: bool,
}

/// A recognised matmul-like nest.
pub(crate) struct Plan {
    i: NodeId,
    j: NodeId,
    k: NodeId,
    k_entry: NodeId,
    k_bound: NodeId,
    k_last_offset: i64,
    /// Carried values of the loop other than `k`: (phi, entry value, back-edge value).
    accs: Vec<(NodeId, NodeId, NodeId)>,
    /// Fixed nodes before the loop (loads; guards are skipped), in order.
    pre: Vec<NodeId>,
    /// Loads of the loop body, in order, with where they read.
    body: Vec<(NodeId, Source)>,
    /// Fixed nodes after the loop (loads and stores), in order.
    post: Vec<NodeId>,
    tiles: Vec<Tile>,
    /// Every access: (node, array, index form, inside the loop).
    accesses: Vec<Access>,
    /// Dependence bits of every value the loop body computes.
    deps: HashMap<NodeId, u8>,
    /// Bytes of local memory the tiles take at [`MICRO`] points per work-item.
    tile_bytes: usize,
    /// Every tile's elements and every carried value are 32-bit, and at most two values are
    /// carried (so 8 × 8 points keep their values in registers).
    narrow: bool,
    /// The local memory the tiles may take on the device (`WriterOptions::tile_budget`).
    budget: usize,
}

impl Plan {
    /// The points per work-item this kernel may be built with besides [`MICRO`]: 2, and 8 when the
    /// tiles (twice as large) still fit the device's budget and the values are 32-bit.
    pub(crate) fn micro_choices(&self) -> Vec<u32> {
        let wide = WIDE_MICRO as usize;
        let mut out = vec![NARROW_MICRO];
        if self.narrow && self.tile_bytes * wide / MICRO <= self.budget {
            out.push(WIDE_MICRO);
        }
        out
    }
}

fn term_add(l: &mut Linear, other: &Linear, factor: i64) -> Option<()> {
    l.constant = l
        .constant
        .checked_add(other.constant.checked_mul(factor)?)?;
    for &(t, c) in &other.terms {
        let c = c.checked_mul(factor)?;
        match l.terms.iter_mut().find(|(u, _)| *u == t) {
            Some((_, d)) => *d = d.checked_add(c)?,
            None => l.terms.push((t, c)),
        }
    }
    l.terms.retain(|&(_, c)| c != 0);
    (l.constant.abs() <= CONSTANT_LIMIT
        && l.terms.len() <= MAX_TERMS
        && l.terms.iter().all(|&(_, c)| c.abs() <= CONSTANT_LIMIT))
    .then_some(())
}

impl Affine3 {
    fn add(mut self, other: &Affine3, factor: i64) -> Option<Affine3> {
        for v in 0..3 {
            term_add(&mut self.coef[v], &other.coef[v], factor)?;
        }
        term_add(&mut self.rest, &other.rest, factor)?;
        Some(self)
    }

    /// The constant value, if the form is one.
    fn as_constant(&self) -> Option<i64> {
        (self.coef.iter().all(Linear::is_zero) && self.rest.terms.is_empty())
            .then_some(self.rest.constant)
    }

    /// Every part a constant (no uniform terms).
    fn constant_parts(&self) -> bool {
        self.coef.iter().all(|c| c.terms.is_empty()) && self.rest.terms.is_empty()
    }
}

/// `n` as an [`Affine3`] over `ivs` = (i, j, k).
pub(crate) fn affine3(
    g: &ferrocl_graph::Graph,
    n: NodeId,
    ivs: [NodeId; 3],
    uniform: &mut dyn FnMut(NodeId) -> bool,
    depth: usize,
) -> Option<Affine3> {
    if depth > MAX_DEPTH || g.stamp(n) != Stamp::Int {
        return None;
    }
    if let Some(v) = ivs.iter().position(|&x| x == n) {
        let mut a = Affine3::default();
        a.coef[v].constant = 1;
        return Some(a);
    }
    if let Op::Constant(Constant::Int(c)) = g.op(n) {
        let mut a = Affine3::default();
        a.rest.constant = i64::from(*c);
        return Some(a);
    }
    if uniform(n) {
        let mut a = Affine3::default();
        a.rest.terms.push((n, 1));
        return Some(a);
    }
    let inputs = g.inputs(n).to_vec();
    let sub = |x: NodeId, u: &mut dyn FnMut(NodeId) -> bool| affine3(g, x, ivs, u, depth + 1);
    match g.op(n) {
        Op::Binary(BinaryOp::Add) => sub(inputs[0], uniform)?.add(&sub(inputs[1], uniform)?, 1),
        Op::Binary(BinaryOp::Sub) => sub(inputs[0], uniform)?.add(&sub(inputs[1], uniform)?, -1),
        Op::Negate => Affine3::default().add(&sub(inputs[0], uniform)?, -1),
        Op::Binary(BinaryOp::Shl) => match g.op(inputs[1]) {
            Op::Constant(Constant::Int(s)) if (s & 31) < 20 => {
                Affine3::default().add(&sub(inputs[0], uniform)?, 1i64 << (s & 31))
            }
            _ => None,
        },
        Op::Binary(BinaryOp::Mul) => {
            let a = sub(inputs[0], uniform)?;
            let b = sub(inputs[1], uniform)?;
            if let Some(c) = a.as_constant() {
                return Affine3::default().add(&b, c);
            }
            if let Some(c) = b.as_constant() {
                return Affine3::default().add(&a, c);
            }
            // A uniform value times a form of constants: the value joins each coefficient.
            let (factor, form) = if uniform(inputs[0]) && b.constant_parts() {
                (inputs[0], b)
            } else if uniform(inputs[1]) && a.constant_parts() {
                (inputs[1], a)
            } else {
                return None;
            };
            let mut out = Affine3::default();
            for v in 0..3 {
                if form.coef[v].constant != 0 {
                    out.coef[v].terms.push((factor, form.coef[v].constant));
                }
            }
            if form.rest.constant != 0 {
                out.rest.terms.push((factor, form.rest.constant));
            }
            Some(out)
        }
        _ => None,
    }
}

/// The host's version of the kernel's bounds test, when every value it reads is known on the host.
pub(crate) fn host_proof(
    mg: &MethodGraph,
    accesses: &[Access],
    inner: Option<(NodeId, NodeId, i64)>,
) -> Option<BoundsProof> {
    let linear = |l: &Linear| -> Option<HostLinear> {
        let mut terms = Vec::new();
        for &(t, c) in &l.terms {
            terms.push((ferrocl_opt::host_expr_exact_of(mg, t)?, c));
        }
        Some(HostLinear {
            terms,
            constant: l.constant,
        })
    };
    let mut out = Vec::new();
    for (_, array, form, in_loop) in accesses {
        out.push(ProvedAccess {
            coef: [
                linear(&form.coef[0])?,
                linear(&form.coef[1])?,
                linear(&form.coef[2])?,
            ],
            rest: linear(&form.rest)?,
            array: mg.params.iter().position(|p| p.node == *array)?,
            in_loop: *in_loop,
        });
    }
    let inner = match inner {
        Some((entry, bound, last_offset)) => Some(InnerLoop {
            entry: ferrocl_opt::host_expr_exact_of(mg, entry)?,
            bound: ferrocl_opt::host_expr_exact_of(mg, bound)?,
            last_offset,
        }),
        None => None,
    };
    Some(BoundsProof {
        accesses: out,
        inner,
    })
}

impl Plan {
    /// The host's version of this kernel's bounds test, if it has one.
    pub(crate) fn host_proof(&self, mg: &MethodGraph) -> Option<BoundsProof> {
        host_proof(
            mg,
            &self.accesses,
            Some((self.k_entry, self.k_bound, self.k_last_offset)),
        )
    }
}

/// Recognises a matmul-like nest (see the module docs) whose tiles fit `budget` bytes of local
/// memory (at [`MICRO`] points per work-item; operands past it read global memory); `None` when
/// the kernel does not have that shape.
pub(crate) fn plan(mg: &MethodGraph, nest: &ParallelNest, budget: usize) -> Option<Plan> {
    let g = &mg.graph;
    if nest.dims.len() != 2 || !nest.reductions.is_empty() {
        return None;
    }
    let (i, j) = (nest.dims[0].index, nest.dims[1].index);
    let parallel_begin = nest.innermost()?;
    let mut memo = HashMap::new();
    let mut uniform = |n: NodeId| crate::staging::uniform(g, n, &mut memo, 0);

    // Before the loop: loads and their checks only.
    let mut pre = Vec::new();
    let mut cur = nest.body_entry;
    loop {
        match g.op(cur) {
            Op::Begin | Op::Guard(GuardKind::Index) => {}
            Op::ArrayLoad(_) => pre.push(cur),
            Op::End => break,
            _ => return None,
        }
        cur = g.next(cur)?;
    }
    let header = g
        .usages(cur)
        .iter()
        .copied()
        .find(|&u| *g.op(u) == Op::LoopBegin)?;
    if g.inputs(header).len() != 2 {
        return None;
    }
    let test = g.next(header)?;
    if *g.op(test) != Op::If || g.successors(test).len() != 2 {
        return None;
    }
    let succ = g.successors(test).to_vec();
    let (stay, exit, stays_if_true) = match (g.op(succ[0]), g.op(succ[1])) {
        (Op::Begin, Op::LoopExit) => (succ[0], succ[1], true),
        (Op::LoopExit, Op::Begin) => (succ[1], succ[0], false),
        _ => return None,
    };
    let phis: Vec<NodeId> = g
        .usages(header)
        .iter()
        .copied()
        .filter(|&u| *g.op(u) == Op::Phi)
        .collect();
    let counted = phis.iter().find_map(|&p| {
        induction(g, p, test, stays_if_true, &|n| {
            crate::staging::uniform(g, n, &mut HashMap::new(), 0)
        })
    })?;
    if counted.step != 1 {
        return None;
    }
    let k = counted.phi;
    let k_entry = g.inputs(k)[1];
    if !uniform(k_entry) {
        return None;
    }
    let mut accs = Vec::new();
    for &p in &phis {
        if p == k {
            continue;
        }
        if matches!(g.stamp(p), Stamp::Array(_) | Stamp::Object | Stamp::Void) {
            return None;
        }
        let ins = g.inputs(p);
        accs.push((p, ins[1], ins[2]));
    }
    if accs.is_empty() {
        return None;
    }

    // The loop body: loads and their checks, then the back edge.
    let mut body_loads = Vec::new();
    let mut cur = stay;
    loop {
        match g.op(cur) {
            Op::Begin | Op::Guard(GuardKind::Index) => {}
            Op::ArrayLoad(_) => body_loads.push(cur),
            Op::LoopEnd if g.inputs(cur)[0] == header => break,
            _ => return None,
        }
        cur = g.next(cur)?;
    }
    // After the loop: loads, stores and checks, then the end of the point.
    let mut post = Vec::new();
    let mut cur = exit;
    loop {
        match g.op(cur) {
            Op::LoopExit | Op::Begin | Op::Guard(GuardKind::Index) => {}
            Op::ArrayLoad(_) | Op::ArrayStore(_) => post.push(cur),
            Op::LoopEnd if g.inputs(cur)[0] == parallel_begin => break,
            _ => return None,
        }
        cur = g.next(cur)?;
    }

    // Every access's index as an affine form over (i, j, k).
    let ivs = [i, j, k];
    let mut accesses = Vec::new();
    for (&n, in_loop) in pre
        .iter()
        .map(|n| (n, false))
        .chain(body_loads.iter().map(|n| (n, true)))
        .chain(post.iter().map(|n| (n, false)))
    {
        let ins = g.inputs(n);
        if mg.params.iter().all(|p| p.node != ins[0]) {
            return None;
        }
        let form = affine3(g, ins[1], ivs, &mut uniform, 0)?;
        if !in_loop && !form.coef[2].is_zero() {
            return None;
        }
        accesses.push((n, ins[0], form, in_loop));
    }

    // What each value of the loop body depends on.
    let mut deps: HashMap<NodeId, u8> = HashMap::new();
    deps.insert(i, ROW);
    deps.insert(j, COL);
    deps.insert(k, K);
    for &(p, _, _) in &accs {
        deps.insert(p, ACC);
    }
    for &n in &pre {
        deps.insert(n, PRE);
    }
    let mut body = Vec::new();
    let mut tiles: Vec<Tile> = Vec::new();
    let mut tile_bytes = 0;
    for &load in &body_loads {
        let d = depend(g, g.inputs(load)[1], &mut deps, &mut uniform, 0)?;
        if d & (ACC | PRE) != 0 {
            return None;
        }
        let Op::ArrayLoad(elem) = *g.op(load) else {
            return None;
        };
        let form = &accesses
            .iter()
            .find(|a| a.0 == load)
            .map(|a| a.2.clone())
            .unwrap_or_default();
        let row = d == ROW | K;
        let col = d == COL | K;
        let bytes = BLOCK * (DEPTH + 1) * elem.size_bytes();
        let source = if (row || col) && tile_bytes + bytes <= budget {
            tile_bytes += bytes;
            let unit = |l: &Linear| l.terms.is_empty() && l.constant.abs() == 1;
            // Walk k fastest when the operand is unit-stride along k, or not along the block.
            let along_block = if row { &form.coef[0] } else { &form.coef[1] };
            let k_fastest = unit(&form.coef[2]) || !unit(along_block);
            tiles.push(Tile {
                load,
                row,
                k_fastest,
            });
            if row {
                Source::RowTile(tiles.len() - 1)
            } else {
                Source::ColTile(tiles.len() - 1)
            }
        } else {
            Source::Direct
        };
        deps.insert(load, d);
        body.push((load, source));
    }
    if !tiles.iter().any(|t| t.row) || !tiles.iter().any(|t| !t.row) {
        return None;
    }
    for &(_, _, next) in &accs {
        let d = depend(g, next, &mut deps, &mut uniform, 0)?;
        if d & PRE != 0 {
            return None;
        }
    }
    let narrow = tiles
        .iter()
        .all(|t| matches!(*g.op(t.load), Op::ArrayLoad(elem) if elem.size_bytes() <= 4))
        && accs.len() <= 2
        && accs
            .iter()
            .all(|&(phi, _, _)| matches!(g.stamp(phi), Stamp::Int | Stamp::Float));
    Some(Plan {
        i,
        j,
        k,
        k_entry,
        k_bound: counted.bound,
        k_last_offset: counted.last_offset(),
        accs,
        pre,
        body,
        post,
        tiles,
        accesses,
        deps,
        tile_bytes,
        narrow,
        budget,
    })
}

/// The dependence bits of a floating value of the loop body (`None`: something the tiled code
/// cannot compute, such as a phi of another loop or a fixed node it does not know).
fn depend(
    g: &ferrocl_graph::Graph,
    n: NodeId,
    deps: &mut HashMap<NodeId, u8>,
    uniform: &mut dyn FnMut(NodeId) -> bool,
    depth: usize,
) -> Option<u8> {
    if let Some(&d) = deps.get(&n) {
        return Some(d);
    }
    if depth > 64 {
        return None;
    }
    if uniform(n) {
        deps.insert(n, 0);
        return Some(0);
    }
    let d = match g.op(n) {
        Op::Binary(BinaryOp::Div | BinaryOp::Rem)
            if matches!(g.stamp(n), Stamp::Int | Stamp::Long)
                && !matches!(g.op(g.inputs(n)[1]), Op::Constant(_)) =>
        {
            return None
        }
        Op::Binary(_)
        | Op::Negate
        | Op::Select
        | Op::Compare(_)
        | Op::NormalizeCompare { .. }
        | Op::Convert(_)
        | Op::Intrinsic(_) => {
            let mut d = 0;
            for x in g.inputs(n).to_vec() {
                d |= depend(g, x, deps, uniform, depth + 1)?;
            }
            d
        }
        _ => return None,
    };
    deps.insert(n, d);
    Some(d)
}

/// The level a value of the loop body is computed at.
fn level(d: u8) -> u8 {
    if d & ACC != 0 || d & (ROW | COL) == ROW | COL {
        ACC
    } else if d & ROW != 0 {
        ROW
    } else if d & COL != 0 {
        COL
    } else {
        K
    }
}

/// Names the tiled kernel's code uses.
struct Names {
    lx: String,
    ly: String,
    gx: String,
    gy: String,
    rows: String,
    cols: String,
    row_in: String,
    col_in: String,
    m: String,
    n: String,
    kk: String,
    t: String,
    k_first: String,
    k_last: String,
    accs: Vec<String>,
    tiles: Vec<String>,
}

impl Writer<'_> {
    /// The body of the tiled kernel for `plan` (see the module docs); `point` is the function
    /// that runs the kernel as written for one point, `args` its arguments but the point's ids.
    pub(crate) fn tiled_body(
        &mut self,
        plan: &Plan,
        dim_names: &[(String, String)],
        steps: [i32; 2],
        point: &str,
        args: &[String],
        proven: Option<&str>,
    ) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let own = |w: &mut Writer<'_>, s: &str| w.names.own(s);
        let nm = Names {
            lx: own(self, "ferrocl_lx"),
            ly: own(self, "ferrocl_ly"),
            gx: own(self, "ferrocl_gx"),
            gy: own(self, "ferrocl_gy"),
            rows: own(self, "ferrocl_i"),
            cols: own(self, "ferrocl_j"),
            row_in: own(self, "ferrocl_row_in"),
            col_in: own(self, "ferrocl_col_in"),
            m: own(self, "ferrocl_m"),
            n: own(self, "ferrocl_n"),
            kk: own(self, "ferrocl_kk"),
            t: own(self, "ferrocl_t"),
            k_first: own(self, "ferrocl_k_first"),
            k_last: own(self, "ferrocl_k_last"),
            accs: (0..plan.accs.len())
                .map(|q| self.names.own(&format!("ferrocl_acc{q}")))
                .collect(),
            tiles: (0..plan.tiles.len())
                .map(|q| self.names.own(&format!("ferrocl_tile{q}")))
                .collect(),
        };
        let (start_i, count_i) = &dim_names[0];
        let (start_j, count_j) = &dim_names[1];
        // The points per work-item: the build may choose (see `MICRO_MACRO`).
        self.line(&format!("#ifndef {MICRO_MACRO}"));
        self.line(&format!("#define {MICRO_MACRO} {MICRO}"));
        self.line("#endif");
        self.line(&format!("#define {BLOCK_MACRO} ({GROUP} * {MICRO_MACRO})"));
        // Local memory is declared at the kernel's outermost scope.
        for (q, tile) in plan.tiles.iter().enumerate() {
            let Op::ArrayLoad(elem) = *g.op(tile.load) else {
                return Err(WriterError::Internal(
                    "a tile of something not a load".into(),
                ));
            };
            let ty = c_elem_type(elem);
            let name = &nm.tiles[q];
            if tile.row {
                self.line(&format!(
                    "__local {ty} {name}[{BLOCK_MACRO}][{}];",
                    DEPTH + 1
                ));
            } else {
                self.line(&format!("__local {ty} {name}[{DEPTH}][{BLOCK_MACRO} + 1];"));
            }
        }
        self.line(&format!("const int {} = (int)get_local_id(0);", nm.lx));
        self.line(&format!("const int {} = (int)get_local_id(1);", nm.ly));
        self.line(&format!(
            "const size_t {} = get_group_id(0) * {BLOCK_MACRO};",
            nm.gx
        ));
        self.line(&format!(
            "const size_t {} = get_group_id(1) * {BLOCK_MACRO};",
            nm.gy
        ));

        // The test, the same in every work-item.
        let fast = self.names.own("ferrocl_tiled");
        let k_any = self.names.own("ferrocl_k_any");
        let [(i_lo, i_hi), (j_lo, j_hi)] = if proven.is_some() {
            Default::default()
        } else {
            self.point_ranges(dim_names, steps)
        };
        let entry = self.value(plan.k_entry)?;
        let bound = self.value(plan.k_bound)?;
        self.line(&format!("const long {} = (long){entry};", nm.k_first));
        self.line(&format!(
            "const long {} = (long){bound} + {}L;",
            nm.k_last, plan.k_last_offset
        ));
        self.line(&format!(
            "const bool {k_any} = {} <= {};",
            nm.k_first, nm.k_last
        ));
        match proven {
            // Evaluated by the host for this launch (see the `bounds_proof` module).
            Some(arg) => self.line(&format!("const bool {fast} = {arg} != 0;")),
            None => {
                self.line(&format!("bool {fast} = {} + 1L <= 2147483647L;", nm.k_last));
                let ranges = [
                    (i_lo, i_hi),
                    (j_lo, j_hi),
                    (nm.k_first.clone(), nm.k_last.clone()),
                ];
                self.access_tests(&fast, &plan.accesses, &ranges, &k_any)?;
            }
        }

        // Otherwise: the kernel as written, for each of this work-item's points.
        self.line(&format!("if (!{fast}) {{"));
        self.open_scope();
        let mut call_args = args.to_vec();
        call_args.push(format!(
            "{} + (size_t)({} + {GROUP} * {})",
            nm.gx, nm.lx, nm.n
        ));
        call_args.push(format!(
            "{} + (size_t)({} + {GROUP} * {})",
            nm.gy, nm.ly, nm.m
        ));
        self.line(&format!(
            "for (int {m} = 0; {m} < {MICRO_MACRO}; {m}++) for (int {n} = 0; {n} < {MICRO_MACRO}; {n}++) {point}({});",
            call_args.join(", "),
            m = nm.m,
            n = nm.n
        ));
        self.line("return;");
        self.close_scope();
        self.line("}");

        // The points.
        self.line(&format!(
            "int {}[{MICRO_MACRO}]; bool {}[{MICRO_MACRO}]; int {}[{MICRO_MACRO}]; bool {}[{MICRO_MACRO}];",
            nm.rows, nm.row_in, nm.cols, nm.col_in
        ));
        for (names, within, group, local, start, count, step, var) in [
            (
                &nm.rows, &nm.row_in, &nm.gy, &nm.ly, start_i, count_i, steps[0], &nm.m,
            ),
            (
                &nm.cols, &nm.col_in, &nm.gx, &nm.lx, start_j, count_j, steps[1], &nm.n,
            ),
        ] {
            self.line(&format!(
                "for (int {var} = 0; {var} < {MICRO_MACRO}; {var}++) {{"
            ));
            self.line(&format!(
                "    const size_t ferrocl_g = {group} + (size_t)({local} + {GROUP} * {var});"
            ));
            self.line(&format!(
                "    {within}[{var}] = ferrocl_g < (size_t){count};"
            ));
            // A point past the trip count (padding of the last block) takes the first point's
            // index: the loads the loop makes per row, column or point (those not staged in a
            // tile) then stay in the range the test proved, and nothing of it is stored.
            let g = format!("({within}[{var}] ? ferrocl_g : (size_t)0)");
            self.line(&format!(
                "    {names}[{var}] = {};",
                index_value(start, &g, step)
            ));
            self.line("}");
        }
        for (q, &(phi, _, _)) in plan.accs.iter().enumerate() {
            self.line(&format!(
                "{} {}[{MICRO_MACRO}][{MICRO_MACRO}];",
                c_type(g.stamp(phi)),
                nm.accs[q]
            ));
        }
        // Before the loop, per point.
        self.for_points(
            &nm,
            |w| {
                w.line(&format!(
                    "if ({}[{}] && {}[{}]) {{",
                    nm.row_in, nm.m, nm.col_in, nm.n
                ));
                w.open_scope();
                for &n in &plan.pre {
                    w.fixed(n, "")?;
                }
                let mut inits = Vec::new();
                for &(_, init, _) in &plan.accs {
                    inits.push(w.value(init)?);
                }
                for (q, v) in inits.iter().enumerate() {
                    w.line(&format!("{}[{}][{}] = {v};", nm.accs[q], nm.m, nm.n));
                }
                w.close_scope();
                w.line("} else {");
                for q in 0..plan.accs.len() {
                    w.line(&format!("    {}[{}][{}] = 0;", nm.accs[q], nm.m, nm.n));
                }
                w.line("}");
                Ok(())
            },
            plan,
        )?;

        // The loop, DEPTH values of k at a time.
        self.line(&format!("if ({k_any}) {{"));
        self.open_scope();
        let lid = self.names.own("ferrocl_lid");
        self.line(&format!(
            "const int {lid} = {} * {GROUP} + {};",
            nm.ly, nm.lx
        ));
        self.line(&format!(
            "for (long {t} = {kf}; {t} <= {kl}; {t} += {DEPTH}L) {{",
            t = nm.t,
            kf = nm.k_first,
            kl = nm.k_last
        ));
        self.open_scope();
        // Elements of a tile each work-item loads: BLOCK * DEPTH / (GROUP * GROUP).
        let per_item = format!("({BLOCK_MACRO} * {DEPTH} / {})", GROUP * GROUP);
        for (q, tile) in plan.tiles.iter().enumerate() {
            self.load_tile(plan, &nm, q, tile, dim_names, steps, &lid, &per_item)?;
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        let kmax = self.names.own("ferrocl_k_count");
        self.line(&format!(
            "const int {kmax} = (int)min({DEPTH}L, {} - {} + 1L);",
            nm.k_last, nm.t
        ));
        self.line(&format!("if ({kmax} == {DEPTH}) {{"));
        self.open_scope();
        self.line("#pragma unroll");
        self.line(&format!(
            "for (int {kk} = 0; {kk} < {DEPTH}; {kk}++) {{",
            kk = nm.kk
        ));
        self.open_scope();
        self.step(plan, &nm)?;
        self.close_scope();
        self.line("}");
        self.close_scope();
        self.line("} else {");
        self.open_scope();
        self.line(&format!(
            "for (int {kk} = 0; {kk} < {kmax}; {kk}++) {{",
            kk = nm.kk
        ));
        self.open_scope();
        self.step(plan, &nm)?;
        self.close_scope();
        self.line("}");
        self.close_scope();
        self.line("}");
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.close_scope();
        self.line("}");
        self.close_scope();
        self.line("}");

        // After the loop, per point: the loads made before it (nothing stored since), then the
        // code as written.
        let k_final = self.names.own("ferrocl_k_final");
        self.line(&format!(
            "const int {k_final} = (int)({k_any} ? {} + 1L : {});",
            nm.k_last, nm.k_first
        ));
        self.for_points(
            &nm,
            |w| {
                w.line(&format!(
                    "if ({}[{}] && {}[{}]) {{",
                    nm.row_in, nm.m, nm.col_in, nm.n
                ));
                w.open_scope();
                w.bind_text(plan.k, k_final.clone());
                for (q, &(phi, _, _)) in plan.accs.iter().enumerate() {
                    w.bind_text(phi, format!("{}[{}][{}]", nm.accs[q], nm.m, nm.n));
                }
                for &n in plan.pre.iter().chain(&plan.post) {
                    w.fixed(n, "")?;
                }
                w.close_scope();
                w.line("}");
                Ok(())
            },
            plan,
        )?;
        *self.applied.entry("tile").or_default() += 1;
        Ok(())
    }

    /// The smallest and largest value of each parallel index over the NDRange, as `long`s
    /// (written as lines; their names returned, `i` first).
    pub(crate) fn point_ranges(
        &mut self,
        dim_names: &[(String, String)],
        steps: [i32; 2],
    ) -> [(String, String); 2] {
        let mut out: [(String, String); 2] = Default::default();
        for (d, (start, count)) in dim_names.iter().take(2).enumerate() {
            let v = if d == 0 { "i" } else { "j" };
            let lo = self.names.own(&format!("ferrocl_{v}_lo"));
            let hi = self.names.own(&format!("ferrocl_{v}_hi"));
            let last = format!("(long){start} + ((long){count} - 1L) * {}L", steps[d]);
            self.line(&format!("const long {lo} = min((long){start}, {last});"));
            self.line(&format!("const long {hi} = max((long){start}, {last});"));
            out[d] = (lo, hi);
        }
        out
    }

    /// Clears the `bool` variable `fast` unless every access's index is in bounds over the box
    /// of `ranges` (i, j, k: `long` names of the extremes); accesses inside the inner loop only
    /// count when `k_any` (the loop runs at all). See the module docs.
    pub(crate) fn access_tests(
        &mut self,
        fast: &str,
        accesses: &[Access],
        ranges: &[(String, String); 3],
        k_any: &str,
    ) -> Result<(), WriterError> {
        for (n, (node, array, form, in_loop)) in accesses.iter().enumerate() {
            let (_, len) = self.array(*node, *array)?;
            let guard = if *in_loop {
                format!("{fast} && {k_any}")
            } else {
                fast.to_string()
            };
            self.line(&format!("if ({guard}) {{"));
            self.open_scope();
            // Values computed in this block are not visible after it.
            let saved = self.values.clone();
            let mut coefs = Vec::new();
            for (v, coef) in form.coef.iter().enumerate() {
                if coef.is_zero() {
                    continue;
                }
                let c = self.names.own(&format!("ferrocl_c{n}_{v}"));
                let text = self.linear_long(coef)?;
                self.line(&format!("const long {c} = {text};"));
                coefs.push((c, v));
            }
            let rest = self.linear_long(&form.rest)?;
            if !coefs.is_empty() {
                let limits: Vec<String> = coefs
                    .iter()
                    .map(|(c, _)| {
                        format!("{c} < -{COEFFICIENT_LIMIT}L || {c} > {COEFFICIENT_LIMIT}L")
                    })
                    .collect();
                self.line(&format!("if ({}) {fast} = false;", limits.join(" || ")));
            }
            let mut lo = vec![format!("({rest})")];
            let mut hi = vec![format!("({rest})")];
            for (c, v) in &coefs {
                let (a, b) = &ranges[*v];
                lo.push(format!("min({c} * {a}, {c} * {b})"));
                hi.push(format!("max({c} * {a}, {c} * {b})"));
            }
            self.line(&format!(
                "if ({fast} && ({} < 0L || {} >= (long){len})) {fast} = false;",
                lo.join(" + "),
                hi.join(" + ")
            ));
            self.values = saved;
            self.close_scope();
            self.line("}");
        }
        Ok(())
    }

    /// `Σ c * (long)term + constant` in C.
    fn linear_long(&mut self, l: &Linear) -> Result<String, WriterError> {
        let mut parts = Vec::new();
        for &(t, c) in &l.terms {
            let v = self.value(t)?;
            parts.push(if c == 1 {
                format!("(long){v}")
            } else {
                format!("{c}L * (long){v}")
            });
        }
        if l.constant != 0 || parts.is_empty() {
            parts.push(format!("{}L", l.constant));
        }
        Ok(parts.join(" + "))
    }

    /// Writes `body` once inside `for m, for n` over this work-item's points, with `i` and `j`
    /// bound to the point's; the values it computes are forgotten after it.
    fn for_points(
        &mut self,
        nm: &Names,
        body: impl FnOnce(&mut Self) -> Result<(), WriterError>,
        plan: &Plan,
    ) -> Result<(), WriterError> {
        let saved = self.values.clone();
        self.line("#pragma unroll");
        self.line(&format!(
            "for (int {m} = 0; {m} < {MICRO_MACRO}; {m}++) {{",
            m = nm.m
        ));
        self.line("#pragma unroll");
        self.line(&format!(
            "for (int {n} = 0; {n} < {MICRO_MACRO}; {n}++) {{",
            n = nm.n
        ));
        self.open_scope();
        self.bind_text(plan.i, format!("{}[{}]", nm.rows, nm.m));
        self.bind_text(plan.j, format!("{}[{}]", nm.cols, nm.n));
        let r = body(self);
        self.close_scope();
        self.line("}");
        self.line("}");
        self.values = saved;
        r
    }

    /// The group's loads of tile `q` for the tile starting at `t`.
    #[allow(clippy::too_many_arguments)]
    fn load_tile(
        &mut self,
        plan: &Plan,
        nm: &Names,
        q: usize,
        tile: &Tile,
        dim_names: &[(String, String)],
        steps: [i32; 2],
        lid: &str,
        per_item: &str,
    ) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let (start, count) = if tile.row {
            &dim_names[0]
        } else {
            &dim_names[1]
        };
        let step = if tile.row { steps[0] } else { steps[1] };
        let group = if tile.row { &nm.gy } else { &nm.gx };
        let e = self.names.own("ferrocl_e");
        let b = self.names.own("ferrocl_b");
        let c = self.names.own("ferrocl_c");
        let ok = self.names.own("ferrocl_ok");
        let pv = self.names.own("ferrocl_p");
        let kv = self.names.own("ferrocl_kv");
        let saved = self.values.clone();
        self.line(&format!(
            "for (int ferrocl_q = 0; ferrocl_q < {per_item}; ferrocl_q++) {{"
        ));
        self.open_scope();
        self.line(&format!(
            "const int {e} = {lid} + {} * ferrocl_q;",
            GROUP * GROUP
        ));
        // `b`: the point of the block (row or column), `c`: the k of the tile.
        if tile.k_fastest {
            self.line(&format!("const int {b} = {e} / {DEPTH};"));
            self.line(&format!("const int {c} = {e} % {DEPTH};"));
        } else {
            self.line(&format!("const int {b} = {e} % {BLOCK_MACRO};"));
            self.line(&format!("const int {c} = {e} / {BLOCK_MACRO};"));
        }
        self.line(&format!(
            "const bool {ok} = {group} + (size_t){b} < (size_t){count} && {} + (long){c} <= {};",
            nm.t, nm.k_last
        ));
        let first = index_value(start, "0", step);
        self.line(&format!(
            "const int {pv} = {ok} ? {} : {first};",
            index_value(start, &format!("({group} + (size_t){b})"), step)
        ));
        self.line(&format!(
            "const int {kv} = {ok} ? (int)({} + (long){c}) : (int){};",
            nm.t, nm.k_first
        ));
        self.bind_text(if tile.row { plan.i } else { plan.j }, pv.clone());
        self.bind_text(plan.k, kv.clone());
        let array = g.inputs(tile.load)[0];
        let index = g.inputs(tile.load)[1];
        let (arr, _) = self.array(tile.load, array)?;
        let at = self.value(index)?;
        let name = &nm.tiles[q];
        if tile.row {
            self.line(&format!("{name}[{b}][{c}] = {arr}[{at}];"));
        } else {
            self.line(&format!("{name}[{c}][{b}] = {arr}[{at}];"));
        }
        self.close_scope();
        self.line("}");
        self.values = saved;
        Ok(())
    }

    /// One iteration of the loop for every point of the work-item, at `k = t + kk`.
    fn step(&mut self, plan: &Plan, nm: &Names) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let saved = self.values.clone();
        let k = self.names.fresh("k");
        self.line(&format!(
            "const int {k} = (int)({} + (long){});",
            nm.t, nm.kk
        ));
        self.bind_text(plan.k, k);
        // Loads the same for every point.
        for &(load, source) in &plan.body {
            if source == Source::Direct && level(plan.deps[&load]) == K {
                self.fixed(load, "")?;
            }
        }
        // The values computed per row (per column) that the points use: the row (column) part of
        // each point's computation.
        let mut row_front: Vec<NodeId> = Vec::new();
        let mut col_front: Vec<NodeId> = Vec::new();
        let mut point_nodes = Vec::new();
        for &(_, _, next) in &plan.accs {
            point_nodes.push(next);
        }
        let mut seen = std::collections::HashSet::new();
        while let Some(n) = point_nodes.pop() {
            if !seen.insert(n) {
                continue;
            }
            let Some(&d) = plan.deps.get(&n) else {
                continue;
            };
            match level(d) {
                ROW if !row_front.contains(&n) => row_front.push(n),
                COL if !col_front.contains(&n) => col_front.push(n),
                ACC if !plan.accs.iter().any(|a| a.0 == n) => {
                    point_nodes.extend(g.inputs(n).iter().copied())
                }
                _ => {}
            }
        }
        row_front.sort();
        col_front.sort();
        let front_k = self.values.clone();
        let mut bound = HashMap::new();
        for (row, front) in [(true, &row_front), (false, &col_front)] {
            let (var, idx, lvl) = if row {
                (&nm.m, &nm.rows, ROW)
            } else {
                (&nm.n, &nm.cols, COL)
            };
            let mut arrays = Vec::new();
            for (q, &f) in front.iter().enumerate() {
                let name = self
                    .names
                    .own(&format!("ferrocl_{}{q}", if row { "r" } else { "s" }));
                self.line(&format!("{} {name}[{MICRO_MACRO}];", c_type(g.stamp(f))));
                arrays.push(name);
            }
            if front.is_empty() {
                continue;
            }
            self.line("#pragma unroll");
            self.line(&format!(
                "for (int {var} = 0; {var} < {MICRO_MACRO}; {var}++) {{"
            ));
            self.open_scope();
            self.bind_text(if row { plan.i } else { plan.j }, format!("{idx}[{var}]"));
            for &(load, source) in &plan.body {
                match source {
                    Source::RowTile(t) if row => {
                        self.bind_text(
                            load,
                            format!("{}[{} + {GROUP} * {var}][{}]", nm.tiles[t], nm.ly, nm.kk),
                        );
                    }
                    Source::ColTile(t) if !row => {
                        self.bind_text(
                            load,
                            format!("{}[{}][{} + {GROUP} * {var}]", nm.tiles[t], nm.kk, nm.lx),
                        );
                    }
                    Source::Direct if level(plan.deps[&load]) == lvl => {
                        self.fixed(load, "")?;
                    }
                    _ => {}
                }
            }
            for (q, &f) in front.iter().enumerate() {
                let v = self.value(f)?;
                self.line(&format!("{}[{var}] = {v};", arrays[q]));
                bound.insert(f, format!("{}[{var}]", arrays[q]));
            }
            self.close_scope();
            self.line("}");
            self.values = front_k.clone();
        }
        // Per point.
        self.line("#pragma unroll");
        self.line(&format!(
            "for (int {m} = 0; {m} < {MICRO_MACRO}; {m}++) {{",
            m = nm.m
        ));
        self.line("#pragma unroll");
        self.line(&format!(
            "for (int {n} = 0; {n} < {MICRO_MACRO}; {n}++) {{",
            n = nm.n
        ));
        self.open_scope();
        self.bind_text(plan.i, format!("{}[{}]", nm.rows, nm.m));
        self.bind_text(plan.j, format!("{}[{}]", nm.cols, nm.n));
        for (f, text) in &bound {
            self.bind_text(*f, text.clone());
        }
        for (q, &(phi, _, _)) in plan.accs.iter().enumerate() {
            self.bind_text(phi, format!("{}[{}][{}]", nm.accs[q], nm.m, nm.n));
        }
        for &(load, source) in &plan.body {
            if source == Source::Direct && level(plan.deps[&load]) == ACC {
                self.fixed(load, "")?;
            }
        }
        // Every new value first, then the assignments (one carried value may become another's).
        let mut nexts = Vec::new();
        for (q, &(phi, _, next)) in plan.accs.iter().enumerate() {
            let v = self.value(next)?;
            let name = self.names.own(&format!("ferrocl_next{q}"));
            self.line(&format!("const {} {name} = {v};", c_type(g.stamp(phi))));
            nexts.push(name);
        }
        for (q, v) in nexts.iter().enumerate() {
            self.line(&format!("{}[{}][{}] = {v};", nm.accs[q], nm.m, nm.n));
        }
        self.close_scope();
        self.line("}");
        self.line("}");
        self.values = saved;
        Ok(())
    }
}
