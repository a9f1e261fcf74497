#!/usr/bin/python3
"""Draws a syncsim sensitivity study as a tornado plot: one bar per
estimate that moved the ranking metric, from the metric at the estimate's
low end to the metric at its high end, across the baseline (a vertical
line); the largest swing on top. An estimate whose ends change the outcome
is labelled so in red. Writes OUT.png and OUT.svg.

Uses Debian's /usr/bin/python3 with python3-matplotlib."""
import argparse
import json
import math

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

UNITS = [(1e9, "s"), (1e6, "ms"), (1e3, "us"), (1.0, "ns")]


def unit_for(values):
    """The largest time unit the values are at least 1 of."""
    top = max((abs(v) for v in values), default=1.0)
    for scale, name in UNITS:
        if top >= scale:
            return scale, name
    return 1.0, "ns"


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("study", help="sensitivity.json")
    parser.add_argument("--out", required=True, help="output path without extension")
    parser.add_argument("--metric", help="the metric to draw (default: the study's ranking one)")
    parser.add_argument("--top", type=int, default=15, help="how many estimates to draw")
    args = parser.parse_args()
    with open(args.study) as f:
        study = json.load(f)
    metric = args.metric or study["primary"]
    base = study["baseline"].get(metric)
    bars = []
    for e in study["ranked"]:
        m = e["metrics"].get(metric, {})
        low, high = m.get("low"), m.get("high")
        if not e["flips"] and not m.get("swing"):
            continue  # moved other metrics, or nothing
        bars.append((e, low, high, m.get("swing", 0.0)))
    bars = bars[: args.top]
    values = [v for _, lo, hi, _ in bars for v in (lo, hi) if v is not None]
    if base is not None:
        values.append(base)
    scale, unit = unit_for(values or [1.0])
    fig, ax = plt.subplots(figsize=(10, 0.45 * max(len(bars), 3) + 1.6))
    labels = []
    for row, (e, low, high, swing) in enumerate(reversed(bars)):
        centre = base if base is not None else 0.0
        for end, value, colour in (("low", low, "tab:blue"), ("high", high, "tab:orange")):
            if value is None:
                continue
            ax.barh(row, (value - centre) / scale, left=centre / scale, color=colour,
                    label=f"at the {end} end" if row == 0 else None)
        label = f"{e['path']}  [{e['low']} .. {e['high']}]"
        if e["flips"]:
            o = e["outcome"]
            label += f"  FLIPS: {o['low']} / {o['base']} / {o['high']}"
        labels.append(label)
    ax.set_yticks(range(len(labels)))
    ax.set_yticklabels(labels, fontsize=8)
    for tick, (e, *_rest) in zip(ax.get_yticklabels(), list(reversed(bars))):
        if e["flips"]:
            tick.set_color("red")
    if base is not None:
        ax.axvline(base / scale, color="black", linewidth=1,
                   label=f"baseline {base / scale:.4g} {unit}")
    ax.set_xlabel(f"{metric} ({unit})")
    sets = " ".join(f"--set {s}" for s in study.get("sets", []))
    ax.set_title(f"{study['config']} {sets}\non {study['platform']}: {metric} at each estimate's "
                 "low and high end, one at a time", fontsize=9)
    handles, names = ax.get_legend_handles_labels()
    if handles:
        ax.legend(fontsize=8, loc="lower right")
    if not bars:
        ax.text(0.5, 0.5, "no estimate moved this metric", transform=ax.transAxes,
                ha="center")
    fig.tight_layout()
    for ext in ("png", "svg"):
        fig.savefig(f"{args.out}.{ext}", dpi=120)


if __name__ == "__main__":
    main()
