#!/usr/bin/env bash
# Builds tilecc and compiles the bundled example kernel to a cubin for sm_100,
# then prints what was produced: the kernel metadata and ptxas's resources.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/build.sh" >/dev/null
build_dir="${TILECC_BUILD_DIR:-$root/build}"
out="$build_dir/examples"
mkdir -p "$out"
"$build_dir/driver/tilecc" -arch=sm_100 "$root/examples/vector_add.tile" \
  -o "$out/vector_add.cubin" --metadata="$out/vector_add.json"
echo "tilecc: examples/vector_add.tile -> $out/vector_add.cubin ($(wc -c < "$out/vector_add.cubin") bytes)"
cat "$out/vector_add.json"
