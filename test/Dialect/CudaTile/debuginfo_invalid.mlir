// RUN: not tilecc-opt %s --split-input-file 2>&1 | FileCheck %s

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#block = #cuda_tile.di_lexical_block<scope = #sp, file = #file, line = 5>

// CHECK: error: 'cuda_tile.entry' op invalid function debug info scope: {{.*}}. Function location must have cuda_tile.di_subprogram debug info scope.
cuda_tile.module @m {
  entry @k() {
    return
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #block>)
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>

// CHECK: error: 'cuda_tile.testing$func' op invalid function debug info scope: {{.*}}. Function name "other" does not match subprogram scope linkage name "k".
cuda_tile.module @m {
  testing$func @other() {
    return
  } loc("n"(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>))
}

// -----

// CHECK: error: 'cuda_tile.entry' op invalid function debug info location: {{.*}}. Function location must not be a CallSiteLoc.
cuda_tile.module @m {
  entry @k() {
    return
  } loc(callsite("a.py":1:1 at "b.py":2:2))
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>

// CHECK: error: 'cuda_tile.constant' op invalid operation debug info scope: {{.*}}. Operation has debug info scope, but function debug info scope is undefined.
cuda_tile.module @m {
  entry @k() {
    %0 = constant <i32: 1> : tile<i32> loc(#cuda_tile.di_loc<loc("/src/k.py":4:1) in #sp>)
    return
  }
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
#sp2 = #cuda_tile.di_subprogram<file = #file, line = 9, name = "j", linkageName = "j", compileUnit = #cu>
#block2 = #cuda_tile.di_lexical_block<scope = #sp2, file = #file, line = 10>

// CHECK: error: invalid operation debug info scope: {{.*}}. Operation debug info scope does not match function debug info scope: {{.*}}.
cuda_tile.module @m {
  entry @k() {
    return loc(#cuda_tile.di_loc<loc("/src/k.py":11:1) in #block2>)
  } loc(#cuda_tile.di_loc<loc("/src/k.py":3:1) in #sp>)
}

// -----
#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>

// CHECK: error: 'cuda_tile.global' op invalid operation debug info scope: {{.*}}. Global variables must not have scope.
cuda_tile.module @m {
  global @g <i32: [1]> : tile<1xi32> loc(#cuda_tile.di_loc<loc("/src/k.py":1:1) in #sp>)
}

// -----

// CHECK: error: expected a parameter name in struct
#cu = #cuda_tile.di_compile_unit<>

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK: error: struct is missing required parameter: compileUnit
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k">

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
// CHECK: error: invalid kind of attribute specified
// CHECK: error: failed to parse CudaTile_DILexicalBlockAttr parameter 'scope' which is to be a `DILocalScopeAttr`
#block = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 5>

// -----

#file = #cuda_tile.di_file<"k.py" in "/src">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "k", linkageName = "k", compileUnit = #cu>
// CHECK: error: failed to parse CudaTile_DILocAttr parameter 'sourceLoc' which is to be a `::mlir::FileLineColLoc`
#loc = #cuda_tile.di_loc<loc(unknown) in #sp>
