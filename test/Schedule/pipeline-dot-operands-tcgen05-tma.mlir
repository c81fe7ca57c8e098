// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=warp-specialize=false --split-input-file %s | FileCheck %s --check-prefix=RING

// A resident tcgen05 dot whose operands are TMA-able (2-d views made before
// the loop, offset 0, unit last stride, 128-bit rows) gets the TMA ring of
// sm_90a: tensor maps built on the device with boxes of one swizzle span
// (64 bytes for A's 32 f16 of K, 128 for B's rows), a pipeline whose slots
// the MMAs release (released_by_mma), and warp roles: the producer
// warpgroup fills slot i mod 3 for iteration i; the consumer (the kernel's
// 8 warps) allocates tensor memory, waits for each fill in the MMA-issuing
// warp only (mma_issuer), issues the MMAs without a commit of their own
// (deferred_commit), lets them release the fill (mma_release: their
// tcgen05.commit onto its empty barrier), and after the loop commits once
// onto the accumulator (tmem_commit) before tmem_load reads it. No
// tmem_wait, no CTA barrier, no cp.async in the loop.
// CHECK-LABEL: nv_tileaa.func @gemm(
// CHECK: nv_tileas.make_tiled_tma_desc %arg0 {{.*}} {swizzle_bytes = 64 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<128x32xf16>
// CHECK: nv_tileas.make_tiled_tma_desc %arg1 {{.*}} {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<32x64xf16>
// CHECK: %[[P:.*]] = nv_tileas.async.pipeline.create barriers %{{.*}} {num_stages = 3 : i32, released_by_mma}
// CHECK: nv_tileas.async.pipeline.producer %[[P]] warps(4) :
// CHECK: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} :
// CHECK-COUNT-2: nv_tileas.tma_load
// CHECK: nv_tileas.async.pipeline.producer_commit %[[P]]
// CHECK: nv_tileas.async.pipeline.consumer %[[P]] warps(8) :
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc
// CHECK: %[[R:.*]]:3 = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[T0]], %[[FILL:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait %[[P]], %[[FILL]] {mma_issuer}
// CHECK-NOT: tmem_wait
// CHECK: %[[VA:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.tcgen05_operand = 0 : i32}
// CHECK: %[[VB:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.tcgen05_operand = 1 : i32}
// CHECK: %[[D:.*]] = nv_tileas.tmem_dot %[[VA]], %[[VB]], %[[ACC]] {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>, deferred_commit}
// CHECK-NEXT: nv_tileas.async.pipeline.mma_release %[[P]], %[[FILL]]
// CHECK-NOT: async_wait
// CHECK: scf.yield %[[D]],
// CHECK: %[[C:.*]] = nv_tileas.tmem_commit %[[R]]#0
// CHECK-NEXT: %[[OUT:.*]] = nv_tileas.tmem_load %[[C]]
// CHECK-NEXT: nv_tileas.yield %[[OUT]]
// CHECK-COUNT-2: nv_tileas.tma_desc_release
// CHECK: nv_tileas.tiled_store

// Without warp roles: the same ring in one loop. The prologue fills 2
// slots; iteration i waits for fill i in the issuing warp, issues and
// releases it through the MMAs, then fills slot (i + 2) mod 3 once the
// previous step's MMAs freed it (only the copy-issuing warp waits:
// copy_issuer). After the loop: tmem_commit, tmem_load, and the fills past
// the end drained by the issuing warp.
// RING-LABEL: nv_tileaa.func @gemm(
// RING: %[[P:.*]] = nv_tileas.async.pipeline.create barriers %{{.*}} {num_stages = 3 : i32, released_by_mma}
// RING-NOT: async.pipeline.producer %
// RING: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} {copy_issuer}
// RING: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} {copy_issuer}
// RING: nv_tileas.tmem_alloc
// RING: scf.for
// RING-NEXT: nv_tileas.async.pipeline.consumer_wait %[[P]], %[[FILL:[^ ]*]] {mma_issuer}
// RING: nv_tileas.tmem_dot {{.*}}deferred_commit
// RING-NEXT: nv_tileas.async.pipeline.mma_release %[[P]], %[[FILL]]
// RING: nv_tileas.async.pipeline.producer_acquire %[[P]], %{{.*}} {copy_issuer}
// RING-COUNT-2: nv_tileas.tma_load
// RING: nv_tileas.async.pipeline.producer_commit
// RING: scf.yield
// RING: nv_tileas.tmem_commit
// RING-NEXT: nv_tileas.tmem_load
// RING-COUNT-2: nv_tileas.async.pipeline.consumer_wait %[[P]], %{{.*}} {mma_issuer}
// RING-COUNT-2: nv_tileas.tma_desc_release
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x128xf16> -> tensor<32x128xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// One consumer warpgroup keeps the ring without roles (ptxas spilled the
// 256-thread warp-specialized 128x64 kernel; docs/perf.md).
// CHECK-LABEL: nv_tileaa.func @gemm_one_warpgroup(
// CHECK-NOT: async.pipeline.producer %
// CHECK: nv_tileas.async.pipeline.mma_release
// RING-LABEL: nv_tileaa.func @gemm_one_warpgroup(
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_one_warpgroup(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x128xf16> -> tensor<32x128xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// 8-bit operands (kind::f8f6f4, the M = 64 instruction) keep the cp.async
// ring and its per-step tmem_wait: no tensor map, no mma_release.
// CHECK-LABEL: nv_tileaa.func @gemm_e4m3_m64(
// CHECK-NOT: make_tiled_tma_desc
// CHECK: nv_tileas.tmem_wait
// CHECK: nv_tileas.async_load
// CHECK-NOT: mma_release
// CHECK: nv_tileas.tmem_load
// RING-LABEL: nv_tileaa.func @gemm_e4m3_m64(
// RING-NOT: mma_release
// RING: nv_tileas.tmem_load

module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_e4m3_m64(%a: !nv_tileaa.ptr<f8E4M3FN, 1>, %b: !nv_tileaa.ptr<f8E4M3FN, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f8E4M3FN, 1> -> !nv_tileas.tiled_view<64x32xf8E4M3FN>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f8E4M3FN, 1> -> !nv_tileas.tiled_view<32x64xf8E4M3FN>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<64x64xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<64x32xf8E4M3FN>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<64x32xf8E4M3FN>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x32xf8E4M3FN> -> tensor<64x32xf8E4M3FN>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x64xf8E4M3FN>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x64xf8E4M3FN>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x64xf8E4M3FN> -> tensor<32x64xf8E4M3FN>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k32, f8E4M3FN x f8E4M3FN -> f32>} : tensor<64x32xf8E4M3FN>, tensor<32x64xf8E4M3FN>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
