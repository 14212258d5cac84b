//! Per-task statistics into `dev.ferrocl.api.LaunchStats` objects: typed fields, set through field
//! ids looked up once per process (the API classes live in one class loader: a native library can
//! be loaded by only one).

use crate::execute::{Outcome, Status};
use crate::NativeError;
use jni::objects::{JObject, JObjectArray};
use jni::{jni_sig, jni_str, Env};
use std::sync::OnceLock;

/// Raw field ids of `LaunchStats` (plain pointers: valid while the class is loaded).
struct Fields {
    status: usize,
    longs: [usize; 14],
}

/// The `long` fields, in the order [`write`] fills them.
const LONG_FIELDS: [&str; 14] = [
    "uploadNanos",
    "kernelNanos",
    "downloadNanos",
    "totalNanos",
    "bytesUploaded",
    "bytesDownloaded",
    "bytesInPlace",
    "global0",
    "global1",
    "global2",
    "local0",
    "local1",
    "local2",
    "batches",
];

static FIELDS: OnceLock<Fields> = OnceLock::new();

fn fields(env: &mut Env<'_>, obj: &JObject<'_>) -> Result<&'static Fields, NativeError> {
    if let Some(f) = FIELDS.get() {
        return Ok(f);
    }
    let class = env.get_object_class(obj)?;
    let status = env
        .get_field_id(&class, jni_str!("status"), jni_sig!("I"))?
        .into_raw() as usize;
    let mut longs = [0usize; 14];
    for (slot, name) in longs.iter_mut().zip(LONG_FIELDS) {
        let name = jni::strings::JNIString::from(name);
        *slot = env.get_field_id(&class, &name, jni_sig!("J"))?.into_raw() as usize;
    }
    Ok(FIELDS.get_or_init(|| Fields { status, longs }))
}

fn nanos(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_nanos()).unwrap_or(i64::MAX)
}

/// Writes each task's status and figures into `stats[k]` (null elements are skipped).
pub(crate) fn write(
    env: &mut Env<'_>,
    stats: &JObjectArray<'_>,
    outcome: &Outcome,
) -> Result<(), NativeError> {
    let n = stats.len(env)?.min(outcome.stats.len());
    for k in 0..n {
        let obj = stats.get_element(env, k)?;
        if obj.is_null() {
            continue;
        }
        write_task(env, &obj, outcome, k)?;
        env.delete_local_ref(obj);
    }
    Ok(())
}

/// [`write`] for a one-task execution's single `LaunchStats` (null: nothing to write).
pub(crate) fn write_one(
    env: &mut Env<'_>,
    stats: &JObject<'_>,
    outcome: &Outcome,
) -> Result<(), NativeError> {
    if stats.is_null() || outcome.stats.is_empty() {
        return Ok(());
    }
    write_task(env, stats, outcome, 0)
}

/// Task `k`'s status and figures into the `LaunchStats` `obj`.
fn write_task(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    outcome: &Outcome,
    k: usize,
) -> Result<(), NativeError> {
    {
        let f = fields(env, obj)?;
        let status = match outcome.status {
            Status::Ran => Status::Ran,
            other if k == outcome.task => other,
            _ => Status::NotRun,
        };
        let s = &outcome.stats[k];
        let at = |v: &[usize], i: usize| v.get(i).map_or(0, |&x| x as i64);
        let values = [
            nanos(s.upload),
            nanos(s.kernel),
            nanos(s.download),
            nanos(s.total),
            s.bytes_uploaded as i64,
            s.bytes_downloaded as i64,
            s.bytes_in_place as i64,
            at(&s.global, 0),
            at(&s.global, 1),
            at(&s.global, 2),
            at(&s.local, 0),
            at(&s.local, 1),
            at(&s.local, 2),
            i64::from(s.batches),
        ];
        // Safety: the ids were looked up on this object's class with these types; `obj` is a
        // non-null LaunchStats.
        // Java hands over fresh objects (every field zero, the status `NotRun`): only what differs
        // is written, a JNI call each (a tiny kept execution sets two or three of the fifteen).
        // Plain stores through the JNI function table: setting a primitive field of an object of
        // the right class cannot throw, so no exception check follows each (a dozen per task
        // and execution).
        let raw = env.get_raw();
        // SAFETY: `raw` is this thread's JNI environment; `obj` is a live `LaunchStats` and the
        // field IDs are its fields of these types (looked up on its class).
        unsafe {
            let interface = *raw;
            if status != Status::NotRun {
                ((*interface).v1_1.SetIntField)(
                    raw,
                    obj.as_raw(),
                    f.status as jni::sys::jfieldID,
                    status as i32,
                );
            }
            for (&id, v) in f.longs.iter().zip(values).filter(|&(_, v)| v != 0) {
                ((*interface).v1_1.SetLongField)(raw, obj.as_raw(), id as jni::sys::jfieldID, v);
            }
        }
    }
    Ok(())
}
