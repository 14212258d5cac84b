//! Compiled device binaries kept on disk between JVMs, so that a program the driver built once is
//! not built again by the next process (a driver build costs 50–500 ms per kernel on a GPU).
//!
//! Received: a key (everything the binary depends on: the source, the build options, the device,
//! its driver, Ferrocl's version) and the binary the driver gave for it.
//! Guaranteed: an entry is used only when it is whole and its own (a magic number, the full key,
//! the payload's length and checksum are checked; anything else is deleted and the program built
//! again); writers never expose half an entry (each writes a temporary file in the same folder and
//! renames it over the entry, so several JVMs writing one entry at once leave one whole entry); the
//! folder stays under its size bound (the least recently used entries go, a hit counting as a
//! use); a folder that cannot be created, read or written means no cache, said once in the log,
//! never an error.
//! Refused: nothing; every failure is a miss.
//!
//! Where: `$FERROCL_CACHE_DIR`, else `$XDG_CACHE_HOME/ferrocl`, else `$HOME/.cache/ferrocl`;
//! `FERROCL_CACHE=0` (or `false`) switches it off; `FERROCL_CACHE_MAX_BYTES` bounds it (default
//! [`DEFAULT_MAX_BYTES`]). The Java side passes `-Dferrocl.cache.dir`, `-Dferrocl.cache` and
//! `-Dferrocl.cache.maxBytes` through [`configure`] before the first build.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::SystemTime;

/// The most bytes the folder holds by default.
pub const DEFAULT_MAX_BYTES: u64 = 512 << 20;

/// The first bytes of every entry (and its format's version).
const MAGIC: &[u8; 8] = b"FRCLBIN1";

/// Where the cache lives and how large it may grow; `None`: no cache.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The folder.
    pub dir: PathBuf,
    /// Its size bound in bytes.
    pub max_bytes: u64,
}

fn slot() -> &'static Mutex<Option<Option<Config>>> {
    static CONFIG: OnceLock<Mutex<Option<Option<Config>>>> = OnceLock::new();
    CONFIG.get_or_init(|| Mutex::new(None))
}

/// Sets the cache's place and bound (`dir: None`: the default place; `enabled: false`: no cache;
/// `max_bytes: 0`: the default bound), replacing what the environment said.
pub fn configure(dir: Option<PathBuf>, enabled: bool, max_bytes: u64) {
    let config = enabled.then(|| Config {
        dir: dir.or_else(default_dir).unwrap_or_default(),
        max_bytes: if max_bytes == 0 {
            DEFAULT_MAX_BYTES
        } else {
            max_bytes
        },
    });
    let config = config.filter(|c| !c.dir.as_os_str().is_empty());
    *slot()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(config);
}

/// The configuration in force: the last [`configure`], else the environment's.
pub fn config() -> Option<Config> {
    let mut s = slot()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    s.get_or_insert_with(from_env).clone()
}

fn from_env() -> Option<Config> {
    let off = std::env::var("FERROCL_CACHE")
        .map(|v| {
            matches!(
                v.trim().to_ascii_lowercase().as_str(),
                "0" | "false" | "off"
            )
        })
        .unwrap_or(false);
    if off {
        return None;
    }
    let dir = std::env::var_os("FERROCL_CACHE_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(default_dir)?;
    let max_bytes = std::env::var("FERROCL_CACHE_MAX_BYTES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&b: &u64| b > 0)
        .unwrap_or(DEFAULT_MAX_BYTES);
    Some(Config { dir, max_bytes })
}

fn default_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("ferrocl"))
}

/// 64-bit FNV-1a: the entry's file name (of the key) and the payload's checksum. Not
/// cryptographic: the entry also holds the whole key, so a colliding name is a miss, never a
/// wrong binary.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Says once that the cache does not work, then stays quiet.
fn unusable(dir: &Path, what: &str, e: &std::io::Error) {
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Ordering::Relaxed) {
        log::warn!(
            "kernel cache at {} unusable ({what}: {e}); kernels are built without it",
            dir.display()
        );
    }
}

fn entry_path(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("{:016x}.bin", fnv1a(key.as_bytes())))
}

