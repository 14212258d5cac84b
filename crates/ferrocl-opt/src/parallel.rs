//! `recognize_parallel_loops`: finds the method's `@Parallel` loops on the graph and checks that they
//! have a shape the back end can turn into an NDRange.
//!
//! A loop is found from the graph, not from source patterns: a `LoopBegin` with a phi for an annotated
//! local slot, whose header lies in the annotation's live range. Its exit test must compare that phi
//! (`<` or `<=`) against a bound the host can evaluate: an `int` expression of constants, `int`
//! parameters, array parameters' lengths and non-final static fields. Every back edge must add the same
//! positive constant (the step).
//!
//! Up to three `@Parallel` loops may be perfectly nested (nothing between them): the outermost becomes
//! the slowest-varying NDRange dimension. The innermost body may hold any control flow (branches,
//! nested sequential loops, `continue`), but must not leave the loop (`break`, `return`): iterations
//! must be independent. A `@Parallel` loop inside a nest that cannot be its next dimension (see
//! `nest_chain`: code between, a bound depending on an outer index, loops side by side, a fourth
//! level, a carried value, a `break`) runs as an ordinary loop in each work-item, with every
//! `@Parallel` loop inside it ([`ParallelNest::sequential`]): Java's order within a work-item is
//! Java's semantics, and only the dimensions' iterations are spread over work-items. Nothing with an effect may come before or after the nest, and each index must
//! be its loop's only loop-carried value. A method without any `@Parallel` loop runs as one work-item.
//! Everything else is refused with a reason that names the construct and its source line.

use crate::manager::LoopForest;
use ferrocl_graph::{Bailout, BailoutKind, MethodGraph};
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, GuardKind, Intrinsic, NodeId, Op, Stamp,
};
use std::collections::HashSet;

/// A value the host evaluates before launch, with Java's arithmetic: an `int` (a bound, a start,
/// a condition), computed from values of any primitive type (`if (n <= 0L) return;`, `(int) lim`,
/// `scale == 0.0f`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostExpr {
    /// An `int` constant.
    Const(i32),
    /// A `long`, `float` or `double` constant (floating point by its bits).
    Wide(WideConst),
    /// The primitive parameter at this index of [`MethodGraph::params`], of its own type.
    Param(usize),
    /// `length` of the array parameter at this index.
    ArrayLength(usize),
    /// A non-final static `int` field, read on the host at each `execute()`.
    Static(ferrocl_graph::FieldRef),
    /// The identity of the reference parameter at this index of [`MethodGraph::params`]
    /// ([`Op::Identity`]): the index of the first reference parameter bound to the same object,
    /// `-1` for `null`.
    Identity(usize),
    /// `int` arithmetic on two host values (wrapping, shift counts masked).
    Binary(BinaryOp, Box<HostExpr>, Box<HostExpr>),
    /// `-x` (wrapping).
    Negate(Box<HostExpr>),
    /// `x cond y` on two values of one type: 1 when it holds, 0 otherwise (IEEE for floating
    /// point: with a NaN operand only `!=` holds).
    Compare(Condition, Box<HostExpr>, Box<HostExpr>),
    /// A primitive conversion, as the JVM makes it.
    Convert(Conversion, Box<HostExpr>),
    /// `c != 0 ? a : b` (a ternary or a branch before the loop that if-conversion made one).
    Select(Box<HostExpr>, Box<HostExpr>, Box<HostExpr>),
    /// Evaluates the first (a division Java makes before the loops whatever is chosen later, which
    /// fails the whole value on a zero divisor), then gives the second.
    Then(Box<HostExpr>, Box<HostExpr>),
    /// 0 when the value is not 0, unavailable otherwise: a `throw` before the loops whose condition
    /// the host evaluates (an unavailable bound sends the method to the JVM, which throws).
    Require(Box<HostExpr>),
    /// A library method of integers and bits ([`host_intrinsic`]: `Math.abs` of `int` and
    /// `long`, `Float.floatToRawIntBits` and the other raw-bit conversions, `Integer`'s and
    /// `Long`'s `bitCount`, `numberOfLeadingZeros`, `numberOfTrailingZeros`, `reverse`,
    /// `rotateLeft`/`rotateRight`, `Math.multiplyHigh`) on its arguments, as Java computes it.
    Intrinsic(Intrinsic, Vec<HostExpr>),
    /// The counter of the sequential loop around the `@Parallel` loops ([`Op::RepeatIndex`]): its
    /// value in the repetition being launched (see [`Repeat`]).
    Repeat,
    /// The number of the repetition being launched, from 0 ([`Op::RepeatCount`]).
    RepeatCount,
    /// An element of an array parameter that Java reads before the loops ([`Op::HostLoad`]): the
    /// element at `index` when `when` holds (unavailable when that index is out of bounds: the JVM
    /// throws), 0 when it does not (Java never reads it). A leaf of [`HostExpr::value`]: the host
    /// reads it once per execution, after the leaves of its index and condition
    /// ([`HostExpr::leaves`] lists those first).
    Load {
        /// Index of the array in [`MethodGraph::params`].
        param: usize,
        /// The element type (the value's type is its kernel type, `int` for the narrow ones).
        elem: ferrocl_graph::ElemKind,
        /// The element's index (`int`).
        index: Box<HostExpr>,
        /// The condition under which Java reads it.
        when: Box<HostExpr>,
    },
}

/// A `long`, `float` or `double` constant of a [`HostExpr`] (floating point by its bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WideConst {
    /// A `long`.
    Long(i64),
    /// A `float`'s bits.
    Float(u32),
    /// A `double`'s bits.
    Double(u64),
}

impl WideConst {
    /// The constant for `c`, when it is a `long`, `float` or `double`.
    pub fn of(c: Constant) -> Option<WideConst> {
        match c {
            Constant::Long(v) => Some(WideConst::Long(v)),
            Constant::Float(v) => Some(WideConst::Float(v.to_bits())),
            Constant::Double(v) => Some(WideConst::Double(v.to_bits())),
            Constant::Int(_) | Constant::Null => None,
        }
    }

    /// Its value.
    pub fn value(self) -> Constant {
        match self {
            WideConst::Long(v) => Constant::Long(v),
            WideConst::Float(b) => Constant::Float(f32::from_bits(b)),
            WideConst::Double(b) => Constant::Double(f64::from_bits(b)),
        }
    }
}

/// Whether the host computes library method `which` ([`HostExpr::Intrinsic`]): those of integers
/// and bits, which have one result for every input (not floating-point arithmetic, whose NaN
/// payloads may differ between the host's instructions and the JVM's).
pub fn host_intrinsic(which: Intrinsic) -> bool {
    matches!(
        which,
        Intrinsic::Abs
            | Intrinsic::FloatToRawIntBits
            | Intrinsic::IntBitsToFloat
            | Intrinsic::DoubleToRawLongBits
            | Intrinsic::LongBitsToDouble
            | Intrinsic::BitCount
            | Intrinsic::NumberOfLeadingZeros
            | Intrinsic::NumberOfTrailingZeros
            | Intrinsic::Reverse
            | Intrinsic::RotateLeft
            | Intrinsic::RotateRight
            | Intrinsic::MultiplyHigh
    )
}

/// Java's result of library method `which` on `args` (`None`: not one the host computes, or
/// arguments of other types: `Math.abs` only of `int` and `long`).
fn fold_host_intrinsic(which: Intrinsic, args: &[Constant]) -> Option<Constant> {
    use Constant::{Double, Float, Int, Long};
    Some(match (which, args) {
        (Intrinsic::Abs, [Int(v)]) => Int(v.wrapping_abs()),
        (Intrinsic::Abs, [Long(v)]) => Long(v.wrapping_abs()),
        (Intrinsic::FloatToRawIntBits, [Float(v)]) => Int(v.to_bits() as i32),
        (Intrinsic::IntBitsToFloat, [Int(v)]) => Float(f32::from_bits(*v as u32)),
        (Intrinsic::DoubleToRawLongBits, [Double(v)]) => Long(v.to_bits() as i64),
        (Intrinsic::LongBitsToDouble, [Long(v)]) => Double(f64::from_bits(*v as u64)),
        (Intrinsic::BitCount, [Int(v)]) => Int(v.count_ones() as i32),
        (Intrinsic::BitCount, [Long(v)]) => Int(v.count_ones() as i32),
        (Intrinsic::NumberOfLeadingZeros, [Int(v)]) => Int(v.leading_zeros() as i32),
        (Intrinsic::NumberOfLeadingZeros, [Long(v)]) => Int(v.leading_zeros() as i32),
        (Intrinsic::NumberOfTrailingZeros, [Int(v)]) => Int(v.trailing_zeros() as i32),
        (Intrinsic::NumberOfTrailingZeros, [Long(v)]) => Int(v.trailing_zeros() as i32),
        (Intrinsic::Reverse, [Int(v)]) => Int(v.reverse_bits()),
        (Intrinsic::Reverse, [Long(v)]) => Long(v.reverse_bits()),
        // Java masks the distance: by 31 for an `int`, 63 for a `long`.
        (Intrinsic::RotateLeft, [Int(v), Int(s)]) => Int(v.rotate_left((*s & 31) as u32)),
        (Intrinsic::RotateLeft, [Long(v), Int(s)]) => Long(v.rotate_left((*s & 63) as u32)),
        (Intrinsic::RotateRight, [Int(v), Int(s)]) => Int(v.rotate_right((*s & 31) as u32)),
        (Intrinsic::RotateRight, [Long(v), Int(s)]) => Long(v.rotate_right((*s & 63) as u32)),
        (Intrinsic::MultiplyHigh, [Long(a), Long(b)]) => {
            Long(((i128::from(*a) * i128::from(*b)) >> 64) as i64)
        }
        _ => return None,
    })
}

/// Whether `cond` holds between two values of one primitive type, as Java compares them (IEEE
/// for floating point: with a NaN operand only `!=` holds); `None` for values of different types.
pub fn compare_constants(cond: Condition, x: Constant, y: Constant) -> Option<bool> {
    let ordering = match (x, y) {
        (Constant::Int(a), Constant::Int(b)) => return Some(cond.holds(a.into(), b.into())),
        (Constant::Long(a), Constant::Long(b)) => return Some(cond.holds(a, b)),
        (Constant::Float(a), Constant::Float(b)) => a.partial_cmp(&b),
        (Constant::Double(a), Constant::Double(b)) => a.partial_cmp(&b),
        _ => return None,
    };
    let Some(o) = ordering else {
        return Some(cond == Condition::Ne);
    };
    // An ordered pair compares as its order does.
    Some(cond.holds(o as i64, 0))
}

impl HostExpr {
    /// Evaluates to an `int` with Java's semantics; `leaf` supplies parameters (of their own
    /// types), lengths and static fields and returns `None` when one is unavailable (then so is the
    /// result, as it is for a value that is not an `int`).
    pub fn eval(&self, leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>) -> Option<i32> {
        match self.value(leaf)? {
            Constant::Int(v) => Some(v),
            _ => None,
        }
    }

    /// Evaluates to a value of the expression's own type (see [`HostExpr::eval`]).
    pub fn value(&self, leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>) -> Option<Constant> {
        Some(match self {
            HostExpr::Const(v) => Constant::Int(*v),
            HostExpr::Wide(c) => c.value(),
            // Java's arithmetic, shared with constant folding; a zero integer divisor gives None
            // (the JVM throws).
            HostExpr::Binary(op, a, b) => crate::fold_binary(*op, a.value(leaf)?, b.value(leaf)?)?,
            HostExpr::Negate(a) => match a.value(leaf)? {
                Constant::Int(v) => Constant::Int(v.wrapping_neg()),
                Constant::Long(v) => Constant::Long(v.wrapping_neg()),
                Constant::Float(v) => Constant::Float(-v),
                Constant::Double(v) => Constant::Double(-v),
                Constant::Null => return None,
            },
            HostExpr::Compare(cond, a, b) => Constant::Int(i32::from(compare_constants(
                *cond,
                a.value(leaf)?,
                b.value(leaf)?,
            )?)),
            HostExpr::Convert(conv, a) => crate::fold_conversion(*conv, a.value(leaf)?)?,
            // Java evaluates only the operand chosen: a division by zero in the other one must
            // not make the whole value unavailable.
            HostExpr::Select(c, a, b) => {
                if c.eval(leaf)? != 0 {
                    a.value(leaf)?
                } else {
                    b.value(leaf)?
                }
            }
            HostExpr::Then(first, value) => {
                first.value(leaf)?;
                value.value(leaf)?
            }
            HostExpr::Require(holds) => {
                if holds.eval(leaf)? == 0 {
                    return None;
                }
                Constant::Int(0)
            }
            HostExpr::Intrinsic(which, args) => {
                let values = args
                    .iter()
                    .map(|a| a.value(leaf))
                    .collect::<Option<Vec<_>>>()?;
                fold_host_intrinsic(*which, &values)?
            }
            other => leaf(other)?,
        })
    }

