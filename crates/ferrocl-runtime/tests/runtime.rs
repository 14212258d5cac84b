//! Runtime tests on whatever OpenCL device comes first (PoCL in CI), or on
//! the device `FERROCL_TEST_DEVICE=P:D` names. Every test skips, with a
//! printed reason, when there is no device at all.

#![allow(clippy::print_stderr)]

use std::sync::Arc;

use ferrocl_runtime::{
    device, list_devices, platform_summary, Access, Device, DeviceSelector, HostBuffer, HostData,
    KernelArg, RuntimeError,
};

const OPTS: &str = "-cl-std=CL1.2";

/// The device under test: `FERROCL_TEST_DEVICE=P:D` when set, else the
/// first device listed.
fn dev() -> Option<Arc<Device>> {
    // Built by the driver every time, not linked from the disk cache of compiled kernels (its tests are
    // the `disk_cache` module's): these tests count builds and watch what a build does to the process.
    ferrocl_runtime::disk_cache::configure(None, false, 0);
    let devices = list_devices().expect("list_devices");
    let Some(first) = devices.first() else {
        eprintln!("skipping: list_devices() found no OpenCL device");
        return None;
    };
    let selector = match std::env::var("FERROCL_TEST_DEVICE") {
        Ok(text) => text.parse().expect("FERROCL_TEST_DEVICE is P:D"),
        Err(_) => first.selector(),
    };
    Some(device(Some(selector)).expect("open the device under test"))
}

fn ramp<T>(n: usize, f: impl Fn(usize) -> T) -> Vec<T> {
    (0..n).map(f).collect()
}

#[test]
fn lists_devices_with_sane_fields() {
    let devices = list_devices().expect("list_devices");
    if devices.is_empty() {
        eprintln!("skipping: no OpenCL device");
        return;
    }
    let summary = platform_summary();
    eprintln!("{summary}");
    for d in &devices {
        eprintln!("{d:#?}");
        assert!(!d.name.is_empty());
        assert!(!d.platform_name.is_empty());
        assert!(d.version.starts_with("OpenCL "), "{}", d.version);
        assert!(d.compute_units > 0);
        assert!(d.max_work_group_size > 0);
        assert!(!d.max_work_item_sizes.is_empty());
        assert!(d.global_mem_bytes > 0);
        assert!(d.max_mem_alloc_bytes > 0);
        assert!(d.local_mem_bytes > 0);
        let sel: DeviceSelector = d.id().parse().expect("id parses as selector");
        assert_eq!(sel, d.selector());
        assert!(summary.contains(&d.id()) && summary.contains(&d.name));
    }
}

#[test]
fn selects_devices() {
    let devices = list_devices().expect("list_devices");
    if devices.is_empty() {
        assert!(matches!(device(None), Err(RuntimeError::NoDevice)));
        eprintln!("skipping: no OpenCL device");
        return;
    }
    let first = devices[0].selector();
    let a = device(Some(first)).expect("device");
    let b = device(Some(first)).expect("device");
    assert!(Arc::ptr_eq(&a, &b), "same selector, same Arc");
    assert_eq!(a.info(), &devices[0]);

    let default = device(None).expect("default device");
    let default_again = device(Some(default.selector())).expect("device");
    assert!(Arc::ptr_eq(&default, &default_again));

    match device(Some(DeviceSelector::new(0, 999))) {
        Err(RuntimeError::NoSuchDevice {
            selector,
            available,
        }) => {
            assert_eq!(selector, "0:999");
            assert_eq!(available, devices.len());
        }
        other => panic!("expected NoSuchDevice, got {other:?}"),
    }
    match device(Some(DeviceSelector::new(999, 0))) {
        Err(RuntimeError::NoSuchDevice { selector, .. }) => assert_eq!(selector, "999:0"),
        other => panic!("expected NoSuchDevice, got {other:?}"),
    }
    match "gpu0".parse::<DeviceSelector>() {
        Err(e @ RuntimeError::BadSelector(_)) => assert!(e.to_string().contains("gpu0")),
        other => panic!("expected BadSelector, got {other:?}"),
    }
}

