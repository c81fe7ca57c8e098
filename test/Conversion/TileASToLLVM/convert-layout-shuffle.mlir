// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

// Lanes exchange elements inside their warp (lane bits reversed): one
// shfl.sync.idx from lane reverse(lane); no barrier, no shared memory.
#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32)]} -> {dim0 = 64}>
#R = #nv_tileas.linear<{register = [], lane = [(16), (8), (4), (2), (1)], warp = [(32)]} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @reverse_lanes
// CHECK: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.shfl.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: llvm.store
// CHECK: llvm.return
nv_tileaa.func @reverse_lanes(%x: tensor<64xf32, #L>) {
  %y = nv_tileas.convert_layout %x : tensor<64xf32, #L> -> tensor<64xf32, #R>
  nv_tileaa.return
}

// -----

// Register 0 stays in its thread, register 1 comes from the neighbouring
// lane (element 33 ^ lane is source register 1 of lane ^ 1): one shuffle,
// from lane ^ 1, for register 1 only; 16-bit elements travel in 32-bit
// words.
#P = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
#Q = #nv_tileas.linear<{register = [(33)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @neighbour
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
// CHECK: %[[LANE:.*]] = llvm.and %[[TID]]
// CHECK: %[[SRC:.*]] = llvm.xor %[[LANE]], %{{.*}} : i32
// CHECK: %[[WORD:.*]] = llvm.zext %{{.*}} : i16 to i32
// CHECK: %[[MOVED:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[WORD]], %[[SRC]], %{{.*}} : i32 -> i32
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @neighbour(%x: tensor<64xf16, #P>) {
  %y = nv_tileas.convert_layout %x : tensor<64xf16, #P> -> tensor<64xf16, #Q>
  nv_tileaa.return
}
