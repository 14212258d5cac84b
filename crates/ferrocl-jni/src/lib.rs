//! Ferrocl's JNI boundary: the native methods of `dev.ferrocl.api.Native`, built as `libferrocl.so`.
//!
//! **Receives** class bytes, method names and task arguments from the Java API. **Guarantees** that
//! nothing panics across the boundary (every entry point runs inside `with_env`, which catches
//! panics, and our [`ThrowJava`] policy turns errors and panics into the right Java exception:
//! `CompilationException` for a bailout, `FerroclException` for everything else), that local
//! references are bounded (each launch runs in its own local frame), and that arrays a kernel writes
//! are copied (`Get/Set<Type>ArrayRegion`) while arrays it only reads are pinned for the launch and
//! uploaded in place (no JNI call while pinned). Results are copied back only after the device reports
//! that no check failed.
//! **Refuses** nothing silently: a launch it cannot do returns a status telling Java to run the
//! method on the JVM.

mod args;
mod execute;
mod fields;
mod hostmem;
mod jvmti;
mod raw;
mod registry;
mod stats;

use jni::errors::ErrorPolicy;
use jni::objects::{JByteArray, JClass, JObject, JObjectArray, JString, JThrowable, JValue};
use jni::sys::{jboolean, jint, jlong, jlongArray};
use jni::{jni_sig, jni_str, Env, EnvUnowned};
use std::sync::Once;

pub(crate) const COMPILATION_EXCEPTION: &str = "dev/ferrocl/api/CompilationException";
pub(crate) const FERROCL_EXCEPTION: &str = "dev/ferrocl/api/FerroclException";
/// Thrown when the host stopped waiting for the device (an interrupt, a timeout).
pub(crate) const CANCELLED_EXCEPTION: &str = "dev/ferrocl/api/ExecutionCancelledException";

/// An error on its way to Java: the exception class to throw and its message.
#[derive(Debug)]
pub enum NativeError {
    /// Throw a new exception of `class` with `message`.
    Throw {
        /// JNI class name, e.g. `dev/ferrocl/api/FerroclException`.
        class: &'static str,
        /// The message.
        message: String,
    },
    /// Throw a `CompilationException` of `kind` (a `CompilationException.Kind` name) with
    /// `message`.
    Bailout {
        /// The kind's Java name, e.g. `CALL`.
        kind: &'static str,
        /// The message.
        message: String,
    },
    /// A JNI call failed (a Java exception may already be pending).
    Jni(jni::errors::Error),
}

impl NativeError {
    pub(crate) fn ferrocl(message: impl Into<String>) -> Self {
        NativeError::Throw {
            class: FERROCL_EXCEPTION,
            message: message.into(),
        }
    }
}

impl From<jni::errors::Error> for NativeError {
    fn from(e: jni::errors::Error) -> Self {
        NativeError::Jni(e)
    }
}

impl std::fmt::Display for NativeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NativeError::Throw { class, message } => write!(f, "{class}: {message}"),
            NativeError::Bailout { kind, message } => {
                write!(f, "{COMPILATION_EXCEPTION} ({kind}): {message}")
            }
            NativeError::Jni(e) => write!(f, "JNI error: {e}"),
        }
    }
}

/// Ferrocl's error policy: a pending Java exception is left to propagate; otherwise the error's
/// own exception class is thrown; a panic becomes a `FerroclException` carrying the panic message.
#[derive(Debug, Default)]
pub struct ThrowJava;

fn throw(env: &mut Env<'_>, class: &str, message: &str) {
    if env.exception_check() {
        return;
    }
    let class = jni::strings::JNIString::from(class);
    let message = jni::strings::JNIString::from(message);
    if env.throw_new(&class, &message).is_err() && !env.exception_check() {
        log::error!("could not throw {class:?}: {message:?}");
    }
}

/// Throws `CompilationException(message, kind)`; the one-argument form if that cannot be made.
fn throw_bailout(env: &mut Env<'_>, kind: &str, message: &str) {
    if env.exception_check() {
        return;
    }
    let made = (|| -> jni::errors::Result<()> {
        let text = JString::from_str(env, message)?;
        let kind = JString::from_str(env, kind)?;
        let exception = env.new_object(
            jni_str!("dev/ferrocl/api/CompilationException"),
            jni_sig!("(Ljava/lang/String;Ljava/lang/String;)V"),
            &[JValue::Object(&text), JValue::Object(&kind)],
        )?;
        let exception = env.cast_local::<JThrowable<'_>>(exception)?;
        env.throw(exception)
    })();
    if let Err(e) = made {
        if env.exception_check() {
            return;
        }
        log::debug!("could not make a CompilationException with its kind: {e}");
        throw(env, COMPILATION_EXCEPTION, message);
    }
}

impl<T: Default> ErrorPolicy<T, NativeError> for ThrowJava {
    type Captures<'unowned_env_local: 'native_method, 'native_method> = ();

