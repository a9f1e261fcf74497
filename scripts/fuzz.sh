#!/usr/bin/env bash
# Fuzzes what syncsim reads before it simulates, with libFuzzer, AddressSanitizer
# and UBSan (Debian's clang): configs and --set arguments, platform files,
# sweep files, and plugin files' ELF headers (fuzz/input_fuzzer.cpp: the first
# byte of an input says which). Seeded with every shipped config, platform
# and sweep, and broken copies of a shared library.
#
#   scripts/fuzz.sh                          60 seconds
#   scripts/fuzz.sh -max_total_time=3600     an hour (the documented long run;
#                                            add -fork=2 to use both cores)
#   scripts/fuzz.sh -runs=N | other libFuzzer flags
#   scripts/fuzz.sh --no-build ...           the target as built (CI runs it
#                                            beside the rest of the tree's
#                                            build, which one ninja must own)
#
# Builds build-asan/ with clang++ (installed from Debian if missing). Crashes
# are written as crash-* files in fuzz/findings/; each one found becomes a
# test (tests/scenario/test_hardened_inputs.cpp). Whole runs (the simulation
# and its outputs) are fuzzed by scripts/fuzz_runs.py instead.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
if [ "${1:-}" = "--no-build" ]; then
    build=0
    shift
fi
if [ "$build" -eq 1 ] && ! command -v clang++-14 >/dev/null; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang-14
fi

# The sanitizer tree (the `asan` preset, -O1 -g1) carries the coverage
# instrumentation too: CI builds it once for the fuzz target and the tests.
if [ "$build" -eq 1 ]; then
    cmake --preset asan >/dev/null
    cmake --build --preset asan --target syncsim_input_fuzzer
elif [ ! -x build-asan/fuzz/syncsim_input_fuzzer ]; then
    echo "scripts/fuzz.sh --no-build: build-asan/fuzz/syncsim_input_fuzzer is not built" >&2
    exit 2
fi

corpus="build-asan/corpus"
mkdir -p "$corpus" fuzz/findings
seed() { # seed NAME PREFIX FILE: the file's bytes after a one-byte prefix
    { printf '%s' "$2"; cat "$3"; } >"$corpus/seed-$1"
}
for f in $(find configs -name '*.yaml'); do
    if grep -q '^base:' "$f"; then
        seed "sweep-$(echo "$f" | tr / _)" s <(sed 's/^base: .*/base: base.yaml/' "$f")
    else
        seed "config-$(echo "$f" | tr / _)" c "$f"
    fi
done
for f in platforms/*.yaml; do seed "platform-$(basename "$f")" p "$f"; done
printf 'c%s\0%s\0%s' "$(cat configs/quickstart.yaml)" 'platform.die.cluster.count=9' \
    'workload.params.block_dim=4' >"$corpus/seed-sets-1"
printf 'c%s\0%s' "$(cat configs/a5/hard_aiv_all_blocks.yaml)" 'workload.params.mode=soft' \
    >"$corpus/seed-sets-2"
printf 'c%s\0%s' "$(cat configs/vortex/dogfood_gbar.yaml)" 'platform.cluster.cores=8' \
    >"$corpus/seed-sets-3"
# Broken plugins: a real shared library cut at its headers, mid-way and whole.
library=$(ls /usr/lib/*-linux-gnu/libsystemc-*.so | head -n 1)
for bytes in 64 120 4096 65536; do seed "elf-$bytes" e <(head -c "$bytes" "$library"); done
seed "elf-whole" e <(head -c 2000000 "$library")

[ $# -gt 0 ] || set -- -max_total_time=60
# libFuzzer puts libstdc++ before ASan's shared runtime (the tree links it
# shared: CMakeLists.txt), which the runtime refuses by default; malloc is
# still the runtime's, only new/delete mismatches go unseen in this target.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}:verify_asan_link_order=0"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
exec build-asan/fuzz/syncsim_input_fuzzer -dict=fuzz/config.dict -max_len=65536 \
    -timeout=20 -rss_limit_mb=4096 -artifact_prefix=fuzz/findings/ -print_final_stats=1 \
    "$@" "$corpus"
