//! The phase manager: a [`Context`] holding the method's graph and the analyses phases share
//! (computed once, dropped when a phase changes what they describe, as Cranelift's `Context` keeps
//! its CFG and dominator tree), the [`Phase`] trait, and the [`Suite`] `ferrocl-jit` builds from
//! the [`PhaseSwitches`].
//!
//! Every optimising phase of the compiler has a name in [`OPTIONAL_PHASES`] and can be switched off
//! (`-Dferrocl.opt.<name>=false` on the Java side); the phases that make a method compilable at all
//! (canonical form, the check of private arrays, parallel-loop and reduction recognition) cannot.
//! A phase that changed the code records an [`Applied`] in [`MethodGraph::applied`]: `report()`
//! shows that list for each kernel.

use crate::parallel::walk_body;
use crate::{
    canonicalize_with, check_private_arrays, eliminate_guards, if_convert, lower_checks,
    narrow_float, recognize_parallel_loops, recognize_reductions, NestShape, OptError,
    ParallelNest,
};
use ferrocl_graph::{
    count, verify, Applied, BailoutKind, Dominators, Graph, MethodGraph, NodeId, Op,
};
use std::collections::{BTreeSet, HashSet};
use std::fmt;

/// Where an optional phase runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// While the front end builds the graph.
    FrontEnd,
    /// On the graph (this crate).
    Graph,
    /// While the writer prints the kernel.
    Writer,
}

/// An optimising phase that can be switched off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseInfo {
    /// Its name, as `-Dferrocl.opt.<name>` spells it.
    pub name: &'static str,
    /// Where it runs.
    pub stage: Stage,
    /// What it does, and what switching it off means.
    pub what: &'static str,
}

/// Every optimising phase, in the order they run.
pub const OPTIONAL_PHASES: &[PhaseInfo] = &[
    PhaseInfo {
        name: "devirtualize",
        stage: Stage::FrontEnd,
        what: "virtual and interface calls compiled for the objects' classes at execute() \
               (off: such calls bail out)",
    },
    PhaseInfo {
        name: "scalarReplace",
        stage: Stage::FrontEnd,
        what: "objects allocated in the kernel replaced by their fields (off: `new` bails out)",
    },
    PhaseInfo {
        name: "gvn",
        stage: Stage::Graph,
        what: "global value numbering: equal computations computed once",
    },
    PhaseInfo {
        name: "narrowFloat",
        stage: Stage::Graph,
        what: "a double + - * / % or sqrt of float values rounded back to float computed in float \
               (exact: double rounding is innocuous at 53 >= 2*24+2 bits)",
    },
    PhaseInfo {
        name: "hoistLoads",
        stage: Stage::Graph,
        what: "loads in a loop's header of an element the loop does not change (`i < count[0]`, \
               an inner loop's `c < cols[0]`) read once before the loop (before a @Parallel nest: \
               by the host, where Java reads them; off: such a @Parallel bound bails out)",
    },
    PhaseInfo {
        name: "perfectNest",
        stage: Stage::Graph,
        what: "loads, checks and divisions between two @Parallel loops (`float ai = a[i];`, \
               `float[] r = m[i];`) moved into the inner loop, each work-item reading what Java \
               read once per outer index (off: such code bails out)",
    },
    PhaseInfo {
        name: "nestedLoads",
        stage: Stage::Graph,
        what: "loads of a multi-dimensional argument's table (which no kernel writes): an equal \
               dominating load reused, and a row's length and start read before a sequential loop \
               that does not change the row",
    },
    PhaseInfo {
        name: "ifConvert",
        stage: Stage::Graph,
        what: "branches outside loops that only choose values (`boolean pos = k > 0;`, \
               `n > cap ? cap : n`, `a && b`) made selects, so that code before a @Parallel loop \
               is straight (off: such code bails out)",
    },
    PhaseInfo {
        name: "guardElimination",
        stage: Stage::Graph,
        what:
            "index and divisor guards removed where value ranges prove them (private arrays, \
               masks, counted loops bounded by the array's length) or an equal guard dominates them",
    },
    PhaseInfo {
        name: "unroll",
        stage: Stage::Graph,
        what: "the grid-stride loop of a @Reduce kernel whose body is straight-line runs 4 \
               iterations per step, interleaved, each into accumulators of its own (floating-point \
               sums and products then round in another order, as the work-group tree does)",
    },
    PhaseInfo {
        name: "reduceVersioning",
        stage: Stage::Graph,
        what: "index checks of an unrolled @Reduce loop affine in its index tested once per \
               work-item for the whole range; the unrolled loop runs without them",
    },
    PhaseInfo {
        name: "vectorize",
        stage: Stage::Graph,
        what: "loads at the index of an unrolled @Reduce loop read as 4-wide vectors, 8 \
               iterations per step",
    },
    PhaseInfo {
        name: "hostVersioning",
        stage: Stage::Graph,
        what: "index checks of the @Parallel body (1-, 2- or 3-D) whose index is affine in the parallel indices \
               tested once per launch on the host, with a check-free copy of the body (and no \
               status word when nothing else can fail)",
    },
    PhaseInfo {
        name: "vectorAccess",
        stage: Stage::Graph,
        what: "a work-item's loads (or stores) of n consecutive elements in straight-line code \
               as one n-wide access, every lane's check made before it",
    },
    PhaseInfo {
        name: "loopVersioning",
        stage: Stage::Graph,
        what: "index and divisor checks of inner counted loops tested once at loop entry, with a \
               check-free copy of the loop",
    },
    PhaseInfo {
        name: "coalesce",
        stage: Stage::Graph,
        what: "row-strided reads of an inner loop (a[i * n + j]) staged through local memory in \
               tiles the work-group loads together, so that its global reads are contiguous (in \
               2-D nests, strided loads and stores such as Transpose's)",
    },
    PhaseInfo {
        name: "tile",
        stage: Stage::Graph,
        what: "matmul-like 2-D nests tiled: operand blocks staged in local memory, each \
               work-item computing 4x4 points in registers, every point's operations in Java's order",
    },
    PhaseInfo {
        name: "coherentBranches",
        stage: Stage::Graph,
        what: "a 1-D kernel whose loop branches on the parity of the parallel index runs the even \
               iterations on one half of the work-items and the odd ones on the other, so that a \
               warp takes one side of the branch",
    },
    PhaseInfo {
        name: "restrict",
        stage: Stage::Writer,
        what: "array arguments declared restrict in launches where no two are the same array \
               (the host picks the build), so loads may be reordered and read-only ones cached",
    },
    PhaseInfo {
        name: "constantMemory",
        stage: Stage::Writer,
        what: "read-only arrays that every work-item reads alike, in loops bounded without array \
               lengths (keys, filter taps), bound in constant memory when they fit the device's limit",
    },
    PhaseInfo {
        name: "hoistInvariants",
        stage: Stage::Writer,
        what: "values an inner loop does not change (a Math call of a parameter, a row offset) \
               computed once before the loop instead of in every iteration",
    },
    PhaseInfo {
        name: "sinCosPairs",
        stage: Stage::Writer,
        what: "a narrowed float sine and cosine of one argument computed together: one argument \
               reduction, one rounding test and one branch to the double paths instead of two",
    },
    PhaseInfo {
        name: "redundantChecks",
        stage: Stage::Writer,
        what: "an index check dominated by the same check on the same path is not repeated",
    },
];

