// An f16 mmaf accumulator arrives widened around the f32 nv_tileaa.dot
// (fp_to_fp f16 -> f32, dot, fp_to_fp f32 -> f16), the dot marked
// nv_tileaa.f16_accumulator. Where the instruction keeps f16 accumulators
// (mma.sync .f16.f16.f16.f16: f16 operands; tcgen05.mma with D type F16:
// f16 and fp8 operands) the dot takes the f16
// accumulator and the conversions go; the mark never leaves the pass.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s --check-prefixes=CHECK,SM100
// On sm_100a a tile tcgen05 takes keeps its f16 accumulator in the
// instruction (D type F16) for f16 and for fp8 operands.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_100a | FileCheck %s --check-prefix=TC

// CHECK-NOT: f16_accumulator
// CHECK-LABEL: nv_tileaa.func @narrowed
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xf16>, %[[B:.*]]: tensor<32x64xf16>, %[[C:.*]]: tensor<64x64xf16>)
// CHECK-NOT: arith.extf
// CHECK: %[[D:.*]] = nv_tileas.dot %[[A]], %[[B]], %[[C]] {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f16>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
// CHECK-NOT: arith.truncf
// CHECK: return %[[D]]
// TC-LABEL: nv_tileaa.func @narrowed
// TC-NOT: arith.extf
// TC: nv_tileas.dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f16>} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
// TC-NEXT: nv_tileaa.return
nv_tileaa.func @narrowed(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %w = nv_tileaa.fp_to_fp %c : tensor<64x64xf16> -> tensor<64x64xf32>
  %d = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  %r = nv_tileaa.fp_to_fp %d : tensor<64x64xf32> -> tensor<64x64xf16>
  nv_tileaa.return %r : tensor<64x64xf16>
}

// Inside a K loop the f16 accumulator is carried as is.
// CHECK-LABEL: nv_tileaa.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (tensor<32x16xf16>)
// CHECK-NEXT: %[[D:.*]] = nv_tileas.dot %{{.*}}, %{{.*}}, %[[S]] {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f16>}
// CHECK-NEXT: scf.yield %[[D]] : tensor<32x16xf16>
nv_tileaa.func @loop(%a: tensor<32x16xf16>, %b: tensor<16x16xf16>, %c: tensor<32x16xf16>, %n: index) -> tensor<32x16xf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c) -> (tensor<32x16xf16>) {
    %w = nv_tileaa.fp_to_fp %s : tensor<32x16xf16> -> tensor<32x16xf32>
    %d = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<32x16xf16>, tensor<16x16xf16>, tensor<32x16xf32> -> tensor<32x16xf32>
    %r = nv_tileaa.fp_to_fp %d : tensor<32x16xf32> -> tensor<32x16xf16>
    scf.yield %r : tensor<32x16xf16>
  }
  nv_tileaa.return %acc : tensor<32x16xf16>
}

// fp8 operands have no f16-accumulator mma.sync here: they keep f32 (on
// sm_80, which has no fp8 mma.sync, as scalar FMA).
// CHECK-LABEL: nv_tileaa.func @fp8
// CHECK: arith.extf
// SM80: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<fma, m1n1k1, f32 x f32 -> f32>}
// SM100: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E5M2 x f8E5M2 -> f32>}
// CHECK: arith.truncf
nv_tileaa.func @fp8(%a: tensor<16x32xf8E5M2>, %b: tensor<32x8xf8E5M2>, %c: tensor<16x8xf16>) -> tensor<16x8xf16> {
  %w = nv_tileaa.fp_to_fp %c : tensor<16x8xf16> -> tensor<16x8xf32>
  %d = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<16x32xf8E5M2>, tensor<32x8xf8E5M2>, tensor<16x8xf32> -> tensor<16x8xf32>
  %r = nv_tileaa.fp_to_fp %d : tensor<16x8xf32> -> tensor<16x8xf16>
  nv_tileaa.return %r : tensor<16x8xf16>
}

// fp8 operands on a tile tcgen05 takes: kind::f8f6f4 with D type F16.
// TC-LABEL: nv_tileaa.func @fp8_tcgen05
// TC-NOT: arith.extf
// TC: nv_tileas.dot %{{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k32, f8E5M2 x f8E5M2 -> f16>} : tensor<64x32xf8E5M2>, tensor<32x64xf8E5M2>, tensor<64x64xf16> -> tensor<64x64xf16>
// TC-NEXT: nv_tileaa.return
nv_tileaa.func @fp8_tcgen05(%a: tensor<64x32xf8E5M2>, %b: tensor<32x64xf8E5M2>, %c: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %w = nv_tileaa.fp_to_fp %c : tensor<64x64xf16> -> tensor<64x64xf32>
  %d = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<64x32xf8E5M2>, tensor<32x64xf8E5M2>, tensor<64x64xf32> -> tensor<64x64xf32>
  %r = nv_tileaa.fp_to_fp %d : tensor<64x64xf32> -> tensor<64x64xf16>
  nv_tileaa.return %r : tensor<64x64xf16>
}

// The f32 sum is used as well (or rounded otherwise than to nearest even):
// it stays an f32 dot.
// CHECK-LABEL: nv_tileaa.func @f32_used
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
nv_tileaa.func @f32_used(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf16>) -> (tensor<16x8xf16>, tensor<16x8xf32>, tensor<16x8xf16>) {
  %w = nv_tileaa.fp_to_fp %c : tensor<16x8xf16> -> tensor<16x8xf32>
  %d = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  %r = nv_tileaa.fp_to_fp %d : tensor<16x8xf32> -> tensor<16x8xf16>
  %e = nv_tileaa.dot %a, %b, %w {nv_tileaa.f16_accumulator} : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  %z = nv_tileaa.fp_to_fp %e {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16x8xf32> -> tensor<16x8xf16>
  nv_tileaa.return %r, %d, %z : tensor<16x8xf16>, tensor<16x8xf32>, tensor<16x8xf16>
}

// An f32 mmaf whose result the program rounds to f16 itself is not marked:
// its f32 partial sums stay.
// CHECK-LABEL: nv_tileaa.func @unmarked
// CHECK: arith.extf
// CHECK: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
// CHECK: arith.truncf
nv_tileaa.func @unmarked(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf16>) -> tensor<16x8xf16> {
  %w = nv_tileaa.fp_to_fp %c : tensor<16x8xf16> -> tensor<16x8xf32>
  %d = nv_tileaa.dot %a, %b, %w : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  %r = nv_tileaa.fp_to_fp %d : tensor<16x8xf32> -> tensor<16x8xf16>
  nv_tileaa.return %r : tensor<16x8xf16>
}
// CHECK-NOT: f16_accumulator
