// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a %s | FileCheck %s

// Warpgroups taking turns (tileas-warpgroup-pingpong) on 8 warps: g = warp / 4.
// Before the loop the last warpgroup (g == 1) arrives on barrier 2, warpgroup
// 0's. A dot that is a turn stages its register B through the scratch buffer
// and a CTA barrier first, then waits on barrier 2 + g (bar.sync id, 256)
// right before wgmma.fence, and arrives on 2 + (g + 1) mod 2 right after the
// commit, before waiting for its MMAs. After the loop warpgroup 0 waits on
// barrier 2, then every warp meets at a CTA barrier.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(0, 0), (0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 16}>
// CHECK-LABEL: llvm.func @turns
// CHECK: %[[G0:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[LAST:.*]] = llvm.icmp "eq" %[[G0]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[LAST]], ^[[ARRIVE:.*]], ^[[JOIN:.*]]
// CHECK: ^[[ARRIVE]]:
// CHECK-NEXT: %[[TWO:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[N:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: nvvm.barrier.arrive id = %[[TWO]] number_of_threads = %[[N]]
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[G1:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[MINE:.*]] = llvm.add %[[G1]], %{{.*}} : i32
// CHECK: nvvm.barrier id = %[[MINE]] number_of_threads = %{{.*}}
// CHECK-NEXT: nvvm.wgmma.fence.aligned
// CHECK-COUNT-2: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: %[[G2:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[PLUS:.*]] = llvm.add %[[G2]], %{{.*}} : i32
// CHECK: %[[NEXT:.*]] = llvm.urem %[[PLUS]], %{{.*}} : i32
// CHECK: %[[NEXTID:.*]] = llvm.add %[[NEXT]], %{{.*}} : i32
// CHECK: nvvm.barrier.arrive id = %[[NEXTID]] number_of_threads = %{{.*}}
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK: %[[G3:.*]] = llvm.udiv %{{.*}}, %{{.*}} : i32
// CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[G3]], %{{.*}} : i32
// CHECK: llvm.cond_br %[[FIRST]], ^[[TAKE:.*]], ^[[AFTER:.*]]
// CHECK: ^[[TAKE]]:
// CHECK-NEXT: %[[TWO2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[N2:.*]] = llvm.mlir.constant(256 : i32) : i32
// CHECK-NEXT: nvvm.barrier id = %[[TWO2]] number_of_threads = %[[N2]]
// CHECK: ^[[AFTER]]:
// CHECK-NEXT: nvvm.barrier0
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @turns(%x: tensor<128x32xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>>, %y: tensor<32x16xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>>, %acc: tensor<128x16xf32, #A>) attributes {nv_tileas.num_warps = 8 : i32} {
    nv_tileas.warpgroup_turns_begin {barrier = 2 : i32, warpgroups = 2 : i32}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>, nv_tileas.warpgroup_turn = array<i32: 2, 2>} : tensor<128x32xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 32}>>, tensor<32x16xf16, #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>>, tensor<128x16xf32, #A> -> tensor<128x16xf32, #A>
    nv_tileas.warpgroup_turns_end {barrier = 2 : i32, warpgroups = 2 : i32}
    nv_tileaa.return
  }
}
