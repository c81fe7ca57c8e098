// Input of block-scaled-mma-sync.mlir: a block-scaled mma.sync atom on a
// target without block-scaled MMA.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 1, dim1 = 8}>
nv_tileaa.func @sm90(%a: tensor<16x32xf8E4M3FN, #A>, %b: tensor<32x8xf8E4M3FN, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x1xf8E8M0FNU, #SA>, %sb: tensor<1x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{block-scaled mma.sync is not supported on sm_90a}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<16x32xf8E4M3FN, #A>, tensor<32x8xf8E4M3FN, #B>, tensor<16x8xf32, #C>, tensor<16x1xf8E8M0FNU, #SA>, tensor<1x8xf8E8M0FNU, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
