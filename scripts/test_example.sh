#!/usr/bin/env bash
# The out-of-tree example, as its README walks through it, against an SDK
# installed from BUILD_DIR into a temporary prefix: install, copy the example
# out of the source tree, build it with find_package(syncsim) (and once more
# with pkg-config), run its configs with the installed binary, and check
# what each run must show. Run by the suite (tests/CMakeLists.txt).
#   scripts/test_example.sh BUILD_DIR
set -euo pipefail
build="$(cd "${1:?usage: scripts/test_example.sh BUILD_DIR}" && pwd)"
src="$(cd "$(dirname "$0")/.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# The installed binary reads the installed platform files, not the source tree's.
cp "$tmp/prefix/share/syncsim/platforms/950pr.yaml" "$tmp/prefix/share/syncsim/platforms/only_installed.yaml"
(unset SYNCSIM_PLATFORMS; "$tmp/prefix/bin/syncsim" list platforms) | grep -q "^only_installed " ||
    { echo "test_example: the installed binary does not read PREFIX/share/syncsim/platforms" >&2; exit 1; }
[ -f "$tmp/prefix/share/syncsim/result.schema.json" ] ||
    { echo "test_example: PREFIX/share/syncsim/result.schema.json is not installed" >&2; exit 1; }
cp -r "$src/examples/neighbour_exchange" "$tmp/example"
cd "$tmp/example"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
cmake -S . -B build "${generator[@]}" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build build >/dev/null
syncsim="$tmp/prefix/bin/syncsim"

fail() { echo "test_example: $*" >&2; exit 1; }
# run EXPECTED_EXIT PATTERN ARGS...: the run exits EXPECTED_EXIT and prints PATTERN
run() {
    local want="$1" pattern="$2" rc=0
    shift 2
    "$syncsim" run "$@" >out.txt 2>&1 || rc=$?
    [ "$rc" -eq "$want" ] || { cat out.txt >&2; fail "syncsim run $* exited $rc, not $want"; }
    grep -q -- "$pattern" out.txt || { cat out.txt >&2; fail "syncsim run $*: no '$pattern'"; }
}

run 0 "checks     2 passed, 0 failed" configs/a5.yaml
run 1 "culprit    nobody can signal flag 14: the launch owns no FFTS context" configs/a2.yaml
run 0 "checks     2 passed, 0 failed" configs/a2.yaml --set workload.params.meta=mix_aiv_main
run 1 "block 0 read 0 (want 101)" configs/a5.yaml --set workload.params.invalidate=false
"$syncsim" list workloads --plugin build/libneighbour_exchange.so | grep -q "plugin neighbour_exchange" ||
    fail "list workloads --plugin does not show the plugin"

# Without CMake: the pkg-config file gives the flags.
export PKG_CONFIG_PATH="$tmp/prefix/lib/pkgconfig"
# shellcheck disable=SC2046
g++ $(pkg-config --cflags syncsim) -shared -fPIC -fvisibility=hidden -O1 \
    neighbour_exchange.cpp -o libby_pkgconfig.so
run 0 "checks     2 passed, 0 failed" configs/a5.yaml --set workload.plugin=libby_pkgconfig.so

# The vendor-dialect example (clang-14 and the pass), where they are
# installed: exactly as its README says (CMake's default generator, Unix
# Makefiles). The vendor-form sources below cover Ninja, with both generators
# and a superset of syncsim_add_kernel's options (APPEND, INCLUDES, DEFINES).
if [ -f "$tmp/prefix/share/syncsim/sdk/libsyncsim_gm_pass.so" ]; then
    cp -r "$src/examples/vendor_dialect" "$tmp/vendor"
    cd "$tmp/vendor"
    cmake -S . -B build -G "Unix Makefiles" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
    cmake --build build >/dev/null || fail "the vendor example does not build with Unix Makefiles"
    run 0 "checks     1 passed, 0 failed" configs/a2.yaml
    run 1 "core 0 read 0 (want 101)" configs/a2.yaml \
        --set workload.plugin="$tmp/vendor/build/libmix_exchange_stale.so" --set workload.host=mix_exchange_stale
    run 1 "14 of 16 arrived" configs/a2.yaml \
        --set workload.plugin="$tmp/vendor/build/libmix_exchange_hang.so" --set workload.host=mix_exchange_hang

    # The suite's vendor-form sources (tests/plugins/vendor_launchers*):
    # vendor-like headers through the installed overlay, Launch* wrappers in
    # kernel sources, APPEND, a tiling-key pair and an unmodelled builtin,
    # out of tree with each generator.
    mkdir -p "$tmp/vendor_form"
    cp -r "$src/tests/plugins/"vendor_launchers*.cpp "$src/tests/plugins/vendor_like" "$tmp/vendor_form/"
    cat >"$tmp/vendor_form/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.20)
project(vendor_form LANGUAGES CXX)
find_package(syncsim REQUIRED)
foreach(variant vendor_launchers vendor_launchers_fault)
  set(defines "")
  if(variant STREQUAL "vendor_launchers_fault")
    set(defines DEFINES VENDOR_LAUNCHERS_FAULT=1)
  endif()
  syncsim_add_kernel(${variant} SOURCES vendor_launchers_vec.cpp HOST vendor_launchers_host.cpp
                     ARCH dav-c220-vec INCLUDES vendor_like ${defines})
  syncsim_add_kernel(${variant} APPEND SOURCES vendor_launchers_mix.cpp ARCH dav-c220
                     INCLUDES vendor_like)
  syncsim_add_kernel(${variant} APPEND SOURCES vendor_launchers_pair.cpp ARCH dav-c220-cube
                     DEFINES VENDOR_PAIR_AIC=1)
  syncsim_add_kernel(${variant} APPEND SOURCES vendor_launchers_pair.cpp ARCH dav-c220-vec)
endforeach()
CMAKE
    generators=("Unix Makefiles")
    [ ${#generator[@]} -gt 0 ] && generators+=(Ninja)
    for gen in "${generators[@]}"; do
        out="$tmp/vendor_form/build-${gen// /_}"
        cmake -S "$tmp/vendor_form" -B "$out" -G "$gen" -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
        cmake --build "$out" >/dev/null || fail "the vendor-form sources do not build with $gen"
        run 0 "vendor launchers: every block wrote its line" configs/a2.yaml \
            --set workload.plugin="$out/libvendor_launchers.so" --set workload.host=vendor_launchers
        run 1 "vsel is a builtin of the vendor's compiler that syncsim declares but does not model" \
            configs/a2.yaml --set workload.plugin="$out/libvendor_launchers_fault.so" \
            --set workload.host=vendor_launchers_fault
    done
fi
echo "test_example: the examples built against $tmp/prefix and ran as their READMEs say"
