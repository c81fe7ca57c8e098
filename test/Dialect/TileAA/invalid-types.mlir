// Type and attribute verification and parse errors.
// RUN: tilecc-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{expects one stride per dimension, but got 1 strides for rank 2}}
nv_tileaa.func private @memref_strides(!nv_tileaa.memref<4x8xf32, 1, strides = [1]>)

// -----

// expected-error @+1 {{expects a scalar or pointer memref element type}}
nv_tileaa.func private @memref_element(!nv_tileaa.memref<4xtensor<2xf32>, 1>)

// -----

// expected-error @+1 {{expected 'strides' or 'scope' in memref type}}
nv_tileaa.func private @memref_key(!nv_tileaa.memref<4xf32, 1, layout = 3>)

// -----

// expected-error @+1 {{expects a tiled view of rank at least 1}}
nv_tileaa.func private @view_rank(!nv_tileaa.tiled_view<f32>)

// -----

// expected-error @+1 {{expects positive tiled view dimensions}}
nv_tileaa.func private @view_dims(!nv_tileaa.tiled_view<0x4xf32>)

// -----

// expected-error @+1 {{expects the view element type to match its source}}
nv_tileaa.func private @view_source(!nv_tileaa.tiled_view<4x4xf16, !nv_tileaa.memref<?x?xf32, 1>>)

// -----

// expected-error @+1 {{expects a compute capability in sm_50 .. sm_999, but got 30}}
nv_tileaa.func private @target_cc() attributes {t = #nv_tileaa.target_spec<computeCapability = 30>}

// -----

// expected-error @+1 {{expects archSuffix to be "", "a" or "f"}}
nv_tileaa.func private @target_suffix() attributes {t = #nv_tileaa.target_spec<computeCapability = 90, archSuffix = "b">}

// -----

// expected-error @+1 {{expects numWarps to be positive}}
nv_tileaa.func private @kernel_warps() attributes {k = #nv_tileaa.kernel_spec<numWarps = 0>}

// -----

// expected-error @+1 {{expects clusterDim to be three positive extents}}
nv_tileaa.func private @kernel_cluster() attributes {k = #nv_tileaa.kernel_spec<numWarps = 4, clusterDim = [2, 1]>}

// -----

// expected-error @+1 {{unknown nv_tileaa attribute: bogus}}
nv_tileaa.func private @unknown_attr() attributes {k = #nv_tileaa.bogus<1>}
