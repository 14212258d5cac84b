//! Device buffers kept for host arrays between launches ([`Resident`]): a current one is not
//! uploaded again, a stale one is, and one the kernel writes comes back and stays current.

#![allow(clippy::print_stderr)]

use ferrocl_runtime::{device, list_devices, Access, HostBuffer, HostData, KernelArg};

const STEP: &str = r#"
__kernel void accumulate(__global const int* a, __global int* b) {
    size_t i = get_global_id(0); b[i] = b[i] + a[i];
}
"#;

#[test]
fn kept_buffers_skip_uploads_only_while_current() {
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
    let k = dev
        .build(STEP, "-cl-std=CL1.2", "accumulate")
        .expect("build");
    let n = 4096;
    let bytes = n * 4;
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut b = vec![1i32; n];
    let keep_a = std::sync::Arc::new(dev.resident(bytes).expect("kept buffer for a"));
    let keep_b = std::sync::Arc::new(dev.resident(bytes).expect("kept buffer for b"));
    assert!(!keep_a.is_current() && !keep_b.is_current());
    let args = [KernelArg::Buffer(0), KernelArg::Buffer(1)];
    let run = |a: &mut Vec<i32>, b: &mut Vec<i32>| {
        let mut bufs = [
            HostBuffer {
                resident: Some(std::sync::Arc::clone(&keep_a)),
                ..HostBuffer::read_only(HostData::I32(a))
            },
            HostBuffer {
                resident: Some(std::sync::Arc::clone(&keep_b)),
                ..HostBuffer::new(HostData::I32(b), Access::ReadWrite)
            },
        ];
        dev.launch(&k, &mut bufs, &args, &[n], None)
            .expect("launch")
    };

    // First launch: both uploaded; b comes back and both are current.
    let t = run(&mut a, &mut b);
    assert_eq!(t.bytes_uploaded, 2 * bytes as u64);
    assert!(keep_a.is_current() && keep_b.is_current());
    let expect: Vec<i32> = (0..n as i32).map(|i| 1 + i).collect();
    assert_eq!(b, expect);

    // Second launch: nothing uploaded, and the kernel still sees both arrays' contents.
    let t = run(&mut a, &mut b);
    assert_eq!(t.bytes_uploaded, 0);
    let expect: Vec<i32> = (0..n as i32).map(|i| 1 + 2 * i).collect();
    assert_eq!(b, expect);

    // The host changes a and says so: a is uploaded again, b is not.
    for x in a.iter_mut() {
        *x = 1000;
    }
    keep_a.mark_stale();
    let t = run(&mut a, &mut b);
    assert_eq!(t.bytes_uploaded, bytes as u64);
    let expect: Vec<i32> = (0..n as i32).map(|i| 1001 + 2 * i).collect();
    assert_eq!(b, expect);

    // The contract: a change the host does not report is not seen (the device copy is used).
    b.iter_mut().for_each(|x| *x = 0);
    let t = run(&mut a, &mut b);
    assert_eq!(t.bytes_uploaded, 0);
    let expect: Vec<i32> = (0..n as i32).map(|i| 2001 + 2 * i).collect();
    assert_eq!(b, expect);

    // A kept buffer of the wrong size, or bound twice, is refused.
    let small = dev.resident(bytes / 2).expect("small kept buffer");
    let mut bufs = [
        HostBuffer {
            resident: Some(std::sync::Arc::new(small)),
            ..HostBuffer::read_only(HostData::I32(&mut a))
        },
        HostBuffer::read_write(HostData::I32(&mut b)),
    ];
    assert!(dev.launch(&k, &mut bufs, &args, &[n], None).is_err());
    let mut a2 = a.clone();
    let mut bufs = [
        HostBuffer {
            resident: Some(std::sync::Arc::clone(&keep_a)),
            ..HostBuffer::read_only(HostData::I32(&mut a2))
        },
        HostBuffer {
            resident: Some(std::sync::Arc::clone(&keep_a)),
            ..HostBuffer::read_write(HostData::I32(&mut b))
        },
    ];
    assert!(dev.launch(&k, &mut bufs, &args, &[n], None).is_err());
}
