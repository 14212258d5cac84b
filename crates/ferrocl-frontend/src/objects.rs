//! Scalar replacement of objects allocated in the kernel (`new P(...)`), done while parsing.
//!
//! An object of a (non-abstract) class allocated in the kernel is never built: `new` gives a placeholder value standing for the object, and each field becomes a
//! slot of [`Frame::fields`], starting at the field's zero value. `getfield`/`putfield` on the
//! placeholder read and write the slot; the constructor and other methods called on the object are
//! inlined with the slots passed in and out (`<init>` of `java.lang.Object` and `java.lang.Record` does
//! nothing). Because the slots live in the frame, merges and loop headers give them phis like locals,
//! so the fields are plain SSA values; a `new` executed again (in a loop) starts from zeros again.
//!
//! One variable may hold such objects in turn: at a merge whose phi chooses between objects of one
//! class (`s = c ? new P(1) : new P(2)`), and at a loop header for a local the loop gives a new
//! object (`z = z.times(z).plus(c)`), the variable holds one new placeholder whose field slots are
//! phis of the objects' fields. Not where another variable still holds one of them: updates
//! through one variable must show through the other, which copies would not do. There, and for
//! objects of different classes (`Shape s = c ? new Circle(r) : new Square(d)`), a forward merge
//! leaves the variable a *choice*: each object keeps its own field slots (given a phi at the merge,
//! zero where the object was not made), and `Builder::described_choices` treats the variable as
//! one of them: a call branches on which object it holds (each call bound to its object's class),
//! a field read selects the held object's value, a field write updates the held object only, and
//! type tests are decided per object. A choice made around a loop is still refused.
//!
//! A field of reference type is a slot too: it holds what was stored into it (another object made
//! in the kernel, an object or array the host describes, a private array, `null` to begin with),
//! so `line.a.x` reads the placeholder stored in `line`'s slot, then its field. An object held
//! only in a field does not escape by that. A field whose object differs by path is a choice at a
//! forward merge, and one object with phis for fields at a loop header, as for locals (not where
//! something else still holds the object). Platform classes with reference fields
//! (`StringBuilder`) are refused at the `new`.
//!
//! **Refuses** (naming the site) abstract classes and interfaces, and any escape: the placeholder left in use once the method is parsed (returned,
//! merged with another object in a variable that is used), or passed where a real object is needed
//! (a call that is not inlined, a store into a field of another object or an array), which the
//! front end refuses where it happens.

use crate::builder::{Builder, Frame, Scope};
use crate::error::FrontendError;
use crate::BailoutKind;
use ferrocl_classfile::access;
use ferrocl_graph::{BinaryOp, Constant, ConvTarget, Conversion, NodeId, Op, Stamp};

/// How many superclasses an allocation's field layout walks before giving up.
const MAX_SUPERCLASSES: usize = 64;

/// An object replaced by scalars.
#[derive(Clone, Debug)]
pub(crate) struct VirtualObject {
    /// Internal name of its class.
    pub(crate) class: String,
    /// The class, then its superclasses below `java.lang.Object` / `java.lang.Record`.
    chain: Vec<String>,
    /// Instance fields, `(declaring class, name, descriptor)`, in the order of their slots.
    fields: Vec<(String, String, String)>,
    /// Index in [`Frame::fields`] of the first field's slot.
    base: usize,
}

/// Whether `class` (an internal name) belongs to the Java platform.
fn is_platform(class: &str) -> bool {
    ["java/", "javax/", "jdk/", "sun/", "com/sun/"]
        .iter()
        .any(|p| class.starts_with(p))
}

/// Whether `class` is a root of the hierarchy whose constructor does nothing and that has no
/// instance fields.
fn is_empty_root(class: &str) -> bool {
    class == "java/lang/Object" || class == "java/lang/Record"
}