/// The switch of relaxed math (`relaxedMath=true`): not a phase, and off unless asked for. Then
/// `Math`'s transcendental functions are OpenCL's built-ins and `a * b + c` may be contracted into
/// a fused multiply-add; `StrictMath` and every other operation stay Java's.
pub const RELAXED_MATH: &str = "relaxedMath";

/// Which optional phases run: all of them unless switched off; and whether math is relaxed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PhaseSwitches {
    off: BTreeSet<&'static str>,
    relaxed_math: bool,
}

impl PhaseSwitches {
    /// Every phase on.
    pub fn all_on() -> Self {
        PhaseSwitches::default()
    }

    /// Parses `name=false,name=true,…` (whitespace around items and the case of `true`/`false`
    /// ignored; an empty text is every phase on). Refuses unknown names and values other than `true` and `false`, naming the
    /// known phases.
    pub fn parse(spec: &str) -> Result<Self, String> {
        let mut switches = PhaseSwitches::default();
        for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let Some((name, value)) = item.split_once('=') else {
                return Err(format!(
                    "optimisation switch `{item}` is not of the form <phase>=true|false"
                ));
            };
            // As Java's `Boolean.parseBoolean` reads them: case does not matter.
            let on = match value.trim().to_ascii_lowercase().as_str() {
                "true" => true,
                "false" => false,
                _ => {
                    let other = value.trim();
                    return Err(format!(
                        "ferrocl.opt.{}: `{other}` is neither true nor false",
                        name.trim()
                    ));
                }
            };
            switches.set(name.trim(), on)?;
        }
        Ok(switches)
    }

    /// Switches phase `name` on or off (or relaxed math, [`RELAXED_MATH`]); refuses a name that is
    /// no optional phase.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        if name == RELAXED_MATH {
            self.relaxed_math = on;
            return Ok(());
        }
        let Some(info) = OPTIONAL_PHASES.iter().find(|p| p.name == name) else {
            let known: Vec<&str> = OPTIONAL_PHASES.iter().map(|p| p.name).collect();
            return Err(format!(
                "ferrocl.opt.{name}: no optimisation phase of that name (known: {})",
                known.join(", ")
            ));
        };
        if on {
            self.off.remove(info.name);
        } else {
            self.off.insert(info.name);
        }
        Ok(())
    }

    /// Whether math is relaxed (see [`RELAXED_MATH`]).
    pub fn relaxed_math(&self) -> bool {
        self.relaxed_math
    }

    /// Whether phase `name` runs.
    pub fn is_on(&self, name: &str) -> bool {
        !self.off.contains(name)
    }

    /// The phases switched off, in name order.
    pub fn off(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.off.iter().copied()
    }
}

impl fmt::Display for PhaseSwitches {
    /// The canonical text [`PhaseSwitches::parse`] reads back (`a=false,b=false`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, name) in self.off.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            write!(f, "{name}=false")?;
        }
        if self.relaxed_math {
            if !self.off.is_empty() {
                f.write_str(",")?;
            }
            write!(f, "{RELAXED_MATH}=true")?;
        }
        Ok(())
    }
}

/// One loop of the graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopInfo {
    /// Its `LoopBegin`.
    pub begin: NodeId,
    /// The innermost loop around it (an index into [`LoopForest::loops`]).
    pub parent: Option<usize>,
    /// 0 for a loop in no other loop.
    pub depth: usize,
    /// Its fixed nodes (the header, the body, its `LoopEnd`s and `LoopExit`s; nested loops' too).
    pub body: HashSet<NodeId>,
}

