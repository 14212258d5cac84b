//! A class file put together from the parts a running JVM gives of a class it holds no class file
//! for (a hidden class: a lambda's or method reference's implementation, which
//! `LambdaMetafactory` defines at run time): JVMTI's `GetConstantPool` (the constant pool in class
//! file form, the indices the methods' bytecode uses), the class's names, its fields, and each
//! method's bytecode (`GetBytecodes`, original opcodes and constant-pool indices).
//!
//! **Receives** those parts, unchecked. **Guarantees** bytes in class-file layout whose constant
//! pool is the one received followed by the `Utf8` and `Class` entries the class's own structure
//! names (this class, its superclass, interfaces, member names and descriptors, `Code`); each
//! method with bytecode gets a `Code` attribute with the received `max_locals`, a `max_stack` of
//! `u16::MAX` (JVMTI does not give it; the parser does not verify stack depth) and **no exception
//! table**, which JVMTI cannot give: callers use it only for classes known to have none (the
//! lambda proxies `LambdaMetafactory` spins). The bytes still go through [`crate::parse`], the trust
//! boundary, before anything reads them. **Refuses** a constant pool that would overflow its
//! 16-bit count, and code longer than a class file allows.

use crate::ClassFileError;

/// A field or method: name, descriptor, access flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberParts {
    /// The member's name.
    pub name: String,
    /// Its descriptor (`I`, `(I)I`).
    pub descriptor: String,
    /// Its access flags.
    pub access: u16,
}

/// A method: its member parts and bytecode (empty for an abstract or native method).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodParts {
    /// Name, descriptor and access flags.
    pub member: MemberParts,
    /// The size of its local variable array.
    pub max_locals: u16,
    /// Its bytecode, constant-pool indices into [`ClassParts::constant_pool`].
    pub code: Vec<u8>,
}

/// What a JVM gives of a class without a class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassParts {
    /// `major_version`, `minor_version`.
    pub version: (u16, u16),
    /// `constant_pool_count` of [`ClassParts::constant_pool`] (its entries + 1).
    pub constant_pool_count: u16,
    /// The constant pool's entries in class-file form.
    pub constant_pool: Vec<u8>,
    /// The class's access flags.
    pub access: u16,
    /// Its internal name (as its constant pool names it).
    pub name: String,
    /// Its superclass's internal name (`None` for `java/lang/Object`).
    pub super_name: Option<String>,
    /// Its direct superinterfaces' internal names.
    pub interfaces: Vec<String>,
    /// Its fields.
    pub fields: Vec<MemberParts>,
    /// Its methods.
    pub methods: Vec<MethodParts>,
}

/// Entries appended to a received constant pool.
struct Appended {
    next: u32,
    bytes: Vec<u8>,
}

impl Appended {
    fn entry(&mut self, bytes: &[u8]) -> Result<u16, ClassFileError> {
        let index = u16::try_from(self.next)
            .ok()
            .filter(|&i| i < u16::MAX)
            .ok_or_else(|| malformed("the constant pool would have more than 65534 entries"))?;
        self.next += 1;
        self.bytes.extend_from_slice(bytes);
        Ok(index)
    }

    /// A new `CONSTANT_Utf8` (the string in modified UTF-8: no NUL bytes are expected in names,
    /// and supplementary characters are refused rather than encoded).
    fn utf8(&mut self, s: &str) -> Result<u16, ClassFileError> {
        if s.chars().any(|c| c == '\0' || u32::from(c) > 0xFFFF) {
            return Err(malformed(format!(
                "a name that needs modified UTF-8: {s:?}"
            )));
        }
        let len =
            u16::try_from(s.len()).map_err(|_| malformed("a name longer than 65535 bytes"))?;
        let mut e = vec![1u8];
        e.extend_from_slice(&len.to_be_bytes());
        e.extend_from_slice(s.as_bytes());
        self.entry(&e)
    }

    /// A new `CONSTANT_Class` naming `name`.
    fn class(&mut self, name: &str) -> Result<u16, ClassFileError> {
        let utf8 = self.utf8(name)?;
        let mut e = vec![7u8];
        e.extend_from_slice(&utf8.to_be_bytes());
        self.entry(&e)
    }
}

fn malformed(message: impl Into<String>) -> ClassFileError {
    ClassFileError::Malformed {
        class: None,
        offset: None,
        message: message.into(),
    }
}

fn u2(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_be_bytes());
}

fn count(n: usize, what: &str) -> Result<u16, ClassFileError> {
    u16::try_from(n).map_err(|_| malformed(format!("more than 65535 {what}")))
}

