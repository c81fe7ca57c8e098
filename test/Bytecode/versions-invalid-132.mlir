// Features of 13.3 cannot be written as 13.2.
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.2 -split-input-file -verify-diagnostics %s -o /dev/null

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    // expected-error @below{{attribute 'rounding_mode' requires bytecode version 13.3+, but targeting 13.2}}
    %0 = exp %x rounding<approx> : tile<f32>
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    // expected-error @below{{operation 'cuda_tile.alloca' is not available in bytecode version 13.2}}
    %0 = alloca num_elem = 4, alignment = 8 : tile<ptr<i64>>
  }
}

// -----

// expected-error @unknown{{type 'StridedViewType' requires bytecode version 13.3+, targeting 13.2}}
cuda_tile.module @kernels {
  entry @k(%s: strided_view<tile=(8), traversal_strides=[8], tensor_view<64xf32, strides=[1]>>) {
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @below{{constant global `g` cannot be encoded in bytecode version 13.2 (the `constant` attribute requires bytecode 13.3+)}}
  global constant @g <f32: [1.0]> : tile<1xf32>
}
