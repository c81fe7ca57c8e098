#!/usr/bin/env python3
"""Checks tilecc-ptxemu's printed buffers x, y against y = FN(x) (exp: y = 2 exp(x)).

Usage: tilecc-ptxemu ... --print x --print y | check-unary.py FN RTOL"""
import math
import sys

fn = {"exp": lambda v: 2 * math.exp(v)}[sys.argv[1]]
rtol = float(sys.argv[2])
bufs = {}
for line in sys.stdin:
    name, _, values = line.partition(":")
    if values:
        bufs[name.strip()] = [float(v) for v in values.split()]
for i, (x, y) in enumerate(zip(bufs["x"], bufs["y"])):
    want = fn(x)
    if abs(y - want) > rtol * max(1.0, abs(want)):
        sys.exit(f"y[{i}] = {y}, expected {want} for x = {x}")
print(f"ok: {len(bufs['y'])} elements")
