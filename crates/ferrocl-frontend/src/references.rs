//! `ifnull`, `ifnonnull`, `if_acmpeq` and `if_acmpne`.
//!
//! The kernel only ever sees non-null arrays: the host checks every used array parameter for
//! `null` before launch and lets the JVM run the method when one is null. So a null test of a
//! parameter array (or of `this`) is decided while parsing and only the live branch is built; the
//! tested parameter counts as used, so the host check covers it. A null test of an object
//! parameter or of an object on a field path is decided from the host's description of that object
//! (its class, or null), which guards the kernel. A reference compared with itself is equal.
//! Two different parameters (arrays or objects, the receiver's fields the host reads as
//! parameters too) are compared by their identities ([`Op::Identity`]), which the host computes at
//! every `execute()`: the same Java object passed twice is equal to itself, as in Java.
//! Anything else (a reference that may be null, two references that may alias) is refused.

use crate::builder::{BlockEnd, Builder};
use crate::error::FrontendError;
use crate::runtime_classes::RuntimeClass;
use crate::BailoutKind;
use ferrocl_graph::{Condition, NodeId, Op, Stamp};

impl Builder<'_, '_> {
    /// `ifnull` (`taken_if_null`) or `ifnonnull` on `value`.
    pub(crate) fn null_test(
        &mut self,
        value: NodeId,
        taken_if_null: bool,
    ) -> Result<BlockEnd, FrontendError> {
        // `null` itself.
        if self.nulls.contains(&value) {
            return Ok(BlockEnd::Goto(if taken_if_null { 0 } else { 1 }));
        }
        // An object parameter or an object on a field path: the host described it at `execute()`,
        // so the test is decided here, and the kernel is guarded on that description (a later
        // execution whose object is null where it was not, or the reverse, gets another kernel).
        if !self.is_non_null(value) {
            if let Some(path) = self.object_path(value) {
                match self.runtime.lookup(&path) {
                    Some(RuntimeClass::Null) => {
                        return Ok(BlockEnd::Goto(if taken_if_null { 0 } else { 1 }));
                    }
                    Some(_) => return Ok(BlockEnd::Goto(if taken_if_null { 1 } else { 0 })),
                    None => {}
                }
            }
            return self.bail(
                BailoutKind::Construct,
                "null tests are only supported on array parameters (which the host checks before \
                 launch), on `this`, and on objects the host describes (parameters and their fields)",
            );
        }
        if matches!(self.graph.op(value), Op::Parameter(_)) && !self.null_tested.contains(&value) {
            self.null_tested.push(value);
        }
        // Never null: `ifnull` falls through, `ifnonnull` branches.
        Ok(BlockEnd::Goto(if taken_if_null { 1 } else { 0 }))
    }

    /// `if_acmpeq` (`equal`) or `if_acmpne` on `x` and `y`.
    pub(crate) fn reference_compare(
        &mut self,
        x: NodeId,
        y: NodeId,
        equal: bool,
        tail: &mut NodeId,
    ) -> Result<BlockEnd, FrontendError> {
        // An object made in the kernel is a new object (JLS §15.9.4): another allocation, a
        // parameter's or a field's object, or null is never it. A phi that may hold it is refused.
        // A box may be a cached one (`Integer.valueOf(100) == Integer.valueOf(100)` is true).
        if x != y && (self.boxes.contains(&x) || self.boxes.contains(&y)) {
            return self.bail(
                BailoutKind::Construct,
                "comparing boxed values by reference (==, != on Integer, Long, …) depends on Java's \
                 box caches; compare their values (equals, intValue)",
            );
        }
        let fresh = |v: NodeId| self.is_virtual_object(v);
        let other = |v: NodeId| {
            fresh(v)
                || matches!(
                    self.graph.op(v),
                    Op::Parameter(_) | Op::Constant(ferrocl_graph::Constant::Null)
                )
        };
        if x != y && ((fresh(x) && other(y)) || (fresh(y) && other(x))) {
            return Ok(BlockEnd::Goto(if equal { 1 } else { 0 }));
        }
        if let (Some(px), Some(py)) = (self.reference_parameter(x), self.reference_parameter(y)) {
            if x != y {
                let ix = self.add(Op::Identity(px), Stamp::Int, vec![])?;
                let iy = self.add(Op::Identity(py), Stamp::Int, vec![])?;
                let cond = if equal { Condition::Eq } else { Condition::Ne };
                return self.branch(ix, cond, iy, false, tail);
            }
        }
        if x != y {
            return self.bail(
                BailoutKind::Construct,
                "comparing two different references (==, != on arrays or objects) is not supported \
                 yet",
            );
        }
        Ok(BlockEnd::Goto(if equal { 0 } else { 1 }))
    }

    /// The index of the parameter `value` is, when it is a parameter of a reference type (an array
    /// or an object).
    fn reference_parameter(&self, value: NodeId) -> Option<u16> {
        match (self.graph.op(value), self.graph.stamp(value)) {
            (Op::Parameter(p), Stamp::Array(_) | Stamp::Object) => Some(*p),
            _ => None,
        }
    }

    /// Whether `value` is known not to be null in the kernel: an array parameter (checked by the
    /// host before launch), an array allocated in the kernel, or the receiver.
    fn is_non_null(&self, value: NodeId) -> bool {
        Some(value) == self.receiver
            || matches!(self.graph.op(value), Op::NewArray(_))
            || self.is_virtual_object(value)
            || (matches!(self.graph.op(value), Op::Parameter(_))
                && matches!(self.graph.stamp(value), Stamp::Array(_)))
    }
}
