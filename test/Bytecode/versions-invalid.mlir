// What an older bytecode version cannot express is an error on the op.
// RUN: tilecc-translate -mlir-to-cudatilebc -no-implicit-module -bytecode-version=13.1 -split-input-file -verify-diagnostics %s -o /dev/null

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>) {
    // expected-error @below{{operation 'cuda_tile.atan2' is not available in bytecode version 13.1}}
    %0 = atan2 %x, %x : tile<f32>
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<i32>) {
    // expected-error @below{{attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1}}
    %0 = negi %x overflow<no_signed_wrap> : tile<i32>
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%lb: tile<i32>) {
    // expected-error @below{{optional attribute 'unsignedCmp' is provided but requires bytecode version 13.2, targeting 13.1}}
    for unsigned %iv in (%lb to %lb, step %lb) : tile<i32> {
      continue
    }
  }
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<i32>) {
    // expected-error @below{{result requires bytecode version 13.2 but is being used and targeting 13.1}}
    %t = print_tko "%d", %x : tile<i32> -> token
    %u = join_tokens %t, %t : token
  }
}

// -----

// expected-error @unknown{{type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1}}
cuda_tile.module @kernels {
  entry @k(%x: tile<f8E8M0FNU>) {
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @below{{global `g` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.1 (requires bytecode 13.3+)}}
  global private @g <f32: [1.0]> : tile<1xf32>
}
