//! Java arguments as the native side reads them: primitive arrays (their element type and length)
//! and boxed scalars.

use crate::NativeError;
use ferrocl_jit::ElemKind;
use jni::objects::{JIntArray, JObject};
use jni::{jni_str, Env};
use std::sync::OnceLock;

/// Every primitive element type, in [`elem_index`] order.
const ELEMS: [ElemKind; 8] = [
    ElemKind::Boolean,
    ElemKind::Byte,
    ElemKind::Char,
    ElemKind::Short,
    ElemKind::Int,
    ElemKind::Long,
    ElemKind::Float,
    ElemKind::Double,
];

/// The JNI class name of a Java array of `elem`.
pub(crate) fn array_class(elem: ElemKind) -> &'static jni::strings::JNIStr {
    match elem {
        ElemKind::Boolean => jni_str!("[Z"),
        ElemKind::Byte => jni_str!("[B"),
        ElemKind::Char => jni_str!("[C"),
        ElemKind::Short => jni_str!("[S"),
        ElemKind::Int => jni_str!("[I"),
        ElemKind::Long => jni_str!("[J"),
        ElemKind::Float => jni_str!("[F"),
        ElemKind::Double => jni_str!("[D"),
    }
}

/// The length of `obj`, a live local reference to a primitive array (any element type: the length
/// does not depend on it).
pub(crate) fn array_len(env: &mut Env<'_>, obj: &JObject<'_>) -> Result<usize, NativeError> {
    // Safety: a fresh view of the same live local reference; no ownership is taken, and only the
    // length is read.
    Ok(unsafe { JIntArray::from_raw(env, obj.as_raw()) }.len(env)?)
}

/// The element type of `obj` when it is a primitive array; `None` for null or anything else.
pub(crate) fn array_elem(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
) -> Result<Option<ElemKind>, NativeError> {
    if obj.is_null() {
        return Ok(None);
    }
    for elem in ELEMS {
        if is_array_of(env, obj, elem)? {
            return Ok(Some(elem));
        }
    }
    Ok(None)
}

/// A scalar argument read from its boxed form.
#[derive(Clone, Copy)]
pub(crate) enum Scalar {
    Int(i32),
    Long(i64),
    Float(f32),
    Double(f64),
}

impl Scalar {
    /// The value as the compiler's constant (what host expressions compute with).
    pub(crate) fn constant(self) -> ferrocl_jit::Constant {
        match self {
            Scalar::Int(v) => ferrocl_jit::Constant::Int(v),
            Scalar::Long(v) => ferrocl_jit::Constant::Long(v),
            Scalar::Float(v) => ferrocl_jit::Constant::Float(v),
            Scalar::Double(v) => ferrocl_jit::Constant::Double(v),
        }
    }
}

/// Global references to the primitive array classes and the box classes, with each box's `value`
/// field, looked up once per process (they are bootstrap classes: never unloaded).
struct Classes {
    /// Indexed by [`elem_index`].
    arrays: [usize; 8],
    /// `(class, value field id)` for Integer, Long, Float, Double, Short, Byte, Character, Boolean.
    boxes: [(usize, usize); 8],
}

static CLASSES: OnceLock<Classes> = OnceLock::new();

const BOXES: [(&str, &str); 8] = [
    ("java/lang/Integer", "I"),
    ("java/lang/Long", "J"),
    ("java/lang/Float", "F"),
    ("java/lang/Double", "D"),
    ("java/lang/Short", "S"),
    ("java/lang/Byte", "B"),
    ("java/lang/Character", "C"),
    ("java/lang/Boolean", "Z"),
];

fn elem_index(elem: ElemKind) -> usize {
    match elem {
        ElemKind::Boolean => 0,
        ElemKind::Byte => 1,
        ElemKind::Char => 2,
        ElemKind::Short => 3,
        ElemKind::Int => 4,
        ElemKind::Long => 5,
        ElemKind::Float => 6,
        ElemKind::Double => 7,
    }
}

