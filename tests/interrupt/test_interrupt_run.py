#!/usr/bin/env python3
"""A real run, signalled: SIGINT while a long traced run simulates must end
it where it stands with every output closed whole, the result and summary
written with outcome "interrupted", and exit 130. The run also shows its
progress line (--progress) before it is signalled.

usage: test_interrupt_run.py SYNCSIM CONFIG WORKDIR
"""
import csv
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import time


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def wait_for(predicate, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    fail("no " + what + " within " + str(seconds) + " s")


def main():
    syncsim, config, work = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    path = lambda name: os.path.join(work, name)
    out, err = open(path("out.txt"), "w"), open(path("err.txt"), "w")
    run = subprocess.Popen(
        [syncsim, "run", config, "--set", "workload.params.rounds=1000000", "--vcd",
         path("r.vcd"), "--rounds", path("r.csv"), "--json", path("r.json"), "--timeline",
         path("r.json.gz"), "--progress"], stdout=out, stderr=err)
    read = lambda name: open(path(name), errors="replace").read()
    # Signalled once it reports progress: the model is simulating.
    wait_for(lambda: "syncsim: simulated" in read("err.txt") or run.poll() is not None, 300,
             "progress line")
    if run.poll() is not None:
        fail("the run ended by itself (exit %d) before it was signalled" % run.returncode)
    run.send_signal(signal.SIGINT)
    try:
        code = run.wait(timeout=300)
    except subprocess.TimeoutExpired:
        run.kill()
        fail("the run did not end within 300 s of SIGINT")
    out.close()
    err.close()
    stdout = read("out.txt")
    if code != 130:
        fail("exit %d, not 130; stdout:\n%s" % (code, stdout))
    for line in ("outcome    interrupted: SIGINT (Ctrl-C) stopped the run at simulated time",
                 "verdict    interrupted (exit 130)", "rounds     "):
        if line not in stdout:
            fail("the summary lacks %r:\n%s" % (line, stdout))
    if "syncsim: interrupted: ending the run where it stands" not in read("err.txt"):
        fail("stderr does not say the run is being ended")
    result = json.load(open(path("r.json")))
    if result["outcome"]["kind"] != "interrupted":
        fail("the JSON's outcome is " + result["outcome"]["kind"])
    if result["time"]["end_ps"] <= 0:
        fail("the JSON says the run reached no simulated time")
    # The timeline: a whole gzip stream holding one whole JSON document.
    with gzip.open(path("r.json.gz"), "rt") as f:
        timeline = json.load(f)
    if not timeline.get("traceEvents"):
        fail("the timeline holds no events")
    # The VCD: whole lines, its last time stamp at most the run's end.
    vcd = open(path("r.vcd"), "rb").read()
    if not vcd.endswith(b"\n"):
        fail("the VCD ends mid-line")
    stamps = [l for l in vcd.splitlines() if l.startswith(b"#")]
    if not stamps or int(stamps[-1][1:]) > result["time"]["end_ps"]:
        fail("the VCD's last time stamp is past the run's end")
    if not os.path.exists(path("r.gtkw")):
        fail("no GTKWave save file beside the VCD")
    # The rounds CSV: every row as wide as the header, ending in a newline.
    text = open(path("r.csv")).read()
    if not text.endswith("\n"):
        fail("the rounds CSV ends mid-row")
    rows = list(csv.reader(text.splitlines()))
    widths = {len(r) for r in rows}
    if len(rows) < 3 or len(widths) != 1:
        fail("the rounds CSV has %d rows of widths %s" % (len(rows), sorted(widths)))
    print("ok: exit 130, outcome interrupted at %d ps, %d round rows, outputs whole"
          % (result["time"]["end_ps"], len(rows) - 1))


main()
