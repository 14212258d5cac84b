//! Field and method descriptors (JVMS §4.3).
//!
//! [`crate::parse`] checks every descriptor it stores (fields, methods, member
//! references, `MethodType`, `Dynamic`, `InvokeDynamic`), so the parsers here
//! succeed on any descriptor taken from a parsed [`crate::ClassFile`].

use crate::bytecode::Kind;

/// Maximum number of array dimensions a descriptor may have (JVMS §4.3.2).
pub const MAX_ARRAY_DIMENSIONS: usize = 255;

/// A field type, as written in a descriptor.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FieldType {
    /// `Z`
    Boolean,
    /// `B`
    Byte,
    /// `C`
    Char,
    /// `S`
    Short,
    /// `I`
    Int,
    /// `J`
    Long,
    /// `F`
    Float,
    /// `D`
    Double,
    /// `Lname;`: a class or interface type, by internal name (e.g. `java/lang/String`).
    Object(String),
    /// `[component`
    Array(Box<FieldType>),
}

impl FieldType {
    /// Parses a complete field descriptor such as `I`, `[J` or `Ljava/lang/String;`.
    pub fn parse(descriptor: &str) -> Option<FieldType> {
        let (t, rest) = parse_field_type(descriptor.as_bytes())?;
        rest.is_empty().then_some(t)
    }

    /// Local-variable / operand-stack slots the type occupies (2 for `J` and `D`, else 1).
    pub fn slots(&self) -> u16 {
        match self {
            FieldType::Long | FieldType::Double => 2,
            _ => 1,
        }
    }

    /// The computational kind of a value of this type on the operand stack
    /// (`boolean`, `byte`, `char`, `short` and `int` are all [`Kind::Int`]).
    pub fn kind(&self) -> Kind {
        match self {
            FieldType::Boolean
            | FieldType::Byte
            | FieldType::Char
            | FieldType::Short
            | FieldType::Int => Kind::Int,
            FieldType::Long => Kind::Long,
            FieldType::Float => Kind::Float,
            FieldType::Double => Kind::Double,
            FieldType::Object(_) | FieldType::Array(_) => Kind::Ref,
        }
    }
}

/// A parsed method descriptor `(params)ret`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MethodDescriptor {
    /// Parameter types in order (not counting `this`).
    pub params: Vec<FieldType>,
    /// Return type; `None` for `V`.
    pub ret: Option<FieldType>,
}

impl MethodDescriptor {
    /// Parses a method descriptor such as `([II)V`.
    pub fn parse(descriptor: &str) -> Option<MethodDescriptor> {
        let mut s = descriptor.as_bytes().strip_prefix(b"(")?;
        let mut params = Vec::new();
        loop {
            match s.first()? {
                b')' => {
                    s = &s[1..];
                    break;
                }
                _ => {
                    let (t, rest) = parse_field_type(s)?;
                    params.push(t);
                    s = rest;
                }
            }
        }
        let ret = if s == b"V" {
            None
        } else {
            let (t, rest) = parse_field_type(s)?;
            if !rest.is_empty() {
                return None;
            }
            Some(t)
        };
        Some(MethodDescriptor { params, ret })
    }

    /// Local-variable slots taken by the parameters (not counting `this`).
    pub fn param_slots(&self) -> u32 {
        self.params.iter().map(|p| u32::from(p.slots())).sum()
    }
}

/// Is `descriptor` a valid field descriptor?
pub(crate) fn is_field_descriptor(descriptor: &str) -> bool {
    matches!(parse_field_type(descriptor.as_bytes()), Some((_, rest)) if rest.is_empty())
}

/// Is `descriptor` a valid method descriptor?
pub(crate) fn is_method_descriptor(descriptor: &str) -> bool {
    MethodDescriptor::parse(descriptor).is_some()
}

/// Number of parameters of a (valid) method descriptor.
pub(crate) fn param_count(descriptor: &str) -> usize {
    MethodDescriptor::parse(descriptor).map_or(0, |d| d.params.len())
}

fn parse_field_type(s: &[u8]) -> Option<(FieldType, &[u8])> {
    let mut dims = 0usize;
    let mut s = s;
    while let Some(b'[') = s.first() {
        dims += 1;
        s = &s[1..];
    }
    if dims > MAX_ARRAY_DIMENSIONS {
        return None;
    }
    let (first, rest) = s.split_first()?;
    let (mut t, rest) = match first {
        b'Z' => (FieldType::Boolean, rest),
        b'B' => (FieldType::Byte, rest),
        b'C' => (FieldType::Char, rest),
        b'S' => (FieldType::Short, rest),
        b'I' => (FieldType::Int, rest),
        b'J' => (FieldType::Long, rest),
        b'F' => (FieldType::Float, rest),
        b'D' => (FieldType::Double, rest),
        b'L' => {
            let end = rest.iter().position(|&b| b == b';')?;
            let name = &rest[..end];
            if name.is_empty() || name.iter().any(|&b| b == b'.' || b == b'[') {
                return None;
            }
            // `name` is a prefix of a &str cut at an ASCII byte, so valid UTF-8.
            let name = std::str::from_utf8(name).ok()?;
            (FieldType::Object(name.to_owned()), &rest[end + 1..])
        }
        _ => return None,
    };
    for _ in 0..dims {
        t = FieldType::Array(Box::new(t));
    }
    Some((t, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_descriptors() {
        assert_eq!(FieldType::parse("I"), Some(FieldType::Int));
        assert_eq!(
            FieldType::parse("[[Ljava/lang/String;"),
            Some(FieldType::Array(Box::new(FieldType::Array(Box::new(
                FieldType::Object("java/lang/String".into())
            )))))
        );
        assert_eq!(FieldType::parse("V"), None);
        assert_eq!(FieldType::parse("II"), None);
        assert_eq!(FieldType::parse("L;"), None);
        assert_eq!(FieldType::parse("Ljava/lang/String"), None);
        assert_eq!(FieldType::parse(&"[".repeat(256).to_string()), None);
        assert!(FieldType::parse(&format!("{}I", "[".repeat(255))).is_some());
        let m = MethodDescriptor::parse("([IJLjava/lang/Object;D)V").expect("valid");
        assert_eq!(m.params.len(), 4);
        assert_eq!(m.param_slots(), 6);
        assert_eq!(m.ret, None);
        assert_eq!(
            MethodDescriptor::parse("()[Z").map(|m| m.ret),
            Some(Some(FieldType::Array(Box::new(FieldType::Boolean))))
        );
        assert!(MethodDescriptor::parse("(V)V").is_none());
        assert!(MethodDescriptor::parse("()").is_none());
        assert!(MethodDescriptor::parse("()VV").is_none());
        assert!(MethodDescriptor::parse("(I").is_none());
        assert!(MethodDescriptor::parse("I").is_none());
    }
}