    /// Every leaf of the expression, for callers that bind parameters and lengths.
    pub fn leaves(&self) -> Vec<&HostExpr> {
        match self {
            HostExpr::Binary(_, a, b) => {
                let mut v = a.leaves();
                v.extend(b.leaves());
                v
            }
            HostExpr::Negate(a) | HostExpr::Require(a) | HostExpr::Convert(_, a) => a.leaves(),
            HostExpr::Compare(_, a, b) | HostExpr::Then(a, b) => {
                let mut v = a.leaves();
                v.extend(b.leaves());
                v
            }
            HostExpr::Select(c, a, b) => {
                let mut v = c.leaves();
                v.extend(a.leaves());
                v.extend(b.leaves());
                v
            }
            HostExpr::Intrinsic(_, args) => args.iter().flat_map(HostExpr::leaves).collect(),
            // Its index's and condition's leaves come first: the host needs them to read it.
            HostExpr::Load { index, when, .. } => {
                let mut v = when.leaves();
                v.extend(index.leaves());
                v.push(self);
                v
            }
            HostExpr::Const(_) | HostExpr::Wide(_) => vec![],
            leaf => vec![leaf],
        }
    }
}

/// One `@Parallel` loop of a nest: `for (index = lower; index < upper; index += step)` (or `<=`).
#[derive(Clone, Debug, PartialEq)]
pub struct LoopDim {
    /// The `LoopBegin`.
    pub begin: NodeId,
    /// The induction variable's phi.
    pub index: NodeId,
    /// Java name of the induction variable, if known.
    pub index_name: Option<String>,
    /// First value of the index.
    pub lower: HostExpr,
    /// The bound.
    pub upper: HostExpr,
    /// Whether the test is `index <= upper` (else `index < upper`).
    pub inclusive: bool,
    /// The constant step (> 0).
    pub step: i32,
    /// The loop stands for an `IntStream` range (`range`, `rangeClosed`), which has exactly its
    /// elements: it ends at its bound even where a `for` loop's index would wrap around
    /// (`rangeClosed(lo, Integer.MAX_VALUE)`).
    pub stream: bool,
}

impl LoopDim {
    /// The number of iterations Java runs for these bound values, or `None` when the loop would not
    /// end normally (the index would overflow and wrap around, as in `i <= Integer.MAX_VALUE`, or
    /// `i < lim` with a `long lim` past it; a stream's range never does).
    pub fn trip_count(&self, lower: i32, upper: i64) -> Option<u64> {
        count_iterations(lower, upper, self.inclusive, self.step, self.stream)
    }

    /// The bound's value for these leaf values: an `int`, or a `long` (a test `i < lim` of a
    /// `long lim`); `None` when the host cannot evaluate it.
    pub fn upper_value(&self, leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>) -> Option<i64> {
        match self.upper.value(leaf)? {
            Constant::Int(v) => Some(i64::from(v)),
            Constant::Long(v) => Some(v),
            _ => None,
        }
    }
}

/// How many iterations an `int` counter from `lower` stepping by `step` (> 0) makes while it is
/// `< upper` (`<=` when `inclusive`): `None` when Java's loop would not end normally (the counter
/// would wrap around; `stream`: a stream's range, which never does) or more than 2^32 - 1.
fn count_iterations(
    lower: i32,
    upper: i64,
    inclusive: bool,
    step: i32,
    stream: bool,
) -> Option<u64> {
    let (lo, hi, step) = (i128::from(lower), i128::from(upper), i128::from(step));
    let last_exclusive = if inclusive { hi + 1 } else { hi };
    if last_exclusive <= lo {
        return Some(0);
    }
    let count = (last_exclusive - lo + step - 1) / step;
    // The index after the last iteration must still be an int, or Java's loop wraps around.
    let after = lo + count * step;
    // More than 2^32 - 1 iterations (a stream over every int) is more than one launch covers.
    ((stream || after <= i128::from(i32::MAX)) && count <= i128::from(u32::MAX))
        .then(|| u64::try_from(count).ok())
        .flatten()
}

/// The method's parallel structure: up to three perfectly nested `@Parallel` loops (outermost first),
/// or none (one work-item runs the whole method).
#[derive(Clone, Debug, PartialEq)]
pub struct ParallelNest {
    /// The loops, outermost first; empty for a single work-item.
    pub dims: Vec<LoopDim>,
    /// The first fixed node of the code one work-item runs: the innermost loop's body (the `Begin`
    /// after its test), or the method's first node for a single work-item. It runs until the
    /// innermost loop's `LoopEnd`s (or the method's `Return`s).
    pub body_entry: NodeId,
    /// The `@Reduce` arrays the body folds values into (filled by [`crate::recognize_reductions`]).
    pub reductions: Vec<crate::Reduction>,
    /// With reductions: how the outermost loop runs as a grid-stride loop (filled by the
    /// `lower_reductions` phase, see [`crate::ReduceLoop`]); `None` without reductions.
    pub reduce_loop: Option<crate::ReduceLoop>,
    /// The body's index checks a test on the host can prove for a whole launch, that test, and the
    /// copy of the body without them that the `hostVersioning` phase branches to when the test
    /// holds (see [`crate::HostVersioning`]).
    pub host_versioning: Option<crate::HostVersioning>,
    /// The method's inner loops the `loopVersioning` phase versioned (every nest of the method
    /// holds all of them; see [`crate::LoopVersion`]).
    pub loop_versions: Vec<crate::LoopVersion>,
    /// The `@Parallel` loops inside the nest that run as sequential loops in each work-item (they
    /// could not be dimensions: code between them and the loop around them, a fourth level,
    /// loops side by side, a bound that depends on an outer index, …), with the reason.
    pub sequential: Vec<SequentialLoop>,
    /// A work-group shape of its own, planned by the `plan_kernel_shape` phase (`tile` or
    /// `coalesce`); `None`: one work-item per point, the body as written.
    pub shape: Option<NestShape>,
    /// A 1-D body whose loop branches on the parity of the index: its even iterations run on one
    /// half of the work-items, the odd ones on the other (the `coherentBranches` phase, see
    /// [`crate::coherence`]).
    pub coherent_branches: bool,
    /// For code one work-item runs between two `@Parallel` loops (no dimension): the `End` entering
    /// the next loop, where it stops; `None`: it runs to the method's returns.
    pub end: Option<NodeId>,
    /// Values computed by an earlier kernel of the method (code one work-item ran before or
    /// between the loops) that this kernel uses: it reads each from its slot of the method's carry
    /// buffer when it starts.
    pub carry_in: Vec<Carried>,
    /// For code one work-item runs before or between the loops: the values it computes that later
    /// kernels use, which it writes into their slots of the carry buffer where it stops.
    pub carry_out: Vec<Carried>,
    /// The number of slots of the method's carry buffer (every kernel of the method shares one);
    /// 0 when no value is carried from one kernel to a later one.
    pub carry_slots: usize,
    /// For code one work-item runs under branches the host evaluates (see
    /// `recognize_parallel_loops`): the condition (0 or 1) under which Java runs it; the host
    /// launches the kernel only where it holds. `None`: always.
    pub when: Option<HostExpr>,
    /// For a nest inside the sequential loop around the `@Parallel` loops (a time step): that
    /// loop's range; the host launches the kernels of the nests inside it once per value of its
    /// counter ([`HostExpr::Repeat`]), in order. `None`: once.
    pub repeat: Option<Repeat>,
    /// For code one work-item runs before or between the loops that may `return` before the next
    /// loop on values it computes (`if (a[0] != 0) return;` after a loop): the slot of the carry
    /// buffer it sets to 1 where it returns; the kernels after it then do nothing, as Java runs
    /// nothing after the return.
    pub stop: Option<usize>,
    /// The slots of the carry buffer where code run before this kernel says it returned
    /// ([`ParallelNest::stop`]): where one is not 0 the kernel does nothing.
    pub skip_if: Vec<usize>,
}

/// The sequential loop around `@Parallel` loops (`for (int s = 0; s < steps; s++) { for
/// (@Parallel …) …; for (@Parallel …) …; }`) that the `repeat_loops` phase took out of the graph:
/// the range of its counter, which the host evaluates before launching. Its body is the
/// `@Parallel` loops and nothing else, so Java's order of their iterations is the kernels' order
/// repetition after repetition; each kernel reads the counter as [`HostExpr::Repeat`].
#[derive(Clone, Debug, PartialEq)]
pub struct Repeat {
    /// The counter's first value.
    pub lower: HostExpr,
    /// Its bound (`<`, or `<=` when `inclusive`).
    pub upper: HostExpr,
    /// Whether the test is `<=`.
    pub inclusive: bool,
    /// The positive constant it steps by.
    pub step: i32,
    /// Java's name of the counter, for messages.
    pub name: Option<String>,
}

impl Repeat {
    /// The counter's values for `lower` and `upper` as the host evaluated them (an `int` counter,
    /// counted as Java counts it: none when the test fails at once); `None` when there are more
    /// than `limit` of them.
    pub fn values(&self, lower: i32, upper: i64, limit: u64) -> Option<impl Iterator<Item = i32>> {
        let count = count_iterations(lower, upper, self.inclusive, self.step, false)?;
        if count > limit {
            return None;
        }
        let step = i64::from(self.step);
        // No value wraps: `count_iterations` checked the one after the last.
        Some((0..count).map(move |k| (i64::from(lower) + k as i64 * step) as i32))
    }
}

/// A value one kernel of a method computes and later kernels use: a sum over weights computed
/// before the `@Parallel` loop that divides every element, a bound found between two loops. The
/// kernel that computes it stores it (its bits, in a 64-bit slot) into a buffer that every kernel
/// of the execution shares; the later kernels read it from there, as Java reads the local.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    /// The node whose value is carried (a phi, a load or a division of the code that computes it).
    pub node: NodeId,
    /// Its slot in the carry buffer.
    pub slot: usize,
}

/// A kernel shape with a work-group of its own, chosen on the graph and printed by the writer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NestShape {
    /// Tiling with register blocking of a matmul-like nest (see [`crate::TilePlan`]).
    Tiled(crate::TilePlan),
    /// Staged coalescing of strided accesses of a 2-D nest (see [`crate::StagePlan`]).
    Staged(crate::StagePlan),
    /// Staged coalescing of a 1-D kernel's loop over rows (see [`crate::Stage1dPlan`]).
    StagedRows(crate::Stage1dPlan),
}

/// A `@Parallel` loop run as an ordinary loop inside the work-items of the loops around it.
#[derive(Clone, Debug, PartialEq)]
pub struct SequentialLoop {
    /// Its `LoopBegin`.
    pub begin: NodeId,
    /// Why it is not a dimension of the kernel.
    pub why: String,
}

impl ParallelNest {
    /// The code from `entry` (the graph's start, or a loop's exit) to the method's returns, or to
    /// `end` (the `End` entering the next loop), run by one work-item: no dimension, nothing
    /// planned yet.
    pub fn one_work_item(entry: NodeId, end: Option<NodeId>) -> ParallelNest {
        ParallelNest {
            end,
            dims: Vec::new(),
            body_entry: entry,
            reductions: Vec::new(),
            reduce_loop: None,
            host_versioning: None,
            loop_versions: Vec::new(),
            sequential: Vec::new(),
            shape: None,
            coherent_branches: false,
            carry_in: Vec::new(),
            carry_out: Vec::new(),
            carry_slots: 0,
            when: None,
            repeat: None,
            stop: None,
            skip_if: Vec::new(),
        }
    }

    /// The innermost loop's `LoopBegin`, if any.
    pub fn innermost(&self) -> Option<NodeId> {
        self.dims.last().map(|d| d.begin)
    }

    /// The nest with the body as written, every check in place: itself, or, when the
    /// `hostVersioning` phase branched the body into two versions, a view whose body starts at the
    /// checked version (what the shapes of a nest are planned on and printed from).
    pub fn checked_view(&self) -> std::borrow::Cow<'_, ParallelNest> {
        match &self.host_versioning {
            Some(hv) => std::borrow::Cow::Owned(ParallelNest {
                body_entry: hv.checked_entry,
                host_versioning: None,
                ..self.clone()
            }),
            None => std::borrow::Cow::Borrowed(self),
        }
    }
}

