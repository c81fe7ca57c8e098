#!/usr/bin/env python3
"""FileCheck for NVIDIA's 13.3 bytecode tests: their expected messages name the
13.3 reader's supported range, `[13.1 - 13.3]`; tilecc reads 13.4 too, so
that one range is rewritten to `[13.1 - 13.4]` in a copy of the check file.
Everything else is checked unchanged."""
import os
import subprocess
import sys
import tempfile

args = sys.argv[1:]
check = next(i for i, a in enumerate(args) if not a.startswith("-"))
with open(args[check]) as f:
    text = f.read().replace("[13.1 - 13.3]", "[13.1 - 13.4]")
with tempfile.NamedTemporaryFile("w", suffix=os.path.basename(args[check]),
                                 delete=False) as tmp:
    tmp.write(text)
try:
    args[check] = tmp.name
    sys.exit(subprocess.call(["FileCheck"] + args))
finally:
    os.unlink(tmp.name)
