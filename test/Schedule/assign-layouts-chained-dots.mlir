// RUN: tilecc-opt --tileas-assign-layouts --split-input-file %s | FileCheck %s

// Chained dots (attention: S = Q K^T, P = f16(S), O = P V): the first dot's
// accumulator class holds the second dot's A, so both stack their 4 warps
// along M ([4, 1]: warp bases along dim0 only). The m16n8 accumulator of S is
// then element for element the m16n8k16 A fragment of the second dot: P feeds
// it with no convert_layout, and the row max reduces inside warps (its
// result keeps no warp along dim1).
// CHECK-LABEL: nv_tileaa.func @chained
// CHECK: %[[S:.*]] = nv_tileas.dot {{.*}} -> tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>>
// CHECK: nv_tileas.reduce %[[S]] {{.*}} -> tensor<64xf32, #nv_tileas.linear<{register = [(8)], lane = [(0), (0), (1), (2), (4)], warp = [(16), (32)]} -> {dim0 = 64}>>
// CHECK: %[[P:.*]] = arith.truncf %[[S]] : tensor<64x64xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>> to tensor<64x64xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>>
// CHECK-NOT: nv_tileas.convert_layout %[[P]]
// CHECK: nv_tileas.dot %[[P]], {{.*}} -> tensor<64x32xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>>
module {
  nv_tileaa.func @chained(%q: tensor<64x32xf16>, %k: tensor<32x64xf16>, %v: tensor<64x32xf16>, %o: !nv_tileaa.ptr<f32, 1>, %m: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zs = arith.constant dense<0.0> : tensor<64x64xf32>
    %zo = arith.constant dense<0.0> : tensor<64x32xf32>
    %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %mx = nv_tileas.reduce %s {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<64x64xf32> -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %r = arith.maximumf %a, %b : f32
      nv_tileas.yield %r : f32
    }
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %out = nv_tileas.dot %p, %v, %zo {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x32xf32>
    nv_tileas.tiled_store %out, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x32xf32>, !nv_tileas.tiled_view<64x32xf32>
    %vm = nv_tileas.make_tiled_view %m[%c0] sizes(%c64) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64xf32>
    nv_tileas.tiled_store %mx, %vm[%c0] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<64xf32>, !nv_tileas.tiled_view<64xf32>
    nv_tileaa.return
  }
}

// -----

// A dot whose accumulator feeds no dot keeps its own warp arrangement (a
// 64x64 tile on 4 warps: [2, 2]).
// CHECK-LABEL: nv_tileaa.func @unchained
// CHECK: nv_tileas.dot {{.*}} -> tensor<64x64xf32, #nv_tileas.linear<{{.*}}warp = [(0, 8), (16, 0)]}
module {
  nv_tileaa.func @unchained(%q: tensor<64x32xf16>, %k: tensor<32x64xf16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %zs = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    nv_tileaa.return
  }
}

// -----

// 32 rows cannot give 4 warps 16 rows each: the chained dots keep the
// default arrangement (warps [2, 2]) and P is converted.
// CHECK-LABEL: nv_tileaa.func @short_chain
// CHECK: %[[P:.*]] = arith.truncf
// CHECK: %[[PA:.*]] = nv_tileas.convert_layout %[[P]]
// CHECK: nv_tileas.dot %[[PA]]
module {
  nv_tileaa.func @short_chain(%q: tensor<32x32xf16>, %k: tensor<32x64xf16>, %v: tensor<64x32xf16>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %zs = arith.constant dense<0.0> : tensor<32x64xf32>
    %zo = arith.constant dense<0.0> : tensor<32x32xf32>
    %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<32x32xf16>, tensor<32x64xf16>, tensor<32x64xf32> -> tensor<32x64xf32>
    %p = arith.truncf %s : tensor<32x64xf32> to tensor<32x64xf16>
    %out = nv_tileas.dot %p, %v, %zo {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<32x64xf16>, tensor<64x32xf16>, tensor<32x32xf32> -> tensor<32x32xf32>
    nv_tileaa.return
  }
}

// -----

// A dot operand defined before the loop is converted once, before the loop,
// not on every iteration.
// CHECK-LABEL: nv_tileaa.func @invariant_operand
// CHECK: %[[QA:.*]] = nv_tileas.convert_layout %arg0
// CHECK: scf.for
// CHECK-NOT: nv_tileas.convert_layout %arg0
// CHECK: nv_tileas.dot %[[QA]]
module {
  nv_tileaa.func @invariant_operand(%q: tensor<64x32xf16>, %k: tensor<32x64xf16>, %n: i32) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %zs = arith.constant dense<0.0> : tensor<64x64xf32>
    %r = scf.for %i = %i0 to %n step %i1 iter_args(%acc = %zs) -> (tensor<64x64xf32>) : i32 {
      %s = nv_tileas.dot %q, %k, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %s : tensor<64x64xf32>
    }
    nv_tileaa.return
  }
}

// -----

// Chained tcgen05 dots (sm_100a) keep their tcgen05 atoms: the per-dot
// lowering stages P, in registers in the A fragment layout the chain
// gives it (warps stacked along M), into shared memory.
// CHECK-LABEL: nv_tileaa.func @chained_tcgen05
// CHECK: %[[S:.*]] = nv_tileas.dot {{.*}}atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>{{.*}} -> tensor<64x64xf32, #nv_tileas.linear<{{.*}}warp = [(16, 0), (32, 0)]}
// CHECK: %[[P:.*]] = arith.truncf %[[S]]
// CHECK-NOT: nv_tileas.convert_layout %[[P]]
// CHECK: nv_tileas.dot %[[P]], {{.*}}atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  nv_tileaa.func @chained_tcgen05(%q: tensor<64x32xf16>, %k: tensor<32x64xf16>, %v: tensor<64x32xf16>, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zs = arith.constant dense<0.0> : tensor<64x64xf32>
    %zo = arith.constant dense<0.0> : tensor<64x32xf32>
    %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %out = nv_tileas.dot %p, %v, %zo {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x32xf32>
    nv_tileas.tiled_store %out, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x32xf32>, !nv_tileas.tiled_view<64x32xf32>
    nv_tileaa.return
  }
}
