//! The probe of the built-ins' overflow edges (`Device::builtin_overflow_edges`) on a real device:
//! its verdict is cached, and it agrees with the device's own results at the thresholds, computed
//! here by a kernel of this test.

#![allow(clippy::print_stderr)]

use ferrocl_runtime::edges::{hyperbolic_overflow, EXP_OVERFLOW};
use ferrocl_runtime::{device, list_devices, HostBuffer, HostData, KernelArg};

const AT_THE_EDGES: &str = r#"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void edges(__global const double* x, __global double* out) {
    size_t i = get_global_id(0);
    out[3 * i] = exp(x[i]);
    out[3 * i + 1] = sinh(x[i]);
    out[3 * i + 2] = cosh(x[i]);
}
"#;

#[test]
fn the_verdict_is_cached_and_agrees_with_the_thresholds() {
    let devices = list_devices().expect("list_devices");
    let Some(first) = devices.first() else {
        eprintln!("skipping: no OpenCL device");
        return;
    };
    let selector = match std::env::var("FERROCL_TEST_DEVICE") {
        Ok(text) => text.parse().expect("FERROCL_TEST_DEVICE is P:D"),
        Err(_) => first.selector(),
    };
    let dev = device(Some(selector)).expect("open the device");
    if !dev.info().fp64 {
        assert!(!dev.builtin_overflow_edges());
        return;
    }
    let builds = dev.build_count();
    let verdict = dev.builtin_overflow_edges();
    let after_first = dev.build_count();
    assert!(after_first <= builds + 1, "one probe build at most");
    assert_eq!(dev.builtin_overflow_edges(), verdict);
    assert_eq!(dev.build_count(), after_first, "the verdict is cached");

    // exp at its threshold (finite in Java) and the next double (infinite); sinh and cosh at
    // theirs, both signs.
    let h = hyperbolic_overflow();
    let up = |x: f64| f64::from_bits(x.to_bits() + 1);
    let mut x = vec![EXP_OVERFLOW, up(EXP_OVERFLOW), h, -h, up(h), -up(h)];
    let mut out = vec![0.0f64; x.len() * 3];
    let k = dev.build(AT_THE_EDGES, "", "edges").expect("build");
    let n = x.len();
    let mut bufs = [
        HostBuffer::read_only(HostData::F64(&mut x)),
        HostBuffer::output(HostData::F64(&mut out)),
    ];
    dev.launch(
        &k,
        &mut bufs,
        &[KernelArg::Buffer(0), KernelArg::Buffer(1)],
        &[n],
        None,
    )
    .expect("launch");
    let javas = out[0].is_finite()
        && out[3] == f64::INFINITY
        && out[7].is_finite()
        && out[8].is_finite()
        && out[10].is_finite()
        && out[11].is_finite()
        && out[13] == f64::INFINITY
        && out[14] == f64::INFINITY
        && out[16] == f64::NEG_INFINITY
        && out[17] == f64::INFINITY;
    eprintln!(
        "{}: probe says the built-ins {} Java's overflow edges; at the thresholds: {out:?}",
        dev.label(),
        if verdict { "keep" } else { "do not keep" }
    );
    if verdict {
        assert!(
            javas,
            "the probe passed a device that misses an edge: {out:?}"
        );
    }
}
