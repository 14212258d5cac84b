//! `hostVersioning`: host versioning of the `@Parallel` body (1-, 2- or 3-D), on the graph: the
//! index checks whose index is affine in the parallel indices, with coefficients and offset the
//! host knows at launch (parameters, array lengths, static fields, constants), are tested once per
//! launch on the host instead of by every work-item. The phase branches at the body's entry on
//! [`Op::BoundsProven`] (the kernel argument the host sets from its test) into a copy of the body
//! without those checks and the body as written, every check in place (see `body_copy`), so a
//! launch whose test fails still fails its checks where Java would throw and the JVM reruns the
//! method. The writer prints both (or, where it gives the nest a shape of its own, tiled or staged,
//! only the body as written, from [`HostVersioning::checked_entry`]).
//!
//! The test is [`BoundsProof`]'s: an index `Σ c_v * v + r` (each coefficient and the rest a
//! sum of host values, products of them too, times constants; each value the `int` the device
//! computes) is, over the box of the launch's parallel indices, extreme at the corners; when both
//! extremes of the exact value lie in `[0, length)`, every index the work-items compute is that value
//! and in bounds. Checks under conditions are covered too (the test bounds a superset of what runs),
//! and so are checks inside sequential loops whose index does not depend on the loop.
//!
//! When the copy has no check left ([`HostVersioning::infallible`]), a launch whose test holds
//! cannot fail: the host leaves out the status word (no clearing, no read back), one transfer less
//! per launch.

use crate::parallel::walk_body;
use crate::{host_expr_exact_of, BoundsProof, HostExpr, HostLinear, ParallelNest, ProvedAccess};
use ferrocl_graph::{BinaryOp, Constant, GuardKind, MethodGraph, NodeId, Op, Stamp};
use std::collections::BTreeSet;

/// The index checks of a `@Parallel` body a test on the host proves for a whole launch, and that
/// test (planned, not applied yet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostTest {
    /// The body's `Guard(Index)` nodes the test proves.
    pub guards: BTreeSet<NodeId>,
    /// The test, evaluated on the host at each launch.
    pub proof: BoundsProof,
}

/// A body versioned on the host's test: `if (BoundsProven) { copy } else { body as written }`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostVersioning {
    /// The checks of the body as written that the test proves (left out of the copy).
    pub guards: BTreeSet<NodeId>,
    /// The test, evaluated on the host at each launch.
    pub proof: BoundsProof,
    /// The `Begin` of the copy without those checks.
    pub proven_entry: NodeId,
    /// The `Begin` of the body as written: where a writer that gives the nest a shape of its own
    /// (and so leaves the host's test out) starts the body.
    pub checked_entry: NodeId,
    /// The copy's fixed nodes (its checks are its own: a value both versions share, such as an
    /// index computed from the parallel indices only, is checked by the other version's guards
    /// only there).
    pub proven_nodes: BTreeSet<NodeId>,
    /// Arrays the body allocates (`NewArray`) with their copies: one work-item runs one version,
    /// so both may use one storage.
    pub private_twins: Vec<(NodeId, NodeId)>,
    /// The copy has no check left: a launch whose test holds cannot fail.
    pub infallible: bool,
}

/// The checks a host test can replace in `nest`'s body, and that test; `None` when there is none
/// (no `@Parallel` loop, more than three, a reduction, or no such check).
pub fn plan_host_versioning(mg: &MethodGraph, nest: &ParallelNest) -> Option<HostTest> {
    let g = &mg.graph;
    if nest.dims.is_empty() || nest.dims.len() > 3 || !nest.reductions.is_empty() {
        return None;
    }
    let body = walk_body(mg, nest.body_entry, nest.innermost()?, false).ok()?;
    // Missing dimensions: an "induction variable" that never appears in an index, the body's entry.
    let ivs = [
        nest.dims[0].index,
        nest.dims.get(1).map_or(nest.body_entry, |d| d.index),
        nest.dims.get(2).map_or(nest.body_entry, |d| d.index),
    ];
    // This kernel's checks only (a method of several kernels has the others' in its graph too).
    let mut ids: Vec<NodeId> = g
        .node_ids()
        .filter(|&n| *g.op(n) == Op::Guard(GuardKind::Index) && body.contains(&n))
        .collect();
    ids.sort();
    let zero = |l: &HostLinear| l.terms.is_empty() && l.constant == 0;
    let mut guards = BTreeSet::new();
    let mut accesses = Vec::new();
    for n in ids {
        let ins = g.inputs(n);
        let (index, array) = (ins[0], ins[1]);
        let Some(param) = mg.params.iter().position(|p| p.node == array) else {
            continue;
        };
        let Some(form) = host_form(mg, index, ivs, 0) else {
            continue;
        };
        if !form.coef.iter().skip(nest.dims.len()).all(zero) {
            continue;
        }
        guards.insert(n);
        accesses.push(ProvedAccess {
            coef: form.coef,
            rest: form.rest,
            array: param,
            in_loop: false,
        });
    }
    if guards.is_empty() {
        return None;
    }
    Some(HostTest {
        guards,
        proof: BoundsProof {
            accesses,
            inner: None,
        },
    })
}

