// Seed 002 worked example (addptr -> tiled_load -> dot -> tiled_store), with
// the seed's tile<...> written as tensors. It parses, verifies, and keeps the
// token chain %t0 -> %t1 -> %t2 -> %t3 through canonicalization.
// RUN: tilecc-opt %s | FileCheck %s
// RUN: tilecc-opt %s -tileaa-canonicalize | FileCheck %s
// RUN: tilecc-opt %s -canonicalize -cse | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @gemm_fragment
// CHECK: %[[T0:.*]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK: %[[PA:.*]] = nv_tileaa.addptr
// CHECK: %[[PB:.*]] = nv_tileaa.addptr
// CHECK: %[[MA:.*]] = nv_tileaa.make_memref %[[PA]]
// CHECK: %[[MB:.*]] = nv_tileaa.make_memref %[[PB]]
// CHECK: %[[AV:.*]], %[[T1:.*]] = nv_tileaa.tiled_load %[[MA]][%{{.*}}, %{{.*}}], %[[T0]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>}
// CHECK: %[[BV:.*]], %[[T2:.*]] = nv_tileaa.tiled_load %[[MB]][%{{.*}}, %{{.*}}], %[[T1]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 2, 0, 0>}
// CHECK: %[[D:.*]] = nv_tileaa.dot %[[AV]], %[[BV]], %{{.*}} {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
// CHECK: %[[MC:.*]] = nv_tileaa.make_memref
// CHECK: %[[T3:.*]] = nv_tileaa.tiled_store %[[MC]][%{{.*}}, %{{.*}}], %[[D]], %[[T2]] {in_bounds = array<i1: true, true>, operandSegmentSizes = array<i32: 1, 1, 2, 0>}
// CHECK-SAME: -> !nv_tileaa.mem_token
// CHECK: nv_tileaa.return %[[T3]]
nv_tileaa.func @gemm_fragment(%a_base: !nv_tileaa.ptr<f16, 1>, %b_base: !nv_tileaa.ptr<f16, 1>, %c_base: !nv_tileaa.ptr<f32, 1>,
    %off_a: index, %off_b: index, %off_c: index, %M: index, %N: index, %K: index,
    %s_a_row: index, %s_a_col: index, %s_b_row: index, %s_b_col: index, %s_c_row: index, %s_c_col: index,
    %i: index, %j: index, %k: index, %c_in: tensor<128x128xf32>) -> !nv_tileaa.mem_token {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %pa = nv_tileaa.addptr %a_base, %off_a
      : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
  %pb = nv_tileaa.addptr %b_base, %off_b
      : !nv_tileaa.ptr<f16, 1>, index -> !nv_tileaa.ptr<f16, 1>
  %mr_a = nv_tileaa.make_memref %pa, %off_a, %M, %K, %s_a_row, %s_a_col
      : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf16, 1>
  %mr_b = nv_tileaa.make_memref %pb, %off_b, %K, %N, %s_b_row, %s_b_col
      : (!nv_tileaa.ptr<f16, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf16, 1>
  %av, %t1 = nv_tileaa.tiled_load %mr_a[%i, %k], %t0
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 2, 0, 0> }
      : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
      -> tensor<128x32xf16>, !nv_tileaa.mem_token
  %bv, %t2 = nv_tileaa.tiled_load %mr_b[%k, %j], %t1
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 2, 0, 0> }
      : !nv_tileaa.memref<?x?xf16, 1>, index, index, !nv_tileaa.mem_token
      -> tensor<32x128xf16>, !nv_tileaa.mem_token
  %d = nv_tileaa.dot %av, %bv, %c_in
      { operandSegmentSizes = array<i32: 1, 1, 1, 0, 0> }
      : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32>
      -> tensor<128x128xf32>
  %mr_c = nv_tileaa.make_memref %c_base, %off_c, %M, %N, %s_c_row, %s_c_col
      : (!nv_tileaa.ptr<f32, 1>, index, index, index, index, index)
      -> !nv_tileaa.memref<?x?xf32, 1>
  %t3 = nv_tileaa.tiled_store %mr_c[%i, %j], %d, %t2
      { in_bounds = array<i1: true, true>,
        operandSegmentSizes = array<i32: 1, 1, 2, 0> }
      : !nv_tileaa.memref<?x?xf32, 1>, tensor<128x128xf32>, index, index,
        !nv_tileaa.mem_token
      -> !nv_tileaa.mem_token

  nv_tileaa.return %t3 : !nv_tileaa.mem_token
}
