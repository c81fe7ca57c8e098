// Dots no MMA instruction of the target takes get the scalar FMA atom where
// the MMA atom is chosen: `fma_<a>_<b>_<c>` on operands widened exactly to
// the accumulator's type (f32, f64, i32), on every target.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_80 | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_90a | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s --check-prefixes=CHECK,SM90

// M = 1: f16 operands become f32.
// CHECK-LABEL: nv_tileaa.func @one_row
// CHECK: %[[A:.*]] = arith.extf %{{.*}} : tensor<1x16xf16> to tensor<1x16xf32>
// CHECK: %[[B:.*]] = arith.extf %{{.*}} : tensor<16x16xf16> to tensor<16x16xf32>
// CHECK: nv_tileas.dot %[[A]], %[[B]], %{{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<1x16xf32>, tensor<16x16xf32>, tensor<1x16xf32> -> tensor<1x16xf32>
nv_tileaa.func @one_row(%a: tensor<1x16xf16>, %b: tensor<16x16xf16>, %c: tensor<1x16xf32>) -> tensor<1x16xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<1x16xf16>, tensor<16x16xf16>, tensor<1x16xf32> -> tensor<1x16xf32>
  nv_tileaa.return %d : tensor<1x16xf32>
}

// N = 1 with bf16, 2x2x2 f32 (f32 stays as it is), M = 8 with N = 128 (N
// and K fit mma.sync, M does not).
// CHECK-LABEL: nv_tileaa.func @shapes
// CHECK: arith.extf %{{.*}} : tensor<16x16xbf16> to tensor<16x16xf32>
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<16x16xf32>, tensor<16x1xf32>, tensor<16x1xf32> -> tensor<16x1xf32>
// CHECK-NOT: arith.extf
// CHECK: nv_tileas.dot %arg3, %arg4, %arg5 {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<2x2xf32>
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>} : tensor<8x32xf32>, tensor<32x128xf32>, tensor<8x128xf32> -> tensor<8x128xf32>
nv_tileaa.func @shapes(%a: tensor<16x16xbf16>, %b: tensor<16x1xbf16>, %c: tensor<16x1xf32>,
                       %x: tensor<2x2xf32>, %y: tensor<2x2xf32>, %z: tensor<2x2xf32>,
                       %p: tensor<8x32xf16>, %q: tensor<32x128xf16>, %r: tensor<8x128xf32>) {
  %0 = nv_tileaa.dot %a, %b, %c : tensor<16x16xbf16>, tensor<16x1xbf16>, tensor<16x1xf32> -> tensor<16x1xf32>
  %1 = nv_tileaa.dot %x, %y, %z : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32> -> tensor<2x2xf32>
  %2 = nv_tileaa.dot %p, %q, %r : tensor<8x32xf16>, tensor<32x128xf16>, tensor<8x128xf32> -> tensor<8x128xf32>
  nv_tileaa.return
}

// i8 operands widen by their signedness; f64 stays f64 (N = 2 is below
// m8n8k4); a batch dimension is kept.
// CHECK-LABEL: nv_tileaa.func @typed
// CHECK: arith.extsi %{{.*}} : tensor<16x16xi8> to tensor<16x16xi32>
// CHECK: arith.extui %{{.*}} : tensor<16x8xi8> to tensor<16x8xi32>
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, si32 x si32 -> i32>} : tensor<16x16xi32>, tensor<16x8xi32>, tensor<16x8xi32> -> tensor<16x8xi32>
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f64 x f64 -> f64>} : tensor<2x4x4xf64>, tensor<2x4x2xf64>, tensor<2x4x2xf64> -> tensor<2x4x2xf64>
nv_tileaa.func @typed(%a: tensor<16x16xi8>, %b: tensor<16x8xi8>, %c: tensor<16x8xi32>,
                      %x: tensor<2x4x4xf64>, %y: tensor<2x4x2xf64>, %z: tensor<2x4x2xf64>) {
  %0 = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>}
      : tensor<16x16xi8>, tensor<16x8xi8>, tensor<16x8xi32> -> tensor<16x8xi32>
  %1 = nv_tileaa.dot %x, %y, %z : tensor<2x4x4xf64>, tensor<2x4x2xf64>, tensor<2x4x2xf64> -> tensor<2x4x2xf64>
  nv_tileaa.return
}

// fp8 operands: mma.sync has them from sm_89 on (the target table's
// MmaSyncFp8), so sm_80 falls back to FMA on the widened values.
// CHECK-LABEL: nv_tileaa.func @fp8
// SM80: arith.extf %{{.*}} : tensor<16x32xf8E4M3FN> to tensor<16x32xf32>
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>}
// SM90: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E4M3FN x f8E4M3FN -> f32>}
nv_tileaa.func @fp8(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x8xf8E4M3FN>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x32xf8E4M3FN>, tensor<32x8xf8E4M3FN>, tensor<16x8xf32> -> tensor<16x8xf32>
  nv_tileaa.return %d : tensor<16x8xf32>
}
