#!/usr/bin/env python3
"""Writes driver/tilecc.order, the function order of the static tilecc link.

A cold compile of a small kernel runs ~17k functions spread over the 60 MB of
code the static link holds; each first touch of a code page is a page fault
(the kernel maps 64 KiB around it), some 560 of them per run. Linked in this
order (lld's --symbol-ordering-file; LLVM's archives are built with one
section per function), the functions a compile runs lie together and a run
faults in a few MB of code instead of ~35.

The order is measured, not guessed: each compile below runs under valgrind's
callgrind on a copy of tilecc without debug information, and every function it
executes is listed, those that more of the compiles run first (start-up, the
parser, the common passes), then by name, so the file is deterministic.
Symbols missing from a later LLVM or tilecc build are ignored by the link;
rerun this script after an LLVM upgrade or a large change to what tilecc runs.

Usage: scripts/gen-link-order.py [--build build] [--jobs 2]
"""
import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
KERNELS = os.path.join(ROOT, "test", "E2E", "kernels")
# (program name, arguments): the kernels of scripts/bench-compile and a few
# that reach the tensor-core, reduction and bytecode paths, on each target
# family. `{out}` is the output path.
COMPILES = [
    ("tilecc", ["-arch=sm_80", os.path.join(ROOT, "examples", "vector_add.tile")]),
    ("tilecc", ["-arch=sm_90a", os.path.join(ROOT, "test", "Driver", "Inputs", "exp.tile")]),
    ("tilecc", ["-arch=sm_100", os.path.join(SHARED, "corpus", "cutile_softmax_per_row.mlir")]),
    ("tilecc", ["-arch=sm_100", os.path.join(KERNELS, "gather_scatter.tile")]),
    ("tilecc", ["-arch=sm_80", os.path.join(KERNELS, "stencil3x3.tile")]),
    ("tilecc", ["-arch=sm_80", os.path.join(KERNELS, "argmax_rows.tile")]),
    ("tilecc", ["-arch=sm_90a", os.path.join(KERNELS, "gemm_f16_f32_128.tile")]),
    ("tilecc", ["-arch=sm_100a", os.path.join(KERNELS, "gemm_f16_f32_128.tile")]),
    ("tileiras", [os.path.join(SHARED, "corpus", "bytecode", "cutile_matmul_f16_mmaf.13.3.tileirbc"),
                  "--gpu-name", "sm_80", "-O3", "--lineinfo"]),
]


def executed_functions(tool, args, tmp, index):
    """The symbols callgrind saw executing in one compile."""
    profile = os.path.join(tmp, "callgrind.%d" % index)
    cmd = ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
           "--callgrind-out-file=" + profile, tool] + args + [
               "-o", os.path.join(tmp, "out%d" % index)]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    names = set()
    with open(profile, errors="replace") as f:
        for line in f:
            m = re.match(r"fn=(?:\(\d+\) )?(\S+)$", line)
            if m:
                names.add(m.group(1))
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-o", "--output", default=os.path.join(ROOT, "driver", "tilecc.order"))
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("gen-link-order: valgrind not found")
    compiles = [(tool, a) for tool, a in COMPILES if os.path.exists(a[0] if tool == "tileiras" else a[1])]
    with tempfile.TemporaryDirectory() as tmp:
        # valgrind cannot read the DWARF of lld's output; the symbol table is
        # all it needs.
        tilecc = os.path.join(tmp, "tilecc")
        subprocess.run(["objcopy", "--strip-debug", os.path.join(args.build, "driver", "tilecc"),
                        tilecc], check=True)
        os.symlink("tilecc", os.path.join(tmp, "tileiras"))
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            runs = list(pool.map(
                lambda i: executed_functions(os.path.join(tmp, compiles[i][0]), compiles[i][1], tmp, i),
                range(len(compiles))))
        defined = set(subprocess.run(["nm", "--defined-only", "--format=just-symbols", tilecc],
                                     check=True, capture_output=True, text=True).stdout.split())
    uses = collections.Counter(name for run in runs for name in run if name in defined)
    order = sorted(uses, key=lambda name: (-uses[name], name))
    with open(args.output, "w") as f:
        f.write("".join(name + "\n" for name in order))
    print("gen-link-order: %d functions from %d compiles -> %s" % (len(order), len(runs), args.output))


if __name__ == "__main__":
    main()
