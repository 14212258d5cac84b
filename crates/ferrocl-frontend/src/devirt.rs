//! Guarded devirtualisation: a virtual or interface call on an object whose exact class the host
//! found at `execute()` ([`RuntimeClasses`](crate::RuntimeClasses)) runs the method the JVM would
//! select for that class, inlined like a static call.
//!
//! **Receives** a call's receiver node and the method reference. **Guarantees** the JVM's method
//! selection (JVMS §5.4.6) for the exact class: the class and then its superclasses for a
//! non-static, non-private method of that name and descriptor; failing that, the maximally-specific
//! superinterface methods, of which exactly one must be non-abstract (a default method). The entry
//! of the class map it used is recorded as consulted, so the host reuses the kernel only while the
//! object keeps that class (the guard lives on the host). **Refuses**, naming the call: receivers
//! that are not `this`, a parameter, an object in a static field (described by the host when the
//! field is first read, see `statics.rs`), or a field path of them (objects made in the kernel are
//! not devirtualised here, their class is known; array elements are refused); objects whose class the host did not give; null objects (the JVM runs the method and
//! throws its `NullPointerException`); hidden classes whose class file the host cannot give
//! (proxies; a lambda's class arrives as an ordinary class, its class file assembled through JVMTI on
//! the host, see `dev.ferrocl.api.LambdaClasses`); selections
//! that would throw `AbstractMethodError` or `IncompatibleClassChangeError`.

use crate::builder::Builder;
use crate::error::FrontendError;
use crate::inline::ClassRef;
use crate::runtime_classes::{ObjectPath, RuntimeClass};
use crate::BailoutKind;
use ferrocl_classfile::access;
use ferrocl_graph::{Constant, NodeId, Op, Stamp};

/// The root of every superclass chain.
pub(crate) const OBJECT: &str = "java/lang/Object";

/// How many classes and interfaces a selection walks before giving up.
const MAX_LOOKUP: usize = 64;

