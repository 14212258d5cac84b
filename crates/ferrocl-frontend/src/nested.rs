//! Multi-dimensional array arguments (`float[][] m`, `int[][][] t`): Java's arrays of arrays.
//!
//! An argument of such a type becomes two arrays in the kernel (see [`NestedPart`]): a table of
//! `int`s describing every distinct array reachable from it, and the elements of all its primitive
//! arrays one after another. A reference to one of its arrays (`m`, `m[i]`, a local holding
//! `m[i]`, a helper's parameter) is an `int` handle into the table, stamped
//! [`Stamp::Nested`] while the graph is built; every operation on it becomes loads of the table
//! and the data with Java's checks made explicitly, where Java makes them:
//!
//! - `a[i]` (an array of arrays or of primitives) and `a[i] = v`: `0 <= i < length`, the length
//!   being `-1` for `null` (so a null array fails too, as Java's `NullPointerException` must); on
//!   failure the JVM reruns the method and throws Java's exception;
//! - `a.length`: `length >= 0` (the argument itself is never null in the kernel: the host sends a
//!   null argument to the JVM, as it does a null array argument);
//! - `a == null`, `a == b` (the same array has one handle; every `null` has the same one).
//!
//! Storing into an array of arrays (`m[i] = row`) is refused: the kernel cannot reshape Java's
//! arrays.

use crate::builder::Builder;
use crate::FrontendError;
use ferrocl_graph::{
    BailoutKind, BinaryOp, Condition, Constant, ElemKind, NestedPart, NodeId, Op, ParamInfo, Stamp,
};

/// The element type and dimensions of a parameter descriptor with at least two dimensions and a
/// primitive element type (`[[F` → `(Float, 2)`).
pub(crate) fn nested_descriptor(desc: &str) -> Option<(ElemKind, u8)> {
    let dims = desc.bytes().take_while(|&b| b == b'[').count();
    if dims < 2 || desc.len() != dims + 1 {
        return None;
    }
    let elem = ElemKind::from_descriptor_char(*desc.as_bytes().get(dims)?)?;
    Some((elem, u8::try_from(dims).ok()?))
}

impl Builder<'_, '_> {
    /// The value a multi-dimensional parameter's local holds on entry: its handle, 0.
    pub(crate) fn nested_argument(
        &mut self,
        root: u16,
        elem: ElemKind,
        dims: u8,
    ) -> Result<NodeId, FrontendError> {
        self.add(
            Op::Constant(Constant::Int(0)),
            Stamp::Nested { elem, dims, root },
            vec![],
        )
    }

    /// The kernel parameter for the table (`data == false`) or the data of multi-dimensional
    /// parameter `root`, made on first use.
    fn nested_array(
        &mut self,
        root: u16,
        elem: ElemKind,
        data: bool,
    ) -> Result<NodeId, FrontendError> {
        let root_index = usize::from(root);
        if let Some(p) = self.params.iter().find(|p| {
            p.nested
                .as_ref()
                .is_some_and(|n| n.root == root_index && n.data == data)
        }) {
            return Ok(p.node);
        }
        let Some(base) = self.params.get(root_index) else {
            return self.malformed("a multi-dimensional array of an unknown parameter");
        };
        let Some((_, dims)) = nested_descriptor(&base.descriptor) else {
            return self.malformed("a multi-dimensional array of a parameter of another type");
        };
        let base_name = base.name.clone().unwrap_or_else(|| format!("arg{root}"));
        let (suffix, element, descriptor) = if data {
            let innermost = &base.descriptor[usize::from(dims)..];
            ("data", elem, format!("[{innermost}"))
        } else {
            ("table", ElemKind::Int, "[I".to_string())
        };
        let name = format!("{base_name}_{suffix}");
        let Ok(index) = u16::try_from(self.params.len()) else {
            return self.bail(BailoutKind::Construct, "too many parameters");
        };
        let node = self
            .graph
            .add(Op::Parameter(index), Stamp::Array(element), vec![]);
        self.names.set(node, Some(name.clone()));
        self.params.push(ParamInfo {
            nested: Some(NestedPart {
                root: root_index,
                data,
                dims,
            }),
            ..ParamInfo::added(node, descriptor, Stamp::Array(element), Some(name))
        });
        Ok(node)
    }

    /// Appends `table[at]` of `root`'s table after `*tail`.
    fn table_load(
        &mut self,
        root: u16,
        elem: ElemKind,
        at: NodeId,
        stamp: Stamp,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let table = self.nested_array(root, elem, false)?;
        let load = self.add(Op::ArrayLoad(ElemKind::Int), stamp, vec![table, at])?;
        *tail = self.append(*tail, load);
        Ok(load)
    }

    fn int_op(&mut self, op: BinaryOp, x: NodeId, y: NodeId) -> Result<NodeId, FrontendError> {
        self.add(Op::Binary(op), Stamp::Int, vec![x, y])
    }

    /// `index | ((length - 1) - index)`: for a length `>= 0`, negative exactly when `index` is
    /// outside `[0, length)` (see [`Builder::nested_checked`]; the front end's `catch` edges test
    /// it too).
    pub(crate) fn outside_bits(
        &mut self,
        index: NodeId,
        len: NodeId,
    ) -> Result<NodeId, FrontendError> {
        let one = self.constant(Constant::Int(1))?;
        let last = self.int_op(BinaryOp::Sub, len, one)?;
        let room = self.int_op(BinaryOp::Sub, last, index)?;
        self.int_op(BinaryOp::Or, index, room)
    }

