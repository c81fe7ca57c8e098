#!/usr/bin/env bash
# Builds tilecc and compiles the bundled example kernel, printing the result.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" >/dev/null
build_dir="${TILECC_BUILD_DIR:-$root/build}"
out="$build_dir/examples"
mkdir -p "$out"
"$build_dir/driver/tilecc" -arch=sm_100 --emit=cuda_tile \
  "$root/examples/vector_add.tile" -o "$out/vector_add.cuda_tile.mlir"
echo "tilecc: compiled examples/vector_add.tile -> $out/vector_add.cuda_tile.mlir"
cat "$out/vector_add.cuda_tile.mlir"