    fn on_error<'unowned_env_local: 'native_method, 'native_method>(
        env: &mut Env<'unowned_env_local>,
        _cap: &mut Self::Captures<'unowned_env_local, 'native_method>,
        err: NativeError,
    ) -> jni::errors::Result<T> {
        match err {
            NativeError::Throw { class, message } => throw(env, class, &message),
            NativeError::Bailout { kind, message } => throw_bailout(env, kind, &message),
            NativeError::Jni(e) => throw(env, FERROCL_EXCEPTION, &format!("JNI failure: {e}")),
        }
        Ok(T::default())
    }

    fn on_panic<'unowned_env_local: 'native_method, 'native_method>(
        env: &mut Env<'unowned_env_local>,
        _cap: &mut Self::Captures<'unowned_env_local, 'native_method>,
        payload: Box<dyn std::any::Any + Send + 'static>,
    ) -> jni::errors::Result<T> {
        let text = if let Some(s) = payload.downcast_ref::<&'static str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "panic with a non-text payload".to_string()
        };
        throw(
            env,
            FERROCL_EXCEPTION,
            &format!("internal error in Ferrocl's native code (a bug; please report it): {text}"),
        );
        Ok(T::default())
    }
}

fn init_logging() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        let _ =
            env_logger::Builder::from_env(env_logger::Env::new().filter("FERROCL_LOG")).try_init();
    });
}

pub(crate) fn java_string(env: &Env<'_>, s: &JString<'_>) -> Result<String, NativeError> {
    if s.is_null() {
        return Err(NativeError::ferrocl("unexpected null string"));
    }
    Ok(s.try_to_string(env)?)
}

/// `static native String devices()`: one device per line, `P:D\t<type>\t<name>\t<platform>\t<version>`
/// `\t<compute units>\t<local memory bytes>\t<global memory bytes>`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_devices<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> JString<'caller> {
    init_logging();
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let devices = ferrocl_runtime::list_devices()
                .map_err(|e| NativeError::ferrocl(format!("cannot list OpenCL devices: {e}")))?;
            let text: Vec<String> = devices
                .iter()
                .map(|d| {
                    format!(
                        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                        d.id(),
                        d.kind,
                        d.name,
                        d.platform_name,
                        d.version,
                        d.compute_units,
                        d.local_mem_bytes,
                        d.global_mem_bytes
                    )
                })
                .collect();
            Ok(JString::from_str(env, text.join("\n"))?)
        })
        .resolve::<ThrowJava>()
}

/// `static native long compile(String implClass, byte[] classBytes, String methodName,
/// String descriptor, boolean isStatic, String device, ClassResolver resolver, String classMap,
/// String[] consulted)`: `classMap` gives the exact classes of the objects reachable from the
/// task's arguments (see [`ferrocl_jit::RuntimeClasses`] for the text form; null: none); the
/// entries the compiler consulted (the kernel's guards, or what a bailout depended on) are written
/// to `consulted[0]` in the same form, also when the compilation bails out.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_ferrocl_api_Native_compile<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    impl_class: JString<'caller>,
    class_bytes: JByteArray<'caller>,
    method: JString<'caller>,
    descriptor: JString<'caller>,
    is_static: jboolean,
    device: JString<'caller>,
    resolver: JObject<'caller>,
    class_map: JString<'caller>,
    consulted: JObjectArray<'caller>,
    optimizations: JString<'caller>,
) -> jlong {
    init_logging();
    unowned
        .with_env(|env| -> Result<jlong, NativeError> {
            let class_name = java_string(env, &impl_class)?;
            let mut classes = if class_map.is_null() {
                ferrocl_jit::RuntimeClasses::new()
            } else {
                ferrocl_jit::RuntimeClasses::parse(&java_string(env, &class_map)?)
                    .map_err(|e| NativeError::ferrocl(format!("class map: {e}")))?
            };
            if class_bytes.is_null() {
                return Err(NativeError::ferrocl(format!(
                    "no class bytes for {}",
                    class_name.replace('/', ".")
                )));
            }
            let bytes = env.convert_byte_array(&class_bytes)?;
            let method = java_string(env, &method)?;
            let descriptor = java_string(env, &descriptor)?;
            let device = if device.is_null() {
                None
            } else {
                Some(java_string(env, &device)?)
            };
            let switches = if optimizations.is_null() {
                ferrocl_jit::PhaseSwitches::all_on()
            } else {
                ferrocl_jit::PhaseSwitches::parse(&java_string(env, &optimizations)?).map_err(
                    |e| NativeError::Throw {
                        class: "java/lang/IllegalArgumentException",
                        message: e,
                    },
                )?
            };
            let mut resolver = registry::JavaResolver::new(env, &resolver);
            let handle = registry::compile(registry::CompileArgs {
                class_name: &class_name,
                bytes: &bytes,
                method: &method,
                descriptor: &descriptor,
                is_static,
                device: device.as_deref(),
                resolver: &mut resolver,
                classes: &mut classes,
                switches,
            });
            if !consulted.is_null() && consulted.len(env)? > 0 {
                let text = ferrocl_jit::RuntimeClasses::to_text(&classes.consulted());
                let text = JString::from_str(env, text)?;
                consulted.set_element(env, 0, &text)?;
            }
            Ok(handle? as jlong)
        })
        .resolve::<ThrowJava>()
}

