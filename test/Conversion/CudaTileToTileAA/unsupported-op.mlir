// Ops without a lowering are reported, located, before anything is
// rewritten; the input is left unchanged.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s

cuda_tile.module @unsupported {
  testing$func @unpack(%x: tile<64xi8>) {
    // expected-error @below {{'cuda_tile.unpack' is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<512xi1>
    return
  }
}

// -----

// Every unsupported op is reported, not only the first.
cuda_tile.module @several {
  testing$func @views(%p: tile<ptr<f32>>, %x: tile<64xi8>) {
    %tv = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    // expected-error @below {{'cuda_tile.make_strided_view' is not supported by tilecc yet}}
    %sv = make_strided_view %tv : strided_view<tile=(8x8), traversal_strides=[4,4], tensor_view<64x64xf32, strides=[64,1]>>
    // expected-error @below {{'cuda_tile.unpack' is not supported by tilecc yet}}
    %0 = unpack %x : tile<64xi8> -> tile<512xi1>
    return
  }
}
