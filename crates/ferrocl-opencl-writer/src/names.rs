//! C names for Java values: Java names where the `LocalVariableTable` has them, made unique and
//! kept clear of OpenCL C keywords, built-in functions and Ferrocl's own helpers.

use ferrocl_graph::{ElemKind, Stamp};
use std::collections::HashSet;

/// Words a Java identifier may be but an OpenCL C name must not (keywords, types, qualifiers,
/// built-ins the writer calls).
const RESERVED: &[&str] = &[
    "auto",
    "bool",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "uchar",
    "ushort",
    "uint",
    "ulong",
    "half",
    "size_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "kernel",
    "__kernel",
    "global",
    "__global",
    "local",
    "__local",
    "constant",
    "__constant",
    "private",
    "__private",
    "read_only",
    "write_only",
    "read_write",
    "image2d_t",
    "image3d_t",
    "sampler_t",
    "event_t",
    "complex",
    "imaginary",
    "true",
    "false",
    "fmod",
    "isnan",
    "get_global_id",
    "get_local_id",
    "get_group_id",
    "as_int",
    "as_uint",
    "as_long",
    "as_ulong",
    "as_float",
    "as_double",
    "main",
    "NULL",
    "INFINITY",
    "NAN",
    "min",
    "max",
    "abs",
    "sqrt",
    "sin",
    "cos",
    "tan",
    "exp",
    "log",
    "pow",
    "fabs",
    "floor",
    "ceil",
    "rint",
    "round",
    "fmin",
    "fmax",
    "clamp",
    "mix",
    "dot",
    "length",
    "select",
    "barrier",
];

/// A valid C identifier for `java` (a Java identifier or method name such as `lambda$main$0`).
pub fn sanitize_identifier(java: &str) -> String {
    let mut out: String = java
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if RESERVED.contains(&out.as_str()) || out.starts_with("__") {
        out.push('_');
    }
    out
}

/// Allocates unique names within one kernel.
#[derive(Clone, Default)]
pub(crate) struct Names {
    used: HashSet<String>,
}

impl Names {
    /// A fresh name based on `base`.
    pub(crate) fn fresh(&mut self, base: &str) -> String {
        let base = sanitize_identifier(base);
        if self.used.insert(base.clone()) {
            return base;
        }
        for n in 1.. {
            let candidate = format!("{base}_{n}");
            if self.used.insert(candidate.clone()) {
                return candidate;
            }
        }
        unreachable!("an unbounded counter always finds a fresh name")
    }
}

/// The OpenCL C type of a value stamp.
pub(crate) fn c_type(stamp: Stamp) -> &'static str {
    match stamp {
        Stamp::Long => "long",
        Stamp::Float => "float",
        Stamp::Double => "double",
        Stamp::Bool => "bool",
        _ => "int",
    }
}

/// The OpenCL C element type of a Java array (`byte` is signed `char`, `char` is `ushort`,
/// `boolean` is `uchar`).
pub(crate) fn c_elem_type(elem: ElemKind) -> &'static str {
    match elem {
        ElemKind::Boolean => "uchar",
        ElemKind::Byte => "char",
        ElemKind::Char => "ushort",
        ElemKind::Short => "short",
        ElemKind::Int => "int",
        ElemKind::Long => "long",
        ElemKind::Float => "float",
        ElemKind::Double => "double",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_valid_and_unique() {
        assert_eq!(sanitize_identifier("lambda$main$0"), "lambda_main_0");
        assert_eq!(sanitize_identifier("kernel"), "kernel_");
        assert_eq!(sanitize_identifier("length"), "length_");
        assert_eq!(sanitize_identifier("9x"), "_9x");
        let mut n = Names::default();
        assert_eq!(n.fresh("a"), "a");
        assert_eq!(n.fresh("a"), "a_1");
        assert_eq!(n.fresh("a"), "a_2");
    }
}
