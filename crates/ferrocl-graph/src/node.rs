//! Node operations, stamps and constants.

use crate::NodeId;
use std::fmt;

/// One node: its operation, the type of the value it produces, its inputs and its control successors.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// What the node does.
    pub op: Op,
    /// The Java type of its value (`Void` for control nodes and stores).
    pub stamp: Stamp,
    /// Data inputs in operand order. For `Merge`: its `End`s in predecessor order; for `LoopBegin`:
    /// the forward `End` first, then its `LoopEnd`s; for `Phi`: the merge first, then one value per
    /// merge input, in the merge's input order.
    pub inputs: Vec<NodeId>,
    /// Control successors: `[next]` for a fixed node that falls through, `[true, false]` for `If`,
    /// none for `End`, `LoopEnd` and `Return`.
    pub successors: Vec<NodeId>,
}

/// The Java type of a node's value. Sub-int primitives live as `Int` on the operand stack, as in the
/// JVM; the narrow kinds appear only as array element kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stamp {
    /// No value (control nodes, stores).
    Void,
    /// A condition (result of a comparison), consumed by `If`.
    Bool,
    /// Java `int` (also `boolean`, `byte`, `char`, `short` values).
    Int,
    /// Java `long`.
    Long,
    /// Java `float`.
    Float,
    /// Java `double`.
    Double,
    /// A reference to a primitive array with the given element kind.
    Array(ElemKind),
    /// Any other reference.
    Object,
    /// A reference to an array inside a multi-dimensional array argument (`float[][] m`: `m` itself,
    /// `m[i]`), while the front end builds the graph: an `int` handle into the argument's table
    /// (see [`crate::NestedPart`]). `dims` counts the dimensions left (`m[i]` of a `float[][]` has
    /// one), `root` is the argument's index in the parameters. The front end gives such nodes the
    /// stamp `Int` before it returns the graph, so no phase sees this stamp.
    Nested {
        /// The element type of the innermost arrays.
        elem: ElemKind,
        /// The dimensions left: 1 for a primitive array.
        dims: u8,
        /// The multi-dimensional parameter it belongs to.
        root: u16,
    },
}

impl Stamp {
    /// The stamp of a value of primitive or array field/parameter descriptor `desc`, if known.
    pub fn from_descriptor(desc: &str) -> Option<Stamp> {
        let b = desc.as_bytes();
        Some(match b.first()? {
            b'Z' | b'B' | b'C' | b'S' | b'I' => Stamp::Int,
            b'J' => Stamp::Long,
            b'F' => Stamp::Float,
            b'D' => Stamp::Double,
            b'[' => match b.get(1)? {
                b'[' | b'L' => Stamp::Object,
                &c => Stamp::Array(ElemKind::from_descriptor_char(c)?),
            },
            b'L' => Stamp::Object,
            _ => return None,
        })
    }

    /// Whether this stamp is a primitive value (int, long, float or double).
    pub fn is_primitive(self) -> bool {
        matches!(
            self,
            Stamp::Int | Stamp::Long | Stamp::Float | Stamp::Double
        )
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stamp::Void => f.write_str("void"),
            Stamp::Bool => f.write_str("bool"),
            Stamp::Int => f.write_str("int"),
            Stamp::Long => f.write_str("long"),
            Stamp::Float => f.write_str("float"),
            Stamp::Double => f.write_str("double"),
            Stamp::Array(e) => write!(f, "{}[]", e.java_name()),
            Stamp::Object => f.write_str("Object"),
            Stamp::Nested { elem, dims, .. } => {
                write!(f, "{}{}", elem.java_name(), "[]".repeat(usize::from(*dims)))
            }
        }
    }
}

/// Element kind of a Java array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ElemKind {
    /// `boolean[]` (stored as bytes; stores keep only bit 0).
    Boolean,
    /// `byte[]`.
    Byte,
    /// `char[]` (unsigned 16-bit).
    Char,
    /// `short[]`.
    Short,
    /// `int[]`.
    Int,
    /// `long[]`.
    Long,
    /// `float[]`.
    Float,
    /// `double[]`.
    Double,
}

