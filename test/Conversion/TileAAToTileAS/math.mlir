// Populator 2: nv_tileaa math -> math.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @math
// CHECK-SAME: (%[[X:[^:]*]]: tensor<16xf32>, %[[Y:[^:]*]]: tensor<16xf32>)
// CHECK: %[[S:.*]] = math.sqrt %[[X]] : tensor<16xf32>
// CHECK: %[[R:.*]] = math.rsqrt %[[S]] fastmath<afn> : tensor<16xf32>
// CHECK: %[[E:.*]] = math.exp2 %[[R]] : tensor<16xf32>
// CHECK: math.fma %[[E]], %[[X]], %[[Y]] : tensor<16xf32>
// CHECK-NOT: nv_tileaa.{{(sqrt|rsqrt|exp2|fma)}}
nv_tileaa.func @math(%x: tensor<16xf32>, %y: tensor<16xf32>) {
  %0 = nv_tileaa.sqrt %x : tensor<16xf32>
  %1 = nv_tileaa.rsqrt %0 {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<16xf32>
  %2 = nv_tileaa.exp2 %1 : tensor<16xf32>
  %3 = nv_tileaa.fma %2, %x, %y : tensor<16xf32>
  nv_tileaa.return
}
