// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | tilecc -arch=sm_80 --emit=ptx - -o - | FileCheck %s --check-prefix=PTX

// The exact IR convert-tileaa-to-tileas produces for examples/vector_add.tile
// (/work/wt/to-tileas/docs/ir/vector_add.tileas.mlir). Its copy atoms are 32
// bits wide (the length has no divisibility fact), so every access is a
// predicated scalar ld/st.global; 1024 elements over 128 threads are 8
// registers per thread.
// CHECK-LABEL: llvm.func @vector_add(%arg0: !llvm.ptr<1>, %arg1: !llvm.ptr<1>, %arg2: !llvm.ptr<1>, %arg3: i32)
// CHECK-SAME: attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>}
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK-COUNT-16: ld.global.b32
// CHECK-COUNT-8: llvm.fadd {{.*}} : f32
// CHECK-COUNT-8: st.global.b32
// PTX: .visible .entry vector_add(
// PTX: .maxntid 128, 1, 1
// PTX: mov.u32 %r{{[0-9]+}}, %ctaid.x;
// PTX-COUNT-16: @%p{{[0-9]+}} ld.global.b32
// PTX-COUNT-8: @%p{{[0-9]+}} st.global.b32
// PTX-NOT: ld.global

module attributes {nv_tileas.compute_capability = 80 : i32} {
  nv_tileaa.func @vector_add(%arg0: !nv_tileaa.ptr<f32, 1>, %arg1: !nv_tileaa.ptr<f32, 1>, %arg2: !nv_tileaa.ptr<f32, 1>, %arg3: i32) attributes {nv_tileaa.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %0 = arith.index_cast %arg3 : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %c1_1 = arith.constant 1 : index
    %c0_2 = arith.constant 0 : index
    %c1_3 = arith.constant 1 : index
    %1 = nv_tileas.make_tiled_view %arg0[%c0] sizes(%0) strides(%c1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %2 = nv_tileas.make_tiled_view %arg1[%c0_0] sizes(%0) strides(%c1_1) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %3 = nv_tileas.make_tiled_view %arg2[%c0_2] sizes(%0) strides(%c1_3) : !nv_tileaa.ptr<f32, 1> -> !nv_tileas.tiled_view<1024xf32>
    %block_id_x = gpu.block_id  x
    %4 = arith.index_cast %block_id_x : index to i32
    %5 = arith.index_cast %4 : i32 to index
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result = nv_tileas.tiled_load %1[%5] other(%cst : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %result_5 = nv_tileas.tiled_load %2[%5] other(%cst_4 : tensor<1024xf32>) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<1024xf32> -> tensor<1024xf32>
    %6 = arith.addf %result, %result_5 : tensor<1024xf32>
    nv_tileas.tiled_store %6, %3[%5] {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<1024xf32>, !nv_tileas.tiled_view<1024xf32>
    nv_tileaa.return
  }
}

