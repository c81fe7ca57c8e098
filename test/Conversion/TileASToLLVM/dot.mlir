// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// One m16n8k16 block with an f16 accumulator: A's 8 halves pack into 4 b32
// registers, B's 4 into 2, C's 4 into 2; the result words unpack into the
// accumulator registers.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @f16
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
// CHECK-COUNT-2: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
nv_tileaa.func @f16(%x: tensor<16x16xf16, #A>, %y: tensor<16x8xf16, #B>, %acc: tensor<16x8xf16, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f16>} : tensor<16x16xf16, #A>, tensor<16x8xf16, #B>, tensor<16x8xf16, #C> -> tensor<16x8xf16, #C>
  nv_tileaa.return
}

// -----

// f32 operands run as tf32 (rounded with cvt.rna) on m16n8k8; the f32
// accumulators go in and out as "f" registers.
#A = #nv_tileas.linear<{register = [(8, 0), (0, 4)], lane = [(0, 1), (0, 2), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#B = #nv_tileas.linear<{register = [(4, 0)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 8, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @tf32
// CHECK-COUNT-6: "cvt.rna.tf32.f32 $0, $1;", "=r,f"
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
nv_tileaa.func @tf32(%x: tensor<16x8xf32, #A>, %y: tensor<8x8xf32, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>} : tensor<16x8xf32, #A>, tensor<8x8xf32, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// f32 operands keep f32 precision on tf32 tensor cores (3xTF32): each
// register splits into its tf32 rounding and the tf32 rounding of the rest,
// and one K block issues lo(A) hi(B), hi(A) lo(B), then hi(A) hi(B), chained
// through the accumulator.
#A = #nv_tileas.linear<{register = [(8, 0), (0, 4)], lane = [(0, 1), (0, 2), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#B = #nv_tileas.linear<{register = [(4, 0)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 8, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @f32
// CHECK: %[[HI:.*]] = llvm.inline_asm asm_dialect = att "cvt.rna.tf32.f32 $0, $1;", "=r,f" %[[X:.*]] : (f32) -> i32
// CHECK: %[[HIF:.*]] = llvm.bitcast %[[HI]] : i32 to f32
// CHECK: %[[REST:.*]] = llvm.fsub %[[X]], %[[HIF]] : f32
// CHECK: llvm.inline_asm asm_dialect = att "cvt.rna.tf32.f32 $0, $1;", "=r,f" %[[REST]] : (f32) -> i32
// CHECK-COUNT-3: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}
// CHECK-NOT: mma.sync
nv_tileaa.func @f32(%x: tensor<16x8xf32, #A>, %y: tensor<8x8xf32, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, f32 x f32 -> f32>} : tensor<16x8xf32, #A>, tensor<8x8xf32, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// tf32 tiles are already their i32 patterns: one mma.sync, no rounding.
#A = #nv_tileas.linear<{register = [(8, 0), (0, 4)], lane = [(0, 1), (0, 2), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
#B = #nv_tileas.linear<{register = [(4, 0)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 8, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @tf32_typed
// CHECK-NOT: cvt.rna
// CHECK: nvvm.mma.sync A[%{{.*}}]  B[%{{.*}}]  C[%{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: mma.sync
nv_tileaa.func @tf32_typed(%x: tensor<16x8xtf32, #A>, %y: tensor<8x8xtf32, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k8, tf32 x tf32 -> f32>} : tensor<16x8xtf32, #A>, tensor<8x8xtf32, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// i8 with per-operand signedness from the atom: s8 x u8 -> s32 on m16n8k32.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @i8
// CHECK-COUNT-6: llvm.bitcast %{{.*}} : vector<4xi8> to i32
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  B[%{{.*}}, %{{.*}}]  C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]  {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>
nv_tileaa.func @i8(%x: tensor<16x32xi8, #A>, %y: tensor<32x8xi8, #B>, %acc: tensor<16x8xi32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, si8 x ui8 -> i32>} : tensor<16x32xi8, #A>, tensor<32x8xi8, #B>, tensor<16x8xi32, #C> -> tensor<16x8xi32, #C>
  nv_tileaa.return
}

// -----

// Two K blocks chain through the accumulator: the second mma reads the
// first one's results.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (16, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @two_k_blocks
// CHECK: %[[M0:.*]] = nvvm.mma.sync {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: %[[D0:.*]] = llvm.extractvalue %[[M0]][0]
// CHECK: %[[D1:.*]] = llvm.extractvalue %[[M0]][1]
// CHECK: %[[D2:.*]] = llvm.extractvalue %[[M0]][2]
// CHECK: %[[D3:.*]] = llvm.extractvalue %[[M0]][3]
// CHECK: nvvm.mma.sync {{.*}} C[%[[D0]], %[[D1]], %[[D2]], %[[D3]]]  {{.*}}shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// CHECK-NOT: mma.sync
nv_tileaa.func @two_k_blocks(%x: tensor<16x32xf16, #A>, %y: tensor<32x8xf16, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x32xf16, #A>, tensor<32x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// Operands in some other layout are not fragments.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
nv_tileaa.func @not_fragments(%x: tensor<16x16xf16, #A>, %y: tensor<16x8xf16, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{dot operands are not in mma.sync fragment layouts; run tileas-assign-layouts}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, f16 x f16 -> f32>} : tensor<16x16xf16, #A>, tensor<16x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// f64 runs on m8n8k4: one f64 of A and B per lane, two accumulators; K = 8
// is two instructions chained through the accumulator.
#A = #nv_tileas.linear<{register = [(0, 4)], lane = [(0, 1), (0, 2), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 8, dim1 = 8}>
#B = #nv_tileas.linear<{register = [(4, 0)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 8, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 8, dim1 = 8}>
// CHECK-LABEL: llvm.func @f64
// CHECK-COUNT-2: nvvm.mma.sync A[%{{.*}}]  B[%{{.*}}]  C[%{{.*}}, %{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>
nv_tileaa.func @f64(%x: tensor<8x8xf64, #A>, %y: tensor<8x8xf64, #B>, %acc: tensor<8x8xf64, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m8n8k4, f64 x f64 -> f64>} : tensor<8x8xf64, #A>, tensor<8x8xf64, #B>, tensor<8x8xf64, #C> -> tensor<8x8xf64, #C>
  nv_tileaa.return
}

// -----

// fp4 operands have no mma.sync form here.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
nv_tileaa.func @fp4(%x: tensor<16x16xf4E2M1FN, #A>, %y: tensor<16x8xf4E2M1FN, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{mma.sync does not support the atom #nv_tileas.mma_atom<mma_sync, m16n8k64, f4E2M1FN x f4E2M1FN -> f32> ('f4E2M1FN' x 'f4E2M1FN' -> 'f32')}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k64, f4E2M1FN x f4E2M1FN -> f32>} : tensor<16x16xf4E2M1FN, #A>, tensor<16x8xf4E2M1FN, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// fp8 mma.sync needs PTX ISA 8.4: the module asks the PTX emitter for it.
// MLIR 22's nvvm.mma.sync has no e4m3/e5m2 forms, so it stays inline PTX.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
// CHECK-LABEL: llvm.func @e4m3
// CHECK: llvm.inline_asm asm_dialect = att "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};", "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f"
// CHECK: llvm.module_flags [#llvm.mlir.module_flag<max, "tilecc.min_ptx_version", 84 : i32>]
module attributes {nv_tileas.compute_capability = 89 : i32} {
nv_tileaa.func @e4m3(%x: tensor<16x32xf8E4M3FN, #A>, %y: tensor<32x8xf8E5M2, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E4M3FN x f8E5M2 -> f32>} : tensor<16x32xf8E4M3FN, #A>, tensor<32x8xf8E5M2, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// and exists from sm_89 on.
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
module attributes {nv_tileas.compute_capability = 80 : i32} {
nv_tileaa.func @e4m3_sm80(%x: tensor<16x32xf8E4M3FN, #A>, %y: tensor<32x8xf8E4M3FN, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{mma.sync with e4m3 x e4m3 operands needs sm_89 or later, not sm_80}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E4M3FN x f8E4M3FN -> f32>} : tensor<16x32xf8E4M3FN, #A>, tensor<32x8xf8E4M3FN, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}
}

// -----

// Plain dots lower to mma.sync, wgmma (dot-wgmma.mlir) or tcgen05
// (Tcgen05DotPatterns.cpp): a tcgen05 atom on a tile tcgen05 cannot take
// (16 rows, one warp) is diagnosed.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
nv_tileaa.func @umma(%x: tensor<16x16xf16, #A>, %y: tensor<16x8xf16, #B>, %acc: tensor<16x8xf32, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{the tcgen05 atom #nv_tileas.mma_atom<tcgen05, m128n8k16, f16 x f16 -> f32> does not fit this dot's tile}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<tcgen05, m128n8k16, f16 x f16 -> f32>} : tensor<16x16xf16, #A>, tensor<16x8xf16, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
  nv_tileaa.return
}

// -----

// mma.sync keeps f16 accumulators for f16 operands only.
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 16}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
nv_tileaa.func @bf16_f16_acc(%x: tensor<16x16xbf16, #A>, %y: tensor<16x8xbf16, #B>, %acc: tensor<16x8xf16, #C>) attributes {nv_tileas.num_warps = 1 : i32} {
  // expected-error @below {{mma.sync has no f16 accumulator for bf16 x bf16 operands}}
  // expected-error @below {{failed to legalize operation 'nv_tileas.dot'}}
  %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k16, bf16 x bf16 -> f16>} : tensor<16x16xbf16, #A>, tensor<16x8xbf16, #B>, tensor<16x8xf16, #C> -> tensor<16x8xf16, #C>
  nv_tileaa.return
}