/// The loop-invariant `int` value `id` as an expression the host evaluates (constants, `int`
/// parameters, array lengths, static fields, and arithmetic on them), or `None`.
pub fn host_expr_of(mg: &MethodGraph, id: NodeId) -> Option<HostExpr> {
    host_expr(mg, id, 0)
}

/// The value `id` of any primitive type (`long`, `float` and `double` too) as an expression the
/// host evaluates, without divisions: for a value only the host uses (the value Java stores into
/// a `@Reduce` output before the loops), or `None`.
pub fn host_value_of(mg: &MethodGraph, id: NodeId) -> Option<HostExpr> {
    host_expr_typed(mg, id, 0, false, true)
}

/// [`host_expr_of`] for a value the kernel also computes itself (an index term a host proof
/// covers): without floating-point arithmetic, which relaxed math may contract into `fma` in the
/// kernel (then the kernel's value could differ from the one the host proved). Comparisons and
/// conversions of floating-point values stay: they are exact everywhere.
pub fn host_expr_exact_of(mg: &MethodGraph, id: NodeId) -> Option<HostExpr> {
    if computes_floating_point(&mg.graph, id, 0) {
        return None;
    }
    host_expr_of(mg, id)
}

/// Whether the expression at `id` (as the host expressions walk it) has a floating-point
/// arithmetic node; `true` when too deep to tell.
fn computes_floating_point(g: &ferrocl_graph::Graph, id: NodeId, depth: usize) -> bool {
    if depth > 40 {
        return true;
    }
    match g.op(id) {
        Op::Binary(_) | Op::Negate if matches!(g.stamp(id), Stamp::Float | Stamp::Double) => true,
        Op::Binary(_)
        | Op::Negate
        | Op::Compare(_)
        | Op::Convert(_)
        | Op::Select
        | Op::Intrinsic(Intrinsic::Min | Intrinsic::Max)
        | Op::IntegerDivRem { .. } => g
            .inputs(id)
            .iter()
            .any(|&x| computes_floating_point(g, x, depth + 1)),
        _ => false,
    }
}

fn host_expr(mg: &MethodGraph, id: NodeId, depth: usize) -> Option<HostExpr> {
    host_expr_with(mg, id, depth, false)
}

/// Whether `stamp` is a type the host computes in (an `int`-valued expression may compute in the
/// others below a comparison or a conversion).
fn host_stamp(stamp: Stamp, wide: bool) -> bool {
    matches!(stamp, Stamp::Int | Stamp::Bool)
        || (wide && matches!(stamp, Stamp::Long | Stamp::Float | Stamp::Double))
}

/// [`host_expr`], where `divisions` also admits the (fixed) integer divisions of a loop's header:
/// a `@Parallel` loop's bounds, which Java evaluates before any iteration runs, so the host's
/// evaluation failing on a zero divisor is where the JVM throws (its rerun then does).
fn host_expr_with(mg: &MethodGraph, id: NodeId, depth: usize, divisions: bool) -> Option<HostExpr> {
    host_expr_typed(mg, id, depth, divisions, false)
}

/// [`host_expr_with`]; `wide` admits `long`, `float` and `double` values (operands of a
/// comparison or a conversion).
fn host_expr_typed(
    mg: &MethodGraph,
    id: NodeId,
    depth: usize,
    divisions: bool,
    wide: bool,
) -> Option<HostExpr> {
    let g = &mg.graph;
    if depth > 32 || !host_stamp(g.stamp(id), wide) {
        return None;
    }
    let sub = |k: usize| host_expr_typed(mg, g.inputs(id)[k], depth + 1, divisions, wide);
    let sub_wide = |k: usize| host_expr_typed(mg, g.inputs(id)[k], depth + 1, divisions, true);
    match g.op(id) {
        Op::Compare(cond) => Some(HostExpr::Compare(
            *cond,
            Box::new(sub_wide(0)?),
            Box::new(sub_wide(1)?),
        )),
        Op::Convert(conv) => Some(HostExpr::Convert(*conv, Box::new(sub_wide(0)?))),
        Op::Select => Some(HostExpr::Select(
            Box::new(sub(0)?),
            Box::new(sub(1)?),
            Box::new(sub(2)?),
        )),
        // `Math.min(a, b)` is `a <= b ? a : b` on ints, `Math.max(a, b)` `a >= b ? a : b`.
        // (Not for floating point, whose NaN and signed-zero rules differ.)
        Op::Intrinsic(which @ (Intrinsic::Min | Intrinsic::Max))
            if matches!(g.stamp(id), Stamp::Int | Stamp::Long) =>
        {
            let (a, b) = (sub(0)?, sub(1)?);
            let cond = if *which == Intrinsic::Min {
                Condition::Le
            } else {
                Condition::Ge
            };
            Some(HostExpr::Select(
                Box::new(HostExpr::Compare(
                    cond,
                    Box::new(a.clone()),
                    Box::new(b.clone()),
                )),
                Box::new(a),
                Box::new(b),
            ))
        }
        Op::IntegerDivRem { rem } if divisions => Some(HostExpr::Binary(
            if *rem { BinaryOp::Rem } else { BinaryOp::Div },
            Box::new(sub(0)?),
            Box::new(sub(1)?),
        )),
        Op::Constant(Constant::Int(v)) => Some(HostExpr::Const(*v)),
        Op::Constant(c) => WideConst::of(*c).map(HostExpr::Wide),
        Op::Parameter(_) => param_index(mg, id).map(HostExpr::Param),
        Op::ArrayLength => {
            let array = g.inputs(id)[0];
            param_index(mg, array).map(HostExpr::ArrayLength)
        }
        Op::StaticField(f) => Some(HostExpr::Static(f.clone())),
        Op::Identity(p) => Some(HostExpr::Identity(usize::from(*p))),
        Op::HostLoad { param, elem } => Some(HostExpr::Load {
            param: usize::from(*param),
            elem: *elem,
            index: Box::new(host_expr_typed(
                mg,
                g.inputs(id)[0],
                depth + 1,
                false,
                false,
            )?),
            when: Box::new(host_expr_typed(
                mg,
                g.inputs(id)[1],
                depth + 1,
                false,
                false,
            )?),
        }),
        // (`Math.abs` of floating point: the JDK's result for NaN differs between versions.)
        Op::Intrinsic(which)
            if host_intrinsic(*which)
                && (*which != Intrinsic::Abs
                    || matches!(g.stamp(id), Stamp::Int | Stamp::Long)) =>
        {
            let args = (0..g.inputs(id).len())
                .map(sub_wide)
                .collect::<Option<Vec<_>>>()?;
            Some(HostExpr::Intrinsic(*which, args))
        }
        // A division Java makes before the loops where `when` holds: evaluated only then (a zero
        // divisor there makes the value unavailable, and the JVM throws), else 0. Sound wherever
        // it stands, so also where other divisions are not admitted.
        Op::HostDivRem { rem } => {
            let stamp = g.stamp(id);
            let wide_sub = |k: usize| host_expr_typed(mg, g.inputs(id)[k], depth + 1, false, true);
            let zero = if stamp == Stamp::Long {
                HostExpr::Wide(WideConst::Long(0))
            } else {
                HostExpr::Const(0)
            };
            Some(HostExpr::Select(
                Box::new(host_expr_typed(
                    mg,
                    g.inputs(id)[2],
                    depth + 1,
                    false,
                    false,
                )?),
                Box::new(HostExpr::Binary(
                    if *rem { BinaryOp::Rem } else { BinaryOp::Div },
                    Box::new(wide_sub(0)?),
                    Box::new(wide_sub(1)?),
                )),
                Box::new(zero),
            ))
        }
        Op::Binary(op) => Some(HostExpr::Binary(*op, Box::new(sub(0)?), Box::new(sub(1)?))),
        Op::Negate => Some(HostExpr::Negate(Box::new(sub(0)?))),
        Op::RepeatIndex => Some(HostExpr::Repeat),
        Op::RepeatCount => Some(HostExpr::RepeatCount),
        _ => None,
    }
}

/// [`host_expr_of`] admitting `long`, `float` and `double` values and divisions (an operand of a
/// division Java makes before the loops, which the host makes for it).
pub fn host_expr_wide_of(mg: &MethodGraph, id: NodeId) -> Option<HostExpr> {
    host_expr_typed(mg, id, 0, true, true)
}

/// The nodes of the expression `id` as [`host_expr_with`] walks it (arithmetic, negations and
/// integer divisions, down to their leaves).
fn expression_nodes(g: &ferrocl_graph::Graph, id: NodeId, out: &mut HashSet<NodeId>) {
    if !out.insert(id) || out.len() > 256 {
        return;
    }
    if matches!(
        g.op(id),
        Op::Binary(_)
            | Op::Negate
            | Op::IntegerDivRem { .. }
            | Op::Compare(_)
            | Op::Convert(_)
            | Op::Select
            | Op::Intrinsic(Intrinsic::Min | Intrinsic::Max)
    ) {
        for &x in g.inputs(id) {
            expression_nodes(g, x, out);
        }
    }
}

pub(crate) fn param_index(mg: &MethodGraph, id: NodeId) -> Option<usize> {
    mg.params.iter().position(|p| p.node == id)
}

/// One analysed loop: its dimension, the test's in-loop and exit successors.
pub(crate) struct Analysed {
    pub(crate) dim: LoopDim,
    pub(crate) stay: NodeId,
    pub(crate) exit: NodeId,
    /// The nodes that compute the loop's start and bound (the host evaluates them), its test's
    /// comparison and its index phi: what a division computing a bound may be used by.
    bound_nodes: HashSet<NodeId>,
}

pub(crate) fn analyse(mg: &MethodGraph, begin: NodeId, index: NodeId) -> Result<Analysed, Bailout> {
    analyse_counted(mg, begin, index, false)
}

