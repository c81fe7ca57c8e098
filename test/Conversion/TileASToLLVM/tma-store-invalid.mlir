// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm="arch=sm_90a num-warps=4" --split-input-file --verify-diagnostics %s

// A bulk store writes the box in its map's swizzle, so the map must be made
// in view.
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @opaque_map(%d: !nv_tileas.tma_desc<16x32xf32>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %t = arith.constant dense<1.0> : tensor<16x32xf32>
    // expected-error @+2 {{needs its descriptor's make_tiled_tma_desc in view: the box's shared layout follows its swizzle}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tma_store'}}
    %tok = nv_tileas.tma_store %t, %d[%c0, %c0] : tensor<16x32xf32>, !nv_tileas.tma_desc<16x32xf32>
    nv_tileaa.return
  }
}

// -----

// Tensor maps made by make_tiled_tma_desc hold integers as unsigned, so a
// signed min has no bulk reduction.
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileas.global @tilecc_tma_pool : tensor<2048xi8> {alignment = 128 : i64}
  nv_tileas.global @tilecc_tma_staging_0 : tensor<144xi8> {address_space = 3 : i32, alignment = 128 : i64}
  nv_tileaa.func @signed_min(%y: !nv_tileaa.ptr<i32, 1>) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %t = arith.constant dense<1> : tensor<16x32xi32>
    %pool = nv_tileas.get_global @tilecc_tma_pool : !nv_tileaa.ptr<i8, 1>
    %staging = nv_tileas.get_global @tilecc_tma_staging_0 : !nv_tileaa.ptr<i8, 3>
    %d = nv_tileas.make_tiled_tma_desc %y sizes[%c16, %c32] strides[%c32, %c1] staging %staging : !nv_tileaa.ptr<i8, 3> pool %pool : !nv_tileaa.ptr<i8, 1> : !nv_tileaa.ptr<i32, 1> -> !nv_tileas.tma_desc<16x32xi32>
    // expected-error @+2 {{'min' on 'i32' has no bulk tensor reduction: tensor maps hold integers as unsigned}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.tma_reduce'}}
    %tok = nv_tileas.tma_reduce min, %t, %d[%c0, %c0] : tensor<16x32xi32>, !nv_tileas.tma_desc<16x32xi32>
    nv_tileaa.return
  }
}
