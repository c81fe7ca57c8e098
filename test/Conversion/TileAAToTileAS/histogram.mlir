// histogram has no nv_tileas form: every element is compared with every bin
// index (the source as a column, a make_range of the bins as a row, both
// broadcast), the i1 hits widened to the count type and summed over the
// source axis by a reduce with an arith.addi combiner. Narrow sources are
// sign-extended to i32 first.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @hist
// CHECK-SAME: (%[[X:[^:]*]]: tensor<128xi32>, %[[B:[^:]*]]: tensor<64xi8>)
// CHECK: %[[COL:.*]] = nv_tileas.view %[[X]] : tensor<128xi32> to tensor<128x1xi32>
// CHECK: %[[VALS:.*]] = nv_tileas.broadcast %[[COL]] : tensor<128x1xi32> to tensor<128x16xi32>
// CHECK: %[[RANGE:.*]] = nv_tileas.make_range 0 to 16 : tensor<16xi32>
// CHECK: %[[ROW:.*]] = nv_tileas.view %[[RANGE]] : tensor<16xi32> to tensor<1x16xi32>
// CHECK: %[[BINS:.*]] = nv_tileas.broadcast %[[ROW]] : tensor<1x16xi32> to tensor<128x16xi32>
// CHECK: %[[HIT:.*]] = arith.cmpi eq, %[[VALS]], %[[BINS]] : tensor<128x16xi32>
// CHECK: %[[ONES:.*]] = arith.extui %[[HIT]] : tensor<128x16xi1> to tensor<128x16xi64>
// CHECK: %[[H:.*]] = nv_tileas.reduce %[[ONES]] {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<128x16xi64> -> tensor<16xi64> {
// CHECK: ^bb0(%[[ACC:.*]]: i64, %[[V:.*]]: i64):
// CHECK:   %[[S:.*]] = arith.addi %[[ACC]], %[[V]] : i64
// CHECK:   nv_tileas.yield %[[S]] : i64
// CHECK: %[[WIDE:.*]] = arith.extsi %[[B]] : tensor<64xi8> to tensor<64xi32>
// CHECK: nv_tileas.view %[[WIDE]] : tensor<64xi32> to tensor<64x1xi32>
// CHECK: nv_tileas.make_range 0 to 200 : tensor<200xi32>
// CHECK: nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<64x200xi32> -> tensor<200xi32>
// CHECK-NOT: nv_tileaa.histogram
nv_tileaa.func @hist(%x: tensor<128xi32>, %b: tensor<64xi8>) {
  %0 = nv_tileaa.histogram %x : tensor<128xi32> -> tensor<16xi64>
  %1 = nv_tileaa.histogram %b : tensor<64xi8> -> tensor<200xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dynamic(%x: tensor<?xi32>) {
  // expected-error @below {{'nv_tileaa.histogram' op is not supported by tilecc: a histogram of dynamic shape}}
  %0 = nv_tileaa.histogram %x : tensor<?xi32> -> tensor<16xi32>
  nv_tileaa.return
}