const VEC_ADD: &str = r#"
__kernel void add_i(__global const int* a, __global const int* b, __global int* c) {
    size_t i = get_global_id(0); c[i] = a[i] + b[i];
}
__kernel void add_f(__global const float* a, __global const float* b, __global float* c) {
    size_t i = get_global_id(0); c[i] = a[i] + b[i];
}
__kernel void add_l(__global const long* a, __global const long* b, __global long* c) {
    size_t i = get_global_id(0); c[i] = a[i] + b[i];
}
"#;

#[test]
fn vector_add_i32_f32_i64() {
    let Some(dev) = dev() else { return };
    let n = 1000;

    let k = dev.build(VEC_ADD, OPTS, "add_i").expect("build add_i");
    let mut a = ramp(n, |i| i as i32 * 3 - 700);
    let mut b = ramp(n, |i| i32::MAX - i as i32);
    let mut c = vec![0i32; n];
    let args = [
        KernelArg::Buffer(0),
        KernelArg::Buffer(1),
        KernelArg::Buffer(2),
    ];
    let times = dev
        .launch(
            &k,
            &mut [
                HostBuffer::read_only(&mut a),
                HostBuffer::read_only(&mut b),
                HostBuffer::output(&mut c),
            ],
            &args,
            &[n],
            None,
        )
        .expect("launch add_i");
    for i in 0..n {
        assert_eq!(c[i], a[i].wrapping_add(b[i]), "i32 at {i}");
    }
    // The inputs are uploaded, or read in place on a device that works in host memory; the output
    // (every element written) is never uploaded.
    assert_eq!(
        times.bytes_uploaded + times.bytes_in_place,
        2 * 4 * n as u64
    );
    if !dev.info().unified_memory {
        assert_eq!(times.bytes_in_place, 0);
    }
    assert_eq!(times.bytes_downloaded, 4 * n as u64);
    assert!(times.total >= times.kernel);

    let k = dev.build(VEC_ADD, OPTS, "add_f").expect("build add_f");
    let mut a = ramp(n, |i| i as f32 * 0.1 + 1e-3);
    let mut b = ramp(n, |i| 1.0 / (i as f32 + 1.0));
    let mut c = vec![f32::NAN; n];
    dev.launch(
        &k,
        &mut [
            HostBuffer::read_only(&mut a),
            HostBuffer::read_only(&mut b),
            HostBuffer::output(&mut c),
        ],
        &args,
        &[n],
        None,
    )
    .expect("launch add_f");
    for i in 0..n {
        assert_eq!(c[i].to_bits(), (a[i] + b[i]).to_bits(), "f32 at {i}");
    }

    let k = dev.build(VEC_ADD, OPTS, "add_l").expect("build add_l");
    let mut a = ramp(n, |i| (i as i64) << 40);
    let mut b = ramp(n, |i| i64::MIN + i as i64);
    let mut c = vec![0i64; n];
    dev.launch(
        &k,
        &mut [
            HostBuffer::new(&mut a, Access::ReadOnly),
            HostBuffer::new(&mut b, Access::ReadOnly),
            HostBuffer::new(&mut c, Access::WriteOnly),
        ],
        &args,
        &[n],
        None,
    )
    .expect("launch add_l");
    for i in 0..n {
        assert_eq!(c[i], a[i].wrapping_add(b[i]), "i64 at {i}");
    }
}

#[test]
fn vector_add_f64_when_supported() {
    let Some(dev) = dev() else { return };
    if !dev.info().fp64 {
        eprintln!("skipping: {} has no fp64", dev.info().name);
        return;
    }
    let src = r#"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void add_d(__global const double* a, __global const double* b, __global double* c) {
    size_t i = get_global_id(0); c[i] = a[i] + b[i];
}"#;
    let k = dev.build(src, OPTS, "add_d").expect("build add_d");
    let n = 777;
    let mut a = ramp(n, |i| (i as f64).sqrt() * 1e100);
    let mut b = ramp(n, |i| 1.0 / (i as f64 + 3.0));
    let mut c = vec![0f64; n];
    dev.launch(
        &k,
        &mut [
            HostBuffer::read_only(&mut a),
            HostBuffer::read_only(&mut b),
            HostBuffer::output(&mut c),
        ],
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Buffer(2),
        ],
        &[n],
        None,
    )
    .expect("launch add_d");
    for i in 0..n {
        assert_eq!(c[i].to_bits(), (a[i] + b[i]).to_bits(), "f64 at {i}");
    }
}

