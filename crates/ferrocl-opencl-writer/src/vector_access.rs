//! Printing the graph's vector accesses (made by the `vectorAccess` phase, see
//! `ferrocl_opt::vectorise_accesses`): a [`Op::VectorLoad`] as one `n`-wide read through a pointer
//! cast, its [`Op::Lane`]s as the vector's components, a [`Op::VectorStore`] as one `n`-wide write.
//! The casts assume the alignment the runtime gives each array's device copy (and every window or
//! share of it): [`crate::Kernel::vector_align`], recorded here per array.

use crate::names::c_elem_type;
use crate::{Writer, WriterError};
use ferrocl_graph::{NodeId, Op};
use std::collections::BTreeMap;

/// The lane suffixes of an OpenCL vector (`.s0` … `.sf`).
const LANES: [&str; 16] = [
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "sa", "sb", "sc", "sd", "se", "sf",
];

/// The writer's record of the vector accesses it wrote.
#[derive(Clone, Debug, Default)]
pub(crate) struct VectorState {
    /// Per parameter: the widest vector access in bytes (the alignment the kernel assumes).
    pub(crate) align: BTreeMap<usize, usize>,
}

impl Writer<'_> {
    /// Writes vector load `id`, binding it to the vector's name.
    pub(crate) fn vector_load(&mut self, id: NodeId) -> Result<(), WriterError> {
        self.vector_load_when(id, None)
    }

    /// Writes vector load `id`, reading only where C condition `when` holds (zeros elsewhere:
    /// a deferred check's load, see `staging::Lead`).
    pub(crate) fn vector_load_when(
        &mut self,
        id: NodeId,
        when: Option<&str>,
    ) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let (Op::VectorLoad(elem), Some(access)) = (g.op(id).clone(), g.element_access(id)) else {
            return Err(WriterError::Internal(format!("{id} is no vector load")));
        };
        let (array, index0, n) = (access.array, access.indices[0], access.indices.len());
        let (arr, _) = self.array(id, array)?;
        let index0 = self.value(index0)?;
        let ty = c_elem_type(elem);
        let vec = self.names.fresh(&format!("{arr}_v{n}"));
        let read = format!("*(__global const {ty}{n}*)({arr} + {index0})");
        self.line(&match when {
            Some(ok) => format!("const {ty}{n} {vec} = {ok} ? {read} : ({ty}{n})(0);"),
            None => format!("const {ty}{n} {vec} = {read};"),
        });
        self.bind_text(id, vec);
        self.note_vector(array, n * elem.size_bytes());
        Ok(())
    }

    /// The C expression of lane `lane` of vector load `vector`.
    pub(crate) fn lane(&mut self, vector: NodeId, lane: u8) -> Result<String, WriterError> {
        let vec = self.value(vector)?;
        let suffix = LANES
            .get(usize::from(lane))
            .ok_or_else(|| WriterError::Internal(format!("lane {lane} of {vector}")))?;
        Ok(format!("{vec}.{suffix}"))
    }

    /// Writes vector store `id`.
    pub(crate) fn vector_store(&mut self, id: NodeId) -> Result<(), WriterError> {
        let g = &self.mg.graph;
        let (Op::VectorStore(elem), Some(access)) = (g.op(id).clone(), g.element_access(id)) else {
            return Err(WriterError::Internal(format!("{id} is no vector store")));
        };
        let (array, index0, n) = (access.array, access.indices[0], access.indices.len());
        let stored: Vec<NodeId> = g.inputs(id)[1 + n..].to_vec();
        let (arr, _) = self.array(id, array)?;
        let index0 = self.value(index0)?;
        let mut values = Vec::with_capacity(n);
        for v in stored {
            let v = self.value(v)?;
            values.push(crate::expr::stored_value(elem, v));
        }
        let ty = c_elem_type(elem);
        self.line(&format!(
            "*(__global {ty}{n}*)({arr} + {index0}) = ({ty}{n})({});",
            values.join(", ")
        ));
        self.note_vector(array, n * elem.size_bytes());
        Ok(())
    }

    /// Records a vector access of `bytes` to `array` (its alignment) and counts it.
    fn note_vector(&mut self, array: NodeId, bytes: usize) {
        if let Some(p) = self.mg.params.iter().position(|p| p.node == array) {
            let a = self.vector.align.entry(p).or_default();
            *a = (*a).max(bytes);
        }
        *self.applied.entry("vectorAccess").or_default() += 1;
    }
}
