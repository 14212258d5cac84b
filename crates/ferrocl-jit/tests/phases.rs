//! The phase manager (`ferrocl-opt`'s `Suite`, `Context`, `LoopForest`, `PhaseSwitches`) on real
//! javac output (`tests/phases/Ph.java`): the loop forest and its cache, the switches' effect on the
//! kernel and on what is reported as applied, and the kinds of bailouts.
#![allow(clippy::result_large_err)]

use ferrocl_frontend::{build_graph, NoResolver};
use ferrocl_jit::{
    compile, BailoutKind, CompiledKernel, JitError, Options, PhaseSwitches, Request, Target,
};
use ferrocl_opt::{Changed, Context, Suite};
use std::path::Path;
use std::process::Command;

/// `Ph.class`, compiled once for all tests of this file.
fn class_bytes() -> Vec<u8> {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(compile_class).clone()
}

fn compile_class() -> Vec<u8> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = std::env::temp_dir().join(format!("ferrocl-phases-{}", std::process::id()));
    let status = Command::new("javac")
        .args(["-g", "-d"])
        .arg(&out)
        .arg(root.join("java-api/src/main/java/dev/ferrocl/api/Parallel.java"))
        .arg(root.join("crates/ferrocl-jit/tests/phases/Ph.java"))
        .status()
        .expect("javac");
    assert!(status.success());
    let bytes = std::fs::read(out.join("ph/Ph.class")).expect("class");
    let _ = std::fs::remove_dir_all(&out);
    bytes
}

fn run(
    bytes: &[u8],
    method: &str,
    descriptor: &str,
    target: Target,
    switches: &str,
) -> Result<CompiledKernel, JitError> {
    let mut request = Request {
        class_bytes: bytes,
        class_name: "ph/Ph",
        method,
        descriptor,
        target,
        resolver: None,
        classes: None,
    };
    let options = Options {
        switches: PhaseSwitches::parse(switches).expect("switches"),
        ..Options::default()
    };
    compile(&mut request, &options)
}

fn applied(k: &CompiledKernel) -> Vec<String> {
    k.kernels
        .iter()
        .flat_map(|k| k.applied.iter().map(|a| a.to_string()))
        .collect()
}

const MATMUL: (&str, &str) = ("matmul", "([F[F[FI)V");

#[test]
fn loop_forest_nests_and_is_cached() {
    let bytes = class_bytes();
    let class = ferrocl_classfile::parse(&bytes).expect("class");
    let method = class.method(MATMUL.0, MATMUL.1).expect("method");
    let mut mg = build_graph(&class, method, &mut NoResolver).expect("graph");
    let switches = PhaseSwitches::all_on();
    let mut cx = Context::new(&mut mg, &switches);
    let forest = cx.loops().clone();
    assert_eq!(forest.loops.len(), 3);
    let depths: Vec<usize> = forest.loops.iter().map(|l| l.depth).collect();
    assert_eq!(depths, vec![0, 1, 2], "outer loops first");
    let (outer, middle, inner) = (
        forest.loops[0].begin,
        forest.loops[1].begin,
        forest.loops[2].begin,
    );
    assert!(forest.contains(outer, middle) && forest.contains(outer, inner));
    assert!(forest.contains(middle, inner) && !forest.contains(inner, middle));
    assert!(!forest.contains(outer, outer));
    assert_eq!(forest.loops[2].parent, Some(1));
    let innermost: Vec<_> = forest.innermost().map(|l| l.begin).collect();
    assert_eq!(innermost, vec![inner]);
    // Computed once; kept across a phase that changed only values; recomputed after control flow.
    let _ = cx.loops();
    assert_eq!(cx.loop_computations(), 1);
    cx.invalidate(Changed::Values);
    let _ = cx.loops();
    assert_eq!(cx.loop_computations(), 1);
    cx.invalidate(Changed::ControlFlow);
    assert_eq!(cx.loops(), &forest);
    assert_eq!(cx.loop_computations(), 2);
}

#[test]
fn sibling_loops_are_both_innermost() {
    let bytes = class_bytes();
    let class = ferrocl_classfile::parse(&bytes).expect("class");
    let method = class.method("twoInner", "([I[III)V").expect("method");
    let mut mg = build_graph(&class, method, &mut NoResolver).expect("graph");
    let switches = PhaseSwitches::all_on();
    let mut cx = Context::new(&mut mg, &switches);
    let forest = cx.loops().clone();
    assert_eq!(forest.loops.len(), 3);
    assert_eq!(forest.innermost().count(), 2);
    assert!(forest.loops[1..].iter().all(|l| l.parent == Some(0)));
    // The standard suite runs on the same context and finds the one parallel nest.
    Suite::standard()
        .run(&mut cx, None, true)
        .expect("phases run");
    assert_eq!(cx.nests.len(), 1);
    assert_eq!(
        Suite::standard().names(),
        vec![
            "canonicalize",
            "narrow_long_index",
            "count_up",
            "split_array_choices",
            "narrowFloat",
            "hoistLoads",
            "perfectNest",
            "nestedLoads",
            "host_loads",
            "ifConvert",
            "scratch_arrays",
            "check_private_arrays",
            "repeat_loops",
            "reduce_choices",
            "recognize_parallel_loops",
            "recognize_reductions",
            "lower_checks",
            "guardElimination",
            "lower_reductions",
            "hostVersioning",
            "vectorAccess",
            "loopVersioning",
            "plan_kernel_shape",
            "coherentBranches",
            "carry_values"
        ]
    );
}

