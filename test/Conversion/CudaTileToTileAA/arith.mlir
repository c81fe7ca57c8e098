// Elementwise integer/float arithmetic, math, comparisons, select, bitwise
// and shifts.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @arith {

// CHECK-LABEL: nv_tileaa.func @integer(
// CHECK-SAME: %[[A:.+]]: tensor<4xi32>, %[[B:.+]]: tensor<4xi32>)
testing$func @integer(%a: tile<4xi32>, %b: tile<4xi32>) {
  // CHECK: arith.addi %[[A]], %[[B]] : tensor<4xi32>
  %0 = addi %a, %b : tile<4xi32>
  // CHECK: arith.subi %[[A]], %[[B]] overflow<nsw> : tensor<4xi32>
  %1 = subi %a, %b overflow<no_signed_wrap> : tile<4xi32>
  // CHECK: arith.muli %[[A]], %[[B]] overflow<nsw, nuw> : tensor<4xi32>
  %2 = muli %a, %b overflow<no_wrap> : tile<4xi32>
  // CHECK: arith.divui %[[A]], %[[B]] : tensor<4xi32>
  %3 = divi %a, %b unsigned : tile<4xi32>
  // CHECK: arith.divsi %[[A]], %[[B]] : tensor<4xi32>
  %4 = divi %a, %b signed : tile<4xi32>
  // CHECK: arith.ceildivsi %[[A]], %[[B]] : tensor<4xi32>
  %5 = divi %a, %b signed rounding<positive_inf> : tile<4xi32>
  // CHECK: arith.floordivsi %[[A]], %[[B]] : tensor<4xi32>
  %6 = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
  // CHECK: arith.remsi %[[A]], %[[B]] : tensor<4xi32>
  %7 = remi %a, %b signed : tile<4xi32>
  // CHECK: arith.remui %[[A]], %[[B]] : tensor<4xi32>
  %8 = remi %a, %b unsigned : tile<4xi32>
  // CHECK: arith.maxsi %[[A]], %[[B]] : tensor<4xi32>
  %9 = maxi %a, %b signed : tile<4xi32>
  // CHECK: arith.minui %[[A]], %[[B]] : tensor<4xi32>
  %10 = mini %a, %b unsigned : tile<4xi32>
  // CHECK: = nv_tileaa.mulhiui %[[A]], %[[B]] : tensor<4xi32>
  %11 = mulhii %a, %b : tile<4xi32>
  // CHECK: math.absi %[[A]] : tensor<4xi32>
  %12 = absi %a : tile<4xi32>
  // CHECK: %[[ZERO:.+]] = arith.constant dense<0> : tensor<4xi32>
  // CHECK: arith.subi %[[ZERO]], %[[A]] : tensor<4xi32>
  %13 = negi %a : tile<4xi32>
  // CHECK: arith.andi %[[A]], %[[B]] : tensor<4xi32>
  %14 = andi %a, %b : tile<4xi32>
  // CHECK: arith.ori %[[A]], %[[B]] : tensor<4xi32>
  %15 = ori %a, %b : tile<4xi32>
  // CHECK: arith.xori %[[A]], %[[B]] : tensor<4xi32>
  %16 = xori %a, %b : tile<4xi32>
  // CHECK: arith.shli %[[A]], %[[B]] overflow<nuw> : tensor<4xi32>
  %17 = shli %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
  // CHECK: arith.shrui %[[A]], %[[B]] : tensor<4xi32>
  %18 = shri %a, %b unsigned : tile<4xi32>
  // CHECK: arith.shrsi %[[A]], %[[B]] : tensor<4xi32>
  %19 = shri %a, %b signed : tile<4xi32>
  return
}

// CHECK-LABEL: nv_tileaa.func @scalar(
// CHECK-SAME: %[[A:.+]]: i16) -> i16
testing$func @scalar(%a: tile<i16>) -> tile<i16> {
  // CHECK: %[[R:.+]] = arith.addi %[[A]], %[[A]] : i16
  // CHECK: return %[[R]] : i16
  %0 = addi %a, %a : tile<i16>
  return %0 : tile<i16>
}

