// RUN: tilecc-opt --tileas-assign-layouts --split-input-file %s | FileCheck %s --check-prefix=LAYOUT
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=use-tma=false --split-input-file %s | FileCheck %s

// A wgmma dot (sm_90a) on 8 warps: the accumulator and A take the warpgroup
// fragments (warps along M, 16 rows each), B the blocked layout of 128-bit
// copies, so B's load feeds the dot without a conversion.
// LAYOUT-LABEL: nv_tileaa.func @gemm(
// LAYOUT: %[[BT:.*]], %{{.*}} = nv_tileas.tiled_load %{{.*}} -> tensor<32x128xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (16, 0)], lane = [(0, 8), (0, 16), (0, 32), (0, 64), (1, 0)], warp = [(2, 0), (4, 0), (8, 0)]} -> {dim0 = 32, dim1 = 128}>>
// LAYOUT: nv_tileas.dot %{{.*}}, %[[BT]], %{{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n{{[0-9]+}}k16, f16 x f16 -> f32>} : tensor<128x32xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>>, tensor<32x128xf16, {{.*}}>, tensor<128x128xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32), (0, 64)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 128}>>

// Pipelined: both operands stay in their slots (1024-byte aligned rings: the
// 128-byte swizzle repeats every 1024 bytes); their copies and future_waits
// name the wgmma operand (0: A, K-major; 1: B, N-major) whose canonical
// layout the slot holds, and the in-loop wait fences the copies toward the
// async proxy. The dot leaves its MMAs in flight (nv_tileas.async_mma): a
// dot_wait keeps at most this K step's group pending in the loop, and one
// drains it after the loop before the copies' drain (whose barrier orders
// every warp's MMAs before a later refill) and the store. A spare fourth
// slot (16 KiB each) would pass the 48 KiB of static shared memory, so the
// copies still run two tiles ahead and the slot the previous step read is
// refilled after the dot_wait and a barrier (an async_wait leaving the
// copies in flight as they are).
// CHECK-DAG: nv_tileas.global @[[RA:tilecc_ring_[01]]] : tensor<12288xi16> {address_space = 3 : i32, alignment = 1024 : i64}
// CHECK-DAG: nv_tileas.global @[[RB:tilecc_ring_[01]]] : tensor<12288xi16> {address_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: nv_tileaa.func @gemm(
// CHECK-DAG: nv_tileas.async_load %{{.*}} into %{{.*}} : !nv_tileaa.ptr<f16, 3>[%{{.*}}] {atom = #nv_tileas.copy_atom<cp_async, 128>, nv_tileas.wgmma_operand = 0 : i32} : !nv_tileas.tiled_view<128x32xf16>
// CHECK-DAG: nv_tileas.async_load %{{.*}} into %{{.*}} : !nv_tileaa.ptr<f16, 3>[%{{.*}}] {atom = #nv_tileas.copy_atom<cp_async, 128>, nv_tileas.wgmma_operand = 1 : i32} : !nv_tileas.tiled_view<32x128xf16>
// CHECK: %[[R:.*]]:6 = scf.for
// CHECK-NEXT: nv_tileas.async_wait %[[F0:.*]], %[[F1:.*]] {num_pending = 2 : i32, nv_tileas.async_proxy_fence}
// CHECK-DAG: %[[VB:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.wgmma_operand = 1 : i32} : !nv_tileas.future<tensor<32x128xf16
// CHECK-DAG: %[[VA:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.wgmma_operand = 0 : i32} : !nv_tileas.future<tensor<128x32xf16
// CHECK-NOT: convert_layout
// CHECK: %[[D:.*]] = nv_tileas.dot %[[VA]], %[[VB]], %{{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n{{[0-9]+}}k16, f16 x f16 -> f32>, nv_tileas.async_mma}
// CHECK-NEXT: %[[W:.*]] = nv_tileas.dot_wait %[[D]] {num_pending = 1 : i32}
// CHECK-NEXT: nv_tileas.async_wait %[[F0]], %[[F1]], %{{.*}}, %{{.*}} {num_pending = 2 : i32}
// CHECK: nv_tileas.async_load
// CHECK: nv_tileas.async_load
// CHECK: scf.yield %[[W]],
// CHECK: %[[DRAINED:.*]] = nv_tileas.dot_wait %[[R]]#0 {num_pending = 0 : i32}
// CHECK-NEXT: nv_tileas.async_wait %[[R]]#1, %[[R]]#2, %[[R]]#3, %[[R]]#4 :
// CHECK-NEXT: nv_tileas.tiled_store %[[DRAINED]],
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
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
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// The accumulator is read in the loop by something else than the dot: the
// dot stays synchronous (no dot_wait), both operands still come from their
// slots, and without a slot for MMAs in flight the copies run two tiles
// ahead (num_pending = 2).
// LAYOUT-LABEL: nv_tileaa.func @acc_read_in_loop(
// CHECK-LABEL: nv_tileaa.func @acc_read_in_loop(
// CHECK: scf.for
// CHECK-NEXT: nv_tileas.async_wait %{{.*}}, %{{.*}} {num_pending = 2 : i32, nv_tileas.async_proxy_fence}
// CHECK: nv_tileas.dot %{{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n{{[0-9]+}}k16, f16 x f16 -> f32>} :
// CHECK-NOT: dot_wait
// CHECK: nv_tileaa.return
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @acc_read_in_loop(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
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
      %h = arith.addf %acc, %acc : tensor<128x128xf32>
      %d = nv_tileas.dot %at, %bt, %h {atom = #nv_tileas.mma_atom<wgmma, m64n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

