//! Work-group geometry: how an NDRange of trip counts becomes global and local sizes.
//!
//! Pure functions over the limits of one built kernel on one device ([`GeometryLimits`]), so the
//! policy is unit-tested without a device.
//!
//! Received: trip counts per NDRange dimension (dimension 0 the fastest-varying), an optional
//! work-group size the user asked for, and for reduction kernels the bytes of `__local` scratch
//! each work-item needs.
//! Guaranteed: the default work-group is 256 work-items in 1-D, 16×16 in 2-D, 8×8×4 in 3-D,
//! shrunk to the kernel's work-group limit and the device's per-dimension limits, and in 1-D a
//! multiple of the kernel's preferred multiple (warp or SIMD width) when it is at least that
//! large, halved (not below 64 or that multiple) while a non-reducing 1-D launch would have fewer
//! than two work-groups per compute unit; global sizes are the trip counts rounded up to a multiple of the local size (work-items
//! past the trip count do nothing). A reduction kernel gets power-of-two work-group dimensions whose
//! scratch fits in the local memory the kernel leaves free, and its last dimension becomes a
//! grid-stride loop over eight work-groups per compute unit (never more groups than iterations).
//! Refused ([`GeometryError`]): a requested size with the wrong number of dimensions, larger than
//! the kernel or device allows, not a power of two for a reduction, or whose scratch does not fit;
//! anything but `[1]` for a single work-item.

/// What one built kernel may use on its device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeometryLimits {
    /// `CL_KERNEL_WORK_GROUP_SIZE`: the most work-items per group for this kernel.
    pub kernel_work_group: usize,
    /// `CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE` (warp or SIMD width).
    pub preferred_multiple: usize,
    /// `CL_DEVICE_MAX_WORK_ITEM_SIZES`.
    pub item_sizes: Vec<usize>,
    /// Local memory the kernel leaves free (device local memory minus the kernel's own).
    pub free_local_bytes: u64,
    /// `CL_DEVICE_MAX_COMPUTE_UNITS`.
    pub compute_units: u32,
    /// `CL_KERNEL_COMPILE_WORK_GROUP_SIZE`: the work-group size the kernel's source requires
    /// (`reqd_work_group_size`), if any; every launch uses it.
    pub required: Option<[usize; 3]>,
}

impl GeometryLimits {
    /// The limits of `kernel` on `device`.
    pub fn of(device: &crate::Device, kernel: &crate::BuiltKernel) -> GeometryLimits {
        let info = device.info();
        GeometryLimits {
            kernel_work_group: kernel.work_group_size(),
            preferred_multiple: kernel.preferred_multiple(),
            item_sizes: info.max_work_item_sizes.clone(),
            free_local_bytes: info
                .local_mem_bytes
                .saturating_sub(kernel.local_mem_bytes()),
            compute_units: info.compute_units,
            required: kernel.compile_work_group_size(),
        }
    }
}

/// The sizes of one launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Geometry {
    /// Global size per NDRange dimension.
    pub global: Vec<usize>,
    /// Work-group size per NDRange dimension.
    pub local: Vec<usize>,
}

impl Geometry {
    /// Number of work-groups (the length of a reduction's partial results).
    pub fn groups(&self) -> usize {
        self.global
            .iter()
            .zip(&self.local)
            .map(|(g, l)| g / l.max(&1))
            .product()
    }
}

/// A work-group size the kernel or device cannot take; the message names both.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GeometryError(pub String);

/// What one launch needs.
#[derive(Debug, Clone, Copy)]
pub struct Shape<'a> {
    /// Trip counts per NDRange dimension, dimension 0 fastest-varying; empty for a kernel that runs
    /// as one work-item.
    pub counts: &'a [u64],
    /// The work-group size the user asked for, dimension 0 first.
    pub requested: Option<&'a [usize]>,
    /// For a reduction kernel: the `__local` bytes each work-item needs (the sum over its
    /// reductions of one element each); `None` for other kernels.
    pub reduction_scratch_per_item: Option<usize>,
}

/// The default work-group size for `dims` dimensions within `limits`.
pub fn default_local(dims: usize, limits: &GeometryLimits) -> Vec<usize> {
    let mut local: Vec<usize> = match dims {
        1 => vec![256],
        2 => vec![16, 16],
        _ => vec![8, 8, 4],
    };
    let limit = limits.kernel_work_group.max(1);
    while local.iter().product::<usize>() > limit {
        // Halve the largest dimension (on ties the fastest-varying one keeps its size longest).
        let Some((k, _)) = local.iter().enumerate().rev().max_by_key(|(_, &v)| v) else {
            break;
        };
        local[k] = (local[k] / 2).max(1);
        if local.iter().all(|&v| v == 1) {
            break;
        }
    }
    for (k, l) in local.iter_mut().enumerate() {
        if let Some(&max) = limits.item_sizes.get(k) {
            *l = (*l).min(max.max(1));
        }
    }
    let preferred = limits.preferred_multiple;
    if dims == 1 && preferred > 1 && local[0] >= preferred {
        local[0] -= local[0] % preferred;
    }
    local
}

