//! Where the bytes of other classes come from: callees, the declaring classes of static fields,
//! `java.lang.Math` and friends.
//!
//! The front end asks for a class by internal name (`java/lang/Math`) at most once per build and
//! keeps the parsed class for the rest of that build. A class the resolver cannot provide ends the
//! compilation with a bailout naming the class; it is never an error of the resolver.

use std::path::{Path, PathBuf};

/// Provides class files by internal name. At run time this calls back into the JVM (the class
/// loader of the compiled method); the command line and tests read class-path directories.
pub trait ClassResolver {
    /// The bytes of the class file of `internal_name` (e.g. `java/lang/Math`), or `None` when the
    /// class is not available. Must not panic; a failure is just "not available".
    fn class_bytes(&mut self, internal_name: &str) -> Option<Vec<u8>>;

    /// Whether the JVM runs `assert` statements of `internal_name` (its `$assertionsDisabled` is
    /// false, as with `-ea`); `None` when unknown. The front end compiles `assert` as the JVM does
    /// with assertions disabled, and bails out when this says they are enabled. Resolvers without
    /// a JVM (the command line, tests) answer `None`: assertions count as disabled, the JVM's
    /// default.
    fn assertions_enabled(&mut self, internal_name: &str) -> Option<bool> {
        let _ = internal_name;
        None
    }

    /// The exact classes of the object static field `owner.name` (of object type `descriptor`)
    /// holds now and of the objects reachable from it through fields, as the host describes the
    /// task's arguments: one line per object, `<field@Owner.field@Owner…>\t<token>` (an empty path
    /// for the field's object itself; tokens as in [`crate::RuntimeClasses`]). `may_initialise`:
    /// the compiler found `owner`'s initialisation unobservable, so the host may run it to read
    /// the field; otherwise the host reads it only once Java has initialised the class. `None`
    /// when unknown (no JVM, the class not initialised): calls on the object bail out.
    fn static_objects(
        &mut self,
        owner: &str,
        name: &str,
        descriptor: &str,
        may_initialise: bool,
    ) -> Option<String> {
        let _ = (owner, name, descriptor, may_initialise);
        None
    }
}

/// A resolver that knows no classes: only the compiled method's own class is available.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoResolver;

impl ClassResolver for NoResolver {
    fn class_bytes(&mut self, _internal_name: &str) -> Option<Vec<u8>> {
        None
    }
}

/// Reads `<root>/<internal name>.class` from class-path directories, first root first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DirectoryResolver {
    roots: Vec<PathBuf>,
}

impl DirectoryResolver {
    /// A resolver over these class-path roots, searched in order.
    pub fn new<P: Into<PathBuf>>(roots: impl IntoIterator<Item = P>) -> Self {
        DirectoryResolver {
            roots: roots.into_iter().map(Into::into).collect(),
        }
    }

    /// The class-path root of a class file: its path without the package directories of
    /// `internal_name` (`out/pkg/Cls.class` with `pkg/Cls` gives `out`). `None` when the path does
    /// not end with the class's package and name.
    pub fn root_of(class_file: &Path, internal_name: &str) -> Option<PathBuf> {
        let mut segments: Vec<&str> = internal_name.split('/').collect();
        let simple = segments.pop()?;
        if class_file.file_stem()?.to_str()? != simple {
            return None;
        }
        let mut dir = class_file.parent()?;
        for package in segments.iter().rev() {
            if dir.file_name()?.to_str()? != *package {
                return None;
            }
            dir = dir.parent()?;
        }
        Some(dir.to_path_buf())
    }

    /// The roots, in search order.
    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }
}

impl ClassResolver for DirectoryResolver {
    fn class_bytes(&mut self, internal_name: &str) -> Option<Vec<u8>> {
        if !is_plain_internal_name(internal_name) {
            return None;
        }
        let relative = format!("{internal_name}.class");
        self.roots
            .iter()
            .find_map(|root| std::fs::read(root.join(&relative)).ok())
    }
}

/// Whether `name` is an internal class name that stays inside a class-path root when used as a
/// relative path: `/`-separated, non-empty segments, no `.`/`..`, no array descriptors.
pub(crate) fn is_plain_internal_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('[')
        && !name.contains(['\\', '\0', ':', ';'])
        && name
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_and_names() {
        let root = DirectoryResolver::root_of(Path::new("/tmp/out/a/b/C.class"), "a/b/C");
        assert_eq!(root, Some(PathBuf::from("/tmp/out")));
        assert_eq!(
            DirectoryResolver::root_of(Path::new("C.class"), "C"),
            Some(PathBuf::new())
        );
        assert!(DirectoryResolver::root_of(Path::new("/tmp/out/x/C.class"), "a/C").is_none());
        assert!(DirectoryResolver::root_of(Path::new("/tmp/D.class"), "C").is_none());
        assert!(is_plain_internal_name("java/lang/Math"));
        assert!(!is_plain_internal_name("../etc/passwd"));
        assert!(!is_plain_internal_name("/abs"));
        assert!(!is_plain_internal_name("[I"));
        assert!(!is_plain_internal_name(""));
        assert!(NoResolver.class_bytes("java/lang/Math").is_none());
    }
}
