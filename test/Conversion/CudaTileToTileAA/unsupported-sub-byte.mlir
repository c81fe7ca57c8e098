// Loads and stores of sub-byte elements (packed two per byte) have no
// lowering yet: each is reported at the op.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --verify-diagnostics %s
cuda_tile.module @sub_byte {
  testing$func @f4(%p: tile<2xptr<f4E2M1FN>>, %x: tile<2xf32>) {
    %v = ftof %x : tile<2xf32> -> tile<2xf4E2M1FN>
    // expected-error @below {{'cuda_tile.store_ptr_tko' op on sub-byte elements ('f4E2M1FN') is not supported by tilecc yet}}
    %t = store_ptr_tko weak %p, %v : tile<2xptr<f4E2M1FN>>, tile<2xf4E2M1FN> -> token
    // expected-error @below {{'cuda_tile.load_ptr_tko' op on sub-byte elements ('f4E2M1FN') is not supported by tilecc yet}}
    %w, %t2 = load_ptr_tko weak %p : tile<2xptr<f4E2M1FN>> -> tile<2xf4E2M1FN>, token
    return
  }
}
