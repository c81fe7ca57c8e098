// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_103 --convert-tileas-to-llvm="arch=sm_103" --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_110 --convert-tileas-to-llvm="arch=sm_110" --split-input-file --verify-diagnostics %s | FileCheck %s

// block_scaled_mma on tcgen05, M = 128, N = 16, K = 32 (one instruction, one
// scale block). C and the result already have the tcgen05.ld/st register
// layout (row = 32 * warp + lane, column = register), so no staging. Tensor
// memory: 16 accumulator columns + 4 + 4 scale columns -> 32 allocated.
// Instruction descriptor: e4m3 x e4m3 (0, 0), N >> 3 = 2 at bit 17, ue8m0
// scales (bit 23), M >> 4 = 8 at bit 24: 0x08840000.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
// CHECK-LABEL: llvm.mlir.global internal @tilecc_scratch
// CHECK-LABEL: llvm.func @e4m3
// CHECK: nvvm.barrier0
// B is held by every warp: only warp 0 stores it (a predicated st.shared).
// The operands are stored before the allocation's branches (in the block
// that produced them).
// CHECK: st.shared
// CHECK: llvm.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: llvm.mlir.constant(32 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <store>
// CHECK: nvvm.barrier0
// One elected thread copies the scales, issues the MMA and commits.
// CHECK: nvvm.elect.sync
// CHECK-COUNT-2: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// CHECK: llvm.mlir.constant(142868480 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// CHECK: nvvm.mbarrier.try_wait
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: nvvm.tcgen05.wait <load>
// The accumulator's registers are the result's: no staging.
// CHECK: nvvm.barrier0
// CHECK: llvm.mlir.constant(32 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc
// CHECK: nvvm.mbarrier.inval
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.return
nv_tileaa.func @e4m3(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<128x16xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// e5m2 operands (type code 1 for A at bit 7 and B at bit 10): 0x08840480.
// C and the result in a blocked layout: C moves to the tcgen05 register
// layout through the staging area before tcgen05.st, the accumulator back
// after tcgen05.ld, four consecutive columns per access. K = 64: two instructions, scale blocks 0 and 1 of the
// same column (scale-factor ids 0 and 1 at bits 29 and 4: 0x28840490).
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (32, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (16, 0), (32, 0), (64, 0)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [(0, 1)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 2}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (1, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 2, dim1 = 16}>
// CHECK-LABEL: llvm.func @e5m2_blocked
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK-COUNT-2: nvvm.tcgen05.cp %{{.*}}, %{{.*}} {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// CHECK: llvm.mlir.constant(142869632 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK: llvm.mlir.constant(679740560 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf8f6f4>}
// CHECK: nvvm.tcgen05.commit
// The accumulator streams through the row-major staging area (16-byte
// stores) into the blocked result layout, as the plain dots' epilogue.
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.tcgen05.dealloc
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<4xf32>
nv_tileaa.func @e5m2_blocked(%a: tensor<128x64xf8E5M2, #A>, %b: tensor<64x16xf8E5M2, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x2xf8E8M0FNU, #SA>, %sb: tensor<2x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E5M2 x f8E5M2 -> f32, scale f8E8M0FNU per 32>} : tensor<128x64xf8E5M2, #A>, tensor<64x16xf8E5M2, #B>, tensor<128x16xf32, #C>, tensor<128x2xf8E8M0FNU, #SA>, tensor<2x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// f4E2M1FN operands with f8E8M0FNU scales per 32: kind::mxf4, two scale
// blocks per instruction (scale_vec::2X, scale-factor ids 0 and 2), e2m1
// type code 1: 0x08840480 and 0x488404a0. Each operand goes a byte per
// element into the staging area, then every thread packs pairs of them
// (low half first) into the descriptor's layout: K = 128 is 64 bytes a row.
#A = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0), (32, 0), (64, 0)], lane = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], warp = [(0, 32), (0, 64)]} -> {dim0 = 128, dim1 = 128}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (32, 0), (64, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 128, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 4}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (1, 0), (2, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 4, dim1 = 16}>
// CHECK-LABEL: llvm.func @mxf4
// CHECK: llvm.zext %{{.*}} : i4 to i8
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<16xi8>
// CHECK: llvm.shl
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<8xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: nvvm.tcgen05.alloc
// CHECK: nvvm.fence.proxy
// CHECK: llvm.mlir.constant(142869632 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4>}
// CHECK: llvm.mlir.constant(1216611488 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block32>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4>}
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit
nv_tileaa.func @mxf4(%a: tensor<128x128xf4E2M1FN, #A>, %b: tensor<128x16xf4E2M1FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x4xf8E8M0FNU, #SA>, %sb: tensor<4x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x128xf4E2M1FN, #A>, tensor<128x16xf4E2M1FN, #B>, tensor<128x16xf32, #C>, tensor<128x4xf8E8M0FNU, #SA>, tensor<4x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// f4E2M1FN with f8E4M3FN (ue4m3) scales per 16: kind::mxf4nvf4, all four
// scale bytes of a column per instruction (scale_vec::4X), scale type bit
// 23 clear: 0x08040480. The kind needs PTX ISA 8.7 (a module flag).
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (32, 0)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 4}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (1, 0), (2, 0)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 4, dim1 = 16}>
// CHECK-LABEL: llvm.func @mxf4nvf4
// CHECK: llvm.mlir.constant(134481024 : i32)
// CHECK: nvvm.tcgen05.mma.block_scale %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {blockScale = #nvvm.tcgen05_mma_block_scale<block16>, ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.block_scale_kind<mxf4nvf4>}
// CHECK-NOT: tcgen05.mma
nv_tileaa.func @mxf4nvf4(%a: tensor<128x64xf4E2M1FN, #A>, %b: tensor<64x16xf4E2M1FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x4xf8E4M3FN, #SA>, %sb: tensor<4x16xf8E4M3FN, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>} : tensor<128x64xf4E2M1FN, #A>, tensor<64x16xf4E2M1FN, #B>, tensor<128x16xf32, #C>, tensor<128x4xf8E4M3FN, #SA>, tensor<4x16xf8E4M3FN, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// Eight warps: warps w and w + 4 reach the same lane quarter (w % 4) and
// take one half of N each (8 columns: 32x32b.x8 at column 8 * (w / 4)).
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0), (0, 16)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0), (0, 8)]} -> {dim0 = 128, dim1 = 16}>
#SA = #nv_tileas.linear<{register = [], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0), (0, 0)]} -> {dim0 = 128, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(0, 0), (0, 0), (0, 0), (0, 0), (0, 0)], warp = [(0, 0), (0, 0), (0, 0)]} -> {dim0 = 1, dim1 = 16}>
// CHECK-LABEL: llvm.func @eight_warps
// CHECK: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.mma
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<8xi32>
// CHECK: nvvm.barrier0
// CHECK: nvvm.tcgen05.dealloc
nv_tileaa.func @eight_warps(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<128x16xf32, #C>, %sa: tensor<128x1xf8E8M0FNU, #SA>, %sb: tensor<1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 8 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<128x16xf32, #C>, tensor<128x1xf8E8M0FNU, #SA>, tensor<1x16xf8E8M0FNU, #SB> -> tensor<128x16xf32, #C>
  nv_tileaa.return
}

