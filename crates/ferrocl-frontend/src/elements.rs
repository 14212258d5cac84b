//! Arrays of objects (`Particle[] ps`, `this.bodies`): one dimension, every element of one class
//! (the host says which, at `execute()`) or null.
//!
//! Such an array becomes arrays of primitives in the kernel (see [`ElementPart`]): `present`
//! (`1` where an element is an object, `0` where it is null) and one array per primitive field the
//! kernel reads or writes (`ps_x[k]` is `ps[k].x`), which the host builds from the elements at every
//! `execute()` and whose written fields it puts back into the objects after a run that succeeded.
//!
//! - `ps[i]` is a load of `present[i]`, checked as any array load (Java's index check, on the
//!   array's length), giving a placeholder for the element ([`ElementRef`]);
//! - `ps[i].x` and `ps[i].x = v` check that the element is not null (`present[i] != 0`, where Java
//!   throws `NullPointerException`; the JVM's rerun throws it) and read or write `ps_x[i]`, which
//!   needs no index check of its own;
//! - a method called on an element is devirtualised for the elements' class (the host's
//!   description, path `[]`, guards the kernel) and inlined with the element as `this`, after the
//!   same null check; `ps[i] == null` tests `present[i]`; `ps.length` is `present`'s length.
//!
//! Elements of up to four classes in one array (`Shape[]` of circles and squares): the host numbers
//! the classes (`present[k]` is `1 + ` the number of element `k`'s class), each class's fields have
//! their arrays as before (a field is declared in a class every element extends), and a method
//! called on an element branches on `present`, each branch devirtualised for its class.
//!
//! A variable holding one of several elements of one array (`p = c ? ps[i] : ps[j]`, `best =
//! ps[j]` in a loop) holds the element whose index (and `present` value) is a phi of theirs; a
//! `null` among them is an absent element (`present` 0), also `best = null` before a loop that
//! gives it elements of the method's only array of objects.
//!
//! Type checks of an element (`ps[i] instanceof Circle`, `(Circle) ps[i]`, type patterns) are
//! decided per class: a test of `present` against the numbers of the classes that pass (false for
//! null; a cast lets null through and, where it fails, the JVM reruns the method and throws its
//! `ClassCastException`). A method called on an element after a cast branches only among the
//! classes that have it; an element of another class there (bytecode javac would not write)
//! fails a check, and the JVM reruns the method.
//!
//! **Refused**, naming the site: arrays whose elements are of more than four classes, fields of reference
//! type, storing into the array (`ps[i] = p`), comparing elements by reference, a variable holding
//! elements of different arrays or an element and another object, and an element that escapes
//! (stored where a real object is needed).

use crate::builder::Builder;
use crate::runtime_classes::RuntimeClass;
use crate::{BailoutKind, FrontendError};
use ferrocl_graph::{
    Condition, Constant, ElemKind, ElementField, ElementPart, NodeId, Op, ParamInfo, Stamp,
};

/// The step a host's class map uses for "every element of this array".
pub(crate) const ELEMENTS_STEP: &str = "[]";

/// The root of an absent element (`best = null` before a loop) whose array is not known yet: the
/// method's only array of objects, once the method has read it (see
/// [`Builder::resolve_pending_elements`]).
pub(crate) const PENDING: usize = usize::MAX;

/// An element of an array of objects read in the kernel (`ps[i]`).
#[derive(Clone, Debug)]
pub(crate) struct ElementRef {
    /// The index in the parameters of the array of objects.
    pub(crate) root: usize,
    /// The element's index (checked against the array's length).
    pub(crate) index: NodeId,
    /// `present[index]`: 0 where the element is null, else the number of its class (1 when the
    /// elements are of one class).
    pub(crate) present: NodeId,
    /// On the branch of a call for one class of an array whose elements are of several: that class.
    pub(crate) class: Option<String>,
}

impl Builder<'_, '_> {
    /// The parameter index of `array` when it is an array of objects the kernel can read: a
    /// parameter (or a field the host reads) of a one-dimensional array-of-class type.
    pub(crate) fn object_array(&self, array: NodeId) -> Option<usize> {
        let p = self.params.iter().position(|p| p.node == array)?;
        let d = self.params.get(p)?.descriptor.as_str();
        (d.starts_with("[L") && d.ends_with(';')).then_some(p)
    }

