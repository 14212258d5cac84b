//! `ferrocl-classfile`: Ferrocl's trust boundary for JVM class files.
//!
//! # Received
//!
//! Arbitrary bytes claimed to be a class file (Java 1.1 through Java 25,
//! i.e. `major_version` 45.3 ..= 69), usually handed over by the JVM agent or
//! read from a class path. The bytes are *untrusted*.
//!
//! # Guaranteed
//!
//! [`parse`] never panics (a parser bug is caught and reported as
//! [`ClassFileError::Internal`]), never allocates in proportion to a length
//! field that the remaining input cannot back, and never recurses without
//! bound. On success the returned [`ClassFile`]:
//!
//! * has a fully read, cross-checked constant pool with all 17 tags of Java 25
//!   (including `CONSTANT_Dynamic`, `CONSTANT_Module`, `CONSTANT_Package`):
//!   every reference points at an entry of the right kind, every descriptor
//!   reachable from a member reference, `MethodType`, `Dynamic` or
//!   `InvokeDynamic` is well-formed, method handles match their reference kind,
//!   and every bootstrap-method index is inside the `BootstrapMethods`
//!   attribute;
//! * has valid field and method descriptors;
//! * has every `Code` attribute decoded into [`Insn`]s ([`bytecode`]): opcodes
//!   are known, instructions are complete, every branch and switch target and
//!   every exception-handler bound is an instruction start, every local index
//!   is below `max_locals`, and every constant-pool operand refers to an entry
//!   of the kind the opcode needs (`getfield` → `Fieldref`, `invokeinterface` →
//!   `InterfaceMethodref`, `ldc2_w` → `Long`/`Double`, ...). Consequently the
//!   accessors [`ClassFile::member_ref`], [`ClassFile::class_name`],
//!   [`ClassFile::constant`] and [`ClassFile::invoke_dynamic`] succeed for
//!   every operand of a decoded instruction of the matching kind;
//! * exposes debug information: `SourceFile`, `LineNumberTable`,
//!   `LocalVariableTable`, and the annotations the JIT keys on
//!   (`RuntimeVisibleAnnotations`, `RuntimeVisibleParameterAnnotations`, and
//!   the `RuntimeVisibleTypeAnnotations` of `Code`, e.g. `@Parallel` on a loop
//!   variable).
//!
//! # Refused
//!
//! Wrong magic, versions outside 45.3..=69, truncation anywhere, trailing
//! bytes, unknown constant-pool tags, invalid modified UTF-8, dangling or
//! ill-typed constant-pool references, invalid descriptors, interpreted
//! attributes whose content does not match their length, unknown or reserved
//! opcodes (`0xca` breakpoint, `0xcb..=0xfd`, `0xfe`/`0xff`), malformed
//! switches, branches into the middle of an instruction or out of the code.
//! Semantic verification (stack typing, `max_stack`) is *not* done here.
//!
//! Lone UTF-16 surrogates in `CONSTANT_Utf8` (legal in class files, not
//! representable in a Rust `String`) are replaced by U+FFFD.
//!
//! # Why not `classfile-parser`
//!
//! The workspace pins `classfile-parser = "=0.3.8"`, but this crate does not use
//! it: 0.3.8 cannot read constant-pool tags 17 (`Dynamic`), 19 (`Module`) and
//! 20 (`Package`) — so module descriptors and many Java 11+ classes would need
//! a second parser anyway — panics on some malformed input, and leaves the
//! attributes the JIT needs as raw bytes. A class file's container structure
//! is small; one bounds-checked byte cursor (the private `reader` module) for
//! all of it is easier to audit and fuzz than a wrapper plus a fallback parser.
//! `cargo +nightly fuzz run parse_class` (in this crate's directory) fuzzes it.

pub mod assemble;
mod attributes;
pub mod bytecode;
mod class;
mod constant_pool;
pub mod descriptor;
mod error;
mod reader;

pub use attributes::{
    BootstrapMethod, ExceptionHandler, LocalVarRange, LocalVariable, TypeAnnotation,
    TypeAnnotationTarget, MAX_ANNOTATION_DEPTH,
};
pub use bytecode::{ArithOp, ArrayKind, Cond, ConvKind, Insn, Kind, Op};
pub use class::{access, ClassFile, Code, Field, Method, MAX_MAJOR_VERSION, MIN_MAJOR_VERSION};
pub use constant_pool::{Constant, InvokeDynamic, MemberRef};
pub use descriptor::{FieldType, MethodDescriptor};
pub use error::ClassFileError;

/// Parses and validates a class file.
///
/// Never panics: should the parser itself panic (a bug), the panic is caught
/// and returned as [`ClassFileError::Internal`].
pub fn parse(bytes: &[u8]) -> Result<ClassFile, ClassFileError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| class::parse_class(bytes)))
        .unwrap_or_else(|payload| {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_owned());
            log::error!("class-file parser panicked: {message}");
            Err(ClassFileError::Internal {
                class: None,
                message,
            })
        })
}