#[test]
fn switches_change_the_kernel_and_what_is_reported() {
    let bytes = class_bytes();
    let on = run(&bytes, MATMUL.0, MATMUL.1, Target::default(), "").expect("kernel");
    assert!(
        applied(&on).contains(&"loopVersioning (1 loop)".to_string()),
        "{:?}",
        applied(&on)
    );
    assert!(on.source().contains("Loop versioning"));
    let off = run(
        &bytes,
        MATMUL.0,
        MATMUL.1,
        Target::default(),
        "loopVersioning=false",
    )
    .expect("kernel");
    assert!(!applied(&off)
        .iter()
        .any(|a| a.starts_with("loopVersioning")));
    assert!(!off.source().contains("Loop versioning"));
    assert!(!off.source().contains("_fast"));
    // Every check the versioned kernel proves is still written in the unversioned one.
    assert!(off.source().matches("(uint)").count() >= 2);
    // `true` is the default.
    let explicit = run(
        &bytes,
        MATMUL.0,
        MATMUL.1,
        Target::default(),
        " loopVersioning = true ,gvn=true",
    )
    .expect("kernel");
    assert_eq!(explicit.source(), on.source());
}

#[test]
fn bailouts_have_kinds() {
    let bytes = class_bytes();
    match run(&bytes, "guarded", "([I[II)V", Target::default(), "") {
        Err(JitError::Bailout(b)) => {
            assert_eq!(b.kind, BailoutKind::Construct, "{b}");
            assert!(b.reason.contains("synchronized"), "{b}");
        }
        other => panic!("expected a bailout, got {other:?}"),
    }
    let no_fp64 = Target {
        fp64: false,
        correctly_rounded_divide_sqrt: true,
        local_tiles: true,
        local_mem_bytes: 32 << 10,
        builtin_edges: false,
    };
    match run(&bytes, "halve", "([DI)V", no_fp64, "") {
        Err(JitError::Bailout(b)) => assert_eq!(b.kind, BailoutKind::Device, "{b}"),
        other => panic!("expected a bailout, got {other:?}"),
    }
    assert_eq!(BailoutKind::Disabled.java_name(), "DISABLED");
    assert_eq!(BailoutKind::ALL.len(), 8);
}

#[test]
fn bad_switches_are_refused() {
    let e = PhaseSwitches::parse("loopversioning=false").expect_err("unknown name");
    assert!(e.contains("loopVersioning"), "{e}");
    let e = PhaseSwitches::parse("unroll=off").expect_err("bad value");
    assert!(e.contains("neither true nor false"), "{e}");
    assert!(PhaseSwitches::parse("unroll").is_err());
    let s = PhaseSwitches::parse("vectorize=false, unroll=false,gvn=true").expect("switches");
    assert_eq!(s.to_string(), "unroll=false,vectorize=false");
    assert_eq!(PhaseSwitches::parse(&s.to_string()).expect("round trip"), s);
    assert!(!s.is_on("unroll") && s.is_on("gvn"));
    assert_eq!(
        PhaseSwitches::parse("").expect("empty"),
        PhaseSwitches::all_on()
    );
}

/// Java's iterations of a counting-down loop, by brute force (until `limit` iterations).
fn java_down(start: i32, lo: i32, step: i32, inclusive: bool, limit: usize) -> Option<Vec<i32>> {
    let mut out = Vec::new();
    let mut i = start;
    while if inclusive { i >= lo } else { i > lo } {
        if out.len() == limit {
            return None;
        }
        out.push(i);
        i = i.wrapping_sub(step);
    }
    Some(out)
}

#[test]
fn count_up_runs_java_iterations_of_loops_counting_down() {
    use ferrocl_graph::Constant;
    use ferrocl_opt::HostExpr;
    let bytes = class_bytes();
    let class = ferrocl_classfile::parse(&bytes).expect("class");
    // The phase rewrites the loop's phi, and the graph stays valid.
    let method = class.method("down", "([FI)V").expect("method");
    let mut mg = build_graph(&class, method, &mut NoResolver).expect("graph");
    assert_eq!(ferrocl_opt::count_up(&mut mg), 1);
    ferrocl_graph::verify(&mg.graph).expect("verified");
    assert_eq!(
        ferrocl_opt::count_up(&mut mg),
        0,
        "a loop counting up is left alone"
    );

    for (name, desc, step, inclusive) in [
        ("down", "([FI)V", 3, false),
        ("downMirrored", "([I)V", 1, true),
    ] {
        let k = run(&bytes, name, desc, Target::default(), "").expect("compiles");
        let dim = &k.kernels[0].dims[0];
        assert_eq!(dim.step, step, "{name}");
        for (len, lo) in [
            (0, 0),
            (1, 0),
            (100, 7),
            (100, -1),
            (100, -3),
            (100, 99),
            (100, i32::MIN),
            (7, 300),
        ] {
            let lo = if inclusive { 0 } else { lo };
            let leaf = &mut |e: &HostExpr| match e {
                HostExpr::ArrayLength(_) => Some(Constant::Int(len)),
                HostExpr::Param(_) => Some(Constant::Int(lo)),
                _ => None,
            };
            let first = dim.lower.eval(leaf).expect("lower");
            let bound = dim.upper_value(leaf).expect("upper");
            let expected = java_down(len - 1, lo, step, inclusive, 1 << 20);
            match dim.trip_count(first, bound) {
                Some(count) => {
                    // The work-items' indices, `~(first + step * k)`, are Java's, in order.
                    let got: Vec<i32> = (0..count as i32)
                        .map(|k| !first.wrapping_add(k.wrapping_mul(step)))
                        .collect();
                    assert_eq!(Some(got), expected, "{name} len {len} lo {lo}");
                }
                None => assert_eq!(expected, None, "{name} len {len} lo {lo}: Java's loop ends"),
            }
        }
    }
}

