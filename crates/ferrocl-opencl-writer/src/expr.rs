//! Statements for fixed nodes and expressions for floating nodes, with Java's semantics.

use crate::names::{c_elem_type, c_type};
use crate::{
    Writer, WriterError, BOUNDS_PROVEN, STATUS_DIVIDE_BY_ZERO, STATUS_INDEX,
    STATUS_NEGATIVE_ARRAY_SIZE,
};
use ferrocl_graph::{
    BinaryOp, Constant, ConvTarget, ElemKind, GuardKind, Intrinsic, NodeId, Op, Stamp,
};
use std::fmt::Write;

/// Source of a helper function by name. Helpers are plain functions (valid in every OpenCL C
/// version); the driver inlines them.
pub(crate) fn helper_source(name: &str) -> &'static str {
    match name {
        "ferrocl_idiv" => "int ferrocl_idiv(int x, int y) { return y == -1 ? (int)(0u - (uint)x) : x / y; }\n",
        "ferrocl_irem" => "int ferrocl_irem(int x, int y) { return y == -1 ? 0 : x % y; }\n",
        "ferrocl_ldiv" => "long ferrocl_ldiv(long x, long y) { return y == -1L ? (long)(0UL - (ulong)x) : x / y; }\n",
        "ferrocl_lrem" => "long ferrocl_lrem(long x, long y) { return y == -1L ? 0L : x % y; }\n",
        "ferrocl_f2i" => "int ferrocl_f2i(float x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }\n",
        "ferrocl_f2l" => "long ferrocl_f2l(float x) { return isnan(x) ? 0L : convert_long_sat_rtz(x); }\n",
        "ferrocl_d2i" => "int ferrocl_d2i(double x) { return isnan(x) ? 0 : convert_int_sat_rtz(x); }\n",
        "ferrocl_d2l" => "long ferrocl_d2l(double x) { return isnan(x) ? 0L : convert_long_sat_rtz(x); }\n",
        // Math.min/max: the NaN operand if either is NaN (`a` first, as Java), and -0.0 below 0.0.
        // OpenCL's fmin/fmax (one instruction on GPUs) settle every other case except equal
        // operands, where OR/AND of the bits picks -0.0/0.0 between zeros and is exact otherwise.
        // Everything is computed, then selected: NVIDIA's compiler turned a chain of conditional
        // returns into branches that cost a @Reduce min a quarter of its bandwidth (H200, 2^26).
        // Relaxed math's pow: OpenCL's, with Java's special cases where C's differ (pow(1, NaN)
        // and pow(+-1, +-infinity) are NaN in Java, 1 in C).
        // Relaxed math near overflow, where the built-ins may round a finite result to infinity
        // (exp) or combine two infinities into NaN (sinh, cosh): Java's overflow thresholds (fdlibm's
        // 709.782712893383973096 for exp, 0x408633CE8FB9F87D for sinh and cosh) decide infinity;
        // below them, exp(x - 1) * e and (exp(|x| / 2) / 2) * exp(|x| / 2) stay finite (x - 1 and
        // |x| / 2 are exact) within a few ulps. NaN passes through every branch. `exp` runs as
        // written, and again only where it overflowed below the threshold.
        "ferrocl_relaxed_exp" => "double ferrocl_relaxed_exp(double x) { double r = exp(x); if (isinf(r) && x > 0.0 && x <= 7.09782712893383973096e+02) { r = exp(x - 1.0) * 2.718281828459045; } return x > 7.09782712893383973096e+02 ? as_double(0x7FF0000000000000L) : r; }\n",
        "ferrocl_relaxed_expm1" => "double ferrocl_relaxed_expm1(double x) { if (x > 7.09782712893383973096e+02) return as_double(0x7FF0000000000000L); return x > 708.0 ? exp(x - 1.0) * 2.718281828459045 : expm1(x); }\n",
        "ferrocl_relaxed_sinh" => "double ferrocl_relaxed_sinh(double x) { const double a = fabs(x); if (!(a > 708.0)) return sinh(x); if (a > as_double(0x408633CE8FB9F87DL)) return copysign(as_double(0x7FF0000000000000L), x); const double w = exp(0.5 * a); return copysign((0.5 * w) * w, x); }\n",
        "ferrocl_relaxed_cosh" => "double ferrocl_relaxed_cosh(double x) { const double a = fabs(x); if (!(a > 708.0)) return cosh(x); if (a > as_double(0x408633CE8FB9F87DL)) return as_double(0x7FF0000000000000L); const double w = exp(0.5 * a); return (0.5 * w) * w; }\n",
        // Relaxed Math.pow: Java's special cases (NaN, x = ±1 with an infinite y, y = 1) as selects on
        // the built-in's result, and Java's exact power of two integers where it is below 2^46 in
        // magnitude (with y > 0 it is an integer, and the built-in's 16 ulps are under 1/8 there, so
        // rounding its result to an integer gives it). Beyond 2^46 the built-in's result stands. No
        // branch: on the H100 (bench-native/series, 10,000 pairs) SeriesBench's relaxed kernel took
        // 741.6 us with the special-case selects alone, 749.6 with this rounding, 772.4 with the
        // branch to an exact power it replaces (the hand-written kernel 726.0;
        // bench-results/raw/2026-11-26-h100-relaxed-wrappers/).
        "ferrocl_relaxed_pow" => "double ferrocl_relaxed_pow(double x, double y) { double r = pow(x, y); r = y == 1.0 ? x : r; r = (isnan(y) | (isnan(x) & (y != 0.0)) | ((fabs(x) == 1.0) & isinf(y))) ? as_double(0x7FF8000000000000L) : r; return ((x == rint(x)) & (y == rint(y)) & (y > 0.0) & (fabs(r) < 0x1p46)) ? rint(r) : r; }\n",
        "ferrocl_minf" => "float ferrocl_minf(float a, float b) { float m = a == b ? as_float(as_int(a) | as_int(b)) : fmin(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }\n",
        "ferrocl_maxf" => "float ferrocl_maxf(float a, float b) { float m = a == b ? as_float(as_int(a) & as_int(b)) : fmax(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }\n",
        "ferrocl_mind" => "double ferrocl_mind(double a, double b) { double m = a == b ? as_double(as_long(a) | as_long(b)) : fmin(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }\n",
        "ferrocl_maxd" => "double ferrocl_maxd(double a, double b) { double m = a == b ? as_double(as_long(a) & as_long(b)) : fmax(a, b); m = isnan(b) ? b : m; return isnan(a) ? a : m; }\n",
        // `long << n`, kept out of line: NVIDIA's OpenCL optimizer (driver 580) miscompiles sums of
        // several left shifts of one value (tests/driver-bugs/nvidia-long-shift.c).
        "ferrocl_lshl" => "__attribute__((noinline)) long ferrocl_lshl(long x, int n) { return (long)((ulong)x << (n & 63)); }\n",
        // Math.rint, floor and ceil in plain arithmetic: below 2^52 in magnitude, (|x| + 2^52) - 2^52
        // is |x| rounded to an integer, ties to even (the default rounding); from 2^52 up, NaN and
        // infinities, x is its own result. PoCL 3.1's built-ins give garbage or drop the store when
        // LLVM folds them on a constant argument (NaN, infinities, |x| >= 2^63; RandomKernelTest's
        // minimal kernels); these fold exactly. Floor and ceil step from the rounded value; ceil
        // keeps x's sign (Java's ceil(-0.5) is -0.0). They need IEEE arithmetic as written: no
        // fast-math build option may ever reassociate `(a + 2^52) - 2^52`.
        "ferrocl_rint" => "double ferrocl_rint(double x) { const double a = fabs(x); return a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; }\n",
        "ferrocl_floor" => "double ferrocl_floor(double x) { const double a = fabs(x); const double r = a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; return r > x ? r - 1.0 : r; }\n",
        "ferrocl_ceil" => "double ferrocl_ceil(double x) { const double a = fabs(x); const double r = a < 0x1p52 ? copysign((a + 0x1p52) - 0x1p52, x) : x; return r < x ? copysign(r + 1.0, x) : r; }\n",
        // Math.abs of int and long, out of line (see `intrinsics::expression`).
        "ferrocl_iabs" => "__attribute__((noinline)) int ferrocl_iabs(int x) { return x < 0 ? (int)(0u - (uint)x) : x; }\n",
        "ferrocl_labs" => "__attribute__((noinline)) long ferrocl_labs(long x) { return x < 0L ? (long)(0UL - (ulong)x) : x; }\n",
        // Integer/Long.numberOfTrailingZeros (OpenCL C 1.2 has no ctz).
        "ferrocl_ctz" => "int ferrocl_ctz(int x) { uint u = (uint)x; return u == 0u ? 32 : 31 - (int)clz(u & (0u - u)); }\n",
        "ferrocl_ctzl" => "int ferrocl_ctzl(long x) { ulong u = (ulong)x; return u == 0UL ? 64 : 63 - (int)clz(u & (0UL - u)); }\n",
        // Integer/Long.reverse.
        "ferrocl_reverse" => "int ferrocl_reverse(int x) { uint u = (uint)x; u = ((u & 0x55555555u) << 1) | ((u >> 1) & 0x55555555u); u = ((u & 0x33333333u) << 2) | ((u >> 2) & 0x33333333u); u = ((u & 0x0f0f0f0fu) << 4) | ((u >> 4) & 0x0f0f0f0fu); u = (u << 24) | ((u & 0xff00u) << 8) | ((u >> 8) & 0xff00u) | (u >> 24); return (int)u; }\n",
        "ferrocl_reversel" => "long ferrocl_reversel(long x) { ulong u = (ulong)x; u = ((u & 0x5555555555555555UL) << 1) | ((u >> 1) & 0x5555555555555555UL); u = ((u & 0x3333333333333333UL) << 2) | ((u >> 2) & 0x3333333333333333UL); u = ((u & 0x0f0f0f0f0f0f0f0fUL) << 4) | ((u >> 4) & 0x0f0f0f0f0f0f0f0fUL); u = ((u & 0x00ff00ff00ff00ffUL) << 8) | ((u >> 8) & 0x00ff00ff00ff00ffUL); u = ((u & 0x0000ffff0000ffffUL) << 16) | ((u >> 16) & 0x0000ffff0000ffffUL); u = (u << 32) | (u >> 32); return (long)u; }\n",
        _ => "",
    }
}

