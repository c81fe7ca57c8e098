// nv_tileaa.dot on sm_90a takes the warpgroup MMA atom (`wgmma_`) when the
// instruction table has its types (f16/bf16 -> f32) and the tile splits into
// warpgroups for the kernel's warps (M a multiple of 16 per warp, N a power
// of two from 16 to 256, K of 16); everything else, and every other target
// (sm_90 included), keeps mma.sync.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_90a | FileCheck %s --check-prefix=SM90A
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_90 | FileCheck %s --check-prefix=SM90
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100a | FileCheck %s --check-prefix=SM90

// SM90A: module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32, nv_tileas.static_shared_limit = {{[0-9]+}} : i32}
// SM90A-LABEL: nv_tileaa.func @fits
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n{{[0-9]+}}k16, f16 x f16 -> f32>} : tensor<128x32xf16>
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<wgmma, m64n{{[0-9]+}}k16, bf16 x bf16 -> f32>} : tensor<128x64xbf16>
// SM90-LABEL: nv_tileaa.func @fits
// SM90-NOT: wgmma
nv_tileaa.func @fits(%a: tensor<128x32xf16>, %b: tensor<32x128xf16>, %c: tensor<128x128xf32>,
                     %a2: tensor<128x64xbf16>, %b2: tensor<64x64xbf16>, %c2: tensor<128x64xf32>)
    attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %d = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x128xf16>, tensor<128x128xf32> -> tensor<128x128xf32>
  %d2 = nv_tileaa.dot %a2, %b2, %c2 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x64xbf16>, tensor<64x64xbf16>, tensor<128x64xf32> -> tensor<128x64xf32>
  nv_tileaa.return
}

// -----

// Not for wgmma: 64 rows for 8 warps (16 each needs 128), N = 8, an f16
// accumulator, tf32 operands, a batch dimension.
// SM90A-LABEL: nv_tileaa.func @does_not_fit
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<64x32xf16>
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<128x32xf16>, tensor<32x8xf16>
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f{{16|32}}>} : tensor<128x32xf16>, tensor<32x64xf16>
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>}
// SM90A: nv_tileas.dot {{.*}} {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<2x128x32xf16>
nv_tileaa.func @does_not_fit(%a: tensor<64x32xf16>, %b: tensor<32x128xf16>, %c: tensor<64x128xf32>,
                             %a1: tensor<128x32xf16>, %b1: tensor<32x8xf16>, %c1: tensor<128x8xf32>,
                             %b3: tensor<32x64xf16>, %c3: tensor<128x64xf32>,
                             %a4: tensor<128x32xtf32>, %b4: tensor<32x64xtf32>, %c4: tensor<128x64xf32>,
                             %a5: tensor<2x128x32xf16>, %b5: tensor<2x32x64xf16>, %c5: tensor<2x128x64xf32>)
    attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 8>} {
  %d = nv_tileaa.dot %a, %b, %c {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<64x32xf16>, tensor<32x128xf16>, tensor<64x128xf32> -> tensor<64x128xf32>
  %d1 = nv_tileaa.dot %a1, %b1, %c1 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x8xf16>, tensor<128x8xf32> -> tensor<128x8xf32>
  %d3 = nv_tileaa.dot %a1, %b3, %c3 {nv_tileaa.f16_accumulator, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xf16>, tensor<32x64xf16>, tensor<128x64xf32> -> tensor<128x64xf32>
  %d4 = nv_tileaa.dot %a4, %b4, %c4 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<128x32xtf32>, tensor<32x64xtf32>, tensor<128x64xf32> -> tensor<128x64xf32>
  %d5 = nv_tileaa.dot %a5, %b5, %c5 {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>}
      : tensor<2x128x32xf16>, tensor<2x32x64xf16>, tensor<2x128x64xf32> -> tensor<2x128x64xf32>
  nv_tileaa.return
}
