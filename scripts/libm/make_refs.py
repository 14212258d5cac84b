#!/usr/bin/env python3
"""Reference data for Ferrocl's libm tests: random inputs (with emphasis on hard regions) and the
correctly rounded exact result from mpmath, plus where the exact value lies between doubles.

File <name>.bin per function, little-endian records: x (f64 bits), y (f64 bits, binary functions only),
hi (f64: the exact result rounded to nearest), frac (f32: (exact - hi) / U, U the ulp of the exact value
as crates/ferrocl-opencl-writer/tests/libm.rs computes it from hi and the sign of frac).

    python3 scripts/libm/make_refs.py --n 2000 --seed 1 --out crates/ferrocl-opencl-writer/tests/libm-data
    python3 scripts/libm/make_refs.py --n 200000 --seed 7 --out /tmp/libm-big     # offline validation
"""
import argparse
import math
import os
import random
import struct
import sys
from multiprocessing import Pool

import mpmath
from mpmath import mp, mpf

PREC = 200
MAXD = sys.float_info.max
UNARY = ["sin", "cos", "tan", "asin", "acos", "atan", "exp", "expm1", "log", "log10", "log1p",
         "sinh", "cosh", "tanh", "cbrt"]
BINARY = ["atan2", "pow", "hypot"]


def bits(v):
    return struct.unpack("<Q", struct.pack("<d", v))[0]


def from_bits(b):
    return struct.unpack("<d", struct.pack("<Q", b & 0xFFFFFFFFFFFFFFFF))[0]


def exp_of(v):
    """floor(log2 |v|) for a nonzero double."""
    return math.frexp(v)[1] - 1


def ulp_rust(hi, below):
    """The U that libm.rs computes: ulp of hi's binade (at least 2^-1074), halved when the exact value
    lies below |hi| and |hi| is a normal power of two."""
    if hi == 0.0:
        return 2.0 ** -1074
    e = max(exp_of(hi), -1022)
    u = 2.0 ** (e - 52)
    if below and abs(hi) == 2.0 ** exp_of(hi) and exp_of(hi) > -1022:
        u /= 2
    return u


def round_ref(v):
    """(hi, frac) for the exact mpf v."""
    if v == 0:
        return 0.0, 0.0
    av = abs(v)
    _, e = mpmath.frexp(av)  # av = m * 2^e, m in [0.5, 1)
    e = int(e) - 1
    q = max(e, -1022) - 52
    n = int(mpmath.nint(av * mpf(2) ** (-q)))
    try:
        hi = math.ldexp(n, q)
    except OverflowError:
        hi = math.inf
    if hi > MAXD:
        hi = math.inf
    if v < 0:
        hi = -hi
    if math.isinf(hi):
        return hi, 0.0
    below = av < abs(mpf(hi))
    u = ulp_rust(hi, below)
    frac = float((v - mpf(hi)) / mpf(u))
    return hi, frac


def ref(name, x, y):
    mp.prec = PREC
    X = mpf(x)
    if name == "sin":
        v = mpmath.sin(X)
    elif name == "cos":
        v = mpmath.cos(X)
    elif name == "tan":
        v = mpmath.tan(X)
    elif name == "asin":
        v = mpmath.asin(X)
    elif name == "acos":
        v = mpmath.acos(X)
    elif name == "atan":
        v = mpmath.atan(X)
    elif name == "exp":
        v = mpmath.exp(X)
    elif name == "expm1":
        v = mpmath.expm1(X)
    elif name == "log":
        v = mpmath.log(X)
    elif name == "log10":
        v = mpmath.log10(X)
    elif name == "log1p":
        v = mpmath.log1p(X)
    elif name == "sinh":
        v = mpmath.sinh(X)
    elif name == "cosh":
        v = mpmath.cosh(X)
    elif name == "tanh":
        v = mpmath.tanh(X)
    elif name == "cbrt":
        v = mpmath.cbrt(abs(X)) * (1 if x > 0 else -1)
    elif name == "atan2":
        v = mpmath.atan2(X, mpf(y))
    elif name == "hypot":
        v = mpmath.sqrt(X * X + mpf(y) * mpf(y))
    elif name == "pow":
        Y = mpf(y)
        v = mpmath.exp(Y * mpmath.log(abs(X)))
        if x < 0 and y == int(y) and int(y) % 2 == 1:
            v = -v
    else:
        raise ValueError(name)
    return round_ref(v)