/// A C literal for a constant. Finite floating-point values use Rust's shortest round-trip decimal
/// (C compilers round decimal literals correctly, so the value is exact); NaN and infinities are
/// written by their bits.
pub(crate) fn literal(c: Constant) -> String {
    match c {
        Constant::Int(i32::MIN) => "(-2147483647 - 1)".into(),
        Constant::Int(v) if v < 0 => format!("({v})"),
        Constant::Int(v) => v.to_string(),
        Constant::Long(i64::MIN) => "(-9223372036854775807L - 1L)".into(),
        Constant::Long(v) if v < 0 => format!("({v}L)"),
        Constant::Long(v) => format!("{v}L"),
        Constant::Float(f) if !f.is_finite() => format!("as_float(0x{:08x}u)", f.to_bits()),
        Constant::Float(f) => paren_neg(format!("{f:?}f")),
        Constant::Double(d) if !d.is_finite() => format!("as_double(0x{:016x}UL)", d.to_bits()),
        Constant::Double(d) => paren_neg(format!("{d:?}")),
        Constant::Null => "0".into(),
    }
}

fn paren_neg(s: String) -> String {
    if s.starts_with('-') {
        format!("({s})")
    } else {
        s
    }
}

/// The statement that checks `index` against an array's length `len`: a failed check sets the status
/// word and leaves with `exit`.
pub(crate) fn index_check_line(index: &str, len: &str, status: &str, exit: &str) -> String {
    format!("if ((uint){index} >= (uint){len}) {{ *{status} = {STATUS_INDEX}; {exit} }}")
}

