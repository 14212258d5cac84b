//! `getstatic` of primitive fields and of primitive arrays.
//!
//! A `static final` field with a `ConstantValue` attribute is its constant (javac inlines such
//! fields itself unless the reading class was compiled against another version of the declaring
//! class). Any other primitive static field becomes a [`Op::StaticField`] node: the host reads the
//! field at every `execute()` and passes its value to the kernel. javac's synthetic
//! `$assertionsDisabled` is `true` (assertions off, the JVM's default; `assert` folds away) unless
//! the resolver says the class runs with assertions enabled: then the method bails out.
//!
//! A static field holding a primitive array (`static final float[] TABLE = {…}`, javac's switch map
//! of an `enum` switch) becomes a parameter ([`crate::ParamInfo::static_field`]) that the host
//! reads from the field at every `execute()`, once Java has initialised the class (or where doing
//! it early cannot be seen), and passes like an array argument. So does a static field holding an
//! object, whose fields the kernel may read: when it is first read, the host describes the object's
//! exact class and the objects reachable from it (`ClassResolver::static_objects`), rooted at the
//! field's parameter in the class map, so that calls on them are devirtualised like calls on the
//! task's arguments (the host guards the kernel on that description). Writing a static field, and
//! static fields holding arrays of objects or multi-dimensional arrays, are refused.

use crate::builder::{field_name, Builder, Scope};
use crate::error::FrontendError;
use crate::inline::ClassRef;
use crate::BailoutKind;
use ferrocl_classfile::bytecode::{ArithOp, Kind, Op as JOp};
use ferrocl_classfile::{access, Constant as ClassConstant, Field};
use ferrocl_graph::{Constant, FieldRef, NodeId, Op, Stamp};

/// The synthetic field javac adds to a class with `assert` statements.
const ASSERTIONS_DISABLED: &str = "$assertionsDisabled";

/// The longest array an initialiser may allocate and still count as unobservable (javac's array
/// initialisers of constants are far shorter; a huge `new long[1 << 28]` may fail).
const MAX_INITIALISED_ARRAY: i64 = 1 << 16;

/// How many classes and interfaces a field lookup walks before giving up.
const MAX_LOOKUP: usize = 64;

