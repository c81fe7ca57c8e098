// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-tma-store-epilogue=arch=sm_90a --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=warp-specialize=false --tileas-tma-store-epilogue=arch=sm_90a --split-input-file %s | FileCheck %s --check-prefix=SHARED
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-tma-store-epilogue=arch=sm_80 --split-input-file %s | FileCheck %s --check-prefix=NOTMA

// The accumulator of a TMA-pipelined GEMM, stored unchanged into a 2-d view
// with 16-byte aligned rows: a third tensor map (boxes of 128 rows by one
// 128-byte span, 32 f32) is built with the operands' before the pipeline,
// by every warp; the consumer role's result leaves through tma_store at the
// tile's element coordinates, and the map is released after it.
// The pool grows by one entry a resident CTA (8192 x 3 maps x 256 bytes).
// CHECK: nv_tileas.global @tilecc_tma_pool : tensor<6291456xi8>
// CHECK-LABEL: nv_tileaa.func @gemm_f32(
// CHECK: %[[CMAP:.*]] = nv_tileas.make_tiled_tma_desc %arg2 sizes[%{{.*}}, %{{.*}}] strides[%{{.*}}, %{{.*}}] staging %{{.*}} pool %{{.*}} {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tma_desc<128x32xf32>
// CHECK-NEXT: nv_tileas.async.pipeline.create
// CHECK: %[[ACC:.*]] = nv_tileas.async.pipeline.consumer
// CHECK: %[[ROW:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK: nv_tileas.tma_store %[[ACC]], %[[CMAP]][%[[ROW]], %[[COL]]] : tensor<128x128xf32
// CHECK-NEXT: nv_tileas.tma_desc_release %[[CMAP]]
// CHECK-NOT: tiled_store
// Without warp roles the loop's dot_wait gives the accumulator.
// SHARED-LABEL: nv_tileaa.func @gemm_f32(
// SHARED: nv_tileas.make_tiled_tma_desc %arg2
// SHARED: %[[DRAIN:.*]] = nv_tileas.dot_wait %{{.*}} {num_pending = 0 : i32}
// SHARED: nv_tileas.tma_store %[[DRAIN]]
// The target has no TMA: the store stays.
// NOTMA-LABEL: nv_tileaa.func @gemm_f32(
// NOTMA-NOT: tma_store
// NOTMA: nv_tileas.tiled_store
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_f32(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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

// A plain conversion between the accumulator and the store (f32 -> f16):
// the converted tile, in the accumulator's layout (the layout change made
// for the coalesced store goes), leaves through tma_store with boxes of 64
// f16 (one 128-byte span) staged by stmatrix (four 8x8 matrices a lane).
// CHECK-LABEL: nv_tileaa.func @gemm_f16_out(
// CHECK: %[[CMAP:.*]] = nv_tileas.make_tiled_tma_desc %arg2 {{.*}} {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<128x64xf16>
// CHECK: %[[ACC:.*]] = nv_tileas.async.pipeline.consumer
// CHECK: %[[H:.*]] = arith.truncf %[[ACC]] : tensor<128x128xf32, #nv_tileas.linear<[[ACCL:.*]]>> to tensor<128x128xf16, #nv_tileas.linear<[[ACCL]]>>
// CHECK-NOT: convert_layout
// CHECK: nv_tileas.tma_store %[[H]], %[[CMAP]][%{{.*}}, %{{.*}}] {staging = #nv_tileas.copy_atom<stmatrix, 128>} : tensor<128x128xf16
// CHECK-NEXT: nv_tileas.tma_desc_release %[[CMAP]]
// CHECK-NOT: tiled_store
// SHARED-LABEL: nv_tileaa.func @gemm_f16_out(
// SHARED: nv_tileas.tma_store {{.*}} {staging = #nv_tileas.copy_atom<stmatrix, 128>}
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_f16_out(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f16, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x128xf16>
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
    %h = arith.truncf %r : tensor<128x128xf32> to tensor<128x128xf16>
    %s = nv_tileas.tiled_store %h, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf16>, !nv_tileas.tiled_view<128x128xf16> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// Other work between the accumulator and the store (a bias): the store stays.
// CHECK-LABEL: nv_tileaa.func @gemm_bias_out(
// CHECK-NOT: tma_store
// CHECK: nv_tileas.tiled_store
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_bias_out(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f16, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x128xf16>
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
    %one = arith.constant dense<1.000000e+00> : tensor<128x128xf32>
    %rb = arith.addf %r, %one : tensor<128x128xf32>
    %h = arith.truncf %rb : tensor<128x128xf32> to tensor<128x128xf16>
    %s = nv_tileas.tiled_store %h, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf16>, !nv_tileas.tiled_view<128x128xf16> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// Rows the kernel proved only 4-byte aligned (the stg_32 atom): TMA needs
// 16-byte aligned rows, the store stays.
// CHECK-LABEL: nv_tileaa.func @gemm_unaligned_c(
// CHECK-NOT: tma_store
// CHECK: nv_tileas.tiled_store
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_unaligned_c(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}
