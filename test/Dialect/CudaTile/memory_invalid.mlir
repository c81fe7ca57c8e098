// RUN: tilecc-opt %s -verify-diagnostics -split-input-file

cuda_tile.module @m {
  testing$func @f() {
    // expected-error @below{{'cuda_tile.make_token' op result #0 must be cuda tile token type, but got '!cuda_tile.tile<i1>'}}
    %0 = make_token : tile<i1>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: !cuda_tile.token) {
    // expected-error @below{{expect two or more tokens}}
    %0 = join_tokens %t : token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>) {
    // expected-error @below{{expected pointer to 'i16' to build tensor_view of this type, got 'i8'}}
    "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<i8>>) -> !cuda_tile.tensor_view<i16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>, %a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i64>) {
    // expected-error @below{{expected dynamic stride index 0 to be of the same type as the other dynamic values ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    "cuda_tile.make_tensor_view"(%p, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!cuda_tile.tile<!cuda_tile.ptr<i8>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<?xi8, strides=[?]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>, %a: !cuda_tile.tile<i32>) {
    // expected-error @below{{expected 1 dynamic stride operands, got 0}}
    "cuda_tile.make_tensor_view"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<i8>>) -> !cuda_tile.tensor_view<4xi8, strides=[?]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>) {
    // expected-error @below{{expected shape declaration to contain 1 elements due to tensor_view type, but 2 were provided}}
    make_tensor_view %p, shape = [4, 4], strides = [1] : tensor_view<4xi8, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>, %a: !cuda_tile.tile<i32>) {
    // expected-error @below{{input stride dimension 0 does not match tensor_view type (expected dynamic, got 2)}}
    make_tensor_view %p, shape = [%a], strides = [2] : tile<i32> -> tensor_view<?xi8, strides=[?]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>, %a: !cuda_tile.tile<i32>) {
    // expected-error @below{{expected '->'}}
    make_tensor_view %p, shape = [%a], strides = [1] : tensor_view<?xi8, strides=[1]>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>) {
    // expected-error @below{{expected 'tensor_view' type, but got '!cuda_tile.tile<i32>'}}
    make_tensor_view %p, shape = [4], strides = [1] : tile<i32> -> tensor_view<4xi8, strides=[1]> }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<!cuda_tile.ptr<i8>>) {
    // expected-error @below{{expected 'tensor_view' type, but got '!cuda_tile.tile<i8>'}}
    make_tensor_view %p, shape = [], strides = [] : tile<i8> }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: !cuda_tile.tensor_view<4xi8, strides=[1]>) {
    // expected-error @below{{'cuda_tile.make_strided_view' expected 'strided_view' type, but got '!cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>'}}
    make_strided_view %tv : partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: !cuda_tile.tensor_view<8xi8, strides=[1]>) {
    // expected-error @below{{expected the type of the provided tensor_view value ('!cuda_tile.tensor_view<8xi8, strides=[1]>') to be the same as the view's tensor_view type ('!cuda_tile.tensor_view<4xi8, strides=[1]>')}}
    "cuda_tile.make_gather_scatter_view"(%tv) : (!cuda_tile.tensor_view<8xi8, strides=[1]>) -> !cuda_tile.gather_scatter_view<tile=(2), tensor_view<4xi8, strides=[1]>, sparse_dim=0>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: !cuda_tile.tensor_view<4xi8, strides=[1]>) {
    // expected-error @below{{'cuda_tile.get_index_space_shape' expected tile view, got '!cuda_tile.tensor_view<4xi8, strides=[1]>'}}
    %0 = get_index_space_shape %tv : tensor_view<4xi8, strides=[1]> -> tile<i32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%tv: !cuda_tile.tensor_view<4x4xi8, strides=[4,1]>) {
    // expected-error @below{{expected all results to have the same type}}
    %1:2 = "cuda_tile.get_tensor_shape"(%tv) : (!cuda_tile.tensor_view<4x4xi8, strides=[4,1]>) -> (!cuda_tile.tile<i32>, !cuda_tile.tile<i64>)
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{invalid memory_scope attribute specification. Got "gpu" but expect one of: tl_blk, device, sys}}
    %0, %t = load_view_tko relaxed gpu %v[%i] : partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, tile<i32> -> tile<2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{memory scope is required for acquire load}}
    %0, %t = load_view_tko acquire %v[%i] : partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, tile<i32> -> tile<2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, %i: !cuda_tile.tile<2xi32>) {
    // expected-error @below{{expected index type to be a scalar tile, got '!cuda_tile.tile<2xi32>'}}
    %0, %t = load_view_tko weak %v[%i] : partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, tile<2xi32> -> tile<2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.gather_scatter_view<tile=(2), tensor_view<4xi8, strides=[1]>, sparse_dim=0>, %i: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<2xi16>) {
    // expected-error @below{{expected tile type to be '!cuda_tile.tile<2xi8>' (based on view type), got '!cuda_tile.tile<2xi16>'}}
    %t = store_view_tko weak %x, %v[%i] : tile<2xi16>, gather_scatter_view<tile=(2), tensor_view<4xi8, strides=[1]>, sparse_dim=0>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, %i: !cuda_tile.tile<i32>, %x: !cuda_tile.tile<2xi8>) {
    // expected-error @below{{memory scope is required for release store}}
    %t = store_view_tko release %x, %v[%i] : tile<2xi8>, partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i8>>, %m: !cuda_tile.tile<4xi1>) {
    // expected-error @below{{failed to verify that `source` type is expected a pointer type of `result` type}}
    %0, %t = load_ptr_tko weak %p, %m : tile<4xptr<i8>>, tile<4xi1> -> tile<2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i8>>, %v: !cuda_tile.tile<4xi8>) {
    // expected-error @below{{expect one of: weak, relaxed, or release, but got: acq_rel}}
    %t = store_ptr_tko acq_rel device %p, %v : tile<4xptr<i8>>, tile<4xi8> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i8>>, %o: !cuda_tile.tile<2xi8>) {
    // expected-error @below{{'cuda_tile.offset' op requires the same shape for all operands and results}}
    %0 = offset %p, %o : tile<4xptr<i8>>, tile<2xi8> -> tile<4xptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i32>>, %v: !cuda_tile.tile<4xi32>, %m: !cuda_tile.tile<2xi1>) {
    // expected-error @below{{failed to verify that all of {pointers, arg, mask} have same shape}}
    %0, %t = atomic_rmw_tko relaxed device %p, max, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<2xi1> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<f32>>, %v: !cuda_tile.tile<4xf32>) {
    // expected-error @below{{'umax' works only with integers i32 and i64}}
    %0, %t = atomic_rmw_tko relaxed device %p, umax, %v : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i32>>, %v: !cuda_tile.tile<4xi32>) {
    // expected-error @below{{memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %0, %t = atomic_cas_tko weak device %p, %v, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%p: !cuda_tile.tile<4xptr<i32>>, %v: !cuda_tile.tile<4xi32>, %m: !cuda_tile.tile<1xi1>) {
    // expected-error @below{{failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %0, %t = atomic_cas_tko relaxed device %p, %v, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<1xi1> -> tile<4xi32>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{only 'relaxed' memory ordering is supported for view-based atomic reductions}}
    %t = atomic_red_view_tko acquire device %v[%i], add, %x : tile<2xi32>, partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.strided_view<tile=(2), traversal_strides=[1], tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{memory scope 'sys' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility}}
    %t = atomic_red_view_tko relaxed sys %v[%i], xor, %x : tile<2xi32>, strided_view<tile=(2), traversal_strides=[1], tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<2x2xi32>) {
    // expected-error @below{{index operand 0 must be a scalar tile (rank 0), got shape 2, 2}}
    %t = atomic_red_view_tko relaxed device %v[%i], add, %x : tile<2xi32>, partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, tile<2x2xi32> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @f() {
    // expected-error @below{{'cuda_tile.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = alloca num_elem = 4, alignment = -4 : tile<ptr<i8>>
  }
}

