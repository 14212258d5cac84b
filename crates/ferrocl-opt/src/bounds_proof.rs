//! Bounds proofs made on the host: the test that lets a tiled or 2-D staged kernel (the OpenCL
//! writer's `tiling` and `staging2d` modules), or the host-versioned body of a 1-, 2- or 3-D kernel
//! ([`crate::HostVersioning`]), run without checks, evaluated once per launch instead of by every
//! work-item, when every value it reads is known on the host (parameters, array lengths, static
//! fields, constants, and the launch's loop starts and trip counts).
//!
//! The test is the same as the in-kernel one: every access's index is `Σ c_v * v + r` over the
//! parallel indices `i`, `j` and the inner loop's `k`, with `c_v` and `r` sums of such values times
//! constants (each value the `int` the device computes, by Java's wrapping arithmetic). Its exact
//! value over the box of `(i, j, k)` is extreme at the corners; when it lies in `[0, length)` at
//! both extremes, every index Java computes (equal to it modulo 2^32) is that value and in bounds.
//! Inner-loop accesses count only when the loop runs (its first value at most its last), and the
//! loop's last value must leave room for `k + 1` (else Java's loop would not end as counted). The
//! host computes in 128-bit arithmetic, so nothing overflows; any value it cannot read makes the
//! proof fail, which only means the kernel runs its checked fallback.

use crate::HostExpr;
use ferrocl_graph::Constant;

/// `Σ coefficient * term + constant` over host-known `int` values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostLinear {
    /// The terms and their coefficients.
    pub terms: Vec<(HostExpr, i64)>,
    /// The constant.
    pub constant: i64,
}

impl HostLinear {
    fn eval(&self, leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>) -> Option<i128> {
        let mut sum = i128::from(self.constant);
        for (t, c) in &self.terms {
            sum += i128::from(t.eval(leaf)?) * i128::from(*c);
        }
        Some(sum)
    }
}

/// One access the proof covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedAccess {
    /// Coefficients of `i`, `j` and `k` in the index (`k`: the inner loop's variable, or the third
    /// parallel index of a 3-D nest).
    pub coef: [HostLinear; 3],
    /// The rest of the index.
    pub rest: HostLinear,
    /// The accessed array parameter (an index of the method's parameters).
    pub array: usize,
    /// Whether the access is inside the inner loop (then `k` ranges over the loop).
    pub in_loop: bool,
}

/// The inner loop of a tiled kernel: `k` from `entry` to `bound + last_offset`, step 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerLoop {
    /// The first value.
    pub entry: HostExpr,
    /// The header's bound.
    pub bound: HostExpr,
    /// The last value's offset from the bound (`-1` for `<`, `0` for `<=`).
    pub last_offset: i64,
}

/// A kernel's bounds proof, evaluated by the host at each launch (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundsProof {
    /// Every access of the kernel's body.
    pub accesses: Vec<ProvedAccess>,
    /// The inner loop, if the kernel has one.
    pub inner: Option<InnerLoop>,
}

impl BoundsProof {
    /// The host values the proof reads.
    pub fn leaves(&self) -> Vec<HostExpr> {
        let mut out = Vec::new();
        for a in &self.accesses {
            out.push(HostExpr::ArrayLength(a.array));
            for l in a.coef.iter().chain(std::iter::once(&a.rest)) {
                for (t, _) in &l.terms {
                    out.extend(t.leaves().into_iter().cloned());
                }
            }
        }
        if let Some(k) = &self.inner {
            out.extend(k.entry.leaves().into_iter().cloned());
            out.extend(k.bound.leaves().into_iter().cloned());
        }
        out
    }

    /// Whether every access is in bounds for the launch whose `@Parallel` loops (outermost first)
    /// have `(first index, trip count, step)` `dims`; `leaf` reads parameters, lengths and static
    /// fields. `false` when something cannot be read.
    pub fn holds(
        &self,
        leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
        dims: &[(i32, u64, i32)],
    ) -> bool {
        self.check(leaf, dims).unwrap_or(false)
    }

