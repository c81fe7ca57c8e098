// nv_tileaa.dot accumulates in f32 (f16 is widened) or, for f64 operands, in
// f64: an f64 mmaf becomes one dot.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

// CHECK-LABEL: @f64
// CHECK: nv_tileaa.dot {{.*}} : tensor<4x8xf64>, tensor<8x16xf64>, tensor<4x16xf64> -> tensor<4x16xf64>
// CHECK-NOT: nv_tileaa.fp_to_fp
cuda_tile.module @mma {
  testing$func @f64(%a: tile<4x8xf64>, %b: tile<8x16xf64>, %c: tile<4x16xf64>) {
    %0 = mmaf %a, %b, %c : tile<4x8xf64>, tile<8x16xf64>, tile<4x16xf64>
    return
  }
}
