//! The class-file structure (JVMS §4.1) and its parser.

use crate::attributes::{
    class_at, read_annotations, read_attribute, read_attribute_count, read_bootstrap_methods,
    read_line_numbers, read_local_variables, read_parameter_annotations, read_type_annotations,
    utf8_at, BootstrapMethod, ExceptionHandler, LocalVariable, TypeAnnotation,
};
use crate::bytecode::{self, Insn, Op};
use crate::constant_pool::{Constant, ConstantPool, InvokeDynamic, MemberRef, RefKind};
use crate::descriptor::{is_field_descriptor, is_method_descriptor, param_count, MethodDescriptor};
use crate::error::ClassFileError;
use crate::reader::Reader;

/// Lowest accepted `major_version` (Java 1.1 = 45.3; 45.0..=45.2 are refused).
pub const MIN_MAJOR_VERSION: u16 = 45;
/// Highest accepted `major_version` (Java 25 = 69).
pub const MAX_MAJOR_VERSION: u16 = 69;

/// Access-flag bits (JVMS tables 4.1-B, 4.5-A, 4.6-A).
pub mod access {
    /// `ACC_PUBLIC`
    pub const PUBLIC: u16 = 0x0001;
    /// `ACC_PRIVATE`
    pub const PRIVATE: u16 = 0x0002;
    /// `ACC_PROTECTED`
    pub const PROTECTED: u16 = 0x0004;
    /// `ACC_STATIC`
    pub const STATIC: u16 = 0x0008;
    /// `ACC_FINAL`
    pub const FINAL: u16 = 0x0010;
    /// `ACC_SYNCHRONIZED` (methods) / `ACC_SUPER` (classes)
    pub const SYNCHRONIZED: u16 = 0x0020;
    /// `ACC_VOLATILE` (fields) / `ACC_BRIDGE` (methods)
    pub const VOLATILE: u16 = 0x0040;
    /// `ACC_TRANSIENT` (fields) / `ACC_VARARGS` (methods)
    pub const TRANSIENT: u16 = 0x0080;
    /// `ACC_NATIVE`
    pub const NATIVE: u16 = 0x0100;
    /// `ACC_INTERFACE`
    pub const INTERFACE: u16 = 0x0200;
    /// `ACC_ABSTRACT`
    pub const ABSTRACT: u16 = 0x0400;
    /// `ACC_STRICT`
    pub const STRICT: u16 = 0x0800;
    /// `ACC_SYNTHETIC`
    pub const SYNTHETIC: u16 = 0x1000;
    /// `ACC_ANNOTATION`
    pub const ANNOTATION: u16 = 0x2000;
    /// `ACC_ENUM`
    pub const ENUM: u16 = 0x4000;
    /// `ACC_MODULE`
    pub const MODULE: u16 = 0x8000;
}

/// A parsed, validated class file.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassFile {
    /// Internal name, e.g. `dev/ferrocl/Foo` (`module-info` for module descriptors).
    pub name: String,
    /// Internal name of the superclass; `None` for `java/lang/Object` and `module-info`.
    pub super_name: Option<String>,
    /// Internal names of the directly implemented interfaces.
    pub interfaces: Vec<String>,
    /// `major_version` (52 = Java 8, ..., 69 = Java 25).
    pub major_version: u16,
    /// `minor_version` (65535 for preview-feature classes).
    pub minor_version: u16,
    /// Class access flags (see [`access`]).
    pub access_flags: u16,
    /// Declared fields, in class-file order.
    pub fields: Vec<Field>,
    /// Declared methods, in class-file order.
    pub methods: Vec<Method>,
    /// `SourceFile` attribute, e.g. `Foo.java`.
    pub source_file: Option<String>,
    /// Type descriptors of the class's `RuntimeVisibleAnnotations`.
    pub annotations: Vec<String>,
    cp: ConstantPool,
    bootstrap_methods: Vec<BootstrapMethod>,
}

/// A field declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// Field name.
    pub name: String,
    /// Field descriptor (validated), e.g. `[I`.
    pub descriptor: String,
    /// Field access flags (see [`access`]).
    pub access_flags: u16,
    /// `ConstantValue` attribute: an `Int`, `Float`, `Long`, `Double` or `String`.
    pub constant_value: Option<Constant>,
    /// Type descriptors of the field's `RuntimeVisibleAnnotations`.
    pub annotations: Vec<String>,
}

