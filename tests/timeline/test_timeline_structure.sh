#!/usr/bin/env bash
# The timeline as Perfetto and chrome://tracing read it, checked event by
# event by scripts/check_timeline.py (phases, args, named tracks with events,
# nesting, flows matched, counters in time order) over runs that exercise
# each part: a soft barrier (polls, GM counter, L2 queue, flows), CntNotify
# streams (task names, waits, counts), a hang (no flow without an end),
# windows in rounds with a core selection and in time, compressed and not.
# First it shows the checker failing on a file that breaks each rule.
# Usage: test_timeline_structure.sh OUT   (SYNCSIM: the binary)
set -euo pipefail
out=${1:?usage: test_timeline_structure.sh OUT}
here=$(cd "$(dirname "$0")/../.." && pwd)
check="python3 $here/scripts/check_timeline.py"
rm -rf "$out" && mkdir -p "$out" && cd "$out"
fail() {
    echo "FAIL: $*"
    exit 1
}

# The checker catches each broken rule.
cat >broken.json <<'JSON'
{"traceEvents": [
 {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "cores"}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 0, "args": {"name": "aiv0"}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 1, "args": {"name": "aiv1"}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 2, "args": {"name": "aiv2"}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 3, "args": {"name": "aiv3"}},
 {"ph": "X", "name": "k", "pid": 1, "tid": 3, "ts": 2.37, "dur": 0.115, "args": {"a": 1}},
 {"ph": "X", "name": "wait", "pid": 1, "tid": 3, "ts": 2.485, "dur": 1, "args": {"a": 1}},
 {"ph": "X", "name": "k", "pid": 1, "tid": 2, "ts": 5.575542, "dur": 0.107561, "args": {"a": 1}},
 {"ph": "X", "name": "wait", "pid": 1, "tid": 2, "ts": 5.683103, "dur": 1, "args": {"a": 1}},
 {"ph": "X", "name": "k", "pid": 1, "tid": 0, "ts": 1, "dur": 2, "args": {"a": 1}},
 {"ph": "X", "name": "wait", "pid": 1, "tid": 0, "ts": 2, "dur": 2, "args": {"a": 1}},
 {"ph": "X", "name": "release", "pid": 1, "tid": 0, "ts": 5, "dur": 0, "args": {"a": 1},
  "bind_id": 7, "flow_in": true},
 {"ph": "i", "name": "bare", "pid": 1, "tid": 0, "ts": 5, "s": "t"},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 4, "args": {"name": "aiv4"}},
 {"ph": "X", "name": "run", "pid": 1, "tid": 4, "ts": 1.135, "dur": 0.003, "args": {"a": 1}},
 {"ph": "X", "name": "poll", "pid": 1, "tid": 4, "ts": 1.138, "dur": 1, "args": {"a": 1}},
 {"ph": "M", "name": "thread_name", "pid": 1, "tid": 5, "args": {"name": "aiv5"}},
 {"ph": "X", "name": "run", "pid": 1, "tid": 5, "ts": 1, "dur": 1, "args": {"a": 1}},
 {"ph": "X", "name": "mark", "pid": 1, "tid": 5, "ts": 2, "dur": 0, "args": {"a": 1}},
 {"ph": "X", "name": "wait", "pid": 1, "tid": 5, "ts": 2, "dur": 1, "args": {"a": 1}},
 {"ph": "M", "name": "process_name", "pid": 3, "args": {"name": "counters"}},
 {"ph": "C", "name": "q", "pid": 3, "ts": 4, "args": {"value": 1}},
 {"ph": "C", "name": "q", "pid": 3, "ts": 3, "args": {"value": 0}}
]}
JSON
if $check broken.json >broken.txt; then cat broken.txt; fail "the checker passed a broken file"; fi
# (aiv2's slices meet in ps but overlap once Perfetto rounds each to the ns;
# aiv3's meet in ns but 2.37 + 0.115 is 2.4850000000000003 in doubles;
# aiv4's meet in doubles but not once 1.135 is taken off both, as speedscope
# does (0.003 > 1.138 - 1.135); aiv5's zero-length mark on a boundary is
# closed before it opens there and nests the rest.)
for want in "[2000, 4000] ns overlaps a slice" "[5683, 6683] ns overlaps a slice" \
            "track (1, 4): as speedscope imports it" "track (1, 5): as speedscope imports it" \
            "ends at 2.4850000000000003 us in double arithmetic" \
            "ends it, nothing starts it" "no args" "named but has no event" \
            "counter 'q': a value at 3000 ns"; do
    grep -qF "$want" broken.txt || { cat broken.txt; fail "the checker missed: $want"; }
done

run() { # NAME CHECK-ARGS... -- SYNCSIM-ARGS...
    local name=$1; shift
    local args=()
    while [ "$1" != "--" ]; do args+=("$1"); shift; done
    shift
    local status=0
    "$SYNCSIM" run "$@" >"$name.txt" 2>&1 || status=$?
    [ "$status" -le 1 ] || { cat "$name.txt"; fail "$name: syncsim exited $status"; }
    $check "${args[@]}" || fail "$name: the timeline does not hold up"
}