impl ElemKind {
    /// The kind for a descriptor character (`Z B C S I J F D`).
    pub fn from_descriptor_char(c: u8) -> Option<ElemKind> {
        Some(match c {
            b'Z' => ElemKind::Boolean,
            b'B' => ElemKind::Byte,
            b'C' => ElemKind::Char,
            b'S' => ElemKind::Short,
            b'I' => ElemKind::Int,
            b'J' => ElemKind::Long,
            b'F' => ElemKind::Float,
            b'D' => ElemKind::Double,
            _ => return None,
        })
    }

    /// The descriptor character of the kind (the inverse of [`ElemKind::from_descriptor_char`]).
    pub fn descriptor_char(self) -> char {
        match self {
            ElemKind::Boolean => 'Z',
            ElemKind::Byte => 'B',
            ElemKind::Char => 'C',
            ElemKind::Short => 'S',
            ElemKind::Int => 'I',
            ElemKind::Long => 'J',
            ElemKind::Float => 'F',
            ElemKind::Double => 'D',
        }
    }

    /// The Java spelling of the element type.
    pub fn java_name(self) -> &'static str {
        match self {
            ElemKind::Boolean => "boolean",
            ElemKind::Byte => "byte",
            ElemKind::Char => "char",
            ElemKind::Short => "short",
            ElemKind::Int => "int",
            ElemKind::Long => "long",
            ElemKind::Float => "float",
            ElemKind::Double => "double",
        }
    }

    /// Bytes one element takes in memory (`boolean` is a byte, as the writer stores it).
    pub fn size_bytes(self) -> usize {
        match self {
            ElemKind::Boolean | ElemKind::Byte => 1,
            ElemKind::Char | ElemKind::Short => 2,
            ElemKind::Int | ElemKind::Float => 4,
            ElemKind::Long | ElemKind::Double => 8,
        }
    }

    /// The stamp of a value loaded from such an array.
    pub fn value_stamp(self) -> Stamp {
        match self {
            ElemKind::Long => Stamp::Long,
            ElemKind::Float => Stamp::Float,
            ElemKind::Double => Stamp::Double,
            _ => Stamp::Int,
        }
    }
}

/// A constant value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    /// An `int` constant.
    Int(i32),
    /// A `long` constant.
    Long(i64),
    /// A `float` constant (compared by bits, so NaN payloads and -0.0 are kept).
    Float(f32),
    /// A `double` constant (compared by bits).
    Double(f64),
    /// The `null` reference.
    Null,
}

impl Constant {
    /// Bitwise identity, for value numbering (`0.0` and `-0.0` differ, equal NaNs match).
    pub fn same_bits(&self, other: &Constant) -> bool {
        match (self, other) {
            (Constant::Float(a), Constant::Float(b)) => a.to_bits() == b.to_bits(),
            (Constant::Double(a), Constant::Double(b)) => a.to_bits() == b.to_bits(),
            _ => self == other,
        }
    }

    /// The zero (or `null`) of a stamp: Java's default value of a variable of that type.
    pub fn zero(stamp: Stamp) -> Constant {
        match stamp {
            Stamp::Long => Constant::Long(0),
            Stamp::Float => Constant::Float(0.0),
            Stamp::Double => Constant::Double(0.0),
            Stamp::Int | Stamp::Bool => Constant::Int(0),
            _ => Constant::Null,
        }
    }

    /// The stamp of this constant.
    pub fn stamp(&self) -> Stamp {
        match self {
            Constant::Int(_) => Stamp::Int,
            Constant::Long(_) => Stamp::Long,
            Constant::Float(_) => Stamp::Float,
            Constant::Double(_) => Stamp::Double,
            Constant::Null => Stamp::Object,
        }
    }
}