/// The lines of the kernel's body between the inner loop's `for (;;)` and its end.
fn inner_loop(source: &str) -> String {
    let start = source.find("for (;;)").expect("an inner loop");
    let rest = &source[start..];
    let end = rest.find("continue;").expect("the loop's end");
    rest[..end].to_string()
}

#[test]
fn nested_loads_take_a_rows_entries_out_of_its_loop() {
    let bytes = class_bytes();
    let on = run(&bytes, "rowSums", "([[F[F)V", Target::default(), "").expect("kernel");
    // The argument is a table and a data array; the row's length and start are read before the
    // loop, whose body is one data load (the check of `row[k]` proven by `k < row.length`).
    let names: Vec<String> = on.params.iter().filter_map(|p| p.name.clone()).collect();
    assert!(names.contains(&"m_table".to_string()), "{names:?}");
    assert!(names.contains(&"m_data".to_string()), "{names:?}");
    assert!(
        applied(&on).iter().any(|a| a.starts_with("nestedLoads")),
        "{:?}",
        applied(&on)
    );
    let body = inner_loop(on.source());
    assert!(!body.contains("m_table["), "{body}");
    assert_eq!(body.matches("m_data[").count(), 1, "{body}");
    assert!(!body.contains("ferrocl_status"), "{body}");
    // Switched off, the loop reads the row's entries at every iteration; the same checks hold.
    let off = run(
        &bytes,
        "rowSums",
        "([[F[F)V",
        Target::default(),
        "nestedLoads=false",
    )
    .expect("kernel");
    assert!(!applied(&off).iter().any(|a| a.starts_with("nestedLoads")));
    assert!(inner_loop(off.source()).contains("m_table["));
}

/// `Ph.name` built and run through the standard suite under `switches` (the verifier after every
/// phase that changed the graph): the graph, its parallel nests and its scratch arrays.
fn phased(
    name: &str,
    descriptor: &str,
    switches: &str,
) -> (
    ferrocl_graph::MethodGraph,
    Vec<ferrocl_opt::ParallelNest>,
    Vec<ferrocl_opt::ScratchArray>,
) {
    phased_for(name, descriptor, switches, ferrocl_opt::Target::default())
}

/// As [`phased`], for a device described by `target`.
fn phased_for(
    name: &str,
    descriptor: &str,
    switches: &str,
    target: ferrocl_opt::Target,
) -> (
    ferrocl_graph::MethodGraph,
    Vec<ferrocl_opt::ParallelNest>,
    Vec<ferrocl_opt::ScratchArray>,
) {
    let bytes = class_bytes();
    let class = ferrocl_classfile::parse(&bytes).expect("class");
    let method = class.method(name, descriptor).expect("method");
    let mut mg = build_graph(&class, method, &mut NoResolver).expect("graph");
    let switches = PhaseSwitches::parse(switches).expect("switches");
    let mut cx = Context::new(&mut mg, &switches);
    cx.target = target;
    Suite::standard()
        .run(&mut cx, None, true)
        .expect("phases run");
    let (nests, scratch) = (cx.nests.clone(), cx.scratch.clone());
    (mg, nests, scratch)
}

/// Fixed nodes reachable from `from` until the back edges of `begin` (one version of a body).
fn version_nodes(
    g: &ferrocl_graph::Graph,
    from: ferrocl_graph::NodeId,
    begin: ferrocl_graph::NodeId,
) -> Vec<ferrocl_graph::NodeId> {
    use ferrocl_graph::Op;
    let mut seen = std::collections::BTreeSet::new();
    let mut work = vec![from];
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        match g.op(n) {
            Op::LoopEnd if g.inputs(n)[0] == begin => {}
            Op::End => work.extend(g.merge_of(n)),
            Op::LoopEnd => work.push(g.inputs(n)[0]),
            _ => work.extend(g.successors(n).iter().copied()),
        }
    }
    seen.into_iter().collect()
}

#[test]
fn host_versioning_branches_the_body_in_the_graph() {
    use ferrocl_graph::{GuardKind, Op};
    let bytes = class_bytes();
    let graph_with = |switches: &str| {
        let (mg, nests, _) = phased("window", "([I[I[II)V", switches);
        (mg, nests[0].clone())
    };
    let (mg, nest) = graph_with("");
    let g = &mg.graph;
    let hv = nest.host_versioning.clone().expect("host-versioned");
    let flags: Vec<_> = g
        .node_ids()
        .filter(|&n| *g.op(n) == Op::BoundsProven)
        .collect();
    assert_eq!(flags.len(), 1);
    // The body's entry branches on the flag: the copy when it holds, the body as written when not.
    let branch = g.next(nest.body_entry).expect("one successor");
    assert_eq!(*g.op(branch), Op::If);
    assert_eq!(g.inputs(branch), [flags[0]]);
    assert_eq!(g.successors(branch), [hv.proven_entry, hv.checked_entry]);
    let begin = nest.innermost().expect("a parallel loop");
    let index_guards = |from| {
        version_nodes(g, from, begin)
            .into_iter()
            .filter(|&n| *g.op(n) == Op::Guard(GuardKind::Index))
            .count()
    };
    let checked = index_guards(hv.checked_entry);
    let proven = index_guards(hv.proven_entry);
    // a[i], a[i + 1], out[i] (and the private array's constant indices, proven already) go; the
    // checks of idx[i]... stay only where the host cannot prove them: a[idx[i]].
    assert_eq!(
        checked,
        proven + hv.guards.len(),
        "checked {checked}, proven {proven}"
    );
    assert!(hv.guards.len() >= 3, "{:?}", hv.guards);
    assert_eq!(proven, 1, "a[idx[i]] keeps its check");
    assert!(!hv.infallible);
    // Every fixed node of the copy is new; the private array has its twin.
    let copy = version_nodes(g, hv.proven_entry, begin);
    assert!(copy
        .iter()
        .all(|n| hv.proven_nodes.contains(n) || *n == hv.proven_entry));
    assert!(version_nodes(g, hv.checked_entry, begin)
        .iter()
        .all(|n| !hv.proven_nodes.contains(n)));
    assert_eq!(hv.private_twins.len(), 1);
    // The loop has one more back edge (its phis one more value, as the verifier checked).
    let back_edges = |g: &ferrocl_graph::Graph| g.inputs(begin).len() - 1;
    let (mg_off, nest_off) = graph_with("hostVersioning=false");
    assert!(nest_off.host_versioning.is_none());
    assert!(!mg_off
        .graph
        .node_ids()
        .any(|n| *mg_off.graph.op(n) == Op::BoundsProven));
    assert_eq!(back_edges(g), 2 * back_edges(&mg_off.graph));
    // Written, the kernel branches on the host's test; switched off, it has neither.
    let on = run(&bytes, "window", "([I[I[II)V", Target::default(), "").expect("kernel");
    assert!(
        on.source().contains("if (ferrocl_proven) {"),
        "{}",
        on.source()
    );
    assert!(applied(&on).iter().any(|a| a.starts_with("hostVersioning")));
    let off = run(
        &bytes,
        "window",
        "([I[I[II)V",
        Target::default(),
        "hostVersioning=false",
    )
    .expect("kernel");
    assert!(!off.source().contains("ferrocl_proven"), "{}", off.source());
}

