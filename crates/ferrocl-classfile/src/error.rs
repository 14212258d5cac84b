//! The single error type of this crate.
//!
//! Every failure to read a class file, from a wrong magic number to a branch
//! into the middle of an instruction, is reported as a [`ClassFileError`].
//! The `Display` text names the class whenever its name was already known when
//! the problem was found, e.g.
//! `malformed class file dev/ferrocl/Foo: truncated constant pool (at offset 0x1a)`.

use std::fmt;

/// Why a class file was refused, or why a constant-pool lookup failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClassFileError {
    /// The bytes do not form a well-formed class file: wrong magic, truncated
    /// or over-long structures, references to constant-pool entries of the
    /// wrong kind, invalid descriptors, trailing bytes, ...
    #[error("malformed class file{}: {message}{}", ClassSuffix(class.as_deref()), OffsetSuffix(*offset))]
    Malformed {
        /// Internal name of the class, when it was already known.
        class: Option<String>,
        /// Byte offset in the class file where the problem was found.
        offset: Option<usize>,
        /// What is wrong.
        message: String,
    },
    /// The class-file version is outside the supported range
    /// ([`crate::MIN_MAJOR_VERSION`]..=[`crate::MAX_MAJOR_VERSION`]).
    #[error("unsupported class file version {major}.{minor} (supported: {min}.3 to {max}.x, i.e. Java 1.1 to 25)", min = crate::MIN_MAJOR_VERSION, max = crate::MAX_MAJOR_VERSION)]
    UnsupportedVersion {
        /// `major_version` from the class file.
        major: u16,
        /// `minor_version` from the class file.
        minor: u16,
    },
    /// A constant-pool index does not refer to an entry of the expected kind
    /// (or is out of range).
    #[error("bad constant-pool reference #{index}{}: expected {expected}", InSuffix(class.as_deref()))]
    BadConstant {
        /// Internal name of the class whose constant pool was consulted, when known.
        class: Option<String>,
        /// The offending constant-pool index.
        index: u16,
        /// What kind of entry was expected, e.g. `"CONSTANT_Class"`.
        expected: &'static str,
    },
    /// A method's bytecode is invalid: unknown opcode, truncated instruction,
    /// branch target that is not an instruction start, bad operand, ...
    #[error("bad bytecode in {}{method} at bci {bci}: {message}", ClassDot(class.as_deref()))]
    BadBytecode {
        /// Internal name of the class, when known.
        class: Option<String>,
        /// Method name followed by its descriptor, e.g. `add(II)I`.
        method: String,
        /// Byte offset of the offending instruction in the method's code.
        bci: u32,
        /// What is wrong.
        message: String,
    },
    /// The parser itself panicked. This is a bug in this crate, never an
    /// expected outcome; it is reported instead of unwinding into the caller.
    #[error("internal error in the class-file parser (this is a bug){}: {message}", InSuffix(class.as_deref()))]
    Internal {
        /// Internal name of the class, when known.
        class: Option<String>,
        /// The panic message.
        message: String,
    },
}

impl ClassFileError {
    /// Internal name of the class the error is about, when known.
    pub fn class(&self) -> Option<&str> {
        match self {
            Self::Malformed { class, .. }
            | Self::BadConstant { class, .. }
            | Self::BadBytecode { class, .. }
            | Self::Internal { class, .. } => class.as_deref(),
            Self::UnsupportedVersion { .. } => None,
        }
    }

    /// Fills in the class name if the error does not name a class yet.
    pub(crate) fn with_class(mut self, name: &str) -> Self {
        match &mut self {
            Self::Malformed { class, .. }
            | Self::BadConstant { class, .. }
            | Self::BadBytecode { class, .. }
            | Self::Internal { class, .. } => {
                if class.is_none() {
                    *class = Some(name.to_owned());
                }
            }
            Self::UnsupportedVersion { .. } => {}
        }
        self
    }

    /// A [`ClassFileError::Malformed`] without class name.
    pub(crate) fn malformed(offset: Option<usize>, message: impl Into<String>) -> Self {
        Self::Malformed {
            class: None,
            offset,
            message: message.into(),
        }
    }

    /// A [`ClassFileError::BadConstant`] without class name.
    pub(crate) fn bad_constant(index: u16, expected: &'static str) -> Self {
        Self::BadConstant {
            class: None,
            index,
            expected,
        }
    }
}

struct ClassSuffix<'a>(Option<&'a str>);

impl fmt::Display for ClassSuffix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, " {c}"),
            None => Ok(()),
        }
    }
}

struct InSuffix<'a>(Option<&'a str>);

impl fmt::Display for InSuffix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, " in class {c}"),
            None => Ok(()),
        }
    }
}

struct ClassDot<'a>(Option<&'a str>);

impl fmt::Display for ClassDot<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c}."),
            None => Ok(()),
        }
    }
}

struct OffsetSuffix(Option<usize>);

impl fmt::Display for OffsetSuffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(o) => write!(f, " (at offset {o:#x})"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_class_and_offset() {
        let e = ClassFileError::malformed(Some(0x1a), "truncated constant pool")
            .with_class("dev/ferrocl/Foo");
        assert_eq!(
            e.to_string(),
            "malformed class file dev/ferrocl/Foo: truncated constant pool (at offset 0x1a)"
        );
        let e = ClassFileError::malformed(None, "bad magic");
        assert_eq!(e.to_string(), "malformed class file: bad magic");
        let e = ClassFileError::bad_constant(5, "CONSTANT_Class").with_class("a/B");
        assert_eq!(
            e.to_string(),
            "bad constant-pool reference #5 in class a/B: expected CONSTANT_Class"
        );
        let e = ClassFileError::BadBytecode {
            class: Some("a/B".into()),
            method: "f(I)V".into(),
            bci: 3,
            message: "unknown opcode 0xcb".into(),
        };
        assert_eq!(
            e.to_string(),
            "bad bytecode in a/B.f(I)V at bci 3: unknown opcode 0xcb"
        );
        // with_class does not overwrite a known class
        assert_eq!(e.clone().with_class("x/Y"), e);
    }
}
