//! The constant pool (JVMS §4.4): reading, cross-reference validation and
//! typed lookups.
//!
//! All 17 tags of Java 25 are understood, including `CONSTANT_Dynamic` (17),
//! `CONSTANT_Module` (19) and `CONSTANT_Package` (20). After reading, every
//! entry's references are checked (a `CONSTANT_Class` names a `CONSTANT_Utf8`,
//! a `CONSTANT_Methodref`'s `NameAndType` carries a method descriptor, a
//! method handle's `reference_kind` matches the kind of member it references,
//! ...), so the typed lookups only fail when handed an index of the wrong kind.

use crate::descriptor::{is_field_descriptor, is_method_descriptor};
use crate::error::ClassFileError;
use crate::reader::Reader;

/// A resolved field or method reference (`CONSTANT_Fieldref`,
/// `CONSTANT_Methodref` or `CONSTANT_InterfaceMethodref`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MemberRef {
    /// Internal name of the class holding the member (may be an array
    /// descriptor such as `[I` for `clone` on arrays).
    pub class: String,
    /// Member name, e.g. `length` or `<init>`.
    pub name: String,
    /// Field or method descriptor.
    pub descriptor: String,
    /// `true` for `CONSTANT_InterfaceMethodref`.
    pub interface: bool,
}

/// A loadable constant (the operand of `ldc`, `ldc_w`, `ldc2_w`, a
/// `ConstantValue` attribute or a bootstrap-method argument).
#[derive(Debug, Clone, PartialEq)]
pub enum Constant {
    /// `CONSTANT_Integer`
    Int(i32),
    /// `CONSTANT_Float`
    Float(f32),
    /// `CONSTANT_Long`
    Long(i64),
    /// `CONSTANT_Double`
    Double(f64),
    /// `CONSTANT_String`
    String(String),
    /// `CONSTANT_Class`: an internal name or array descriptor.
    Class(String),
    /// `CONSTANT_MethodHandle`.
    MethodHandle {
        /// `reference_kind`, 1 (`REF_getField`) ..= 9 (`REF_invokeInterface`).
        kind: u8,
        /// The referenced field or method.
        member: MemberRef,
    },
    /// `CONSTANT_MethodType`: a method descriptor.
    MethodType(String),
    /// `CONSTANT_Dynamic` (Java 11+).
    Dynamic {
        /// Index into [`crate::ClassFile::bootstrap_methods`].
        bootstrap: u16,
        /// Name of the dynamic constant.
        name: String,
        /// Field descriptor of its type.
        descriptor: String,
    },
}

/// A resolved `CONSTANT_InvokeDynamic` entry.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InvokeDynamic {
    /// Index into [`crate::ClassFile::bootstrap_methods`] (checked to be in range).
    pub bootstrap_method: u16,
    /// Name of the call site, e.g. `makeConcatWithConstants` or `applyAsInt`.
    pub name: String,
    /// Method descriptor of the call site.
    pub descriptor: String,
}

/// Constant-pool tags.
mod tag {
    pub const UTF8: u8 = 1;
    pub const INTEGER: u8 = 3;
    pub const FLOAT: u8 = 4;
    pub const LONG: u8 = 5;
    pub const DOUBLE: u8 = 6;
    pub const CLASS: u8 = 7;
    pub const STRING: u8 = 8;
    pub const FIELDREF: u8 = 9;
    pub const METHODREF: u8 = 10;
    pub const INTERFACE_METHODREF: u8 = 11;
    pub const NAME_AND_TYPE: u8 = 12;
    pub const METHOD_HANDLE: u8 = 15;
    pub const METHOD_TYPE: u8 = 16;
    pub const DYNAMIC: u8 = 17;
    pub const INVOKE_DYNAMIC: u8 = 18;
    pub const MODULE: u8 = 19;
    pub const PACKAGE: u8 = 20;
}

/// Kind of a member reference entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RefKind {
    Field,
    Method,
    InterfaceMethod,
}

