//! Bytecode decoding (JVMS §6.5).
//!
//! [`decode`] turns a method's `code` array into [`Insn`]s in bci order. It
//! refuses (with [`DecodeError`]) unknown and reserved opcodes (`0xca`
//! `breakpoint`, `0xcb..=0xfd`, `0xfe`/`0xff` `impdep`), truncated
//! instructions, a `wide` prefix on anything but a load, store, `ret` or
//! `iinc`, bad `newarray` types, malformed `tableswitch`/`lookupswitch`
//! (padding is computed relative to the start of the code array, as the JVM
//! does), and any branch target that is not the start of an instruction of the
//! same code array. Constant-pool operands are checked against the class's
//! constant pool by [`crate::parse`], not here.

use std::fmt;

/// Computational kind of a value on the operand stack or in a local.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `int` (also `boolean`, `byte`, `char`, `short`)
    Int,
    /// `long`
    Long,
    /// `float`
    Float,
    /// `double`
    Double,
    /// A reference (or a `returnAddress` for `astore`).
    Ref,
}

impl Kind {
    /// Slots taken by a value of this kind (2 for `long`/`double`).
    pub fn slots(self) -> u16 {
        match self {
            Kind::Long | Kind::Double => 2,
            _ => 1,
        }
    }
}

/// Element kind of an array access or `newarray`.
///
/// `baload`/`bastore` serve both `boolean[]` and `byte[]` and decode as
/// [`ArrayKind::Byte`]; `newarray` with `atype` 4 decodes as
/// [`ArrayKind::Boolean`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrayKind {
    /// `boolean[]` (only from `newarray`)
    Boolean,
    /// `byte[]` (or `boolean[]` for `baload`/`bastore`)
    Byte,
    /// `char[]`
    Char,
    /// `short[]`
    Short,
    /// `int[]`
    Int,
    /// `long[]`
    Long,
    /// `float[]`
    Float,
    /// `double[]`
    Double,
    /// array of references
    Ref,
}

/// Arithmetic and bitwise operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArithOp {
    /// `xadd`
    Add,
    /// `xsub`
    Sub,
    /// `xmul`
    Mul,
    /// `xdiv`
    Div,
    /// `xrem`
    Rem,
    /// `xneg` (unary)
    Neg,
    /// `ishl`/`lshl`
    Shl,
    /// `ishr`/`lshr`
    Shr,
    /// `iushr`/`lushr`
    Ushr,
    /// `iand`/`land`
    And,
    /// `ior`/`lor`
    Or,
    /// `ixor`/`lxor`
    Xor,
}

/// Branch conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cond {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `>=`
    Ge,
    /// `>`
    Gt,
    /// `<=`
    Le,
}

/// Operand types of the conversion instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ConvKind {
    /// `int`
    Int,
    /// `long`
    Long,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `byte` (target of `i2b`)
    Byte,
    /// `char` (target of `i2c`)
    Char,
    /// `short` (target of `i2s`)
    Short,
}