/// The entry's bytes for `key` and `payload`.
fn encode(key: &str, payload: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + 8 + key.len() + 16 + payload.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(key.len() as u64).to_le_bytes());
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&fnv1a(payload).to_le_bytes());
    out.extend_from_slice(payload);
    out
}

/// The payload of an entry's bytes, when they are a whole entry for `key`.
fn decode<'b>(key: &str, bytes: &'b [u8]) -> Option<&'b [u8]> {
    let rest = bytes.strip_prefix(MAGIC.as_slice())?;
    let (len, rest) = rest.split_first_chunk::<8>()?;
    let key_len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    let (stored_key, rest) = (rest.get(..key_len)?, rest.get(key_len..)?);
    if stored_key != key.as_bytes() {
        return None;
    }
    let (len, rest) = rest.split_first_chunk::<8>()?;
    let payload_len = usize::try_from(u64::from_le_bytes(*len)).ok()?;
    let (sum, payload) = rest.split_first_chunk::<8>()?;
    if payload.len() != payload_len || fnv1a(payload) != u64::from_le_bytes(*sum) {
        return None;
    }
    Some(payload)
}

/// The binary kept for `key` in `config`'s folder: `None` on a miss (no entry, or one that is
/// not whole or not this key's: such an entry is deleted).
pub fn load(config: &Config, key: &str) -> Option<Vec<u8>> {
    let path = entry_path(&config.dir, key);
    let bytes = match fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            unusable(&config.dir, "reading an entry", &e);
            return None;
        }
    };
    match decode(key, &bytes) {
        Some(payload) => {
            // A hit is a use: the entry goes last in line for eviction.
            if let Ok(f) = fs::File::options().write(true).open(&path) {
                let _ = f.set_modified(SystemTime::now());
            }
            Some(payload.to_vec())
        }
        None => {
            log::debug!(
                "kernel cache entry {} is damaged or another key's: rebuilt",
                path.display()
            );
            let _ = fs::remove_file(&path);
            None
        }
    }
}

/// Keeps `payload` as `key`'s binary (a temporary file renamed over the entry), then trims the
/// folder to its bound. Failures are logged once and otherwise ignored.
pub fn store(config: &Config, key: &str, payload: &[u8]) {
    if let Err(e) = fs::create_dir_all(&config.dir) {
        unusable(&config.dir, "creating the folder", &e);
        return;
    }
    let path = entry_path(&config.dir, key);
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let tmp = config.dir.join(format!(
        ".tmp-{}-{}-{:016x}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed),
        fnv1a(key.as_bytes())
    ));
    let written = fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(&encode(key, payload))?;
        f.sync_all()
    });
    let renamed = written.and_then(|()| fs::rename(&tmp, &path));
    if let Err(e) = renamed {
        let _ = fs::remove_file(&tmp);
        unusable(&config.dir, "writing an entry", &e);
        return;
    }
    trim(config);
}

