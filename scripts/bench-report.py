#!/usr/bin/env python3
"""Turns one benchmark run (scripts/bench-gpu.sh's run.sh output) into the committed results.

    python3 scripts/bench-report.py RUN_DIR [--out-dir bench-results] [--no-chart]

RUN_DIR holds what run.sh leaves in $OUT (each file may also be gzipped, as finished runs keep them): jmh.json
(JMH's JSON), kernel-times.jsonl (OpenCL-profiled kernel
times and Ferrocl's JIT / driver-build times, written by the benchmarks), device.json (GPU, driver, the OpenCL
device Ferrocl used, host CPUs, date, which benchmarks were selected and how each class's run ended).
--jmh / --kernel-times / --device name the files one by one instead.

Writes, under --out-dir (default bench-results/), <date>-<device-slug>.json (every figure), .png (the chart,
matplotlib: installed into build/bench-venv on first use) and .md (the README table, also printed).

Also read from RUN_DIR when there: kernel-race.txt (bench-native/kernel_race.c) and overhead.txt
(bench-native/overhead.c). OverheadBench and BandwidthBench get tables of their own: "Overhead per execute (µs)"
(the JMH variants and overhead.txt's bare-OpenCL figures side by side) and "Host-device bandwidth" (GB/s = bytes
moved / JMH's time per operation), not rows of the main table or the chart.

Works with whatever benchmarks, variants and sizes are present; a missing figure is shown as "—" with a
footnote saying why. Nothing is ever estimated or filled in.
"""

import argparse
import datetime
import gzip
import json
import math
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "build", "bench-venv")
REQUIREMENTS = os.path.join(ROOT, "scripts", "bench-requirements.txt")

# The variants, in the order shown, and what they are called in the chart.
VARIANTS = ["sequential", "parallelStreams", "ferrocl", "ferroclKept", "ferroclRelaxed", "opencl", "aparapi"]
LABELS = {
    "sequential": "sequential Java",
    "parallelStreams": "parallel streams",
    "ferrocl": "Ferrocl",
    "ferroclKept": "Ferrocl, input kept on the device",
    "ferroclRelaxed": "Ferrocl, relaxed math",
    "opencl": "hand-written OpenCL",
    "aparapi": "Aparapi",
}
DASH = "—"
# Benchmarks with tables of their own instead of rows in the main table and the chart: their variants are not the
# suite's (OverheadBench keeps its arrays on the device; BandwidthBench's variants are transfer directions).
OWN_TABLES = {"Overhead", "Bandwidth"}


# ------------------------------------------------------------------------------------------- matplotlib


def ensure_matplotlib():
    """Imports matplotlib, re-running this script in build/bench-venv (created and filled if missing)."""
    try:
        import matplotlib  # noqa: F401

        return True
    except ImportError:
        pass
    venv_python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("bench-report: matplotlib is missing from %s; delete it and rerun" % VENV)
    if not os.path.exists(venv_python):
        print("bench-report: creating %s with matplotlib (pip)" % VENV, file=sys.stderr)
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    try:
        subprocess.check_call([venv_python, "-c", "import matplotlib"], stderr=subprocess.DEVNULL)
    except subprocess.CalledProcessError:
        subprocess.check_call([venv_python, "-m", "pip", "install", "-q", "-r", REQUIREMENTS])
    os.execv(venv_python, [venv_python, os.path.abspath(__file__)] + sys.argv[1:])


# ------------------------------------------------------------------------------------------- reading


