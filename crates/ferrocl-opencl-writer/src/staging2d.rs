//! Printing of the staged 2-D kernel (phase `coalesce`, planned on the graph: see
//! `ferrocl_opt::stage2d` for the shape, and why its results are Java's and its accesses need no
//! check): staged loads with the block's `i` along the group's fastest dimension into padded tiles,
//! a barrier, the body for every point of the work-item (`j` fastest), a second barrier and the
//! staged stores; the body as written for one point when the bounds test fails.
//!
//! Received: a plan of `ferrocl_opt::plan_staging_2d` and the written body for one point.
//! Guaranteed: a `reqd_work_group_size(WIDTH, HEIGHT, 1)` kernel whose NDRange covers
//! `WIDTH / HEIGHT` points per work-item along `i` (`Kernel::coarsen`).

use crate::names::{c_elem_type, c_type};
use crate::{index_value, Writer, WriterError};
use ferrocl_graph::Op;
use ferrocl_opt::stage2d::{HEIGHT, ROWS, WIDTH};
use ferrocl_opt::StagePlan;
use std::collections::HashMap;

impl Writer<'_> {
    /// The body of the staged kernel for `plan` (see the module docs); `point` is the function
    /// that runs the kernel as written for one point, `args` its arguments but the point's ids.
    pub(crate) fn staged_2d_body(
        &mut self,
        plan: &StagePlan,
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
