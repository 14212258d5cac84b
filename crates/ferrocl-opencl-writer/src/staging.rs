//! Staged coalescing (phase `coalesce`): in a 1-D kernel whose work-items each walk a row
//! (`for (@Parallel i …) for (j …) s += a[i * n + j] * x[j]`), consecutive work-items read
//! addresses `n` elements apart, so every load of a warp touches as many memory segments as it has
//! work-items. The staged copy of the loop reads `a` through local memory instead: per tile of
//! [`STAGE`] columns, the work-group's [`STAGE`] work-items load the [`STAGE`] × [`STAGE`] block of
//! their rows together, each a column, so each load of the group is one contiguous run; after a
//! barrier each work-item runs its own iterations of the tile, reading its row of the block.
//!
//! Why the result is Java's, bit for bit: every work-item still runs its own iterations in their
//! order, with the same arithmetic; only where a loaded value comes from changes. The block holds
//! exactly the elements the rows' work-items would load in those iterations: the element of row
//! `r` and column `t + c` is `a[R_r + t + c]`, where the load's index is `j + R` (`R` invariant in
//! the inner loop) and `R = S * i + U` with `S` and `U` the same in every work-item (made of
//! parameters, lengths and constants), so `R_r = R + (r - lid) * S` in `int` arithmetic (a ring
//! identity, true modulo 2^32 as Java computes it). Nothing in the loop stores to any array, so
//! the values cannot change while the tile is in use.
//!
//! Why no load is out of bounds and every check keeps its meaning: the staged copy runs only when
//! the loop-entry test (see `entry_checks`) held in every active work-item of the group (an AND
//! over the group in local memory), and that test bounds the load's index for every iteration of
//! its work-item; the block loads elements of active rows and of iterations that run, and in
//! place of the others (rows past the trip count, columns past the loop's end) the group's first
//! row at the loop's first column, which is proven too and never read back. Otherwise the whole
//! group runs the loop as written, every check in place. Barriers are reached
//! by every work-item of the group: the work-items past the trip count stay until after the loop
//! (the kernel's usual early `return` moves there), nothing before the loop may fail a check or
//! touch memory, and the loop keeps no check that could end a work-item inside it.
//!
//! Loads of the same element in every row (`x[j]`: no `i` in the index) are staged too, as one
//! row, when another load of the loop is row-strided. In a tile's iterations the header's test is
//! known to stay (they are within the loop's range), so the copy there has one exit, the tile's
//! end; after the tiles, the loop as written runs from one past the range and only takes its exit
//! path. The same copy, every check in place, is the whole loop for a group that failed the test.
//!
//! Received: a versioned innermost loop at the top level of a 1-D, non-reducing kernel body,
//! nothing fixed written before it. Guaranteed: the loads named in the returned plan are read from
//! local memory in the staged copy; the kernel requires work-groups of [`STAGE`] work-items.

use crate::Writer;
use crate::WriterError;
use ferrocl_graph::{Graph, NodeId, Op};
use std::collections::HashMap;

use ferrocl_opt::stage1d::STAGE;

/// The writer's state for staged coalescing.
#[derive(Clone, Debug, Default)]
pub(crate) struct StageState {
    /// In a kernel that may stage: the parallel index's node and the trip count's C name.
    pub(crate) allowed: Option<(NodeId, String)>,
    /// Fixed nodes (loads, stores, checks, divisions, allocations) written so far.
    pub(crate) fixed_written: usize,
    /// Arrays staged in this kernel (then it requires work-groups of [`STAGE`]).
    pub(crate) staged: usize,
    /// While the staged copy is written: what each staged load reads instead.
    pub(crate) tile_reads: HashMap<NodeId, String>,
    /// A statement the next loop written starts with (the tile's end).
    pub(crate) loop_prefix: Option<String>,
    /// The header's condition, bound to its staying value in the staged copy only.
    pub(crate) bound_condition: Option<NodeId>,
    /// Work-items per group (and columns per tile) of the staged loop: [`STAGE`], or
    /// `ferrocl_opt::stage1d::SHARED_STAGE` when every staged load is shared.
    pub(crate) width: usize,
    /// Loads before the loop may be written deferred (see [`Lead`]); a speculative pass, redone
    /// without it when the loop is not staged after all.
    pub(crate) lead_allowed: bool,
    /// The loads written before the staged loop, while they are all the body has written.
    pub(crate) lead: Lead,
    /// The staging the `plan_kernel_shape` phase planned for the nest's loop, if any.
    pub(crate) plan: Option<ferrocl_opt::Stage1dPlan>,
}