def load_json(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def load_jsonl(path):
    rows = []
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as e:
                print("bench-report: %s:%d skipped (%s)" % (path, n, e), file=sys.stderr)
    return rows


def number(x):
    """JMH writes "NaN" (a string) where there is no figure."""
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(v) or math.isinf(v) else v


TIME_UNITS_MS = {"ns": 1e-6, "us": 1e-3, "\u00b5s": 1e-3, "ms": 1.0, "s": 1e3, "min": 6e4}


def to_ms_per_op(score, error, unit):
    """JMH's score in any time unit, or a throughput, as milliseconds per operation."""
    if score is None:
        return None, None
    m = re.fullmatch(r"(\w+|\u00b5s)/op", unit)
    if m and m.group(1) in TIME_UNITS_MS:
        k = TIME_UNITS_MS[m.group(1)]
        return score * k, (error * k if error is not None else None)
    m = re.fullmatch(r"ops/(\w+|\u00b5s)", unit)
    if m and m.group(1) in TIME_UNITS_MS and score > 0:
        ms = TIME_UNITS_MS[m.group(1)] / score
        return ms, (ms * error / score if error is not None else None)  # first-order: same relative error
    raise SystemExit("bench-report: unknown JMH score unit %r" % unit)


def bench_name(full):
    """dev.ferrocl.bench.VectorAddBench.ferrocl -> (VectorAdd, ferrocl)."""
    cls, _, method = full.rpartition(".")
    simple = cls.rpartition(".")[2]
    return (simple[:-5] if simple.endswith("Bench") and len(simple) > 5 else simple), method


def size_label(params):
    params = dict(params or {})
    size = params.pop("size", None)
    parts = [str(size)] if size is not None else []
    parts += ["%s=%s" % kv for kv in sorted(params.items())]
    return ", ".join(parts) if parts else "-"


def size_key(label):
    """Orders sizes: "smoke" first, then by the first number (a product for 1024x1024), then as text."""
    first = label.split(",")[0].strip()
    if first == "smoke":
        return (0, 0.0, label)
    nums = re.findall(r"\d+(?:\.\d+)?", first)
    if nums:
        return (1, math.prod(float(n) for n in nums), label)
    return (2, 0.0, label)


def samples_of(metric):
    raw = metric.get("rawData")
    if raw:
        return sum(len(fork) for fork in raw)
    hist = metric.get("rawDataHistogram")
    if hist:
        return int(sum(c for fork in hist for it in fork for _, c in it))
    return None


def median(xs):
    return statistics.median(xs) if xs else None


# ------------------------------------------------------------------------------------------- the model


def build(jmh, kernel_lines, device):
    gpu = device.get("gpu") or {}
    ocl = (device.get("ferrocl") or {}).get("opencl") or {}
    host = (device.get("ferrocl") or {}).get("host") or {}
    dev_name = gpu.get("name") or ocl.get("name") or "unknown device"
    driver = gpu.get("driver") or ocl.get("version")

    figures = {}  # (bench, size, variant) -> figure
    meta = {}
    sampled = []  # SampleTime results: their percentiles join the same benchmark's average-time figure
    for r in jmh:
        bench, variant = bench_name(r["benchmark"])
        size = size_label(r.get("params"))
        pm = r["primaryMetric"]
        if r.get("mode") == "sample":
            sampled.append(((bench, size, variant), pm))
            continue
        score, err = to_ms_per_op(number(pm.get("score")), number(pm.get("scoreError")), pm.get("scoreUnit", "ms/op"))
        figures[(bench, size, variant)] = {
            "benchmark": bench,
            "variant": variant,
            "size": size,
            "device": dev_name,
            "driver": driver,
            "jmhBenchmark": r["benchmark"],
            "mode": r.get("mode"),
            "scoreMsPerOp": score,
            "scoreErrorMs": err,  # JMH's 99.9% half-interval; null where JMH gives none (one iteration)
            "samples": samples_of(pm),
            "forks": r.get("forks"),
            "warmup": "%s x %s" % (r.get("warmupIterations"), r.get("warmupTime")),
            "measurement": "%s x %s" % (r.get("measurementIterations"), r.get("measurementTime")),
        }
        for k in ("jmhVersion", "jdkVersion", "vmName", "vmVersion", "threads"):
            if k in r:
                meta.setdefault(k, r[k])

    for key, pm in sampled:
        pct = pm.get("scorePercentiles") or {}
        unit = pm.get("scoreUnit", "ms/op")
        f = figures.get(key)
        if f is None:
            continue
        # JMH's percentiles lack p10: all three from the sampled histogram when it is there.
        hist = sorted((number(v), c) for fork in pm.get("rawDataHistogram") or [] for it in fork for v, c in it)
        total = sum(c for _, c in hist)
        for name, p in (("medianMs", 0.5), ("p10Ms", 0.1), ("p90Ms", 0.9)):
            value = None
            if total:
                seen = 0
                for v, c in hist:
                    seen += c
                    if seen >= p * total:
                        value = v
                        break
            else:
                value = number(pct.get("%.1f" % (p * 100)))
            f[name], _ = to_ms_per_op(value, None, unit)
        f["sampleCount"] = samples_of(pm)

    # Kernel times: one line per (benchmark, variant, size, device) and fork; warmup calls included.
    kernels = {}
    compiles = {}
    kernel_devices = set()
    for line in kernel_lines:
        t = line.get("type")
        size = str(line.get("size"))
        if t == "kernel":
            kernels.setdefault((line["benchmark"], size, line["variant"]), []).extend(line.get("nanos") or [])
            if line.get("device"):
                kernel_devices.add(line["device"])
        elif t == "compile":
            compiles.setdefault((line["benchmark"], size), []).append(line)
    for (bench, size, variant), nanos in kernels.items():
        f = figures.get((bench, size, variant))
        if f is None:  # kernel times without a JMH score (the run failed after setup): keep them
            f = figures[(bench, size, variant)] = {
                "benchmark": bench, "variant": variant, "size": size, "device": dev_name, "driver": driver,
                "scoreMsPerOp": None, "scoreErrorMs": None, "samples": None,
            }
        f["kernelMedianNs"] = median(nanos)
        f["kernelMinNs"] = min(nanos) if nanos else None
        f["kernelSamples"] = len(nanos)
    compile_rows = []
    for (bench, size), lines in sorted(compiles.items(), key=lambda kv: (kv[0][0], size_key(kv[0][1]))):
        row = {"benchmark": bench, "size": size, "device": dev_name, "driver": driver, "count": len(lines)}
        for k in ("jitNanosCold", "buildNanosCold", "jitNanosCached", "buildNanosCached"):
            vals = [l[k] for l in lines if isinstance(l.get(k), (int, float))]
            row[k] = median(vals)
        compile_rows.append(row)
    compile_by = {(c["benchmark"], c["size"]): c for c in compile_rows}

    # What was asked for: a selected benchmark method without a score failed or was stopped.
    selected = {bench_name(full) for full in device.get("selected") or []}
    available = {bench_name(full) for full in device.get("available") or []}
    runs = {r.get("class", "").rpartition(".")[2]: r for r in device.get("runs") or []}

    benches = sorted(({k[0] for k in figures} | {b for b, _ in selected} | {k[0] for k in compile_by}) - OWN_TABLES)
    rows = []
    for bench in benches:
        sizes = sorted({k[1] for k in figures if k[0] == bench} | {k[1] for k in compile_by if k[0] == bench},
                       key=size_key)
        if not sizes:
            sizes = ["-"]
        for size in sizes:
            fig = {v: figures.get((bench, size, v)) for v in VARIANTS}
            score = {v: (fig[v] or {}).get("scoreMsPerOp") for v in VARIANTS}
            kern = {v: (fig[v] or {}).get("kernelMedianNs") for v in VARIANTS}

            def why(variant, kernel=False):
                if kernel and score.get(variant) is not None:
                    return "nokernel"
                if fig.get(variant) is not None or (bench, variant) in selected:
                    status = (runs.get(bench + "Bench") or {}).get("status") or ""
                    return "killed" if status.startswith("killed") else "skipped" if status.startswith(
                        "skipped") else "failed"
                if (bench, variant) in available:
                    return "notselected"
                if any(b == bench for b, _ in available | selected):
                    return "novariant"
                return "absent"

            def ratio(num, den, kernel=False):
                a = (kern if kernel else score)[num]
                b = (kern if kernel else score)[den]
                if a is not None and b is not None and b > 0:
                    return {"value": a / b}
                return {"value": None, "why": why(num if a is None else den, kernel)}

            c = compile_by.get((bench, size), {})
            rows.append({
                "benchmark": bench,
                "size": size,
                "ferroclMsPerOp": score["ferrocl"],
                "ferroclWhy": None if score["ferrocl"] is not None else why("ferrocl"),
                "ferroclErrorMs": (fig["ferrocl"] or {}).get("scoreErrorMs"),
                "speedupOverSequential": ratio("sequential", "ferrocl"),
                "speedupOverParallelStreams": ratio("parallelStreams", "ferrocl"),
                "speedupOverAparapi": ratio("aparapi", "ferrocl"),
                "fractionOfHandWritten": ratio("opencl", "ferrocl"),
                "kernelFractionOfHandWritten": ratio("opencl", "ferrocl", kernel=True),
                "keptMsPerOp": score["ferroclKept"],
                "keptSpeedupOverSequential": ratio("sequential", "ferroclKept"),
                "keptSpeedupOverParallelStreams": ratio("parallelStreams", "ferroclKept"),
                "keptKernelFractionOfHandWritten": ratio("opencl", "ferroclKept", kernel=True),
                "relaxedMsPerOp": score["ferroclRelaxed"],
                "relaxedSpeedupOverAparapi": ratio("aparapi", "ferroclRelaxed"),
                "relaxedSpeedupOverExact": ratio("ferrocl", "ferroclRelaxed"),
                "relaxedKernelFractionOfHandWritten": ratio("opencl", "ferroclRelaxed", kernel=True),
                "openclSpeedupOverSequential": ratio("sequential", "opencl"),
                "aparapiSpeedupOverSequential": ratio("sequential", "aparapi"),
                "parallelStreamsSpeedupOverSequential": ratio("sequential", "parallelStreams"),
                "jitMsCold": ns_to_ms(c.get("jitNanosCold")),
                "jitMsCached": ns_to_ms(c.get("jitNanosCached")),
                "buildMsCold": ns_to_ms(c.get("buildNanosCold")),
                "buildMsCached": ns_to_ms(c.get("buildNanosCached")),
                "classRun": (runs.get(bench + "Bench") or {}).get("status"),
            })

    info = {
        "date": device.get("date") or datetime.date.today().isoformat(),
        "time": device.get("time"),
        "device": dev_name,
        "driver": driver,
        "gpu": gpu,
        "opencl": ocl,
        "kernelTimesDevices": sorted(kernel_devices),
        "host": host,
        "jmh": meta,
        "jmhArgs": device.get("jmhArgs"),
        "classRuns": device.get("runs"),
        "aparapiDevices": device.get("aparapiDevices"),
        "env": device.get("env"),
        "wallSeconds": device.get("wallSeconds"),
    }
    order = {v: i for i, v in enumerate(VARIANTS)}
    fig_list = sorted(figures.values(),
                      key=lambda f: (f["benchmark"], size_key(f["size"]), order.get(f["variant"], 99), f["variant"]))
    return info, fig_list, compile_rows, rows


def ns_to_ms(x):
    return None if x is None else x / 1e6


# ------------------------------------------------------------------------------------------- output


def slug(text):
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "unknown-device"


def sig(x, digits=3):
    """A number with `digits` significant digits, without exponent notation for ordinary magnitudes."""
    if x is None:
        return None
    if x == 0:
        return "0"
    mag = math.floor(math.log10(abs(x)))
    decimals = max(0, digits - 1 - mag)
    return "{:,.{d}f}".format(x, d=decimals)


FOOTNOTES = {
    "absent": "no figure for this variant in this run",
    "notselected": "the variant exists but was not run (left out by the run's JMH arguments)",
    "novariant": "the benchmark has no such variant (e.g. Aparapi cannot express it)",
    "failed": "the variant was run but gave no figure (it failed: see run.log)",
    "killed": "its benchmark class was stopped at the run's deadline (BENCH_DEADLINE_S) before JMH wrote results",
    "skipped": "its benchmark class was not started: the run's deadline (BENCH_DEADLINE_S) had passed",
    "nokernel": "no kernel times were recorded for it",
    "nocompile": "no compile times were recorded (the Ferrocl variant did not get through setup, or was not run)",
}


def markdown(info, rows):
    notes = []

    def mark(reason):
        if reason not in notes:
            notes.append(reason)
        return "%s<sup>%d</sup>" % (DASH, notes.index(reason) + 1)

    def cell(r, suffix=""):
        if r["value"] is None:
            return mark(r["why"])
        return sig(r["value"]) + suffix

    def ms_pair(cold, cached):
        if cold is None and cached is None:
            return mark("nocompile")
        return "%s / %s" % (sig(cold) if cold is not None else DASH, sig(cached) if cached is not None else DASH)

    gpu = info["gpu"] or {}
    ocl = info["opencl"] or {}
    host = info["host"] or {}
    jmh = info["jmh"] or {}
    lines = []
    dev = "**%s**" % info["device"]
    if gpu.get("driver"):
        dev += ", driver %s" % gpu["driver"]
    if ocl and gpu.get("name"):
        dev += "; Ferrocl's OpenCL device: `%s` (%s, %s)" % (ocl.get("name"), ocl.get("platform"), ocl.get("version"))
    elif ocl:
        dev += " (OpenCL %s device: %s, %s)" % (ocl.get("type", ""), ocl.get("platform"), ocl.get("version"))
    lines.append("%s, %s." % (info["date"], dev))
    extra = []
    if host.get("cpus"):
        extra.append("host: %s × %s" % (host["cpus"], host.get("cpuModel") or "CPU"))
    if jmh.get("jmhVersion"):
        extra.append("JMH %s on %s %s" % (jmh["jmhVersion"], jmh.get("vmName", "JVM"), jmh.get("jdkVersion", "")))
    if info.get("aparapiDevices"):
        extra.append("Aparapi ran on: %s" % "; ".join(info["aparapiDevices"]))
    if info.get("jmhArgs"):
        extra.append("JMH arguments: `%s`" % " ".join(info["jmhArgs"]))
    if extra:
        lines.append("; ".join(extra) + ".")
    if rows:  # none when the run had only the benchmarks with tables of their own
        lines.append("")
        lines.append("| benchmark | size | Ferrocl ms/op | × sequential Java | × parallel streams | × Aparapi "
                     "| fraction of hand-written, end to end | fraction of hand-written, kernel "
                     "| JIT ms, cold / cached | driver build ms, cold / cached |")
        lines.append("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
        for r in rows:
            if r["ferroclMsPerOp"] is None:
                fer = mark(r["ferroclWhy"])
            else:
                fer = sig(r["ferroclMsPerOp"])
                if r["ferroclErrorMs"] is not None:
                    fer += " ± " + sig(r["ferroclErrorMs"], 2)
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                r["benchmark"], r["size"], fer,
                cell(r["speedupOverSequential"], "×"),
                cell(r["speedupOverParallelStreams"], "×"),
                cell(r["speedupOverAparapi"], "×"),
                cell(r["fractionOfHandWritten"]),
                cell(r["kernelFractionOfHandWritten"]),
                ms_pair(r["jitMsCold"], r["jitMsCached"]),
                ms_pair(r["buildMsCold"], r["buildMsCached"]),
            ))
        lines.append("")
        lines.append("End to end: JMH average time per operation (host arrays in, host arrays out), ± JMH's 99.9% "
                     "error where it has one; × X: X's time / Ferrocl's (above 1: Ferrocl faster). Ferrocl's and "
                     "the hand-written kernels' operations run with OpenCL profiling only for the first 32 of a "
                     "trial, in its warmup (since 2026-11-28; from 2026-11-26, the first 20 and one in 16 after them; "
                     "before, every one). Fraction "
                     "of hand-written: hand-written OpenCL's time / Ferrocl's (1: as fast; below 1: slower); "
                     "kernel: medians of the profiled operations' kernel times (warmup calls included). JIT: "
                     "bytecode → OpenCL C; "
                     "driver build: the OpenCL driver compiling it; cold: first compile in a fresh JVM, cached: "
                     "a second schedule of the same method.")
    kept = [r for r in rows if r.get("keptMsPerOp") is not None]
    if kept:
        lines.append("")
        lines.append("Input kept on the device (`TaskSchedule.keepOnDevice`: uploaded once, not at every execution; "
                     "the result still comes back to the Java array each time):")
        lines.append("")
        lines.append("| benchmark | size | Ferrocl kept ms/op | × sequential Java | × parallel streams "
                     "| fraction of hand-written, kernel |")
        lines.append("|---|---|--:|--:|--:|--:|")
        for r in kept:
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                r["benchmark"], r["size"], sig(r["keptMsPerOp"]),
                cell(r["keptSpeedupOverSequential"], "×"),
                cell(r["keptSpeedupOverParallelStreams"], "×"),
                cell(r["keptKernelFractionOfHandWritten"]),
            ))
    relaxed = [r for r in rows if r.get("relaxedMsPerOp") is not None]
    if relaxed:
        lines.append("")
        lines.append("Relaxed math (`TaskSchedule.relaxedMath(true)`, opt-in: `Math`'s functions as OpenCL's "
                     "built-ins, `a * b + c` contractible; results within OpenCL's bounds, not Java's bits):")
        lines.append("")
        lines.append("| benchmark | size | Ferrocl relaxed ms/op | × exact Ferrocl | × Aparapi "
                     "| fraction of hand-written, kernel |")
        lines.append("|---|---|--:|--:|--:|--:|")
        for r in relaxed:
            lines.append("| %s | %s | %s | %s | %s | %s |" % (
                r["benchmark"], r["size"], sig(r["relaxedMsPerOp"]),
                cell(r["relaxedSpeedupOverExact"], "×"),
                cell(r["relaxedSpeedupOverAparapi"], "×"),
                cell(r["relaxedKernelFractionOfHandWritten"]),
            ))
    failures = sum(r.get("jmhFailures") or 0 for r in info.get("classRuns") or [])
    if failures:
        lines.append("")
        lines.append("JMH reported %d failed iteration(s) or setup(s) in this run (`<failure>` in run.log); a size "
                     "whose every variant failed has no row." % failures)
    for i, reason in enumerate(notes, 1):
        lines.append("")
        lines.append("<sup>%d</sup> %s: %s." % (i, DASH, FOOTNOTES[reason]))
    return "\n".join(lines) + "\n"


