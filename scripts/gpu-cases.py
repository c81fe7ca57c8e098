#!/usr/bin/env python3
"""Runs the end-to-end cases on a real GPU, in the two halves tilecc-run allows.

    scripts/gpu-cases.py export BUNDLE --arch sm_90a [--image ptx] [CASE.json...]
    (copy BUNDLE to the GPU machine)  scripts/gpu-run.py BUNDLE/*/*
    scripts/gpu-cases.py compare BUNDLE [--arch sm_90a] [CASE.json...]

export compiles each case (default: every test/E2E/*.json) for the target and
writes BUNDLE/<arch>-<image>/<case>/; a case whose kernel needs a feature the
target lacks is listed as skipped with tilecc's diagnostic, and so is a case
whose "gpu" key says why it is not run on a GPU. compare runs the
reference interpreter and checks each launched case's GPU results against it
(tilecc-run --gpu-results), and prints one line per case and a summary.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tilecc_run(args):
    tool = os.environ.get("TILECC_RUN",
                          os.path.join(ROOT, "build", "driver", "tilecc-run"))
    return subprocess.run([tool] + args, capture_output=True, text=True)


def case_name(path):
    return os.path.splitext(os.path.basename(path))[0]


def export(args):
    out = os.path.join(args.bundle, "%s-%s" % (args.arch, args.image))
    skipped = 0
    for case in args.cases:
        with open(case) as f:
            reason = json.load(f).get("gpu")
        if reason:
            skipped += 1
            print("skipped %s: %s" % (case_name(case), reason))
            continue
        target = os.path.join(out, case_name(case))
        run = tilecc_run([case, "--arch=" + args.arch, "--gpu-export", target,
                          "--gpu-image=" + args.image])
        if run.returncode != 0:
            skipped += 1
            reason = (run.stderr.strip().splitlines() or ["?"])[0]
            print("skipped %s: %s" % (case_name(case), reason))
    print("exported %d of %d cases to %s" %
          (len(args.cases) - skipped, len(args.cases), out))
    return 0


def compare(args):
    failed, passed = [], 0
    for variant in sorted(glob.glob(os.path.join(args.bundle, "*"))):
        for case in args.cases:
            results = os.path.join(variant, case_name(case))
            if not os.path.exists(os.path.join(results, "result.json")):
                continue
            run = tilecc_run([case, "--engine=interp", "--gpu-results", results])
            label = "%s %s" % (os.path.basename(variant), case_name(case))
            if run.returncode == 0:
                passed += 1
                print("ok      " + label)
            else:
                failed.append(label)
                print("FAILED  " + label + "\n" + run.stderr.rstrip())
    print("%d passed, %d failed" % (passed, len(failed)))
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=["export", "compare"])
    parser.add_argument("bundle")
    parser.add_argument("--arch", default="sm_90a")
    parser.add_argument("--image", default="cubin", choices=["cubin", "ptx"])
    parser.add_argument("cases", nargs="*")
    # Cases may follow the options (export BUNDLE --arch sm_90a CASE...).
    args = parser.parse_intermixed_args()
    if not args.cases:
        args.cases = sorted(glob.glob(os.path.join(ROOT, "test", "E2E", "*.json")))
    return export(args) if args.mode == "export" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
