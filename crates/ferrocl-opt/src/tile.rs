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
//! The phase decides on the graph ([`plan_tiles`], recorded as [`crate::NestShape::Tiled`]); the
//! OpenCL writer prints the tiled kernel the plan describes, with the body as written for one point
//! as its fallback, or the kernel as written alone when it cannot print the plan.
//!
//! Received: a 2-D non-reducing nest (the body viewed without the copies of `loopVersioning`).
//! Guaranteed: every access the plan lists, with its index as an affine form over `(i, j, k)`; a
//! kernel printed from it has `reqd_work_group_size(GROUP, GROUP, 1)` and covers [`MICRO`] points
//! per work-item in each dimension.

use crate::{induction, BoundsProof, HostLinear, InnerLoop, Linear, ParallelNest, ProvedAccess};
use ferrocl_graph::{BinaryOp, Constant, GuardKind, MethodGraph, NodeId, Op, Stamp};
use std::collections::HashMap;

/// Work-items of a group along each dimension.
pub const GROUP: usize = 16;
/// Points per work-item along each dimension.
pub const MICRO: usize = 4;
/// Points of a group's block along each dimension.
pub const BLOCK: usize = GROUP * MICRO;
/// Fewer points per work-item, for launches with too few blocks to fill the device.
const NARROW_MICRO: u32 = 2;
/// More points per work-item, for launches with blocks to spare (each staged value serves more
/// points): H100, `bench-native/tile`, MatMul 2048³ 0.92 ms with 8 × 8 points against 1.06 with 4 × 4.
const WIDE_MICRO: u32 = 8;
/// Values of `k` staged at a time.
pub const DEPTH: usize = 16;
/// The largest coefficient magnitude of an index term the test accepts (see the module docs).
pub const COEFFICIENT_LIMIT: i64 = 1 << 29;
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
pub enum TileSource {
    /// From the row operand's tile (`(i, k)`).
    RowTile(usize),
    /// From the column operand's tile (`(k, j)`).
    ColTile(usize),
    /// From global memory, at the level its index depends on.
    Direct,
}

/// An index as `Σ coef[v] * v + rest`, `v` = i, j, k, every part made of uniform values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Affine3 {
    /// The coefficients of `i`, `j` and `k`.
    pub coef: [Linear; 3],
    /// The part without them.
    pub rest: Linear,
}

/// An access to check: (load or store, array, index form, inside the inner loop).
pub type Access = (NodeId, NodeId, Affine3, bool);

/// A tile of one operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tile {
    /// The load of the loop body it serves.
    pub load: NodeId,
    /// `true`: indexed by (row of the block, k); `false`: by (k, column of the block).
    pub row: bool,
    /// The group's loads walk `k` fastest (the operand is unit-stride along `k`), else the
    /// block's rows or columns.
    pub k_fastest: bool,
}

/// A recognised matmul-like nest: what the tiled kernel computes where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TilePlan {
    /// The outer `@Parallel` index (rows of the block).
    pub i: NodeId,
    /// The inner `@Parallel` index (columns of the block).
    pub j: NodeId,
    /// The inner loop's index phi.
    pub k: NodeId,
    /// The value `k` starts from (uniform).
    pub k_entry: NodeId,
    /// The bound `k` is tested against (uniform).
    pub k_bound: NodeId,
    /// The last `k` is `k_bound + k_last_offset`.
    pub k_last_offset: i64,
    /// Carried values of the loop other than `k`: (phi, entry value, back-edge value).
    pub accs: Vec<(NodeId, NodeId, NodeId)>,
    /// Fixed nodes before the loop (loads; guards are skipped), in order.
    pub pre: Vec<NodeId>,
    /// Loads of the loop body, in order, with where they read.
    pub body: Vec<(NodeId, TileSource)>,
    /// Fixed nodes after the loop (loads and stores), in order.
    pub post: Vec<NodeId>,
    /// The operands staged in local memory.
    pub tiles: Vec<Tile>,
    /// Every access: (node, array, index form, inside the loop).
    pub accesses: Vec<Access>,
    /// Dependence bits of every value the loop body computes.
    deps: HashMap<NodeId, u8>,
    /// Bytes of local memory the tiles take at [`MICRO`] points per work-item.
    tile_bytes: usize,
    /// Every tile's elements and every carried value are 32-bit, and at most two values are
    /// carried (so 8 × 8 points keep their values in registers).
    narrow: bool,
    /// The local memory the tiles may take on the device.
    budget: usize,
}