    /// The length of the array with handle `h` (`-1` for null), and the check that `index` is
    /// within it (`0 <= index < length`, false for null):
    /// `(index | ((length - 1) - index) | length) >= 0`. For a length `>= 0` and an index
    /// `>= 0`, `(length - 1) - index` cannot wrap, and it is negative exactly when the index is
    /// past the end; a negative index or length (null) sets the sign bit on its own.
    fn nested_checked(
        &mut self,
        h: NodeId,
        index: NodeId,
        root: u16,
        elem: ElemKind,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let len = self.table_load(root, elem, h, Stamp::Int, tail)?;
        let both = self.outside_bits(index, len)?;
        let all = self.int_op(BinaryOp::Or, both, len)?;
        let zero = self.constant(Constant::Int(0))?;
        let inside = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![all, zero])?;
        self.throw_check(inside, tail)
    }

    /// `array[index]` where `array` (stamped [`Stamp::Nested`]) is an array of a multi-dimensional
    /// argument: a handle for an inner array of arrays, or the element of a primitive array.
    pub(crate) fn nested_load(
        &mut self,
        array: NodeId,
        index: NodeId,
        references: bool,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Stamp::Nested { elem, dims, root } = self.graph.stamp(array) else {
            return self.malformed("a nested array load of another value");
        };
        if references != (dims > 1) {
            return self.malformed("array element access of an unexpected type");
        }
        self.nested_checked(array, index, root, elem, tail)?;
        let one = self.constant(Constant::Int(1))?;
        let after = self.int_op(BinaryOp::Add, array, one)?;
        if dims > 1 {
            // The element's handle.
            let at = self.int_op(BinaryOp::Add, after, index)?;
            let stamp = Stamp::Nested {
                elem,
                dims: dims - 1,
                root,
            };
            return self.table_load(root, elem, at, stamp, tail);
        }
        let (data, at) = self.data_element(root, elem, after, index, tail)?;
        let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![data, at])?;
        *tail = self.append(*tail, load);
        Ok(load)
    }

    /// The data array and the index in it of element `index` of the primitive array whose table
    /// entry's first element is at `after`.
    fn data_element(
        &mut self,
        root: u16,
        elem: ElemKind,
        after: NodeId,
        index: NodeId,
        tail: &mut NodeId,
    ) -> Result<(NodeId, NodeId), FrontendError> {
        let first = self.table_load(root, elem, after, Stamp::Int, tail)?;
        let at = self.int_op(BinaryOp::Add, first, index)?;
        Ok((self.nested_array(root, elem, true)?, at))
    }

    /// `array[index] = value` on an array of a multi-dimensional argument (`references`: an
    /// `aastore`, refused).
    pub(crate) fn nested_store(
        &mut self,
        array: NodeId,
        index: NodeId,
        value: NodeId,
        references: bool,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let Stamp::Nested { elem, dims, root } = self.graph.stamp(array) else {
            return self.malformed("a nested array store of another value");
        };
        if references || dims > 1 {
            return self.bail(
                BailoutKind::Construct,
                "storing into an array of arrays (`m[i] = row`) is not supported: a kernel cannot \
                 change which arrays a multi-dimensional array holds",
            );
        }
        if self.graph.stamp(value) != elem.value_stamp() {
            return self.malformed("invalid bytecode: an array store's value has the wrong type");
        }
        self.nested_checked(array, index, root, elem, tail)?;
        let one = self.constant(Constant::Int(1))?;
        let after = self.int_op(BinaryOp::Add, array, one)?;
        let (data, at) = self.data_element(root, elem, after, index, tail)?;
        let store = self.add(Op::ArrayStore(elem), Stamp::Void, vec![data, at, value])?;
        *tail = self.append(*tail, store);
        Ok(())
    }

    /// `array.length` of an array of a multi-dimensional argument (null: the check fails).
    pub(crate) fn nested_length(
        &mut self,
        array: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let len = self.nested_length_entry(array, tail)?;
        // The argument itself (handle 0) is never null: the host sends a null argument to the JVM.
        if !matches!(self.graph.op(array), Op::Constant(Constant::Int(0))) {
            let zero = self.constant(Constant::Int(0))?;
            let present = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![len, zero])?;
            self.throw_check(present, tail)?;
        }
        Ok(len)
    }

    /// The length entry of handle `array`, unchecked (negative for null: `== null` tests).
    pub(crate) fn nested_length_entry(
        &mut self,
        array: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Stamp::Nested { elem, root, .. } = self.graph.stamp(array) else {
            return self.malformed("a nested array's length of another value");
        };
        self.table_load(root, elem, array, Stamp::Int, tail)
    }

    /// Whether a reference comparison of `x` and `y` compares two arrays of the same
    /// multi-dimensional argument (true: their handles decide), or involves none (false); one
    /// such array and anything else is refused.
    pub(crate) fn nested_pair(&self, x: NodeId, y: NodeId) -> Result<bool, FrontendError> {
        let nested = |v: NodeId| match self.graph.stamp(v) {
            Stamp::Nested { root, .. } => Some(root),
            _ => None,
        };
        match (nested(x), nested(y)) {
            (None, None) => Ok(false),
            (Some(a), Some(b)) if a == b => Ok(true),
            _ => self.bail(
                BailoutKind::Construct,
                "comparing an inner array of a multi-dimensional argument with another array by \
                 reference is not supported (only with null and with arrays of the same argument)",
            ),
        }
    }

    /// The front end's last step: handles become plain `int`s for the phases.
    pub(crate) fn lower_nested_stamps(&mut self) {
        let ids: Vec<NodeId> = self.graph.node_ids().collect();
        for n in ids {
            if matches!(self.graph.stamp(n), Stamp::Nested { .. }) {
                self.graph.set_stamp(n, Stamp::Int);
            }
        }
    }
}
