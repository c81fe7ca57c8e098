// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

// Round trip of every op of the arithmetic family and of each modifier;
// default modifiers are elided when printing.

cuda_tile.module @arith {
  // CHECK-LABEL: testing$func @integer
  testing$func @integer(%a: tile<4xi32>, %b: tile<4xi32>) {
    // CHECK: absi %{{.*}} : tile<4xi32>
    %0 = absi %a : tile<4xi32>
    // CHECK: negi %{{.*}} : tile<4xi32>
    %1 = negi %a overflow<none> : tile<4xi32>
    // CHECK: negi %{{.*}} overflow<no_signed_wrap> : tile<4xi32>
    %2 = negi %a overflow<no_signed_wrap> : tile<4xi32>
    // CHECK: addi %{{.*}}, %{{.*}} overflow<no_wrap> : tile<4xi32>
    %3 = addi %a, %b overflow<no_wrap> : tile<4xi32>
    // CHECK: subi %{{.*}}, %{{.*}} overflow<no_unsigned_wrap> : tile<4xi32>
    %4 = subi %a, %b overflow<no_unsigned_wrap> : tile<4xi32>
    // CHECK: muli %{{.*}}, %{{.*}} : tile<4xi32>
    %5 = muli %a, %b : tile<4xi32>
    // CHECK: mulhii %{{.*}}, %{{.*}} : tile<4xi32>
    %6 = mulhii %a, %b : tile<4xi32>
    // CHECK: divi %{{.*}}, %{{.*}} unsigned : tile<4xi32>
    %7 = divi %a, %b unsigned : tile<4xi32>
    // CHECK: divi %{{.*}}, %{{.*}} signed rounding<negative_inf> : tile<4xi32>
    %8 = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
    // CHECK: divi %{{.*}}, %{{.*}} unsigned rounding<positive_inf> : tile<4xi32>
    %9 = divi %a, %b unsigned rounding<positive_inf> : tile<4xi32>
    // CHECK: divi %{{.*}}, %{{.*}} signed : tile<4xi32>
    %10 = divi %a, %b signed rounding<zero> : tile<4xi32>
    // CHECK: remi %{{.*}}, %{{.*}} signed : tile<4xi32>
    %11 = remi %a, %b signed : tile<4xi32>
    // CHECK: maxi %{{.*}}, %{{.*}} unsigned : tile<4xi32>
    %12 = maxi %a, %b unsigned : tile<4xi32>
    // CHECK: mini %{{.*}}, %{{.*}} signed : tile<4xi32>
    %13 = mini %a, %b signed : tile<4xi32>
    // CHECK: andi %{{.*}}, %{{.*}} : tile<4xi32>
    %14 = andi %a, %b : tile<4xi32>
    // CHECK: ori %{{.*}}, %{{.*}} : tile<4xi32>
    %15 = ori %a, %b : tile<4xi32>
    // CHECK: xori %{{.*}}, %{{.*}} : tile<4xi32>
    %16 = xori %a, %b : tile<4xi32>
    // CHECK: shli %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<4xi32>
    %17 = shli %a, %b overflow<no_signed_wrap> : tile<4xi32>
    // CHECK: shri %{{.*}}, %{{.*}} unsigned : tile<4xi32>
    %18 = shri %a, %b unsigned : tile<4xi32>
  }

  // CHECK-LABEL: testing$func @float
  testing$func @float(%a: tile<2x2xf32>, %b: tile<2x2xf32>, %h: tile<2x2xf16>) {
    // CHECK: absf %{{.*}} : tile<2x2xf32>
    %0 = absf %a : tile<2x2xf32>
    // CHECK: negf %{{.*}} : tile<2x2xf16>
    %1 = negf %h : tile<2x2xf16>
    // CHECK: addf %{{.*}}, %{{.*}} : tile<2x2xf32>
    %2 = addf %a, %b rounding<nearest_even> : tile<2x2xf32>
    // CHECK: addf %{{.*}}, %{{.*}} rounding<positive_inf> flush_to_zero : tile<2x2xf32>
    %3 = addf %a, %b rounding<positive_inf> flush_to_zero : tile<2x2xf32>
    // CHECK: subf %{{.*}}, %{{.*}} rounding<zero> : tile<2x2xf16>
    %4 = subf %h, %h rounding<zero> : tile<2x2xf16>
    // CHECK: mulf %{{.*}}, %{{.*}} flush_to_zero : tile<2x2xf32>
    %5 = mulf %a, %b flush_to_zero : tile<2x2xf32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<approx> flush_to_zero : tile<2x2xf32>
    %6 = divf %a, %b rounding<approx> flush_to_zero : tile<2x2xf32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<full> : tile<2x2xf32>
    %7 = divf %a, %b rounding<full> : tile<2x2xf32>
    // CHECK: divf %{{.*}}, %{{.*}} rounding<negative_inf> : tile<2x2xf16>
    %8 = divf %h, %h rounding<negative_inf> : tile<2x2xf16>
    // CHECK: remf %{{.*}}, %{{.*}} : tile<2x2xf32>
    %9 = remf %a, %b : tile<2x2xf32>
    // CHECK: maxf %{{.*}}, %{{.*}} flush_to_zero propagate_nan : tile<2x2xf32>
    %10 = maxf %a, %b propagate_nan flush_to_zero : tile<2x2xf32>
    // CHECK: minf %{{.*}}, %{{.*}} propagate_nan : tile<2x2xf16>
    %11 = minf %h, %h propagate_nan : tile<2x2xf16>
    // CHECK: fma %{{.*}}, %{{.*}}, %{{.*}} rounding<zero> flush_to_zero : tile<2x2xf32>
    %12 = fma %a, %b, %a rounding<zero> flush_to_zero : tile<2x2xf32>
    // CHECK: fma %{{.*}}, %{{.*}}, %{{.*}} : tile<2x2xf16>
    %13 = fma %h, %h, %h : tile<2x2xf16>
  }

  // CHECK-LABEL: testing$func @math
  testing$func @math(%a: tile<8xf32>, %d: tile<8xf64>) {
    // CHECK: ceil %{{.*}} : tile<8xf32>
    %0 = ceil %a : tile<8xf32>
    // CHECK: floor %{{.*}} : tile<8xf64>
    %1 = floor %d : tile<8xf64>
    // CHECK: cos %{{.*}} : tile<8xf32>
    %2 = cos %a : tile<8xf32>
    // CHECK: cosh %{{.*}} : tile<8xf32>
    %3 = cosh %a : tile<8xf32>
    // CHECK: sin %{{.*}} : tile<8xf32>
    %4 = sin %a : tile<8xf32>
    // CHECK: sinh %{{.*}} : tile<8xf32>
    %5 = sinh %a : tile<8xf32>
    // CHECK: tan %{{.*}} : tile<8xf32>
    %6 = tan %a : tile<8xf32>
    // CHECK: tanh %{{.*}} rounding<approx> : tile<8xf32>
    %7 = tanh %a rounding<approx> : tile<8xf32>
    // CHECK: tanh %{{.*}} : tile<8xf64>
    %8 = tanh %d rounding<full> : tile<8xf64>
    // CHECK: exp %{{.*}} rounding<approx> : tile<8xf32>
    %9 = exp %a rounding<approx> : tile<8xf32>
    // CHECK: exp %{{.*}} : tile<8xf64>
    %10 = exp %d : tile<8xf64>
    // CHECK: exp2 %{{.*}} flush_to_zero : tile<8xf32>
    %11 = exp2 %a flush_to_zero : tile<8xf32>
    // CHECK: log %{{.*}} : tile<8xf32>
    %12 = log %a : tile<8xf32>
    // CHECK: log2 %{{.*}} : tile<8xf32>
    %13 = log2 %a : tile<8xf32>
    // CHECK: rsqrt %{{.*}} flush_to_zero : tile<8xf32>
    %14 = rsqrt %a flush_to_zero : tile<8xf32>
    // CHECK: sqrt %{{.*}} rounding<approx> flush_to_zero : tile<8xf32>
    %15 = sqrt %a rounding<approx> flush_to_zero : tile<8xf32>
    // CHECK: sqrt %{{.*}} : tile<8xf64>
    %16 = sqrt %d : tile<8xf64>
    // CHECK: pow %{{.*}}, %{{.*}} : tile<8xf32>
    %17 = pow %a, %a : tile<8xf32>
    // CHECK: atan2 %{{.*}}, %{{.*}} : tile<8xf64>
    %18 = atan2 %d, %d : tile<8xf64>
  }

  // CHECK-LABEL: testing$func @compare_select
  testing$func @compare_select(%i: tile<4xi16>, %f: tile<4xbf16>, %p: tile<4xptr<f32>>) {
    // CHECK: %[[C:.*]] = cmpi greater_than_or_equal %{{.*}}, %{{.*}}, unsigned : tile<4xi16> -> tile<4xi1>
    %c = cmpi greater_than_or_equal %i, %i, unsigned : tile<4xi16> -> tile<4xi1>
    // CHECK: cmpf not_equal unordered %{{.*}}, %{{.*}} : tile<4xbf16> -> tile<4xi1>
    %d = cmpf not_equal unordered %f, %f : tile<4xbf16> -> tile<4xi1>
    // CHECK: select %[[C]], %{{.*}}, %{{.*}} : tile<4xi1>, tile<4xptr<f32>>
    %s = select %c, %p, %p : tile<4xi1>, tile<4xptr<f32>>
  }

  // CHECK-LABEL: testing$func @conversions
  testing$func @conversions(%i: tile<2xi16>, %f: tile<2xf32>, %p: tile<2xptr<i8>>) {
    // CHECK: exti %{{.*}} signed : tile<2xi16> -> tile<2xi64>
    %0 = exti %i signed : tile<2xi16> -> tile<2xi64>
    // CHECK: %[[T:.*]] = trunci %{{.*}} overflow<no_wrap> : tile<2xi16> -> tile<2xi4>
    %1 = trunci %i overflow<no_wrap> : tile<2xi16> -> tile<2xi4>
    // CHECK: exti %[[T]] unsigned : tile<2xi4> -> tile<2xi8>
    %2 = exti %1 unsigned : tile<2xi4> -> tile<2xi8>
    // CHECK: ftof %{{.*}} : tile<2xf32> -> tile<2xbf16>
    %3 = ftof %f rounding<nearest_even> : tile<2xf32> -> tile<2xbf16>
    // CHECK: ftof %{{.*}} rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
    %4 = ftof %f rounding<positive_inf> : tile<2xf32> -> tile<2xf8E8M0FNU>
    // CHECK: itof %{{.*}} unsigned : tile<2xi16> -> tile<2xf16>
    %5 = itof %i unsigned : tile<2xi16> -> tile<2xf16>
    // CHECK: ftoi %{{.*}} signed : tile<2xf32> -> tile<2xi8>
    %6 = ftoi %f signed rounding<nearest_int_to_zero> : tile<2xf32> -> tile<2xi8>
    // CHECK: bitcast %{{.*}} : tile<2xf32> -> tile<2xi32>
    %7 = bitcast %f : tile<2xf32> -> tile<2xi32>
    // CHECK: %[[I:.*]] = ptr_to_int %{{.*}} : tile<2xptr<i8>> -> tile<2xi64>
    %8 = ptr_to_int %p : tile<2xptr<i8>> -> tile<2xi64>
    // CHECK: int_to_ptr %[[I]] : tile<2xi64> -> tile<2xptr<f16>>
    %9 = int_to_ptr %8 : tile<2xi64> -> tile<2xptr<f16>>
    // CHECK: ptr_to_ptr %{{.*}} : tile<2xptr<i8>> -> tile<2xptr<f64>>
    %10 = ptr_to_ptr %p : tile<2xptr<i8>> -> tile<2xptr<f64>>
    // CHECK: %[[B:.*]] = pack %{{.*}} : tile<2xf32> -> tile<8xi8>
    %11 = pack %f : tile<2xf32> -> tile<8xi8>
    // CHECK: unpack %[[B]] : tile<8xi8> -> tile<16xf4E2M1FN>
    %12 = unpack %11 : tile<8xi8> -> tile<16xf4E2M1FN>
    // CHECK: pack %{{.*}} : tile<2xi4> -> tile<1xi8>
    %13 = pack %1 : tile<2xi4> -> tile<1xi8>
  }
}