/// One constant-pool slot.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Entry {
    /// Slot 0 and the slot after a `Long`/`Double`.
    Unusable,
    Utf8(String),
    Integer(i32),
    Float(f32),
    Long(i64),
    Double(f64),
    Class(u16),
    String(u16),
    MemberRef {
        kind: RefKind,
        class: u16,
        name_and_type: u16,
    },
    NameAndType {
        name: u16,
        descriptor: u16,
    },
    MethodHandle {
        kind: u8,
        reference: u16,
    },
    MethodType(u16),
    Dynamic {
        bootstrap: u16,
        name_and_type: u16,
    },
    InvokeDynamic {
        bootstrap: u16,
        name_and_type: u16,
    },
    Module(u16),
    Package(u16),
}

/// A parsed and cross-checked constant pool.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct ConstantPool {
    entries: Vec<Entry>,
}

impl ConstantPool {
    /// Reads `constant_pool_count` and the entries that follow.
    pub(crate) fn read(r: &mut Reader<'_>) -> Result<Self, ClassFileError> {
        r.set_context("constant pool");
        let count = usize::from(r.u2()?);
        if count == 0 {
            return Err(r.error("constant_pool_count is 0"));
        }
        // Every entry takes at least 3 bytes (a tag and a u2).
        r.check_count(count - 1, 3, "constant pool")?;
        let mut entries = Vec::with_capacity(count);
        entries.push(Entry::Unusable);
        while entries.len() < count {
            let at = r.offset();
            let t = r.u1()?;
            let entry = match t {
                tag::UTF8 => {
                    let len = usize::from(r.u2()?);
                    let bytes = r.bytes(len)?;
                    Entry::Utf8(decode_modified_utf8(bytes).map_err(|m| {
                        Reader::error_at(at, format!("constant #{}: {m}", entries.len()))
                    })?)
                }
                tag::INTEGER => Entry::Integer(r.u4()? as i32),
                tag::FLOAT => Entry::Float(f32::from_bits(r.u4()?)),
                tag::LONG => Entry::Long(r.u8()? as i64),
                tag::DOUBLE => Entry::Double(f64::from_bits(r.u8()?)),
                tag::CLASS => Entry::Class(r.u2()?),
                tag::STRING => Entry::String(r.u2()?),
                tag::FIELDREF | tag::METHODREF | tag::INTERFACE_METHODREF => Entry::MemberRef {
                    kind: match t {
                        tag::FIELDREF => RefKind::Field,
                        tag::METHODREF => RefKind::Method,
                        _ => RefKind::InterfaceMethod,
                    },
                    class: r.u2()?,
                    name_and_type: r.u2()?,
                },
                tag::NAME_AND_TYPE => Entry::NameAndType {
                    name: r.u2()?,
                    descriptor: r.u2()?,
                },
                tag::METHOD_HANDLE => Entry::MethodHandle {
                    kind: r.u1()?,
                    reference: r.u2()?,
                },
                tag::METHOD_TYPE => Entry::MethodType(r.u2()?),
                tag::DYNAMIC => Entry::Dynamic {
                    bootstrap: r.u2()?,
                    name_and_type: r.u2()?,
                },
                tag::INVOKE_DYNAMIC => Entry::InvokeDynamic {
                    bootstrap: r.u2()?,
                    name_and_type: r.u2()?,
                },
                tag::MODULE => Entry::Module(r.u2()?),
                tag::PACKAGE => Entry::Package(r.u2()?),
                other => {
                    return Err(Reader::error_at(
                        at,
                        format!("constant #{}: unknown tag {other}", entries.len()),
                    ))
                }
            };
            let wide = matches!(entry, Entry::Long(_) | Entry::Double(_));
            entries.push(entry);
            if wide {
                if entries.len() >= count {
                    return Err(Reader::error_at(
                        at,
                        format!(
                            "constant #{}: 8-byte constant in the last slot",
                            entries.len() - 1
                        ),
                    ));
                }
                entries.push(Entry::Unusable);
            }
        }
        let cp = ConstantPool { entries };
        cp.validate()?;
        Ok(cp)
    }