/// A decoded instruction. Branch targets are absolute bcis, checked to be
/// instruction starts; constant-pool operands are indices checked (by
/// [`crate::parse`]) to refer to entries of the right kind.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// `nop`
    Nop,
    /// `aconst_null`
    AconstNull,
    /// `iconst_m1`..`iconst_5`, `bipush`, `sipush`
    Iconst(i32),
    /// `lconst_0`, `lconst_1`
    Lconst(i64),
    /// `fconst_0`..`fconst_2`
    Fconst(f32),
    /// `dconst_0`, `dconst_1`
    Dconst(f64),
    /// `ldc`, `ldc_w`, `ldc2_w`: constant-pool index (see [`crate::ClassFile::constant`]).
    Ldc(u16),
    /// `xload`, `xload_<n>` and their `wide` forms: kind and local index.
    Load(Kind, u16),
    /// `xstore`, `xstore_<n>` and their `wide` forms: kind and local index.
    Store(Kind, u16),
    /// `xaload`
    ArrayLoad(ArrayKind),
    /// `xastore`
    ArrayStore(ArrayKind),
    /// `pop`
    Pop,
    /// `pop2`
    Pop2,
    /// `dup`
    Dup,
    /// `dup_x1`
    DupX1,
    /// `dup_x2`
    DupX2,
    /// `dup2`
    Dup2,
    /// `dup2_x1`
    Dup2X1,
    /// `dup2_x2`
    Dup2X2,
    /// `swap`
    Swap,
    /// `iadd`..`lxor`; the kind is `Int`, `Long`, `Float` or `Double`.
    Arith(Kind, ArithOp),
    /// `iinc` and `wide iinc`
    Iinc {
        /// Local variable index.
        index: u16,
        /// Signed increment.
        delta: i16,
    },
    /// `i2l`..`d2f`, and `i2b`/`i2c`/`i2s` as `Convert(Int, Byte/Char/Short)`.
    Convert(ConvKind, ConvKind),
    /// `lcmp`
    Lcmp,
    /// `fcmpl`
    Fcmpl,
    /// `fcmpg`
    Fcmpg,
    /// `dcmpl`
    Dcmpl,
    /// `dcmpg`
    Dcmpg,
    /// `ifeq`..`ifle`: compare an int with zero.
    If {
        /// Condition.
        cond: Cond,
        /// Absolute target bci.
        target: u32,
    },
    /// `if_icmpeq`..`if_icmple`
    IfIcmp {
        /// Condition.
        cond: Cond,
        /// Absolute target bci.
        target: u32,
    },
    /// `if_acmpeq` (`equal == true`) and `if_acmpne`
    IfAcmp {
        /// `true` for `if_acmpeq`.
        equal: bool,
        /// Absolute target bci.
        target: u32,
    },
    /// `ifnull`
    IfNull {
        /// Absolute target bci.
        target: u32,
    },
    /// `ifnonnull`
    IfNonNull {
        /// Absolute target bci.
        target: u32,
    },
    /// `goto`, `goto_w`: absolute target bci.
    Goto(u32),
    /// `jsr`, `jsr_w`: absolute target bci.
    Jsr(u32),
    /// `ret` and `wide ret`: local index.
    Ret(u16),
    /// `tableswitch`
    TableSwitch {
        /// Absolute bci of the default case.
        default: u32,
        /// Key of `targets[0]`.
        low: i32,
        /// Absolute bcis for keys `low..=low + targets.len() - 1`.
        targets: Vec<u32>,
    },
    /// `lookupswitch`
    LookupSwitch {
        /// Absolute bci of the default case.
        default: u32,
        /// `(key, absolute bci)`, keys strictly increasing.
        pairs: Vec<(i32, u32)>,
    },
    /// `ireturn`..`areturn` (`Some(kind)`) and `return` (`None`).
    Return(Option<Kind>),
    /// `getstatic`: `CONSTANT_Fieldref` index.
    GetStatic(u16),
    /// `putstatic`: `CONSTANT_Fieldref` index.
    PutStatic(u16),
    /// `getfield`: `CONSTANT_Fieldref` index.
    GetField(u16),
    /// `putfield`: `CONSTANT_Fieldref` index.
    PutField(u16),
    /// `invokevirtual`: `CONSTANT_Methodref` index.
    InvokeVirtual(u16),
    /// `invokespecial`: `CONSTANT_Methodref` or `CONSTANT_InterfaceMethodref` index.
    InvokeSpecial(u16),
    /// `invokestatic`: `CONSTANT_Methodref` or `CONSTANT_InterfaceMethodref` index.
    InvokeStatic(u16),
    /// `invokeinterface`: `CONSTANT_InterfaceMethodref` index.
    InvokeInterface(u16),
    /// `invokedynamic`: `CONSTANT_InvokeDynamic` index (see [`crate::ClassFile::invoke_dynamic`]).
    InvokeDynamic(u16),
    /// `new`: `CONSTANT_Class` index.
    New(u16),
    /// `newarray`: primitive element kind.
    NewArray(ArrayKind),
    /// `anewarray`: `CONSTANT_Class` index of the component type.
    ANewArray(u16),
    /// `arraylength`
    ArrayLength,
    /// `athrow`
    AThrow,
    /// `checkcast`: `CONSTANT_Class` index.
    CheckCast(u16),
    /// `instanceof`: `CONSTANT_Class` index.
    InstanceOf(u16),
    /// `monitorenter`
    MonitorEnter,
    /// `monitorexit`
    MonitorExit,
    /// `multianewarray`
    MultiANewArray {
        /// `CONSTANT_Class` index of the array type.
        index: u16,
        /// Number of dimensions to create (>= 1).
        dims: u8,
    },
}

