// nv_tileaa.dot accumulates in f32 (f16 is widened); an f64 accumulator is
// rejected with one located error.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s

cuda_tile.module @mma {
  testing$func @f64(%a: tile<4x8xf64>, %b: tile<8x16xf64>, %c: tile<4x16xf64>) {
    // expected-error @below {{'cuda_tile.mmaf' op with an f64 accumulator is not supported by tilecc yet}}
    %0 = mmaf %a, %b, %c : tile<4x8xf64>, tile<8x16xf64>, tile<4x16xf64>
    return
  }
}
