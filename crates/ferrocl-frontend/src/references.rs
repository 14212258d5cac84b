//! `ifnull`, `ifnonnull`, `if_acmpeq` and `if_acmpne`.
//!
//! The kernel only ever sees non-null arrays: the host checks every used array parameter for
//! `null` before launch and lets the JVM run the method when one is null. So a null test of a
//! parameter array (or of `this`) is decided while parsing and only the live branch is built; the
//! tested parameter counts as used, so the host check covers it. A reference compared with itself
//! is equal. Anything else (a reference that may be null, two references that may alias) is
//! refused.

use crate::builder::{BlockEnd, Builder};
use crate::error::FrontendError;
use crate::BailoutKind;
use ferrocl_graph::{NodeId, Op, Stamp};

impl Builder<'_, '_> {
    /// `ifnull` (`taken_if_null`) or `ifnonnull` on `value`.
    pub(crate) fn null_test(
        &mut self,
        value: NodeId,
        taken_if_null: bool,
    ) -> Result<BlockEnd, FrontendError> {
        if !self.is_non_null(value) {
            return self.bail(
                BailoutKind::Construct,
                "null tests are only supported on array parameters (which the host checks before \
                 launch) and on `this`",
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
    ) -> Result<BlockEnd, FrontendError> {
        if x != y {
            return self.bail(
                BailoutKind::Construct,
                "comparing two different references (==, != on arrays or objects) is not supported \
                 yet",
            );
        }
        Ok(BlockEnd::Goto(if equal { 0 } else { 1 }))
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