impl Op {
    /// Explicit branch targets of this instruction (absolute bcis), in
    /// operand order (for switches: the default first). Empty for
    /// non-branching instructions; fall-through is not included (see
    /// [`Op::falls_through`]).
    pub fn branch_targets(&self) -> Vec<u32> {
        match self {
            Op::If { target, .. }
            | Op::IfIcmp { target, .. }
            | Op::IfAcmp { target, .. }
            | Op::IfNull { target }
            | Op::IfNonNull { target }
            | Op::Goto(target)
            | Op::Jsr(target) => vec![*target],
            Op::TableSwitch {
                default, targets, ..
            } => std::iter::once(*default)
                .chain(targets.iter().copied())
                .collect(),
            Op::LookupSwitch { default, pairs } => std::iter::once(*default)
                .chain(pairs.iter().map(|&(_, t)| t))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Can control continue at the next instruction? `false` for `goto`,
    /// switches, returns, `athrow`, `ret` and `jsr` (the instruction after a
    /// `jsr` is reached only through the subroutine's `ret`).
    pub fn falls_through(&self) -> bool {
        !matches!(
            self,
            Op::Goto(_)
                | Op::Jsr(_)
                | Op::Ret(_)
                | Op::TableSwitch { .. }
                | Op::LookupSwitch { .. }
                | Op::Return(_)
                | Op::AThrow
        )
    }

    /// Local variable slot(s) accessed: `(index, slots)` for loads, stores,
    /// `iinc` and `ret`.
    pub fn local_access(&self) -> Option<(u16, u16)> {
        match self {
            Op::Load(k, i) | Op::Store(k, i) => Some((*i, k.slots())),
            Op::Iinc { index, .. } => Some((*index, 1)),
            Op::Ret(i) => Some((*i, 1)),
            _ => None,
        }
    }
}

/// A decoded instruction at a bytecode index.
#[derive(Debug, Clone, PartialEq)]
pub struct Insn {
    /// Byte offset of the instruction in the method's code array.
    pub bci: u32,
    /// The operation.
    pub op: Op,
}

/// Why [`decode`] refused a code array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// Offset of the offending instruction.
    pub bci: u32,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at bci {}: {}", self.bci, self.message)
    }
}

impl std::error::Error for DecodeError {}

/// Largest code array the JVM accepts (`code_length < 65536`).
pub const MAX_CODE_LENGTH: usize = 65535;

/// Decodes a method's code array (without consulting a constant pool).
///
/// Refuses an empty code array or one longer than [`MAX_CODE_LENGTH`].
pub fn decode(code: &[u8]) -> Result<Vec<Insn>, DecodeError> {
    if code.is_empty() || code.len() > MAX_CODE_LENGTH {
        return Err(DecodeError {
            bci: 0,
            message: format!("code length {} out of range 1..=65535", code.len()),
        });
    }
    let mut insns = Vec::new();
    let mut starts = vec![false; code.len()];
    let mut pc = 0usize;
    while pc < code.len() {
        starts[pc] = true;
        let mut c = Cursor { code, pc, pos: pc };
        let op = decode_one(&mut c).map_err(|message| DecodeError {
            bci: pc as u32,
            message,
        })?;
        insns.push(Insn { bci: pc as u32, op });
        pc = c.pos;
    }
    for insn in &insns {
        for t in insn.op.branch_targets() {
            // decode_one already checked t < code.len()
            if !starts.get(t as usize).copied().unwrap_or(false) {
                return Err(DecodeError {
                    bci: insn.bci,
                    message: format!("branch target {t} is not the start of an instruction"),
                });
            }
        }
    }
    Ok(insns)
}

struct Cursor<'a> {
    code: &'a [u8],
    /// bci of the instruction being decoded
    pc: usize,
    /// next byte to read
    pos: usize,
}

