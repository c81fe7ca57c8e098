#!/usr/bin/env python3
"""Checks that every cuda_tile op has an end-to-end case on both engines.

The op list comes from the dialect's ODS files (llvm-tblgen --dump-json: every
record deriving from `Op` in the `cuda_tile` dialect), not from a hand-kept
list. The cases are the `tilecc-run <case>.json --engine=both` RUN lines of
the E2E tests (test/E2E/compiled-*.test); the ops a case exercises are those
of its kernel, read in generic form through tilecc-opt.

An op without a case fails the check unless the exemption file lists it with
a reason (`op | reason` or `op | reason | kernel.tile`). An exemption naming a
kernel is an op the emulator cannot run yet: that kernel must contain the op
and compile with tilecc (ptxas included) for every target given by --archs.
An exemption for an op that has a case is stale and also fails.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def fail(msg):
    print("error: " + msg, file=sys.stderr)
    sys.exit(2)


def dialect_ops(tblgen, td_dir, includes):
    """Full names of the ops the ODS files under td_dir define."""
    ops = {}
    for name in sorted(os.listdir(td_dir)):
        if not re.fullmatch(r"CudaTile\w*Ops\.td", name):
            continue
        cmd = [tblgen, "--dump-json", os.path.join(td_dir, name)]
        for inc in includes:
            cmd += ["-I", inc]
        out = subprocess.run(cmd, capture_output=True, text=True)
        if out.returncode != 0:
            fail("%s failed:\n%s" % (" ".join(cmd), out.stderr))
        records = json.loads(out.stdout)
        for rec in records["!instanceof"].get("Op", []):
            r = records[rec]
            dialect = records[r["opDialect"]["def"]]["name"]
            ops["%s.%s" % (dialect, r["opName"])] = name
    return {op: f for op, f in ops.items() if op.startswith("cuda_tile.")}


CASE_RUN = re.compile(r"RUN:.*tilecc-run\s+%S/(\S+\.json)\b.*--engine=both")
CASE_ARCH = re.compile(r"--arch[= ](\S+)")


def e2e_cases(e2e_dir):
    """Case files run on both engines by the compiled-*.test files, each with
    the targets it runs on (an op whose hardware only some targets have is
    covered by a case on those targets alone, e.g. mmaf_scaled on sm_120a)."""
    cases = {}
    for name in sorted(os.listdir(e2e_dir)):
        if not (name.startswith("compiled-") and name.endswith(".test")):
            continue
        with open(os.path.join(e2e_dir, name)) as f:
            for line in f:
                m = CASE_RUN.search(line)
                if not m:
                    continue
                archs = cases.setdefault(m.group(1), [])
                a = CASE_ARCH.search(line)
                if a and a.group(1) not in archs:
                    archs.append(a.group(1))
    return cases


def kernel_ops(tilecc_opt, kernel):
    out = subprocess.run([tilecc_opt, "--mlir-print-op-generic", kernel],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail("%s does not parse:\n%s" % (kernel, out.stderr))
    return set(re.findall(r'"(cuda_tile\.[\w$]+)"', out.stdout))


def read_exemptions(path):
    exemptions = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = [p.strip() for p in line.split("|")]
            if len(parts) not in (2, 3) or not parts[1]:
                fail("%s:%d: expected 'op | reason [| kernel]'" % (path, lineno))
            exemptions[parts[0]] = (parts[1], parts[2] if len(parts) == 3 else None)
    return exemptions


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--src", required=True, help="tilecc source root")
    p.add_argument("--tilecc-opt", default="tilecc-opt")
    p.add_argument("--tilecc", default="tilecc",
                   help="compiles the kernels of exempted ops")
    # The LLVM 22 one: an older llvm-tblgen may come first on PATH.
    p.add_argument("--tblgen", default="llvm-tblgen-22")
    p.add_argument("--mlir-include", help="MLIR's .td include directory")
    p.add_argument("--e2e-dir", help="default: <src>/test/E2E")
    p.add_argument("--exemptions",
                   help="default: <src>/test/E2E/op-coverage-exemptions.txt")
    p.add_argument("--archs", default="sm_80 sm_90 sm_100 sm_120")
    args = p.parse_args()

    tblgen = shutil.which(args.tblgen) or fail("no %s" % args.tblgen)
    mlir_include = args.mlir_include or os.path.join(
        os.path.dirname(os.path.dirname(os.path.realpath(tblgen))), "include")
    td_dir = os.path.join(args.src, "frontend", "CudaTile", "IR")
    ops = dialect_ops(tblgen, td_dir, [os.path.join(args.src, "frontend"),
                                       mlir_include])
    if not ops:
        fail("no cuda_tile ops found in %s" % td_dir)
    e2e_dir = args.e2e_dir or os.path.join(args.src, "test", "E2E")
    exemptions = read_exemptions(
        args.exemptions or os.path.join(e2e_dir, "op-coverage-exemptions.txt"))

    covered = {}
    cases = e2e_cases(e2e_dir)
    # An op is listed with its most portable case: those that run on sm_80
    # come first (stable order otherwise).
    op_archs = {}
    absent = []
    for case in sorted(cases, key=lambda c: "sm_80" not in cases[c]):
        case_path = os.path.join(e2e_dir, case)
        with open(case_path) as f:
            kernel = os.path.normpath(os.path.join(
                os.path.dirname(case_path), json.load(f)["kernel_file"]))
        # Cases over ../shared/corpus kernels need a checkout beside ../shared
        # (their tests say REQUIRES: shared); the other cases must cover every
        # op on their own.
        if not os.path.exists(kernel):
            absent.append(case)
            continue
        for op in kernel_ops(args.tilecc_opt, kernel):
            covered.setdefault(op, case)
            # An op no sm_80 case runs is listed with every target that runs
            # it (block-scaled MMA: sm_120a-class and sm_100a-class cases).
            if "sm_80" not in cases[covered[op]]:
                for arch in cases[case]:
                    if arch not in op_archs.setdefault(op, []):
                        op_archs[op].append(arch)

    errors = []
    for op in sorted(exemptions):
        if op not in ops:
            errors.append("%s is exempted but is not a cuda_tile op" % op)
    width = max(len(op) for op in ops)
    for op in sorted(ops):
        if op in covered:
            archs = op_archs.get(op, cases[covered[op]])
            print("%-*s  %s%s" % (width, op, covered[op],
                                  " (%s)" % ", ".join(archs) if archs else ""))
            if op in exemptions:
                errors.append("%s has a case (%s): remove its exemption"
                              % (op, covered[op]))
        elif op in exemptions:
            reason, kernel = exemptions[op]
            print("%-*s  exempt: %s%s" % (width, op, reason,
                                          " (compiles: %s)" % kernel if kernel else ""))
            if kernel:
                errors += check_compiles(args, op, os.path.join(e2e_dir, kernel))
        else:
            print("%-*s  MISSING" % (width, op))
            errors.append("%s has no end-to-end case run on both engines" % op)
    n_cov = sum(op in covered for op in ops)
    print("%d/%d cuda_tile ops have an end-to-end case, %d exempt"
          % (n_cov, len(ops), sum(op in exemptions and op not in covered for op in ops)))
    if absent:
        print("skipped %d case(s) whose kernel is absent: %s"
              % (len(absent), ", ".join(sorted(absent))))
    for e in errors:
        print("error: " + e)
    return 1 if errors else 0


def check_compiles(args, op, kernel):
    """An exempted op's kernel must contain it and compile for every arch."""
    if op not in kernel_ops(args.tilecc_opt, kernel):
        return ["%s: %s does not contain the op" % (op, kernel)]
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        for arch in args.archs.split():
            out = subprocess.run([args.tilecc, "-arch=" + arch, kernel, "-o",
                                  os.path.join(tmp, arch + ".cubin")],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                errors.append("%s: %s does not compile for %s:\n%s"
                              % (op, kernel, arch, out.stderr.strip()))
    return errors


if __name__ == "__main__":
    sys.exit(main())
