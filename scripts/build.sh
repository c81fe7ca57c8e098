#!/usr/bin/env bash
# Configures (once) and builds tilecc into ./build. Uses ccache when present.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
build_dir="${TILECC_BUILD_DIR:-$root/build}"
if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=Release \
    ${TILECC_CMAKE_ARGS:-}
fi
cmake --build "$build_dir" -j "${TILECC_JOBS:-$(nproc)}"
