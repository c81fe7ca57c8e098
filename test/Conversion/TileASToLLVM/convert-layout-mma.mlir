// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file %s | FileCheck %s

// A 64x16 f16 tile loaded 8 halves per thread becomes the mma.sync A
// fragments of 4 warps: 128-bit stores into a swizzled scratch buffer, a
// barrier, then one ldmatrix.x4 per thread (rows of K-contiguous halves) at a
// 32-bit shared address.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (1, 0), (2, 0), (4, 0), (8, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
#A = #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0), (32, 0)]} -> {dim0 = 64, dim1 = 16}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<2048 x i8>
// CHECK-LABEL: llvm.func @operand_a
// CHECK: nvvm.barrier0
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NOT: llvm.store
// CHECK: nvvm.barrier0
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: ldmatrix
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xf16>
nv_tileaa.func @operand_a(%x: tensor<64x16xf16, #L>) attributes {nv_tileas.num_warps = 4 : i32} {
  %y = nv_tileas.convert_layout %x : tensor<64x16xf16, #L> -> tensor<64x16xf16, #A>
  nv_tileaa.return
}

// -----

// B (K x N, N contiguous as loaded) reads back transposed: ldmatrix.trans.
// Two warps hold copies of the source, so only one of them stores.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = [(0, 0), (8, 0)]} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (8, 0), (0, 8), (0, 16)], lane = [(2, 0), (4, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 0), (0, 0)]} -> {dim0 = 16, dim1 = 32}>
// CHECK-LABEL: llvm.func @operand_b
// CHECK: "@$5 st.shared.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r,b"
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-NOT: ldmatrix
nv_tileaa.func @operand_b(%x: tensor<16x32xf16, #L>) attributes {nv_tileas.num_warps = 4 : i32} {
  %y = nv_tileas.convert_layout %x : tensor<16x32xf16, #L> -> tensor<16x32xf16, #B>
  nv_tileaa.return
}

// -----

// tf32 B fragments want K-adjacent 32-bit elements, which ldmatrix cannot
// transpose: plain 32-bit loads from the scratch buffer.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0)], lane = [(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)], warp = [(2, 0), (4, 0)]} -> {dim0 = 16, dim1 = 64}>
#B = #nv_tileas.linear<{register = [(4, 0), (8, 0), (0, 16), (0, 32)], lane = [(1, 0), (2, 0), (0, 1), (0, 2), (0, 4)], warp = [(0, 8), (0, 0)]} -> {dim0 = 16, dim1 = 64}>
// CHECK-LABEL: llvm.func @operand_b_tf32
// CHECK: nvvm.barrier0
// CHECK-NOT: ldmatrix
// CHECK-COUNT-16: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
// CHECK-NOT: ldmatrix
nv_tileaa.func @operand_b_tf32(%x: tensor<16x64xf32, #L>) attributes {nv_tileas.num_warps = 4 : i32} {
  %y = nv_tileas.convert_layout %x : tensor<16x64xf32, #L> -> tensor<16x64xf32, #B>
  nv_tileaa.return
}