/// Work-groups per compute unit a 1-D launch should have at least, when its trip count allows.
const MIN_GROUPS_PER_UNIT: usize = 2;

/// Narrowest default work-group of a 1-D launch: 64 work-items (two warps) still let a compute
/// unit hold its full complement of work-items within its limit of resident groups.
const MIN_FILLING_LOCAL: usize = 64;

/// A 1-D launch of `count` work-items with the default `local`: halved while the launch would
/// leave compute units without [`MIN_GROUPS_PER_UNIT`] work-groups each, down to
/// [`MIN_FILLING_LOCAL`] (or the preferred multiple, if larger). A few thousand heavy work-items
/// (Java Grande's Series: 20,000) in groups of 256 occupy 79 of an H100's 132 units; in groups of
/// 64 every unit has two or three.
fn filling_local(count: u64, local: Vec<usize>, limits: &GeometryLimits) -> Vec<usize> {
    let Some(&first) = local.first() else {
        return local;
    };
    let floor = MIN_FILLING_LOCAL.max(limits.preferred_multiple);
    let want = (limits.compute_units.max(1) as u64).saturating_mul(MIN_GROUPS_PER_UNIT as u64);
    let multiple = limits.preferred_multiple.max(1);
    let mut l = first;
    while l / 2 >= floor && (l / 2) % multiple == 0 && count.div_ceil(l as u64) < want {
        l /= 2;
    }
    vec![l]
}

/// Work-groups per compute unit a tiled launch wants before it takes larger blocks, times two.
const TILED_GROUPS_PER_UNIT_X2: u64 = 3;

/// The points per work-item (along each of the two tiled loops) of a tiled launch over `counts`
/// points in work-groups of `group`, among `choices` (any order): the largest whose blocks give the
/// device at least 1.5 work-groups per compute unit, else the smallest (a launch too small to fill
/// the device at any choice runs the most groups it can). Larger blocks reuse each staged value for
/// more points, smaller ones spread a small matrix over more units: measured on an H100 (132
/// units; `bench-native/tile`), 2×2 points ran a 512² GEMM in 0.034–0.038 ms against 0.047–0.053
/// with 4×4 (64 groups), the two were even at 768² (576 against 144 groups), 4×4 won at 1024²
/// (0.141–0.148 ms against 0.205–0.211; 256 groups), and 8×8 at 2048² (MatMul 0.92 ms against
/// 1.06, Gemm 1.04 against 1.07; 256 groups). `None` when `choices` is empty.
pub fn tile_micro(
    counts: [u64; 2],
    group: [usize; 2],
    choices: &[u32],
    compute_units: u32,
) -> Option<u32> {
    let groups = |m: u32| -> u64 {
        let m = u64::from(m.max(1));
        counts[0]
            .div_ceil(group[0].max(1) as u64 * m)
            .saturating_mul(counts[1].div_ceil(group[1].max(1) as u64 * m))
    };
    let want = u64::from(compute_units.max(1)) * TILED_GROUPS_PER_UNIT_X2;
    let filling = choices
        .iter()
        .copied()
        .filter(|&m| groups(m).saturating_mul(2) >= want)
        .max();
    filling.or_else(|| choices.iter().copied().min())
}

