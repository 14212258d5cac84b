//! Printing of the tiled kernel (phase `tile`, planned on the graph: see `ferrocl_opt::TilePlan`
//! for the shape, and why its results are Java's and its accesses need no check): the local tiles,
//! the bounds test of values the same in every work-item, the loop over `k` in steps of
//! [`DEPTH`] with the group's loads into the tiles between barriers, every work-item's
//! [`MICRO`] × [`MICRO`] points in registers, and the body as written for one point as the
//! fallback when the test fails.
//!
//! Received: a plan of `ferrocl_opt::plan_tiles` and the written body of the kernel for one point.
//! Guaranteed: a `reqd_work_group_size(GROUP, GROUP, 1)` kernel whose NDRange covers [`MICRO`]
//! points per work-item in each dimension (`Kernel::coarsen`).

use crate::names::{c_elem_type, c_type};
use crate::{index_value, Writer, WriterError};
use ferrocl_graph::{NodeId, Op};
use ferrocl_opt::tile::{COEFFICIENT_LIMIT, DEPTH, GROUP, MICRO};
use ferrocl_opt::{Access, Level, Linear, Tile, TilePlan, TileSource};
use std::collections::HashMap;

/// The macro the kernel's source reads its points per work-item (along each dimension) from,
/// [`MICRO`] unless the build defines it: the host builds the kernel with another of
/// [`TilePlan::micro_choices`] for a launch with too few blocks of `GROUP * MICRO` points to fill the device, or
/// with blocks to spare.
pub const MICRO_MACRO: &str = "FERROCL_MICRO";
/// The macro of a group's block size, `GROUP * FERROCL_MICRO`.
const BLOCK_MACRO: &str = "FERROCL_BLOCK";
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
        plan: &TilePlan,
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
        plan: &TilePlan,
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
        plan: &TilePlan,
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
    fn step(&mut self, plan: &TilePlan, nm: &Names) -> Result<(), WriterError> {
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
            if source == TileSource::Direct && plan.level(load) == Some(Level::PerK) {
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
            let Some(level) = plan.level(n) else {
                continue;
            };
            match level {
                Level::PerRow if !row_front.contains(&n) => row_front.push(n),
                Level::PerColumn if !col_front.contains(&n) => col_front.push(n),
                Level::PerPoint if !plan.accs.iter().any(|a| a.0 == n) => {
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
                (&nm.m, &nm.rows, Level::PerRow)
            } else {
                (&nm.n, &nm.cols, Level::PerColumn)
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
                    TileSource::RowTile(t) if row => {
                        self.bind_text(
                            load,
                            format!("{}[{} + {GROUP} * {var}][{}]", nm.tiles[t], nm.ly, nm.kk),
                        );
                    }
                    TileSource::ColTile(t) if !row => {
                        self.bind_text(
                            load,
                            format!("{}[{}][{} + {GROUP} * {var}]", nm.tiles[t], nm.kk, nm.lx),
                        );
                    }
                    TileSource::Direct if plan.level(load) == Some(lvl) => {
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
            if source == TileSource::Direct && plan.level(load) == Some(Level::PerPoint) {
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
