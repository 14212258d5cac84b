//! Fuzz target: `ferrocl_classfile::assemble::assemble` of arbitrary parts (the constant pool and
//! bytecode JVMTI gives of a hidden class, names, counts) must never panic, and what it returns
//! must go through `parse` without the parser panicking.
#![no_main]

use ferrocl_classfile::assemble::{assemble, ClassParts, MemberParts, MethodParts};
use ferrocl_classfile::{parse, ClassFileError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let count = u16::from_be_bytes([data[0], data[1]]);
    let split = usize::from(data[2]).min(data.len() - 8) + 8;
    let (pool, code) = data[8..].split_at(split - 8);
    let name = String::from_utf8_lossy(&data[3..6]).into_owned();
    let parts = ClassParts {
        version: (u16::from(data[6] % 30) + 45, 0),
        constant_pool_count: count,
        constant_pool: pool.to_vec(),
        access: 0x1030,
        name: name.clone(),
        super_name: Some("java/lang/Object".into()),
        interfaces: vec![name.clone()],
        fields: vec![MemberParts {
            name: "arg$1".into(),
            descriptor: "I".into(),
            access: 0x12,
        }],
        methods: vec![MethodParts {
            member: MemberParts {
                name: "m".into(),
                descriptor: "(I)I".into(),
                access: 1,
            },
            max_locals: u16::from(data[7]),
            code: code.to_vec(),
        }],
    };
    if let Ok(bytes) = assemble(&parts) {
        if let Err(ClassFileError::Internal { message, .. }) = parse(&bytes) {
            panic!("parser panicked: {message}");
        }
    }
});