run soft t-soft.json.gz --expect-flows --expect-counter die0_l2_queue --expect-counter counter \
    --expect-slice "launch syncall_system_test<<<" --expect-slice poll \
    --expect-slice "arrive round" --expect-slice "release round" \
    -- "$here/configs/a2/soft_aiv_all_blocks.yaml" --timeline t-soft.json.gz
# Compressed: gzip, as Perfetto detects it by its first bytes.
[ "$(head -c 2 t-soft.json.gz | od -An -tx1 | tr -d ' ')" = "1f8b" ] ||
    fail "t-soft.json.gz is not gzip"
# Flushing after every change writes the same events (in another order).
events() { zcat -f "$1" | sed -e 's/^ //' -e 's/,$//' | sort; }
SYNCSIM_TRACE_FLUSH_EVERY=1 "$SYNCSIM" run "$here/configs/a2/soft_aiv_all_blocks.yaml" \
    --timeline t-soft-flushed.json.gz >/dev/null
cmp -s <(events t-soft.json.gz) <(events t-soft-flushed.json.gz) ||
    fail "flushing after every change changed the timeline's events"
run cntnotify t-cnt.json --expect-counter cnt_notify --expect-slice "aclrtCntNotifyRecord(" \
    --expect-slice "waiting: aclrtCntNotifyWaitWithTimeout(" \
    -- "$here/configs/cntnotify/pipeline_is_clear.yaml" --timeline t-cnt.json
run hang t-hang.json --expect-slice wait_flag_dev \
    -- "$here/configs/a2/hang_hard_aiv_no_meta.yaml" --timeline t-hang.json
barrier=("$here/configs/sweeps/barrier_rounds_base.yaml" --set platform=910b1
         --set workload.params.block_dim=48 --set workload.params.rounds=300)
run rounds t-rounds.json.gz --expect-slice "arrive round 100" \
    -- "${barrier[@]}" --window rounds:100..102 --cores aiv0-4 --timeline t-rounds.json.gz
run time t-time.json --window 5 6 --expect-flows \
    -- "${barrier[@]}" --window 5us..6us --timeline t-time.json
# --max-trace-size: each trace stops whole where it reached the cap, a line
# says when, and the run goes on to its end.
"$SYNCSIM" run "${barrier[@]}" --set workload.params.rounds=3000 --vcd capped.vcd \
    --timeline capped.json.gz --max-trace-size 1MB >capped.txt 2>capped.err
# Early, on stderr, once each: at the rate it grew, where the cap will stop it.
for what in "VCD file capped.vcd" "--timeline file capped.json.gz"; do
    [ "$(grep -c -- "^syncsim: the $what took .* at that rate it reaches --max-trace-size (1.0 MB) at about" capped.err)" -eq 1 ] ||
        { cat capped.err; fail "no one forecast for the $what"; }
done
grep -q "^trace      the VCD file capped.vcd stopped at .* bytes, past --max-trace-size (1000000 bytes)" capped.txt ||
    { cat capped.txt; fail "no line says the VCD stopped at the cap"; }
grep -q "^trace      the --timeline file capped.json.gz stopped at" capped.txt ||
    { cat capped.txt; fail "no line says the timeline stopped at the cap"; }
grep -q "^rounds     3000 barrier round(s), 3000 complete" capped.txt || fail "the run did not go on"
$check capped.json.gz --expect-flows || fail "the capped timeline does not hold up"
for f in capped.vcd capped.json.gz; do
    [ "$(stat -c %s $f)" -lt 2000000 ] || fail "$f is $(stat -c %s $f) bytes, far past the 1MB cap"
done
stopped_ps=$(sed -n 's/.*VCD file capped.vcd stopped .* at simulated time \([0-9.]*\) us.*/\1/p' capped.txt)
last_ps=$(grep '^#' capped.vcd | tail -n 1 | tr -d '#')
python3 -c "import sys; sys.exit(0 if $last_ps <= $stopped_ps * 1e6 + 1000 else 1)" ||
    fail "the VCD goes on past where it stopped ($last_ps ps > $stopped_ps us)"
grep -q '^\[dumpfile\] "capped.vcd"' capped.gtkw || fail "the capped VCD has no save file"
if "$SYNCSIM" run "${barrier[@]}" --vcd x.vcd --max-trace-size 1XB >bad.txt 2>&1; then fail "1XB was taken"; fi
grep -q "max-trace-size '1XB': a whole number of bytes" bad.txt || { cat bad.txt; fail "1XB: no clear error"; }
# The same output class writes a gzip VCD (GTKWave opens it): the same
# bytes as the plain one once inflated.
"$SYNCSIM" run "$here/configs/a2/soft_aiv_all_blocks.yaml" --vcd plain.vcd >/dev/null
"$SYNCSIM" run "$here/configs/a2/soft_aiv_all_blocks.yaml" --vcd packed.vcd.gz >/dev/null
cmp -s plain.vcd <(zcat packed.vcd.gz) || fail "packed.vcd.gz does not inflate to the VCD"
grep -q '^\[dumpfile\] "packed.vcd.gz"' packed.vcd.gtkw || fail "the save file does not name packed.vcd.gz"
echo "PASS"
