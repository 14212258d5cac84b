//! Fuzzes the whole pipeline: any bytes that parse as a class file are compiled method by method
//! (graph builder, verifier after every phase, canonicalisation, parallel-loop recognition, OpenCL
//! writer). Nothing may panic; every outcome is a kernel, a corrupt-class or invalid-bytecode error,
//! or a bailout: an internal compiler error (a bug in Ferrocl) on any input fails the run.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(class) = ferrocl_classfile::parse(data) else {
        return;
    };
    for method in &class.methods {
        let mut request = ferrocl_jit::Request {
            class_bytes: data,
            class_name: &class.name,
            method: &method.name,
            descriptor: &method.descriptor,
            target: ferrocl_jit::Target::default(),
            resolver: None,
            classes: None,
        };
        let options = ferrocl_jit::Options {
            verify_each_phase: true,
            ..Default::default()
        };
        if let Err(e @ ferrocl_jit::JitError::Internal(_)) =
            ferrocl_jit::compile(&mut request, &options)
        {
            panic!("{}{}: {e}", method.name, method.descriptor);
        }
    }
});
