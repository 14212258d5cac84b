//! `System.arraycopy` and `clone()` of primitive arrays.
//!
//! `System.arraycopy(src, sp, dst, dp, n)` becomes Java's bounds test (JLS/JVMS: `sp`, `dp` and
//! `n` not negative, `sp + n <= src.length`, `dp + n <= dst.length`, all tested before any element
//! moves) as `Throw` checks, then the copy. Where a check fails the JVM reruns the method and
//! throws its own `IndexOutOfBoundsException`. Arrays of different element types (Java's
//! `ArrayStoreException`) are refused with a reason.
//!
//! Java copies "as if through a temporary array" when `src` and `dst` are the same array, whichever
//! way the ranges overlap. Two forms keep that:
//! - When `n` is known while parsing (a constant, the length of an array allocated in the kernel,
//!   `Math.min` of such values: what `Arrays.copyOf` of a private array computes) and at most
//!   [`MAX_UNROLLED`], `n` loads followed by `n` stores: every element is read before any is written.
//! - Otherwise (`n` computed at run time, `System.arraycopy(a, i * w, b, 0, w)`, or larger), a
//!   counted loop of one load and one store per element. It runs backwards, from the last element,
//!   when `sp < dp`, and forwards otherwise: then every element is read before the copy writes over
//!   it, so a copy within one array (or between two arguments that are one Java array at launch)
//!   gives the temporary array's result, and distinct arrays are unaffected by the direction. Where
//!   parsing knows the arrays are distinct (one is made in the kernel, the other by another `new` or
//!   an argument) or knows `sp` and `dp`,
//!   only the loop that runs is built.
//!
//! `a.clone()` of a primitive array whose length is known is a new array of that length (private
//! memory of the work-item, as `new T[K]` is) holding a copy. An array argument's length is not
//! known, and a kernel cannot allocate global memory: its clone, and any copy into an array
//! allocated with a length not known here (`Arrays.copyOf(a, n)`), is one [`Op::ArrayCopy`] node,
//! which the `scratch_arrays` phase makes part of preparing that array on the host when it is
//! allocated before the loops (and which is refused anywhere else).

use crate::builder::Builder;
use crate::error::FrontendError;
use crate::BailoutKind;
use ferrocl_graph::{BinaryOp, Condition, Constant, ElemKind, Intrinsic, NodeId, Op, Stamp};

/// Most elements a copy moves as straight-line loads and stores; longer copies are loops.
pub(crate) const MAX_UNROLLED: i32 = 128;

impl Builder<'_, '_> {
    /// The `int` value of `n` when parsing can tell it: constants, the length of an array allocated
    /// in the kernel, and `+ - *`, `Math.min`/`max` of such values.
    pub(crate) fn known_int(&self, n: NodeId, depth: usize) -> Option<i32> {
        if depth > 16 {
            return None;
        }
        let g = &self.graph;
        let sub = |k: usize| self.known_int(g.inputs(n)[k], depth + 1);
        match g.op(n) {
            Op::Constant(Constant::Int(v)) => Some(*v),
            Op::ArrayLength => {
                let array = g.inputs(n)[0];
                match g.op(array) {
                    Op::NewArray(_) => self.known_int(g.inputs(array)[0], depth + 1),
                    _ => None,
                }
            }
            Op::Binary(BinaryOp::Add) if g.stamp(n) == Stamp::Int => {
                Some(sub(0)?.wrapping_add(sub(1)?))
            }
            Op::Binary(BinaryOp::Sub) if g.stamp(n) == Stamp::Int => {
                Some(sub(0)?.wrapping_sub(sub(1)?))
            }
            Op::Binary(BinaryOp::Mul) if g.stamp(n) == Stamp::Int => {
                Some(sub(0)?.wrapping_mul(sub(1)?))
            }
            Op::Intrinsic(Intrinsic::Min) if g.stamp(n) == Stamp::Int => Some(sub(0)?.min(sub(1)?)),
            Op::Intrinsic(Intrinsic::Max) if g.stamp(n) == Stamp::Int => Some(sub(0)?.max(sub(1)?)),
            _ => None,
        }
    }

