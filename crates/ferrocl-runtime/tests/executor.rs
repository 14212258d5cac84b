//! The plan executor on whatever OpenCL device comes first (PoCL in CI), or on the device
//! `FERROCL_TEST_DEVICE=P:D` names. Every test skips, with a printed reason, when there is no
//! device at all.

#![allow(clippy::print_stderr)]

use std::sync::Arc;

use ferrocl_runtime::geometry::Geometry;
use ferrocl_runtime::plan::{self, Arg, Launch, Plan, PlanArray, Transfer, Use};
use ferrocl_runtime::{device, list_devices, residency, Device, HostData, KernelArg};

const OPTS: &str = "-cl-std=CL1.2";

fn dev() -> Option<Arc<Device>> {
    // Built by the driver every time, not linked from the disk cache of compiled kernels (its tests are
    // the `disk_cache` module's): these tests count builds and watch what a build does to the process.
    ferrocl_runtime::disk_cache::configure(None, false, 0);
    let devices = list_devices().expect("list_devices");
    let Some(first) = devices.first() else {
        eprintln!("skipping: no OpenCL device");
        return None;
    };
    let selector = match std::env::var("FERROCL_TEST_DEVICE") {
        Ok(text) => text.parse().expect("FERROCL_TEST_DEVICE is P:D"),
        Err(_) => first.selector(),
    };
    Some(device(Some(selector)).expect("open the device under test"))
}

/// `c[i] = a[i] + k`, failing with status 7 where `a[i] < 0`.
const ADD: &str = "__kernel void add(__global const int* a, __global int* c, const int k, const int n, __global int* status) {
    int i = get_global_id(0);
    if (i >= n) return;
    if (a[i] < 0) { *status = 7; return; }
    c[i] = a[i] + k;
}";

fn one_launch(
    kernel: &ferrocl_runtime::BuiltKernel,
    n: usize,
    transfer_c: Transfer,
    resident: Option<Arc<ferrocl_runtime::Resident>>,
) -> Plan<'_> {
    let uses = vec![Use {
        array: 0,
        reads: true,
        writes: false,
        writes_all: false,
        writes_part: None,
    }];
    let t = plan::transfers(1, &[uses]);
    Plan {
        arrays: vec![
            PlanArray {
                bytes: n * 4,
                transfer: t[0],
                resident: None,
                align: 4,
                window: None,
            },
            PlanArray {
                bytes: n * 4,
                transfer: transfer_c,
                resident,
                align: 4,
                window: None,
            },
        ],
        launches: vec![Launch {
            kernel,
            args: vec![
                Arg::Array(0),
                Arg::Array(1),
                Arg::Value(KernelArg::Int(10)),
                Arg::Value(KernelArg::Int(n as i32)),
                Arg::Status,
            ],
            geometry: Geometry {
                global: vec![n.div_ceil(64) * 64],
                local: vec![64],
            },
            partials: vec![],
            task: 0,
        }],
        profile: true,
        side_queue: false,
        carried_bytes: 0,
    }
}

#[test]
fn elided_output_is_downloaded_not_uploaded() {
    let Some(dev) = dev() else { return };
    let n = 1000;
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut c = vec![-1i32; n];
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let plan = one_launch(
        &kernel,
        n,
        Transfer {
            upload: false,
            download: true,
            skip: None,
            ..Transfer::default()
        },
        None,
    );
    let done = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect("execute");
    assert_eq!(done.failed, None);
    let expected: Vec<i32> = (0..n as i32).map(|x| x + 10).collect();
    assert_eq!(c, expected);
    let t = &done.times[0];
    assert_eq!(t.bytes_downloaded, (n * 4) as u64);
    // a moved once, by upload or read in place; c was never uploaded.
    assert_eq!(t.bytes_uploaded + t.bytes_in_place, (n * 4) as u64);
    if dev.info().unified_memory {
        assert_eq!(
            t.bytes_in_place,
            (n * 4) as u64,
            "a read-only input is read in place"
        );
    }
}

#[test]
fn a_failed_check_leaves_the_host_untouched() {
    let Some(dev) = dev() else { return };
    let n = 300;
    let mut a: Vec<i32> = (0..n as i32)
        .map(|x| if x == 123 { -5 } else { x })
        .collect();
    let mut c = vec![-1i32; n];
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let plan = one_launch(
        &kernel,
        n,
        Transfer {
            upload: false,
            download: true,
            skip: None,
            ..Transfer::default()
        },
        None,
    );
    let done = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect("execute");
    assert_eq!(done.failed, Some((0, 7)));
    assert!(
        c.iter().all(|&x| x == -1),
        "nothing may come back after a failed check"
    );
    assert_eq!(done.times[0].bytes_downloaded, 0);
}