impl Cursor<'_> {
    fn u1(&mut self) -> Result<u8, String> {
        let b = *self
            .code
            .get(self.pos)
            .ok_or_else(|| "truncated instruction".to_owned())?;
        self.pos += 1;
        Ok(b)
    }
    fn u2(&mut self) -> Result<u16, String> {
        Ok(u16::from_be_bytes([self.u1()?, self.u1()?]))
    }
    fn i4(&mut self) -> Result<i32, String> {
        Ok(i32::from_be_bytes([
            self.u1()?,
            self.u1()?,
            self.u1()?,
            self.u1()?,
        ]))
    }
    fn remaining(&self) -> usize {
        self.code.len().saturating_sub(self.pos)
    }
    /// Absolute target of a relative branch offset, checked to be in the code.
    fn target(&self, offset: i32) -> Result<u32, String> {
        let t = self.pc as i64 + i64::from(offset);
        if t < 0 || t >= self.code.len() as i64 {
            return Err(format!(
                "branch offset {offset} leads outside the code (to {t})"
            ));
        }
        Ok(t as u32)
    }
    fn target16(&mut self) -> Result<u32, String> {
        let off = self.u2()? as i16;
        self.target(i32::from(off))
    }
    fn target32(&mut self) -> Result<u32, String> {
        let off = self.i4()?;
        self.target(off)
    }
}

const KINDS5: [Kind; 5] = [Kind::Int, Kind::Long, Kind::Float, Kind::Double, Kind::Ref];
const ARITH4: [Kind; 4] = [Kind::Int, Kind::Long, Kind::Float, Kind::Double];
const ARRAY8: [ArrayKind; 8] = [
    ArrayKind::Int,
    ArrayKind::Long,
    ArrayKind::Float,
    ArrayKind::Double,
    ArrayKind::Ref,
    ArrayKind::Byte,
    ArrayKind::Char,
    ArrayKind::Short,
];
const CONDS: [Cond; 6] = [Cond::Eq, Cond::Ne, Cond::Lt, Cond::Ge, Cond::Gt, Cond::Le];

