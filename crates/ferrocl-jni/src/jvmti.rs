//! The few JVMTI calls Ferrocl makes, through the process's JVMTI environment (a JNI library may
//! ask for one in the live phase, as an agent attached at run time does): whether a class is
//! initialised, and the parts of a lambda's hidden class (its constant pool, fields, methods and
//! their bytecode), from which `ferrocl_classfile::assemble` makes the class file the JVM never
//! had, so that a lambda passed to a task can be devirtualised like any object.
//!
//! Every call's failure (no JVMTI, a capability the JVM will not give, an error code) is `None`:
//! the caller then does what it does without JVMTI (for a lambda: the call on it bails out and the
//! JVM runs the task).

use ferrocl_classfile::assemble::{assemble, ClassParts, MemberParts, MethodParts};
use jni::objects::JObject;
use jni::sys::{jclass, jint};
use jni::Env;
use std::ffi::{c_char, c_uchar, c_void, CStr};
use std::sync::OnceLock;

/// `JVMTI_VERSION_1_2`.
const JVMTI_VERSION_1_2: jint = 0x3001_0200;

/// Places in JVMTI's function table (`jvmtiInterface_1`): the entry numbers of `jvmti.h`, counted
/// from 1, minus one.
mod slot {
    pub(super) const DEALLOCATE: usize = 46;
    pub(super) const GET_CLASS_SIGNATURE: usize = 47;
    pub(super) const GET_CLASS_STATUS: usize = 48;
    pub(super) const GET_CLASS_MODIFIERS: usize = 50;
    pub(super) const GET_CLASS_METHODS: usize = 51;
    pub(super) const GET_CLASS_FIELDS: usize = 52;
    pub(super) const GET_IMPLEMENTED_INTERFACES: usize = 53;
    pub(super) const GET_FIELD_NAME: usize = 59;
    pub(super) const GET_FIELD_MODIFIERS: usize = 61;
    pub(super) const GET_METHOD_NAME: usize = 63;
    pub(super) const GET_METHOD_MODIFIERS: usize = 65;
    pub(super) const GET_MAX_LOCALS: usize = 67;
    pub(super) const GET_BYTECODES: usize = 74;
    pub(super) const ADD_CAPABILITIES: usize = 141;
    pub(super) const GET_CLASS_VERSION_NUMBERS: usize = 144;
    pub(super) const GET_CONSTANT_POOL: usize = 145;
}

/// `JVMTI_CLASS_STATUS_INITIALIZED`.
const CLASS_STATUS_INITIALIZED: jint = 4;

/// The process's JVMTI environment (`jvmtiEnv*`), `None` when the JVM gives none.
fn environment(env: &Env<'_>) -> Option<*mut c_void> {
    static JVMTI: OnceLock<usize> = OnceLock::new();
    let raw = env.get_raw();
    // SAFETY: `raw` is the current thread's JNIEnv; GetJavaVM and GetEnv are callable from any
    // attached thread, and a JVMTI environment lives as long as the VM.
    let jvmti = *JVMTI.get_or_init(|| unsafe {
        let i = *raw;
        let mut vm: *mut jni::sys::JavaVM = std::ptr::null_mut();
        if ((*i).v1_1.GetJavaVM)(raw, &mut vm) != 0 || vm.is_null() {
            return 0;
        }
        let mut penv: *mut c_void = std::ptr::null_mut();
        if ((**vm).v1_2.GetEnv)(vm, &mut penv, JVMTI_VERSION_1_2) != 0 {
            return 0;
        }
        penv as usize
    });
    (jvmti != 0).then_some(jvmti as *mut c_void)
}

/// Entry `slot` of `jvmti`'s function table as a function of type `F`.
///
/// # Safety
/// `jvmti` must be a live `jvmtiEnv*` and `F` the C type of the function at `slot`.
unsafe fn function<F: Copy>(jvmti: *mut c_void, slot: usize) -> Option<F> {
    // SAFETY: a `jvmtiEnv*` points to the function table's pointer (the caller's contract); the
    // table has every entry up to the last of version 1.2.
    unsafe {
        let table = *(jvmti as *const *const *const c_void);
        let f = *table.add(slot);
        if f.is_null() {
            return None;
        }
        Some(std::mem::transmute_copy::<*const c_void, F>(&f))
    }
}