impl<'a> Builder<'a, '_> {
    /// The value of `getstatic` of the field reference at `index` of the scope's class.
    pub(crate) fn get_static(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
    ) -> Result<NodeId, FrontendError> {
        let field = match sc.class.member_ref(index) {
            Ok(f) => f,
            Err(e) => return self.malformed(e.to_string()),
        };
        let name = field_name(sc.class, index);
        let stamp = match Stamp::from_descriptor(&field.descriptor) {
            Some(s) if s.is_primitive() => s,
            Some(s @ Stamp::Array(_)) => {
                return self.static_value(&field.class, &field.name, &field.descriptor, s)
            }
            // An object (not an array of objects), whose fields the kernel may read.
            Some(Stamp::Object) if field.descriptor.starts_with('L') => {
                return self.static_value(
                    &field.class,
                    &field.name,
                    &field.descriptor,
                    Stamp::Object,
                )
            }
            _ if crate::nested::nested_descriptor(&field.descriptor).is_some() => {
                return self.bail(
                    BailoutKind::Construct,
                    format!(
                        "static fields holding multi-dimensional arrays are not supported: {name} \
                         (pass it as an argument, or hold it in a field of the task's object)"
                    ),
                )
            }
            _ => {
                return self.bail(
                    BailoutKind::Construct,
                    format!("static fields holding arrays of objects are not supported: {name}"),
                )
            }
        };
        let (owner, f) = self.resolve_field(&field.class, &field.name, &field.descriptor)?;
        let Some(declared) = owner.fields.get(f) else {
            return self.malformed(format!("field {name} vanished"));
        };
        if !declared.is_static() {
            return self.malformed(format!("getstatic of the instance field {name}"));
        }
        if declared.name == ASSERTIONS_DISABLED
            && declared.descriptor == "Z"
            && declared.access_flags & (access::FINAL | access::SYNTHETIC)
                == access::FINAL | access::SYNTHETIC
        {
            return self.assertions_disabled(&owner.name);
        }
        if declared.access_flags & access::FINAL != 0 {
            if let Some(value) = &declared.constant_value {
                let Some(c) = constant_of(declared, value) else {
                    return self.malformed(format!(
                        "the ConstantValue of {name} does not match its type"
                    ));
                };
                return self.constant(c);
            }
        }
        let host_may_initialise = self.initialiser_is_unobservable(&owner.name);
        // JLS §12.4.1: `getstatic` initialises the class, also where its value goes unused.
        if !host_may_initialise && !self.initialised.contains(&owner.name) {
            self.initialised.push(owner.name.clone());
        }
        let field = FieldRef {
            class: owner.name.clone(),
            name: declared.name.clone(),
            descriptor: declared.descriptor.clone(),
            host_may_initialise,
        };
        self.add(Op::StaticField(field), stamp, vec![])
    }

    /// `getstatic` of a primitive array field (`static final float[] TABLE = {…}`), or of an object
    /// whose fields the kernel reads (`static final Config CFG`): a parameter the host reads from
    /// the field at every launch (one per field, however often it is read). A kernel cannot write
    /// static fields, so every read in the method sees the same value. Calls on such an object are
    /// not devirtualised (the host describes the classes of arguments only).
    fn static_value(
        &mut self,
        class: &str,
        field_name: &str,
        descriptor: &str,
        stamp: Stamp,
    ) -> Result<NodeId, FrontendError> {
        let (owner, f) = self.resolve_field(class, field_name, descriptor)?;
        let Some(declared) = owner.fields.get(f) else {
            return self.malformed(format!("field {field_name} vanished"));
        };
        if !declared.is_static() {
            return self.malformed(format!("getstatic of the instance field {field_name}"));
        }
        let owner_name = owner.name.clone();
        let host_may_initialise = self.initialiser_is_unobservable(&owner_name);
        // JLS §12.4.1: `getstatic` initialises the class.
        if !host_may_initialise && !self.initialised.contains(&owner_name) {
            self.initialised.push(owner_name.clone());
        }
        let field = FieldRef {
            class: owner_name,
            name: declared.name.clone(),
            descriptor: descriptor.to_string(),
            host_may_initialise,
        };
        if let Some(existing) = self.params.iter().find(|p| {
            p.static_field
                .as_ref()
                .is_some_and(|s| s.class == field.class && s.name == field.name)
        }) {
            return Ok(existing.node);
        }
        let index = u16::try_from(self.params.len()).unwrap_or(u16::MAX);
        if stamp == Stamp::Object {
            self.describe_static_object(&field, usize::from(index));
        }
        let node = self.graph.add(Op::Parameter(index), stamp, vec![]);
        let name = field.name.clone();
        self.names.set(node, Some(name.clone()));
        let added = crate::ParamInfo::added(node, field.descriptor.clone(), stamp, Some(name));
        self.params.push(crate::ParamInfo {
            field_class: Some(field.class.clone()),
            field_owner: Some(field.class.clone()),
            static_field: Some(field),
            ..added
        });
        Ok(node)
    }

    /// Adds the host's description of the objects reachable from static field `field` (see
    /// [`crate::ClassResolver::static_objects`]) to the class map, rooted at parameter `root`, the
    /// field's: virtual calls, null tests and type checks on them are then decided as on the
    /// task's arguments. Lines the map cannot read are skipped (those objects stay unknown).
    fn describe_static_object(&mut self, field: &FieldRef, root: usize) {
        let Some(text) = self.resolver.static_objects(
            &field.class,
            &field.name,
            &field.descriptor,
            field.host_may_initialise,
        ) else {
            return;
        };
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Some((path, token)) = line.split_once('\t') else {
                continue;
            };
            let rooted = format!("{root}\t{path}\t{token}");
            if let Ok(one) = crate::RuntimeClasses::parse(&rooted) {
                for (p, c) in one.entries() {
                    self.runtime.insert(p.clone(), c.clone());
                }
            }
        }
    }

    /// javac's `$assertionsDisabled` of `class`: true, as the JVM runs without `-ea`, so every
    /// `assert` folds away; a bailout when the host says the class runs its assertions.
    fn assertions_disabled(&mut self, class: &str) -> Result<NodeId, FrontendError> {
        if self.resolver.assertions_enabled(class) == Some(true) {
            return self.bail(
                BailoutKind::Runtime,
                format!(
                "assertions are enabled for {} (-ea): the method runs on the JVM, where its assert \
                 statements can throw",
                class.replace('/', ".")
            ),
            );
        }
        self.constant(Constant::Int(1))
    }

    /// Field resolution (JVMS §5.4.3.2): the class itself, then its superinterfaces, then its
    /// superclass, recursively. Returns the declaring class and the field's index in it.
    fn resolve_field(
        &mut self,
        class: &str,
        name: &str,
        descriptor: &str,
    ) -> Result<(ClassRef<'a>, usize), FrontendError> {
        let mut work = vec![class.to_string()];
        let mut seen = Vec::new();
        // Depth-first in JVMS order: a class's own fields, its interfaces, then its superclass.
        while let Some(current) = work.pop() {
            if seen.contains(&current) {
                continue;
            }
            if seen.len() >= MAX_LOOKUP {
                break;
            }
            let owner = self.load_class(&current)?;
            if let Some(i) = owner
                .fields
                .iter()
                .position(|f| f.name == name && f.descriptor == descriptor)
            {
                return Ok((owner, i));
            }
            seen.push(current);
            // `java.lang.Object` declares no fields (and interfaces name it as their superclass).
            let is_interface = owner.access_flags & access::INTERFACE != 0;
            if let Some(parent) = owner.super_name.as_ref().filter(|_| !is_interface) {
                if parent != "java/lang/Object" {
                    work.push(parent.clone());
                }
            }
            work.extend(owner.interfaces.iter().rev().cloned());
        }
        self.bail(
            BailoutKind::Construct,
            format!(
                "field {}.{name} not found in the class hierarchy",
                class.replace('/', ".")
            ),
        )
    }
}

