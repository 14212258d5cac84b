//! The exact classes of the objects a task can reach from its arguments, as the host found them at
//! `execute()`: what guarded devirtualisation compiles against.
//!
//! **Receives** (from the host, before compiling) one entry per object reachable from the task's
//! arguments through the field paths the front end supports (`this`, a parameter, a field of those,
//! a field of a field): the path and the object's exact class, or that it is null, or that its class
//! is hidden (a lambda or proxy). **Guarantees** that every entry the compiler *consulted* is
//! recorded ([`RuntimeClasses::consulted`]), whether the compilation succeeded or not: a kernel is
//! valid exactly while those objects have those classes, so the host guards the kernel on them.
//! **Refuses** nothing; a path the host did not describe is simply unknown (the call bails out).
//!
//! Text form, one entry per line (what crosses JNI): `<root>\t<field.field…>\t<token>` where
//! `<root>` is the argument index (0 is the receiver of an instance method), the path is empty for
//! the argument itself, and the token is `C:<internal class name>`, `N` (null) or `H:<name>`
//! (hidden class); for the step `[]` (every element of an array of objects) also `M:<name>,<name>…`
//! (elements of several classes, numbered in that order).

use std::fmt;

/// A path from a task argument to an object: the argument index (the receiver of an instance method
/// is 0) and the fields read from it, in order (empty: the argument itself), each `name@Owner`
/// with the internal name of the class declaring it (a subclass may declare another field of the
/// same name), or a bare name where the compiler could not resolve the field's class.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ObjectPath {
    /// Argument index (receiver first for instance methods).
    pub root: usize,
    /// Field names, outermost first.
    pub fields: Vec<String>,
}

impl fmt::Display for ObjectPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "argument {}", self.root)?;
        for step in &self.fields {
            // `field@Owner` steps show as the field's name.
            write!(f, ".{}", step.split('@').next().unwrap_or(step))?;
        }
        Ok(())
    }
}

/// What the host found at an [`ObjectPath`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuntimeClass {
    /// An object of this exact class (internal name, `pkg/Cls$Inner`).
    Class(String),
    /// `null`.
    Null,
    /// An object of a hidden class (a lambda or proxy; its bytecode is not available), by its
    /// `Class.getName()`.
    Hidden(String),
    /// The elements of an array of objects (path step `[]`) that are of several classes: each
    /// class (internal names), in the order the host numbers them (the element of the `k`-th has
    /// `present` value `k + 1`).
    Classes(Vec<String>),
}

impl RuntimeClass {
    fn token(&self) -> String {
        match self {
            RuntimeClass::Class(name) => format!("C:{name}"),
            RuntimeClass::Null => "N".to_string(),
            RuntimeClass::Hidden(name) => format!("H:{name}"),
            RuntimeClass::Classes(names) => format!("M:{}", names.join(",")),
        }
    }

    fn parse(token: &str) -> Option<RuntimeClass> {
        if token == "N" {
            return Some(RuntimeClass::Null);
        }
        if let Some(name) = token.strip_prefix("C:").filter(|n| !n.is_empty()) {
            return Some(RuntimeClass::Class(name.to_string()));
        }
        if let Some(names) = token.strip_prefix("M:").filter(|n| !n.is_empty()) {
            let names: Vec<String> = names.split(',').map(str::to_string).collect();
            if names.iter().any(String::is_empty) {
                return None;
            }
            return Some(RuntimeClass::Classes(names));
        }
        token
            .strip_prefix("H:")
            .filter(|n| !n.is_empty())
            .map(|n| RuntimeClass::Hidden(n.to_string()))
    }
}

/// The host's class map for one compilation, and which of its entries the compiler consulted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuntimeClasses {
    entries: Vec<(ObjectPath, RuntimeClass)>,
    /// Indices into `entries`, in the order first consulted, each once.
    consulted: Vec<usize>,
}

