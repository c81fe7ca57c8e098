// The dialect accepts non-tile kernel parameters (as NVIDIA's does); tilecc
// passes scalar tiles and tensor views (flattened to scalars), and reports
// any other parameter at the entry before lowering.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s | FileCheck %s

cuda_tile.module @tokens {
  // expected-error @below{{'cuda_tile.entry' op parameter #1 of type '!cuda_tile.token' is not supported by tilecc yet (kernel parameters are scalar tiles and tensor views)}}
  entry @k(%a: tile<i32>, %t: token) {
    return
  }
}

// -----

cuda_tile.module @builtin_tensor {
  // expected-error @below{{parameter #0 of type 'tensor<2xi16>' is not supported by tilecc yet}}
  entry @k(%a: tensor<2xi16>) {
    return
  }
}

// -----

// A tensor view parameter becomes its base pointer, shape and strides.
// CHECK-LABEL: nv_tileaa.func @view(
// CHECK-NOT: tensor_view
cuda_tile.module @view {
  entry @view(%v: tensor_view<64xf32, strides=[1]>) {
    return
  }
}
