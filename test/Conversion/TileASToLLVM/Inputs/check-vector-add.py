#!/usr/bin/env python3
"""Checks tilecc-ptxemu's printed buffers a, b, c against c = a + b in f32.

Usage: tilecc-ptxemu ... --print a --print b --print c | check-vector-add.py N
Elements at or past N must be 0 (never written)."""
import struct
import sys


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


n = int(sys.argv[1])
bufs = {}
for line in sys.stdin:
    name, _, values = line.partition(":")
    if values:
        bufs[name.strip()] = [float(v) for v in values.split()]
a, b, c = bufs["a"], bufs["b"], bufs["c"]
for i, got in enumerate(c):
    want = f32(a[i] + b[i]) if i < n else 0.0
    if abs(got - want) > 1e-5 * max(1.0, abs(want)):
        sys.exit(f"c[{i}] = {got}, expected {want}")
print(f"ok: {len(c)} elements")