impl Field {
    /// Is `ACC_STATIC` set?
    pub fn is_static(&self) -> bool {
        self.access_flags & access::STATIC != 0
    }
}

/// A method declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    /// Method name, e.g. `add`, `<init>`, `<clinit>`.
    pub name: String,
    /// Method descriptor (validated), e.g. `([I[I[II)V`.
    pub descriptor: String,
    /// Method access flags (see [`access`]).
    pub access_flags: u16,
    /// The `Code` attribute; `None` for abstract and native methods.
    pub code: Option<Code>,
    /// Visible parameter annotations: for each formal parameter (not counting
    /// `this`), the type descriptors of its annotations, e.g.
    /// `"Ldev/ferrocl/api/Reduce;"`. Always one entry per parameter of the
    /// descriptor when the attribute covers all of them; when javac omitted
    /// leading synthetic/mandated parameters (inner-class and enum
    /// constructors), empty entries are prepended for them. Empty when the
    /// method has no `RuntimeVisibleParameterAnnotations` and no parameters.
    pub parameter_annotations: Vec<Vec<String>>,
    /// Type descriptors of the method's `RuntimeVisibleAnnotations`.
    pub annotations: Vec<String>,
}

impl Method {
    /// Is `ACC_STATIC` set?
    pub fn is_static(&self) -> bool {
        self.access_flags & access::STATIC != 0
    }

    /// The parsed descriptor (never `None` for a method of a parsed class).
    pub fn signature(&self) -> Option<MethodDescriptor> {
        MethodDescriptor::parse(&self.descriptor)
    }
}

/// A `Code` attribute, with decoded instructions and debug tables.
#[derive(Debug, Clone, PartialEq)]
pub struct Code {
    /// Maximum operand-stack depth.
    pub max_stack: u16,
    /// Number of local-variable slots (including parameters and `this`).
    pub max_locals: u16,
    /// The raw code array.
    pub bytecode: Vec<u8>,
    /// Decoded instructions, in bci order; every branch target is the bci of
    /// one of them, every local index is below `max_locals`.
    pub instructions: Vec<Insn>,
    /// Exception handlers, in table order (the order the JVM searches them).
    pub exception_table: Vec<ExceptionHandler>,
    /// `LineNumberTable` entries `(start_pc, line)`, sorted by `start_pc`
    /// (entries of several tables are merged).
    pub line_numbers: Vec<(u16, u16)>,
    /// `LocalVariableTable` entries (present with `javac -g`).
    pub local_variables: Vec<LocalVariable>,
    /// `RuntimeVisibleTypeAnnotations` of the `Code` attribute (type
    /// annotations on local variables, casts, `new`, ...). Present without `-g`.
    pub type_annotations: Vec<TypeAnnotation>,
}

impl Code {
    /// Source line of the instruction at `bci`, from the `LineNumberTable`:
    /// the line of the entry with the greatest `start_pc <= bci`.
    pub fn line_of(&self, bci: u32) -> Option<u16> {
        let i = self
            .line_numbers
            .partition_point(|&(pc, _)| u32::from(pc) <= bci);
        i.checked_sub(1).map(|i| self.line_numbers[i].1)
    }

    /// Source name of local `index` at `bci`, from the `LocalVariableTable`
    /// (entries live in `start_pc..start_pc + length`; note that the store
    /// that initialises a variable precedes its range).
    pub fn local_name(&self, index: u16, bci: u32) -> Option<&str> {
        self.local_variables
            .iter()
            .find(|v| {
                let start = u32::from(v.start_pc);
                v.index == index && start <= bci && bci < start + u32::from(v.length)
            })
            .map(|v| v.name.as_str())
    }

    /// The instruction starting at `bci`, if any.
    pub fn insn_at(&self, bci: u32) -> Option<&Insn> {
        self.instructions
            .binary_search_by_key(&bci, |i| i.bci)
            .ok()
            .map(|i| &self.instructions[i])
    }

