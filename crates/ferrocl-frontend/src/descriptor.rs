//! Method descriptors (`(I[F)V`).

/// A parsed method descriptor: parameter field descriptors and the return descriptor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MethodDescriptor {
    /// Parameter descriptors in order, e.g. `["[I", "I"]`.
    pub params: Vec<String>,
    /// Return descriptor, e.g. `"V"`.
    pub ret: String,
}

/// Parses a method descriptor; `None` if it is malformed.
pub fn parse_method_descriptor(desc: &str) -> Option<MethodDescriptor> {
    let rest = desc.strip_prefix('(')?;
    let close = rest.find(')')?;
    let (mut params_text, ret) = (&rest[..close], &rest[close + 1..]);
    let mut params = Vec::new();
    while !params_text.is_empty() {
        let len = field_len(params_text)?;
        params.push(params_text[..len].to_string());
        params_text = &params_text[len..];
    }
    if ret != "V" && field_len(ret)? != ret.len() {
        return None;
    }
    Some(MethodDescriptor {
        params,
        ret: ret.to_string(),
    })
}

/// Length in bytes of the field descriptor at the start of `s`.
fn field_len(s: &str) -> Option<usize> {
    let bytes = s.as_bytes();
    let mut i = 0;
    while bytes.get(i) == Some(&b'[') {
        i += 1;
    }
    match bytes.get(i)? {
        b'Z' | b'B' | b'C' | b'S' | b'I' | b'J' | b'F' | b'D' => Some(i + 1),
        b'L' => Some(i + s[i..].find(';')? + 1),
        _ => None,
    }
}

/// Local-variable slots a value of descriptor `desc` occupies (2 for `long` and `double`).
pub fn slot_size(desc: &str) -> u16 {
    if desc == "J" || desc == "D" {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_descriptors() {
        let d = parse_method_descriptor("([I[[FJLjava/lang/String;D)V").expect("valid");
        assert_eq!(d.params, vec!["[I", "[[F", "J", "Ljava/lang/String;", "D"]);
        assert_eq!(d.ret, "V");
        assert!(parse_method_descriptor("(I").is_none());
        assert!(parse_method_descriptor("(Q)V").is_none());
        assert!(parse_method_descriptor("(Ljava/lang)V").is_none());
        assert_eq!(parse_method_descriptor("()[J").expect("valid").ret, "[J");
        assert!(parse_method_descriptor("()II").is_none());
    }
}