#[test]
fn small_integer_types() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void small(__global const char* a, __global ushort* b, __global short* c, __global uchar* d) {
    size_t i = get_global_id(0);
    b[i] = (ushort)(b[i] + (ushort)a[i]);
    c[i] = (short)(c[i] * 2 - a[i]);
    d[i] = (uchar)(d[i] ^ 0xFF);
}"#;
    let k = dev.build(src, OPTS, "small").expect("build small");
    let n = 300;
    let mut a: Vec<i8> = ramp(n, |i| (i as i32 - 128) as i8);
    let mut b: Vec<u16> = ramp(n, |i| (i * 250) as u16);
    let mut c: Vec<i16> = ramp(n, |i| (i as i32 * 113 - 20000) as i16);
    let mut d: Vec<u8> = ramp(n, |i| i as u8);
    let (b0, c0, d0) = (b.clone(), c.clone(), d.clone());
    dev.launch(
        &k,
        &mut [
            HostBuffer::read_only(&mut a),
            HostBuffer::read_write(&mut b),
            HostBuffer::read_write(&mut c),
            HostBuffer::read_write(&mut d),
        ],
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Buffer(2),
            KernelArg::Buffer(3),
        ],
        &[n],
        None,
    )
    .expect("launch small");
    for i in 0..n {
        assert_eq!(b[i], b0[i].wrapping_add(a[i] as u16), "u16 at {i}");
        assert_eq!(
            c[i],
            c0[i].wrapping_mul(2).wrapping_sub(a[i] as i16),
            "i16 at {i}"
        );
        assert_eq!(d[i], d0[i] ^ 0xFF, "u8 at {i}");
    }
}

#[test]
fn same_buffer_bound_to_two_args() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void twice(__global int* a, __global const int* b) {
    size_t i = get_global_id(0); a[i] = a[i] + b[i];
}"#;
    let k = dev.build(src, OPTS, "twice").expect("build twice");
    let n = 513;
    let mut a = ramp(n, |i| i as i32 - 200);
    let expected: Vec<i32> = a.iter().map(|x| x + x).collect();
    dev.launch(
        &k,
        &mut [HostBuffer::read_write(&mut a)],
        &[KernelArg::Buffer(0), KernelArg::Buffer(0)],
        &[n],
        None,
    )
    .expect("launch twice");
    assert_eq!(a, expected);
}

#[test]
fn zero_length_buffer_is_bound_but_not_transferred() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void with_empty(__global int* out, __global float* empty, int empty_len) {
    size_t i = get_global_id(0);
    if (i < (size_t)empty_len) empty[i] = 1.0f;
    out[i] = (int)i + empty_len;
}"#;
    let k = dev
        .build(src, OPTS, "with_empty")
        .expect("build with_empty");
    let n = 64;
    let mut out = vec![-1i32; n];
    let mut empty: Vec<f32> = Vec::new();
    let times = dev
        .launch(
            &k,
            &mut [
                HostBuffer::output(&mut out),
                HostBuffer::read_write(&mut empty),
            ],
            &[
                KernelArg::Buffer(0),
                KernelArg::Buffer(1),
                KernelArg::Int(0),
            ],
            &[n],
            None,
        )
        .expect("launch with_empty");
    assert_eq!(out, ramp(n, |i| i as i32));
    assert!(empty.is_empty());
    assert_eq!(times.bytes_uploaded, 0);
    assert_eq!(times.bytes_downloaded, 4 * n as u64);

    // Also: a kernel whose only data is empty still launches.
    let mut e1: Vec<i64> = Vec::new();
    let mut e2: Vec<f32> = Vec::new();
    let src2 = r#"__kernel void noop(__global long* a, __global float* b) { }"#;
    let k2 = dev.build(src2, OPTS, "noop").expect("build noop");
    dev.launch(
        &k2,
        &mut [HostBuffer::read_write(&mut e1), HostBuffer::output(&mut e2)],
        &[KernelArg::Buffer(0), KernelArg::Buffer(1)],
        &[1],
        None,
    )
    .expect("launch noop");
}