#[test]
fn kept_output_is_current_after_success_and_stale_after_failure() {
    let Some(dev) = dev() else { return };
    let n = 256;
    let handle = residency::keep();
    let r = residency::kept_buffer(handle, &dev, n * 4).expect("buffer");
    assert!(!r.is_current());
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut c = vec![0i32; n];
    let transfer = Transfer {
        upload: false,
        download: true,
        skip: None,
        ..Transfer::default()
    };
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let plan = one_launch(&kernel, n, transfer, Some(Arc::clone(&r)));
    let done = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect("execute");
    assert_eq!(done.failed, None);
    assert!(r.is_current() && residency::is_current(handle));
    a[5] = -1;
    let done = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect("execute");
    assert!(done.failed.is_some());
    assert!(!r.is_current(), "discarded writes make the kept copy stale");
    residency::release(handle);
    assert!(!residency::is_current(handle));
}

/// Two launches: `t = a + 10`, then `c = t + 10`; `t` stays on the device in between.
#[test]
fn intermediates_stay_on_the_device() {
    let Some(dev) = dev() else { return };
    let n = 512;
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let launch = |from: usize, to: usize, task: usize| Launch {
        kernel: &kernel,
        args: vec![
            Arg::Array(from),
            Arg::Array(to),
            Arg::Value(KernelArg::Int(10)),
            Arg::Value(KernelArg::Int(n as i32)),
            Arg::Status,
        ],
        geometry: Geometry {
            global: vec![n],
            local: vec![64],
        },
        partials: vec![],
        task,
    };
    let uses = |from: usize, to: usize| {
        vec![
            Use {
                array: from,
                reads: true,
                writes: false,
                writes_all: false,
                writes_part: None,
            },
            Use {
                array: to,
                reads: false,
                writes: true,
                writes_all: true,
                writes_part: None,
            },
        ]
    };
    let transfers = plan::transfers(3, &[uses(0, 1), uses(1, 2)]);
    let plan = Plan {
        arrays: transfers
            .iter()
            .map(|&transfer| PlanArray {
                bytes: n * 4,
                transfer,
                resident: None,
                align: 4,
                window: None,
            })
            .collect(),
        launches: vec![launch(0, 1, 0), launch(1, 2, 1)],
        profile: false,
        side_queue: false,
        carried_bytes: 0,
    };
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut t = vec![-1i32; n];
    let mut c = vec![-1i32; n];
    let done = dev
        .execute(
            &plan,
            &mut [
                HostData::from(&mut a),
                HostData::from(&mut t),
                HostData::from(&mut c),
            ],
        )
        .expect("execute");
    assert_eq!(done.failed, None);
    assert_eq!(t, (0..n as i32).map(|x| x + 10).collect::<Vec<_>>());
    assert_eq!(c, (0..n as i32).map(|x| x + 20).collect::<Vec<_>>());
    // Only a moves up (or is read in place); t and c come down once, counted for the last launch.
    let up: u64 = done
        .times
        .iter()
        .map(|t| t.bytes_uploaded + t.bytes_in_place)
        .sum();
    assert_eq!(up, (n * 4) as u64);
    assert_eq!(done.times[0].bytes_downloaded, 0);
    assert_eq!(done.times[1].bytes_downloaded, (2 * n * 4) as u64);
}