def chart(info, rows, path, all_sizes=False):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    if all_sizes:
        picked = rows
    else:  # the largest size of each benchmark
        last = {}
        for r in rows:
            if r["ferroclMsPerOp"] is not None or r["benchmark"] not in last:
                if r["benchmark"] not in last or size_key(r["size"]) >= size_key(last[r["benchmark"]]["size"]):
                    last[r["benchmark"]] = r
        picked = [last[b] for b in sorted(last)]
    keys = ("speedupOverSequential", "openclSpeedupOverSequential", "aparapiSpeedupOverSequential",
            "parallelStreamsSpeedupOverSequential", "kernelFractionOfHandWritten", "fractionOfHandWritten")
    if not any(r[k]["value"] is not None for r in picked for k in keys):
        print("bench-report: no figure to chart; no PNG written", file=sys.stderr)
        return False
    names = ["%s\n%s" % (r["benchmark"], r["size"]) for r in picked]
    n = len(picked)
    fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(max(8, 0.9 * n + 3), 9), constrained_layout=True)
    colors = {"ferrocl": "#d62728", "opencl": "#1f77b4", "aparapi": "#2ca02c", "parallelStreams": "#7f7f7f"}

    # (a) speedup over sequential Java, log scale
    series = [("ferrocl", "speedupOverSequential"), ("opencl", "openclSpeedupOverSequential"),
              ("aparapi", "aparapiSpeedupOverSequential"),
              ("parallelStreams", "parallelStreamsSpeedupOverSequential")]
    width = 0.8 / len(series)
    top = 1.0
    low = 1.0
    for j, (variant, key) in enumerate(series):
        xs, ys = [], []
        for i, r in enumerate(picked):
            v = r[key]["value"]
            x = i - 0.4 + width * (j + 0.5)
            if v is None:
                ax1.text(x, 1.0, DASH, ha="center", va="bottom", fontsize=9, color=colors[variant])
                continue
            xs.append(x)
            ys.append(v)
            top, low = max(top, v), min(low, v)
        # From 1 (as fast as sequential Java) up for a speedup, down for a slowdown.
        ax1.bar(xs, [y - 1.0 for y in ys], width, color=colors[variant], bottom=1.0)
        if variant == "ferrocl":
            for x, y in zip(xs, ys):
                ax1.text(x, y, sig(y, 2), ha="center", va="bottom" if y >= 1 else "top", fontsize=7)
    ax1.set_yscale("log")
    ax1.set_ylim(min(low / 2, 0.5), top * 3)
    ax1.axhline(1.0, color="black", linewidth=0.8)
    ax1.set_xlim(-0.5, n - 0.5)
    ax1.set_xticks(range(n))
    ax1.set_xticklabels(names, fontsize=8)
    ax1.set_ylabel("speedup over sequential Java (×, log)")
    ax1.set_title("(a) end to end, speedup over sequential Java (— : no figure)")
    ax1.legend(handles=[Patch(color=colors[v], label=LABELS[v]) for v, _ in series], fontsize=8, ncol=4,
               loc="upper left")

    # (b) fraction of hand-written OpenCL
    series2 = [("kernelFractionOfHandWritten", "kernel only (profiled)", "#9467bd"),
               ("fractionOfHandWritten", "end to end", "#ff7f0e")]
    width = 0.8 / len(series2)
    top = 1.2
    for j, (key, label, color) in enumerate(series2):
        xs, ys = [], []
        for i, r in enumerate(picked):
            v = r[key]["value"]
            x = i - 0.4 + width * (j + 0.5)
            if v is None:
                ax2.text(x, 0.0, DASH, ha="center", va="bottom", fontsize=9, color=color)
                continue
            xs.append(x)
            ys.append(v)
            top = max(top, v * 1.15)
        ax2.bar(xs, ys, width, color=color)
        for x, y in zip(xs, ys):
            ax2.text(x, y, sig(y, 2), ha="center", va="bottom", fontsize=7)
    ax2.axhline(1.0, color="black", linewidth=0.8)
    ax2.set_ylim(0, top)
    ax2.set_xlim(-0.5, n - 0.5)
    ax2.set_xticks(range(n))
    ax2.set_xticklabels(names, fontsize=8)
    ax2.set_ylabel("hand-written time / Ferrocl time")
    ax2.set_title("(b) Ferrocl as a fraction of hand-written OpenCL (1 = as fast, below 1 = slower)")
    ax2.legend(handles=[Patch(color=c, label=l) for _, l, c in series2], fontsize=8, loc="upper left")

    gpu = info.get("gpu") or {}
    title = "Ferrocl benchmarks, %s, %s" % (info["device"], info["date"])
    if gpu.get("driver"):
        title += " (driver %s)" % gpu["driver"]
    fig.suptitle(title)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


