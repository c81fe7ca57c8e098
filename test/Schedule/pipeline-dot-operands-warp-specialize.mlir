// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --split-input-file %s | FileCheck %s

// A TMA ring whose wgmma dot keeps MMAs in flight, in the kernel's body
// after only scalar code: warp-specialized. The tensor maps and the
// pipeline are made by every warp; a producer warpgroup of its own issues
// fill i of iteration i into slot i mod 4 (no fill past the end), and the
// consumer role on the kernel's 8 warps waits for it, reads the slots
// through async.pipeline.slot, keeps one group in flight and releases the
// previous fill; the last group is retired before the role yields, and the
// maps are released after it. With 8 consumer warps (384 threads: 168
// registers each at launch) the 128x256 f32 accumulator (128 registers a
// thread) and the consumer's 48 more exceed the split: the producer drops
// to 40 registers and the consumers take 232.
// CHECK-LABEL: nv_tileaa.func @gemm_8warps(
// CHECK: %[[PIPE:.*]] = nv_tileas.async.pipeline.create barriers
// CHECK-NOT: producer_acquire
// CHECK: nv_tileas.async.pipeline.producer %[[PIPE]] warps(4) {max_registers = 40 : i32}
// CHECK-NEXT: %{{.*}}:2 = scf.for %{{.*}} = %{{.*}} to %[[KT:.*]] step %{{.*}} iter_args(%[[FILL:.*]] = %[[Z:.*]], %[[SLOT:.*]] = %[[Z]]) -> (index, index)
// CHECK-NEXT: nv_tileas.async.pipeline.producer_acquire %[[PIPE]], %[[FILL]]
// CHECK: nv_tileas.tma_load {{.*}}[%[[SLOT]]] barrier %[[PIPE]] : {{.*}}[%[[FILL]]]
// CHECK: nv_tileas.tma_load {{.*}}[%[[SLOT]]] barrier %[[PIPE]] : {{.*}}[%[[FILL]]]
// CHECK: nv_tileas.async.pipeline.producer_commit %[[PIPE]], %[[FILL]]
// CHECK: scf.yield
// CHECK: nv_tileas.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[ACC:.*]] = nv_tileas.async.pipeline.consumer %[[PIPE]] warps(8) {max_registers = 232 : i32}
// CHECK-NEXT: %[[R:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[KT]] step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[CFILL:.*]] = %[[Z]], %[[CSLOT:.*]] = %[[Z]])
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_wait %[[PIPE]], %[[CFILL]]
// CHECK-NEXT: %[[FB:.*]] = nv_tileas.async.pipeline.slot %{{.*}}[%[[CSLOT]]] : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.future<tensor<32x256xf16
// CHECK-NEXT: %[[B:.*]] = nv_tileas.async.future_wait %[[FB]] {nv_tileas.wgmma_operand = 1 : i32}
// CHECK-NEXT: %[[FA:.*]] = nv_tileas.async.pipeline.slot %{{.*}}[%[[CSLOT]]] : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.future<tensor<128x32xf16
// CHECK-NEXT: %[[A:.*]] = nv_tileas.async.future_wait %[[FA]] {nv_tileas.wgmma_operand = 0 : i32}
// CHECK-NOT: tma_load
// CHECK: %[[D:.*]] = nv_tileas.dot %[[A]], %[[B]], %{{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n256k16, f16 x f16 -> f32>, nv_tileas.async_mma}
// CHECK-NEXT: %[[W:.*]] = nv_tileas.dot_wait %[[D]] {num_pending = 1 : i32}
// CHECK-NEXT: %[[PREV:.*]] = arith.subi %[[CFILL]], %{{.*}} : index
// CHECK-NEXT: nv_tileas.async.pipeline.consumer_release %[[PIPE]], %[[PREV]]
// CHECK: scf.yield %[[W]],
// CHECK: %[[DRAINED:.*]] = nv_tileas.dot_wait %[[R]]#0 {num_pending = 0 : i32}
// CHECK-NEXT: nv_tileas.yield %[[DRAINED]]
// CHECK-NOT: consumer_wait
// CHECK: nv_tileas.tma_desc_release
// CHECK-NEXT: nv_tileas.tma_desc_release
// CHECK: nv_tileas.tiled_store %[[ACC]],
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_8warps(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
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
      %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n256k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x256xf16>, tensor<128x256xf32> -> tensor<128x256xf32>
      scf.yield %d : tensor<128x256xf32>
    }
    %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x256xf32>, !nv_tileas.tiled_view<128x256xf32> -> !nv_tileas.mem_token
    nv_tileaa.return
  }
}

// -----

