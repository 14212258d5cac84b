#!/usr/bin/env python3
"""Turns the multi-device run (.bench-bundle/multi.sh -> multi.jsonl) into a Markdown table and a chart.

    python3 scripts/multi-report.py MULTI_JSONL --name NAME [--device TEXT]

writes bench-results/NAME.md (also printed) and bench-results/NAME.png: per workload, the median time of each
configuration, its speed-up over the first (one-device) configuration, the scaling efficiency
(time on one / (devices x time on several); only for devices of one kind), each device's share and time, and whether every result was bit-identical
to the one-device run. matplotlib comes from build/bench-venv, as for bench-report.py."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "build", "bench-venv")
REQUIREMENTS = os.path.join(ROOT, "scripts", "bench-requirements.txt")


def ensure_matplotlib():
    try:
        import matplotlib  # noqa: F401

        return
    except ImportError:
        pass
    venv_python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("multi-report: matplotlib is missing from %s" % VENV)
    if not os.path.exists(venv_python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
    try:
        subprocess.check_call([venv_python, "-c", "import matplotlib"], stderr=subprocess.DEVNULL)
    except subprocess.CalledProcessError:
        subprocess.check_call([venv_python, "-m", "pip", "install", "-q", "-r", REQUIREMENTS])
    os.execv(venv_python, [venv_python, os.path.abspath(__file__)] + sys.argv[1:])


def short(device):
    # "NVIDIA H200 (NVIDIA CUDA, 1:0)" -> "H200 1:0"; PoCL's CPU device -> "CPU 0:0"
    name, _, rest = device.partition(" (")
    ident = rest.rstrip(")").split(", ")[-1] if rest else ""
    if "NVIDIA" in name:
        name = name.replace("NVIDIA ", "")
    elif "cpu" in name.lower() or "Portable" in rest:
        name = "CPU"
    return (name + " " + ident).strip()


def main():
    args = sys.argv[1:]
    if not args or "--name" not in args:
        sys.exit(__doc__)
    path = args[0]
    name = args[args.index("--name") + 1]
    device = args[args.index("--device") + 1] if "--device" in args else ""
    rows = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    ensure_matplotlib()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lines = []
    if device:
        lines.append(device)
        lines.append("")
    lines.append("| workload | size | devices | median ms | × one device | efficiency | shares (iterations, ms) | "
                 "bit-identical to one device | JVM samples matched |")
    lines.append("|---|---|---|--:|--:|--:|---|---|--:|")
    workloads = []
    for r in rows:
        if r["workload"] not in workloads:
            workloads.append(r["workload"])
        n = len(r["devices"].split("+"))
        speed = r["speedup_vs_reference"]
        uneven = len({short(s["device"]).split(" ")[0] for s in r["shares"]}) > 1 or any(
            short(s["device"]).startswith("CPU") for s in r["shares"]) or len(r["shares"]) < n
        eff = "%.2f" % (speed / n) if n > 1 and not uneven else "—"
        shares = "; ".join("%s: %s, %.1f" % (short(s["device"]), f"{s['iterations']:,}", s["ms"]) for s in r["shares"])
        jvm = "%d / %d" % (r["jvm_matched"], r["jvm_samples"]) if r["jvm_samples"] else "—"
        lines.append("| %s | %s | %s | %.2f | %.2f× | %s | %s | %s | %s |" % (
            r["workload"], r["size"], r["devices"], r["median_ms"], speed, eff, shares or "(one device)",
            "yes" if r["identical_to_reference"] else "**no**", jvm))
    text = "\n".join(lines) + "\n"
    out_md = os.path.join(ROOT, "bench-results", name + ".md")
    with open(out_md, "w", encoding="utf-8") as f:
        f.write(text)
    print(text)

    configs = []
    for r in rows:
        if r["devices"] not in configs:
            configs.append(r["devices"])
    fig, ax = plt.subplots(figsize=(8, 4.2))
    width = 0.8 / max(1, len(configs))
    for k, c in enumerate(configs):
        xs, ys = [], []
        for i, w in enumerate(workloads):
            for r in rows:
                if r["workload"] == w and r["devices"] == c:
                    xs.append(i + k * width)
                    ys.append(r["speedup_vs_reference"])
        bars = ax.bar(xs, ys, width, label=c)
        for x, y in zip(xs, ys):
            ax.text(x, y + 0.03, "%.2f" % y, ha="center", fontsize=8)
    ax.axhline(1.0, color="grey", linewidth=0.8)
    ax.axhline(2.0, color="grey", linewidth=0.8, linestyle="--")
    ax.set_xticks([i + width * (len(configs) - 1) / 2 for i in range(len(workloads))])
    ax.set_xticklabels(["%s\n%s" % (w, next(r["size"] for r in rows if r["workload"] == w)) for w in workloads],
                       fontsize=8)
    ax.set_ylabel("speed-up over one device (median)")
    import textwrap

    ax.set_title("\n".join(textwrap.wrap(device or "multi-device run", 95)), fontsize=8)
    ax.legend(fontsize=8)
    fig.tight_layout()
    out_png = os.path.join(ROOT, "bench-results", name + ".png")
    fig.savefig(out_png, dpi=120)
    print("wrote %s, %s" % (out_md, out_png))


if __name__ == "__main__":
    main()