#[test]
fn vector_accesses_are_graph_nodes_after_every_lane_check() {
    use ferrocl_graph::{GuardKind, Op};
    let bytes = class_bytes();
    let graph_with = |switches: &str| {
        let (mg, nests, _) = phased("quads", "([F[II)V", switches);
        (mg, nests[0].clone())
    };
    let (mg, nest) = graph_with("");
    let g = &mg.graph;
    let hv = nest.host_versioning.clone().expect("host-versioned");
    let begin = nest.innermost().expect("a parallel loop");
    for (entry, checked) in [(hv.proven_entry, false), (hv.checked_entry, true)] {
        let nodes = version_nodes(g, entry, begin);
        let loads: Vec<_> = nodes
            .iter()
            .copied()
            .filter(|&n| matches!(g.op(n), Op::VectorLoad(_)))
            .collect();
        let stores: Vec<_> = nodes
            .iter()
            .copied()
            .filter(|&n| matches!(g.op(n), Op::VectorStore(_)))
            .collect();
        assert_eq!(
            (loads.len(), stores.len()),
            (1, 1),
            "checked copy: {checked}"
        );
        assert_eq!(ferrocl_graph::lanes(g, loads[0]), Some(4));
        assert_eq!(ferrocl_graph::lanes(g, stores[0]), Some(2));
        // No scalar access of `a` or `out` is left, and every lane is read through a Lane node.
        assert!(!nodes
            .iter()
            .any(|&n| matches!(g.op(n), Op::ArrayLoad(_) | Op::ArrayStore(_))));
        let lanes: Vec<u8> = g
            .usages(loads[0])
            .iter()
            .filter_map(|&u| match g.op(u) {
                Op::Lane(k) => Some(*k),
                _ => None,
            })
            .collect();
        assert_eq!(lanes.len(), 4, "{lanes:?}");
        // In the body as written, every lane's check comes before the vector load.
        let access = g.element_access(loads[0]).expect("an access");
        let mut before = std::collections::BTreeSet::new();
        let mut cur = entry;
        while cur != loads[0] {
            if *g.op(cur) == Op::Guard(GuardKind::Index) && g.inputs(cur)[1] == access.array {
                before.insert(g.inputs(cur)[0]);
            }
            cur = g.next(cur).expect("straight-line code");
        }
        if checked {
            assert!(
                access.indices.iter().all(|i| before.contains(i)),
                "{before:?}"
            );
        } else {
            assert!(before.is_empty(), "the host's test proves them");
        }
    }
    // Switched off: the scalar accesses stay.
    let (mg_off, _) = graph_with("vectorAccess=false");
    let g_off = &mg_off.graph;
    assert!(!g_off
        .node_ids()
        .any(|n| matches!(g_off.op(n), Op::VectorLoad(_) | Op::VectorStore(_))));
    let k = run(&bytes, "quads", "([F[II)V", Target::default(), "").expect("kernel");
    assert!(k.source().contains("float4"), "{}", k.source());
    assert!(applied(&k).iter().any(|a| a.starts_with("vectorAccess")));
}

#[test]
fn arrays_allocated_before_the_loops_become_host_allocated_parameters() {
    use ferrocl_graph::Op;
    let bytes = class_bytes();
    let (mg, nests, scratch) = phased("twoPass", "([F[FI)V", "");
    assert_eq!(nests.len(), 2, "two kernels");
    assert_eq!(scratch.len(), 1);
    let s = &scratch[0];
    // After the method's three parameters; its length is the argument n (parameter 2).
    assert_eq!(s.param, 3);
    assert_eq!(s.elem, ferrocl_graph::ElemKind::Float);
    assert_eq!(s.length, ferrocl_opt::HostExpr::Param(2));
    let info = &mg.params[3];
    assert!(
        info.scratch && info.name.as_deref() == Some("tmp"),
        "{info:?}"
    );
    assert!(!mg
        .graph
        .node_ids()
        .any(|n| matches!(mg.graph.op(n), Op::NewArray(_))));
    // Compiled, both kernels take it as an array argument.
    let k = run(&bytes, "twoPass", "([F[FI)V", Target::default(), "").expect("kernel");
    assert_eq!(k.scratch.len(), 1);
    assert_eq!(
        k.source().matches("float* FERROCL_RESTRICT tmp,").count(),
        2,
        "{}",
        k.source()
    );
}

