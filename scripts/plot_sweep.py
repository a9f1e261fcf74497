#!/usr/bin/python3
"""Plots a syncsim sweep: one line per series (e.g. platform and mode), the
metric against the x axis, and a red cross for every point that did not
complete (deadlock, time limit, ...) or has no result (failed, timeout,
not_run). Writes OUT.png and OUT.svg.

Uses Debian's /usr/bin/python3 with python3-matplotlib."""
import argparse
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def value(row, dotted):
    node = row
    for i, part in enumerate(dotted.split(".")):
        if part not in node:
            rest = ".".join(dotted.split(".")[i:])
            if rest in node:
                return node[rest]
            return None
        node = node[part]
    return node


def number(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("--x", required=True, help="dotted key of the x axis, e.g. params.workload.params.block_dim")
    ap.add_argument("--y", default="latency_median_ns")
    ap.add_argument("--series", action="append", default=[])
    ap.add_argument("--out", required=True, help="output path without extension")
    a = ap.parse_args()

    with open(a.results) as f:
        results = json.load(f)
    lines, failures = {}, []
    for row in results["points"]:
        if row.get("status") == "impossible":
            continue
        x = number(value(row, a.x))
        label = ", ".join(str(value(row, s)) for s in a.series) or a.y
        if row.get("status") != "ran":  # failed, timeout, not_run: no result at all
            failures.append((label, x, row.get("status")))
            continue
        y = number(row.get(a.y))
        if row.get("outcome") != "completed" or y is None or math.isnan(y):
            failures.append((label, x, row.get("outcome")))
            continue
        lines.setdefault(label, []).append((x, y))

    fig, ax = plt.subplots(figsize=(8, 5))
    for label, pts in sorted(lines.items()):
        pts.sort()
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", label=label)
    # Points that did not complete: a red cross at y = 0, one legend entry per
    # series and outcome (or status).
    seen = set()
    for label, x, outcome in failures:
        key = f"{label}: {outcome}"
        ax.scatter([x], [0], marker="x", color="red", label=None if key in seen else key)
        seen.add(key)
    ax.set_xlabel(a.x.split(".")[-1])
    ax.set_ylabel(a.y)
    ax.set_title(results.get("description", "syncsim sweep"))
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(f"{a.out}.{ext}")
    print(f"wrote {a.out}.png and {a.out}.svg")
    return 0


if __name__ == "__main__":
    sys.exit(main())