impl Builder<'_, '_> {
    /// `new #index`: a placeholder and zeroed field slots.
    pub(crate) fn new_object(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        frame: &mut Frame,
    ) -> Result<NodeId, FrontendError> {
        let name = match sc.class.class_name(index) {
            Ok(n) => n.to_string(),
            Err(e) => return self.malformed(e.to_string()),
        };
        // `new Random(seed)`: Ferrocl's substitute, which keeps the seed in a field (see
        // `crate::inline::RANDOM_SUBSTITUTE`); calls on it are bound to the substitute's methods.
        let name = if name == "java/util/Random" {
            crate::inline::RANDOM_SUBSTITUTE.to_string()
        } else {
            name
        };
        self.new_object_of(name, frame)
    }

    /// A boxing conversion (JLS §5.1.7) by `Integer.valueOf(int)`, `Long.valueOf(long)`, …: the
    /// box as an object made in the kernel holding `value`. Java may hand out a cached box instead
    /// of a new one, so the box's identity is unknown: comparing it by reference is refused (see
    /// `references`); everything else a box does depends on its value only.
    pub(crate) fn box_value(
        &mut self,
        class: &str,
        value: NodeId,
        frame: &mut Frame,
    ) -> Result<NodeId, FrontendError> {
        let object = self.new_object_of(class.to_string(), frame)?;
        let Some(obj) = self.virtual_objects.get(&object) else {
            return self.malformed("a box that is not an object made in the kernel");
        };
        let Some(k) = obj
            .fields
            .iter()
            .position(|(owner, name, _)| owner == class && name == "value")
        else {
            return self.bail(
                BailoutKind::Allocation,
                format!(
                    "{} has no field `value` to box into",
                    class.replace('/', ".")
                ),
            );
        };
        let slot = obj.base + k;
        match frame.fields.get_mut(slot) {
            Some(s) => *s = Some(value),
            None => return self.malformed("a box's field outside the frame"),
        }
        self.boxes.insert(object);
        Ok(object)
    }

    /// A placeholder and zeroed field slots for a new object of class `name`.
    fn new_object_of(&mut self, name: String, frame: &mut Frame) -> Result<NodeId, FrontendError> {
        let shown = name.replace('/', ".");
        // JLS §12.4.1: `new` initialises the class.
        if !self.initialised.contains(&name) {
            self.initialised.push(name.clone());
        }
        if !self.options.scalar_replace {
            return self.bail(
                BailoutKind::Disabled,
                format!(
                    "`new {shown}`: scalar replacement is switched off \
                     (-Dferrocl.opt.scalarReplace=false)"
                ),
            );
        }
        let mut chain = Vec::new();
        let mut fields = Vec::new();
        let mut current = name.clone();
        while !is_empty_root(&current) {
            if chain.len() >= MAX_SUPERCLASSES {
                return self.bail(
                    BailoutKind::Allocation,
                    format!("the class hierarchy of {shown} is too deep"),
                );
            }
            let class = self.load_class(&current)?;
            if chain.is_empty() && class.access_flags & (access::ABSTRACT | access::INTERFACE) != 0
            {
                return self.bail(
                    BailoutKind::Allocation,
                    format!("`new {shown}` of an abstract class or interface"),
                );
            }
            for f in class
                .fields
                .iter()
                .filter(|f| f.access_flags & access::STATIC == 0)
            {
                if current == "java/lang/Throwable" {
                    return self.bail(
                        BailoutKind::Allocation,
                        format!(
                            "`new {shown}` makes an exception object: a `throw` is supported where \
                             the method can also go another way (`if (...) throw ...`: a check the \
                             JVM's rerun turns into the exception), not on every path, and an \
                             exception cannot be kept as a value"
                        ),
                    );
                }
                let Some(stamp) = Stamp::from_descriptor(&f.descriptor) else {
                    return self.malformed(format!(
                        "field {}.{} of descriptor {}",
                        current.replace('/', "."),
                        f.name,
                        f.descriptor
                    ));
                };
                // The platform's own objects with references inside (`StringBuilder`'s buffer,
                // collections) keep them in arrays the kernel cannot allocate: refused here, at
                // the `new`, rather than deep in the JDK's code.
                if !stamp.is_primitive() && is_platform(&current) {
                    return self.bail(
                        BailoutKind::Allocation,
                        format!(
                            "`new {shown}`: field {}.{} is of type {}; objects of the Java platform \
                             are replaced by scalars in a kernel only when their fields are all \
                             primitive",
                            current.replace('/', "."),
                            f.name,
                            f.descriptor
                        ),
                    );
                }
                fields.push((current.clone(), f.name.clone(), f.descriptor.clone()));
            }
            chain.push(current.clone());
            match &class.super_name {
                Some(parent) => current = parent.clone(),
                None => break,
            }
        }
        let base = self.virtual_field_count;
        self.virtual_field_count += fields.len();
        if frame.fields.len() < base + fields.len() {
            frame.fields.resize(base + fields.len(), None);
        }
        for (k, (_, _, desc)) in fields.iter().enumerate() {
            let zero = match Stamp::from_descriptor(desc) {
                Some(Stamp::Long) => Constant::Long(0),
                Some(Stamp::Float) => Constant::Float(0.0),
                Some(Stamp::Double) => Constant::Double(0.0),
                Some(Stamp::Int) => Constant::Int(0),
                _ => {
                    // A reference field starts as `null` (the constructor usually sets it).
                    let null = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
                    self.nulls.insert(null);
                    frame.fields[base + k] = Some(null);
                    continue;
                }
            };
            frame.fields[base + k] = Some(self.constant(zero)?);
        }
        let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
        self.virtual_objects.insert(
            placeholder,
            VirtualObject {
                class: name,
                chain,
                fields,
                base,
            },
        );
        self.scalar_replaced += 1;
        Ok(placeholder)
    }