/// The loops of a graph and how they nest.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoopForest {
    /// Every loop, outer loops before the loops inside them.
    pub loops: Vec<LoopInfo>,
}

impl LoopForest {
    /// Computes the loops of `mg`'s graph: each `LoopBegin` with the fixed nodes reachable from it
    /// before its back edges and exits.
    pub fn compute(mg: &MethodGraph) -> LoopForest {
        let g = &mg.graph;
        let mut found: Vec<(NodeId, HashSet<NodeId>)> = g
            .node_ids()
            .filter(|&n| *g.op(n) == Op::LoopBegin)
            .map(|begin| {
                let body = walk_body(mg, begin, begin, false).unwrap_or_default();
                (begin, body)
            })
            .collect();
        // An enclosing loop's body holds more nodes than the loops inside it.
        found.sort_by_key(|(begin, body)| (std::cmp::Reverse(body.len()), *begin));
        let mut loops: Vec<LoopInfo> = Vec::with_capacity(found.len());
        for (begin, body) in found {
            let parent = loops
                .iter()
                .enumerate()
                .filter(|(_, l)| l.begin != begin && l.body.contains(&begin))
                .max_by_key(|(_, l)| l.depth)
                .map(|(k, _)| k);
            let depth = parent.map_or(0, |p| loops[p].depth + 1);
            loops.push(LoopInfo {
                begin,
                parent,
                depth,
                body,
            });
        }
        LoopForest { loops }
    }

    /// The loop whose `LoopBegin` is `begin`.
    pub fn get(&self, begin: NodeId) -> Option<&LoopInfo> {
        self.loops.iter().find(|l| l.begin == begin)
    }

    /// Whether loop `outer` (a `LoopBegin`) strictly contains loop `inner`.
    pub fn contains(&self, outer: NodeId, inner: NodeId) -> bool {
        outer != inner && self.get(outer).is_some_and(|l| l.body.contains(&inner))
    }

    /// The loops with no loop inside them.
    pub fn innermost(&self) -> impl Iterator<Item = &LoopInfo> + '_ {
        self.loops
            .iter()
            .enumerate()
            .filter(|(k, _)| !self.loops.iter().any(|l| l.parent == Some(*k)))
            .map(|(_, l)| l)
    }
}

/// What a phase changed, so the context knows which analyses still hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Changed {
    /// Nothing.
    Nothing,
    /// Floating nodes only: the control flow and the loops are as they were.
    Values,
    /// Fixed nodes or control flow: every cached analysis is dropped.
    ControlFlow,
}

/// What the phases know of the device the kernels are for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// The device gives work-groups local memory worth staging data in (GPUs; not CPU devices,
    /// whose "local" memory is ordinary memory): kernel shapes with tiles are planned only then.
    pub local_memory: bool,
    /// Bytes of local memory one kernel's tiles may take.
    pub tile_budget: usize,
}

impl Default for Target {
    /// A full-profile device: local memory, 24 KiB of tiles (three quarters of the 32 KiB every
    /// such device has).
    fn default() -> Self {
        Target {
            local_memory: true,
            tile_budget: 24 << 10,
        }
    }
}

/// The method being optimised, the phases' results and the analyses they share.
pub struct Context<'m> {
    /// The graph and its side tables.
    pub mg: &'m mut MethodGraph,
    /// Which optional phases run.
    pub switches: &'m PhaseSwitches,
    /// The device the kernels are for ([`Target::default`] unless set).
    pub target: Target,
    /// The parallel nests found (set by the recognition phase).
    pub nests: Vec<ParallelNest>,
    /// The arrays the host allocates for the method (set by `scratch_arrays`).
    pub scratch: Vec<crate::ScratchArray>,
    /// The sequential loop around the `@Parallel` loops that `repeat_loops` took out of the graph.
    pub repeat: Option<crate::RepeatLoop>,
    /// The values Java stores into `@Reduce` outputs before the loops, which the host evaluates
    /// (set by `reduce_choices`, given to the reductions by `recognize_reductions`): the index of
    /// the output in [`MethodGraph::params`] and the value.
    pub reduce_starts: Vec<(usize, crate::HostExpr)>,
    /// The values Java stores into `@Reduce` outputs after the loops, which the host evaluates
    /// from the folded values (set by `reduce_choices`, given to the reductions by
    /// `recognize_reductions`).
    pub reduce_tails: Vec<(usize, crate::HostExpr)>,
    loops: Option<LoopForest>,
    loop_computations: usize,
    dominators: Option<Dominators>,
}

impl<'m> Context<'m> {
    /// A context for `mg` under `switches`, no analysis computed yet.
    pub fn new(mg: &'m mut MethodGraph, switches: &'m PhaseSwitches) -> Self {
        Context {
            mg,
            switches,
            target: Target::default(),
            nests: Vec::new(),
            scratch: Vec::new(),
            repeat: None,
            reduce_starts: Vec::new(),
            reduce_tails: Vec::new(),
            loops: None,
            loop_computations: 0,
            dominators: None,
        }
    }

    /// The loop forest, computed on first use and kept until a phase changes the control flow.
    pub fn loops(&mut self) -> &LoopForest {
        self.graph_and_loops().1
    }

