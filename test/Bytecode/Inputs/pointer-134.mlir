cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>) {
  }
}