# ------------------------------------------------------------------------------------------- main


RACE_LINE = re.compile(r"^(\S+)/(\S+)\s+(cold|warm)\s+median\s+([\d.]+) us\s+min\s+([\d.]+)\s+p90\s+([\d.]+)"
                       r"\s+([\d.]+) GB/s\s+result\s+(\S+)(\s+WRONG)?")
RACE_HEAD = re.compile(r"^device: (.*?), (\d+) compute units.*?; n = (\d+), (\d+) timed launches")


def parse_race(path):
    """kernel-race.txt (bench-native/kernel_race.c's output) as a list of dicts, one per kernel, size and state."""
    out, n, device, reps = [], None, None, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            h = RACE_HEAD.match(line)
            if h:
                device, n, reps = h.group(1), int(h.group(3)), int(h.group(4))
                continue
            m = RACE_LINE.match(line)
            if m and n is not None:
                out.append({"device": device, "elements": n, "launches": reps, "variant": m.group(1),
                            "op": m.group(2), "state": m.group(3), "medianUs": float(m.group(4)),
                            "minUs": float(m.group(5)), "p90Us": float(m.group(6)), "gbPerS": float(m.group(7)),
                            "result": m.group(8), "wrong": bool(m.group(9))})
    return out


def race_markdown(race):
    """The race as a table: per size and op, hand-written and Ferrocl medians (cold and warm L2) and their ratio."""
    by = {}
    for r in race:
        by[(r["elements"], r["op"], r["state"], r["variant"])] = r
    keys = sorted({(r["elements"], r["op"]) for r in race})
    if not keys:
        return ""
    first = race[0]
    lines = ["", "Reduction kernels side by side (`bench-native/kernel_race.c`, %s: one resident buffer, %d launches "
             "of each kernel interleaved round-robin; cold: L2 flushed before each launch, warm: right after a launch "
             "of the same kernel; medians of OpenCL-profiled times):" % (first["device"], first["launches"]), "",
             "| elements | op | hand-written µs, cold / warm | Ferrocl µs, cold / warm | fraction of hand-written, "
             "cold / warm | Ferrocl GB/s, cold |",
             "|---|---|--:|--:|--:|--:|"]
    for n, op in keys:
        h = [by.get((n, op, st, "hand-written")) for st in ("cold", "warm")]
        f = [by.get((n, op, st, "ferrocl")) for st in ("cold", "warm")]
        if None in h or None in f:
            continue
        frac = ["%.3f" % (hh["medianUs"] / ff["medianUs"]) for hh, ff in zip(h, f)]
        wrong = " (WRONG result)" if any(x["wrong"] for x in h + f) else ""
        size = "2^%d" % (n.bit_length() - 1) if n & (n - 1) == 0 else str(n)
        lines.append("| %s | %s | %.2f / %.2f | %.2f / %.2f | %s / %s | %.0f%s |" % (
            size, op, h[0]["medianUs"], h[1]["medianUs"],
            f[0]["medianUs"], f[1]["medianUs"], frac[0], frac[1], f[0]["gbPerS"], wrong))
    return "\n".join(lines) + "\n"


