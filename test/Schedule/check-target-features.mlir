// The last schedule-stage pass checks the instructions the scheduled IR chose
// (MMA atom families, copy atoms, async-proxy fences) against the target's
// feature table: one located error per op the target cannot run.
// RUN: not tilecc-opt --tileas-check-target-features=arch=sm_80 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not tilecc-opt --tileas-check-target-features=arch=sm_90a --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tilecc-opt --tileas-check-target-features=arch=sm_100a --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: not tilecc-opt --tileas-check-target-features=arch=sm_120a --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120
// An unknown target is an error too.
// RUN: not tilecc-opt --tileas-check-target-features=arch=sm_75 --split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: unknown target 'sm_75'

// A wgmma dot: sm_90a only.
// SM80: check-target-features.mlir:[[# @LINE + 8]]:8: error: 'nv_tileas.dot' requires wgmma, which sm_80 does not have
// SM90-NOT: requires wgmma
// SM100: check-target-features.mlir:[[# @LINE + 6]]:8: error: 'nv_tileas.dot' requires wgmma, which sm_100a does not have
// SM120: check-target-features.mlir:[[# @LINE + 5]]:8: error: 'nv_tileas.dot' requires wgmma, which sm_120a does not have
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
nv_tileaa.func @wgmma(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
  nv_tileaa.return
}

// -----

// Block-scaled MMA on tcgen05: sm_100a (sm_120a has block-scaled mma.sync,
// not tcgen05).
// SM80: check-target-features.mlir:[[# @LINE + 7]]:8: error: 'nv_tileas.block_scaled_mma' requires tcgen05, which sm_80 does not have
// SM90: check-target-features.mlir:[[# @LINE + 6]]:8: error: 'nv_tileas.block_scaled_mma' requires tcgen05, which sm_90a does not have
// SM100-NOT: requires tcgen05
// SM120: check-target-features.mlir:[[# @LINE + 4]]:8: error: 'nv_tileas.block_scaled_mma' requires tcgen05, which sm_120a does not have
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
nv_tileaa.func @tcgen05(%a: tensor<128x32xf8E4M3FN, #A>, %b: tensor<32x16xf8E4M3FN, #B>, %c: tensor<128x16xf32>, %sa: tensor<128x1xf8E8M0FNU>, %sb: tensor<1x16xf8E8M0FNU>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<tcgen05_block_scaled, m128n16k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<128x32xf8E4M3FN, #A>, tensor<32x16xf8E4M3FN, #B>, tensor<128x16xf32>, tensor<128x1xf8E8M0FNU>, tensor<1x16xf8E8M0FNU> -> tensor<128x16xf32>
  nv_tileaa.return
}

// -----

// Block-scaled mma.sync: sm_120a (and sm_100a, whose block-scaled MMA is
// tcgen05 but whose table has the feature).
// SM80: check-target-features.mlir:[[# @LINE + 4]]:8: error: 'nv_tileas.block_scaled_mma' requires block-scaled MMA, which sm_80 does not have
// SM90: check-target-features.mlir:[[# @LINE + 3]]:8: error: 'nv_tileas.block_scaled_mma' requires block-scaled MMA, which sm_90a does not have
// SM120-NOT: requires block-scaled MMA
nv_tileaa.func @mma_bs(%a: tensor<16x32xf8E4M3FN>, %b: tensor<32x8xf8E4M3FN>, %c: tensor<16x8xf32>, %sa: tensor<16x1xf8E8M0FNU>, %sb: tensor<1x8xf8E8M0FNU>) {
  %d = nv_tileas.block_scaled_mma %a, %b, %c, %sa, %sb {atom = #nv_tileas.mma_atom<mma_sync_block_scaled, m16n8k32, f8E4M3FN x f8E4M3FN -> f32, scale f8E8M0FNU per 32>} : tensor<16x32xf8E4M3FN>, tensor<32x8xf8E4M3FN>, tensor<16x8xf32>, tensor<16x1xf8E8M0FNU>, tensor<1x8xf8E8M0FNU> -> tensor<16x8xf32>
  nv_tileaa.return
}

// -----

// The copies of a wgmma operand are fenced toward the async proxy
// (fence.proxy.async, sm_90); mma.sync runs everywhere.
// SM80: check-target-features.mlir:[[# @LINE + 7]]:3: error: 'nv_tileas.async_wait' requires async-proxy fences, which sm_80 does not have
// SM80-NOT: error
// SM90-NOT: error
// SM100-NOT: error
// SM120-NOT: error
nv_tileaa.func @fence(%t: !nv_tileas.async_token, %x: tensor<16x16xf16>, %y: tensor<16x8xf16>, %acc: tensor<16x8xf32>) {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x16xf16>, tensor<16x8xf16>, tensor<16x8xf32> -> tensor<16x8xf32>
  nv_tileas.async_wait %t {num_pending = 0 : i32, nv_tileas.async_proxy_fence} : !nv_tileas.async_token
  nv_tileaa.return
}
