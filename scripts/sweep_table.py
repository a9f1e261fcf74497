#!/usr/bin/env python3
"""A sweep's results as a Markdown table: one row per combination of the
axes other than X, one column per value of X, the cell the median round
latency (ns, or "-" where the point did not run).

    scripts/sweep_table.py OUT/results.csv X [--drop AXIS=VALUE,AXIS=VALUE ...]

--drop leaves out the rows that match every AXIS=VALUE of one group (e.g.
soft barriers under the parallel FFTS aggregation, which they do not use).
The README's barrier table is this script's output for
configs/sweeps/barrier_scaling.yaml."""
import argparse
import csv

FIXED = {"point", "status", "outcome", "rounds", "latency_min_ns", "latency_median_ns",
         "latency_max_ns", "skew_median_ns", "sim_time_ns", "poll_timeouts", "wall_s",
         "resumptions", "resumptions_per_s", "exit_code", "signal", "reason"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("x")
    ap.add_argument("--drop", action="append", default=[])
    ap.add_argument("--y", default="latency_median_ns")
    args = ap.parse_args()
    with open(args.csv, newline="") as f:
        rows = list(csv.DictReader(f))
    axes = [k for k in rows[0] if k not in FIXED and k != args.x]
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
        cells[key, r[args.x]] = f"{float(y):.1f}" if r["status"] == "ran" and y else "-"
    short = [a.split(".")[-1] for a in axes]
    print("| " + " / ".join(short) + " \\ " + args.x.split(".")[-1] + " | " + " | ".join(xs) + " |")
    print("|---" * (len(xs) + 1) + "|")
    for key in series:
        print("| " + " ".join(key) + " | " + " | ".join(cells.get((key, x), "-") for x in xs) + " |")


if __name__ == "__main__":
    main()
