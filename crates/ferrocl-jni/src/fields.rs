//! Field values a kernel reads, read through JNI at every launch (Java code may change them
//! between runs): instance fields along a path from an argument (`this.cfg.n`) and static fields.
//!
//! Java resolves the classes once, when the task is compiled (only it knows the task's class
//! loader), and passes them after the method's arguments; this module looks each field up from its
//! class as the JVM's `getfield` and `getstatic` do (the named class, then its superclasses; for
//! statics also its interfaces), so a field hidden by a subclass is still the one the bytecode
//! names, and access control does not apply (the bytecode was allowed to read it).

use crate::args::Scalar;
use crate::NativeError;
use jni::objects::JObject;
use jni::strings::JNIString;
use jni::Env;

/// A field's value: an object (an array, or an object further fields are read from) or a scalar.
pub(crate) enum FieldValue<'local> {
    /// A reference (may be null).
    Object(JObject<'local>),
    /// A primitive.
    Scalar(Scalar),
}

/// Reads field `name` of type `descriptor` of `obj`, resolved from `class` (a `java.lang.Class`).
/// `None` when `obj` is null or not an instance of `class`, or when the field does not exist (a
/// class changed since the method was compiled): the JVM then runs the task and does what it does.
pub(crate) fn instance_field<'local>(
    env: &mut Env<'local>,
    obj: &JObject<'_>,
    class: &JObject<'_>,
    name: &str,
    descriptor: &str,
) -> Result<Option<FieldValue<'local>>, NativeError> {
    if obj.is_null() || class.is_null() {
        return Ok(None);
    }
    let raw = env.get_raw();
    let cname = JNIString::new(name);
    let csig = JNIString::new(descriptor);
    let class = class.as_raw() as jni::sys::jclass;
    // SAFETY: `raw` is this thread's environment, `obj` and `class` live references, the strings
    // NUL-terminated modified UTF-8; a failed lookup's exception is cleared before returning, and
    // the getter matches the field's descriptor.
    unsafe {
        let i = *raw;
        if !((*i).v1_1.IsInstanceOf)(raw, obj.as_raw(), class) {
            return Ok(None);
        }
        let id = ((*i).v1_1.GetFieldID)(raw, class, cname.as_ptr(), csig.as_ptr());
        if id.is_null() {
            ((*i).v1_1.ExceptionClear)(raw);
            log::debug!("no field {name} {descriptor} on the host: the JVM runs the task");
            return Ok(None);
        }
        let o = obj.as_raw();
        let value = match descriptor.as_bytes().first() {
            Some(b'I') => FieldValue::Scalar(Scalar::Int(((*i).v1_1.GetIntField)(raw, o, id))),
            Some(b'J') => FieldValue::Scalar(Scalar::Long(((*i).v1_1.GetLongField)(raw, o, id))),
            Some(b'F') => FieldValue::Scalar(Scalar::Float(((*i).v1_1.GetFloatField)(raw, o, id))),
            Some(b'D') => {
                FieldValue::Scalar(Scalar::Double(((*i).v1_1.GetDoubleField)(raw, o, id)))
            }
            Some(b'S') => FieldValue::Scalar(Scalar::Int(i32::from(((*i).v1_1.GetShortField)(
                raw, o, id,
            )))),
            Some(b'B') => {
                FieldValue::Scalar(Scalar::Int(i32::from(((*i).v1_1.GetByteField)(raw, o, id))))
            }
            Some(b'C') => {
                FieldValue::Scalar(Scalar::Int(i32::from(((*i).v1_1.GetCharField)(raw, o, id))))
            }
            Some(b'Z') => FieldValue::Scalar(Scalar::Int(i32::from(((*i).v1_1.GetBooleanField)(
                raw, o, id,
            )))),
            Some(b'L' | b'[') => {
                let local = ((*i).v1_1.GetObjectField)(raw, o, id);
                FieldValue::Object(JObject::from_raw(env, local))
            }
            _ => return Ok(None),
        };
        Ok(Some(value))
    }
}