// -----

cuda_tile.module @m {
  entry @f() {
    // expected-error @below{{'alignment' (4) must be at least the natural size (8 bytes) for element type 'f64'}}
    %0 = alloca num_elem = 4, alignment = 4 : tile<ptr<f64>>
  }
}

// -----

cuda_tile.module @m {
  entry @f() {
    // expected-error @below{{'cuda_tile.alloca' op 'alignment' must be power of two}}
    %0 = alloca num_elem = 4, alignment = 24 : tile<ptr<f64>>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, %rows: !cuda_tile.tile<8xi32>, %c: !cuda_tile.tile<i32>) {
    // expected-error @below{{expected gather/scatter index size (8) to match tile shape at gather/scatter dimension 0 (4)}}
    %g, %t = load_view_tko weak %v[%rows, %c] : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<4x8xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=1>, %rows: !cuda_tile.tile<8xi32>, %c: !cuda_tile.tile<2xi32>) {
    // expected-error @below{{expected index 0 to be a scalar tile for GatherScatterView}}
    %g, %t = load_view_tko weak %v[%c, %rows] : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=1>, tile<2xi32>, tile<8xi32> -> tile<4x8xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, %c: !cuda_tile.tile<i32>) {
    // expected-error @below{{expected index at sparse_dim position 0 to be a 1D tensor for GatherScatterView, got rank 0}}
    %g, %t = load_view_tko weak %v[%c, %c] : gather_scatter_view<tile=(4x8), tensor_view<64x8xf16, strides=[8,1]>, sparse_dim=0>, tile<i32> -> tile<4x8xf16>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{expected 2 index types, got 3}}
    %0, %t = load_view_tko weak %v[%i, %i] : partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>>, tile<i32>, tile<i32>, tile<i32> -> tile<2x2xi8>, token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi8, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{index types must be specified when indices are present}}
    %0, %t = load_view_tko weak %v[%i] : partition_view<tile=(2), tensor_view<4xi8, strides=[1]>> -> tile<2xi8>, token }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{unknown atomic RMW mode: 'sub'; expected one of: and, or, xor, add, addf, max, min, umax, umin}}
    %t = atomic_red_view_tko relaxed device %v[%i], sub, %x : tile<2xi32>, partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below{{invalid memory_scope: 'cta'; expected one of: tl_blk, device, sys}}
    %t = atomic_red_view_tko relaxed cta %v[%i], add, %x : tile<2xi32>, partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: !cuda_tile.partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, %x: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<f32>) {
    // expected-error @below{{index operand 0 must be a scalar integer tile, got element type 'f32'}}
    %t = atomic_red_view_tko relaxed %v[%i], min, %x : tile<2xi32>, partition_view<tile=(2), tensor_view<4xi32, strides=[1]>>, tile<f32> -> token
  }
}
