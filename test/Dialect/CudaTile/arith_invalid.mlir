// RUN: tilecc-opt %s -verify-diagnostics -split-input-file

// Every diagnostic of the arithmetic family: parser directives first, then
// the type constraints and the verifiers.

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi16>) {
    // expected-error @below{{expected valid keyword}}
    // expected-error @below{{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = remi %a, %a : tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi16>) {
    // expected-error @below{{expected signedness to be one of: {'signed', 'unsigned'}}}
    %0 = shri %a, %a arithmetic : tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi16>) {
    // expected-error @below{{custom op 'cuda_tile.cmpi' expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}}
    %0 = cmpi lt %a, %a, signed : tile<2xi16> -> tile<2xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected valid keyword}}
    // expected-error @below{{expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}}}
    %0 = cmpf equal %a, %a : tile<2xf32> -> tile<2xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
    %0 = addf %a, %a rounding<approx> : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full', got: 'nearest_int_to_zero'}}
    %0 = divf %a, %a rounding<nearest_int_to_zero> : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', got: 'full'}}
    %0 = sqrt %a rounding<full> : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected rounding mode to be one of: 'nearest_int_to_zero', got: 'zero'}}
    %0 = ftoi %a signed rounding<zero> : tile<2xf32> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{expected '>'}}
    %0 = mulf %a, %a rounding<zero, zero> : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi1>, %b: tile<2xf32>) {
    %0 = select %a, %b, %b : tile<2xi1>,
    // expected-error @below{{expected valid keyword}}
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<2xi32>'}}
    %0 = addf %a, %a : tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.xori' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<2xf32>'}}
    %0 = xori %a, %a : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.ftof' op operand #0 must be tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '!cuda_tile.tile<2xi32>'}}
    %0 = ftof %a : tile<2xi32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<2xi32>'}}
    %0 = int_to_ptr %a : tile<2xi32> -> tile<2xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.cmpi' op failed to verify that Result type has i1 element type and same shape as operands}}
    %0 = "cuda_tile.cmpi"(%a, %a) {comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>} : (!cuda_tile.tile<2xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi1>, %b: tile<4xf32>) {
    // expected-error @below{{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
    %0 = select %a, %b, %b : tile<2xi1>, tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi1>, %b: tile<2xf4E2M1FN>) {
    // expected-error @below{{'cuda_tile.select' op cannot operate on sub-byte type F4E2M1FN}}
    %0 = select %a, %b, %b : tile<2xi1>, tile<2xf4E2M1FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi1>, %b: tile<2xi4>) {
    // expected-error @below{{'cuda_tile.select' op cannot operate on sub-byte type 'i4'}}
    %0 = select %a, %b, %b : tile<2xi1>, tile<2xi4>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.subf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
    %0 = "cuda_tile.subf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<2xf32>, !cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]}}
    %0 = "cuda_tile.divf"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (!cuda_tile.tile<2xf32>, !cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.sqrt' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
    %0 = "cuda_tile.sqrt"(%a) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.exp' op invalid rounding mode specified, expect one of [approx, full]}}
    %0 = exp %a rounding<zero> : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf64>) {
    // expected-error @below{{'cuda_tile.tanh' op approx modifier only supported for f32 data type, but got: 'f64'}}
    %0 = tanh %a rounding<approx> : tile<2xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xbf16>) {
    // expected-error @below{{'cuda_tile.divf' op full modifier only supported for f32 data type, but got: 'bf16'}}
    %0 = divf %a, %a rounding<full> : tile<2xbf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf16>) {
    // expected-error @below{{'cuda_tile.fma' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = fma %a, %a, %a flush_to_zero : tile<2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf64>) {
    // expected-error @below{{'cuda_tile.minf' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
    %0 = minf %a, %a flush_to_zero : tile<2xf64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf16>) {
    // expected-error @below{{'cuda_tile.rsqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
    %0 = rsqrt %a flush_to_zero : tile<2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.negi' op 'no_wrap' overflow flag is not supported}}
    %0 = negi %a overflow<no_wrap> : tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.divi' op rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
    %0 = divi %a, %a unsigned rounding<negative_inf> : tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.divi' op invalid rounding mode specified, expect one of [zero, negative_inf, positive_inf]}}
    %0 = divi %a, %a signed rounding<nearest_even> : tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.exti' op extending to smaller or identical integer}}
    %0 = exti %a signed : tile<2xi32> -> tile<2xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi4>) {
    // expected-error @below{{'cuda_tile.trunci' op truncating to larger or identical integer}}
    %0 = trunci %a : tile<2xi4> -> tile<2xi4>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi8>) {
    // expected-error @below{{'cuda_tile.trunci' op failed to verify that all of {from, to} have same shape}}
    %0 = trunci %a : tile<2xi8> -> tile<4xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.ftof' op converting tiles must not be a no-op}}
    %0 = ftof %a : tile<2xf32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %0 = ftof %a rounding<zero> : tile<2xf32> -> tile<2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
    %0 = ftof %a : tile<2xf32> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi32>) {
    // expected-error @below{{'cuda_tile.itof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
    %0 = itof %a signed rounding<positive_inf> : tile<2xi32> -> tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi8>) {
    // expected-error @below{{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
    %0 = itof %a unsigned : tile<2xi8> -> tile<2xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf32>) {
    // expected-error @below{{'cuda_tile.ftoi' op invalid rounding mode specified. Only 'nearest_int_to_zero' is supported}}
    %0 = "cuda_tile.ftoi"(%a) <{rounding_mode = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<2xf32>) -> !cuda_tile.tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xf64>) {
    // expected-error @below{{'cuda_tile.bitcast' op types must be equal width}}
    %0 = bitcast %a : tile<2xf64> -> tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below{{'cuda_tile.pack' op failed to verify that all of {source, result} have same rank}}
    %0 = pack %a : tile<4xf32> -> tile<4x4xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xi8>) {
    // expected-error @below{{'cuda_tile.unpack' op expects source and result to be rank-1 tiles}}
    %0 = unpack %a : tile<2x2xi8> -> tile<2x1xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi8>) {
    // expected-error @below{{'cuda_tile.unpack' op expects source and result to have different element type widths}}
    %0 = unpack %a : tile<4xi8> -> tile<4xf8E5M2>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf64>) {
    // expected-error @below{{'cuda_tile.pack' op expects source and result to have the same size in bytes, but got source tile size 32 bytes and result tile size 16 bytes}}
    %0 = pack %a : tile<4xf64> -> tile<16xi8>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below{{'cuda_tile.pack' op result #0 must be tile of i8 values, but got '!cuda_tile.tile<4xi32>'}}
    %0 = pack %a : tile<4xf32> -> tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2xi8>) {
    // expected-error @below{{unknown type: pluto}}
    %0 = exti %a signed : tile<2xi8> -> pluto
  }
}

// -----

// Tiles hold i4 (for trunci/exti) but not other odd widths; the public
// summary does not mention i4.
cuda_tile.module @m {
  // expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type}}
  testing$func @f(%a: tile<2xi2>) {
  }
}
