// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// A 1-d tile over 2 registers, 32 lanes and 4 warps reduces to a scalar:
// the two registers are combined in the thread, then 5 butterfly shuffles
// cross the lanes, then the 4 warps meet in the scratch buffer
// (1 result register * 4 warps * 32 lanes * 4 bytes = 512 bytes).
#L = #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = [(64), (128)]} -> {dim0 = 256}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<512 x i8>
// CHECK-LABEL: llvm.func internal @sum_1d
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: llvm.fadd %[[R0]], %[[R1]] : f32
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return %{{.*}} : f32
nv_tileaa.func private @sum_1d(%x: tensor<256xf32, #L>) -> f32 {
  %s = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<256xf32, #L> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %s : f32
}

// -----

// Rows on warps, columns on lanes: reducing dim1 needs only shuffles (no
// shared memory), over the 4 lane bits that walk dim1; the lane bit that
// duplicates data is not shuffled. The result keeps the row layout.
#P = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 0)], warp = [(1, 0), (2, 0)]} -> {dim0 = 4, dim1 = 16}>
#R = #nv_tileas.linear<{register = [], lane = [(0), (0), (0), (0), (0)], warp = [(1), (2)]} -> {dim0 = 4}>
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func internal @max_rows
// CHECK-COUNT-4: nvvm.shfl.sync bfly %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.insertvalue
nv_tileaa.func private @max_rows(%x: tensor<4x16xf32, #P>) -> tensor<4xf32, #R> {
  %m = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<4x16xf32, #P> -> tensor<4xf32, #R> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.maximumf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %m : tensor<4xf32, #R>
}

// -----

// The result must be laid out as the slice of the input.
#P2 = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 0)], warp = [(1, 0), (2, 0)]} -> {dim0 = 4, dim1 = 16}>
#Q2 = #nv_tileas.linear<{register = [], lane = [(0), (0), (0), (0), (0)], warp = [(2), (1)]} -> {dim0 = 4}>
nv_tileaa.func private @wrong_result_layout(%x: tensor<4x16xf32, #P2>) -> tensor<4xf32, #Q2> {
  // expected-error @+2 {{reduce result layout must be the slice of the input layout along the reduced dimension}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.reduce'}}
  %m = nv_tileas.reduce %x {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<4x16xf32, #P2> -> tensor<4xf32, #Q2> {
  ^bb0(%a: f32, %b: f32):
    %c = arith.addf %a, %b : f32
    nv_tileas.yield %c : f32
  }
  nv_tileaa.return %m : tensor<4xf32, #Q2>
}
