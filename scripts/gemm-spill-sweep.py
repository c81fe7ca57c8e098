#!/usr/bin/env python3
"""Compiles one K-loop GEMM kernel (no launch hints) per tile shape, operand
type and arch with tilecc --metadata and prints one line per cubin:

    sm_80 f16->f32 128x256x64 warps=8 regs=168 spill_stores=0 spill_loads=0 shared=0

Tiles: M and N from --mn, K from --k; f64 takes only M, N <= 128 (--f64-max).
Types: f16->f32, bf16->f32, f32->f32, f16->f16, f64->f64 (--types).
--hint-warps N gives every kernel that warp hint (to compare with a choice).
Exit status 1 when a compile fails (its diagnostic is printed).

    gemm-spill-sweep.py --tilecc build/driver/tilecc --archs sm_80 sm_90a \
        --mn 64 128 256 --k 32 64 128 --types f16:f32 bf16:f32 --jobs 2
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

KERNEL = """\
cuda_tile.module @sweep {{
  entry @gemm(%a: tile<ptr<{ab}>>, %b: tile<ptr<{ab}>>, %c: tile<ptr<{acc}>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>){hints} {{
    %pa = assume div_by<16>, %a : tile<ptr<{ab}>>
    %pb = assume div_by<16>, %b : tile<ptr<{ab}>>
    %pc = assume div_by<16>, %c : tile<ptr<{acc}>>
    %n8 = assume div_by<8>, %n : tile<i32>
    %k8 = assume div_by<8>, %k : tile<i32>
    %av = make_tensor_view %pa, shape = [%m, %k8], strides = [%k8, 1] : tile<i32> -> tensor_view<?x?x{ab}, strides=[?,1]>
    %bv = make_tensor_view %pb, shape = [%k8, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?x{ab}, strides=[?,1]>
    %cv = make_tensor_view %pc, shape = [%m, %n8], strides = [%n8, 1] : tile<i32> -> tensor_view<?x?x{acc}, strides=[?,1]>
    %ap = make_partition_view %av : partition_view<tile=({M}x{K}), padding_value = zero, tensor_view<?x?x{ab}, strides=[?,1]>>
    %bp = make_partition_view %bv : partition_view<tile=({K}x{N}), padding_value = zero, tensor_view<?x?x{ab}, strides=[?,1]>>
    %cp = make_partition_view %cv : partition_view<tile=({M}x{N}), tensor_view<?x?x{acc}, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: {K}> : tile<i32>
    %kt = divi %k8, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <{acc}: 0.0> : tile<{M}x{N}x{acc}>
    %r = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<{M}x{N}x{acc}>) {{
      %at, %t1 = load_view_tko weak %ap[%bx, %i] : partition_view<tile=({M}x{K}), padding_value = zero, tensor_view<?x?x{ab}, strides=[?,1]>>, tile<i32> -> tile<{M}x{K}x{ab}>, token
      %bt, %t2 = load_view_tko weak %bp[%i, %by] : partition_view<tile=({K}x{N}), padding_value = zero, tensor_view<?x?x{ab}, strides=[?,1]>>, tile<i32> -> tile<{K}x{N}x{ab}>, token
      %d = mmaf %at, %bt, %s : tile<{M}x{K}x{ab}>, tile<{K}x{N}x{ab}>, tile<{M}x{N}x{acc}>
      continue %d : tile<{M}x{N}x{acc}>
    }}
    %t = store_view_tko weak %r, %cp[%bx, %by] : tile<{M}x{N}x{acc}>, partition_view<tile=({M}x{N}), tensor_view<?x?x{acc}, strides=[?,1]>>, tile<i32> -> token
    return
  }}
}}
"""


def compile_one(tilecc, workdir, hint_warps, arch, ab, acc, m, n, k):
    name = f"{arch}.{ab}_{acc}.{m}x{n}x{k}"
    src = os.path.join(workdir, name + ".tile")
    with open(src, "w") as f:
        hints = ""
        if hint_warps:
            base = arch.rstrip("af")
            hints = (f" optimization_hints=<{base} = "
                     f"{{num_worker_warps_per_cta = {hint_warps}}}>")
        f.write(KERNEL.format(ab=ab, acc=acc, M=m, N=n, K=k, hints=hints))
    meta = os.path.join(workdir, name + ".json")
    proc = subprocess.run(
        [tilecc, f"-arch={arch}", src, "-o", os.path.join(workdir, name + ".cubin"),
         f"--metadata={meta}"], capture_output=True, text=True)
    label = f"{arch} {ab}->{acc} {m}x{n}x{k}"
    if proc.returncode != 0:
        return False, f"{label} FAILED\n{proc.stderr}"
    kernel = json.load(open(meta))["kernels"][0]
    warps = kernel["threads_per_cta"] // 32
    line = (f"{label} warps={warps} regs={kernel['registers']} "
            f"spill_stores={kernel['spill_stores']} spill_loads={kernel['spill_loads']} "
            f"shared={kernel['shared_memory']['static']}")
    remark = [l for l in proc.stderr.splitlines() if "remark:" in l]
    if remark:
        line += " remark"
    return True, line


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tilecc", default="tilecc")
    parser.add_argument("--archs", nargs="+", default=["sm_80", "sm_90a", "sm_100a"])
    parser.add_argument("--mn", nargs="+", type=int, default=[64, 128, 256])
    parser.add_argument("--k", nargs="+", type=int, default=[32, 64, 128])
    parser.add_argument("--types", nargs="+",
                        default=["f16:f32", "bf16:f32", "f32:f32", "f16:f16", "f64:f64"])
    parser.add_argument("--f64-max", type=int, default=128)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--hint-warps", type=int, default=0,
                        help="give every kernel this num_worker_warps_per_cta hint")
    args = parser.parse_args()
    configs = []
    for arch in args.archs:
        for types in args.types:
            ab, acc = types.split(":")
            for m in args.mn:
                for n in args.mn:
                    if ab == "f64" and max(m, n) > args.f64_max:
                        continue
                    for k in args.k:
                        configs.append((arch, ab, acc, m, n, k))
    ok = True
    with tempfile.TemporaryDirectory() as workdir:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            for good, line in pool.map(lambda c: compile_one(args.tilecc, workdir, args.hint_warps, *c), configs):
                print(line, flush=True)
                ok &= good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
