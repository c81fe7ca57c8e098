// Constants (splat and dense), iota and the shape ops.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @shape {

// CHECK-LABEL: nv_tileaa.func @constants()
testing$func @constants() {
  // CHECK: arith.constant 7 : i32
  %0 = constant <i32: 7> : tile<i32>
  // CHECK: arith.constant dense<1.500000e+00> : tensor<4x2xf32>
  %1 = constant <f32: 1.5> : tile<4x2xf32>
  // CHECK: arith.constant dense<[1, 2, 3, 4]> : tensor<4xi16>
  %2 = constant <i16: [1, 2, 3, 4]> : tile<4xi16>
  // CHECK: arith.constant 2.500000e-01 : f16
  %3 = constant <f16: 0.25> : tile<f16>
  // CHECK: nv_tileaa.make_range 0 to 8 : tensor<8xi32>
  %4 = iota : tile<8xi32>
  return
}

// CHECK-LABEL: nv_tileaa.func @reshape_broadcast(
// CHECK-SAME: %[[S:.+]]: f32, %[[T:.+]]: tensor<1x4xf32>, %[[U:.+]]: tensor<1x1xf32>)
testing$func @reshape_broadcast(%s: tile<f32>, %t: tile<1x4xf32>, %u: tile<1x1xf32>) {
  // CHECK: %[[SP:.+]] = nv_tileaa.splat %[[S]] : f32 -> tensor<1x1xf32>
  %0 = reshape %s : tile<f32> -> tile<1x1xf32>
  // CHECK: nv_tileaa.broadcast %[[SP]] : tensor<1x1xf32> -> tensor<8x4xf32>
  %1 = broadcast %0 : tile<1x1xf32> -> tile<8x4xf32>
  // CHECK: nv_tileaa.view %[[T]] : tensor<1x4xf32> -> tensor<2x2xf32>
  %2 = reshape %t : tile<1x4xf32> -> tile<2x2xf32>
  // CHECK: %[[Z:.+]] = arith.constant 0 : index
  // CHECK: nv_tileaa.extract %[[U]][%[[Z]], %[[Z]]] : tensor<1x1xf32> -> f32
  %3 = reshape %u : tile<1x1xf32> -> tile<f32>
  return
}

// CHECK-LABEL: nv_tileaa.func @permute_cat_extract(
// CHECK-SAME: %[[A:.+]]: tensor<2x4xf32>, %[[I:.+]]: i32)
testing$func @permute_cat_extract(%a: tile<2x4xf32>, %i: tile<i32>) {
  // CHECK: nv_tileaa.permute %[[A]] {permutation = array<i64: 1, 0>} : tensor<2x4xf32> -> tensor<4x2xf32>
  %0 = permute %a [1, 0] : tile<2x4xf32> -> tile<4x2xf32>
  // CHECK: nv_tileaa.cat %[[A]], %[[A]] {axis = 1 : i32} : tensor<2x4xf32>, tensor<2x4xf32> -> tensor<2x8xf32>
  %1 = cat %a, %a dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
  // The i-th result-sized block: offsets i * (2, 2).
  // CHECK: %[[I0:.+]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: %[[C2:.+]] = arith.constant 2 : index
  // CHECK: %[[O0:.+]] = arith.muli %[[I0]], %[[C2]] : index
  // CHECK: %[[I1:.+]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: %[[C2B:.+]] = arith.constant 2 : index
  // CHECK: %[[O1:.+]] = arith.muli %[[I1]], %[[C2B]] : index
  // CHECK: nv_tileaa.extract_slice %[[A]][%[[O0]], %[[O1]]] : tensor<2x4xf32> -> tensor<2x2xf32>
  %2 = extract %a[%i, %i] : tile<2x4xf32> -> tile<2x2xf32>
  return
}

}