impl Writer<'_> {
    fn unsupported<T>(&self, id: NodeId, what: impl Into<String>) -> Result<T, WriterError> {
        Err(WriterError::Unsupported {
            location: self.mg.location_of(id).to_string(),
            what: what.into(),
        })
    }

    /// The statement a failed check ends with.
    pub(crate) fn fail_exit(&self) -> &str {
        self.fail_exit.as_deref().unwrap_or(&self.exit)
    }

    pub(crate) fn line(&mut self, text: &str) {
        let indent = "    ".repeat(self.scope.len() + 1);
        let _ = writeln!(self.body, "{indent}{text}");
    }

    /// Binds `expr` (of `stamp`) to a fresh constant local named after the Java local if known.
    pub(crate) fn bind(&mut self, id: NodeId, stamp: Stamp, expr: String) -> String {
        let base = self
            .mg
            .names
            .get(id)
            .clone()
            .unwrap_or_else(|| format!("v{}", id.index()));
        let name = self.names.fresh(&format!("{base}{}", self.copy_suffix));
        if stamp == Stamp::Double {
            self.features.fp64 = true;
        }
        if self.hoist.contains(&id) {
            // Declared at the top, so visible everywhere below; assigned here (by both copies of a
            // versioned loop, under one name).
            let name = match self.hoisted_names.get(&id) {
                Some(existing) => existing.clone(),
                None => {
                    self.top_decls.push(format!("{} {name};", c_type(stamp)));
                    self.hoisted_names.insert(id, name.clone());
                    name
                }
            };
            self.line(&format!("{name} = {expr};"));
            self.def_scope.insert(id, Vec::new());
            self.values.insert(id, name.clone());
            return name;
        } else {
            self.line(&format!("const {} {name} = {expr};", c_type(stamp)));
            self.def_scope.insert(id, self.scope.clone());
        }
        self.values.insert(id, name.clone());
        name
    }

    /// The accumulator variable of the `@Reduce` array `array`, if it is one of this kernel's.
    pub(crate) fn reduce_acc(&self, array: NodeId) -> Option<String> {
        let param = self.mg.params.iter().position(|p| p.node == array)?;
        self.reduce_accs.get(&param).cloned()
    }

    pub(crate) fn array(&self, id: NodeId, array: NodeId) -> Result<(String, String), WriterError> {
        if let Some(private) = ferrocl_opt::array_site(&self.mg.graph, array)
            .and_then(|site| self.private_arrays.get(&site))
        {
            return Ok((private.name.clone(), literal(Constant::Int(private.length))));
        }
        let param = self.mg.params.iter().position(|p| p.node == array);
        match param.and_then(|p| self.array_names.get(&p)) {
            Some(names) => Ok(names.clone()),
            None => self.unsupported(id, "arrays that are not parameters"),
        }
    }

    fn check_index(&mut self, index: &str, len: &str, status: &str) {
        // A check already passed on this path (in this scope or an enclosing one) need not repeat.
        if self.options.switches.is_on("redundantChecks")
            && self.checked.iter().any(|(i, l, _)| i == index && l == len)
        {
            *self.applied.entry("redundantChecks").or_default() += 1;
            return;
        }
        let depth = self.scope.len();
        self.checked
            .push((index.to_string(), len.to_string(), depth));
        let text = index_check_line(index, len, status, self.fail_exit());
        self.line(&text);
    }

    /// Writes the statement(s) of a fixed body node.
    pub(crate) fn fixed(&mut self, id: NodeId, status: &str) -> Result<(), WriterError> {
        self.stage.fixed_written += 1;
        if self.lead_fixed(id, status)? {
            return Ok(());
        }
        let g = &self.mg.graph;
        let inputs = g.inputs(id).to_vec();
        // The running value of a @Reduce array is the work-item's accumulator (no bounds check:
        // the host checked that the array has an element 0).
        if let Some(acc) = inputs.first().and_then(|&a| self.reduce_acc(a)) {
            match g.op(id).clone() {
                Op::ArrayLoad(elem) => {
                    self.bind(id, elem.value_stamp(), acc);
                    return Ok(());
                }
                Op::ArrayStore(_) => {
                    let value = self.value(inputs[2])?;
                    self.line(&format!("{acc} = {value};"));
                    return Ok(());
                }
                _ => {}
            }
        }
        match g.op(id).clone() {
            Op::ArrayLoad(elem) if self.stage.tile_reads.contains_key(&id) => {
                // Staged coalescing: the element is in the work-group's tile.
                let read = self.stage.tile_reads[&id].clone();
                self.bind(id, elem.value_stamp(), read);
            }
            Op::ArrayLoad(elem) => {
                let (arr, _) = self.array(id, inputs[0])?;
                let index = self.value(inputs[1])?;
                let stamp = elem.value_stamp();
                let ok = self
                    .deferred_checks
                    .as_mut()
                    .and_then(|(_, _, outcomes)| outcomes.remove(&id));
                match ok {
                    // A deferred check's load: nothing is read when the check failed.
                    Some(ok) => self.bind(id, stamp, format!("({ok} ? {arr}[{index}] : 0)")),
                    None => self.bind(id, stamp, format!("{arr}[{index}]")),
                };
            }
            Op::VectorLoad(_) => self.vector_load(id)?,
            Op::VectorStore(_) => self.vector_store(id)?,
            Op::ArrayStore(elem) => {
                let (arr, _) = self.array(id, inputs[0])?;
                let index = self.value(inputs[1])?;
                let value = self.value(inputs[2])?;
                let stored = stored_value(elem, value);
                self.line(&format!("{arr}[{index}] = {stored};"));
            }
            Op::NewArray(_) => {
                // Java's `new`: a fresh array of zeros every time, or NegativeArraySizeException.
                let Some(private) = self.private_arrays.get(&id).cloned() else {
                    return self.unsupported(id, "an array allocated outside the kernel body");
                };
                if private.length < 0 {
                    let exit = self.fail_exit().to_string();
                    self.line(&format!(
                        "*{status} = {STATUS_NEGATIVE_ARRAY_SIZE}; {exit} /* new {}[{}] */",
                        private.elem.java_name(),
                        private.length
                    ));
                } else if private.length > 0 {
                    let name = &private.name;
                    self.line(&format!(
                        "for (int ferrocl_z = 0; ferrocl_z < {}; ferrocl_z++) {name}[ferrocl_z] = 0;",
                        private.length
                    ));
                }
            }
            Op::IntegerDivRem { rem } => {
                let stamp = g.stamp(id);
                let x = self.value(inputs[0])?;
                let y = self.value(inputs[1])?;
                let helper = match (stamp, rem) {
                    (Stamp::Int, false) => "ferrocl_idiv",
                    (Stamp::Int, true) => "ferrocl_irem",
                    (Stamp::Long, false) => "ferrocl_ldiv",
                    _ => "ferrocl_lrem",
                };
                self.helpers.insert(helper);
                self.bind(id, stamp, format!("{helper}({x}, {y})"));
            }
            // Java's check before an access or a division (`ferrocl_opt::lower_checks`); left out
            // where an entry test proved it for the whole loop.
            Op::Guard(_) if self.proven.contains(&id) => {}
            Op::Guard(GuardKind::Index)
                if self
                    .deferred_checks
                    .as_ref()
                    .is_some_and(|(_, guards, _)| guards.contains(&id)) =>
            {
                // Deferred (see `Writer::deferred_checks`): recorded, not left on; never counted
                // as passed for a later check of the same index.
                let (_, len) = self.array(id, inputs[1])?;
                let index = self.value(inputs[0])?;
                let ok = self.names.own(&format!("ferrocl_in_bounds{}", id.index()));
                self.line(&format!("const bool {ok} = (uint){index} < (uint){len};"));
                if let Some((failed, _, outcomes)) = self.deferred_checks.as_mut() {
                    let failed = failed.clone();
                    if let Some(&load) = g.next(id).as_ref() {
                        outcomes.insert(load, ok.clone());
                    }
                    self.line(&format!("{failed} |= !{ok};"));
                }
            }
            Op::Guard(GuardKind::Index) => {
                let (_, len) = self.array(id, inputs[1])?;
                let index = self.value(inputs[0])?;
                self.check_index(&index, &len, status);
            }
            Op::Guard(kind @ (GuardKind::Overflow | GuardKind::Throw)) => {
                let holds = self.value(inputs[0])?;
                let exit = self.fail_exit();
                let text = format!(
                    "if (!({holds})) {{ *{status} = {}; {exit} }}",
                    kind.status()
                );
                self.line(&text);
            }
            Op::Guard(GuardKind::Divisor) => {
                let y = self.value(inputs[0])?;
                let key = ("/0".to_string(), y.clone());
                let done = self.options.switches.is_on("redundantChecks")
                    && self
                        .checked
                        .iter()
                        .any(|(a, b, _)| *a == key.0 && *b == key.1);
                if done {
                    *self.applied.entry("redundantChecks").or_default() += 1;
                } else {
                    let exit = self.fail_exit();
                    let text =
                        format!("if ({y} == 0) {{ *{status} = {STATUS_DIVIDE_BY_ZERO}; {exit} }}");
                    self.line(&text);
                    let depth = self.scope.len();
                    self.checked.push((key.0, key.1, depth));
                }
            }
            other => return self.unsupported(id, other.name()),
        }
        Ok(())
    }

    /// `sinCosPairs`: for a narrowed float sine (or cosine) whose argument also has the other one in
    /// the graph, both from one `ferrocl_math_sincosf` call (one reduction, one rounding test, one
    /// branch to the double paths; `libm/narrow_trig.cl`), the partner bound to the pair's other half
    /// in this scope. The expression of this node's half; `None` where the node is no such pair's
    /// first, the two are scheduled in different blocks, or either must be hoisted (then each is
    /// written alone).
    fn paired_sin_cos(&mut self, id: NodeId) -> Result<Option<String>, WriterError> {
        let g = &self.mg.graph;
        let (Op::Intrinsic(kind @ (Intrinsic::Sin | Intrinsic::Cos)), [arg]) =
            (g.op(id), g.inputs(id))
        else {
            return Ok(None);
        };
        let (kind, arg) = (*kind, *arg);
        if self.options.switches.relaxed_math()
            || !self.options.switches.is_on("sinCosPairs")
            || g.stamp(id) != Stamp::Float
            || g.stamp(arg) != Stamp::Float
        {
            return Ok(None);
        }
        let other = if kind == Intrinsic::Sin {
            Intrinsic::Cos
        } else {
            Intrinsic::Sin
        };
        let partner = g.usages(arg).iter().copied().find(|&u| {
            u != id
                && g.is_live(u)
                && matches!(g.op(u), Op::Intrinsic(k) if *k == other)
                && g.stamp(u) == Stamp::Float
                && g.inputs(u) == [arg]
        });
        let Some(partner) = partner else {
            return Ok(None);
        };
        // Both scheduled in one block, so that the partner is written in the pair's scope.
        let same_block = matches!(
            (self.place.get(&id), self.place.get(&partner)),
            (Some(a), Some(b)) if a == b
        );
        if !same_block
            || self.values.contains_key(&partner)
            || self.hoist.contains(&id)
            || self.hoist.contains(&partner)
        {
            return Ok(None);
        }
        let x = self.value(arg)?;
        self.features.fp64 = true;
        self.helpers.insert("ferrocl_math_sincosf");
        let pair = self
            .names
            .fresh(&format!("ferrocl_sincos{}", self.copy_suffix));
        self.line(&format!("const float2 {pair} = ferrocl_math_sincosf({x});"));
        let (mine, theirs) = if kind == Intrinsic::Sin {
            ("x", "y")
        } else {
            ("y", "x")
        };
        self.values.insert(partner, format!("{pair}.{theirs}"));
        self.def_scope.insert(partner, self.scope.clone());
        if self.sin_cos_pairs.insert(id.min(partner)) {
            *self.applied.entry("sinCosPairs").or_default() += 1;
        }
        Ok(Some(format!("{pair}.{mine}")))
    }

    /// The C expression (a name or literal) for a floating value, emitting its definition first.
    pub(crate) fn value(&mut self, id: NodeId) -> Result<String, WriterError> {
        if let Some(v) = self.values.get(&id) {
            if let Some(def) = self.def_scope.get(&id) {
                if !self.scope.starts_with(def) {
                    self.need_hoist.insert(id);
                }
            }
            return Ok(v.clone());
        }
        if let Some(expr) = self.paired_sin_cos(id)? {
            let stamp = self.mg.graph.stamp(id);
            return Ok(self.bind(id, stamp, expr));
        }
        let g = &self.mg.graph;
        let stamp = g.stamp(id);
        let inputs = g.inputs(id).to_vec();
        let expr = match g.op(id).clone() {
            Op::Constant(c) => {
                if matches!(c, Constant::Double(_)) {
                    self.features.fp64 = true;
                }
                return Ok(literal(c));
            }
            Op::ArrayLength => {
                let (_, len) = self.array(id, inputs[0])?;
                return Ok(len);
            }
            Op::Phi => return Err(WriterError::Internal(format!("phi {id} has no variable"))),
            Op::Parameter(_) => return self.unsupported(id, "this parameter's use"),
            Op::BoundsProven => return Ok(BOUNDS_PROVEN.to_string()),
            Op::Lane(k) => self.lane(inputs[0], k)?,
            Op::Binary(op @ (BinaryOp::Div | BinaryOp::Rem))
                if matches!(stamp, Stamp::Int | Stamp::Long) =>
            {
                // A division by a non-zero constant, made floating by canonicalisation.
                let x = self.value(inputs[0])?;
                let y = self.value(inputs[1])?;
                let helper = match (stamp, op) {
                    (Stamp::Int, BinaryOp::Div) => "ferrocl_idiv",
                    (Stamp::Int, _) => "ferrocl_irem",
                    (_, BinaryOp::Div) => "ferrocl_ldiv",
                    _ => "ferrocl_lrem",
                };
                self.helpers.insert(helper);
                format!("{helper}({x}, {y})")
            }
            Op::Binary(op) => {
                let x = self.value(inputs[0])?;
                let y = self.value(inputs[1])?;
                if op == BinaryOp::Shl && stamp == Stamp::Long {
                    self.helpers.insert("ferrocl_lshl");
                    format!("ferrocl_lshl({x}, {y})")
                } else if op == BinaryOp::Div
                    && stamp == Stamp::Float
                    && self.options.soft_fp32_div_sqrt
                {
                    self.features.fp64 = true;
                    format!("(float)((double){x} / (double){y})")
                } else if stamp == Stamp::Int
                    && matches!(op, BinaryOp::Add | BinaryOp::Sub)
                    && (self.proven.contains(&id) || self.no_wrap.contains(&id))
                {
                    // A counted loop's increment that cannot overflow: a versioned loop's tested
                    // variable in its fast copy (the entry test proved it), or a variable stepping
                    // by one towards a strict bound (see `entry_checks`).
                    let c = if op == BinaryOp::Add { '+' } else { '-' };
                    format!("({x} {c} {y})")
                } else {
                    binary(op, stamp, &x, &y, &mut self.features).ok_or_else(|| {
                        WriterError::Internal(format!("{op:?} on {stamp} at {id}"))
                    })?
                }
            }
            Op::Negate => {
                let x = self.value(inputs[0])?;
                match stamp {
                    Stamp::Int => format!("(int)(0u - (uint){x})"),
                    Stamp::Long => format!("(long)(0UL - (ulong){x})"),
                    _ => format!("(-{x})"),
                }
            }
            Op::Convert(conv) => {
                let x = self.value(inputs[0])?;
                let (expr, helper) = convert(conv.from, conv.to, &x);
                if let Some(h) = helper {
                    self.helpers.insert(h);
                }
                if conv.from == Stamp::Double || conv.to == ConvTarget::Double {
                    self.features.fp64 = true;
                }
                expr
            }
            Op::NormalizeCompare { unordered_is_less } => {
                let x = self.value(inputs[0])?;
                let y = self.value(inputs[1])?;
                let unordered = if unordered_is_less { "-1" } else { "1" };
                match g.stamp(inputs[0]) {
                    Stamp::Long => format!("({x} < {y} ? -1 : ({x} > {y} ? 1 : 0))"),
                    _ => format!(
                        "({x} < {y} ? -1 : ({x} > {y} ? 1 : ({x} == {y} ? 0 : {unordered})))"
                    ),
                }
            }
            Op::Compare(c) => {
                let x = self.value(inputs[0])?;
                let y = self.value(inputs[1])?;
                format!("({x} {} {y})", c.c_operator())
            }
            Op::Select => {
                let c = self.value(inputs[0])?;
                let x = self.value(inputs[1])?;
                if stamp == Stamp::Bool
                    && *g.op(inputs[2]) == Op::Constant(Constant::Int(0))
                    && g.stamp(inputs[2]) == Stamp::Bool
                {
                    // `c && x`, as the `loopVersioning` phase and-s its conditions.
                    format!("({c} && {x})")
                } else {
                    let y = self.value(inputs[2])?;
                    format!("({c} ? {x} : {y})")
                }
            }
            Op::Intrinsic(intrinsic) => {
                let mut args = Vec::with_capacity(inputs.len());
                for &input in &inputs {
                    args.push(self.value(input)?);
                }
                let operand = inputs.first().map_or(stamp, |&i| g.stamp(i));
                if stamp == Stamp::Double || operand == Stamp::Double {
                    self.features.fp64 = true;
                }
                let mode = if self.options.switches.relaxed_math() {
                    crate::intrinsics::MathMode::Relaxed {
                        builtin_edges: self.options.builtin_edges,
                    }
                } else {
                    crate::intrinsics::MathMode::Exact
                };
                match crate::intrinsics::expression(intrinsic, operand, &args, mode) {
                    Some((expr, helper, needs_div_sqrt)) => {
                        if let Some(h) = helper {
                            // Every libm function computes in double, the narrowed float ones
                            // included.
                            if !crate::libm::requires(h).is_empty() {
                                self.features.fp64 = true;
                            }
                            self.helpers.insert(h);
                        }
                        if needs_div_sqrt && self.options.soft_fp32_div_sqrt {
                            self.features.fp64 = true;
                            format!("(float)sqrt((double){})", args[0])
                        } else {
                            if needs_div_sqrt {
                                self.features.fp32_div_sqrt = true;
                            }
                            expr
                        }
                    }
                    None => {
                        return self.unsupported(
                            id,
                            format!("{intrinsic:?} on {operand} (an unexpected overload)"),
                        )
                    }
                }
            }
            other => return self.unsupported(id, other.name()),
        };
        Ok(self.bind(id, stamp, expr))
    }
}

