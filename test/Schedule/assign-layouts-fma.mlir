// RUN: tilecc-opt --tileas-assign-layouts %s | FileCheck %s

// An FMA dot takes the layout its accumulator class chose (here the store's
// 128-bit blocked layout, which wins over the dot's own proposal), and A and
// B are converted to the layouts that give every thread the A rows and B
// columns of its accumulator elements: K in registers first, then the
// accumulator's row (column) registers; lanes and warps as the
// accumulator's, projected on the rows (columns).
// CHECK-LABEL: nv_tileaa.func @fma
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<8x128xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (4, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (0, 64)], warp = [(1, 0), (2, 0)]} -> {dim0 = 8, dim1 = 128}>>)
// CHECK: %[[A:.*]] = nv_tileas.convert_layout {{.*}} -> tensor<8x32xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (4, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(1, 0), (2, 0)]} -> {dim0 = 8, dim1 = 32}>>
// CHECK: %[[B:.*]] = nv_tileas.convert_layout {{.*}} -> tensor<32x128xf32, #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (0, 1), (0, 2)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (0, 64)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 128}>>
// CHECK: nv_tileas.dot %[[A]], %[[B]], %[[ACC]] {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>}
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tiled_store
module {
  nv_tileaa.func @fma(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>, %c: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<8x128xf32>
    %r = scf.for %k = %i0 to %n step %i1 iter_args(%acc = %zero) -> (tensor<8x128xf32>) : i32 {
      %ki = arith.index_cast %k : i32 to index
      %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c32, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<8x32xf32>
      %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c32, %c128) strides(%c128, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<32x128xf32>
      %x = nv_tileas.tiled_load %va[%c0, %ki] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<8x32xf32> -> tensor<8x32xf32>
      %y = nv_tileas.tiled_load %vb[%ki, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x128xf32> -> tensor<32x128xf32>
      %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<8x32xf32>, tensor<32x128xf32>, tensor<8x128xf32> -> tensor<8x128xf32>
      scf.yield %d : tensor<8x128xf32>
    }
    %vc = nv_tileas.make_tiled_view %c[%c0] sizes(%c32, %c128) strides(%c128, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<8x128xf32>
    nv_tileas.tiled_store %r, %vc[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<8x128xf32>, !nv_tileas.tiled_view<8x128xf32>
    nv_tileaa.return
  }
}
