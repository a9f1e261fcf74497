#!/usr/bin/env bash
# Fuzzes config and --set parsing and validation down to elaboration with
# libFuzzer, AddressSanitizer and UBSan (Debian's clang), seeded with every
# shipped config.
#
#   scripts/fuzz.sh [-max_total_time=SECONDS | -runs=N] [other libFuzzer flags]
#
# Default: 60 seconds. Builds build-fuzz/ with clang++ (installed from
# Debian if missing). Crashes are written as crash-* files in fuzz/findings/;
# each one found becomes a test (tests/scenario/test_bad_input.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v clang++ >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang
fi

CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSYNCSIM_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
cmake --build build-fuzz --target syncsim_config_fuzzer

corpus="build-fuzz/corpus"
mkdir -p "$corpus" fuzz/findings
# Seeds: every shipped config, and a few with --set arguments after a NUL.
for f in $(find configs -name '*.yaml'); do cp "$f" "$corpus/seed-$(echo "$f" | tr / _)"; done
printf '%s\0%s\0%s' "$(cat configs/quickstart.yaml)" 'platform.die.cluster.count=9' \
    'workload.params.block_dim=4' >"$corpus/seed-sets-1"
printf '%s\0%s' "$(cat configs/a5/hard_aiv_all_blocks.yaml)" 'workload.params.mode=soft' \
    >"$corpus/seed-sets-2"
printf '%s\0%s' "$(cat configs/vortex/dogfood_gbar.yaml)" 'platform.cluster.cores=8' >"$corpus/seed-sets-3"

[ $# -gt 0 ] || set -- -max_total_time=60
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
exec build-fuzz/fuzz/syncsim_config_fuzzer -dict=fuzz/config.dict -max_len=16384 \
    -timeout=20 -rss_limit_mb=4096 -artifact_prefix=fuzz/findings/ -print_final_stats=1 \
    "$@" "$corpus"
