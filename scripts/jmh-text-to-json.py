#!/usr/bin/env python3
"""Rebuilds jmh.json from the result tables JMH prints, for a bench-bundle run whose JSON was lost (run.sh joins
the per-class JSON files only at its end, so a run cut short after its last benchmark keeps only the printed tables).

    python3 scripts/jmh-text-to-json.py RUN_LOG > jmh.json

Each table row becomes one JMH-shaped result: benchmark, mode, params (from the table's parenthesised columns),
primaryMetric {score, scoreError, scoreUnit, scorePercentiles}; SampleTime rows collect their `:pN` rows as
percentiles. What the tables do not print (raw samples, histograms, iteration settings) is absent, and
scripts/bench-report.py then reports what it can (no p10 for sampled rows)."""
import json
import re
import sys

SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")


def number(text):
    text = text.strip()
    if text.startswith("≈"):
        # "≈ 10⁻⁵": below the printed precision
        exp = text.split("10", 1)[1].translate(SUPERSCRIPT)
        return 10.0 ** int(exp)
    return float(text.replace(",", ""))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    lines = open(sys.argv[1], encoding="utf-8", errors="replace").read().splitlines()
    results = []
    by_key = {}
    i = 0
    while i < len(lines):
        head = lines[i]
        if not head.startswith("Benchmark ") or "Mode" not in head:
            i += 1
            continue
        params = re.findall(r"\((\w+)\)", head)
        i += 1
        while i < len(lines) and lines[i].strip():
            row = lines[i]
            i += 1
            # name, params..., mode, [cnt], score, [± error], unit
            m = re.match(r"^(\S+)\s+(.*?)\s+(avgt|sample|thrpt|ss)\s+(?:(\d+)\s+)?(≈ 10\S+|[\d.,]+)\s*(?:±\s*([\d.,]+))?\s+(\S+)\s*$", row)
            if not m:
                continue
            name, middle, mode, _cnt, score, error, unit = m.groups()
            values = middle.split()
            p = dict(zip(params, values)) if len(values) == len(params) else {}
            pct = None
            if ":p" in name:
                name, pct = name.split(":p", 1)
            bench = "dev.ferrocl.bench." + name
            mode = {"avgt": "avgt", "sample": "sample", "thrpt": "thrpt", "ss": "ss"}[mode]
            key = (bench, mode, tuple(sorted(p.items())))
            if pct is not None:
                r = by_key.get(key)
                if r is not None:
                    r["primaryMetric"]["scorePercentiles"]["%.1f" % (float(pct) * 100)] = number(score)
                continue
            r = {
                "benchmark": bench,
                "mode": mode,
                "params": p,
                "primaryMetric": {
                    "score": number(score),
                    "scoreError": number(error) if error else "NaN",
                    "scoreUnit": unit,
                    "scorePercentiles": {},
                },
                "reconstructedFromText": True,
            }
            by_key[key] = r
            results.append(r)
    json.dump(results, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
