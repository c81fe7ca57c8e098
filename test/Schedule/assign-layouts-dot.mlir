// RUN: tilecc-opt --tileas-assign-layouts --split-input-file --verify-diagnostics %s | FileCheck %s

// A dot requires the mma.sync layouts: the accumulator class (init, loop
// carry, result) takes the m16n8 accumulator layout over warps [4, 1], A and
// B are converted from the loads' blocked layouts into the operand
// fragments, and the store keeps its own wider layout behind a conversion.
// CHECK-LABEL: nv_tileaa.func @gemm
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64x32xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK: %[[A:.*]] = nv_tileas.tiled_load {{.*}} -> tensor<64x16xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)]
// CHECK: %[[B:.*]] = nv_tileas.tiled_load {{.*}} -> tensor<16x32xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)]
// CHECK: %[[AF:.*]] = nv_tileas.convert_layout %[[A]] : {{.*}} -> tensor<64x16xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>>
// CHECK: %[[BF:.*]] = nv_tileas.convert_layout %[[B]] : {{.*}} -> tensor<16x32xf16, #nv_tileas.linear<{register = [(1, 0), (8, 0), (0, 8), (0, 16)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 32}>>
// CHECK: %[[D:.*]] = nv_tileas.dot %[[AF]], %[[BF]], %[[ACC]]
// CHECK: scf.yield %[[D]]
// CHECK: %[[OUT:.*]] = nv_tileas.convert_layout
// CHECK-SAME: -> tensor<64x32xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (16, 0), (32, 0)]
// CHECK: nv_tileas.tiled_store %[[OUT]]
module {
  nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.0> : tensor<64x32xf32>
    %r = scf.for %k = %i0 to %n step %i1 iter_args(%acc = %zero) -> (tensor<64x32xf32>) : i32 {
      %ki = arith.index_cast %k : i32 to index
      %va = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x16xf16>
      %vb = nv_tileas.make_tiled_view %b[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<16x32xf16>
      %x = nv_tileas.tiled_load %va[%c0, %ki] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x16xf16> -> tensor<64x16xf16>
      %y = nv_tileas.tiled_load %vb[%ki, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x32xf16> -> tensor<16x32xf16>
      %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x16xf16>, tensor<16x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
      scf.yield %d : tensor<64x32xf32>
    }
    %vc = nv_tileas.make_tiled_view %c[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x32xf32>
    nv_tileas.tiled_store %r, %vc[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x32xf32>, !nv_tileas.tiled_view<64x32xf32>
    nv_tileaa.return
  }
}

// -----

// A batched dot walks the batch in the highest register bits of all three
// layouts; the warps split M and N as for one matrix.
// CHECK-LABEL: nv_tileaa.func @batched
// CHECK: nv_tileas.dot {{.*}} : tensor<2x64x32xf16, #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]}
// CHECK-SAME: -> tensor<2x64x32xf32, #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]}
module {
  nv_tileaa.func @batched(%x: tensor<2x64x32xf16>, %y: tensor<2x32x32xf16>, %acc: tensor<2x64x32xf32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<2x64x32xf16>, tensor<2x32x32xf16>, tensor<2x64x32xf32> -> tensor<2x64x32xf32>
    nv_tileaa.return
  }
}

// -----

// K = 24 is not a whole number of m16n8k16 steps.
module {
  nv_tileaa.func @ragged(%x: tensor<64x24xf16>, %y: tensor<24x32xf16>, %acc: tensor<64x32xf32>) {
    // expected-error @below {{fails to assign mma layouts: a 64x32x24 dot does not split into m16n8k16 instructions}}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x24xf16>, tensor<24x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
    nv_tileaa.return
  }
}


// -----

// A store converts a value to its own wider layout only when the round trip
// fits 48 KiB of static shared memory: the 64x64 f32 accumulator (16 KiB)
// is converted, the 128x128 one (64 KiB) is stored from its fragments.
// CHECK-LABEL: nv_tileaa.func @store_acc
// CHECK: %[[S:.*]] = nv_tileas.dot {{.*}} -> tensor<64x64xf32
// CHECK: %[[C:.*]] = nv_tileas.convert_layout %[[S]]
// CHECK: nv_tileas.tiled_store %[[C]]
// CHECK: %[[L:.*]] = nv_tileas.dot {{.*}} -> tensor<128x128xf32
// CHECK-NOT: nv_tileas.convert_layout %[[L]]
// CHECK: nv_tileas.tiled_store %[[L]]
module {
  nv_tileaa.func @store_acc(%c: !nv_tileaa.ptr<f32, 1>, %x: tensor<64x16xf16>, %y: tensor<16x64xf16>, %acc: tensor<64x64xf32>,
                            %u: tensor<128x16xf16>, %v: tensor<16x128xf16>, %big: tensor<128x128xf32>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %s = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x16xf16>, tensor<16x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %vs = nv_tileas.make_tiled_view %c[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    nv_tileas.tiled_store %s, %vs[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32>
    %l = nv_tileas.dot %u, %v, %big {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x16xf16>, tensor<16x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
    %vl = nv_tileas.make_tiled_view %c[%c0] sizes(%c128, %c128) strides(%c128, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    nv_tileas.tiled_store %l, %vl[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32>
    nv_tileaa.return
  }
}
