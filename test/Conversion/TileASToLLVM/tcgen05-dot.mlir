// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file %s | FileCheck %s

// The per-dot tcgen05 lowering (Tcgen05DotPatterns.cpp) of the forms that
// used to keep mma.sync: fewer than 64 rows, f32 operands (3xTF32) and
// batched dots.

// 16 rows padded to the 64-row arrangement (A's padding rows not written,
// D's never read): 64 columns, tcgen05.st/ld 16x32bx2, instruction
// descriptor 0x08100010 (kind::f16, F16 x F16 -> F32, N = 64, M = 128),
// one MMA per 32-byte K step.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<16396 x i8>
// CHECK-LABEL: llvm.func @padded_rows
// CHECK: @%p tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 64;
// CHECK: tcgen05.st.sync.aligned.16x32bx2.x32.b32
// CHECK: llvm.mlir.constant(135266320 : i32)
// CHECK-COUNT-2: @%p tcgen05.mma.cta_group::1.kind::f16 [$1], $2, $3, $4, %p;
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x32.b32
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 64;
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (16, 0), (0, 32)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8), (0, 16)]} -> {dim0 = 32, dim1 = 64}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 8), (0, 16)]} -> {dim0 = 16, dim1 = 64}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
nv_tileaa.func @padded_rows(%a: tensor<16x32xf16, #A>, %b: tensor<32x64xf16, #B>, %c: tensor<16x64xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x64xf16, #B>, tensor<16x64xf32, #C> -> tensor<16x64xf32, #C>
  nv_tileaa.return
}
}

// -----

// f32 operands keep f32 precision: each register splits into tf32 parts
// (cvt.rna: big = tf32(x), small = tf32(x - big)), and each K step is three
// kind::tf32 MMAs (descriptor 0x08100910: TF32 x TF32 -> F32, N = 64,
// M = 128), small x big, big x small, big x big. The parts of all of K
// (96 KiB) exceed the pass budget (32 KiB), so K = 64 runs in four passes
// of 16 (24 KiB: A's two parts of 128 rows x 64 bytes, then B's), each
// committed and waited for (parities 0, 1, 0, 1) before the next
// overwrites its operands.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<24588 x i8>
// CHECK-LABEL: llvm.func @split_f32
// CHECK: llvm.mlir.constant(135268624 : i32)
// CHECK: "cvt.rna.tf32.f32 $0, $1;", "=r,f"
// CHECK-COUNT-6: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;
// CHECK: "cvt.rna.tf32.f32 $0, $1;", "=r,f"
// CHECK-COUNT-6: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 1;
// CHECK-COUNT-6: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;
// CHECK-COUNT-6: @%p tcgen05.mma.cta_group::1.kind::tf32 [$1], $2, $3, $4, %p;
// CHECK-NEXT: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NEXT: mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 1;
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.ld.sync.aligned.16x32bx2
#A = #nv_tileas.linear<{register = [(8, 0), (0, 4), (0, 8), (0, 16), (0, 32)], lane = [(0, 1), (0, 2), (1, 0), (2, 0), (4, 0)], warp = [(0, 0), (16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(4, 0), (8, 0), (16, 0), (32, 0), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8), (0, 0), (0, 0)]} -> {dim0 = 64, dim1 = 64}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 8), (16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 64}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
nv_tileaa.func @split_f32(%a: tensor<64x64xf32, #A>, %b: tensor<64x64xf32, #B>, %c: tensor<64x64xf32, #C>) attributes {nv_tileas.num_warps = 8 : i32} {
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05, m128n64k8, f32 x f32 -> f32>} : tensor<64x64xf32, #A>, tensor<64x64xf32, #B>, tensor<64x64xf32, #C> -> tensor<64x64xf32, #C>
  nv_tileaa.return
}
}

// -----

// A batched dot: each slice has its own 32 columns (64 allocated), its C
// stored and D loaded by its own tcgen05.st / tcgen05.ld, its A and B
// after the previous slice's, one MMA each (descriptor 0x08080010: N = 32)
// and one commit for all.
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<16396 x i8>
// CHECK-LABEL: llvm.func @batched
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [$1], 64;
// CHECK-COUNT-2: tcgen05.st.sync.aligned.16x32bx2.x16.b32
// CHECK: llvm.mlir.constant(134742032 : i32)
// CHECK-COUNT-2: @%p tcgen05.mma.cta_group::1.kind::f16 [$1], $2, $3, $4, %p;
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64
// CHECK-NOT: tcgen05.commit
// CHECK-COUNT-2: tcgen05.ld.sync.aligned.16x32bx2.x16.b32
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 $1, 64;
#A = #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]} -> {dim0 = 2, dim1 = 64, dim2 = 16}>
#B = #nv_tileas.linear<{register = [(0, 1, 0), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 2, 0), (0, 4, 0), (0, 0, 1), (0, 0, 2), (0, 0, 4)], warp = [(0, 0, 0), (0, 0, 0)]} -> {dim0 = 2, dim1 = 16, dim2 = 32}>
#C = #nv_tileas.linear<{register = [(0, 0, 1), (0, 8, 0), (0, 0, 8), (0, 0, 16), (1, 0, 0)], lane = [(0, 0, 2), (0, 0, 4), (0, 1, 0), (0, 2, 0), (0, 4, 0)], warp = [(0, 16, 0), (0, 32, 0)]} -> {dim0 = 2, dim1 = 64, dim2 = 32}>
module attributes {nv_tileas.compute_capability = 100 : i32} {
nv_tileaa.func @batched(%a: tensor<2x64x16xf16, #A>, %b: tensor<2x16x32xf16, #B>, %c: tensor<2x64x32xf32, #C>) attributes {nv_tileas.num_warps = 4 : i32} {
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05, m128n32k16, f16 x f16 -> f32>} : tensor<2x64x16xf16, #A>, tensor<2x16x32xf16, #B>, tensor<2x64x32xf32, #C> -> tensor<2x64x32xf32, #C>
  nv_tileaa.return
}
}

// -----

// A zero C is not stored into tensor memory: the first MMA of the block
// runs with enable-input-d false (D = A * B), the next one accumulates.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (16, 0), (0, 32)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8), (0, 16)]} -> {dim0 = 32, dim1 = 64}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(0, 8), (0, 16)]} -> {dim0 = 16, dim1 = 64}>
// CHECK-LABEL: llvm.func @zero_c
// CHECK-NOT: tcgen05.st
// CHECK: setp.ne.u32 %acc, $5, 0;\0A@%p tcgen05.mma.cta_group::1.kind::f16 [$1], $2, $3, $4, %acc;
// CHECK: @%p tcgen05.mma.cta_group::1.kind::f16 [$1], $2, $3, $4, %p;
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.ld.sync.aligned.16x32bx2.x32.b32
module attributes {nv_tileas.compute_capability = 100 : i32} {
nv_tileaa.func @zero_c(%a: tensor<16x32xf16, #A>, %b: tensor<32x64xf16, #B>) attributes {nv_tileas.num_warps = 4 : i32} {
  %c = arith.constant dense<0.0> : tensor<16x64xf32, #C>
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x64xf16, #B>, tensor<16x64xf32, #C> -> tensor<16x64xf32, #C>
  nv_tileaa.return
}
}