/// Applies `test` to `nest`'s body (see the module docs): the branch on [`Op::BoundsProven`] and the
/// copy without the checks it proves. `None`, the graph unchanged, when the body cannot be copied.
pub fn version_host_checks(
    mg: &mut MethodGraph,
    nest: &ParallelNest,
    test: HostTest,
) -> Option<HostVersioning> {
    let begin = nest.innermost()?;
    // Only when it is used: a flag no branch reads would still be a kernel argument.
    let flag = mg.graph.add(Op::BoundsProven, Stamp::Bool, vec![]);
    let Some(copy) = crate::body_copy::branch_body(mg, nest.body_entry, begin, flag) else {
        mg.graph.kill(flag);
        return None;
    };
    for guard in &test.guards {
        if let Some(&c) = copy.copies.get(guard) {
            mg.graph.remove_fixed(c);
        }
    }
    let g = &mg.graph;
    let proven_nodes: BTreeSet<NodeId> = copy
        .copies
        .values()
        .copied()
        .filter(|&c| g.is_live(c) && g.op(c).is_fixed())
        .collect();
    let private_twins: Vec<(NodeId, NodeId)> = copy
        .copies
        .iter()
        .filter(|(&n, _)| matches!(g.op(n), Op::NewArray(_)))
        .map(|(&n, &c)| (n, c))
        .collect();
    // A private array's length is a constant the allocation check proved (`check_private_arrays`);
    // a negative one would fail.
    let infallible = proven_nodes.iter().all(|&n| match g.op(n) {
        Op::Guard(_) => false,
        Op::NewArray(_) => crate::private_length(g, n).is_some_and(|l| l >= 0),
        _ => true,
    });
    Some(HostVersioning {
        guards: test.guards,
        proof: test.proof,
        proven_entry: copy.copy_entry,
        checked_entry: copy.original_entry,
        proven_nodes,
        private_twins,
        infallible,
    })
}

/// An index as `Σ coef[v] * iv[v] + rest`, every coefficient and the rest a sum of host values
/// times constants: wider than the loop-versioning forms, since a coefficient may be a product of
/// host values (`(x * ny + y) * nz + z`: `x` has `ny * nz`). Host values are evaluated as the
/// device's wrapping `int`s, which keeps the index congruent to the form modulo 2^32.
#[derive(Clone, Default)]
struct HostForm {
    coef: [HostLinear; 3],
    rest: HostLinear,
}

/// Constants stay within 2^32 in magnitude, so that the host's 128-bit evaluation cannot overflow.
const MAX_CONSTANT: i64 = 1 << 32;

fn scaled(l: &HostLinear, by: i64) -> Option<HostLinear> {
    let scale = |c: i64| c.checked_mul(by).filter(|v| v.abs() <= MAX_CONSTANT);
    Some(HostLinear {
        terms: l
            .terms
            .iter()
            .map(|(t, c)| Some((t.clone(), scale(*c)?)))
            .collect::<Option<Vec<_>>>()?,
        constant: scale(l.constant)?,
    })
}

