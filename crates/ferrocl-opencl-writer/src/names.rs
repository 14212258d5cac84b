//! C names for Java values: Java names where the `LocalVariableTable` has them, made unique and
//! kept clear of OpenCL C keywords, built-in functions and Ferrocl's own helpers.

use ferrocl_graph::{ElemKind, Stamp};
use std::collections::HashSet;

/// Words a Java identifier may be but an OpenCL C name must not: C and OpenCL C keywords, types,
/// built-in functions (PoCL renames a kernel that shares a built-in's name) and predefined macros.
const RESERVED: &[&str] = &[
    // C and OpenCL C keywords and qualifiers
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
    "quad",
    "size_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "kernel",
    "global",
    "local",
    "constant",
    "private",
    "generic",
    "read_only",
    "write_only",
    "read_write",
    "sampler_t",
    "event_t",
    "queue_t",
    "clk_event_t",
    "reserve_id_t",
    "ndrange_t",
    "cl_mem_fence_flags",
    "complex",
    "imaginary",
    "true",
    "false",
    "main",
    "typeof",
    "pipe",
    "uniform",
    "pragma",
    // math
    "acos",
    "acosh",
    "acospi",
    "asin",
    "asinh",
    "asinpi",
    "atan",
    "atan2",
    "atanh",
    "atanpi",
    "atan2pi",
    "cbrt",
    "ceil",
    "copysign",
    "cos",
    "cosh",
    "cospi",
    "erfc",
    "erf",
    "exp",
    "exp2",
    "exp10",
    "expm1",
    "fabs",
    "fdim",
    "floor",
    "fma",
    "fmax",
    "fmin",
    "fmod",
    "fract",
    "frexp",
    "hypot",
    "ilogb",
    "ldexp",
    "lgamma",
    "lgamma_r",
    "log",
    "log2",
    "log10",
    "log1p",
    "logb",
    "mad",
    "maxmag",
    "minmag",
    "modf",
    "nan",
    "nextafter",
    "pow",
    "pown",
    "powr",
    "remainder",
    "remquo",
    "rint",
    "rootn",
    "round",
    "rsqrt",
    "sin",
    "sincos",
    "sinh",
    "sinpi",
    "sqrt",
    "tan",
    "tanh",
    "tanpi",
    "tgamma",
    "trunc",
    // integer and common
    "abs",
    "abs_diff",
    "add_sat",
    "hadd",
    "rhadd",
    "clamp",
    "clz",
    "ctz",
    "mad_hi",
    "mad_sat",
    "max",
    "min",
    "mul_hi",
    "rotate",
    "sub_sat",
    "upsample",
    "popcount",
    "mad24",
    "mul24",
    "degrees",
    "radians",
    "mix",
    "step",
    "smoothstep",
    "sign",
    // geometric and relational
    "cross",
    "dot",
    "distance",
    "length",
    "normalize",
    "fast_distance",
    "fast_length",
    "fast_normalize",
    "isequal",
    "isnotequal",
    "isgreater",
    "isgreaterequal",
    "isless",
    "islessequal",
    "islessgreater",
    "isfinite",
    "isinf",
    "isnan",
    "isnormal",
    "isordered",
    "isunordered",
    "signbit",
    "any",
    "all",
    "bitselect",
    "select",
    "shuffle",
    "shuffle2",
    // synchronisation, work-items, async copies, output
    "barrier",
    "mem_fence",
    "read_mem_fence",
    "write_mem_fence",
    "work_group_barrier",
    "get_work_dim",
    "get_global_size",
    "get_global_id",
    "get_local_size",
    "get_local_id",
    "get_num_groups",
    "get_group_id",
    "get_global_offset",
    "get_enqueued_local_size",
    "get_global_linear_id",
    "get_local_linear_id",
    "async_work_group_copy",
    "async_work_group_strided_copy",
    "wait_group_events",
    "prefetch",
    "printf",
    "vec_step",
    // macros
    "MAXFLOAT",
    "HUGE_VALF",
    "HUGE_VAL",
    "INFINITY",
    "NAN",
    "NULL",
    "CHAR_BIT",
    "CHAR_MAX",
    "CHAR_MIN",
    "INT_MAX",
    "INT_MIN",
    "LONG_MAX",
    "LONG_MIN",
    "SCHAR_MAX",
    "SCHAR_MIN",
    "SHRT_MAX",
    "SHRT_MIN",
    "UCHAR_MAX",
    "UINT_MAX",
    "ULONG_MAX",
    "USHRT_MAX",
];

/// Prefixes of built-in families and macro groups (`convert_int_sat`, `as_float`, `vload4`,
/// `native_sin`, `atomic_add`, `M_PI`, `FLT_MAX`, …).
const RESERVED_PREFIXES: &[&str] = &[
    // Ferrocl's own macros (`FERROCL_RESTRICT`, `FERROCL_SPACE_<name>`).
    "FERROCL_",
    "convert_",
    "as_",
    "vload",
    "vstore",
    "native_",
    "half_",
    "atomic_",
    "atom_",
    "read_image",
    "write_image",
    "get_image",
    "work_group_",
    "sub_group_",
    "get_sub_group",
    "M_",
    "FLT_",
    "DBL_",
    "HALF_",
    "CL_",
    "CLK_",
    "FP_",
    "__",
    "ferrocl_",
];

/// Whether `name` may clash with something OpenCL C defines.
fn is_reserved(name: &str) -> bool {
    if RESERVED.contains(&name) || RESERVED_PREFIXES.iter().any(|p| name.starts_with(p)) {
        return true;
    }
    // Vector types: char2 … double16.
    const SCALARS: &[&str] = &[
        "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double",
        "half", "bool",
    ];
    SCALARS.iter().any(|t| {
        name.strip_prefix(t)
            .is_some_and(|n| matches!(n, "2" | "3" | "4" | "8" | "16"))
    })
}

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
    if is_reserved(&out) {
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
    /// Claims one of Ferrocl's own names (`ferrocl_…`, which user names never get) as it is.
    pub(crate) fn own(&mut self, name: &str) -> String {
        self.used.insert(name.to_string());
        name.to_string()
    }

    /// Claims `names` as they are when none of them is taken yet; `false` (claiming nothing)
    /// otherwise.
    pub(crate) fn claim_all(&mut self, names: &[String]) -> bool {
        if names.iter().any(|n| self.used.contains(n)) {
            return false;
        }
        self.used.extend(names.iter().cloned());
        true
    }

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
        assert_eq!(sanitize_identifier("acos"), "acos_");
        assert_eq!(sanitize_identifier("float4"), "float4_");
        assert_eq!(sanitize_identifier("MAXFLOAT"), "MAXFLOAT_");
        assert_eq!(sanitize_identifier("M_PI"), "M_PI_");
        assert_eq!(sanitize_identifier("convert_int"), "convert_int_");
        assert_eq!(sanitize_identifier("float5"), "float5");
        assert_eq!(sanitize_identifier("n"), "n");
        let mut n = Names::default();
        assert_eq!(n.fresh("a"), "a");
        assert_eq!(n.fresh("a"), "a_1");
        assert_eq!(n.fresh("a"), "a_2");
    }
}
