// RUN: tilecc-opt %s --allow-unregistered-dialect --split-input-file --mlir-print-debuginfo --test-debuginfo-update-symbol-name="symbol-to-rename=m::k new-name=k_renamed update-uses=true" | FileCheck %s
// RUN: tilecc-opt %s --allow-unregistered-dialect --split-input-file --test-debuginfo-update-symbol-name="symbol-to-rename=m::k scope=m new-name=k2" | FileCheck %s --check-prefix=SCOPE
// RUN: not tilecc-opt %s --allow-unregistered-dialect --split-input-file --test-debuginfo-update-symbol-name="symbol-to-rename=m::nope new-name=x" 2>&1 | FileCheck %s --check-prefix=MISSING

// The symbol, its subprogram (also inside lexical blocks) and its uses follow.
// CHECK-DAG: entry @k_renamed()
// CHECK-DAG: "test.use"() {ref = @m::@k_renamed}
// CHECK-DAG: #di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 1, name = "k", linkageName = "k_renamed", compileUnit = #di_compile_unit>
// CHECK-DAG: #di_lexical_block = #cuda_tile.di_lexical_block<scope = #di_subprogram, file = #di_file, line = 2>
// CHECK-NOT: linkageName = "k"
// SCOPE: entry @k2()
// MISSING: error: could not find symbol op with name '@m::@nope'
#file = #cuda_tile.di_file<"k.py" in "">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = "k", linkageName = "k", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 2>
cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 0> : tile<i32> loc(#cuda_tile.di_loc<loc("k.py":3:1) in #block>)
    return loc(#cuda_tile.di_loc<loc("k.py":4:1) in #sp>)
  } loc(#cuda_tile.di_loc<loc("k.py":1:1) in #sp>)
}
"test.use"() {ref = @m::@k} : () -> ()
