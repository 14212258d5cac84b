//! A bounds-checked big-endian byte cursor.
//!
//! Every read is checked against the bytes that remain; running past the end
//! yields [`ClassFileError::Malformed`] naming the structure being read (the
//! reader's *context*) and the absolute offset in the class file. Nothing here
//! allocates based on a length read from the input: callers check counts with
//! [`Reader::check_count`] before reserving memory.

use crate::error::ClassFileError;

/// Cursor over a slice of a class file.
#[derive(Debug, Clone)]
pub(crate) struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Absolute offset of `bytes[0]` in the whole class file.
    base: usize,
    /// What is being read, for "truncated ..." messages.
    context: &'static str,
}

impl<'a> Reader<'a> {
    /// A reader over a whole class file.
    pub(crate) fn new(bytes: &'a [u8], context: &'static str) -> Self {
        Self {
            bytes,
            pos: 0,
            base: 0,
            context,
        }
    }

    /// Changes what the reader says it is reading.
    pub(crate) fn set_context(&mut self, context: &'static str) {
        self.context = context;
    }

    /// Absolute offset of the next byte in the class file.
    pub(crate) fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Number of bytes not yet read.
    pub(crate) fn remaining(&self) -> usize {
        self.bytes.len() - self.pos
    }

    /// An error at the current offset.
    pub(crate) fn error(&self, message: impl Into<String>) -> ClassFileError {
        ClassFileError::malformed(Some(self.offset()), message)
    }

    /// An error at a given absolute offset.
    pub(crate) fn error_at(offset: usize, message: impl Into<String>) -> ClassFileError {
        ClassFileError::malformed(Some(offset), message)
    }

    fn truncated(&self) -> ClassFileError {
        self.error(format!("truncated {}", self.context))
    }

    /// Reads `n` bytes.
    pub(crate) fn bytes(&mut self, n: usize) -> Result<&'a [u8], ClassFileError> {
        if n > self.remaining() {
            return Err(self.truncated());
        }
        let s = &self.bytes[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ClassFileError> {
        let s = self.bytes(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    /// Reads a `u1`.
    pub(crate) fn u1(&mut self) -> Result<u8, ClassFileError> {
        Ok(self.array::<1>()?[0])
    }

    /// Reads a big-endian `u2`.
    pub(crate) fn u2(&mut self) -> Result<u16, ClassFileError> {
        Ok(u16::from_be_bytes(self.array()?))
    }

    /// Reads a big-endian `u4`.
    pub(crate) fn u4(&mut self) -> Result<u32, ClassFileError> {
        Ok(u32::from_be_bytes(self.array()?))
    }

    /// Reads a big-endian 8-byte value.
    pub(crate) fn u8(&mut self) -> Result<u64, ClassFileError> {
        Ok(u64::from_be_bytes(self.array()?))
    }

    /// Splits off the next `len` bytes as a sub-reader (e.g. an attribute body)
    /// and advances past them.
    pub(crate) fn sub(
        &mut self,
        len: usize,
        context: &'static str,
    ) -> Result<Reader<'a>, ClassFileError> {
        let base = self.offset();
        let bytes = self.bytes(len)?;
        Ok(Reader {
            bytes,
            pos: 0,
            base,
            context,
        })
    }

    /// Checks that `count` entries of at least `min_size` bytes each can still
    /// be present, so that `Vec::with_capacity(count)` is bounded by the input.
    pub(crate) fn check_count(
        &self,
        count: usize,
        min_size: usize,
        what: &str,
    ) -> Result<(), ClassFileError> {
        match count.checked_mul(min_size) {
            Some(need) if need <= self.remaining() => Ok(()),
            _ => Err(self.error(format!(
                "truncated {} ({count} {what} entries cannot fit in the {} remaining bytes)",
                self.context,
                self.remaining()
            ))),
        }
    }

    /// Fails unless every byte was consumed.
    pub(crate) fn expect_end(&self, what: &str) -> Result<(), ClassFileError> {
        if self.remaining() == 0 {
            Ok(())
        } else {
            Err(self.error(format!(
                "{} unexpected trailing byte(s) in {what}",
                self.remaining()
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_big_endian_and_reports_truncation() {
        let data = [0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x01, 0x02];
        let mut r = Reader::new(&data, "header");
        assert_eq!(r.u4().ok(), Some(0xCAFE_BABE));
        assert_eq!(r.u2().ok(), Some(1));
        assert_eq!(r.offset(), 6);
        let e = r.u2().err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("malformed class file: truncated header (at offset 0x6)")
        );
        // a failed read does not advance
        assert_eq!(r.u1().ok(), Some(2));
        assert!(r.expect_end("x").is_ok());
    }

    #[test]
    fn sub_reader_offsets_are_absolute() {
        let data = [0u8, 1, 2, 3, 4, 5];
        let mut r = Reader::new(&data, "a");
        r.u1().ok();
        let mut s = r.sub(3, "b").expect("sub");
        assert_eq!(s.offset(), 1);
        s.u2().ok();
        assert_eq!(s.offset(), 3);
        assert_eq!(r.offset(), 4);
        assert!(r.sub(10, "c").is_err());
        assert!(r.check_count(2, 1, "x").is_ok());
        assert!(r.check_count(3, 1, "x").is_err());
        assert!(r.check_count(usize::MAX, 2, "x").is_err());
    }
}