    /// The graph with its loop forest (computed as [`Context::loops`] does), borrowed together.
    pub fn graph_and_loops(&mut self) -> (&MethodGraph, &LoopForest) {
        let (mg, computations) = (&*self.mg, &mut self.loop_computations);
        let loops = self.loops.get_or_insert_with(|| {
            *computations += 1;
            LoopForest::compute(mg)
        });
        (mg, loops)
    }

    /// The graph with its loop forest and the dominators of its fixed nodes, each computed on
    /// first use and kept until a phase changes the control flow.
    pub fn graph_loops_dominators(&mut self) -> (&MethodGraph, &LoopForest, &Dominators) {
        let (mg, computations) = (&*self.mg, &mut self.loop_computations);
        let loops = self.loops.get_or_insert_with(|| {
            *computations += 1;
            LoopForest::compute(mg)
        });
        let dominators = self
            .dominators
            .get_or_insert_with(|| Dominators::compute(&mg.graph));
        (mg, loops, dominators)
    }

    /// How many times the loop forest was computed (for tests of the cache).
    pub fn loop_computations(&self) -> usize {
        self.loop_computations
    }

    /// Drops the analyses `changed` invalidates.
    pub fn invalidate(&mut self, changed: Changed) {
        if changed == Changed::ControlFlow {
            self.loops = None;
            self.dominators = None;
        }
    }

    /// Records that optional phase `phase` changed the code.
    pub fn applied(&mut self, phase: &'static str, detail: String) {
        self.mg.applied.push(Applied { phase, detail });
    }
}

/// One phase over the graph.
pub trait Phase {
    /// Its name (for dumps, the verifier's messages and, for optional phases, the switch).
    fn name(&self) -> &'static str;

    /// Whether it can be switched off (then [`Phase::name`] is in [`OPTIONAL_PHASES`]).
    fn optional(&self) -> bool {
        false
    }

    /// Runs the phase; says what it changed.
    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError>;
}

/// Observer called with each phase's name and resulting graph (for `--dump-graph`).
pub type PhaseObserver<'a> = &'a mut dyn FnMut(&str, &Graph);

/// The phases of one compilation, in order.
pub struct Suite {
    phases: Vec<Box<dyn Phase>>,
}

impl Suite {
    /// The standard pipeline: canonicalisation (with value numbering, `gvn`), `@Parallel` loops
    /// with a `long` index made to count with an `int`, and those that count down made to count up, variables holding one of several arrays split into
    /// branches, float narrowing
    /// (`narrowFloat`), loads out of loop headers (`hoistLoads`), elements read before the loops read
    /// by the host (`host_loads`), branches that
    /// only choose values as selects (`ifConvert`), the check of arrays allocated in the kernel, parallel-loop recognition,
    /// `@Reduce` updates written as comparisons made `Math.min`/`max` and the outputs' values
    /// stored before and after the loops left to the host (`reduce_choices`),
    /// reduction recognition, Java's checks as guard nodes, the removal of guards that cannot
    /// fail (`guardElimination`), the lowering of `@Reduce` loops (with `unroll`,
    /// `reduceVersioning` and `vectorize`), the host test of the body's affine index checks
    /// (`hostVersioning`), vector accesses (`vectorAccess`), the entry tests of inner loops with
    /// their check-free copies (`loopVersioning`), and a work-group shape of its own for 2-D nests
    /// (`tile`, or `coalesce` of strided accesses), and the coherent numbering of 1-D kernels whose
    /// loop branches on the parity of the index (`coherentBranches`).
    pub fn standard() -> Suite {
        Suite {
            phases: vec![
                Box::new(Canonicalize),
                Box::new(NarrowLongIndex),
                Box::new(CountUp),
                Box::new(SplitArrayChoices),
                Box::new(NarrowFloat),
                Box::new(HoistLoads),
                Box::new(PerfectNest),
                Box::new(NestedLoads),
                Box::new(HostLoads),
                Box::new(IfConvert),
                Box::new(ScratchArrays),
                Box::new(CheckPrivateArrays),
                Box::new(RepeatLoops),
                Box::new(ReduceChoices),
                Box::new(RecognizeParallelLoops),
                Box::new(RecognizeReductions),
                Box::new(LowerChecks),
                Box::new(EliminateGuards),
                Box::new(LowerReductions),
                Box::new(PlanHostVersioning),
                Box::new(VectorAccess),
                Box::new(VersionLoops),
                Box::new(PlanKernelShape),
                Box::new(CoherentBranches),
                Box::new(CarryValues),
            ],
        }
    }

    /// The phases' names, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.phases.iter().map(|p| p.name()).collect()
    }

    /// Runs every phase whose switch is on, in order. The verifier runs after each phase that
    /// changed something when `verify_each` is set (always in debug builds); the observer sees the
    /// graph after each phase.
    pub fn run(
        &self,
        cx: &mut Context<'_>,
        mut observer: Option<PhaseObserver<'_>>,
        verify_each: bool,
    ) -> Result<(), OptError> {
        if verify_each || cfg!(debug_assertions) {
            verify(&cx.mg.graph).map_err(|e| OptError::Internal {
                phase: "build_graph",
                message: e.to_string(),
            })?;
        }
        if let Some(obs) = observer.as_mut() {
            obs("build_graph", &cx.mg.graph);
        }
        for phase in &self.phases {
            if phase.optional() && !cx.switches.is_on(phase.name()) {
                log::debug!("{}: phase {} switched off", cx.mg.location, phase.name());
                continue;
            }
            let changed = phase.run(cx)?;
            cx.invalidate(changed);
            if changed != Changed::Nothing && (verify_each || cfg!(debug_assertions)) {
                verify(&cx.mg.graph).map_err(|e| OptError::Internal {
                    phase: phase.name(),
                    message: e.to_string(),
                })?;
            }
            if let Some(obs) = observer.as_mut() {
                obs(phase.name(), &cx.mg.graph);
            }
        }
        Ok(())
    }
}

