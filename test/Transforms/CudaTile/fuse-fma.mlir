// RUN: tilecc-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.testing$func(fuse-fma)))' --split-input-file | FileCheck %s

// CHECK-LABEL: testing$func @mul_add
// CHECK-SAME: (%[[X:.*]]: tile<4xf16>, %[[Y:.*]]: tile<4xf16>, %[[Z:.*]]: tile<4xf16>)
// CHECK-NEXT: %[[R:.*]] = fma %[[X]], %[[Y]], %[[Z]] rounding<zero> : tile<4xf16>
// CHECK-NEXT: return %[[R]]
cuda_tile.module @m {
  testing$func @mul_add(%x: tile<4xf16>, %y: tile<4xf16>, %z: tile<4xf16>) -> tile<4xf16> {
    %m = mulf %x, %y rounding<zero> : tile<4xf16>
    %r = addf %m, %z rounding<zero> : tile<4xf16>
    return %r : tile<4xf16>
  }
}

// -----

// The multiply may be either addend.
// CHECK-LABEL: testing$func @add_mul
// CHECK-SAME: (%[[X:.*]]: tile<f32>, %[[Y:.*]]: tile<f32>, %[[Z:.*]]: tile<f32>)
// CHECK-NEXT: %[[R:.*]] = fma %[[X]], %[[Y]], %[[Z]] flush_to_zero : tile<f32>
// CHECK-NEXT: return %[[R]]
cuda_tile.module @m {
  testing$func @add_mul(%x: tile<f32>, %y: tile<f32>, %z: tile<f32>) -> tile<f32> {
    %m = mulf %x, %y flush_to_zero : tile<f32>
    %r = addf %z, %m flush_to_zero : tile<f32>
    return %r : tile<f32>
  }
}

// -----

// x * y - z = fma(x, y, -z); z - x * y = fma(-x, y, z).
// CHECK-LABEL: testing$func @mul_sub
// CHECK-SAME: (%[[X:.*]]: tile<f64>, %[[Y:.*]]: tile<f64>, %[[Z:.*]]: tile<f64>)
// CHECK-NEXT: %[[NZ:.*]] = negf %[[Z]] : tile<f64>
// CHECK-NEXT: %[[R0:.*]] = fma %[[X]], %[[Y]], %[[NZ]] : tile<f64>
// CHECK-NEXT: %[[NX:.*]] = negf %[[X]] : tile<f64>
// CHECK-NEXT: %[[R1:.*]] = fma %[[NX]], %[[Y]], %[[Z]] : tile<f64>
// CHECK-NEXT: return %[[R0]], %[[R1]]
cuda_tile.module @m {
  testing$func @mul_sub(%x: tile<f64>, %y: tile<f64>, %z: tile<f64>) -> (tile<f64>, tile<f64>) {
    %m0 = mulf %x, %y : tile<f64>
    %r0 = subf %m0, %z : tile<f64>
    %m1 = mulf %x, %y : tile<f64>
    %r1 = subf %z, %m1 : tile<f64>
    return %r0, %r1 : tile<f64>, tile<f64>
  }
}

// -----

// Chains fuse into chained fmas.
// CHECK-LABEL: testing$func @chain
// CHECK: %[[F0:.*]] = fma %{{.*}}, %{{.*}}, %{{.*}} : tile<f32>
// CHECK-NEXT: %[[F1:.*]] = fma %{{.*}}, %{{.*}}, %[[F0]] : tile<f32>
// CHECK-NEXT: return %[[F1]]
cuda_tile.module @m {
  testing$func @chain(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) -> tile<f32> {
    %m0 = mulf %a, %b : tile<f32>
    %m1 = mulf %b, %c : tile<f32>
    %s = addf %c, %m0 : tile<f32>
    %r = addf %s, %m1 : tile<f32>
    return %r : tile<f32>
  }
}

// -----

// No fusion: different rounding, different flush_to_zero, or a multiply with
// another use. The multiply still moves to the left of addf.
// CHECK-LABEL: testing$func @no_fusion
// CHECK-SAME: (%[[X:.*]]: tile<f32>, %[[Y:.*]]: tile<f32>, %[[Z:.*]]: tile<f32>)
// CHECK-NOT: fma
// CHECK: %[[M0:.*]] = mulf %[[X]], %[[Y]] rounding<zero> : tile<f32>
// CHECK: addf %[[M0]], %[[Z]] : tile<f32>
// CHECK: %[[M1:.*]] = mulf %[[X]], %[[Y]] flush_to_zero : tile<f32>
// CHECK: subf %[[M1]], %[[Z]] : tile<f32>
// CHECK: %[[M2:.*]] = mulf %[[X]], %[[Y]] : tile<f32>
// CHECK: addf %[[M2]], %[[Z]] : tile<f32>
// CHECK-NOT: fma
cuda_tile.module @m {
  testing$func @no_fusion(%x: tile<f32>, %y: tile<f32>, %z: tile<f32>) -> (tile<f32>, tile<f32>, tile<f32>, tile<f32>) {
    %m0 = mulf %x, %y rounding<zero> : tile<f32>
    %r0 = addf %z, %m0 : tile<f32>
    %m1 = mulf %x, %y flush_to_zero : tile<f32>
    %r1 = subf %m1, %z : tile<f32>
    %m2 = mulf %x, %y : tile<f32>
    %r2 = addf %m2, %z : tile<f32>
    return %r0, %r1, %r2, %m2 : tile<f32>, tile<f32>, tile<f32>, tile<f32>
  }
}