/// The constant of a `ConstantValue` attribute, if it matches the field's type.
fn constant_of(field: &Field, value: &ClassConstant) -> Option<Constant> {
    Some(match (field.descriptor.as_str(), value) {
        ("Z" | "B" | "C" | "S" | "I", ClassConstant::Int(v)) => Constant::Int(*v),
        ("J", ClassConstant::Long(v)) => Constant::Long(*v),
        ("F", ClassConstant::Float(v)) => Constant::Float(*v),
        ("D", ClassConstant::Double(v)) => Constant::Double(*v),
        _ => return None,
    })
}

/// Static methods of `java.lang` a static initialiser may call and stay unobservable: they compute
/// from their arguments only, touch no state, and cannot throw.
const PURE_METHODS: &[(&str, &[&str])] = &[
    ("java/lang/Math", MATH),
    ("java/lang/StrictMath", MATH),
    ("java/lang/Integer", BITS),
    ("java/lang/Long", BITS),
    ("java/lang/Short", BITS),
    ("java/lang/Byte", BITS),
    ("java/lang/Character", BITS),
    (
        "java/lang/Float",
        &[
            "floatToIntBits",
            "floatToRawIntBits",
            "intBitsToFloat",
            "isNaN",
            "isInfinite",
            "isFinite",
            "compare",
            "max",
            "min",
            "sum",
        ],
    ),
    (
        "java/lang/Double",
        &[
            "doubleToLongBits",
            "doubleToRawLongBits",
            "longBitsToDouble",
            "isNaN",
            "isInfinite",
            "isFinite",
            "compare",
            "max",
            "min",
            "sum",
        ],
    ),
];

/// The functions of `Math` and `StrictMath` that cannot throw.
const MATH: &[&str] = &[
    "abs",
    "max",
    "min",
    "sqrt",
    "cbrt",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "exp",
    "expm1",
    "log",
    "log10",
    "log1p",
    "pow",
    "hypot",
    "sinh",
    "cosh",
    "tanh",
    "floor",
    "ceil",
    "rint",
    "round",
    "signum",
    "copySign",
    "ulp",
    "nextUp",
    "nextDown",
    "nextAfter",
    "scalb",
    "getExponent",
    "toRadians",
    "toDegrees",
    "fma",
    "IEEEremainder",
];

