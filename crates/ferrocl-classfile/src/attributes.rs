//! The attributes this crate interprets, and the types they produce.
//!
//! Interpreted: `Code`, `ConstantValue`, `SourceFile`, `BootstrapMethods`,
//! `LineNumberTable`, `LocalVariableTable`, `RuntimeVisibleAnnotations`,
//! `RuntimeVisibleParameterAnnotations` and `RuntimeVisibleTypeAnnotations`
//! (of a `Code` attribute). Each interpreted attribute must be consumed exactly
//! by its `attribute_length`; every other attribute is skipped by its length.
//! Annotation element values are walked structurally (nesting depth limited to
//! [`MAX_ANNOTATION_DEPTH`]) but not interpreted: only annotation *types* are
//! kept.

use crate::constant_pool::{Constant, ConstantPool, MemberRef};
use crate::error::ClassFileError;
use crate::reader::Reader;

/// Deepest nesting of annotation element values accepted (arrays of
/// annotations of arrays ...). Deeper input is refused as malformed rather
/// than risking stack exhaustion.
pub const MAX_ANNOTATION_DEPTH: u32 = 64;

/// One entry of a `Code` attribute's exception table.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ExceptionHandler {
    /// First bci covered (inclusive); an instruction start.
    pub start_pc: u16,
    /// End of the covered range (exclusive); an instruction start or the code length.
    pub end_pc: u16,
    /// bci of the handler; an instruction start.
    pub handler_pc: u16,
    /// Internal name of the caught class; `None` catches everything (`finally`).
    pub catch_type: Option<String>,
}

/// One entry of a `LocalVariableTable` (present with `javac -g`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LocalVariable {
    /// First bci where the variable has a value.
    pub start_pc: u16,
    /// Length of the range: the variable lives in `start_pc..start_pc + length`.
    pub length: u16,
    /// Source name of the variable.
    pub name: String,
    /// Field descriptor of its type.
    pub descriptor: String,
    /// Local variable slot.
    pub index: u16,
}

/// One `{start_pc, length, index}` entry of a `localvar_target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LocalVarRange {
    /// First bci of the live range.
    pub start_pc: u16,
    /// Length of the live range.
    pub length: u16,
    /// Local variable slot.
    pub index: u16,
}

/// What a type annotation applies to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TypeAnnotationTarget {
    /// `target_type` 0x40 (`LOCAL_VARIABLE`) or 0x41 (`RESOURCE_VARIABLE`):
    /// the live ranges of the annotated local variable.
    LocalVariable(Vec<LocalVarRange>),
    /// Any other `target_type` (parsed past correctly, not interpreted).
    Other(u8),
}

/// A `type_annotation` of a `RuntimeVisibleTypeAnnotations` attribute.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TypeAnnotation {
    /// What is annotated.
    pub target: TypeAnnotationTarget,
    /// The `type_path`, as `(type_path_kind, type_argument_index)` pairs.
    /// Empty when the annotation applies to the outermost type (e.g.
    /// `@Parallel int i`).
    pub type_path: Vec<(u8, u8)>,
    /// Field descriptor of the annotation interface, e.g. `Ldev/ferrocl/api/Parallel;`.
    pub type_descriptor: String,
}

/// One entry of the `BootstrapMethods` attribute.
#[derive(Debug, Clone, PartialEq)]
pub struct BootstrapMethod {
    /// `reference_kind` of the bootstrap method handle (usually 6, `REF_invokeStatic`).
    pub kind: u8,
    /// The bootstrap method, e.g. `java/lang/invoke/LambdaMetafactory.metafactory`.
    pub method: MemberRef,
    /// Static arguments.
    pub arguments: Vec<Constant>,
}

/// Reads the `attribute_name_index` and `attribute_length` of one attribute
/// and returns its name and body.
pub(crate) fn read_attribute<'a, 'c>(
    r: &mut Reader<'a>,
    cp: &'c ConstantPool,
) -> Result<(&'c str, Reader<'a>), ClassFileError> {
    let at = r.offset();
    let name_index = r.u2()?;
    let name = cp.utf8(name_index).map_err(|_| {
        Reader::error_at(
            at,
            format!("attribute name #{name_index} is not a CONSTANT_Utf8"),
        )
    })?;
    let len = r.u4()? as usize;
    let body = r.sub(len, "attribute")?;
    Ok((name, body))
}

/// Reads a `u2` count of attributes, checking it against the remaining bytes.
pub(crate) fn read_attribute_count(r: &mut Reader<'_>) -> Result<u16, ClassFileError> {
    let n = r.u2()?;
    r.check_count(usize::from(n), 6, "attribute")?;
    Ok(n)
}

