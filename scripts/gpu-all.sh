#!/usr/bin/env bash
# Every E2E case and every benchmark on a real GPU, in three steps (docs/e2e-cases.md, "On a real GPU"):
#
#   scripts/gpu-all.sh prepare BUNDLE [ARCH]   here (needs build/): exports every E2E case as ARCH cubins
#                                              (default sm_90a) and as sm_80 PTX, the timed memory-bound and
#                                              GEMM cases, and the in-process benchmarks (scripts/bench/gpu-bench.py)
#   scripts/gpu-all.sh run BUNDLE OUT          on the GPU machine (Python, libcuda, torch): launches all of it,
#                                              writes OUT/{gpu.txt,cases.log,timed.log,bench*.md,case-results.tar}
#   scripts/gpu-all.sh compare BUNDLE OUT      here: unpacks the case results and compares each with the
#                                              reference interpreter
#
# A BUNDLE/bench-before directory (a gpu-bench.py prepare of an older tree) is timed in the same run, so
# before/after figures come from one device and one process.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: gpu-all.sh prepare|run|compare BUNDLE [...]}
bundle=${2:?BUNDLE}

case "$mode" in
prepare)
  arch=${3:-sm_90a}
  rm -rf "$bundle/cases" "$bundle/timed" "$bundle/bench"
  mkdir -p "$bundle/timed"
  "$root/scripts/gpu-cases.py" export "$bundle/cases" --arch "$arch"
  "$root/scripts/gpu-cases.py" export "$bundle/cases" --arch sm_80 --image ptx
  for json in "$root"/scripts/bench/gpu/*.json "$root"/scripts/bench/gemm_f16_f32_2048.json; do
    name=$(basename "$json" .json)
    "$root/build/driver/tilecc-run" "$json" --arch="$arch" --gpu-export "$bundle/timed/$name"
  done
  "$root/scripts/bench/gpu-bench.py" prepare "$bundle/bench" --arch "$arch"
  du -sh "$bundle"
  ;;
run)
  out=${3:?OUT}
  mkdir -p "$out"
  { nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv || true
    python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' || true
    date -u; } > "$out/gpu.txt" 2>&1
  python3 "$root/scripts/gpu-run.py" "$bundle"/cases/*/* > "$out/cases.log" 2>&1 || true
  python3 "$root/scripts/gpu-run.py" --time 20 --no-outputs "$bundle"/timed/* > "$out/timed.log" 2>&1 || true
  for bench in "$bundle"/bench "$bundle"/bench-before; do
    [ -d "$bench" ] || continue
    python3 "$root/scripts/bench/gpu-bench.py" run "$bench" --iters 10 > "$out/$(basename "$bench").md" 2>&1 || true
    cp "$bench/results.json" "$out/$(basename "$bench").json" 2>/dev/null || true
  done
  (cd "$bundle" && find cases -name result.json -o -name printed.txt -o -path '*/out/*' -type f) |
    tar -C "$bundle" -cf "$out/case-results.tar" -T -
  ;;
compare)
  out=${3:?OUT}
  tar -C "$bundle" -xf "$out/case-results.tar"
  "$root/scripts/gpu-cases.py" compare "$bundle/cases"
  ;;
*)
  echo "usage: gpu-all.sh prepare|run|compare BUNDLE [...]" >&2
  exit 2
  ;;
esac
