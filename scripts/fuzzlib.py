"""What tilecc's fuzzers share: collecting seed files, writing the mutated
inputs, running each one under a time (and optionally memory) limit, judging
how it ended, and reporting.

A run passes when it ends normally: exit 0 with its output file, or exit 1
with a diagnostic (and, from tilecc, no output file). A signal, an abort,
another exit code, a hang or an unbounded allocation is a failure; the input
of each failure is kept in the working directory as fuzz-failure-NAME.
"""
import concurrent.futures
import os
import random
import resource
import subprocess
import tempfile
import time


def collect(paths, suffixes):
    """The files below `paths` (files or directories; missing ones are
    skipped) whose names end with one of `suffixes`, sorted."""
    files = []
    for s in paths:
        if os.path.isdir(s):
            for dirpath, _, names in os.walk(s):
                files += [os.path.join(dirpath, n) for n in names if n.endswith(suffixes)]
        elif os.path.isfile(s):
            files.append(s)
    return sorted(files)


def judge(proc, out, check_partial_output=True):
    """None when a finished run ended normally, else what went wrong."""
    stderr = proc.stderr.decode("utf-8", "replace")
    if proc.returncode == 0:
        return None if os.path.exists(out) else "exit 0 without output"
    if proc.returncode == 1:
        if check_partial_output and os.path.exists(out):
            return "exit 1 left a partial output file"
        if "error" not in stderr:
            return "exit 1 without a diagnostic"
        return None
    return "exit code %d: %s" % (proc.returncode, stderr[-400:])


def run_one(cmd, out, timeout, check_partial_output=True):
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang (over %ss)" % timeout
    return judge(proc, out, check_partial_output)


def fuzz(name, corpus, mutate, command, *, count, seed, timeout, jobs, suffix,
         memory_limit=None, check_partial_output=None):
    """Runs `count` mutated inputs and prints a report; returns the exit code.

    corpus: [(seed name, bytes)]; mutate(data, rng) -> bytes, applied one to
    three times per input, drawn from random.Random(seed) so that every run
    with the same seed checks the same inputs; command(path, out) -> argv;
    check_partial_output(argv) -> whether exit 1 must leave no output file
    (default: always); memory_limit: bytes of address space each run may
    use. The limit is set on this process and inherited: a preexec_fn would
    make every run a fork of the Python process instead of a vfork."""
    if memory_limit:
        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    rng = random.Random(seed)
    failures = []
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        def one(item):
            i, data = item
            path = os.path.join(work, "input%06d%s" % (i, suffix))
            with open(path, "wb") as f:
                f.write(data)
            out = path + ".out"
            cmd = command(path, out)
            partial = check_partial_output(cmd) if check_partial_output else True
            problem = run_one(cmd, out, timeout, partial)
            if problem:
                keep = os.path.join(os.getcwd(), "fuzz-failure-" + os.path.basename(path))
                os.replace(path, keep)
                source = corpus[i % len(corpus)][0]
                failures.append((i, "%s (from %s, kept as %s): %s" % (path, source, keep, problem)))
            else:
                os.remove(path)
            if os.path.exists(out):
                os.remove(out)

        # Inputs are drawn in order, a batch at a time (a long run does not
        # hold them all), so the thread count cannot change them.
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for first in range(0, count, 1000):
                batch = []
                for i in range(first, min(count, first + 1000)):
                    mutated = corpus[i % len(corpus)][1]
                    for _ in range(rng.randint(1, 3)):
                        mutated = mutate(mutated, rng)
                    batch.append((i, mutated))
                list(pool.map(one, batch))
    for _, text in sorted(failures):
        print("FAIL:", text)
    print("%s: %d seeds, %d inputs (seed %d) in %.0f s: %d passed, %d failed" % (
        name, len(corpus), count, seed, time.monotonic() - start, count - len(failures),
        len(failures)))
    return 1 if failures else 0
