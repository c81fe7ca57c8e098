// A block-scaled mma.sync (sm_120a) in scheduled nv_tileas IR: lowered to
// nvvm.mma.block_scale by the TileAS->LLVM conversion (target-features.test).
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16), (0, 32)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0), (32, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 64, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [(0, 1)], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 2}>
#SB = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 2, dim1 = 8}>
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @e5m2(%a: tensor<16x64xf8E5M2, #A>, %b: tensor<64x8xf8E5M2, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x2xf8E8M0FNU, #SA>, %sb: tensor<2x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E5M2 x f8E5M2 -> f32, scale f8E8M0FNU per 32>} : tensor<16x64xf8E5M2, #A>, tensor<64x8xf8E5M2, #B>, tensor<16x8xf32, #C>, tensor<16x2xf8E8M0FNU, #SA>, tensor<2x8xf8E8M0FNU, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}
