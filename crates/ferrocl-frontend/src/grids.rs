//! Multi-dimensional primitive arrays allocated in the kernel (`int[][] m = new int[3][3];`, any
//! primitive type, any number of dimensions, each a compile-time constant): private memory of the
//! work-item, as one-dimensional private arrays are.
//!
//! `multianewarray` becomes one private array of all the elements (`NewArray` of the product of the
//! dimensions, zero-initialised as Java's are), row after row; the array and every array inside it
//! are placeholders ([`GridRef`]) that stand for a block of it: its first element's index and the
//! dimensions left. `g[i]` checks `0 <= i < length` (where Java throws, the JVM reruns the method
//! and throws its `ArrayIndexOutOfBoundsException`) and gives the block of row `i`; on the last
//! dimension it loads or stores the element; `g.length` is the constant; a null test is false
//! (none of these arrays is ever null). A negative dimension fails a check where Java throws
//! `NegativeArraySizeException`.
//!
//! **Refused**, naming the site: a dimension not known when compiling, `new int[3][]` (rows left
//! null), storing an array into one (`m[i] = row`), and a placeholder used as a value anywhere
//! else (merged with another array in a variable, returned, stored): the kernel cannot make such
//! an array an object.

use crate::builder::{Builder, Frame};
use crate::{BailoutKind, FrontendError};
use ferrocl_graph::{BinaryOp, Condition, Constant, ElemKind, NodeId, Op, Stamp};

/// A block of a multi-dimensional array allocated in the kernel.
#[derive(Clone, Debug)]
pub(crate) struct GridRef {
    /// The private array of all its elements.
    pub(crate) flat: NodeId,
    /// The element type.
    pub(crate) elem: ElemKind,
    /// The dimensions of this block, outermost first (one for a row of elements).
    pub(crate) dims: Vec<i32>,
    /// The index in `flat` of its first element (`int`).
    pub(crate) base: NodeId,
}

impl Builder<'_, '_> {
    /// Whether `v` stands for an array allocated by `multianewarray` (or one inside it).
    pub(crate) fn is_grid(&self, v: NodeId) -> bool {
        self.grids.contains_key(&v)
    }

    /// `multianewarray` of `descriptor` (`[[I`, …) with `count` dimensions on the stack.
    pub(crate) fn new_grid(
        &mut self,
        descriptor: &str,
        count: u8,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let total = descriptor.bytes().take_while(|&b| b == b'[').count();
        let elem = descriptor
            .as_bytes()
            .get(total)
            .and_then(|&c| ElemKind::from_descriptor_char(c))
            .filter(|_| descriptor.len() == total + 1);
        let mut lengths = Vec::with_capacity(usize::from(count));
        for _ in 0..count {
            lengths.push(self.pop(frame)?);
        }
        lengths.reverse();
        let Some(elem) = elem.filter(|_| usize::from(count) == total) else {
            return self.bail(
                BailoutKind::Allocation,
                format!(
                    "new {} with dimensions left unspecified (or of objects): only arrays of \
                     primitives with every dimension given are allocated in a kernel",
                    shown(descriptor)
                ),
            );
        };
        let mut dims = Vec::with_capacity(lengths.len());
        for &l in &lengths {
            match self.graph.op(l) {
                Op::Constant(Constant::Int(v)) => dims.push(*v),
                _ => {
                    return self.bail(
                        BailoutKind::Allocation,
                        format!(
                            "new {} with a dimension not known when compiling: a kernel allocates \
                             private arrays of constant size only",
                            shown(descriptor)
                        ),
                    )
                }
            }
        }
        // Java checks every dimension before allocating anything.
        let size = if dims.iter().any(|&d| d < 0) {
            self.never_passes(tail)?;
            0
        } else {
            match dims.iter().try_fold(1i32, |a, &d| a.checked_mul(d)) {
                Some(s) => s,
                None => {
                    return self.bail(
                        BailoutKind::Allocation,
                        format!(
                            "new {}: too many elements for private memory",
                            shown(descriptor)
                        ),
                    )
                }
            }
        };
        let length = self.constant(Constant::Int(size))?;
        let flat = self.add(Op::NewArray(elem), Stamp::Array(elem), vec![length])?;
        *tail = self.append(*tail, flat);
        let base = self.constant(Constant::Int(0))?;
        let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
        self.grids.insert(
            placeholder,
            GridRef {
                flat,
                elem,
                dims,
                base,
            },
        );
        frame.stack.push(placeholder);
        Ok(())
    }

