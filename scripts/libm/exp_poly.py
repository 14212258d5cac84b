#!/usr/bin/env python3
"""The polynomial of Math.exp on the device (crates/ferrocl-opencl-writer/src/libm/exp.cl): Q of degree D (default 10) with
e^r ~ 1 + r + r^2 Q(r) on |r| <= 0.3466 (just above ln2/2), fitted for the least largest relative error of e^r by
iteratively reweighted least squares on Chebyshev nodes (close to minimax), at 160 bits with mpmath; prints that error
for the coefficients rounded to double (exact arithmetic, 8000 points) and the coefficients, lowest degree first.

    python3 scripts/libm/exp_poly.py [D]
"""
import sys

import mpmath as mp
mp.mp.prec = 160
a = mp.mpf('0.3466')  # > ln2/2 = 0.34657
D = int(sys.argv[1]) if len(sys.argv) > 1 else 10


def fit(npts=300):
    nodes = [a * mp.cos(mp.pi*(k+0.5)/npts) for k in range(npts)]
    f = lambda r: (mp.exp(r) - 1 - r) / r**2
    wt = lambda r: r**2 / mp.exp(r)
    w = [mp.mpf(1)]*len(nodes)
    for it in range(25):
        A = mp.matrix(len(nodes), D+1); b = mp.matrix(len(nodes), 1)
        for i, x in enumerate(nodes):
            for j in range(D+1):
                A[i, j] = x**j * wt(x) * w[i]
            b[i] = f(x) * wt(x) * w[i]
        c = mp.lu_solve(A.T*A, A.T*b)
        errs = [abs(sum(c[j]*x**j for j in range(D+1)) - f(x))*wt(x) for x in nodes]
        m = max(errs)
        w = [wi * (1 + 2*e/m) for wi, e in zip(w, errs)]
    return c


c = fit()
cd = [float(x) for x in c]
worst = 0
for k in range(-4000, 4001):
    r = a * k / 4000
    if r == 0: continue
    q = sum(mp.mpf(cd[j]) * r**j for j in range(D+1))
    y = 1 + r + r*r*q
    worst = max(worst, abs(y/mp.exp(r) - 1))
print(D, "max rel err 2^%.2f" % float(mp.log(worst, 2)))
print([x.hex() for x in cd])
