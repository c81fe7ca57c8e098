// get_index_space_shape needs the tensor view behind the partition view.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s

cuda_tile.module @index_space {
  testing$func @argument(%v: !cuda_tile.partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>) {
    // expected-error @below {{'cuda_tile.get_index_space_shape' op is not supported by tilecc yet on a view that is not made by make_partition_view in the same region}}
    %n = get_index_space_shape %v : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> -> tile<i32>
    return
  }
}
