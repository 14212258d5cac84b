//! Calls, handled while parsing as Graal's bytecode parser does.
//!
//! A call of a known library method becomes an [`Op::Intrinsic`] node (see `intrinsics.rs`). Any
//! other call whose target is known statically is *inlined*: `invokestatic`, `invokespecial`, and
//! `invokevirtual`/`invokeinterface` of a private or final method or of a method of a final class.
//! The callee (from the same class, or from another class fetched through the
//! [`ClassResolver`](crate::ClassResolver)) is parsed into the same graph right after the caller's
//! current fixed node, with the arguments as its first locals; its returns leave the callee's
//! loops and meet at the continuation (a `Merge`, with a phi for the returned value, when there
//! are several). The call instruction needs no block of its own: the caller's block simply goes on
//! from the continuation.
//!
//! A virtual or interface call that may dispatch to an override is *devirtualised* for the exact
//! class the host found for the receiver at `execute()` (see `devirt.rs`), then inlined the same way.
//!
//! Refused, naming the call site: virtual calls on objects whose class the host cannot know (not
//! `this`, a parameter, a static field, or a field path of them), calls on such objects, recursion (direct or mutual), nesting deeper than [`MAX_INLINE_DEPTH`],
//! native, abstract and synchronized callees, and classes the resolver cannot provide. A bailout
//! inside inlined code names the callee's method and line, followed by the call sites.

use crate::builder::{
    method_key, return_stamp_of, Builder, Frame, InlineReturn, Scope, MAX_INLINE_DEPTH, MAX_NODES,
};
use crate::descriptor::parse_method_descriptor;
use crate::error::FrontendError;
use crate::intrinsics::intrinsic_for;
use crate::resolver::is_plain_internal_name;
use crate::GraphMethod;
use crate::{BailoutKind, Location};
use ferrocl_classfile::{access, ClassFile, Op as JOp};
use ferrocl_graph::{Condition, Constant, NodeId, Op, Stamp};
use std::ops::Deref;
use std::rc::Rc;

/// Inlining stops (with a bailout) once the graph has this many nodes, well before the hard limit.
const INLINE_NODE_BUDGET: usize = MAX_NODES / 4;

/// Inlining stops (with a bailout) once this many bytecode instructions were inlined in one build:
/// calls of methods that produce no nodes (empty or constant-folded ones) must still end.
const INLINE_INSTRUCTION_BUDGET: usize = 100_000;

/// How many superclasses a method lookup walks before giving up.
const MAX_LOOKUP: usize = 64;

/// A class available to this build: the compiled method's own, or one fetched through the
/// resolver.
#[derive(Clone)]
pub(crate) enum ClassRef<'a> {
    /// The compiled method's class.
    Root(&'a ClassFile),
    /// A class fetched through the resolver (shared with the build's cache).
    Loaded(Rc<ClassFile>),
}

impl Deref for ClassRef<'_> {
    type Target = ClassFile;

    fn deref(&self) -> &ClassFile {
        match self {
            ClassRef::Root(c) => c,
            ClassRef::Loaded(c) => c,
        }
    }
}

/// The four invoke instructions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallKind {
    Static,
    Special,
    Virtual,
    Interface,
}

