#!/usr/bin/env bash
# Runs a sweep through a real, single-node Slurm started from Debian's
# packages (slurm-wlm, munge), then collects it and stops what it started.
# Everything Slurm and MUNGE keep (state, spool, logs, pids, socket, key)
# lives in a temporary folder; nothing under /etc is changed. Needs root (the
# daemons run as root) and `apt-get install slurm-wlm munge`.
#
#   scripts/slurm_sweep.sh SWEEP [--out DIR] [--points-per-task N] [--slurm-opt K=V]...
#
# SWEEP and DIR are taken from where it is called. DIR defaults to
# $SYNCSIM_RUNS/NAME-slurm ($SYNCSIM_RUNS: ~/syncsim-runs), outside the
# checkout. It submits the array and the collect job after it (afterany),
# waits for the collect job, and prints each array task's state (a task
# whose point failed is FAILED).
#
# Exit codes: those of `syncsim sweep --collect` (0: every point ran, 1: some
# did not), 2 bad usage, 77 Slurm or MUNGE is not installed or not root, 3
# the cluster did not start.
set -euo pipefail
caller="$PWD"
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$caller/$1" ;; esac; }
usage="usage: scripts/slurm_sweep.sh SWEEP [--out DIR] [--points-per-task N] [--slurm-opt K=V]..."
sweep="" out="" per_task=() opts=()
while [ $# -gt 0 ]; do
    case "$1" in
    --out) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; out="$(absolute "$2")"; shift 2 ;;
    --points-per-task) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; per_task=(--points-per-task "$2"); shift 2 ;;
    --slurm-opt) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; opts+=(--slurm-opt "$2"); shift 2 ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) sweep="$(absolute "$1")"; shift ;;
    esac
done
[ -n "$sweep" ] || { echo "$usage" >&2; exit 2; }
[ -f "$sweep" ] || { echo "slurm_sweep: no sweep file $sweep" >&2; exit 2; }
[ -n "$out" ] || out="${SYNCSIM_RUNS:-$HOME/syncsim-runs}/$(basename "${sweep%.yaml}")-slurm"
cd "$(dirname "$0")/.."
syncsim="${SYNCSIM:-$PWD/build/syncsim}"
for tool in munged mungekey slurmctld slurmd sbatch; do
    if ! command -v "$tool" >/dev/null; then
        echo "slurm_sweep: $tool is not installed (apt-get install slurm-wlm munge)" >&2
        exit 77
    fi
done
[ "$(id -u)" -eq 0 ] || { echo "slurm_sweep: the Slurm daemons need root" >&2; exit 77; }

tmp="$(mktemp -d -t syncsim-slurm.XXXXXX)" # under $TMPDIR
chmod 711 "$tmp" # munged wants its socket folder searchable by all
node="$(hostname -s)"
# Ports away from the defaults, chosen per run so two runs do not collide.
base_port=$((20000 + ($$ % 20000)))
stop() {
    for pid_file in slurmd.pid slurmctld.pid munged.pid; do
        [ -f "$tmp/$pid_file" ] && kill "$(cat "$tmp/$pid_file")" 2>/dev/null || true
    done
    sleep 1
    if [ -n "${KEEP_SLURM_TMP:-}" ]; then echo "slurm_sweep: kept $tmp"; else rm -rf "$tmp"; fi
}
trap stop EXIT

mungekey --create --keyfile "$tmp/munge.key" >/dev/null
munged --socket="$tmp/munge.sock" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
    --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed"

mkdir -p "$tmp/state" "$tmp/spool"
cat >"$tmp/slurm.conf" <<EOF
ClusterName=syncsim
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$tmp/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmctldPort=$base_port
SlurmdPort=$((base_port + 1))
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node CPUs=$(nproc) State=UNKNOWN
PartitionName=syncsim Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"
slurmctld -i
slurmd

# The node comes up within seconds; give it at most 30.
for _ in $(seq 30); do
    sinfo -h -N -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)' && break
    sleep 1
done
if ! sinfo -h -N -o '%T' | grep -qE '^(idle|mixed|allocated)'; then
    echo "slurm_sweep: the node did not come up; logs:" >&2
    tail -n 20 "$tmp/slurmctld.log" "$tmp/slurmd.log" >&2 || true
    exit 3
fi
echo "slurm_sweep: single-node Slurm up ($node, $(nproc) CPUs, state in $tmp)"

"$syncsim" sweep "$sweep" --slurm --out "$out" "${per_task[@]}" "${opts[@]}"
array="$(sbatch --parsable "$out/slurm.sh")"
array="${array%%;*}"
# The collect job runs after the array however its tasks ended; --wait
# returns when it has, with its exit code.
rc=0
sbatch --wait --dependency=afterany:"$array" "$out/collect.sh" >/dev/null || rc=$?
echo "slurm_sweep: array job $array:"
scontrol show job "$array" -o 2>/dev/null | awk '{
    line = ""
    for (i = 1; i <= NF; i++)
        if ($i ~ /^(ArrayTaskId|JobState|ExitCode)=/) line = line " " $i
    print " " line
}' || true
cat "$out"/slurm-collect-*.out
exit "$rc"