/// The bit and comparison methods of the integer box classes.
const BITS: &[&str] = &[
    "bitCount",
    "reverse",
    "reverseBytes",
    "rotateLeft",
    "rotateRight",
    "highestOneBit",
    "lowestOneBit",
    "numberOfLeadingZeros",
    "numberOfTrailingZeros",
    "signum",
    "compare",
    "compareUnsigned",
    "max",
    "min",
    "sum",
    "toUnsignedLong",
    "toUnsignedInt",
    "hashCode",
];

impl Builder<'_, '_> {
    /// Whether initialising `class` (JLS §12.4.2: its superclasses and the superinterfaces that
    /// declare default methods first, then its `<clinit>`) early, before the kernel runs, can
    /// neither be observed nor fail: every initialiser on the way only pushes constants, computes
    /// (no integer division, which can throw), reads and writes its own class's static fields, and
    /// calls `java.lang`'s pure static methods ([`PURE_METHODS`]) or `Integer.parseInt` /
    /// `Long.parseLong` of a constant string that parses. Anything else (a call into user code,
    /// another class's static field, an allocation, an array, a `throw`) might be seen or fail.
    pub(crate) fn initialiser_is_unobservable(&mut self, class: &str) -> bool {
        let mut work = vec![class.to_string()];
        let mut seen: Vec<String> = Vec::new();
        while let Some(current) = work.pop() {
            if current == "java/lang/Object" || seen.contains(&current) {
                continue;
            }
            if seen.len() >= MAX_LOOKUP {
                return false;
            }
            seen.push(current.clone());
            let Ok(loaded) = self.load_class(&current) else {
                return false;
            };
            if let Some(clinit) = loaded.methods.iter().find(|m| m.name == "<clinit>") {
                let Some(code) = &clinit.code else {
                    return false;
                };
                if !code.exception_table.is_empty() {
                    return false;
                }
                let ops: Vec<&JOp> = code.instructions.iter().map(|i| &i.op).collect();
                let mut size: Option<i64> = None;
                for (k, op) in ops.iter().enumerate() {
                    let previous = k.checked_sub(1).and_then(|p| ops.get(p)).copied();
                    let fine = match op {
                        // javac's array initialiser of constants (`static final int[] T = {1, 2}`):
                        // a constant size, then `dup; index; constant; xastore` in bounds.
                        // (A small array: allocating a large one can fail, an OutOfMemoryError
                        // Java would throw where it first reads the field, if it does.)
                        JOp::NewArray(_) => {
                            size = previous
                                .and_then(int_constant)
                                .filter(|&n| (0..=MAX_INITIALISED_ARRAY).contains(&n));
                            size.is_some()
                        }
                        JOp::ArrayStore(_) => {
                            let at = |back: usize| k.checked_sub(back).and_then(|p| ops.get(p));
                            matches!(at(3), Some(JOp::Dup))
                                && at(2)
                                    .and_then(|o| int_constant(o))
                                    .zip(size)
                                    .is_some_and(|(i, n)| i >= 0 && i < n)
                                && at(1).is_some_and(|o| constant_push(&loaded, o))
                        }
                        _ => unobservable(&loaded, &current, op, previous),
                    };
                    if !fine {
                        return false;
                    }
                }
            }
            let is_interface = loaded.access_flags & access::INTERFACE != 0;
            if !is_interface {
                work.extend(loaded.super_name.iter().cloned());
            }
            // Superinterfaces are initialised first only when they declare default methods
            // (JLS §12.4.2 step 7); an interface's own superinterfaces are not.
            if !is_interface {
                let mut interfaces = loaded.interfaces.clone();
                let mut k = 0;
                while let Some(name) = interfaces.get(k).cloned() {
                    k += 1;
                    if interfaces.len() > MAX_LOOKUP {
                        return false;
                    }
                    let Ok(i) = self.load_class(&name) else {
                        return false;
                    };
                    let defaults = i.methods.iter().any(|m| {
                        m.access_flags & (access::ABSTRACT | access::STATIC) == 0
                            && m.name != "<clinit>"
                    });
                    if defaults && !seen.contains(&name) {
                        work.push(name.clone());
                    }
                    interfaces.extend(i.interfaces.iter().cloned());
                }
            }
        }
        true
    }
}