    /// Index in [`Code::instructions`] of the instruction starting at `bci`.
    pub fn insn_index(&self, bci: u32) -> Option<usize> {
        self.instructions.binary_search_by_key(&bci, |i| i.bci).ok()
    }
}

impl ClassFile {
    /// The method with this name and descriptor.
    pub fn method(&self, name: &str, descriptor: &str) -> Option<&Method> {
        self.methods
            .iter()
            .find(|m| m.name == name && m.descriptor == descriptor)
    }

    /// The field with this name and descriptor.
    pub fn field(&self, name: &str, descriptor: &str) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.name == name && f.descriptor == descriptor)
    }

    /// Name of the `CONSTANT_Class` at `cp_index` (an internal name or an
    /// array descriptor), e.g. the operand of `new` or `checkcast`.
    pub fn class_name(&self, cp_index: u16) -> Result<&str, ClassFileError> {
        self.cp
            .class_name(cp_index)
            .map_err(|e| e.with_class(&self.name))
    }

    /// The `Fieldref`, `Methodref` or `InterfaceMethodref` at `cp_index`, e.g.
    /// the operand of `getfield` or `invokevirtual`.
    pub fn member_ref(&self, cp_index: u16) -> Result<MemberRef, ClassFileError> {
        self.cp
            .member_ref(cp_index)
            .map_err(|e| e.with_class(&self.name))
    }

    /// The loadable constant at `cp_index` (operand of `ldc`/`ldc_w`/`ldc2_w`).
    pub fn constant(&self, cp_index: u16) -> Result<Constant, ClassFileError> {
        self.cp
            .constant(cp_index)
            .map_err(|e| e.with_class(&self.name))
    }

    /// The `CONSTANT_InvokeDynamic` at `cp_index` (operand of `invokedynamic`).
    /// Its `bootstrap_method` is a valid index into [`ClassFile::bootstrap_methods`].
    pub fn invoke_dynamic(&self, cp_index: u16) -> Result<InvokeDynamic, ClassFileError> {
        self.cp
            .invoke_dynamic(cp_index)
            .map_err(|e| e.with_class(&self.name))
    }

    /// The `BootstrapMethods` attribute (empty if absent).
    pub fn bootstrap_methods(&self) -> &[BootstrapMethod] {
        &self.bootstrap_methods
    }

    /// One bootstrap method by index.
    pub fn bootstrap_method(&self, index: u16) -> Option<&BootstrapMethod> {
        self.bootstrap_methods.get(usize::from(index))
    }

    /// `constant_pool_count` (valid indices are `1..constant_pool_count`).
    pub fn constant_pool_len(&self) -> usize {
        self.cp.len()
    }
}

/// Parses a class file. See the crate documentation for what is checked.
pub(crate) fn parse_class(bytes: &[u8]) -> Result<ClassFile, ClassFileError> {
    let mut r = Reader::new(bytes, "class file header");
    let magic = r.u4()?;
    if magic != 0xCAFE_BABE {
        return Err(Reader::error_at(
            0,
            format!("bad magic {magic:#010x} (expected 0xcafebabe)"),
        ));
    }
    let minor = r.u2()?;
    let major = r.u2()?;
    if !(MIN_MAJOR_VERSION..=MAX_MAJOR_VERSION).contains(&major)
        || (major == MIN_MAJOR_VERSION && minor < 3)
    {
        return Err(ClassFileError::UnsupportedVersion { major, minor });
    }
    let cp = ConstantPool::read(&mut r)?;
    r.set_context("class header");
    let access_flags = r.u2()?;
    let at = r.offset();
    let this_class = r.u2()?;
    let name = class_at(&cp, this_class, at, "this_class")?.to_owned();
    parse_rest(r, cp, name.clone(), major, minor, access_flags).map_err(|e| e.with_class(&name))
}

