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
import concurrent.futures
import os
import random
import resource
import subprocess
import sys
import tempfile

MAGIC = b"\x7fTileIR\x00"
# Values that stress lengths, counts and indices.
VARINTS = [b"\xff\xff\xff\xff\x0f", b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", b"\x80\x80\x80\x80\x80",
           b"\x7f", b"\x00", b"\x80\x01", b"\xff\xff\x03"]
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


def limit_memory():
    # 2 GiB of address space: far above what any seed needs, far below what
    # an allocation sized by a corrupt count would ask for.
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def command(tool, path, out):
    if os.path.basename(tool).startswith("tilecc-translate"):
        return [tool, "-cudatilebc-to-mlir", path, "-o", out]
    return [tool, "--emit=cuda_tile", path, "-o", out]


def run_one(tool, path, timeout):
    out = path + ".out"
    try:
        proc = subprocess.run(command(tool, path, out), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, timeout=timeout,
                              preexec_fn=limit_memory)
    except subprocess.TimeoutExpired:
        return "hang (over %ss)" % timeout
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode == 0:
        return None if os.path.exists(out) else "exit 0 without output"
    if proc.returncode == 1:
        if os.path.basename(tool) == "tilecc" and os.path.exists(out):
            return "exit 1 left a partial output file"
        if "error" not in stderr:
            return "exit 1 without a diagnostic"
        return None
    return "exit code %d: %s" % (proc.returncode, stderr[-400:])


def collect(paths, suffixes):
    files = []
    for s in paths:
        if os.path.isdir(s):
            for dirpath, _, names in os.walk(s):
                files += [os.path.join(dirpath, n) for n in names if n.endswith(suffixes)]
        elif os.path.isfile(s):
            files.append(s)
    return sorted(files)


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
    for f in collect(args.seeds, (".tileirbc", ".bc", ".bytecode", ".tilebc")):
        data = open(f, "rb").read()
        if data.startswith(MAGIC):
            corpus.append((f, data))
    with tempfile.TemporaryDirectory() as tmp:
        if args.writer:
            for i, f in enumerate(collect(args.text, (".tile", ".mlir"))):
                out = os.path.join(tmp, "seed%04d.tileirbc" % i)
                proc = subprocess.run([args.writer, "--emit=bytecode", f, "-o", out],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                if proc.returncode == 0:
                    corpus.append((f + " (written by tilecc)", open(out, "rb").read()))
        if not corpus:
            print("fuzz-bytecode: no seed inputs found", file=sys.stderr)
            return 2

        rng = random.Random(args.seed)
        jobs = []
        for i in range(args.count):
            name, data = corpus[i % len(corpus)]
            mutated = data
            for _ in range(rng.randint(1, 3)):
                mutated = mutate(mutated, rng)
            path = os.path.join(tmp, "input%06d.tileirbc" % i)
            with open(path, "wb") as f:
                f.write(mutated)
            jobs.append((name, path))

        failures = []
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = pool.map(lambda j: (j, run_one(args.tool, j[1], args.timeout)), jobs)
            for (name, path), problem in results:
                if problem:
                    keep = os.path.join(os.getcwd(), "fuzz-failure-" + os.path.basename(path))
                    os.replace(path, keep)
                    failures.append("%s (from %s, kept as %s): %s" % (path, name, keep, problem))
                else:
                    os.remove(path)
                    if os.path.exists(path + ".out"):
                        os.remove(path + ".out")
    for f in failures:
        print("FAIL:", f)
    print("%d seeds, %d passed, %d failed" % (len(corpus), args.count - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
