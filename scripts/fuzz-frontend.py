#!/usr/bin/env python3
"""Robustness test for tilecc's front end.

Feeds truncated and byte-mutated versions of seed files (the cuda_tile
conformance tests and the corpus kernels) to `tilecc --emit=cuda_tile` and
requires every run to end normally: exit 0 with output, or exit 1 with a
diagnostic. A signal, an abort, another exit code or a hang is a failure.
The mutations are drawn from a fixed seed, so every run checks the same inputs.
"""
import argparse
import os
import random
import sys

import fuzzlib

# Fragments that push the parser into its less travelled paths.
TOKENS = [b"<", b">", b"[", b"]", b"(", b")", b"{", b"}", b",", b":", b"=", b"%", b"@",
          b"!cuda_tile.", b"tile<", b"ptr<", b"0x", b"?", b"-", b"x", b"1e400",
          b"99999999999999999999", b"\"", b"\\", b"#", b"// -----\n", b"\x00", b"\xff",
          b"f4E2M1FN", b"i1", b"token", b"-> ", b"iter_values(", b"dim_map=[",
          b"tensor_view<", b"partition_view<tile=(", b"div_by<", b"bounded<"]


def mutate(data: bytes, rng: random.Random) -> bytes:
    kind = rng.randrange(6)
    if kind == 0 or not data:  # truncate
        return data[: rng.randrange(len(data) + 1)]
    pos = rng.randrange(len(data))
    if kind == 1:  # flip bytes
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == 2:  # insert a token
        return data[:pos] + rng.choice(TOKENS) + data[pos:]
    if kind == 3:  # delete a range
        return data[:pos] + data[pos + rng.randint(1, 64):]
    if kind == 4:  # duplicate a range
        end = min(len(data), pos + rng.randint(1, 128))
        return data[:end] + data[pos:end] + data[end:]
    # splice: replace a range with one from elsewhere in the file
    other = rng.randrange(len(data))
    return data[:pos] + data[other: other + rng.randint(1, 64)] + data[pos + rng.randint(0, 64):]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tilecc", required=True)
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("seeds", nargs="+", help="files or directories of seed inputs")
    args = ap.parse_args()

    corpus = [(f, open(f, "rb").read()) for f in fuzzlib.collect(args.seeds, (".mlir", ".tile"))]
    if not corpus:
        print("fuzz-frontend: no seed files found", file=sys.stderr)
        return 2
    return fuzzlib.fuzz("fuzz-frontend", corpus, mutate,
                        lambda path, out: [args.tilecc, "--emit=cuda_tile", path, "-o", out],
                        count=args.count, seed=args.seed, timeout=args.timeout,
                        jobs=args.jobs, suffix=".tile")


if __name__ == "__main__":
    sys.exit(main())
