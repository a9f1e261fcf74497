#!/usr/bin/env bash
# Builds the vendor's own SYNCALL system test from a pto-isa checkout, with
# no edit to any vendor file, against an installed syncsim SDK, and runs
# its GoogleTest program under syncsim: every kernel file of
# tests/npu/a2a3/src/st/testcase/syncall/ (each with its Launch* host
# wrapper), main.cpp with tests/common/test_common.h, and gen_data.py for
# the core counts and golden data, on a 910B1; with --arch a5, the same of
# tests/npu/a5/src/st/testcase/syncall/ on a 950PR. Prints each gtest case's result and
# syncsim's summary of the run; exits with the test program's verdict
# (0 when every case passed). docs/sdk.md says what it was checked at.
# --test NAME builds another system test of the folder instead, one the
# vendor's CMakeLists.txt declares with pto_mix_st(NAME) (one Mix kernel
# file NAME_kernel.cpp with its launchers, main.cpp, gen_data.py): the
# cross-core tests tpushpop_vc, tpushpop_cv, ...
# --compile-all builds the kernel files of every system test of the folder
# instead (tests/npu/<arch>/src/st/testcase/*/*_kernel.cpp, each with the
# arch its CMakeLists.txt gives: pto_vec_st, pto_cube_st, pto_mix_st), as
# syncsim_add_kernel compiles them, runs nothing, and prints each test that
# does not compile with its first error; exits 0 when every one compiles.
#   scripts/check_vendor_tests.sh [--arch a2a3|a5] [--test NAME | --compile-all] PTO_ISA_ROOT
#                                 [SDK_PREFIX] [WORK_DIR] [-- SYNCSIM_RUN_ARGS...]
# SDK_PREFIX is where `cmake --install build --prefix ...` put syncsim
# (default $HOME/syncsim); WORK_DIR (default a temporary folder, removed)
# keeps the build and the run's outputs (output.txt, result.json, and
# whatever SYNCSIM_RUN_ARGS ask for, e.g. -- --vcd syncall.vcd). Needs clang-14, llvm-14-dev,
# libgtest-dev and python3-numpy (scripts/setup.sh installs them).
set -euo pipefail
usage="usage: scripts/check_vendor_tests.sh [--arch a2a3|a5] [--test NAME | --compile-all] PTO_ISA_ROOT [SDK_PREFIX] [WORK_DIR] [-- SYNCSIM_RUN_ARGS...]"
fail() { echo "check_vendor_tests: $*" >&2; exit 2; }
arch=a2a3
test=syncall
compile_all=0
positional=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case "$1" in
    --arch) arch="${2:-}"; shift 2 || fail "$usage" ;;
    --arch=*) arch="${1#--arch=}"; shift ;;
    --test) test="${2:-}"; shift 2 || fail "$usage" ;;
    --test=*) test="${1#--test=}"; shift ;;
    --compile-all) compile_all=1; shift ;;
    -*) fail "$1: unknown option; $usage" ;;
    *) positional+=("$1"); shift ;;
    esac
done
[ $# -gt 0 ] && shift # the rest goes to syncsim run
case "$arch" in
a2a3) platform=910b1 ;;
a5) platform=950pr ;;
*) fail "--arch $arch: not a2a3 or a5" ;;
esac
[ -n "${positional[0]:-}" ] || fail "$usage"
[ -d "${positional[0]}" ] || fail "${positional[0]}: no such folder (PTO_ISA_ROOT)"
[ -d "${positional[1]:-$HOME/syncsim}" ] || fail "${positional[1]:-$HOME/syncsim}: no such folder (SDK_PREFIX)"
root="$(cd "${positional[0]}" && pwd)"
prefix="$(cd "${positional[1]:-$HOME/syncsim}" && pwd)"
[[ "$test" =~ ^[A-Za-z0-9_]+$ ]] || fail "--test $test: not a test folder's name"
if [ "$compile_all" = 1 ]; then
    exec "$(dirname "$0")/compile_vendor_kernels.sh" "$arch" "$root" "$prefix" "${positional[2]:-}"
fi
st="$root/tests/npu/$arch/src/st/testcase/$test"
[ -f "$st/main.cpp" ] || fail "$st/main.cpp: not a pto-isa checkout with the $test system test"
[ -x "$prefix/bin/syncsim" ] || fail "$prefix/bin/syncsim: no installed syncsim (cmake --install build --prefix $prefix)"
[ -f "$prefix/share/syncsim/sdk/libsyncsim_gm_pass.so" ] ||
    fail "$prefix has no vendor-dialect SDK (it was built without clang-14 and llvm-14-dev)"
# Debian's python3 (which has python3-numpy), not another one on the PATH.
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" -c "import numpy" 2>/dev/null || fail "no numpy for $python: apt-get install python3-numpy"
[ -f /usr/lib/x86_64-linux-gnu/cmake/GTest/GTestConfig.cmake ] || [ -f /usr/lib/cmake/GTest/GTestConfig.cmake ] ||
    fail "no GoogleTest: apt-get install libgtest-dev"
if [ -n "${positional[2]:-}" ]; then
    mkdir -p "${positional[2]}"
    work="$(cd "${positional[2]}" && pwd)"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi

# The vendor's build (its CMakeLists.txt, for bisheng) as syncsim_add_kernel
# calls: one plugin, each source with the arch and defines the vendor
# compiles it with.
mkdir -p "$work/project"
if [ "$test" != syncall ]; then
    # The vendor's pto_mix_st(NAME): one Mix source, its arch's defines
    # (tests/npu/<arch>/src/st/testcase/CMakeLists.txt, function pto_mix_st).
    grep -q "^pto_mix_st($test)" "$st/CMakeLists.txt" 2>/dev/null ||
        fail "$st/CMakeLists.txt does not declare pto_mix_st($test): not a test this script builds"
    if [ "$arch" = a2a3 ]; then mix='dav-c220 DEFINES MEMORY_BASE'; else mix='dav-c310 DEFINES REGISTER_BASE'; fi
    kernels="