#[test]
fn two_dimensional_launch_with_local_size() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void grid(__global int* out, __global int* local_sizes, int width) {
    size_t x = get_global_id(0), y = get_global_id(1);
    out[y * width + x] = (int)(x * 1000 + y);
    if (x == 0 && y == 0) {
        local_sizes[0] = (int)get_local_size(0);
        local_sizes[1] = (int)get_local_size(1);
        local_sizes[2] = (int)get_num_groups(0);
        local_sizes[3] = (int)get_num_groups(1);
    }
}"#;
    let k = dev.build(src, OPTS, "grid").expect("build grid");
    let (w, h) = (48usize, 20usize);
    let (lw, lh) = (8usize, 4usize);
    assert!(lw * lh <= k.work_group_size());
    let mut out = vec![0i32; w * h];
    let mut sizes = vec![0i32; 4];
    dev.launch(
        &k,
        &mut [
            HostBuffer::output(&mut out),
            HostBuffer::write_only(&mut sizes),
        ],
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Int(w as i32),
        ],
        &[w, h],
        Some(&[lw, lh]),
    )
    .expect("launch grid");
    for y in 0..h {
        for x in 0..w {
            assert_eq!(out[y * w + x], (x * 1000 + y) as i32, "at ({x},{y})");
        }
    }
    assert_eq!(
        sizes,
        [lw as i32, lh as i32, (w / lw) as i32, (h / lh) as i32]
    );
}

#[test]
fn scalars_of_each_type() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void scalars(__global long* out, char b, short s, ushort c, int i, long l, float f) {
    out[0] = b; out[1] = s; out[2] = c; out[3] = i; out[4] = l; out[5] = as_int(f);
}"#;
    let k = dev.build(src, OPTS, "scalars").expect("build scalars");
    assert_eq!(k.num_args(), 7);
    let mut out = vec![0i64; 6];
    let f = -1.5e-7f32;
    dev.launch(
        &k,
        &mut [HostBuffer::output(&mut out)],
        &[
            KernelArg::Buffer(0),
            KernelArg::Byte(-100),
            KernelArg::Short(-30000),
            KernelArg::Char(65000),
            KernelArg::Int(-2_000_000_000),
            KernelArg::Long(-9_000_000_000_000_000_000),
            KernelArg::Float(f),
        ],
        &[1],
        None,
    )
    .expect("launch scalars");
    assert_eq!(
        out,
        [
            -100,
            -30000,
            65000,
            -2_000_000_000,
            -9_000_000_000_000_000_000,
            f.to_bits() as i32 as i64
        ]
    );

    if dev.info().fp64 {
        let src = r#"
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void dscalar(__global long* out, double d) { out[0] = as_long(d); }"#;
        let k = dev.build(src, OPTS, "dscalar").expect("build dscalar");
        let mut out = vec![0i64; 1];
        let d = -123.456e-300f64;
        dev.launch(
            &k,
            &mut [HostBuffer::output(&mut out)],
            &[KernelArg::Buffer(0), KernelArg::Double(d)],
            &[1],
            None,
        )
        .expect("launch dscalar");
        assert_eq!(out[0], d.to_bits() as i64);
    } else {
        eprintln!("skipping the double scalar: no fp64");
    }
}

