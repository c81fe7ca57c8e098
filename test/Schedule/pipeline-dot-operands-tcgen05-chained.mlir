// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s

// Attention's second dot (O = O * alpha + P V) keeps O in tensor memory
// across the K/V loop although the loop carries two tcgen05 dots: its
// accumulator is the loop's value scaled row by row, which only that
// product reads. The product becomes tmem_scale onto the accumulator the
// loop-top tmem_wait returns, its factors (alpha, 64 x 1) converted into
// lib/Layout's row layout of the 16x32bx2 tcgen05.ld (row 16 w + lane % 16,
// both half-warps), the dot a tmem_dot onto the scaled accumulator, O read
// once after the loop. P (computed by the threads, warps along M) is staged
// from its own registers: no layout change; V's conversion takes the
// staging layout. S = Q K^T stays a plain dot; K, loaded as a key block
// (BN x D, D contiguous) and transposed, comes through its ring in the
// K-major canonical layout (tcgen05_operand = 2): S reads the transpose of
// the slot's future_wait, no layout change, its descriptors K-major.
// CHECK-LABEL: nv_tileaa.func @attention(
// CHECK: nv_tileas.async_load {{.*}}nv_tileas.tcgen05_operand = 2 : i32}
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<64x64xf32, {{.*}}> -> !nv_tileas.tmem_acc<tensor<64x64xf32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %[[T0]], %[[M:[^ ]+]] = 
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait %[[ACC]]
// CHECK: %[[KW:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.tcgen05_operand = 2 : i32}
// CHECK: %[[KT:.*]] = nv_tileas.permute %[[KW]]
// CHECK-NOT: nv_tileas.convert_layout %[[KT]]
// CHECK: %[[S:.*]] = nv_tileas.dot %{{.*}}, %[[KT]], %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05
// CHECK: %[[ALPHA:.*]] = math.exp2 %[[M]]
// CHECK: %[[ROWS:.*]] = nv_tileas.convert_layout %[[ALPHA]] : {{.*}} -> tensor<64x1xf32, #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (0, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 1}>>
// CHECK: %[[SC:.*]] = nv_tileas.tmem_scale %[[W]], %[[ROWS]]
// CHECK: %[[P:.*]] = arith.truncf %[[S]]
// CHECK-NOT: nv_tileas.convert_layout %[[P]]
// CHECK: %[[D:.*]] = nv_tileas.tmem_dot %[[P]], %{{.*}}, %[[SC]] {atom = #nv_tileas.mma_atom<tcgen05
// CHECK-NOT: arith.mulf
// CHECK: scf.yield %[[D]], %[[ALPHA]],
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<64x64xf32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @attention(%q: tensor<64x64xf16>, %kp: !nv_tileaa.ptr<f16, 1>, %vp: !nv_tileaa.ptr<f16, 1>, %op: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %zs = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %m0 = arith.constant dense<0.000000e+00> : tensor<64x1xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %n_ = arith.index_cast %n : i32 to index
    %kv = nv_tileas.make_tiled_view %kp[%c0] sizes(%n_, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x64xf16>
    %vv = nv_tileas.make_tiled_view %vp[%c0] sizes(%n_, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x64xf16>
    %ov = nv_tileas.make_tiled_view %op[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %r:2 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%o = %zs, %m = %m0) -> (tensor<64x64xf32>, tensor<64x1xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %kb, %kb_t = nv_tileas.tiled_load %kv[%ii, %c0] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf16> -> tensor<64x64xf16>, !nv_tileas.mem_token
      %kt = nv_tileas.permute %kb {permutation = array<i64: 1, 0>} : tensor<64x64xf16> to tensor<64x64xf16>
      %s = nv_tileas.dot %q, %kt, %zs {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      %alpha = math.exp2 %m : tensor<64x1xf32>
      %ab = nv_tileas.broadcast %alpha : tensor<64x1xf32> to tensor<64x64xf32>
      %os = arith.mulf %o, %ab : tensor<64x64xf32>
      %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
      %vt, %vt_t = nv_tileas.tiled_load %vv[%ii, %c0] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf16> -> tensor<64x64xf16>, !nv_tileas.mem_token
      %on = nv_tileas.dot %p, %vt, %os {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %on, %alpha : tensor<64x64xf32>, tensor<64x1xf32>
    }
    %st = nv_tileas.tiled_store %r#0, %ov[%c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// The scaled O read by something else than the second dot (here it also
// leaves the loop): the rescale is not the accumulator's alone, and both
// dots keep the per-dot lowering.
// CHECK-LABEL: nv_tileaa.func @scaled_used_twice(
// CHECK-NOT: nv_tileas.tmem_
// CHECK: nv_tileas.dot
// CHECK: arith.mulf
// CHECK: nv_tileas.dot
// CHECK-NOT: nv_tileas.tmem_
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @scaled_used_twice(%q: tensor<64x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>, %n: i32, %op: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zs = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %m0 = arith.constant dense<0.000000e+00> : tensor<64x1xf32>
    %r:2 = scf.for %i = %c0_i32 to %n step %c1_i32 iter_args(%o = %zs, %last = %zs) -> (tensor<64x64xf32>, tensor<64x64xf32>)  : i32 {
      %s = nv_tileas.dot %q, %k, %zs {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      %ab = nv_tileas.broadcast %m0 : tensor<64x1xf32> to tensor<64x64xf32>
      %os = arith.mulf %o, %ab : tensor<64x64xf32>
      %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
      %on = nv_tileas.dot %p, %v, %os {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %on, %os : tensor<64x64xf32>, tensor<64x64xf32>
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %ov = nv_tileas.make_tiled_view %op[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %s0 = nv_tileas.tiled_store %r#0, %ov[%c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32> -> !nv_tileas.mem_token
    %s1 = nv_tileas.tiled_store %r#1, %ov[%c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// A batched dot (2 x 64 x 32, K 16) keeps its accumulator in tensor memory
// across the K loop like a 2-d one: each slice its own columns (2 x 32 of
// the 512), the operands staged from registers slice after slice (the rings'
// canonical layouts are 2-d: mma.sync's fragments stay, no staging layout).
// CHECK-LABEL: nv_tileaa.func @batched(
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<2x64x32xf32, {{.*}}> -> !nv_tileas.tmem_acc<tensor<2x64x32xf32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]+]] = %[[T0]],
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait %[[ACC]]
// CHECK: %[[D:.*]] = nv_tileas.tmem_dot %{{.*}}, %{{.*}}, %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x64x16xf16
// CHECK: scf.yield %[[D]],
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<2x64x32xf32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @batched(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %acc0 = arith.constant dense<0.000000e+00> : tensor<2x64x32xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %k_ = arith.index_cast %k : i32 to index
    %mk = arith.muli %c64, %k_ : index
    %kn = arith.muli %k_, %c32 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%c2, %c64, %k_) strides(%mk, %k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<2x64x16xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%c2, %k_, %c32) strides(%kn, %c32, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<2x16x32xf16>
    %r = scf.for %i = %c0_i32 to %k step %c1_i32 iter_args(%acc = %acc0) -> (tensor<2x64x32xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %at, %at_t = nv_tileas.tiled_load %av[%c0, %c0, %ii] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<2x64x16xf16> -> tensor<2x64x16xf16>, !nv_tileas.mem_token
      %bt, %bt_t = nv_tileas.tiled_load %bv[%c0, %ii, %c0] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<2x16x32xf16> -> tensor<2x16x32xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x64x16xf16>, tensor<2x16x32xf16>, tensor<2x64x32xf32> -> tensor<2x64x32xf32>
      scf.yield %d : tensor<2x64x32xf32>
    }
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%c2, %c64, %c32) strides(%c64, %c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<2x64x32xf32>
    %st = nv_tileas.tiled_store %r, %cv[%c0, %c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<2x64x32xf32>, !nv_tileas.tiled_view<2x64x32xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