/// Binary arithmetic and bitwise operations, with Java's semantics for the operand stamp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinaryOp {
    /// `+` (wrapping for integers).
    Add,
    /// `-` (wrapping for integers).
    Sub,
    /// `*` (wrapping for integers).
    Mul,
    /// `/` on `float`/`double` (integer division is [`Op::IntegerDivRem`]).
    Div,
    /// `%` on `float`/`double`: `fmod`, as Java's `drem` (integer remainder is [`Op::IntegerDivRem`]).
    Rem,
    /// `<<` with the count masked to 5 or 6 bits.
    Shl,
    /// `>>` (arithmetic) with the count masked.
    Shr,
    /// `>>>` (logical) with the count masked.
    Ushr,
    /// `&`.
    And,
    /// `|`.
    Or,
    /// `^`.
    Xor,
}

impl BinaryOp {
    /// Whether `x op y == y op x` for every operand (true for IEEE `+` and `*` too).
    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinaryOp::Add | BinaryOp::Mul | BinaryOp::And | BinaryOp::Or | BinaryOp::Xor
        )
    }
}

/// A comparison condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `>=`.
    Ge,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
}

impl Condition {
    /// Whether `a cond b` holds for two integers.
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Condition::Eq => a == b,
            Condition::Ne => a != b,
            Condition::Lt => a < b,
            Condition::Ge => a >= b,
            Condition::Gt => a > b,
            Condition::Le => a <= b,
        }
    }

    /// The condition that holds exactly when `self` does not (for integers; for floating point this
    /// is only valid when the operands are ordered).
    pub fn negate(self) -> Condition {
        match self {
            Condition::Eq => Condition::Ne,
            Condition::Ne => Condition::Eq,
            Condition::Lt => Condition::Ge,
            Condition::Ge => Condition::Lt,
            Condition::Gt => Condition::Le,
            Condition::Le => Condition::Gt,
        }
    }

    /// The condition with operands swapped (`a < b` ⇔ `b > a`).
    pub fn mirror(self) -> Condition {
        match self {
            Condition::Eq => Condition::Eq,
            Condition::Ne => Condition::Ne,
            Condition::Lt => Condition::Gt,
            Condition::Ge => Condition::Le,
            Condition::Gt => Condition::Lt,
            Condition::Le => Condition::Ge,
        }
    }

    /// The C operator.
    pub fn c_operator(self) -> &'static str {
        match self {
            Condition::Eq => "==",
            Condition::Ne => "!=",
            Condition::Lt => "<",
            Condition::Ge => ">=",
            Condition::Gt => ">",
            Condition::Le => "<=",
        }
    }
}

/// A primitive conversion (`i2l` … `d2f`, and the narrowing `i2b`, `i2c`, `i2s`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Conversion {
    /// Source stamp (`Int`, `Long`, `Float` or `Double`).
    pub from: Stamp,
    /// Target: a stack stamp, or a narrow kind for `i2b`/`i2c`/`i2s` (result stamp is then `Int`).
    pub to: ConvTarget,
}

/// Target of a [`Conversion`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ConvTarget {
    /// To `int`.
    Int,
    /// To `long`.
    Long,
    /// To `float`.
    Float,
    /// To `double`.
    Double,
    /// `i2b`: keep the low 8 bits, sign-extended.
    Byte,
    /// `i2c`: keep the low 16 bits, zero-extended.
    Char,
    /// `i2s`: keep the low 16 bits, sign-extended.
    Short,
}

