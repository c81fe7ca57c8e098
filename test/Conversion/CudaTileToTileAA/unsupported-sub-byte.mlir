// Sub-byte elements (f4E2M1FN) are packed two per byte: a view names one by
// its element index, but a pointer holds a byte address and cannot name the
// upper nibble, so pointer-tile loads and stores of them are reported at the
// op. A padding the type cannot represent is reported at the view load.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s
cuda_tile.module @sub_byte {
  testing$func @f4(%p: tile<2xptr<f4E2M1FN>>, %x: tile<2xf32>) {
    %v = ftof %x : tile<2xf32> -> tile<2xf4E2M1FN>
    // expected-error @below {{'cuda_tile.store_ptr_tko' op on sub-byte elements ('f4E2M1FN') is not supported: a pointer addresses whole bytes; load and store them through a tensor view}}
    %t = store_ptr_tko weak %p, %v : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN> -> token
    // expected-error @below {{'cuda_tile.load_ptr_tko' op on sub-byte elements ('f4E2M1FN') is not supported: a pointer addresses whole bytes; load and store them through a tensor view}}
    %w, %t2 = load_ptr_tko weak %p : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
    return
  }
}

// -----

cuda_tile.module @sub_byte {
  testing$func @nan_padding(%p: tile<ptr<f4E2M1FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [60], strides = [1] : tensor_view<60xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = nan, tensor_view<60xf4E2M1FN, strides=[1]>>
    // expected-error @below {{'cuda_tile.load_view_tko' op padding value nan is not representable in 'f4E2M1FN'}}
    %x, %t = load_view_tko weak %pv[%i] : partition_view<tile=(8), padding_value = nan, tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    return
  }
}
