cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %0 = ftoi %x signed rounding<nearest_int_to_zero> : tile<f32> -> tile<i32>
  }
}
