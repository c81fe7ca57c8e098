// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file --verify-diagnostics %s

// Shapes and types the tcgen05 block-scaled lowering cannot take get a
// located diagnostic at the op (and the conversion fails there).

// f8E4M3FN scales go with f4E2M1FN operands and 16-element blocks only.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (32, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [(0, 1)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 2}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (1, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 2, dim1 = 16}>
nv_tileaa.func @f4_e4m3_block32(%a: tensor<128x64xf4E2M1FN, #A>, %b: tensor<64x16xf4E2M1FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x2xf8E4M3FN, #SA>, %sb: tensor<2x16xf8E4M3FN, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  // expected-error @+2 {{block-scaled MMA with 'f4E2M1FN' operands and 'f8E4M3FN' scales is not supported by the tcgen05 lowering (it supports f8E4M3FN and f8E5M2 operands with f8E8M0FNU scales per 32 elements of K, f4E2M1FN operands with f8E8M0FNU scales per 32 or 16 and f8E4M3FN scales per 16, accumulating in f32)}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 32>} : tensor<128x64xf4E2M1FN, #A>, tensor<64x16xf4E2M1FN, #B>, tensor<128x16xf32, #C>, tensor<128x2xf8E4M3FN, #SA>, tensor<2x16xf8E4M3FN, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// f4E2M1FN needs K to be a multiple of 64 (32 bytes: two core matrices).
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
nv_tileaa.func @f4_k32(%a: tensor<128x32xf4E2M1FN, #A>, %b: tensor<32x16xf4E2M1FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  // expected-error @+2 {{tcgen05 block-scaled MMA of 'f4E2M1FN' needs K to be a multiple of 64, not 32}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf4E2M1FN, #A>, tensor<32x16xf4E2M1FN, #B>, tensor<128x16xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (16, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 8}>
nv_tileaa.func @n8(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x8xf8E4M3FN, #B>, %c: tensor<128x8xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  // expected-error @+2 {{tcgen05 block-scaled MMA needs N to be a multiple of 16, not 8}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x8xf8E4M3FN, #B>, tensor<128x8xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x8xf8E8M0FNU, #SB> -> tensor<128x8xf32, #C>
  nv_tileaa.return
}

// -----

// 256 x 256 accumulators take 512 columns; with the scales, 1024.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (128, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 256, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 256}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128), (128, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 256, dim1 = 256}>
#SA = #nv_tileas.linear<{register = [(128, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 256, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 256}>
nv_tileaa.func @columns(%a: tensor<256x32xf8E4M3FN, #A>, %b: tensor<32x256xf8E4M3FN, #B>, %c: tensor<256x256xf32, #C>, %sa: tensor<256x1xf8E8M0FNU, #SA>, %sb: tensor<1x256xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  // expected-error @+2 {{tcgen05 block-scaled MMA of 256x256x32 needs 528 tensor-memory columns, more than the 512 of an SM}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n256k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<256x32xf8E4M3FN, #A>, tensor<32x256xf8E4M3FN, #B>, tensor<256x256xf32, #C>, tensor<256x1xf8E8M0FNU, #SA>, tensor<1x256xf8E8M0FNU, #SB> -> tensor<256x256xf32, #C>
  nv_tileaa.return
}

// -----

// One warp cannot reach the 128 tensor-memory lanes of the accumulator.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (32, 0), (64, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (32, 0), (64, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [(32, 0), (64, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = []} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 1, dim1 = 16}>
nv_tileaa.func @one_warp(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @+2 {{tcgen05 block-scaled MMA needs a multiple of 4 warps (one per tensor-memory lane quarter), not 1}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<128x16xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// A 64-row tile gives each half-warp half of its warp group's columns: with
// 64 warps (16 groups) N = 16 leaves one column per warp group.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
nv_tileaa.func @m64_warps(%a: tensor<64x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<64x16xf32, #C>, %sa: tensor<64x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 64 : i32} {
  // expected-error @+2 {{tcgen05 block-scaled MMA of 64 rows with 64 warps needs N to be at least 32}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<64x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<64x16xf32, #C>, tensor<64x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<64x16xf32, #C>
  nv_tileaa.return
}
