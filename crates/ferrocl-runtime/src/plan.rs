//! Transfer plans: what one execution of a schedule does on a device, worked out before anything
//! is enqueued.
//!
//! A [`Plan`] lists the host arrays the execution touches (each once, however many parameters or
//! tasks name it) with their transfers, and the kernel launches in order with their arguments and
//! geometry. [`transfers`] is the policy that decides each array's transfers from how the launches
//! use it; [`Device::execute`](crate::Device::execute) runs a plan.
//!
//! The transfer policy, for each array, in launch order:
//! - **upload** when the first launch that uses it reads it, or writes it without writing every
//!   element (the elements it skips must keep their host values); an array whose first use writes
//!   every element ([`Use::writes_all`], proved by the compiler and checked on the host with the
//!   bound values) is not uploaded. When that first use writes one contiguous part of it in full
//!   without reading it ([`Use::writes_part`]), only the rest is uploaded ([`Transfer::skip`]). A
//!   kept array whose device copy is current is not uploaded either (the executor asks
//!   [`Resident`]).
//! - **download** when some launch writes it, once, after the last launch, and only when every
//!   launch passed its checks. Arrays only read are never downloaded; an array written by one
//!   launch and read by a later one stays on the device in between.

use std::sync::Arc;

use crate::build::BuiltKernel;
use crate::geometry::Geometry;
use crate::launch::KernelArg;
use crate::residency::Resident;

/// How one launch uses one plan array.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Use {
    /// Index into [`Plan::arrays`].
    pub array: usize,
    /// The kernel reads it.
    pub reads: bool,
    /// The kernel writes it.
    pub writes: bool,
    /// The kernel writes every element before reading any (implies `writes`).
    pub writes_all: bool,
    /// Bytes `[start, end)` of the array that the kernel writes in full, never reading the array
    /// (or some check fails and the run is discarded); `None` when not known. Only consulted
    /// when `writes` is set and `reads` and `writes_all` are not.
    pub writes_part: Option<(usize, usize)>,
}

/// The transfers of one plan array.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Transfer {
    /// Host → device before the first launch (skipped for a current kept copy).
    pub upload: bool,
    /// Bytes `[start, end)` the upload leaves out: the first launch writes them before anything
    /// reads them (see [`Use::writes_part`]). `None`: the whole array, when `upload` is set.
    pub skip: Option<(usize, usize)>,
    /// Device → host after the last launch, when every check passed.
    pub download: bool,
    /// Bytes `[start, end)`: when set, the upload moves only these bytes (less [`Transfer::skip`]):
    /// the launches read no others, and write none they do not also download. `None`: all.
    pub upload_range: Option<(usize, usize)>,
    /// Bytes `[start, end)`: when set, the download moves only these bytes: the launches write no
    /// others (a launch over part of a loop, see the `split` module). `None`: all.
    pub download_range: Option<(usize, usize)>,
}

impl Transfer {
    /// The byte ranges an upload of an array of `len` bytes moves: [`Transfer::upload_range`]
    /// less [`Transfer::skip`], the pieces before and after the skipped part, in order (either may
    /// be empty). Meaningful only when [`Transfer::upload`] is set.
    pub fn upload_pieces(&self, len: usize) -> [(usize, usize); 2] {
        let (from, to) = crate::clip(self.upload_range, len);
        let (skip_start, skip_end) = self.skip.map_or((to, to), |r| crate::clip(Some(r), len));
        [
            (from, from.max(skip_start.min(to))),
            (skip_end.clamp(from, to), to),
        ]
    }
}

/// Each array's transfers, given every launch's uses in launch order (see the module docs). Uses of
/// one array within one launch (aliased parameters) are merged first: a launch that reads an array
/// through one parameter and writes all of it through another still needs the upload.
pub fn transfers(arrays: usize, launches: &[Vec<Use>]) -> Vec<Transfer> {
    let mut out = vec![Transfer::default(); arrays];
    let mut seen = vec![false; arrays];
    for uses in launches {
        let mut merged: Vec<Use> = Vec::new();
        for u in uses {
            if u.array >= arrays {
                continue;
            }
            match merged.iter_mut().find(|m| m.array == u.array) {
                Some(m) => {
                    m.reads |= u.reads;
                    m.writes |= u.writes;
                    m.writes_all |= u.writes_all;
                    // Either part is written in full; keep the larger.
                    let size =
                        |p: Option<(usize, usize)>| p.map_or(0, |(s, e)| e.saturating_sub(s));
                    if size(u.writes_part) > size(m.writes_part) {
                        m.writes_part = u.writes_part;
                    }
                }
                None => merged.push(*u),
            }
        }
        for u in merged {
            let a = u.array;
            if !seen[a] {
                seen[a] = true;
                out[a].upload = u.reads || !(u.writes && u.writes_all);
                if out[a].upload && !u.reads && u.writes {
                    out[a].skip = u.writes_part.filter(|&(s, e)| e > s);
                }
            }
            out[a].download |= u.writes;
        }
    }
    out
}