// One consumer warpgroup: 256 threads may keep 255 registers each, more
// than the 128x128 accumulator (128 a thread) and the rest need, so the
// roles keep the launch's registers (no max_registers, no setmaxnreg).
// CHECK-LABEL: nv_tileaa.func @gemm_4warps(
// CHECK: nv_tileas.async.pipeline.producer %{{.*}} warps(4) : !nv_tileas.pipeline
// CHECK: nv_tileas.async.pipeline.consumer %{{.*}} warps(4) : !nv_tileas.pipeline
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_4warps(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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

// A store before the loop would run on the producer warps too (its tile's
// layout has no place for them): every warp keeps both roles, the ring as
// without warp specialization (fills issued ahead, drained after the loop).
// CHECK-LABEL: nv_tileaa.func @gemm_store_first(
// CHECK-NOT: {{(producer|consumer) %[0-9]+ warps}}
// CHECK: nv_tileas.async.pipeline.producer_acquire
// CHECK: scf.for
// CHECK: nv_tileas.async.pipeline.consumer_wait
// CHECK: nv_tileas.async.pipeline.producer_acquire
// CHECK-NOT: {{(producer|consumer) %[0-9]+ warps}}
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_store_first(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %z = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %s0 = nv_tileas.tiled_store %z, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
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

// warp-specialize=false keeps the shared-role ring.
// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=warp-specialize=false %s --split-input-file | FileCheck %s --check-prefix=OFF
// OFF-NOT: {{(producer|consumer) %[0-9]+ warps}}
// OFF: nv_tileas.async.pipeline.producer_acquire
// OFF-NOT: {{(producer|consumer) %[0-9]+ warps}}

// -----

// The aligned version of a kernel without `div_by` facts: the K loop sits in
// an scf.if branch (tileaa-version-for-alignment's run-time check), reached
// by every warp after only scalar code. The roles go into that branch; the
// other branch keeps its loop as it was.
// CHECK-LABEL: nv_tileaa.func @gemm_versioned(
// CHECK: scf.if
// CHECK: nv_tileas.async.pipeline.producer %{{.*}} warps(4)
// CHECK: nv_tileas.async.pipeline.consumer %{{.*}} warps(4)
// CHECK: nv_tileas.tiled_store
// CHECK: } else {
// CHECK-NOT: {{(producer|consumer) %[0-9]+ warps}}
// CHECK: scf.for
// CHECK: nv_tileas.tiled_load
// CHECK: nv_tileas.tiled_store
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_versioned(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32, %aligned: i1) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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
    %kt = arith.ceildivsi %k, %cK : i32
    scf.if %aligned {
      %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
      %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
      %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
      %bx = gpu.block_id  x
      %by = gpu.block_id  y
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
    } else {
      %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
      %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
      %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
      %bx = gpu.block_id  x
      %by = gpu.block_id  y
      %r = scf.for %i = %c0_i32 to %kt step %c1_i32 iter_args(%acc = %acc0) -> (tensor<128x128xf32>)  : i32 {
        %ii = arith.index_cast %i : i32 to index
        %pa = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
        %at, %at_t = nv_tileas.tiled_load %av[%bx, %ii] other(%pa : tensor<128x32xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 16>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
        %pb = arith.constant dense<0.000000e+00> : tensor<32x128xf16>
        %bt, %bt_t = nv_tileas.tiled_load %bv[%ii, %by] other(%pb : tensor<32x128xf16>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 16>} : !nv_tileas.tiled_view<32x128xf16> -> tensor<32x128xf16>, !nv_tileas.mem_token
        %d = nv_tileas.dot %at, %bt, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n128k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
        scf.yield %d : tensor<128x128xf32>
      }
      %s = nv_tileas.tiled_store %r, %cv[%bx, %by] token(%t) {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<128x128xf32>, !nv_tileas.tiled_view<128x128xf32> -> !nv_tileas.mem_token
    }
    nv_tileaa.return
  }
}

// -----

// A branch inside a loop runs again: the producer warps could not leave
// after it. The ring keeps every warp in both roles.
// CHECK-LABEL: nv_tileaa.func @gemm_in_loop_branch(
// CHECK-NOT: {{(producer|consumer) %[0-9]+ warps}}
// CHECK: nv_tileas.async.pipeline.producer_acquire
// CHECK-NOT: {{(producer|consumer) %[0-9]+ warps}}
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_in_loop_branch(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f32, 1>, %m: i32, %n: i32, %k: i32, %aligned: i1) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %cK = arith.constant 32 : i32
    %acc0 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %t = nv_tileas.create_token : !nv_tileas.mem_token
    %m_ = arith.index_cast %m : i32 to index
    %k_ = arith.index_cast %k : i32 to index
    %n_ = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %kt = arith.ceildivsi %k, %cK : i32
    %av = nv_tileas.make_tiled_view %a[%c0] sizes(%m_, %k_) strides(%k_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
    %bv = nv_tileas.make_tiled_view %b[%c0] sizes(%k_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x128xf16>
    %cv = nv_tileas.make_tiled_view %c[%c0] sizes(%m_, %n_) strides(%n_, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<128x128xf32>
    %bx = gpu.block_id  x
    %by = gpu.block_id  y
    scf.for %j = %c0_i32 to %c2_i32 step %c1_i32 : i32 {
      scf.if %aligned {
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
      }
    }
    nv_tileaa.return
  }
}
