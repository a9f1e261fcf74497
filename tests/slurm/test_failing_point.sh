#!/usr/bin/env bash
# A sweep with one failing point through a real single-node Slurm
# (scripts/slurm_sweep.sh): its array task ends FAILED, the collect job runs
# after every task and collects the point that ran, and --slurm-opt reaches
# the jobs. Exit 77 (skipped) where Slurm is not installed or not root.
set -uo pipefail
src="$(cd "$(dirname "$0")/../.." && pwd)"
out="$1"
rm -rf "$out"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
rc=0
bash "$src/scripts/slurm_sweep.sh" "$src/tests/slurm/one_failing_point.yaml" --out "$out" \
    --points-per-task 1 --slurm-opt partition=syncsim >"$log" 2>&1 || rc=$?
[ "$rc" -eq 77 ] && { cat "$log"; exit 77; }
fail() { cat "$log" >&2; echo "test_failing_point: $*" >&2; exit 1; }
[ "$rc" -eq 1 ] || fail "slurm_sweep exited $rc, not 1 (one point failed)"
grep -q '^#SBATCH --partition=syncsim$' "$out/slurm.sh" || fail "no --partition in slurm.sh"
grep -q '^#SBATCH --partition=syncsim$' "$out/collect.sh" || fail "no --partition in collect.sh"
grep -q 'ArrayTaskId=0 JobState=COMPLETED ExitCode=0:0' "$log" || fail "task 0 did not complete"
grep -q 'ArrayTaskId=1 JobState=FAILED ExitCode=1:0' "$log" || fail "task 1 did not fail"
grep -q '1 ran' "$log" || fail "the collect job did not collect the point that ran"
python3 - "$out/results.json" <<'PY' || fail "results.json does not hold one ran and one timeout"
import json, sys
points = json.load(open(sys.argv[1]))["points"]
assert [p["status"] for p in points] == ["ran", "timeout"], points
PY
echo "test_failing_point: passed"
