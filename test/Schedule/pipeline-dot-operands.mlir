// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=num-stages=2 --split-input-file %s | FileCheck %s --check-prefix=S2

// Both operands of a 128x128x32 f16 GEMM come from global loads in the K
// loop: each gets a 3-slot ring in shared memory (3 x 8 KiB each, 48 KiB in
// all), tiles 0 and 1 are issued before the loop, and iteration i waits for
// tile i (two groups, tile i + 1's, may stay in flight), issues tile i + 2
// into the slot iteration i - 1 read, and reads tile i in the dot layouts.
// CHECK-DAG: nv_tileas.global @[[RA:tilecc_ring_0]] : tensor<12288xi16> {address_space = 3 : i32, alignment = 128 : i64}
// CHECK-DAG: nv_tileas.global @[[RB:tilecc_ring_1]] : tensor<12288xi16> {address_space = 3 : i32, alignment = 128 : i64}
// CHECK-LABEL: nv_tileaa.func @gemm(
// CHECK: %[[A:.*]] = nv_tileas.get_global @[[RA]] : !nv_tileaa.ptr<f16, 3>
// CHECK: %[[B:.*]] = nv_tileas.get_global @[[RB]] : !nv_tileaa.ptr<f16, 3>
// CHECK: %[[SL0:.*]] = arith.constant 0 : index
// CHECK: %[[A0:.*]] = nv_tileas.async_load %{{.*}}[%{{.*}}, %{{.*}}] into %[[A]] : !nv_tileaa.ptr<f16, 3>[%[[SL0]]] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<128x32xf16> -> !nv_tileas.future<tensor<128x32xf16, #nv_tileas.linear
// CHECK: %[[B0:.*]] = nv_tileas.async_load %{{.*}}[%{{.*}}, %{{.*}}] into %[[B]] : !nv_tileaa.ptr<f16, 3>[%[[SL0]]]
// CHECK: %[[SL1:.*]] = arith.constant 1 : index
// CHECK: %[[A1:.*]] = nv_tileas.async_load %{{.*}} into %[[A]] : !nv_tileaa.ptr<f16, 3>[%[[SL1]]]
// CHECK: %[[B1:.*]] = nv_tileas.async_load %{{.*}} into %[[B]] : !nv_tileaa.ptr<f16, 3>[%[[SL1]]]
// CHECK: %[[SL2:.*]] = arith.constant 2 : index
// CHECK: %[[R:.*]]:6 = scf.for %[[I:.*]] = %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[FA:.*]] = %[[A0]], %[[FB:.*]] = %[[B0]], %[[FA1:.*]] = %[[A1]], %[[FB1:.*]] = %[[B1]], %[[SLOT:.*]] = %[[SL2]])
// CHECK-NEXT: nv_tileas.async_wait %[[FA]], %[[FB]] {num_pending = 2 : i32}
// CHECK: %[[NA:.*]] = nv_tileas.async_load %{{.*}} into %[[A]] : !nv_tileaa.ptr<f16, 3>[%[[SLOT]]]
// CHECK: %[[NB:.*]] = nv_tileas.async_load %{{.*}} into %[[B]] : !nv_tileaa.ptr<f16, 3>[%[[SLOT]]]
// CHECK: %[[VA:.*]] = nv_tileas.async.future_wait %[[FA]]
// CHECK: %[[VB:.*]] = nv_tileas.async.future_wait %[[FB]]
// CHECK-NOT: tiled_load
// CHECK-NOT: convert_layout
// CHECK: %[[D:.*]] = nv_tileas.dot %[[VA]], %[[VB]], %[[ACC]]
// CHECK: %[[NEXT:.*]] = arith.select
// CHECK: scf.yield %[[D]], %[[FA1]], %[[FB1]], %[[NA]], %[[NB]], %[[NEXT]]
// CHECK: nv_tileas.async_wait %[[R]]#1, %[[R]]#2, %[[R]]#3, %[[R]]#4 :
// CHECK: nv_tileas.tiled_store %[[R]]#0

// With two stages (double buffering) iteration i waits for everything.
// S2-LABEL: nv_tileaa.func @gemm(
// S2: scf.for
// S2-NEXT: nv_tileas.async_wait %{{.*}}, %{{.*}} :
module attributes {nv_tileas.compute_capability = 80 : i32} {
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
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// 24 KiB per stage: three stages would pass the 48 KiB of static shared
// memory, so the rings are two deep.
// CHECK-DAG: nv_tileas.global @tilecc_ring_0 : tensor<8192xi16>
// CHECK-DAG: nv_tileas.global @tilecc_ring_1 : tensor<16384xi16>
// CHECK-LABEL: nv_tileaa.func @three_to_two(
// CHECK: scf.for
// CHECK-NEXT: nv_tileas.async_wait %{{.*}}, %{{.*}} :
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @three_to_two(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x256xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x256xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x256xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x256xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x256xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x256xf16> -> tensor<32x256xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x256xf16>, tensor<128x256xf32> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x256xf32>, !nv_tileas.tiled_view<128x256xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// 32 KiB per stage: not even double buffering fits, the loads stay.
// CHECK-LABEL: nv_tileaa.func @too_big(
// CHECK-NOT: async_load
// CHECK: nv_tileas.tiled_load
// CHECK: nv_tileas.tiled_load
// CHECK: nv_tileas.dot
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @too_big(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 64 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x64xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x128xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x64xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x64xf16> -> tensor<128x64xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<64x128xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<64x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x128xf16> -> tensor<64x128xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x64xf16>, tensor<64x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// A pads with ones, which cp.async's zero fill cannot give: only B is staged
// (one group per tile), A keeps its load and its conversion.
// CHECK: nv_tileas.global @tilecc_ring_0 : tensor<12288xi16>
// CHECK-LABEL: nv_tileaa.func @pad_one(
// CHECK: scf.for
// CHECK-NEXT: nv_tileas.async_wait %{{.*}} {num_pending = 1 : i32}
// CHECK: nv_tileas.async_load %{{.*}} : !nv_tileas.tiled_view<32x128xf16>
// CHECK: nv_tileas.tiled_load %{{.*}} : !nv_tileas.tiled_view<128x32xf16>
// CHECK: nv_tileas.convert_layout
module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @pad_one(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
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
      %pa = arith.constant dense<1.000000e+00> : tensor<128x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x128xf16> -> tensor<32x128xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// cp.async needs sm_80.
// CHECK-LABEL: nv_tileaa.func @sm75(
// CHECK-NOT: async_load
// CHECK: nv_tileas.tiled_load
module attributes {nv_tileas.compute_capability = 75 : i32} {
  nv_tileaa.func @sm75(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
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
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
