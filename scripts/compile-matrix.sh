#!/usr/bin/env bash
# compile-matrix.sh OUTDIR "ARCH..." KERNEL...: compiles every kernel for
# every arch with tilecc (on PATH) and writes each kernel's metadata to
# OUTDIR/<arch>.<kernel>.json. Fails on the first compile error or when ptxas
# reports spilled bytes for any kernel.
set -euo pipefail
out=$1
archs=$2
shift 2
mkdir -p "$out"
for arch in $archs; do
  for kernel in "$@"; do
    meta="$out/$arch.$(basename "$kernel").json"
    tilecc -arch="$arch" "$kernel" -o "$out/kernel.cubin" --metadata="$meta"
    if grep -Eq '"spill_(stores|loads)": [1-9]' "$meta"; then
      echo "compile-matrix: $kernel spills registers on $arch" >&2
      exit 1
    fi
  done
done