/// `static native String kernelSource(long handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_kernelSource<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let task = registry::get(handle)?;
            Ok(JString::from_str(env, task.jit.source())?)
        })
        .resolve::<ThrowJava>()
}

/// `static native String optimizationPhases()`: every optimising phase that can be switched off, one
/// per line as `<name><TAB><stage><TAB><what>`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_optimizationPhases<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let mut text = String::new();
            for p in ferrocl_jit::OPTIONAL_PHASES {
                let stage = match p.stage {
                    ferrocl_jit::Stage::FrontEnd => "front end",
                    ferrocl_jit::Stage::Graph => "graph",
                    ferrocl_jit::Stage::Writer => "writer",
                };
                text.push_str(&format!("{}\t{stage}\t{}\n", p.name, p.what));
            }
            Ok(JString::from_str(env, text)?)
        })
        .resolve::<ThrowJava>()
}

/// `static native String appliedPhases(long handle)`: the optimising phases that changed the task's
/// kernels, one per line as `<kernel name><TAB><phase><TAB><detail>`, kernels in launch order.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_appliedPhases<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let task = registry::get(handle)?;
            let mut text = String::new();
            for kernel in &task.jit.kernels {
                for a in &kernel.applied {
                    text.push_str(&format!("{}\t{}\t{}\n", kernel.name, a.phase, a.detail));
                }
            }
            Ok(JString::from_str(env, text)?)
        })
        .resolve::<ThrowJava>()
}

/// `static native boolean classInitialized(Class<?> c)`: whether `c` is initialised (JVMTI's
/// `GetClassStatus`, which initialises nothing); false when JVMTI cannot tell.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_classInitialized<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    c: JObject<'caller>,
) -> jni::sys::jboolean {
    unowned
        .with_env(|env| -> Result<jni::sys::jboolean, NativeError> {
            Ok(jvmti::class_initialized(env, &c).unwrap_or(false))
        })
        .resolve::<ThrowJava>()
}

/// `static native Object objectField(Object o, Field f)`: reference field `f` (a
/// `java.lang.reflect.Field` of `o`'s class or a superclass) of `o`, read through JNI, which applies
/// no access control (the captured objects of the JDK's own lambdas, which `java.base` does not open
/// to reflection). Null for a null `o` or `f`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_objectField<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    o: JObject<'caller>,
    f: JObject<'caller>,
) -> jni::sys::jobject {
    unowned
        .with_env(|env| -> Result<jni::sys::jobject, NativeError> {
            if o.is_null() || f.is_null() {
                return Ok(std::ptr::null_mut());
            }
            let raw = env.get_raw();
            // SAFETY: `raw` is this thread's environment and `o`, `f` live local references; `f` is a
            // reflected instance field of a reference type whose class `o` is an instance of (Java
            // passes only such, from `o.getClass()` and its superclasses); a failed lookup returns
            // null with its exception cleared.
            unsafe {
                let i = *raw;
                let id = ((*i).v1_2.FromReflectedField)(raw, f.as_raw());
                if id.is_null() {
                    ((*i).v1_1.ExceptionClear)(raw);
                    return Ok(std::ptr::null_mut());
                }
                Ok(((*i).v1_1.GetObjectField)(raw, o.as_raw(), id))
            }
        })
        .resolve::<ThrowJava>()
}

/// `static native byte[] lambdaClassBytes(Class<?> c)`: the class file of a lambda's hidden class
/// (one `LambdaMetafactory` made), assembled from JVMTI (see the `jvmti` module); null when JVMTI
/// cannot give it. Java asks only for such classes.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_lambdaClassBytes<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    c: JObject<'caller>,
) -> jni::sys::jbyteArray {
    unowned
        .with_env(|env| -> Result<jni::sys::jbyteArray, NativeError> {
            match jvmti::lambda_class_bytes(env, &c) {
                Some(bytes) => Ok(env.byte_array_from_slice(&bytes)?.into_raw()),
                None => Ok(std::ptr::null_mut()),
            }
        })
        .resolve::<ThrowJava>()
}

/// `static native String staticFields(long handle)`: the non-final static fields the kernel reads, one
/// per line as `pkg/Cls<TAB>name<TAB>descriptor`, in the order `execute` takes their classes (after
/// the method's arguments and the field paths' classes) and reads their values.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_staticFields<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let task = registry::get(handle)?;
            let lines: Vec<String> = task
                .jit
                .static_fields()
                .iter()
                .map(|(field, _)| format!("{}\t{}\t{}", field.class, field.name, field.descriptor))
                .collect();
            Ok(JString::from_str(env, lines.join("\n"))?)
        })
        .resolve::<ThrowJava>()
}