#[test]
fn copies_of_arguments_before_the_loops_are_made_by_the_host() {
    use ferrocl_graph::Op;
    use ferrocl_opt::HostExpr;
    let (mg, _, scratch) = phased("cloneAndAppend", "([I[I[I)V", "");
    assert_eq!(scratch.len(), 2, "{scratch:?}");
    // `t`: two copies in Java's order, `a` at 0 and `b` after it.
    let t = &scratch[0];
    assert_eq!(t.copies.len(), 2, "{t:?}");
    assert_eq!(t.copies[0].source, 0);
    assert_eq!(t.copies[0].pos, HostExpr::Const(0));
    assert_eq!(t.copies[0].count, HostExpr::ArrayLength(0));
    assert_eq!(t.copies[1].source, 1);
    assert_eq!(t.copies[1].pos, HostExpr::ArrayLength(0));
    assert_eq!(t.copies[1].count, HostExpr::ArrayLength(1));
    // `c`: the clone of `b`, of its length.
    let c = &scratch[1];
    assert_eq!(c.length, HostExpr::ArrayLength(1));
    assert_eq!(c.copies.len(), 1);
    assert_eq!(c.copies[0].source, 1);
    assert!(!mg
        .graph
        .node_ids()
        .any(|n| matches!(mg.graph.op(n), Op::ArrayCopy(_) | Op::NewArray(_))));
    // In the loop: refused, with the reason.
    let bytes = class_bytes();
    let err = run(&bytes, "cloneInLoop", "([I[I)V", Target::default(), "")
        .expect_err("a clone of an argument in the loop");
    assert!(
        err.to_string()
            .contains("a kernel cannot allocate global memory"),
        "{err}"
    );
}

#[test]
fn loop_versioning_copies_inner_loops_in_the_graph() {
    use ferrocl_graph::{GuardKind, Op};
    let descriptor = "([I[IIII)V";
    let (mg, nests, _) = phased("firstOver", descriptor, "");
    let g = &mg.graph;
    let versions = &nests[0].loop_versions;
    assert_eq!(versions.len(), 1, "{versions:?}");
    let v = &versions[0];
    // The branch on the test enters the copy when it holds, the loop as written when not.
    assert_eq!(*g.op(v.branch), Op::If);
    assert_eq!(g.inputs(v.branch), [v.test]);
    assert_eq!(g.stamp(v.test), ferrocl_graph::Stamp::Bool);
    let enters = |begin: ferrocl_graph::NodeId| {
        let entry = g.inputs(begin)[0];
        let from = g.predecessor(entry).expect("entered");
        (g.op(from).clone(), g.predecessor(from))
    };
    assert_eq!(enters(v.fast), (Op::Begin, Some(v.branch)));
    assert_eq!(enters(v.checked), (Op::Begin, Some(v.branch)));
    assert_eq!(
        g.successors(v.branch)[0],
        g.predecessor(g.inputs(v.fast)[0]).expect("begin")
    );
    // `a[i * n + k]` and `/ d` are proven: the copy has neither check, the loop as written both.
    let forest = ferrocl_opt::LoopForest::compute(&mg);
    let guards = |begin: ferrocl_graph::NodeId, kind: GuardKind| {
        forest
            .get(begin)
            .expect("a loop")
            .body
            .iter()
            .filter(|&&n| *g.op(n) == Op::Guard(kind))
            .count()
    };
    assert_eq!(v.proven.len(), 2, "{:?}", v.proven);
    assert_eq!(guards(v.checked, GuardKind::Index), 1);
    assert_eq!(guards(v.checked, GuardKind::Divisor), 1);
    assert_eq!(guards(v.fast, GuardKind::Index), 0);
    assert_eq!(guards(v.fast, GuardKind::Divisor), 0);
    // Two ways out (the test and the `break`): a merge of the two copies' exits each, and the
    // values used after the loop (`s`, `k`) are phis of those merges, joined again where the ways
    // out join.
    assert_eq!(v.exit_merges.len(), 2);
    for &m in &v.exit_merges {
        assert_eq!(*g.op(m), Op::Merge);
        assert_eq!(g.inputs(m).len(), 2);
        let phis: Vec<_> = g
            .usages(m)
            .iter()
            .copied()
            .filter(|&u| *g.op(u) == Op::Phi)
            .collect();
        assert!(!phis.is_empty(), "values flow out of merge {m}");
        for phi in phis {
            let ins = g.inputs(phi);
            assert_eq!(
                v.copies.get(&ins[1]),
                Some(&ins[2]),
                "checked value, then its copy"
            );
        }
    }
    // The tested increment of the copy cannot wrap; the counted loop is the loop as written.
    assert_eq!(v.no_wrap.len(), 1);
    assert_eq!(g.inputs(v.no_wrap[0])[0], v.copies[&v.counted.phi]);
    assert_eq!(g.inputs(v.counted.phi)[0], v.checked);
    assert!(v.counted.impure, "a loop left by a break");
    // Without the versions: one loop again, with both checks, nothing of the copy left.
    let plain = ferrocl_opt::without_loop_versions(&mg, versions);
    ferrocl_graph::verify(&plain.graph).expect("valid without the versions");
    assert!(!plain.graph.is_live(v.branch) && !plain.graph.is_live(v.fast));
    let loops = plain
        .graph
        .node_ids()
        .filter(|&n| *plain.graph.op(n) == Op::LoopBegin)
        .count();
    assert_eq!(loops, 2, "the parallel loop and the inner loop");
    // Switched off: no version; written, the kernel says what it did.
    let (_, off, _) = phased("firstOver", descriptor, "loopVersioning=false");
    assert!(off[0].loop_versions.is_empty());
    let bytes = class_bytes();
    let on = run(&bytes, "firstOver", descriptor, Target::default(), "").expect("kernel");
    assert!(
        applied(&on).contains(&"loopVersioning (1 loop)".to_string()),
        "{:?}",
        applied(&on)
    );
    assert!(
        on.source().contains("Loop versioning: 2 check(s)"),
        "{}",
        on.source()
    );
}