#[test]
fn buffers_start_on_the_base_address_alignment() {
    let Some(dev) = dev() else { return };
    // Each work-item reports its buffer's address modulo the device's base alignment.
    let src = "__kernel void addr(__global const int* a, __global int* b, __global ulong* out, const ulong align) {
        out[0] = ((ulong)a) % align;
        out[1] = ((ulong)b) % align;
    }";
    let kernel = dev.build(src, OPTS, "addr").expect("build");
    let align = dev.info().base_addr_align_bytes;
    assert!(align >= 8 && align.is_power_of_two(), "alignment {align}");
    for n in [1usize, 3, 1000, 4099] {
        let plan = Plan {
            arrays: vec![
                PlanArray {
                    bytes: n * 4,
                    transfer: Transfer {
                        upload: true,
                        download: false,
                        skip: None,
                        ..Transfer::default()
                    },
                    resident: None,
                    // Asking for the device alignment keeps a host slice that is not aligned from
                    // being read in place.
                    align: align as usize,
                    window: None,
                },
                PlanArray {
                    bytes: n * 4,
                    transfer: Transfer {
                        upload: false,
                        download: true,
                        skip: None,
                        ..Transfer::default()
                    },
                    resident: None,
                    align: 4,
                    window: None,
                },
                PlanArray {
                    bytes: 16,
                    transfer: Transfer {
                        upload: false,
                        download: true,
                        skip: None,
                        ..Transfer::default()
                    },
                    resident: None,
                    align: 8,
                    window: None,
                },
            ],
            launches: vec![Launch {
                kernel: &kernel,
                args: vec![
                    Arg::Array(0),
                    Arg::Array(1),
                    Arg::Array(2),
                    Arg::Value(KernelArg::Long(align as i64)),
                ],
                geometry: Geometry {
                    global: vec![1],
                    local: vec![1],
                },
                partials: vec![],
                task: 0,
            }],
            profile: true,
            side_queue: false,
            carried_bytes: 0,
        };
        let mut a = vec![0i32; n];
        let mut b = vec![0i32; n];
        let mut out = vec![u64::MAX as i64; 2];
        dev.execute(
            &plan,
            &mut [
                HostData::from(&mut a),
                HostData::from(&mut b),
                HostData::from(&mut out),
            ],
        )
        .expect("execute");
        assert_eq!(
            out,
            [0, 0],
            "device buffers of {n} ints start on a multiple of {align}"
        );
    }
}

#[test]
fn refuses_mismatched_host_slices() {
    let Some(dev) = dev() else { return };
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let plan = one_launch(
        &kernel,
        8,
        Transfer {
            upload: true,
            download: true,
            skip: None,
            ..Transfer::default()
        },
        None,
    );
    let mut a = vec![0i32; 8];
    let mut c = vec![0i32; 7];
    let err = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect_err("size mismatch");
    assert!(err.to_string().contains("bytes"), "{err}");
}

/// Unprofiled executions (the fast path: status words and small results read without blocking
/// into page-locked staging memory, one wait) alternate between passing and failing checks; each
/// gives the right status and leaves the host as it should, at sizes on both sides of the 64 KiB
/// staged-result bound.
#[test]
fn staged_reads_alternate_between_pass_and_fail() {
    let Some(dev) = dev() else { return };
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    for n in [1usize, 300, 16 * 1024, 16 * 1024 + 1, 40_000] {
        for round in 0..6 {
            let fail = round % 2 == 1;
            let mut a: Vec<i32> = (0..n as i32)
                .map(|x| if fail && x == n as i32 / 2 { -1 } else { x * 3 })
                .collect();
            let mut c = vec![-9i32; n];
            let mut plan = one_launch(
                &kernel,
                n,
                Transfer {
                    upload: false,
                    download: true,
                    skip: None,
                    ..Transfer::default()
                },
                None,
            );
            plan.profile = false;
            let done = dev
                .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
                .expect("execute");
            if fail {
                assert_eq!(done.failed, Some((0, 7)), "n={n} round {round}");
                assert!(
                    c.iter().all(|&x| x == -9),
                    "n={n}: untouched after a failure"
                );
            } else {
                assert_eq!(done.failed, None, "n={n} round {round}");
                let expected: Vec<i32> = (0..n as i32).map(|x| x * 3 + 10).collect();
                assert_eq!(c, expected, "n={n} round {round}");
            }
        }
    }
    assert!(
        dev.idle_staging() >= 1,
        "the staging area came back to the device for the next execution"
    );
}

/// `c[lo + i] = lo + i + 10` for `i < m`: writes one part of `c`, reads nothing.
const PART: &str = "__kernel void part(__global int* c, const int lo, const int m) {
    int i = get_global_id(0);
    if (i < m) c[lo + i] = lo + i + 10;
}";

