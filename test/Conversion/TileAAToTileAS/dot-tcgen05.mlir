// nv_tileaa.dot on sm_100a, sm_103a and sm_110a takes the tcgen05 atom
// (`tcgen05`) when the tcgen05 table has its element types (f16/bf16 -> f32,
// tf32 -> f32, f32 -> f32 as 3xTF32, e4m3/e5m2 -> f32, s8/u8 -> s32) and the
// tile fits (M 64 or a multiple of 128, or a power of two from 16 padded to
// 64; batched or not; N a power of two from 16, whole K steps, groups of 4
// warps); everything else, and sm_100 (not arch-specific), sm_120a and
// sm_90a, keeps mma.sync or wgmma.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100a | FileCheck %s --check-prefix=TC
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_103a | FileCheck %s --check-prefix=TC
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_110a | FileCheck %s --check-prefix=TC
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s --check-prefix=NOTC
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_120a | FileCheck %s --check-prefix=NOTC
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_90a | FileCheck %s --check-prefix=SM90A
// kind::i8 is sm_100a and sm_110a only.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100a | FileCheck %s --check-prefix=I8
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_110a | FileCheck %s --check-prefix=I8
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_103a | FileCheck %s --check-prefix=NOI8
// I8-LABEL: nv_tileaa.func @fits
// I8: #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k32, si8 x ui8 -> i32>
// NOI8-LABEL: nv_tileaa.func @fits
// NOI8: {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x ui8 -> i32>}

// TC-LABEL: nv_tileaa.func @fits
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k16, f16 x f16 -> f32>} : tensor<128x32xf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k16, bf16 x bf16 -> f32>} : tensor<64x64xbf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k8, tf32 x tf32 -> f32>} : tensor<128x32xtf32>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n{{[0-9]+}}k32, f8E4M3FN x f8E5M2 -> f32>} : tensor<64x32xf8E4M3FN>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<{{.*}}, si8 x ui8 -> i32>} : tensor<64x64xi8>
// NOTC-LABEL: nv_tileaa.func @fits
// NOTC-NOT: mma_atom<tcgen05
// SM90A-LABEL: nv_tileaa.func @fits
// SM90A-NOT: mma_atom<tcgen05
nv_tileaa.func @fits(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>,
                     %a2: tensor<64x64xbf16>, %b2: tensor<64x16xbf16>, %c2: tensor<64x16xf32>,
                     %a3: tensor<128x32xtf32>, %b3: tensor<32x64xtf32>, %c3: tensor<128x64xf32>,
                     %a4: tensor<64x32xf8E4M3FN>, %b4: tensor<32x64xf8E5M2>, %c4: tensor<64x64xf32>,
                     %a5: tensor<64x64xi8>, %b5: tensor<64x64xi8>, %c5: tensor<64x64xi32>)
    attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %d = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  %d2 = nv_tileaa.dot %a2, %b2, %c2 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<64x64xbf16>, tensor<64x16xbf16>, tensor<64x16xf32> -> tensor<64x16xf32>
  %d3 = nv_tileaa.dot %a3, %b3, %c3 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xtf32>, tensor<32x64xtf32>, tensor<128x64xf32> -> tensor<128x64xf32>
  %d4 = nv_tileaa.dot %a4, %b4, %c4 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<64x32xf8E4M3FN>, tensor<32x64xf8E5M2>, tensor<64x64xf32> -> tensor<64x64xf32>
  %d5 = nv_tileaa.dot %a5, %b5, %c5 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, signedness_a = #nv_tileaa<signedness signed>, signedness_b = #nv_tileaa<signedness unsigned>}
      : tensor<64x64xi8>, tensor<64x64xi8>, tensor<64x64xi32> -> tensor<64x64xi32>
  nv_tileaa.return
}

// -----

// Also for tcgen05: 32 rows (padded to the instruction's 64), f32 operands
// (three kind::tf32 MMAs, 3xTF32, keeping f32 precision), a batch
// dimension, and an f16 accumulator (D type F16; the dot is widened here
// and narrowed back by the accumulator pass). Not for tcgen05: N = 8, f64
// (no tcgen05 form), 48 rows (not a power of two).
// TC-LABEL: nv_tileaa.func @does_not_fit
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<32x32xf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x8xf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x64xf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k8, f32 x f32 -> f32>}
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>}
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<2x128x32xf16>
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<48x32xf16>
nv_tileaa.func @does_not_fit(%a: tensor<32x32xf16>, %b: tensor<32x64xf16>, %c: tensor<32x64xf32>,
                             %a1: tensor<128x32xf16>, %b1: tensor<32x8xf16>, %c1: tensor<128x8xf32>,
                             %c3: tensor<128x64xf32>,
                             %a4: tensor<128x16xf32>, %b4: tensor<16x64xf32>,
                             %a6: tensor<64x16xf64>, %b6: tensor<16x32xf64>, %c6: tensor<64x32xf64>,
                             %a5: tensor<2x128x32xf16>, %b5: tensor<2x32x64xf16>, %c5: tensor<2x128x64xf32>,
                             %a7: tensor<48x32xf16>, %c7: tensor<48x64xf32>)
    attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
  %d = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<32x32xf16>, tensor<32x64xf16>, tensor<32x64xf32> -> tensor<32x64xf32>
  %d1 = nv_tileaa.dot %a1, %b1, %c1 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x8xf16>, tensor<128x8xf32> -> tensor<128x8xf32>
  %d3 = nv_tileaa.dot %a1, %b, %c3 {nv_tileaa.f16_accumulator, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
  %d4 = nv_tileaa.dot %a4, %b4, %c3 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x16xf32>, tensor<16x64xf32>, tensor<128x64xf32> -> tensor<128x64xf32>
  %d6 = nv_tileaa.dot %a6, %b6, %c6 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<64x16xf64>, tensor<16x32xf64>, tensor<64x32xf64> -> tensor<64x32xf64>
  %d5 = nv_tileaa.dot %a5, %b5, %c5 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<2x128x32xf16>, tensor<2x32x64xf16>, tensor<2x128x64xf32> -> tensor<2x128x64xf32>
  %d7 = nv_tileaa.dot %a7, %b, %c7 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<48x32xf16>, tensor<32x64xf16>, tensor<48x64xf32> -> tensor<48x64xf32>
  nv_tileaa.return
}

// -----

// Two warps cannot cover the four tensor-memory lane quarters.
// TC-LABEL: nv_tileaa.func @two_warps
// TC: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>}
nv_tileaa.func @two_warps(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>)
    attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
  %d = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<64x32xf16>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return
}