fn decode_one(c: &mut Cursor<'_>) -> Result<Op, String> {
    let opcode = c.u1()?;
    let op = match opcode {
        0x00 => Op::Nop,
        0x01 => Op::AconstNull,
        0x02..=0x08 => Op::Iconst(i32::from(opcode) - 3),
        0x09 | 0x0a => Op::Lconst(i64::from(opcode - 0x09)),
        0x0b..=0x0d => Op::Fconst(f32::from(opcode - 0x0b)),
        0x0e | 0x0f => Op::Dconst(f64::from(opcode - 0x0e)),
        0x10 => Op::Iconst(i32::from(c.u1()? as i8)),
        0x11 => Op::Iconst(i32::from(c.u2()? as i16)),
        0x12 => Op::Ldc(u16::from(c.u1()?)),
        0x13 | 0x14 => Op::Ldc(c.u2()?),
        0x15..=0x19 => Op::Load(KINDS5[usize::from(opcode - 0x15)], u16::from(c.u1()?)),
        0x1a..=0x2d => {
            let n = opcode - 0x1a;
            Op::Load(KINDS5[usize::from(n / 4)], u16::from(n % 4))
        }
        0x2e..=0x35 => Op::ArrayLoad(ARRAY8[usize::from(opcode - 0x2e)]),
        0x36..=0x3a => Op::Store(KINDS5[usize::from(opcode - 0x36)], u16::from(c.u1()?)),
        0x3b..=0x4e => {
            let n = opcode - 0x3b;
            Op::Store(KINDS5[usize::from(n / 4)], u16::from(n % 4))
        }
        0x4f..=0x56 => Op::ArrayStore(ARRAY8[usize::from(opcode - 0x4f)]),
        0x57 => Op::Pop,
        0x58 => Op::Pop2,
        0x59 => Op::Dup,
        0x5a => Op::DupX1,
        0x5b => Op::DupX2,
        0x5c => Op::Dup2,
        0x5d => Op::Dup2X1,
        0x5e => Op::Dup2X2,
        0x5f => Op::Swap,
        0x60..=0x77 => {
            let n = opcode - 0x60;
            let a = [
                ArithOp::Add,
                ArithOp::Sub,
                ArithOp::Mul,
                ArithOp::Div,
                ArithOp::Rem,
                ArithOp::Neg,
            ][usize::from(n / 4)];
            Op::Arith(ARITH4[usize::from(n % 4)], a)
        }
        0x78..=0x83 => {
            let n = opcode - 0x78;
            let a = [
                ArithOp::Shl,
                ArithOp::Shr,
                ArithOp::Ushr,
                ArithOp::And,
                ArithOp::Or,
                ArithOp::Xor,
            ][usize::from(n / 2)];
            let k = if n % 2 == 0 { Kind::Int } else { Kind::Long };
            Op::Arith(k, a)
        }
        0x84 => Op::Iinc {
            index: u16::from(c.u1()?),
            delta: i16::from(c.u1()? as i8),
        },
        0x85..=0x90 => {
            use ConvKind::*;
            let (from, to) = [
                (Int, Long),
                (Int, Float),
                (Int, Double),
                (Long, Int),
                (Long, Float),
                (Long, Double),
                (Float, Int),
                (Float, Long),
                (Float, Double),
                (Double, Int),
                (Double, Long),
                (Double, Float),
            ][usize::from(opcode - 0x85)];
            Op::Convert(from, to)
        }
        0x91 => Op::Convert(ConvKind::Int, ConvKind::Byte),
        0x92 => Op::Convert(ConvKind::Int, ConvKind::Char),
        0x93 => Op::Convert(ConvKind::Int, ConvKind::Short),
        0x94 => Op::Lcmp,
        0x95 => Op::Fcmpl,
        0x96 => Op::Fcmpg,
        0x97 => Op::Dcmpl,
        0x98 => Op::Dcmpg,
        0x99..=0x9e => Op::If {
            cond: CONDS[usize::from(opcode - 0x99)],
            target: c.target16()?,
        },
        0x9f..=0xa4 => Op::IfIcmp {
            cond: CONDS[usize::from(opcode - 0x9f)],
            target: c.target16()?,
        },
        0xa5 | 0xa6 => Op::IfAcmp {
            equal: opcode == 0xa5,
            target: c.target16()?,
        },
        0xa7 => Op::Goto(c.target16()?),
        0xa8 => Op::Jsr(c.target16()?),
        0xa9 => Op::Ret(u16::from(c.u1()?)),
        0xaa => {
            skip_padding(c)?;
            let default = c.target32()?;
            let low = c.i4()?;
            let high = c.i4()?;
            if low > high {
                return Err(format!("tableswitch low {low} > high {high}"));
            }
            let n = (i64::from(high) - i64::from(low) + 1) as u64;
            if n.saturating_mul(4) > c.remaining() as u64 {
                return Err(format!("tableswitch with {n} cases exceeds the code"));
            }
            let mut targets = Vec::with_capacity(n as usize);
            for _ in 0..n {
                targets.push(c.target32()?);
            }
            Op::TableSwitch {
                default,
                low,
                targets,
            }
        }
        0xab => {
            skip_padding(c)?;
            let default = c.target32()?;
            let npairs = c.i4()?;
            if npairs < 0 {
                return Err(format!("lookupswitch with negative npairs {npairs}"));
            }
            let n = npairs as u64;
            if n.saturating_mul(8) > c.remaining() as u64 {
                return Err(format!("lookupswitch with {n} pairs exceeds the code"));
            }
            let mut pairs: Vec<(i32, u32)> = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let key = c.i4()?;
                if let Some(&(prev, _)) = pairs.last() {
                    if key <= prev {
                        return Err(format!(
                            "lookupswitch keys not strictly increasing ({prev} then {key})"
                        ));
                    }
                }
                pairs.push((key, c.target32()?));
            }
            Op::LookupSwitch { default, pairs }
        }
        0xac..=0xb0 => Op::Return(Some(KINDS5[usize::from(opcode - 0xac)])),
        0xb1 => Op::Return(None),
        0xb2 => Op::GetStatic(c.u2()?),
        0xb3 => Op::PutStatic(c.u2()?),
        0xb4 => Op::GetField(c.u2()?),
        0xb5 => Op::PutField(c.u2()?),
        0xb6 => Op::InvokeVirtual(c.u2()?),
        0xb7 => Op::InvokeSpecial(c.u2()?),
        0xb8 => Op::InvokeStatic(c.u2()?),
        0xb9 => {
            let index = c.u2()?;
            let count = c.u1()?;
            let zero = c.u1()?;
            if count == 0 {
                return Err("invokeinterface with count 0".to_owned());
            }
            if zero != 0 {
                return Err("invokeinterface: fourth operand byte is not 0".to_owned());
            }
            Op::InvokeInterface(index)
        }
        0xba => {
            let index = c.u2()?;
            if c.u2()? != 0 {
                return Err("invokedynamic: operand bytes 3 and 4 are not 0".to_owned());
            }
            Op::InvokeDynamic(index)
        }
        0xbb => Op::New(c.u2()?),
        0xbc => {
            let atype = c.u1()?;
            Op::NewArray(match atype {
                4 => ArrayKind::Boolean,
                5 => ArrayKind::Char,
                6 => ArrayKind::Float,
                7 => ArrayKind::Double,
                8 => ArrayKind::Byte,
                9 => ArrayKind::Short,
                10 => ArrayKind::Int,
                11 => ArrayKind::Long,
                _ => return Err(format!("newarray with invalid atype {atype}")),
            })
        }
        0xbd => Op::ANewArray(c.u2()?),
        0xbe => Op::ArrayLength,
        0xbf => Op::AThrow,
        0xc0 => Op::CheckCast(c.u2()?),
        0xc1 => Op::InstanceOf(c.u2()?),
        0xc2 => Op::MonitorEnter,
        0xc3 => Op::MonitorExit,
        0xc4 => {
            let sub = c.u1()?;
            match sub {
                0x15..=0x19 => Op::Load(KINDS5[usize::from(sub - 0x15)], c.u2()?),
                0x36..=0x3a => Op::Store(KINDS5[usize::from(sub - 0x36)], c.u2()?),
                0xa9 => Op::Ret(c.u2()?),
                0x84 => Op::Iinc {
                    index: c.u2()?,
                    delta: c.u2()? as i16,
                },
                _ => return Err(format!("wide applied to opcode {sub:#04x}")),
            }
        }
        0xc5 => {
            let index = c.u2()?;
            let dims = c.u1()?;
            if dims == 0 {
                return Err("multianewarray with 0 dimensions".to_owned());
            }
            Op::MultiANewArray { index, dims }
        }
        0xc6 => Op::IfNull {
            target: c.target16()?,
        },
        0xc7 => Op::IfNonNull {
            target: c.target16()?,
        },
        0xc8 => Op::Goto(c.target32()?),
        0xc9 => Op::Jsr(c.target32()?),
        0xca => return Err("reserved opcode 0xca (breakpoint)".to_owned()),
        0xfe | 0xff => return Err(format!("reserved opcode {opcode:#04x} (impdep)")),
        _ => return Err(format!("unknown opcode {opcode:#04x}")),
    };
    Ok(op)
}

