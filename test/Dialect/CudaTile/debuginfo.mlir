// RUN: tilecc-opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: tilecc-opt --mlir-print-debuginfo %s | tilecc-opt --mlir-print-debuginfo | FileCheck %s

// CHECK-DAG: #di_file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 3, name = "k", linkageName = "k_f32", compileUnit = #di_compile_unit, scopeLine = 4>
// CHECK-DAG: #di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 20, name = "helper", linkageName = "helper", compileUnit = #di_compile_unit>
// CHECK-DAG: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 5, column = 2>
// CHECK-DAG: #di_lexical_block1 = #cuda_tile.di_lexical_block<scope = #di_lexical_block, file = #di_file, line = 6>
// CHECK-DAG: [[FN:#loc[0-9]*]] = #cuda_tile.di_loc<[[FNFILE:#loc[0-9]*]] in #di_subprogram>
// CHECK-DAG: [[FNFILE]] = loc("/src/k.py":3:1)
// CHECK-DAG: [[INNER:#loc[0-9]*]] = #cuda_tile.di_loc<{{#loc[0-9]*}} in #di_lexical_block1>
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k_f32", compileUnit = #cu, scopeLine = 4>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 20, name = "helper", linkageName = "helper", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 5, column = 2>
#inner = #cuda_tile.di_lexical_block<scope = #block, file = #file, line = 6>

cuda_tile.module @m {
  // CHECK-DAG: entry @k_f32()
  entry @k_f32() {
    // Scopes may hide behind name, fused and call site locations.
    // CHECK-DAG: constant <i32: 1> : tile<i32> loc([[INNER]])
    %0 = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":6:3) in #inner>)
    %1 = constant <i32: 2> : tile<i32> loc("x"(#cuda_tile.di_loc<loc("/src/k.py":7:3) in #block>))
    %2 = constant <i32: 3> : tile<i32> loc(fused[unknown, #cuda_tile.di_loc<loc("/src/k.py":8:3) in #sp>])
    %3 = constant <i32: 4> : tile<i32> loc(callsite("f.py":1:1 at #cuda_tile.di_loc<loc("/src/k.py":9:3) in #sp>))
    // Ops without scope are fine in a scoped function.
    %4 = constant <i32: 5> : tile<i32> loc("/src/k.py":10:3)
    return loc(unknown)
  // CHECK-DAG: } loc([[FN]])
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)

  testing$func @helper() {
    return loc(#cuda_tile.di_loc<loc("/src/k.py":21:1) in #sp2>)
  } loc(#cuda_tile.di_loc<loc("/src/k.py":20:1) in #sp2>)

  // Module-level items may carry plain locations.
  global @g <i32: [1]> : tile<1xi32> loc("/src/k.py":1:1)
}
