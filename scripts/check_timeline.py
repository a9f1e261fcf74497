#!/usr/bin/env python3
"""Checks a syncsim timeline (--timeline FILE.json or FILE.json.gz) against
what Perfetto and chrome://tracing need of a trace-event file, event by
event:

- every event has a known phase (M, X, i, C), a pid, a time; slices a
  duration; slices, instants and counters carry args;
- every track (pid, tid) with events is named before its first event, and
  every named track has events (no empty tracks);
- the slices of one track nest properly at the nanosecond, as Perfetto
  reads them (it rounds each time to the ns, llround(us * 1000), and drops
  a slice that overlaps the open one without nesting in it);
- and in IEEE double arithmetic, as readers that take ts + dur as it comes
  (speedscope, chrome://tracing) see them: a slice that ends at or before
  the next one's start in ns does so in doubles too, or they draw it as
  nested in its neighbour (a false staircase);
- and as speedscope (1.25) imports a track: it subtracts the track's first
  time from every time before adding each duration, and orders a slice's
  begin and end events by those sums (at equal times, an end before another
  slice's begin), so every slice must end, in that arithmetic, where it
  nests; a zero-length slice on a neighbour's boundary would be closed
  before it opens and stay open to the track's end;
- flows (v2: bind_id with flow_out / flow_in, on slices): each id has one
  start, every end has a start no later than itself, each start an end;
- each counter track's values are in strictly increasing time.

Usage: check_timeline.py FILE [--expect-flows] [--expect-counter SUBSTR]...
       [--expect-slice PREFIX]... [--window FROM_US TO_US]
Prints a summary line; exits 1 with every problem found (at most 20 shown).
"""
import argparse
import bisect
import collections
import gzip
import json
import math
import sys

PHASES = {"M", "X", "i", "C"}


def ns(us):
    """A time as Perfetto's JSON reader takes it: llround(us * 1000)."""
    return int(math.floor(us * 1000 + 0.5))


def load(path):
    with open(path, "rb") as f:
        magic = f.read(2)
    opener = gzip.open if magic == b"\x1f\x8b" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return json.load(f)


def speedscope_mismatches(items):
    """Replays speedscope 1.25's trace-event import of one track's slices
    (items: (ts, dur, name, args) in file order): the times rebased on the
    track's first, begins and ends in time order, at equal times an end
    before a begin that is not its own (unless another end of that time is
    the open slice's). Returns how many ends did not close the open slice,
    and how many slices stayed open at the end."""
    t0 = min(ts for ts, _, _, _ in items)
    keyed = [(ts - t0, dur, name + json.dumps(a, separators=(",", ":")), name)
             for ts, dur, name, a in items]
    order = sorted(range(len(keyed)), key=lambda i: (keyed[i][0], -keyed[i][1]))
    begins = sorted(order, key=lambda i: keyed[i][0])
    ends = sorted(order, key=lambda i: keyed[i][0] + keyed[i][1])
    end_at = [keyed[i][0] + keyed[i][1] for i in ends]
    stack, wrong, b, e = [], 0, 0, 0
    while b < len(begins) or e < len(ends):
        if e == len(ends):
            take_begin = True
        elif b == len(begins):
            take_begin = False
        else:
            tb, te = keyed[begins[b]][0], end_at[e]
            take_begin = tb < te or (tb == te and keyed[begins[b]][2] == keyed[ends[e]][2])
        if take_begin:
            stack.append(begins[b])
            b += 1
            continue
        if stack:  # prefer, among ends at this time, the open slice's
            top = stack[-1]
            for same in (lambda j: keyed[j][2] == keyed[top][2],
                         lambda j: keyed[j][3] == keyed[top][3]):
                j = e + 1
                while j < len(ends) and end_at[j] == end_at[e] and not same(ends[j]):
                    j += 1
                if j < len(ends) and end_at[j] == end_at[e]:
                    ends[e], ends[j] = ends[j], ends[e]
                    end_at[e], end_at[j] = end_at[j], end_at[e]
                    break
        closing = ends[e]
        e += 1
        if not stack or keyed[stack[-1]][3] != keyed[closing][3]:
            wrong += 1
            continue
        stack.pop()
    return wrong, len(stack)


