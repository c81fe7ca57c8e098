// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

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
// buffer (512 f32 = 2048 bytes), fenced by barriers. The source's registers
// are 128 elements apart (scalar stores); the destination's are contiguous
// in the scratch layout, so one 128-bit load reads them.
#S = #nv_tileas.linear<{register = [(128), (256)], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 512}>
#W = #nv_tileas.linear<{register = [(1), (2)], lane = [(4), (8), (16), (32), (64)], warp = [(128), (256)]} -> {dim0 = 512}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @through_shared
// CHECK: %[[BUF:.*]] = llvm.mlir.addressof @tilecc_scratch : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
// CHECK-NOT: llvm.load
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

// -----

// So do the 4-bit registers of f4E2M1FN tiles (i4 in LLVM), one per byte.
#S = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32)]} -> {dim0 = 64}>
#T = #nv_tileas.linear<{register = [], lane = [(2), (4), (8), (16), (32)], warp = [(1)]} -> {dim0 = 64}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<64 x i8>
// CHECK-LABEL: llvm.func @nibbles
// CHECK: llvm.zext %{{.*}} : i4 to i8
// CHECK: llvm.store %{{.*}}, %{{.*}} : i8, !llvm.ptr<3>
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i8
// CHECK: llvm.trunc %{{.*}} : i8 to i4
nv_tileaa.func @nibbles(%x: tensor<64xf4E2M1FN, #S>) attributes {nv_tileas.num_warps = 2 : i32} {
  %y = nv_tileas.convert_layout %x : tensor<64xf4E2M1FN, #S> -> tensor<64xf4E2M1FN, #T>
  nv_tileaa.return
}

// -----

// broadcast: the result layout puts every element on the thread that holds
// its source element (the 1-row source is replicated along dim0 in
// registers), so registers are only gathered.
#R = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], warp = []} -> {dim0 = 1, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(0, 1), (1, 0), (2, 0)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], warp = []} -> {dim0 = 4, dim1 = 64}>
// CHECK-LABEL: llvm.func @broadcast_in_registers
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[S0:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(f32, f32)>
// CHECK: %[[S1:.*]] = llvm.extractvalue %arg0[1] : !llvm.struct<(f32, f32)>
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[3]
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[6]
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[7]
nv_tileaa.func @broadcast_in_registers(%x: tensor<1x64xf32, #R>) attributes {nv_tileas.num_warps = 1 : i32} {
  %y = nv_tileas.broadcast %x : tensor<1x64xf32, #R> to tensor<4x64xf32, #B>
  nv_tileaa.return
}

// -----

// Otherwise the source row goes through shared memory and every result
// element reads column c of row 0.
#R = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = []} -> {dim0 = 1, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (1, 0)], warp = []} -> {dim0 = 2, dim1 = 32}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<128 x i8>
// CHECK-LABEL: llvm.func @broadcast_through_shared
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
nv_tileaa.func @broadcast_through_shared(%x: tensor<1x32xf32, #R>) attributes {nv_tileas.num_warps = 1 : i32} {
  %y = nv_tileas.broadcast %x : tensor<1x32xf32, #R> to tensor<2x32xf32, #B>
  nv_tileaa.return
}

// -----

// view keeps every element on its thread: the registers pass through.
#V1 = #nv_tileas.linear<{register = [(1)], lane = [(2), (4), (8), (16), (32)], warp = []} -> {dim0 = 64}>
#V2 = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 2), (0, 4), (0, 8), (0, 16), (1, 0)], warp = []} -> {dim0 = 2, dim1 = 32}>
// CHECK-LABEL: llvm.func @view_in_place
// CHECK: %[[A:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[B:.*]] = llvm.extractvalue %arg0[1]
// CHECK: llvm.insertvalue %[[A]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[B]], %{{.*}}[1]
// CHECK-NOT: nvvm.barrier0
nv_tileaa.func @view_in_place(%x: tensor<64xf32, #V1>) {
  %y = nv_tileas.view %x : tensor<64xf32, #V1> to tensor<2x32xf32, #V2>
  nv_tileaa.return
}

// -----

// Threads that hold copies (warp bit 0 repeats warp 0's elements) store each
// element once: only the owner stores, under a predicate, so copies in
// different warps do not race on the same shared word.
#D = #nv_tileas.linear<{register = [(2), (4), (8), (16), (32)], lane = [(0), (0), (0), (0), (0)], warp = [(0), (1)]} -> {dim0 = 64}>
#E = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (0)]} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @duplicates_store_once
// CHECK: nvvm.barrier0
// CHECK-COUNT-32: llvm.inline_asm has_side_effects asm_dialect = att "@$2 st.shared.b32 [$0], $1;", "l,r,b"
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
nv_tileaa.func @duplicates_store_once(%x: tensor<64xf32, #D>) {
  %y = nv_tileas.convert_layout %x : tensor<64xf32, #D> -> tensor<64xf32, #E>
  nv_tileaa.return
}

// -----

// permute: the result layout is the source's with its dims relabeled, so the
// registers are handed on as they are (no scratch buffer, no barrier).
#L = #nv_tileas.linear<{register = [(0, 1), (2, 0)], lane = [(0, 2), (0, 4), (0, 8), (1, 0), (4, 0)], warp = []} -> {dim0 = 8, dim1 = 16}>
#P = #nv_tileas.linear<{register = [(1, 0), (0, 2)], lane = [(2, 0), (4, 0), (8, 0), (0, 1), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-NOT: llvm.mlir.global
// CHECK-LABEL: llvm.func @axes_permute
// CHECK: %[[R0:.*]] = llvm.extractvalue %arg0[0]
// CHECK: %[[R1:.*]] = llvm.extractvalue %arg0[1]
// CHECK: %[[R2:.*]] = llvm.extractvalue %arg0[2]
// CHECK: %[[R3:.*]] = llvm.extractvalue %arg0[3]
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0]
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1]
// CHECK: llvm.insertvalue %[[R2]], %{{.*}}[2]
// CHECK: llvm.insertvalue %[[R3]], %{{.*}}[3]
// CHECK-NOT: nvvm.barrier0
nv_tileaa.func @axes_permute(%x: tensor<8x16xf32, #L>) {
  %y = nv_tileas.permute %x {permutation = array<i64: 1, 0>} : tensor<8x16xf32, #L> to tensor<16x8xf32, #P>
  nv_tileaa.return
}
