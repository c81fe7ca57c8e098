// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a --split-input-file --verify-diagnostics %s | FileCheck %s

// A wgmma dot whose B arrives in registers (not from a cp.async ring): every
// thread stores its B elements once (the warp holding copies does not) into
// the scratch buffer, 1024-byte aligned, in the N-major canonical layout
// (16 N elements = 32-byte rows: the 32-byte swizzle, LBO = K x 32 = 1024,
// SBO = 8 x 32 = 256), fences them toward the async proxy and meets the
// others at a barrier. Then nvvm.wgmma.fence, one m64n16k16 per 16 K (A
// from four b32 registers, the descriptor of K rows 16 s.., scale-d true,
// N-major B; inline PTX: nvvm.wgmma.mma_async takes A only as a
// descriptor), each K step reading the registers the one before wrote,
// nvvm.wgmma.commit.group, and the wait (the dot is not left in flight):
// nvvm.wgmma.wait.group, then the accumulator registers tied through an
// empty statement, so that nothing reads them before the wait; the same
// statement before the fence keeps their writes before it.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<1024 x i8>
// CHECK-LABEL: llvm.func @from_registers
// CHECK: nvvm.barrier0
// CHECK-COUNT-8: "@$2 st.shared.b16 [$0], $1;", "l,h,b"
// CHECK: "fence.proxy.async.shared::cta;"
// CHECK-NEXT: nvvm.barrier0
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr<3> to i32
// CHECK: llvm.mlir.constant(-4611685949703716864 : i64) : i64
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7"
// CHECK-NOT: llvm.inline_asm
// CHECK: nvvm.wgmma.fence.aligned
// CHECK-NEXT: %[[MMA0:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $9, $10, $11}, $12, $13, 1, 1, 1;", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,r,r,l,b,0,1,2,3,4,5,6,7"
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[MMA0]][0]
// CHECK: %[[MMA1:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {{.*}}" %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[D0]],
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[MMA1]][0]
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7" %[[D1]],
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @from_registers(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}

// -----

// The operands must hold the warpgroup fragments (here: mma.sync's for one
// warp).
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @not_warpgroups(%x: tensor<16x16xf16, #A>, %y: tensor<16x8xf16, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
    // expected-error @below {{the dot does not split into wgmma warpgroups}}
    // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n8k16, f16 x f16 -> f32>} : tensor<16x16xf16, #A>, tensor<16x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
    nv_tileaa.return
  }
}

// -----

// Warpgroup shapes in other layouts (A with warps along K) are refused.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (16, 0), (32, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 8), (0, 16)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @wrong_layout(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    // expected-error @below {{dot operands are not in wgmma fragment layouts; run tileas-assign-layouts}}
    // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}

// -----

// wgmma is an sm_90a instruction.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
  nv_tileaa.func @not_sm90(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    // expected-error @below {{wgmma exists on sm_90a only}}
    // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}

// -----

// A dot left in flight must read A from shared memory: its A registers
// would otherwise be in flight too.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (0, 0)]} -> {dim0 = 32, dim1 = 16}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @async_a_in_registers(%x: tensor<64x32xf16, #A>, %y: tensor<32x16xf16, #B>, %acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    // expected-error @below {{a wgmma dot left in flight reads A from shared memory (its registers would be in flight)}}
    // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<wgmma, m64n16k16, f16 x f16 -> f32>, nv_tileas.async_mma} : tensor<64x32xf16, #A>, tensor<32x16xf16, #B>, tensor<64x16xf32, #C> -> tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}

// -----

// dot_wait: nvvm.wgmma.wait.group N, then each accumulator register once
// tied through the empty statement after it (the 64x16 accumulator on 4
// warps: 8 registers a thread).
// CHECK-LABEL: llvm.func @dot_wait
// CHECK: nvvm.wgmma.wait.group.sync.aligned 1
// CHECK-NEXT: %[[PIN:.*]] = llvm.inline_asm has_side_effects asm_dialect = att "", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7"
// CHECK: llvm.extractvalue %[[PIN]][7]
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "", "=f,=f,=f,=f,=f,=f,=f,=f,0,1,2,3,4,5,6,7"
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
module attributes {nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @dot_wait(%acc: tensor<64x16xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
    %w = nv_tileas.dot_wait %acc {num_pending = 1 : i32} : tensor<64x16xf32, #C>
    %d = nv_tileas.dot_wait %w {num_pending = 0 : i32} : tensor<64x16xf32, #C>
    nv_tileaa.return
  }
}
