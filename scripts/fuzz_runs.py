#!/usr/bin/env python3
"""Fuzzes syncsim as a user drives it: whole runs of generated inputs.

Each case is one command line built from the shipped configs and platforms,
with generated --set values, output paths, trace selections, mutated config
and platform files, sweep files and broken plugin files. Every case must end
with exit 0, 1 or 2 (never 3, never a signal), within --case-seconds of wall
time and under 1 GiB of memory; an exit-2 message must fit in 4 KiB.

    scripts/fuzz_runs.py [--seed N] [--cases N] [--seconds S] [--findings DIR]
                         [--shard K/N]

The cases depend on the seed alone, so a time budget runs a prefix of the
same sequence on any machine, and --shard K/N runs the cases whose index is
K modulo N: N shards side by side run the sequence one alone would. A failing case is written to the findings
folder as a shell script that reproduces it, and the exit code is 1.
"""
import argparse
import os
import random
import re
import resource
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMORY_LIMIT_KIB = 1 << 20          # 1 GiB of resident memory per case
ADDRESS_SPACE_BYTES = 4 << 30       # as a batch system's ulimit -v would
MESSAGE_LIMIT = 4096                # an exit-2 message


def shipped(folder, suffix=".yaml"):
    out = []
    for root, _, files in os.walk(os.path.join(REPO, folder)):
        for f in sorted(files):
            if f.endswith(suffix):
                out.append(os.path.join(root, f))
    return sorted(out)


