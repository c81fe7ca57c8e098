// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_110 --convert-tileas-to-llvm="arch=sm_110" --split-input-file --verify-diagnostics %s | FileCheck %s

// block_scaled_mma of a 64-row tile on tcgen05: the block-scaled kinds have
// no M = 64 shape, so one M = 128 instruction (M >> 4 = 8 at bit 24 of the
// instruction descriptor, 0x08840000 as for 128 rows) computes it, tile row
// 16 q + l in instruction row 32 q + l. A takes 128 rows of shared memory
// (K = 32: 4096 bytes, B at 4096), the 8-row groups of rows 32 q + 16 ..
// 32 q + 31 never written. C and the result have the 16x32bx2 register
// layout (thread l of warp q: row 16 q + l % 16, columns 8 (l / 16) + r), so
// no staging: one tcgen05.st / ld 16x32bx2.x8 with immHalfSplitoff 8.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (0, 8)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (0, 0)]} -> {dim0 = 64, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
// Scratch: A 4096, B 512, two scale chunks 1024, staging 4096, mbarrier 8,
// tensor-memory address 4.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<9740 x i8>
// CHECK-LABEL: llvm.func @m64
// CHECK: ^bb1:
// CHECK-NEXT: llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc
// CHECK: nvvm.fence.proxy
// CHECK: %[[SPLIT:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}}, %[[SPLIT]] {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
// CHECK-COUNT-2: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// CHECK: llvm.mlir.constant(4096 : i64)
// CHECK: llvm.mlir.constant(142868480 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
// CHECK: llvm.mlir.constant(32 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc
// CHECK-NOT: llvm.load
// CHECK: llvm.return
nv_tileaa.func @m64(%a: tensor<64x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<64x16xf32, #C>, %sa: tensor<64x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<64x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<64x16xf32, #C>, tensor<64x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<64x16xf32, #C>
  nv_tileaa.return
}

// -----

// 32 rows are laid out as 64 (the further rows unwritten padding in A and
// the A scales, unread in D): the same scratch and accesses as a 64-row
// tile.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<9740 x i8>
// CHECK-LABEL: llvm.func @m32
// CHECK: ^bb1:
// CHECK-NEXT: llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc
// CHECK: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
nv_tileaa.func @m32(%a: tensor<32x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<32x16xf32, #C>, %sa: tensor<32x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<32x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<32x16xf32, #C>, tensor<32x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<32x16xf32, #C>
  nv_tileaa.return
}

// -----

// Batched, 32 rows a slice: each slice padded to 64 rows, the tensor memory
// reused slice after slice.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<19468 x i8>
// CHECK-LABEL: llvm.func @batched
// CHECK-COUNT-2: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK-NOT: tcgen05.mma
#A = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 32, dim2 = 32}>
#B = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 32, dim2 = 16}>
#C = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 32, dim2 = 16}>
#SA = #nv_tileas.linear<{register = [(1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 32, dim2 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 1, dim2 = 16}>
nv_tileaa.func @batched(%a: tensor<2x32x32xf8E4M3FN, #A>, %b: tensor<2x32x16xf8E4M3FN, #B>, %c: tensor<2x32x16xf32, #C>, %sa: tensor<2x32x1xf8E8M0FNU, #SA>, %sb: tensor<2x1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<2x32x32xf8E4M3FN, #A>, tensor<2x32x16xf8E4M3FN, #B>, tensor<2x32x16xf32, #C>, tensor<2x32x1xf8E8M0FNU, #SA>, tensor<2x1x16xf8E8M0FNU, #SB> -> tensor<2x32x16xf32, #C>
  nv_tileaa.return
}