#[test]
fn a_part_written_in_full_is_not_uploaded_and_the_rest_keeps_its_values() {
    let Some(dev) = dev() else { return };
    let kernel = dev.build(PART, OPTS, "part").expect("build");
    let n = 1000usize;
    // A part at the start, in the middle (two pieces go up) and at the end.
    for (lo, m) in [(0usize, 600usize), (100, 500), (700, 300)] {
        let mut c: Vec<i32> = (0..n as i32).map(|x| -x - 1).collect();
        let uses = vec![Use {
            array: 0,
            reads: false,
            writes: true,
            writes_all: false,
            writes_part: Some((lo * 4, (lo + m) * 4)),
        }];
        let t = plan::transfers(1, &[uses]);
        assert_eq!(t[0].skip, Some((lo * 4, (lo + m) * 4)));
        let plan = Plan {
            arrays: vec![PlanArray {
                bytes: n * 4,
                transfer: t[0],
                resident: None,
                align: 4,
                window: None,
            }],
            launches: vec![Launch {
                kernel: &kernel,
                args: vec![
                    Arg::Array(0),
                    Arg::Value(KernelArg::Int(lo as i32)),
                    Arg::Value(KernelArg::Int(m as i32)),
                ],
                geometry: Geometry {
                    global: vec![m.div_ceil(64) * 64],
                    local: vec![64],
                },
                partials: vec![],
                task: 0,
            }],
            profile: true,
            side_queue: false,
            carried_bytes: 0,
        };
        let done = dev
            .execute(&plan, &mut [HostData::from(&mut c)])
            .expect("execute");
        assert_eq!(done.failed, None);
        let expected: Vec<i32> = (0..n as i32)
            .map(|x| {
                if (lo as i32..(lo + m) as i32).contains(&x) {
                    x + 10
                } else {
                    -x - 1
                }
            })
            .collect();
        assert_eq!(c, expected, "part [{lo}, {})", lo + m);
        assert_eq!(done.times[0].bytes_uploaded, ((n - m) * 4) as u64);
        assert_eq!(done.times[0].bytes_downloaded, (n * 4) as u64);
    }
}

/// `a[i] = a[i] * 2 + 1` for `i` in `[first, first + count)`, over a buffer that holds `a` from
/// element `base` on.
const WINDOWED: &str = "__kernel void twice(__global int* a_window, const long a_base, const int first, const uint count, __global int* status) {
    __global int* a = a_window - a_base;
    if (get_global_id(0) >= (size_t)count) return;
    const int i = first + (int)get_global_id(0);
    a[i] = a[i] * 2 + 1;
}";

#[test]
fn a_window_holds_only_the_bytes_a_launch_reaches() {
    let Some(dev) = dev() else { return };
    let kernel = dev.build(WINDOWED, OPTS, "twice").expect("build");
    let n = 10_000usize;
    let mut a: Vec<i32> = (0..n as i32).map(|x| x * 3 - 7).collect();
    let original = a.clone();
    // Three launches over [0, 4000), [4000, 8000), [8000, 10000), each with a window that starts
    // on a 128-byte boundary below its first element.
    for (first, count) in [(0usize, 4000usize), (4000, 4000), (8000, 2000)] {
        let range = (first * 4, (first + count) * 4);
        let start = range.0 - range.0 % 128;
        let plan = Plan {
            arrays: vec![PlanArray {
                bytes: n * 4,
                transfer: Transfer {
                    upload: true,
                    download: true,
                    upload_range: Some(range),
                    download_range: Some(range),
                    ..Transfer::default()
                },
                resident: None,
                align: 4,
                window: Some((start, range.1)),
            }],
            launches: vec![Launch {
                kernel: &kernel,
                args: vec![
                    Arg::Array(0),
                    Arg::Base {
                        array: 0,
                        elem_bytes: 4,
                    },
                    Arg::Value(KernelArg::Int(first as i32)),
                    Arg::Value(KernelArg::Int(count as i32)),
                    Arg::Status,
                ],
                geometry: Geometry {
                    global: vec![count.div_ceil(64) * 64],
                    local: vec![64],
                },
                partials: vec![],
                task: 0,
            }],
            profile: false,
            side_queue: first == 4000,
            carried_bytes: 0,
        };
        let done = dev
            .execute(&plan, &mut [HostData::from(&mut a)])
            .expect("execute");
        assert_eq!(done.failed, None);
        assert_eq!(done.times[0].bytes_uploaded, (count * 4) as u64);
        assert_eq!(done.times[0].bytes_downloaded, (count * 4) as u64);
    }
    let expected: Vec<i32> = original.iter().map(|x| x * 2 + 1).collect();
    assert_eq!(a, expected);

    // A window its transfers leave is refused before anything runs.
    let plan = Plan {
        arrays: vec![PlanArray {
            bytes: n * 4,
            transfer: Transfer {
                upload: true,
                download: true,
                upload_range: Some((0, 4000)),
                download_range: Some((0, 4000)),
                ..Transfer::default()
            },
            resident: None,
            align: 4,
            window: Some((128, 4000)),
        }],
        launches: vec![],
        profile: false,
        side_queue: false,
        carried_bytes: 0,
    };
    let before = a.clone();
    let err = dev
        .execute(&plan, &mut [HostData::from(&mut a)])
        .expect_err("a window that misses its upload");
    assert!(err.to_string().contains("window"), "{err}");
    assert_eq!(a, before);
}