/// [`analyse`], admitting other loop-carried values when `others` (the caller deals with them).
pub(crate) fn analyse_counted(
    mg: &MethodGraph,
    begin: NodeId,
    index: NodeId,
    others: bool,
) -> Result<Analysed, Bailout> {
    let g = &mg.graph;
    let index_name = mg.names.get(index).clone();
    // A loop `count_up` turned around: messages name Java's variable, not its counter `i_rev`
    // (whose first value is `-1 - start`).
    let turned = matches!(
        g.inputs(index).get(1).map(|&e| g.op(e)),
        Some(Op::Binary(BinaryOp::Sub))
    ) && g
        .inputs(index)
        .get(1)
        .is_some_and(|&e| *g.op(g.inputs(e)[0]) == Op::Constant(Constant::Int(-1)));
    let var = match index_name.as_deref() {
        Some(n) if turned && n.ends_with("_rev") => {
            format!("{} (counting down)", n.trim_end_matches("_rev"))
        }
        Some(n) => n.to_string(),
        None => "the index".into(),
    };

    // Other loop-carried values would be sequential dependences.
    if let Some(&other) = g
        .usages(begin)
        .iter()
        .find(|&&u| *g.op(u) == Op::Phi && u != index && !others)
    {
        let name = mg
            .names
            .get(other)
            .clone()
            .unwrap_or_else(|| "a value".into());
        return Err(mg.bailout_at(
            BailoutKind::Parallelism,
            other,
            format!(
                "{name} is carried from one iteration of the @Parallel loop to the next; \
                 iterations must be independent (reductions need @Reduce)"
            ),
        ));
    }

    if g.stamp(index) != Stamp::Int {
        return Err(mg.bailout_at(
            BailoutKind::Parallelism,
            begin,
            format!(
                "the index of a @Parallel loop must be an int ({var} is a {}): declare it `int` \
                 (a long bound is fine: `for (@Parallel int i = 0; i < n; i++)` with a long n; a long \
                 index compiles when it starts at an int or a constant and steps by a constant)",
                match g.stamp(index) {
                    Stamp::Long => "long",
                    Stamp::Float => "float",
                    Stamp::Double => "double",
                    _ => "value of another type",
                }
            ),
        ));
    }
    // Every back edge (the end of the body, and each `continue`) adds the same positive constant.
    let mut step: Option<i32> = None;
    for &back_value in &g.inputs(index)[2..] {
        let this_step = match g.op(back_value) {
            Op::Binary(BinaryOp::Add) if g.stamp(back_value) == Stamp::Int => {
                let ins = g.inputs(back_value);
                let constant = |n: NodeId| match g.op(n) {
                    Op::Constant(Constant::Int(v)) => Some(*v),
                    _ => None,
                };
                if ins[0] == index {
                    constant(ins[1])
                } else if ins[1] == index {
                    constant(ins[0])
                } else {
                    None
                }
            }
            _ => None,
        };
        match this_step {
            Some(s) if s > 0 && step.is_none_or(|p| p == s) => step = Some(s),
            Some(s) if s < 0 => {
                return Err(mg.bailout_at(
                    BailoutKind::Parallelism,
                    back_value,
                    format!(
                        "the @Parallel loop over {var} counts down; such a loop must test \
                         `{var} >= bound` or `{var} > bound` (an int, or a long), with the bound \
                         computable before the loop, and step by one constant"
                    ),
                ))
            }
            _ => {
                return Err(mg.bailout_at(
                    BailoutKind::Parallelism,
                    back_value,
                    format!("the @Parallel loop must step {var} by one positive constant (e.g. {var}++ or {var} += 4)"),
                ))
            }
        }
    }
    let step = step.unwrap_or(1);
    let entry_value = g.inputs(index)[1];

    // Header: LoopBegin → (the bound's integer divisions)* → If(index < bound). A division there
    // has host-known operands (checked below, where the bound must be a host expression); the
    // host evaluates the bound once, failing on a zero divisor as Java's first test would.
    let mut first = g.next(begin);
    let mut header_divisions = Vec::new();
    while let Some(d) = first.filter(|&d| {
        matches!(g.op(d), Op::IntegerDivRem { .. })
            && matches!(g.stamp(d), Stamp::Int | Stamp::Long)
    }) {
        header_divisions.push(d);
        first = g.next(d);
    }
    let Some(test) = first.filter(|&n| *g.op(n) == Op::If) else {
        // A load left in the header: `hoistLoads` (when on) takes out those of elements the loop
        // cannot change.
        if let Some(load) = first.filter(|&n| matches!(g.op(n), Op::ArrayLoad(_))) {
            return Err(mg.bailout_at(
                BailoutKind::Parallelism,
                load,
                format!(
                    "the test of the @Parallel loop over {var} reads an array element that the loop \
                     may change (or with -Dferrocl.opt.hoistLoads=false), so every iteration would \
                     depend on the ones before it; read the bound into a local variable before the loop"
                ),
            ));
        }
        return Err(mg.bailout_at(
            BailoutKind::Parallelism,
            begin,
            "the @Parallel loop's header must be its exit test",
        ));
    };
    let cond = g.inputs(test)[0];
    let Op::Compare(c) = *g.op(cond) else {
        return Err(mg.bailout_at(BailoutKind::Parallelism, test, "unexpected loop test"));
    };
    let (x, y) = (g.inputs(cond)[0], g.inputs(cond)[1]);
    let succ = g.successors(test);
    let (stay, exit) = if *g.op(succ[1]) == Op::LoopExit {
        (succ[0], succ[1])
    } else {
        (succ[1], succ[0])
    };
    if *g.op(exit) != Op::LoopExit || *g.op(stay) != Op::Begin {
        return Err(mg.bailout_at(BailoutKind::Parallelism, test, "unexpected loop shape"));
    }
    let stays_when_true = stay == succ[0];
    // Normalise to `index <cond> bound` taken to stay in the loop. The index may be widened to
    // compare with a `long` bound (`i < lim` of a `long lim`: `i2l; lcmp`).
    let is_index = |n: NodeId| n == index || widened(g, n, index);
    let (cond, bound) = if is_index(x) {
        (c, y)
    } else if is_index(y) {
        (c.mirror(), x)
    } else {
        return Err(mg.bailout_at(
            BailoutKind::Parallelism,
            test,
            format!("the @Parallel loop's test must compare {var}"),
        ));
    };
    let cond = if stays_when_true { cond } else { cond.negate() };
    let inclusive = match cond {
        Condition::Lt => false,
        Condition::Le => true,
        other => {
            return Err(mg.bailout_at(
                BailoutKind::Parallelism,
                test,
                format!(
                    "the @Parallel loop must count up: `{var} < bound` or `{var} <= bound` (found `{var} {} bound`)",
                    other.c_operator()
                ),
            ))
        }
    };
    let lower = host_expr_with(mg, entry_value, 0, true).ok_or_else(|| {
        mg.bailout_at(
            BailoutKind::Parallelism,
            begin,
            format!("the start of {var} must be computable before the loop from int parameters, array lengths, static fields and constants"),
        )
    })?;
    // A `long` bound is evaluated as one (the host counts the iterations in 64 bits).
    let upper = if g.stamp(bound) == Stamp::Long {
        host_expr_typed(mg, bound, 0, true, true)
    } else {
        host_expr_with(mg, bound, 0, true)
    };
    let upper = upper.ok_or_else(|| {
        mg.bailout_at(
            BailoutKind::Parallelism,
            test,
            format!("the bound of {var} must be computable before the loop from int parameters, array lengths, static fields and constants (not from an enclosing loop's index)"),
        )
    })?;
    // Every division of the header must be one the bound computes, used by nothing else: the
    // host evaluates it with the bound, and the kernel never runs the header.
    let mut in_bound = HashSet::new();
    expression_nodes(g, bound, &mut in_bound);
    // The loop's test reads the bound.
    in_bound.insert(g.inputs(test)[0]);
    for &d in &header_divisions {
        let foreign = g.usages(d).iter().any(|u| !in_bound.contains(u));
        if !in_bound.contains(&d) || foreign {
            return Err(mg.bailout_at(
                BailoutKind::Parallelism,
                d,
                format!("a division in the header of the @Parallel loop over {var} that is not (only) part of its bound"),
            ));
        }
    }
    // A division before the loop may also compute the start (the index phi's entry value).
    expression_nodes(g, entry_value, &mut in_bound);
    in_bound.insert(index);
    Ok(Analysed {
        dim: LoopDim {
            begin,
            index,
            index_name,
            lower,
            upper,
            inclusive,
            step,
            stream: mg.parallel_phis.contains(&index),
        },
        stay,
        exit,
        bound_nodes: in_bound,
    })
}

/// Whether `n` is `(long) v`: an `int` index widened to compare with a `long` bound (`i2l`).
pub(crate) fn widened(g: &ferrocl_graph::Graph, n: NodeId, v: NodeId) -> bool {
    matches!(g.op(n), Op::Convert(conv) if conv.from == Stamp::Int && conv.to == ConvTarget::Long)
        && g.inputs(n)[0] == v
}

/// Every fixed node reachable from `from` before the loop `begin`'s back edges; fails on a way out
/// of that loop (`break`, `return`).
fn body_region(mg: &MethodGraph, from: NodeId, begin: NodeId) -> Result<HashSet<NodeId>, Bailout> {
    walk_body(mg, from, begin, true)
}

pub(crate) fn walk_body(
    mg: &MethodGraph,
    from: NodeId,
    begin: NodeId,
    strict: bool,
) -> Result<HashSet<NodeId>, Bailout> {
    let g = &mg.graph;
    let mut seen = HashSet::new();
    let mut work = vec![from];
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        match g.op(n) {
            Op::LoopEnd if g.inputs(n)[0] == begin => {}
            Op::LoopExit if g.inputs(n)[0] == begin => {
                if strict {
                    return Err(mg.bailout_at(
                        BailoutKind::Parallelism,
                        n,
                        "`break` out of a @Parallel loop is not supported: later iterations would depend on earlier ones",
                    ));
                }
            }
            Op::Return if strict => {
                return Err(mg.bailout_at(
                    BailoutKind::Parallelism,
                    n,
                    "`return` inside a @Parallel loop is not supported: later iterations would depend on earlier ones",
                ))
            }
            Op::End => work.extend(g.merge_of(n)),
            Op::LoopEnd => work.push(g.inputs(n)[0]),
            _ => work.extend(g.successors(n).iter().copied()),
        }
    }
    Ok(seen)
}

/// The index phi of the loop at `begin` when it is a `@Parallel` loop (a phi of an annotated local
/// whose live range covers the header) or a parallel stream's range.
pub(crate) fn parallel_index(mg: &MethodGraph, begin: NodeId) -> Option<NodeId> {
    let g = &mg.graph;
    let header_bci = mg.bci.get(begin).unwrap_or(0);
    g.usages(begin).iter().copied().find(|&phi| {
        *g.op(phi) == Op::Phi
            && (mg.parallel_phis.contains(&phi)
                || mg.phi_local.get(phi).is_some_and(|slot| {
                    mg.parallel_locals
                        .iter()
                        .any(|a| a.slot == slot && a.covers(header_bci))
                }))
    })
}

/// Finds and checks the method's `@Parallel` loops: one nest, or several nests one after the other
/// (each becomes a kernel, run in order), or none (one work-item runs the method). Loops under
/// branches on values the host evaluates (`if (twice) { loop } else { loop }`) run where Java
/// runs them: the host launches each nest when its branch is taken (see [`guarded_nests`]).
///
/// `loops` is the graph's [`LoopForest`]: which loop contains which.
pub fn recognize_parallel_loops(
    mg: &MethodGraph,
    loops: &LoopForest,
) -> Result<Vec<ParallelNest>, Bailout> {
    let pl = ParallelLoops::find(mg, loops);
    match recognize_in_sequence(mg, loops, &pl) {
        Ok(nests) => Ok(nests),
        Err(e) => guarded_nests(mg, loops, &pl).unwrap_or(Err(e)),
    }
}

/// The method's `@Parallel` loops: each `LoopBegin` with its index phi, the top-level ones (inside
/// no other), and each one's analysis (a top-level loop must be a dimension; one inside another
/// that cannot be runs as a sequential loop in the work-items of the loops around it).
pub(crate) struct ParallelLoops {
    pub(crate) found: Vec<(NodeId, NodeId)>,
    pub(crate) top: Vec<usize>,
    pub(crate) analysed: Vec<Result<Analysed, Bailout>>,
}

impl ParallelLoops {
    pub(crate) fn find(mg: &MethodGraph, loops: &LoopForest) -> ParallelLoops {
        let g = &mg.graph;
        let found: Vec<(NodeId, NodeId)> = g
            .node_ids()
            .filter(|&n| *g.op(n) == Op::LoopBegin)
            .filter_map(|begin| parallel_index(mg, begin).map(|phi| (begin, phi)))
            .collect();
        let n = found.len();
        let contains = |outer: usize, inner: usize| {
            outer != inner && loops.contains(found[outer].0, found[inner].0)
        };
        let top: Vec<usize> = (0..n)
            .filter(|&k| !(0..n).any(|o| contains(o, k)))
            .collect();
        let analysed = found
            .iter()
            .map(|&(begin, index)| analyse(mg, begin, index))
            .collect();
        ParallelLoops {
            found,
            top,
            analysed,
        }
    }

    /// Whether loop `outer` contains loop `inner` (indices into `found`).
    fn contains(&self, loops: &LoopForest, outer: usize, inner: usize) -> bool {
        outer != inner && loops.contains(self.found[outer].0, self.found[inner].0)
    }

    /// Why the first top-level loop that cannot be a dimension cannot, if one cannot.
    fn top_error(&self) -> Option<&Bailout> {
        self.top
            .iter()
            .find_map(|&k| self.analysed[k].as_ref().err())
    }

    /// The nest of top-level loop `t`: it and the loops that can be its inner dimensions,
    /// outermost first (the other `@Parallel` loops inside it run sequentially in its
    /// work-items), reading the values `carried` so far.
    fn nest(
        &self,
        mg: &MethodGraph,
        loops: &LoopForest,
        t: usize,
        carried: &[Carried],
    ) -> Result<ParallelNest, Bailout> {
        let contains = |outer: usize, inner: usize| self.contains(loops, outer, inner);
        let (members, sequential) = nest_chain(mg, &self.found, &self.analysed, t, &contains);
        let chosen: Vec<&Analysed> = members
            .iter()
            .filter_map(|&k| self.analysed[k].as_ref().ok())
            .collect();
        let mut nest = nest_of(mg, &chosen)?;
        nest.sequential = sequential;
        nest.carry_in = carried.to_vec();
        Ok(nest)
    }
}

/// Makes `dim`'s range empty (from 1 to 0, which no `<` or `<=` test enters) where `cond` (0 or 1)
/// does not hold; its bounds are evaluated only where it holds, as Java evaluates them only where
/// it reaches the loop.
fn empty_unless(dim: &mut LoopDim, cond: HostExpr) {
    let lower = std::mem::replace(&mut dim.lower, HostExpr::Const(0));
    let upper = std::mem::replace(&mut dim.upper, HostExpr::Const(0));
    dim.lower = HostExpr::Select(
        Box::new(cond.clone()),
        Box::new(lower),
        Box::new(HostExpr::Const(1)),
    );
    dim.upper = HostExpr::Select(
        Box::new(cond),
        Box::new(upper),
        Box::new(HostExpr::Const(0)),
    );
}