#[test]
fn local_memory_argument() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void group_sum(__global const int* in, __global int* out, __local int* scratch) {
    size_t l = get_local_id(0), n = get_local_size(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int s = 0;
        for (size_t j = 0; j < n; j++) s += scratch[j];
        out[get_group_id(0)] = s;
    }
}"#;
    let k = dev.build(src, OPTS, "group_sum").expect("build group_sum");
    let (n, group) = (256usize, 16usize);
    let mut input = ramp(n, |i| i as i32);
    let mut out = vec![0i32; n / group];
    dev.launch(
        &k,
        &mut [
            HostBuffer::read_only(&mut input),
            HostBuffer::output(&mut out),
        ],
        &[
            KernelArg::Buffer(0),
            KernelArg::Buffer(1),
            KernelArg::Local(group * 4),
        ],
        &[n],
        Some(&[group]),
    )
    .expect("launch group_sum");
    let expected: Vec<i32> = input.chunks(group).map(|c| c.iter().sum()).collect();
    assert_eq!(out, expected);
}

#[test]
fn write_only_partial_writes_keep_host_values() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void evens(__global int* out) {
    size_t i = get_global_id(0); if (i % 2 == 0) out[i] = -1;
}"#;
    let k = dev.build(src, OPTS, "evens").expect("build evens");
    let mut out = ramp(10, |i| i as i32);
    dev.launch(
        &k,
        &mut [HostBuffer::write_only(&mut out)],
        &[KernelArg::Buffer(0)],
        &[10],
        None,
    )
    .expect("launch evens");
    assert_eq!(out, [-1, 1, -1, 3, -1, 5, -1, 7, -1, 9]);
}

#[test]
fn build_cache_returns_same_kernel() {
    let Some(dev) = dev() else { return };
    let src = "__kernel void cached_one(__global int* a) { a[get_global_id(0)] += 1; }\n\
               __kernel void cached_two(__global int* a) { a[get_global_id(0)] += 2; }";
    let first = dev
        .build_with_outcome(src, OPTS, "cached_one")
        .expect("build");
    assert!(!first.cached);
    assert!(first.kernel.build_time() > std::time::Duration::ZERO);
    let second = dev
        .build_with_outcome(src, OPTS, "cached_one")
        .expect("build");
    assert!(second.cached, "second build must hit the cache");
    assert!(Arc::ptr_eq(&first.kernel, &second.kernel));
    let plain = dev.build(src, OPTS, "cached_one").expect("build");
    assert!(Arc::ptr_eq(&first.kernel, &plain));

    // A second kernel of the same program reuses the compiled program.
    let two = dev
        .build_with_outcome(src, OPTS, "cached_two")
        .expect("build");
    assert!(!two.cached);
    assert_eq!(two.kernel.build_time(), first.kernel.build_time());
    assert!(!Arc::ptr_eq(&first.kernel, &two.kernel));

    // Other options: a different program.
    let other = dev
        .build_with_outcome(src, "-cl-std=CL1.2 -cl-mad-enable", "cached_one")
        .expect("build");
    assert!(!other.cached);
    assert!(!Arc::ptr_eq(&first.kernel, &other.kernel));
    assert!(dev.build_count() >= 2);
}

#[test]
fn build_errors_carry_the_log() {
    let Some(dev) = dev() else { return };
    let src = "__kernel void broken(__global int* a) { a[0] = undefined_identifier_xyz; }";
    match dev.build(src, OPTS, "broken") {
        Err(RuntimeError::Build { device, log }) => {
            eprintln!("build log on {device}:\n{log}");
            assert!(log.contains("undefined_identifier_xyz"), "{log}");
        }
        other => panic!("expected Build error, got {other:?}"),
    }
    // Not cached: asking again fails again the same way.
    assert!(matches!(
        dev.build(src, OPTS, "broken"),
        Err(RuntimeError::Build { .. })
    ));

    let good = "__kernel void present(__global int* a) { a[0] = 1; }";
    match dev.build(good, OPTS, "absent") {
        Err(RuntimeError::NoSuchKernel { name, available }) => {
            assert_eq!(name, "absent");
            assert!(available.contains("present"), "{available}");
        }
        other => panic!("expected NoSuchKernel, got {other:?}"),
    }
    assert!(matches!(
        dev.build("", OPTS, "k"),
        Err(RuntimeError::InvalidInput(_))
    ));
    assert!(matches!(
        dev.build(good, "-D X=\0", "present"),
        Err(RuntimeError::InvalidInput(_))
    ));
    assert!(matches!(
        dev.build(good, OPTS, "pre\0sent"),
        Err(RuntimeError::InvalidInput(_))
    ));
    match dev.build(good, "-no-such-option-xyz", "present") {
        Err(RuntimeError::Build { log, .. }) => eprintln!("bad option log: {log}"),
        Err(e) => eprintln!("bad option error: {e}"),
        Ok(_) => eprintln!("driver accepted a bogus option"),
    }
}

