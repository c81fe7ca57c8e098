// A view that is a function argument (the conformance tests' testing$func
// form) has no calling convention below nv_tileaa: it is reported at the
// argument, every one of them, before the conversion starts.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --convert-tileaa-to-tileas --verify-diagnostics %s

cuda_tile.module @views {
  // expected-error @below {{view argument #0 of 'copy' is not supported by tilecc: a view lowers to the pointer, sizes and strides of the make_tensor_view that builds it and has no calling convention; pass the pointer (and sizes) and build the view in the function}}
  testing$func @copy(%v: !cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, %i: tile<i32>,
  // expected-error @below {{view argument #2 of 'copy' is not supported by tilecc}}
                     %t: !cuda_tile.tensor_view<64xf32, strides=[1]>) {
    %x, %tok = load_view_tko weak %v[%i] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %p = make_partition_view %t : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    %t2 = store_view_tko weak %x, %p[%i] : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
