// RUN: tilecc-opt --tileas-assign-layouts --tileas-warpgroup-pingpong --split-input-file %s | FileCheck %s

// Attention's chained dots on 8 warps (sm_90a: wgmma, warps along M, two
// warpgroups of 64 query rows each): the first dot (S = Q K^T) is a turn on
// named barriers 2 and 3, handed out before the loop and taken back after
// it; the second dot (P V, its A computed from S through the softmax) is not.
// CHECK-LABEL: nv_tileaa.func @attention
// CHECK: nv_tileas.warpgroup_turns_begin {barrier = 2 : i32, warpgroups = 2 : i32}
// CHECK-NEXT: scf.for
// CHECK: nv_tileas.dot {{.*}}nv_tileas.warpgroup_turn = array<i32: 2, 2>
// CHECK: math.exp2
// CHECK: nv_tileas.dot
// CHECK-NOT: warpgroup_turn
// CHECK: scf.yield
// CHECK-NEXT: {{^ +}}}{{$}}
// CHECK-NEXT: nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 2 : i32}
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @attention(%q: tensor<128x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zs = arith.constant dense<0.0> : tensor<128x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs) -> (tensor<128x64xf32>) {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      %e = math.exp2 %s : tensor<128x64xf32>
      %p = arith.truncf %e : tensor<128x64xf32> to tensor<128x64xf16>
      %a = nv_tileas.dot %p, %v, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      scf.yield %a : tensor<128x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c128, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    nv_tileas.tiled_store %r, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xf32>, !nv_tileas.tiled_view<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// The chain may pass through the branches of an scf.if (a mask on the
// ragged last block), and four warpgroups (256 query rows, 16 warps) take
// turns on barriers 2..5.
// CHECK-LABEL: nv_tileaa.func @masked
// CHECK: nv_tileas.warpgroup_turns_begin {barrier = 2 : i32, warpgroups = 4 : i32}
// CHECK: nv_tileas.dot {{.*}}nv_tileas.warpgroup_turn = array<i32: 2, 4>
// CHECK: nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 4 : i32}
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @masked(%q: tensor<256x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %c: i1, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 16>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %zs = arith.constant dense<0.0> : tensor<256x64xf32>
    %ninf = arith.constant dense<0xFF800000> : tensor<256x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs) -> (tensor<256x64xf32>) {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<256x64xf16>, tensor<64x64xf16>, tensor<256x64xf32> -> tensor<256x64xf32>
      %m = scf.if %c -> (tensor<256x64xf32>) {
        %x = arith.maximumf %s, %ninf : tensor<256x64xf32>
        scf.yield %x : tensor<256x64xf32>
      } else {
        scf.yield %s : tensor<256x64xf32>
      }
      %p = arith.truncf %m : tensor<256x64xf32> to tensor<256x64xf16>
      %a = nv_tileas.dot %p, %v, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<256x64xf16>, tensor<64x64xf16>, tensor<256x64xf32> -> tensor<256x64xf32>
      scf.yield %a : tensor<256x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c256, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<256x64xf32>
    nv_tileas.tiled_store %r, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<256x64xf32>, !nv_tileas.tiled_view<256x64xf32>
    nv_tileaa.return
  }
}

// -----

// One warpgroup (4 warps: 64 query rows) has nobody to take turns with.
// CHECK-LABEL: nv_tileaa.func @one_warpgroup
// CHECK-NOT: warpgroup_turn
// CHECK: nv_tileaa.return
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @one_warpgroup(%q: tensor<64x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zs = arith.constant dense<0.0> : tensor<64x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs) -> (tensor<64x64xf32>) {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
      %a = nv_tileas.dot %p, %v, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %a : tensor<64x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    nv_tileas.tiled_store %r, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32>
    nv_tileaa.return
  }
}

// -----

// Two dots that are not chained (the second dot's A is a loop input, not
// computed from the first dot's result) are left alone, and so are the
// chained dots of a loop that also holds a third dot.
// CHECK-LABEL: nv_tileaa.func @unchained
// CHECK-NOT: warpgroup_turn
// CHECK-LABEL: nv_tileaa.func @three_dots
// CHECK-NOT: warpgroup_turn
// CHECK: nv_tileaa.return
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @unchained(%q: tensor<128x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %o: !nv_tileaa.ptr<f32, 1>, %o2: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zs = arith.constant dense<0.0> : tensor<128x64xf32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs, %acc2 = %zs) -> (tensor<128x64xf32>, tensor<128x64xf32>) {
      %s = nv_tileas.dot %q, %k, %acc2 {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      %a = nv_tileas.dot %q, %v, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      scf.yield %a, %s : tensor<128x64xf32>, tensor<128x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c128, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    nv_tileas.tiled_store %r#0, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xf32>, !nv_tileas.tiled_view<128x64xf32>
    %vo2 = nv_tileas.make_tiled_view %o2[%c0] sizes(%c128, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    nv_tileas.tiled_store %r#1, %vo2[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xf32>, !nv_tileas.tiled_view<128x64xf32>
    nv_tileaa.return
  }
  nv_tileaa.func @three_dots(%q: tensor<128x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zs = arith.constant dense<0.0> : tensor<128x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs) -> (tensor<128x64xf32>) {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
      %a = nv_tileas.dot %p, %v, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      %b = nv_tileas.dot %p, %v, %a {atom = #nv_tileas.mma_atom<wgmma, m64n64k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      scf.yield %b : tensor<128x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c128, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    nv_tileas.tiled_store %r, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xf32>, !nv_tileas.tiled_view<128x64xf32>
    nv_tileaa.return
  }
}

// -----

// The same chain on mma.sync (8 warps along M) is not a wgmma turn.
// CHECK-LABEL: nv_tileaa.func @mma_sync
// CHECK-NOT: warpgroup_turn
// CHECK: nv_tileaa.return
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @mma_sync(%q: tensor<128x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: index, %o: !nv_tileaa.ptr<f32, 1>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zs = arith.constant dense<0.0> : tensor<128x64xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zs) -> (tensor<128x64xf32>) {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      %p = arith.truncf %s : tensor<128x64xf32> to tensor<128x64xf16>
      %a = nv_tileas.dot %p, %v, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
      scf.yield %a : tensor<128x64xf32>
    }
    %vo = nv_tileas.make_tiled_view %o[%c0] sizes(%c128, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    nv_tileas.tiled_store %r, %vo[%c0, %c0] {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xf32>, !nv_tileas.tiled_view<128x64xf32>
    nv_tileaa.return
  }
}
