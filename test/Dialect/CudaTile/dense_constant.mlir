// RUN: tilecc-opt %s | FileCheck %s
// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s

// CHECK-LABEL: entry @constants
cuda_tile.module @m {
  entry @constants() {
    // Splats, nested literals, booleans.
    // CHECK: constant <i32: 7> : tile<2x4xi32>
    %0 = constant <i32: 7> : tile<2x4xi32>
    // CHECK: constant <i16: {{\[}}[1, -2], [3, 4]]> : tile<2x2xi16>
    %1 = constant <i16: [[1, -2], [3, 4]]> : tile<2x2xi16>
    // CHECK: constant <i1: [true, false]> : tile<2xi1>
    %2 = constant <i1: [true, false]> : tile<2xi1>
    // Hexadecimal integers give the bit pattern.
    // CHECK: constant <i8: -1> : tile<i8>
    %3 = constant <i8: 0xFF> : tile<i8>
    // CHECK: constant <i64: -9223372036854775808> : tile<i64>
    %4 = constant <i64: -9223372036854775808> : tile<i64>
    // Floats, hexadecimal bit patterns, overflow to infinity.
    // CHECK: constant <f32: [1.500000e+00, -2.000000e+00]> : tile<2xf32>
    %5 = constant <f32: [1.5, -2.0]> : tile<2xf32>
    // CHECK: constant <bf16: 1.000000e+00> : tile<bf16>
    %6 = constant <bf16: 0x3F80> : tile<bf16>
    // CHECK: constant <f16: 0x7C00> : tile<f16>
    %7 = constant <f16: 1.0e6> : tile<f16>
    // CHECK: constant <f8E4M3FN: 1.000000e+00> : tile<4xf8E4M3FN>
    %8 = constant <f8E4M3FN: 1.0> : tile<4xf8E4M3FN>
    // CHECK: constant <f4E2M1FN: [5.000000e-01, 0.000000e+00]> : tile<2xf4E2M1FN>
    %9 = constant <f4E2M1FN: [0x1, 0x0]> : !cuda_tile.tile<2xf4E2M1FN>
    return
  }
}
