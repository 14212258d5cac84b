//! Staged coalescing in 2-D nests (phase `coalesce`): in a nest over `(i, j)` whose work-items
//! along NDRange dimension 0 are consecutive `j`, an access whose index moves by one element with
//! `i` and by more with `j` (`out[j * n + i] = …`, Transpose's store, or a read `a[j * n + i]`)
//! touches one memory segment per work-item of a warp. The staged kernel moves such accesses
//! through local memory: a work-group of [`WIDTH`] × [`HEIGHT`] work-items owns a block of
//! [`WIDTH`] × [`WIDTH`] points. Staged loads are made first, with the block's `i` along the
//! group's fastest dimension (so each load of the group reads consecutive elements), into a
//! padded tile; after a barrier every work-item runs the body for its points (`j` fastest), reading
//! staged values from the tile and putting the values of staged stores into another; after a
//! second barrier the staged stores are made with `i` fastest again.
//!
//! Why the results are Java's: every point computes the same values with the same operations;
//! only where a loaded value comes from, and which work-item makes a store, change. A point's loads
//! all come before its stores (the body must have that shape), so moving its staged loads earlier
//! and its stores later keeps what it reads and writes; different points are different iterations
//! of a `@Parallel` loop, whose order Java leaves open. When all of a point's stores are staged they
//! stay in their order.
//!
//! Why no check is needed: as in the `tiling` module, the staged kernel runs only when a test of
//! values the same in every work-item proves every index of every access in bounds over the whole
//! NDRange; otherwise each work-item runs the kernel as written for each of its points, every
//! check in place. Staged loads for points outside the NDRange are made at its first point
//! (proven in bounds, never read back).
//!
//! Received: a 2-D non-reducing nest whose body is straight-line loads and then stores.
//! Guaranteed: a `reqd_work_group_size(WIDTH, HEIGHT, 1)` kernel whose NDRange covers
//! `WIDTH / HEIGHT` points per work-item along `i` (`Kernel::coarsen`).

use crate::names::{c_elem_type, c_type};
use crate::tiling::{affine3, Access, Affine3};
use crate::{index_value, Writer, WriterError};
use ferrocl_graph::{GuardKind, MethodGraph, NodeId, Op, Stamp};
use ferrocl_opt::{Linear, ParallelNest};
use std::collections::HashMap;

/// Work-items of a group along NDRange dimension 0 (`j`), and the block's side.
pub(crate) const WIDTH: usize = 32;
/// Work-items of a group along dimension 1 (`i`).
pub(crate) const HEIGHT: usize = 8;
/// Points per work-item along `i`.
pub(crate) const ROWS: usize = WIDTH / HEIGHT;

/// A recognised nest.
pub(crate) struct Plan {
    i: NodeId,
    j: NodeId,
    /// The body's loads in order, and whether each is staged.
    loads: Vec<(NodeId, bool)>,
    /// The body's stores in order.
    stores: Vec<NodeId>,
    /// Whether the stores are staged (then all of them are).
    stage_stores: bool,
    accesses: Vec<Access>,
}

impl Plan {
    /// The host's version of this kernel's bounds test, if it has one.
    pub(crate) fn host_proof(&self, mg: &MethodGraph) -> Option<crate::BoundsProof> {
        crate::tiling::host_proof(mg, &self.accesses, None)
    }

    /// How many array reads and writes go through local memory.
    pub(crate) fn staged(&self) -> (usize, usize) {
        let reads = self.loads.iter().filter(|(_, s)| *s).count();
        let writes = if self.stage_stores {
            self.stores.len()
        } else {
            0
        };
        (reads, writes)
    }
}

/// Whether an index moves by one element with `i` and by something else with `j`.
fn strided_along_j(form: &Affine3) -> bool {
    let unit = |l: &Linear| l.terms.is_empty() && l.constant.abs() == 1;
    unit(&form.coef[0]) && !unit(&form.coef[1])
}

