// assume (div_by, bounded, same_elements kept as nv_tileaa.assume facts),
// assert and print_tko.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @misc {

// CHECK-LABEL: nv_tileaa.func @facts(
// CHECK-SAME: %[[P:.+]]: !nv_tileaa.ptr<f32, 1>, %[[N:.+]]: i32, %[[T:.+]]: tensor<4x8xi32>)
testing$func @facts(%p: tile<ptr<f32>>, %n: tile<i32>, %t: tile<4x8xi32>) {
  // CHECK: nv_tileaa.assume %[[P]], [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
  %0 = assume div_by<16>, %p : tile<ptr<f32>>
  // CHECK: nv_tileaa.assume %[[N]], [#nv_tileaa.bounded<lower = 0, upper = 1024>] : i32
  %1 = assume bounded<0, 1024>, %n : tile<i32>
  // CHECK: nv_tileaa.assume %[[N]], [#nv_tileaa.bounded<upper = 7>] : i32
  %2 = assume bounded<?, 7>, %n : tile<i32>
  // CHECK: nv_tileaa.assume %[[T]], [#nv_tileaa.div_by<4, every 2 along 1>] : tensor<4x8xi32>
  %3 = assume div_by<4, every 2 along 1>, %t : tile<4x8xi32>
  // CHECK: nv_tileaa.assume %[[T]], [#nv_tileaa.same_elements<[1, 4]>] : tensor<4x8xi32>
  %4 = assume same_elements<[1, 4]>, %t : tile<4x8xi32>
  return
}

// CHECK-LABEL: nv_tileaa.func @debug(
// CHECK-SAME: %[[C:.+]]: tensor<4xi1>, %[[X:.+]]: tensor<4xf32>, %[[T:.+]]: !nv_tileaa.mem_token) -> (!nv_tileaa.mem_token, !nv_tileaa.mem_token)
testing$func @debug(%c: tile<4xi1>, %x: tile<4xf32>, %t: token) -> (token, token) {
  // CHECK: nv_tileaa.assert %[[C]], "x must be positive" : tensor<4xi1>
  assert %c, "x must be positive" : tile<4xi1>
  // The print's token is its incoming one.
  // CHECK: nv_tileaa.print "x = %f", %[[X]] : tensor<4xf32>
  %t1 = print_tko "x = %f", %x token=%t : tile<4xf32> -> token
  // A used print token without an incoming one is fresh.
  // CHECK: nv_tileaa.print "done"
  // CHECK: %[[F:.+]] = nv_tileaa.create_mem_token
  %t2 = print_tko "done" -> token
  // CHECK: return %[[T]], %[[F]]
  return %t1, %t2 : token, token
}

}
