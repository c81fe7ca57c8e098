// RUN: tilecc-opt --tileas-assign-layouts %s | FileCheck %s

// The exact IR convert-tileaa-to-tileas produces for examples/vector_add.tile.
// Its 32-bit atoms give one f32 per thread per 128-element CTA slice, so each
// thread holds 8 registers 128 elements apart; both loads, the padding tiles,
// the add and the stored value share that layout (no convert_layout).
// CHECK-LABEL: nv_tileaa.func @vector_add
// CHECK-SAME: nv_tileas.num_warps = 4 : i32
// CHECK: %[[PAD:.*]] = arith.constant dense<0.000000e+00> : tensor<1024xf32, #nv_tileas.linear<{register = [(128), (256), (512)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 1024}>>
// CHECK: %[[A:.*]] = nv_tileas.tiled_load %{{.*}}[%{{.*}}] other(%[[PAD]] : {{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32, #nv_tileas.linear<{register = [(128), (256), (512)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 1024}>>
// CHECK: %[[B:.*]] = nv_tileas.tiled_load
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : tensor<1024xf32, #nv_tileas.linear<{register = [(128), (256), (512)]
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store %[[S]], %{{.*}}[%{{.*}}] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<1024xf32, #nv_tileas.linear<{register = [(128), (256), (512)]

module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @vector_add(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = arith.index_cast %arg3 : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c0_2 = arith.constant 0 : index
    %c1_3 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg0[%c0] sizes(%0) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %2 = nv_tileas.make_tiled_view %arg1[%c0_0] sizes(%0) strides(%c1_1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %3 = nv_tileas.make_tiled_view %arg2[%c0_2] sizes(%0) strides(%c1_3) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %block_id_x = gpu.block_id  x
    %4 = arith.index_cast %block_id_x : index to i32
    %5 = arith.index_cast %4 : i32 to index
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result = nv_tileas.tiled_load %1[%5] other(%cst : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result_5 = nv_tileas.tiled_load %2[%5] other(%cst_4 : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %6 = arith.addf %result, %result_5 : tensor<1024xf32>
    nv_tileas.tiled_store %6, %3[%5] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<1024xf32>, !nv_tileas.tiled_view<1024xf32>
    nv_tileaa.return
  }
}

