// RUN: tilecc-opt %s --pass-pipeline="builtin.module(cuda_tile.module(synthesize-debug-info-scopes))" --split-input-file --mlir-print-debuginfo | FileCheck %s

// Every op of an unscoped function lands in a new subprogram; ops without a
// file location borrow the function's.
// CHECK-LABEL: entry @kernel()
// CHECK: constant <i32: 0> : tile<i32> loc([[CST:#loc[0-9]+]])
// CHECK: return loc([[FN:#loc[0-9]+]])
// CHECK: } loc([[FN]])
// CHECK-DAG: #di_file = #cuda_tile.di_file<"kernel.py" in "/work/src">
// CHECK-DAG: #di_file1 = #cuda_tile.di_file<"mod.py" in "">
// CHECK-DAG: #di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file1>
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 5, name = "kernel", linkageName = "kernel", compileUnit = #di_compile_unit, scopeLine = 5>
// CHECK-DAG: [[FNFILE:#loc[0-9]+]] = loc("/work/src/kernel.py":5:1)
// CHECK-DAG: [[CSTFILE:#loc[0-9]+]] = loc("/work/src/kernel.py":6:3)
// CHECK-DAG: [[FN]] = #cuda_tile.di_loc<[[FNFILE]] in #di_subprogram>
// CHECK-DAG: [[CST]] = #cuda_tile.di_loc<[[CSTFILE]] in #di_subprogram>
cuda_tile.module @m {
  entry @kernel() {
    %0 = constant <i32: 0> : tile<i32> loc("c"("/work/src/kernel.py":6:3))
    return loc(unknown)
  } loc("/work/src/kernel.py":5:1)
} loc(callsite(unknown at "mod.py":1:1))

// -----

// Functions that already have a scope are left alone; the others still get one.
// CHECK-LABEL: testing$func @scoped()
// CHECK: return loc([[UNK:#loc[0-9]*]])
// CHECK-LABEL: testing$func @unscoped()
// CHECK-DAG: [[UNK]] = loc(unknown)
// CHECK-DAG: #[[UFILE:di_file[0-9]*]] = #cuda_tile.di_file<"<unknown>" in "">
// CHECK-DAG: #[[UCU:di_compile_unit[0-9]*]] = #cuda_tile.di_compile_unit<file = #[[UFILE]]>
// CHECK-DAG: #cuda_tile.di_subprogram<file = #[[UFILE]], line = 1, name = "unscoped", linkageName = "unscoped", compileUnit = #[[UCU]], scopeLine = 1>
// CHECK-DAG: #cuda_tile.di_loc<{{#loc[0-9]*}} in #di_subprogram{{[0-9]*}}>
#file = #cuda_tile.di_file<"k.py" in "">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 2, name = "scoped", linkageName = "scoped", compileUnit = #cu>
cuda_tile.module @m {
  testing$func @scoped() {
    return loc(unknown)
  } loc(#cuda_tile.di_loc<loc("k.py":2:1) in #sp>)
  testing$func @unscoped() {
    return loc(unknown)
  } loc(unknown)
} loc(unknown)
