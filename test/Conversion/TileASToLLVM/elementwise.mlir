// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// Each thread holds two registers of a 64-element tile: every elementwise op
// becomes two scalar ops on the unpacked registers, then packed again.
#L = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @arith
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[A:.*]][0] : !llvm.struct<(f32, f32)>
// CHECK: %[[A1:.*]] = llvm.extractvalue %[[A]][1] : !llvm.struct<(f32, f32)>
// CHECK: %[[B0:.*]] = llvm.extractvalue %[[B:.*]][0] : !llvm.struct<(f32, f32)>
// CHECK: %[[B1:.*]] = llvm.extractvalue %[[B]][1] : !llvm.struct<(f32, f32)>
// CHECK: %[[S0:.*]] = llvm.fadd %[[A0]], %[[B0]] : f32
// CHECK: %[[S1:.*]] = llvm.fadd %[[A1]], %[[B1]] : f32
// CHECK: llvm.insertvalue %[[S0]], %{{.*}}[0] : !llvm.struct<(f32, f32)>
// CHECK: llvm.insertvalue %[[S1]], %{{.*}}[1] : !llvm.struct<(f32, f32)>
// CHECK-COUNT-2: llvm.fcmp "olt" {{.*}} : f32
// CHECK-COUNT-2: llvm.select {{.*}} : i1, f32
// CHECK-COUNT-2: llvm.fptosi {{.*}} : f32 to i32
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"({{.*}}) : (f32) -> f32
nv_tileaa.func @arith(%a: tensor<64xf32, #L>, %b: tensor<64xf32, #L>) {
  %s = arith.addf %a, %b : tensor<64xf32, #L>
  %c = arith.cmpf olt, %s, %b : tensor<64xf32, #L>
  %m = arith.select %c, %s, %b : tensor<64xi1, #L>, tensor<64xf32, #L>
  %i = arith.fptosi %m : tensor<64xf32, #L> to tensor<64xi32, #L>
  %q = math.sqrt %m : tensor<64xf32, #L>
  nv_tileaa.return
}

// -----

// Splat constants and tensor.splat put the same scalar in every register.
#L = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @splats
// CHECK: %[[C:.*]] = llvm.mlir.constant(7 : i32) : i32
// CHECK: %[[U:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: %[[P0:.*]] = llvm.insertvalue %[[C]], %[[U]][0]
// CHECK: llvm.insertvalue %[[C]], %[[P0]][1]
// CHECK: %[[U2:.*]] = llvm.mlir.undef : !llvm.struct<(i32, i32)>
// CHECK: %[[Q0:.*]] = llvm.insertvalue %arg0, %[[U2]][0]
// CHECK: llvm.insertvalue %arg0, %[[Q0]][1]
// CHECK-COUNT-2: llvm.mul {{.*}} : i32
nv_tileaa.func @splats(%x: i32) {
  %c = arith.constant dense<7> : tensor<64xi32, #L>
  %s = tensor.splat %x : tensor<64xi32, #L>
  %p = arith.muli %c, %s : tensor<64xi32, #L>
  nv_tileaa.return
}

// -----

// Other constants are read from a constant table at each register's
// row-major index; lanes beyond the two elements hold duplicates.
#L = #nv_tileas.linear<{register = [], lane = [(1), (0), (0), (0), (0)], warp = []} -> {dim0 = 2}>
// CHECK: llvm.mlir.global internal constant @tilecc_const(dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<2 x f32>
// CHECK-LABEL: llvm.func @dense
// CHECK: %[[T:.*]] = llvm.mlir.addressof @tilecc_const : !llvm.ptr<1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: %[[P:.*]] = llvm.getelementptr %[[T]][%{{.*}}] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
// CHECK: llvm.load %[[P]] : !llvm.ptr<1> -> f32
nv_tileaa.func @dense() {
  %c = arith.constant dense<[1.0, 2.0]> : tensor<2xf32, #L>
  nv_tileaa.return
}

// -----

#L = #nv_tileas.linear<{register = [], lane = [(1), (0), (0), (0), (0)], warp = []} -> {dim0 = 2}>
// CHECK: llvm.mlir.global internal constant @tilecc_const(dense<[1, 0]> : tensor<2xi8>)
// CHECK-LABEL: llvm.func @dense_bool
// CHECK: %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i8
// CHECK: llvm.trunc %[[B]] : i8 to i1
nv_tileaa.func @dense_bool() {
  %c = arith.constant dense<[true, false]> : tensor<2xi1, #L>
  nv_tileaa.return
}