/// The expression for a floating binary node; `None` for what never reaches here (integer division,
/// made a helper call by the caller, and bitwise operations on floating point).
fn binary(
    op: BinaryOp,
    stamp: Stamp,
    x: &str,
    y: &str,
    features: &mut crate::Features,
) -> Option<String> {
    let (signed, unsigned, mask) = match stamp {
        Stamp::Long => ("long", "ulong", 63),
        _ => ("int", "uint", 31),
    };
    Some(match stamp {
        Stamp::Int | Stamp::Long => match op {
            // Signed overflow is undefined in C: compute in the unsigned type, which wraps.
            BinaryOp::Add => format!("({signed})(({unsigned}){x} + ({unsigned}){y})"),
            BinaryOp::Sub => format!("({signed})(({unsigned}){x} - ({unsigned}){y})"),
            BinaryOp::Mul => format!("({signed})(({unsigned}){x} * ({unsigned}){y})"),
            BinaryOp::Shl => format!("({signed})(({unsigned}){x} << ({y} & {mask}))"),
            BinaryOp::Shr => format!("({x} >> ({y} & {mask}))"),
            BinaryOp::Ushr => format!("({signed})(({unsigned}){x} >> ({y} & {mask}))"),
            BinaryOp::And => format!("({x} & {y})"),
            BinaryOp::Or => format!("({x} | {y})"),
            BinaryOp::Xor => format!("({x} ^ {y})"),
            BinaryOp::Div | BinaryOp::Rem => return None,
        },
        _ => {
            if stamp == Stamp::Double {
                features.fp64 = true;
            }
            match op {
                BinaryOp::Add => format!("({x} + {y})"),
                BinaryOp::Sub => format!("({x} - {y})"),
                BinaryOp::Mul => format!("({x} * {y})"),
                BinaryOp::Div => {
                    if stamp == Stamp::Float {
                        features.fp32_div_sqrt = true;
                    }
                    format!("({x} / {y})")
                }
                BinaryOp::Rem => format!("fmod({x}, {y})"),
                _ => return None,
            }
        }
    })
}

