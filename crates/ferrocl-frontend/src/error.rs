//! Front-end errors: every bailout names the class, method, bytecode index and source line.

use std::fmt;
use thiserror::Error;

/// Where in the Java program something happened.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Location {
    /// Internal class name, e.g. `dev/ferrocl/demo/Demo`.
    pub class: String,
    /// Method name.
    pub method: String,
    /// Method descriptor, e.g. `([I[I[II)V`.
    pub descriptor: String,
    /// The `SourceFile` attribute, when present.
    pub source_file: Option<String>,
    /// Bytecode index, when the problem is at one instruction.
    pub bci: Option<u32>,
    /// Source line from the `LineNumberTable`, when known.
    pub line: Option<u16>,
}

impl Location {
    /// The same method at another bytecode index and line.
    pub fn at(&self, bci: u32, line: Option<u16>) -> Location {
        Location {
            bci: Some(bci),
            line,
            ..self.clone()
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}.{}{}",
            self.class.replace('/', "."),
            self.method,
            self.descriptor
        )?;
        if let Some(bci) = self.bci {
            write!(f, " at bci {bci}")?;
        }
        match (&self.source_file, self.line) {
            (Some(file), Some(line)) => write!(f, " ({file}:{line})"),
            (None, Some(line)) => write!(f, " (line {line})"),
            _ => Ok(()),
        }
    }
}

/// A method the compiler cannot (yet) handle: the JVM runs it instead, or strict mode reports it.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{location}: {reason}")]
pub struct Bailout {
    /// Where the unsupported construct is.
    pub location: Location,
    /// What is unsupported, in words a Java programmer understands.
    pub reason: String,
}

/// Errors of the front end.
#[derive(Debug, Error)]
pub enum FrontendError {
    /// The method is valid Java that the compiler does not handle.
    #[error(transparent)]
    Bailout(#[from] Bailout),
    /// The class or method is malformed in a way the class-file reader let through.
    #[error("malformed method {location}: {message}")]
    Malformed {
        /// Where.
        location: Location,
        /// What is wrong.
        message: String,
    },
    /// A bug in Ferrocl (a broken graph invariant).
    #[error("internal error in the front end at {location}: {message}")]
    Internal {
        /// Where.
        location: Location,
        /// What went wrong.
        message: String,
    },
}
