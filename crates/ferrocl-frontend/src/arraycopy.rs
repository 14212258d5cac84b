//! `System.arraycopy` and `clone()` of primitive arrays, when the number of elements is known while
//! parsing (a constant, the length of an array allocated in the kernel, `Math.min` of such values:
//! what `Arrays.copyOf` of a private array computes).
//!
//! `System.arraycopy(src, sp, dst, dp, n)` becomes Java's bounds test (JLS/JVMS: `sp`, `dp` and
//! `n` not negative, `sp + n <= src.length`, `dp + n <= dst.length`, all tested before any element
//! moves) as `Throw` checks, then `n` loads followed by `n` stores. Loading every element before
//! storing any is the copy "as if through a temporary array" that Java specifies when `src` and
//! `dst` are the same array, whichever way the ranges overlap. Where a check fails the JVM reruns
//! the method and throws its own `IndexOutOfBoundsException`. Arrays of different element types
//! (Java's `ArrayStoreException`) and lengths not known while parsing are refused with a reason.
//!
//! `a.clone()` of a primitive array whose length is known is a new array of that length (private
//! memory of the work-item, as `new T[K]` is) holding a copy.

use crate::builder::Builder;
use crate::error::FrontendError;
use crate::BailoutKind;
use ferrocl_graph::{BinaryOp, Condition, Constant, ElemKind, Intrinsic, NodeId, Op, Stamp};

/// Most elements one copy moves (each is a load and a store in the graph).
pub(crate) const MAX_COPIED: i32 = 128;

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
        let Some(n) = self.known_int(length, 0) else {
            return self.bail(
                BailoutKind::Call,
                "System.arraycopy whose length is not known when compiling (a constant, or the \
                 length of an array made in the kernel)",
            );
        };
        if n > MAX_COPIED {
            return self.bail(
                BailoutKind::Call,
                format!("System.arraycopy of {n} elements (at most {MAX_COPIED} are copied in a kernel)"),
            );
        }
        // Java's test, before any element moves.
        let zero = self.constant(Constant::Int(0))?;
        let count = self.constant(Constant::Int(n))?;
        for pos in [src_pos, dst_pos] {
            let ok = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![pos, zero])?;
            self.throw_check(ok, tail)?;
        }
        let ok = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![count, zero])?;
        self.throw_check(ok, tail)?;
        for (array, pos) in [(src, src_pos), (dst, dst_pos)] {
            // `pos <= length - n` (no overflow: a length is not negative and n is at most 128).
            let len = self.add(Op::ArrayLength, Stamp::Int, vec![array])?;
            let room = self.add(Op::Binary(BinaryOp::Sub), Stamp::Int, vec![len, count])?;
            let ok = self.add(Op::Compare(Condition::Le), Stamp::Bool, vec![pos, room])?;
            self.throw_check(ok, tail)?;
        }
        self.move_elements(from, (src, src_pos), (dst, dst_pos), n, tail)
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
            return self.bail(
                BailoutKind::Call,
                "clone() of an array whose length is not known when compiling (an array argument: \
                 a kernel cannot allocate global memory; an array made in the kernel has a constant \
                 length)",
            );
        };
        if n > MAX_COPIED {
            return self.bail(
                BailoutKind::Call,
                format!("clone() of an array of {n} elements (at most {MAX_COPIED} are copied in a kernel)"),
            );
        }
        let count = self.constant(Constant::Int(n))?;
        let copy = self.add(Op::NewArray(elem), Stamp::Array(elem), vec![count])?;
        *tail = self.append(*tail, copy);
        let zero = self.constant(Constant::Int(0))?;
        self.move_elements(elem, (array, zero), (copy, zero), n, tail)?;
        Ok(copy)
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

    /// `base + k`.
    fn offset(&mut self, base: NodeId, k: i32) -> Result<NodeId, FrontendError> {
        if k == 0 {
            return Ok(base);
        }
        let k = self.constant(Constant::Int(k))?;
        self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![base, k])
    }
}