/// The nests of `@Parallel` loops that follow one another, with code before, between and after
/// them (see [`recognize_parallel_loops`]).
fn recognize_in_sequence(
    mg: &MethodGraph,
    loops: &LoopForest,
    pl: &ParallelLoops,
) -> Result<Vec<ParallelNest>, Bailout> {
    let g = &mg.graph;
    let start = g
        .start()
        .ok_or_else(|| mg.bailout(BailoutKind::Parallelism, "graph without start"))?;
    let (found, top, analysed) = (&pl.found, &pl.top, &pl.analysed);
    if found.is_empty() {
        // A `@Parallel` variable with no loop left: its loop was folded away (the method returns
        // before it for the objects' classes at hand, `if (!(op instanceof Add)) return;`), and
        // what remains runs as one work-item, as Java runs it. With a loop left, the annotation
        // names something that is not one.
        let loops_left = g.node_ids().any(|n| *g.op(n) == Op::LoopBegin);
        if !mg.parallel_locals.is_empty() && loops_left {
            return Err(mg.bailout(
                BailoutKind::Parallelism,
                "the @Parallel variable is not the induction variable of a loop",
            ));
        }
        // No parallel loop: one work-item runs the method.
        if g.next(start).is_none() {
            return Err(mg.bailout(BailoutKind::Parallelism, "empty method"));
        }
        // From the start itself: later phases insert checks before the method's first node.
        return Ok(vec![ParallelNest::one_work_item(start, None)]);
    }
    // A top-level loop must be a dimension.
    if let Some(e) = pl.top_error() {
        return Err(e.clone());
    }
    let analysed_top: Vec<&Analysed> = top
        .iter()
        .filter_map(|&k| analysed[k].as_ref().ok())
        .collect();

    // The top-level loops must follow one another: Start → loop → loop → … → return, with nothing
    // that has an effect in between (each loop's exit flows straight into the next loop).
    // Integer divisions before the loops may compute their bounds (`IntStream.range(0, n / m)`,
    // or a bound held in a local): the host evaluates them with the bounds, failing on a zero
    // divisor before any iteration as Java's division would, and the kernel never runs them. Any
    // other use of such a division, or any other node, is an effect the kernel would have to run.
    let bound_nodes: HashSet<NodeId> = analysed_top
        .iter()
        .flat_map(|a| a.bound_nodes.iter().copied())
        .collect();
    // A division whose value nothing uses (`int q = n / m;` left unused) still throws where Java's
    // does: the host evaluates it the same way.
    let bound_division = |n: NodeId| {
        matches!(g.op(n), Op::IntegerDivRem { .. })
            && matches!(g.stamp(n), Stamp::Int | Stamp::Long)
            && (bound_nodes.contains(&n) || g.usages(n).is_empty())
            && g.usages(n).iter().all(|u| bound_nodes.contains(u))
    };
    let mut before = g.fixed_chain(start);
    // Early returns before the loops (`if (n <= 0) return;`): the loops run only under the
    // condition on which control reaches them, which the host evaluates with their bounds.
    let mut run_when: Option<(HostExpr, NodeId)> = None;
    // Unused divisions after the early returns, right before the loops: Java makes them only where
    // it reaches the loops.
    let mut reached_divisions: Vec<HostExpr> = Vec::new();
    if let Some(&branch) = before.last().filter(|&&n| *g.op(n) == Op::If) {
        if let Some((cond, entry, unused)) = early_exit(mg, branch, &bound_division) {
            before.pop();
            run_when = Some((cond, entry));
            reached_divisions = unused
                .into_iter()
                .map(|n| host_expr_typed(mg, n, 0, true, true))
                .collect::<Option<_>>()
                .ok_or_else(|| division_bailout(mg))?;
        }
    }
    // `if (a.length != b.length) throw new IllegalArgumentException(…)` before the loops: the host
    // evaluates the condition with the bounds and sends the method to the JVM when it fails.
    let throw_check = |n: NodeId| {
        *g.op(n) == Op::Guard(GuardKind::Throw)
            && g.inputs(n)
                .first()
                .is_some_and(|&c| host_expr_of(mg, c).is_some())
    };
    let bad = before.iter().copied().find(|&n| {
        !matches!(g.op(n), Op::Start | Op::End | Op::Begin) && !bound_division(n) && !throw_check(n)
    });
    let mut entry = match &run_when {
        Some((_, loop_entry)) => Some(*loop_entry),
        None => before.last().copied(),
    };
    // Code before the first loop that does more than the host can evaluate (stores, loops, a sum
    // over weights): one work-item runs it as a kernel of its own before the loops', and the
    // values it computes that the loops use are carried to them. (Not with early returns, whose
    // condition the host evaluates, nor when it stores into a `@Reduce` array, whose host fold
    // starts from the array's value before the kernels.)
    let at_loop = |e: Option<NodeId>| {
        top.iter()
            .any(|&k| g.inputs(found[k].0).first().copied() == e)
    };
    let receiver = usize::from(!mg.is_static);
    let reduced: Vec<NodeId> = mg
        .reduce_params
        .iter()
        .filter_map(|&d| mg.params.get(d + receiver).map(|p| p.node))
        .collect();
    let stores_reduced = |code: &Code| {
        code.region.iter().any(|&n| {
            matches!(g.op(n), Op::ArrayCopy(_))
                || g.element_access(n)
                    .is_some_and(|a| a.store && reduced.contains(&a.array))
        })
    };
    let pre_code = if (bad.is_some() || !at_loop(entry)) && run_when.is_none() {
        sequential_code(mg, loops, found, start, reduced.is_empty())
            .filter(|c| c.end.is_some() && (reduced.is_empty() || !stores_reduced(c)))
    } else {
        None
    };
    if let (Some(bad), None) = (bad, &pre_code) {
        let what = if *g.op(bad) == Op::If {
            "a branch before the @Parallel loop that does more than choose numbers (one that can \
             throw, stores, returns or chooses an array) is not supported yet"
        } else {
            "code with effects before the @Parallel loop is not supported yet; such code runs as \
             one work-item when it reaches the loop through no return, and the values it hands \
             to the loop are primitives that are not their bounds"
        };
        return Err(mg.bailout_at(BailoutKind::Parallelism, bad, what));
    }
    // The divisions before any branch run whatever the branches choose, or whether the method
    // returns early: the host evaluates each with the first bound (lazy selects would skip it).
    // (Code run as a kernel before the loops makes them itself.)
    let unconditional: Vec<HostExpr> = before
        .iter()
        .filter(|_| pre_code.is_none())
        .filter(|&&n| bound_division(n) || throw_check(n))
        .map(|&n| {
            if throw_check(n) {
                let holds = host_expr_of(mg, g.inputs(n)[0])?;
                Some(HostExpr::Require(Box::new(holds)))
            } else {
                // (A `long` division too: evaluated for its exception, its value unused here.)
                host_expr_typed(mg, n, 0, true, true)
            }
        })
        .collect::<Option<_>>()
        .ok_or_else(|| division_bailout(mg))?;
    // The loops in order, and the sequential code after a loop (`out[0] = -out[0];`, a copy between
    // two loops): one work-item runs it, after the loops before it and before those after it
    // (from the loop's exit, right before that code, to the next loop's entry or the returns).
    let mut sequence: Vec<Step> = Vec::new();
    if let Some(code) = pre_code {
        entry = code.end;
        sequence.push(Step::Code(start, code.end, code.carried, code.returns));
    }
    loop {
        let Some(k) = top
            .iter()
            .copied()
            .find(|&k| g.inputs(found[k].0).first().copied() == entry)
        else {
            let at = entry.unwrap_or(start);
            return Err(mg.bailout_at(
                BailoutKind::Parallelism,
                at,
                "code with effects or control flow between, before or after @Parallel loops is not supported yet",
            ));
        };
        let Ok(top_loop) = &analysed[k] else {
            return Err(mg.bailout(BailoutKind::Parallelism, "a top-level loop not analysed"));
        };
        sequence.push(Step::Loop(k));
        let after = g.fixed_chain(top_loop.exit);
        match after.get(1).map(|&n| g.op(n)) {
            Some(Op::Return) if after.len() == 2 && g.inputs(after[1]).is_empty() => break,
            Some(Op::End)
                if after.len() == 2
                    && g.merge_of(after[1])
                        .is_some_and(|m| top.iter().any(|&k| found[k].0 == m)) =>
            {
                entry = Some(after[1])
            }
            // (Not after a `@Reduce` loop: the host combines its result after the kernels.)
            Some(_) if run_when.is_none() && mg.reduce_params.is_empty() => {
                match sequential_code(mg, loops, found, after[1], true) {
                    // From the loop's exit: later phases insert checks before the code's first
                    // node.
                    Some(Code { end: None, .. }) => {
                        sequence.push(Step::Code(top_loop.exit, None, Vec::new(), false));
                        break;
                    }
                    Some(Code {
                        end: Some(end),
                        carried,
                        returns,
                        ..
                    }) => {
                        sequence.push(Step::Code(top_loop.exit, Some(end), carried, returns));
                        entry = Some(end);
                    }
                    None => {
                        return Err(mg.bailout_at(
                            BailoutKind::Parallelism,
                            after[1],
                            "code after the @Parallel loop (or a return value) is not supported yet; \
                             code after a loop may run as one work-item when it ends the method or \
                             leads to the next loop without a return, uses no value of the loop, and \
                             the values it hands on are primitives that are not loop bounds",
                        ));
                    }
                }
            }
            _ => {
                let bad = after.get(1).copied().unwrap_or(top_loop.exit);
                return Err(mg.bailout_at(
                    BailoutKind::Parallelism,
                    bad,
                    "code after the @Parallel loop (or a return value) is not supported yet; the task method must end with the loop and return void",
                ));
            }
        }
    }
    if sequence
        .iter()
        .filter(|s| matches!(s, Step::Loop(_)))
        .count()
        != top.len()
    {
        return Err(mg.bailout(
            BailoutKind::Parallelism,
            "@Parallel loops inside other control flow are not supported yet",
        ));
    }

    let mut nests = Vec::new();
    // Values carried from code one work-item runs to the kernels after it, each in a slot.
    let mut carried: Vec<Carried> = Vec::new();
    for step in &sequence {
        let t = match step {
            Step::Loop(t) => *t,
            Step::Code(exit, end, out, returns) => {
                let mut nest = code_nest(*exit, *end, out, &mut carried);
                // Its slot is given with the others' (`assign_stops`).
                nest.stop = returns.then_some(0);
                nests.push(nest);
                continue;
            }
        };
        let mut nest = pl.nest(mg, loops, t, &carried)?;
        // Where the method returned early no iteration runs (the divisions Java makes on the
        // way to the loop come first in its start).
        if let (Some((cond, _)), Some(outer)) = (&run_when, nest.dims.first_mut()) {
            for division in reached_divisions.iter().rev() {
                let lower = std::mem::replace(&mut outer.lower, HostExpr::Const(0));
                outer.lower = HostExpr::Then(Box::new(division.clone()), Box::new(lower));
            }
            empty_unless(outer, cond.clone());
        }
        if let Some(outer) = nest.dims.first_mut() {
            for division in unconditional.iter().rev() {
                let lower = std::mem::replace(&mut outer.lower, HostExpr::Const(0));
                outer.lower = HostExpr::Then(Box::new(division.clone()), Box::new(lower));
            }
        }
        nests.push(nest);
    }
    for nest in &mut nests {
        if !carried.is_empty() {
            nest.carry_slots = carried.len();
        }
    }
    assign_stops(&mut nests, carried.len());
    Ok(nests)
}

/// Gives each kernel of code that may return before the next loop ([`ParallelNest::stop`]) its
/// slot of the carry buffer, after the `values` slots of carried values, and every kernel after
/// such code the slots it skips on ([`ParallelNest::skip_if`]); counts them in `carry_slots`.
fn assign_stops(nests: &mut [ParallelNest], values: usize) {
    let mut next = values;
    let mut stops: Vec<usize> = Vec::new();
    for nest in nests.iter_mut() {
        nest.skip_if = stops.clone();
        if nest.stop.is_some() {
            nest.stop = Some(next);
            stops.push(next);
            next += 1;
        }
    }
    if !stops.is_empty() {
        for nest in nests.iter_mut() {
            nest.carry_slots = next;
        }
    }
}

