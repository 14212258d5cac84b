//! Field reads (`getfield`) of the receiver and of object parameters.
//!
//! A kernel cannot follow Java references, so a field is read on the host: every distinct path of
//! field reads from a parameter (`this.scale`, `this.data`, `this.cfg.n`, `p.weights`) becomes a
//! synthetic parameter appended to [`crate::MethodGraph::params`] with its `field_path` (and the
//! class its `getfield` names, where the field's resolution starts). The host reads the path at
//! every launch (Java code may change fields between runs) and passes the value
//! like an argument: a primitive as a scalar, a primitive array as a buffer that is copied back when
//! the kernel writes it. Paths through objects the kernel could change are safe because kernels may
//! not write fields (`putfield` is refused).

use crate::builder::{Builder, Scope};
use crate::BailoutKind;
use crate::ParamInfo;
use ferrocl_graph::{NodeId, Op, Stamp};

impl Builder<'_, '_> {
    /// The class declaring the instance field `name descriptor` as the JVM resolves it from `class`
    /// (JVMS §5.4.3.2: the class, then its superclasses; interfaces declare no instance fields), or
    /// `None` when a class on the way cannot be loaded.
    pub(crate) fn field_owner(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Option<String> {
        let mut current = class.to_string();
        for _ in 0..64 {
            let loaded = self.load_class(&current).ok()?;
            if loaded
                .fields
                .iter()
                .any(|f| !f.is_static() && f.name == name && f.descriptor == descriptor)
            {
                return Some(current);
            }
            current = loaded.super_name.clone()?;
        }
        None
    }

    /// `getfield #index` on `object`.
    pub(crate) fn get_field(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        object: NodeId,
    ) -> Result<NodeId, crate::FrontendError> {
        let field = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let shown = format!("{}.{}", field.class.replace('/', "."), field.name);
        // The path so far: a parameter (the receiver, or an object parameter), or a field path.
        let Some(base) = self.params.iter().position(|p| p.node == object) else {
            return self.bail(BailoutKind::Construct, format!(
                "reading field {shown} of an object that is not a parameter, `this`, or a field of one is not supported"
            ));
        };
        let (root, mut path) = match &self.params[base].field_path {
            Some((root, path)) => (*root, path.clone()),
            None => (base, Vec::new()),
        };
        if !matches!(self.params[base].stamp, Stamp::Object) {
            return self.malformed(format!("getfield {shown} on a value that is not an object"));
        }
        path.push(field.name.clone());
        if let Some(at) = self.params.iter().position(|p| {
            p.field_path.as_ref() == Some(&(root, path.clone()))
                && p.field_class.as_deref() == Some(field.class.as_str())
                && p.field_parent == Some(base)
        }) {
            return self.field_value(at);
        }
        let stamp = match Stamp::from_descriptor(&field.descriptor) {
            Some(s) => s,
            None => return self.malformed(format!("bad field descriptor of {shown}")),
        };
        let owner = self.field_owner(&field.class, &field.name, &field.descriptor);
        let index = u16::try_from(self.params.len()).unwrap_or(u16::MAX);
        let node = self.graph.add(Op::Parameter(index), stamp, vec![]);
        let root_name = self.params[root]
            .name
            .clone()
            .unwrap_or_else(|| format!("arg{root}"));
        let name = format!("{root_name}_{}", path.join("_"));
        self.names.set(node, Some(name.clone()));
        self.params.push(ParamInfo {
            field_path: Some((root, path)),
            field_class: Some(field.class.clone()),
            field_owner: owner,
            field_parent: Some(base),
            ..ParamInfo::added(node, field.descriptor.clone(), stamp, Some(name))
        });
        self.field_value(usize::from(index))
    }

    /// The value a field-path parameter stands for: the parameter, or for a multi-dimensional
    /// array its handle (see `nested`; Java builds its table and data from the field's value).
    fn field_value(&mut self, at: usize) -> Result<NodeId, crate::FrontendError> {
        let Some(p) = self.params.get(at) else {
            return self.malformed("a field path of an unknown parameter");
        };
        let node = p.node;
        match crate::nested::nested_descriptor(&p.descriptor) {
            Some((elem, dims)) => {
                let Ok(root) = u16::try_from(at) else {
                    return self.bail(BailoutKind::Construct, "too many parameters");
                };
                self.nested_argument(root, elem, dims)
            }
            None => Ok(node),
        }
    }
}