/// What a node does. Fixed control nodes first, then fixed memory nodes, then floating values.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// Method entry; successor: the first fixed node.
    Start,
    /// Start of a branch target of an `If`.
    Begin,
    /// Forward end of a block flowing into a `Merge` or the entry of a `LoopBegin` (no successor).
    End,
    /// Join of forward control flow; inputs: its `End`s.
    Merge,
    /// Loop header; inputs: the entry `End`, then the `LoopEnd`s.
    LoopBegin,
    /// Back edge; input: its `LoopBegin`.
    LoopEnd,
    /// Leaves a loop; input: its `LoopBegin`; successor: the code after the loop.
    LoopExit,
    /// Two-way branch; input: a `Bool` condition; successors `[true, false]`.
    If,
    /// Method return; input: the returned value, if any.
    Return,
    /// `array[index]`; inputs `[array, index]`. Fixed: it may throw and must stay ordered with stores.
    ArrayLoad(ElemKind),
    /// `array[index] = value`; inputs `[array, index, value]`.
    ArrayStore(ElemKind),
    /// `new T[length]` of a primitive element type (`newarray`); input `[length]`; the stamp is
    /// `Array(T)`. Fixed: every execution makes a fresh array of zeros, so it stays ordered with the
    /// loads and stores of the array, and a negative length throws.
    NewArray(ElemKind),
    /// Integer `x / y` or `x % y` (`int` or `long`, per the stamp); inputs `[x, y]`. Fixed: a zero
    /// divisor throws, so it must neither move nor vanish when its value is unused.
    IntegerDivRem {
        /// `%` when true, `/` when false.
        rem: bool,
    },
    /// A check Java makes before an operation, explicit (`lower_checks` puts one before every
    /// array access and integer division that needs it; phases may prove and remove it). When it
    /// fails, the work-item writes [`GuardKind::status`] to the status word and stops; the host then
    /// reruns the method on the JVM, which throws Java's exception with the arrays as Java leaves
    /// them. Inputs by kind: `Index` `[index, array]` (passes when `0 <= index < array.length`),
    /// `Divisor` `[divisor]` (passes when it is not zero). Fixed: it stays where Java checks.
    Guard(GuardKind),
    /// The `index`-th formal parameter (the receiver of an instance method is parameter 0).
    Parameter(u16),
    /// A constant.
    Constant(Constant),
    /// Binary arithmetic on two values of the node's stamp (the shift count is `Int` for `long` shifts).
    Binary(BinaryOp),
    /// Arithmetic negation.
    Negate,
    /// `x cond y` as a `Bool`. For floating point this is IEEE: with a NaN operand every condition
    /// is false except `Ne`, which is true (as in Java).
    Compare(Condition),
    /// `lcmp`/`fcmpl`/`fcmpg`/`dcmpl`/`dcmpg`: -1, 0 or 1; unordered gives -1 when
    /// `unordered_is_less` (the `l` forms) and 1 otherwise.
    NormalizeCompare {
        /// Result for NaN operands: -1 if true, 1 if false.
        unordered_is_less: bool,
    },
    /// A primitive conversion.
    Convert(Conversion),
    /// `array.length`; input `[array]`.
    ArrayLength,
    /// A value at a merge; inputs `[merge, v0, v1, …]`, one value per merge input.
    Phi,
    /// `condition ? a : b`; inputs `[condition, a, b]`, the condition a `Bool`, `a` and `b` of the
    /// node's stamp. Both operands are values (floating, without effects), so computing the one
    /// not taken changes nothing; the if-conversion phase makes these from branches that only
    /// choose values.
    Select,
    /// A pure library method with a known meaning (`Math.sqrt`, `Integer.bitCount`, …); inputs: its
    /// arguments in order; the stamp is the method's return type. The writer gives it Java's semantics.
    Intrinsic(Intrinsic),
    /// A non-final `static` primitive field, read on the host at every `execute()` and passed to the
    /// kernel as an argument (Java code may change it between runs). No inputs.
    StaticField(FieldRef),
    /// Which Java object a reference parameter is bound to at this `execute()`, as an `int` the
    /// host computes and passes to the kernel: the index in [`crate::MethodGraph::params`] of the
    /// first reference parameter bound to the same object (so two parameters hold one object
    /// exactly when their identities are equal), `-1` for `null`. Java's `a == b` on two
    /// parameters. No inputs.
    Identity(u16),
    /// An element of an array parameter that Java reads before the `@Parallel` loops (`float max =
    /// a[0];`), read by the host at every `execute()` before launch and passed to the kernel as an
    /// argument: before the loops nothing has stored to any array yet, so the host's copy holds
    /// what Java reads. Inputs `[index, when]`: an `int` and a `Bool` the host evaluates, `when`
    /// the condition under which Java reads the element (the branches before it). Where it holds
    /// and the index is out of bounds, the host sends the method to the JVM, which throws; where
    /// it does not, the kernel never uses the value. The stamp is the element's.
    HostLoad {
        /// Index of the array in [`crate::MethodGraph::params`].
        param: u16,
        /// The element type.
        elem: ElemKind,
    },
    /// An integer `x / y` or `x % y` (`int` or `long`, per the stamp) that Java makes before the
    /// `@Parallel` loops, computed by the host at every `execute()` before launch and passed to the
    /// kernel as an argument (the `host_loads` phase makes it from an [`Op::IntegerDivRem`] there).
    /// Inputs `[x, y, when]`: values the host evaluates, `when` the `Bool` condition under which
    /// Java makes the division (the branches before it). Where it holds and `y` is zero, the host
    /// sends the method to the JVM, which throws `ArithmeticException` there; where it does not,
    /// the kernel gets 0 and never uses it. The kernel never divides, so a guarded division
    /// (`k != 0 ? n / k : n`) may become a select.
    HostDivRem {
        /// `%` when true, `/` when false.
        rem: bool,
    },
    /// The counter of a sequential loop around `@Parallel` loops (`for (int s = 0; s < steps; s++)`
    /// around a stencil's loops), once the `repeat_loops` phase has taken that loop out of the graph:
    /// the host launches the kernels of the loops inside it once per value of the counter, in
    /// order, and passes the value as an argument. No inputs; an `int`.
    RepeatIndex,
    /// The number of the repetition of that loop, from 0 (`(counter - start) / step`): what
    /// arrays swapped at the end of each step (`t = a; a = b; b = t;`) are chosen by (see
    /// `repeat_loops`). No inputs; an `int`.
    RepeatCount,
    /// `System.arraycopy` as one node: inputs `[src, src_pos, dst, dst_pos, count]` (arrays of
    /// this element type, `int` positions and count), Java's checks made before it. The front end
    /// makes it only where the destination is an array allocated with a length not known when
    /// compiling (`a.clone()`, `Arrays.copyOf` of an argument): such an array can only be one the
    /// host allocates before the loops (`scratch_arrays`), which makes the copy part of the
    /// array's preparation on the host. No kernel contains it.
    ArrayCopy(ElemKind),
    /// `n` consecutive elements of an array read as one access (`n` = 2, 4, 8 or 16; the
    /// `vectorAccess` phase makes it from `n` loads): inputs `[array, index_0, …, index_{n-1}]`,
    /// `index_k` the `int` index of lane `k`, equal to `index_0 + k`, and `index_0` a multiple of
    /// `n`. Java's check of every lane is made before it. Its lanes are read by [`Op::Lane`]
    /// nodes; its own stamp is `Void`.
    VectorLoad(ElemKind),
    /// Lane `k` of a [`Op::VectorLoad`]; input `[vector]`; the stamp is the element's.
    Lane(u8),
    /// `n` consecutive elements of an array written as one access (made by `vectorAccess` from `n`
    /// stores): inputs `[array, index_0, …, index_{n-1}, value_0, …, value_{n-1}]`, as
    /// [`Op::VectorLoad`]'s indices; each value is converted to the element type as a store would.
    VectorStore(ElemKind),
    /// Whether the host's test of a `@Parallel` body's host-versioned index checks held for this
    /// launch (the `hostVersioning` phase's flag; the kernel argument `ferrocl_proven`): a `Bool`
    /// that is the same for every work-item of a launch. The phase branches on it at the body's
    /// entry, into a copy of the body without the checks the test proves and the body as written.
    /// No inputs.
    BoundsProven,
}