/// Where a value of the loop body is computed in the tiled kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Once per `k` for the whole work-item (depends on neither `i` nor `j`).
    PerK,
    /// Once per row of the work-item's points (depends on `i`, not `j`).
    PerRow,
    /// Once per column of the work-item's points (depends on `j`, not `i`).
    PerColumn,
    /// For every point (depends on both, or on a carried value).
    PerPoint,
}

impl TilePlan {
    /// The points per work-item this kernel may be built with besides [`MICRO`]: 2, and 8 when the
    /// tiles (twice as large) still fit the device's budget and the values are 32-bit.
    pub fn micro_choices(&self) -> Vec<u32> {
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
pub fn affine3(
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
pub fn host_proof(
    mg: &MethodGraph,
    accesses: &[Access],
    inner: Option<(NodeId, NodeId, i64)>,
) -> Option<BoundsProof> {
    let linear = |l: &Linear| -> Option<HostLinear> {
        let mut terms = Vec::new();
        for &(t, c) in &l.terms {
            terms.push((crate::host_expr_exact_of(mg, t)?, c));
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
            entry: crate::host_expr_exact_of(mg, entry)?,
            bound: crate::host_expr_exact_of(mg, bound)?,
            last_offset,
        }),
        None => None,
    };
    Some(BoundsProof {
        accesses: out,
        inner,
    })
}

impl TilePlan {
    /// The host's version of this kernel's bounds test, if it has one.
    pub fn host_proof(&self, mg: &MethodGraph) -> Option<BoundsProof> {
        host_proof(
            mg,
            &self.accesses,
            Some((self.k_entry, self.k_bound, self.k_last_offset)),
        )
    }
}

/// The indices `(i, j)` of a 2-D non-reducing nest and its inner loop's `LoopBegin`: the nests a
/// shape with a work-group of its own (`tile`, 2-D `coalesce`) is planned for.
pub(crate) fn two_dimensions(nest: &ParallelNest) -> Option<(NodeId, NodeId, NodeId)> {
    if nest.dims.len() != 2 || !nest.reductions.is_empty() {
        return None;
    }
    Some((nest.dims[0].index, nest.dims[1].index, nest.innermost()?))
}

/// Recognises a matmul-like nest (see the module docs) whose tiles fit `budget` bytes of local
/// memory (at [`MICRO`] points per work-item; operands past it read global memory); `None` when
/// the kernel does not have that shape.
pub fn plan_tiles(mg: &MethodGraph, nest: &ParallelNest, budget: usize) -> Option<TilePlan> {
    let g = &mg.graph;
    let (i, j, parallel_begin) = two_dimensions(nest)?;
    let mut memo = HashMap::new();
    let mut uniform = |n: NodeId| is_uniform(g, n, &mut memo, 0);

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
            is_uniform(g, n, &mut HashMap::new(), 0)
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
                TileSource::RowTile(tiles.len() - 1)
            } else {
                TileSource::ColTile(tiles.len() - 1)
            }
        } else {
            TileSource::Direct
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
    Some(TilePlan {
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

/// The level a value of the loop body with dependence bits `d` is computed at.
fn level(d: u8) -> Level {
    if d & ACC != 0 || d & (ROW | COL) == ROW | COL {
        Level::PerPoint
    } else if d & ROW != 0 {
        Level::PerRow
    } else if d & COL != 0 {
        Level::PerColumn
    } else {
        Level::PerK
    }
}

impl TilePlan {
    /// Where the loop body's value `n` is computed (`None`: not a value of the loop body).
    pub fn level(&self, n: NodeId) -> Option<Level> {
        self.deps.get(&n).map(|&d| level(d))
    }
}

/// Whether `n` is the same in every work-item: made of parameters, constants, static fields,
/// identities and array lengths only (`memo` caches answers; `depth` bounds the walk).
pub fn is_uniform(
    g: &ferrocl_graph::Graph,
    n: NodeId,
    memo: &mut HashMap<NodeId, bool>,
    depth: usize,
) -> bool {
    if let Some(&u) = memo.get(&n) {
        return u;
    }
    let u = depth < 32
        && match g.op(n) {
            Op::Parameter(_) | Op::Constant(_) | Op::StaticField(_) | Op::Identity(_) => true,
            Op::ArrayLength
            | Op::Binary(_)
            | Op::Negate
            | Op::Select
            | Op::Compare(_)
            | Op::NormalizeCompare { .. }
            | Op::Convert(_)
            | Op::Intrinsic(_) => g
                .inputs(n)
                .to_vec()
                .into_iter()
                .all(|x| is_uniform(g, x, memo, depth + 1)),
            _ => false,
        };
    memo.insert(n, u);
    u
}
