// Debug-info locations (di_loc in subprograms and lexical blocks, call
// sites of them) survive the bytecode round trip; the function's location
// comes first in its debug list, then its operations in order.
// RUN: %round_trip_test %s %t --mlir-print-debuginfo
// RUN: FileCheck %s --input-file=%t.roundtrip.mlir
// CHECK: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 5, column = 7>
// CHECK: callsite(

cuda_tile.module @kernels {
  entry @k(%x: tile<i32>) {
    %0 = addi %x, %x : tile<i32> loc(#l_add)
    %1 = muli %0, %x : tile<i32> loc(#l_call)
    %2 = subi %1, %x : tile<i32> loc(#l_block)
    return loc(#l_ret)
  } loc(#l_fn)
} loc(unknown)
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 2, name = "k", linkageName = "k", compileUnit = #cu, scopeLine = 3>
#helper = #cuda_tile.di_subprogram<file = #file, line = 9, name = "helper", linkageName = "helper", compileUnit = #cu, scopeLine = 9>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 5, column = 7>
#l_fn = #cuda_tile.di_loc<loc("k.py":2:1) in #sp>
#l_add = #cuda_tile.di_loc<loc("k.py":3:9) in #sp>
#l_inner = #cuda_tile.di_loc<loc("k.py":10:5) in #helper>
#l_site = #cuda_tile.di_loc<loc("k.py":4:9) in #sp>
#l_call = loc(callsite(#l_inner at #l_site))
#l_block = #cuda_tile.di_loc<loc("k.py":6:11) in #block>
#l_ret = #cuda_tile.di_loc<loc("k.py":7:5) in #sp>