/// Constant folding, algebra, dead floating nodes; value numbering when `gvn` is on.
struct Canonicalize;

impl Phase for Canonicalize {
    fn name(&self) -> &'static str {
        "canonicalize"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let gvn = cx.switches.is_on("gvn");
        let merged = canonicalize_with(cx.mg, gvn);
        if merged > 0 {
            cx.applied("gvn", count(merged, "computation"));
        }
        Ok(Changed::Values)
    }
}

/// Double operations on floats rounded back to float, computed in float (`narrow`).
struct NarrowFloat;

impl Phase for NarrowFloat {
    fn name(&self) -> &'static str {
        "narrowFloat"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let narrowed = narrow_float(cx.mg);
        if narrowed == 0 {
            return Ok(Changed::Nothing);
        }
        cx.applied("narrowFloat", count(narrowed, "operation"));
        // The double operations left without users go; equal float ones merge.
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::Values)
    }
}

/// `@Parallel` loops with a `long` index, rewritten to count with an `int` (`narrow_long_index`):
/// required, since the loops' recognition takes only `int` indices.
struct NarrowLongIndex;

impl Phase for NarrowLongIndex {
    fn name(&self) -> &'static str {
        "narrow_long_index"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        if crate::narrow_long_index(cx.mg) == 0 {
            return Ok(Changed::Nothing);
        }
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::Values)
    }
}

/// `@Parallel` loops that count down, rewritten to count up (`count_up`): required, since the
/// loops' recognition takes only loops that count up.
struct CountUp;

impl Phase for CountUp {
    fn name(&self) -> &'static str {
        "count_up"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let rewritten = crate::count_up(cx.mg);
        if rewritten == 0 {
            return Ok(Changed::Nothing);
        }
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::Values)
    }
}

/// Variables holding one of several arrays become numbers, their accesses branches
/// (`array_choices`): required, since the writer names only parameters and private arrays.
struct SplitArrayChoices;

impl Phase for SplitArrayChoices {
    fn name(&self) -> &'static str {
        "split_array_choices"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        if crate::split_array_choices(cx.mg) == 0 {
            return Ok(Changed::Nothing);
        }
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::ControlFlow)
    }
}

/// Loads in loop headers of elements the loop does not change, read before the loop
/// (`hoist_loads`).
struct HoistLoads;

impl Phase for HoistLoads {
    fn name(&self) -> &'static str {
        "hoistLoads"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let loops = cx.loops().clone();
        let mut hoisted = crate::hoist_header_loads(cx.mg, &loops);
        if hoisted > 0 {
            cx.invalidate(Changed::ControlFlow);
        }
        // The loads between an outermost loop and the loop inside it (an inner loop's bound the
        // first step took out of its header).
        let loops = cx.loops().clone();
        hoisted += crate::hoist_entered_loads(cx.mg, &loops);
        if hoisted == 0 {
            return Ok(Changed::Nothing);
        }
        cx.applied("hoistLoads", count(hoisted, "load"));
        Ok(Changed::ControlFlow)
    }
}

/// Code between nested `@Parallel` loops moved into the inner loop (`sink_between_parallel_loops`).
struct PerfectNest;

impl Phase for PerfectNest {
    fn name(&self) -> &'static str {
        "perfectNest"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        // Branches there that only choose values become selects first (the code must be straight
        // to move).
        let loops = cx.loops().clone();
        let converted = crate::if_convert_between_parallel(cx.mg, &loops);
        if converted > 0 {
            cx.invalidate(Changed::ControlFlow);
        }
        let loops = cx.loops().clone();
        let moved = crate::sink_between_parallel_loops(cx.mg, &loops);
        if moved == 0 {
            return Ok(if converted > 0 {
                Changed::ControlFlow
            } else {
                Changed::Nothing
            });
        }
        cx.applied("perfectNest", count(moved, "operation"));
        Ok(Changed::ControlFlow)
    }
}

/// Loads of a multi-dimensional argument's table merged and moved out of sequential loops
/// (`nested_loads`).
struct NestedLoads;

impl Phase for NestedLoads {
    fn name(&self) -> &'static str {
        "nestedLoads"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        if !cx.mg.params.iter().any(|p| p.nested.is_some()) {
            return Ok(Changed::Nothing);
        }
        let (_, loops, doms) = cx.graph_loops_dominators();
        let (loops, doms) = (loops.clone(), doms.clone());
        // Merging loads makes index computations equal, which value numbering merges, which
        // makes more loads equal (`t[i][j]` read twice): until nothing changes. The dominators
        // stay valid: only loads leave the control flow.
        let mut merged = 0;
        for _ in 0..16 {
            let now = crate::merge_nested_loads(cx.mg, &doms);
            if now == 0 {
                break;
            }
            merged += now;
            canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        }
        let hoisted = crate::hoist_nested_loads(cx.mg, &loops);
        if merged + hoisted == 0 {
            return Ok(Changed::Nothing);
        }
        let mut detail = Vec::new();
        if merged > 0 {
            detail.push(format!("{} merged", count(merged, "load")));
        }
        if hoisted > 0 {
            detail.push(format!("{} out of loops", count(hoisted, "load")));
        }
        cx.applied("nestedLoads", detail.join(", "));
        Ok(Changed::ControlFlow)
    }
}