    /// Number of slots, i.e. `constant_pool_count`.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn entry(&self, index: u16) -> Option<&Entry> {
        self.entries.get(usize::from(index))
    }

    /// Checks all cross references between entries.
    fn validate(&self) -> Result<(), ClassFileError> {
        for (i, e) in self.entries.iter().enumerate() {
            // `entries.len() <= 65535`, so `i` fits a u16.
            let index = i as u16;
            let bad = |what: &str| {
                Err(ClassFileError::malformed(
                    None,
                    format!("constant #{index}: {what}"),
                ))
            };
            match *e {
                Entry::Class(n) | Entry::String(n) | Entry::Module(n) | Entry::Package(n) => {
                    if self.utf8(n).is_err() {
                        return bad("does not reference a CONSTANT_Utf8");
                    }
                }
                Entry::MemberRef {
                    kind,
                    class,
                    name_and_type,
                } => {
                    if self.class_name(class).is_err() {
                        return bad("member reference does not name a CONSTANT_Class");
                    }
                    let Ok((name, desc)) = self.name_and_type(name_and_type) else {
                        return bad("member reference does not name a CONSTANT_NameAndType");
                    };
                    let ok = match kind {
                        RefKind::Field => is_field_descriptor(desc),
                        _ => is_method_descriptor(desc),
                    };
                    if !ok {
                        return bad(&format!("invalid descriptor {desc:?} for member {name}"));
                    }
                    if name.is_empty() {
                        return bad("empty member name");
                    }
                }
                Entry::NameAndType { name, descriptor } => {
                    if self.utf8(name).is_err() || self.utf8(descriptor).is_err() {
                        return bad("NameAndType does not reference CONSTANT_Utf8 entries");
                    }
                }
                Entry::MethodHandle { kind, reference } => {
                    let target = match self.entry(reference) {
                        Some(Entry::MemberRef { kind, .. }) => Some(*kind),
                        _ => None,
                    };
                    let ok = matches!(
                        (kind, target),
                        (1..=4, Some(RefKind::Field))
                            | (5 | 8, Some(RefKind::Method))
                            | (6 | 7, Some(RefKind::Method | RefKind::InterfaceMethod))
                            | (9, Some(RefKind::InterfaceMethod))
                    );
                    if !ok {
                        return bad(&format!(
                            "method handle of kind {kind} references an incompatible entry #{reference}"
                        ));
                    }
                }
                Entry::MethodType(n) => match self.utf8(n) {
                    Ok(d) if is_method_descriptor(d) => {}
                    _ => return bad("MethodType does not reference a method descriptor"),
                },
                Entry::Dynamic { name_and_type, .. } => match self.name_and_type(name_and_type) {
                    Ok((_, d)) if is_field_descriptor(d) => {}
                    _ => return bad("Dynamic does not reference a NameAndType with a field type"),
                },
                Entry::InvokeDynamic { name_and_type, .. } => {
                    match self.name_and_type(name_and_type) {
                        Ok((_, d)) if is_method_descriptor(d) => {}
                        _ => {
                            return bad(
                                "InvokeDynamic does not reference a NameAndType with a method type",
                            )
                        }
                    }
                }
                Entry::Unusable
                | Entry::Utf8(_)
                | Entry::Integer(_)
                | Entry::Float(_)
                | Entry::Long(_)
                | Entry::Double(_) => {}
            }
        }
        Ok(())
    }

    /// Largest bootstrap-method index used by a `Dynamic`/`InvokeDynamic`
    /// entry, if any.
    pub(crate) fn max_bootstrap_index(&self) -> Option<u16> {
        self.entries
            .iter()
            .filter_map(|e| match *e {
                Entry::Dynamic { bootstrap, .. } | Entry::InvokeDynamic { bootstrap, .. } => {
                    Some(bootstrap)
                }
                _ => None,
            })
            .max()
    }

    /// A `CONSTANT_Utf8` entry.
    pub(crate) fn utf8(&self, index: u16) -> Result<&str, ClassFileError> {
        match self.entry(index) {
            Some(Entry::Utf8(s)) => Ok(s),
            _ => Err(ClassFileError::bad_constant(index, "CONSTANT_Utf8")),
        }
    }

    /// The name of a `CONSTANT_Class` entry.
    pub(crate) fn class_name(&self, index: u16) -> Result<&str, ClassFileError> {
        match self.entry(index) {
            Some(Entry::Class(n)) => self.utf8(*n),
            _ => Err(ClassFileError::bad_constant(index, "CONSTANT_Class")),
        }
    }

    /// Name and descriptor of a `CONSTANT_NameAndType` entry.
    pub(crate) fn name_and_type(&self, index: u16) -> Result<(&str, &str), ClassFileError> {
        match self.entry(index) {
            Some(Entry::NameAndType { name, descriptor }) => {
                Ok((self.utf8(*name)?, self.utf8(*descriptor)?))
            }
            _ => Err(ClassFileError::bad_constant(index, "CONSTANT_NameAndType")),
        }
    }

    /// Kind of the member reference at `index`, if it is one.
    pub(crate) fn ref_kind(&self, index: u16) -> Option<RefKind> {
        match self.entry(index) {
            Some(Entry::MemberRef { kind, .. }) => Some(*kind),
            _ => None,
        }
    }

    /// A resolved `Fieldref`/`Methodref`/`InterfaceMethodref`.
    pub(crate) fn member_ref(&self, index: u16) -> Result<MemberRef, ClassFileError> {
        match self.entry(index) {
            Some(Entry::MemberRef {
                kind,
                class,
                name_and_type,
            }) => {
                let (name, descriptor) = self.name_and_type(*name_and_type)?;
                Ok(MemberRef {
                    class: self.class_name(*class)?.to_owned(),
                    name: name.to_owned(),
                    descriptor: descriptor.to_owned(),
                    interface: *kind == RefKind::InterfaceMethod,
                })
            }
            _ => Err(ClassFileError::bad_constant(
                index,
                "CONSTANT_Fieldref, CONSTANT_Methodref or CONSTANT_InterfaceMethodref",
            )),
        }
    }

    /// A loadable constant.
    pub(crate) fn constant(&self, index: u16) -> Result<Constant, ClassFileError> {
        let bad = || ClassFileError::bad_constant(index, "loadable constant");
        Ok(match self.entry(index).ok_or_else(bad)? {
            Entry::Integer(v) => Constant::Int(*v),
            Entry::Float(v) => Constant::Float(*v),
            Entry::Long(v) => Constant::Long(*v),
            Entry::Double(v) => Constant::Double(*v),
            Entry::String(n) => Constant::String(self.utf8(*n)?.to_owned()),
            Entry::Class(n) => Constant::Class(self.utf8(*n)?.to_owned()),
            Entry::MethodHandle { kind, reference } => Constant::MethodHandle {
                kind: *kind,
                member: self.member_ref(*reference)?,
            },
            Entry::MethodType(n) => Constant::MethodType(self.utf8(*n)?.to_owned()),
            Entry::Dynamic {
                bootstrap,
                name_and_type,
            } => {
                let (name, descriptor) = self.name_and_type(*name_and_type)?;
                Constant::Dynamic {
                    bootstrap: *bootstrap,
                    name: name.to_owned(),
                    descriptor: descriptor.to_owned(),
                }
            }
            _ => return Err(bad()),
        })
    }

    /// Is the entry at `index` loadable, and if so does it take two stack
    /// slots (`long`/`double`, including `Dynamic` of type `J`/`D`)?
    pub(crate) fn loadable_width(&self, index: u16) -> Option<u8> {
        match self.entry(index)? {
            Entry::Integer(_)
            | Entry::Float(_)
            | Entry::String(_)
            | Entry::Class(_)
            | Entry::MethodHandle { .. }
            | Entry::MethodType(_) => Some(1),
            Entry::Long(_) | Entry::Double(_) => Some(2),
            Entry::Dynamic { name_and_type, .. } => {
                let (_, d) = self.name_and_type(*name_and_type).ok()?;
                Some(if d == "J" || d == "D" { 2 } else { 1 })
            }
            _ => None,
        }
    }

    /// Is the entry at `index` a value allowed in a `ConstantValue` attribute?
    pub(crate) fn is_constant_value(&self, index: u16) -> bool {
        matches!(
            self.entry(index),
            Some(
                Entry::Integer(_)
                    | Entry::Float(_)
                    | Entry::Long(_)
                    | Entry::Double(_)
                    | Entry::String(_)
            )
        )
    }

    /// A method handle entry as `(kind, member)`.
    pub(crate) fn method_handle(&self, index: u16) -> Result<(u8, MemberRef), ClassFileError> {
        match self.entry(index) {
            Some(Entry::MethodHandle { kind, reference }) => {
                Ok((*kind, self.member_ref(*reference)?))
            }
            _ => Err(ClassFileError::bad_constant(index, "CONSTANT_MethodHandle")),
        }
    }

    /// A resolved `CONSTANT_InvokeDynamic`.
    pub(crate) fn invoke_dynamic(&self, index: u16) -> Result<InvokeDynamic, ClassFileError> {
        match self.entry(index) {
            Some(Entry::InvokeDynamic {
                bootstrap,
                name_and_type,
            }) => {
                let (name, descriptor) = self.name_and_type(*name_and_type)?;
                Ok(InvokeDynamic {
                    bootstrap_method: *bootstrap,
                    name: name.to_owned(),
                    descriptor: descriptor.to_owned(),
                })
            }
            _ => Err(ClassFileError::bad_constant(
                index,
                "CONSTANT_InvokeDynamic",
            )),
        }
    }

    /// Is the entry at `index` a `CONSTANT_Class`?
    pub(crate) fn is_class(&self, index: u16) -> bool {
        matches!(self.entry(index), Some(Entry::Class(_)))
    }

    /// Is the entry at `index` a `CONSTANT_InvokeDynamic`?
    pub(crate) fn is_invoke_dynamic(&self, index: u16) -> bool {
        matches!(self.entry(index), Some(Entry::InvokeDynamic { .. }))
    }
}

