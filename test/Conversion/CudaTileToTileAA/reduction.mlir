// reduce / scan with combiner regions and mmaf / mmai as nv_tileaa.dot.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @reduction {

// CHECK-LABEL: nv_tileaa.func @reduce_max(
// CHECK-SAME: %[[X:.+]]: tensor<4x16xf32>) -> tensor<4xf32>
testing$func @reduce_max(%x: tile<4x16xf32>) -> tile<4xf32> {
  // CHECK: %[[R:.+]] = nv_tileaa.reduce %[[X]] {axis = 1 : i32, nv_tileaa.identities = [0xFF800000 : f32]} : tensor<4x16xf32> -> tensor<4xf32> {
  // CHECK: ^bb0(%[[ACC:.+]]: f32, %[[CUR:.+]]: f32):
  // CHECK:   %[[M:.+]] = arith.maxnumf %[[CUR]], %[[ACC]] : f32
  // CHECK:   nv_tileaa.yield %[[M]] : f32
  // CHECK: }
  // CHECK: return %[[R]]
  %r = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<4x16xf32> -> tile<4xf32>
  (%cur: tile<f32>, %acc: tile<f32>) {
    %m = maxf %cur, %acc : tile<f32>
    yield %m : tile<f32>
  }
  return %r : tile<4xf32>
}

// Two operands: the (current, accumulator) pairs regroup as
// (accumulators..., currents...).
// CHECK-LABEL: nv_tileaa.func @argmax(
// CHECK-SAME: %[[V:.+]]: tensor<8xf32>, %[[I:.+]]: tensor<8xi32>) -> (f32, i32)
testing$func @argmax(%v: tile<8xf32>, %i: tile<8xi32>) -> (tile<f32>, tile<i32>) {
  // CHECK: %[[R:.+]]:2 = nv_tileaa.reduce %[[V]], %[[I]] {axis = 0 : i32, nv_tileaa.identities = [0xFF800000 : f32, 0 : i32]} : tensor<8xf32>, tensor<8xi32> -> f32, i32 {
  // CHECK: ^bb0(%[[AV:.+]]: f32, %[[AI:.+]]: i32, %[[CV:.+]]: f32, %[[CI:.+]]: i32):
  // CHECK:   %[[GT:.+]] = arith.cmpf ogt, %[[CV]], %[[AV]] : f32
  // CHECK:   %[[SV:.+]] = arith.select %[[GT]], %[[CV]], %[[AV]] : f32
  // CHECK:   %[[SI:.+]] = arith.select %[[GT]], %[[CI]], %[[AI]] : i32
  // CHECK:   nv_tileaa.yield %[[SV]], %[[SI]] : f32, i32
  %r:2 = reduce %v, %i dim=0 identities=[0xFF800000 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
  (%cv: tile<f32>, %av: tile<f32>, %ci: tile<i32>, %ai: tile<i32>) {
    %gt = cmpf greater_than ordered %cv, %av : tile<f32> -> tile<i1>
    %sv = select %gt, %cv, %av : tile<i1>, tile<f32>
    %si = select %gt, %ci, %ai : tile<i1>, tile<i32>
    yield %sv, %si : tile<f32>, tile<i32>
  }
  return %r#0, %r#1 : tile<f32>, tile<i32>
}

// CHECK-LABEL: nv_tileaa.func @prefix(
// CHECK-SAME: %[[X:.+]]: tensor<8xf32>)
testing$func @prefix(%x: tile<8xf32>) -> tile<8xf32> {
  // CHECK: nv_tileaa.scan %[[X]] {axis = 0 : i32, nv_tileaa.identities = [0.000000e+00 : f32], reverse} : tensor<8xf32> -> tensor<8xf32> {
  // CHECK: ^bb0(%[[ACC:.+]]: f32, %[[CUR:.+]]: f32):
  // CHECK:   arith.addf %[[CUR]], %[[ACC]] : f32
  %r = scan %x dim=0 reverse=true identities=[0.000000e+0 : f32] : tile<8xf32> -> tile<8xf32>
  (%cur: tile<f32>, %acc: tile<f32>) {
    %s = addf %cur, %acc : tile<f32>
    yield %s : tile<f32>
  }
  return %r : tile<8xf32>
}

// CHECK-LABEL: nv_tileaa.func @mma(
// CHECK-SAME: %[[A:.+]]: tensor<16x8xf16>, %[[B:.+]]: tensor<8x32xf16>, %[[C:.+]]: tensor<16x32xf32>, %[[H:.+]]: tensor<16x32xf16>, %[[IA:.+]]: tensor<16x8xi8>, %[[IB:.+]]: tensor<8x32xi8>, %[[IC:.+]]: tensor<16x32xi32>)
testing$func @mma(%a: tile<16x8xf16>, %b: tile<8x32xf16>, %c: tile<16x32xf32>, %h: tile<16x32xf16>,
                  %ia: tile<16x8xi8>, %ib: tile<8x32xi8>, %ic: tile<16x32xi32>) {
  // CHECK: nv_tileaa.dot %[[A]], %[[B]], %[[C]] {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : tensor<16x8xf16>, tensor<8x32xf16>, tensor<16x32xf32> -> tensor<16x32xf32>
  %0 = mmaf %a, %b, %c : tile<16x8xf16>, tile<8x32xf16>, tile<16x32xf32>
  // CHECK: nv_tileaa.dot %[[A]], %[[B]], %[[C]] {nv_tileaa.fast_acc, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
  %1 = mmaf %a, %b, %c fast_acc : tile<16x8xf16>, tile<8x32xf16>, tile<16x32xf32>
  // An f16 accumulator is widened around the f32 dot, which is marked for
  // TileAAToTileAS to narrow back where the instruction allows.
  // CHECK: %[[W:.+]] = nv_tileaa.fp_to_fp %[[H]] : tensor<16x32xf16> -> tensor<16x32xf32>
  // CHECK: %[[D:.+]] = nv_tileaa.dot %[[A]], %[[B]], %[[W]] {nv_tileaa.f16_accumulator, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : {{.*}} -> tensor<16x32xf32>
  // CHECK: nv_tileaa.fp_to_fp %[[D]] : tensor<16x32xf32> -> tensor<16x32xf16>
  %2 = mmaf %a, %b, %h : tile<16x8xf16>, tile<8x32xf16>, tile<16x32xf16>
  // CHECK: nv_tileaa.dot %[[IA]], %[[IB]], %[[IC]] {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>} : tensor<16x8xi8>, tensor<8x32xi8>, tensor<16x32xi32> -> tensor<16x32xi32>
  %3 = mmai %ia, %ib, %ic signed unsigned : tile<16x8xi8>, tile<8x32xi8>, tile<16x32xi32>
  return
}

// CHECK-LABEL: nv_tileaa.func @scaled(
// CHECK-SAME: %[[A:.+]]: tensor<128x128xf8E5M2>, %[[B:.+]]: tensor<128x128xf8E5M2>, %[[C:.+]]: tensor<128x128xf32>, %[[SA:.+]]: tensor<128x4xf8E8M0FNU>, %[[SB:.+]]: tensor<4x128xf8E8M0FNU>)
testing$func @scaled(%a: tile<128x128xf8E5M2>, %b: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %sa: tile<128x4xf8E8M0FNU>, %sb: tile<4x128xf8E8M0FNU>) {
  // CHECK: nv_tileaa.dot %[[A]], %[[B]], %[[C]], %[[SA]], %[[SB]] {operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
  %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  return
}

}