/// What a [`Op::Guard`] checks. Null and type checks of the task's arguments are made on the host
/// before launch (an array argument is never null in the kernel, a devirtualised call is compiled
/// for the class the host checked), so in a kernel only these remain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GuardKind {
    /// `0 <= index < array.length` (`ArrayIndexOutOfBoundsException`).
    Index,
    /// A non-zero integer divisor (`ArithmeticException: / by zero`).
    Divisor,
    /// The exact result of a `Math.*Exact` method fits its type (`ArithmeticException: integer
    /// overflow` / `long overflow`). Input `[fits]`, a `Bool` that holds when it does.
    Overflow,
    /// A `throw` statement the method reaches: the guard stands for the branch into code that
    /// always throws (`if (x < 0) throw new IllegalArgumentException(...)`), which the kernel does
    /// not contain. Input `[continues]`, a `Bool` that holds when control goes the other way.
    /// Failing, the JVM reruns the method and throws Java's exception, message and all.
    Throw,
}

impl GuardKind {
    /// The status word a failed guard writes (the host maps it to the exception the JVM will throw
    /// when it reruns the method).
    pub fn status(self) -> i32 {
        match self {
            GuardKind::Index => STATUS_INDEX,
            GuardKind::Divisor => STATUS_DIVIDE_BY_ZERO,
            GuardKind::Overflow => STATUS_OVERFLOW,
            GuardKind::Throw => STATUS_THROW,
        }
    }