OVERHEAD_LINE = re.compile(r"^overhead\s+(.*)$")


def parse_overhead(path):
    """overhead.txt (bench-native/overhead.c's output): the device line and one dict per size, queue and case."""
    device, out = None, []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("device: "):
                device = line[len("device: "):].split("; ")[0]
                continue
            m = OVERHEAD_LINE.match(line)
            if not m:
                continue
            kv = dict(p.split("=", 1) for p in m.group(1).split() if "=" in p)
            try:
                out.append({"device": device, "elements": int(kv["n"]), "queue": kv["queue"], "case": kv["case"],
                            "iterations": int(kv["iters"]), "medianUs": float(kv["median_us"]),
                            "p10Us": float(kv["p10_us"]), "p90Us": float(kv["p90_us"]), "minUs": float(kv["min_us"]),
                            "check": kv.get("check")})
            except (KeyError, ValueError) as e:
                print("bench-report: %s: line skipped (%s): %s" % (path, e, line), file=sys.stderr)
    return out


def own_figures(figures, bench):
    """{size: {variant: figure}} of one benchmark's JMH figures."""
    by = {}
    for f in figures:
        if f["benchmark"] == bench:
            by.setdefault(f["size"], {})[f["variant"]] = f
    return by


OVERHEAD_VARIANTS = [("ferrocl", "Ferrocl"), ("aparapi", "Aparapi"), ("aparapiNoGet", "Aparapi, no get"),
                     ("sequential", "sequential Java")]


