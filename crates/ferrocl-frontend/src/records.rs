//! A record's `equals` and `hashCode` as javac writes them: an `invokedynamic` whose bootstrap is
//! `java.lang.runtime.ObjectMethods.bootstrap`, its static arguments the record class, the
//! components' names and one getter (`REF_getField`) per component. The front end expands them
//! into the operations the JDK's method handles perform, reading each component with the same
//! `getfield` the getter names:
//!
//! - `hashCode`: `h = 0`, then per component in order `h = 31 * h + hash(c)` (`int` arithmetic),
//!   `hash` being the component's wrapper's `hashCode`: the value for `int`, `short`, `char`,
//!   `byte`; `1231`/`1237` for `true`/`false`; `(int) (v ^ (v >>> 32))` for `long`;
//!   `Float.floatToIntBits` and `Double.doubleToLongBits` folded the same way for `float` and
//!   `double` (NaN's canonical bits);
//! - `equals(o)`: false for `null` and for an object of another class; otherwise true when every
//!   component is equal, as the wrapper's `compare` says for primitives (`float` and `double`
//!   compare their canonical bits: `-0.0` differs from `0.0`, every NaN equals every NaN).
//!
//! `equals` with an element of an array of objects as its argument decides per element (null and
//! other classes false, without a null check).
//!
//! **Refused**: `toString` (no strings in a kernel), components of reference type, and `equals` on
//! an object whose class the compiler does not know when compiling (a choice of objects): each
//! with its reason.

use crate::builder::{Builder, Frame, Scope};
use crate::{BailoutKind, FrontendError};
use ferrocl_classfile::{Constant as CpConstant, MemberRef};
use ferrocl_graph::{
    BinaryOp, Condition, Constant, ConvTarget, Conversion, Intrinsic, NodeId, Op, Stamp,
};

/// The bootstrap method of records' `equals`, `hashCode` and `toString`.
const OBJECT_METHODS: (&str, &str) = ("java/lang/runtime/ObjectMethods", "bootstrap");