/// `static native String fieldPaths(long handle)`: the fields the kernel reads, one path per line as
/// `<parameter index><TAB>name.name…<TAB>pkg/Cls` (parameter 0 is the receiver of an instance
/// method; the class is the one the last step's `getfield` names), or `static<TAB>name<TAB>pkg/Cls`
/// for a static array field (its declaring class), or `nested<TAB>root<TAB>table|data<TAB>dims<TAB>0|1` (1:
/// a kernel writes it) for an array Java builds from a multi-dimensional argument (see `ferrocl_graph::NestedPart`: Java
/// passes the array itself in that place), or `elements<TAB>root<TAB>name@Owner|#present<TAB>descriptor<TAB>0|1` for an
/// array Java builds from an array of objects (see `ferrocl_graph::ElementPart`), or `scratch<TAB>index` for an array the method allocates before its loops
/// (the native side allocates it at each execution; Java passes null in that place). `execute` takes each line's
/// class (a `java.lang.Class`) after the method's arguments, before the static fields' classes, and
/// reads the values itself.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_fieldPaths<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let task = registry::get(handle)?;
            let lines: Vec<String> = task
                .jit
                .params
                .iter()
                .enumerate()
                .filter_map(|(i, p)| {
                    if p.scratch {
                        // An array the native side allocates at each execution (Java passes null).
                        return Some(format!("scratch\t{i}"));
                    }
                    let written = task.jit.kernels.iter().any(|k| {
                        k.params.iter().any(|kp| {
                            matches!(kp, ferrocl_jit::KernelParam::Array { param, written: true, .. }
                                if task.jit.params.get(*param).is_some_and(|q| q.node == p.node))
                        })
                    });
                    if let Some(e) = &p.elements {
                        // An array of objects' `present` or one field's values (Java builds it).
                        let (field, descriptor) = match &e.field {
                            Some(f) => (format!("{}@{}", f.name, f.owner), f.descriptor.as_str()),
                            None => ("#present".to_string(), "I"),
                        };
                        return Some(format!(
                            "elements\t{}\t{field}\t{descriptor}\t{}",
                            e.root,
                            u8::from(written)
                        ));
                    }
                    if let Some(n) = &p.nested {
                        let part = if n.data { "data" } else { "table" };
                        return Some(format!(
                            "nested\t{}\t{part}\t{}\t{}",
                            n.root,
                            n.dims,
                            u8::from(written)
                        ));
                    }
                    let class = p.field_class.as_deref()?;
                    Some(match (&p.field_path, &p.static_field) {
                        (Some((root, path)), _) => format!("{root}\t{}\t{class}", path.join(".")),
                        // A static array field: no root (the class is where it is read from).
                        (None, Some(field)) => format!("static\t{}\t{class}", field.name),
                        (None, None) => return None,
                    })
                })
                .collect();
            Ok(JString::from_str(env, lines.join("\n"))?)
        })
        .resolve::<ThrowJava>()
}

/// `static native String deviceName(long handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_deviceName<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let task = registry::get(handle)?;
            Ok(JString::from_str(env, device_label(task.device.info()))?)
        })
        .resolve::<ThrowJava>()
}

/// `static native long[] compileStats(long handle)`: `[jitNanos, buildNanos, cached,
/// singleWorkItem, fromDiskCache]` (`singleWorkItem` is 1 when the method has no parallel loop and
/// runs as one work-item; `fromDiskCache` 1 when the driver linked binaries the disk cache kept).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_compileStats<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> jlongArray {
    unowned
        .with_env(|env| -> Result<jlongArray, NativeError> {
            let task = registry::get(handle)?;
            let values = [
                nanos(task.jit.jit_time),
                nanos(task.build_time),
                jlong::from(task.build_cached),
                jlong::from(task.jit.kernels.iter().all(|k| k.dims.is_empty())),
                jlong::from(task.build_from_disk),
            ];
            let array = env.new_long_array(values.len())?;
            array.set_region(env, 0, &values)?;
            Ok(array.into_raw())
        })
        .resolve::<ThrowJava>()
}