    fn check(
        &self,
        leaf: &mut dyn FnMut(&HostExpr) -> Option<Constant>,
        dims: &[(i32, u64, i32)],
    ) -> Option<bool> {
        // Three slots: the parallel loops, and an inner loop's `k` in the third when there are two.
        if dims.is_empty()
            || dims.len() > 3
            || (dims.len() == 3 && self.inner.is_some())
            || dims.iter().any(|&(_, count, _)| count == 0)
        {
            return Some(false);
        }
        let mut ranges = [(0i128, 0i128); 3];
        for (d, &(first, count, step)) in dims.iter().enumerate() {
            let first = i128::from(first);
            let last = first + (i128::from(count) - 1) * i128::from(step);
            ranges[d] = (first.min(last), first.max(last));
        }
        let mut k_any = false;
        if let Some(k) = &self.inner {
            let first = i128::from(k.entry.eval(leaf)?);
            let last = i128::from(k.bound.eval(leaf)?) + i128::from(k.last_offset);
            if last + 1 > i128::from(i32::MAX) {
                return Some(false);
            }
            k_any = first <= last;
            ranges[2] = (first, last);
        }
        for a in &self.accesses {
            if a.in_loop && !k_any {
                continue;
            }
            let len = i128::from(HostExpr::ArrayLength(a.array).eval(leaf)?);
            let mut lo = a.rest.eval(leaf)?;
            let mut hi = lo;
            for (v, coef) in a.coef.iter().enumerate() {
                let c = coef.eval(leaf)?;
                if c == 0 {
                    continue;
                }
                let (x, y) = ranges[v];
                lo += (c * x).min(c * y);
                hi += (c * x).max(c * y);
            }
            if lo < 0 || hi >= len {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(c: i64) -> HostLinear {
        HostLinear {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// `out[j * n + i]` with `n` parameter 0 and `out` parameter 1, over i, j in [0, n).
    fn transpose_store() -> BoundsProof {
        BoundsProof {
            accesses: vec![ProvedAccess {
                coef: [
                    lin(1),
                    HostLinear {
                        terms: vec![(HostExpr::Param(0), 1)],
                        constant: 0,
                    },
                    lin(0),
                ],
                rest: lin(0),
                array: 1,
                in_loop: false,
            }],
            inner: None,
        }
    }

    fn leaf(n: i32, len: i32) -> impl FnMut(&HostExpr) -> Option<Constant> {
        move |e| match e {
            HostExpr::Param(0) => Some(Constant::Int(n)),
            HostExpr::ArrayLength(1) => Some(Constant::Int(len)),
            _ => None,
        }
    }

    #[test]
    fn the_last_corner_decides() {
        let p = transpose_store();
        let dims = [(0, 70, 1), (0, 70, 1)];
        assert!(p.holds(&mut leaf(70, 4900), &dims));
        assert!(!p.holds(&mut leaf(70, 4899), &dims));
        // Starting past 0 with a step: the largest i is 1 + 2 * 34 = 69.
        assert!(p.holds(&mut leaf(70, 4900), &[(1, 35, 2), (0, 70, 1)]));
        assert!(!p.holds(&mut leaf(70, 4900), &[(1, 36, 2), (0, 70, 1)]));
        // A negative first index fails; nothing readable, nothing proven.
        assert!(!p.holds(&mut leaf(70, 4900), &[(-1, 3, 1), (0, 70, 1)]));
        assert!(!p.holds(&mut |_| None, &dims));
    }

    #[test]
    fn inner_loop_accesses_count_only_when_the_loop_runs() {
        // a[k] with a of length 0: in bounds only if the loop from 0 to bound - 1 runs no iteration.
        let p = BoundsProof {
            accesses: vec![ProvedAccess {
                coef: [lin(0), lin(0), lin(1)],
                rest: lin(0),
                array: 1,
                in_loop: true,
            }],
            inner: Some(InnerLoop {
                entry: HostExpr::Const(0),
                bound: HostExpr::Param(0),
                last_offset: -1,
            }),
        };
        let dims = [(0, 4, 1), (0, 4, 1)];
        assert!(p.holds(&mut leaf(0, 0), &dims));
        assert!(!p.holds(&mut leaf(1, 0), &dims));
        assert!(p.holds(&mut leaf(5, 5), &dims));
        // An inclusive bound at Integer.MAX_VALUE never ends as counted.
        let mut q = p.clone();
        q.inner = Some(InnerLoop {
            entry: HostExpr::Const(0),
            bound: HostExpr::Const(i32::MAX),
            last_offset: 0,
        });
        assert!(!q.holds(&mut leaf(5, i32::MAX), &dims));
    }

    /// `a[(i * n + j) * n + k]` over a 3-D box, and a 1-D `a[i + 3]`: the third slot is the third
    /// parallel index; a 3-D box with an inner loop has no slot for it and proves nothing.
    #[test]
    fn three_and_one_dimensions() {
        // n = 4 folded into the coefficients: 16 i + 4 j + k.
        let cube = BoundsProof {
            accesses: vec![ProvedAccess {
                coef: [lin(16), lin(4), lin(1)],
                rest: lin(0),
                array: 1,
                in_loop: false,
            }],
            inner: None,
        };
        let box3 = [(0, 4, 1), (0, 4, 1), (0, 4, 1)];
        assert!(cube.holds(&mut leaf(4, 64), &box3));
        assert!(!cube.holds(&mut leaf(4, 63), &box3));
        assert!(!cube.holds(&mut leaf(4, 64), &[(0, 4, 1), (0, 4, 1), (1, 4, 1)]));
        let mut with_inner = cube.clone();
        with_inner.inner = Some(InnerLoop {
            entry: HostExpr::Param(0),
            bound: HostExpr::Param(0),
            last_offset: -1,
        });
        assert!(!with_inner.holds(&mut leaf(4, 64), &box3));
        let line = BoundsProof {
            accesses: vec![ProvedAccess {
                coef: [lin(1), lin(0), lin(0)],
                rest: lin(3),
                array: 1,
                in_loop: false,
            }],
            inner: None,
        };
        assert!(line.holds(&mut leaf(0, 103), &[(0, 100, 1)]));
        assert!(!line.holds(&mut leaf(0, 102), &[(0, 100, 1)]));
        assert!(!line.holds(&mut leaf(0, 103), &[(-4, 100, 1)]));
    }
}