// -----

// A batched op: both slices in shared memory, one tcgen05 sequence per
// slice in the same tensor memory (one allocation), the second slice's
// operands one slice further on (A: 128 x 32 bytes, B: 16 x 32 bytes), the
// mbarrier waited on with parity 0, then 1.
// CHECK-LABEL: llvm.func @batched
// CHECK-COUNT-1: nvvm.tcgen05.alloc
// CHECK-NOT: tcgen05.alloc
// CHECK: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: %[[P0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P0]]
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: nvvm.tcgen05.mma.block_scale
// CHECK: %[[P1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P1]]
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK-NOT: tcgen05.alloc
// CHECK: nvvm.tcgen05.dealloc
// CHECK-NOT: tcgen05.mma
// CHECK: llvm.return
#A = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 32, 0), (0, 64, 0)]} -> {dim0 = 2, dim1 = 128, dim2 = 32}>
#B = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 32, dim2 = 16}>
#C = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 32, 0), (0, 64, 0)]} -> {dim0 = 2, dim1 = 128, dim2 = 16}>
#SA = #nv_tileas.linear<{register = [(1, 0, 0)], lane = [(0, 1, 0), (0, 2, 0), (0, 4, 0), (0, 8, 0), (0, 16, 0)], warp = [(0, 32, 0), (0, 64, 0)]} -> {dim0 = 2, dim1 = 128, dim2 = 1}>
#SB = #nv_tileas.linear<{register = [(0, 0, 1), (0, 0, 2), (0, 0, 4), (0, 0, 8), (1, 0, 0)], lane = [(0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 1, dim2 = 16}>
nv_tileaa.func @batched(%a: tensor<2x128x32xf8E4M3FN, #A>, %b: tensor<2x32x16xf8E4M3FN, #B>, %c: tensor<2x128x16xf32, #C>, %sa: tensor<2x128x1xf8E8M0FNU, #SA>, %sb: tensor<2x1x16xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<2x128x32xf8E4M3FN, #A>, tensor<2x32x16xf8E4M3FN, #B>, tensor<2x128x16xf32, #C>, tensor<2x128x1xf8E8M0FNU, #SA>, tensor<2x1x16xf8E8M0FNU, #SB> -> tensor<2x128x16xf32, #C>
  nv_tileaa.return
}
