// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// ub.poison, the placeholder of a loop's break values before the loop sets
// them, lowers to llvm.mlir.poison of the converted type: a scalar stays a
// scalar, a tile becomes a poison struct of its registers.
#L = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @poison
// CHECK-DAG: llvm.mlir.poison : f32
// CHECK-DAG: llvm.mlir.poison : !llvm.struct<(i32, i32)>
// CHECK-NOT: ub.poison
nv_tileaa.func @poison(%x: tensor<64xi32, #L>, %c: i1) {
  %p = ub.poison : f32
  %t = ub.poison : tensor<64xi32, #L>
  %f = arith.constant 1.0 : f32
  %s = arith.select %c, %p, %f : f32
  %u = arith.select %c, %t, %x : tensor<64xi32, #L>
  nv_tileaa.return
}