impl<'a> Builder<'a, '_> {
    /// Field `index` (a `getfield`) of the object a variable holds when it holds one of several
    /// objects the host describes (see [`Builder::described_choices`]): each object's field, as a
    /// phi at the variable's merge.
    pub(crate) fn field_of_choice(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        object: NodeId,
        frame: &crate::builder::Frame,
    ) -> Result<NodeId, FrontendError> {
        let Some((merge, objects)) = self.described_choices(object) else {
            if self.is_virtual_object(object) {
                return self.get_virtual_field(sc, index, object, frame);
            }
            return self.get_field(sc, index, object);
        };
        let declared_in = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let mut values: Vec<Option<NodeId>> = Vec::with_capacity(objects.len());
        for &o in &objects {
            // An object that is not an instance of the field's class is never read here: the
            // cast before the read (`(Add) g`, a type pattern) is a check that fails for it; nor
            // is a null one (the read's own check fails for it).
            let foreign = match self.known_class(o) {
                Some(Some(class)) => !self.is_subclass(&class, &declared_in.class)?,
                Some(None) => true,
                None => false,
            };
            values.push(if foreign {
                None
            } else {
                Some(self.field_of_choice(sc, index, o, frame)?)
            });
        }
        if objects.iter().any(|&o| self.is_virtual_object(o)) {
            // An object made in the kernel has its field's value where it is read, not at the
            // merge: chosen there, by which object the variable holds.
            let which = self.which_of(merge, objects.len())?;
            let mut chosen: Option<NodeId> = None;
            for (k, v) in values.iter().enumerate().rev() {
                let Some(v) = *v else {
                    continue;
                };
                chosen = Some(match chosen {
                    None => v,
                    Some(other) => self.select_on(which, k, v, other)?,
                });
            }
            return match chosen {
                Some(v) => Ok(v),
                None => self.bail(
                    BailoutKind::Construct,
                    "a field read of a variable none of whose objects has the field",
                ),
            };
        }
        let Some(stamp) = values.iter().flatten().next().map(|&v| self.graph.stamp(v)) else {
            return self.bail(
                BailoutKind::Construct,
                "a field read of a variable none of whose objects has the field",
            );
        };
        let mut inputs = vec![merge];
        for v in values {
            inputs.push(match v {
                Some(v) => v,
                None => self.add(Op::Constant(Constant::zero(stamp)), stamp, vec![])?,
            });
        }
        self.add(Op::Phi, stamp, inputs)
    }

    /// Which of `n` values a variable chosen at `merge` holds: the `int` phi `[merge, 0, 1, …]`.
    pub(crate) fn which_of(&mut self, merge: NodeId, n: usize) -> Result<NodeId, FrontendError> {
        let mut inputs = vec![merge];
        for k in 0..n {
            let index = i32::try_from(k).unwrap_or(i32::MAX);
            inputs.push(self.constant(Constant::Int(index))?);
        }
        self.add(Op::Phi, Stamp::Int, inputs)
    }

    /// `which == k ? a : b`.
    fn select_on(
        &mut self,
        which: NodeId,
        k: usize,
        a: NodeId,
        b: NodeId,
    ) -> Result<NodeId, FrontendError> {
        let index = self.constant(Constant::Int(i32::try_from(k).unwrap_or(i32::MAX)))?;
        let test = self.add(
            Op::Compare(ferrocl_graph::Condition::Eq),
            Stamp::Bool,
            vec![which, index],
        )?;
        let stamp = self.graph.stamp(a);
        self.add(Op::Select, stamp, vec![test, a, b])
    }

    /// `putfield` on a variable holding one of several objects made in the kernel (see
    /// [`Builder::described_choices`]): each object that has the field takes the value where the
    /// variable holds it and keeps its own elsewhere.
    pub(crate) fn put_field_of_choice(
        &mut self,
        sc: &crate::builder::Scope<'_>,
        index: u16,
        (merge, objects): (NodeId, Vec<NodeId>),
        value: NodeId,
        frame: &mut crate::builder::Frame,
    ) -> Result<(), FrontendError> {
        let declared_in = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let which = self.which_of(merge, objects.len())?;
        for (k, &o) in objects.iter().enumerate() {
            let Some(class) = self.virtual_class(o) else {
                return self
                    .malformed("a field write on a choice of objects not made in the kernel");
            };
            if !self.is_subclass(&class, &declared_in.class)? {
                continue;
            }
            let old = self.get_virtual_field(sc, index, o, frame)?;
            let new = self.select_on(which, k, value, old)?;
            self.put_virtual_field(sc, index, o, new, frame)?;
        }
        Ok(())
    }

    /// The `int` phi `[merge, v0, v1, …]`, or the constant every value is when they agree.
    fn int_choice(&mut self, inputs: Vec<NodeId>) -> Result<NodeId, FrontendError> {
        let constant = |v: NodeId| match self.graph.op(v) {
            Op::Constant(Constant::Int(c)) => Some(*c),
            _ => None,
        };
        if let Some(&first) = inputs.get(1) {
            if constant(first).is_some_and(|c| inputs[1..].iter().all(|&v| constant(v) == Some(c)))
            {
                return Ok(first);
            }
        }
        self.add(Op::Phi, Stamp::Int, inputs)
    }

    /// For a variable holding one of several described objects: 1 where the object it holds is
    /// null, 0 where not (a constant when all agree, else an `int` phi at its merge); `None` for
    /// any other value.
    pub(crate) fn null_of_choice(
        &mut self,
        object: NodeId,
        depth: usize,
    ) -> Result<Option<NodeId>, FrontendError> {
        let Some((merge, objects)) = self.described_choices(object).filter(|_| depth < 8) else {
            return Ok(None);
        };
        let mut inputs = vec![merge];
        for o in objects {
            let v = match self.null_of_choice(o, depth + 1)? {
                Some(v) => v,
                None => {
                    let is_null = match self.known_class(o) {
                        Some(class) => class.is_none(),
                        None => return Ok(None),
                    };
                    self.add(
                        Op::Constant(Constant::Int(i32::from(is_null))),
                        Stamp::Int,
                        vec![],
                    )?
                }
            };
            inputs.push(v);
        }
        self.int_choice(inputs).map(Some)
    }

    /// `object instanceof target` (1 or 0) for a variable holding one of several described
    /// objects: a constant when every object decides alike, else an `int` phi at its merge.
    pub(crate) fn instance_of_choice(
        &mut self,
        object: NodeId,
        target: &str,
        depth: usize,
    ) -> Result<NodeId, FrontendError> {
        let decided = |b: &mut Self, is: bool| {
            b.add(
                Op::Constant(Constant::Int(i32::from(is))),
                Stamp::Int,
                vec![],
            )
        };
        if let Some((merge, objects)) = self.described_choices(object).filter(|_| depth < 8) {
            let mut inputs = vec![merge];
            for o in objects {
                inputs.push(self.instance_of_choice(o, target, depth + 1)?);
            }
            return self.int_choice(inputs);
        }
        let is = match self.known_class(object) {
            Some(Some(class)) => self.is_subclass(&class, target)?,
            Some(None) => false,
            None => return self.bail(
                BailoutKind::Construct,
                "a type check of a variable holding an object whose class the compiler does not \
                     know",
            ),
        };
        decided(self, is)
    }

    /// The exact class of the object `value` stands for, when the compiler knows it: an object
    /// made in the kernel (`Some(Some(class))`), or an object the host described at `execute()` (its
    /// class, or `Some(None)` for null; consulting the description guards the kernel on it).
    /// `None` when unknown (a hidden class, a path the host did not describe, anything else).
    pub(crate) fn known_class(&mut self, value: NodeId) -> Option<Option<String>> {
        if let Some(class) = self.virtual_class(value) {
            return Some(Some(class));
        }
        if let Some(class) = self.elements.get(&value).and_then(|e| e.class.clone()) {
            return Some(Some(class));
        }
        let path = self.object_path(value)?;
        match self.runtime.peek(&path)? {
            RuntimeClass::Hidden(_) => None,
            _ => match self.runtime.lookup(&path)? {
                RuntimeClass::Class(c) => Some(Some(c)),
                RuntimeClass::Null => Some(None),
                RuntimeClass::Hidden(_) | RuntimeClass::Classes(_) => None,
            },
        }
    }

    /// The path from the task's arguments to `value`, when it is `this`, an object parameter, or an
    /// object read through a field path of them.
    pub(crate) fn object_path(&self, value: NodeId) -> Option<ObjectPath> {
        if let Some(e) = self.elements.get(&value) {
            // An element of an array of objects: the array's path, then every element.
            let array = self.params.get(e.root)?.node;
            let mut path = self.object_path(array)?;
            path.fields.push(crate::elements::ELEMENTS_STEP.to_string());
            return Some(path);
        }
        let p = self.params.iter().position(|p| p.node == value)?;
        let info = self.params.get(p)?;
        if !matches!(info.stamp, Stamp::Object) {
            return None;
        }
        // An object in a static field, or reached from one, has the static field's parameter as
        // its root: the host described it when the field was first read (`static_objects`).
        Some(match &info.field_path {
            // Each step as `field@Owner`, its declaring class: the host describes the objects it
            // reaches the same way, so a field a subclass hides is never taken for the one the
            // bytecode reads.
            Some((root, fields)) => {
                // The steps' owners, from this parameter up through the ones it is read from.
                let mut owners: Vec<Option<&str>> = Vec::with_capacity(fields.len());
                let mut step = Some(p);
                while let Some(q) = step.and_then(|s| self.params.get(s)) {
                    if q.field_path.is_none() || owners.len() >= fields.len() {
                        break;
                    }
                    owners.push(q.field_owner.as_deref());
                    step = q.field_parent;
                }
                owners.reverse();
                ObjectPath {
                    root: *root,
                    fields: fields
                        .iter()
                        .enumerate()
                        .map(|(k, name)| match owners.get(k).copied().flatten() {
                            Some(owner) if owners.len() == fields.len() => {
                                format!("{name}@{owner}")
                            }
                            _ => name.clone(),
                        })
                        .collect(),
                }
            }
            None => ObjectPath {
                root: p,
                fields: Vec::new(),
            },
        })
    }

    /// `this.shape`, `s`, `holder.inner.shape`: a path as the Java programmer wrote it.
    fn describe_path(&self, path: &ObjectPath) -> String {
        let root = self
            .params
            .get(path.root)
            .and_then(|p| p.name.clone())
            .unwrap_or_else(|| format!("argument {}", path.root));
        let mut out = root;
        for f in &path.fields {
            out.push('.');
            out.push_str(f.split('@').next().unwrap_or(f));
        }
        out
    }

    /// The method a virtual or interface call of `name descriptor` (shown as `shown`) runs on
    /// `receiver`, selected for the receiver's exact class at `execute()`; `resolved` is the
    /// resolved method's declaring class and access flags.
    pub(crate) fn devirtualize(
        &mut self,
        receiver: Option<NodeId>,
        name: &str,
        descriptor: &str,
        shown: &str,
        resolved: (&str, u16),
        interface_call: bool,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        if !self.options.devirtualize {
            return self.bail(
                BailoutKind::Disabled,
                format!(
                    "virtual call of {shown}: devirtualisation is switched off \
                     (-Dferrocl.opt.devirtualize=false)"
                ),
            );
        }
        let Some(path) = receiver.and_then(|r| self.object_path(r)) else {
            return self.bail(
                BailoutKind::Call,
                format!(
                "virtual call of {shown} on an object that is not `this`, a parameter, a static \
                 field, or a field of them: only such objects have a class the host can find \
                 before launch"
            ),
            );
        };
        let object = self.describe_path(&path);
        // An element of an array of objects of several classes, on the branch for one of them.
        let element_class = receiver
            .and_then(|r| self.elements.get(&r))
            .and_then(|e| e.class.clone());
        let found = match element_class {
            Some(class) => Some(RuntimeClass::Class(class)),
            None => self.runtime.lookup(&path),
        };
        match found {
            Some(RuntimeClass::Classes(classes)) => self.bail(
                BailoutKind::Call,
                format!(
                    "virtual call of {shown} on {object}, whose classes ({}) are not chosen \
                     between",
                    classes.join(", ")
                ),
            ),
            None => self.bail(
                BailoutKind::Call,
                format!(
                "virtual call of {shown} on {object}: the exact class of {object} is not known to \
                 the compiler (the host gives it at execute(); without it the call cannot be \
                 devirtualised)"
            ),
            ),
            Some(RuntimeClass::Null) => self.bail(
                BailoutKind::Runtime,
                format!(
                "virtual call of {shown} on {object}, which is null at this execute(): the JVM \
                 runs the method (and throws its NullPointerException)"
            ),
            ),
            Some(RuntimeClass::Hidden(class)) => self.bail(
                BailoutKind::Runtime,
                format!(
                "virtual call of {shown} on {object}, an instance of the hidden class {class} (a \
                 lambda or proxy), whose bytecode is not available to the compiler"
            ),
            ),
            Some(RuntimeClass::Class(class)) => {
                log::trace!("devirtualising {shown} on {object} for {class}");
                let selected = self.select_method(
                    &class,
                    name,
                    descriptor,
                    shown,
                    &object,
                    resolved,
                    interface_call,
                )?;
                self.devirtualized += 1;
                Ok(selected)
            }
        }
    }

    /// JVMS §5.4.6 selection of a package-private resolved method, declared in class `declaring`,
    /// for the exact class `class`: the lowest declaration on the way up to `declaring` that can
    /// override it (JVMS §5.4.5: one in the same run-time package, here the same package name, or
    /// one that can override a declaration between them which can), else the resolved method
    /// itself. A same-named method of a class in another package does not override it.
    fn select_package_private(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
        shown: &str,
        declaring: &str,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        let declares = |m: &ferrocl_classfile::Method| {
            m.name == name
                && m.descriptor == descriptor
                && m.access_flags & (access::STATIC | access::PRIVATE) == 0
        };
        // The class and its superclasses up to the declaring class, each with its declaration.
        let mut chain: Vec<(ClassRef<'a>, Option<usize>)> = Vec::new();
        let mut current = Some(class.to_string());
        while let Some(c) = current.take() {
            if chain.len() >= MAX_LOOKUP {
                return self.bail(
                    BailoutKind::Call,
                    format!(
                        "the superclass chain of {} is too long to select {shown}",
                        class.replace('/', ".")
                    ),
                );
            }
            let owner = self.load_class(&c)?;
            let at = owner.methods.iter().position(declares);
            let top = c == declaring;
            current = owner.super_name.clone();
            chain.push((owner, at));
            if top {
                break;
            }
        }
        let last = chain
            .last()
            .filter(|(o, _)| o.name == declaring)
            .map(|(o, at)| (o.clone(), *at));
        let Some((top, Some(resolved_at))) = last else {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "{shown}: {} is not a superclass of {} declaring the method",
                    declaring.replace('/', "."),
                    class.replace('/', ".")
                ),
            );
        };
        // From the declaring class down: the declarations that can override the resolved method.
        let mut overriding: Vec<(String, u16)> =
            vec![(declaring.to_string(), top.methods[resolved_at].access_flags)];
        let mut selected = (top, resolved_at);
        for (owner, at) in chain.iter().rev().skip(1) {
            let Some(i) = *at else { continue };
            let flags = owner.methods[i].access_flags;
            let can = overriding.iter().any(|(b, b_flags)| {
                b_flags & (access::PUBLIC | access::PROTECTED) != 0
                    || package_of(b) == package_of(&owner.name)
            });
            if can {
                overriding.push((owner.name.clone(), flags));
                selected = (owner.clone(), i);
            }
        }
        let (owner, i) = selected;
        if owner.methods[i].access_flags & access::ABSTRACT != 0 {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "virtual call of {shown} on a {} selects an abstract method of {} \
                     (AbstractMethodError)",
                    class.replace('/', "."),
                    owner.name.replace('/', ".")
                ),
            );
        }
        Ok((owner, i))
    }

    /// Checks that the object a statically bound call is made on (not the compiled method's `this`)
    /// is not null at `execute()`: the inlined code might not touch it, and the JVM would throw.
    /// The entry consulted makes the host's guard cover it.
    pub(crate) fn require_non_null(
        &mut self,
        receiver: NodeId,
        shown: &str,
    ) -> Result<(), FrontendError> {
        let Some(path) = self.object_path(receiver) else {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "calls on objects other than `this`, a parameter, or a field of them are not \
                 supported: call of {shown}"
                ),
            );
        };
        let object = self.describe_path(&path);
        match self.runtime.lookup(&path) {
            None => self.bail(
                BailoutKind::Call,
                format!(
                    "call of {shown} on {object}: whether {object} is null is not known to the \
                 compiler (the host gives it at execute())"
                ),
            ),
            Some(RuntimeClass::Null) => self.bail(
                BailoutKind::Runtime,
                format!(
                "call of {shown} on {object}, which is null at this execute(): the JVM runs the \
                 method (and throws its NullPointerException)"
            ),
            ),
            Some(_) => Ok(()),
        }
    }

    /// JVMS §5.4.6 method selection for the exact class `class`, of the resolved method declared in
    /// class `resolved.0` with access flags `resolved.1`. An `invokeinterface` (`interface_call`)
    /// that selects a method neither public nor private throws `IllegalAccessError` (JVMS §6.5):
    /// the JVM runs the method.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn select_method(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
        shown: &str,
        object: &str,
        resolved: (&str, u16),
        interface_call: bool,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        let (owner, i) = if resolved.1 & (access::PUBLIC | access::PROTECTED | access::PRIVATE) == 0
        {
            self.select_package_private(class, name, descriptor, shown, resolved.0)?
        } else {
            self.select_inherited(class, name, descriptor, shown, object)?
        };
        let flags = owner.methods[i].access_flags;
        if interface_call && flags & (access::PUBLIC | access::PRIVATE) == 0 {
            return self.bail(
                BailoutKind::Runtime,
                format!(
                    "interface call of {shown} on {object} (a {}) selects {}.{name}, which is not \
                     public: the JVM throws IllegalAccessError",
                    class.replace('/', "."),
                    owner.name.replace('/', ".")
                ),
            );
        }
        Ok((owner, i))
    }

    /// JVMS §5.4.4: a call from class `caller` of a method declared in `declaring` with access
    /// `flags` is allowed: public, or protected and called from the same package or a subclass,
    /// or package-private and called from the same package (private methods: the class itself or
    /// its nestmates, which only javac's own calls reach). Else the JVM throws
    /// `IllegalAccessError` (it runs the method). Calls of Ferrocl's substitutes of JDK methods
    /// stand for calls of the JDK's public methods, and are always allowed.
    pub(crate) fn require_access(
        &mut self,
        caller: &str,
        declaring: &str,
        flags: u16,
        shown: &str,
    ) -> Result<(), FrontendError> {
        if flags & (access::PUBLIC | access::PRIVATE) != 0
            || package_of(caller) == package_of(declaring)
            || crate::inline::is_substitute_class(declaring)
        {
            return Ok(());
        }
        if flags & access::PROTECTED != 0 {
            let mut current = Some(caller.to_string());
            for _ in 0..MAX_LOOKUP {
                let Some(c) = current.take() else { break };
                if c == declaring {
                    return Ok(());
                }
                current = match self.load_class(&c) {
                    Ok(owner) => owner.super_name.clone(),
                    Err(_) => None,
                };
            }
        }
        self.bail(
            BailoutKind::Runtime,
            format!(
                "call of {shown} from {}: {}'s method is not accessible there (JVMS 5.4.4): the \
                 JVM throws IllegalAccessError",
                caller.replace('/', "."),
                declaring.replace('/', ".")
            ),
        )
    }

    /// JVMS §5.4.6 selection of a resolved method that is public or protected: the first
    /// declaration up the superclass chain, else the maximally specific superinterface method.
    fn select_inherited(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
        shown: &str,
        object: &str,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        let exact = class.replace('/', ".");
        let overrides = |m: &ferrocl_classfile::Method| {
            m.name == name
                && m.descriptor == descriptor
                && m.access_flags & (access::STATIC | access::PRIVATE) == 0
        };
        // The class itself, then its superclasses.
        let mut chain = Vec::new();
        let mut current = Some(class.to_string());
        while let Some(c) = current.take() {
            if chain.len() >= MAX_LOOKUP {
                return self.bail(
                    BailoutKind::Call,
                    format!("the superclass chain of {exact} is too long to select {shown}"),
                );
            }
            let owner = match self.load_class(&c) {
                Ok(owner) => owner,
                // `java.lang.Object` implements no interface; where its bytes are not available,
                // a method it would declare is simply not found.
                Err(_) if c == OBJECT => break,
                Err(e) => return Err(e),
            };
            if let Some(i) = owner.methods.iter().position(overrides) {
                let abstract_method = owner
                    .methods
                    .get(i)
                    .is_some_and(|m| m.access_flags & access::ABSTRACT != 0);
                if abstract_method {
                    return self.bail(BailoutKind::Call, format!(
                        "virtual call of {shown} on {object} (a {exact}) selects an abstract method \
                         of {} (AbstractMethodError)",
                        owner.name.replace('/', ".")
                    ));
                }
                return Ok((owner, i));
            }
            chain.push(c);
            current = owner.super_name.clone();
        }
        // The maximally-specific superinterface methods: exactly one must be non-abstract.
        let interfaces = self.superinterfaces(&chain)?;
        let mut declaring = Vec::new();
        for i in &interfaces {
            let owner = self.load_class(i)?;
            if let Some(m) = owner.methods.iter().position(overrides) {
                declaring.push((i.clone(), m));
            }
        }
        let mut maximal = Vec::new();
        for (i, m) in &declaring {
            let mut more_specific = false;
            for (j, _) in &declaring {
                if j != i && self.superinterfaces(std::slice::from_ref(j))?.contains(i) {
                    more_specific = true;
                    break;
                }
            }
            if !more_specific {
                maximal.push((i.clone(), *m));
            }
        }
        let mut concrete = Vec::new();
        for (i, m) in maximal {
            let owner = self.load_class(&i)?;
            let is_abstract = owner
                .methods
                .get(m)
                .is_none_or(|method| method.access_flags & access::ABSTRACT != 0);
            if !is_abstract {
                concrete.push((owner, m));
            }
        }
        match concrete.len() {
            1 => match concrete.pop() {
                Some(selected) => Ok(selected),
                None => self.malformed("selected method vanished"),
            },
            0 => self.bail(
                BailoutKind::Call,
                format!(
                "virtual call of {shown} on {object} (a {exact}): no class or interface of {exact} \
                 implements it (AbstractMethodError)"
            ),
            ),
            _ => self.bail(
                BailoutKind::Call,
                format!(
                "virtual call of {shown} on {object} (a {exact}): several default methods apply \
                 ({}) (IncompatibleClassChangeError)",
                concrete
                    .iter()
                    .map(|(c, _)| c.name.replace('/', "."))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            ),
        }
    }

    /// Every interface that `classes` (classes or interfaces) implement or extend, directly or
    /// indirectly, without repeats, nearest first.
    pub(crate) fn superinterfaces(
        &mut self,
        classes: &[String],
    ) -> Result<Vec<String>, FrontendError> {
        let mut work: Vec<String> = Vec::new();
        for c in classes {
            let class = self.load_class(c)?;
            work.extend(class.interfaces.iter().cloned());
        }
        let mut out: Vec<String> = Vec::new();
        let mut next = 0;
        while next < work.len() {
            let i = work[next].clone();
            next += 1;
            if out.contains(&i) {
                continue;
            }
            if out.len() >= MAX_LOOKUP {
                return self.bail(
                    BailoutKind::Call,
                    "the interface hierarchy is too large to select a method in",
                );
            }
            let interface = self.load_class(&i)?;
            work.extend(interface.interfaces.iter().cloned());
            out.push(i);
        }
        Ok(out)
    }
}

/// The package part of an internal class name (`a/b/C` → `a/b`; the unnamed package is empty):
/// classes of one name's package share a run-time package here (Ferrocl loads them through one
/// class path).
fn package_of(class: &str) -> &str {
    class.rsplit_once('/').map_or("", |(p, _)| p)
}