fn parse_rest(
    mut r: Reader<'_>,
    cp: ConstantPool,
    name: String,
    major: u16,
    minor: u16,
    access_flags: u16,
) -> Result<ClassFile, ClassFileError> {
    let at = r.offset();
    let super_class = r.u2()?;
    let super_name = if super_class == 0 {
        None
    } else {
        Some(class_at(&cp, super_class, at, "super_class")?.to_owned())
    };

    r.set_context("interfaces");
    let n = r.u2()?;
    r.check_count(usize::from(n), 2, "interface")?;
    let mut interfaces = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        let at = r.offset();
        let i = r.u2()?;
        interfaces.push(class_at(&cp, i, at, "interface")?.to_owned());
    }

    r.set_context("fields");
    let n = r.u2()?;
    r.check_count(usize::from(n), 8, "field")?;
    let mut fields = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        fields.push(read_field(&mut r, &cp)?);
        r.set_context("fields");
    }

    r.set_context("methods");
    let n = r.u2()?;
    r.check_count(usize::from(n), 8, "method")?;
    let mut methods = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        methods.push(read_method(&mut r, &cp, major)?);
        r.set_context("methods");
    }

    r.set_context("class attributes");
    let mut source_file = None;
    let mut annotations = Vec::new();
    let mut bootstrap_methods = None;
    let n = read_attribute_count(&mut r)?;
    for _ in 0..n {
        let (attr, mut body) = read_attribute(&mut r, &cp)?;
        match attr {
            "SourceFile" => {
                body.set_context("SourceFile attribute");
                let at = body.offset();
                let i = body.u2()?;
                source_file = Some(utf8_at(&cp, i, at, "SourceFile")?.to_owned());
                body.expect_end("SourceFile attribute")?;
            }
            "RuntimeVisibleAnnotations" => annotations = read_annotations(body, &cp)?,
            "BootstrapMethods" => {
                if bootstrap_methods.is_some() {
                    return Err(body.error("duplicate BootstrapMethods attribute"));
                }
                bootstrap_methods = Some(read_bootstrap_methods(body, &cp)?);
            }
            _ => {}
        }
        r.set_context("class attributes");
    }
    r.expect_end("class file")?;

    let bootstrap_methods = bootstrap_methods.unwrap_or_default();
    if let Some(max) = cp.max_bootstrap_index() {
        if usize::from(max) >= bootstrap_methods.len() {
            return Err(ClassFileError::malformed(
                None,
                format!(
                    "constant pool references bootstrap method {max}, but BootstrapMethods has {} entries",
                    bootstrap_methods.len()
                ),
            ));
        }
    }

    Ok(ClassFile {
        name,
        super_name,
        interfaces,
        major_version: major,
        minor_version: minor,
        access_flags,
        fields,
        methods,
        source_file,
        annotations,
        cp,
        bootstrap_methods,
    })
}

/// Reads access flags, name and descriptor of a field or method.
fn read_member_header<'c>(
    r: &mut Reader<'_>,
    cp: &'c ConstantPool,
    what: &str,
) -> Result<(u16, &'c str, &'c str, usize), ClassFileError> {
    let at = r.offset();
    let access_flags = r.u2()?;
    let name = utf8_at(cp, r.u2()?, at, &format!("{what} name"))?;
    let descriptor = utf8_at(cp, r.u2()?, at, &format!("{what} descriptor"))?;
    if name.is_empty() {
        return Err(Reader::error_at(at, format!("empty {what} name")));
    }
    Ok((access_flags, name, descriptor, at))
}

fn read_field(r: &mut Reader<'_>, cp: &ConstantPool) -> Result<Field, ClassFileError> {
    let (access_flags, name, descriptor, at) = read_member_header(r, cp, "field")?;
    if !is_field_descriptor(descriptor) {
        return Err(Reader::error_at(
            at,
            format!("field {name}: invalid descriptor {descriptor:?}"),
        ));
    }
    let mut constant_value = None;
    let mut annotations = Vec::new();
    r.set_context("field attributes");
    let n = read_attribute_count(r)?;
    for _ in 0..n {
        let (attr, mut body) = read_attribute(r, cp)?;
        match attr {
            "ConstantValue" => {
                body.set_context("ConstantValue attribute");
                let at = body.offset();
                let i = body.u2()?;
                body.expect_end("ConstantValue attribute")?;
                if !cp.is_constant_value(i) {
                    return Err(Reader::error_at(
                        at,
                        format!(
                            "field {name}: ConstantValue #{i} is not a numeric or string constant"
                        ),
                    ));
                }
                constant_value = Some(cp.constant(i)?);
            }
            "RuntimeVisibleAnnotations" => annotations = read_annotations(body, cp)?,
            _ => {}
        }
    }
    Ok(Field {
        name: name.to_owned(),
        descriptor: descriptor.to_owned(),
        access_flags,
        constant_value,
        annotations,
    })
}

