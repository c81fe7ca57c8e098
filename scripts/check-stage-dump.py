#!/usr/bin/env python3
"""Validates tilecc stage dumps against the schema in docs/stage-dump.md.

Usage: check-stage-dump.py DUMP.json [...]. Exits non-zero, naming the file
and the offending field, when a dump does not follow the schema."""
import json
import sys

STAGES = ["cuda_tile", "bytecode", "tileaa", "tileaa-canon", "tileas", "schedule", "llvm", "ptx", "cubin"]
MLIR_STAGES = ["cuda_tile", "tileaa", "tileaa-canon", "tileas", "schedule"]


def check_op(node, path):
    for key, kind in [("name", str), ("operands", list), ("results", list),
                      ("attributes", dict), ("regions", list), ("loc", str)]:
        if not isinstance(node.get(key), kind):
            raise ValueError("%s.%s must be a %s" % (path, key, kind.__name__))
    for i, result in enumerate(node["results"]):
        if not isinstance(result.get("id"), str) or not isinstance(result.get("type"), str):
            raise ValueError("%s.results[%d] needs string id and type" % (path, i))
    for r, region in enumerate(node["regions"]):
        for b, block in enumerate(region):
            if not isinstance(block.get("arguments"), list) or not isinstance(block.get("ops"), list):
                raise ValueError("%s.regions[%d][%d] needs arguments and ops" % (path, r, b))
            for o, op in enumerate(block["ops"]):
                check_op(op, "%s.regions[%d][%d].ops[%d]" % (path, r, b, o))


def check(dump):
    if dump.get("format") != "tilecc-stage":
        raise ValueError("format must be \"tilecc-stage\"")
    if dump.get("version") != 1:
        raise ValueError("version must be 1")
    stage = dump.get("stage")
    if stage not in STAGES:
        raise ValueError("unknown stage %r" % stage)
    if not isinstance(dump.get("target"), dict) or not isinstance(dump["target"].get("arch"), str):
        raise ValueError("target.arch must be a string")
    if not isinstance(dump.get("source"), str):
        raise ValueError("source must be a string")
    if stage in MLIR_STAGES:
        if not isinstance(dump.get("ir"), str):
            raise ValueError("ir must be a string for stage %s" % stage)
        check_op(dump.get("module") or {}, "module")
    elif not isinstance(dump.get("text"), str):
        raise ValueError("text must be a string for stage %s" % stage)
    for key, kind in [("kernels", list), ("stats", dict), ("timings_ms", dict)]:
        if not isinstance(dump.get(key), kind):
            raise ValueError("%s must be a %s" % (key, kind.__name__))


def main():
    status = 0
    for path in sys.argv[1:]:
        try:
            with open(path) as f:
                check(json.load(f))
        except (ValueError, json.JSONDecodeError) as error:
            print("%s: invalid stage dump: %s" % (path, error))
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