#[test]
fn parallel_loops_that_cannot_be_dimensions_run_in_each_work_item() {
    // A store between the first two loops: only `i` is a dimension; `j` and the triangle `k`
    // inside it run sequentially, `j` for the store, `k` because it is inside `j`.
    let (mg, nests, _) = phased("rowsAndTriangles", "([I[II)V", "");
    assert_eq!(nests.len(), 1);
    assert_eq!(nests[0].dims.len(), 1, "{:?}", nests[0].dims);
    let why: Vec<&str> = nests[0].sequential.iter().map(|s| s.why.as_str()).collect();
    assert_eq!(why.len(), 2, "{why:?}");
    assert!(
        why.iter()
            .any(|w| w.starts_with("code between it and the @Parallel loop")),
        "{why:?}"
    );
    assert!(
        why.contains(&"inside a @Parallel loop that runs sequentially"),
        "{why:?}"
    );
    // Each one is a loop of the graph inside the body, not a dimension.
    let forest = ferrocl_opt::LoopForest::compute(&mg);
    for s in &nests[0].sequential {
        assert!(forest.get(s.begin).is_some());
        assert!(nests[0].dims.iter().all(|d| d.begin != s.begin));
    }
    // Side by side inside a perfect 2-D nest: two dimensions, the two inner loops sequential.
    let (_, nests, _) = phased("sideBySide", "([I[II)V", "");
    assert_eq!(nests[0].dims.len(), 2);
    assert_eq!(nests[0].sequential.len(), 2);
    assert!(nests[0]
        .sequential
        .iter()
        .all(|s| s.why == "@Parallel loops side by side inside another"));
}

#[test]
fn kernel_shapes_are_planned_on_the_graph() {
    use ferrocl_graph::Op;
    use ferrocl_opt::{Level, NestShape, TileSource};
    // A matmul nest is tiled: `a[i * n + k]` staged along the block's rows, `b[k * n + j]` along
    // its columns, the store after the loop; every access listed with its affine index.
    let (mg, nests, _) = phased(MATMUL.0, MATMUL.1, "");
    let g = &mg.graph;
    let Some(NestShape::Tiled(plan)) = &nests[0].shape else {
        panic!("matmul not tiled: {:?}", nests[0].shape);
    };
    assert_eq!(
        (plan.i, plan.j),
        (nests[0].dims[0].index, nests[0].dims[1].index)
    );
    assert_eq!(plan.accs.len(), 1, "one carried sum");
    assert_eq!(plan.tiles.len(), 2);
    let param = |load: ferrocl_graph::NodeId| {
        mg.params
            .iter()
            .position(|p| p.node == g.inputs(load)[0])
            .expect("a parameter array")
    };
    for &(load, source) in &plan.body {
        match (param(load), source) {
            (0, TileSource::RowTile(_)) => assert_eq!(plan.level(load), Some(Level::PerRow)),
            (1, TileSource::ColTile(_)) => assert_eq!(plan.level(load), Some(Level::PerColumn)),
            other => panic!("load {load}: {other:?}"),
        }
    }
    assert_eq!(plan.post.len(), 1);
    assert!(matches!(g.op(plan.post[0]), Op::ArrayStore(_)));
    assert_eq!(plan.accesses.len(), 3);
    // `c[i * n + j]`: i with coefficient n, j with 1, no k.
    let store = plan
        .accesses
        .iter()
        .find(|a| a.0 == plan.post[0])
        .expect("store");
    assert_eq!(store.2.coef[0].terms.len(), 1);
    assert_eq!(store.2.coef[1].constant, 1);
    assert!(store.2.coef[2].is_zero() && !store.3);
    assert!(
        plan.host_proof(&mg).is_some(),
        "every term is known on the host"
    );
    assert_eq!(plan.micro_choices(), vec![2, 8]);

    // Without tiling the nest has no other shape (its loop is not straight-line code); nor on a
    // device without local memory, nor with a budget too small for two tiles.
    let (_, nests, _) = phased(MATMUL.0, MATMUL.1, "tile=false");
    assert_eq!(nests[0].shape, None);
    let cpu = ferrocl_opt::Target {
        local_memory: false,
        ..Default::default()
    };
    let (_, nests, _) = phased_for(MATMUL.0, MATMUL.1, "", cpu);
    assert_eq!(nests[0].shape, None);
    let small = ferrocl_opt::Target {
        tile_budget: 4096,
        ..Default::default()
    };
    let (_, nests, _) = phased_for(MATMUL.0, MATMUL.1, "", small);
    assert_eq!(nests[0].shape, None);
    // A store inside the loop: no shape.
    let (_, nests, _) = phased("storesInLoop", MATMUL.1, "");
    assert_eq!(nests[0].shape, None);

    // A transpose is staged: its store moves by n with j (strided), its load by one (not staged).
    let (mg, nests, _) = phased("transpose", "([F[FI)V", "");
    let Some(NestShape::Staged(plan)) = &nests[0].shape else {
        panic!("transpose not staged: {:?}", nests[0].shape);
    };
    assert!(plan.stage_stores);
    assert_eq!(plan.stores.len(), 1);
    assert_eq!(plan.loads.len(), 1);
    assert!(!plan.loads[0].1, "the load is unit-stride along j");
    assert_eq!(plan.staged(), (0, 1));
    assert!(plan.host_proof(&mg).is_some());
    let (_, nests, _) = phased("transpose", "([F[FI)V", "coalesce=false");
    assert_eq!(nests[0].shape, None);
}

