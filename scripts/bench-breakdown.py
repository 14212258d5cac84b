#!/usr/bin/env python3
"""Per-phase breakdown of kernel times: what each optimisation phase gains, per benchmark.

Usage: bench-breakdown.py OUT_NAME all=DIR tile=DIR coalesce=DIR ...

Each DIR is a bench run's raw directory (kernel-times.jsonl): `all` with every phase on, each other one with
that phase switched off (`BENCH_OPT="<phase>=false" bash .bench-bundle/run.sh ...`). For every benchmark and
size in the `all` run, the median kernel time of the Ferrocl variant in each run is compared: the gain of a
phase is (median with it off) / (median with everything on), so 2.0 means the phase halves the kernel time.
The hand-written kernel's median from the `all` run is listed beside. Writes bench-results/OUT_NAME.md and,
when matplotlib is available (run it with build/bench-venv/bin/python, which scripts/bench-report.py creates), bench-results/OUT_NAME.png (a bar per phase and benchmark, log scale).
"""
import json
import os
import statistics
import sys


def medians(directory):
    out = {}
    path = os.path.join(directory, "kernel-times.jsonl")
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            if r.get("type") != "kernel" or not r.get("nanos"):
                continue
            out[(r["benchmark"], r["size"], r["variant"])] = statistics.median(r["nanos"])
    return out


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    name = sys.argv[1]
    runs = []
    for arg in sys.argv[2:]:
        label, _, directory = arg.partition("=")
        runs.append((label, medians(directory)))
    if runs[0][0] != "all":
        sys.exit("the first run must be all=DIR (every phase on)")
    base = runs[0][1]
    phases = [label for label, _ in runs[1:]]
    rows = []
    for (bench, size, variant), t in sorted(base.items()):
        if variant != "ferrocl":
            continue
        hand = base.get((bench, size, "opencl"))
        gains = []
        for _, m in runs[1:]:
            off = m.get((bench, size, "ferrocl"))
            gains.append(off / t if off else None)
        rows.append((bench, size, t, hand, gains))
    rows = [r for r in rows if any(g is not None for g in r[4])]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench-results")
    md = [f"# Per-phase breakdown: {name}", "",
          "Kernel medians of the Ferrocl variant (OpenCL profiling), every phase on, and the gain of each phase: "
          "the median with that phase switched off over the median with everything on (1.00: no effect).", "",
          "| benchmark | size | Ferrocl kernel, µs | hand-written, µs | "
          + " | ".join(f"gain of {p}" for p in phases) + " |",
          "|---|---|---|---|" + "---|" * len(phases)]
    for bench, size, t, hand, gains in rows:
        cells = " | ".join("—" if g is None else f"{g:.2f}×" for g in gains)
        hand_s = "—" if hand is None else f"{hand / 1000:.1f}"
        md.append(f"| {bench} | {size} | {t / 1000:.1f} | {hand_s} | {cells} |")
    with open(os.path.join(root, f"{name}.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no chart")
        return
    labels = [f"{b} {s}" for b, s, *_ in rows]
    fig, ax = plt.subplots(figsize=(max(6, len(labels) * 0.9), 4))
    width = 0.8 / max(1, len(phases))
    for k, p in enumerate(phases):
        xs = [i + k * width for i in range(len(rows))]
        ys = [r[4][k] or 1.0 for r in rows]
        ax.bar(xs, ys, width, label=p)
    ax.set_yscale("log")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xticks([i + width * (len(phases) - 1) / 2 for i in range(len(rows))])
    ax.set_xticklabels(labels, rotation=45, ha="right")
    ax.set_ylabel("kernel time with the phase off / all on")
    ax.set_title(f"Gain of each phase ({name})")
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(root, f"{name}.png"), dpi=110)


if __name__ == "__main__":
    main()