    /// The parameter index of the method's only array of objects so far (a parameter, or a field
    /// read before this point), when there is exactly one.
    pub(crate) fn only_object_array(&self) -> Option<usize> {
        let mut arrays = self
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.descriptor.starts_with("[L") && p.descriptor.ends_with(';'))
            .map(|(k, _)| k);
        let first = arrays.next()?;
        arrays.next().is_none().then_some(first)
    }

    /// Gives every absent element whose array was not known yet ([`PENDING`]) the method's only
    /// array of objects, once there is exactly one; an error naming `what` where one is needed
    /// and there is none (or several).
    pub(crate) fn resolve_pending_elements(
        &mut self,
        element: NodeId,
        what: &str,
    ) -> Result<(), FrontendError> {
        if self
            .elements
            .get(&element)
            .is_none_or(|e| e.root != PENDING)
        {
            return Ok(());
        }
        let Some(root) = self.only_object_array() else {
            return self.bail(
                BailoutKind::Construct,
                format!(
                    "{what} of a variable set to null before a loop that gives it elements of an \
                     array of objects: supported when the method reads exactly one array of objects"
                ),
            );
        };
        for e in self.elements.values_mut() {
            if e.root == PENDING {
                e.root = root;
            }
        }
        Ok(())
    }

    /// Whether `value` is an element placeholder.
    pub(crate) fn is_element(&self, value: NodeId) -> bool {
        self.elements.contains_key(&value)
    }

    /// The kernel parameter for `present` (`field == None`) or a field's values of the array of
    /// objects at parameter `root`, made on first use.
    fn element_array(
        &mut self,
        root: usize,
        field: Option<ElementField>,
    ) -> Result<NodeId, FrontendError> {
        if let Some(p) = self.params.iter().find(|p| {
            p.elements
                .as_ref()
                .is_some_and(|e| e.root == root && e.field == field)
        }) {
            return Ok(p.node);
        }
        let (elem, descriptor, suffix) = match &field {
            None => (ElemKind::Int, "[I".to_string(), "present".to_string()),
            Some(f) => {
                let Some(elem) = f
                    .descriptor
                    .as_bytes()
                    .first()
                    .and_then(|&c| ElemKind::from_descriptor_char(c))
                    .filter(|_| f.descriptor.len() == 1)
                else {
                    return self.malformed("an element field of a non-primitive type");
                };
                (elem, format!("[{}", f.descriptor), f.name.clone())
            }
        };
        let base = self
            .params
            .get(root)
            .and_then(|p| p.name.clone())
            .unwrap_or_else(|| format!("arg{root}"));
        let name = format!("{base}_{suffix}");
        let Ok(index) = u16::try_from(self.params.len()) else {
            return self.bail(BailoutKind::Construct, "too many parameters");
        };
        let stamp = Stamp::Array(elem);
        let node = self.graph.add(Op::Parameter(index), stamp, vec![]);
        self.names.set(node, Some(name.clone()));
        self.params.push(ParamInfo {
            elements: Some(ElementPart { root, field }),
            ..ParamInfo::added(node, descriptor, stamp, Some(name))
        });
        Ok(node)
    }

    /// `array.length` of the array of objects at parameter `root`.
    pub(crate) fn element_count(&mut self, root: usize) -> Result<NodeId, FrontendError> {
        let shown = self.shown_elements(root);
        let array = self.params.get(root).map(|p| p.node);
        if let Some(path) = array.and_then(|a| self.object_path(a)) {
            if let Some(RuntimeClass::Null) = self.runtime.lookup(&path) {
                return self.bail(
                    BailoutKind::Runtime,
                    format!(
                        "{shown} is null at this execute(): the JVM runs the method (and throws \
                         its NullPointerException)"
                    ),
                );
            }
        }
        let present = self.element_array(root, None)?;
        self.add(Op::ArrayLength, Stamp::Int, vec![present])
    }

    /// `array[index]` (`aaload`) of the array of objects at parameter `root`: the element's
    /// placeholder, after Java's index check (the load of `present`).
    pub(crate) fn element_load(
        &mut self,
        root: usize,
        array: NodeId,
        index: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        let Some(mut path) = self.object_path(array) else {
            return self.bail(
                BailoutKind::Construct,
                "an array of objects that is not a parameter or a field of one",
            );
        };
        let shown = self.shown_elements(root);
        // A null array: Java throws NullPointerException here (the host's description of the
        // array itself decides, and guards the kernel).
        if let Some(RuntimeClass::Null) = self.runtime.lookup(&path) {
            return self.bail(
                BailoutKind::Runtime,
                format!(
                    "{shown} is null at this execute(): the JVM runs the method (and throws its \
                     NullPointerException)"
                ),
            );
        }
        path.fields.push(ELEMENTS_STEP.to_string());
        match self.runtime.lookup(&path) {
            Some(RuntimeClass::Class(_) | RuntimeClass::Classes(_)) => {}
            Some(RuntimeClass::Null) => {
                return self.bail(
                    BailoutKind::Runtime,
                    format!(
                        "every element of {shown} is null (or it is empty) at this execute(): the \
                         JVM runs the method"
                    ),
                )
            }
            Some(RuntimeClass::Hidden(c)) => {
                return self.bail(
                    BailoutKind::Runtime,
                    format!(
                    "the elements of {shown} are of the hidden class {c}, whose bytecode is not \
                         available to the compiler"
                ),
                )
            }
            None => {
                return self.bail(
                    BailoutKind::Construct,
                    format!(
                        "the elements of {shown} are of too many classes (or the host did not \
                         describe them): an array of objects is supported when its elements are of \
                         at most four classes (or null)"
                    ),
                )
            }
        }
        let present_array = self.element_array(root, None)?;
        let present = self.add(
            Op::ArrayLoad(ElemKind::Int),
            Stamp::Int,
            vec![present_array, index],
        )?;
        *tail = self.append(*tail, present);
        self.element_at(root, index, present)
    }

    /// A placeholder for the element at `index` of the array of objects at parameter `root`,
    /// `present` its `present` value.
    pub(crate) fn element_at(
        &mut self,
        root: usize,
        index: NodeId,
        present: NodeId,
    ) -> Result<NodeId, FrontendError> {
        let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
        self.elements.insert(
            placeholder,
            ElementRef {
                root,
                index,
                present,
                class: None,
            },
        );
        Ok(placeholder)
    }

    /// The classes of the elements of the array `element` is one of, when there are several (in
    /// the host's order: the `k`-th class's elements have `present` value `k + 1`); `None` for one
    /// class, or for an element already on one class's branch.
    pub(crate) fn element_classes(&mut self, element: NodeId) -> Option<Vec<String>> {
        let e = self.elements.get(&element)?;
        if e.class.is_some() {
            return None;
        }
        let path = self.object_path(element)?;
        match self.runtime.lookup(&path)? {
            RuntimeClass::Classes(classes) => Some(classes),
            _ => None,
        }
    }

    /// The element `element` is, known to be of class `class` (on that class's branch of a call).
    pub(crate) fn element_of_class(
        &mut self,
        element: NodeId,
        class: &str,
    ) -> Result<NodeId, FrontendError> {
        let Some(e) = self.elements.get(&element).cloned() else {
            return self.malformed("not an element of an array of objects");
        };
        let placeholder = self.add(Op::Constant(Constant::Null), Stamp::Object, vec![])?;
        self.elements.insert(
            placeholder,
            ElementRef {
                class: Some(class.to_string()),
                ..e
            },
        );
        Ok(placeholder)
    }

    /// When `value` is a phi at `merge` of elements of one array of objects (`p = c ? ps[i] :
    /// ps[j]`): the element whose index and `present` value are phis of theirs.
    pub(crate) fn merge_elements(
        &mut self,
        merge: NodeId,
        value: NodeId,
    ) -> Result<Option<NodeId>, FrontendError> {
        if *self.graph.op(value) != Op::Phi || self.graph.inputs(value).first() != Some(&merge) {
            return Ok(None);
        }
        let inputs: Vec<NodeId> = self.graph.inputs(value)[1..].to_vec();
        if inputs
            .iter()
            .any(|v| self.elements.get(v).is_some_and(|e| e.root == PENDING))
            && self.only_object_array().is_some()
        {
            if let Some(&v) = inputs.first() {
                self.resolve_pending_elements(v, "a choice")?;
            }
            for &v in &inputs {
                self.resolve_pending_elements(v, "a choice")?;
            }
        }
        // A `null` among elements is an absent element: `present` 0 (at index 0, never read).
        let Some(root) = inputs
            .iter()
            .find_map(|v| self.elements.get(v).map(|e| e.root))
        else {
            return Ok(None);
        };
        let mut refs = Vec::with_capacity(inputs.len());
        for v in &inputs {
            match self.elements.get(v) {
                Some(e) => refs.push(e.clone()),
                None if self.nulls.contains(v) => {
                    let zero = self.constant(Constant::Int(0))?;
                    refs.push(ElementRef {
                        root,
                        index: zero,
                        present: zero,
                        class: None,
                    });
                }
                None => return Ok(None),
            }
        }
        if refs.iter().any(|e| e.root != root) {
            return Ok(None);
        }
        let mut index = vec![merge];
        index.extend(refs.iter().map(|e| e.index));
        let mut present = vec![merge];
        present.extend(refs.iter().map(|e| e.present));
        if refs.iter().any(|e| e.class.is_some()) {
            return Ok(None);
        }
        let index = self.add(Op::Phi, Stamp::Int, index)?;
        let present = self.add(Op::Phi, Stamp::Int, present)?;
        self.element_at(root, index, present).map(Some)
    }

    /// `ps`, `this.bodies`: the array of objects at parameter `root` as the programmer wrote it.
    fn shown_elements(&self, root: usize) -> String {
        let Some(p) = self.params.get(root) else {
            return format!("argument {root}");
        };
        match &p.field_path {
            Some((r, fields)) => {
                let base = self
                    .params
                    .get(*r)
                    .and_then(|q| q.name.clone())
                    .unwrap_or_else(|| format!("argument {r}"));
                format!("{base}.{}", fields.join("."))
            }
            None => p.name.clone().unwrap_or_else(|| format!("argument {root}")),
        }
    }

    /// The check Java makes before it uses an element: not null (`present != 0`; where it fails
    /// the JVM reruns the method and throws `NullPointerException`).
    pub(crate) fn element_not_null(
        &mut self,
        element: NodeId,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let Some(e) = self.elements.get(&element).cloned() else {
            return self.malformed("not an element of an array of objects");
        };
        let zero = self.constant(Constant::Int(0))?;
        let present = self.add(
            Op::Compare(Condition::Ne),
            Stamp::Bool,
            vec![e.present, zero],
        )?;
        self.throw_check(present, tail)
    }

    /// The array of field `index` (a `getfield`/`putfield` operand) of the elements of `element`'s
    /// array, and the element's index in it.
    pub(crate) fn element_field(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        element: NodeId,
    ) -> Result<(NodeId, NodeId, ElemKind), FrontendError> {
        let Some(e) = self.elements.get(&element).cloned() else {
            return self.malformed("not an element of an array of objects");
        };
        let field = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let shown = format!("{}.{}", field.class.replace('/', "."), field.name);
        let desc = field.descriptor.as_bytes();
        let Some(elem) = desc
            .first()
            .and_then(|&c| ElemKind::from_descriptor_char(c))
            .filter(|_| desc.len() == 1)
        else {
            return self.bail(
                BailoutKind::Construct,
                format!(
                    "field {shown} of the elements of {} is not of a primitive type: only \
                     primitive fields of array elements are supported",
                    self.shown_elements(e.root)
                ),
            );
        };
        let Some(owner) = self.field_owner(&field.class, &field.name, &field.descriptor) else {
            return self.bail(
                BailoutKind::Call,
                format!("the class declaring field {shown} is not available to the compiler"),
            );
        };
        let array = self.element_array(
            e.root,
            Some(ElementField {
                owner,
                name: field.name.clone(),
                descriptor: field.descriptor.clone(),
            }),
        )?;
        Ok((array, e.index, elem))
    }

    /// When no element of `element`'s array is of the class field `index` is read through (only an
    /// element that failed a cast before could be here: `((Dog) cats[i]).tricks`): a check that
    /// always fails, and the field's value stamp (the access is never made, and no element has the
    /// field for the host to read).
    fn field_never_reached(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        element: NodeId,
        tail: &mut NodeId,
    ) -> Result<Option<Stamp>, FrontendError> {
        let field = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        if !self.element_never_instance(element, &field.class)? {
            return Ok(None);
        }
        let Some(stamp) = Stamp::from_descriptor(&field.descriptor).filter(|s| s.is_primitive())
        else {
            return Ok(None);
        };
        self.never_passes(tail)?;
        Ok(Some(stamp))
    }

    /// Field `index` of `element` read without Java's null check (a null element, or one of
    /// another class, reads a value its caller never uses: the host leaves 0 there).
    pub(crate) fn element_field_unchecked(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        element: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        self.resolve_pending_elements(element, "a field read")?;
        let (array, at, elem) = self.element_field(sc, index, element)?;
        let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![array, at])?;
        *tail = self.append(*tail, load);
        Ok(load)
    }

    /// `getfield` on an element: its null check, then the field's array at the element's index.
    pub(crate) fn element_get_field(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        element: NodeId,
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        self.resolve_pending_elements(element, "a field read")?;
        self.element_not_null(element, tail)?;
        if let Some(stamp) = self.field_never_reached(sc, index, element, tail)? {
            let zero = match stamp {
                Stamp::Long => Constant::Long(0),
                Stamp::Float => Constant::Float(0.0),
                Stamp::Double => Constant::Double(0.0),
                _ => Constant::Int(0),
            };
            return self.constant(zero);
        }
        let (array, at, elem) = self.element_field(sc, index, element)?;
        let load = self.add(Op::ArrayLoad(elem), elem.value_stamp(), vec![array, at])?;
        *tail = self.append(*tail, load);
        Ok(load)
    }

    /// `putfield` on an element: its null check, then a store into the field's array (sub-`int`
    /// fields keep what their type holds, as the array store does).
    pub(crate) fn element_put_field(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        element: NodeId,
        value: NodeId,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        self.resolve_pending_elements(element, "a field write")?;
        self.element_not_null(element, tail)?;
        if self
            .field_never_reached(sc, index, element, tail)?
            .is_some()
        {
            return Ok(());
        }
        let (array, at, elem) = self.element_field(sc, index, element)?;
        if self.graph.stamp(value) != elem.value_stamp() {
            return self.malformed("putfield of a value of the wrong type");
        }
        let store = self.add(Op::ArrayStore(elem), Stamp::Void, vec![array, at, value])?;
        *tail = self.append(*tail, store);
        Ok(())
    }

    /// `ifnull` (`taken_if_null`) / `ifnonnull` on an element: a branch on `present`.
    pub(crate) fn element_null_test(
        &mut self,
        element: NodeId,
        taken_if_null: bool,
        tail: &mut NodeId,
    ) -> Result<crate::builder::BlockEnd, FrontendError> {
        let Some(e) = self.elements.get(&element).cloned() else {
            return self.malformed("not an element of an array of objects");
        };
        let zero = self.constant(Constant::Int(0))?;
        let cond = if taken_if_null {
            Condition::Eq
        } else {
            Condition::Ne
        };
        self.branch(e.present, cond, zero, false, tail)
    }

    /// The classes the elements of `element`'s array may be of, numbered as `present` numbers
    /// them (the `k`-th has `present` value `k + 1`; one class has 1); `None` when the host did not
    /// describe them. An element on one class's branch of a call has that class alone, with its
    /// number.
    fn possible_classes(&mut self, element: NodeId) -> Option<Vec<(i32, String)>> {
        let e = self.elements.get(&element)?.clone();
        let path = self.object_path(element)?;
        let classes = match self.runtime.lookup(&path)? {
            RuntimeClass::Class(c) => vec![c],
            RuntimeClass::Classes(cs) => cs,
            RuntimeClass::Null | RuntimeClass::Hidden(_) => return None,
        };
        let numbered = classes
            .into_iter()
            .enumerate()
            .map(|(k, c)| (i32::try_from(k + 1).unwrap_or(i32::MAX), c));
        Some(match e.class {
            Some(known) => numbered.filter(|(_, c)| *c == known).collect(),
            None => numbered.collect(),
        })
    }

    /// `element instanceof target` as an `int` (1 or 0, JLS §15.20.2: 0 for a null element),
    /// decided per class of the elements: a test of the element's `present` value against the
    /// numbers of the classes that are `target` or a subtype of it (a constant when all or none
    /// are). With `also_null`, a null element gives 1 too (what a cast lets through, JLS §5.5).
    pub(crate) fn element_instance_of(
        &mut self,
        element: NodeId,
        target: &str,
        also_null: bool,
    ) -> Result<NodeId, FrontendError> {
        self.resolve_pending_elements(element, "a type check")?;
        let Some(present) = self.elements.get(&element).map(|e| e.present) else {
            return self.malformed("not an element of an array of objects");
        };
        let Some(classes) = self.possible_classes(element) else {
            return self.bail(
                BailoutKind::Construct,
                "a type check of an element of an array of objects whose classes the host did not \
                 describe",
            );
        };
        let mut passing = Vec::new();
        for (number, class) in &classes {
            if self.is_subclass(class, target)? {
                passing.push(*number);
            }
        }
        let one = self.constant(Constant::Int(1))?;
        let zero = self.constant(Constant::Int(0))?;
        if passing.is_empty() && !also_null {
            return Ok(zero);
        }
        let all = passing.len() == classes.len();
        // An element on a class's branch is never null (the call checked it).
        let known = self
            .elements
            .get(&element)
            .is_some_and(|e| e.class.is_some());
        if all && (known || also_null) {
            return Ok(one);
        }
        let mut numbers = if all { Vec::new() } else { passing };
        let mut result = if all {
            // Every class passes: every element that is not null.
            let is = self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![present, zero])?;
            self.add(Op::Select, Stamp::Int, vec![is, one, zero])?
        } else {
            zero
        };
        if also_null && !all {
            numbers.push(0);
        }
        for number in numbers {
            let value = self.constant(Constant::Int(number))?;
            let is = self.add(
                Op::Compare(Condition::Eq),
                Stamp::Bool,
                vec![present, value],
            )?;
            result = self.add(Op::Select, Stamp::Int, vec![is, one, result])?;
        }
        Ok(result)
    }

    /// `checkcast target` on an element: passes for null and for elements of the classes that are
    /// `target` or a subtype; where it fails, the JVM reruns the method and throws Java's
    /// `ClassCastException` (a `Throw` check). Nothing is checked when every class passes.
    pub(crate) fn element_cast(
        &mut self,
        element: NodeId,
        target: &str,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let passes = self.element_instance_of(element, target, true)?;
        if matches!(self.graph.op(passes), Op::Constant(Constant::Int(1))) {
            return Ok(());
        }
        let zero = self.constant(Constant::Int(0))?;
        let holds = self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![passes, zero])?;
        self.throw_check(holds, tail)
    }

    /// Whether no element of `element`'s array (on a call's branch: not the element) is of class
    /// `target` or a subtype, as the host described them.
    pub(crate) fn element_never_instance(
        &mut self,
        element: NodeId,
        target: &str,
    ) -> Result<bool, FrontendError> {
        self.resolve_pending_elements(element, "a method call")?;
        let Some(classes) = self.possible_classes(element) else {
            return Ok(false);
        };
        for (_, class) in &classes {
            if self.is_subclass(class, target)? {
                return Ok(false);
            }
        }
        Ok(!classes.is_empty())
    }

    /// A call control never reaches (see [`Builder::element_never_instance`]): a check that always
    /// fails (the JVM reruns the method, were it ever reached) and a zero for its result.
    pub(crate) fn unreachable_call(
        &mut self,
        return_stamp: Stamp,
        frame: &mut crate::builder::Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        self.never_passes(tail)?;
        let value =
            match return_stamp {
                Stamp::Void => return Ok(()),
                Stamp::Int => Constant::Int(0),
                Stamp::Long => Constant::Long(0),
                Stamp::Float => Constant::Float(0.0),
                Stamp::Double => Constant::Double(0.0),
                _ => return self.bail(
                    BailoutKind::Call,
                    "a call returning an object on an element that is never of the method's class",
                ),
            };
        let v = self.constant(value)?;
        frame.stack.push(v);
        Ok(())
    }

    /// After parsing: an element placeholder still used escapes (it stands for no value).
    pub(crate) fn check_elements(&mut self) -> Result<(), FrontendError> {
        let placeholders: Vec<NodeId> = self.elements.keys().copied().collect();
        if let Some((_, user)) = self.first_use(placeholders) {
            return self.bail(
                BailoutKind::Construct,
                format!(
                    "an element of an array of objects is used as a value ({}): only its fields, \
                     its methods and null tests of it are supported",
                    self.graph.op(user).name()
                ),
            );
        }
        Ok(())
    }
}