/// A launch bound with `Arg::NoStatus` (the host proved it cannot fail): the kernel gets a scratch
/// status buffer, nothing is cleared or read back, and its small result still arrives with one
/// wait; a later launch of the same plan with `Arg::Status` still reports a failed check.
#[test]
fn a_launch_without_a_status_word_runs_and_one_with_it_still_fails() {
    let Some(dev) = dev() else { return };
    let n = 200;
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut c = vec![-1i32; n];
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let download = Transfer {
        upload: false,
        download: true,
        skip: None,
        ..Transfer::default()
    };
    let mut plan = one_launch(&kernel, n, download, None);
    plan.profile = false;
    plan.launches[0].args[4] = Arg::NoStatus;
    for _ in 0..3 {
        c.fill(-1);
        let done = dev
            .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
            .expect("execute");
        assert_eq!(done.failed, None);
        let expected: Vec<i32> = (0..n as i32).map(|x| x + 10).collect();
        assert_eq!(c, expected);
    }
    // With its status word again, a negative element fails the launch and nothing lands.
    a[17] = -5;
    c.fill(-1);
    plan.launches[0].args[4] = Arg::Status;
    let done = dev
        .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
        .expect("execute");
    assert!(done.failed.is_some(), "the check should fail");
    assert!(
        c.iter().all(|&x| x == -1),
        "a failed launch leaves the host arrays alone"
    );
}

#[test]
fn in_place_results_land_in_the_host_slices_only_when_no_check_can_fail() {
    let Some(dev) = dev() else { return };
    let n = 1000;
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let written = Transfer {
        upload: false,
        download: true,
        ..Transfer::default()
    };
    let expected: Vec<i32> = (0..n as i32).map(|x| x + 10).collect();
    if !dev.info().unified_memory {
        // A device with memory of its own refuses.
        let plan = one_launch(&kernel, n, written, None);
        let mut a: Vec<i32> = (0..n as i32).collect();
        let mut c = vec![-1i32; n];
        let ticket = dev.in_place_ticket();
        let refused = dev.execute_in_place(
            &ticket,
            &plan,
            &mut [HostData::from(&mut a), HostData::from(&mut c)],
        );
        assert!(refused.is_err());
        return;
    }
    for (status, fails) in [(false, false), (true, false), (true, true)] {
        let mut plan = one_launch(&kernel, n, written, None);
        if !status {
            // No check can fail: the launch gets no status word.
            plan.launches[0].args[4] = Arg::NoStatus;
        }
        let mut a: Vec<i32> = (0..n as i32)
            .map(|x| if fails && x == 500 { -5 } else { x })
            .collect();
        let mut c = vec![-1i32; n];
        let c_at = c.as_ptr() as usize;
        let ticket = dev.in_place_ticket();
        let done = dev
            .execute_in_place(
                &ticket,
                &plan,
                &mut [HostData::from(&mut a), HostData::from(&mut c)],
            )
            .expect("execute_in_place");
        let t = &done.times[0];
        let what = format!("status word {status}, failing {fails}");
        assert_eq!(c.as_ptr() as usize, c_at);
        if fails {
            assert_eq!(done.failed, Some((0, 7)), "{what}");
            assert!(c.iter().all(|&x| x == -1), "{what}: c untouched");
            continue;
        }
        assert_eq!(done.failed, None, "{what}");
        assert_eq!(c, expected, "{what}");
        // a is always read in place; c is written in place only without a status word.
        let c_in_place = if status { 0 } else { n * 4 };
        assert_eq!(t.bytes_in_place, (n * 4 + c_in_place) as u64, "{what}");
        assert_eq!(t.bytes_downloaded, (n * 4 - c_in_place) as u64, "{what}");
        assert_eq!(t.bytes_uploaded, 0, "{what}");
    }
    // Kept arrays are refused.
    let handle = residency::keep();
    let r = residency::kept_buffer(handle, &dev, n * 4).expect("buffer");
    let plan = one_launch(&kernel, n, written, Some(r));
    let mut a: Vec<i32> = (0..n as i32).collect();
    let mut c = vec![-1i32; n];
    let ticket = dev.in_place_ticket();
    assert!(dev
        .execute_in_place(
            &ticket,
            &plan,
            &mut [HostData::from(&mut a), HostData::from(&mut c)],
        )
        .is_err());
    residency::release(handle);
}

