// Device-side print (stays nv_tileaa.print, scalar and tile arguments alike,
// for the LLVM lowering) and assert (tile conditions reduced).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @print_assert
// CHECK-SAME: (%[[X:[^:]*]]: i32, %[[F:[^:]*]]: f32, %[[C:[^:]*]]: tensor<4x8xi1>, %[[B:[^:]*]]: i1, %{{.*}}: tensor<1024xi1>)
// CHECK: nv_tileaa.print "x=%d f=%f\0A", %[[X]], %[[F]] : i32, f32
// CHECK: nv_tileaa.print "c=%d\0A", %[[C]] : tensor<4x8xi1>
// CHECK: %[[FLAT:.*]] = nv_tileas.view %[[C]] : tensor<4x8xi1> to tensor<32xi1>
// CHECK: %[[ALL:.*]] = nv_tileas.reduce %[[FLAT]] {atom = #nv_tileas<reduce_atom redux_and_i1>, axis = 0 : i32} : tensor<32xi1> -> i1 {
// CHECK-NEXT: ^bb0(%[[L:.*]]: i1, %[[R:.*]]: i1):
// CHECK-NEXT: %[[AND:.*]] = arith.andi %[[L]], %[[R]] : i1
// CHECK-NEXT: nv_tileas.yield %[[AND]] : i1
// CHECK: cf.assert %[[ALL]], "lanes agree"
// CHECK: cf.assert %[[B]], "scalar holds"
// A tile spread over the warps is reduced through shared memory.
// CHECK: %[[WIDE:.*]] = nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<1024xi1> -> i1
// CHECK: cf.assert %[[WIDE]], "wide"
nv_tileaa.func @print_assert(%x: i32, %f: f32, %c: tensor<4x8xi1>, %b: i1, %w: tensor<1024xi1>) {
  nv_tileaa.print "x=%d f=%f\n", %x, %f : i32, f32
  nv_tileaa.print "c=%d\n", %c : tensor<4x8xi1>
  nv_tileaa.assert %c, "lanes agree" : tensor<4x8xi1>
  nv_tileaa.assert %b, "scalar holds" : i1
  nv_tileaa.assert %w, "wide" : tensor<1024xi1>
  nv_tileaa.return
}