fn convert(from: Stamp, to: ConvTarget, x: &str) -> (String, Option<&'static str>) {
    match (from, to) {
        (Stamp::Int, ConvTarget::Long) => (format!("(long){x}"), None),
        (Stamp::Int, ConvTarget::Float) | (Stamp::Long, ConvTarget::Float) => {
            (format!("(float){x}"), None)
        }
        (Stamp::Int, ConvTarget::Double) | (Stamp::Long, ConvTarget::Double) => {
            (format!("(double){x}"), None)
        }
        (Stamp::Long, ConvTarget::Int) => (format!("(int)(uint){x}"), None),
        (Stamp::Float, ConvTarget::Int) => (format!("ferrocl_f2i({x})"), Some("ferrocl_f2i")),
        (Stamp::Float, ConvTarget::Long) => (format!("ferrocl_f2l({x})"), Some("ferrocl_f2l")),
        (Stamp::Float, ConvTarget::Double) => (format!("(double){x}"), None),
        (Stamp::Double, ConvTarget::Int) => (format!("ferrocl_d2i({x})"), Some("ferrocl_d2i")),
        (Stamp::Double, ConvTarget::Long) => (format!("ferrocl_d2l({x})"), Some("ferrocl_d2l")),
        (Stamp::Double, ConvTarget::Float) => (format!("(float){x}"), None),
        (_, ConvTarget::Byte) => (format!("((int)((uint){x} << 24) >> 24)"), None),
        (_, ConvTarget::Short) => (format!("((int)((uint){x} << 16) >> 16)"), None),
        (_, ConvTarget::Char) => (format!("({x} & 0xFFFF)"), None),
        _ => (x.to_string(), None),
    }
}