fn read_method(
    r: &mut Reader<'_>,
    cp: &ConstantPool,
    major: u16,
) -> Result<Method, ClassFileError> {
    let (access_flags, name, descriptor, at) = read_member_header(r, cp, "method")?;
    if !is_method_descriptor(descriptor) {
        return Err(Reader::error_at(
            at,
            format!("method {name}: invalid descriptor {descriptor:?}"),
        ));
    }
    let mut code = None;
    let mut parameter_annotations = None;
    let mut annotations = Vec::new();
    r.set_context("method attributes");
    let n = read_attribute_count(r)?;
    for _ in 0..n {
        let (attr, body) = read_attribute(r, cp)?;
        match attr {
            "Code" => {
                if code.is_some() {
                    return Err(body.error(format!("method {name}: duplicate Code attribute")));
                }
                code = Some(read_code(body, cp, major, name, descriptor)?);
            }
            "RuntimeVisibleParameterAnnotations" => {
                parameter_annotations = Some(read_parameter_annotations(body, cp)?);
            }
            "RuntimeVisibleAnnotations" => annotations = read_annotations(body, cp)?,
            _ => {}
        }
    }
    let params = param_count(descriptor);
    let mut parameter_annotations = parameter_annotations.unwrap_or_default();
    if parameter_annotations.len() < params {
        // Missing entries are leading synthetic/mandated parameters (javac
        // omits them for inner-class and enum constructors), or all of them
        // when the attribute is absent.
        let missing = params - parameter_annotations.len();
        parameter_annotations.splice(0..0, std::iter::repeat_n(Vec::new(), missing));
    }
    Ok(Method {
        name: name.to_owned(),
        descriptor: descriptor.to_owned(),
        access_flags,
        code,
        parameter_annotations,
        annotations,
    })
}

fn read_code(
    mut r: Reader<'_>,
    cp: &ConstantPool,
    major: u16,
    method: &str,
    descriptor: &str,
) -> Result<Code, ClassFileError> {
    r.set_context("Code attribute");
    let max_stack = r.u2()?;
    let max_locals = r.u2()?;
    let code_at = r.offset();
    let code_length = r.u4()? as usize;
    if code_length == 0 || code_length > bytecode::MAX_CODE_LENGTH {
        return Err(Reader::error_at(
            code_at,
            format!("method {method}: code_length {code_length} out of range 1..=65535"),
        ));
    }
    let bytes = r.bytes(code_length)?;
    let bad_bytecode = |bci: u32, message: String| ClassFileError::BadBytecode {
        class: None,
        method: format!("{method}{descriptor}"),
        bci,
        message,
    };
    let instructions = bytecode::decode(bytes).map_err(|e| bad_bytecode(e.bci, e.message))?;
    for insn in &instructions {
        let opcode = bytes.get(insn.bci as usize).copied().unwrap_or(0);
        check_operands(&insn.op, opcode, cp, major, max_locals)
            .map_err(|m| bad_bytecode(insn.bci, m))?;
    }
    let is_start = |pc: u16| {
        instructions
            .binary_search_by_key(&u32::from(pc), |i| i.bci)
            .is_ok()
    };

    let n = r.u2()?;
    r.check_count(usize::from(n), 8, "exception handler")?;
    let mut exception_table = Vec::with_capacity(usize::from(n));
    for _ in 0..n {
        let at = r.offset();
        let start_pc = r.u2()?;
        let end_pc = r.u2()?;
        let handler_pc = r.u2()?;
        let catch = r.u2()?;
        let end_ok = usize::from(end_pc) == code_length || is_start(end_pc);
        if start_pc >= end_pc || !is_start(start_pc) || !end_ok || !is_start(handler_pc) {
            return Err(bad_bytecode(
                u32::from(start_pc),
                format!(
                    "invalid exception handler [{start_pc}, {end_pc}) -> {handler_pc} (at offset {at:#x})"
                ),
            ));
        }
        let catch_type = if catch == 0 {
            None
        } else {
            Some(class_at(cp, catch, at, "catch_type")?.to_owned())
        };
        exception_table.push(ExceptionHandler {
            start_pc,
            end_pc,
            handler_pc,
            catch_type,
        });
    }

    let mut line_numbers = Vec::new();
    let mut local_variables = Vec::new();
    let mut type_annotations = Vec::new();
    r.set_context("Code attribute's attributes");
    let n = read_attribute_count(&mut r)?;
    for _ in 0..n {
        let (attr, body) = read_attribute(&mut r, cp)?;
        match attr {
            "LineNumberTable" => read_line_numbers(body, &mut line_numbers)?,
            "LocalVariableTable" => read_local_variables(body, cp, &mut local_variables)?,
            "RuntimeVisibleTypeAnnotations" => {
                type_annotations.extend(read_type_annotations(body, cp)?);
            }
            _ => {}
        }
    }
    r.expect_end("Code attribute")?;
    line_numbers.sort_by_key(|&(pc, _)| pc);

    Ok(Code {
        max_stack,
        max_locals,
        bytecode: bytes.to_vec(),
        instructions,
        exception_table,
        line_numbers,
        local_variables,
        type_annotations,
    })
}

