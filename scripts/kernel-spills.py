#!/usr/bin/env python3
"""Compiles .tile kernels for each arch with tilecc --metadata (ptxas behind
it) and prints one line per cubin:

    sm_80 attention_d64_bm64_f16 warps=4 regs=244 spill_stores=0 spill_loads=0

then `spilled: N of M`. Exit status 1 when a compile fails or a kernel
spills (its line ends in SPILLS).

    kernel-spills.py --tilecc build/driver/tilecc --archs sm_80 sm_90a \\
        --jobs 2 test/E2E/kernels/attention_*.tile
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile


def compile_one(tilecc, workdir, arch, path):
    name = os.path.splitext(os.path.basename(path))[0]
    meta = os.path.join(workdir, f"{name}.{arch}.json")
    proc = subprocess.run(
        [tilecc, f"-arch={arch}", path, "-o",
         os.path.join(workdir, f"{name}.{arch}.cubin"), f"--metadata={meta}"],
        capture_output=True, text=True)
    label = f"{arch} {name}"
    if proc.returncode != 0:
        return None, f"{label} FAILED\n{proc.stderr}"
    lines, spilled = [], False
    for kernel in json.load(open(meta))["kernels"]:
        spills = kernel["spill_stores"] + kernel["spill_loads"]
        spilled |= spills > 0
        lines.append(f"{label} warps={kernel['threads_per_cta'] // 32} "
                     f"regs={kernel['registers']} "
                     f"spill_stores={kernel['spill_stores']} "
                     f"spill_loads={kernel['spill_loads']}"
                     + (" SPILLS" if spills else ""))
    return spilled, "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tilecc", default="tilecc")
    parser.add_argument("--archs", nargs="+", default=["sm_80", "sm_90a", "sm_100a"])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("kernels", nargs="+")
    args = parser.parse_args()
    configs = [(arch, k) for arch in args.archs for k in args.kernels]
    failed = spilled = 0
    with tempfile.TemporaryDirectory() as workdir, \
            concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = pool.map(lambda c: compile_one(args.tilecc, workdir, *c), configs)
        for status, text in results:
            print(text)
            failed += status is None
            spilled += bool(status)
    print(f"spilled: {spilled} of {len(configs)}")
    return 1 if failed or spilled else 0


if __name__ == "__main__":
    sys.exit(main())
