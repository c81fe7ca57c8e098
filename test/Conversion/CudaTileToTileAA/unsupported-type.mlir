// Types without a lowering (strided and gather/scatter views) are reported
// where they appear.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s

cuda_tile.module @types {
  // expected-error @below {{type '!cuda_tile.strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<64x64xf32, strides=[64,1]>>' of 'cuda_tile.testing$func' is not supported by tilecc yet}}
  testing$func @strided(%v: !cuda_tile.strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<64x64xf32, strides=[64,1]>>) {
    return
  }
}