def overhead_summary(figures, native):
    """OverheadBench's figures in µs per operation and overhead.txt's, one row per size."""
    jmh = own_figures(figures, "Overhead")
    nat = {}
    for r in native:
        nat.setdefault(str(r["elements"]), {})[(r["case"], r["queue"])] = r
    rows = []
    for size in sorted(set(jmh) | set(nat), key=size_key):
        row = {"size": size}
        for v, _ in OVERHEAD_VARIANTS:
            f = (jmh.get(size) or {}).get(v) or {}
            ms, err = f.get("scoreMsPerOp"), f.get("scoreErrorMs")
            row[v + "Us"] = None if ms is None else ms * 1e3
            row[v + "ErrorUs"] = None if err is None else err * 1e3
            for q in ("median", "p10", "p90"):
                x = f.get(q + "Ms")
                row[v + q.capitalize() + "Us"] = None if x is None else x * 1e3
        k = ((jmh.get(size) or {}).get("ferrocl") or {}).get("kernelMedianNs")
        row["ferroclKernelUs"] = None if k is None else k / 1e3
        for case in ("kernel+finish", "kernel+read"):
            for queue in ("plain", "profiling"):
                row["opencl %s %s" % (case, queue)] = (nat.get(size) or {}).get((case, queue))
        rows.append(row)
    return rows


