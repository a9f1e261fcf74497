#!/usr/bin/python3
"""Plots a syncsim sweep: one line per series (every combination of the
series axes' values, each named key=value in the legend), the metric
against the x axis, and a red cross for every point that did not complete
(deadlock, time limit, ...) or has no result (failed, timeout, not_run).
Writes OUT.png, OUT.svg and OUT.series.json (the series drawn, each with its
keys and points, and the crosses), so what the image shows can be checked.

Uses Debian's /usr/bin/python3 with python3-matplotlib."""
import argparse
import json
import math
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

MISSING = object()


def value(node, dotted):
    """The value at a dotted path. A result row's keys may hold dots
    themselves ("params" -> "platform.ffts.aggregation"), so at each level
    the longest key that matches wins: "params.platform.ffts.aggregation"
    is never read as "params.platform" followed by nothing."""
    if dotted == "":
        return node
    parts = dotted.split(".")
    if not isinstance(node, dict):
        return MISSING
    for n in range(len(parts), 0, -1):
        key = ".".join(parts[:n])
        if key in node:
            found = value(node[key], ".".join(parts[n:]))
            if found is not MISSING:
                return found
    return MISSING


def number(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def short(key):
    """What a legend calls an axis: its last dotted part."""
    return key.split(".")[-1]


def series_of(row, keys, point):
    values = {}
    for key in keys:
        v = value(row, key)
        if v is MISSING or v is None:
            sys.exit(f"plot_sweep: series key '{key}' has no value in point {point}")
        values[key] = v
    return values


def yscale_of(requested, ys):
    if requested != "auto":
        return requested
    positive = [y for y in ys if y > 0]
    # Values that span more than two decades read on a log axis.
    return "log" if positive and max(positive) / min(positive) > 100 else "linear"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("results")
    ap.add_argument("--x", required=True, help="dotted key of the x axis, e.g. params.workload.params.block_dim")
    ap.add_argument("--y", default="latency_median_ns")
    ap.add_argument("--series", action="append", default=[])
    ap.add_argument("--yscale", choices=["auto", "linear", "log"], default="auto")
    ap.add_argument("--out", required=True, help="output path without extension")
    a = ap.parse_args()

    with open(a.results) as f:
        results = json.load(f)
    series, failures = {}, []
    for i, row in enumerate(results["points"]):
        if row.get("status") == "impossible":
            continue
        keys = series_of(row, a.series, row.get("point", i))
        label = ", ".join(f"{short(k)}={v}" for k, v in keys.items()) or a.y
        x = number(value(row, a.x))
        entry = series.setdefault(label, {"label": label, "keys": keys, "points": []})
        if row.get("status") != "ran":  # failed, timeout, not_run: no result at all
            failures.append({"label": label, "x": x, "why": row.get("status")})
            continue
        y = number(row.get(a.y))
        if row.get("outcome") != "completed" or y is None or math.isnan(y):
            failures.append({"label": label, "x": x, "why": row.get("outcome")})
            continue
        entry["points"].append([x, y])
        # A band (bands: true): the least and most the point's figure takes
        # with its line's top estimates all at their lowering or raising ends.
        lo, hi = number(row.get("band_low")), number(row.get("band_high"))
        if lo is not None and hi is not None:
            entry.setdefault("band", []).append([x, lo, hi])
            entry["band_estimates"] = row.get("band_estimates", "")

    fig, ax = plt.subplots(figsize=(12, 6))
    drawn = [s for s in series.values() if s["points"]]
    for s in sorted(drawn, key=lambda s: s["label"]):
        s["points"].sort()
        line, = ax.plot([p[0] for p in s["points"]], [p[1] for p in s["points"]], marker="o",
                        label=s["label"])
        if s.get("band"):
            s["band"].sort()
            ax.fill_between([b[0] for b in s["band"]], [b[1] for b in s["band"]],
                            [b[2] for b in s["band"]], color=line.get_color(), alpha=0.15,
                            linewidth=0)
    scale = yscale_of(a.yscale, [v for s in drawn for p in s["points"] for v in [p[1]]]
                      + [v for s in drawn for b in s.get("band", []) for v in b[1:]])
    ax.set_yscale(scale)
    # Points that did not complete: a red cross at the axis floor, one legend
    # entry per series and outcome (or status).
    floor = min([p[1] for s in drawn for p in s["points"] if p[1] > 0] or [1]) / 2 if scale == "log" else 0
    seen = set()
    for f in failures:
        key = f"{f['label']}: {f['why']}"
        ax.scatter([f["x"]], [floor], marker="x", color="red", label=None if key in seen else key)
        seen.add(key)
    ax.set_xlabel(short(a.x))
    ax.set_ylabel(a.y + (" (log scale)" if scale == "log" else ""))
    title = results.get("description", "syncsim sweep")
    if any(s.get("band") for s in drawn):
        title += "\n(shaded: each line's top estimates at their plausible ends)"
    ax.set_title(title, fontsize=10)
    ax.grid(True, alpha=0.3, which="both")
    ax.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(f"{a.out}.{ext}")
    with open(f"{a.out}.series.json", "w") as f:
        json.dump({"x": a.x, "y": a.y, "yscale": scale,
                   "series": sorted(drawn, key=lambda s: s["label"]),
                   "not_completed": failures}, f, indent=2, sort_keys=True)
    print(f"wrote {a.out}.png, {a.out}.svg and {a.out}.series.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