    /// The check of `index` against constant `length` (Java's index check on a block).
    fn grid_index_check(
        &mut self,
        index: NodeId,
        length: i32,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        // In bounds exactly when `index | (length - 1 - index)` is not negative.
        let length = self.constant(Constant::Int(length))?;
        let both = self.outside_bits(index, length)?;
        let zero = self.constant(Constant::Int(0))?;
        let holds = self.add(Op::Compare(Condition::Ge), Stamp::Bool, vec![both, zero])?;
        self.throw_check(holds, tail)
    }

    /// The flat index of element `index` of `g` (checked), and the block itself.
    fn grid_step(
        &mut self,
        g: &GridRef,
        index: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Some(&length) = g.dims.first() else {
            return self.malformed("a private array block without dimensions");
        };
        self.grid_index_check(index, length, tail)?;
        // (Wrapping: with a negative dimension the code is never reached, see `new_grid`.)
        let stride = g.dims[1..].iter().fold(1i32, |a, &d| a.wrapping_mul(d));
        let stride = self.constant(Constant::Int(stride))?;
        let offset = self.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![index, stride])?;
        self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![g.base, offset])
    }

    /// `g[index]` (`aaload` of a block, or a primitive load of a row's element).
    pub(crate) fn grid_load(
        &mut self,
        grid: NodeId,
        index: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Some(g) = self.grids.get(&grid).cloned() else {
            return self.malformed("not a private multi-dimensional array");
        };
        let at = self.grid_step(&g, index, tail)?;
        if g.dims.len() > 1 {
            let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
            self.grids.insert(
                placeholder,
                GridRef {
                    dims: g.dims[1..].to_vec(),
                    base: at,
                    ..g
                },
            );
            return Ok(placeholder);
        }
        let load = self.add(
            Op::ArrayLoad(g.elem),
            g.elem.value_stamp(),
            vec![g.flat, at],
        )?;
        *tail = self.append(*tail, load);
        Ok(load)
    }

    /// `g[index] = value` on a row of elements.
    pub(crate) fn grid_store(
        &mut self,
        grid: NodeId,
        index: NodeId,
        value: NodeId,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let Some(g) = self.grids.get(&grid).cloned() else {
            return self.malformed("not a private multi-dimensional array");
        };
        if g.dims.len() > 1 {
            return self.bail(
                BailoutKind::Allocation,
                "storing an array into an array allocated in the kernel (`m[i] = row`) is not \
                 supported: its rows are fixed blocks of private memory",
            );
        }
        if self.graph.stamp(value) != g.elem.value_stamp() {
            return self.malformed("a store of a value of the wrong type");
        }
        let at = self.grid_step(&g, index, tail)?;
        let store = self.add(Op::ArrayStore(g.elem), Stamp::Void, vec![g.flat, at, value])?;
        *tail = self.append(*tail, store);
        Ok(())
    }

    /// `g.length`.
    pub(crate) fn grid_length(&mut self, grid: NodeId) -> Result<NodeId, FrontendError> {
        let Some(&length) = self.grids.get(&grid).and_then(|g| g.dims.first()) else {
            return self.malformed("not a private multi-dimensional array");
        };
        self.constant(Constant::Int(length))
    }

    /// After parsing: a block placeholder still used stands for no value (it escaped).
    pub(crate) fn check_grids(&mut self) -> Result<(), FrontendError> {
        let placeholders: Vec<NodeId> = self.grids.keys().copied().collect();
        if let Some((_, user)) = self.first_use(placeholders) {
            return self.bail(
                BailoutKind::Allocation,
                format!(
                    "a multi-dimensional array allocated in the kernel is used as a value ({}): \
                     only its elements, its rows and their lengths are supported",
                    self.graph.op(user).name()
                ),
            );
        }
        Ok(())
    }
}

/// `int[][]` for `[[I`.
fn shown(descriptor: &str) -> String {
    let dims = descriptor.bytes().take_while(|&b| b == b'[').count();
    let base = match descriptor.as_bytes().get(dims) {
        Some(b'Z') => "boolean",
        Some(b'B') => "byte",
        Some(b'C') => "char",
        Some(b'S') => "short",
        Some(b'I') => "int",
        Some(b'J') => "long",
        Some(b'F') => "float",
        Some(b'D') => "double",
        _ => "Object",
    };
    format!("{base}{}", "[]".repeat(dims))
}