/// Whether `class` (a `java.lang.Class`) has been initialised (JLS §12.4), asked of JVMTI's
/// `GetClassStatus`, which initialises nothing; `None` when JVMTI is not available.
pub(crate) fn class_initialized(env: &Env<'_>, class: &JObject<'_>) -> Option<bool> {
    if class.is_null() {
        return None;
    }
    let jvmti = environment(env)?;
    type GetClassStatus = unsafe extern "system" fn(*mut c_void, jclass, *mut jint) -> jint;
    // SAFETY: entry GET_CLASS_STATUS is `GetClassStatus(jvmtiEnv*, jclass, jint*)`, which needs no
    // capability; `class` is a live reference.
    unsafe {
        let get: GetClassStatus = function(jvmti, slot::GET_CLASS_STATUS)?;
        let mut status: jint = 0;
        if get(jvmti, class.as_raw() as jclass, &mut status) != 0 {
            return None;
        }
        Some(status & CLASS_STATUS_INITIALIZED != 0)
    }
}

/// Whether this environment holds the capabilities to read bytecode and constant pools (asked
/// once; HotSpot gives both in the live phase).
fn can_read_classes(jvmti: *mut c_void) -> bool {
    static GRANTED: OnceLock<bool> = OnceLock::new();
    *GRANTED.get_or_init(|| {
        type AddCapabilities = unsafe extern "system" fn(*mut c_void, *const [u32; 4]) -> jint;
        // `jvmtiCapabilities` is 128 one-bit fields from the lowest bit of the first word:
        // `can_get_bytecodes` is bit 3, `can_get_constant_pool` bit 35.
        let caps: [u32; 4] = [1 << 3, 1 << 3, 0, 0];
        // SAFETY: entry ADD_CAPABILITIES is `AddCapabilities(jvmtiEnv*, const
        // jvmtiCapabilities*)`; `caps` has the structure's size and layout.
        unsafe {
            match function::<AddCapabilities>(jvmti, slot::ADD_CAPABILITIES) {
                Some(add) => add(jvmti, &caps) == 0,
                None => false,
            }
        }
    })
}

/// JVMTI-allocated memory, given back with `Deallocate` when dropped.
struct Allocated {
    jvmti: *mut c_void,
    ptr: *mut c_uchar,
}

impl Drop for Allocated {
    fn drop(&mut self) {
        if self.ptr.is_null() {
            return;
        }
        type Deallocate = unsafe extern "system" fn(*mut c_void, *mut c_uchar) -> jint;
        // SAFETY: `ptr` was allocated by this JVMTI environment and is given back once.
        unsafe {
            if let Some(free) = function::<Deallocate>(self.jvmti, slot::DEALLOCATE) {
                free(self.jvmti, self.ptr);
            }
        }
    }
}

impl Allocated {
    fn new(jvmti: *mut c_void, ptr: *mut c_uchar) -> Self {
        Allocated { jvmti, ptr }
    }

    /// The memory as a NUL-terminated modified UTF-8 string (names and signatures).
    fn text(&self) -> Option<String> {
        if self.ptr.is_null() {
            return None;
        }
        // SAFETY: JVMTI returns names and signatures NUL-terminated.
        let s = unsafe { CStr::from_ptr(self.ptr as *const c_char) };
        s.to_str().ok().map(str::to_string)
    }

    /// `len` bytes of the memory.
    fn bytes(&self, len: jint) -> Option<Vec<u8>> {
        let len = usize::try_from(len).ok()?;
        if self.ptr.is_null() {
            return (len == 0).then(Vec::new);
        }
        // SAFETY: JVMTI gave `len` bytes at `ptr`.
        Some(unsafe { std::slice::from_raw_parts(self.ptr, len) }.to_vec())
    }
}

/// `Lpkg/Name;` (a class signature) → `pkg/Name`; a hidden class's `Lpkg/Name.0x…;` →
/// `pkg/Name+0x…`, the name its own constant pool gives it.
fn internal_name(signature: &str) -> Option<String> {
    let inner = signature.strip_prefix('L')?.strip_suffix(';')?;
    Some(inner.replace('.', "+"))
}

/// The class signature of `class`.
fn class_signature(jvmti: *mut c_void, class: jclass) -> Option<String> {
    type GetClassSignature = unsafe extern "system" fn(
        *mut c_void,
        jclass,
        *mut *mut c_uchar,
        *mut *mut c_uchar,
    ) -> jint;
    // SAFETY: the entry's C type; `class` is live; the generic signature is not asked for.
    unsafe {
        let get: GetClassSignature = function(jvmti, slot::GET_CLASS_SIGNATURE)?;
        let mut sig = std::ptr::null_mut();
        if get(jvmti, class, &mut sig, std::ptr::null_mut()) != 0 {
            return None;
        }
        Allocated::new(jvmti, sig).text()
    }
}