def overhead_markdown(rows, device):
    if not rows:
        return ""

    def us(x, err=None):
        if x is None:
            return DASH
        return "%.2f" % x + (" ± %.2f" % err if err is not None else "")

    def sampled(r, v):
        if r.get(v + "MedianUs") is None:
            return DASH
        if r.get(v + "P10Us") is None or r.get(v + "P90Us") is None:
            return "%.2f" % r[v + "MedianUs"]
        return "%.2f (%.2f–%.2f)" % (r[v + "MedianUs"], r[v + "P10Us"], r[v + "P90Us"])

    def nat(r):
        if r is None:
            return DASH
        return "%.2f (%.2f–%.2f)%s" % (r["medianUs"], r["p10Us"], r["p90Us"],
                                        "" if r.get("check") == "ok" else " WRONG")

    native_dev = next((r["opencl kernel+finish plain"]["device"] for r in rows if r["opencl kernel+finish plain"]),
                      None)
    lines = ["", "Overhead per execute (µs): `c[i] = a[i] + 1` over n ints, arrays resident on the device "
             "(OverheadBench: JMH's average time per operation ± its 99.9%% error, and the median (p10–p90) of "
             "JMH's sampled operations, %s; bench-native/overhead.c: "
             "medians (p10–p90) of %s timed iterations on %s, plain / profiling queue):" % (
                 device, next((r["opencl kernel+finish plain"]["iterations"] for r in rows
                               if r["opencl kernel+finish plain"]), DASH), native_dev or DASH), "",
             "| n | Ferrocl `execute()`, average | Ferrocl `execute()`, median (p10–p90) | Aparapi `execute` + "
             "`get(c)`, average | Aparapi `execute` + `get(c)`, median (p10–p90) | Aparapi `execute` only | "
             "Ferrocl kernel (profiled) | OpenCL enqueue + finish, plain / profiling queue | OpenCL enqueue + "
             "blocking read of c, plain / profiling queue | sequential Java |",
             "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for r in rows:
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s / %s | %s / %s | %s |" % (
            r["size"], us(r["ferroclUs"], r["ferroclErrorUs"]), sampled(r, "ferrocl"),
            us(r["aparapiUs"], r["aparapiErrorUs"]), sampled(r, "aparapi"),
            us(r["aparapiNoGetUs"], r["aparapiNoGetErrorUs"]), us(r["ferroclKernelUs"]),
            nat(r["opencl kernel+finish plain"]), nat(r["opencl kernel+finish profiling"]),
            nat(r["opencl kernel+read plain"]), nat(r["opencl kernel+read profiling"]),
            us(r["sequentialUs"], r["sequentialErrorUs"])))
    lines.append("")
    lines.append("Ferrocl: `TaskSchedule.keepOnDevice(a, c)`, each `execute()` launches the kernel and copies c back "
                 "into the Java array. Aparapi: explicit buffer management (`put(a)` once); \"execute only\" leaves "
                 "the result on the device, so it is not comparable with Ferrocl's figure. Ferrocl kernel: median "
                 "OpenCL-profiled kernel time over 200 executions in the benchmark's setup."
                 + (" %s: no figure in this run." % DASH if any(DASH in l for l in lines[4:]) else ""))
    return "\n".join(lines) + "\n"


BANDWIDTH_VARIANTS = [("upload", "host → device", 1, 0), ("download", "device → host", 0, 1),
                      ("roundTrip", "both ways", 1, 1)]


def bandwidth_summary(figures):
    """BandwidthBench's figures as GB/s: bytes the computation moves (4 bytes per float, each direction it needs)
    over JMH's time per operation."""
    rows = []
    for size, by in sorted(own_figures(figures, "Bandwidth").items(), key=lambda kv: size_key(kv[0])):
        try:
            n = int(size)
        except ValueError:
            n = None  # the smoke size: the benchmark's own constant, not in the results
        for v, direction, up, down in BANDWIDTH_VARIANTS:
            f = by.get(v)
            if f is None:
                continue
            ms = f.get("scoreMsPerOp")
            bytes_up = 4 * n * up if n is not None else None
            bytes_down = 4 * n * down if n is not None else None
            moved = None if n is None else bytes_up + bytes_down
            k = f.get("kernelMedianNs")
            rows.append({"size": size, "variant": v, "direction": direction, "bytesUp": bytes_up,
                         "bytesDown": bytes_down, "msPerOp": ms, "errorMs": f.get("scoreErrorMs"),
                         "gbPerS": moved / (ms * 1e-3) / 1e9 if moved is not None and ms else None,
                         "kernelMedianMs": None if k is None else k / 1e6})
    return rows


