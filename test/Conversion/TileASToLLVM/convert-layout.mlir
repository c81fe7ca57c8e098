// RUN: tilecc-opt --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

// Same lanes and warps, registers swapped: only the registers are reordered.
#A = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
#B = #nv_tileas.linear<{register = [(2), (1)], lane = [(4), (8), (16), (32), (64)], warp = []} -> {dim0 = 128}>
// CHECK-LABEL: llvm.func @permute
// CHECK-NOT: llvm.mlir.global
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R2]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
nv_tileaa.func @permute(%x: tensor<128xf32, #A>) {
  %y = nv_tileas.convert_layout %x : tensor<128xf32, #A> -> tensor<128xf32, #B>
  nv_tileaa.return
}

// -----

// Elements move between threads: a round trip through the shared scratch
// buffer (512 f32 = 2048 bytes), fenced by barriers.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @through_shared
// CHECK: %[[BUF:.*]] = llvm.mlir.addressof @tilecc_scratch : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
nv_tileaa.func @through_shared(%x: tensor<512xf32, #S>) {
  %y = nv_tileas.convert_layout %x : tensor<512xf32, #S> -> tensor<512xf32, #W>
  nv_tileaa.return
}

// -----

// i1 tiles travel through shared memory as bytes.
#S = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32)]} -> {dim0 = 64}>
#T = #nv_tileas.linear<{register = [], lane = [(2), (4), (8), (16), (32)], warp = [(1)]} -> {dim0 = 64}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @bools
// CHECK: llvm.zext %{{.*}} : i1 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc %{{.*}} : i8 to i1
nv_tileaa.func @bools(%x: tensor<64xi1, #S>) attributes {nv_tileas.num_warps = 2 : i32} {
  %y = nv_tileas.convert_layout %x : tensor<64xi1, #S> -> tensor<64xi1, #T>
  nv_tileaa.return
}
