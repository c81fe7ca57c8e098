// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// Rows to columns through a swizzled scratch: a register's offset XORs the
// thread's with the swizzle bits the thread may also set, then adds the
// rest. The XOR is taken once per distinct swizzle and the added constants
// fold into addresses, so the stores of a thread do not each keep an
// address register of their own.
#R = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (16, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 32, dim1 = 16}>
// CHECK-LABEL: llvm.func @swizzled
// CHECK: %[[T:.*]] = llvm.zext %{{.*}} : i32 to i64
// CHECK: %[[C1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: llvm.add %[[T]], %[[C1]] : i64
// CHECK: %[[C4:.*]] = llvm.mlir.constant(4 : i64) : i64
// CHECK-NEXT: %[[S:.*]] = llvm.xor %[[T]], %[[C4]] : i64
// CHECK-NEXT: %[[D1:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: llvm.add %[[S]], %[[D1]] : i64
// CHECK-NEXT: %[[D2:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK-NEXT: llvm.add %[[S]], %[[D2]] : i64
// CHECK: llvm.store {{.*}} : vector<4xf32>, !llvm.ptr<3>
nv_tileaa.func @swizzled(%x: tensor<32x16xf32, #R>) -> tensor<32x16xf32, #C> attributes {nv_tileas.num_warps = 1 : i32} {
  %a = nv_tileas.convert_layout %x : tensor<32x16xf32, #R> -> tensor<32x16xf32, #C>
  nv_tileaa.return %a : tensor<32x16xf32, #C>
}
