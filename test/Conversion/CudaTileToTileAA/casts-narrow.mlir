// ftof keeps its rounding mode: conversions to f8E8M0FNU round toward zero
// or +inf; nearest_even is fp_to_fp's default and is not spelled.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @casts {

// CHECK-LABEL: nv_tileaa.func @narrow(
// CHECK-SAME: %[[F:.+]]: tensor<2xf32>, %[[Q:.+]]: tensor<2xf8E4M3FN>)
testing$func @narrow(%f: tile<2xf32>, %q: tile<2xf8E4M3FN>) {
  // CHECK: nv_tileaa.fp_to_fp %[[F]] : tensor<2xf32> -> tensor<2xf8E4M3FN>
  %0 = ftof %f : tile<2xf32> -> tile<2xf8E4M3FN>
  // CHECK: nv_tileaa.fp_to_fp %[[F]] {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<2xf32> -> tensor<2xf8E8M0FNU>
  %1 = ftof %f rounding<zero> : tile<2xf32> -> tile<2xf8E8M0FNU>
  // CHECK: nv_tileaa.fp_to_fp %[[F]] {rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : tensor<2xf32> -> tensor<2xf8E8M0FNU>
  %2 = ftof %f rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
  // CHECK: nv_tileaa.fp_to_fp %[[Q]] {rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : tensor<2xf8E4M3FN> -> tensor<2xf8E8M0FNU>
  %3 = ftof %q rounding<positive_inf> : tile<2xf8E4M3FN> -> tile<2xf8E8M0FNU>
  return
}

}