impl<'a> Builder<'a, '_> {
    /// A class by internal name: the compiled method's own class, or one fetched through the
    /// resolver (once per build, success or not).
    pub(crate) fn load_class(&mut self, name: &str) -> Result<ClassRef<'a>, FrontendError> {
        if name == self.root.name {
            return Ok(ClassRef::Root(self.root));
        }
        let result = match self.classes.get(name) {
            Some(cached) => cached.clone(),
            None => {
                let fetched = self.fetch_class(name);
                self.classes.insert(name.to_string(), fetched.clone());
                fetched
            }
        };
        match result {
            Ok(class) => Ok(ClassRef::Loaded(class)),
            Err(reason) => self.bail(BailoutKind::Call, reason),
        }
    }

    fn fetch_class(&mut self, name: &str) -> Result<Rc<ClassFile>, String> {
        let shown = name.replace('/', ".");
        if !is_plain_internal_name(name) {
            return Err(format!("{shown} is not a class the compiler can load"));
        }
        let Some(bytes) = self.resolver.class_bytes(name) else {
            return Err(format!(
                "class {shown} is not available to the compiler (the class resolver found no \
                 class file for it)"
            ));
        };
        let class = ferrocl_classfile::parse(&bytes)
            .map_err(|e| format!("the class file of {shown} cannot be read: {e}"))?;
        if class.name != name {
            return Err(format!(
                "the class file found for {shown} declares {}",
                class.name.replace('/', ".")
            ));
        }
        log::trace!("loaded {shown} for inlining");
        Ok(Rc::new(class))
    }

    /// An invoke instruction: an intrinsic, an inlined call, or a bailout.
    pub(crate) fn invoke(
        &mut self,
        sc: &Scope<'_>,
        op: &JOp,
        index: u16,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let kind = match op {
            JOp::InvokeStatic(_) => CallKind::Static,
            JOp::InvokeSpecial(_) => CallKind::Special,
            JOp::InvokeVirtual(_) => CallKind::Virtual,
            JOp::InvokeInterface(_) => CallKind::Interface,
            _ => return self.malformed("not an invoke instruction"),
        };
        let target = match sc.class.member_ref(index) {
            Ok(m) => m,
            Err(e) => return self.malformed(e.to_string()),
        };
        let shown = format!(
            "{}.{}{}",
            target.class.replace('/', "."),
            target.name,
            target.descriptor
        );
        let Some(desc) = parse_method_descriptor(&target.descriptor) else {
            return self.malformed(format!("bad method descriptor in the call of {shown}"));
        };

        // Arguments, receiver first.
        let mut args = Vec::with_capacity(desc.params.len() + 1);
        for p in desc.params.iter().rev() {
            let v = self.pop(frame)?;
            if let Some(want) = Stamp::from_descriptor(p).filter(|s| s.is_primitive()) {
                if self.graph.stamp(v) != want {
                    return self.malformed(format!("argument of the wrong type for {shown}"));
                }
            }
            args.push(v);
        }
        if kind != CallKind::Static {
            args.push(self.pop(frame)?);
        }
        args.reverse();
        let return_stamp = return_stamp_of(&desc.ret);
        if self.stream_call(sc, kind, &target, &args, frame, tail)? {
            return Ok(());
        }
        self.call(sc, kind, &target, args, return_stamp, frame, tail)
    }

    /// A call with its arguments popped (receiver first): an intrinsic, an inlined call, or a
    /// bailout. The value, if any, is pushed on `frame`'s stack.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn call(
        &mut self,
        sc: &Scope<'_>,
        kind: CallKind,
        target: &ferrocl_classfile::MemberRef,
        args: Vec<NodeId>,
        return_stamp: Stamp,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let shown = format!(
            "{}.{}{}",
            target.class.replace('/', "."),
            target.name,
            target.descriptor
        );
        // A `java.util.Random` made in the kernel is Ferrocl's substitute: its constructor and
        // methods are the substitute's, which compute `Random`'s sequence.
        let random_target;
        let target = match args.first() {
            Some(&r)
                if kind != CallKind::Static
                    && matches!(
                        target.class.as_str(),
                        "java/util/Random" | "java/util/random/RandomGenerator"
                    )
                    && self.virtual_class(r).as_deref() == Some(RANDOM_SUBSTITUTE) =>
            {
                if target.name == "<init>" && target.descriptor != "(J)V" {
                    return self.bail(
                        BailoutKind::Call,
                        format!(
                            "call of {shown}: `new Random()` seeds itself from the clock and a \
                             counter, so no kernel can give the JVM's numbers; give it a seed \
                             (`new Random(seed)`)"
                        ),
                    );
                }
                random_target = ferrocl_classfile::MemberRef {
                    class: RANDOM_SUBSTITUTE.to_string(),
                    interface: false,
                    ..target.clone()
                };
                &random_target
            }
            _ => target,
        };
        // Boxing: the JDK's `valueOf` reads a cache of boxes (an array of objects); in a kernel
        // the box is an object made there, replaced by its value.
        if kind == CallKind::Static && target.name == "valueOf" {
            let boxed = matches!(
                (target.class.as_str(), target.descriptor.as_str()),
                ("java/lang/Integer", "(I)Ljava/lang/Integer;")
                    | ("java/lang/Long", "(J)Ljava/lang/Long;")
                    | ("java/lang/Short", "(S)Ljava/lang/Short;")
                    | ("java/lang/Byte", "(B)Ljava/lang/Byte;")
                    | ("java/lang/Character", "(C)Ljava/lang/Character;")
                    | ("java/lang/Boolean", "(Z)Ljava/lang/Boolean;")
            );
            if let (true, [value]) = (boxed, &args[..]) {
                let object = self.box_value(&target.class, *value, frame)?;
                frame.stack.push(object);
                return Ok(());
            }
        }
        if kind == CallKind::Static
            && target.class == "java/lang/System"
            && target.name == "arraycopy"
            && target.descriptor == "(Ljava/lang/Object;ILjava/lang/Object;II)V"
        {
            return self.array_copy(&args, tail);
        }
        if kind == CallKind::Static {
            if let Some(substitute) = substitute_for(target) {
                // JDK code a kernel cannot run (the sort recurses, `Character` dispatches to
                // Unicode tables): Ferrocl's substitute gives its result (see
                // `dev.ferrocl.api.JdkSubstitutes` and `JdkCharacters`), inlined as any static
                // method.
                return self.call(sc, kind, &substitute, args, return_stamp, frame, tail);
            }
        }
        if kind == CallKind::Static && target.class == "java/util/Arrays" {
            if let Some(copy) =
                self.arrays_copy_of(&target.name, &target.descriptor, &args, tail)?
            {
                frame.stack.push(copy);
                return Ok(());
            }
        }
        if kind != CallKind::Static
            && target.name == "clone"
            && target.descriptor == "()Ljava/lang/Object;"
            && args
                .first()
                .is_some_and(|&a| matches!(self.graph.stamp(a), Stamp::Array(_)))
        {
            let copy = self.array_clone(args[0], tail)?;
            frame.stack.push(copy);
            return Ok(());
        }
        if kind == CallKind::Static {
            if let Some(reason) =
                crate::intrinsics::strict_inexact(&target.class, &target.name, &target.descriptor)
            {
                return self.bail(BailoutKind::Call, format!("call of {shown}: {reason}"));
            }
            if let Some(kind) =
                crate::exact::exact_method(&target.class, &target.name, &target.descriptor)
            {
                let value = self.exact_arithmetic(kind, &target.descriptor, &args, tail)?;
                frame.stack.push(value);
                return Ok(());
            }
            if let Some(intrinsic) = intrinsic_for(&target.class, &target.name, &target.descriptor)
            {
                let node = self.add(Op::Intrinsic(intrinsic), return_stamp, args)?;
                frame.stack.push(node);
                return Ok(());
            }
        }
        // A variable holding one of several objects the host described (`(c ? p : q).apply(x)`):
        // a branch on which one it holds, each call devirtualised for its object's class.
        // A lambda written in the kernel: its functional method is its body; another method of its
        // interface (a default method: `andThen`, `negate`; the interface's private lambda bodies)
        // is bound, inlined with the lambda as `this`.
        let on_lambda =
            kind != CallKind::Static && args.first().is_some_and(|a| self.lambdas.contains_key(a));
        if on_lambda && matches!(kind, CallKind::Virtual | CallKind::Interface) {
            if let Some(lambda) = args.first().and_then(|a| self.lambdas.get(a)).cloned() {
                if target.name == lambda.method {
                    return self.lambda_call(sc, &lambda, target, &args[1..], frame, tail);
                }
            }
        }
        let kind = if on_lambda { CallKind::Special } else { kind };
        if matches!(kind, CallKind::Virtual | CallKind::Interface) {
            // An element of an array of objects: Java's null check, then devirtualised for the
            // elements' class like any described object.
            if let Some(&element) = args.first().filter(|&&a| self.is_element(a)) {
                self.resolve_pending_elements(element, "a method call")?;
                if let Some(classes) = self.element_classes(element) {
                    self.element_not_null(element, tail)?;
                    return self.call_per_element_class(
                        sc,
                        kind,
                        target,
                        args,
                        (element, classes),
                        return_stamp,
                        frame,
                        tail,
                    );
                }
                if self
                    .elements
                    .get(&element)
                    .is_some_and(|e| e.class.is_none())
                {
                    self.element_not_null(element, tail)?;
                }
                if self.element_never_instance(element, &target.class)? {
                    // No element of the array is of the method's class: only an element that
                    // failed a cast before could be here (`((Dog) cats[i]).bark()`), so the call
                    // is never made; a check that always fails stands for it.
                    return self.unreachable_call(return_stamp, frame, tail);
                }
            }
            if let Some(objects) = args.first().and_then(|&r| self.described_choices(r)) {
                return self.call_per_object(
                    sc,
                    kind,
                    target,
                    args,
                    objects,
                    return_stamp,
                    frame,
                    tail,
                );
            }
        }
        // The receiver is an object allocated in the kernel (replaced by scalars): its exact class
        // is known, so calls on it are bound; `Object()` and `Record()` do nothing.
        if kind != CallKind::Static {
            if let Some(&receiver) = args.first() {
                self.refuse_merged_objects(receiver)?;
            }
        }
        let on_virtual =
            kind != CallKind::Static && args.first().is_some_and(|&a| self.is_virtual_object(a));
        if target.name == "<init>" {
            if !on_virtual || kind != CallKind::Special {
                return self.bail(
                    BailoutKind::Call,
                    format!("object construction is not supported here: call of {shown}"),
                );
            }
            if (target.class == "java/lang/Object" || target.class == "java/lang/Record")
                && target.descriptor == "()V"
            {
                return Ok(());
            }
        }
        if target.class.starts_with('[') {
            return self.bail(
                BailoutKind::Call,
                format!("methods of arrays (such as clone) are not supported: call of {shown}"),
            );
        }

        let static_interface = kind == CallKind::Static && target.interface;
        // JVMS §5.4.3.3/§5.4.3.4: the call resolves against the class it names.
        let (owner, m) = self.resolve_method(
            &target.class,
            &target.name,
            &target.descriptor,
            static_interface,
        )?;
        let Some(method) = owner.methods.get(m) else {
            return self.malformed(format!("method {shown} vanished"));
        };
        let flags = method.access_flags;
        let is_static = flags & access::STATIC != 0;
        // JLS §12.4.1: `invokestatic` initialises the method's class.
        if is_static && kind == CallKind::Static && !self.initialised.contains(&owner.name) {
            self.initialised.push(owner.name.clone());
        }
        if is_static != (kind == CallKind::Static) {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "the call of {shown} does not match the method's static-ness \
                 (IncompatibleClassChangeError)"
                ),
            );
        }
        // JVMS §5.4.4: the resolved method must be accessible to the class making the call.
        let caller = sc.class.name.clone();
        let declaring = owner.name.clone();
        self.require_access(&caller, &declaring, flags, &shown)?;
        let receiver = if kind == CallKind::Static {
            None
        } else {
            args.first().copied()
        };
        // JVMS §5.4.6: on an object replaced by scalars, whose exact class is known, a virtual or
        // interface call runs the resolved method when it is private, else the method selected
        // for that class (an override, an inherited one, or the maximally specific default).
        let (owner, m) = match args.first() {
            Some(&a)
                if on_virtual
                    && matches!(kind, CallKind::Virtual | CallKind::Interface)
                    && flags & access::PRIVATE == 0 =>
            {
                let class = self
                    .virtual_class(a)
                    .unwrap_or_else(|| target.class.clone());
                self.select_method(
                    &class,
                    &target.name,
                    &target.descriptor,
                    &shown,
                    "an object allocated in the kernel",
                    (&declaring, flags),
                    kind == CallKind::Interface,
                )?
            }
            _ => (owner, m),
        };
        // Calls on an object replaced by scalars were bound for its exact class above.
        let bound = on_virtual
            || !matches!(kind, CallKind::Virtual | CallKind::Interface)
            || flags & (access::PRIVATE | access::FINAL) != 0
            || self.load_class(&target.class)?.access_flags & access::FINAL != 0;
        let (owner, m) = if bound {
            if let Some(r) = receiver.filter(|&r| {
                Some(r) != self.receiver && !on_virtual && !self.lambdas.contains_key(&r)
            }) {
                self.require_non_null(r, &shown)?;
            }
            (owner, m)
        } else {
            // Guarded on the host: the kernel is used only while the object has this class.
            self.devirtualize(
                receiver,
                &target.name,
                &target.descriptor,
                &shown,
                (&declaring, flags),
                kind == CallKind::Interface,
            )?
        };
        let Some(method) = owner.methods.get(m) else {
            return self.malformed(format!("method {shown} vanished"));
        };
        let flags = method.access_flags;
        if flags & (access::NATIVE | access::ABSTRACT) != 0 || method.code.is_none() {
            return self.bail(
                BailoutKind::Call,
                format!("{shown} has no bytecode (native or abstract) and is not an intrinsic"),
            );
        }
        if flags & access::SYNCHRONIZED != 0 {
            return self.bail(
                BailoutKind::Call,
                format!("synchronized methods are not supported: {shown}"),
            );
        }
        // A method called again on another object the host described (a decorator holding a
        // decorator: `inner.apply(x)` inside `apply`) is not recursion: it runs on an object one
        // field further down, and the host describes objects only so deep, so inlining ends. The
        // same method on the same object, or on an undescribed one, is.
        // Likewise a method given other objects: a higher-order helper called from the lambda it
        // is given (`applyN(x -> applyN(g, x, 2), a, 3)`), a lambda decorating a lambda of its own
        // class (`via(via(f))`). Each object is its described path, or which lambda or object made
        // in the kernel it is; inlining still ends at `MAX_INLINE_DEPTH`.
        let mut key = method_key(&owner.name, &method.name, &method.descriptor);
        if let Some(path) = receiver.and_then(|r| self.object_path(r)) {
            key = format!("{key} on {path}");
        }
        for &a in args.iter().skip(usize::from(receiver.is_some())) {
            if self.graph.stamp(a) != Stamp::Object {
                continue;
            }
            if let Some(path) = self.object_path(a) {
                key = format!("{key} with {path}");
            } else if self.lambdas.contains_key(&a) || self.is_virtual_object(a) {
                key = format!("{key} with #{}", a.index());
            }
        }
        if self.call_stack.contains(&key) {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "recursive call of {}.{}{} is not supported",
                    owner.name.replace('/', "."),
                    method.name,
                    method.descriptor
                ),
            );
        }
        if self.call_stack.len() > MAX_INLINE_DEPTH {
            return self.bail(
                BailoutKind::Call,
                format!(
                "calls nested more than {MAX_INLINE_DEPTH} deep are not supported (call of {shown})"
            ),
            );
        }
        let size = method.code.as_ref().map_or(0, |c| c.instructions.len());
        self.inlined_instructions = self.inlined_instructions.saturating_add(size.max(1));
        if self.graph.capacity() >= INLINE_NODE_BUDGET
            || self.inlined_instructions > INLINE_INSTRUCTION_BUDGET
        {
            return self.bail(
                BailoutKind::Call,
                format!(
                "inlining {shown} would make the kernel too large (over {INLINE_NODE_BUDGET} graph \
                 nodes or {INLINE_INSTRUCTION_BUDGET} inlined bytecode instructions)"
            ),
            );
        }
        if let Some(value) = self.inline_call(sc, owner, m, key, args, return_stamp, frame, tail)? {
            frame.stack.push(value);
        }
        Ok(())
    }

    /// `Math`'s exact method `kind` on `args`: its wrapping result, after a guard (appended after
    /// `*tail`) that fails when the exact result does not fit (see the `exact` module).
    fn exact_arithmetic(
        &mut self,
        kind: crate::exact::Exact,
        descriptor: &str,
        args: &[NodeId],
        tail: &mut NodeId,
    ) -> Result<NodeId, FrontendError> {
        use crate::exact::In;
        let wide = descriptor.starts_with("(J");
        let mixed = descriptor == "(JI)J";
        let (steps, result, fits) = crate::exact::lowering(kind, wide, mixed);
        let mut made: Vec<NodeId> = Vec::with_capacity(steps.len());
        for (op, stamp, inputs) in steps {
            let mut ins = Vec::with_capacity(inputs.len());
            for input in inputs {
                let id = match input {
                    In::Arg(k) => match args.get(k) {
                        Some(&a) => a,
                        None => return self.malformed(format!("{descriptor}: missing argument")),
                    },
                    In::Node(k) => match made.get(k) {
                        Some(&n) => n,
                        None => {
                            return self.malformed("exact arithmetic: bad lowering".to_string())
                        }
                    },
                    In::Int(_) | In::Long(_) => match crate::exact::constant_of(input) {
                        Some(c) => self.constant(c)?,
                        None => {
                            return self.malformed("exact arithmetic: bad constant".to_string())
                        }
                    },
                };
                ins.push(id);
            }
            made.push(self.add(op, stamp, ins)?);
        }
        let (Some(&value), Some(&ok)) = (made.get(result), made.get(fits)) else {
            return self.malformed("exact arithmetic: bad lowering".to_string());
        };
        let guard = self.add(Op::Guard(crate::exact::GUARD), Stamp::Void, vec![ok])?;
        *tail = self.append(*tail, guard);
        Ok(value)
    }

    /// Method resolution: the named class, then its superclasses (unless `only_here`, for static
    /// methods of interfaces, which are not inherited). Returns the declaring class and the
    /// method's index in it.
    fn resolve_method(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
        only_here: bool,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        let mut current = class.to_string();
        for _ in 0..MAX_LOOKUP {
            let owner = match self.load_class(&current) {
                Ok(owner) => owner,
                Err(_) if current == crate::devirt::OBJECT && current != class => break,
                Err(e) => return Err(e),
            };
            if let Some(i) = owner
                .methods
                .iter()
                .position(|m| m.name == name && m.descriptor == descriptor)
            {
                return Ok((owner, i));
            }
            if only_here {
                break;
            }
            match &owner.super_name {
                Some(parent) => current = parent.clone(),
                None => break,
            }
        }
        if !only_here {
            // JVMS §5.4.3.3/§5.4.3.4: then the superinterfaces (inherited default or abstract
            // methods; which one runs is decided by selection, see `devirt`).
            let mut chain = vec![class.to_string()];
            let mut current = self.load_class(class)?.super_name.clone();
            while let Some(c) = current.take() {
                if chain.len() >= MAX_LOOKUP || c == crate::devirt::OBJECT {
                    break; // Object implements no interface (and may not be available)
                }
                current = self.load_class(&c)?.super_name.clone();
                chain.push(c);
            }
            for i in self.superinterfaces(&chain)? {
                let owner = self.load_class(&i)?;
                if let Some(m) = owner.methods.iter().position(|m| {
                    m.name == name
                        && m.descriptor == descriptor
                        && m.access_flags & (access::STATIC | access::PRIVATE) == 0
                }) {
                    return Ok((owner, m));
                }
            }
        }
        self.bail(
            BailoutKind::Call,
            format!(
                "method {}.{name}{descriptor} not found in the class hierarchy",
                class.replace('/', ".")
            ),
        )
    }

    /// Parses method `m` of `owner` after `*tail` with `args` as its first locals, and moves
    /// `*tail` to the continuation. Returns the call's value.
    #[allow(clippy::too_many_arguments)]
    fn inline_call(
        &mut self,
        sc: &Scope<'_>,
        owner: ClassRef<'a>,
        m: usize,
        key: String,
        args: Vec<NodeId>,
        return_stamp: Stamp,
        caller: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<Option<NodeId>, FrontendError> {
        let class: &ClassFile = &owner;
        let Some(method) = class.methods.get(m) else {
            return self.malformed("inlined method vanished");
        };
        let Some(code) = method.code.as_ref() else {
            return self.bail(
                BailoutKind::Call,
                format!("{} has no bytecode", method.name),
            );
        };
        let mut frame = Frame {
            locals: vec![None; usize::from(code.max_locals)],
            stack: Vec::new(),
            fields: caller.fields.clone(),
        };
        let mut slot = 0usize;
        for &a in &args {
            let width = if crate::builder::is_wide(&self.graph, a) {
                2
            } else {
                1
            };
            if slot + width > frame.locals.len() {
                return self.malformed(format!(
                    "the arguments exceed max_locals of {}.{}{}",
                    class.name, method.name, method.descriptor
                ));
            }
            frame.locals[slot] = Some(a);
            slot += width;
        }
        let call_site = self.pos;
        let call_location = self.here();
        let saved_root_bci = self.root_bci;
        self.methods.push(GraphMethod {
            location: Location {
                class: class.name.clone(),
                method: method.name.clone(),
                descriptor: method.descriptor.clone(),
                source_file: class.source_file.clone(),
                bci: None,
                line: None,
            },
            line_numbers: code.line_numbers.clone(),
            call_site: Some(call_site),
        });
        let mut callee = Scope {
            class,
            code,
            method: self.methods.len() - 1,
            return_stamp,
            is_root: false,
            objects_from: self.graph.id_bound(),
            next_bci: 0,
            returns: Vec::new(),
        };
        log::trace!("inlining {key} at {call_location}");
        self.call_stack.push(key);
        // Objects the caller still holds after the call (in a local it may read again, on its
        // operand stack), and those its own callers hold: the callee must not copy them.
        let outer_held = self.held_by_callers.len();
        let held = self.held_after_call(sc, caller);
        self.held_by_callers.extend(held);
        let parsed = self.parse_method(&mut callee, *tail, frame);
        self.held_by_callers.truncate(outer_held);
        self.call_stack.pop();
        self.pos = call_site;
        self.root_bci = saved_root_bci;
        if let Err(e) = parsed {
            return Err(inlined_at(e, &call_location));
        }
        self.continue_after_call(sc, &callee.returns, return_stamp, caller, tail)
    }

    /// Returns that give objects allocated in the kernel, all of one class (`return c ? this : new
    /// P(…)`, or two `return` statements): one object whose fields are phis of theirs (see
    /// `objects`), unless the caller (or a method inlining it) still holds one of them and reads
    /// it again. `None`: not such returns.
    fn merge_returned_objects(
        &mut self,
        sc: &Scope<'_>,
        merge: NodeId,
        returns: &[InlineReturn],
        caller: &mut Frame,
    ) -> Result<Option<NodeId>, FrontendError> {
        let objects: Vec<NodeId> = returns.iter().filter_map(|r| r.1).collect();
        let Some(class) = objects.first().and_then(|&o| self.virtual_class(o)) else {
            return Ok(None);
        };
        if objects.len() != returns.len()
            || objects
                .iter()
                .any(|&o| self.virtual_class(o).as_deref() != Some(class.as_str()))
        {
            return Ok(None);
        }
        let held = self.held_after_call(sc, caller);
        if objects
            .iter()
            .any(|o| held.contains(o) || self.held_by_callers.contains(o))
        {
            return Ok(None);
        }
        let per_return: Option<Vec<Vec<NodeId>>> = returns
            .iter()
            .zip(&objects)
            .map(|(r, &o)| self.object_fields(o, &r.2))
            .collect();
        let Some(per_return) = per_return else {
            return Ok(None);
        };
        let Some(values) = self.merge_fields(sc, merge, &per_return)? else {
            return Ok(None);
        };
        Ok(Some(self.merged_object(
            objects[0],
            values,
            &mut caller.fields,
        )?))
    }

    /// The objects allocated in the kernel that `caller` (the frame of the method being parsed, at
    /// the call being inlined, its arguments popped) still holds: on its operand stack, or in a
    /// local that may be read after the call before it is stored to.
    fn held_after_call(&self, sc: &Scope<'_>, caller: &Frame) -> Vec<NodeId> {
        let mut held: Vec<NodeId> = caller
            .stack
            .iter()
            .copied()
            .filter(|&v| self.is_virtual_object(v))
            .collect();
        let locals: Vec<(usize, NodeId)> = caller
            .locals
            .iter()
            .enumerate()
            .filter_map(|(t, v)| v.filter(|&v| self.is_virtual_object(v)).map(|v| (t, v)))
            .collect();
        if locals.is_empty() {
            return held;
        }
        let insns = &sc.code.instructions;
        let next = insns
            .binary_search_by_key(&self.pos.bci, |i| i.bci)
            .ok()
            .map(|i| i + 1);
        let cfg = crate::blocks::build_cfg(insns, &crate::builder::caught_instructions(sc.code));
        for (t, v) in locals {
            let live = match (&cfg, next, u16::try_from(t)) {
                (Ok(cfg), Some(next), Ok(t16)) => cfg.local_live_at(insns, t16, next),
                _ => true,
            };
            if live {
                held.push(v);
            }
        }
        held
    }

    /// When `receiver` is a phi, at a forward merge, of objects the host describes (parameters,
    /// field paths, or such phis again): the merge and its values.
    pub(crate) fn described_choices(&self, receiver: NodeId) -> Option<(NodeId, Vec<NodeId>)> {
        self.described_choices_within(receiver, 0)
    }

    /// [`Builder::described_choices`], at most 8 phis deep (a chain of choices doubles the work
    /// at each level).
    fn described_choices_within(
        &self,
        receiver: NodeId,
        depth: usize,
    ) -> Option<(NodeId, Vec<NodeId>)> {
        if depth > 8 || *self.graph.op(receiver) != Op::Phi {
            return None;
        }
        let (&merge, objects) = self.graph.inputs(receiver).split_first()?;
        if *self.graph.op(merge) != Op::Merge {
            return None;
        }
        // Objects made in the kernel keep their own fields through the merge (see
        // `fill_choice_fields`), read where the variable holds them: only in a choice made at one
        // merge (a nested one's `which` would not be defined where the outer variable is used).
        // Elements of arrays of objects are read where they are used: not merged.
        if objects.iter().any(|&v| self.is_element(v)) {
            return None;
        }
        // Lambdas written in the kernel likewise: each call is its own lambda's body.
        let made_here = |v: NodeId| self.is_virtual_object(v) || self.lambdas.contains_key(&v);
        if objects.iter().any(|&v| made_here(v)) {
            return (depth == 0
                && objects
                    .iter()
                    .all(|&v| made_here(v) || self.object_path(v).is_some()))
            .then(|| (merge, objects.to_vec()));
        }
        let described = |v: NodeId| {
            self.object_path(v).is_some() || self.described_choices_within(v, depth + 1).is_some()
        };
        objects
            .iter()
            .all(|&v| described(v))
            .then(|| (merge, objects.to_vec()))
    }

    /// The call on a receiver that holds one of `objects` (the values of a phi at `merge`, see
    /// [`Builder::described_choices`]): which one is a new `int` phi at the merge, and the call is
    /// made on each object on its own branch ([`Builder::call_on_each`]).
    #[allow(clippy::too_many_arguments)]
    fn call_per_object(
        &mut self,
        sc: &Scope<'_>,
        kind: CallKind,
        target: &ferrocl_classfile::MemberRef,
        args: Vec<NodeId>,
        (merge, objects): (NodeId, Vec<NodeId>),
        return_stamp: Stamp,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let which = self.which_of(merge, objects.len())?;
        let receivers: Vec<(i32, NodeId)> = objects
            .iter()
            .enumerate()
            .map(|(k, &o)| (i32::try_from(k).unwrap_or(i32::MAX), o))
            .collect();
        let call = (kind, target, args, return_stamp);
        self.call_on_each(sc, call, which, receivers, frame, tail)
    }

    /// The call on an element of an array of objects of several classes: on its `present` value
    /// (its class's number), on the element known to be of that class (devirtualised for it), each
    /// on its own branch ([`Builder::call_on_each`]). The element was checked not null before.
    #[allow(clippy::too_many_arguments)]
    fn call_per_element_class(
        &mut self,
        sc: &Scope<'_>,
        kind: CallKind,
        target: &ferrocl_classfile::MemberRef,
        args: Vec<NodeId>,
        (element, classes): (NodeId, Vec<String>),
        return_stamp: Stamp,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let Some(present) = self.elements.get(&element).map(|e| e.present) else {
            return self.malformed("not an element of an array of objects");
        };
        // Only classes that are the method's class or a subtype reach the call (after a cast:
        // `((Circle) shapes[i]).radius()`); an element of another class fails a check, where the
        // JVM reruns the method.
        let mut receivers = Vec::with_capacity(classes.len());
        for (k, class) in classes.iter().enumerate() {
            if self.is_subclass(class, &target.class)? {
                let number = i32::try_from(k + 1).unwrap_or(i32::MAX);
                receivers.push((number, self.element_of_class(element, class)?));
            }
        }
        if receivers.is_empty() {
            return self.bail(
                BailoutKind::Call,
                format!(
                    "no element class of this array of objects has {}.{}",
                    target.class.replace('/', "."),
                    target.name
                ),
            );
        }
        if receivers.len() < classes.len() {
            let is = self.element_instance_of(element, &target.class, false)?;
            let zero = self.constant(Constant::Int(0))?;
            let holds = self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![is, zero])?;
            self.throw_check(holds, tail)?;
        }
        let call = (kind, target, args, return_stamp);
        self.call_on_each(sc, call, present, receivers, frame, tail)
    }

    /// A chain of branches on `selector`: where it equals a receiver's number (the last one
    /// otherwise), the call `(kind, target, args, return stamp)` is made on that receiver instead
    /// of `args[0]`; the results join after them.
    fn call_on_each(
        &mut self,
        sc: &Scope<'_>,
        (kind, target, args, return_stamp): (
            CallKind,
            &ferrocl_classfile::MemberRef,
            Vec<NodeId>,
            Stamp,
        ),
        selector: NodeId,
        receivers: Vec<(i32, NodeId)>,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<(), FrontendError> {
        let mut returns: Vec<InlineReturn> = Vec::with_capacity(receivers.len());
        let mut next = *tail;
        for (k, &(number, receiver)) in receivers.iter().enumerate() {
            let mut branch = next;
            if k + 1 < receivers.len() {
                let value = self.constant(Constant::Int(number))?;
                let test = self.add(
                    Op::Compare(Condition::Eq),
                    Stamp::Bool,
                    vec![selector, value],
                )?;
                let node = self.add(Op::If, Stamp::Void, vec![test])?;
                self.append(next, node);
                let (yes, no) = (
                    self.add(Op::Begin, Stamp::Void, vec![])?,
                    self.add(Op::Begin, Stamp::Void, vec![])?,
                );
                self.graph.set_successors(node, vec![yes, no]);
                branch = yes;
                next = no;
            }
            let mut on_receiver = args.clone();
            on_receiver[0] = receiver;
            let mut f = frame.clone();
            self.call(
                sc,
                kind,
                target,
                on_receiver,
                return_stamp,
                &mut f,
                &mut branch,
            )?;
            let value = if return_stamp == Stamp::Void {
                None
            } else {
                f.stack.pop()
            };
            if f.stack != frame.stack {
                return self.malformed("a call left the caller's stack changed");
            }
            returns.push((branch, value, f.fields));
        }
        if let Some(value) = self.continue_after_call(sc, &returns, return_stamp, frame, tail)? {
            frame.stack.push(value);
        }
        Ok(())
    }

    /// Joins the returns of inlined code into the continuation at `*tail`; returns the value.
    /// Objects allocated in the kernel leave the callee with the fields its returns hold.
    fn continue_after_call(
        &mut self,
        sc: &Scope<'_>,
        returns: &[InlineReturn],
        return_stamp: Stamp,
        caller: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<Option<NodeId>, FrontendError> {
        match returns {
            [] => self.bail(
                BailoutKind::Call,
                "the called method never returns normally (every path loops forever or throws)",
            ),
            [(t, value, fields)] => {
                *tail = *t;
                caller.fields.clone_from(fields);
                Ok(*value)
            }
            several => {
                let merge = self.add(Op::Merge, Stamp::Void, vec![])?;
                for (t, _, _) in several {
                    let t = *t;
                    let end = self.add(Op::End, Stamp::Void, vec![])?;
                    self.append(t, end);
                    self.graph.push_input(merge, end);
                }
                *tail = merge;
                let count = several.iter().map(|r| r.2.len()).max().unwrap_or(0);
                caller.fields.clear();
                for k in 0..count {
                    let values: Vec<Option<NodeId>> = several
                        .iter()
                        .map(|r| r.2.get(k).copied().flatten())
                        .collect();
                    let v = self.merge_values(sc, merge, &values, None)?;
                    caller.fields.push(v);
                }
                if return_stamp == Stamp::Void {
                    return Ok(None);
                }
                let values: Vec<Option<NodeId>> = several.iter().map(|r| r.1).collect();
                if let Some(object) = self.merge_returned_objects(sc, merge, several, caller)? {
                    return Ok(Some(object));
                }
                match self.merge_values(sc, merge, &values, None)? {
                    Some(v) => {
                        // One of several elements of one array of objects.
                        if let Some(e) = self.merge_elements(merge, v)? {
                            return Ok(Some(e));
                        }
                        // One of several objects made in the kernel, each keeping its fields.
                        if *self.graph.op(v) == Op::Phi
                            && self.graph.inputs(v)[1..]
                                .iter()
                                .any(|&p| self.is_virtual_object(p))
                        {
                            let objects: Vec<NodeId> = self.graph.inputs(v)[1..].to_vec();
                            let frames: Vec<&[Option<NodeId>]> =
                                several.iter().map(|r| r.2.as_slice()).collect();
                            self.fill_choice_fields(merge, &frames, &objects, &mut caller.fields)?;
                        }
                        Ok(Some(v))
                    }
                    None => self.bail(
                        BailoutKind::Call,
                        "the called method returns values of different types",
                    ),
                }
            }
        }
    }
}

/// Adds the call site to a bailout from inlined code.
fn inlined_at(e: FrontendError, site: &Location) -> FrontendError {
    match e {
        FrontendError::Bailout(mut b) => {
            b.reason = format!("{} (inlined at {site})", b.reason);
            FrontendError::Bailout(b)
        }
        other => other,
    }
}

/// The class whose methods stand for JDK methods a kernel cannot run as written (the Java API's
/// `JdkSubstitutes`, read through the resolver like any class).
pub(crate) const SUBSTITUTES: &str = "dev/ferrocl/api/JdkSubstitutes";

/// The class whose methods stand for `Character`'s classification and case methods (the Java
/// API's `JdkCharacters`: the JDK's answers for every code point, as tables the host passes).
pub(crate) const CHARACTER_SUBSTITUTES: &str = "dev/ferrocl/api/JdkCharacters";

/// The substitute of a JDK method, when there is one (same name and descriptor in the substitute
/// class): `Arrays.sort` of a primitive array, whole or a range ([`SUBSTITUTES`]); `Character`'s
/// predicates, `char` case mappings, `getType` and `digit` ([`CHARACTER_SUBSTITUTES`]).
fn substitute_for(target: &ferrocl_classfile::MemberRef) -> Option<ferrocl_classfile::MemberRef> {
    let sorts = [
        "([I)V", "([III)V", "([J)V", "([JII)V", "([S)V", "([SII)V", "([C)V", "([CII)V", "([B)V",
        "([BII)V", "([F)V", "([FII)V", "([D)V", "([DII)V",
    ];
    let predicates = [
        "isDigit",
        "isLetter",
        "isLetterOrDigit",
        "isUpperCase",
        "isLowerCase",
        "isWhitespace",
        "isSpaceChar",
        "isTitleCase",
        "isDefined",
        "isJavaIdentifierStart",
        "isJavaIdentifierPart",
    ];
    let class = match (
        target.class.as_str(),
        target.name.as_str(),
        target.descriptor.as_str(),
    ) {
        ("java/util/Arrays", "sort", d) if sorts.contains(&d) => SUBSTITUTES,
        ("java/lang/Character", name, "(C)Z" | "(I)Z") if predicates.contains(&name) => {
            CHARACTER_SUBSTITUTES
        }
        ("java/lang/Character", "isAlphabetic" | "isIdeographic", "(I)Z")
        | ("java/lang/Character", "toUpperCase" | "toLowerCase", "(C)C")
        | ("java/lang/Character", "getType", "(C)I")
        | ("java/lang/Character", "digit", "(CI)I") => CHARACTER_SUBSTITUTES,
        _ => return None,
    };
    Some(ferrocl_classfile::MemberRef {
        class: class.to_string(),
        ..target.clone()
    })
}

/// The class a kernel allocates for `new java.util.Random(seed)` (the Java API's `JdkRandom`: the
/// same sequence, its seed in a field instead of an `AtomicLong`).
pub(crate) const RANDOM_SUBSTITUTE: &str = "dev/ferrocl/api/JdkRandom";

/// Whether `class` is one of Ferrocl's substitute classes (its methods stand for public JDK
/// methods, so a call of one is allowed from anywhere).
pub(crate) fn is_substitute_class(class: &str) -> bool {
    class == SUBSTITUTES || class == CHARACTER_SUBSTITUTES || class == RANDOM_SUBSTITUTE
}