/// Decodes the "modified UTF-8" of `CONSTANT_Utf8` (JVMS §4.4.7).
///
/// Surrogate pairs (encoded as two 3-byte sequences) are combined; a lone
/// surrogate, which a Rust `String` cannot hold, becomes U+FFFD.
pub(crate) fn decode_modified_utf8(bytes: &[u8]) -> Result<String, String> {
    if bytes.iter().all(|&b| (1..0x80).contains(&b)) {
        // ASCII fast path; cannot fail.
        return Ok(String::from_utf8_lossy(bytes).into_owned());
    }
    let mut units: Vec<u16> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let cont = |i: usize| -> Result<u16, String> {
        match bytes.get(i) {
            Some(&b) if b & 0xC0 == 0x80 => Ok(u16::from(b & 0x3F)),
            _ => Err(format!("invalid modified UTF-8 at byte {i}")),
        }
    };
    while let Some(&b) = bytes.get(i) {
        match b {
            0x01..=0x7F => {
                units.push(u16::from(b));
                i += 1;
            }
            0xC0..=0xDF => {
                units.push((u16::from(b & 0x1F) << 6) | cont(i + 1)?);
                i += 2;
            }
            0xE0..=0xEF => {
                units.push((u16::from(b & 0x0F) << 12) | (cont(i + 1)? << 6) | cont(i + 2)?);
                i += 3;
            }
            _ => return Err(format!("invalid modified UTF-8 byte {b:#04x} at byte {i}")),
        }
    }
    let s = String::from_utf16_lossy(&units);
    if s.contains('\u{FFFD}') && !units.contains(&0xFFFD) {
        log::debug!("lone surrogate in CONSTANT_Utf8 replaced by U+FFFD");
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modified_utf8() {
        assert_eq!(decode_modified_utf8(b"abc").as_deref(), Ok("abc"));
        // NUL as C0 80
        assert_eq!(
            decode_modified_utf8(&[0x61, 0xC0, 0x80]).as_deref(),
            Ok("a\0")
        );
        // U+00E9
        assert_eq!(decode_modified_utf8(&[0xC3, 0xA9]).as_deref(), Ok("é"));
        // U+1F600 as surrogate pair D83D DE00
        assert_eq!(
            decode_modified_utf8(&[0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80]).as_deref(),
            Ok("😀")
        );
        // lone surrogate
        assert_eq!(
            decode_modified_utf8(&[0xED, 0xA0, 0xBD]).as_deref(),
            Ok("\u{FFFD}")
        );
        assert!(decode_modified_utf8(&[0]).is_err());
        assert!(decode_modified_utf8(&[0xF0, 0x9F, 0x98, 0x80]).is_err());
        assert!(decode_modified_utf8(&[0xC3]).is_err());
        assert!(decode_modified_utf8(&[0xE0, 0x80, 0x41]).is_err());
    }
}
