// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s

// A tcgen05 dot that keeps the per-dot lowering (its accumulator is not
// carried by the loop, as attention's S = Q K^T) whose A is loaded before
// the loop: A is copied once, before the loop, by cp.async into a slot of
// its own (1024-byte aligned, K-major canonical layout: the async_load and
// future_wait are marked tcgen05_operand 0), waited for with the async-proxy
// fence, and the dot in the loop reads that future_wait instead of A's
// registers; the load and its layout change are gone.
// CHECK: nv_tileas.global @[[SLOT:tilecc_ring_[0-9]+]] : tensor<4096xi16> {address_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: nv_tileaa.func @invariant_a(
// CHECK: %[[P:.*]] = nv_tileas.get_global @[[SLOT]]
// CHECK: %[[F:.*]] = nv_tileas.async_load %{{.*}} into %[[P]]{{.*}}nv_tileas.tcgen05_operand = 0 : i32
// CHECK-NEXT: nv_tileas.async_wait %[[F]] {nv_tileas.async_proxy_fence}
// CHECK-NEXT: %[[Q:.*]] = nv_tileas.async.future_wait %[[F]] {nv_tileas.tcgen05_operand = 0 : i32}
// CHECK-NOT: nv_tileas.tiled_load
// CHECK: scf.for
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.dot %[[Q]], %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05,
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @invariant_a(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x64xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%c64, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x32xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x32xf32>
    %pa = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
    %at, %at_t = nv_tileas.tiled_load %av[%c0, %c0] other(%pa : tensor<64x64xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf16> -> tensor<64x64xf16>, !nv_tileas.mem_token
    %nt = arith.ceildivsi %n, %c1_i32 : i32
    %r = scf.for %i = %c0_i32 to %nt step %c1_i32 iter_args(%acc = %zero) -> (tensor<64x32xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pb = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%c0, %ii] other(%pb : tensor<64x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x32xf16> -> tensor<64x32xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %zero {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
      %s = arith.addf %acc, %d : tensor<64x32xf32>
      scf.yield %s : tensor<64x32xf32>
    }
    %st = nv_tileas.tiled_store %r, %cv[%c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x32xf32>, !nv_tileas.tiled_view<64x32xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// A loaded before the loop but read by two dots keeps its registers (the
// slot is read by one dot's descriptors only).
// CHECK-LABEL: nv_tileaa.func @shared_a(
// CHECK-NOT: tcgen05_operand
// CHECK: nv_tileaa.return
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @shared_a(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %n: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<64x32xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%c64, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x64xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%c64, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x32xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%c64, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x32xf32>
    %pa = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
    %at, %at_t = nv_tileas.tiled_load %av[%c0, %c0] other(%pa : tensor<64x64xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xf16> -> tensor<64x64xf16>, !nv_tileas.mem_token
    %nt = arith.ceildivsi %n, %c1_i32 : i32
    %r = scf.for %i = %c0_i32 to %nt step %c1_i32 iter_args(%acc = %zero) -> (tensor<64x32xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pb = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%c0, %ii] other(%pb : tensor<64x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x32xf16> -> tensor<64x32xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %zero {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
      %e = nv_tileas.dot %at, %bt, %d {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<64x64xf16>, tensor<64x32xf16>, tensor<64x32xf32> -> tensor<64x32xf32>
      %s = arith.addf %acc, %e : tensor<64x32xf32>
      scf.yield %s : tensor<64x32xf32>
    }
    %st = nv_tileas.tiled_store %r, %cv[%c0, %c0] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x32xf32>, !nv_tileas.tiled_view<64x32xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
