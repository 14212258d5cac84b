#!/usr/bin/env python3
"""Merges the output folders of several run.sh calls (one bench-bundle run split across device calls, each call
running some benchmark classes) into one folder that scripts/bench-report.py reads as a single run.

    python3 scripts/bench-merge.py OUT_DIR RUN_DIR [RUN_DIR ...]

jmh.json arrays and kernel-times.jsonl lines are concatenated, except that a benchmark class run again in a later
folder replaces its results from the earlier ones (a class re-measured after a change); device.json is the first folder's with every
folder's class runs and selected benchmarks listed and the wall times added; any other file (overhead.txt, kernel-race.txt, ...) is copied
from the first folder that has it. Each folder must come from the same device (checked by its name)."""
import gzip
import json
import os
import shutil
import sys


def read(path):
    if os.path.exists(path):
        with open(path, "rb") as f:
            return f.read()
    if os.path.exists(path + ".gz"):
        with gzip.open(path + ".gz", "rb") as f:
            return f.read()
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, dirs = sys.argv[1], sys.argv[2:]
    os.makedirs(out, exist_ok=True)
    jmh, times, device = [], [], None
    for d in dirs:
        j = json.loads(read(os.path.join(d, "jmh.json")) or b"[]")
        # "dev.ferrocl.bench.MRIQBench.ferrocl" -> class MRIQBench, kernel-times name MRIQ
        classes = {r["benchmark"].rsplit(".", 2)[1] for r in j}
        names = {c[:-len("Bench")] for c in classes}
        jmh = [r for r in jmh if r["benchmark"].rsplit(".", 2)[1] not in classes] + j
        times = [line for line in times if json.loads(line).get("benchmark") not in names]
        t = read(os.path.join(d, "kernel-times.jsonl"))
        if t:
            times += [line for line in t.decode().splitlines() if line.strip()]
        dev = read(os.path.join(d, "device.json"))
        if dev:
            dev = json.loads(dev)
            if device is None:
                device = dev
            else:
                if dev.get("gpu") != device.get("gpu"):
                    sys.exit("%s: another device (%s, not %s)" % (d, dev.get("gpu"), device.get("gpu")))
                again = {r.get("class") for r in dev.get("runs") or []}
                device["runs"] = [r for r in device.get("runs") or [] if r.get("class") not in again] + (
                    dev.get("runs") or [])
                device["selected"] = sorted(set(device.get("selected") or []) | set(dev.get("selected") or []))
                native = device.get("native") or {}
                for k, v in (dev.get("native") or {}).items():
                    native.setdefault(k, v)
                device["native"] = native
                device["wallSeconds"] = (device.get("wallSeconds") or 0) + (dev.get("wallSeconds") or 0)
                device["jmhArgs"] = (device.get("jmhArgs") or []) + ["|"] + (dev.get("jmhArgs") or [])
        for name in os.listdir(d):
            if name in ("jmh.json", "kernel-times.jsonl", "device.json") or os.path.exists(os.path.join(out, name)):
                continue
            if os.path.isfile(os.path.join(d, name)):
                shutil.copy(os.path.join(d, name), os.path.join(out, name))
    with open(os.path.join(out, "jmh.json"), "w") as f:
        json.dump(jmh, f, indent=1)
    with open(os.path.join(out, "kernel-times.jsonl"), "w") as f:
        f.write("".join(line + "\n" for line in times))
    if device is not None:
        device["mergedFrom"] = len(dirs)
        with open(os.path.join(out, "device.json"), "w") as f:
            json.dump(device, f, indent=1)
    print("merged %d folders into %s: %d JMH results" % (len(dirs), out, len(jmh)))


if __name__ == "__main__":
    main()