#[test]
fn invalid_launches_are_refused() {
    let Some(dev) = dev() else { return };
    let src = "__kernel void inv(__global int* a, int x) { a[get_global_id(0)] = x; }";
    let k = dev.build(src, OPTS, "inv").expect("build inv");
    let mut a = vec![0i32; 100];
    let args = [KernelArg::Buffer(0), KernelArg::Int(7)];
    let mut run = |args: &[KernelArg], global: &[usize], local: Option<&[usize]>| {
        dev.launch(&k, &mut [HostBuffer::output(&mut a)], args, global, local)
    };
    let expect_invalid = |r: Result<_, RuntimeError>, needle: &str| match r {
        Err(RuntimeError::InvalidLaunch(msg)) => assert!(msg.contains(needle), "{msg}"),
        other => panic!("expected InvalidLaunch({needle}), got {other:?}"),
    };
    expect_invalid(run(&args, &[100], Some(&[64])), "does not divide");
    expect_invalid(run(&args, &[], None), "1 to 3 dimensions");
    expect_invalid(run(&args, &[0], None), "zero dimension");
    expect_invalid(run(&args, &[1, 1, 1, 1], None), "1 to 3 dimensions");
    expect_invalid(run(&args[..1], &[100], None), "takes 2 arguments");
    expect_invalid(
        run(&[KernelArg::Buffer(3), KernelArg::Int(1)], &[100], None),
        "names buffer 3",
    );
    let too_big = k.work_group_size().max(dev.info().max_work_group_size) * 2;
    expect_invalid(run(&args, &[too_big], Some(&[too_big])), "exceeds");
    // And a valid launch still works afterwards.
    run(&args, &[100], Some(&[10])).expect("valid launch");
    assert!(a.iter().all(|&x| x == 7));
}

#[test]
fn driver_errors_are_named() {
    let Some(dev) = dev() else { return };
    // A scalar of the wrong size for the parameter: the driver refuses it.
    let src = "__kernel void wrong(__global int* a, int x) { a[0] = x; }";
    let k = dev.build(src, OPTS, "wrong").expect("build wrong");
    let mut a = vec![0i32; 1];
    match dev.launch(
        &k,
        &mut [HostBuffer::output(&mut a)],
        &[KernelArg::Buffer(0), KernelArg::Long(1)],
        &[1],
        None,
    ) {
        Err(e @ RuntimeError::OpenCl { .. }) => {
            eprintln!("wrong-size scalar: {e}");
            assert!(e.to_string().contains("CL_INVALID_ARG_SIZE"), "{e}");
        }
        other => eprintln!("driver did not refuse a wrong-size scalar: {other:?}"),
    }
}

#[test]
fn concurrent_launches_of_one_kernel() {
    let Some(dev) = dev() else { return };
    let src = r#"
__kernel void affine(__global const int* a, __global int* out, int m, int c) {
    size_t i = get_global_id(0); out[i] = a[i] * m + c;
}"#;
    let k = dev.build(src, OPTS, "affine").expect("build affine");
    let handles: Vec<_> = (0..4)
        .map(|t: i32| {
            let dev = Arc::clone(&dev);
            let k = Arc::clone(&k);
            std::thread::spawn(move || {
                for round in 0..20i32 {
                    let n = 100 + (t as usize) * 37 + round as usize;
                    let mut a = ramp(n, |i| i as i32 * (t + 1) - round);
                    let mut out = vec![0i32; n];
                    let (m, c) = (t * 10 + 1, round * 1000 + t);
                    dev.launch(
                        &k,
                        &mut [
                            HostBuffer::new(HostData::I32(&mut a), Access::ReadOnly),
                            HostBuffer::output(&mut out),
                        ],
                        &[
                            KernelArg::Buffer(0),
                            KernelArg::Buffer(1),
                            KernelArg::Int(m),
                            KernelArg::Int(c),
                        ],
                        &[n],
                        None,
                    )
                    .expect("concurrent launch");
                    for i in 0..n {
                        assert_eq!(out[i], a[i] * m + c, "thread {t} round {round} at {i}");
                    }
                }
            })
        })
        .collect();
    for h in handles {
        h.join().expect("thread panicked");
    }
}

