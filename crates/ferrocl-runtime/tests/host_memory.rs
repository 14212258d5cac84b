//! Memory kept between launches: reused device buffers and registered ("pinned") host ranges.
//! Registration is forced on (`FERROCL_PIN_HOST=1`) so that the path also runs on a CPU device;
//! this file holds one test, so the variable is set before any device is opened.

#![allow(clippy::print_stderr)]

use ferrocl_runtime::{device, list_devices, HostBuffer, KernelArg, MIN_PIN_BYTES};

const ADD: &str = r#"
__kernel void add_f(__global const float* a, __global const float* b, __global float* c) {
    size_t i = get_global_id(0); c[i] = a[i] + b[i];
}
"#;

#[test]
fn registered_host_ranges_and_reused_buffers_transfer_current_contents() {
    std::env::set_var("FERROCL_PIN_HOST", "1");
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
    assert!(
        dev.pins_host_memory(),
        "FERROCL_PIN_HOST=1 forces registration on"
    );
    let k = dev.build(ADD, "-cl-std=CL1.2", "add_f").expect("build");

    let n = 1 << 20; // 4 MiB per array
    let mut a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut b: Vec<f32> = (0..n).map(|i| (i % 97) as f32 * 0.5).collect();
    let mut c = vec![0f32; n];
    let bytes = n * 4;
    // SAFETY: the vectors live, unmoved and unresized, until they are unregistered below.
    unsafe {
        assert!(dev.pin_host(a.as_mut_ptr().cast(), bytes));
        assert!(dev.pin_host(c.as_mut_ptr().cast(), bytes));
        assert!(
            dev.pin_host(a.as_mut_ptr().cast(), bytes),
            "registering twice is fine"
        );
    }
    assert!(dev.is_pinned(a.as_ptr().cast(), bytes));
    assert!(!dev.is_pinned(b.as_ptr().cast(), bytes));
    assert_eq!(dev.pinned_bytes(), 2 * bytes);
    let mut small = vec![0u8; MIN_PIN_BYTES - 1];
    // SAFETY: refused before anything is registered (too small).
    assert!(!unsafe { dev.pin_host(small.as_mut_ptr(), small.len()) });

    let args = [
        KernelArg::Buffer(0),
        KernelArg::Buffer(1),
        KernelArg::Buffer(2),
    ];
    let run = |a: &mut Vec<f32>, b: &mut Vec<f32>, c: &mut Vec<f32>, round: usize| {
        let len = a.len();
        dev.launch(
            &k,
            &mut [
                HostBuffer::read_only(a.as_mut_slice()),
                HostBuffer::read_only(b.as_mut_slice()),
                HostBuffer::output(c.as_mut_slice()),
            ],
            &args,
            &[len],
            None,
        )
        .expect("launch");
        for i in 0..a.len() {
            assert_eq!(c[i], a[i] + b[i], "round {round}, element {i}");
        }
    };
    // The host changes registered inputs between launches and the outputs are overwritten: every
    // launch must see the current contents, not a copy made at registration.
    for round in 0..3 {
        for (i, x) in a.iter_mut().enumerate() {
            *x = (i * (round + 2)) as f32 - 1000.0;
        }
        c.fill(f32::NAN);
        run(&mut a, &mut b, &mut c, round);
    }
    assert!(dev.unpin_host(a.as_ptr().cast(), bytes));
    assert!(
        !dev.unpin_host(a.as_ptr().cast(), bytes),
        "already unregistered"
    );
    assert_eq!(dev.pinned_bytes(), bytes);
    run(&mut a, &mut b, &mut c, 3);

    // Launches of other sizes take other buffers; back to the first size reuses an idle one.
    for len in [1000, n, 17, n] {
        let mut a2: Vec<f32> = (0..len).map(|i| i as f32 * 0.25).collect();
        let mut b2 = vec![1.5f32; len];
        let mut c2 = vec![0f32; len];
        run(&mut a2, &mut b2, &mut c2, 10 + len);
    }
    dev.trim();
    assert_eq!(dev.pinned_bytes(), 0, "trim unregisters everything");
    assert!(!dev.is_pinned(c.as_ptr().cast(), bytes));
    run(&mut a, &mut b, &mut c, 20);
}
