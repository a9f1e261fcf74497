#!/usr/bin/env bash
# The README's test command.
#
#   scripts/test.sh          builds (installing what is missing) and runs the
#                            release suite without the slow tier: minutes
#   scripts/test.sh --full   then the slow tier (million-poll spin
#                            comparisons, big chips, a bounded fuzz of whole
#                            runs), the libFuzzer target on 10,000 inputs of a
#                            fixed seed, and the AddressSanitizer + UBSan
#                            build with the default tier under it (the slow
#                            tier runs in the release build only: under the
#                            sanitizers it alone took 9 min; so do the
#                            heavy cases, sweeps and sensitivity studies of
#                            dozens of child runs each): what CI runs
#                            (.ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
full=0
case "${1:-}" in
"") ;;
--full) full=1 ;;
*)
    echo "usage: scripts/test.sh [--full]" >&2
    exit 2
    ;;
esac
jobs="$(nproc)"
phase() { printf '== %s (%s)\n' "$1" "$(date +%T)"; }

start=$SECONDS
phase "build (build/)"
scripts/setup.sh --build-only
phase "release suite without the slow tier"
ctest --test-dir build --output-on-failure -j "$jobs" -LE slow
if [ "$full" -eq 0 ]; then
    echo "== passed in $((SECONDS - start)) s (scripts/test.sh --full adds the slow tier and the sanitizers)"
    exit 0
fi
phase "slow tier: long spins, big chips, a fuzz of whole runs"
ctest --test-dir build --output-on-failure -j "$jobs" -L slow
phase "the libFuzzer target (build-asan/, clang)"
cmake --preset asan >/dev/null
cmake --build --preset asan --target syncsim_input_fuzzer
# The fuzzer runs on one core for minutes: the rest of the tree builds
# beside it rather than after it.
phase "10,000 libFuzzer inputs of seed 1, beside the rest of the sanitizer build"
fuzz_log=$(mktemp)
scripts/fuzz.sh --no-build -seed=1 -runs=10000 >"$fuzz_log" 2>&1 &
fuzz_pid=$!
# A background job ignores SIGINT in a script: stopped with the script.
trap 'kill "$fuzz_pid" 2>/dev/null || true' EXIT INT TERM
# As many compile jobs as cores, not ninja's cores + 2: the fuzzer has one
# (each input may take 20 s; at 20 ms on average they stay far from it).
build_rc=0
cmake --build --preset asan -j "$jobs" || build_rc=$?
fuzz_rc=0
wait "$fuzz_pid" || fuzz_rc=$?
trap - EXIT INT TERM
if [ "$fuzz_rc" -ne 0 ]; then
    tail -n 60 "$fuzz_log"
    echo "== the libFuzzer target failed (the input is in fuzz/findings/)"
fi
[ "$build_rc" -eq 0 ] || echo "== the sanitizer build failed (exit $build_rc)"
[ "$fuzz_rc" -eq 0 ] && [ "$build_rc" -eq 0 ] || exit 1
grep -E '^stat::number_of_executed_units|^Done' "$fuzz_log" || true
rm -f "$fuzz_log"
phase "the default tier under AddressSanitizer and UBSan, the heavy orchestration cases aside"
ctest --preset asan -j "$jobs" -LE "slow|heavy"
echo "== passed in $((SECONDS - start)) s"
