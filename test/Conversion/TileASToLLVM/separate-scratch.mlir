// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm=arch=sm_80 --split-input-file %s | FileCheck %s

// Two conversions through shared memory in one loop body get a buffer each
// (2 KiB, 16-byte aligned) instead of sharing tilecc_scratch, and neither
// waits at a barrier before its stores: between two runs of one, the other's
// store -> load barrier always executes. One barrier per conversion.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
// CHECK-NOT: @tilecc_scratch()
// CHECK-DAG: llvm.mlir.global internal @tilecc_scratch_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-DAG: llvm.mlir.global internal @tilecc_scratch_1() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @two_in_a_loop
// CHECK: llvm.mlir.addressof @tilecc_scratch_0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.addressof @tilecc_scratch_1
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @two_in_a_loop(%x: tensor<512xf32, #S>, %y: tensor<512xf32, #S>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
    %b = nv_tileas.convert_layout %y : tensor<512xf32, #S> -> tensor<512xf32, #W>
    %s = arith.addf %a, %b : tensor<512xf32, #W>
    scf.yield
  }
  nv_tileaa.return
}

// -----

// In different blocks the buffers are still separate, but each conversion is
// alone in its block (nothing is known to run a barrier between two runs of
// the loop's one): both keep their leading barrier.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
// CHECK-LABEL: llvm.func @different_blocks
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @different_blocks(%x: tensor<512xf32, #S>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  scf.for %i = %c0 to %n step %c1 {
    %b = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
    scf.yield
  }
  nv_tileaa.return
}

// -----

// 2 x 32 KiB do not fit the 48 KiB of static shared memory: both share
// tilecc_scratch, each behind a barrier.
#S = #nv_tileas.linear<{register = [(128), (256), (512), (1024), (2048), (4096)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 8192}>
#W = #nv_tileas.linear<{register = [(1), (2), (4), (8), (16), (32)], lane = [(64), (128), (256), (512), (1024)], warp = [(2048), (4096)]} -> {dim0 = 8192}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<32768 x i8>
// CHECK-NOT: @tilecc_scratch_
// CHECK-LABEL: llvm.func @too_big_to_separate
// CHECK-COUNT-4: nvvm.barrier0
nv_tileaa.func @too_big_to_separate(%x: tensor<8192xf32, #S>, %y: tensor<8192xf32, #S>) {
  %a = nv_tileas.convert_layout %x : tensor<8192xf32, #S> -> tensor<8192xf32, #W>
  %b = nv_tileas.convert_layout %y : tensor<8192xf32, #S> -> tensor<8192xf32, #W>
  nv_tileaa.return
}