/// `@Parallel` loops under branches whose conditions the host evaluates, and nothing else: the
/// method is loops, `if`s on `int` parameters, lengths, static fields and constants around them,
/// and `return`s (`if (twice) { for (@Parallel …) … } else { for (@Parallel …) … }`). Each nest
/// keeps the condition of the branches that lead to it, and runs over an empty range where it does
/// not hold (the host launches nothing; it evaluates the bounds only where Java reaches the loop).
/// `None` when the method is not of that shape or no loop is under a branch (the caller then
/// reports its own reason); `Some(Err)` when its loops cannot be nests.
fn guarded_nests(
    mg: &MethodGraph,
    loops: &LoopForest,
    pl: &ParallelLoops,
) -> Option<Result<Vec<ParallelNest>, Bailout>> {
    let g = &mg.graph;
    let start = g.start()?;
    if pl.top_error().is_some() {
        return None;
    }
    let mut steps: Vec<(Step, Option<HostExpr>)> = Vec::new();
    let walk = GuardedWalk {
        mg,
        top: &pl.top,
        found: &pl.found,
        analysed: &pl.analysed,
        arrived: Default::default(),
        loops,
    };
    let end = walk.walk(start, None, &mut steps, 0)?;
    let loops_run = steps
        .iter()
        .filter(|(s, _)| matches!(s, Step::Loop(_)))
        .count();
    if *g.op(end) != Op::Return
        || loops_run != pl.top.len()
        || steps.iter().all(|(_, c)| c.is_none())
    {
        return None;
    }
    let mut nests = Vec::new();
    let mut carried: Vec<Carried> = Vec::new();
    for (step, cond) in steps {
        let t = match step {
            Step::Loop(t) => t,
            Step::Code(entry, end, out, _) => {
                let mut nest = code_nest(entry, end, &out, &mut carried);
                nest.when = cond;
                nests.push(nest);
                continue;
            }
        };
        let mut nest = match pl.nest(mg, loops, t, &carried) {
            Ok(nest) => nest,
            Err(e) => return Some(Err(e)),
        };
        if let (Some(cond), Some(outer)) = (cond, nest.dims.first_mut()) {
            empty_unless(outer, cond);
        }
        nests.push(nest);
    }
    for nest in &mut nests {
        nest.carry_slots = carried.len();
    }
    Some(Ok(nests))
}

/// The walk of [`guarded_nests`] over the method's control flow.
struct GuardedWalk<'a> {
    mg: &'a MethodGraph,
    top: &'a [usize],
    found: &'a [(NodeId, NodeId)],
    analysed: &'a [Result<Analysed, Bailout>],
    /// The ways into each merge of branches that arrived so far.
    arrived: std::cell::RefCell<std::collections::HashMap<NodeId, HashSet<NodeId>>>,
    loops: &'a LoopForest,
}

impl GuardedWalk<'_> {
    /// From `n`, reached under `cond` (`None`: always): appends the top-level loops it enters, in
    /// order, with their conditions, and returns where the way ends: a `return` (no value) or the
    /// `End` into a merge of branches. `None` for anything else on the way.
    fn walk(
        &self,
        mut n: NodeId,
        cond: Option<HostExpr>,
        steps: &mut Vec<(Step, Option<HostExpr>)>,
        depth: usize,
    ) -> Option<NodeId> {
        const MAX_DEPTH: usize = 16;
        const MAX_STEPS: usize = 256;
        let g = &self.mg.graph;
        let and = |c: &Option<HostExpr>, t: HostExpr| match c {
            None => t,
            Some(c) => HostExpr::Select(
                Box::new(c.clone()),
                Box::new(t),
                Box::new(HostExpr::Const(0)),
            ),
        };
        for _ in 0..MAX_STEPS {
            match g.op(n) {
                Op::Start | Op::Begin => {
                    let next = g.next(n)?;
                    let control = match g.op(next) {
                        Op::If | Op::Return | Op::Merge => true,
                        // Into a merge of branches or a top-level loop (not a loop of code).
                        Op::End => g.merge_of(next).is_some_and(|m| {
                            *g.op(m) == Op::Merge || self.top.iter().any(|&k| self.found[k].0 == m)
                        }),
                        _ => false,
                    };
                    if control {
                        n = next;
                        continue;
                    }
                    // Code on the way to a loop: one work-item runs it where the branches lead,
                    // and hands its values on to the kernels after it. (Not in a method with
                    // `@Reduce` arrays, whose host fold starts from the array's value before the
                    // kernels and ends after them.)
                    if !self.mg.reduce_params.is_empty() {
                        return None;
                    }
                    let code = sequential_code(self.mg, self.loops, self.found, n, false)?;
                    let end = code.end?;
                    steps.push((Step::Code(n, Some(end), code.carried, false), cond.clone()));
                    n = end;
                }
                Op::Merge => {
                    if g.usages(n).iter().any(|&u| *g.op(u) == Op::Phi) {
                        return None;
                    }
                    n = g.next(n)?;
                }
                Op::If => {
                    if depth >= MAX_DEPTH {
                        return None;
                    }
                    let test = host_expr_of(self.mg, g.inputs(n)[0])?;
                    let (&taken, &other) = (g.successors(n).first()?, g.successors(n).get(1)?);
                    let not = HostExpr::Compare(
                        Condition::Eq,
                        Box::new(test.clone()),
                        Box::new(HostExpr::Const(0)),
                    );
                    let a = self.walk(taken, Some(and(&cond, test)), steps, depth + 1)?;
                    let b = self.walk(other, Some(and(&cond, not)), steps, depth + 1)?;
                    let end = match (g.op(a), g.op(b)) {
                        (Op::Return, Op::Return) => return Some(a),
                        // One way returns: the method goes on along the other.
                        (Op::Return, Op::End) => b,
                        (Op::End, Op::Return) => a,
                        (Op::End, Op::End) if g.merge_of(a) == g.merge_of(b) => a,
                        _ => return None,
                    };
                    let m = g.merge_of(end)?;
                    // Javac sends every arm of nested branches to one merge: go on from it once
                    // every way into it has arrived (else an enclosing branch brings the rest).
                    let complete = {
                        let mut arrived = self.arrived.borrow_mut();
                        let ends = arrived.entry(m).or_default();
                        for e in [a, b] {
                            if *g.op(e) == Op::End {
                                ends.insert(e);
                            }
                        }
                        g.inputs(m).iter().all(|e| ends.contains(e))
                    };
                    if !complete {
                        return Some(end);
                    }
                    n = m;
                }
                Op::End => {
                    let m = g.merge_of(n)?;
                    if *g.op(m) == Op::Merge {
                        return Some(n);
                    }
                    let k = self.top.iter().copied().find(|&k| self.found[k].0 == m)?;
                    let Ok(a) = &self.analysed[k] else {
                        return None;
                    };
                    steps.push((Step::Loop(k), cond.clone()));
                    n = g.next(a.exit)?;
                }
                Op::Return if g.inputs(n).is_empty() => return Some(n),
                _ => return None,
            }
        }
        None
    }
}

/// The kernel of code one work-item runs from `entry` to `end`, which reads the values carried so
/// far and hands `out` on in the next slots (added to `carried`).
fn code_nest(
    entry: NodeId,
    end: Option<NodeId>,
    out: &[NodeId],
    carried: &mut Vec<Carried>,
) -> ParallelNest {
    let mut nest = ParallelNest::one_work_item(entry, end);
    nest.carry_in = carried.clone();
    for &node in out {
        let c = Carried {
            node,
            slot: carried.len(),
        };
        carried.push(c);
        nest.carry_out.push(c);
    }
    nest
}

/// One kernel of a method, in order.
enum Step {
    /// A top-level `@Parallel` loop (an index into the loops found) and its nest.
    Loop(usize),
    /// Code one work-item runs: from the graph's start or a loop's exit to the `End` entering the
    /// next loop, or to the returns; with the values it carries to the kernels after it.
    Code(NodeId, Option<NodeId>, Vec<NodeId>, bool),
}

/// Code one work-item runs before the loops or between two of them (see [`sequential_code`]).
struct Code {
    /// The `End` entering the next `@Parallel` loop; `None` when every way on returns.
    end: Option<NodeId>,
    /// The values it computes that code after it uses (carried to the later kernels), by id.
    carried: Vec<NodeId>,
    /// Its fixed nodes.
    region: HashSet<NodeId>,
    /// Some way through it returns before the next loop (only with `end`, where allowed).
    returns: bool,
}

/// How many values code one work-item runs may hand on to later kernels.
const MAX_CARRIED: usize = 64;

/// Whether the code from `first` (the graph's start, or right after a `@Parallel` loop) can run as
/// a kernel of one work-item before or between the loops' kernels: with `end` set when every way
/// on reaches the next `@Parallel` loop through one `End` (outside any loop of the code) and none
/// returns, `None` when every way on ends in a `return` (no value) without reaching a loop; and it
/// uses no value of the loops (their indices, or anything computed in them). It may read and write
/// arrays, branch and loop: one work-item runs it as Java does; a check it fails sends the method
/// to the JVM like a check of the loops. The values it computes that code after it uses (a sum, a
/// maximum, a count: primitives, at most [`MAX_CARRIED`]) are carried to the later kernels.
fn sequential_code(
    mg: &MethodGraph,
    loops: &LoopForest,
    found: &[(NodeId, NodeId)],
    first: NodeId,
    may_return: bool,
) -> Option<Code> {
    const MAX_NODES: usize = 4096;
    let g = &mg.graph;
    let parallel: HashSet<NodeId> = found.iter().map(|&(begin, _)| begin).collect();
    let CodeRegion {
        region,
        ends,
        returns,
    } = code_region(g, first, &parallel, MAX_NODES)?;
    // One way into the next loop at most.
    if ends.len() > 1 {
        return None;
    }
    let end = ends.first().copied();
    if let Some(e) = end {
        // Reached once, after the code's own loops; left by a return only where the kernels
        // after it can be told (`may_return`: its flag in the carry buffer).
        if (returns && !may_return) || loops.loops.iter().any(|l| l.body.contains(&e)) {
            return None;
        }
    }
    // Every merge and loop header reached only from the region (nothing jumps into it).
    for &n in &region {
        if g.op(n).is_merge() && g.inputs(n).iter().any(|e| !region.contains(e)) {
            return None;
        }
    }
    // The values it uses: computed in it, or before the loops (parameters, what the host reads).
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut values: Vec<NodeId> = region
        .iter()
        .flat_map(|&n| g.inputs(n).iter().copied())
        .collect();
    while let Some(v) = values.pop() {
        if region.contains(&v) || !seen.insert(v) {
            continue;
        }
        let op = g.op(v);
        if op.is_fixed() {
            // A fixed node outside the code: one of the loops' (or one before them, which the
            // recognition made the host's or refused).
            return None;
        }
        if *op == Op::Phi && g.inputs(v).first().is_some_and(|m| !region.contains(m)) {
            return None;
        }
        values.extend(g.inputs(v).iter().copied());
    }
    let carried = match end {
        Some(_) => carried_values(g, &region)?,
        None => Vec::new(),
    };
    Some(Code {
        end,
        carried,
        region,
        returns: returns && end.is_some(),
    })
}

/// Finds the values carried between the kernels of `nests` (in order) again, as the phases left the
/// graph: for each kernel of code one work-item runs before or between the loops, the values it
/// computes that later code uses ([`ParallelNest::carry_out`]), and for every kernel those computed
/// before it ([`ParallelNest::carry_in`]). A method without carried values keeps none.
pub(crate) fn carry_values(mg: &MethodGraph, nests: &mut [ParallelNest]) -> Result<(), Bailout> {
    if nests.iter().all(|n| n.carry_slots == 0) {
        return Ok(());
    }
    let g = &mg.graph;
    let parallel: HashSet<NodeId> = nests
        .iter()
        .filter_map(|n| n.dims.first().map(|d| d.begin))
        .collect();
    let mut carried: Vec<Carried> = Vec::new();
    for nest in nests.iter_mut() {
        nest.carry_in = carried.clone();
        nest.carry_out.clear();
        if !nest.dims.is_empty() || nest.end.is_none() {
            continue;
        }
        let values = code_region(g, nest.body_entry, &parallel, 1 << 16)
            .and_then(|code| carried_values(g, &code.region))
            .ok_or_else(|| {
                mg.bailout(
                    BailoutKind::Parallelism,
                    "the values code before or between the @Parallel loops hands on changed shape",
                )
            })?;
        for node in values {
            let c = Carried {
                node,
                slot: carried.len(),
            };
            carried.push(c);
            nest.carry_out.push(c);
        }
    }
    for nest in nests.iter_mut() {
        nest.carry_slots = carried.len();
    }
    // The flags of code that may return come after the values.
    assign_stops(nests, carried.len());
    Ok(())
}

