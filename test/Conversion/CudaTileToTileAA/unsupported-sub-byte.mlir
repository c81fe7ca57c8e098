// A padding the sub-byte type cannot represent is reported at the view load
// (pointer-tile loads and stores of sub-byte elements are refused earlier, by
// the verifier: test/Dialect/CudaTile/subbyte_pointer_invalid.mlir).
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s
cuda_tile.module @sub_byte {
  testing$func @nan_padding(%p: tile<ptr<f4E2M1FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [60], strides = [1] : tensor_view<60xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(8), padding_value = nan, tensor_view<60xf4E2M1FN, strides=[1]>>
    // expected-error @below {{'cuda_tile.load_view_tko' op padding value nan is not representable in 'f4E2M1FN'}}
    %x, %t = load_view_tko weak %pv[%i] : partition_view<tile=(8), padding_value = nan, tensor_view<60xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<8xf4E2M1FN>, token
    return
  }
}
