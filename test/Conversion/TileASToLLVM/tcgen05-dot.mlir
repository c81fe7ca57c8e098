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
// Warp 0 allocates, thread 0 initializes the mbarrier (branches: the NVVM
// ops take no predicate); one elected thread issues and commits; the
// tcgen05.ld words pass an empty tied statement after their wait.
// CHECK: llvm.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: nvvm.tcgen05.st %{{.*}}, %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>
// CHECK-NEXT: nvvm.tcgen05.wait <store>
// CHECK: llvm.mlir.constant(135266320 : i32)
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK: %[[ELECT:.*]] = nvvm.elect.sync -> i1
// CHECK: %[[ISSUE:.*]] = llvm.and %{{.*}}, %[[ELECT]] : i1
// CHECK-NEXT: llvm.cond_br %[[ISSUE]]
// CHECK-COUNT-2: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>} : (!llvm.ptr<6>, i64, i64, i32, i1)
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
// CHECK: %[[DONE:.*]] = nvvm.mbarrier.try_wait %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32 -> i1
// CHECK-NEXT: llvm.cond_br %[[DONE]]
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>
// CHECK: nvvm.tcgen05.wait <load>
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "", "=r,
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc %{{.*}}, %{{.*}} : !llvm.ptr<6>, i32
// CHECK: nvvm.mbarrier.inval %{{.*}} : !llvm.ptr<3>
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
// CHECK-COUNT-6: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<tf32>}
// CHECK: nvvm.tcgen05.commit
// CHECK: %[[P0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P0]]
// CHECK: "cvt.rna.tf32.f32 $0, $1;", "=r,f"
// CHECK-COUNT-6: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<tf32>}
// CHECK: nvvm.tcgen05.commit
// CHECK: %[[P1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P1]]
// CHECK-COUNT-6: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<tf32>}
// CHECK: nvvm.tcgen05.commit
// CHECK: %[[P2:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P2]]
// CHECK-COUNT-6: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<tf32>}
// CHECK: nvvm.tcgen05.commit
// CHECK: %[[P3:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: nvvm.mbarrier.try_wait %{{.*}}, %[[P3]]
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.ld %{{.*}}, %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>}
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
// CHECK: ^bb1:
// CHECK-NEXT: llvm.mlir.constant(64 : i32) : i32
// CHECK-NEXT: nvvm.tcgen05.alloc
// CHECK-COUNT-2: nvvm.tcgen05.st %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<16xi32>
// CHECK: llvm.mlir.constant(134742032 : i32)
// CHECK-COUNT-2: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {ctaGroup = #nvvm.cta_group<cta_1>, kind = #nvvm.tcgen05_mma_kind<f16>}
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.commit
// CHECK-NOT: tcgen05.commit
// CHECK-COUNT-2: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<16xi32>
// CHECK: llvm.mlir.constant(64 : i32) : i32
// CHECK: nvvm.tcgen05.dealloc
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
// CHECK: %[[ACC:.*]] = llvm.mlir.constant(true) : i1
// CHECK: %[[OVERWRITE:.*]] = llvm.mlir.constant(false) : i1
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OVERWRITE]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK: nvvm.tcgen05.mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[ACC]] {{.*}}kind = #nvvm.tcgen05_mma_kind<f16>
// CHECK-NOT: tcgen05.mma
// CHECK: nvvm.tcgen05.ld %{{.*}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<32xi32>
module attributes {nv_tileas.compute_capability = 100 : i32} {
nv_tileaa.func @zero_c(%a: tensor<16x32xf16, #A>, %b: tensor<32x64xf16, #B>) attributes {nv_tileas.num_warps = 4 : i32} {
  %c = arith.constant dense<0.0> : tensor<16x64xf32, #C>
  %d = nv_tileas.dot %a, %b, %c {atom = #nv_tileas.mma_atom<tcgen05, m128n64k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x64xf16, #B>, tensor<16x64xf32, #C> -> tensor<16x64xf32, #C>
  nv_tileaa.return
}
}