#[test]
fn coherent_branches_are_decided_on_the_graph() {
    let (_, nests, _) = phased("alternating", "([DII)V", "");
    assert!(nests[0].coherent_branches, "a loop branching on i % 2");
    let (_, nests, _) = phased("alternating", "([DII)V", "coherentBranches=false");
    assert!(!nests[0].coherent_branches, "switched off");
    let (_, nests, _) = phased("alternatingEvenStep", "([DII)V", "");
    assert!(!nests[0].coherent_branches, "an even step");
    let (_, nests, _) = phased("parityOutsideLoops", "([DI)V", "");
    assert!(
        !nests[0].coherent_branches,
        "no loop branches on the parity"
    );
    // The kernel prints the numbering and reports it.
    let k = run(
        &class_bytes(),
        "alternating",
        "([DII)V",
        Target::default(),
        "",
    )
    .expect("kernel");
    assert!(k.kernels[0].source.contains("ferrocl_seam"));
    assert!(applied(&k)
        .iter()
        .any(|a| a.starts_with("coherentBranches")));
}

#[test]
fn rows_are_staged_on_the_graph_in_1d_kernels() {
    use ferrocl_opt::stage1d::{SHARED_STAGE, STAGE};
    use ferrocl_opt::NestShape;
    let (mg, nests, _) = phased("matvec", "([F[F[FI)V", "");
    let Some(NestShape::StagedRows(plan)) = &nests[0].shape else {
        panic!("matvec not staged: {:?}", nests[0].shape);
    };
    assert!(nests[0]
        .loop_versions
        .iter()
        .any(|v| v.branch == plan.branch));
    assert_eq!(plan.width, STAGE, "one load is strided");
    assert_eq!(plan.loads.len(), 2);
    let array_of = |l: &ferrocl_opt::StagedLoadPlan| {
        mg.params
            .iter()
            .position(|p| p.node == mg.graph.inputs(l.load)[0])
    };
    for l in &plan.loads {
        match array_of(l) {
            // a[i * n + j]: rows n apart.
            Some(0) => assert_eq!(l.stride.terms.len(), 1),
            // x[j]: the same element in every row.
            Some(1) => assert!(l.stride.is_zero()),
            other => panic!("a staged load of {other:?}"),
        }
    }
    let (_, nests, _) = phased("shared", "([F[FI)V", "");
    let Some(NestShape::StagedRows(plan)) = &nests[0].shape else {
        panic!("shared loads not staged: {:?}", nests[0].shape);
    };
    assert_eq!(plan.width, SHARED_STAGE, "every staged load is shared");
    // Switched off, or on a device without local memory: nothing planned.
    let (_, nests, _) = phased("matvec", "([F[F[FI)V", "coalesce=false");
    assert_eq!(nests[0].shape, None);
    let cpu = ferrocl_opt::Target {
        local_memory: false,
        ..Default::default()
    };
    let (_, nests, _) = phased_for("matvec", "([F[F[FI)V", "", cpu);
    assert_eq!(nests[0].shape, None);
    // The kernel stages what was planned, in groups of the plan's width.
    let k = run(
        &class_bytes(),
        "matvec",
        "([F[F[FI)V",
        Target::default(),
        "",
    )
    .expect("kernel");
    assert!(k.kernels[0]
        .source
        .contains(&format!("reqd_work_group_size({STAGE}, 1, 1)")));
}

#[test]
fn values_are_carried_between_kernels_on_the_graph() {
    use ferrocl_graph::Op;
    let (mg, nests, _) = phased("carried", "([F[F[FI)V", "");
    let g = &mg.graph;
    // Code before the first loop, the loop, the read between the loops, the second loop.
    let dims: Vec<usize> = nests.iter().map(|n| n.dims.len()).collect();
    assert_eq!(dims, [0, 1, 0, 1]);
    assert!(
        nests.iter().all(|n| n.carry_slots == 2),
        "two values carried"
    );
    // The sum leaves its (versioned) loop through a phi; the read between the loops is a load.
    assert_eq!(nests[0].carry_out.len(), 1);
    let total = nests[0].carry_out[0];
    assert_eq!(*g.op(total.node), Op::Phi);
    assert_eq!(total.slot, 0);
    assert!(nests[0].carry_in.is_empty());
    assert_eq!(nests[1].carry_in, [total]);
    assert!(nests[1].carry_out.is_empty());
    assert_eq!(nests[2].carry_in, [total]);
    assert_eq!(nests[2].carry_out.len(), 1);
    let first = nests[2].carry_out[0];
    assert!(matches!(g.op(first.node), Op::ArrayLoad(_)));
    assert_eq!(first.slot, 1);
    assert_eq!(nests[3].carry_in, [total, first]);
    // The sum's loop was versioned in the code before the loop: what is carried is the value after
    // both versions, not the phi of either loop.
    assert!(!nests[0].loop_versions.is_empty());
    assert!(g
        .inputs(total.node)
        .first()
        .is_some_and(|&m| *g.op(m) == Op::Merge));
}