/// One host array of a plan.
#[derive(Debug, Clone)]
pub struct PlanArray {
    /// Its size in bytes (the host slice given to the executor must have it).
    pub bytes: usize,
    /// Its transfers.
    pub transfer: Transfer,
    /// The device copy kept between executions, if the schedule keeps the array.
    pub resident: Option<Arc<Resident>>,
    /// The alignment in bytes the kernels assume for its address (its element size, or more
    /// where they load vectors): an array read in place must start on a multiple of it.
    pub align: usize,
    /// Bytes `[start, end)`: when set, the device buffer holds only these bytes of the array (a
    /// launch over part of a loop whose arrays the device cannot hold whole); the launches take
    /// the window's first element as an [`Arg::Base`] and reach no byte outside it, and every
    /// transfer range lies within it. `start` must keep the alignment the kernels assume (see
    /// `ferrocl_jit::Windowed`). `None`: the whole array.
    pub window: Option<(usize, usize)>,
}

impl PlanArray {
    /// The bytes its device buffer holds: its window's, or all of them.
    pub fn device_bytes(&self) -> usize {
        self.window.map_or(self.bytes, |(s, e)| e.saturating_sub(s))
    }

    /// The array's byte that is the device buffer's first.
    pub fn window_start(&self) -> usize {
        self.window.map_or(0, |(s, _)| s)
    }
}

/// One kernel argument of a launch.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg {
    /// A scalar, or a `__local` size.
    Value(KernelArg),
    /// A `__global` pointer to plan array `i`.
    Array(usize),
    /// The launch's `__global int*` status word (0 before the launch; a failed check writes its
    /// code).
    Status,
    /// The kernel's status word parameter for a launch that cannot fail a check (the kernel never
    /// writes it): bound to a scratch buffer that is neither cleared before nor read after.
    NoStatus,
    /// The status word of launch `j`, an earlier launch of the same task (the repetitions of a
    /// loop around `@Parallel` loops share their first one's): cleared once before the launches,
    /// read once after them with launch `j`'s; a check failing in either shows there.
    StatusOf(usize),
    /// The launch's partial results buffer `i` (see [`Launch::partials`]).
    Partials(usize),
    /// The plan's carry buffer ([`Plan::carried_bytes`]): one buffer every launch of the execution
    /// shares, zeroed before the first, where a kernel leaves values for later ones. It never
    /// leaves the device.
    Carried,
    /// `long`: the index of the first element of plan array `array` (of `elem_bytes`-byte
    /// elements) that its device buffer holds ([`PlanArray::window`]; 0 without one).
    Base {
        /// Index into [`Plan::arrays`].
        array: usize,
        /// Bytes per element.
        elem_bytes: usize,
    },
}

/// One kernel launch of a plan.
#[derive(Debug, Clone)]
pub struct Launch<'k> {
    /// The kernel, built on the executing device.
    pub kernel: &'k BuiltKernel,
    /// Its arguments in parameter order.
    pub args: Vec<Arg>,
    /// Global and local sizes (an empty local size lets the driver choose).
    pub geometry: Geometry,
    /// Byte sizes of the launch's partial-results buffers, downloaded after it (every work-group
    /// writes its element, so they are never uploaded).
    pub partials: Vec<usize>,
    /// Which task of the schedule the launch belongs to (for the statistics).
    pub task: usize,
}

impl Launch<'_> {
    /// How this launch uses the plan arrays, from its arguments and the kernel's declared access
    /// (per argument index, as the caller knows it; `array` is ignored).
    pub fn uses(&self, access: impl Fn(usize) -> Use) -> Vec<Use> {
        self.args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| match a {
                Arg::Array(array) => {
                    let u = access(i);
                    Some(Use {
                        array: *array,
                        writes_all: u.writes && u.writes_all,
                        writes_part: u.writes_part.filter(|_| u.writes),
                        ..u
                    })
                }
                _ => None,
            })
            .collect()
    }
}

/// One execution: the arrays and the launches in order.
#[derive(Debug, Clone, Default)]
pub struct Plan<'k> {
    /// The host arrays, each once.
    pub arrays: Vec<PlanArray>,
    /// The launches, in the order they run.
    pub launches: Vec<Launch<'k>>,
    /// Time every command with OpenCL profiling (device times in the outcome); without it the
    /// times are host wall-clock waits and transfers report no duration.
    pub profile: bool,
    /// Run on the device's second queue (an unprofiled plan only): two plans of one device, one
    /// on each queue, overlap one's transfers with the other's kernels.
    pub side_queue: bool,
    /// Bytes of the carry buffer the launches bind as [`Arg::Carried`]; 0: none.
    pub carried_bytes: usize,
}