/// The control flow of code one work-item runs (see [`code_region`]).
struct CodeRegion {
    /// Its fixed nodes, its own loops' bodies included.
    region: HashSet<NodeId>,
    /// The `End`s by which it enters one of the `@Parallel` loops.
    ends: Vec<NodeId>,
    /// Whether some way through it returns.
    returns: bool,
}

/// The code one work-item runs from `first` up to the `End`s entering the `parallel` loops and
/// its `return`s; `None` when it holds more than `max_nodes` nodes, one of the `parallel` loops,
/// a `return` of a value or an `End` into nothing.
fn code_region(
    g: &ferrocl_graph::Graph,
    first: NodeId,
    parallel: &HashSet<NodeId>,
    max_nodes: usize,
) -> Option<CodeRegion> {
    let mut code = CodeRegion {
        region: HashSet::new(),
        ends: Vec::new(),
        returns: false,
    };
    let mut work = vec![first];
    while let Some(n) = work.pop() {
        if !code.region.insert(n) {
            continue;
        }
        if code.region.len() > max_nodes || parallel.contains(&n) {
            return None;
        }
        match g.op(n) {
            Op::Return => {
                if !g.inputs(n).is_empty() {
                    return None;
                }
                code.returns = true;
            }
            Op::End => match g.merge_of(n) {
                Some(m) if parallel.contains(&m) => code.ends.push(n),
                Some(m) => work.push(m),
                None => return None,
            },
            Op::LoopEnd => work.push(g.inputs(n)[0]),
            _ => work.extend(g.successors(n).iter().copied()),
        }
    }
    Some(code)
}

/// The values `region` (the fixed nodes of code one work-item runs) computes that nodes after it
/// use: its loads, divisions and phis that a fixed node or a phi outside it reaches through
/// floating nodes (which the later kernel computes again from the carried values: `1.0 / sum`).
/// `None` when one is not a primitive (an array chosen or allocated there) or there are more
/// than [`MAX_CARRIED`].
fn carried_values(g: &ferrocl_graph::Graph, region: &HashSet<NodeId>) -> Option<Vec<NodeId>> {
    let defines = |v: NodeId| {
        (region.contains(&v) && g.op(v).has_value())
            || (*g.op(v) == Op::Phi && g.inputs(v).first().is_some_and(|m| region.contains(m)))
    };
    let mut carried: Vec<NodeId> = Vec::new();
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut work: Vec<NodeId> = Vec::new();
    for n in g.node_ids() {
        let op = g.op(n);
        let outside_fixed = op.is_fixed() && !region.contains(&n);
        let outside_phi =
            *op == Op::Phi && g.inputs(n).first().is_some_and(|m| !region.contains(m));
        if outside_fixed {
            work.extend(g.inputs(n).iter().copied());
        } else if outside_phi {
            work.extend(g.inputs(n).iter().skip(1).copied());
        }
    }
    while let Some(x) = work.pop() {
        if !seen.insert(x) {
            continue;
        }
        if defines(x) {
            carried.push(x);
            continue;
        }
        let op = g.op(x);
        if region.contains(&x) || op.is_fixed() || *op == Op::Phi {
            continue;
        }
        work.extend(g.inputs(x).iter().copied());
    }
    let primitive = |v: &NodeId| {
        matches!(
            g.stamp(*v),
            Stamp::Bool | Stamp::Int | Stamp::Long | Stamp::Float | Stamp::Double
        )
    };
    if carried.len() > MAX_CARRIED || !carried.iter().all(primitive) {
        return None;
    }
    carried.sort();
    Some(carried)
}

/// The bailout for a division before the loops whose operands the host cannot evaluate.
fn division_bailout(mg: &MethodGraph) -> Bailout {
    mg.bailout(
        BailoutKind::Parallelism,
        "a division before the @Parallel loop the host cannot evaluate",
    )
}

/// Branches before the first loop whose every path either returns (`return;`, nothing else on
/// the way) or enters the loop, with nothing else on any path (but divisions computing the loops'
/// bounds, `skippable`, which the host evaluates with them) and no value chosen at a merge:
/// the condition under which control reaches the loop (as the host evaluates it, from `int`
/// parameters, lengths, static fields and constants) and the `End` entering the loop. `None`
/// when the branches are not of that shape.
fn early_exit(
    mg: &MethodGraph,
    entry: NodeId,
    skippable: &dyn Fn(NodeId) -> bool,
) -> Option<(HostExpr, NodeId, Vec<NodeId>)> {
    let g = &mg.graph;
    const MAX_NODES: usize = 64;
    // Skipped divisions whose value nothing uses: evaluated under the condition of reaching the
    // loop (a bound's division is evaluated with the bound).
    let mut unused = Vec::new();
    let mut nodes: Vec<NodeId> = Vec::new();
    let mut seen: HashSet<NodeId> = HashSet::new();
    let mut stack = vec![entry];
    let mut loop_entry = None;
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        nodes.push(n);
        if nodes.len() > MAX_NODES {
            return None;
        }
        match g.op(n) {
            Op::If => {
                for &s in g.successors(n) {
                    if *g.op(s) != Op::Begin {
                        return None;
                    }
                    stack.push(s);
                }
            }
            Op::Begin | Op::Merge => {
                if *g.op(n) == Op::Merge && g.usages(n).iter().any(|&u| *g.op(u) == Op::Phi) {
                    return None;
                }
                let mut next = g.next(n)?;
                // A skipped division stays in the region, where the conditions pass through it.
                // Only right before the loop's entry: the host evaluates it with the bounds, under
                // the condition of reaching the loop, which is exactly when Java divides only if
                // no branch (no later `return`) comes between the division and the loop.
                let mut skipped = false;
                while skippable(next) {
                    seen.insert(next);
                    if g.usages(next).is_empty() {
                        unused.push(next);
                    }
                    skipped = true;
                    next = g.next(next)?;
                }
                if skipped {
                    let enters_loop = *g.op(next) == Op::End
                        && g.usages(next).iter().any(|&u| *g.op(u) == Op::LoopBegin);
                    if !enters_loop {
                        return None;
                    }
                }
                match g.op(next) {
                    Op::If | Op::End => stack.push(next),
                    Op::Return if g.inputs(next).is_empty() => stack.push(next),
                    _ => return None,
                }
            }
            Op::End => {
                let target = g.merge_of(n)?;
                match g.op(target) {
                    Op::Merge => stack.push(target),
                    _ if loop_entry.is_none() => loop_entry = Some(n),
                    _ => return None,
                }
            }
            Op::Return => {}
            _ => return None,
        }
    }
    let loop_entry = loop_entry?;
    // Entered only through `entry`: every merge's ends are among the nodes.
    if nodes
        .iter()
        .any(|&n| *g.op(n) == Op::Merge && g.inputs(n).iter().any(|e| !seen.contains(e)))
    {
        return None;
    }
    let mut memo: std::collections::HashMap<NodeId, Option<HostExpr>> =
        std::collections::HashMap::new();
    let cond = reach_condition(mg, entry, loop_entry, &seen, &mut memo, 0)?;
    Some((cond.unwrap_or(HostExpr::Const(1)), loop_entry, unused))
}

/// The condition under which control goes from `entry` to `n` (`Some(None)`: always), as a host
/// expression of 0 and 1; `None` when a condition is not one the host can evaluate.
fn reach_condition(
    mg: &MethodGraph,
    entry: NodeId,
    n: NodeId,
    region: &HashSet<NodeId>,
    memo: &mut std::collections::HashMap<NodeId, Option<HostExpr>>,
    depth: usize,
) -> Option<Option<HostExpr>> {
    let g = &mg.graph;
    if n == entry {
        return Some(None);
    }
    if let Some(c) = memo.get(&n) {
        return Some(c.clone());
    }
    if depth > 64 {
        return None;
    }
    let and = |p: Option<HostExpr>, c: HostExpr| match p {
        None => c,
        Some(p) => HostExpr::Select(Box::new(p), Box::new(c), Box::new(HostExpr::Const(0))),
    };
    let c = if *g.op(n) == Op::Merge {
        let mut any: Option<Option<HostExpr>> = None;
        for &e in g.inputs(n) {
            let here = reach_condition(mg, entry, e, region, memo, depth + 1)?;
            any = Some(match (any, here) {
                (None, h) => h,
                (Some(None), _) | (_, None) => None,
                (Some(Some(a)), Some(b)) => Some(HostExpr::Select(
                    Box::new(a),
                    Box::new(HostExpr::Const(1)),
                    Box::new(b),
                )),
            });
        }
        any?
    } else {
        let pred = region
            .iter()
            .copied()
            .find(|&p| g.successors(p).contains(&n))?;
        let before = reach_condition(mg, entry, pred, region, memo, depth + 1)?;
        if *g.op(n) == Op::Begin && *g.op(pred) == Op::If {
            let test = host_expr_of(mg, g.inputs(pred)[0])?;
            let taken = if g.successors(pred).first() == Some(&n) {
                test
            } else {
                HostExpr::Compare(Condition::Eq, Box::new(test), Box::new(HostExpr::Const(0)))
            };
            Some(and(before, taken))
        } else {
            before
        }
    };
    memo.insert(n, c.clone());
    Some(c)
}

/// Whether the `@Parallel` loop `i` is all of `o`'s body: `o`'s body is just `i`, and `i`'s exit
/// is `o`'s next iteration.
fn perfectly_nested(g: &ferrocl_graph::Graph, o: &Analysed, i: &Analysed) -> bool {
    let into = g.fixed_chain(o.stay);
    let entered = into.len() == 2
        && *g.op(into[1]) == Op::End
        && g.inputs(i.dim.begin).first() == Some(&into[1]);
    let out = g.fixed_chain(i.exit);
    let left = out.len() == 2
        && *g.op(out[1]) == Op::LoopEnd
        && g.inputs(out[1])[0] == o.dim.begin
        && g.inputs(o.dim.begin).len() == 2;
    entered && left
}

/// The dimensions of the nest of top-level `@Parallel` loop `t` (indices into `found`, outermost
/// first) and the `@Parallel` loops inside it that run sequentially in its work-items, each with
/// the reason. Going inwards, a loop becomes the next dimension while it is the only `@Parallel`
/// loop directly inside the last one, all of its body (perfect nesting: what `perfectNest` could
/// not move into it stays between), has the shape of a dimension (its bounds computed by the host,
/// no value carried, no `break`: what `analyse` checks) and the nest has fewer than three; from the
/// first that is not, it and every `@Parallel` loop inside it run as ordinary loops. That is
/// exactly Java's order within each work-item; only the dimensions' iterations are spread over
/// work-items, as the annotation allows.
fn nest_chain(
    mg: &MethodGraph,
    found: &[(NodeId, NodeId)],
    analysed: &[Result<Analysed, Bailout>],
    t: usize,
    contains: &dyn Fn(usize, usize) -> bool,
) -> (Vec<usize>, Vec<SequentialLoop>) {
    let g = &mg.graph;
    let n = found.len();
    let inside: Vec<usize> = (0..n).filter(|&j| contains(t, j)).collect();
    let mut members = vec![t];
    // Why the loops directly inside the last dimension are not dimensions.
    let mut reason = String::new();
    let mut direct = Vec::new();
    while let Some(&last) = members.last() {
        // The @Parallel loops directly inside the last dimension (no other one in between).
        direct = inside
            .iter()
            .copied()
            .filter(|&j| {
                contains(last, j) && !inside.iter().any(|&m| contains(last, m) && contains(m, j))
            })
            .collect();
        let &[next] = direct.as_slice() else {
            // None left, or several side by side (which one would be the dimension?).
            reason = "@Parallel loops side by side inside another".into();
            break;
        };
        if members.len() == 3 {
            reason = "more than three nested @Parallel loops".into();
            break;
        }
        let (o, i) = match (&analysed[last], &analysed[next]) {
            (Ok(o), Ok(i)) => (o, i),
            (_, Err(e)) | (Err(e), _) => {
                reason = e.reason.clone();
                break;
            }
        };
        if !perfectly_nested(g, o, i) {
            reason =
                "code between it and the @Parallel loop around it (stores, branches, or loads \
                      of what the loops write)"
                    .into();
            break;
        }
        members.push(next);
    }
    let sequential = inside
        .iter()
        .copied()
        .filter(|j| !members.contains(j))
        .map(|j| SequentialLoop {
            begin: found[j].0,
            why: if direct.contains(&j) {
                reason.clone()
            } else {
                "inside a @Parallel loop that runs sequentially".into()
            },
        })
        .collect();
    (members, sequential)
}