syncsim_add_kernel($test ARCH $mix INCLUDES \${inc}
                   SOURCES \${st}/${test}_kernel.cpp HOST \${st}/main.cpp)"
elif [ "$arch" = a2a3 ]; then
    kernels='
syncsim_add_kernel(syncall ARCH dav-c220-vec DEFINES MEMORY_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_kernel.cpp ${st}/syncall_soft_kernel.cpp
                   HOST ${st}/main.cpp)
syncsim_add_kernel(syncall APPEND ARCH dav-c220-cube DEFINES MEMORY_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_aic_kernel.cpp)
syncsim_add_kernel(syncall APPEND ARCH dav-c220 DEFINES MEMORY_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_mix_1_2_kernel.cpp ${st}/syncall_aic_hard_kernel.cpp)
foreach(kernel syncall_mix_1_1_kernel syncall_mix_1_1_soft_kernel)
  syncsim_add_kernel(syncall APPEND ARCH dav-c220-cube INCLUDES ${inc} SOURCES ${st}/${kernel}.cpp
                     DEFINES MEMORY_BASE __MIX_CORE_AIV_RATIO__=1 SYNCALL_MIX_BUILD_AIC)
  syncsim_add_kernel(syncall APPEND ARCH dav-c220-vec INCLUDES ${inc} SOURCES ${st}/${kernel}.cpp
                     DEFINES MEMORY_BASE __MIX_CORE_AIV_RATIO__=1 SYNCALL_MIX_BUILD_AIV)
endforeach()'
else
    kernels='
syncsim_add_kernel(syncall ARCH dav-c310-vec DEFINES REGISTER_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_soft_kernel.cpp ${st}/syncall_hard_kernel.cpp
                   HOST ${st}/main.cpp)
syncsim_add_kernel(syncall APPEND ARCH dav-c310 DEFINES REGISTER_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_mix_1_2_kernel.cpp ${st}/syncall_hard_mix_1_2_kernel.cpp)
syncsim_add_kernel(syncall APPEND ARCH dav-c310-cube DEFINES REGISTER_BASE INCLUDES ${inc}
                   SOURCES ${st}/syncall_aic_hard_kernel.cpp ${st}/syncall_aic_soft_kernel.cpp)
syncsim_add_kernel(syncall APPEND ARCH dav-c310-cube INCLUDES ${inc}
                   SOURCES ${st}/syncall_mix_1_1_kernel.cpp DEFINES REGISTER_BASE
                   __MIX_CORE_AIC_BLOCKS__=18 __MIX_CORE_AIV_RATIO__=1 SYNCALL_MIX_BUILD_AIC)
syncsim_add_kernel(syncall APPEND ARCH dav-c310-vec INCLUDES ${inc}
                   SOURCES ${st}/syncall_mix_1_1_kernel.cpp DEFINES REGISTER_BASE
                   __MIX_CORE_AIC_BLOCKS__=18 __MIX_CORE_AIV_RATIO__=1 SYNCALL_MIX_BUILD_AIV)'
fi
# The table above is the folder's layout at the commits docs/sdk.md names;
# a checkout arranged otherwise is said so, not half built.
for file in $(grep -o '${st}/[A-Za-z0-9_]*\.cpp' <<<"$kernels" | sed 's|${st}/||' | sort -u); do
    [ -f "$st/$file" ] || fail "$st has no $file: its layout is not the one this script builds (docs/sdk.md)"
done
cat >"$work/project/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(vendor_$test LANGUAGES CXX)
find_package(syncsim REQUIRED)
find_package(GTest REQUIRED)
set(st "$st")
set(inc "$root/include" "$root/tests/common" "\${st}")
$kernels
target_link_libraries($test PRIVATE GTest::gtest GTest::gtest_main)
CMAKE
echo "check_vendor_tests: building $st"
cmake -S "$work/project" -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log" >&2; fail "configuring the build failed"; }
cmake --build "$work/build" -j2 >"$work/build.log" 2>&1 ||
    { grep -E "error|Error" -A3 "$work/build.log" >&2 || cat "$work/build.log" >&2; fail "the build failed"; }
echo "check_vendor_tests: built $work/build/lib$test.so"

# The vendor's run: gen_data.py writes the core counts and goldens where
# the test program looks for them (its folder's parent).
mkdir -p "$work/run/bin"
(cd "$work/run" && "$python" "$st/gen_data.py") >"$work/gen_data.log" 2>&1 ||
    { tail -3 "$work/gen_data.log" >&2; fail "$st/gen_data.py failed (it may need a Python module Debian does not package)"; }
cat >"$work/run/bin/$test.yaml" <<YAML
description: pto-isa's $test system test (tests/npu/$arch/src/st/testcase/$test), built as it is
platform: $platform
workload:
  plugin: $work/build/lib$test.so
  host: $test
limits:
  sim_time: 100 ms
YAML
rc=0
(cd "$work/run/bin" && "$prefix/bin/syncsim" run "$test.yaml" --json "$work/run/result.json" "$@") \
    >"$work/run/output.txt" 2>&1 || rc=$?
grep -E '^\[ +(RUN|OK|FAILED|PASSED|SKIPPED) +\]|^\[=+\]' "$work/run/output.txt" || true
echo "--- syncsim"
grep -E '^(outcome|simulated|checks|  FAILED|fault|culprit|runtime|verdict) ' "$work/run/output.txt" || cat "$work/run/output.txt"
exit "$rc"
