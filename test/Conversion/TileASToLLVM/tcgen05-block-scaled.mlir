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
// CHECK: "{\0A.reg .pred %p;\0Asetp.eq.u32 %p, $0, 0;\0A@%p tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 32;\0A}", "r,r"
// CHECK: @%p mbarrier.init.shared::cta.b64 [$1], 1;\0A@%p fence.mbarrier_init.release.cluster;
// B is held by every warp: only warp 0 stores it (a predicated st.shared).
// CHECK: st.shared
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK: "tcgen05.fence::before_thread_sync;"
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: "tcgen05.fence::after_thread_sync;"
// CHECK: "tcgen05.st.sync.aligned.32x32b.x16.b32 [$0], {$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16};\0Atcgen05.wait::st.sync.aligned;"
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: @%p tcgen05.cp.cta_group::1.32x128b.warpx4 [$1], $2;
// CHECK: llvm.mlir.constant(142868480 : i32)
// CHECK: @%p tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X [$1], $2, $3, $4, [$5], [$6], %p;
// CHECK-NOT: tcgen05.mma
// CHECK: @%p tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [$1];
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;
// CHECK: "tcgen05.ld.sync.aligned.32x32b.x16.b32 {$0, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15}, [$16];\0Atcgen05.wait::ld.sync.aligned;"
// CHECK: nvvm.barrier0
// CHECK: @%p tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 32;
// CHECK: @%p mbarrier.inval.shared::cta.b64 [$1];
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
// CHECK: tcgen05.alloc
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK: tcgen05.st.sync.aligned.32x32b.x16.b32
// CHECK-COUNT-2: tcgen05.cp.cta_group::1.32x128b.warpx4
// CHECK: llvm.mlir.constant(142869632 : i32)
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X
// CHECK: llvm.mlir.constant(679740560 : i32)
// CHECK: tcgen05.mma.cta_group::1.kind::mxf8f6f4.block_scale.scale_vec::1X
// CHECK: tcgen05.commit
// CHECK: tcgen05.ld.sync.aligned.32x32b.x16.b32
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 32;
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
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
// CHECK: tcgen05.alloc
// CHECK: llvm.zext %{{.*}} : i4 to i8
// CHECK: nvvm.barrier0
// CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<3> -> vector<16xi8>
// CHECK: llvm.shl
// CHECK: llvm.store %{{.*}} {alignment = 8 : i64} : vector<8xi8>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK: llvm.mlir.constant(142869632 : i32)
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X [$1], $2, $3, $4, [$5], [$6], %p;
// CHECK: llvm.mlir.constant(1216611488 : i32)
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.scale_vec::2X
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.commit
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
// CHECK: tcgen05.mma.cta_group::1.kind::mxf4nvf4.block_scale.scale_vec::4X [$1], $2, $3, $4, [$5], [$6], %p;
// CHECK-NOT: tcgen05.mma
// CHECK: llvm.module_flags [#llvm.mlir.module_flag<max, "tilecc.min_ptx_version", 87 : i32>]
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
// CHECK: "tcgen05.st.sync.aligned.32x32b.x8.b32 [$0], {$1, $2, $3, $4, $5, $6, $7, $8};\0Atcgen05.wait::st.sync.aligned;"
// CHECK: tcgen05.mma
// CHECK: "tcgen05.ld.sync.aligned.32x32b.x8.b32 {$0, $1, $2, $3, $4, $5, $6, $7}, [$8];\0Atcgen05.wait::ld.sync.aligned;"
// CHECK: nvvm.barrier0
// CHECK: tcgen05.dealloc
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
// CHECK-COUNT-1: tcgen05.alloc
// CHECK-NOT: tcgen05.alloc
// CHECK: tcgen05.st.sync.aligned.32x32b.x16
// CHECK: tcgen05.mma
// CHECK: try_wait.parity.shared::cta.b64 %done, [$0], 0;
// CHECK: tcgen05.ld.sync.aligned.32x32b.x16
// CHECK: tcgen05.st.sync.aligned.32x32b.x16
// CHECK: tcgen05.mma
// CHECK: try_wait.parity.shared::cta.b64 %done, [$0], 1;
// CHECK: tcgen05.ld.sync.aligned.32x32b.x16
// CHECK-NOT: tcgen05.alloc
// CHECK: tcgen05.dealloc
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
