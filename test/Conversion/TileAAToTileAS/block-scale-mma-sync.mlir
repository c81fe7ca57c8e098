// Block-scaled dots on sm_120a / sm_121a (block-scaled MMA without tcgen05)
// take the mma_sync_block_scaled atom family, which lowers to block-scaled mma.sync.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_120a | FileCheck %s
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_121a | FileCheck %s
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_110a | FileCheck %s --check-prefix=TCGEN05

// CHECK-LABEL: nv_tileaa.func @block_scaled
// CHECK: nv_tileas.block_scaled_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<64x64xf8E4M3FN>, tensor<64x32xf8E4M3FN>, tensor<64x32xf32>, tensor<64x2xf8E8M0FNU>, tensor<2x32xf8E8M0FNU> -> tensor<64x32xf32>
// TCGEN05: {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n{{[0-9]+}}k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>}
nv_tileaa.func @block_scaled(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x32xf8E4M3FN>, %c: tensor<64x32xf32>,
                             %sa: tensor<64x2xf8E8M0FNU>, %sb: tensor<2x32xf8E8M0FNU>) -> tensor<64x32xf32>
    attributes {cute.kernel} {
  %d = nv_tileaa.dot %a, %b, %c, %sa, %sb
      : tensor<64x64xf8E4M3FN>, tensor<64x32xf8E4M3FN>, tensor<64x32xf32>, tensor<64x2xf8E8M0FNU>, tensor<2x32xf8E8M0FNU> -> tensor<64x32xf32>
  nv_tileaa.return %d : tensor<64x32xf32>
}