/// The class file of `parts` (see the module's documentation).
pub fn assemble(parts: &ClassParts) -> Result<Vec<u8>, ClassFileError> {
    if parts.constant_pool_count == 0 {
        return Err(malformed("a constant pool count of 0"));
    }
    let mut cp = Appended {
        next: u32::from(parts.constant_pool_count),
        bytes: Vec::new(),
    };
    let this_class = cp.class(&parts.name)?;
    let super_class = match &parts.super_name {
        Some(s) => cp.class(s)?,
        None => 0,
    };
    let interfaces = parts
        .interfaces
        .iter()
        .map(|i| cp.class(i))
        .collect::<Result<Vec<u16>, _>>()?;
    let mut fields = Vec::new();
    for f in &parts.fields {
        fields.push((f.access, cp.utf8(&f.name)?, cp.utf8(&f.descriptor)?));
    }
    let code_name = if parts.methods.iter().any(|m| !m.code.is_empty()) {
        cp.utf8("Code")?
    } else {
        0
    };
    let mut methods = Vec::new();
    for m in &parts.methods {
        methods.push((
            m.member.access,
            cp.utf8(&m.member.name)?,
            cp.utf8(&m.member.descriptor)?,
        ));
    }
    let total = u16::try_from(cp.next).map_err(|_| malformed("constant pool overflow"))?;

    let mut out = Vec::with_capacity(parts.constant_pool.len() + cp.bytes.len() + 256);
    out.extend_from_slice(&0xCAFE_BABEu32.to_be_bytes());
    u2(&mut out, parts.version.1);
    u2(&mut out, parts.version.0);
    u2(&mut out, total);
    out.extend_from_slice(&parts.constant_pool);
    out.extend_from_slice(&cp.bytes);
    u2(&mut out, parts.access);
    u2(&mut out, this_class);
    u2(&mut out, super_class);
    u2(&mut out, count(interfaces.len(), "interfaces")?);
    for i in interfaces {
        u2(&mut out, i);
    }
    u2(&mut out, count(fields.len(), "fields")?);
    for (access, name, desc) in fields {
        u2(&mut out, access);
        u2(&mut out, name);
        u2(&mut out, desc);
        u2(&mut out, 0);
    }
    u2(&mut out, count(methods.len(), "methods")?);
    for ((access, name, desc), m) in methods.into_iter().zip(&parts.methods) {
        u2(&mut out, access);
        u2(&mut out, name);
        u2(&mut out, desc);
        if m.code.is_empty() {
            u2(&mut out, 0);
            continue;
        }
        let code_len = u32::try_from(m.code.len())
            .ok()
            .filter(|&l| l < 65536)
            .ok_or_else(|| malformed("a method's code is longer than 65535 bytes"))?;
        u2(&mut out, 1);
        u2(&mut out, code_name);
        // max_stack, max_locals, code_length, code, exception_table_length, attributes_count.
        let attribute_len = 2 + 2 + 4 + code_len + 2 + 2;
        out.extend_from_slice(&attribute_len.to_be_bytes());
        u2(&mut out, u16::MAX);
        u2(&mut out, m.max_locals);
        out.extend_from_slice(&code_len.to_be_bytes());
        out.extend_from_slice(&m.code);
        u2(&mut out, 0);
        u2(&mut out, 0);
    }
    u2(&mut out, 0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Insn;

    /// The constant pool JDK 17's `LambdaMetafactory` gives `x -> x * k + 1` (JVMTI's form), with
    /// the bytecode of its `applyAsInt` and constructor.
    fn lambda() -> ClassParts {
        let mut cp = Vec::new();
        let utf8 = |cp: &mut Vec<u8>, s: &str| {
            cp.push(1);
            cp.extend_from_slice(&u16::try_from(s.len()).expect("short").to_be_bytes());
            cp.extend_from_slice(s.as_bytes());
        };
        let pair = |cp: &mut Vec<u8>, tag: u8, a: u16, b: u16| {
            cp.push(tag);
            cp.extend_from_slice(&a.to_be_bytes());
            cp.extend_from_slice(&b.to_be_bytes());
        };
        let one = |cp: &mut Vec<u8>, tag: u8, a: u16| {
            cp.push(tag);
            cp.extend_from_slice(&a.to_be_bytes());
        };
        utf8(&mut cp, "T$$Lambda$1"); // 1
        one(&mut cp, 7, 25); // 2
        utf8(&mut cp, "java/lang/Object"); // 3
        one(&mut cp, 7, 3); // 4
        utf8(&mut cp, "java/util/function/IntUnaryOperator"); // 5
        one(&mut cp, 7, 5); // 6
        utf8(&mut cp, "arg$1"); // 7
        utf8(&mut cp, "I"); // 8
        utf8(&mut cp, "<init>"); // 9
        utf8(&mut cp, "(I)V"); // 10
        utf8(&mut cp, "()V"); // 11
        pair(&mut cp, 12, 9, 11); // 12
        pair(&mut cp, 10, 4, 12); // 13
        pair(&mut cp, 12, 7, 8); // 14
        pair(&mut cp, 9, 2, 14); // 15
        utf8(&mut cp, "applyAsInt"); // 16
        utf8(&mut cp, "(I)I"); // 17
        utf8(&mut cp, "T"); // 18
        one(&mut cp, 7, 18); // 19
        utf8(&mut cp, "lambda$main$0"); // 20
        utf8(&mut cp, "(II)I"); // 21
        pair(&mut cp, 12, 20, 21); // 22
        pair(&mut cp, 10, 19, 22); // 23
        utf8(&mut cp, "Code"); // 24
        utf8(&mut cp, "T$$Lambda$1+0x00007fb400000a08"); // 25
        let member = |name: &str, descriptor: &str, access: u16| MemberParts {
            name: name.into(),
            descriptor: descriptor.into(),
            access,
        };
        ClassParts {
            version: (59, 0),
            constant_pool_count: 26,
            constant_pool: cp,
            access: 0x1030,
            name: "T$$Lambda$1+0x00007fb400000a08".into(),
            super_name: Some("java/lang/Object".into()),
            interfaces: vec!["java/util/function/IntUnaryOperator".into()],
            fields: vec![member("arg$1", "I", 0x12)],
            methods: vec![
                MethodParts {
                    member: member("<init>", "(I)V", 0x2),
                    max_locals: 2,
                    code: vec![0x2a, 0xb7, 0, 13, 0x2a, 0x1b, 0xb5, 0, 15, 0xb1],
                },
                MethodParts {
                    member: member("applyAsInt", "(I)I", 0x1),
                    max_locals: 2,
                    code: vec![0x2a, 0xb4, 0, 15, 0x1b, 0xb8, 0, 23, 0xac],
                },
            ],
        }
    }

    #[test]
    fn a_lambda_proxy_parses_back() {
        let bytes = assemble(&lambda()).expect("assembles");
        let class = crate::parse(&bytes).expect("parses");
        assert_eq!(class.name, "T$$Lambda$1+0x00007fb400000a08");
        assert_eq!(class.super_name.as_deref(), Some("java/lang/Object"));
        assert_eq!(
            class.interfaces,
            vec!["java/util/function/IntUnaryOperator"]
        );
        assert_eq!(class.fields.len(), 1);
        let apply = class
            .methods
            .iter()
            .find(|m| m.name == "applyAsInt")
            .expect("applyAsInt");
        let code = apply.code.as_ref().expect("code");
        assert_eq!(code.max_locals, 2);
        assert!(code.exception_table.is_empty());
        let calls: Vec<String> = code
            .instructions
            .iter()
            .filter_map(|i: &Insn| match i.op {
                crate::Op::InvokeStatic(index) => class
                    .member_ref(index)
                    .ok()
                    .map(|m| format!("{}.{}", m.class, m.name)),
                crate::Op::GetField(index) => class
                    .member_ref(index)
                    .ok()
                    .map(|m| format!("{}.{}", m.class, m.name)),
                _ => None,
            })
            .collect();
        assert_eq!(
            calls,
            vec![
                "T$$Lambda$1+0x00007fb400000a08.arg$1".to_string(),
                "T.lambda$main$0".to_string()
            ]
        );
    }

    #[test]
    fn broken_parts_are_refused_not_panicked_on() {
        let mut p = lambda();
        p.constant_pool_count = u16::MAX;
        assert!(assemble(&p).is_err());
        let mut p = lambda();
        p.constant_pool_count = 0;
        assert!(assemble(&p).is_err());
        // A truncated pool assembles, and the parser refuses it.
        let mut p = lambda();
        p.constant_pool.truncate(40);
        let bytes = assemble(&p).expect("assembles");
        assert!(crate::parse(&bytes).is_err());
        let mut p = lambda();
        p.methods[1].code = vec![0; 70_000];
        assert!(assemble(&p).is_err());
    }
}