/// A `CONSTANT_Class` name, turning a lookup failure into a positioned
/// `Malformed` error.
pub(crate) fn class_at<'c>(
    cp: &'c ConstantPool,
    index: u16,
    at: usize,
    what: &str,
) -> Result<&'c str, ClassFileError> {
    cp.class_name(index)
        .map_err(|_| Reader::error_at(at, format!("{what} #{index} is not a CONSTANT_Class")))
}

/// A `CONSTANT_Utf8` string, turning a lookup failure into a positioned
/// `Malformed` error.
pub(crate) fn utf8_at<'c>(
    cp: &'c ConstantPool,
    index: u16,
    at: usize,
    what: &str,
) -> Result<&'c str, ClassFileError> {
    cp.utf8(index)
        .map_err(|_| Reader::error_at(at, format!("{what} #{index} is not a CONSTANT_Utf8")))
}

/// `RuntimeVisibleAnnotations`: the type descriptors of the annotations.
pub(crate) fn read_annotations(
    mut r: Reader<'_>,
    cp: &ConstantPool,
) -> Result<Vec<String>, ClassFileError> {
    r.set_context("RuntimeVisibleAnnotations attribute");
    let n = r.u2()?;
    r.check_count(usize::from(n), 4, "annotation")?;
    let mut out = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        out.push(read_annotation(&mut r, cp, 0)?);
    }
    r.expect_end("RuntimeVisibleAnnotations attribute")?;
    Ok(out)
}

/// `RuntimeVisibleParameterAnnotations`: per parameter, the type descriptors.
pub(crate) fn read_parameter_annotations(
    mut r: Reader<'_>,
    cp: &ConstantPool,
) -> Result<Vec<Vec<String>>, ClassFileError> {
    r.set_context("RuntimeVisibleParameterAnnotations attribute");
    let params = r.u1()?;
    r.check_count(usize::from(params), 2, "parameter")?;
    let mut out = Vec::with_capacity(usize::from(params));
    for _ in 0..params {
        let n = r.u2()?;
        r.check_count(usize::from(n), 4, "annotation")?;
        let mut anns = Vec::with_capacity(usize::from(n));
        for _ in 0..n {
            anns.push(read_annotation(&mut r, cp, 0)?);
        }
        out.push(anns);
    }
    r.expect_end("RuntimeVisibleParameterAnnotations attribute")?;
    Ok(out)
}