    /// How many inputs a guard of this kind has.
    pub fn arity(self) -> usize {
        match self {
            GuardKind::Index => 2,
            GuardKind::Divisor | GuardKind::Overflow | GuardKind::Throw => 1,
        }
    }
}

/// Status word of a failed index guard.
pub const STATUS_INDEX: i32 = 1;
/// Status word of a failed divisor guard.
pub const STATUS_DIVIDE_BY_ZERO: i32 = 2;
/// Status word of a failed overflow guard (3 is the writer's negative array size).
pub const STATUS_OVERFLOW: i32 = 4;
/// Status word of a failed throw guard (the method reached a `throw`).
pub const STATUS_THROW: i32 = 8;

/// A field of a class, by name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldRef {
    /// Internal name of the declaring class (`pkg/Cls`).
    pub class: String,
    /// Field name.
    pub name: String,
    /// Field descriptor (`I`, `J`, `F`, `D`, `Z`, `B`, `C`, `S`).
    pub descriptor: String,
    /// Whether the host may initialise the class (JLS §12.4) when it is not initialised yet at
    /// `execute()`, before the kernel runs: its static initialiser (and its superclasses') can
    /// neither be observed nor fail (it only computes its own static fields from constants and
    /// `java.lang`'s pure methods). Otherwise such an execution runs on the JVM, which initialises
    /// the class where Java first reads the field, if it does; the host reads the field only once
    /// the class is initialised.
    pub host_may_initialise: bool,
}