/// Elements of array parameters read before the `@Parallel` loops, read by the host
/// (`host_loads`): required, since the loops' recognition refuses loads before them.
struct HostLoads;

impl Phase for HostLoads {
    fn name(&self) -> &'static str {
        "host_loads"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let converted = crate::lower_host_loads(cx.mg);
        if converted == 0 {
            return Ok(Changed::Nothing);
        }
        cx.applied("hostLoads", count(converted, "element"));
        // The loads left the control chain (and their reach conditions may fold).
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::ControlFlow)
    }
}

/// Branches outside loops that only choose values, as selects (`if_convert`).
struct IfConvert;

impl Phase for IfConvert {
    fn name(&self) -> &'static str {
        "ifConvert"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let loops = cx.loops().clone();
        // Diamonds that only choose values, then the choices left at merges before the loops
        // whose other paths return early (`switch` with a `default: return;`).
        let converted = if_convert(cx.mg, &loops) + crate::select_remaining_choices(cx.mg);
        if converted == 0 {
            return Ok(Changed::Nothing);
        }
        cx.applied(
            "ifConvert",
            if converted == 1 {
                "1 branch".to_string()
            } else {
                format!("{converted} branches")
            },
        );
        // Selects on known conditions fold; equal ones merge.
        canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
        Ok(Changed::ControlFlow)
    }
}

/// Java's implicit checks as guard nodes (`guards`).
struct LowerChecks;

impl Phase for LowerChecks {
    fn name(&self) -> &'static str {
        "lower_checks"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        if lower_checks(cx.mg, &cx.nests) == 0 {
            return Ok(Changed::Nothing);
        }
        Ok(Changed::ControlFlow)
    }
}

/// Guards that cannot fail removed (`guards`).
struct EliminateGuards;

impl Phase for EliminateGuards {
    fn name(&self) -> &'static str {
        "guardElimination"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let (_, loops, doms) = cx.graph_loops_dominators();
        let (loops, doms) = (loops.clone(), doms.clone());
        let removed = eliminate_guards(cx.mg, &loops, &doms);
        if removed.proven + removed.dominated == 0 {
            return Ok(Changed::Nothing);
        }
        let mut parts = Vec::new();
        if removed.proven > 0 {
            parts.push(format!("{} proven", count(removed.proven, "guard")));
        }
        if removed.dominated > 0 {
            parts.push(format!("{} dominated", count(removed.dominated, "guard")));
        }
        cx.applied("guardElimination", parts.join(", "));
        Ok(Changed::ControlFlow)
    }
}

/// Private arrays: constant lengths within the per-work-item limit, not escaping.
struct CheckPrivateArrays;

impl Phase for CheckPrivateArrays {
    fn name(&self) -> &'static str {
        "check_private_arrays"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        if check_private_arrays(cx.mg)? {
            // Folded lengths may fold further.
            canonicalize_with(cx.mg, cx.switches.is_on("gvn"));
            return Ok(Changed::Values);
        }
        Ok(Changed::Nothing)
    }
}

/// A sequential loop around the `@Parallel` loops taken out of the graph: their kernels are
/// launched once per value of its counter (see [`crate::flatten_repeat_loop`]).
struct RepeatLoops;

impl Phase for RepeatLoops {
    fn name(&self) -> &'static str {
        "repeat_loops"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let loops = cx.loops().clone();
        let Some(repeat) = crate::flatten_repeat_loop(cx.mg, &loops)? else {
            return Ok(Changed::Nothing);
        };
        let name = repeat.range.name.as_deref().unwrap_or("its counter");
        cx.applied(
            "repeat_loops",
            format!(
                "the loop over {name} around {} runs as repeated launches",
                count(repeat.loops.len(), "@Parallel loop")
            ),
        );
        cx.repeat = Some(repeat);
        Ok(Changed::ControlFlow)
    }
}

/// The `@Parallel` (and parallel-stream) nests.
struct RecognizeParallelLoops;

impl Phase for RecognizeParallelLoops {
    fn name(&self) -> &'static str {
        "recognize_parallel_loops"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let (mg, loops) = cx.graph_and_loops();
        cx.nests = recognize_parallel_loops(mg, loops)?;
        if let Some(repeat) = &cx.repeat {
            // The nests of the loops the repeated loop held (code around them runs once).
            for nest in &mut cx.nests {
                if nest
                    .dims
                    .first()
                    .is_some_and(|d| repeat.loops.contains(&d.begin))
                {
                    nest.repeat = Some(repeat.range.clone());
                }
            }
        }
        let sequential: Vec<String> = cx
            .nests
            .iter()
            .flat_map(|n| &n.sequential)
            .map(|s| {
                let at = cx.mg.location_of(s.begin);
                log::info!(
                    "{at}: this @Parallel loop runs sequentially in each work-item: {}",
                    s.why
                );
                s.why.clone()
            })
            .collect();
        if let Some(first) = sequential.first() {
            let verb = if sequential.len() == 1 { "runs" } else { "run" };
            let detail = format!(
                "{} {verb} sequentially in each work-item: {first}",
                count(sequential.len(), "@Parallel loop")
            );
            cx.applied("recognize_parallel_loops", detail);
        }
        Ok(Changed::Nothing)
    }
}

