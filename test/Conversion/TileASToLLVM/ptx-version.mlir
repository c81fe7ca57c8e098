// Two lowerings in one module ask for different PTX ISA versions (the TMA
// tensor map 8.3, fp8 mma.sync 8.4): the module keeps one flag with the
// higher one (LLVM refuses a module flag named twice), and the PTX says 8.4.
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=4" %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=4" %s | tilecc -arch=sm_90a --emit=ptx - -o - | FileCheck %s --check-prefix=PTX
// CHECK: llvm.module_flags [#llvm.mlir.module_flag<max, "tilecc.min_ptx_version", 84 : i32>]
// CHECK-NOT: llvm.module_flags
// PTX: .version 8.4
#A = #nv_tileas.linear<{register = [(0, 1), (0, 2), (8, 0), (0, 16)], lane = [(0, 4), (0, 8), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 32}>
#B = #nv_tileas.linear<{register = [(1, 0), (2, 0), (16, 0)], lane = [(4, 0), (8, 0), (0, 1), (0, 2), (0, 4)], warp = []} -> {dim0 = 32, dim1 = 8}>
#C = #nv_tileas.linear<{register = [(0, 1), (8, 0)], lane = [(0, 2), (0, 4), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 16, dim1 = 8}>
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileas.global @tilecc_tma_pool : tensor<2048xi8> {alignment = 128 : i64}
  nv_tileas.global @tilecc_tma_staging_0 : tensor<144xi8> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @tma_store(%x: !nv_tileaa.ptr<f32, 1>, %y: !nv_tileaa.ptr<f32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %vx = nv_tileas.make_tiled_view %x[%c0] sizes(%c16, %c32) strides(%c32, %c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<16x32xf32>
    %t = nv_tileas.tiled_load %vx[%c0, %c0] {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<16x32xf32> -> tensor<16x32xf32>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c16, %c32] strides[%c32, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> {swizzle_bytes = 128 : i32} : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tma_desc<16x32xf32>
    %tok = nv_tileas.tma_store %t, %d[%c0, %c0] : tensor<16x32xf32>, !nv_tileas.tma_desc<16x32xf32>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<16x32xf32>
    nv_tileaa.return
  }
  nv_tileaa.func @e4m3(%x: tensor<16x32xf8E4M3FN, #A>, %y: tensor<32x8xf8E5M2, #B>, %acc: tensor<16x8xf32, #C>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    %d = nv_tileas.dot %x, %y, %acc {atom = #nv_tileas.mma_atom<mma_sync, m16n8k32, f8E4M3FN x f8E5M2 -> f32>} : tensor<16x32xf8E4M3FN, #A>, tensor<32x8xf8E5M2, #B>, tensor<16x8xf32, #C> -> tensor<16x8xf32, #C>
    nv_tileaa.return
  }
}