/// Library methods the compiler knows the meaning of. The operand type is given by the node's input
/// stamps (e.g. `Abs` on `int`, `long`, `float` or `double`, as Java's overloads).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `Math.abs` (int: `abs(MIN_VALUE) == MIN_VALUE`; floating: clears the sign bit).
    Abs,
    /// `Math.min` (floating: NaN if either is NaN, `-0.0 < 0.0`).
    Min,
    /// `Math.max` (floating: NaN if either is NaN, `-0.0 < 0.0`).
    Max,
    /// `Math.sqrt` (correctly rounded).
    Sqrt,
    /// `Math.cbrt`.
    Cbrt,
    /// `Math.floor`.
    Floor,
    /// `Math.ceil`.
    Ceil,
    /// `Math.rint` (round half to even).
    Rint,
    /// `Math.fma` (one rounding).
    Fma,
    /// `Math.exp`.
    Exp,
    /// `Math.log`.
    Log,
    /// `Math.log10`.
    Log10,
    /// `Math.log1p`.
    Log1p,
    /// `Math.expm1`.
    Expm1,
    /// `Math.pow`.
    Pow,
    /// `Math.sin`.
    Sin,
    /// `Math.cos`.
    Cos,
    /// `StrictMath.sin`: fdlibm's bits.
    StrictSin,
    /// `StrictMath.cos`: fdlibm's bits.
    StrictCos,
    /// `StrictMath.tan`: fdlibm's bits.
    StrictTan,
    /// `StrictMath.pow`: fdlibm's bits, every argument.
    StrictPow,
    /// `StrictMath.atan`: fdlibm's bits.
    StrictAtan,
    /// `StrictMath.atan2`: fdlibm's bits.
    StrictAtan2,
    /// `StrictMath.asin`: fdlibm's bits.
    StrictAsin,
    /// `StrictMath.acos`: fdlibm's bits.
    StrictAcos,
    /// `StrictMath.log10`: fdlibm's bits.
    StrictLog10,
    /// `StrictMath.cbrt`: fdlibm's bits.
    StrictCbrt,
    /// `StrictMath.expm1`: fdlibm's bits.
    StrictExpm1,
    /// `StrictMath.log1p`: fdlibm's bits.
    StrictLog1p,
    /// `StrictMath.sinh`: fdlibm's bits.
    StrictSinh,
    /// `StrictMath.cosh`: fdlibm's bits.
    StrictCosh,
    /// `StrictMath.tanh`: fdlibm's bits.
    StrictTanh,
    /// `StrictMath.hypot`: fdlibm's bits.
    StrictHypot,
    /// `StrictMath.exp`: fdlibm's bits (the same code as `Math.exp`, but never relaxed).
    StrictExp,
    /// `StrictMath.log`: fdlibm's bits (the same code as `Math.log`, but never relaxed).
    StrictLog,
    /// `Math.tan`.
    Tan,
    /// `Math.asin`.
    Asin,
    /// `Math.acos`.
    Acos,
    /// `Math.atan`.
    Atan,
    /// `Math.atan2`.
    Atan2,
    /// `Math.sinh`.
    Sinh,
    /// `Math.cosh`.
    Cosh,
    /// `Math.tanh`.
    Tanh,
    /// `Math.hypot`.
    Hypot,
    /// `Math.signum` (keeps ±0.0 and NaN).
    Signum,
    /// `Math.toRadians`.
    ToRadians,
    /// `Math.toDegrees`.
    ToDegrees,
    /// `Float.floatToRawIntBits`.
    FloatToRawIntBits,
    /// `Float.intBitsToFloat`.
    IntBitsToFloat,
    /// `Double.doubleToRawLongBits`.
    DoubleToRawLongBits,
    /// `Double.longBitsToDouble`.
    LongBitsToDouble,
    /// `Integer.bitCount` / `Long.bitCount` (result `int`).
    BitCount,
    /// `Integer/Long.numberOfLeadingZeros` (result `int`).
    NumberOfLeadingZeros,
    /// `Integer/Long.numberOfTrailingZeros` (result `int`).
    NumberOfTrailingZeros,
    /// `Integer/Long.reverse`.
    Reverse,
    /// `Integer/Long.rotateLeft` (distance masked).
    RotateLeft,
    /// `Integer/Long.rotateRight` (distance masked).
    RotateRight,
    /// `Math.multiplyHigh(long, long)`: the high 64 bits of the 128-bit product.
    MultiplyHigh,
    /// `Math.IEEEremainder` / `StrictMath.IEEEremainder`: `x - n y`, `n` the integer nearest `x / y`
    /// (ties to even), exact (IEEE 754's remainder).
    IeeeRemainder,
}