/// Deletes the least recently used entries until the folder holds at most its bound (temporary
/// files of writers that died an hour ago or more go too).
pub fn trim(config: &Config) {
    let Ok(list) = fs::read_dir(&config.dir) else {
        return;
    };
    let now = SystemTime::now();
    let mut entries: Vec<(SystemTime, u64, PathBuf)> = Vec::new();
    for item in list.flatten() {
        let path = item.path();
        let Ok(meta) = item.metadata() else { continue };
        let modified = meta.modified().unwrap_or(now);
        let name = item.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(".tmp-") {
            if now
                .duration_since(modified)
                .is_ok_and(|d| d.as_secs() > 3600)
            {
                let _ = fs::remove_file(&path);
            }
            continue;
        }
        if name.ends_with(".bin") {
            entries.push((modified, meta.len(), path));
        }
    }
    let mut total: u64 = entries.iter().map(|e| e.1).sum();
    entries.sort_by_key(|e| e.0);
    for (_, len, path) in entries {
        if total <= config.max_bytes {
            break;
        }
        if fs::remove_file(&path).is_ok() {
            total = total.saturating_sub(len);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> Config {
        let dir =
            std::env::temp_dir().join(format!("ferrocl-cache-test-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        Config {
            dir,
            max_bytes: 1 << 20,
        }
    }

    #[test]
    fn a_stored_binary_comes_back_for_its_key_only() {
        let c = folder("roundtrip");
        assert_eq!(load(&c, "k1"), None);
        store(&c, "k1", b"binary one");
        assert_eq!(load(&c, "k1").as_deref(), Some(&b"binary one"[..]));
        assert_eq!(load(&c, "k2"), None);
        // Stored again (another JVM): replaced whole.
        store(&c, "k1", b"binary one, again");
        assert_eq!(load(&c, "k1").as_deref(), Some(&b"binary one, again"[..]));
        let _ = fs::remove_dir_all(&c.dir);
    }

    #[test]
    fn damaged_truncated_and_foreign_entries_are_misses_and_go() {
        let c = folder("damaged");
        let key = "the key";
        let good = encode(key, &[7u8; 1000]);
        let path = entry_path(&c.dir, key);
        fs::create_dir_all(&c.dir).expect("folder");
        let cases: Vec<(&str, Vec<u8>)> = vec![
            ("truncated", good[..good.len() - 10].to_vec()),
            ("a flipped payload byte", {
                let mut b = good.clone();
                let last = b.len() - 1;
                b[last] ^= 1;
                b
            }),
            (
                "another key's entry under this name",
                encode("other key", &[7u8; 1000]),
            ),
            ("no magic", b"garbage".to_vec()),
            ("empty", Vec::new()),
            ("a length past the end", {
                let mut b = good.clone();
                b[8..16].copy_from_slice(&u64::MAX.to_le_bytes());
                b
            }),
        ];
        for (what, bytes) in cases {
            fs::write(&path, &bytes).expect("write");
            assert_eq!(load(&c, key), None, "{what}");
            assert!(!path.exists(), "{what}: the entry stays");
        }
        fs::write(&path, &good).expect("write");
        assert_eq!(load(&c, key).map(|p| p.len()), Some(1000));
        let _ = fs::remove_dir_all(&c.dir);
    }

    #[test]
    fn concurrent_writers_of_one_entry_leave_one_whole_entry() {
        let c = folder("concurrent");
        let payloads: Vec<Vec<u8>> = (0..8u8).map(|t| vec![t; 200_000]).collect();
        std::thread::scope(|s| {
            for p in &payloads {
                let c = c.clone();
                s.spawn(move || {
                    for _ in 0..20 {
                        store(&c, "shared", p);
                        // Every read sees a whole entry of some writer.
                        if let Some(got) = load(&c, "shared") {
                            assert_eq!(got.len(), 200_000);
                            assert!(got.iter().all(|&b| b == got[0]));
                        }
                    }
                });
            }
        });
        let got = load(&c, "shared").expect("an entry");
        assert!(payloads.contains(&got));
        let left: Vec<_> = fs::read_dir(&c.dir)
            .expect("folder")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(left.len(), 1, "{left:?}");
        let _ = fs::remove_dir_all(&c.dir);
    }

    #[test]
    fn the_folder_keeps_to_its_bound_least_recently_used_first() {
        let mut c = folder("bound");
        c.max_bytes = 3 * 110_000;
        for k in 0..3 {
            store(&c, &format!("k{k}"), &vec![1u8; 100_000]);
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        // k0 is used again: k1 is now the least recently used.
        assert!(load(&c, "k0").is_some());
        std::thread::sleep(std::time::Duration::from_millis(20));
        store(&c, "k3", &vec![1u8; 100_000]);
        assert!(
            load(&c, "k1").is_none(),
            "the least recently used entry stays"
        );
        for k in ["k0", "k2", "k3"] {
            assert!(load(&c, k).is_some(), "{k} went");
        }
        let _ = fs::remove_dir_all(&c.dir);
    }

    #[test]
    fn an_unwritable_folder_means_no_cache_and_no_error() {
        let c = Config {
            dir: PathBuf::from("/proc/ferrocl-cannot-be-here"),
            max_bytes: 1 << 20,
        };
        store(&c, "k", b"x");
        assert_eq!(load(&c, "k"), None);
    }
}
