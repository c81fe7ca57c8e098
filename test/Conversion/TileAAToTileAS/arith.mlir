// Populator 1: nv_tileaa arithmetic -> arith (rounding as fast-math / arith
// rounding modes).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @arith
// CHECK-SAME: (%[[X:[^:]*]]: tensor<16xf32>, %[[Y:[^:]*]]: tensor<16xf32>, %[[I:[^:]*]]: tensor<16xi32>, %[[J:[^:]*]]: tensor<16xi32>, %[[H:[^:]*]]: tensor<16xf16>, %{{.*}}: tensor<16xbf16>, %{{.*}}: f32)
// CHECK: %[[A:.*]] = arith.addf %[[X]], %[[Y]] : tensor<16xf32>
// CHECK: %[[S:.*]] = arith.subf %[[A]], %[[Y]] : tensor<16xf32>
// CHECK: %[[M:.*]] = arith.mulf %[[S]], %[[X]] : tensor<16xf32>
// CHECK: %[[D:.*]] = arith.divf %[[M]], %[[Y]] fastmath<afn> : tensor<16xf32>
// CHECK: %[[D2:.*]] = arith.divf %[[D]], %[[Y]] : tensor<16xf32>
// CHECK: arith.bitcast %[[D2]] : tensor<16xf32> to tensor<16xi32>
// CHECK: %{{.*}}, %[[HI:.*]] = arith.mului_extended %[[I]], %[[J]] : tensor<16xi32>
// CHECK: %[[LO1:.*]] = arith.maximumf %[[X]], %[[Y]] : tensor<16xf32>
// CHECK: arith.minimumf %[[LO1]], %[[Y]] : tensor<16xf32>
// CHECK: %[[LO2:.*]] = arith.maxnumf %[[X]], %[[Y]] : tensor<16xf32>
// CHECK: arith.minnumf %[[LO2]], %[[Y]] : tensor<16xf32>
// CHECK: arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
// CHECK: arith.truncf %[[X]] to_nearest_even : tensor<16xf32> to tensor<16xf16>
// CHECK: arith.truncf %[[X]] toward_zero : tensor<16xf32> to tensor<16xf8E4M3FN>
// CHECK: %[[W:.*]] = arith.extf %[[H]] : tensor<16xf16> to tensor<16xf32>
// CHECK: arith.truncf %[[W]] : tensor<16xf32> to tensor<16xbf16>
// CHECK: %[[F:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %[[X]], %[[Y]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
// CHECK: arith.divf %[[X]], %[[Y]] fastmath<afn> {nv_tileaa.flush_to_zero} : tensor<16xf32>
// CHECK: math.fma %[[X]], %[[Y]], %[[X]] {nv_tileaa.flush_to_zero, nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : tensor<16xf32>
// CHECK: math.sqrt %[[X]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : tensor<16xf32>
// CHECK-NOT: nv_tileaa.{{(addf|subf|mulf|divf|bitcast|mulhiui|clampf|fp_to_fp)}}
nv_tileaa.func @arith(%x: tensor<16xf32>, %y: tensor<16xf32>, %i: tensor<16xi32>, %j: tensor<16xi32>,
                      %h: tensor<16xf16>, %b: tensor<16xbf16>, %s: f32) {
  %0 = nv_tileaa.addf %x, %y : tensor<16xf32>
  %1 = nv_tileaa.subf %0, %y {rounding_mode = #nv_tileaa<rounding_mode nearest_even>} : tensor<16xf32>
  %2 = nv_tileaa.mulf %1, %x : tensor<16xf32>
  %3 = nv_tileaa.divf %2, %y {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<16xf32>
  %4 = nv_tileaa.divf %3, %y {rounding_mode = #nv_tileaa<rounding_mode full>} : tensor<16xf32>
  %5 = nv_tileaa.bitcast %4 : tensor<16xf32> -> tensor<16xi32>
  %6 = nv_tileaa.mulhiui %i, %j : tensor<16xi32>
  %7 = nv_tileaa.clampf %x, %y, %y {propagate_nan = #nv_tileaa<propagate_nan all>} : tensor<16xf32>
  %8 = nv_tileaa.clampf %x, %y, %y : tensor<16xf32>
  %9 = nv_tileaa.fp_to_fp %h : tensor<16xf16> -> tensor<16xf32>
  %10 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa<rounding_mode nearest_even>} : tensor<16xf32> -> tensor<16xf16>
  %11 = nv_tileaa.fp_to_fp %x {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %12 = nv_tileaa.fp_to_fp %h : tensor<16xf16> -> tensor<16xbf16>
  %13 = nv_tileaa.addf %s, %s : f32
  // Directed rounding and flush_to_zero travel as discardable attributes.
  %14 = nv_tileaa.addf %x, %y {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
  %15 = nv_tileaa.divf %x, %y {rounding_mode = #nv_tileaa<rounding_mode approx>, nv_tileaa.flush_to_zero} : tensor<16xf32>
  %16 = nv_tileaa.fma %x, %y, %x {rounding_mode = #nv_tileaa<rounding_mode positive_inf>, nv_tileaa.flush_to_zero} : tensor<16xf32>
  %17 = nv_tileaa.sqrt %x {rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : tensor<16xf32>
  nv_tileaa.return
}
