#!/usr/bin/env bash
# Builds syncsim (installing what is missing) and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --build-only
ctest --test-dir build --output-on-failure -j "$(nproc)"
