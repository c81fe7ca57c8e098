// RUN: tilecc-opt %s -verify-diagnostics -allow-unregistered-dialect -split-input-file

// expected-error @below{{strides must not be provided for 0-d tiles}}
"use"() : () -> !cuda_tile.tensor_view<i8, strides=[]>

// -----

// expected-error @below{{unexpected token after element type in 0-d tensor_view}}
"use"() : () -> !cuda_tile.tensor_view<i8, 4>

// -----

// expected-error @below{{expected 'strides'}}
"use"() : () -> !cuda_tile.tensor_view<4xi8>

// -----

// expected-error @below{{expected either 64-bit integer or question mark}}
"use"() : () -> !cuda_tile.tensor_view<4xi8, strides=[x]>

// -----

// expected-error @below{{expected strictly positive integer, got -2}}
"use"() : () -> !cuda_tile.tensor_view<4xi8, strides=[-2]>

// -----

// expected-error @below{{expected shape and stride to be of same rank but got shape of rank 2 and stride of rank 1}}
"use"() : () -> !cuda_tile.tensor_view<4x?xi8, strides=[1]>

// -----

// expected-error @below{{dimensions must have strictly positive constant sizes but got [?, 0]}}
"use"() : () -> !cuda_tile.tensor_view<?x0xi8, strides=[1,1]>

// -----

// expected-error @below{{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
"use"() : () -> !cuda_tile.tensor_view<4xindex, strides=[1]>

// -----

// expected-error @below{{0-dimension tile shape is not supported}}
"use"() : () -> !cuda_tile.partition_view<tile=(), tensor_view<i8>>

// -----

// expected-error @below{{tile dimension 1 exceeds i32 limitations (got 4294967296, expected strictly positive and less than or equal to 2147483647)}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x4294967296), tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 1}}
"use"() : () -> !cuda_tile.partition_view<tile=(2), tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{expected dim_map to map exactly all 2 dimensions of the tile, got 3 mappings}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>, dim_map=[0, 1, 2]>

// -----

// expected-error @below{{tile shape dimensions must have power of two length but got [2, 6]}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x6), tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{target dimension must not be negative, got -3}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>, dim_map=[0, -3]>

// -----

// expected-error @below{{target dimension is outside of tensor view dimensions, expected strictly less than 2, got 5}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>, dim_map=[5, 0]>

// -----

// expected-error @below{{target dimension 1 mapped at least twice (for tile dimensions 0 and 1)}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>, dim_map=[1, 1]>

// -----

// expected-error @below{{invalid padding_value attribute specification. Got "one" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), padding_value = one, tensor_view<4x4xf32, strides=[4,1]>>

// -----

// expected-error @below{{padding_value pos_inf can only be used with floating point element types, got 'i8'}}
"use"() : () -> !cuda_tile.partition_view<tile=(2x2), padding_value = pos_inf, tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{F4E2M1FN tiles must have an even number of elements}}
"use"() : () -> !cuda_tile.partition_view<tile=(1), tensor_view<4xf4E2M1FN, strides=[1]>>

// -----

// expected-error @below{{expected 'tensor_view' type, but got '!cuda_tile.tile<4xi8>'}}
"use"() : () -> !cuda_tile.partition_view<tile=(2), tile<4xi8>>

// -----

// expected-error @below{{expected 2 traversal strides, got 3}}
"use"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[1,1,1], tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{traversal strides must be strictly positive but got [0, 1]}}
"use"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[0,1], tensor_view<4x4xi8, strides=[4,1]>>

// -----

// expected-error @below{{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
"use"() : () -> !cuda_tile.strided_view<tile=(2x2), traversal_strides=[1,1], tensor_view<4x4xi8, strides=[4,1]>, dim_map=[0, 0]>

// -----

// expected-error @below{{gather dimension is outside of tensor view dimensions, expected strictly less than 2, got 2}}
"use"() : () -> !cuda_tile.gather_scatter_view<tile=(2x2), tensor_view<4x4xi8, strides=[4,1]>, sparse_dim=2>

// -----

// expected-error @below{{expected tensor_view rank and tile rank to match, got tensor_view of rank 2 and tiles of rank 3}}
"use"() : () -> !cuda_tile.gather_scatter_view<tile=(2x2x2), tensor_view<4x4xi8, strides=[4,1]>, sparse_dim=0>
