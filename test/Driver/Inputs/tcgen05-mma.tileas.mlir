// A block-scaled tcgen05 MMA (the first case of
// Conversion/TileASToLLVM/tcgen05-block-scaled.mlir), to be lowered for sm_100.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
nv_tileaa.func @e4m3(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<128x16xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}