/// Loads before a staged loop (`xi = x[i]` before N-body's inner loop). Every work-item of the
/// group must reach the loop's barriers, so nothing before the loop may end a work-item: such a
/// load reads nothing in a work-item past the trip count or where its check fails, and a failed
/// check sets a flag the work-item reports right after the loop (the status word; the JVM then
/// reruns the task, so the exception and the arrays are Java's). The loop in between stores
/// nothing and its bounds do not depend on these loads, so nothing observable happens before the
/// report.
#[derive(Clone, Debug, Default)]
pub(crate) struct Lead {
    /// Still only loads and their index checks at the top of the body.
    pub(crate) open: bool,
    /// Fixed nodes written in lead mode.
    pub(crate) fixed: usize,
    /// The failure flag and the status word's name, once a check was deferred.
    pub(crate) flag: Option<(String, String)>,
    /// Per load after a deferred check: the check's outcome.
    pub(crate) ok: HashMap<NodeId, String>,
}

/// A versioned loop (see `ferrocl_opt::LoopVersion`) as staging writes it.
pub(crate) struct StagedTest {
    /// The C name or expression of the loop's entry test.
    pub(crate) condition: String,
    /// The checks the test proves and the tested increment (written without check and as C's
    /// signed operation in the tiles).
    pub(crate) proven: std::collections::HashSet<NodeId>,
    /// The loop as a counted loop.
    pub(crate) counted: ferrocl_opt::Counted,
    /// The C expression of the tested variable's last value (`long`).
    pub(crate) last: String,
}

/// A versioned loop the writer will stage when it reaches its header (the branch on its test is
/// written as the loop as written only: every work-item of the group must reach the barriers).
pub(crate) struct PendingStage {
    /// The loop's `LoopBegin` (as written).
    pub(crate) header: NodeId,
    /// Its test.
    pub(crate) test: StagedTest,
    /// The loads staged.
    pub(crate) loads: Vec<StagedLoad>,
}

/// One load to stage: its node, and its index `j + base + (r - lid) * stride` for row `r`.
pub(crate) struct StagedLoad {
    load: NodeId,
    base: String,
    stride: String,
    /// The same element in every row (stride 0): one row of the tile is enough.
    shared: bool,
    /// Other loads of the same array at the same index, read from the same tile.
    also: Vec<NodeId>,
}

/// `Σ c * term + constant` in Java's wrapping `int` arithmetic, as C.
fn wrapping_c(
    w: &mut Writer<'_>,
    terms: &[(NodeId, i64)],
    constant: i64,
) -> Result<String, WriterError> {
    let mut parts = Vec::new();
    for &(t, c) in terms {
        let v = w.value(t)?;
        // The coefficient's low 32 bits: the product modulo 2^32 is what Java computes.
        parts.push(match c as u32 {
            1 => format!("(uint){v}"),
            c => format!("{c}u * (uint){v}"),
        });
    }
    if constant as u32 != 0 || parts.is_empty() {
        parts.push(format!("{}u", constant as u32));
    }
    Ok(format!("(int)({})", parts.join(" + ")))
}