/// The values code one work-item runs hands on to the later kernels of the method, found again
/// on the graph as the phases left it (a versioned loop's value leaves it through a new phi).
struct CarryValues;

impl Phase for CarryValues {
    fn name(&self) -> &'static str {
        "carry_values"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        crate::parallel::carry_values(cx.mg, &mut cx.nests)?;
        Ok(Changed::Nothing)
    }
}

/// `@Reduce` updates over `int` and `long` written as comparisons (`out[0] = e > out[0] ? e :
/// out[0]`, `if (e < out[0]) out[0] = e;`) as the `Math.max` / `Math.min` they compute
/// (`reduce_choice`), and the values stored into `@Reduce` outputs right before the loops and
/// after them taken out of the graph for the host (`take_reduce_starts`, `take_reduce_tails`):
/// what makes them reductions, so not optional.
struct ReduceChoices;

impl Phase for ReduceChoices {
    fn name(&self) -> &'static str {
        "reduce_choices"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let copied: Vec<usize> = cx
            .scratch
            .iter()
            .flat_map(|a| a.copies.iter().map(|c| c.source))
            .collect();
        cx.reduce_starts = crate::take_reduce_starts(cx.mg, &copied);
        cx.reduce_tails = crate::take_reduce_tails(cx.mg);
        if crate::reduce_choices(cx.mg) == 0
            && cx.reduce_starts.is_empty()
            && cx.reduce_tails.is_empty()
        {
            return Ok(Changed::Nothing);
        }
        Ok(Changed::ControlFlow)
    }
}

/// A bailout about the `@Reduce` output at index `p` of [`MethodGraph::params`], named as Java
/// names it.
fn output_bailout(mg: &MethodGraph, p: usize, what: &str) -> OptError {
    let name = mg
        .params
        .get(p)
        .and_then(|i| i.name.clone())
        .unwrap_or_else(|| "a @Reduce output".to_string());
    OptError::Bailout(mg.bailout(BailoutKind::Reduction, format!("@Reduce {name}: {what}")))
}

/// The `@Reduce` parameters' reductions in each nest.
struct RecognizeReductions;

impl Phase for RecognizeReductions {
    fn name(&self) -> &'static str {
        "recognize_reductions"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let mut nests = std::mem::take(&mut cx.nests);
        let mut starts = std::mem::take(&mut cx.reduce_starts);
        for nest in &mut nests {
            nest.reductions = recognize_reductions(cx.mg, nest)?;
            // A value stored before the loops starts the fold of the output's first reduction.
            for red in &mut nest.reductions {
                if let Some(k) = starts.iter().position(|(p, _)| *p == red.param) {
                    red.start = Some(starts.remove(k).1);
                }
            }
        }
        // A value stored after the loops: on the output's last reduction; every output it reads
        // must be one the loops reduce (the host has its folded value).
        let tails = std::mem::take(&mut cx.reduce_tails);
        let reduced: Vec<usize> = nests
            .iter()
            .flat_map(|n| n.reductions.iter().map(|r| r.param))
            .collect();
        for (p, tail) in tails {
            let reads_unreduced = tail.leaves().iter().any(
                |l| matches!(l, crate::HostExpr::Load { param, .. } if !reduced.contains(param)),
            );
            let last = nests
                .iter_mut()
                .rev()
                .flat_map(|n| n.reductions.iter_mut())
                .find(|r| r.param == p);
            match last {
                Some(red) if !reads_unreduced => red.tail = Some(tail),
                _ => {
                    return Err(output_bailout(
                        cx.mg,
                        p,
                        "the code after the loops stores a value into it from an output no @Parallel loop reduces into",
                    ))
                }
            }
        }
        cx.nests = nests;
        if let Some(&(p, _)) = starts.first() {
            return Err(output_bailout(
                cx.mg,
                p,
                "a value is stored into it before the loops, and no @Parallel loop reduces into it",
            ));
        }
        Ok(Changed::Nothing)
    }
}

/// The grid-stride loops of `@Reduce` nests: unrolled, versioned and vectorised where their body
/// allows it (`reduce_loop`; the switches `unroll`, `reduceVersioning` and `vectorize` are read
/// inside, since the lowering itself always runs).
struct LowerReductions;

impl Phase for LowerReductions {
    fn name(&self) -> &'static str {
        "lower_reductions"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let mut nests = std::mem::take(&mut cx.nests);
        crate::reduce_loop::lower_reductions(cx.mg, &mut nests, cx.switches);
        cx.nests = nests;
        Ok(Changed::Nothing)
    }
}

/// The host test of each nest's affine index checks (`host_versioning`): the body branches on it
/// into a copy without those checks and the body as written (reported by the writer, which leaves
/// the copy out where it gives the nest a shape of its own).
struct PlanHostVersioning;

impl Phase for PlanHostVersioning {
    fn name(&self) -> &'static str {
        "hostVersioning"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let mut nests = std::mem::take(&mut cx.nests);
        let mut changed = Changed::Nothing;
        for nest in &mut nests {
            nest.host_versioning = crate::plan_host_versioning(cx.mg, nest)
                .and_then(|test| crate::version_host_checks(cx.mg, nest, test));
            if nest.host_versioning.is_some() {
                changed = Changed::ControlFlow;
            }
        }
        cx.nests = nests;
        Ok(changed)
    }
}

