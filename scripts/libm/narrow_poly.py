#!/usr/bin/env python3
"""The polynomials of the narrowed float sine and cosine (crates/ferrocl-opencl-writer/src/libm/narrow_trig.cl):
degree-4 polynomials S and C in z = r^2 for (sin r - r) / r^3 and (cos r - 1 + r^2 / 2) / r^4 on [0, pi/4 (1 + 2^-20)],
fitted by iteratively reweighted least squares on Chebyshev nodes (close to minimax), at 200 bits with mpmath; prints
the coefficients rounded to double and the largest relative error of the resulting sin and cos (exact arithmetic, 4000
points), and the second part of pi/2 for the two-step reduction. The narrowed functions need those errors well below
the rounding test's 2^-43; scripts/float-proof.sh then checks every float.

    python3 scripts/libm/narrow_poly.py
"""
import mpmath as mp
mp.mp.prec = 200
a = mp.pi/4 * (1 + mp.mpf(2)**-20)
def fit(f, basis, npts=400):
    # least squares on Chebyshev nodes in z = r^2, minimising relative error; then a few IRLS-style reweights (minimax-ish)
    nodes = [a * mp.cos(mp.pi*(k+0.5)/npts) for k in range(npts)]
    nodes = [x for x in nodes if x > 0]
    w = [mp.mpf(1)]*len(nodes)
    for it in range(30):
        A = mp.matrix(len(nodes), len(basis)); b = mp.matrix(len(nodes), 1)
        for i, x in enumerate(nodes):
            for j, g in enumerate(basis):
                A[i, j] = g(x) * w[i]
            b[i] = f(x) * w[i]
        c = mp.lu_solve(A.T*A, A.T*b)
        errs = [abs(sum(c[j]*basis[j](x) for j in range(len(basis))) - f(x)) for x in nodes]
        m = max(errs)
        w = [wi * (1 + 2*e/m) for wi, e in zip(w, errs)]
    return c
# sin(r)/r - 1 = r^2 * (S1 + S2 z + ... ) ; target: g(z) = (sin r - r)/r^3
fs = lambda r: (mp.sin(r) - r) / r**3
S = fit(fs, [lambda r, k=k: r**(2*k) for k in range(5)])
fc = lambda r: (mp.cos(r) - 1 + r*r/2) / r**4
C = fit(fc, [lambda r, k=k: r**(2*k) for k in range(5)])
Sd = [float(x) for x in S]; Cd = [float(x) for x in C]
print("S", [x.hex() for x in Sd]); print("C", [x.hex() for x in Cd])
# max relative error of the double-coefficient polynomials (exact arithmetic) over a dense grid
worst_s = worst_c = 0
for k in range(1, 4001):
    r = a * k / 4000
    z = r*r
    ps = sum(mp.mpf(Sd[j]) * z**j for j in range(5)); ys = r + r*z*ps
    pc = sum(mp.mpf(Cd[j]) * z**j for j in range(5)); yc = 1 - z/2 + z*z*pc
    worst_s = max(worst_s, abs(ys/mp.sin(r) - 1)); worst_c = max(worst_c, abs(yc/mp.cos(r) - 1))
print("max rel err sin 2^%.1f cos 2^%.1f" % (float(mp.log(worst_s, 2)), float(mp.log(worst_c, 2))))
P1 = float(mp.pi/2); P2 = float(mp.pi/2 - P1); print("P2'", P2.hex(), "residual 2^%.1f" % float(mp.log(abs(mp.pi/2 - P1 - P2), 2)))
