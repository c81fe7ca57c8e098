// The shared thin-slice kernel (examples/vector_add.tile) at the tileaa stage,
// and after tileaa-canonicalize,cse (docs/ir/vector_add.tileaa*.mlir).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %S/Inputs/vector_add.tile | FileCheck %s
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --tileaa-canonicalize --cse %S/Inputs/vector_add.tile | FileCheck %s --check-prefix=CANON

// CHECK-LABEL: nv_tileaa.func @vector_add(
// CHECK-SAME: %[[A:.+]]: !nv_tileaa.ptr<f32, 1>, %[[B:.+]]: !nv_tileaa.ptr<f32, 1>, %[[C:.+]]: !nv_tileaa.ptr<f32, 1>, %[[N:.+]]: i32)
// CHECK-SAME: attributes {cute.kernel} {
// The untokened accesses all consume the entry token: no order among them.
// CHECK: %[[E:.+]] = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
// CHECK: %[[AA:.+]] = nv_tileaa.assume %[[A]], [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
// CHECK: %[[BA:.+]] = nv_tileaa.assume %[[B]], [#nv_tileaa.div_by<16>]
// CHECK: %[[CA:.+]] = nv_tileaa.assume %[[C]], [#nv_tileaa.div_by<16>]
// CHECK: %[[LEN:.+]] = nv_tileaa.assume %[[N]], [#nv_tileaa.bounded<lower = 0>] : i32
// CHECK: %[[LENI:.+]] = arith.index_cast %[[LEN]] : i32 to index
// CHECK: %[[AM:.+]] = nv_tileaa.make_memref %[[AA]], %[[LENI]] : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
// CHECK: %[[AV:.+]] = nv_tileaa.block_tile %[[AM]] {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
// CHECK: %[[BX:.+]] = nv_tileaa.get_program_id 0 : i32
// CHECK: nv_tileaa.get_program_id 1 : i32
// CHECK: nv_tileaa.get_program_id 2 : i32
// CHECK: %[[I:.+]] = arith.index_cast %[[BX]] : i32 to index
// CHECK: %[[X:.+]], %{{.+}} = nv_tileaa.tiled_load %[[AV]][%[[I]]], %[[E]] {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<1024xf32>, !nv_tileaa.mem_token
// CHECK: %[[Y:.+]], %{{.+}} = nv_tileaa.tiled_load %{{.+}}[%{{.+}}], %[[E]]
// CHECK: %[[SUM:.+]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32>
// CHECK: nv_tileaa.tiled_store %{{.+}}[%{{.+}}], %[[SUM]], %[[E]] {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, tensor<1024xf32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
// CHECK: return

// CANON-LABEL: nv_tileaa.func @vector_add
// CANON-COUNT-1: arith.index_cast
// CANON-NOT: arith.index_cast
// CANON-NOT: create_mem_token
// CANON: get_program_id 0
// CANON-NOT: get_program_id 1
// CANON: tiled_load
// CANON: tiled_load
// CANON: arith.addf
// CANON: tiled_store
