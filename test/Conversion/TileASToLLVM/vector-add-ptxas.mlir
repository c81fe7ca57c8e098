// REQUIRES: ptxas
// RUN: tilecc-opt --tileas-assign-layouts --convert-tileas-to-llvm %S/vector-add-ptx.mlir -o %t.llvm.mlir
// RUN: tilecc-codegen -arch=sm_80 --emit=ptxas %t.llvm.mlir | FileCheck %s
// RUN: tilecc-codegen -arch=sm_90 --emit=ptxas %t.llvm.mlir | FileCheck %s
// RUN: tilecc-codegen -arch=sm_100 --emit=ptxas %t.llvm.mlir | FileCheck %s
// RUN: tilecc-codegen -arch=sm_120 --emit=ptxas %t.llvm.mlir | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --convert-tileas-to-llvm %S/vector-add.mlir | tilecc-codegen -arch=sm_100 --emit=ptxas | FileCheck %s

// The vectorized and the scalar vector_add assemble for every target family
// without spilling.
// CHECK: vector_add: registers {{[0-9]+}}, spill stores 0, spill loads 0, shared 0
