// RUN: tilecc-opt --tileas-assign-layouts --split-input-file --verify-diagnostics %s | FileCheck %s

// Block-scaled mma.sync (an mma_bs_ atom, sm_120a): A and B take the 8-bit
// m16n8k32 fragments, the accumulator the m16n8 one over warps [2, 1], and
// the scales the scale_vec::1X fragments: scale_a row g + 8 in lane 4g + 1
// (lane bit 0 -> row 8, lane bit 1 repeats), scale_b column g in every lane
// of quad g; registers walk the K blocks.
// CHECK-LABEL: nv_tileaa.func @scaled
// CHECK-DAG: %[[A:.*]] = nv_tileas.convert_layout %arg0 : {{.*}} -> tensor<32x64xf8E4M3FN, #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16), (0, 32)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = [(16, 0)]} -> {dim0 = 32, dim1 = 64}>>
// CHECK-DAG: %[[B:.*]] = nv_tileas.convert_layout %arg1 : {{.*}} -> tensor<64x16xf8E4M3FN, #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0), (32, 0), (0, 8)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 0)]} -> {dim0 = 64, dim1 = 16}>>
// CHECK-DAG: %[[SA:.*]] = nv_tileas.convert_layout %arg3 : {{.*}} -> tensor<32x2xf8E8M0FNU, #nv_tileas.linear<{register = [(0, 1)], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = [(16, 0)]} -> {dim0 = 32, dim1 = 2}>>
// CHECK-DAG: %[[SB:.*]] = nv_tileas.convert_layout %arg4 : {{.*}} -> tensor<2x16xf8E8M0FNU, #nv_tileas.linear<{register = [(1, 0), (0, 8)], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 0)]} -> {dim0 = 2, dim1 = 16}>>
// CHECK: nv_tileas.block_scaled_mma %[[A]], %[[B]], %arg2, %[[SA]], %[[SB]] {{.*}} -> tensor<32x16xf32, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0)]} -> {dim0 = 32, dim1 = 16}>>
module attributes {nv_tileas.compute_capability = 120 : i32} {
  nv_tileaa.func @scaled(%a: tensor<32x64xf8E4M3FN>, %b: tensor<64x16xf8E4M3FN>, %c: tensor<32x16xf32>, %sa: tensor<32x2xf8E8M0FNU>, %sb: tensor<2x16xf8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<32x64xf8E4M3FN>, tensor<64x16xf8E4M3FN>, tensor<32x16xf32>, tensor<32x2xf8E8M0FNU>, tensor<2x16xf8E8M0FNU> -> tensor<32x16xf32>
    nv_tileaa.return
  }
}

// -----

// mma.sync scales f8 operands in blocks of 32 K elements only
// (scale_vec::1X): a 16-element block has no fragment layout.
module attributes {nv_tileas.compute_capability = 120 : i32} {
  nv_tileaa.func @ragged(%a: tensor<16x64xf8E4M3FN>, %b: tensor<64x8xf8E4M3FN>, %c: tensor<16x8xf32>, %sa: tensor<16x4xf8E8M0FNU>, %sb: tensor<4x8xf8E8M0FNU>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    // expected-error @below {{fails to assign mma layouts: block-scaled mma.sync scales blocks of 32 K elements (16 for f4E2M1FN), not 16}}
    %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 16>} : tensor<16x64xf8E4M3FN>, tensor<64x8xf8E4M3FN>, tensor<16x8xf32>, tensor<16x4xf8E8M0FNU>, tensor<4x8xf8E8M0FNU> -> tensor<16x8xf32>
    nv_tileaa.return
  }
}


// -----

// nvfp4 (f4E2M1FN, 16-element blocks): the 4-bit m16n8k64 fragments, and
// four scales per instruction in registers 0..3 (scale_vec::4X).
// CHECK-LABEL: nv_tileaa.func @nvfp4
// CHECK-DAG: nv_tileas.convert_layout %arg0 : {{.*}} -> tensor<16x64xf4E2M1FN, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (8, 0), (0, 32)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 64}>>
// CHECK-DAG: nv_tileas.convert_layout %arg3 : {{.*}} -> tensor<16x4xf8E4M3FN, #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 4}>>
// CHECK-DAG: nv_tileas.convert_layout %arg4 : {{.*}} -> tensor<4x8xf8E4M3FN, #nv_tileas.linear<{register = [(1, 0), (2, 0)], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 4, dim1 = 8}>>
// CHECK: nv_tileas.block_scaled_mma
module attributes {nv_tileas.compute_capability = 120 : i32} {
  nv_tileaa.func @nvfp4(%a: tensor<16x64xf4E2M1FN>, %b: tensor<64x8xf4E2M1FN>, %c: tensor<16x8xf32>, %sa: tensor<16x4xf8E4M3FN>, %sb: tensor<4x8xf8E4M3FN>) attributes {nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>} : tensor<16x64xf4E2M1FN>, tensor<64x8xf4E2M1FN>, tensor<16x8xf32>, tensor<16x4xf8E4M3FN>, tensor<4x8xf8E4M3FN> -> tensor<16x8xf32>
    nv_tileaa.return
  }
}