def rbits_finite(rng, lo_exp=-1074, hi_exp=1023, sign=None):
    """A double with exponent uniform in [lo_exp, hi_exp] and random mantissa."""
    e = rng.randint(lo_exp, hi_exp)
    m = 1 + rng.random()
    v = math.ldexp(m, e) if e >= -1022 else math.ldexp(rng.random(), -1022)
    if v > MAXD:
        v = MAXD
    s = sign if sign is not None else rng.choice((-1, 1))
    return s * v


def ulps_off(rng, v, k=4):
    b = bits(v) + rng.randint(-k, k)
    return from_bits(b)


def near_pio2(rng, kmax):
    k = rng.randint(1, kmax)
    mp.prec = 300
    v = float(mpf(k) * mpmath.pi / 2)
    return ulps_off(rng, v, 3) * rng.choice((-1, 1))


def gen(name, n, rng):
    out = []
    U = rng.uniform
    for i in range(n):
        c = rng.random()
        if name in ("sin", "cos", "tan"):
            if c < 0.25:
                x = U(-10, 10)
            elif c < 0.45:
                x = rbits_finite(rng, -40, 1023)
            elif c < 0.6:
                x = near_pio2(rng, 100)
            elif c < 0.7:
                x = near_pio2(rng, 1 << 28)
            elif c < 0.8:
                x = near_pio2(rng, 1 << 62)
            elif c < 0.9:
                x = rbits_finite(rng, 20, 40)
            else:
                x = rbits_finite(rng, -1074, 2)
            out.append((x, 0.0))
        elif name in ("asin", "acos"):
            if c < 0.4:
                x = U(-1, 1)
            elif c < 0.6:
                x = rng.choice((-1, 1)) * (1 - rbits_finite(rng, -53, -1, 1))
            elif c < 0.8:
                x = rbits_finite(rng, -60, -1)
            else:
                x = rbits_finite(rng, -1074, -1)
            out.append((x, 0.0))
        elif name == "atan":
            x = U(-4, 4) if c < 0.3 else rbits_finite(rng, -1074 if c < 0.4 else -40, 1023 if c > 0.9 else 70)
            out.append((x, 0.0))
        elif name == "exp":
            if c < 0.4:
                x = U(-745.2, 709.8)
            elif c < 0.6:
                x = rbits_finite(rng, -60, 9)
            elif c < 0.7:
                x = U(700, 709.8)
            elif c < 0.8:
                x = U(-745.2, -700)
            elif c < 0.9:
                x = U(-2, 2)
            else:
                x = rbits_finite(rng, -1074, -50)
            out.append((x, 0.0))
        elif name == "expm1":
            if c < 0.3:
                x = U(-40, 709.8)
            elif c < 0.6:
                x = rbits_finite(rng, -60, 2)
            elif c < 0.8:
                x = U(-1, 1)
            elif c < 0.9:
                x = U(-0.02, 0.02)
            else:
                x = rbits_finite(rng, -1074, 9)
            out.append((x, 0.0))
        elif name in ("log", "log10"):
            if c < 0.4:
                x = rbits_finite(rng, -1074, 1023, 1)
            elif c < 0.6:
                x = 1 + rng.choice((-1, 1)) * rbits_finite(rng, -53, -3, 1)
            elif c < 0.7 and name == "log10":
                x = ulps_off(rng, 10.0 ** rng.randint(-300, 300), 2)
            elif c < 0.8:
                x = U(0.5, 2)
            else:
                x = U(0, 100)
            out.append((x, 0.0))
        elif name == "log1p":
            if c < 0.3:
                x = rbits_finite(rng, -1074, 1023, 1)
            elif c < 0.6:
                x = rbits_finite(rng, -60, -1)
            elif c < 0.7:
                x = -1 + rbits_finite(rng, -53, -1, 1)
            else:
                x = U(-1, 3)
            out.append((x, 0.0))
        elif name in ("sinh", "cosh"):
            if c < 0.3:
                x = U(-711, 711)
            elif c < 0.5:
                x = rbits_finite(rng, -40, 1)
            elif c < 0.7:
                x = U(-3, 3)
            elif c < 0.8:
                x = rng.choice((-1, 1)) * U(705, 710.6)
            elif c < 0.9:
                x = U(-45, 45)
            else:
                x = rbits_finite(rng, -1074, 11)
            out.append((x, 0.0))
        elif name == "tanh":
            if c < 0.4:
                x = U(-23, 23)
            elif c < 0.7:
                x = rbits_finite(rng, -40, 1)
            elif c < 0.9:
                x = U(-1, 1)
            else:
                x = rbits_finite(rng, -1074, 10)
            out.append((x, 0.0))
        elif name == "cbrt":
            x = rbits_finite(rng, -1074, 1023) if c < 0.7 else U(-10, 10)
            out.append((x, 0.0))
        elif name == "hypot":
            if c < 0.3:
                x, y = rbits_finite(rng), rbits_finite(rng)
            elif c < 0.7:
                e = rng.randint(-1074, 1023)
                x = rbits_finite(rng, max(e - 30, -1074), min(e, 1023))
                y = rbits_finite(rng, max(e - 30, -1074), min(e, 1023))
            elif c < 0.85:
                x, y = rbits_finite(rng, 1015, 1023), rbits_finite(rng, 1015, 1023)
            else:
                x, y = rbits_finite(rng, -1074, -1015), rbits_finite(rng, -1074, -1015)
            out.append((x, y))
        elif name == "atan2":
            if c < 0.3:
                x, y = U(-10, 10), U(-10, 10)
            elif c < 0.6:
                e = rng.randint(-1074, 1023)
                x = rbits_finite(rng, max(e - 40, -1074), min(e + 40, 1023))
                y = rbits_finite(rng, max(e - 40, -1074), min(e + 40, 1023))
            else:
                x, y = rbits_finite(rng), rbits_finite(rng)
            out.append((y, x))  # atan2(y, x): first operand y
        elif name == "pow":
            if c < 0.35:
                x = rbits_finite(rng, -1074, 1023, 1)
                t = U(-745.3, 709.9)
                lx = math.log(x)
                y = t / lx if lx != 0 else U(-10, 10)
            elif c < 0.5:
                x = 1 + rng.choice((-1, 1)) * rbits_finite(rng, -53, -5, 1)
                y = rng.choice((-1, 1)) * rbits_finite(rng, 0, 60, 1)
            elif c < 0.65:
                x = rbits_finite(rng, -20, 20)
                y = float(rng.randint(-60, 60))
            elif c < 0.75:
                x = rbits_finite(rng, -30, 30, 1)
                y = rng.randint(-40, 40) + 0.5
            elif c < 0.85:
                x = U(0, 4)
                y = U(-30, 30)
            else:
                x = -rbits_finite(rng, -10, 10, 1)
                y = float(rng.randint(-300, 300))
            out.append((x, y))
    return out


def work(args):
    name, pairs = args
    res = []
    for x, y in pairs:
        hi, frac = ref(name, x, y)
        res.append((x, y, hi, frac))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--funcs", nargs="*", default=UNARY + BINARY)
    ap.add_argument("--jobs", type=int, default=os.cpu_count())
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with Pool(a.jobs) as pool:
        for name in a.funcs:
            rng = random.Random("%s-%d" % (name, a.seed))
            pairs = gen(name, a.n, rng)
            chunks = [(name, pairs[i:i + 500]) for i in range(0, len(pairs), 500)]
            rows = [r for part in pool.map(work, chunks) for r in part]
            with open(os.path.join(a.out, name + ".bin"), "wb") as f:
                for x, y, hi, frac in rows:
                    f.write(struct.pack("<d", x))
                    if name in BINARY:
                        f.write(struct.pack("<d", y))
                    f.write(struct.pack("<d", hi))
                    f.write(struct.pack("<f", frac))
            print(name, len(rows), flush=True)


if __name__ == "__main__":
    main()
