// A return from inside a loop body has no structured form yet.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s

cuda_tile.module @ret {
  testing$func @in_loop(%c: tile<i1>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      if %c {
        // expected-error @below {{'cuda_tile.return' op inside a loop is not supported by tilecc yet}}
        return
      }
      continue
    }
    return
  }
}
