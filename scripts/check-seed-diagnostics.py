#!/usr/bin/env python3
"""Fails when a diagnostic quoted in a design seed has no test.

A seed quotes the diagnostics a pass or verifier emits verbatim, as
double-quoted strings. Every such string of at least three words (questions
and formatting fragments such as " vs " are not diagnostics) must appear in a
test line that checks a diagnostic: `expected-error`/`-warning`/`-remark`/
`-note` or a FileCheck directive. Strings the seed splits at a streamed value
("expects parent op ") match any test message that starts with them.

usage: check-seed-diagnostics.py [--seed-dir DIR] SEED... --tests PATH...
  SEED is a seed file or a seed number prefix (000, 001, ...) in --seed-dir;
  PATH is a test directory (searched recursively) or file.
"""
import argparse
import os
import re
import sys

QUOTED = re.compile(r'"([^"\n]*)"')
DIAG_LINE = re.compile(r'expected-(error|warning|remark|note)|\b[A-Z][A-Z0-9_-]*(-NEXT|-SAME|-NOT|-DAG|-LABEL)?:')
TEST_SUFFIXES = ('.mlir', '.tile', '.test', '.ll')


def seed_diagnostics(text):
    found = []
    for match in QUOTED.finditer(text):
        s = match.group(1)
        words = re.findall(r'[A-Za-z_][A-Za-z0-9_\-]*', s)
        if len(words) < 3 or s.rstrip().endswith('?'):
            continue
        if s not in found:
            found.append(s)
    return found


def resolve_seeds(seed_dir, names):
    paths = []
    for name in names:
        if os.path.isfile(name):
            paths.append(name)
            continue
        matches = sorted(f for f in os.listdir(seed_dir)
                         if f.startswith(name) and f.endswith('.txt'))
        if not matches:
            sys.exit(f'error: no seed matching {name!r} in {seed_dir}')
        paths.extend(os.path.join(seed_dir, m) for m in matches)
    return paths


def diagnostic_lines(test_dirs):
    paths = []
    for top in test_dirs:
        if os.path.isfile(top):
            paths.append(top)
        for root, dirs, files in os.walk(top):
            # Inputs of other tests are data, not checks.
            dirs[:] = [d for d in dirs if d != 'Inputs']
            paths.extend(os.path.join(root, name) for name in files
                         if name.endswith(TEST_SUFFIXES))
    lines = []
    for path in paths:
        with open(path, encoding='utf-8', errors='replace') as f:
            lines.extend(l for l in f if DIAG_LINE.search(l))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('seeds', nargs='+')
    parser.add_argument('--seed-dir', default=os.path.join(
        os.path.dirname(__file__), '..', '..', 'shared', 'seeds'))
    parser.add_argument('--tests', nargs='+', required=True)
    parser.add_argument('-v', '--verbose', action='store_true')
    args = parser.parse_args()

    lines = diagnostic_lines(args.tests)
    missing = 0
    total = 0
    for path in resolve_seeds(args.seed_dir, args.seeds):
        with open(path, encoding='utf-8') as f:
            diags = seed_diagnostics(f.read())
        for diag in diags:
            total += 1
            needle = diag.strip()
            if any(needle in line for line in lines):
                if args.verbose:
                    print(f'ok      {os.path.basename(path)}: "{diag}"')
                continue
            missing += 1
            print(f'MISSING {os.path.basename(path)}: "{diag}"')
    print(f'{total - missing}/{total} seed diagnostics have a test')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