def bandwidth_markdown(rows, device):
    if not rows:
        return ""

    def mib(b):
        return DASH if b is None else ("%g" % (b / 2 ** 20)) if b else "0"

    lines = ["", "Host-device bandwidth through Ferrocl (BandwidthBench, %s; `float[]`, every element copied; "
             "GB/s: the bytes the computation must move / JMH's time per operation, 1 GB = 10^9 bytes):" % device, "",
             "| elements | variant | copies | MiB up | MiB down | ms/op | GB/s | kernel ms (profiled) |",
             "|---|---|---|--:|--:|--:|--:|--:|"]
    for r in rows:
        ms = DASH if r["msPerOp"] is None else sig(r["msPerOp"]) + (
            " ± " + sig(r["errorMs"], 2) if r["errorMs"] is not None else "")
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["size"], r["variant"], r["direction"], mib(r["bytesUp"]), mib(r["bytesDown"]), ms,
            DASH if r["gbPerS"] is None else "%.1f" % r["gbPerS"],
            DASH if r["kernelMedianMs"] is None else sig(r["kernelMedianMs"])))
    lines.append("")
    lines.append("upload: a `@Reduce` sum (one float back); download: `y[i] = i * 0.5f` (written, never read: a "
                 "runtime that still uploads such an array moves 2× the bytes counted here); roundTrip: "
                 "`y[i] = y[i] * 2f` (the GB/s counts both directions). Kernel: median OpenCL-profiled time "
                 "(warmup calls included)." + (" %s: no figure (the smoke size's element count is not in the "
                                               "results, or the run has none)." % DASH
                                               if any(DASH in l for l in lines[4:]) else ""))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("run_dir", nargs="?", help="the folder with jmh.json, kernel-times.jsonl, device.json")
    ap.add_argument("--jmh")
    ap.add_argument("--kernel-times")
    ap.add_argument("--device")
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "bench-results"))
    ap.add_argument("--name", help="the output files' base name (default <date>-<device-slug>)")
    ap.add_argument("--no-chart", action="store_true", help="skip the PNG (and matplotlib)")
    ap.add_argument("--all-sizes", action="store_true", help="chart every size, not only the largest")
    a = ap.parse_args()

    if not a.no_chart:
        ensure_matplotlib()

    def path(explicit, name, required):
        """The file given, or RUN_DIR/name, or its gzipped copy (finished runs keep theirs gzipped)."""
        p = explicit or (os.path.join(a.run_dir, name) if a.run_dir else None)
        if p and os.path.exists(p):
            return p
        if p and os.path.exists(p + ".gz"):
            return p + ".gz"
        if required:
            ap.error("%s not found (give RUN_DIR or --%s)" % (p or name, name.split(".")[0].replace("_", "-")))
        print("bench-report: no %s; going on without it" % (p or name), file=sys.stderr)
        return None

    jmh_path = path(a.jmh, "jmh.json", True)
    kt_path = path(a.kernel_times, "kernel-times.jsonl", False)
    dev_path = path(a.device, "device.json", False)
    jmh = load_json(jmh_path)
    kernel_lines = load_jsonl(kt_path) if kt_path else []
    device = load_json(dev_path) if dev_path else {}

    info, figures, compiles, rows = build(jmh, kernel_lines, device)
    base = a.name or "%s-%s" % (info["date"], slug(info["device"]))
    os.makedirs(a.out_dir, exist_ok=True)
    out_json = os.path.join(a.out_dir, base + ".json")
    out_png = os.path.join(a.out_dir, base + ".png")
    out_md = os.path.join(a.out_dir, base + ".md")

    doc = {
        "run": info,
        "figures": figures,
        "compile": [dict(c, **{k.replace("Nanos", "Ms"): ns_to_ms(c[k]) for k in
                               ("jitNanosCold", "buildNanosCold", "jitNanosCached", "buildNanosCached")})
                    for c in compiles],
        "summary": rows,
        "units": {"scoreMsPerOp": "ms/op (JMH, end to end)", "scoreErrorMs": "JMH 99.9% error, ms",
                  "kernel*Ns": "OpenCL profiling, ns", "*Ms": "ms", "ratios": "other / Ferrocl"},
    }
    race_path = os.path.join(a.run_dir, "kernel-race.txt") if a.run_dir else None
    race = parse_race(race_path) if race_path and os.path.exists(race_path) else []
    if race:
        doc["kernelRace"] = race
    overhead_path = os.path.join(a.run_dir, "overhead.txt") if a.run_dir else None
    native = parse_overhead(overhead_path) if overhead_path and os.path.exists(overhead_path) else []
    if native:
        doc["nativeOverhead"] = native
    overhead = overhead_summary(figures, native)
    if overhead:
        doc["overhead"] = overhead
    bandwidth = bandwidth_summary(figures)
    if bandwidth:
        doc["bandwidth"] = bandwidth
    with open(out_json, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    md = (markdown(info, rows) + overhead_markdown(overhead, info["device"]) + bandwidth_markdown(bandwidth, info["device"])
          + race_markdown(race))
    with open(out_md, "w", encoding="utf-8") as f:
        f.write(md)
    wrote = [out_json, out_md]
    if not a.no_chart and chart(info, rows, out_png, a.all_sizes):
        wrote.append(out_png)
    sys.stdout.write(md)
    print("\nwrote " + ", ".join(os.path.relpath(p) for p in wrote), file=sys.stderr)


if __name__ == "__main__":
    main()
