#!/usr/bin/env bash
# scripts/check_vendor_tests.sh --compile-all: builds the kernel files of
# every system test in a pto-isa checkout's tests/npu/ARCH/src/st/testcase/
# against an installed syncsim SDK, as syncsim_add_kernel compiles them
# (the arch and base define each test's CMakeLists.txt gives it), and
# prints each test that does not compile with its first error. Exit 0 when
# every test's kernels compile, 1 when some do not, 2 on bad input.
#   scripts/compile_vendor_kernels.sh ARCH PTO_ISA_ROOT SDK_PREFIX [WORK_DIR]
set -euo pipefail
fail() { echo "check_vendor_tests: $*" >&2; exit 2; }
[ $# -ge 3 ] || fail "usage: scripts/compile_vendor_kernels.sh a2a3|a5 PTO_ISA_ROOT SDK_PREFIX [WORK_DIR]"
arch="$1" root="$2" prefix="$3"
case "$arch" in
a2a3) dav=dav-c220 base=MEMORY_BASE ;;
a5) dav=dav-c310 base=REGISTER_BASE ;;
*) fail "--arch $arch: not a2a3 or a5" ;;
esac
command -v ninja >/dev/null || fail "no ninja: apt-get install ninja-build"
testcases="$root/tests/npu/$arch/src/st/testcase"
[ -d "$testcases" ] || fail "$testcases: not a pto-isa checkout"
if [ -n "${4:-}" ]; then
    mkdir -p "$4"
    work="$(cd "$4" && pwd)"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi

# One plugin per test, its kernel files built for the sides the vendor's
# CMakeLists.txt builds them for (a test with its own CMakeLists.txt names
# its arch there).
mkdir -p "$work/project"
{
    echo "cmake_minimum_required(VERSION 3.20)"
    echo "project(vendor_kernels LANGUAGES CXX)"
    echo "find_package(syncsim REQUIRED)"
} >"$work/project/CMakeLists.txt"
: >"$work/tests"
for dir in "$testcases"/*/; do
    name="$(basename "$dir")"
    kernels=("$dir"*_kernel.cpp)
    [ -f "${kernels[0]}" ] || continue
    kind="$(grep -ho 'pto_[a-z]*_st\|--cce-aicore-arch=dav-c[0-9]*\(-vec\|-cube\)\?' "$dir/CMakeLists.txt" 2>/dev/null | head -1 || true)"
    case "$kind" in
    pto_vec_st | *-vec) side="$dav-vec" ;;
    pto_cube_st | *-cube) side="$dav-cube" ;;
    *) side="$dav" ;;
    esac
    echo "syncsim_add_kernel(k_$name ARCH $side DEFINES $base SOURCES ${kernels[*]}
  INCLUDES $root/include $root/tests/common $dir)" >>"$work/project/CMakeLists.txt"
    echo "$name" >>"$work/tests"
done
cmake -G Ninja -S "$work/project" -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 ||
    { cat "$work/configure.log" >&2; fail "configuring the build failed"; }
total=$(wc -l <"$work/tests")
echo "check_vendor_tests: compiling the kernels of $total system tests in $testcases"
# The kernel objects only (linking each test would compile the SDK's
# runtime once per test); -k 0 keeps going past a failure.
mapfile -t objects < <(ninja -C "$work/build" -t targets all | grep -o '^k_[^:]*\.o' | sort -u)
ninja -C "$work/build" -k 0 "${objects[@]}" >"$work/build.log" 2>&1 || true
failed=0
while read -r name; do
    missing=0
    for object in "${objects[@]}"; do
        [[ "$object" == "k_$name.dir/"* ]] && [ ! -f "$work/build/$object" ] && missing=1
    done
    if [ "$missing" = 1 ]; then
        failed=$((failed + 1))
        # The first error after the first failed compile of this test.
        first="$(awk -v failed="FAILED: k_$name.dir/" 'index($0, failed) == 1 { on = 1 }
                 on && / error: |cannot spell as a call/ { print; exit }' "$work/build.log")"
        echo "  $name: ${first:-does not compile (see $work/build.log)}"
    fi
done <"$work/tests"
echo "check_vendor_tests: $((total - failed)) of $total system tests' kernels compile"
[ "$failed" = 0 ]
