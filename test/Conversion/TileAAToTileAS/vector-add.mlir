// vector_add at the tileaa-canon stage (the exact output of the to-tileaa helper
// for examples/vector_add.tile) converts to nv_tileas.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

module {
  nv_tileaa.func @vector_add(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %0 = nv_tileaa.assume %arg0, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %1 = nv_tileaa.assume %arg1, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %2 = nv_tileaa.assume %arg2, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
    %3 = nv_tileaa.assume %arg3, [#nv_tileaa.bounded<lower = 0>] : i32
    %4 = arith.index_cast %3 : i32 to index
    %5 = nv_tileaa.make_memref %0, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %6 = nv_tileaa.make_memref %1, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %7 = nv_tileaa.make_memref %2, %4 : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
    %8 = nv_tileaa.block_tile %5 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %9 = nv_tileaa.block_tile %6 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %10 = nv_tileaa.block_tile %7 {dimGroups = [array<i64: 0>], tileSizes = array<i64: 1024>} : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
    %11 = nv_tileaa.get_program_id 0 : i32
    %12 = arith.index_cast %11 : i32 to index
    %result, %tko0 = nv_tileaa.tiled_load %8[%12], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<1024xf32>, !nv_tileaa.mem_token
    %result_0, %tko1 = nv_tileaa.tiled_load %9[%12], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value zero>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<1024xf32>, !nv_tileaa.mem_token
    %13 = arith.addf %result, %result_0 : tensor<1024xf32>
    %tko2 = nv_tileaa.tiled_store %10[%12], %13, %tk {operandSegmentSizes = array<i32: 1, 1, 1, 0>} : !nv_tileaa.tiled_view<1024xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, tensor<1024xf32>, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}


// CHECK: module attributes {nv_tileas.compute_capability = 80 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// CHECK: nv_tileaa.func @vector_add(%[[A:.*]]: !nv_tileaa.ptr<f32, 1>, %[[B:.*]]: !nv_tileaa.ptr<f32, 1>, %[[C:.*]]: !nv_tileaa.ptr<f32, 1>, %[[N:.*]]: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>}
// CHECK-NOT: nv_tileaa.assume
// CHECK: %[[LEN:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[VA:.*]] = nv_tileas.make_tiled_view %[[A]][%{{.*}}] sizes(%[[LEN]]) strides(%{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
// CHECK: %[[VB:.*]] = nv_tileas.make_tiled_view %[[B]][%{{.*}}] sizes(%[[LEN]]) strides(%{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
// CHECK: %[[VC:.*]] = nv_tileas.make_tiled_view %[[C]][%{{.*}}] sizes(%[[LEN]]) strides(%{{.*}}) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
// CHECK: %[[BID:.*]] = gpu.block_id x
// CHECK: %[[BID32:.*]] = arith.index_cast %[[BID]] : index to i32
// CHECK: %[[I:.*]] = arith.index_cast %[[BID32]] : i32 to index
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32>
// CHECK: %[[X:.*]], %{{.*}} = nv_tileas.tiled_load %[[VA]][%[[I]]] other(%[[ZERO]] : tensor<1024xf32>) token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>, !nv_tileas.mem_token
// CHECK: %[[Y:.*]], %{{.*}} = nv_tileas.tiled_load %[[VB]][%[[I]]] other(%{{.*}} : tensor<1024xf32>) token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 128>}
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : tensor<1024xf32>
// CHECK: nv_tileas.tiled_store %[[S]], %[[VC]][%[[I]]] token(%{{.*}}) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<1024xf32>, !nv_tileas.tiled_view<1024xf32> -> !nv_tileas.mem_token
// CHECK-NEXT: nv_tileaa.return
// CHECK-NOT: nv_tileaa.{{(assume|make_memref|block_tile|tiled_load|tiled_store|get_program_id)}}