impl Intrinsic {
    /// Whether the result is exact (correctly rounded or integer), as opposed to a transcendental
    /// function whose result may differ from the JVM's within a stated bound.
    pub fn is_exact(self) -> bool {
        !matches!(
            self,
            Intrinsic::Cbrt
                | Intrinsic::Exp
                | Intrinsic::Log
                | Intrinsic::Log10
                | Intrinsic::Log1p
                | Intrinsic::Expm1
                | Intrinsic::Pow
                | Intrinsic::Sin
                | Intrinsic::Cos
                | Intrinsic::Tan
                | Intrinsic::Asin
                | Intrinsic::Acos
                | Intrinsic::Atan
                | Intrinsic::Atan2
                | Intrinsic::Sinh
                | Intrinsic::Cosh
                | Intrinsic::Tanh
                | Intrinsic::Hypot
        )
    }
}

impl Op {
    /// Whether this node is part of the control-flow skeleton.
    pub fn is_fixed(&self) -> bool {
        matches!(
            self,
            Op::Start
                | Op::Begin
                | Op::End
                | Op::Merge
                | Op::LoopBegin
                | Op::LoopEnd
                | Op::LoopExit
                | Op::If
                | Op::Return
                | Op::ArrayLoad(_)
                | Op::ArrayStore(_)
                | Op::NewArray(_)
                | Op::IntegerDivRem { .. }
                | Op::Guard(_)
                | Op::VectorLoad(_)
                | Op::VectorStore(_)
                | Op::ArrayCopy(_)
        )
    }

    /// Whether users compute with this node's value: every floating node, and of the fixed ones a
    /// load, an allocation and a division (not control, stores or guards).
    pub fn has_value(&self) -> bool {
        !self.is_fixed()
            || matches!(
                self,
                Op::ArrayLoad(_) | Op::NewArray(_) | Op::IntegerDivRem { .. } | Op::VectorLoad(_)
            )
    }

    /// Whether this is a merge point (`Merge` or `LoopBegin`), the owner of phis.
    pub fn is_merge(&self) -> bool {
        matches!(self, Op::Merge | Op::LoopBegin)
    }

    /// A short name for dumps and errors.
    pub fn name(&self) -> String {
        match self {
            Op::ArrayLoad(k) => format!("ArrayLoad {}", k.java_name()),
            Op::ArrayStore(k) => format!("ArrayStore {}", k.java_name()),
            Op::NewArray(k) => format!("NewArray {}", k.java_name()),
            Op::VectorLoad(k) => format!("VectorLoad {}", k.java_name()),
            Op::VectorStore(k) => format!("VectorStore {}", k.java_name()),
            Op::ArrayCopy(k) => format!("ArrayCopy {}", k.java_name()),
            Op::Lane(k) => format!("Lane {k}"),
            Op::Guard(k) => format!("Guard {k:?}"),
            Op::Parameter(i) => format!("Parameter {i}"),
            Op::Constant(c) => match c {
                Constant::Int(v) => format!("Constant {v}"),
                Constant::Long(v) => format!("Constant {v}L"),
                Constant::Float(v) => format!("Constant {v:?}f"),
                Constant::Double(v) => format!("Constant {v:?}d"),
                Constant::Null => "Constant null".to_string(),
            },
            Op::Binary(b) => format!("{b:?}"),
            Op::Compare(c) => format!("Compare {}", c.c_operator()),
            Op::NormalizeCompare { unordered_is_less } => {
                format!(
                    "NormalizeCompare{}",
                    if *unordered_is_less { "L" } else { "G" }
                )
            }
            Op::Convert(c) => format!("Convert {}→{:?}", c.from, c.to),
            Op::Intrinsic(i) => format!("Intrinsic {i:?}"),
            Op::StaticField(f) => format!("StaticField {}.{}", f.class.replace('/', "."), f.name),
            Op::Identity(p) => format!("Identity of parameter {p}"),
            Op::HostLoad { param, elem } => format!("HostLoad {elem:?} of parameter {param}"),
            other => format!("{other:?}"),
        }
    }
}
