#!/usr/bin/env bash
# Builds tilecc and runs every test (lit suites and unit tests) through ctest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh"
build_dir="${TILECC_BUILD_DIR:-$root/build}"
cd "$build_dir"
ctest --output-on-failure -j "${TILECC_JOBS:-$(nproc)}"
