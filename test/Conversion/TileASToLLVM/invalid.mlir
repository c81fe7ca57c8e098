// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm=arch=sm_80 --split-input-file --verify-diagnostics %s

nv_tileaa.func @no_layout() {
  // expected-error @+1 {{tile has no layout encoding (run tileas-assign-layouts first): 'tensor<8xf32>'}}
  %c = arith.constant dense<0.0> : tensor<8xf32>
  nv_tileaa.return
}

// -----

// Layout conversions share one scratch buffer, which must fit the target's
// shared memory; the diagnostic points at the op needing the most (a
// conversion across warps: one within a warp needs no shared memory).
#A = #nv_tileas.linear<{register = [(1), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024), (2048), (4096)], lane = [(8192), (16384), (32768), (65536), (131072)], warp = [(262144), (524288)]} -> {dim0 = 1048576}>
#B = #nv_tileas.linear<{register = [(262144), (2), (4), (8), (16), (32), (64), (128), (256), (512), (1024), (2048), (4096)], lane = [(8192), (16384), (32768), (65536), (131072)], warp = [(1), (524288)]} -> {dim0 = 1048576}>
module {
  nv_tileaa.func @too_big(%x: tensor<1048576xf32, #A>) {
    // expected-error @+1 {{kernel uses too much shared data (0x400000 bytes, 0x28c00 max): it needs 4194304 bytes of shared memory, more than the 166912 one CTA may use on sm_80: 4194304 to stage the tiles of 'nv_tileas.convert_layout' (tensor<1048576xf32>) here; shrink those tiles}}
    %y = nv_tileas.convert_layout %x : tensor<1048576xf32, #A> -> tensor<1048576xf32, #B>
    nv_tileaa.return
  }
}

// -----

// A permute whose result layout is not its source's, relabeled, would need
// data movement that the layout assignment is meant to make explicit.
#L = #nv_tileas.linear<{register = [(0, 1), (2, 0)], lane = [(0, 2), (0, 4), (0, 8), (1, 0), (4, 0)], warp = []} -> {dim0 = 8, dim1 = 16}>
#Q = #nv_tileas.linear<{register = [(0, 1), (0, 2)], lane = [(2, 0), (4, 0), (8, 0), (1, 0), (0, 4)], warp = []} -> {dim0 = 16, dim1 = 8}>
nv_tileaa.func @permute_layout(%x: tensor<8x16xf32, #L>) {
  // expected-error @+2 {{permute result layout is not the permuted layout of its source}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.permute'}}
  %y = nv_tileas.permute %x {permutation = array<i64: 1, 0>} : tensor<8x16xf32, #L> to tensor<16x8xf32, #Q>
  nv_tileaa.return
}

// -----

// An async load the LLVM lowering can place nowhere: it copies only into a
// shared-memory ring.
#L = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4)], lane = [(0, 8), (0, 16), (1, 0), (2, 0), (4, 0)], warp = []} -> {dim0 = 8, dim1 = 32}>
nv_tileaa.func @no_ring(%v: !nv_tileas.tiled_view<8x32xf16>, %i: index) {
  // expected-error @+2 {{without a shared-memory ring (`into`) is not supported by the LLVM lowering}}
  // expected-error @+1 {{failed to legalize operation 'nv_tileas.async_load'}}
  %f = nv_tileas.async_load %v[%i, %i] {atom = #nv_tileas.copy_atom<cp_async, 128>} : !nv_tileas.tiled_view<8x32xf16> -> !nv_tileas.future<tensor<8x32xf16, #L>>
  nv_tileaa.return
}