#[test]
fn a_loop_around_the_parallel_loops_repeats_their_nests() {
    use ferrocl_graph::Op;
    use ferrocl_opt::HostExpr;
    let (mg, nests, _) = phased("steps", "([F[FI)V", "");
    let g = &mg.graph;
    // The loop before, the two in each step, the one after: four nests, the middle two repeated.
    assert_eq!(nests.len(), 4);
    assert!(nests.iter().all(|n| n.dims.len() == 1));
    let repeated: Vec<bool> = nests.iter().map(|n| n.repeat.is_some()).collect();
    assert_eq!(repeated, [false, true, true, false]);
    let range = nests[1].repeat.clone().expect("repeated");
    assert_eq!(nests[2].repeat.as_ref(), Some(&range));
    assert_eq!(
        (
            range.lower.clone(),
            range.upper.clone(),
            range.inclusive,
            range.step
        ),
        (HostExpr::Const(1), HostExpr::Param(2), false, 2)
    );
    assert_eq!(range.name.as_deref(), Some("s"));
    // Its values: 1, 3, 5 below 6; none from 1 below 1; more than the limit: none at all.
    let values =
        |lo: i32, hi: i64, limit: u64| range.values(lo, hi, limit).map(|v| v.collect::<Vec<_>>());
    assert_eq!(values(1, 6, 100), Some(vec![1, 3, 5]));
    assert_eq!(values(1, 1, 100), Some(vec![]));
    assert_eq!(values(1, 1000, 10), None);
    // No loop is left around the nests: the counter is one RepeatIndex node, which the second
    // nest's bound reads as the host's `Repeat` leaf.
    assert_eq!(
        g.node_ids().filter(|&n| *g.op(n) == Op::LoopBegin).count(),
        4,
        "the four @Parallel loops only"
    );
    assert_eq!(
        g.node_ids()
            .filter(|&n| *g.op(n) == Op::RepeatIndex)
            .count(),
        1
    );
    assert!(nests[2].dims[0].upper.leaves().contains(&&HostExpr::Repeat));
    assert!(mg.applied.iter().any(|a| a.phase == "repeat_loops"));
}

#[test]
fn code_that_returns_on_the_device_stops_the_kernels_after_it() {
    let (_, nests, _) = phased("returns", "([I[I)V", "");
    let shape: Vec<(usize, Option<usize>, Vec<usize>)> = nests
        .iter()
        .map(|n| (n.dims.len(), n.stop, n.skip_if.clone()))
        .collect();
    // The carried `m` takes slot 0; each returning piece of code its own flag after it; every
    // kernel after a piece of code that may return skips on its flag.
    assert_eq!(
        shape,
        [
            (1, None, vec![]),
            (0, Some(1), vec![]),
            (1, None, vec![1]),
            (0, Some(2), vec![1]),
            (1, None, vec![1, 2]),
        ]
    );
    assert!(nests.iter().all(|n| n.carry_slots == 3));
    assert_eq!(nests[1].carry_out.len(), 1);
    assert_eq!(nests[4].carry_in, nests[1].carry_out);
}

#[test]
fn loops_under_branches_keep_their_conditions() {
    use ferrocl_opt::HostExpr;
    let (_, nests, _) = phased("either", "([I[IZ)V", "");
    assert_eq!(nests.len(), 3);
    assert!(nests.iter().all(|n| n.dims.len() == 1));
    // The arms' loops run over an empty range (from 1 to 0) where their branch is not taken; the
    // loop after the merge always runs.
    let arm = |n: &ferrocl_opt::ParallelNest| {
        matches!(&n.dims[0].lower, HostExpr::Select(_, _, one) if **one == HostExpr::Const(1))
            && matches!(&n.dims[0].upper, HostExpr::Select(_, _, zero) if **zero == HostExpr::Const(0))
    };
    assert!(arm(&nests[0]) && arm(&nests[1]));
    assert!(!arm(&nests[2]));
    // The two arms' conditions are each other's negation: one holds for each value of `twice`.
    let value = |n: &ferrocl_opt::ParallelNest, twice: i32| {
        let mut leaf = |e: &HostExpr| match e {
            HostExpr::Param(2) => Some(ferrocl_graph::Constant::Int(twice)),
            HostExpr::ArrayLength(_) => Some(ferrocl_graph::Constant::Int(10)),
            _ => None,
        };
        n.dims[0].upper_value(&mut leaf)
    };
    for twice in [0, 1] {
        let runs: Vec<bool> = nests[..2]
            .iter()
            .map(|n| value(n, twice) == Some(10))
            .collect();
        assert_eq!(
            runs.iter().filter(|&&r| r).count(),
            1,
            "twice = {twice}: {runs:?}"
        );
    }
}

/// `narrow_long_index`: a `long` index counts with an `int` phi (Java's index its widening, `(int)
/// i` the phi itself), then `count_up` turns the loop around, and the nest is one dimension of
/// step 3; a `long` first value the host would have to narrow is left alone, and refused with
/// the recognition's reason.
#[test]
fn a_long_parallel_index_counts_with_an_int() {
    use ferrocl_graph::{ConvTarget, Op, Stamp};
    let (mg, nests, _) = phased("longDown", "([I[JI)V", "");
    let g = &mg.graph;
    assert_eq!(nests.len(), 1);
    assert_eq!(nests[0].dims.len(), 1);
    assert_eq!(nests[0].dims[0].step, 3);
    assert_eq!(g.stamp(nests[0].dims[0].index), Stamp::Int);
    // Turned around by `count_up` after the narrowing: the counter of the `int` counter.
    assert_eq!(
        mg.names.get(nests[0].dims[0].index).as_deref(),
        Some("i_int_rev")
    );
    // No `long` phi is left, and no narrowing of a widened index.
    assert!(!g
        .node_ids()
        .any(|n| *g.op(n) == Op::Phi && g.stamp(n) == Stamp::Long));
    assert!(!g.node_ids().any(|n| matches!(g.op(n),
        Op::Convert(c) if c.from == Stamp::Long && c.to == ConvTarget::Int
            && matches!(g.op(g.inputs(n)[0]), Op::Convert(w) if w.to == ConvTarget::Long))));
    let bytes = class_bytes();
    let refused = run(&bytes, "longFromParameter", "([IJ)V", Target::default(), "")
        .expect_err("a long first value is not narrowed");
    assert!(refused.to_string().contains("must be an int"), "{refused}");
}