fn classes(env: &mut Env<'_>) -> Result<&'static Classes, NativeError> {
    if let Some(c) = CLASSES.get() {
        return Ok(c);
    }
    let raw = env.get_raw();
    let global = |name: &str| -> Result<usize, NativeError> {
        let cname = std::ffi::CString::new(name)
            .map_err(|_| NativeError::ferrocl("class name with a NUL byte"))?;
        // SAFETY: `raw` is this thread's JNI environment; FindClass takes a NUL-terminated name;
        // the local reference is replaced by a global one and deleted.
        unsafe {
            let i = *raw;
            let local = ((*i).v1_1.FindClass)(raw, cname.as_ptr());
            if local.is_null() {
                ((*i).v1_1.ExceptionClear)(raw);
                return Err(NativeError::ferrocl(format!("class {name} not found")));
            }
            let g = ((*i).v1_1.NewGlobalRef)(raw, local);
            ((*i).v1_1.DeleteLocalRef)(raw, local);
            Ok(g as usize)
        }
    };
    let mut arrays = [0usize; 8];
    for elem in ELEMS {
        arrays[elem_index(elem)] = global(&array_class(elem).to_string())?;
    }
    let mut boxes = [(0usize, 0usize); 8];
    for (slot, (name, sig)) in boxes.iter_mut().zip(BOXES) {
        let class = global(name)?;
        let sig = std::ffi::CString::new(sig)
            .map_err(|_| NativeError::ferrocl("signature with a NUL byte"))?;
        // SAFETY: `class` is a live global reference; the strings are NUL-terminated.
        let field = unsafe {
            let i = *raw;
            ((*i).v1_1.GetFieldID)(
                raw,
                class as jni::sys::jclass,
                c"value".as_ptr(),
                sig.as_ptr(),
            )
        };
        if field.is_null() {
            return Err(NativeError::ferrocl(format!("no field {name}.value")));
        }
        *slot = (class, field as usize);
    }
    Ok(CLASSES.get_or_init(|| Classes { arrays, boxes }))
}

/// Whether `obj` (non-null) is an instance of the global class reference `class`.
fn instance_of(env: &Env<'_>, obj: &JObject<'_>, class: usize) -> bool {
    let raw = env.get_raw();
    // SAFETY: `obj` is a live reference and `class` a live global class reference.
    unsafe {
        let i = *raw;
        ((*i).v1_1.IsInstanceOf)(raw, obj.as_raw(), class as jni::sys::jclass)
    }
}

/// Whether `obj` (non-null) is a Java array of `elem`.
pub(crate) fn is_array_of(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    elem: ElemKind,
) -> Result<bool, NativeError> {
    let c = classes(env)?;
    Ok(instance_of(env, obj, c.arrays[elem_index(elem)]))
}

/// Reads a boxed primitive for a parameter of descriptor `desc`; `None` when it is null or not the
/// box of that type (the JVM would throw while unboxing: let it).
pub(crate) fn read_scalar(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    desc: &str,
) -> Result<Option<Scalar>, NativeError> {
    if obj.is_null() {
        return Ok(None);
    }
    let Some(k) = BOXES.iter().position(|(_, sig)| *sig == desc) else {
        return Ok(None);
    };
    let c = classes(env)?;
    let (class, field) = c.boxes[k];
    if !instance_of(env, obj, class) {
        return Ok(None);
    }
    let raw = env.get_raw();
    let o = obj.as_raw();
    let f = field as jni::sys::jfieldID;
    // SAFETY: `obj` is an instance of the box class whose `value` field `f` is, of the type the
    // getter reads; Get<Type>Field throws nothing.
    Ok(Some(unsafe {
        let i = *raw;
        match k {
            0 => Scalar::Int(((*i).v1_1.GetIntField)(raw, o, f)),
            1 => Scalar::Long(((*i).v1_1.GetLongField)(raw, o, f)),
            2 => Scalar::Float(((*i).v1_1.GetFloatField)(raw, o, f)),
            3 => Scalar::Double(((*i).v1_1.GetDoubleField)(raw, o, f)),
            4 => Scalar::Int(i32::from(((*i).v1_1.GetShortField)(raw, o, f))),
            5 => Scalar::Int(i32::from(((*i).v1_1.GetByteField)(raw, o, f))),
            6 => Scalar::Int(i32::from(((*i).v1_1.GetCharField)(raw, o, f))),
            _ => Scalar::Int(i32::from(((*i).v1_1.GetBooleanField)(raw, o, f))),
        }
    }))
}

/// Bytes per element of a Java array of `elem`.
pub(crate) fn elem_bytes(elem: ElemKind) -> usize {
    match elem {
        ElemKind::Boolean | ElemKind::Byte => 1,
        ElemKind::Char | ElemKind::Short => 2,
        ElemKind::Int | ElemKind::Float => 4,
        ElemKind::Long | ElemKind::Double => 8,
    }
}
