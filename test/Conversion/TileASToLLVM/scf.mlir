// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// scf.for carrying a tile lowers through cf: the tile travels as a struct
// block argument of the loop header.
#L = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// CHECK-LABEL: llvm.func @loop
// CHECK: llvm.br ^[[HEAD:.*]](%{{.*}}, %{{.*}} : i64, !llvm.struct<(i32, i32)>)
// CHECK: ^[[HEAD]](%[[I:.*]]: i64, %[[ACC:.*]]: !llvm.struct<(i32, i32)>):
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:.*]], ^[[EXIT:.*]]
// CHECK: ^[[BODY]]:
// CHECK-COUNT-2: llvm.add {{.*}} : i32
// CHECK: llvm.br ^[[HEAD]](%{{.*}}, %{{.*}} : i64, !llvm.struct<(i32, i32)>)
// CHECK: ^[[EXIT]]:
// CHECK: llvm.cond_br %{{.*}}, ^[[THEN:.*]], ^[[ELSE:.*]]
// CHECK: llvm.br ^[[JOIN:.*]](%[[ACC]] : !llvm.struct<(i32, i32)>)
// CHECK: ^[[JOIN]](%{{.*}}: !llvm.struct<(i32, i32)>):
nv_tileaa.func @loop(%x: tensor<64xi32, #L>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<64xi32, #L>) {
    %s = arith.addi %acc, %x : tensor<64xi32, #L>
    scf.yield %s : tensor<64xi32, #L>
  }
  %z = scf.if %c -> (tensor<64xi32, #L>) {
    scf.yield %r : tensor<64xi32, #L>
  } else {
    scf.yield %x : tensor<64xi32, #L>
  }
  nv_tileaa.return
}
