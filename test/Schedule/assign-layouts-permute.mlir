// RUN: tilecc-opt --tileas-assign-layouts --split-input-file %s | FileCheck %s

// A permute relabels its source layout's output dimensions (each thread keeps
// its registers); the store anchors another layout for the permuted class, so
// a convert_layout after the permute moves the data.
// CHECK-LABEL: nv_tileaa.func @anchored
// CHECK: %[[X:.*]] = nv_tileas.tiled_load {{.*}} -> tensor<32x16xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (16, 0)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = [(8, 0)]} -> {dim0 = 32, dim1 = 16}>>
// CHECK: %[[P:.*]] = nv_tileas.permute %[[X]] {permutation = array<i64: 1, 0>} : {{.*}} to tensor<16x32xf32, #nv_tileas.linear<{register = [(1, 0), (2, 0), (0, 16)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8)]} -> {dim0 = 16, dim1 = 32}>>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[P]] : {{.*}} -> tensor<16x32xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0)], lane = [(0, 4), (0, 8), (0, 16), (1, 0), (2, 0)], warp = [(4, 0)]} -> {dim0 = 16, dim1 = 32}>>
// CHECK: nv_tileas.tiled_store %[[C]]
module attributes {} {
  nv_tileaa.func @anchored(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c32, %c16) strides(%c16, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x16xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c16, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x32xf32>
    %x = nv_tileas.tiled_load %va[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x16xf32> -> tensor<32x16xf32>
    %p = nv_tileas.permute %x {permutation = array<i64: 1, 0>} : tensor<32x16xf32> to tensor<16x32xf32>
    nv_tileas.tiled_store %p, %vb[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<16x32xf32>, !nv_tileas.tiled_view<16x32xf32>
    nv_tileaa.return
  }
}

// -----

// No access constrains the permuted class: it takes the relabeled layout, and
// permuting back yields the load's layout, which the store wants: a round
// trip moves nothing.
// CHECK-LABEL: nv_tileaa.func @round_trip
// CHECK: %[[P:.*]] = nv_tileas.permute {{.*}} to tensor<16x32xf32, #nv_tileas.linear<{register = [(1, 0), (2, 0), (0, 16)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8)]} -> {dim0 = 16, dim1 = 32}>>
// CHECK-NOT: convert_layout
// CHECK: %[[N:.*]] = arith.negf %[[P]] : tensor<16x32xf32, #nv_tileas.linear<{register = [(1, 0), (2, 0), (0, 16)]
// CHECK-NOT: convert_layout
// CHECK: %[[Q:.*]] = nv_tileas.permute %[[N]] {{.*}} to tensor<32x16xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (16, 0)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = [(8, 0)]} -> {dim0 = 32, dim1 = 16}>>
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store %[[Q]]
module attributes {} {
  nv_tileaa.func @round_trip(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c32, %c16) strides(%c16, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x16xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c32, %c16) strides(%c16, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x16xf32>
    %x = nv_tileas.tiled_load %va[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x16xf32> -> tensor<32x16xf32>
    %p = nv_tileas.permute %x {permutation = array<i64: 1, 0>} : tensor<32x16xf32> to tensor<16x32xf32>
    %n = arith.negf %p : tensor<16x32xf32>
    %q = nv_tileas.permute %n {permutation = array<i64: 1, 0>} : tensor<16x32xf32> to tensor<32x16xf32>
    nv_tileas.tiled_store %q, %vb[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<32x16xf32>, !nv_tileas.tiled_view<32x16xf32>
    nv_tileaa.return
  }
}