/// Recognises a 2-D nest with accesses to stage (see the module docs).
pub(crate) fn plan(mg: &MethodGraph, nest: &ParallelNest, budget: usize) -> Option<Plan> {
    let g = &mg.graph;
    if nest.dims.len() != 2 || !nest.reductions.is_empty() {
        return None;
    }
    let (i, j) = (nest.dims[0].index, nest.dims[1].index);
    let parallel_begin = nest.innermost()?;
    let mut memo = HashMap::new();
    let mut uniform = |n: NodeId| crate::staging::uniform(g, n, &mut memo, 0);
    let mut loads = Vec::new();
    let mut stores = Vec::new();
    let mut cur = nest.body_entry;
    loop {
        match g.op(cur) {
            Op::Begin | Op::Guard(GuardKind::Index) => {}
            Op::ArrayLoad(_) if stores.is_empty() => loads.push(cur),
            Op::ArrayStore(_) => stores.push(cur),
            Op::LoopEnd if g.inputs(cur)[0] == parallel_begin => break,
            _ => return None,
        }
        cur = g.next(cur)?;
    }
    if stores.is_empty() {
        return None;
    }
    // No third induction variable: the body node stands for it and never appears in an index.
    let ivs = [i, j, nest.body_entry];
    let mut accesses = Vec::new();
    let mut forms = HashMap::new();
    for &n in loads.iter().chain(&stores) {
        let ins = g.inputs(n);
        if mg.params.iter().all(|p| p.node != ins[0]) {
            return None;
        }
        let form = affine3(g, ins[1], ivs, &mut uniform, 0)?;
        forms.insert(n, strided_along_j(&form));
        accesses.push((n, ins[0], form, false));
    }
    let mut bytes = 0;
    let mut tile = |n: NodeId| {
        let size = match g.op(n) {
            Op::ArrayLoad(e) => e.size_bytes(),
            Op::ArrayStore(_) => match g.stamp(g.inputs(n)[2]) {
                Stamp::Long | Stamp::Double => 8,
                _ => 4,
            },
            _ => 8,
        };
        bytes += WIDTH * (WIDTH + 1) * size;
        bytes <= budget
    };
    let stage_stores = stores.iter().all(|s| forms[s]) && stores.iter().all(|&s| tile(s));
    let loads: Vec<(NodeId, bool)> = loads.iter().map(|&l| (l, forms[&l] && tile(l))).collect();
    if !stage_stores && !loads.iter().any(|(_, s)| *s) {
        return None;
    }
    Some(Plan {
        i,
        j,
        loads,
        stores,
        stage_stores,
        accesses,
    })
}