// CHECK-LABEL: nv_tileaa.func @float(
// CHECK-SAME: %[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>, %[[C:.+]]: tensor<4xf32>)
testing$func @float(%a: tile<4xf32>, %b: tile<4xf32>, %c: tile<4xf32>) {
  // CHECK: arith.addf %[[A]], %[[B]] : tensor<4xf32>
  %0 = addf %a, %b : tile<4xf32>
  // CHECK: = nv_tileaa.addf %[[A]], %[[B]] {rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : tensor<4xf32>
  %1 = addf %a, %b rounding<negative_inf> : tile<4xf32>
  // CHECK: arith.subf %[[A]], %[[B]] {nv_tileaa.flush_to_zero} : tensor<4xf32>
  %2 = subf %a, %b flush_to_zero : tile<4xf32>
  // CHECK: = nv_tileaa.mulf %[[A]], %[[B]] {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<4xf32>
  %3 = mulf %a, %b rounding<zero> : tile<4xf32>
  // CHECK: = nv_tileaa.divf %[[A]], %[[B]] {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<4xf32>
  %4 = divf %a, %b rounding<approx> : tile<4xf32>
  // CHECK: math.fma %[[A]], %[[B]], %[[C]] : tensor<4xf32>
  %5 = fma %a, %b, %c : tile<4xf32>
  // CHECK: = nv_tileaa.fma %[[A]], %[[B]], %[[C]] {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<4xf32>
  %6 = fma %a, %b, %c rounding<zero> : tile<4xf32>
  // CHECK: arith.remf %[[A]], %[[B]] : tensor<4xf32>
  %7 = remf %a, %b : tile<4xf32>
  // CHECK: arith.maxnumf %[[A]], %[[B]] : tensor<4xf32>
  %8 = maxf %a, %b : tile<4xf32>
  // CHECK: arith.minimumf %[[A]], %[[B]] : tensor<4xf32>
  %9 = minf %a, %b propagate_nan : tile<4xf32>
  // CHECK: math.absf %[[A]] : tensor<4xf32>
  %10 = absf %a : tile<4xf32>
  // CHECK: arith.negf %[[A]] : tensor<4xf32>
  %11 = negf %a : tile<4xf32>
  return
}

// CHECK-LABEL: nv_tileaa.func @math(
// CHECK-SAME: %[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
testing$func @math(%a: tile<4xf32>, %b: tile<4xf32>) {
  // CHECK: math.ceil %[[A]]
  %0 = ceil %a : tile<4xf32>
  // CHECK: math.floor %[[A]]
  %1 = floor %a : tile<4xf32>
  // CHECK: math.cos %[[A]]
  %2 = cos %a : tile<4xf32>
  // CHECK: math.cosh %[[A]]
  %3 = cosh %a : tile<4xf32>
  // CHECK: math.sin %[[A]]
  %4 = sin %a : tile<4xf32>
  // CHECK: math.sinh %[[A]]
  %5 = sinh %a : tile<4xf32>
  // CHECK: math.tan %[[A]]
  %6 = tan %a : tile<4xf32>
  // CHECK: math.tanh %[[A]] : tensor<4xf32>
  %7 = tanh %a : tile<4xf32>
  // CHECK: math.exp %[[A]] fastmath<afn> : tensor<4xf32>
  %8 = exp %a rounding<approx> : tile<4xf32>
  // CHECK: math.exp2 %[[A]] {nv_tileaa.flush_to_zero} : tensor<4xf32>
  %9 = exp2 %a flush_to_zero : tile<4xf32>
  // CHECK: math.log %[[A]]
  %10 = log %a : tile<4xf32>
  // CHECK: math.log2 %[[A]]
  %11 = log2 %a : tile<4xf32>
  // CHECK: math.rsqrt %[[A]]
  %12 = rsqrt %a : tile<4xf32>
  // CHECK: math.sqrt %[[A]] : tensor<4xf32>
  %13 = sqrt %a : tile<4xf32>
  // CHECK: = nv_tileaa.sqrt %[[A]] {rounding_mode = #nv_tileaa<rounding_mode approx>} : tensor<4xf32>
  %14 = sqrt %a rounding<approx> : tile<4xf32>
  // CHECK: math.powf %[[A]], %[[B]]
  %15 = pow %a, %b : tile<4xf32>
  // CHECK: math.atan2 %[[A]], %[[B]]
  %16 = atan2 %a, %b : tile<4xf32>
  return
}

// CHECK-LABEL: nv_tileaa.func @compare_select(
// CHECK-SAME: %[[A:.+]]: tensor<4xi32>, %[[B:.+]]: tensor<4xi32>, %[[X:.+]]: tensor<4xf16>, %[[Y:.+]]: tensor<4xf16>)
testing$func @compare_select(%a: tile<4xi32>, %b: tile<4xi32>, %x: tile<4xf16>, %y: tile<4xf16>) -> tile<4xf16> {
  // CHECK: arith.cmpi slt, %[[A]], %[[B]] : tensor<4xi32>
  %0 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>
  // CHECK: arith.cmpi uge, %[[A]], %[[B]] : tensor<4xi32>
  %1 = cmpi greater_than_or_equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
  // CHECK: arith.cmpi ne, %[[A]], %[[B]] : tensor<4xi32>
  %2 = cmpi not_equal %a, %b, signed : tile<4xi32> -> tile<4xi1>
  // CHECK: %[[F:.+]] = arith.cmpf ole, %[[X]], %[[Y]] : tensor<4xf16>
  %3 = cmpf less_than_or_equal ordered %x, %y : tile<4xf16> -> tile<4xi1>
  // CHECK: arith.cmpf ueq, %[[X]], %[[Y]] : tensor<4xf16>
  %4 = cmpf equal unordered %x, %y : tile<4xf16> -> tile<4xi1>
  // CHECK: %[[S:.+]] = arith.select %[[F]], %[[X]], %[[Y]] : tensor<4xi1>, tensor<4xf16>
  // CHECK: return %[[S]]
  %5 = select %3, %x, %y : tile<4xi1>, tile<4xf16>
  return %5 : tile<4xf16>
}

}