/// The class file of a lambda's hidden class (`LambdaMetafactory`'s, whose methods have no
/// exception handlers), assembled from what JVMTI gives of it; `None` when JVMTI cannot give it.
/// The caller decides that `class` is such a class.
pub(crate) fn lambda_class_bytes(env: &Env<'_>, class: &JObject<'_>) -> Option<Vec<u8>> {
    if class.is_null() {
        return None;
    }
    let jvmti = environment(env)?;
    if !can_read_classes(jvmti) {
        log::debug!("JVMTI gives no bytecode or constant pools here: lambdas stay on the JVM");
        return None;
    }
    let k = class.as_raw() as jclass;
    let raw = env.get_raw();
    type GetVersion = unsafe extern "system" fn(*mut c_void, jclass, *mut jint, *mut jint) -> jint;
    type GetConstantPool = unsafe extern "system" fn(
        *mut c_void,
        jclass,
        *mut jint,
        *mut jint,
        *mut *mut c_uchar,
    ) -> jint;
    type GetInt = unsafe extern "system" fn(*mut c_void, jclass, *mut jint) -> jint;
    type GetList<T> =
        unsafe extern "system" fn(*mut c_void, jclass, *mut jint, *mut *mut T) -> jint;
    type GetFieldName = unsafe extern "system" fn(
        *mut c_void,
        jclass,
        jni::sys::jfieldID,
        *mut *mut c_uchar,
        *mut *mut c_uchar,
        *mut *mut c_uchar,
    ) -> jint;
    type GetFieldModifiers =
        unsafe extern "system" fn(*mut c_void, jclass, jni::sys::jfieldID, *mut jint) -> jint;
    type GetMethodName = unsafe extern "system" fn(
        *mut c_void,
        jni::sys::jmethodID,
        *mut *mut c_uchar,
        *mut *mut c_uchar,
        *mut *mut c_uchar,
    ) -> jint;
    type GetMethodInt =
        unsafe extern "system" fn(*mut c_void, jni::sys::jmethodID, *mut jint) -> jint;
    type GetBytecodes = unsafe extern "system" fn(
        *mut c_void,
        jni::sys::jmethodID,
        *mut jint,
        *mut *mut c_uchar,
    ) -> jint;
    // SAFETY: each function is taken at its entry with its C type from `jvmti.h`; `k` is a live
    // class reference; every JVMTI allocation is wrapped in `Allocated` and given back; arrays
    // JVMTI returns are read only up to the counts it returns with them.
    unsafe {
        let version: GetVersion = function(jvmti, slot::GET_CLASS_VERSION_NUMBERS)?;
        let (mut minor, mut major) = (0, 0);
        if version(jvmti, k, &mut minor, &mut major) != 0 {
            return None;
        }
        let pool: GetConstantPool = function(jvmti, slot::GET_CONSTANT_POOL)?;
        let (mut count, mut len, mut bytes) = (0, 0, std::ptr::null_mut());
        if pool(jvmti, k, &mut count, &mut len, &mut bytes) != 0 {
            return None;
        }
        let constant_pool = Allocated::new(jvmti, bytes).bytes(len)?;
        let modifiers: GetInt = function(jvmti, slot::GET_CLASS_MODIFIERS)?;
        let mut access = 0;
        if modifiers(jvmti, k, &mut access) != 0 {
            return None;
        }
        let name = internal_name(&class_signature(jvmti, k)?)?;
        let superclass = ((**raw).v1_1.GetSuperclass)(raw, k);
        let super_name = if superclass.is_null() {
            None
        } else {
            let s = internal_name(&class_signature(jvmti, superclass)?)?;
            ((**raw).v1_1.DeleteLocalRef)(raw, superclass);
            Some(s)
        };

        let interfaces_of: GetList<jclass> = function(jvmti, slot::GET_IMPLEMENTED_INTERFACES)?;
        let (mut n, mut list) = (0, std::ptr::null_mut());
        if interfaces_of(jvmti, k, &mut n, &mut list) != 0 {
            return None;
        }
        let held = Allocated::new(jvmti, list as *mut c_uchar);
        let mut interfaces = Vec::new();
        for idx in 0..usize::try_from(n).ok()? {
            let i = *list.add(idx);
            let named = class_signature(jvmti, i).and_then(|s| internal_name(&s));
            ((**raw).v1_1.DeleteLocalRef)(raw, i);
            interfaces.push(named?);
        }
        drop(held);

        let fields_of: GetList<jni::sys::jfieldID> = function(jvmti, slot::GET_CLASS_FIELDS)?;
        let field_name: GetFieldName = function(jvmti, slot::GET_FIELD_NAME)?;
        let field_modifiers: GetFieldModifiers = function(jvmti, slot::GET_FIELD_MODIFIERS)?;
        let (mut n, mut list) = (0, std::ptr::null_mut());
        if fields_of(jvmti, k, &mut n, &mut list) != 0 {
            return None;
        }
        let held = Allocated::new(jvmti, list as *mut c_uchar);
        let mut fields = Vec::new();
        for idx in 0..usize::try_from(n).ok()? {
            let f = *list.add(idx);
            let (mut name, mut sig) = (std::ptr::null_mut(), std::ptr::null_mut());
            if field_name(jvmti, k, f, &mut name, &mut sig, std::ptr::null_mut()) != 0 {
                return None;
            }
            let (name, sig) = (Allocated::new(jvmti, name), Allocated::new(jvmti, sig));
            let mut access = 0;
            if field_modifiers(jvmti, k, f, &mut access) != 0 {
                return None;
            }
            fields.push(MemberParts {
                name: name.text()?,
                descriptor: sig.text()?,
                access: u16::try_from(access & 0xFFFF).ok()?,
            });
        }
        drop(held);

        let methods_of: GetList<jni::sys::jmethodID> = function(jvmti, slot::GET_CLASS_METHODS)?;
        let method_name: GetMethodName = function(jvmti, slot::GET_METHOD_NAME)?;
        let method_modifiers: GetMethodInt = function(jvmti, slot::GET_METHOD_MODIFIERS)?;
        let max_locals_of: GetMethodInt = function(jvmti, slot::GET_MAX_LOCALS)?;
        let bytecodes: GetBytecodes = function(jvmti, slot::GET_BYTECODES)?;
        let (mut n, mut list) = (0, std::ptr::null_mut());
        if methods_of(jvmti, k, &mut n, &mut list) != 0 {
            return None;
        }
        let held = Allocated::new(jvmti, list as *mut c_uchar);
        let mut methods = Vec::new();
        for idx in 0..usize::try_from(n).ok()? {
            let m = *list.add(idx);
            let (mut name, mut sig) = (std::ptr::null_mut(), std::ptr::null_mut());
            if method_name(jvmti, m, &mut name, &mut sig, std::ptr::null_mut()) != 0 {
                return None;
            }
            let (name, sig) = (Allocated::new(jvmti, name), Allocated::new(jvmti, sig));
            let mut access = 0;
            if method_modifiers(jvmti, m, &mut access) != 0 {
                return None;
            }
            let access = u16::try_from(access & 0xFFFF).ok()?;
            let abstract_or_native = access
                & (ferrocl_classfile::access::ABSTRACT | ferrocl_classfile::access::NATIVE)
                != 0;
            let (max_locals, code) = if abstract_or_native {
                (0, Vec::new())
            } else {
                let mut locals = 0;
                if max_locals_of(jvmti, m, &mut locals) != 0 {
                    return None;
                }
                let (mut len, mut code) = (0, std::ptr::null_mut());
                if bytecodes(jvmti, m, &mut len, &mut code) != 0 {
                    return None;
                }
                (
                    u16::try_from(locals).ok()?,
                    Allocated::new(jvmti, code).bytes(len)?,
                )
            };
            methods.push(MethodParts {
                member: MemberParts {
                    name: name.text()?,
                    descriptor: sig.text()?,
                    access,
                },
                max_locals,
                code,
            });
        }
        drop(held);

        let parts = ClassParts {
            version: (u16::try_from(major).ok()?, u16::try_from(minor).ok()?),
            constant_pool_count: u16::try_from(count).ok()?,
            constant_pool,
            access: u16::try_from(access & 0xFFFF).ok()?,
            name,
            super_name,
            interfaces,
            fields,
            methods,
        };
        match assemble(&parts) {
            Ok(bytes) => Some(bytes),
            Err(e) => {
                log::debug!("the class file of {} cannot be assembled: {e}", parts.name);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::internal_name;

    #[test]
    fn hidden_class_signatures_become_their_constant_pool_names() {
        assert_eq!(
            internal_name("Lp/T$$Lambda$1.0x00007fb400000a08;").as_deref(),
            Some("p/T$$Lambda$1+0x00007fb400000a08")
        );
        assert_eq!(
            internal_name("Ljava/lang/Object;").as_deref(),
            Some("java/lang/Object")
        );
        assert_eq!(internal_name("I"), None);
    }
}