impl Writer<'_> {
    /// The body of the staged kernel for `plan` (see the module docs); `point` is the function
    /// that runs the kernel as written for one point, `args` its arguments but the point's ids.
    pub(crate) fn staged_2d_body(
        &mut self,
        plan: &Plan,
        dim_names: &[(String, String)],
        steps: [i32; 2],
        point: &str,
        args: &[String],
        proven: Option<&str>,
    ) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let (start_i, count_i) = &dim_names[0];
        let (start_j, count_j) = &dim_names[1];
        // Local memory at the kernel's outermost scope: a tile per staged load and store.
        let mut load_tiles = HashMap::new();
        for (q, &(load, staged)) in plan.loads.iter().enumerate() {
            if !staged {
                continue;
            }
            let Op::ArrayLoad(elem) = *g.op(load) else {
                return Err(WriterError::Internal("a staged load is not a load".into()));
            };
            let name = self.names.own(&format!("ferrocl_in{q}"));
            self.line(&format!(
                "__local {} {name}[{WIDTH}][{}];",
                c_elem_type(elem),
                WIDTH + 1
            ));
            load_tiles.insert(load, name);
        }
        let mut store_tiles = Vec::new();
        if plan.stage_stores {
            for (q, &store) in plan.stores.iter().enumerate() {
                let name = self.names.own(&format!("ferrocl_out{q}"));
                let stamp = g.stamp(g.inputs(store)[2]);
                self.line(&format!(
                    "__local {} {name}[{WIDTH}][{}];",
                    c_type(stamp),
                    WIDTH + 1
                ));
                store_tiles.push(name);
            }
        }
        let lx = self.names.own("ferrocl_lx");
        let ly = self.names.own("ferrocl_ly");
        let gx = self.names.own("ferrocl_gx");
        let gy = self.names.own("ferrocl_gy");
        let r = self.names.own("ferrocl_r");
        self.line(&format!("const int {lx} = (int)get_local_id(0);"));
        self.line(&format!("const int {ly} = (int)get_local_id(1);"));
        self.line(&format!("const size_t {gx} = get_group_id(0) * {WIDTH};"));
        self.line(&format!("const size_t {gy} = get_group_id(1) * {WIDTH};"));

        // The test, the same in every work-item.
        let fast = self.names.own("ferrocl_staged");
        match proven {
            // Evaluated by the host for this launch (see the `bounds_proof` module).
            Some(arg) => self.line(&format!("const bool {fast} = {arg} != 0;")),
            None => {
                let [(i_lo, i_hi), (j_lo, j_hi)] = self.point_ranges(dim_names, steps);
                self.line(&format!("bool {fast} = true;"));
                let ranges = [(i_lo, i_hi), (j_lo, j_hi), ("0L".into(), "0L".into())];
                self.access_tests(&fast, &plan.accesses, &ranges, "false")?;
            }
        }
        self.line(&format!("if (!{fast}) {{"));
        let mut call = args.to_vec();
        call.push(format!("{gx} + (size_t){lx}"));
        call.push(format!("{gy} + (size_t)({ly} + {HEIGHT} * {r})"));
        self.line(&format!(
            "    for (int {r} = 0; {r} < {ROWS}; {r}++) {point}({});",
            call.join(", ")
        ));
        self.line("    return;");
        self.line("}");

        // `transposed`: the block's i along the group's dimension 0 (staged loads and stores);
        // otherwise j (the body).
        let open_point = |w: &mut Writer<'_>, transposed: bool| {
            let (pi, pj) = if transposed {
                (
                    format!("{gy} + (size_t){lx}"),
                    format!("{gx} + (size_t)({ly} + {HEIGHT} * {r})"),
                )
            } else {
                (
                    format!("{gy} + (size_t)({ly} + {HEIGHT} * {r})"),
                    format!("{gx} + (size_t){lx}"),
                )
            };
            w.line(&format!("for (int {r} = 0; {r} < {ROWS}; {r}++) {{"));
            w.open_scope();
            w.line(&format!("const size_t ferrocl_pi = {pi};"));
            w.line(&format!("const size_t ferrocl_pj = {pj};"));
            w.line(&format!(
                "const bool ferrocl_in = ferrocl_pi < (size_t){count_i} && ferrocl_pj < (size_t){count_j};"
            ));
        };
        let close_point = |w: &mut Writer<'_>| {
            w.close_scope();
            w.line("}");
        };
        let saved = self.values.clone();
        if !load_tiles.is_empty() {
            open_point(self, true);
            // Outside the NDRange: the first point's elements (proven, never read back).
            let first_i = index_value(start_i, "0", steps[0]);
            let first_j = index_value(start_j, "0", steps[1]);
            self.line(&format!(
                "const int ferrocl_li = ferrocl_in ? {} : {first_i};",
                index_value(start_i, "ferrocl_pi", steps[0])
            ));
            self.line(&format!(
                "const int ferrocl_lj = ferrocl_in ? {} : {first_j};",
                index_value(start_j, "ferrocl_pj", steps[1])
            ));
            self.bind_text(plan.i, "ferrocl_li");
            self.bind_text(plan.j, "ferrocl_lj");
            for &(load, staged) in &plan.loads {
                if !staged {
                    continue;
                }
                let (arr, _) = self.array(load, g.inputs(load)[0])?;
                let at = self.value(g.inputs(load)[1])?;
                self.line(&format!(
                    "{}[{lx}][{ly} + {HEIGHT} * {r}] = {arr}[{at}];",
                    load_tiles[&load]
                ));
            }
            close_point(self);
            self.values = saved.clone();
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }

        // The body, per point.
        open_point(self, false);
        self.line("if (ferrocl_in) {");
        self.open_scope();
        self.line(&format!(
            "const int ferrocl_bi = {};",
            index_value(start_i, "ferrocl_pi", steps[0])
        ));
        self.line(&format!(
            "const int ferrocl_bj = {};",
            index_value(start_j, "ferrocl_pj", steps[1])
        ));
        self.bind_text(plan.i, "ferrocl_bi");
        self.bind_text(plan.j, "ferrocl_bj");
        for &(load, staged) in &plan.loads {
            if staged {
                self.bind_text(
                    load,
                    format!("{}[{ly} + {HEIGHT} * {r}][{lx}]", load_tiles[&load]),
                );
            } else {
                self.fixed(load, "")?;
            }
        }
        for (q, &store) in plan.stores.iter().enumerate() {
            if plan.stage_stores {
                let v = self.value(g.inputs(store)[2])?;
                self.line(&format!(
                    "{}[{ly} + {HEIGHT} * {r}][{lx}] = {v};",
                    store_tiles[q]
                ));
            } else {
                self.fixed(store, "")?;
            }
        }
        self.close_scope();
        self.line("}");
        close_point(self);
        self.values = saved.clone();

        if plan.stage_stores {
            self.line("barrier(CLK_LOCAL_MEM_FENCE);");
            open_point(self, true);
            self.line("if (ferrocl_in) {");
            self.open_scope();
            self.line(&format!(
                "const int ferrocl_si = {};",
                index_value(start_i, "ferrocl_pi", steps[0])
            ));
            self.line(&format!(
                "const int ferrocl_sj = {};",
                index_value(start_j, "ferrocl_pj", steps[1])
            ));
            self.bind_text(plan.i, "ferrocl_si");
            self.bind_text(plan.j, "ferrocl_sj");
            for (q, &store) in plan.stores.iter().enumerate() {
                self.bind_text(
                    g.inputs(store)[2],
                    format!("{}[{lx}][{ly} + {HEIGHT} * {r}]", store_tiles[q]),
                );
                self.fixed(store, "")?;
            }
            self.close_scope();
            self.line("}");
            close_point(self);
            self.values = saved;
        }
        let (reads, writes) = plan.staged();
        *self.applied.entry("coalesce").or_default() += reads + writes;
        *self.applied.entry("coalesce.writes").or_default() += writes;
        Ok(())
    }
}