/// The first kernel leaves a value in the carry buffer (after checking that it starts zeroed);
/// the second reads it: one buffer shared by the launches of a plan, never downloaded.
const CARRY: &str =
    "__kernel void put(__global const int* a, const int n, __global ulong* carried) {
    if (get_global_id(0) != 0) return;
    long s = 0;
    for (int i = 0; i < n; i++) s += a[i];
    carried[1] = carried[0] == 0UL && carried[1] == 0UL ? (ulong)s : 0UL;
}
__kernel void get(__global int* c, const int n, __global ulong* carried) {
    int i = get_global_id(0);
    if (i >= n) return;
    c[i] = (int)((long)carried[1] + i);
}";

#[test]
fn a_carry_buffer_is_shared_by_the_launches_of_a_plan_and_starts_zeroed() {
    let Some(dev) = dev() else { return };
    let n = 200usize;
    let put = dev.build(CARRY, OPTS, "put").expect("build put");
    let get = dev.build(CARRY, OPTS, "get").expect("build get");
    let uses = vec![
        vec![Use {
            array: 0,
            reads: true,
            ..Use::default()
        }],
        vec![Use {
            array: 1,
            writes: true,
            writes_all: true,
            ..Use::default()
        }],
    ];
    let t = plan::transfers(2, &uses);
    let one = |global: usize| Geometry {
        global: vec![global],
        local: vec![],
    };
    let plan = Plan {
        arrays: vec![
            PlanArray {
                bytes: n * 4,
                transfer: t[0],
                resident: None,
                align: 4,
                window: None,
            },
            PlanArray {
                bytes: n * 4,
                transfer: t[1],
                resident: None,
                align: 4,
                window: None,
            },
        ],
        launches: vec![
            Launch {
                kernel: &put,
                args: vec![
                    Arg::Array(0),
                    Arg::Value(KernelArg::Int(n as i32)),
                    Arg::Carried,
                ],
                geometry: one(1),
                partials: vec![],
                task: 0,
            },
            Launch {
                kernel: &get,
                args: vec![
                    Arg::Array(1),
                    Arg::Value(KernelArg::Int(n as i32)),
                    Arg::Carried,
                ],
                geometry: one(n),
                partials: vec![],
                task: 0,
            },
        ],
        profile: false,
        side_queue: false,
        carried_bytes: 16,
    };
    // Twice: a pooled buffer comes back zeroed too.
    for round in 0..2 {
        let mut a: Vec<i32> = (0..n as i32).map(|x| x * 3 - 50 + round).collect();
        let mut c = vec![-1i32; n];
        let done = dev
            .execute(&plan, &mut [HostData::from(&mut a), HostData::from(&mut c)])
            .expect("execute");
        assert_eq!(done.failed, None);
        let sum: i64 = a.iter().map(|&x| i64::from(x)).sum();
        let expected: Vec<i32> = (0..n as i64).map(|i| (sum + i) as i32).collect();
        assert_eq!(c, expected, "round {round}");
    }
    // Without a carry buffer in the plan, a launch that binds one is refused before anything runs.
    let refused = Plan {
        carried_bytes: 0,
        ..plan
    };
    let mut a = vec![0i32; n];
    let mut c = vec![0i32; n];
    assert!(dev
        .execute(
            &refused,
            &mut [HostData::from(&mut a), HostData::from(&mut c)]
        )
        .is_err());
}

