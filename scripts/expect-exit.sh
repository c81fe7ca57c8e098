#!/usr/bin/env bash
# expect-exit.sh CODE COMMAND...: runs COMMAND and succeeds only if it exits
# with exactly CODE (lit's `not` only tells zero from non-zero).
expected=$1
shift
"$@"
rc=$?
if [ "$rc" -ne "$expected" ]; then
  echo "expect-exit: expected exit code $expected, got $rc: $*" >&2
  exit 1
fi
