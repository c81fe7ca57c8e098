// RUN: tilecc-opt --tileas-assign-layouts %s | FileCheck %s

// A view (reshape) holds its source layout with the outputs regrouped; the
// broadcast that follows wants the store's layout sliced, so a
// convert_layout after the view moves the data (the view itself stays a
// renaming of registers the LLVM lowering accepts).
// CHECK-LABEL: nv_tileaa.func @rows
// CHECK: %[[R:.*]] = nv_tileas.make_range 0 to 16 : tensor<16xi32, #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (0)], warp = [(0), (0)]} -> {dim0 = 16}>>
// CHECK: %[[V:.*]] = nv_tileas.view %[[R]] : {{.*}} to tensor<16x1xi32, #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 1}>>
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[V]] : {{.*}} -> tensor<16x1xi32, #nv_tileas.linear<{register = [(8, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 16, dim1 = 1}>>
// CHECK: nv_tileas.broadcast %[[C]]
module {
  nv_tileaa.func @rows(%arg0: !nv_tileaa.ptr<i32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %0 = nv_tileas.make_tiled_view %arg0[%c0] sizes(%c16, %c16) strides(%c16, %c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<16x16xi32>
    %1 = nv_tileas.make_range 0 to 16 : tensor<16xi32>
    %2 = nv_tileas.view %1 : tensor<16xi32> to tensor<16x1xi32>
    %3 = nv_tileas.broadcast %2 : tensor<16x1xi32> to tensor<16x16xi32>
    nv_tileas.tiled_store %3, %0[%c0, %c0] {atom = #nv_tileas<copy_atom stg_32>} : tensor<16x16xi32>, !nv_tileas.tiled_view<16x16xi32>
    nv_tileaa.return
  }
}