/// Loop versioning (`loop_versioning`): inner counted loops' affine index checks and invariant
/// divisor checks tested once at the loop's entry, a copy of the loop without them.
struct VersionLoops;

impl Phase for VersionLoops {
    fn name(&self) -> &'static str {
        "loopVersioning"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let versions = crate::version_loops(cx.mg, &cx.nests);
        if versions.is_empty() {
            return Ok(Changed::Nothing);
        }
        // Reported by the writer, per loop it writes (a tiled or staged nest writes the body
        // as written in its shape).
        for nest in &mut cx.nests {
            nest.loop_versions = versions.clone();
        }
        Ok(Changed::ControlFlow)
    }
}

/// A work-group shape of its own for each non-reducing nest (2-D: `tile`, else `coalesce`; 1-D:
/// `coalesce` of its loop over rows), recorded in [`ParallelNest::shape`] for the writer to print. Planned on the body as written
/// before `loopVersioning` (the shapes replace the inner loop; their fallback for one point keeps
/// the versioned loops) and, when `hostVersioning` copied the body, on its checked version.
struct PlanKernelShape;

impl Phase for PlanKernelShape {
    fn name(&self) -> &'static str {
        "plan_kernel_shape"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let (tile, coalesce) = (cx.switches.is_on("tile"), cx.switches.is_on("coalesce"));
        if !cx.target.local_memory || !(tile || coalesce) {
            return Ok(Changed::Nothing);
        }
        let budget = cx.target.tile_budget;
        let mut unversioned: Option<MethodGraph> = None;
        for nest in &mut cx.nests {
            // (A nest that reads values carried from an earlier kernel, or its flag that Java
            // returned before it, keeps the plain frame, which declares them.)
            if !nest.reductions.is_empty() || !nest.carry_in.is_empty() || !nest.skip_if.is_empty()
            {
                continue;
            }
            if nest.dims.len() == 1 {
                // The loop as versioned: its staged copy replaces the fast copy.
                if coalesce {
                    nest.shape = crate::plan_staging_1d(cx.mg, &nest.checked_view(), budget)
                        .map(NestShape::StagedRows);
                }
                continue;
            }
            if nest.dims.len() != 2 {
                continue;
            }
            let mg: &MethodGraph = if nest.loop_versions.is_empty() {
                cx.mg
            } else {
                unversioned
                    .get_or_insert_with(|| crate::without_loop_versions(cx.mg, &nest.loop_versions))
            };
            let shape = {
                let checked = nest.checked_view();
                let analysed = checked.as_ref();
                let tiled = tile
                    .then(|| crate::plan_tiles(mg, analysed, budget))
                    .flatten()
                    .map(NestShape::Tiled);
                tiled.or_else(|| {
                    coalesce
                        .then(|| crate::plan_staging_2d(mg, analysed, budget))
                        .flatten()
                        .map(NestShape::Staged)
                })
            };
            if let Some(s) = &shape {
                let kind = match s {
                    NestShape::Tiled(_) => "tiled",
                    NestShape::Staged(_) | NestShape::StagedRows(_) => "staged",
                };
                log::debug!("{}: kernel shape planned: {kind}", cx.mg.location);
            }
            nest.shape = shape;
        }
        // The writer reports the shape it prints.
        Ok(Changed::Nothing)
    }
}

/// 1-D kernels whose loop branches on the parity of the index run even and odd iterations on
/// separate work-items (`coherence`), recorded in [`ParallelNest::coherent_branches`].
struct CoherentBranches;

impl Phase for CoherentBranches {
    fn name(&self) -> &'static str {
        "coherentBranches"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let mut nests = std::mem::take(&mut cx.nests);
        let (mg, loops, doms) = cx.graph_loops_dominators();
        for nest in &mut nests {
            // An even step keeps the parity from one iteration to the next.
            nest.coherent_branches = nest.dims.len() == 1
                && nest.reductions.is_empty()
                && nest.dims[0].step % 2 != 0
                && crate::coherence::branches_on_parity(&mg.graph, loops, doms, nest);
        }
        cx.nests = nests;
        // The writer reports it where it prints the numbering (not in a staged kernel).
        Ok(Changed::Nothing)
    }
}

/// Vector accesses (`vector_access`): groups of loads or stores of consecutive elements as one
/// access each.
struct VectorAccess;

impl Phase for VectorAccess {
    fn name(&self) -> &'static str {
        "vectorAccess"
    }

    fn optional(&self) -> bool {
        true
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let nests = std::mem::take(&mut cx.nests);
        let mut formed = 0;
        for nest in &nests {
            formed += crate::vectorise_accesses(cx.mg, nest);
        }
        cx.nests = nests;
        Ok(if formed > 0 {
            Changed::ControlFlow
        } else {
            Changed::Nothing
        })
    }
}

/// Arrays allocated before the `@Parallel` loops as parameters the host allocates
/// (`scratch_arrays`).
struct ScratchArrays;

impl Phase for ScratchArrays {
    fn name(&self) -> &'static str {
        "scratch_arrays"
    }

    fn run(&self, cx: &mut Context<'_>) -> Result<Changed, OptError> {
        let loops = cx.loops().clone();
        let found = crate::lower_scratch_arrays(cx.mg, &loops)?;
        let changed = if found.is_empty() {
            Changed::Nothing
        } else {
            Changed::ControlFlow
        };
        cx.scratch.extend(found);
        Ok(changed)
    }
}