/// Checks an instruction's constant-pool and local-variable operands.
fn check_operands(
    op: &Op,
    opcode: u8,
    cp: &ConstantPool,
    major: u16,
    max_locals: u16,
) -> Result<(), String> {
    let field = |i: u16| match cp.ref_kind(i) {
        Some(RefKind::Field) => Ok(()),
        _ => Err(format!("operand #{i} is not a CONSTANT_Fieldref")),
    };
    let class = |i: u16| {
        if cp.is_class(i) {
            Ok(())
        } else {
            Err(format!("operand #{i} is not a CONSTANT_Class"))
        }
    };
    match *op {
        Op::Ldc(i) => {
            // ldc2_w (0x14) loads long/double (or a J/D dynamic constant);
            // ldc and ldc_w load everything else.
            let want = if opcode == 0x14 { 2 } else { 1 };
            match cp.loadable_width(i) {
                Some(w) if w == want => {}
                Some(_) => {
                    return Err(format!(
                        "{} operand #{i} has the wrong width",
                        if want == 2 { "ldc2_w" } else { "ldc/ldc_w" }
                    ))
                }
                None => return Err(format!("ldc operand #{i} is not a loadable constant")),
            }
        }
        Op::GetStatic(i) | Op::PutStatic(i) | Op::GetField(i) | Op::PutField(i) => field(i)?,
        Op::InvokeVirtual(i) => match cp.ref_kind(i) {
            Some(RefKind::Method) => {}
            _ => {
                return Err(format!(
                    "invokevirtual operand #{i} is not a CONSTANT_Methodref"
                ))
            }
        },
        Op::InvokeSpecial(i) | Op::InvokeStatic(i) => match cp.ref_kind(i) {
            Some(RefKind::Method) => {}
            Some(RefKind::InterfaceMethod) if major >= 52 => {}
            _ => {
                return Err(format!(
                    "invokespecial/invokestatic operand #{i} is not a CONSTANT_Methodref{}",
                    if major >= 52 {
                        " or CONSTANT_InterfaceMethodref"
                    } else {
                        ""
                    }
                ))
            }
        },
        Op::InvokeInterface(i) => match cp.ref_kind(i) {
            Some(RefKind::InterfaceMethod) => {}
            _ => {
                return Err(format!(
                    "invokeinterface operand #{i} is not a CONSTANT_InterfaceMethodref"
                ))
            }
        },
        Op::InvokeDynamic(i) if !cp.is_invoke_dynamic(i) => {
            return Err(format!(
                "invokedynamic operand #{i} is not a CONSTANT_InvokeDynamic"
            ));
        }
        Op::New(i) | Op::ANewArray(i) | Op::CheckCast(i) | Op::InstanceOf(i) => class(i)?,
        Op::MultiANewArray { index, .. } => class(index)?,
        _ => {}
    }
    if let Some((index, slots)) = op.local_access() {
        if u32::from(index) + u32::from(slots) > u32::from(max_locals) {
            return Err(format!(
                "local variable {index} out of range (max_locals {max_locals})"
            ));
        }
    }
    Ok(())
}
