#!/usr/bin/env python3
"""A sweep's results as a Markdown table: one row per combination of the
axes other than X, one column per value of X, the cell the median round
latency (ns, or "-" where the point did not run) and, when the sweep asked
for bands, the band below it in brackets: the least and most the figure
takes with its line's top estimates at their plausible ends.

    scripts/sweep_table.py OUT/results.csv X [--y METRIC] [--drop AXIS=VALUE,AXIS=VALUE ...]

--drop leaves out the rows that match every AXIS=VALUE of one group.
The barrier-scaling table in docs/sweeps.md is this script's output for
configs/sweeps/barrier_scaling.yaml."""
import argparse
import csv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("x")
    ap.add_argument("--drop", action="append", default=[])
    ap.add_argument("--y", default="latency_median_ns")
    args = ap.parse_args()
    with open(args.csv, newline="") as f:
        reader = csv.DictReader(f)
        columns = reader.fieldnames
        rows = list(reader)
    # The CSV is: point, the axes, then the metrics from "status" on.
    axes = [k for k in columns[1:columns.index("status")] if k != args.x]
    drops = [dict(d.split("=", 1) for d in group.split(",")) for group in args.drop]
    xs, series, cells = [], [], {}
    for r in rows:
        if any(all(r.get(k) == v for k, v in d.items()) for d in drops):
            continue
        key = tuple(r[a] for a in axes)
        if r[args.x] not in xs:
            xs.append(r[args.x])
        if key not in series:
            series.append(key)
        y = r.get(args.y, "")
        cell = f"{float(y):.1f}" if r["status"] == "ran" and y else "-"
        low, high = r.get(f"{args.y}_band_low", ""), r.get(f"{args.y}_band_high", "")
        if cell != "-" and low and high:
            cell += f"<br>[{float(low):.0f}, {float(high):.0f}]"
        cells[key, r[args.x]] = cell
    short = [a.split(".")[-1] for a in axes]
    print("| " + " / ".join(short) + " \\ " + args.x.split(".")[-1] + " | " + " | ".join(xs) + " |")
    print("|---" * (len(xs) + 1) + "|")
    for key in series:
        print("| " + " ".join(key) + " | " + " | ".join(cells.get((key, x), "-") for x in xs) + " |")
    bands = {r.get(f"{args.y}_band_estimates", "") for r in rows} - {""}
    if bands:
        print()
        for key in series:
            names = next((r[f"{args.y}_band_estimates"] for r in rows
                          if tuple(r[a] for a in axes) == key
                          and r.get(f"{args.y}_band_estimates")), "")
            print(f"- {' '.join(key)}: band from {names or 'no estimate that moves it'}")


if __name__ == "__main__":
    main()