/// The global and local sizes of one launch.
pub fn plan(shape: Shape<'_>, limits: &GeometryLimits) -> Result<Geometry, GeometryError> {
    let single = shape.counts.is_empty();
    let ndrange: Vec<u64> = if single {
        vec![1]
    } else {
        shape.counts.to_vec()
    };
    let mut local = match (limits.required, shape.requested) {
        // A kernel compiled for one work-group size (e.g. one that stages tiles in local memory)
        // runs with that size; a request for another is refused.
        (Some(required), requested) if !single => {
            let local: Vec<usize> = required.iter().copied().take(ndrange.len()).collect();
            if local.len() != ndrange.len() || required[ndrange.len()..].iter().any(|&d| d != 1) {
                return Err(GeometryError(format!(
                    "the kernel requires work-groups of {required:?}, which do not fit its {}-dimensional NDRange",
                    ndrange.len()
                )));
            }
            if let Some(req) = requested {
                if req != local.as_slice() {
                    return Err(GeometryError(format!(
                        "work-group size {req:?} was requested, but the kernel was compiled for work-groups of {local:?} (it stages data in local memory); leave the size to Ferrocl or switch the phase that needs it off"
                    )));
                }
            }
            local
        }
        (_, Some(req)) => checked_request(req, &ndrange, single, limits)?,
        (_, None) if single => vec![1],
        (_, None) if ndrange.len() == 1 && shape.reduction_scratch_per_item.is_none() => {
            filling_local(ndrange[0], default_local(1, limits), limits)
        }
        (_, None) => default_local(ndrange.len(), limits),
    };
    if let Some(per_item) = shape.reduction_scratch_per_item {
        // The work-group tree halves its size each step: every dimension a power of two, and the
        // scratch must fit in the local memory the kernel leaves free.
        if shape.requested.is_some() {
            if local.iter().any(|l| !l.is_power_of_two()) {
                return Err(GeometryError(format!(
                    "a task with @Reduce needs a work-group size whose every dimension is a power of two, not {local:?}"
                )));
            }
        } else {
            for l in local.iter_mut() {
                *l = 1usize << (*l).max(1).ilog2();
            }
        }
        let scratch = |local: &[usize]| local.iter().product::<usize>() as u64 * per_item as u64;
        while scratch(&local) > limits.free_local_bytes && local.iter().any(|&l| l > 1) {
            if shape.requested.is_some() {
                return Err(GeometryError(format!(
                    "work-group size {local:?} needs {} bytes of local memory for its reductions; the device has {}",
                    scratch(&local),
                    limits.free_local_bytes
                )));
            }
            if let Some(l) = local.iter_mut().max() {
                *l /= 2;
            }
        }
    }
    let mut global: Vec<usize> = ndrange
        .iter()
        .zip(&local)
        .map(|(&n, &l)| usize::try_from(n.div_ceil(l as u64) * l as u64).unwrap_or(usize::MAX))
        .collect();
    if shape.reduction_scratch_per_item.is_some() && !single {
        // The slowest-varying dimension is a grid-stride loop: enough work-groups to fill the
        // device (eight per compute unit), each work-item folding a strided slice of iterations.
        let outer = global.len() - 1;
        let other_groups: usize = global[..outer]
            .iter()
            .zip(&local)
            .map(|(g, l)| g / l)
            .product();
        let target = (limits.compute_units.max(1) as usize * 8).div_ceil(other_groups.max(1));
        let needed = global[outer] / local[outer];
        global[outer] = target.clamp(1, needed.max(1)) * local[outer];
    }
    Ok(Geometry { global, local })
}

