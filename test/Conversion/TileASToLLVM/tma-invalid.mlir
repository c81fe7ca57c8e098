// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90a --convert-tileas-to-llvm=arch=sm_90a --split-input-file --verify-diagnostics %s

// Tensor maps are built on the device: a descriptor needs its shared staging
// buffer and the pool.
module attributes {nv_tileas.arch_specific, nv_tileas.compute_capability = 90 : i32} {
  nv_tileaa.func @no_staging(%a: !nv_tileaa.ptr<f16, 1>, %m: index) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 4>} {
    // expected-error @+2 {{without a shared staging buffer and a pool (`staging`, `pool`) is not lowered: tensor maps are built on the device}}
    // expected-error @+1 {{failed to legalize operation 'nv_tileas.make_tiled_tma_desc'}}
    %d = nv_tileas.make_tiled_tma_desc %a sizes[%m, %m] strides[%m, %m] : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tma_desc<128x32xf16>
    nv_tileas.tma_desc_release %d : !nv_tileas.tma_desc<128x32xf16>
    nv_tileaa.return
  }
}