/// Returns the nest of `members` (outermost first, perfectly nested: see [`nest_chain`]).
fn nest_of(mg: &MethodGraph, members: &[&Analysed]) -> Result<ParallelNest, Bailout> {
    let Some(inner) = members.last() else {
        return Err(mg.bailout(BailoutKind::Parallelism, "a nest without loops"));
    };
    body_region(mg, inner.stay, inner.dim.begin)?;
    Ok(ParallelNest {
        dims: members.iter().map(|a| a.dim.clone()).collect(),
        body_entry: inner.stay,
        reductions: Vec::new(),
        reduce_loop: None,
        host_versioning: None,
        loop_versions: Vec::new(),
        sequential: Vec::new(),
        shape: None,
        coherent_branches: false,
        end: None,
        carry_in: Vec::new(),
        carry_out: Vec::new(),
        carry_slots: 0,
        when: None,
        repeat: None,
        stop: None,
        skip_if: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ferrocl_graph::Graph;

    fn dim(inclusive: bool, step: i32) -> LoopDim {
        LoopDim {
            begin: some_node(),
            index: some_node(),
            index_name: None,
            lower: HostExpr::Const(0),
            upper: HostExpr::Const(0),
            inclusive,
            step,
            stream: false,
        }
    }

    fn some_node() -> NodeId {
        let mut g = Graph::new();
        g.add(Op::Start, Stamp::Void, vec![])
    }

    #[test]
    fn trip_counts_follow_java() {
        assert_eq!(dim(false, 1).trip_count(0, 10), Some(10));
        assert_eq!(dim(false, 1).trip_count(5, 5), Some(0));
        assert_eq!(dim(false, 1).trip_count(7, -3), Some(0));
        assert_eq!(dim(true, 1).trip_count(0, 10), Some(11));
        assert_eq!(dim(false, 3).trip_count(1, 11), Some(4)); // 1 4 7 10
        assert_eq!(dim(true, 3).trip_count(1, 10), Some(4));
        assert_eq!(
            dim(false, 1).trip_count(i32::MIN, i32::MAX.into()),
            Some(u32::MAX as u64)
        );
        // A `long` bound: past the last int the index wraps around before the test fails; below
        // the first int no iteration runs.
        assert_eq!(dim(false, 1).trip_count(0, i64::from(i32::MAX) + 1), None);
        assert_eq!(dim(true, 1).trip_count(0, i64::MAX), None);
        assert_eq!(dim(false, 1).trip_count(i32::MIN, i64::MIN), Some(0));
        assert_eq!(dim(true, 1).trip_count(5, i64::from(i32::MIN) - 1), Some(0));
        // i <= MAX_VALUE never ends; i += 2 past MAX-1 wraps around.
        assert_eq!(dim(true, 1).trip_count(0, i32::MAX.into()), None);
        // A stream's rangeClosed(MAX - 3, MAX) has its four elements.
        let stream = LoopDim {
            stream: true,
            ..dim(true, 1)
        };
        assert_eq!(stream.trip_count(i32::MAX - 3, i32::MAX.into()), Some(4));
        assert_eq!(dim(false, 2).trip_count(0, i32::MAX.into()), None);
        assert_eq!(
            dim(false, 2).trip_count(0, (i32::MAX - 1).into()),
            Some((i32::MAX / 2) as u64)
        );
    }

    #[test]
    fn host_expressions_wrap() {
        let e = HostExpr::Binary(
            BinaryOp::Add,
            Box::new(HostExpr::Const(i32::MAX)),
            Box::new(HostExpr::Param(0)),
        );
        assert_eq!(e.eval(&mut |_| Some(Constant::Int(1))), Some(i32::MIN));
        assert_eq!(e.eval(&mut |_| None), None);
        assert_eq!(e.leaves(), vec![&HostExpr::Param(0)]);
    }
}

#[cfg(test)]
mod select_tests {
    use super::*;

    #[test]
    fn chosen_bounds_evaluate_only_the_operand_taken() {
        // n > cap ? cap : n / d, with d = 0 in the operand not taken.
        let e = HostExpr::Select(
            Box::new(HostExpr::Compare(
                Condition::Gt,
                Box::new(HostExpr::Param(0)),
                Box::new(HostExpr::Param(1)),
            )),
            Box::new(HostExpr::Param(1)),
            Box::new(HostExpr::Binary(
                BinaryOp::Div,
                Box::new(HostExpr::Param(0)),
                Box::new(HostExpr::Param(2)),
            )),
        );
        let run = |n: i32, cap: i32, d: i32| {
            e.eval(&mut |leaf| match leaf {
                HostExpr::Param(0) => Some(Constant::Int(n)),
                HostExpr::Param(1) => Some(Constant::Int(cap)),
                HostExpr::Param(2) => Some(Constant::Int(d)),
                _ => None,
            })
        };
        assert_eq!(run(10, 4, 0), Some(4));
        assert_eq!(run(3, 4, 1), Some(3));
        assert_eq!(run(i32::MIN, 4, -1), Some(i32::MIN)); // MIN / -1 wraps, as in Java
        assert_eq!(run(3, 4, 0), None); // the JVM throws
        assert_eq!(e.leaves().len(), 5);
    }

    fn cmp(cond: Condition, a: HostExpr, b: HostExpr) -> HostExpr {
        HostExpr::Compare(cond, Box::new(a), Box::new(b))
    }

    #[test]
    fn comparisons_of_long_float_and_double_parameters() {
        let f = |v: f32| HostExpr::Wide(WideConst::Float(v.to_bits()));
        let d = |v: f64| HostExpr::Wide(WideConst::Double(v.to_bits()));
        let with = |c: Constant| move |_: &HostExpr| Some(c);
        // `n <= 0L` on a long beyond the int range.
        let le = cmp(
            Condition::Le,
            HostExpr::Param(0),
            HostExpr::Wide(WideConst::Long(0)),
        );
        assert_eq!(le.eval(&mut with(Constant::Long(1 << 40))), Some(0));
        assert_eq!(le.eval(&mut with(Constant::Long(-(1 << 40)))), Some(1));
        // IEEE: with a NaN only `!=` holds; -0.0 == 0.0.
        for cond in [
            Condition::Eq,
            Condition::Lt,
            Condition::Le,
            Condition::Gt,
            Condition::Ge,
        ] {
            let e = cmp(cond, HostExpr::Param(0), f(0.0));
            assert_eq!(e.eval(&mut with(Constant::Float(f32::NAN))), Some(0));
            let e = cmp(cond, d(f64::NAN), HostExpr::Param(0));
            assert_eq!(e.eval(&mut with(Constant::Double(1.0))), Some(0));
        }
        let ne = cmp(Condition::Ne, HostExpr::Param(0), HostExpr::Param(0));
        assert_eq!(ne.eval(&mut with(Constant::Double(f64::NAN))), Some(1));
        let eq = cmp(Condition::Eq, HostExpr::Param(0), f(0.0));
        assert_eq!(eq.eval(&mut with(Constant::Float(-0.0))), Some(1));
        // A comparison of values of different types has no value (the graph never makes one).
        let mixed = cmp(Condition::Eq, HostExpr::Param(0), f(0.0));
        assert_eq!(mixed.eval(&mut with(Constant::Int(0))), None);
        // The expression's value must be an int: a long parameter alone is not a bound.
        assert_eq!(HostExpr::Param(0).eval(&mut with(Constant::Long(3))), None);
    }

    /// Index terms a host proof covers refuse floating-point arithmetic (relaxed math may contract
    /// it in the kernel), not floating-point comparisons and conversions.
    #[test]
    fn proofs_refuse_floating_point_arithmetic() {
        use ferrocl_graph::{ConvTarget, Graph};
        let mut g = Graph::new();
        let x = g.add(Op::Parameter(0), Stamp::Float, vec![]);
        let s = g.add(Op::Parameter(1), Stamp::Float, vec![]);
        let n = g.add(Op::Parameter(2), Stamp::Int, vec![]);
        let to_int = Conversion {
            from: Stamp::Float,
            to: ConvTarget::Int,
        };
        let product = g.add(Op::Binary(BinaryOp::Mul), Stamp::Float, vec![x, s]);
        let scaled = g.add(Op::Convert(to_int), Stamp::Int, vec![product]);
        let plain = g.add(Op::Convert(to_int), Stamp::Int, vec![x]);
        let sum = g.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![plain, n]);
        let less = g.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![x, s]);
        assert!(computes_floating_point(&g, scaled, 0));
        assert!(!computes_floating_point(&g, sum, 0));
        assert!(!computes_floating_point(&g, less, 0));
    }

    #[test]
    fn conversions_follow_the_jvm() {
        let conv = |from: Stamp, to: ConvTarget, c: Constant| {
            HostExpr::Convert(Conversion { from, to }, Box::new(HostExpr::Param(0)))
                .value(&mut |_| Some(c))
        };
        use ferrocl_graph::ConvTarget;
        assert_eq!(
            conv(Stamp::Long, ConvTarget::Int, Constant::Long((1 << 32) + 5)),
            Some(Constant::Int(5))
        );
        assert_eq!(
            conv(Stamp::Double, ConvTarget::Int, Constant::Double(f64::NAN)),
            Some(Constant::Int(0))
        );
        assert_eq!(
            conv(Stamp::Float, ConvTarget::Int, Constant::Float(-1e20)),
            Some(Constant::Int(i32::MIN))
        );
        assert_eq!(
            conv(Stamp::Double, ConvTarget::Long, Constant::Double(1e300)),
            Some(Constant::Long(i64::MAX))
        );
        assert_eq!(
            conv(Stamp::Int, ConvTarget::Char, Constant::Int(-1)),
            Some(Constant::Int(65535))
        );
        assert_eq!(
            conv(
                Stamp::Long,
                ConvTarget::Float,
                Constant::Long((1 << 24) + 1)
            ),
            Some(Constant::Float(16_777_216.0))
        );
    }
}

#[cfg(test)]
mod intrinsic_tests {
    use super::*;

    fn of(which: Intrinsic, args: Vec<Constant>) -> Option<Constant> {
        let e = HostExpr::Intrinsic(which, (0..args.len()).map(HostExpr::Param).collect());
        e.value(&mut |leaf| match leaf {
            HostExpr::Param(k) => args.get(*k).copied(),
            _ => None,
        })
    }

    /// Values from the Javadoc of `Integer`, `Long`, `Math` and `Float` (not from this code).
    #[test]
    fn library_methods_give_javas_values() {
        use Constant::{Float, Int, Long};
        assert_eq!(of(Intrinsic::Abs, vec![Int(i32::MIN)]), Some(Int(i32::MIN)));
        assert_eq!(of(Intrinsic::Abs, vec![Long(-5)]), Some(Long(5)));
        assert_eq!(
            of(Intrinsic::Abs, vec![Float(-1.0)]),
            None,
            "floating point is not taken"
        );
        assert_eq!(of(Intrinsic::BitCount, vec![Int(-1)]), Some(Int(32)));
        assert_eq!(of(Intrinsic::BitCount, vec![Long(-1)]), Some(Int(64)));
        assert_eq!(
            of(Intrinsic::NumberOfLeadingZeros, vec![Int(0)]),
            Some(Int(32))
        );
        assert_eq!(
            of(Intrinsic::NumberOfLeadingZeros, vec![Long(1)]),
            Some(Int(63))
        );
        assert_eq!(
            of(Intrinsic::NumberOfTrailingZeros, vec![Long(0)]),
            Some(Int(64))
        );
        assert_eq!(of(Intrinsic::Reverse, vec![Int(1)]), Some(Int(i32::MIN)));
        // Integer.rotateLeft(1, 33) == 2: the distance is masked.
        assert_eq!(
            of(Intrinsic::RotateLeft, vec![Int(1), Int(33)]),
            Some(Int(2))
        );
        assert_eq!(
            of(Intrinsic::RotateRight, vec![Long(1), Int(-1)]),
            Some(Long(2))
        );
        assert_eq!(
            of(
                Intrinsic::MultiplyHigh,
                vec![Long(i64::MAX), Long(i64::MAX)]
            ),
            Some(Long(0x3FFF_FFFF_FFFF_FFFF))
        );
        assert_eq!(
            of(Intrinsic::FloatToRawIntBits, vec![Float(-0.0)]),
            Some(Int(i32::MIN))
        );
    }
}