/// `RuntimeVisibleTypeAnnotations`.
pub(crate) fn read_type_annotations(
    mut r: Reader<'_>,
    cp: &ConstantPool,
) -> Result<Vec<TypeAnnotation>, ClassFileError> {
    r.set_context("RuntimeVisibleTypeAnnotations attribute");
    let n = r.u2()?;
    // target_type + (empty) target_info + path_length + type_index + num_pairs
    r.check_count(usize::from(n), 6, "type annotation")?;
    let mut out = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        let at = r.offset();
        let target_type = r.u1()?;
        let target = match target_type {
            // type_parameter_target
            0x00 | 0x01 => {
                r.u1()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // supertype_target
            0x10 => {
                r.u2()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // type_parameter_bound_target
            0x11 | 0x12 => {
                r.u1()?;
                r.u1()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // empty_target
            0x13..=0x15 => TypeAnnotationTarget::Other(target_type),
            // formal_parameter_target
            0x16 => {
                r.u1()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // throws_target
            0x17 => {
                r.u2()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // localvar_target
            0x40 | 0x41 => {
                let len = r.u2()?;
                r.check_count(usize::from(len), 6, "localvar_target entry")?;
                let mut ranges = Vec::with_capacity(usize::from(len));
                for _ in 0..len {
                    ranges.push(LocalVarRange {
                        start_pc: r.u2()?,
                        length: r.u2()?,
                        index: r.u2()?,
                    });
                }
                TypeAnnotationTarget::LocalVariable(ranges)
            }
            // catch_target, offset_target
            0x42..=0x46 => {
                r.u2()?;
                TypeAnnotationTarget::Other(target_type)
            }
            // type_argument_target
            0x47..=0x4b => {
                r.u2()?;
                r.u1()?;
                TypeAnnotationTarget::Other(target_type)
            }
            other => {
                return Err(Reader::error_at(
                    at,
                    format!("unknown type annotation target_type {other:#04x}"),
                ))
            }
        };
        let path_len = r.u1()?;
        r.check_count(usize::from(path_len), 2, "type_path entry")?;
        let mut type_path = Vec::with_capacity(usize::from(path_len));
        for _ in 0..path_len {
            type_path.push((r.u1()?, r.u1()?));
        }
        let type_descriptor = read_annotation(&mut r, cp, 0)?;
        out.push(TypeAnnotation {
            target,
            type_path,
            type_descriptor,
        });
    }
    r.expect_end("RuntimeVisibleTypeAnnotations attribute")?;
    Ok(out)
}

/// Reads one `annotation` structure, returning its type descriptor.
fn read_annotation(
    r: &mut Reader<'_>,
    cp: &ConstantPool,
    depth: u32,
) -> Result<String, ClassFileError> {
    if depth > MAX_ANNOTATION_DEPTH {
        return Err(r.error("annotation nesting too deep"));
    }
    let at = r.offset();
    let type_index = r.u2()?;
    let ty = utf8_at(cp, type_index, at, "annotation type")?.to_owned();
    let pairs = r.u2()?;
    r.check_count(usize::from(pairs), 5, "element_value_pair")?;
    for _ in 0..pairs {
        r.u2()?; // element_name_index
        skip_element_value(r, cp, depth + 1)?;
    }
    Ok(ty)
}

/// Skips one `element_value`.
fn skip_element_value(
    r: &mut Reader<'_>,
    cp: &ConstantPool,
    depth: u32,
) -> Result<(), ClassFileError> {
    if depth > MAX_ANNOTATION_DEPTH {
        return Err(r.error("annotation nesting too deep"));
    }
    let at = r.offset();
    match r.u1()? {
        b'B' | b'C' | b'D' | b'F' | b'I' | b'J' | b'S' | b'Z' | b's' | b'c' => {
            r.u2()?;
        }
        b'e' => {
            r.u2()?;
            r.u2()?;
        }
        b'@' => {
            read_annotation(r, cp, depth + 1)?;
        }
        b'[' => {
            let n = r.u2()?;
            r.check_count(usize::from(n), 3, "array element_value")?;
            for _ in 0..n {
                skip_element_value(r, cp, depth + 1)?;
            }
        }
        tag => {
            return Err(Reader::error_at(
                at,
                format!("unknown element_value tag {tag:#04x}"),
            ))
        }
    }
    Ok(())
}

/// `LineNumberTable`: `(start_pc, line_number)` pairs.
pub(crate) fn read_line_numbers(
    mut r: Reader<'_>,
    out: &mut Vec<(u16, u16)>,
) -> Result<(), ClassFileError> {
    r.set_context("LineNumberTable attribute");
    let n = r.u2()?;
    r.check_count(usize::from(n), 4, "line number")?;
    out.reserve(usize::from(n));
    for _ in 0..n {
        out.push((r.u2()?, r.u2()?));
    }
    r.expect_end("LineNumberTable attribute")
}

/// `LocalVariableTable`.
pub(crate) fn read_local_variables(
    mut r: Reader<'_>,
    cp: &ConstantPool,
    out: &mut Vec<LocalVariable>,
) -> Result<(), ClassFileError> {
    r.set_context("LocalVariableTable attribute");
    let n = r.u2()?;
    r.check_count(usize::from(n), 10, "local variable")?;
    out.reserve(usize::from(n));
    for _ in 0..n {
        let at = r.offset();
        let start_pc = r.u2()?;
        let length = r.u2()?;
        let name = utf8_at(cp, r.u2()?, at, "local variable name")?.to_owned();
        let descriptor = utf8_at(cp, r.u2()?, at, "local variable descriptor")?.to_owned();
        let index = r.u2()?;
        out.push(LocalVariable {
            start_pc,
            length,
            name,
            descriptor,
            index,
        });
    }
    r.expect_end("LocalVariableTable attribute")
}

/// `BootstrapMethods`.
pub(crate) fn read_bootstrap_methods(
    mut r: Reader<'_>,
    cp: &ConstantPool,
) -> Result<Vec<BootstrapMethod>, ClassFileError> {
    r.set_context("BootstrapMethods attribute");
    let n = r.u2()?;
    r.check_count(usize::from(n), 4, "bootstrap method")?;
    let mut out = Vec::with_capacity(usize::from(n));
    for i in 0..n {
        let at = r.offset();
        let handle = r.u2()?;
        let (kind, method) = cp.method_handle(handle).map_err(|_| {
            Reader::error_at(
                at,
                format!("bootstrap method {i}: #{handle} is not a CONSTANT_MethodHandle"),
            )
        })?;
        let argc = r.u2()?;
        r.check_count(usize::from(argc), 2, "bootstrap argument")?;
        let mut arguments = Vec::with_capacity(usize::from(argc));
        for _ in 0..argc {
            let at = r.offset();
            let a = r.u2()?;
            arguments.push(cp.constant(a).map_err(|_| {
                Reader::error_at(
                    at,
                    format!("bootstrap method {i}: argument #{a} is not a loadable constant"),
                )
            })?);
        }
        out.push(BootstrapMethod {
            kind,
            method,
            arguments,
        });
    }
    r.expect_end("BootstrapMethods attribute")?;
    Ok(out)
}
