// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=2" %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=2" %s | tilecc -arch=sm_90a --emit=ptx - -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t.ptx
// RUN: tilecc-ptxemu %t.ptx --kernel tma_store_stmatrix --grid 1 --block 64 --buf x:f16:2048:iota --buf y:f16:2560:zero --arg buf:x --arg buf:y --print y --profile | FileCheck %s --check-prefix=EMU

// tma_store with stmatrix staging: a 32 x 64 f16 tile in the mma
// accumulator's fragment (register bit 0 and lane bits 0-1 along a 16-byte
// row, lane bits 2-4 over rows) goes out in two 32 x 32 boxes (64-byte
// swizzle). The register bit along columns 32 picks the box; in each, every
// lane gives the row address of its matrix (computed once for both boxes)
// and two stmatrix.x4 store the warp's 16 x 32 piece, then the fence, the
// barrier and the bulk store as for vector staging.
// CHECK-LABEL: llvm.func @tma_store_stmatrix(
// CHECK: nvvm.stmatrix %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: nvvm.fence.proxy
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK: nvvm.stmatrix
// CHECK: nvvm.stmatrix
// CHECK-NOT: nvvm.stmatrix
// CHECK: nvvm.cp.async.bulk.tensor.global.shared.cta
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK: llvm.return
// PTX-LABEL: .entry tma_store_stmatrix(
// PTX: stmatrix.sync.aligned.m8n8.x4.shared.b16 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// The tile lands at rows 8..39 of the 40 x 64 tensor as loaded, so the
// staging and the map agree on the swizzle; stmatrix's row stores hit no
// bank twice (4 stmatrix.x4 a warp, each 4 conflict-free phases).
// EMU: y: 0 0 0
// EMU-SAME: 0 1 2 3 4 5 6 7 8 9 10
// EMU-SAME: 2046 2047{{$}}
// EMU: shared_bank_conflicts: 0
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileas.global @tilecc_tma_pool : tensor<2048xi8> {alignment = 128 : i64}
  nv_tileas.global @tilecc_tma_staging_0 : tensor<144xi8> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @tma_store_stmatrix(%x: !nv_tileaa.ptr<f16, 1>, %y: !nv_tileaa.ptr<f16, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 2>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c40 = arith.constant 40 : index
    %c64 = arith.constant 64 : index
    %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c32, %c64) strides(%c64, %c1) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<32x64xf16>
    %t = nv_tileas.tiled_load %vx[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<32x64xf16> -> tensor<32x64xf16>
    %m = nv_tileas.convert_layout %t : tensor<32x64xf16> -> tensor<32x64xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0)]} -> {dim0 = 32, dim1 = 64}>>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c40, %c64] strides[%c64, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 64 : i32} : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<32x32xf16>
    %tok = nv_tileas.tma_store %m, %d[%c8, %c0] {staging = #nv_tileas.copy_atom<stmatrix, 128>} : tensor<32x64xf16, #nv_tileas.linear<{register = [(0, 1), (8, 0), (0, 8), (0, 16), (0, 32)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = [(16, 0)]} -> {dim0 = 32, dim1 = 64}>>, !nv_tileas.tma_desc<32x32xf16>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<32x32xf16>
    nv_tileaa.return
  }
}
