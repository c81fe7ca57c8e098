// RUN: tilecc-opt %s -split-input-file -verify-diagnostics

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.div_by' divisor must be a power of 2}}
    %0 = assume div_by<12>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.div_by' divisor must be a power of 2}}
    %0 = assume div_by<0>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xi32>) {
    // expected-error @below {{'cuda_tile.div_by' divisor is too large}}
    %0 = assume div_by<9223372036854775808>, %a : tile<4xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4xf32>) {
    // expected-error @below {{'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values}}
    %0 = assume div_by<4>, %a : tile<4xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<i32>) {
    // expected-error @below {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a 0D tile}}
    %0 = assume div_by<4, every 2 along 0>, %a : tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tensor_view<4xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a tensor_view}}
    %0 = assume div_by<4, every 2 along 0>, %a : tensor_view<4xf32, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{'cuda_tile.div_by' every_dim (2) must be >= 0 and < tile rank (1)}}
    %0 = assume div_by<4, every 2 along 2>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective dimension (8)}}
    %0 = assume div_by<4, every 16 along 0>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{failed to parse parameter 'divisor' which is expected to be an integer}}
    %0 = assume div_by<x>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xf16>) {
    // expected-error @below {{'cuda_tile.same_elements' is valid only for tile of integer/pointer values}}
    %0 = assume same_elements<[2]>, %a : tile<8xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{expected number of values in 'cuda_tile.same_elements' (2) to match rank of constrained tile (1)}}
    %0 = assume same_elements<[2, 2]>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{expected 'cuda_tile.same_elements' value 0 to be within 0 and the size of the respective dimension (8)}}
    %0 = assume same_elements<[9]>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xptr<f32>>) {
    // expected-error @below {{'cuda_tile.bounded' is valid only for tile of integer values}}
    %0 = assume bounded<0, 1>, %a : tile<8xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi16>) {
    // expected-error @below {{'cuda_tile.bounded' expects lower bound to be within [-32768, 32767]}}
    %0 = assume bounded<-40000, ?>, %a : tile<8xi16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi1>) {
    // expected-error @below {{'cuda_tile.bounded' expects upper bound to be within [-1, 0]}}
    %0 = assume bounded<?, 1>, %a : tile<8xi1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound}}
    %0 = assume bounded<5, 4>, %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{expected assume predicate attribute}}
    %0 = assume [1, 2], %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{'cuda_tile.assert' op operand #0 must be tile of}}
    assert %a, "bad" : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{incorrect number of operands: expected 2, found 1}}
    print_tko "%d %d", %a : tile<8xi32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{incorrect number of operands: expected 0, found 1}}
    print_tko "100%%", %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{found unterminated format expression}}
    print_tko "%-08.", %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{invalid conversion specifier 'y' in format string}}
    print_tko "%y", %a : tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<8xi32>) {
    // expected-error @below {{expected token type, but got '!cuda_tile.tile<8xi32>'}}
    print_tko "%d", %a : tile<8xi32> -> tile<8xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below {{expected attribute value}}
    print_tko -> token
  }
}
