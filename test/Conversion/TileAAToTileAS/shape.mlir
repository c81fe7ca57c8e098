// Shape family of the core populator.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @shapes
// CHECK-SAME: (%[[S:[^:]*]]: f32, %[[U:[^:]*]]: tensor<4x8xf32>, %[[I:[^:]*]]: index, %[[T:[^:]*]]: tensor<4x8xf32, 3 : i64>)
// CHECK: tensor.splat %[[S]] : tensor<4x8xf32>
// CHECK: tensor.expand_shape %[[U]] {{\[\[}}0, 1], [2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
// CHECK: tensor.expand_shape %[[U]] {{\[\[}}0, 1], [2]] output_shape [1, 4, 8] : tensor<4x8xf32> into tensor<1x4x8xf32>
// CHECK: nv_tileas.extract_slice %[[U]][%[[I]], %[[I]]] [2, 4] [1, 2] : tensor<4x8xf32> to tensor<2x4xf32>
// CHECK: nv_tileas.view %[[U]] : tensor<4x8xf32> to tensor<32xf32>
// Shared-memory tiles are sliced like registers.
// CHECK: nv_tileas.extract_slice %[[T]][%[[I]], %[[I]]] [2, 8] [1, 1] : tensor<4x8xf32, 3 : i64> to tensor<2x8xf32, 3 : i64>
nv_tileaa.func @shapes(%s: f32, %u: tensor<4x8xf32>, %i: index, %t: tensor<4x8xf32, 3>) {
  %0 = nv_tileaa.splat %s : f32 -> tensor<4x8xf32>
  %1 = nv_tileaa.expand_dims %u {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %2 = nv_tileaa.expand_dims %u {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %3 = nv_tileaa.extract_slice %u[%i, %i] {strides = array<i64: 1, 2>} : tensor<4x8xf32> -> tensor<2x4xf32>
  %4 = nv_tileaa.view %u : tensor<4x8xf32> -> tensor<32xf32>
  %5 = nv_tileaa.extract_slice %t[%i, %i] : tensor<4x8xf32, 3> -> tensor<2x8xf32, 3>
  nv_tileaa.return
}

// cat = alloc_tensor + one insert_slice per input; inputs laid out alike are
// concatenated in their layout and converted to the result's.
// CHECK-LABEL: nv_tileaa.func @cat
// CHECK-SAME: (%[[A:[^:]*]]: tensor<4x8xf32>, %[[B:[^:]*]]: tensor<2x8xf32>, %[[C:[^:]*]]: tensor<4x2xf32, 3 : i64>, %[[D:[^:]*]]: tensor<4x6xf32, 3 : i64>)
// CHECK: %[[E:.*]] = nv_tileas.alloc_tensor : tensor<6x8xf32>
// CHECK: %[[E1:.*]] = nv_tileas.insert_slice %[[A]] into %[[E]][0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<6x8xf32>
// CHECK: %[[E2:.*]] = nv_tileas.insert_slice %[[B]] into %[[E1]][4, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<6x8xf32>
// CHECK: %[[F:.*]] = nv_tileas.alloc_tensor : tensor<4x8xf32, 3 : i64>
// CHECK: %[[F1:.*]] = nv_tileas.insert_slice %[[C]] into %[[F]][0, 0] [4, 2] [1, 1]
// CHECK: %[[F2:.*]] = nv_tileas.insert_slice %[[D]] into %[[F1]][0, 2] [4, 6] [1, 1]
// CHECK: %[[F3:.*]] = nv_tileas.convert_layout %[[F2]] : tensor<4x8xf32, 3 : i64> -> tensor<4x8xf32>
// CHECK: return %[[E2]], %[[F3]]
nv_tileaa.func @cat(%a: tensor<4x8xf32>, %b: tensor<2x8xf32>, %c: tensor<4x2xf32, 3>, %d: tensor<4x6xf32, 3>)
    -> (tensor<6x8xf32>, tensor<4x8xf32>) {
  %0 = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<4x8xf32>, tensor<2x8xf32> -> tensor<6x8xf32>
  %1 = nv_tileaa.cat %c, %d {axis = 1 : i32} : tensor<4x2xf32, 3>, tensor<4x6xf32, 3> -> tensor<4x8xf32>
  nv_tileaa.return %0, %1 : tensor<6x8xf32>, tensor<4x8xf32>
}

// generate -> tensor.generate: index arguments kept, captures used directly.
// CHECK-LABEL: nv_tileaa.func @generate
// CHECK-SAME: (%[[CAP:[^:]*]]: f32)
// CHECK: tensor.generate {
// CHECK-NEXT: ^bb0(%[[R:.*]]: index, %[[C:.*]]: index):
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[CAP]], %[[CAP]] : f32
// CHECK-NEXT: tensor.yield %[[SUM]] : f32
// CHECK-NEXT: } : tensor<4x8xf32>
nv_tileaa.func @generate(%s: f32) {
  %0 = nv_tileaa.generate %s : f32 -> tensor<4x8xf32> {
  ^bb0(%r: index, %c: index, %cap: f32):
    %v = nv_tileaa.addf %cap, %cap : f32
    nv_tileaa.yield %v : f32
  }
  nv_tileaa.return
}

// Constructors without an upstream form, and extract.
// CHECK-LABEL: nv_tileaa.func @constructors
// CHECK-SAME: (%[[T:[^:]*]]: tensor<1x8xf32>, %[[U:[^:]*]]: tensor<4x8xf32>, %[[I:[^:]*]]: index)
// CHECK: nv_tileas.make_range 0 to 128 : tensor<128xi32>
// CHECK: nv_tileas.broadcast %[[T]] : tensor<1x8xf32> to tensor<4x8xf32>
// CHECK: nv_tileas.permute %[[U]] {permutation = array<i64: 1, 0>} : tensor<4x8xf32> to tensor<8x4xf32>
// CHECK: %[[ROW:.*]] = nv_tileas.extract_slice %[[U]][%[[I]], 0] [1, 8] [1, 1] : tensor<4x8xf32> to tensor<1x8xf32>
// CHECK: nv_tileas.view %[[ROW]] : tensor<1x8xf32> to tensor<8xf32>
// CHECK: tensor.extract %[[U]][%[[I]], %[[I]]] : tensor<4x8xf32>
nv_tileaa.func @constructors(%t: tensor<1x8xf32>, %u: tensor<4x8xf32>, %i: index) {
  %0 = nv_tileaa.make_range 0 to 128 : tensor<128xi32>
  %1 = nv_tileaa.broadcast %t : tensor<1x8xf32> -> tensor<4x8xf32>
  %2 = nv_tileaa.permute %u {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %3 = nv_tileaa.extract %u[%i] : tensor<4x8xf32> -> tensor<8xf32>
  %4 = nv_tileaa.extract %u[%i, %i] : tensor<4x8xf32> -> f32
  nv_tileaa.return
}
