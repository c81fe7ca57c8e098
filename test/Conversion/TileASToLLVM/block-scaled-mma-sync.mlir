// RUN: tilecc-opt --tileas-plan-memory=arch=sm_120a --convert-tileas-to-llvm=arch=sm_120a --split-input-file --verify-diagnostics %s | FileCheck %s
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_121a --convert-tileas-to-llvm=arch=sm_121a --split-input-file --verify-diagnostics %s | FileCheck %s

// Two K blocks of 32 (K = 64): two block-scaled mma.sync, each with the A / B
// words of its K block (four bytes each), the accumulator of the one before,
// and the scale bytes of its block (register kb of scale_a / scale_b),
// zero-extended into the scale registers; selectors {byte-id, thread-id} =
// {0, 0}.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16), (0, 32)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0), (32, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 64, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [(0, 1)], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 2}>
#SB = #nv_tileas.linear<{register = [(1, 0)], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 2, dim1 = 8}>
// CHECK-LABEL: llvm.func @e5m2
// CHECK-COUNT-48: llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[SA0:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[SA1:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[SB0:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[SB1:.*]] = llvm.zext %{{.*}} : i8 to i32
// CHECK: %[[Z:.*]] = llvm.mlir.constant(0 : i16) : i16
// CHECK: %[[D0:.*]] = nvvm.mma.block_scale A[{{[^]]*}}] B[{{[^]]*}}] C[{{[^]]*}}] scaleA[%[[SA0]], %[[Z]], %[[Z]]] scaleB[%[[SB0]], %[[Z]], %[[Z]]] {blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf8f6f4>, multiplicandAPtxType = #nvvm.mma_type<e5m2>, multiplicandBPtxType = #nvvm.mma_type<e5m2>, scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[A0:.*]] = llvm.extractvalue %[[D0]][0]
// CHECK: nvvm.mma.block_scale {{.*}} C[%[[A0]], {{.*}} scaleA[%[[SA1]], %[[Z]], %[[Z]]] scaleB[%[[SB1]], %[[Z]], %[[Z]]]
// CHECK-NOT: nvvm.mma.block_scale
// CHECK: llvm.return
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @e5m2(%a: tensor<16x64xf8E5M2, #A>, %b: tensor<64x8xf8E5M2, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x2xf8E8M0FNU, #SA>, %sb: tensor<2x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E5M2 x f8E5M2 -> f32, scale f8E8M0FNU per 32>} : tensor<16x64xf8E5M2, #A>, tensor<64x8xf8E5M2, #B>, tensor<16x8xf32, #C>, tensor<16x2xf8E8M0FNU, #SA>, tensor<2x8xf8E8M0FNU, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// f4E2M1FN elements travel in 8-bit containers, in bits 2..5.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 1, dim1 = 8}>
// CHECK-LABEL: llvm.func @e2m1
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK: llvm.shl %{{.*}}, %[[TWO]] : i32
// CHECK: nvvm.mma.block_scale {{.*}}blockScaleFormat = #nvvm.block_scale_format<ue8m0>, kind = #nvvm.block_scale_kind<mxf8f6f4>, multiplicandAPtxType = #nvvm.mma_type<e2m1>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>}
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @e2m1(%a: tensor<16x32xf4E2M1FN, #A>, %b: tensor<32x8xf4E2M1FN, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x1xf8E8M0FNU, #SA>, %sb: tensor<1x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f4E2M1FN x f4E2M1FN -> f32, scale f8E8M0FNU per 32>} : tensor<16x32xf4E2M1FN, #A>, tensor<32x8xf4E2M1FN, #B>, tensor<16x8xf32, #C>, tensor<16x1xf8E8M0FNU, #SA>, tensor<1x8xf8E8M0FNU, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// nvfp4: m16n8k64 kind::mxf4nvf4 with e2m1 packed eight per register (4-bit
// shifts) and the four e4m3 scales of a row / column in bytes 0..3.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (8, 0), (0, 32)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (4, 0), (32, 0)], lane = [(8, 0), (16, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 64, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 4}>
#SB = #nv_tileas.linear<{register = [(1, 0), (2, 0)], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 4, dim1 = 8}>
// CHECK-LABEL: llvm.func @nvfp4
// CHECK-COUNT-48: llvm.zext %{{.*}} : i4 to i32
// CHECK: %[[S24:.*]] = llvm.mlir.constant(24 : i32) : i32
// CHECK: llvm.shl %{{.*}}, %[[S24]] : i32
// CHECK: nvvm.mma.block_scale {{.*}}blockScaleFormat = #nvvm.block_scale_format<ue4m3>, kind = #nvvm.block_scale_kind<mxf4nvf4>, multiplicandAPtxType = #nvvm.mma_type<e2m1>, multiplicandBPtxType = #nvvm.mma_type<e2m1>, scaleVecSize = #nvvm.scale_vec_size<x4>, shape = #nvvm.shape<m = 16, n = 8, k = 64>}
// CHECK-NOT: mma.sync
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @nvfp4(%a: tensor<16x64xf4E2M1FN, #A>, %b: tensor<64x8xf4E2M1FN, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x4xf8E4M3FN, #SA>, %sb: tensor<4x8xf8E4M3FN, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k64, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 16>} : tensor<16x64xf4E2M1FN, #A>, tensor<64x8xf4E2M1FN, #B>, tensor<16x8xf32, #C>, tensor<16x4xf8E4M3FN, #SA>, tensor<4x8xf8E4M3FN, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// f8E4M3FN scales exist for nvfp4's 16-element blocks only.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 1, dim1 = 8}>
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @e4m3_scales(%a: tensor<16x32xf4E2M1FN, #A>, %b: tensor<32x8xf4E2M1FN, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x1xf8E4M3FN, #SA>, %sb: tensor<1x8xf8E4M3FN, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{block-scaled mma.sync supports f8E4M3FN, f8E5M2 and f4E2M1FN operands with f8E8M0FNU scales over 32 K elements (mxf8f6f4) and f4E2M1FN with f8E4M3FN scales over 16 (mxf4nvf4) into f32, not 'f4E2M1FN' x 'f4E2M1FN' with 'f8E4M3FN' scales over 32}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f4E2M1FN x f4E2M1FN -> f32, scale f8E4M3FN per 32>} : tensor<16x32xf4E2M1FN, #A>, tensor<32x8xf4E2M1FN, #B>, tensor<16x8xf32, #C>, tensor<16x1xf8E4M3FN, #SA>, tensor<1x8xf8E4M3FN, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// Operands that are not in the fragment layouts are refused, not lowered.
#X = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (8, 0)], lane = [(1, 0), (2, 0), (4, 0), (0, 0), (0, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#SA = #nv_tileas.linear<{register = [], lane = [(8, 0), (0, 0), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 1}>
#SB = #nv_tileas.linear<{register = [], lane = [(0, 0), (0, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 1, dim1 = 8}>
module attributes {nv_tileas.compute_capability = 120 : i32} {
nv_tileaa.func @blocked(%a: tensor<16x32xf8E4M3FN, #X>, %b: tensor<32x8xf8E4M3FN, #B>, %c: tensor<16x8xf32, #C>, %sa: tensor<16x1xf8E8M0FNU, #SA>, %sb: tensor<1x8xf8E8M0FNU, #SB>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{block_scaled_mma operands are not in mma.sync fragment layouts; run tileas-assign-layouts}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.block_scaled_mma'}}
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<16x32xf8E4M3FN, #X>, tensor<32x8xf8E4M3FN, #B>, tensor<16x8xf32, #C>, tensor<16x1xf8E8M0FNU, #SA>, tensor<1x8xf8E8M0FNU, #SB> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// sm_90a has no block-scaled MMA: the lowering refuses the atom (the
// front end already rejects mmaf_scaled there, at the op).
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a --verify-diagnostics %S/Inputs/block-scaled-mma-sync-sm90.mlir