def check(doc, args):
    problems = []

    def bad(msg):
        problems.append(msg)

    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        return ["the file is not an object with a traceEvents list"], {}
    events = doc["traceEvents"]
    named_threads, named_processes = set(), set()
    used_threads, used_processes = collections.Counter(), set()
    slices = collections.defaultdict(list)
    float_ends = collections.defaultdict(list)  # (ts, ts + dur in doubles, event, end in ns)
    as_imported = collections.defaultdict(list)  # (ts, dur, name, args) in file order
    flows_out, flows_in = {}, collections.defaultdict(list)
    counters = collections.defaultdict(list)
    names = collections.Counter()
    for n, e in enumerate(events):
        where = f"event {n} ({e.get('name')!r})"
        ph = e.get("ph")
        if ph not in PHASES:
            bad(f"{where}: phase {ph!r} is not one of {sorted(PHASES)}")
            continue
        if not isinstance(e.get("pid"), int):
            bad(f"{where}: no integer pid")
            continue
        pid = e["pid"]
        if ph == "M":
            if e.get("name") == "process_name":
                named_processes.add(pid)
            elif e.get("name") == "thread_name":
                named_threads.add((pid, e.get("tid")))
            continue
        ts = e.get("ts")
        if not isinstance(ts, (int, float)) or ts < 0:
            bad(f"{where}: time {ts!r} is not a number >= 0")
            continue
        if not isinstance(e.get("args"), dict) or (ph != "C" and not e["args"]):
            bad(f"{where}: no args")
        if pid not in named_processes:
            bad(f"{where}: process {pid} is not named before its first event")
        used_processes.add(pid)
        if args.window and not (args.window[0] - 5e-4 <= ts <= args.window[1] + 5e-4):
            bad(f"{where}: at {ts} us, outside the window {args.window}")
        names[e.get("name")] += 1
        if ph == "C":
            values = e["args"]
            if not values or not all(isinstance(v, (int, float)) for v in values.values()):
                bad(f"{where}: a counter needs numeric args")
            counters[(pid, e.get("name"))].append(ns(ts))
            continue
        track = (pid, e.get("tid"))
        if track not in named_threads:
            bad(f"{where}: track {track} is not named before its first event")
        used_threads[track] += 1
        if ph == "X":
            dur = e.get("dur")
            if not isinstance(dur, (int, float)) or dur < 0:
                bad(f"{where}: slice duration {dur!r} is not a number >= 0")
                continue
            if args.window and ts + dur > args.window[1] + 5e-4:
                bad(f"{where}: ends at {ts + dur} us, after the window")
            slices[track].append((ns(ts), ns(dur), n))
            float_ends[track].append((ts, ts + dur, n, ns(ts) + ns(dur)))
            as_imported[track].append((ts, dur, str(e.get("name")), e.get("args")))
            if "bind_id" in e:
                fid = e["bind_id"]
                if e.get("flow_out"):
                    if fid in flows_out:
                        bad(f"{where}: flow {fid} starts twice")
                    flows_out[fid] = ns(ts)
                elif e.get("flow_in"):
                    flows_in[fid].append((ns(ts), where))
                else:
                    bad(f"{where}: bind_id without flow_out or flow_in")
        elif "bind_id" in e:
            bad(f"{where}: a flow on an instant (Perfetto binds v2 flows to slices only)")
    for track in sorted(named_threads - set(used_threads), key=str):
        bad(f"track {track} is named but has no event")
    for pid in sorted(named_processes - used_processes):
        bad(f"process {pid} is named but has no event")
    # Nesting in ns: sorted by start, longer first; a slice that starts
    # inside an open one must end inside it too.
    for track, items in slices.items():
        open_ends = []
        for ts, dur, n in sorted(items, key=lambda s: (s[0], -s[1])):
            while open_ends and open_ends[-1] <= ts:
                open_ends.pop()
            if open_ends and ts + dur > open_ends[-1]:
                bad(f"event {n} on track {track}: [{ts}, {ts + dur}] ns overlaps a slice "
                    f"ending at {open_ends[-1]} ns without nesting in it")
            open_ends.append(ts + dur)
    # In doubles: each slice against the next one to start on its track
    # that, in ns, starts at or after its end (their ends met or parted).
    for track, items in float_ends.items():
        items.sort()
        starts = [ts for ts, _, _, _ in items]
        starts_ns = [ns(ts) for ts in starts]
        for ts, end, n, end_ns in items:
            if end == ts:
                continue
            # Its successor: the first slice to start at or after its end in
            # ns, as Perfetto reads both (a half-ns mark ends in the next ns).
            i = bisect.bisect_left(starts_ns, end_ns)
            if i < len(starts) and starts[i] < end:
                bad(f"event {n} on track {track}: ends at {end!r} us in double arithmetic "
                    f"(ts + dur), after the next slice's start {starts[i]!r} us")
    for track, items in as_imported.items():
        wrong, left_open = speedscope_mismatches(items)
        if wrong or left_open:
            bad(f"track {track}: as speedscope imports it (times rebased on the track's "
                f"first), {wrong} slice end(s) do not close the open slice and {left_open} "
                f"slice(s) stay open: it draws false nesting")
    for fid, ends in flows_in.items():
        if fid not in flows_out:
            bad(f"flow {fid}: {ends[0][1]} ends it, nothing starts it")
            continue
        for ts, where in ends:
            if ts < flows_out[fid]:
                bad(f"flow {fid}: {where} at {ts} ns ends it before its start at "
                    f"{flows_out[fid]} ns")
    for fid in flows_out:
        if fid not in flows_in:
            bad(f"flow {fid} starts but never ends")
    for (pid, name), times in counters.items():
        for a, b in zip(times, times[1:]):
            if b <= a:
                bad(f"counter {name!r}: a value at {b} ns follows one at {a} ns")
                break
    if args.expect_flows and not flows_out:
        bad("no flow in the file")
    for want in args.expect_counter:
        if not any(want in name for (_, name) in counters):
            bad(f"no counter track named like {want!r}")
    for want in args.expect_slice:
        if not any(str(name).startswith(want) for name in names):
            bad(f"no slice or instant named {want!r}...")
    summary = {
        "events": len(events),
        "tracks": len(used_threads),
        "slices": sum(len(v) for v in slices.values()),
        "flows": len(flows_out),
        "flow_ends": sum(len(v) for v in flows_in.values()),
        "counter_tracks": len(counters),
    }
    return problems, summary


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("file")
    p.add_argument("--expect-flows", action="store_true")
    p.add_argument("--expect-counter", action="append", default=[])
    p.add_argument("--expect-slice", action="append", default=[])
    p.add_argument("--window", nargs=2, type=float, metavar=("FROM_US", "TO_US"))
    args = p.parse_args()
    try:
        doc = load(args.file)
    except (OSError, ValueError) as e:
        print(f"{args.file}: not a readable trace-event file: {e}")
        return 1
    problems, summary = check(doc, args)
    print(f"{args.file}: " + ", ".join(f"{v} {k}" for k, v in summary.items()))
    for msg in problems[:20]:
        print(f"{args.file}: {msg}")
    if len(problems) > 20:
        print(f"{args.file}: ... and {len(problems) - 20} more problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
