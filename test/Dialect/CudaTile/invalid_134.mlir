// RUN: tilecc-opt %s -verify-diagnostics -split-input-file

// Every diagnostic of the operations Tile IR 13.4 adds.

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<4xf32>, %n: !cuda_tile.tile<2xi32>) {
    // expected-error @below{{'cuda_tile.fpowi' op source and exponent must have the same shape}}
    %0 = fpowi %x, %n : tile<4xf32>, tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<4xf32>, %n: !cuda_tile.tile<4xi64>) {
    // expected-error @below{{'cuda_tile.fpowi' op operand #1 must be}}
    %0 = fpowi %x, %n : tile<4xf32>, tile<4xi64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<4xi32>, %n: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.fpowi' op operand #0 must be}}
    %0 = fpowi %x, %n : tile<4xi32>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%x: !cuda_tile.tile<4xf8E4M3FN>, %n: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{'cuda_tile.fpowi' op operand #0 must be}}
    %0 = fpowi %x, %n : tile<4xf8E4M3FN>, tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<16xf32>, %d: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.insert' op destination dimension 0 size (8) must be evenly divisible by source dimension 0 size (16)}}
    %0 = insert %s into %d[%i] : tile<16xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<2xf32>, %d: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.insert' op expected 1 indices, but got 2}}
    %0 = insert %s into %d[%i, %i] : tile<2xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<2xf16>, %d: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.insert' op source and destination element type do not match}}
    %0 = insert %s into %d[%i] : tile<2xf16> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<2x2xf32>, %d: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{'cuda_tile.insert' op failed to verify that all of {source, destination} have same rank}}
    %0 = insert %s into %d[%i] : tile<2x2xf32> -> tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<2xf32>, %d: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i64>) {
    // expected-error @below{{'cuda_tile.insert' op operand #2 must be variadic of}}
    %0 = "cuda_tile.insert"(%s, %d, %i) : (!cuda_tile.tile<2xf32>, !cuda_tile.tile<8xf32>, !cuda_tile.tile<i64>) -> !cuda_tile.tile<8xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%s: !cuda_tile.tile<2xf32>) {
    // expected-error @below{{'cuda_tile.gdc_wait_tko' op operand #0 must be}}
    %0 = "cuda_tile.gdc_wait_tko"(%s) : (!cuda_tile.tile<2xf32>) -> !cuda_tile.token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: !cuda_tile.token) {
    // expected-error @below{{'cuda_tile.gdc_launch_dependents_tko' op result #0 must be}}
    %0 = "cuda_tile.gdc_launch_dependents_tko"(%t) : (!cuda_tile.token) -> !cuda_tile.tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below{{'cuda_tile.memory_fence_alias_tko' op requires a single operand}}
    %0 = "cuda_tile.memory_fence_alias_tko"() : () -> !cuda_tile.token
  }
}