impl Writer<'_> {
    /// Where `branch` (ending block `b`, its condition written as `condition`) is the branch on a
    /// versioned loop's entry test and that loop can be staged: what staging it takes.
    pub(crate) fn stage_versioned(
        &mut self,
        em: &mut crate::structure::Emitter<'_>,
        b: usize,
        branch: NodeId,
        condition: &str,
    ) -> Result<Option<PendingStage>, WriterError> {
        if self.stage.allowed.is_none() {
            return Ok(None);
        }
        let Some(version) = self.versions.iter().find(|v| v.branch == branch).cloned() else {
            return Ok(None);
        };
        let cfg = em.cfg;
        // Staged coalescing needs every work-item of the group at its barriers: the loop at the
        // top of the body, nothing fixed, no return and no loop before it. (Loads before it are
        // deferred in lead mode: see `Lead`.)
        let lead = self.stage.lead.fixed;
        let top = self.stage.fixed_written == lead
            && em.loops_is_empty()
            && self.scope.is_empty()
            && (0..cfg.blocks.len())
                .filter(|&c| cfg.rpo_index[c] < cfg.rpo_index[b])
                .all(|c| {
                    !cfg.is_loop_header(c)
                        && !cfg.blocks[c]
                            .nodes
                            .iter()
                            .any(|&n| *self.mg.graph.op(n) == Op::Return)
                });
        let g = &self.mg.graph;
        let mut proven: std::collections::HashSet<NodeId> =
            version.proven.iter().copied().collect();
        proven.extend(g.inputs(version.counted.phi)[2..].iter().copied());
        let mut test = StagedTest {
            condition: condition.to_string(),
            proven,
            counted: version.counted.clone(),
            last: String::new(),
        };
        let Some(loads) = self.stage_plan(branch, top)? else {
            return Ok(None);
        };
        let last = version.counted.last;
        test.last = self.with_place(em, b, |w| w.value(last))?;
        Ok(Some(PendingStage {
            header: version.checked,
            test,
            loads,
        }))
    }

    /// The loads the staged copy of the versioned loop `test` reads from local memory, as the
    /// `plan_kernel_shape` phase planned them (`ferrocl_opt::Stage1dPlan`) for the loop whose entry
    /// branch is `branch`; `None` where it planned nothing for it, or where the loop is not at the
    /// top level of the body with nothing fixed written before it (`top`: then the writer declines
    /// the plan and the loop runs as versioned).
    pub(crate) fn stage_plan(
        &mut self,
        branch: NodeId,
        top: bool,
    ) -> Result<Option<Vec<StagedLoad>>, WriterError> {
        if self.stage.allowed.is_none() || !top {
            return Ok(None);
        }
        let Some(plan) = self.stage.plan.clone().filter(|p| p.branch == branch) else {
            return Ok(None);
        };
        self.stage.width = plan.width;
        let mut loads = Vec::with_capacity(plan.loads.len());
        for l in &plan.loads {
            let base = wrapping_c(self, &l.rest.terms, l.rest.constant)?;
            let shared = l.stride.is_zero();
            let stride = wrapping_c(self, &l.stride.terms, l.stride.constant)?;
            loads.push(StagedLoad {
                load: l.load,
                base,
                stride,
                shared,
                also: l.also.clone(),
            });
        }
        Ok(Some(loads))
    }

    /// Opens the staged copy of versioned loop `test` (its test lines already written): the
    /// group's AND of the entry test, the tile loop, the block's loads and the barrier; the caller
    /// then writes the loop as written (each staged load reads local memory, and the loop ends
    /// with the tile), then calls [`Writer::staged_fallback`].
    pub(crate) fn begin_staged(
        &mut self,
        test: &StagedTest,
        loads: &[StagedLoad],
    ) -> Result<(), WriterError> {
        let Some((_, count)) = self.stage.allowed.clone() else {
            return Err(WriterError::Internal("staging outside a 1-D kernel".into()));
        };
        let width = self.stage.width;
        // Loads before the loop are no longer deferred; their flag is reported after it.
        self.stage.lead.open = false;
        let g = &self.mg.graph;
        // At most one staged loop per kernel (nothing fixed may come before it), so these names
        // are the kernel's own.
        let all = self.names.own("ferrocl_group_fast");
        self.top_decls.push(format!("__local int {all};"));
        let lid = self.names.own("ferrocl_lid");
        let t = self.names.own("ferrocl_tile_start");
        let r = self.names.own("ferrocl_row");
        let end = self.names.own("ferrocl_tile_end");
        let k = self.phi_var(test.counted.phi);
        let last = test.last.clone();
        // Per staged load: where this work-item's column starts (`base - lid * stride + lid`,
        // so that row `r` of tile `t` is `at + t + r * stride`), and a safe element: the group's
        // first row (always within the trip count) at the loop's first column, which the group's
        // test proved in bounds. Every load of a tile is made, unconditionally, each at its own
        // element or, for rows past the trip count and columns past the loop's end, at the safe
        // one (never read back). Measured on the H200 (MatVec 8192, `bench-native` harness of
        // 2026-11-25): loads under an `if` per element ran 3x slower than these.
        let row0 = self.names.own("ferrocl_row0");
        let rows = self.names.own("ferrocl_rows");
        let col_ok = self.names.own("ferrocl_column_ok");
        let ok = self.names.own("ferrocl_ok");
        let mut starts = Vec::new();
        let mut row_lines = Vec::new();
        let mut shared_lines = Vec::new();
        let ts = self.names.own("ferrocl_tile_first");
        let mut reads = HashMap::new();
        for (n, l) in loads.iter().enumerate() {
            let array = g.inputs(l.load)[0];
            let elem = match g.op(l.load) {
                Op::ArrayLoad(e) => *e,
                _ => return Err(WriterError::Internal("a staged node is not a load".into())),
            };
            let (arr, _) = self.array(l.load, array)?;
            let tile = self.names.own(&format!("ferrocl_tile{n}"));
            let at = self.names.own(&format!("ferrocl_at{n}"));
            let safe = self.names.own(&format!("ferrocl_safe{n}"));
            let ty = crate::names::c_elem_type(elem);
            if l.shared {
                // One row: work-item `lid` loads column `lid`.
                self.top_decls
                    .push(format!("__local {ty} {tile}[{width}];"));
                starts.push(format!("const uint {at} = (uint){} + (uint){lid};", l.base));
                starts.push(format!("const uint {safe} = (uint){} + (uint){k};", l.base));
                shared_lines.push(format!(
                    "{tile}[{lid}] = {arr}[(int)({col_ok} ? {at} + (uint){t} : {safe})];"
                ));
                for &n in std::iter::once(&l.load).chain(&l.also) {
                    reads.insert(n, format!("{tile}[{k} - {ts}]"));
                }
                continue;
            }
            let stride = self.names.own(&format!("ferrocl_stride{n}"));
            self.top_decls
                .push(format!("__local {ty} {tile}[{STAGE}][{}];", STAGE + 1));
            starts.push(format!("const uint {stride} = (uint){};", l.stride));
            starts.push(format!(
                "const uint {at} = (uint){} - (uint){lid} * {stride} + (uint){lid};",
                l.base
            ));
            starts.push(format!(
                "const uint {safe} = {at} - (uint){lid} + (uint){k};"
            ));
            row_lines.push(format!(
                "{tile}[{r}][{lid}] = {arr}[(int)({ok} ? {at} + (uint){t} + (uint){r} * {stride} : {safe})];"
            ));
            for &n in std::iter::once(&l.load).chain(&l.also) {
                reads.insert(n, format!("{tile}[{lid}][{k} - {ts}]"));
            }
        }
        self.stage.staged += loads.len();
        *self.applied.entry("coalesce").or_default() += loads.len();
        self.line(&format!(
            "// Staged coalescing: {} array read(s) through local memory, {width} columns at a time, when the whole work-group passes the test.",
            loads.len()
        ));
        self.line(&format!("if (get_local_id(0) == 0) {all} = 1;"));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(&format!("if ({ACTIVE} && !{}) {all} = 0;", test.condition));
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(&format!("if ({all}) {{"));
        self.open_scope();
        self.line(&format!("const int {lid} = (int)get_local_id(0);"));
        self.line(&format!(
            "const size_t {row0} = get_global_id(0) - (size_t){lid};"
        ));
        self.line(&format!(
            "const int {rows} = (int)min((size_t){width}, (size_t){count} - {row0});"
        ));
        for line in &starts {
            self.line(line);
        }
        self.line(&format!(
            "for (long {t} = (long){k}; {t} <= {last}; {t} += {width}L) {{"
        ));
        self.open_scope();
        self.line(&format!(
            "const bool {col_ok} = {t} + (long){lid} <= {last};"
        ));
        if !row_lines.is_empty() {
            self.line(&format!("for (int {r} = 0; {r} < {STAGE}; {r}++) {{"));
            self.line(&format!("    const bool {ok} = {col_ok} && {r} < {rows};"));
            for l in &row_lines {
                self.line(&format!("    {l}"));
            }
            self.line("}");
        }
        for l in &shared_lines {
            self.line(l);
        }
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.line(&format!("if ({ACTIVE}) {{"));
        self.open_scope();
        // The tile's iterations: in them the header's test always stays (they are within the
        // loop's range), so the copy is a loop with one exit, the tile's end; the loop's own exit
        // runs after the tiles, in the copy as written (see `staged_fallback`).
        self.line(&format!(
            "const int {end} = (int)min({t} + {}L, {last});",
            width - 1
        ));
        self.line(&format!("const int {ts} = (int){t};"));
        // The variable is already at the tile's first column (the tiles cover the range in order,
        // and each ends its loop one past its last column); saying so lets the driver's compiler
        // count the tile's iterations from its start. Measured on the H100 (`bench-native/nbody2`,
        // N-body 16384, exact mode's build options): 0.934 of the hand-written kernel without this
        // assignment, 0.989 with it.
        self.line(&format!("{k} = {ts};"));
        self.stage.loop_prefix = Some(format!("if ({k} > {end}) break;"));
        let (branch, stays) = test.counted.test;
        let condition = self.mg.graph.inputs(branch)[0];
        self.values
            .insert(condition, if stays { "true" } else { "false" }.to_string());
        self.stage.bound_condition = Some(condition);
        self.stage.tile_reads = reads;
        Ok(())
    }

    /// Closes the tile loop and opens the copy as written, which every active work-item runs:
    /// after the tiles it only takes the loop's exit (the variable is past the range), and in a
    /// group where some work-item failed the test it runs the whole loop, every check in place.
    pub(crate) fn staged_fallback(&mut self) {
        self.stage.tile_reads.clear();
        self.stage.loop_prefix = None;
        self.close_scope();
        self.line("}");
        self.line("barrier(CLK_LOCAL_MEM_FENCE);");
        self.close_scope();
        self.line("}");
        self.close_scope();
        self.line("}");
        self.line(&format!("if ({ACTIVE}) {{"));
        self.open_scope();
    }

    /// Closes the fallback; work-items past the trip count end here, and a work-item whose check
    /// before the loop failed reports it (see [`Lead`]).
    pub(crate) fn end_staged(&mut self) {
        self.close_scope();
        self.line("}");
        let exit = self.exit.clone();
        self.line(&format!("if (!{ACTIVE}) {exit}"));
        if let Some((flag, status)) = self.stage.lead.flag.clone() {
            self.line(&format!(
                "if ({flag}) {{ *{status} = {}; {exit} }}",
                crate::STATUS_INDEX
            ));
        }
    }

    /// The condition under which lead mode's load `id` reads: its deferred checks held (and the
    /// work-item is active).
    fn lead_condition(&mut self, id: NodeId) -> String {
        self.stage
            .lead
            .ok
            .remove(&id)
            .unwrap_or_else(|| ACTIVE.to_string())
    }

    /// In lead mode (see [`Lead`]), writes fixed node `id` deferred and returns `true`; `false`
    /// when lead mode is over (or ends at this node), and the node is written as usual.
    pub(crate) fn lead_fixed(&mut self, id: NodeId, status: &str) -> Result<bool, WriterError> {
        if !self.stage.lead_allowed || !self.stage.lead.open {
            return Ok(false);
        }
        let g = &self.mg.graph;
        let inputs = g.inputs(id).to_vec();
        let top = self.scope.is_empty();
        match g.op(id).clone() {
            // Only a check right before the load it protects (or among the checks right before
            // the vector load of its lane) is deferred, the load then made conditional; any
            // other ends lead mode, and is written as usual.
            Op::Guard(ferrocl_graph::GuardKind::Index)
                if top && protected_load(g, id).is_some() =>
            {
                if self.proven.contains(&id) {
                    self.stage.lead.fixed += 1;
                    return Ok(true);
                }
                let (_, len) = self.array(id, inputs[1])?;
                let index = self.value(inputs[0])?;
                let flag = match self.stage.lead.flag.clone() {
                    Some((flag, _)) => flag,
                    None => {
                        let flag = self.names.own("ferrocl_lead_failed");
                        self.line(&format!("bool {flag} = false;"));
                        self.stage.lead.flag = Some((flag.clone(), status.to_string()));
                        flag
                    }
                };
                let ok = self.names.own(&format!("ferrocl_in_bounds{}", id.index()));
                self.line(&format!(
                    "const bool {ok} = {ACTIVE} && (uint){index} < (uint){len};"
                ));
                self.line(&format!("{flag} |= {ACTIVE} && !{ok};"));
                if let Some(load) = protected_load(g, id) {
                    // A vector load reads when every lane's check held.
                    let all = match self.stage.lead.ok.remove(&load) {
                        Some(earlier) => format!("{earlier} && {ok}"),
                        None => ok,
                    };
                    self.stage.lead.ok.insert(load, all);
                }
                *self.applied.entry("coalesce.deferred").or_default() += 1;
                self.stage.lead.fixed += 1;
                Ok(true)
            }
            Op::ArrayLoad(elem) if top => {
                let (arr, _) = self.array(id, inputs[0])?;
                let index = self.value(inputs[1])?;
                let ok = self.lead_condition(id);
                self.bind(
                    id,
                    elem.value_stamp(),
                    format!("({ok} ? {arr}[{index}] : 0)"),
                );
                self.stage.lead.fixed += 1;
                Ok(true)
            }
            Op::VectorLoad(_) if top => {
                let ok = self.lead_condition(id);
                self.vector_load_when(id, Some(&ok))?;
                self.stage.lead.fixed += 1;
                Ok(true)
            }
            _ => {
                self.stage.lead.open = false;
                Ok(false)
            }
        }
    }
}

/// The load index check `guard` protects when it is right before it: an `ArrayLoad` of its index
/// and array, or a `VectorLoad` with a lane at its index after a run of index checks.
fn protected_load(g: &Graph, guard: NodeId) -> Option<NodeId> {
    let (index, array) = (g.inputs(guard)[0], g.inputs(guard)[1]);
    let mut cur = g.next(guard)?;
    loop {
        match g.op(cur) {
            Op::ArrayLoad(_) => return (g.inputs(cur) == [array, index]).then_some(cur),
            Op::VectorLoad(_) => {
                let access = g.element_access(cur)?;
                return (access.array == array && access.indices.contains(&index)).then_some(cur);
            }
            Op::Guard(ferrocl_graph::GuardKind::Index) => cur = g.next(cur)?,
            _ => return None,
        }
    }
}

/// The C name of "this work-item is within the trip count" in a staged kernel.
pub(crate) const ACTIVE: &str = "ferrocl_active";
