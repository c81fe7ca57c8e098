// RUN: tilecc-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  // expected-error @below {{type must have rank 1}}
  global @g <i32: 1> : tile<i32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'alignment' must be power of two}}
  global @g alignment = 12 <i32: [1]> : tile<1xi32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{'alignment' (2) must be at least the natural size (4 bytes) for element type 'f32'}}
  global @g alignment = 2 <f32: [1.0]> : tile<1xf32>
}

// -----

cuda_tile.module @m {
  // expected-error @below {{expected valid '@'-identifier for symbol name}}
  global "private" @g <i32: [1]> : tile<1xi32>
}

// -----

cuda_tile.module @m {
  global @g <i32: [1, 2]> : tile<2xi32>
  entry @k() {
    // expected-error @below {{pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'i32' of the global @g}}
    %0 = get_global @g : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below {{'missing' does not reference a valid global}}
    %0 = get_global @missing : tile<ptr<f32>>
    return
  }
}
