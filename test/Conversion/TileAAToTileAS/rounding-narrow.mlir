// Directed rounding on f16 / bf16: PTX rounds those types to nearest only, so
// add, sub, mul, div, fma and sqrt are computed in f32 with the mode and
// truncated back with the same mode (exact: the f16/bf16 grid is a subset of
// the f32 grid). A repeated operand is extended once; nearest-even and
// approx stay in the narrow type.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @narrow
// CHECK-SAME: (%[[A:[^:]*]]: f16, %[[B:[^:]*]]: f16, %[[C:[^:]*]]: bf16, %[[T:[^:]*]]: tensor<16xf16>)
// CHECK: %[[AW:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK: %[[BW:.*]] = arith.extf %[[B]] : f16 to f32
// CHECK: %[[S:.*]] = arith.addf %[[AW]], %[[BW]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode zero>} : f32
// CHECK: %[[R0:.*]] = arith.truncf %[[S]] toward_zero : f32 to f16
// CHECK: %[[CW:.*]] = arith.extf %[[C]] : bf16 to f32
// CHECK-NOT: arith.extf %[[C]]
// CHECK: %[[P:.*]] = arith.mulf %[[CW]], %[[CW]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : f32
// CHECK: %[[R1:.*]] = arith.truncf %[[P]] downward : f32 to bf16
// CHECK: %[[TW:.*]] = arith.extf %[[T]] : tensor<16xf16> to tensor<16xf32>
// CHECK: %[[F:.*]] = math.fma %[[TW]], %[[TW]], %[[TW]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : tensor<16xf32>
// CHECK: %[[R2:.*]] = arith.truncf %[[F]] upward : tensor<16xf32> to tensor<16xf16>
// CHECK: %[[AW2:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK: %[[Q:.*]] = math.sqrt %[[AW2]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : f32
// CHECK: %[[R3:.*]] = arith.truncf %[[Q]] upward : f32 to f16
// CHECK: %[[AW3:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK: %[[BW3:.*]] = arith.extf %[[B]] : f16 to f32
// CHECK: %[[D:.*]] = arith.subf %[[AW3]], %[[BW3]] {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : f32
// CHECK-NOT: flush_to_zero
// CHECK: %[[R4:.*]] = arith.truncf %[[D]] downward : f32 to f16
// CHECK: %[[R5:.*]] = arith.divf %[[A]], %[[B]] : f16
// CHECK: %[[R6:.*]] = arith.divf %[[C]], %[[C]] fastmath<afn> : bf16
// CHECK: nv_tileaa.return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]], %[[R5]], %[[R6]]
nv_tileaa.func @narrow(%a: f16, %b: f16, %c: bf16, %t: tensor<16xf16>) -> (f16, bf16, tensor<16xf16>, f16, f16, f16, bf16) {
  %0 = nv_tileaa.addf %a, %b {rounding_mode = #nv_tileaa<rounding_mode zero>} : f16
  %1 = nv_tileaa.mulf %c, %c {rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : bf16
  %2 = nv_tileaa.fma %t, %t, %t {rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : tensor<16xf16>
  %3 = nv_tileaa.sqrt %a {rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : f16
  %4 = nv_tileaa.subf %a, %b {rounding_mode = #nv_tileaa<rounding_mode negative_inf>, nv_tileaa.flush_to_zero} : f16
  %5 = nv_tileaa.divf %a, %b {rounding_mode = #nv_tileaa<rounding_mode nearest_even>} : f16
  %6 = nv_tileaa.divf %c, %c {rounding_mode = #nv_tileaa<rounding_mode approx>} : bf16
  nv_tileaa.return %0, %1, %2, %3, %4, %5, %6 : f16, bf16, tensor<16xf16>, f16, f16, f16, bf16
}