    /// A placeholder standing for one of the objects `template`'s class merges in a variable (a
    /// phi of placeholders, or a loop's variable given a new object each iteration), whose field
    /// slots, appended to `fields`, hold `values` (one per field, in the template's order).
    pub(crate) fn merged_object(
        &mut self,
        template: NodeId,
        values: Vec<NodeId>,
        fields: &mut Vec<Option<NodeId>>,
    ) -> Result<NodeId, FrontendError> {
        let Some(t) = self.virtual_objects.get(&template).cloned() else {
            return self.malformed("not an object allocated in the kernel");
        };
        if values.len() != t.fields.len() {
            return self.malformed("merged object with another number of fields");
        }
        let base = self.virtual_field_count;
        self.virtual_field_count += values.len();
        if fields.len() < base + values.len() {
            fields.resize(base + values.len(), None);
        }
        for (k, v) in values.into_iter().enumerate() {
            fields[base + k] = Some(v);
        }
        let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
        self.virtual_objects
            .insert(placeholder, VirtualObject { base, ..t });
        Ok(placeholder)
    }

    /// The field slots of placeholder `object` in a frame's `fields`, in its class's order
    /// (`None`: not an object allocated in the kernel, or a slot unset).
    pub(crate) fn object_fields(
        &self,
        object: NodeId,
        fields: &[Option<NodeId>],
    ) -> Option<Vec<NodeId>> {
        let o = self.virtual_objects.get(&object)?;
        (0..o.fields.len())
            .map(|k| fields.get(o.base + k).copied().flatten())
            .collect()
    }

    /// The field slots at `merge` of the objects made in the kernel that a variable may hold
    /// after it (`s = c ? new Circle(r) : new Square(d)`, objects that cannot become one, see
    /// `Builder::described_choices`): each object keeps its own slots, which get a phi of the
    /// values its fields have at each end where it was made and a zero where it was not (read
    /// only where the variable holds it, which is where it came from that end).
    pub(crate) fn fill_choice_fields(
        &mut self,
        merge: NodeId,
        ends: &[&[Option<NodeId>]],
        objects: &[NodeId],
        out: &mut Vec<Option<NodeId>>,
    ) -> Result<(), FrontendError> {
        for &object in objects {
            let Some(o) = self.virtual_objects.get(&object) else {
                continue;
            };
            let (base, descriptors): (usize, Vec<String>) =
                (o.base, o.fields.iter().map(|f| f.2.clone()).collect());
            for (k, desc) in descriptors.iter().enumerate() {
                let slot = base + k;
                if out.len() <= slot {
                    out.resize(slot + 1, None);
                }
                if out[slot].is_some() {
                    continue;
                }
                let Some(stamp) = Stamp::from_descriptor(desc).filter(|s| s.is_primitive()) else {
                    return self
                        .malformed("a field of an object made in the kernel of another type");
                };
                let mut inputs = vec![merge];
                for fields in ends {
                    let v = match fields.get(slot).copied().flatten() {
                        Some(v) if self.graph.stamp(v) == stamp => v,
                        _ => self.constant(Constant::zero(stamp))?,
                    };
                    inputs.push(v);
                }
                out[slot] = Some(self.add(Op::Phi, stamp, inputs)?);
            }
        }
        Ok(())
    }