/// The longest a kernel may work on Java arrays in place by default (see [`hold_in_place`]).
pub const DEFAULT_IN_PLACE_BUDGET: std::time::Duration = std::time::Duration::from_millis(20);

/// Whether an execution on a device that works in host memory (`unified_memory`) runs its kernels
/// on the host arrays themselves, held in place for the whole execution: inputs read and results
/// written with no copy, but the arrays pinned (for a JVM: garbage collection waits, and the wait
/// cannot be cancelled) while the kernels run. Yes when the same work (`key`, see
/// [`Plan::work_key`]: the same kernels, sizes and scalar values) was timed last (`last`: its key
/// and how long its launches took) and took at most `budget`; other work copies, and is timed.
/// Never with `kept` arrays (another execution may hold their device buffers while its kernels
/// run), for `cancellable` executions (a timeout), or with a zero budget.
pub fn hold_in_place(
    unified_memory: bool,
    cancellable: bool,
    kept: bool,
    last: Option<(u64, std::time::Duration)>,
    key: u64,
    budget: std::time::Duration,
) -> bool {
    unified_memory
        && !cancellable
        && !kept
        && !budget.is_zero()
        && last.is_some_and(|(k, took)| k == key && took <= budget)
}

impl Plan<'_> {
    /// The bytes the plan's arrays move between host and device, each whole array once per
    /// direction its transfers name (kept copies and partial ranges not considered).
    pub fn moved_bytes(&self) -> u64 {
        self.arrays
            .iter()
            .map(|a| {
                let up = if a.transfer.upload { a.bytes } else { 0 };
                let down = if a.transfer.download { a.bytes } else { 0 };
                (up + down) as u64
            })
            .sum()
    }

    /// A key for the work this plan does, for [`hold_in_place`]: its launches' kernels (the
    /// built objects: another variant or build is other work), global and local sizes and
    /// arguments (scalar values included), and its arrays' sizes. Work whose time depends on the
    /// arrays' contents (a loop bound read from an array) has the same key whatever they hold.
    pub fn work_key(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.arrays.len().hash(&mut h);
        for a in &self.arrays {
            a.bytes.hash(&mut h);
            a.window.hash(&mut h);
        }
        self.launches.len().hash(&mut h);
        for l in &self.launches {
            (l.kernel as *const BuiltKernel as usize).hash(&mut h);
            l.geometry.global.hash(&mut h);
            l.geometry.local.hash(&mut h);
            l.partials.hash(&mut h);
            for arg in &l.args {
                match *arg {
                    Arg::Value(v) => {
                        0u8.hash(&mut h);
                        match v {
                            KernelArg::Byte(x) => (1u8, i64::from(x)).hash(&mut h),
                            KernelArg::Short(x) => (2u8, i64::from(x)).hash(&mut h),
                            KernelArg::Char(x) => (3u8, i64::from(x)).hash(&mut h),
                            KernelArg::Int(x) => (4u8, i64::from(x)).hash(&mut h),
                            KernelArg::Long(x) => (5u8, x).hash(&mut h),
                            KernelArg::Float(x) => (6u8, u64::from(x.to_bits())).hash(&mut h),
                            KernelArg::Double(x) => (7u8, x.to_bits()).hash(&mut h),
                            KernelArg::Buffer(x) => (8u8, x as u64).hash(&mut h),
                            KernelArg::Local(x) => (9u8, x as u64).hash(&mut h),
                        }
                    }
                    Arg::Array(i) => (1u8, i).hash(&mut h),
                    Arg::Status => 2u8.hash(&mut h),
                    Arg::NoStatus => 3u8.hash(&mut h),
                    Arg::StatusOf(j) => (7u8, j).hash(&mut h),
                    Arg::Partials(i) => (4u8, i).hash(&mut h),
                    Arg::Base { array, elem_bytes } => (5u8, array, elem_bytes).hash(&mut h),
                    Arg::Carried => 6u8.hash(&mut h),
                }
            }
        }
        h.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_place_only_on_host_memory_devices_for_the_same_work_known_to_be_short() {
        let ms = std::time::Duration::from_millis;
        let budget = DEFAULT_IN_PLACE_BUDGET;
        let (key, other) = (17, 18);
        assert!(hold_in_place(
            true,
            false,
            false,
            Some((key, ms(3))),
            key,
            budget
        ));
        assert!(hold_in_place(
            true,
            false,
            false,
            Some((key, budget)),
            key,
            budget
        ));
        // Other work (another scalar, size or kernel) than the one timed; not timed yet; too long.
        assert!(!hold_in_place(
            true,
            false,
            false,
            Some((key, ms(3))),
            other,
            budget
        ));
        assert!(!hold_in_place(true, false, false, None, key, budget));
        assert!(!hold_in_place(
            true,
            false,
            false,
            Some((key, budget + ms(1))),
            key,
            budget
        ));
        // A GPU with its own memory, a timeout, kept arrays, switched off.
        assert!(!hold_in_place(
            false,
            false,
            false,
            Some((key, ms(3))),
            key,
            budget
        ));
        assert!(!hold_in_place(
            true,
            true,
            false,
            Some((key, ms(3))),
            key,
            budget
        ));
        assert!(!hold_in_place(
            true,
            false,
            true,
            Some((key, ms(3))),
            key,
            budget
        ));
        assert!(!hold_in_place(
            true,
            false,
            false,
            Some((key, ms(0))),
            key,
            ms(0)
        ));
    }

    fn u(array: usize, reads: bool, writes: bool, writes_all: bool) -> Use {
        Use {
            array,
            reads,
            writes,
            writes_all,
            writes_part: None,
        }
    }

    #[test]
    fn a_part_written_in_full_is_left_out_of_the_upload() {
        // out[i] = f(i) for i in [1, n): bytes [4, 40) of a 10-int array written, never read.
        let part = Use {
            writes_part: Some((4, 40)),
            ..u(0, false, true, false)
        };
        let t = transfers(1, &[vec![part]]);
        assert_eq!(
            t[0],
            Transfer {
                upload: true,
                download: true,
                skip: Some((4, 40)),
                ..Transfer::default()
            }
        );
        // Read as well (through an alias): the whole array goes up.
        let t = transfers(1, &[vec![part, u(0, true, false, false)]]);
        assert_eq!(t[0].skip, None);
        assert!(t[0].upload);
        // An empty part skips nothing.
        let empty = Use {
            writes_part: Some((8, 8)),
            ..u(0, false, true, false)
        };
        assert_eq!(transfers(1, &[vec![empty]])[0].skip, None);
        // Only the first use decides: a later launch's part does not shrink the upload.
        let t = transfers(1, &[vec![u(0, false, true, false)], vec![part]]);
        assert_eq!(t[0].skip, None);
    }

    #[test]
    fn inputs_upload_outputs_download() {
        // c[i] = a[i] + b[i]: a, b read; c written everywhere.
        let t = transfers(
            3,
            &[vec![
                u(0, true, false, false),
                u(1, true, false, false),
                u(2, false, true, true),
            ]],
        );
        assert_eq!(
            t,
            [
                Transfer {
                    upload: true,
                    download: false,
                    skip: None,
                    ..Transfer::default()
                },
                Transfer {
                    upload: true,
                    download: false,
                    skip: None,
                    ..Transfer::default()
                },
                Transfer {
                    upload: false,
                    download: true,
                    skip: None,
                    ..Transfer::default()
                },
            ]
        );
    }

    #[test]
    fn partial_writes_and_read_writes_upload() {
        let t = transfers(
            2,
            &[vec![u(0, false, true, false), u(1, true, true, false)]],
        );
        assert!(t.iter().all(|t| t.upload && t.download));
    }

    #[test]
    fn aliased_read_forces_the_upload() {
        // One array passed as `a` (read) and `c` (written everywhere): c[i] = a[i] + 1.
        let t = transfers(
            1,
            &[vec![u(0, true, false, false), u(0, false, true, true)]],
        );
        assert_eq!(
            t[0],
            Transfer {
                upload: true,
                download: true,
                skip: None,
                ..Transfer::default()
            }
        );
    }

    #[test]
    fn intermediates_stay_on_the_device() {
        // Task 1 writes all of t from a; task 2 reads t and writes all of c.
        let t = transfers(
            3,
            &[
                vec![u(0, true, false, false), u(1, false, true, true)],
                vec![u(1, true, false, false), u(2, false, true, true)],
            ],
        );
        assert!(t[0].upload && !t[0].download);
        // t: written first (everywhere), so not uploaded; downloaded once at the end.
        assert!(!t[1].upload && t[1].download);
        assert!(!t[2].upload && t[2].download);
    }

    #[test]
    fn the_first_use_decides_the_upload() {
        // Read by the first launch, rewritten by the second: uploaded.
        let t = transfers(
            1,
            &[
                vec![u(0, true, false, false)],
                vec![u(0, false, true, true)],
            ],
        );
        assert!(t[0].upload && t[0].download);
        // Unused arrays move nowhere.
        let t = transfers(2, &[vec![u(0, true, false, false)]]);
        assert_eq!(t[1], Transfer::default());
    }
}
