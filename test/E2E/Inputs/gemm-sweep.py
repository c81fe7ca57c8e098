#!/usr/bin/env python3
"""gemm-sweep.py OUTDIR ARCHS TYPES SHAPES: compiles one GEMM kernel (a K loop
of `mmaf`/`mmai` over partition views, tile MxNxK, A in row-major) for every
arch, element type and tile shape through tilecc and ptxas, and prints one
line per combination: `ok <arch> <type> <shape> dynamic_shared=<bytes>`, or
the compiler's error and exit status 1 at the first failure.

TYPES are `<operand>-><accumulator>` pairs (`f16->f32`, `i8->i32`, ...);
SHAPES are `MxNxK` tiles; lists are space-separated."""
import json
import os
import subprocess
import sys


def kernel(operand, acc, m, n, k):
    mma = "mmai %a, %b, %s signed signed" if operand == "i8" else "mmaf %a, %b, %s"
    load = "f32" if operand == "tf32" else operand
    zero = "0" if acc.startswith("i") else "0.0"
    convert = ""
    if operand == "tf32":  # tf32 tiles come from f32 loads
        convert = (f"      %a = ftof %al : tile<{m}x{k}xf32> -> tile<{m}x{k}xtf32>\n"
                   f"      %b = ftof %bl : tile<{k}x{n}xf32> -> tile<{k}x{n}xtf32>\n")
    else:
        mma = mma.replace("%a, %b", "%al, %bl")
    tv = lambda t: f"tensor_view<?x?x{t}, strides=[?,1]>"
    pv = lambda r, c, t: f"partition_view<tile=({r}x{c}), padding_value = zero, {tv(t)}>"
    cv = f"partition_view<tile=({m}x{n}), {tv(acc)}>"
    return f"""cuda_tile.module @sweep {{
  entry @gemm(%pa: tile<ptr<{load}>>, %pb: tile<ptr<{load}>>, %pc: tile<ptr<{acc}>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {{
    %av = make_tensor_view %pa, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> {tv(load)}
    %bv = make_tensor_view %pb, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> {tv(load)}
    %cv = make_tensor_view %pc, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> {tv(acc)}
    %ap = make_partition_view %av : {pv(m, k, load)}
    %bp = make_partition_view %bv : {pv(k, n, load)}
    %cp = make_partition_view %cv : {cv}
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %ct = constant <i32: {k}> : tile<i32>
    %kt = divi %k, %ct signed rounding<positive_inf> : tile<i32>
    %zero = constant <{acc}: {zero}> : tile<{m}x{n}x{acc}>
    %acc = for %i in (%c0 to %kt, step %c1) : tile<i32> iter_values(%s = %zero) -> (tile<{m}x{n}x{acc}>) {{
      %al, %t1 = load_view_tko weak %ap[%bx, %i] : {pv(m, k, load)}, tile<i32> -> tile<{m}x{k}x{load}>, token
      %bl, %t2 = load_view_tko weak %bp[%i, %by] : {pv(k, n, load)}, tile<i32> -> tile<{k}x{n}x{load}>, token
{convert}      %r = {mma} : tile<{m}x{k}x{operand}>, tile<{k}x{n}x{operand}>, tile<{m}x{n}x{acc}>
      continue %r : tile<{m}x{n}x{acc}>
    }}
    %d = store_view_tko weak %acc, %cp[%bx, %by] : tile<{m}x{n}x{acc}>, {cv}, tile<i32> -> token
    return
  }}
}}
"""


def main():
    out, archs, types, shapes = sys.argv[1], sys.argv[2].split(), sys.argv[3].split(), sys.argv[4].split()
    os.makedirs(out, exist_ok=True)
    for arch in archs:
        for pair in types:
            operand, acc = pair.split("->")
            for shape in shapes:
                m, n, k = (int(x) for x in shape.split("x"))
                name = f"{out}/{operand}_{acc}_{shape}"
                with open(name + ".tile", "w") as f:
                    f.write(kernel(operand, acc, m, n, k))
                run = subprocess.run(["tilecc", f"-arch={arch}", name + ".tile", "-o", name + ".cubin",
                                      f"--metadata={name}.json"], capture_output=True, text=True)
                if run.returncode != 0:
                    print(f"FAIL {arch} {pair} {shape}\n{run.stderr}")
                    return 1
                with open(name + ".json") as f:
                    shared = json.load(f)["kernels"][0]["shared_memory"]
                print(f"ok {arch} {pair} {shape} dynamic_shared={shared['dynamic']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