class Pools:
    """What cases are made of: keys, values, configs, files."""

    def __init__(self, syncsim):
        self.configs = [c for c in shipped("configs") if not self.is_sweep(c)]
        self.sweeps = [c for c in shipped("configs") if self.is_sweep(c)]
        self.platform_files = shipped("platforms")
        self.keys = ["limits.sim_time", "limits.max_events", "limits.wall_time", "platform",
                     "simulator.poll", "trace.vcd", "description", "expect.outcome",
                     "expect.stuck", "expect.checks", "workload.launch.block_dim",
                     "workload.launch.target", "workload.launch.meta", "workload.launch.defines",
                     "workload.kernel", "workload.host", "workload.plugin", "overrides"]
        # Numeric values as shipped, to vary within reason (runs that go deep).
        self.numbers = {}
        for platform in ("950pr", "910b1"):
            self.harvest([syncsim, "describe", "platform", platform], "platform.",
                         r"^([a-z_]+(?:\.[a-z_0-9]+)*)\s+(\S+)\s")
        self.harvest([syncsim, "list", "workloads"], "workload.params.",
                     r"^      ([a-z_0-9]+) = (\S+)\s")
        self.keys = sorted(set(self.keys))

    def harvest(self, command, prefix, row):
        """Keys (and numeric values) from the rows of a listing syncsim prints."""
        listing = subprocess.run(command, capture_output=True, text=True).stdout
        for line in listing.splitlines():
            m = re.match(row, line)
            if not m:
                continue
            self.keys.append(prefix + m.group(1))
            try:
                self.numbers[prefix + m.group(1)] = float(m.group(2))
            except ValueError:
                pass

    @staticmethod
    def is_sweep(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            return any(line.startswith("base:") for line in f)


VALUES = ["0", "1", "-1", "2", "3", "7", "8", "17", "48", "72", "4096", "65535", "65536",
          "1000000", "2147483648", "9223372036854775807", "99999999999999999999", "-99", "010",
          "0x10", "1e3", "1e12", "1.5", "nan", "inf", "-inf", "true", "false", "~", "''", "[]",
          "{}", "[1, 2]", "{a: 1}", "1 ps", "1 ns", "3us", "2500ns", "1 ms", "1 s", "100 s",
          "8640000 s", "0 s", "5ms..", "spin", "fast_forward", "hard", "soft", "mix", "aiv_only",
          "aic_only", "950pr", "910b1", "vortex", "dav-c310-vec", "dav-c220", "serial",
          "parallel", "none", "mix_aic_main", "\u00e9t\u00e9", "a b", "'x: y'", "\"q\"", "-",
          "x" * 300, "9" * 5000, "[" * 40 + "]" * 40]


def value(rng):
    return rng.choice(VALUES)


def mutate_text(rng, text):
    """A few line-level edits: delete, duplicate, change a value, insert junk."""
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        kind = rng.randrange(5)
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2 and ":" in lines[i]:
            head = lines[i].split(":", 1)[0]
            lines[i] = head + ": " + value(rng)
        elif kind == 3:
            lines.insert(i, rng.choice(["  junk: 1", "\t", "- x", "key", ": v", "a: [1, 2",
                                        "  " * rng.randint(1, 20) + "deep: 1", "%YAML 1.2",
                                        "---", "&a x", "*a"]))
        else:
            lines[i] = " " + lines[i]
    return "\n".join(lines) + "\n"


class Case:
    def __init__(self, index, args, note, folder):
        self.index, self.args, self.note, self.dir = index, args, note, folder
        self.exit_code = None


def make_case(rng, pools, index, work, syncsim_plugin):
    """The case `index`; files it needs go to `work`."""
    kind = rng.choices(["sets", "tweak", "outputs", "trace", "config", "platform", "sweep",
                        "plugin"], weights=[20, 20, 10, 8, 12, 10, 10, 10])[0]
    config = rng.choice(pools.configs)
    case_dir = os.path.join(work, "case%05d" % index)
    os.makedirs(case_dir, exist_ok=True)
    args = ["run", config]
    if kind == "sets":
        for _ in range(rng.randint(1, 3)):
            args += ["--set", rng.choice(pools.keys) + "=" + value(rng)]
    elif kind == "tweak":
        # Shipped numbers scaled: runs that are valid more often than not.
        for key in rng.sample(sorted(pools.numbers), rng.randint(1, 3)):
            scaled = pools.numbers[key] * rng.choice([0, 0.25, 0.5, 2, 3, 10, 100])
            args += ["--set", "%s=%s" % (key, int(scaled) if scaled == int(scaled) else scaled)]
    elif kind == "outputs":
        # A copy of the config, so that no output can reach the checkout.
        copy = os.path.join(case_dir, "config.yaml")
        shutil.copy(config, copy)
        args = ["run", copy]
        names = [os.path.join(case_dir, n) for n in ("a.json", "a.vcd", "a.csv", "a.jsonl",
                                                     "a.fst", "a.gtkw", "a.states.txt")]
        names += [copy, "/dev/null", case_dir, os.path.join(case_dir, "no/such/dir/x.json"),
                  os.path.join(case_dir, "x" * 300 + ".json"), os.path.join(case_dir, "fifo.json")]
        if not os.path.exists(os.path.join(case_dir, "fifo.json")):
            os.mkfifo(os.path.join(case_dir, "fifo.json"))
        for option in rng.sample(["--json", "--vcd", "--timeline", "--rounds", "--perf"],
                                 rng.randint(1, 3)):
            args += [option, rng.choice(names)]
    elif kind == "trace":
        args += ["--vcd", os.path.join(case_dir, "t.vcd")]
        choices = {"--window": ["1us..2us", "..5us", "5ms..", "rounds:1..2", "rounds:0..1", "..",
                                "3us..1us", "x", "rounds:2..", "1..2"],
                   "--cores": ["aiv", "aic3", "aiv0-15", "aiv 0", "aiv01", "aiv99999", "zz", "",
                               "aiv3-1", "aic,aiv"],
                   "--signals": ["cores", "rounds", "nope", "", "cores,rounds"]}
        for option in rng.sample(sorted(choices), rng.randint(1, 3)):
            args += [option, rng.choice(choices[option])]
    elif kind == "config":
        path = os.path.join(case_dir, "config.yaml")
        with open(config, encoding="utf-8") as f:
            text = mutate_text(rng, f.read())
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        args = ["run", path]
    elif kind == "platform":
        platforms = os.path.join(case_dir, "platforms")
        os.makedirs(platforms, exist_ok=True)
        for p in pools.platform_files:
            shutil.copy(p, platforms)
        target = os.path.join(platforms, os.path.basename(rng.choice(pools.platform_files)))
        with open(target, encoding="utf-8") as f:
            text = mutate_text(rng, f.read())
        with open(target, "w", encoding="utf-8") as f:
            f.write(text)
        args = ["--platforms", platforms, "run", config]
    elif kind == "sweep":
        base = rng.choice(pools.sweeps) if rng.random() < 0.3 else None
        if base is None:
            lines = ["base: " + os.path.join(REPO, "configs/sweeps/barrier_rounds_base.yaml"),
                     "combine: " + rng.choice(["product", "zip", "nope"]), "axes:"]
            for _ in range(rng.randint(0, 12)):
                count = rng.choice([1, 2, 3, 10, 12])
                lines.append("  %s: [%s]" % (rng.choice(pools.keys),
                                             ", ".join(value(rng) for _ in range(count))))
            if rng.random() < 0.5:
                lines.append("plot: {x: %s, y: %s, series: [%s]}" % (
                    rng.choice(pools.keys + ["nope"]), rng.choice(["latency_median_ns", "nope"]),
                    rng.choice(pools.keys)))
            base = os.path.join(case_dir, "sweep.yaml")
            with open(base, "w", encoding="utf-8") as f:
                f.write("\n".join(lines) + "\n")
        args = ["sweep", base, "--out", os.path.join(case_dir, "out"), "--slurm"]
    else:
        with open(syncsim_plugin, "rb") as f:
            data = bytearray(f.read())
        cut = rng.choice([0, 4, 64, 4096, len(data) // 2, len(data) - 1, len(data)])
        data = data[:cut]
        for _ in range(rng.randint(0, 4)):
            if data:
                data[rng.randrange(min(len(data), 256))] = rng.randrange(256)
        path = os.path.join(case_dir, "plugin.so")
        with open(path, "wb") as f:
            f.write(data)
        args = (["list", "workloads", "--plugin", path] if rng.random() < 0.3
                else ["run", config, "--set", "workload.plugin=" + path])
    if args[0] == "run" or (len(args) > 2 and args[2] == "run"):
        # The simulator's own bound: a case that outlives it is a finding.
        args += ["--set", "limits.wall_time=5 s"]
    return Case(index, args, kind, case_dir)


def run_case(syncsim, case, case_seconds, work):
    """Runs the case; returns why it failed, or None."""
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_BYTES, ADDRESS_SPACE_BYTES))
        os.setsid()
    out_path, err_path = os.path.join(work, "stdout.txt"), os.path.join(work, "stderr.txt")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        # Relative outputs land in the case's folder, never in the checkout.
        proc = subprocess.Popen([syncsim] + case.args, stdout=out, stderr=err,
                                stdin=subprocess.DEVNULL, preexec_fn=limit, cwd=case.dir)
    # Reaped here, not by subprocess, to read this child's own peak memory.
    deadline = time.monotonic() + case_seconds
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            os.killpg(proc.pid, signal.SIGKILL)
            os.wait4(proc.pid, 0)
            return "still running after %d s" % case_seconds
        time.sleep(0.01)
    proc.returncode = 0  # reaped: keep subprocess from waiting again
    with open(err_path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    if os.WIFSIGNALED(status):
        return "killed by signal %d" % os.WTERMSIG(status)
    code = os.WEXITSTATUS(status)
    if code not in (0, 1, 2):
        return "exit %d: %s" % (code, text[-500:])
    if "internal error" in text:
        return "an internal error: " + text[-500:]
    if code == 2 and len(text) > MESSAGE_LIMIT:
        return "an exit-2 message of %d bytes" % len(text)
    if "out of memory" in text:
        # Under the case's 4 GiB address space: far over the 1 GiB bound.
        return "ran out of memory: " + text[-300:]
    if usage.ru_maxrss > MEMORY_LIMIT_KIB:
        return "%d MiB of memory" % (usage.ru_maxrss >> 10)
    case.exit_code = code
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--cases", type=int, default=500, help="at most this many cases")
    ap.add_argument("--seconds", type=float, default=0, help="stop starting cases after this")
    ap.add_argument("--case-seconds", type=int, default=20)
    ap.add_argument("--findings", default=None, help="where failing cases go")
    ap.add_argument("--syncsim", default=os.environ.get("SYNCSIM",
                                                        os.path.join(REPO, "build/syncsim")))
    ap.add_argument("--plugin", default=None, help="a real plugin to break (default: the tests')")
    ap.add_argument("--shard", default="0/1", help="K/N: run only the cases K modulo N")
    a = ap.parse_args()
    shard = re.fullmatch(r"(\d+)/(\d+)", a.shard)
    if not shard or int(shard.group(1)) >= int(shard.group(2)):
        ap.error("--shard takes K/N with 0 <= K < N, not '%s'" % a.shard)
    shard_index, shard_count = int(shard.group(1)), int(shard.group(2))
    syncsim = os.path.abspath(a.syncsim)
    plugin = a.plugin or os.path.join(os.path.dirname(syncsim), "test_plugins",
                                      "libneighbour_exchange.so")
    if not os.path.exists(plugin):
        plugin = syncsim  # any ELF file will do to break
    pools = Pools(syncsim)
    rng = random.Random(a.seed)
    work = tempfile.mkdtemp(prefix="syncsim-fuzz-runs-")
    findings = a.findings or os.path.join(work, "findings")
    started = time.monotonic()
    failures, counts, exits, ran = [], {}, {}, 0
    try:
        for index in range(a.cases):
            if a.seconds and time.monotonic() - started > a.seconds:
                break
            # Every case is made, so each shard draws the same sequence.
            case = make_case(rng, pools, index, work, plugin)
            if index % shard_count != shard_index:
                shutil.rmtree(case.dir, ignore_errors=True)  # another shard's
                continue
            why = run_case(syncsim, case, a.case_seconds, work)
            ran += 1
            counts[case.note] = counts.get(case.note, 0) + 1
            exits[case.exit_code] = exits.get(case.exit_code, 0) + 1
            if why:
                failures.append((case, why))
                os.makedirs(findings, exist_ok=True)
                script = os.path.join(findings, "case%05d.sh" % case.index)
                with open(script, "w", encoding="utf-8") as f:
                    f.write("#!/bin/sh\n# %s (seed %d, case %d): %s\ncd %s\n%s\n" % (
                        case.note, a.seed, case.index, why.splitlines()[0] if why else "",
                        shlex.quote(case.dir), " ".join(shlex.quote(x) for x in [syncsim] + case.args)))
                os.chmod(script, os.stat(script).st_mode | stat.S_IXUSR)
                print("FAIL case %d (%s): %s\n  %s" % (case.index, case.note, why.splitlines()[0],
                                                      script), flush=True)
    finally:
        if not failures:
            shutil.rmtree(work, ignore_errors=True)
    kinds = ", ".join("%d %s" % (n, k) for k, n in sorted(counts.items()))
    ends = ", ".join("%d exit %s" % (n, k) for k, n in sorted(exits.items(), key=str) if k is not None)
    print("fuzz_runs: %d cases (seed %d, shard %s: %s) in %.0f s: %s; %d failed" % (
        ran, a.seed, a.shard, kinds, time.monotonic() - started, ends, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