/// `static native int execute(long[] handles, Object[][] args, int[][] localSizes, long[][] kept,
/// LaunchStats[] stats, boolean profile, boolean inPlace, long timeoutNanos, long batchBytes)`: runs
/// consecutive device tasks of a schedule as one plan (see [`execute`]); `inPlace`: on a device that
/// works in host memory, the kernels may work on the Java arrays in place (see
/// `execute::run_in_place`); `batchBytes` > 0 runs a single task's
/// loop in batches moving at most that many bytes of each array (see `execute::execute_batched`),
/// 0 lets the runtime stream large executions, < 0 batches only arrays that do not fit. Per task: its compiled handle, its arguments (receiver first, then the classes of
/// the fields it reads: see `fieldPaths` and `staticFields`), its requested work-group size (null: the default) and the kept-array handle
/// of each argument (null, or 0 for arrays not kept). Returns the `LaunchStatus` code of the whole
/// execution; `stats[k]` receives task `k`'s status and figures (device times from OpenCL
/// profiling when `profile` is set).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_ferrocl_api_Native_execute<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handles: jni::objects::JLongArray<'caller>,
    args: JObjectArray<'caller>,
    local_sizes: JObjectArray<'caller>,
    kept: JObjectArray<'caller>,
    stats: JObjectArray<'caller>,
    profile: jboolean,
    in_place: jboolean,
    timeout_nanos: jlong,
    batch_bytes: jlong,
) -> jint {
    unowned
        .with_env(|env| -> Result<jint, NativeError> {
            if handles.is_null() || args.is_null() {
                return Err(NativeError::ferrocl("execute without tasks"));
            }
            let n = handles.len(env)?;
            let mut ids = vec![0i64; n];
            handles.get_region(env, 0, &mut ids)?;
            if args.len(env)? != n {
                return Err(NativeError::ferrocl("execute: one argument array per task"));
            }
            env.with_local_frame(64 + 16 * n, |env| -> Result<jint, NativeError> {
                let mut task_args = Vec::with_capacity(n);
                let mut locals = Vec::with_capacity(n);
                let mut kepts = Vec::with_capacity(n);
                for (k, &id) in ids.iter().enumerate() {
                    let a = args.get_element(env, k)?;
                    // Safety: an element of an Object[][] is an Object[] (or null, refused below).
                    task_args
                        .push(unsafe { JObjectArray::<JObject<'_>>::from_raw(env, a.into_raw()) });
                    locals.push(
                        primitive_array_element::<i32>(env, &local_sizes, k)?
                            .map(|v| v.iter().map(|&l| l.max(1) as usize).collect::<Vec<_>>()),
                    );
                    kepts.push(primitive_array_element::<i64>(env, &kept, k)?.unwrap_or_default());
                    let _ = id;
                }
                let mut calls = Vec::with_capacity(n);
                for (k, &id) in ids.iter().enumerate() {
                    calls.push(execute::Call {
                        task: registry::get(id)?,
                        args: &task_args[k],
                        requested_local: locals[k].take(),
                        kept: std::mem::take(&mut kepts[k]),
                    });
                }
                // A timeout of 0 or less: none.
                let timeout = u64::try_from(timeout_nanos)
                    .ok()
                    .filter(|&n| n > 0)
                    .map(std::time::Duration::from_nanos);
                // > 0: batches of at most that many bytes per array; 0: batches when the arrays do
                // not fit, or when the runtime's policy streams a large execution; < 0: only when
                // the arrays do not fit.
                let batch = u64::try_from(batch_bytes).ok().filter(|&b| b > 0);
                let stream = batch_bytes == 0;
                let outcome =
                    execute::execute(env, &calls, profile, in_place, timeout, batch, stream)?;
                if !stats.is_null() {
                    stats::write(env, &stats, &outcome)?;
                }
                Ok(outcome.status as jint)
            })
        })
        .resolve::<ThrowJava>()
}

/// `static native int executeSplit(long[] handles, Object[] args, int[] localSize, LaunchStats
/// stats, boolean profile, long timeoutNanos, long[] shares)`: runs one task, compiled once per
/// device (`handles[d]`), across those devices (see [`execute::execute_split`]). `shares`
/// (length `3 * handles.length`) receives per device the first iteration and the number of
/// iterations of the outermost loop it ran and its time in nanoseconds (0 iterations: none).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_ferrocl_api_Native_executeSplit<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handles: jni::objects::JLongArray<'caller>,
    args: JObjectArray<'caller>,
    local_size: jni::objects::JIntArray<'caller>,
    stats: JObject<'caller>,
    profile: jboolean,
    timeout_nanos: jlong,
    shares: jni::objects::JLongArray<'caller>,
) -> jint {
    unowned
        .with_env(|env| -> Result<jint, NativeError> {
            if handles.is_null() || args.is_null() {
                return Err(NativeError::ferrocl("executeSplit without tasks"));
            }
            let n = handles.len(env)?;
            if n == 0 {
                return Err(NativeError::ferrocl("executeSplit without devices"));
            }
            let mut ids = vec![0i64; n];
            handles.get_region(env, 0, &mut ids)?;
            let local = if local_size.is_null() {
                None
            } else {
                let mut v = vec![0i32; local_size.len(env)?];
                local_size.get_region(env, 0, &mut v)?;
                Some(v.iter().map(|&l| l.max(1) as usize).collect::<Vec<_>>())
            };
            env.with_local_frame(64, |env| -> Result<jint, NativeError> {
                // Safety: a fresh wrapper of the caller's live local reference (no ownership).
                let args = unsafe { JObjectArray::<JObject<'_>>::from_raw(env, args.as_raw()) };
                let mut calls = Vec::with_capacity(n);
                for &id in &ids {
                    calls.push(execute::Call {
                        task: registry::get(id)?,
                        args: &args,
                        requested_local: local.clone(),
                        kept: Vec::new(),
                    });
                }
                let timeout = u64::try_from(timeout_nanos)
                    .ok()
                    .filter(|&t| t > 0)
                    .map(std::time::Duration::from_nanos);
                let (outcome, split) = execute::execute_split(env, &calls, profile, timeout)?;
                if !stats.is_null() {
                    stats::write_one(env, &stats, &outcome)?;
                }
                if !shares.is_null() && shares.len(env)? >= 3 * n {
                    let mut figures = vec![0i64; 3 * n];
                    for s in &split {
                        let at = 3 * s.device;
                        if at + 2 < figures.len() {
                            figures[at] = s.first as i64;
                            figures[at + 1] = s.count as i64;
                            figures[at + 2] = i64::try_from(s.time.as_nanos()).unwrap_or(i64::MAX);
                        }
                    }
                    shares.set_region(env, 0, &figures)?;
                }
                Ok(outcome.status as jint)
            })
        })
        .resolve::<ThrowJava>()
}

/// Element `k` of an `int[][]` or `long[][]` (`T` says which; null array or element: `None`).
fn primitive_array_element<T>(
    env: &mut Env<'_>,
    outer: &JObjectArray<'_>,
    k: usize,
) -> Result<Option<Vec<T>>, NativeError>
where
    T: jni::objects::TypeArray + Default + Clone,
{
    if outer.is_null() {
        return Ok(None);
    }
    let e = outer.get_element(env, k)?;
    if e.is_null() {
        return Ok(None);
    }
    // Safety: the caller names the element type of the outer array (`int[][]` → `jint`,
    // `long[][]` → `jlong`), so each element is an array of `T`.
    let a = unsafe { jni::objects::JPrimitiveArray::<T>::from_raw(env, e.into_raw()) };
    let mut v = vec![T::default(); a.len(env)?];
    a.get_region(env, 0, &mut v)?;
    Ok(Some(v))
}

/// `static native long rawBuild(String device, String source, String kernelName, String options)`:
/// builds a hand-written OpenCL C kernel; returns a handle > 0.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_rawBuild<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    device: JString<'caller>,
    source: JString<'caller>,
    name: JString<'caller>,
    options: JString<'caller>,
) -> jlong {
    init_logging();
    unowned
        .with_env(|env| -> Result<jlong, NativeError> {
            let device = if device.is_null() {
                None
            } else {
                Some(java_string(env, &device)?)
            };
            let source = java_string(env, &source)?;
            let name = java_string(env, &name)?;
            let options = if options.is_null() {
                String::new()
            } else {
                java_string(env, &options)?
            };
            raw::build(device.as_deref(), &source, &name, &options)
        })
        .resolve::<ThrowJava>()
}

/// `static native long[] rawInfo(long handle)`: `[buildNanos, workGroupLimit, preferredMultiple]`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_rawInfo<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> jlongArray {
    unowned
        .with_env(|env| -> Result<jlongArray, NativeError> {
            let kernel = raw::get(handle)?;
            let values = [
                nanos(kernel.built.build_time()),
                kernel.built.work_group_size() as jlong,
                kernel.built.preferred_multiple() as jlong,
            ];
            let array = env.new_long_array(values.len())?;
            array.set_region(env, 0, &values)?;
            Ok(array.into_raw())
        })
        .resolve::<ThrowJava>()
}

