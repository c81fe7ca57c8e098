#!/usr/bin/env python3
"""Robustness test for tilecc's Tile IR bytecode reader.

Seeds: Tile IR bytecode files (NVIDIA's bytecode conformance inputs, the cuTile
corpus) and the bytecode tilecc writes for text kernels (`--emit=bytecode`).
Each mutated input (truncated, bytes flipped, huge varints and lengths
inserted, ranges deleted, duplicated or spliced) goes through
`tilecc --emit=cuda_tile` (or `tilecc-translate -cudatilebc-to-mlir`), and
every run must end normally: exit 0 with output, or exit 1 with a diagnostic.
A signal, an abort, another exit code or a hang is a failure; the inputs run
under a memory limit, so an unbounded allocation fails too. The mutations
come from a fixed seed: every run checks the same inputs.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import fuzzlib

MAGIC = b"\x7fTileIR\x00"
# Values that stress lengths, counts and indices.
VARINTS = [b"\xff\xff\xff\xff\x0f", b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", b"\x80\x80\x80\x80\x80",
           b"\x7f", b"\x00", b"\x80\x01", b"\xff\xff\x03"]
# 2 GiB of address space per run: far above what any seed needs, far below
# what an allocation sized by a corrupt count would ask for.
MEMORY_LIMIT = 2 << 30
FIXED32 = [b"\xff\xff\xff\xff", b"\x00\x00\x00\x80", b"\xff\xff\xff\x7f", b"\x00\x00\x00\x00"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(8)
    if kind == 0 or len(data) <= len(MAGIC):  # truncate
        return data[: rng.randrange(len(data) + 1)]
    # Mostly past the magic, so that the reader gets further than the header.
    lo = len(MAGIC) if rng.random() < 0.95 else 0
    pos = rng.randrange(lo, len(data))
    if kind == 1:  # flip bytes
        out = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            out[rng.randrange(lo, len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 2:  # overwrite with a large varint
        v = rng.choice(VARINTS)
        return data[:pos] + v + data[pos + len(v):]
    if kind == 3:  # overwrite with an extreme 32-bit value (offset tables)
        v = rng.choice(FIXED32)
        return data[:pos] + v + data[pos + len(v):]
    if kind == 4:  # delete a range
        return data[:pos] + data[pos + rng.randint(1, 32):]
    if kind == 5:  # duplicate a range
        end = min(len(data), pos + rng.randint(1, 64))
        return data[:end] + data[pos:end] + data[end:]
    if kind == 6:  # insert a varint
        return data[:pos] + rng.choice(VARINTS) + data[pos:]
    other = rng.randrange(lo, len(data))  # splice
    return data[:pos] + data[other: other + rng.randint(1, 32)] + data[pos + rng.randint(0, 32):]


def command(tool, path, out):
    if is_translate(tool):
        return [tool, "-cudatilebc-to-mlir", path, "-o", out]
    return [tool, "--emit=cuda_tile", path, "-o", out]


def is_translate(tool):
    return os.path.basename(tool).startswith("tilecc-translate")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True, help="tilecc or tilecc-translate")
    ap.add_argument("--writer", help="tilecc, to write bytecode seeds from --text inputs")
    ap.add_argument("--text", nargs="*", default=[], help="text kernels (files or directories)")
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("seeds", nargs="*", help="bytecode files or directories (missing ones are skipped)")
    args = ap.parse_args()

    corpus = []
    for f in fuzzlib.collect(args.seeds, (".tileirbc", ".bc", ".bytecode", ".tilebc")):
        data = open(f, "rb").read()
        if data.startswith(MAGIC):
            corpus.append((f, data))
    if args.writer:
        with tempfile.TemporaryDirectory() as tmp:
            for i, f in enumerate(fuzzlib.collect(args.text, (".tile", ".mlir"))):
                out = os.path.join(tmp, "seed%04d.tileirbc" % i)
                proc = subprocess.run([args.writer, "--emit=bytecode", f, "-o", out],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if proc.returncode == 0:
                    corpus.append((f + " (written by tilecc)", open(out, "rb").read()))
    if not corpus:
        print("fuzz-bytecode: no seed inputs found", file=sys.stderr)
        return 2
    # tilecc-translate may leave its output behind on failure: only tilecc
    # promises not to.
    return fuzzlib.fuzz("fuzz-bytecode", corpus, mutate,
                        lambda path, out: command(args.tool, path, out),
                        count=args.count, seed=args.seed, timeout=args.timeout,
                        jobs=args.jobs, suffix=".tileirbc", memory_limit=MEMORY_LIMIT,
                        check_partial_output=lambda cmd: not is_translate(cmd[0]))


if __name__ == "__main__":
    sys.exit(main())
