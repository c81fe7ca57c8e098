#!/bin/sh
# %round_trip_test of the cuda_tile conformance files: INPUT written as Tile IR
# bytecode and read back must print exactly as tilecc-opt prints INPUT
# (blank lines aside). Usage: round-trip.sh INPUT OUTBASE [PRINT FLAGS...]
set -e
in=$1
out=$2
shift 2
tilecc-translate -mlir-to-cudatilebc -no-implicit-module "$in" -o "$out.out.tilebc"
tilecc-translate -cudatilebc-to-mlir "$out.out.tilebc" -o "$out.roundtrip.mlir" "$@"
tilecc-opt "$in" -no-implicit-module -o "$out.ref.mlir" "$@"
diff -B "$out.ref.mlir" "$out.roundtrip.mlir"