    /// `System.arraycopy(src, srcPos, dst, dstPos, length)` (arguments in order).
    pub(crate) fn array_copy(
        &mut self,
        args: &[NodeId],
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let &[src, src_pos, dst, dst_pos, length] = args else {
            return self.malformed("System.arraycopy with the wrong number of arguments");
        };
        let (Stamp::Array(from), Stamp::Array(to)) = (self.graph.stamp(src), self.graph.stamp(dst))
        else {
            if [src, dst]
                .iter()
                .any(|&v| matches!(self.graph.stamp(v), Stamp::Nested { .. }))
            {
                return self.bail(
                    BailoutKind::Call,
                    "System.arraycopy from or to an inner array of a multi-dimensional argument is \
                     not supported (copy its elements in a loop)",
                );
            }
            return self.bail(
                BailoutKind::Call,
                "System.arraycopy of values that are not known to be primitive arrays",
            );
        };
        if from != to {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "System.arraycopy from a {}[] to a {}[] (the JVM throws ArrayStoreException)",
                    from.java_name(),
                    to.java_name()
                ),
            );
        }
        let known = self.known_int(length, 0);
        // Java's test, before any element moves.
        let zero = self.constant(Constant::Int(0))?;
        let count = match known {
            Some(n) => self.constant(Constant::Int(n))?,
            None => length,
        };
        for pos in [src_pos, dst_pos] {
            let ok = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![pos, zero])?;
            self.throw_check(ok, tail)?;
        }
        let ok = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![count, zero])?;
        self.throw_check(ok, tail)?;
        for (array, pos) in [(src, src_pos), (dst, dst_pos)] {
            // `pos <= length - n` (no overflow: a length and, past the test above, n are not
            // negative).
            let len = self.add(Op::ArrayLength, Stamp::Int, vec![array])?;
            let room = self.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![len, count])?;
            let ok = self.add(Op::Compare(Condition::Le), Stamp::Bool, vec![pos, room])?;
            self.throw_check(ok, tail)?;
        }
        if known.is_none() && self.unsized_allocation(dst) {
            // Into an array whose length is not known here: one the host allocates before the
            // loops (`scratch_arrays`), which makes the copy there.
            let copy = self.add(
                Op::ArrayCopy(from),
                Stamp::Void,
                vec![src, src_pos, dst, dst_pos, count],
            )?;
            *tail = self.append(*tail, copy);
            return Ok(());
        }
        match known {
            Some(n) if (0..=MAX_UNROLLED).contains(&n) => {
                self.move_elements(from, (src, src_pos), (dst, dst_pos), n, tail)
            }
            _ => self.copy_loops(from, (src, src_pos), (dst, dst_pos), count, tail),
        }
    }

    /// `array.clone()` of a primitive array: a new array of the same (known) length with a copy.
    pub(crate) fn array_clone(
        &mut self,
        array: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Stamp::Array(elem) = self.graph.stamp(array) else {
            return self.bail(
                BailoutKind::Call,
                "clone() of a value not known to be a primitive array",
            );
        };
        let len = self.add(Op::ArrayLength, Stamp::Int, vec![array])?;
        let Some(n) = self.known_int(len, 0).filter(|&n| n >= 0) else {
            // An array argument's: a new array of its length with a copy, which only the host
            // can make (before the loops, `scratch_arrays`; elsewhere refused with its reason).
            let copy = self.add(Op::NewArray(elem), Stamp::Array(elem), vec![len])?;
            *tail = self.append(*tail, copy);
            let zero = self.constant(Constant::Int(0))?;
            let bulk = self.add(
                Op::ArrayCopy(elem),
                Stamp::Void,
                vec![array, zero, copy, zero, len],
            )?;
            *tail = self.append(*tail, bulk);
            return Ok(copy);
        };
        let count = self.constant(Constant::Int(n))?;
        let copy = self.add(Op::NewArray(elem), Stamp::Array(elem), vec![count])?;
        *tail = self.append(*tail, copy);
        let zero = self.constant(Constant::Int(0))?;
        if n <= MAX_UNROLLED {
            self.move_elements(elem, (array, zero), (copy, zero), n, tail)?;
        } else {
            self.copy_loop(elem, (array, zero), (copy, zero), count, false, tail)?;
        }
        Ok(copy)
    }

    /// `Arrays.copyOf(a, n)` and `Arrays.copyOfRange(a, from, to)` of a primitive array, as Java
    /// specifies them (the JDK's own code, which JDK 21 and later start with a branch to
    /// `a.clone()` when the lengths agree, would choose between two arrays): a new array of the
    /// new length, and `System.arraycopy` of what the source has of the range (`copyOfRange`:
    /// `to - from` negative fails first, as Java's `IllegalArgumentException`; a `from` outside
    /// the source fails the copy's checks). `None`: another method, or not a primitive array.
    pub(crate) fn arrays_copy_of(
        &mut self,
        name: &str,
        descriptor: &str,
        args: &[NodeId],
        tail: &mut NodeId,
    ) -> Result<Option<NodeId>, FrontendError> {
        let (&array, rest) = match args.split_first() {
            Some(split) => split,
            None => return Ok(None),
        };
        let Stamp::Array(elem) = self.graph.stamp(array) else {
            return Ok(None);
        };
        let c = elem.descriptor_char();
        let (from, new_length) = match (name, rest) {
            ("copyOf", &[n]) if descriptor == format!("([{c}I)[{c}") => (None, n),
            ("copyOfRange", &[from, to]) if descriptor == format!("([{c}II)[{c}") => {
                let n = self.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![to, from])?;
                let zero = self.constant(Constant::Int(0))?;
                let ok = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![n, zero])?;
                self.throw_check(ok, tail)?;
                (Some(from), n)
            }
            _ => return Ok(None),
        };
        let copy = self.add(Op::NewArray(elem), Stamp::Array(elem), vec![new_length])?;
        *tail = self.append(*tail, copy);
        let zero = self.constant(Constant::Int(0))?;
        let len = self.add(Op::ArrayLength, Stamp::Int, vec![array])?;
        let (start, available) = match from {
            Some(f) => (
                f,
                self.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![len, f])?,
            ),
            None => (zero, len),
        };
        let count = self.add(
            Op::Intrinsic(Intrinsic::Min),
            Stamp::Int,
            vec![available, new_length],
        )?;
        self.array_copy(&[array, start, copy, zero, count], tail)?;
        Ok(Some(copy))
    }

    /// Whether `array` is allocated here with a length parsing does not know.
    fn unsized_allocation(&self, array: NodeId) -> bool {
        matches!(self.graph.op(array), Op::NewArray(_))
            && self.known_int(self.graph.inputs(array)[0], 0).is_none()
    }

    /// `n` loads from `src` at `sp + k`, then `n` stores to `dst` at `dp + k`.
    fn move_elements(
        &mut self,
        elem: ElemKind,
        (src, sp): (NodeId, NodeId),
        (dst, dp): (NodeId, NodeId),
        n: i32,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let mut values = Vec::new();
        for k in 0..n {
            let at = self.offset(sp, k)?;
            let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![src, at])?;
            *tail = self.append(*tail, load);
            values.push(load);
        }
        for (k, value) in (0..n).zip(values) {
            let at = self.offset(dp, k)?;
            let store = self.add(Op::ArrayStore(elem), Stamp::Void, vec![dst, at, value])?;
            *tail = self.append(*tail, store);
        }
        Ok(())
    }

    /// The copy of `n` elements (`n` not negative) as loops: backwards when `sp < dp`, forwards
    /// otherwise, each built only where it may run.
    fn copy_loops(
        &mut self,
        elem: ElemKind,
        (src, sp): (NodeId, NodeId),
        (dst, dp): (NodeId, NodeId),
        n: NodeId,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let fresh = |b: &Self, a: NodeId| matches!(b.graph.op(a), Op::NewArray(_));
        let argument = |b: &Self, a: NodeId| matches!(b.graph.op(a), Op::Parameter(_));
        // Distinct arrays: the direction changes nothing. One is made here and the other is
        // another `new` or an argument (not a phi, which may still become the same array: a local
        // a loop reassigns is a phi not yet complete while its loop is parsed).
        let distinct = src != dst
            && ((fresh(self, src) && (fresh(self, dst) || argument(self, dst)))
                || (fresh(self, dst) && argument(self, src)));
        let backward = if distinct || self.same_value(sp, dp, 0) {
            Some(false)
        } else {
            match (self.known_int(sp, 0), self.known_int(dp, 0)) {
                (Some(s), Some(d)) => Some(s < d),
                _ => None,
            }
        };
        if let Some(backward) = backward {
            return self.copy_loop(elem, (src, sp), (dst, dp), n, backward, tail);
        }
        let before = self.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![sp, dp])?;
        let branch = self.add(Op::If, Stamp::Void, vec![before])?;
        self.append(*tail, branch);
        let merge = self.add(Op::Merge, Stamp::Void, vec![])?;
        let mut firsts = Vec::new();
        for backward in [true, false] {
            let begin = self.add(Op::Begin, Stamp::Void, vec![])?;
            firsts.push(begin);
            let mut t = begin;
            self.copy_loop(elem, (src, sp), (dst, dp), n, backward, &mut t)?;
            let end = self.add(Op::End, Stamp::Void, vec![])?;
            self.append(t, end);
            self.graph.push_input(merge, end);
        }
        self.graph.set_successors(branch, firsts);
        *tail = merge;
        Ok(())
    }

    /// `for (k = 0; k < n; k++) dst[dp + k] = src[sp + k];`, or from `k = n - 1` down to 0 when
    /// `backward`.
    fn copy_loop(
        &mut self,
        elem: ElemKind,
        (src, sp): (NodeId, NodeId),
        (dst, dp): (NodeId, NodeId),
        n: NodeId,
        backward: bool,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let zero = self.constant(Constant::Int(0))?;
        let step = self.constant(Constant::Int(if backward { -1 } else { 1 }))?;
        let end = self.add(Op::End, Stamp::Void, vec![])?;
        self.append(*tail, end);
        let begin = self.add(Op::LoopBegin, Stamp::Void, vec![end])?;
        let (first, test) = if backward {
            // `n - 1` cannot wrap: n is not negative.
            let last = self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![n, step])?;
            let k = self.add(Op::Phi, Stamp::Int, vec![begin, last])?;
            (
                k,
                self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![k, zero])?,
            )
        } else {
            let k = self.add(Op::Phi, Stamp::Int, vec![begin, zero])?;
            (
                k,
                self.add(Op::Compare(Condition::Lt), Stamp::Bool, vec![k, n])?,
            )
        };
        let k = first;
        let branch = self.add(Op::If, Stamp::Void, vec![test])?;
        self.append(begin, branch);
        let body = self.add(Op::Begin, Stamp::Void, vec![])?;
        let exit = self.add(Op::LoopExit, Stamp::Void, vec![begin])?;
        self.graph.set_successors(branch, vec![body, exit]);
        let from = self.plus(sp, k)?;
        let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![src, from])?;
        let t = self.append(body, load);
        let to = self.plus(dp, k)?;
        let store = self.add(Op::ArrayStore(elem), Stamp::Void, vec![dst, to, load])?;
        let t = self.append(t, store);
        let next = self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![k, step])?;
        let back = self.add(Op::LoopEnd, Stamp::Void, vec![begin])?;
        self.append(t, back);
        self.graph.push_input(begin, back);
        self.graph.push_input(k, next);
        *tail = exit;
        Ok(())
    }

    /// Whether `a` and `b` are one value: one node, or the same arithmetic on the same values
    /// (`i * w` parsed twice).
    fn same_value(&self, a: NodeId, b: NodeId, depth: usize) -> bool {
        if a == b {
            return true;
        }
        let g = &self.graph;
        if depth > 8 || g.op(a) != g.op(b) || g.stamp(a) != g.stamp(b) {
            return false;
        }
        let pure = match g.op(a) {
            Op::Constant(_) => return true,
            Op::Binary(_) | Op::Negate | Op::Convert(_) | Op::ArrayLength => true,
            Op::Intrinsic(i) => matches!(i, Intrinsic::Min | Intrinsic::Max),
            _ => false,
        };
        pure && {
            let (x, y) = (g.inputs(a), g.inputs(b));
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|(&p, &q)| self.same_value(p, q, depth + 1))
        }
    }

    /// `base + k` (`k` itself when `base` is the constant 0).
    fn plus(&mut self, base: NodeId, k: NodeId) -> Result<NodeId, FrontendError> {
        if *self.graph.op(base) == Op::Constant(Constant::Int(0)) {
            return Ok(k);
        }
        self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![base, k])
    }

    /// `base + k`.
    fn offset(&mut self, base: NodeId, k: i32) -> Result<NodeId, FrontendError> {
        if k == 0 {
            return Ok(base);
        }
        let k = self.constant(Constant::Int(k))?;
        self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![base, k])
    }
}