/// `value` (an `int` for the narrow kinds) as the element a store of `elem` writes: a boolean's low
/// bit, a byte's, char's or short's low bits (Java's `bastore`/`castore`/`sastore`).
pub(crate) fn stored_value(elem: ElemKind, value: String) -> String {
    match elem {
        ElemKind::Boolean => format!("(uchar)({value} & 1)"),
        ElemKind::Byte | ElemKind::Char | ElemKind::Short => {
            format!("({}){value}", c_elem_type(elem))
        }
        _ => value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_are_exact_and_valid_c() {
        assert_eq!(literal(Constant::Int(i32::MIN)), "(-2147483647 - 1)");
        assert_eq!(literal(Constant::Int(-3)), "(-3)");
        assert_eq!(literal(Constant::Long(7)), "7L");
        assert_eq!(literal(Constant::Float(1.0)), "1.0f");
        assert_eq!(literal(Constant::Float(0.1)), "0.1f");
        assert_eq!(literal(Constant::Float(-0.0)), "(-0.0f)");
        assert_eq!(literal(Constant::Float(f32::NAN)), "as_float(0x7fc00000u)");
        assert_eq!(literal(Constant::Double(1e-300)), "1e-300");
        assert_eq!(
            literal(Constant::Double(f64::NEG_INFINITY)),
            "as_double(0xfff0000000000000UL)"
        );
    }
}