/// Reads static field `name` (a primitive of type `descriptor`) of `class` (a `java.lang.Class`,
/// initialised by Java when it resolved it). `None` when there is no such field.
pub(crate) fn static_field(
    env: &mut Env<'_>,
    class: &JObject<'_>,
    name: &str,
    descriptor: &str,
) -> Result<Option<Scalar>, NativeError> {
    if class.is_null() {
        return Ok(None);
    }
    let Some(id) = static_field_id(env, class, name, descriptor) else {
        return Ok(None);
    };
    let raw = env.get_raw();
    let c = class.as_raw() as jni::sys::jclass;
    // SAFETY: as in `instance_field`; `c` is a live reference to a class, `id` its field's, and
    // the getter matches the field's descriptor.
    unsafe {
        let i = *raw;
        Ok(match descriptor.as_bytes().first() {
            Some(b'I') => Some(Scalar::Int(((*i).v1_1.GetStaticIntField)(raw, c, id))),
            Some(b'J') => Some(Scalar::Long(((*i).v1_1.GetStaticLongField)(raw, c, id))),
            Some(b'F') => Some(Scalar::Float(((*i).v1_1.GetStaticFloatField)(raw, c, id))),
            Some(b'D') => Some(Scalar::Double(((*i).v1_1.GetStaticDoubleField)(raw, c, id))),
            Some(b'S') => Some(Scalar::Int(i32::from(((*i).v1_1.GetStaticShortField)(
                raw, c, id,
            )))),
            Some(b'B') => Some(Scalar::Int(i32::from(((*i).v1_1.GetStaticByteField)(
                raw, c, id,
            )))),
            Some(b'C') => Some(Scalar::Int(i32::from(((*i).v1_1.GetStaticCharField)(
                raw, c, id,
            )))),
            Some(b'Z') => Some(Scalar::Int(i32::from(((*i).v1_1.GetStaticBooleanField)(
                raw, c, id,
            )))),
            _ => None,
        })
    }
}

/// Reads static field `name` of reference type `descriptor` (a primitive array, or an object whose
/// fields the kernel reads) of `class`.
/// `None` when there is no such field (a class changed since the method was compiled); a null
/// field is a null object. Looking the field up initialises the class if Java has not (JNI's
/// `GetStaticFieldID`), so callers read it only where that is allowed.
pub(crate) fn static_object_field<'local>(
    env: &mut Env<'local>,
    class: &JObject<'_>,
    name: &str,
    descriptor: &str,
) -> Result<Option<JObject<'local>>, NativeError> {
    if class.is_null() || !(descriptor.starts_with('[') || descriptor.starts_with('L')) {
        return Ok(None);
    }
    let Some(id) = static_field_id(env, class, name, descriptor) else {
        return Ok(None);
    };
    let raw = env.get_raw();
    let c = class.as_raw() as jni::sys::jclass;
    // SAFETY: as in `instance_field`; `c` is a live reference to a class, `id` its field's, and
    // the field's type is a reference (checked above), so `GetStaticObjectField` matches it.
    unsafe {
        let i = *raw;
        let local = ((*i).v1_1.GetStaticObjectField)(raw, c, id);
        Ok(Some(JObject::from_raw(env, local)))
    }
}

/// The field ID of static field `name descriptor` of `class` (a live, non-null `java.lang.Class`),
/// looked up as `getstatic` does; `None` (the lookup's exception cleared) when there is none.
fn static_field_id(
    env: &mut Env<'_>,
    class: &JObject<'_>,
    name: &str,
    descriptor: &str,
) -> Option<jni::sys::jfieldID> {
    let raw = env.get_raw();
    let cname = JNIString::new(name);
    let csig = JNIString::new(descriptor);
    let c = class.as_raw() as jni::sys::jclass;
    // SAFETY: `raw` is this thread's environment, `c` a live reference to a class, the strings
    // NUL-terminated modified UTF-8; a failed lookup's exception is cleared before returning.
    unsafe {
        let i = *raw;
        let id = ((*i).v1_1.GetStaticFieldID)(raw, c, cname.as_ptr(), csig.as_ptr());
        if id.is_null() {
            ((*i).v1_1.ExceptionClear)(raw);
            log::debug!("no static field {name} {descriptor} on the host: the JVM runs the task");
            return None;
        }
        Some(id)
    }
}