/// `static native String rawDeviceName(long handle)`.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_rawDeviceName<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) -> JString<'caller> {
    unowned
        .with_env(|env| -> Result<JString<'caller>, NativeError> {
            let kernel = raw::get(handle)?;
            Ok(JString::from_str(env, device_label(kernel.device.info()))?)
        })
        .resolve::<ThrowJava>()
}

/// `static native void rawLaunch(long handle, Object[] arrays, int[] kinds, long[] bits, long[] global,
/// long[] local, long[] stats, boolean profile)`: one launch of a hand-written kernel (timed with OpenCL
/// profiling when `profile` is set); `stats` receives `[upload, kernel, download, total]` nanoseconds and
/// `[uploaded, downloaded, read in place]` bytes.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "system" fn Java_dev_ferrocl_api_Native_rawLaunch<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
    arrays: JObjectArray<'caller>,
    kinds: jni::objects::JIntArray<'caller>,
    bits: jni::objects::JLongArray<'caller>,
    global: jni::objects::JLongArray<'caller>,
    local: jni::objects::JLongArray<'caller>,
    stats: jni::objects::JLongArray<'caller>,
    profile: jboolean,
) {
    unowned
        .with_env(|env| -> Result<(), NativeError> {
            let kernel = raw::get(handle)?;
            if kinds.is_null() || bits.is_null() || global.is_null() {
                return Err(NativeError::ferrocl(
                    "OpenCL kernel launch: missing arguments",
                ));
            }
            let mut kind_values = vec![0i32; kinds.len(env)?];
            kinds.get_region(env, 0, &mut kind_values)?;
            let mut bit_values = vec![0i64; bits.len(env)?];
            bits.get_region(env, 0, &mut bit_values)?;
            let sizes = |env: &mut Env<'_>,
                         array: &jni::objects::JLongArray<'_>|
             -> Result<Vec<usize>, NativeError> {
                let mut v = vec![0i64; array.len(env)?];
                array.get_region(env, 0, &mut v)?;
                v.iter()
                    .map(|&x| {
                        usize::try_from(x).map_err(|_| {
                            NativeError::ferrocl(format!("OpenCL kernel launch: negative size {x}"))
                        })
                    })
                    .collect()
            };
            let global = sizes(env, &global)?;
            let local = if local.is_null() {
                None
            } else {
                Some(sizes(env, &local)?)
            };
            let times = env.with_local_frame(64, |env| {
                raw::launch(
                    env,
                    &kernel,
                    &arrays,
                    &kind_values,
                    &bit_values,
                    raw::Shape {
                        global: &global,
                        local: local.as_deref(),
                        profile,
                    },
                )
            })?;
            if !stats.is_null() {
                let values = [
                    nanos(times.upload),
                    nanos(times.kernel),
                    nanos(times.download),
                    nanos(times.total),
                    times.bytes_uploaded as jlong,
                    times.bytes_downloaded as jlong,
                    times.bytes_in_place as jlong,
                ];
                let n = stats.len(env)?.min(values.len());
                stats.set_region(env, 0, &values[..n])?;
            }
            Ok(())
        })
        .resolve::<ThrowJava>()
}

