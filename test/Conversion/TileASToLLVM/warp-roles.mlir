// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a --split-input-file %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a --split-input-file --verify-diagnostics %S/Inputs/warp-roles-invalid.mlir

// Warp roles (tileas-pipeline-dot-operands on sm_90a) as a branch on the
// warpgroup: the CTA has the 8 consumer warps first and the producer
// warpgroup after them (.maxntid 384). After the maps and the mbarrier init
// (barriers over every thread) tid < 256 takes the consumer branch; the
// producer warpgroup gives registers back (setmaxnreg.dec to 40, all four
// warps), only its first warp (warp 8) runs the fills, issued by elect.sync's
// leader of warp 8, and every producer warp returns; the consumers raise
// their registers to 232 and run the loop and the epilogue.
// CHECK-LABEL: llvm.func @gemm_8warps(
// CHECK-SAME: nvvm.maxntid = array<i32: 384, 1, 1>
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[NC:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: %[[ISC:.*]] = llvm.icmp "ult" %[[TID]], %[[NC]] : i32
// CHECK-NEXT: llvm.cond_br %[[ISC]], ^[[CONSUMER:bb[0-9]+]], ^[[PRODUCER:bb[0-9]+]]
// CHECK-NEXT: ^[[PRODUCER]]:
// CHECK-NEXT: nvvm.setmaxregister  decrease 40
// CHECK-NEXT: %[[FIVE:.*]] = llvm.mlir.constant(5 : i32) : i32
// CHECK-NEXT: %[[WARP:.*]] = llvm.lshr %[[TID]], %[[FIVE]] : i32
// CHECK-NEXT: %[[EIGHT:.*]] = llvm.mlir.constant(8 : i32) : i32
// CHECK-NEXT: %[[FIRST:.*]] = llvm.icmp "eq" %[[WARP]], %[[EIGHT]] : i32
// CHECK-NEXT: llvm.cond_br %[[FIRST]], ^{{bb[0-9]+}}, ^[[EXIT:bb[0-9]+]]
// CHECK-NOT: nvvm.barrier
// CHECK: nvvm.mbarrier.try_wait
// CHECK: llvm.lshr %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: llvm.icmp "eq" %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: nvvm.elect.sync -> i1
// CHECK: nvvm.mbarrier.expect_tx
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global
// CHECK: nvvm.mbarrier.arrive
// CHECK-NOT: nvvm.barrier
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^[[CONSUMER]]:
// CHECK-NEXT: nvvm.setmaxregister  increase 232
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK: nvvm.mbarrier.arrive
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NOT: nvvm.cp.async.bulk.tensor
// CHECK: llvm.return
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

// One consumer warpgroup: no setmaxnreg. The epilogue's layout change goes
// through shared memory; its CTA barriers, after the split, count the 128
// consumer threads (named barrier 1), not the producer warps that left.
// CHECK-LABEL: llvm.func @gemm_4warps(
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK-NOT: nvvm.setmaxregister
// CHECK: llvm.icmp "ult" %{{.*}}, %{{.*}} : i32
// CHECK: llvm.return
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[COUNT:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[ID:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %[[ID]] number_of_threads = %[[COUNT]]
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.setmaxregister
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = 232448 : i32} {
  nv_tileaa.func @gemm_4warps(%a: !nv_tileaa.ptr<f16, 1>, %b: !nv_tileaa.ptr<f16, 1>, %c: !nv_tileaa.ptr<f16, 1>, %m: i32, %n: i32, %k: i32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
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

// Roles in a branch (the aligned version of a kernel without `div_by`
// facts): the scf.if becomes a branch of the CFG. The aligned way splits
// into roles after the maps are built (barriers over all 256 threads); the
// other way sends the producer warpgroup (tid >= 128) away at its start, and
// every CTA barrier reached only through either way (the fallback's layout
// changes, the assert after the join) counts the 128 consumer threads.
// CHECK-LABEL: llvm.func @gemm_versioned(
// CHECK-SAME: nvvm.maxntid = array<i32: 256, 1, 1>
// CHECK: llvm.cond_br %{{.*}}, ^[[ALIGNED:bb[0-9]+]], ^[[OTHER:bb[0-9]+]]
// CHECK-NEXT: ^[[ALIGNED]]:
// CHECK: nvvm.mbarrier.init
// CHECK: nvvm.barrier0
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[NC:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[ISC:.*]] = llvm.icmp "ult" %[[TID]], %[[NC]] : i32
// CHECK-NEXT: llvm.cond_br %[[ISC]], ^{{bb[0-9]+}}, ^{{bb[0-9]+}}
// CHECK-NOT: nvvm.barrier0
// CHECK: ^[[OTHER]]:
// CHECK-NEXT: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
// CHECK-NEXT: %[[NC2:.*]] = llvm.mlir.constant(128 : i32) : i32
// CHECK-NEXT: %[[STAYS:.*]] = llvm.icmp "ult" %[[TID2]], %[[NC2]] : i32
// CHECK-NEXT: llvm.cond_br %[[STAYS]], ^[[FALLBACK:bb[0-9]+]], ^[[LEAVE:bb[0-9]+]]
// CHECK-NEXT: ^[[LEAVE]]:
// CHECK-NEXT: llvm.return
// CHECK-NEXT: ^[[FALLBACK]]:
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.call @vprintf
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK-NEXT: llvm.intr.trap
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
    %ok = arith.cmpi sgt, %k, %c0_i32 : i32
    cf.assert %ok, "K > 0"
    nv_tileaa.return
  }
}