/// Checks a work-group size the user asked for against the kernel, the device and the NDRange.
fn checked_request(
    requested: &[usize],
    ndrange: &[u64],
    single: bool,
    limits: &GeometryLimits,
) -> Result<Vec<usize>, GeometryError> {
    if requested.len() != ndrange.len() {
        return Err(GeometryError(format!(
            "work-group size {requested:?} has {} dimensions; the kernel's NDRange has {} (one per @Parallel loop, innermost first)",
            requested.len(),
            ndrange.len()
        )));
    }
    if single && requested != [1] {
        return Err(GeometryError(format!(
            "the task has no @Parallel loop and runs as one work-item; its work-group size can only be [1], not {requested:?}"
        )));
    }
    let local: Vec<usize> = requested.iter().map(|&l| l.max(1)).collect();
    let total = local
        .iter()
        .try_fold(1usize, |acc, &l| acc.checked_mul(l))
        .unwrap_or(usize::MAX);
    let per_dim_ok = local
        .iter()
        .enumerate()
        .all(|(d, &l)| limits.item_sizes.get(d).is_none_or(|&m| l <= m));
    if total > limits.kernel_work_group || !per_dim_ok {
        return Err(GeometryError(format!(
            "work-group size {requested:?} ({total} work-items) exceeds what the device allows for this kernel: at most {} work-items per group and {:?} per dimension",
            limits.kernel_work_group, limits.item_sizes
        )));
    }
    Ok(local)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tiled launches measured on the H100 (132 units) get the fastest of 2×2, 4×4 and 8×8
    /// points; a device of few units takes the largest blocks early; an empty choice is none.
    #[test]
    fn tiled_launches_take_blocks_that_fill_the_device() {
        let pick = |n: u64, units: u32| tile_micro([n, n], [16, 16], &[2, 8, 4], units);
        assert_eq!(pick(256, 132), Some(2));
        assert_eq!(
            pick(512, 132),
            Some(2),
            "64 groups of 4x4 points, 256 of 2x2"
        );
        assert_eq!(
            pick(768, 132),
            Some(2),
            "144 groups of 4x4: under 1.5 per unit"
        );
        assert_eq!(
            pick(1024, 132),
            Some(4),
            "256 groups of 4x4 points, 64 of 8x8"
        );
        assert_eq!(pick(2048, 132), Some(8), "256 groups of 8x8 points");
        assert_eq!(pick(1536, 132), Some(4), "144 groups of 8x8 points");
        assert_eq!(
            pick(512, 2),
            Some(8),
            "two units have enough groups at once"
        );
        assert_eq!(pick(16, 2), Some(2), "too small for any: the most groups");
        assert_eq!(
            tile_micro([4096, 64], [16, 16], &[4, 2], 132),
            Some(2),
            "non-square"
        );
        assert_eq!(tile_micro([512, 512], [16, 16], &[], 132), None);
    }

    fn limits() -> GeometryLimits {
        GeometryLimits {
            kernel_work_group: 1024,
            preferred_multiple: 32,
            item_sizes: vec![1024, 1024, 64],
            free_local_bytes: 48 * 1024,
            compute_units: 132,
            required: None,
        }
    }

    #[test]
    fn a_required_work_group_size_is_used_and_another_request_refused() {
        let l = GeometryLimits {
            required: Some([32, 1, 1]),
            ..limits()
        };
        let g = plan(shape(&[1000]), &l).expect("plan");
        assert_eq!(g.local, [32]);
        assert_eq!(g.global, [1024], "rounded up to whole groups");
        let same = [32usize];
        let ok = plan(
            Shape {
                requested: Some(&same),
                ..shape(&[64])
            },
            &l,
        )
        .expect("the required size itself may be requested");
        assert_eq!(ok.local, [32]);
        let other = [64usize];
        let err = plan(
            Shape {
                requested: Some(&other),
                ..shape(&[64])
            },
            &l,
        )
        .expect_err("another size is refused");
        assert!(err.0.contains("[64]") && err.0.contains("[32]"), "{err}");
        // A 2-D NDRange cannot take a kernel whose required size is 3-D.
        let cube = GeometryLimits {
            required: Some([4, 4, 4]),
            ..limits()
        };
        assert!(plan(shape(&[8, 8]), &cube).is_err());
    }

    fn shape(counts: &[u64]) -> Shape<'_> {
        Shape {
            counts,
            requested: None,
            reduction_scratch_per_item: None,
        }
    }

    #[test]
    fn defaults_per_dimension_count() {
        let l = limits();
        assert_eq!(default_local(1, &l), [256]);
        assert_eq!(default_local(2, &l), [16, 16]);
        assert_eq!(default_local(3, &l), [8, 8, 4]);
    }

    #[test]
    fn defaults_shrink_to_kernel_and_device_limits() {
        let small = GeometryLimits {
            kernel_work_group: 64,
            ..limits()
        };
        assert_eq!(default_local(1, &small), [64]);
        assert_eq!(default_local(2, &small), [8, 8]);
        assert_eq!(default_local(3, &small), [4, 4, 4]);
        let narrow = GeometryLimits {
            item_sizes: vec![1024, 4, 1],
            ..limits()
        };
        assert_eq!(default_local(3, &narrow), [8, 4, 1]);
        // 1-D: a multiple of the preferred multiple when at least that large.
        let odd = GeometryLimits {
            item_sizes: vec![100],
            preferred_multiple: 32,
            ..limits()
        };
        assert_eq!(default_local(1, &odd), [96]);
        let wide = GeometryLimits {
            item_sizes: vec![20],
            preferred_multiple: 32,
            ..limits()
        };
        assert_eq!(default_local(1, &wide), [20]);
    }

    #[test]
    fn rounds_global_up_to_the_work_group() {
        let few = GeometryLimits {
            compute_units: 2,
            ..limits()
        };
        let g = plan(shape(&[1000]), &few).expect("plan");
        assert_eq!(g.global, [1024]);
        assert_eq!(g.local, [256]);
        assert_eq!(g.groups(), 4);
        let g = plan(shape(&[33, 17]), &limits()).expect("plan");
        assert_eq!((g.global, g.local), (vec![48, 32], vec![16, 16]));
    }

    #[test]
    fn small_one_dimensional_launches_fill_the_compute_units() {
        let l = limits(); // 132 compute units: at least 264 groups wanted
                          // Java Grande's Series, 10,000 pairs: 79 groups of 256 would leave 53 units idle.
        let g = plan(shape(&[19_999]), &l).expect("plan");
        assert_eq!(g.local, [64]);
        assert_eq!(g.global, [20_032]);
        // 20,000 pairs: 128 fills them (313 groups).
        assert_eq!(plan(shape(&[39_999]), &l).expect("plan").local, [128]);
        // Large launches keep 256; tiny ones stop at 64.
        assert_eq!(plan(shape(&[1 << 24]), &l).expect("plan").local, [256]);
        assert_eq!(plan(shape(&[100]), &l).expect("plan").local, [64]);
        // A warp wider than 64 is the floor.
        let wide = GeometryLimits {
            preferred_multiple: 128,
            ..limits()
        };
        assert_eq!(plan(shape(&[1000]), &wide).expect("plan").local, [128]);
        // Halving keeps the preferred multiple: 192 (the device's limit) with a multiple of 64 stays.
        let odd = GeometryLimits {
            item_sizes: vec![192],
            preferred_multiple: 64,
            ..limits()
        };
        assert_eq!(plan(shape(&[1000]), &odd).expect("plan").local, [192]);
        // A request, a reduction and a 2-D launch are left as they were.
        let req = [256usize];
        let asked = Shape {
            requested: Some(&req),
            ..shape(&[1000])
        };
        assert_eq!(plan(asked, &l).expect("plan").local, [256]);
        let reducing = Shape {
            reduction_scratch_per_item: Some(4),
            ..shape(&[1000])
        };
        assert_eq!(plan(reducing, &l).expect("plan").local, [256]);
        assert_eq!(plan(shape(&[40, 40]), &l).expect("plan").local, [16, 16]);
    }

    #[test]
    fn single_work_item() {
        let g = plan(shape(&[]), &limits()).expect("plan");
        assert_eq!((g.global, g.local), (vec![1], vec![1]));
        let bad = Shape {
            requested: Some(&[2]),
            ..shape(&[])
        };
        assert!(plan(bad, &limits()).is_err());
        let ok = Shape {
            requested: Some(&[1]),
            ..shape(&[])
        };
        assert!(plan(ok, &limits()).is_ok());
    }

    #[test]
    fn requested_sizes_are_checked() {
        let req = |r: &'static [usize], counts: &'static [u64]| {
            plan(
                Shape {
                    counts,
                    requested: Some(r),
                    reduction_scratch_per_item: None,
                },
                &limits(),
            )
        };
        assert_eq!(req(&[32, 8], &[100, 100]).expect("fits").local, [32, 8]);
        assert!(req(&[32], &[100, 100])
            .expect_err("dims")
            .0
            .contains("2 (one per"));
        assert!(req(&[2048], &[4096])
            .expect_err("too big")
            .0
            .contains("exceeds"));
        assert!(req(&[1, 1, 128], &[4, 4, 4])
            .expect_err("per dimension")
            .0
            .contains("exceeds"));
    }

    #[test]
    fn reductions_get_powers_of_two_a_fitting_scratch_and_a_grid_stride() {
        let l = GeometryLimits {
            kernel_work_group: 192,
            ..limits()
        };
        let s = Shape {
            counts: &[1 << 24],
            requested: None,
            reduction_scratch_per_item: Some(8),
        };
        let g = plan(s, &l).expect("plan");
        assert_eq!(g.local, [128]);
        // Eight groups per compute unit.
        assert_eq!(g.global, [132 * 8 * 128]);
        // Never more groups than the iterations need.
        let few = plan(
            Shape {
                counts: &[300],
                ..s
            },
            &l,
        )
        .expect("plan");
        assert_eq!(few.global, [384]);
        // Scratch that does not fit shrinks the group...
        let tight = GeometryLimits {
            free_local_bytes: 256,
            ..limits()
        };
        assert_eq!(plan(s, &tight).expect("plan").local, [32]);
        // ...unless the user asked for the size.
        let asked = Shape {
            requested: Some(&[256]),
            ..s
        };
        assert!(plan(asked, &tight)
            .expect_err("scratch")
            .0
            .contains("local memory"));
        let not_pow2 = Shape {
            requested: Some(&[96]),
            ..s
        };
        assert!(plan(not_pow2, &l)
            .expect_err("pow2")
            .0
            .contains("power of two"));
    }

    #[test]
    fn two_dimensional_reduction_strides_the_slow_dimension() {
        let s = Shape {
            counts: &[64, 1 << 20],
            requested: None,
            reduction_scratch_per_item: Some(4),
        };
        let g = plan(s, &limits()).expect("plan");
        assert_eq!(g.local, [16, 16]);
        // Dimension 0 has 4 groups; 132 * 8 / 4 = 264 groups in dimension 1.
        assert_eq!(g.global, [64, 264 * 16]);
    }
}