/// `static native void rawRelease(long handle)`: forgets a hand-written kernel.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_rawRelease<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) {
    unowned
        .with_env(|_env| -> Result<(), NativeError> { raw::release(handle) })
        .resolve::<ThrowJava>()
}

/// `static native long keepCreate()`: a handle for an array to keep on the device.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_keepCreate<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> jlong {
    unowned
        .with_env(|_env| -> Result<jlong, NativeError> { Ok(ferrocl_runtime::residency::keep()) })
        .resolve::<ThrowJava>()
}

/// `static native void keepStale(long handle)`: the kept array changed on the host.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_keepStale<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) {
    unowned
        .with_env(|_env| -> Result<(), NativeError> {
            ferrocl_runtime::residency::mark_stale(handle);
            Ok(())
        })
        .resolve::<ThrowJava>()
}

/// `static native long[] keptTotals()`: kept-array handles not yet released, their device buffers
/// alive, and those buffers' bytes (for tests and diagnostics).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_keptTotals<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> jlongArray {
    unowned
        .with_env(|env| -> Result<jlongArray, NativeError> {
            let (handles, buffers, bytes) = ferrocl_runtime::residency::totals();
            let values = [handles as i64, buffers, bytes];
            let array = env.new_long_array(values.len())?;
            array.set_region(env, 0, &values)?;
            Ok(array.into_raw())
        })
        .resolve::<ThrowJava>()
}

/// `static native long variantBuilds()`: kernel variants built for launches beyond each task's
/// first build (for tests; see `registry::Task::kernel_variant`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_variantBuilds<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> jlong {
    unowned
        .with_env(|_env| -> Result<jlong, NativeError> {
            Ok(registry::VARIANT_BUILDS.load(std::sync::atomic::Ordering::Relaxed) as jlong)
        })
        .resolve::<ThrowJava>()
}

/// `static native long[] planMemo()`: `[plans reused, plans remembered]` since the library loaded
/// (for tests; see `execute::memo`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_planMemo<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) -> jlongArray {
    unowned
        .with_env(|env| -> Result<jlongArray, NativeError> {
            let counts = execute::memo_counts();
            let array = env.new_long_array(2)?;
            array.set_region(env, 0, &counts)?;
            Ok(array.into_raw())
        })
        .resolve::<ThrowJava>()
}

/// `static native long[] faultInjection(long arm)`: for tests. `arm` > 0 makes the `arm`-th OpenCL
/// call from now on fail, 0 disarms, a negative value leaves it as it is; returns `[calls checked
/// since the previous arming (before this one), device buffers the executor holds now, kernel objects alive, event objects
/// alive]` (see `ferrocl_runtime::fault`).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_faultInjection<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    arm: jlong,
) -> jlongArray {
    unowned
        .with_env(|env| -> Result<jlongArray, NativeError> {
            // The calls counted under the previous arming, read before arming again resets them.
            let calls = ferrocl_runtime::fault::calls();
            if arm >= 0 {
                ferrocl_runtime::fault::arm(arm);
            }
            let values = [
                calls,
                ferrocl_runtime::fault::outstanding_buffers(),
                ferrocl_runtime::fault::live_kernels(),
                ferrocl_runtime::fault::live_events(),
            ];
            let array = env.new_long_array(values.len())?;
            array.set_region(env, 0, &values)?;
            Ok(array.into_raw())
        })
        .resolve::<ThrowJava>()
}