#[test]
fn kernel_from_another_device_is_refused() {
    let devices = list_devices().expect("list_devices");
    if devices.len() < 2 {
        eprintln!("skipping: needs two OpenCL devices");
        return;
    }
    let d0 = device(Some(devices[0].selector())).expect("device 0");
    let d1 = device(Some(devices[1].selector())).expect("device 1");
    let k = d0
        .build("__kernel void z(__global int* a) { a[0] = 0; }", OPTS, "z")
        .expect("build z");
    let mut a = vec![1i32];
    match d1.launch(
        &k,
        &mut [HostBuffer::output(&mut a)],
        &[KernelArg::Buffer(0)],
        &[1],
        None,
    ) {
        Err(RuntimeError::InvalidLaunch(msg)) => assert!(msg.contains("built on device")),
        other => panic!("expected InvalidLaunch, got {other:?}"),
    }
}

#[test]
fn reports_kernel_limits() {
    let Some(dev) = dev() else { return };
    let k = dev
        .build(
            VEC_ADD,
            "-cl-std=CL1.2 -cl-fp32-correctly-rounded-divide-sqrt",
            "add_f",
        )
        .expect("build with correctly rounded divide/sqrt");
    eprintln!(
        "add_f on {}: work_group_size {}, preferred multiple {}, local {} B, private {} B, build {:?}",
        dev.info().id(),
        k.work_group_size(),
        k.preferred_multiple(),
        k.local_mem_bytes(),
        k.private_mem_bytes(),
        k.build_time()
    );
    assert!(k.work_group_size() >= 1);
    assert!(k.work_group_size() <= dev.info().max_work_group_size);
    assert!(k.preferred_multiple() >= 1);
    assert_eq!(k.num_args(), 3);
    assert_eq!(k.name(), "add_f");
}

/// The handler of `sig` as installed now.
fn handler(sig: libc::c_int) -> libc::sighandler_t {
    // Safety: a null new action only reads the current one.
    unsafe {
        let mut current: libc::sigaction = std::mem::zeroed();
        assert_eq!(libc::sigaction(sig, std::ptr::null(), &mut current), 0);
        current.sa_sigaction
    }
}

#[test]
fn builds_and_launches_keep_the_process_signal_handlers() {
    // The JVM traps on purpose with these signals; PoCL's compiler (LLVM) installs its own handlers
    // while it builds a program. Whatever the process had must be back when the call returns.
    let signals = [
        libc::SIGFPE,
        libc::SIGSEGV,
        libc::SIGBUS,
        libc::SIGILL,
        libc::SIGXFSZ,
        libc::SIGUSR2,
    ];
    let Some(d) = dev() else {
        return;
    };
    let before: Vec<libc::sighandler_t> = signals.iter().map(|&s| handler(s)).collect();
    // A source no other test builds, so the driver really compiles it here.
    let src = "__kernel void signals_probe(__global int* a) { a[get_global_id(0)] *= 3; }";
    let k = d.build(src, "", "signals_probe").expect("build");
    let mut data = vec![1i32; 16];
    let mut buffers = [HostBuffer::read_write(&mut data[..])];
    d.launch(&k, &mut buffers, &[KernelArg::Buffer(0)], &[16], None)
        .expect("launch");
    assert_eq!(data, vec![3; 16]);
    let after: Vec<libc::sighandler_t> = signals.iter().map(|&s| handler(s)).collect();
    for ((s, b), a) in signals.iter().zip(&before).zip(&after) {
        assert_eq!(
            b, a,
            "signal {s}: an OpenCL call left another handler installed"
        );
    }
}
