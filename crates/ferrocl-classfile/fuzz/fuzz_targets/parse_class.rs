//! Fuzz target: `ferrocl_classfile::parse` must never panic on any input, and
//! on success every accessor must work on every instruction operand.
#![no_main]

use ferrocl_classfile::{parse, ClassFile, ClassFileError, Op};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match parse(data) {
        Ok(cf) => exercise(&cf),
        Err(ClassFileError::Internal { message, .. }) => panic!("parser panicked: {message}"),
        Err(e) => {
            let _ = e.to_string();
        }
    }
});

/// Resolves every operand through the public accessors; the parser promises
/// these succeed for a class it accepted.
fn exercise(cf: &ClassFile) {
    for f in &cf.fields {
        assert!(cf.field(&f.name, &f.descriptor).is_some());
        assert!(ferrocl_classfile::FieldType::parse(&f.descriptor).is_some());
    }
    for b in cf.bootstrap_methods() {
        let _ = (&b.method, &b.arguments);
    }
    for m in &cf.methods {
        assert!(cf.method(&m.name, &m.descriptor).is_some());
        assert!(m.signature().is_some());
        let _ = m.is_static();
        let Some(code) = &m.code else { continue };
        for insn in &code.instructions {
            match insn.op {
                Op::Ldc(i) => {
                    cf.constant(i).expect("ldc operand resolves");
                }
                Op::GetStatic(i)
                | Op::PutStatic(i)
                | Op::GetField(i)
                | Op::PutField(i)
                | Op::InvokeVirtual(i)
                | Op::InvokeSpecial(i)
                | Op::InvokeStatic(i)
                | Op::InvokeInterface(i) => {
                    cf.member_ref(i).expect("member operand resolves");
                }
                Op::InvokeDynamic(i) => {
                    let indy = cf.invoke_dynamic(i).expect("indy operand resolves");
                    assert!(cf.bootstrap_method(indy.bootstrap_method).is_some());
                }
                Op::New(i)
                | Op::ANewArray(i)
                | Op::CheckCast(i)
                | Op::InstanceOf(i)
                | Op::MultiANewArray { index: i, .. } => {
                    cf.class_name(i).expect("class operand resolves");
                }
                _ => {}
            }
            assert_eq!(code.insn_at(insn.bci), Some(insn));
            for t in insn.op.branch_targets() {
                assert!(code.insn_at(t).is_some());
            }
            let _ = code.line_of(insn.bci);
            if let Some((index, _)) = insn.op.local_access() {
                assert!(u32::from(index) < u32::from(code.max_locals));
                let _ = code.local_name(index, insn.bci);
            }
        }
        for h in &code.exception_table {
            assert!(code.insn_at(u32::from(h.handler_pc)).is_some());
        }
    }
}