/// Repetitions of a kernel share one status word (`Arg::StatusOf`): a failure in a later launch
/// shows in the first one's word; launches without a word of their own share one placeholder; a
/// launch naming a word no earlier launch has is refused before anything runs.
#[test]
fn launches_share_a_status_word_and_a_failure_in_any_shows() {
    let Some(dev) = dev() else { return };
    let n = 300usize;
    let kernel = dev.build(ADD, OPTS, "add").expect("build");
    let reads = |array| Use {
        array,
        reads: true,
        ..Use::default()
    };
    let writes = Use {
        array: 1,
        writes: true,
        writes_all: true,
        ..Use::default()
    };
    let uses = vec![
        vec![reads(0), writes],
        vec![reads(2), writes],
        vec![reads(0), writes],
    ];
    let t = plan::transfers(3, &uses);
    let array = |k: usize| PlanArray {
        bytes: n * 4,
        transfer: t[k],
        resident: None,
        align: 4,
        window: None,
    };
    let launch = |input: usize, status: Arg| Launch {
        kernel: &kernel,
        args: vec![
            Arg::Array(input),
            Arg::Array(1),
            Arg::Value(KernelArg::Int(10)),
            Arg::Value(KernelArg::Int(n as i32)),
            status,
        ],
        geometry: Geometry {
            global: vec![n.div_ceil(64) * 64],
            local: vec![64],
        },
        partials: vec![],
        task: 0,
    };
    let plan = Plan {
        arrays: vec![array(0), array(1), array(2)],
        launches: vec![
            launch(0, Arg::Status),
            launch(2, Arg::StatusOf(0)),
            launch(0, Arg::NoStatus),
            launch(0, Arg::NoStatus),
        ],
        profile: false,
        side_queue: false,
        carried_bytes: 0,
    };
    let a: Vec<i32> = (0..n as i32).collect();
    for round in 0..2 {
        let mut a0 = a.clone();
        let mut c = vec![-1i32; n];
        let mut a2: Vec<i32> = a.iter().map(|x| x + 1).collect();
        let done = dev
            .execute(
                &plan,
                &mut [
                    HostData::from(&mut a0),
                    HostData::from(&mut c),
                    HostData::from(&mut a2),
                ],
            )
            .expect("execute");
        assert_eq!(done.failed, None, "round {round}");
        let expected: Vec<i32> = a.iter().map(|x| x + 10).collect();
        assert_eq!(c, expected);
        // A negative element where only the second launch reads: its failure shows in launch 0's
        // word, and nothing lands.
        a2[123] = -1;
        c.fill(-1);
        let done = dev
            .execute(
                &plan,
                &mut [
                    HostData::from(&mut a0),
                    HostData::from(&mut c),
                    HostData::from(&mut a2),
                ],
            )
            .expect("execute");
        assert_eq!(done.failed, Some((0, 7)), "round {round}");
        assert!(c.iter().all(|&x| x == -1));
    }
    // A word no earlier launch has: refused.
    let refused = Plan {
        launches: vec![launch(0, Arg::StatusOf(1)), launch(0, Arg::Status)],
        ..plan
    };
    let mut a0 = a.clone();
    let mut c = vec![-1i32; n];
    let mut a2 = a.clone();
    assert!(dev
        .execute(
            &refused,
            &mut [
                HostData::from(&mut a0),
                HostData::from(&mut c),
                HostData::from(&mut a2),
            ],
        )
        .is_err());
    assert!(c.iter().all(|&x| x == -1));
}

/// A host that lends its arrays as a JVM does (they may move once let go, the wait can be
/// cancelled) and holds them through an execution when asked: what it was asked, in order.
struct Lender {
    a: Vec<i32>,
    c: Vec<i32>,
    held: bool,
    log: Vec<&'static str>,
    /// The memory the arrays had while held, kept alive and overwritten with [`RETIRED`] once let
    /// go (the arrays move, as a JVM's may): a command that read or wrote it afterwards shows.
    retired: Vec<Vec<i32>>,
}

/// What the memory of let-go arrays holds.
const RETIRED: i32 = 0x5EEDBAD;

