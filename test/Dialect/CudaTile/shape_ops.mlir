// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

cuda_tile.module @shapes {
  // CHECK-LABEL: testing$func @shape
  testing$func @shape(%a: !cuda_tile.tile<1x2xf32>, %v: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // CHECK: iota : tile<8xi32>
    %0 = iota : tile<8xi32>
    // CHECK: broadcast %{{.*}} : tile<1x2xf32> -> tile<4x2xf32>
    %1 = broadcast %a : tile<1x2xf32> -> tile<4x2xf32>
    // CHECK: reshape %{{.*}} : tile<1x2xf32> -> tile<2xf32>
    %2 = reshape %a : tile<1x2xf32> -> tile<2xf32>
    // CHECK: permute %{{.*}} [1, 0] : tile<1x2xf32> -> tile<2x1xf32>
    %3 = permute %a [1, 0] : tile<1x2xf32> -> tile<2x1xf32>
    // CHECK: extract %{{.*}}[%{{.*}}] : tile<8xf32> -> tile<4xf32>
    %4 = extract %v[%i] : tile<8xf32> -> tile<4xf32>
    // CHECK: cat %{{.*}}, %{{.*}} dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
    %5 = cat %a, %a dim = 0 : tile<1x2xf32>, tile<1x2xf32> -> tile<2x2xf32>
  }

  // CHECK-LABEL: testing$func @combiners
  testing$func @combiners(%x: !cuda_tile.tile<8x4xf32>, %y: !cuda_tile.tile<8x4xi32>) {
    // CHECK: reduce %{{.*}}, %{{.*}} dim=1 identities=[0.000000e+00 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
    // CHECK-NEXT: (%{{.*}}: tile<f32>, %{{.*}}: tile<f32>, %{{.*}}: tile<i32>, %{{.*}}: tile<i32>) {
    // CHECK-NEXT: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    %r:2 = reduce %x, %y dim=1 identities=[0.0 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
    (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield %a, %c : tile<f32>, tile<i32>
    }
    // CHECK: scan %{{.*}} dim=0 reverse=true identities=[1.000000e+00 : f32] : tile<8x4xf32> -> tile<8x4xf32>
    %s = scan %x dim=0 reverse=true identities=[1.0 : f32] : tile<8x4xf32> -> tile<8x4xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %b : tile<f32>
    }
  }

  // CHECK-LABEL: testing$func @mma
  testing$func @mma(%a: !cuda_tile.tile<4x8xf16>, %b: !cuda_tile.tile<8x16xf16>, %c: !cuda_tile.tile<4x16xf32>,
                    %ia: !cuda_tile.tile<4x8xi8>, %ib: !cuda_tile.tile<8x16xi8>, %ic: !cuda_tile.tile<4x16xi32>,
                    %sa: !cuda_tile.tile<64x64xf4E2M1FN>, %sb: !cuda_tile.tile<64x64xf4E2M1FN>, %sc: !cuda_tile.tile<64x64xf32>,
                    %xa: !cuda_tile.tile<64x4xf8E4M3FN>, %xb: !cuda_tile.tile<4x64xf8E4M3FN>) {
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} : tile<4x8xf16>, tile<8x16xf16>, tile<4x16xf32>
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x16xf16>, tile<4x16xf32>
    // CHECK: mmaf %{{.*}}, %{{.*}}, %{{.*}} fast_acc : tile<4x8xf16>
    %1 = mmaf %a, %b, %c fast_acc : tile<4x8xf16>, tile<8x16xf16>, tile<4x16xf32>
    // CHECK: mmai %{{.*}}, %{{.*}}, %{{.*}} signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    %2 = mmai %ia, %ib, %ic signed unsigned : tile<4x8xi8>, tile<8x16xi8>, tile<4x16xi32>
    // CHECK: mmaf_scaled %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E4M3FN>
    %3 = mmaf_scaled %sa, %sb, %sc, %xa, %xb : tile<64x64xf4E2M1FN>, tile<64x64xf4E2M1FN>, tile<64x64xf32>, tile<64x4xf8E4M3FN>, tile<4x64xf8E4M3FN>
  }
}
