// RUN: tilecc-opt --tileas-assign-layouts --tileas-pipeline-dot-operands=use-tma=false --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=8" %s | FileCheck %s

// A wgmma K loop staged by tileas-pipeline-dot-operands: the copies write
// both ring slots (1024-byte aligned) in the descriptors' layouts (A
// K-major, B N-major) and nothing reads them back into registers (no
// ldmatrix, no scratch buffer); the in-loop wait fences the copies toward
// the async proxy before its barrier. The dot reads A through descriptors
// (64-byte swizzle, LBO 16, SBO = 8 x 64 = 512: field value 2 << 62 | 32 <<
// 32 | 1 << 16; warpgroup g's rows start g x 8 x SBO = 4096 g bytes on) and
// B (128-byte swizzle, LBO = 32 x 128 = 4096, SBO = 1024: 1 << 62 | 64 <<
// 32 | 256 << 16), K-major A (imm-trans-a 0: NVVM layout row), N-major B
// (imm-trans-b 1: NVVM layout row for B),
// two nvvm.wgmma.mma_async (one per K step, the second reading the first's
// accumulator) between nvvm.wgmma.fence and commit. It is left in flight:
// the loop waits until one group is pending (the accumulators tied through
// the empty statement after the wait),
// meets the others at a barrier, then refills the slots; after the loop the
// last group is waited for before the copies drain.
// CHECK-DAG: llvm.mlir.global internal @tilecc_ring_0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<12288 x i16>
// CHECK-DAG: llvm.mlir.global internal @tilecc_ring_1() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<12288 x i16>
// CHECK-NOT: tilecc_scratch
// CHECK-LABEL: llvm.func @gemm(
// CHECK-NOT: ldmatrix
// CHECK: nvvm.cp.async.wait.group 2
// CHECK-NEXT: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: ldmatrix
// CHECK-DAG: llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(4611686293322072064 : i64) : i64
// CHECK-DAG: llvm.mlir.constant(4096 : i32) : i32
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NOT: nvvm.wgmma.commit
// CHECK: %[[MMA0:.*]] = nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK: llvm.extractvalue %[[MMA0]][63]
// CHECK-NOT: nvvm.wgmma.commit
// CHECK: nvvm.wgmma.mma_async %{{.*}}, %{{.*}}, %{{.*}}, <m = 64, n = 128, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <row>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: nvvm.wgmma.wait
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "", "{{(=f,)+}}0,1,
// CHECK: nvvm.cp.async.wait.group 2
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg,
// CHECK: llvm.br ^bb1
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "", "{{(=f,)+}}0,1,
// CHECK: nvvm.cp.async.wait.group 0
// CHECK: llvm.return
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
