cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    %a = iota : tile<4xi32>
    %b = absi %a : tile<4xi32>
    %c = atan2 %x, %x : tile<f32>
    return
  }
}
