// The cp.async ring (use-tma=false; the TMA ring and its warp roles:
// pipeline-dot-operands-tcgen05-tma.mlir).
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=use-tma=false --split-input-file %s | FileCheck %s

// A tcgen05 dot (sm_100a) in a K loop whose operands both come through
// cp.async rings keeps its accumulator in tensor memory: the rings hold the
// canonical layouts the shared-memory descriptors name (1024-byte aligned,
// K-major A and N-major B as for wgmma, their copies and future_waits
// marked), tmem_alloc takes the zero accumulator before the loop (its
// mbarrier and address slot in a 16-byte shared global of its own), the
// loop carries the tensor-memory accumulator, each iteration first waits
// for the previous step's MMAs (tmem_wait; the async_wait's barrier after it
// orders every thread's wait before the refill of their slot and before the
// next commit), issues its own without waiting (tmem_dot), and tmem_load
// reads the result once after the loop.
// CHECK-DAG: nv_tileas.global @tilecc_tmem_0 : tensor<2xi64> {address_space = 3 : i32, alignment = 8 : i64}
// CHECK-DAG: nv_tileas.global @{{tilecc_ring_[01]}} : tensor<{{[0-9]+}}xi16> {address_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: nv_tileaa.func @gemm(
// CHECK: %[[STATE:.*]] = nv_tileas.get_global @tilecc_tmem_0
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc %{{.*}}, %[[STATE]] : tensor<128x128xf32, {{.*}}>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x128xf32
// CHECK: %[[R:.*]]:{{[0-9]+}} = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[T0]],
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait %[[ACC]]
// CHECK-NEXT: nv_tileas.async_wait %{{.*}}, %{{.*}} {num_pending = {{[0-9]+}} : i32, nv_tileas.async_proxy_fence}
// CHECK: nv_tileas.async_load {{.*}}nv_tileas.tcgen05_operand = 0 : i32
// CHECK: nv_tileas.async_load {{.*}}nv_tileas.tcgen05_operand = 1 : i32
// CHECK-DAG: %[[VA:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.tcgen05_operand = 0 : i32}
// CHECK-DAG: %[[VB:.*]] = nv_tileas.async.future_wait %{{.*}} {nv_tileas.tcgen05_operand = 1 : i32}
// CHECK-NOT: convert_layout
// CHECK: %[[D:.*]] = nv_tileas.tmem_dot %[[VA]], %[[VB]], %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>}
// CHECK-NOT: nv_tileas.dot
// CHECK: scf.yield %[[D]],
// CHECK: %[[OUT:.*]] = nv_tileas.tmem_load %[[R]]#0 : !nv_tileas.tmem_acc<tensor<128x128xf32, {{.*}}>> -> tensor<128x128xf32
// CHECK: nv_tileas.tiled_store %[[OUT]],
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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

// The accumulator is read in the loop by something else than the dot: the
// dot stays a plain tcgen05 dot (complete in itself), its operands staged
// as for mma.sync (no canonical slots, no tensor-memory accumulator).
// CHECK-LABEL: nv_tileaa.func @acc_read_in_loop(
// CHECK-NOT: tmem_
// CHECK-NOT: _operand =
// CHECK: nv_tileas.dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} :
// CHECK-NOT: tmem_
// CHECK: nv_tileaa.return
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @acc_read_in_loop(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
      %d = nv_tileas.dot %at, %bt, %h {atom = #nv_tileas.mma_atom<tcgen05, m128n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
      scf.yield %d : tensor<128x128xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// Every kind of the tcgen05 table keeps its accumulator in tensor memory:
// an e4m3 dot (kind::f8f6f4) of a 64-row tile (the M = 64 instruction),
// its 8-bit operands in the same canonical slots.
// CHECK-LABEL: nv_tileaa.func @gemm_e4m3_m64(
// CHECK: %[[T0:.*]] = nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<64x64xf32, {{.*}}>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<64x64xf32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[T0]],
// CHECK-NEXT: %[[W:.*]] = nv_tileas.tmem_wait %[[ACC]]
// CHECK: nv_tileas.async_load {{.*}}nv_tileas.tcgen05_operand = 0 : i32
// CHECK: nv_tileas.async_load {{.*}}nv_tileas.tcgen05_operand = 1 : i32
// CHECK: nv_tileas.tmem_dot %{{.*}}, %{{.*}}, %[[W]] {atom = #nv_tileas.mma_atom<tcgen05, m128n64k32, f8E4M3FN x f8E4M3FN -> f32>} : tensor<64x32xf8E4M3FN
// CHECK-NOT: nv_tileas.dot
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<64x64xf32
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

// -----

// kind::i8 (s8 x s8 -> s32) of a 128-row tile.
// CHECK-LABEL: nv_tileaa.func @gemm_s8(
// CHECK: nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<128x64xi32, {{.*}}> -> !nv_tileas.tmem_acc<tensor<128x64xi32
// CHECK: nv_tileas.tmem_wait
// CHECK: nv_tileas.tmem_dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k32, si8 x si8 -> i32>} : tensor<128x64xi8
// CHECK-NOT: nv_tileas.dot
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<128x64xi32
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_s8(%a: !nv_tileaa.ptr<i8, 1>, %b: !nv_tileaa.ptr<i8, 1>, %c: !nv_tileaa.ptr<i32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 64 : i32
    %acc0 = arith.constant dense<0> : tensor<128x64xi32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<i8, 1> -> !nv_tileas.tiled_view<128x64xi8>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<i8, 1> -> !nv_tileas.tiled_view<64x64xi8>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tiled_view<128x64xi32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x64xi32>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<128x64xi8> -> tensor<128x64xi8>, !nv_tileas.mem_token
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x64xi8> -> tensor<64x64xi8>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k32, si8 x si8 -> i32>} : tensor<128x64xi8>, tensor<64x64xi8>, tensor<128x64xi32> -> tensor<128x64xi32>
      scf.yield %d : tensor<128x64xi32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x64xi32>, !nv_tileas.tiled_view<128x64xi32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// An f16 accumulator (D type F16) stays in tensor memory as well.
// CHECK-LABEL: nv_tileaa.func @gemm_f16_acc(
// CHECK: nv_tileas.tmem_alloc %{{.*}}, %{{.*}} : tensor<64x64xf16, {{.*}}> -> !nv_tileas.tmem_acc<tensor<64x64xf16
// CHECK: nv_tileas.tmem_dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f16>}
// CHECK: nv_tileas.tmem_load %{{.*}} -> tensor<64x64xf16
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 100 : i32, nv_tileas.static_shared_limit = 232448 : i64} {
  nv_tileaa.func @gemm_f16_acc(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f16, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x64xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<64x64xf16>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    %kt = arith.ceildivsi %k, %cK : i32
    %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<64x64xf16>)  : i32 {
      %ii = arith.index_cast %i : i32 to index
      %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64x32xf16> -> tensor<64x32xf16>, !nv_tileas.mem_token
      %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] token(%t) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x64xf16> -> tensor<32x64xf16>, !nv_tileas.mem_token
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f16>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      scf.yield %d : tensor<64x64xf16>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<64x64xf16>, !nv_tileas.tiled_view<64x64xf16> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