    /// The slot in [`Frame::fields`] of the field at `index` of the placeholder `object`.
    fn field_slot(
        &self,
        sc: &Scope<'_>,
        index: u16,
        object: NodeId,
    ) -> Result<(usize, String), FrontendError> {
        let field = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let Some(obj) = self.virtual_objects.get(&object) else {
            return self.malformed("not an object allocated in the kernel");
        };
        // Field resolution: from the referenced class up.
        let from = obj.chain.iter().position(|c| *c == field.class);
        let found = from.and_then(|from| {
            obj.chain[from..].iter().find_map(|c| {
                obj.fields.iter().position(|(owner, name, desc)| {
                    owner == c && *name == field.name && *desc == field.descriptor
                })
            })
        });
        match found {
            Some(k) => Ok((obj.base + k, field.descriptor.clone())),
            None => self.bail(
                BailoutKind::Allocation,
                format!(
                    "field {}.{} not found in {}",
                    field.class.replace('/', "."),
                    field.name,
                    obj.class.replace('/', ".")
                ),
            ),
        }
    }

    /// `getfield` on an object allocated in the kernel.
    pub(crate) fn get_virtual_field(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        object: NodeId,
        frame: &Frame,
    ) -> Result<NodeId, FrontendError> {
        let (slot, _) = self.field_slot(sc, index, object)?;
        match frame.fields.get(slot).copied().flatten() {
            Some(v) => Ok(v),
            // (Reachable through a field that holds objects made on different paths.)
            None => self.bail(
                BailoutKind::Allocation,
                "a field read of an object made in the kernel on another path than this one (a \
                 field or variable holding objects made on different paths)",
            ),
        }
    }

    /// `putfield` on an object allocated in the kernel; sub-int fields keep what their type holds.
    pub(crate) fn put_virtual_field(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        object: NodeId,
        value: NodeId,
        frame: &mut Frame,
    ) -> Result<(), FrontendError> {
        let (slot, desc) = self.field_slot(sc, index, object)?;
        let want = Stamp::from_descriptor(&desc);
        let reference =
            |s: Stamp| matches!(s, Stamp::Object | Stamp::Array(_) | Stamp::Nested { .. });
        let got = self.graph.stamp(value);
        let fits = match want {
            // A reference field holds any reference (the verifier checked the class).
            Some(w) if reference(w) => reference(got),
            w => w == Some(got),
        };
        if !fits {
            return self.malformed("putfield of a value of the wrong type");
        }
        let narrow = |to| Conversion {
            from: Stamp::Int,
            to,
        };
        let stored = match desc.as_str() {
            "B" => self.add(
                Op::Convert(narrow(ConvTarget::Byte)),
                Stamp::Int,
                vec![value],
            )?,
            "C" => self.add(
                Op::Convert(narrow(ConvTarget::Char)),
                Stamp::Int,
                vec![value],
            )?,
            "S" => self.add(
                Op::Convert(narrow(ConvTarget::Short)),
                Stamp::Int,
                vec![value],
            )?,
            "Z" => {
                let one = self.constant(Constant::Int(1))?;
                self.add(Op::Binary(BinaryOp::And), Stamp::Int, vec![value, one])?
            }
            _ => value,
        };
        match frame.fields.get_mut(slot) {
            Some(s) => *s = Some(stored),
            None => return self.malformed("field write of an object not allocated on this path"),
        }
        Ok(())
    }