impl Builder<'_, '_> {
    /// `invokedynamic` of a record's `equals` or `hashCode` (see the module docs): expanded, its
    /// result pushed; `false` when the call site is not one of `ObjectMethods` (another kind of
    /// `invokedynamic`, left to [`Builder::invoke_dynamic`]).
    pub(crate) fn object_methods(
        &mut self,
        sc: &Scope<'_>,
        index: u16,
        frame: &mut Frame,
        tail: &mut NodeId,
    ) -> Result<bool, FrontendError> {
        let indy = match sc.class.invoke_dynamic(index) {
            Ok(i) => i,
            Err(e) => return self.malformed(e.to_string()),
        };
        let Some(bootstrap) = sc.class.bootstrap_method(indy.bootstrap_method) else {
            return self.malformed("invokedynamic names a missing bootstrap method");
        };
        if (
            bootstrap.method.class.as_str(),
            bootstrap.method.name.as_str(),
        ) != OBJECT_METHODS
        {
            return Ok(false);
        }
        let Some(CpConstant::Class(record)) = bootstrap.arguments.first().cloned() else {
            return self.malformed("ObjectMethods call site without its record class");
        };
        let mut getters = Vec::new();
        for a in bootstrap.arguments.iter().skip(2) {
            let CpConstant::MethodHandle { kind: 1, member } = a else {
                return self
                    .malformed("ObjectMethods call site with an argument that is not a getter");
            };
            let Some(stamp) =
                Stamp::from_descriptor(&member.descriptor).filter(|s| s.is_primitive())
            else {
                return self.bail(
                    BailoutKind::Call,
                    format!(
                        "{}.{} of record {}: component {} is of a reference type (only records of \
                         primitive components compare and hash in a kernel)",
                        record.replace('/', "."),
                        indy.name,
                        record.replace('/', "."),
                        member.name
                    ),
                );
            };
            let Some(field) = field_index(sc, member) else {
                return self.malformed(format!("no Fieldref for record component {}", member.name));
            };
            getters.push((field, member.descriptor.clone(), stamp));
        }
        match (indy.name.as_str(), getters.is_empty()) {
            ("hashCode", _) => {
                let receiver = self.pop(frame)?;
                let thirty_one = self.constant(Constant::Int(31))?;
                let mut h = self.constant(Constant::Int(0))?;
                for (field, descriptor, _) in &getters {
                    let v = self.read_field(sc, *field, receiver, frame, tail)?;
                    let c = self.component_hash(v, descriptor)?;
                    let scaled =
                        self.add(Op::Binary(BinaryOp::Mul), Stamp::Int, vec![h, thirty_one])?;
                    h = self.add(Op::Binary(BinaryOp::Add), Stamp::Int, vec![scaled, c])?;
                }
                frame.stack.push(h);
            }
            ("equals", _) => {
                let other = self.pop(frame)?;
                let receiver = self.pop(frame)?;
                if self.is_element(other) {
                    // An element may be null or of another class (then equals is false, with no
                    // null check): decided per element, its fields read where the host left 0s
                    // for the others.
                    let is = self.element_instance_of(other, &record, false)?;
                    let zero = self.constant(Constant::Int(0))?;
                    let mut equal = is;
                    for (field, descriptor, stamp) in &getters {
                        let a = self.read_field(sc, *field, receiver, frame, tail)?;
                        let b = self.element_field_unchecked(sc, *field, other, tail)?;
                        let (a, b) = match stamp {
                            Stamp::Float | Stamp::Double => (
                                self.canonical_bits(a, descriptor)?,
                                self.canonical_bits(b, descriptor)?,
                            ),
                            _ => (a, b),
                        };
                        let same = self.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![a, b])?;
                        equal = self.add(Op::Select, Stamp::Int, vec![same, equal, zero])?;
                    }
                    frame.stack.push(equal);
                    return Ok(true);
                }
                let same_class = if self.nulls.contains(&other) {
                    false
                } else {
                    match self.known_class(other) {
                        Some(Some(class)) => class == record,
                        Some(None) => false,
                        None => {
                            return self.bail(
                                BailoutKind::Call,
                                format!(
                                    "equals of record {} on an object whose class the compiler \
                                     does not know (an element of an array of objects of several \
                                     classes, or a choice of objects)",
                                    record.replace('/', ".")
                                ),
                            )
                        }
                    }
                };
                let mut equal = self.constant(Constant::Int(i32::from(same_class)))?;
                if same_class {
                    let zero = self.constant(Constant::Int(0))?;
                    for (field, descriptor, stamp) in &getters {
                        let a = self.read_field(sc, *field, receiver, frame, tail)?;
                        let b = self.read_field(sc, *field, other, frame, tail)?;
                        let (a, b) = match stamp {
                            Stamp::Float | Stamp::Double => (
                                self.canonical_bits(a, descriptor)?,
                                self.canonical_bits(b, descriptor)?,
                            ),
                            _ => (a, b),
                        };
                        let same = self.add(Op::Compare(Condition::Eq), Stamp::Bool, vec![a, b])?;
                        equal = self.add(Op::Select, Stamp::Int, vec![same, equal, zero])?;
                    }
                }
                frame.stack.push(equal);
            }
            _ => {
                return self.bail(
                    BailoutKind::Call,
                    format!(
                        "{}.{}: a record's {} is not supported in a kernel",
                        record.replace('/', "."),
                        indy.name,
                        indy.name
                    ),
                )
            }
        }
        Ok(true)
    }

    /// `Float.floatToIntBits` / `Double.doubleToLongBits` of `v` (NaN as its canonical bits).
    fn canonical_bits(&mut self, v: NodeId, descriptor: &str) -> Result<NodeId, FrontendError> {
        let (raw, stamp, nan) = if descriptor == "F" {
            (
                Intrinsic::FloatToRawIntBits,
                Stamp::Int,
                Constant::Int(0x7fc0_0000),
            )
        } else {
            (
                Intrinsic::DoubleToRawLongBits,
                Stamp::Long,
                Constant::Long(0x7ff8_0000_0000_0000),
            )
        };
        let bits = self.add(Op::Intrinsic(raw), stamp, vec![v])?;
        let is_nan = self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![v, v])?;
        let nan = self.constant(nan)?;
        self.add(Op::Select, stamp, vec![is_nan, nan, bits])
    }

    /// The wrapper class's `hashCode` of component value `v` of type `descriptor`.
    fn component_hash(&mut self, v: NodeId, descriptor: &str) -> Result<NodeId, FrontendError> {
        let fold = |b: &mut Self, long: NodeId| -> Result<NodeId, FrontendError> {
            let thirty_two = b.constant(Constant::Int(32))?;
            let high = b.add(
                Op::Binary(BinaryOp::Ushr),
                Stamp::Long,
                vec![long, thirty_two],
            )?;
            let mixed = b.add(Op::Binary(BinaryOp::Xor), Stamp::Long, vec![long, high])?;
            b.add(
                Op::Convert(Conversion {
                    from: Stamp::Long,
                    to: ConvTarget::Int,
                }),
                Stamp::Int,
                vec![mixed],
            )
        };
        match descriptor {
            "Z" => {
                let zero = self.constant(Constant::Int(0))?;
                let is = self.add(Op::Compare(Condition::Ne), Stamp::Bool, vec![v, zero])?;
                let yes = self.constant(Constant::Int(1231))?;
                let no = self.constant(Constant::Int(1237))?;
                self.add(Op::Select, Stamp::Int, vec![is, yes, no])
            }
            "J" => fold(self, v),
            "F" => self.canonical_bits(v, descriptor),
            "D" => {
                let bits = self.canonical_bits(v, descriptor)?;
                fold(self, bits)
            }
            _ => Ok(v),
        }
    }
}

/// The constant-pool index of the `Fieldref` a getter handle names (javac writes one for each).
fn field_index(sc: &Scope<'_>, member: &MemberRef) -> Option<u16> {
    let len = u16::try_from(sc.class.constant_pool_len()).unwrap_or(u16::MAX);
    (1..len).find(|&i| sc.class.member_ref(i).is_ok_and(|m| m == *member))
}