impl ferrocl_runtime::HostAccess for Lender {
    fn byte_lens(&self) -> Vec<usize> {
        vec![self.a.len() * 4, self.c.len() * 4]
    }
    fn stable(&self) -> bool {
        false
    }
    fn pinned(
        &mut self,
        writes: bool,
        f: &mut dyn FnMut(&mut [HostData<'_>]) -> Result<(), ferrocl_runtime::RuntimeError>,
    ) -> Result<(), ferrocl_runtime::RuntimeError> {
        self.log.push(match (writes, self.held) {
            (false, true) => "read held",
            (false, false) => "read pinned",
            (true, true) => "write held",
            (true, false) => "write pinned",
        });
        f(&mut [HostData::from(&mut self.a), HostData::from(&mut self.c)])
    }
    fn cancellable(&self) -> bool {
        true
    }
    fn cancelled(&mut self) -> Option<String> {
        assert!(!self.held, "asked to cancel while the arrays are held");
        None
    }
    fn hold(&mut self) -> bool {
        self.log.push("hold");
        self.held = true;
        true
    }
    fn let_go(&mut self) {
        if self.held {
            self.log.push("let go");
            for v in [&mut self.a, &mut self.c] {
                let mut old = std::mem::take(v);
                v.extend_from_slice(&old);
                old.fill(RETIRED);
                self.retired.push(old);
            }
        }
        self.held = false;
    }
}

fn lender(a: &[i32]) -> Lender {
    Lender {
        a: a.to_vec(),
        c: vec![-1; a.len()],
        held: false,
        log: Vec::new(),
        retired: Vec::new(),
    }
}

/// Whether no command touched the memory of the arrays after they were let go.
fn untouched_after_let_go(host: &Lender) -> bool {
    host.retired.iter().all(|v| v.iter().all(|&x| x == RETIRED))
}

/// `c[i]` = `steps` rounds of a 32-bit linear congruential step from `a[i]`: long for large `steps`.
const ROUNDS: &str = "__kernel void rounds(__global const int* a, __global int* c, const int steps, const int n, __global int* status) {
    int i = get_global_id(0);
    if (i >= n) return;
    if (a[i] < 0) { *status = 3; return; }
    uint x = (uint)a[i];
    for (int s = 0; s < steps; s++) x = x * 1103515245u + 12345u;
    c[i] = (int)x;
}";

fn rounds_plan(kernel: &ferrocl_runtime::BuiltKernel, n: usize, steps: i32) -> Plan<'_> {
    let mut plan = one_launch(
        kernel,
        n,
        Transfer {
            upload: true,
            download: true,
            skip: None,
            ..Transfer::default()
        },
        None,
    );
    plan.profile = false;
    plan.launches[0].args[2] = Arg::Value(KernelArg::Int(steps));
    plan
}

fn rounds_expected(a: &[i32], steps: i32) -> Vec<i32> {
    a.iter()
        .map(|&v| {
            let mut x = v as u32;
            for _ in 0..steps {
                x = x.wrapping_mul(1103515245).wrapping_add(12345);
            }
            x as i32
        })
        .collect()
}

/// Held through: a short execution copies its inputs and its results with the arrays held once
/// (no wait between the uploads and the kernel, no second pinning); a failed check lets them go
/// untouched; a kernel longer than the hold limit lets them go once the uploads are done and
/// pins them again for the results, which still arrive whole.
#[test]
fn the_arrays_are_held_through_a_short_execution_and_let_go_during_a_long_one() {
    let Some(dev) = dev() else { return };
    let kernel = dev.build(ROUNDS, OPTS, "rounds").expect("build");
    let n = 256;
    let a: Vec<i32> = (0..n as i32).map(|x| x * 7 + 1).collect();

    // A short kernel usually ends within the hold limit; on a busy CPU device (a first launch
    // compiles there) it may not, and then the arrays go and come back: either way the results
    // arrive, and within a few executions one stays held throughout.
    let mut held_through = 0;
    for _ in 0..20 {
        let mut host = lender(&a);
        let done = dev
            .execute_with(&rounds_plan(&kernel, n, 3), &mut host)
            .expect("short execution");
        assert_eq!(done.failed, None);
        assert_eq!(host.c, rounds_expected(&a, 3));
        assert!(untouched_after_let_go(&host));
        if host.log == ["hold", "read held", "write held", "let go"] {
            held_through += 1;
        } else {
            assert_eq!(host.log, ["hold", "read held", "let go", "write pinned"]);
        }
    }
    assert!(
        held_through > 0,
        "no short execution kept its arrays held through"
    );

    let mut bad = a.clone();
    bad[100] = -9;
    let mut host = lender(&bad);
    let done = dev
        .execute_with(&rounds_plan(&kernel, n, 3), &mut host)
        .expect("failing execution");
    assert_eq!(done.failed, Some((0, 3)));
    assert!(
        host.c.iter().all(|&x| x == -1),
        "a failed check writes nothing"
    );
    assert_eq!(host.log, ["hold", "read held", "let go"]);

    // Long enough for any device to pass the hold limit (seconds of dependent multiplies on a
    // CPU, milliseconds on a GPU).
    let steps = 1 << 22;
    let mut host = lender(&a);
    let done = dev
        .execute_with(&rounds_plan(&kernel, n, steps), &mut host)
        .expect("long execution");
    assert_eq!(done.failed, None);
    assert_eq!(host.c, rounds_expected(&a, steps));
    assert_eq!(
        host.log,
        ["hold", "read held", "let go", "write pinned"],
        "a long kernel lets the arrays go and pins them again for the results"
    );
    assert!(untouched_after_let_go(&host));
}
