// REQUIRES: ptxas
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %S/vector-add-ptx.mlir -o %t.llvm.mlir
// RUN: tilecc -arch=sm_80 %t.llvm.mlir -o %t.sm_80.cubin --metadata=%t.sm_80.json
// RUN: FileCheck %s --input-file=%t.sm_80.json
// RUN: tilecc -arch=sm_90 %t.llvm.mlir -o %t.sm_90.cubin --metadata=%t.sm_90.json
// RUN: FileCheck %s --input-file=%t.sm_90.json
// RUN: tilecc -arch=sm_100 %t.llvm.mlir -o %t.sm_100.cubin --metadata=%t.sm_100.json
// RUN: FileCheck %s --input-file=%t.sm_100.json
// RUN: tilecc -arch=sm_120 %t.llvm.mlir -o %t.sm_120.cubin --metadata=%t.sm_120.json
// RUN: FileCheck %s --input-file=%t.sm_120.json
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %S/vector-add.mlir -o %t.scalar.llvm.mlir
// RUN: tilecc -arch=sm_100 %t.scalar.llvm.mlir -o %t.scalar.cubin --metadata=%t.scalar.json
// RUN: FileCheck %s --input-file=%t.scalar.json

// The vectorized and the scalar vector_add, resumed from their LLVM-dialect
// form, assemble for every target family without spilling.
// CHECK: "symbol": "vector_add",
// CHECK: "static": 0,
// CHECK: "registers": {{[1-9][0-9]*}},
// CHECK-NEXT: "spill_stores": 0,
// CHECK-NEXT: "spill_loads": 0,