/// Skips the 0-3 padding bytes after a switch opcode, so that the next
/// operand starts at a multiple of 4 from the start of the code array.
fn skip_padding(c: &mut Cursor<'_>) -> Result<(), String> {
    while c.pos % 4 != 0 {
        c.u1()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ops(code: &[u8]) -> Vec<Op> {
        decode(code)
            .expect("decodes")
            .into_iter()
            .map(|i| i.op)
            .collect()
    }

    #[test]
    fn simple_ops() {
        assert_eq!(
            ops(&[0x02, 0x08, 0x10, 0xff, 0x11, 0x80, 0x00, 0x1a, 0x2d, 0x4e, 0xb1]),
            vec![
                Op::Iconst(-1),
                Op::Iconst(5),
                Op::Iconst(-1),
                Op::Iconst(-32768),
                Op::Load(Kind::Int, 0),
                Op::Load(Kind::Ref, 3),
                Op::Store(Kind::Ref, 3),
                Op::Return(None),
            ]
        );
        assert_eq!(
            ops(&[0x60, 0x77, 0x7d, 0x83, 0x91, 0x90, 0x33, 0x56, 0xac]),
            vec![
                Op::Arith(Kind::Int, ArithOp::Add),
                Op::Arith(Kind::Double, ArithOp::Neg),
                Op::Arith(Kind::Long, ArithOp::Ushr),
                Op::Arith(Kind::Long, ArithOp::Xor),
                Op::Convert(ConvKind::Int, ConvKind::Byte),
                Op::Convert(ConvKind::Double, ConvKind::Float),
                Op::ArrayLoad(ArrayKind::Byte),
                Op::ArrayStore(ArrayKind::Short),
                Op::Return(Some(Kind::Int)),
            ]
        );
    }

    #[test]
    fn wide_forms() {
        assert_eq!(
            ops(&[0xc4, 0x15, 0x01, 0x2c, 0xc4, 0x84, 0x01, 0x00, 0xff, 0x9c, 0xb1]),
            vec![
                Op::Load(Kind::Int, 300),
                Op::Iinc {
                    index: 256,
                    delta: -100
                },
                Op::Return(None)
            ]
        );
        assert!(decode(&[0xc4, 0x60]).is_err());
        assert!(decode(&[0xc4, 0x15, 0x01]).is_err());
    }

    #[test]
    fn switch_padding_is_relative_to_code_start() {
        // nop; tableswitch at bci 1 -> 2 padding bytes (operands start at 4)
        let mut code = vec![0x00, 0xaa, 0, 0];
        code.extend_from_slice(&24i32.to_be_bytes()); // default -> 1 + 24 = 25
        code.extend_from_slice(&5i32.to_be_bytes()); // low
        code.extend_from_slice(&6i32.to_be_bytes()); // high
        code.extend_from_slice(&24i32.to_be_bytes());
        code.extend_from_slice(&25i32.to_be_bytes()); // -> 26
        code.extend_from_slice(&[0xb1, 0xb1]); // bci 24, 25
        code.push(0xb1); // 26
        let ops = ops(&code);
        assert_eq!(
            ops[1],
            Op::TableSwitch {
                default: 25,
                low: 5,
                targets: vec![25, 26]
            }
        );
        assert_eq!(ops[1].branch_targets(), vec![25, 25, 26]);
        assert!(!ops[1].falls_through());
    }

    #[test]
    fn refuses_bad_code() {
        for bad in [0xcbu8, 0xca, 0xfe, 0xff, 0xe0] {
            let e = decode(&[bad]).expect_err("reserved/unknown");
            assert_eq!(e.bci, 0);
        }
        // branch into the middle of an instruction: sipush 0; goto -2
        let e = decode(&[0x11, 0, 0, 0xa7, 0xff, 0xfe]).expect_err("mid-insn");
        assert!(e.message.contains("not the start"), "{e}");
        // branch outside the code
        assert!(decode(&[0xa7, 0x00, 0x10]).is_err());
        // huge tableswitch does not allocate
        let mut code = vec![0xaa, 0, 0, 0];
        code.extend_from_slice(&0i32.to_be_bytes());
        code.extend_from_slice(&i32::MIN.to_be_bytes());
        code.extend_from_slice(&i32::MAX.to_be_bytes());
        assert!(decode(&code).is_err());
        // lookupswitch keys must increase
        let mut code = vec![0xab, 0, 0, 0];
        code.extend_from_slice(&0i32.to_be_bytes());
        code.extend_from_slice(&2i32.to_be_bytes());
        for k in [3i32, 3] {
            code.extend_from_slice(&k.to_be_bytes());
            code.extend_from_slice(&0i32.to_be_bytes());
        }
        assert!(decode(&code).is_err());
        assert!(decode(&[]).is_err());
        assert!(decode(&[0xbc, 3]).is_err());
        assert!(decode(&[0xc5, 0, 1, 0]).is_err());
        assert!(decode(&[0xb9, 0, 1, 0, 0]).is_err());
        assert!(decode(&[0xba, 0, 1, 0, 1]).is_err());
    }
}