/// The value `op` pushes when it pushes an `int` constant.
fn int_constant(op: &JOp) -> Option<i64> {
    match op {
        JOp::Iconst(v) => Some(i64::from(*v)),
        _ => None,
    }
}

/// Whether `op` pushes a constant (a primitive or a string).
fn constant_push(file: &ferrocl_classfile::ClassFile, op: &JOp) -> bool {
    match op {
        JOp::Iconst(_) | JOp::Lconst(_) | JOp::Fconst(_) | JOp::Dconst(_) | JOp::AconstNull => true,
        JOp::Ldc(i) => matches!(
            file.constant(*i),
            Ok(ClassConstant::Int(_)
                | ClassConstant::Long(_)
                | ClassConstant::Float(_)
                | ClassConstant::Double(_)
                | ClassConstant::String(_))
        ),
        _ => false,
    }
}

/// Whether instruction `op` of `class`'s static initialiser (after `previous`) is one an early
/// initialisation cannot show (see [`Builder::initialiser_is_unobservable`]).
fn unobservable(
    file: &ferrocl_classfile::ClassFile,
    class: &str,
    op: &JOp,
    previous: Option<&JOp>,
) -> bool {
    // Declared by the class itself (a field of a superinterface would initialise it).
    let own_field = |index: u16| {
        file.member_ref(index).is_ok_and(|m| {
            m.class == class
                && file
                    .fields
                    .iter()
                    .any(|f| f.is_static() && f.name == m.name && f.descriptor == m.descriptor)
        })
    };
    let pure_call = |index: u16| {
        let Ok(m) = file.member_ref(index) else {
            return false;
        };
        if PURE_METHODS
            .iter()
            .any(|(c, names)| *c == m.class && names.contains(&m.name.as_str()))
        {
            return true;
        }
        // `Integer.parseInt("37")`: the constant parses, so the call cannot throw.
        let constant = match previous {
            Some(JOp::Ldc(i)) => match file.constant(*i) {
                Ok(ClassConstant::String(text)) => Some(text),
                _ => None,
            },
            _ => None,
        };
        match (
            m.class.as_str(),
            m.name.as_str(),
            m.descriptor.as_str(),
            constant,
        ) {
            ("java/lang/Integer", "parseInt", "(Ljava/lang/String;)I", Some(t)) => {
                t.is_ascii() && t.parse::<i32>().is_ok()
            }
            ("java/lang/Long", "parseLong", "(Ljava/lang/String;)J", Some(t)) => {
                t.is_ascii() && t.parse::<i64>().is_ok()
            }
            _ => false,
        }
    };
    match op {
        JOp::Arith(kind, ArithOp::Div | ArithOp::Rem) => !matches!(kind, Kind::Int | Kind::Long),
        JOp::Ldc(_) => constant_push(file, op),
        JOp::GetStatic(index) | JOp::PutStatic(index) => own_field(*index),
        JOp::InvokeStatic(index) => pure_call(*index),
        JOp::Nop
        | JOp::AconstNull
        | JOp::Iconst(_)
        | JOp::Lconst(_)
        | JOp::Fconst(_)
        | JOp::Dconst(_)
        | JOp::Load(..)
        | JOp::Store(..)
        | JOp::Pop
        | JOp::Pop2
        | JOp::Dup
        | JOp::DupX1
        | JOp::DupX2
        | JOp::Dup2
        | JOp::Dup2X1
        | JOp::Dup2X2
        | JOp::Swap
        | JOp::Arith(..)
        | JOp::Iinc { .. }
        | JOp::Convert(..)
        | JOp::Lcmp
        | JOp::Fcmpl
        | JOp::Fcmpg
        | JOp::Dcmpl
        | JOp::Dcmpg
        | JOp::If { .. }
        | JOp::IfIcmp { .. }
        | JOp::Goto(_)
        | JOp::TableSwitch { .. }
        | JOp::LookupSwitch { .. }
        | JOp::Return(_) => true,
        _ => false,
    }
}
