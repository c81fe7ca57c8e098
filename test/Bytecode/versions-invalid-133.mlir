// Tile IR 13.4's operations cannot be written as 13.3 bytecode: an error on
// the op.
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.3 -split-input-file -verify-diagnostics %s -o /dev/null

cuda_tile.module @kernels {
  entry @k() {
    %x = constant <f32: 2.0> : tile<4xf32>
    %n = constant <i32: 3> : tile<4xi32>
    // expected-error @below{{operation 'cuda_tile.fpowi' is not available in bytecode version 13.3}}
    %0 = fpowi %x, %n : tile<4xf32>, tile<4xi32>
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%i: tile<i32>) {
    %s = constant <f32: 1.0> : tile<2xf32>
    %d = constant <f32: 0.0> : tile<4xf32>
    // expected-error @below{{operation 'cuda_tile.insert' is not available in bytecode version 13.3}}
    %0 = insert %s into %d[%i] : tile<2xf32> -> tile<4xf32>
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    // expected-error @below{{operation 'cuda_tile.gdc_wait_tko' is not available in bytecode version 13.3}}
    %0 = gdc_wait_tko -> token
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    // expected-error @below{{operation 'cuda_tile.gdc_launch_dependents_tko' is not available in bytecode version 13.3}}
    %0 = gdc_launch_dependents_tko -> token
  }
}

// -----

cuda_tile.module @kernels {
  entry @k() {
    %t = make_token : token
    // expected-error @below{{operation 'cuda_tile.memory_fence_alias_tko' is not available in bytecode version 13.3}}
    %0 = memory_fence_alias_tko token=%t -> token
  }
}
