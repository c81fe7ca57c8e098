// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s

// A tcgen05 dot whose operands cannot come through canonical slots keeps
// its accumulator in tensor memory all the same, its operands staged from
// registers by the dot every K step: here f32 operands (3xTF32: the big
// and small tf32 parts are split from registers). Each operand is converted
// into lib/Layout's staging layout (16 bytes of K per thread and access,
// lanes along M / N, the rest of K in registers: no copies across warps, K
// in passes of registers), not mma.sync's fragments; the operands' buffer
// of its own leaves no room for rings beside it (128 KiB of operands per K
// step), so they stay loads.
// CHECK-LABEL: nv_tileaa.func @gemm_f32(
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<128x128xf32, {{.*}}> -> !nv_tileas.tmem_acc<tensor<128x128xf32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[T0]])
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait %[[ACC]]
// CHECK: %[[A:.*]] = nv_tileas.convert_layout %{{.*}} -> tensor<128x64xf32, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 64}>>
// CHECK: %[[B:.*]] = nv_tileas.convert_layout %{{.*}} -> tensor<64x128xf32, #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (32, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 32), (0, 64)]} -> {dim0 = 64, dim1 = 128}>>
// CHECK: %[[D:.*]] = nv_tileas.tmem_dot %[[A]], %[[B]], %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n128k8, f32 x f32 -> f32>}
// CHECK-NOT: nv_tileas.dot
// CHECK: scf.yield %[[D]] :
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<128x128xf32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_f32(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x128xf32>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x64xf32>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x64xf32> -> tensor<128x64xf32>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<64x128xf32>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x128xf32> -> tensor<64x128xf32>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n128k8, f32 x f32 -> f32>} : tensor<128x64xf32>, tensor<64x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}


// -----

// B read through a transposed view (K contiguous, a 16-bit load no
// cp.async copy takes): the slot decision falls back to registers; A still
// comes through its ring, read in the staging layout, and B's conversion
// goes to the staging layout (K in registers 8 at a time).
// CHECK-LABEL: nv_tileaa.func @gemm_transposed_b(
// CHECK: nv_tileas.tmem_alloc
// CHECK: scf.for
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait
// CHECK-NOT: _operand =
// CHECK: %[[A:.*]] = nv_tileas.async.future_wait %{{.*}} : !nv_tileas.future<tensor<64x32xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 8)]} -> {dim0 = 64, dim1 = 32}>>>
// CHECK: %[[B:.*]] = nv_tileas.convert_layout %{{.*}} -> tensor<32x64xf16, #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (16, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 32), (8, 0)]} -> {dim0 = 32, dim1 = 64}>>
// CHECK: nv_tileas.tmem_dot %[[A]], %[[B]], %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>}
// CHECK-NOT: nv_tileas.dot
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<64x64xf32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_transposed_b(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%c1, %k_) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x64xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x64xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<64x64xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<64x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<64x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x32xf16> -> tensor<64x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x64xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 16>} : !nv_tileas.tiled_view<32x64xf16> -> tensor<32x64xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
      scf.yield %d : tensor<64x64xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf32>, !nv_tileas.tiled_view<64x64xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}


// -----

// A 16-row tile (laid out as 64 rows in tensor memory, getTcgen05PaddedM)
// keeps its accumulator there too, its operands from their rings in
// registers.
// CHECK-LABEL: nv_tileaa.func @gemm_m16(
// CHECK: nv_tileas.tmem_alloc %{{.*}} : tensor<16x64xf32, {{.*}}> -> !nv_tileas.tmem_acc<tensor<16x64xf32
// CHECK: nv_tileas.tmem_wait
// CHECK-NOT: _operand =
// CHECK: nv_tileas.tmem_dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<16x32xf16
// CHECK-NOT: nv_tileas.dot
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<16x64xf32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_m16(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<16x64xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<16x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x64xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x64xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<16x64xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<16x32xf16>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<16x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x32xf16> -> tensor<16x32xf16>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x64xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x64xf16> -> tensor<32x64xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<16x32xf16>, tensor<32x64xf16>, tensor<16x64xf32> -> tensor<16x64xf32>
      scf.yield %d : tensor<16x64xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<16x64xf32>, !nv_tileas.tiled_view<16x64xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}


// -----

// Where the operands' buffer does not fit the kernel's shared memory beside
// the rest (a 96 KiB limit: 64 KiB of split parts per pass and the 64 KiB
// f32 staging area after the loop), the dot keeps the per-dot lowering.
// CHECK-LABEL: nv_tileaa.func @gemm_f32_no_room(
// CHECK-NOT: tmem_
// CHECK: nv_tileas.dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n128k8, f32 x f32 -> f32>} :
// CHECK-NOT: tmem_
// CHECK: nv_tileaa.return
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 98304 : i64} {
  nv_tileaa.func @gemm_f32_no_room(%a: !nv_tileaa.ptr<f32, 1>, %b: !nv_tileaa.ptr<f32, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x64xf32>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<64x128xf32>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %pa = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x64xf32>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x64xf32> -> tensor<128x64xf32>, !nv_tileas.mem_token
      %pb = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<64x128xf32>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x128xf32> -> tensor<64x128xf32>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n128k8, f32 x f32 -> f32>} : tensor<128x64xf32>, tensor<64x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}