fn summed(a: &HostLinear, b: &HostLinear, sign: i64) -> Option<HostLinear> {
    let b = scaled(b, sign)?;
    let mut terms = a.terms.clone();
    terms.extend(b.terms);
    let constant = a
        .constant
        .checked_add(b.constant)
        .filter(|v| v.abs() <= MAX_CONSTANT)?;
    Some(HostLinear { terms, constant })
}

/// `l * f` for a host value `f`: each term's value times `f`, the constant a term of its own.
fn times(l: &HostLinear, f: &HostExpr) -> HostLinear {
    let mut terms: Vec<(HostExpr, i64)> = l
        .terms
        .iter()
        .map(|(t, c)| {
            (
                HostExpr::Binary(BinaryOp::Mul, Box::new(t.clone()), Box::new(f.clone())),
                *c,
            )
        })
        .collect();
    if l.constant != 0 {
        terms.push((f.clone(), l.constant));
    }
    HostLinear { terms, constant: 0 }
}

impl HostForm {
    fn map2(
        &self,
        other: &HostForm,
        f: impl Fn(&HostLinear, &HostLinear) -> Option<HostLinear>,
    ) -> Option<HostForm> {
        Some(HostForm {
            coef: [
                f(&self.coef[0], &other.coef[0])?,
                f(&self.coef[1], &other.coef[1])?,
                f(&self.coef[2], &other.coef[2])?,
            ],
            rest: f(&self.rest, &other.rest)?,
        })
    }

    fn map(&self, f: impl Fn(&HostLinear) -> Option<HostLinear>) -> Option<HostForm> {
        Some(HostForm {
            coef: [f(&self.coef[0])?, f(&self.coef[1])?, f(&self.coef[2])?],
            rest: f(&self.rest)?,
        })
    }

    /// The constant this form is, when it is one.
    fn as_constant(&self) -> Option<i64> {
        let zero = |l: &HostLinear| l.terms.is_empty() && l.constant == 0;
        (self.coef.iter().all(zero) && self.rest.terms.is_empty()).then_some(self.rest.constant)
    }
}

fn host_form(mg: &MethodGraph, n: NodeId, ivs: [NodeId; 3], depth: usize) -> Option<HostForm> {
    let g = &mg.graph;
    if depth > 24 || g.stamp(n) != Stamp::Int {
        return None;
    }
    let mut out = HostForm::default();
    if let Some(v) = ivs.iter().position(|&x| x == n) {
        out.coef[v].constant = 1;
        return Some(out);
    }
    if let Op::Constant(Constant::Int(c)) = g.op(n) {
        out.rest.constant = i64::from(*c);
        return Some(out);
    }
    if let Some(e) = host_expr_exact_of(mg, n) {
        out.rest.terms.push((e, 1));
        return Some(out);
    }
    let inputs = g.inputs(n).to_vec();
    let sub = |x: NodeId| host_form(mg, x, ivs, depth + 1);
    match g.op(n) {
        Op::Binary(BinaryOp::Add) => sub(inputs[0])?.map2(&sub(inputs[1])?, |a, b| summed(a, b, 1)),
        Op::Binary(BinaryOp::Sub) => {
            sub(inputs[0])?.map2(&sub(inputs[1])?, |a, b| summed(a, b, -1))
        }
        Op::Negate => sub(inputs[0])?.map(|a| scaled(a, -1)),
        Op::Binary(BinaryOp::Shl) => match g.op(inputs[1]) {
            Op::Constant(Constant::Int(s)) if (s & 31) < 20 => {
                sub(inputs[0])?.map(|a| scaled(a, 1i64 << (s & 31)))
            }
            _ => None,
        },
        Op::Binary(BinaryOp::Mul) => {
            let a = sub(inputs[0])?;
            let b = sub(inputs[1])?;
            if let Some(c) = a.as_constant() {
                return b.map(|l| scaled(l, c));
            }
            if let Some(c) = b.as_constant() {
                return a.map(|l| scaled(l, c));
            }
            // A host value times a form: the value joins every coefficient and the rest.
            if let Some(f) = host_expr_exact_of(mg, inputs[0]) {
                return b.map(|l| Some(times(l, &f)));
            }
            if let Some(f) = host_expr_exact_of(mg, inputs[1]) {
                return a.map(|l| Some(times(l, &f)));
            }
            None
        }
        _ => None,
    }
}