/// `static native void keepRelease(long handle)`: forgets a kept array and frees its device buffer.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_keepRelease<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    handle: jlong,
) {
    unowned
        .with_env(|_env| -> Result<(), NativeError> {
            ferrocl_runtime::residency::release(handle);
            Ok(())
        })
        .resolve::<ThrowJava>()
}

/// `static native void configureCache(String dir, boolean enabled, long maxBytes)`: the disk cache
/// of compiled kernels (see `ferrocl_runtime::disk_cache::configure`): its folder (null: the
/// default), whether there is one, its bound (0: the default).
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_configureCache<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    dir: JString<'caller>,
    enabled: jboolean,
    max_bytes: jlong,
) {
    unowned
        .with_env(|env| -> Result<(), NativeError> {
            let dir = if dir.is_null() {
                None
            } else {
                Some(std::path::PathBuf::from(java_string(env, &dir)?))
            };
            ferrocl_runtime::disk_cache::configure(
                dir,
                enabled,
                u64::try_from(max_bytes).unwrap_or(0),
            );
            Ok(())
        })
        .resolve::<ThrowJava>()
}

/// The in-place budget set from Java (`configureInPlace`), in nanoseconds; `u64::MAX`: not set.
static IN_PLACE_BUDGET_NANOS: std::sync::atomic::AtomicU64 =
    std::sync::atomic::AtomicU64::new(u64::MAX);

/// The longest the kernels of an execution on a device that works in host memory may have waited
/// last time for the next one to run on the Java arrays in place (see
/// `ferrocl_runtime::plan::hold_in_place`): `-Dferrocl.inPlaceMillis` (through
/// `configureInPlace`), else `FERROCL_IN_PLACE_MILLIS`, else the runtime's default; 0 turns it off.
pub(crate) fn in_place_budget() -> std::time::Duration {
    let set = IN_PLACE_BUDGET_NANOS.load(std::sync::atomic::Ordering::Relaxed);
    if set != u64::MAX {
        return std::time::Duration::from_nanos(set);
    }
    static FROM_ENV: std::sync::OnceLock<std::time::Duration> = std::sync::OnceLock::new();
    *FROM_ENV.get_or_init(|| {
        std::env::var("FERROCL_IN_PLACE_MILLIS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .map_or(
                ferrocl_runtime::plan::DEFAULT_IN_PLACE_BUDGET,
                std::time::Duration::from_millis,
            )
    })
}

/// Whether an execution may hold its Java arrays through its uploads, kernels and downloads
/// (`ferrocl_runtime::HostAccess::hold`): yes unless `FERROCL_HOLD_THROUGH=0` (for comparisons).
pub(crate) fn hold_through() -> bool {
    static FROM_ENV: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *FROM_ENV
        .get_or_init(|| std::env::var("FERROCL_HOLD_THROUGH").map_or(true, |v| v.trim() != "0"))
}

/// `static native void configureInPlace(long millis)`: the in-place budget (see
/// [`in_place_budget`]); a negative value leaves the environment's or the default.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_configureInPlace<'caller>(
    _unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
    millis: jlong,
) {
    let nanos = u64::try_from(millis).map_or(u64::MAX, |ms| {
        ms.saturating_mul(1_000_000).min(u64::MAX - 1)
    });
    IN_PLACE_BUDGET_NANOS.store(nanos, std::sync::atomic::Ordering::Relaxed);
}

/// `static native void releaseAll()`: frees memory held by Ferrocl between launches: the
/// registrations of host memory with the drivers and the idle device buffers.
#[unsafe(no_mangle)]
pub extern "system" fn Java_dev_ferrocl_api_Native_releaseAll<'caller>(
    mut unowned: EnvUnowned<'caller>,
    _class: JClass<'caller>,
) {
    unowned
        .with_env(|_env| -> Result<(), NativeError> {
            hostmem::forget_java_arrays();
            ferrocl_runtime::trim_all();
            log::debug!(
                "releaseAll: host copies, host registrations and idle device buffers released"
            );
            Ok(())
        })
        .resolve::<ThrowJava>()
}

/// `"<name> (<platform>, P:D)"`, as the Java API reports a device.
fn device_label(info: &ferrocl_runtime::DeviceInfo) -> String {
    format!("{} ({}, {})", info.name, info.platform_name, info.id())
}

fn nanos(d: std::time::Duration) -> jlong {
    jlong::try_from(d.as_nanos()).unwrap_or(jlong::MAX)
}