impl RuntimeClasses {
    /// An empty map: no object's class is known (virtual calls bail out).
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) the entry for `path`.
    pub fn insert(&mut self, path: ObjectPath, class: RuntimeClass) {
        match self.entries.iter_mut().find(|(p, _)| *p == path) {
            Some(entry) => entry.1 = class,
            None => self.entries.push((path, class)),
        }
    }

    /// Parses the text form (see the module docs); empty lines are skipped.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut map = RuntimeClasses::new();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let mut parts = line.split('\t');
            let (Some(root), Some(path), Some(token), None) =
                (parts.next(), parts.next(), parts.next(), parts.next())
            else {
                return Err(format!("bad class map line {line:?}"));
            };
            let root = root
                .parse::<usize>()
                .map_err(|_| format!("bad argument index in class map line {line:?}"))?;
            let fields: Vec<String> = if path.is_empty() {
                Vec::new()
            } else {
                path.split('.').map(str::to_string).collect()
            };
            if fields.iter().any(String::is_empty) {
                return Err(format!("bad field path in class map line {line:?}"));
            }
            let class = RuntimeClass::parse(token)
                .ok_or_else(|| format!("bad class token in class map line {line:?}"))?;
            map.insert(ObjectPath { root, fields }, class);
        }
        Ok(map)
    }

    /// Every entry, in the order added.
    pub fn entries(&self) -> &[(ObjectPath, RuntimeClass)] {
        &self.entries
    }

    /// The class at `path` without recording it as consulted.
    pub fn peek(&self, path: &ObjectPath) -> Option<&RuntimeClass> {
        self.entries.iter().find(|(p, _)| p == path).map(|(_, c)| c)
    }

    /// The class at `path`, recorded as consulted: the compiled code depends on it.
    pub fn lookup(&mut self, path: &ObjectPath) -> Option<RuntimeClass> {
        let index = self.entries.iter().position(|(p, _)| p == path)?;
        if !self.consulted.contains(&index) {
            self.consulted.push(index);
        }
        self.entries.get(index).map(|(_, c)| c.clone())
    }

    /// The entries consulted so far, in the order first consulted.
    pub fn consulted(&self) -> Vec<(ObjectPath, RuntimeClass)> {
        self.consulted
            .iter()
            .filter_map(|&i| self.entries.get(i).cloned())
            .collect()
    }

    /// Whether every entry of `guards` is in this map with the same class.
    pub fn satisfies(&self, guards: &[(ObjectPath, RuntimeClass)]) -> bool {
        guards.iter().all(|(p, c)| self.peek(p) == Some(c))
    }

    /// The text form of `entries` (see the module docs).
    pub fn to_text(entries: &[(ObjectPath, RuntimeClass)]) -> String {
        entries
            .iter()
            .map(|(p, c)| format!("{}\t{}\t{}", p.root, p.fields.join("."), c.token()))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_and_consulted() {
        let text = "0\t\tC:a/B\n1\tshape\tC:a/Circle\n1\tnext.inner\tN\n2\t\tH:a.B$$Lambda/0x1\n";
        let mut map = RuntimeClasses::parse(text).expect("parses");
        let shape = ObjectPath {
            root: 1,
            fields: vec!["shape".into()],
        };
        assert_eq!(
            map.peek(&shape),
            Some(&RuntimeClass::Class("a/Circle".into()))
        );
        assert!(map.consulted().is_empty());
        assert_eq!(
            map.lookup(&shape),
            Some(RuntimeClass::Class("a/Circle".into()))
        );
        let null = ObjectPath {
            root: 1,
            fields: vec!["next".into(), "inner".into()],
        };
        assert_eq!(map.lookup(&null), Some(RuntimeClass::Null));
        assert_eq!(
            map.lookup(&shape),
            Some(RuntimeClass::Class("a/Circle".into()))
        );
        let consulted = map.consulted();
        assert_eq!(consulted.len(), 2);
        assert_eq!(
            RuntimeClasses::to_text(&consulted),
            "1\tshape\tC:a/Circle\n1\tnext.inner\tN"
        );
        assert!(map.satisfies(&consulted));
        let mut other = RuntimeClasses::new();
        other.insert(shape.clone(), RuntimeClass::Class("a/Square".into()));
        assert!(!other.satisfies(&consulted));
        assert_eq!(
            map.peek(&ObjectPath {
                root: 2,
                fields: vec![]
            }),
            Some(&RuntimeClass::Hidden("a.B$$Lambda/0x1".into()))
        );
        assert_eq!(shape.to_string(), "argument 1.shape");
    }

    #[test]
    fn bad_lines_are_refused() {
        for bad in [
            "x\t\tN",
            "0\ta..b\tN",
            "0\t\tQ:x",
            "0\tN",
            "0\t\tC:",
            "0\t\tN\textra",
        ] {
            assert!(RuntimeClasses::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            RuntimeClasses::parse("\n").expect("empty"),
            RuntimeClasses::new()
        );
    }
}
