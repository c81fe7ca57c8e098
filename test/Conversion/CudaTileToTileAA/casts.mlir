// Integer, float and pointer conversions with their rounding, signedness and
// overflow attributes.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @casts {

// CHECK-LABEL: nv_tileaa.func @ints(
// CHECK-SAME: %[[I:.+]]: tensor<2xi16>)
testing$func @ints(%i: tile<2xi16>) {
  // CHECK: arith.extsi %[[I]] : tensor<2xi16> to tensor<2xi32>
  %0 = exti %i signed : tile<2xi16> -> tile<2xi32>
  // CHECK: arith.extui %[[I]] : tensor<2xi16> to tensor<2xi64>
  %1 = exti %i unsigned : tile<2xi16> -> tile<2xi64>
  // CHECK: arith.trunci %[[I]] : tensor<2xi16> to tensor<2xi8>
  %2 = trunci %i : tile<2xi16> -> tile<2xi8>
  // CHECK: arith.trunci %[[I]] overflow<nsw> : tensor<2xi16> to tensor<2xi8>
  %3 = trunci %i overflow<no_signed_wrap> : tile<2xi16> -> tile<2xi8>
  // CHECK: arith.sitofp %[[I]] : tensor<2xi16> to tensor<2xf32>
  %4 = itof %i signed : tile<2xi16> -> tile<2xf32>
  // CHECK: arith.uitofp %[[I]] : tensor<2xi16> to tensor<2xf16>
  %5 = itof %i unsigned : tile<2xi16> -> tile<2xf16>
  // CHECK: = nv_tileaa.bitcast %[[I]] : tensor<2xi16> -> tensor<2xf16>
  %7 = bitcast %i : tile<2xi16> -> tile<2xf16>
  return
}

// CHECK-LABEL: nv_tileaa.func @floats(
// CHECK-SAME: %[[F:.+]]: tensor<2xf32>)
testing$func @floats(%f: tile<2xf32>) {
  // CHECK: = nv_tileaa.fp_to_fp %[[F]] : tensor<2xf32> -> tensor<2xbf16>
  %0 = ftof %f : tile<2xf32> -> tile<2xbf16>
  // CHECK: = nv_tileaa.fp_to_fp %[[F]] : tensor<2xf32> -> tensor<2xf16>
  %1 = ftof %f : tile<2xf32> -> tile<2xf16>
  // CHECK: arith.fptosi %[[F]] : tensor<2xf32> to tensor<2xi8>
  %2 = ftoi %f signed : tile<2xf32> -> tile<2xi8>
  // CHECK: arith.fptoui %[[F]] : tensor<2xf32> to tensor<2xi32>
  %3 = ftoi %f unsigned : tile<2xf32> -> tile<2xi32>
  return
}

// CHECK-LABEL: nv_tileaa.func @pointers(
// CHECK-SAME: %[[P:.+]]: tensor<2x!nv_tileaa.ptr<i8, 1>>, %[[Q:.+]]: !nv_tileaa.ptr<f32, 1>)
testing$func @pointers(%p: tile<2xptr<i8>>, %q: tile<ptr<f32>>) {
  // CHECK: %[[A:.+]] = nv_tileaa.ptr_to_int %[[P]] : tensor<2x!nv_tileaa.ptr<i8, 1>> -> tensor<2xi64>
  %0 = ptr_to_int %p : tile<2xptr<i8>> -> tile<2xi64>
  // CHECK: nv_tileaa.int_to_ptr %[[A]] : tensor<2xi64> -> tensor<2x!nv_tileaa.ptr<f16, 1>>
  %1 = int_to_ptr %0 : tile<2xi64> -> tile<2xptr<f16>>
  // CHECK: %[[B:.+]] = nv_tileaa.ptr_to_int %[[P]] : tensor<2x!nv_tileaa.ptr<i8, 1>> -> tensor<2xi64>
  // CHECK: nv_tileaa.int_to_ptr %[[B]] : tensor<2xi64> -> tensor<2x!nv_tileaa.ptr<f64, 1>>
  %2 = ptr_to_ptr %p : tile<2xptr<i8>> -> tile<2xptr<f64>>
  // CHECK: %[[S:.+]] = nv_tileaa.ptr_to_int %[[Q]] : !nv_tileaa.ptr<f32, 1> -> i64
  // CHECK: nv_tileaa.int_to_ptr %[[S]] : i64 -> !nv_tileaa.ptr<i32, 1>
  %3 = ptr_to_ptr %q : tile<ptr<f32>> -> tile<ptr<i32>>
  return
}

}
