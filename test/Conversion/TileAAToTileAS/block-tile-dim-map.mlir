// A block_tile whose dimension groups permute the memref's dimensions (a
// partition view's dim_map) becomes a tiled view over the memref with its
// extents and strides reordered: the box is read already transposed. The
// default copy atom follows the view's inner stride, not the memref's.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @dim_map
// CHECK: %[[C64:.*]] = arith.constant 64 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[S32:.*]] = arith.constant 32 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[T:.*]] = nv_tileas.make_tiled_view %{{.*}}[%{{.*}}] sizes(%[[C32]], %[[C64]]) strides(%[[C1]], %[[S32]]) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x16xf32>
// CHECK: nv_tileas.tiled_load %[[T]][%{{.*}}, %{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>}
// CHECK: %[[I:.*]] = nv_tileas.make_tiled_view %{{.*}}[%{{.*}}] sizes(%[[C64]], %[[C32]]) strides(%[[S32]], %[[C1]]) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x16xf32>
// CHECK: nv_tileas.tiled_load %[[I]][%{{.*}}, %{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 128>}
nv_tileaa.func @dim_map(%p: !nv_tileaa.ptr<f32, 1>, %i: index, %j: index) -> (tensor<32x16xf32>, tensor<32x16xf32>) {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %pa = nv_tileaa.assume %p, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
  %m = nv_tileaa.make_memref %pa : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]>
  %t = nv_tileaa.block_tile %m {dimGroups = [array<i64: 1>, array<i64: 0>], tileSizes = array<i64: 32, 16>}
      : !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]> -> !nv_tileaa.tiled_view<32x16xf32, !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]>>
  %x, %tko0 = nv_tileaa.tiled_load %t[%i, %j], %tk {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<32x16xf32, !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<32x16xf32>, !nv_tileaa.mem_token
  %u = nv_tileaa.block_tile %m {dimGroups = [array<i64: 0>, array<i64: 1>], tileSizes = array<i64: 32, 16>}
      : !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]> -> !nv_tileaa.tiled_view<32x16xf32, !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]>>
  %y, %tko1 = nv_tileaa.tiled_load %u[%i, %j], %tk {operandSegmentSizes = array<i32: 1, 2, 0, 0>} : !nv_tileaa.tiled_view<32x16xf32, !nv_tileaa.memref<64x32xf32, 1, strides = [32, 1]>>, index, index, !nv_tileaa.mem_token -> tensor<32x16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return %x, %y : tensor<32x16xf32>, tensor<32x16xf32>
}