    /// Whether `value` is an object allocated in the kernel (replaced by scalars).
    pub(crate) fn is_virtual_object(&self, value: NodeId) -> bool {
        self.virtual_objects.contains_key(&value)
    }

    /// Refuses `value` when it is a phi merging objects allocated in the kernel (`q = c ? p1 : p2`,
    /// or a variable given a new object in a loop): their fields cannot be told apart.
    pub(crate) fn refuse_merged_objects(&self, value: NodeId) -> Result<(), FrontendError> {
        let mut work = vec![value];
        let mut seen = Vec::new();
        while let Some(v) = work.pop() {
            if seen.contains(&v) || *self.graph.op(v) != Op::Phi {
                continue;
            }
            seen.push(v);
            for &input in &self.graph.inputs(v)[1..] {
                if let Some(class) = self.virtual_class(input) {
                    return self.bail(
                        BailoutKind::Allocation,
                        format!(
                        "objects of class {} allocated in the kernel are merged in one variable \
                         (e.g. `q = c ? p1 : p2`, or a new object assigned in a loop to a variable \
                         used around it); scalar replacement needs one `new` per variable",
                        class.replace('/', ".")
                    ),
                    );
                }
                work.push(input);
            }
        }
        Ok(())
    }

    /// The class of the object allocated in the kernel that `value` stands for.
    /// Whether class `class` is `target` or a subtype of it (its superclasses and interfaces, as
    /// the class files say); array types are never.
    pub(crate) fn is_subclass(&mut self, class: &str, target: &str) -> Result<bool, FrontendError> {
        if target.starts_with('[') {
            return Ok(false);
        }
        let mut work = vec![class.to_string()];
        let mut seen: Vec<String> = Vec::new();
        while let Some(c) = work.pop() {
            if c == target {
                return Ok(true);
            }
            if seen.contains(&c) || seen.len() > 64 {
                continue;
            }
            seen.push(c.clone());
            if c == "java/lang/Object" {
                continue;
            }
            let loaded = self.load_class(&c)?;
            work.extend(loaded.super_name.clone());
            work.extend(loaded.interfaces.iter().cloned());
        }
        Ok(false)
    }

    pub(crate) fn virtual_class(&self, value: NodeId) -> Option<String> {
        self.virtual_objects.get(&value).map(|o| o.class.clone())
    }

    /// After parsing: an object still in use somewhere escapes.
    pub(crate) fn check_virtual_objects(&mut self) -> Result<(), FrontendError> {
        let placeholders: Vec<NodeId> = self.virtual_objects.keys().copied().collect();
        if let Some((p, user)) = self.first_use(placeholders) {
            let class = self.virtual_class(p).unwrap_or_default().replace('/', ".");
            let how = match self.graph.op(user) {
                Op::Return => "it is returned".to_string(),
                Op::Phi => "it is merged with another object in one variable".to_string(),
                other => format!("it is used by {}", other.name()),
            };
            return self.bail(
                BailoutKind::Allocation,
                format!(
                "an object of class {class} allocated in the kernel escapes ({how}); only objects \
                 used through their fields and inlined methods can be replaced by scalars"
            ),
            );
        }
        Ok(())
    }

    /// The first (by node order) of the placeholders `placeholders` still used once the method is
    /// parsed, with a node using it; the position is set to that use's for the bailout.
    pub(crate) fn first_use(&mut self, mut placeholders: Vec<NodeId>) -> Option<(NodeId, NodeId)> {
        placeholders.sort();
        let (p, user) = placeholders.into_iter().find_map(|p| {
            self.graph
                .is_live(p)
                .then(|| self.graph.usages(p).first().copied())
                .flatten()
                .map(|user| (p, user))
        })?;
        if let Some(origin) = *self.origin.get(user) {
            self.pos = origin;
        }
        Some((p, user))
    }
}
