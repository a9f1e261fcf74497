#!/usr/bin/env bash
# Builds syncsim (installing what is missing) and runs the whole test suite,
# then builds the AddressSanitizer + UBSan variant (the `asan` preset) and
# runs the suite again under it. --no-sanitize stops after the first half.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-only
ctest --test-dir build --output-on-failure -j "$(nproc)"
[ "${1:-}" = "--no-sanitize" ] && exit 0

echo "== the same suite under AddressSanitizer and UBSan (build-asan/)"
cmake --preset asan >/dev/null
cmake --build --preset asan
ctest --preset asan -j "$(nproc)"
