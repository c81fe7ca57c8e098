// RUN: tilecc-opt --tileas-assign-layouts %s | FileCheck %s

// A view renames registers only when its result layout keeps every element
// on its thread. Here the store anchors a 4-wide layout for the view's result
// while the load is one element per lane: the source is converted first.
// CHECK-LABEL: nv_tileaa.func @view
// CHECK: %[[X:.*]] = nv_tileas.tiled_load {{.*}} -> tensor<64xf32, #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[X]] : {{.*}} -> tensor<64xf32, #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (0)], warp = []} -> {dim0 = 64}>>
// CHECK: %[[V:.*]] = nv_tileas.view %[[C]] : {{.*}} to tensor<1x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (0, 0)], warp = []} -> {dim0 = 1, dim1 = 64}>>
// CHECK: nv_tileas.tiled_store %[[V]]
module {
  nv_tileaa.func @view(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c64) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64xf32>
    %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c1, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1x64xf32>
    %x = nv_tileas.tiled_load %va[%c0] {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<64xf32> -> tensor<64xf32>
    %r = nv_tileas.view %x : tensor<64xf32> to tensor<1x64xf32>
    nv_tileas.tiled_store %r, %vb[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<1x64xf32>, !nv_tileas.tiled_view<1x64xf32>
    nv_tileaa.return
  }
}
