// Seed 004 spells a tiled_load's token as the last operand segment
// (`1, 2, 0, 1`); seed 002 keeps the token outside the segments (`1, 2, 0, 0`).
// Both parse to the same op, printed in the seed 002 form.
// RUN: tilecc-opt %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @seed004
// CHECK: nv_tileaa.tiled_load %arg0[%arg1, %arg2], %arg3 {{{.*}}operandSegmentSizes = array<i32: 1, 2, 0, 0>}
// CHECK-SAME: -> tensor<128x32xf16>, !nv_tileaa.mem_token
nv_tileaa.func @seed004(%mr_a: !nv_tileaa.memref<?x?xf16, 1>, %i: index, %k: index, %t0: !nv_tileaa.mem_token) -> (tensor<128x32xf16>, !nv_tileaa.mem_token) {
  %v, %t1 = nv_tileaa.tiled_load %mr_a[%i, %k], %t0
      { in_bounds = array<i1: true, true>,
        mem_semantic = #nv_tileaa<mem_semantic relaxed>,
        mem_scope = #nv_tileaa<mem_scope cluster>,
        operandSegmentSizes = array<i32: 1, 2, 0, 1> }
      : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
      -> tensor<128x32xf16>, !nv_tileaa.mem_token
  nv_tileaa.return %v, %t1 : tensor<128x32xf16>, !nv_tileaa.mem_token
}
