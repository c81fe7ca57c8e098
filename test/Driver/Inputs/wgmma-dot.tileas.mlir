// A wgmma dot in its fragment layouts (the first case of
// Conversion/TileASToLLVM/dot-wgmma.mlir), to be lowered for sm_90a.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @from_registers(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}
