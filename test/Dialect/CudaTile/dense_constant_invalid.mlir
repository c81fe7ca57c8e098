// RUN: tilecc-opt %s -split-input-file -verify-diagnostics

// expected-error @below {{inferred shape of elements literal ([3]) does not match type ([4])}}
%0 = cuda_tile.constant <i32: [1, 2, 3]> : tile<4xi32>

// -----

// expected-error @below {{tensor literal is invalid; ranks are not consistent between elements}}
%0 = cuda_tile.constant <i32: [[1, 2], 3]> : tile<2x2xi32>

// -----

// expected-error @below {{integer constant out of range for type}}
%0 = cuda_tile.constant <i8: 256> : tile<i8>

// -----

// expected-error @below {{integer constant out of range for type}}
%0 = cuda_tile.constant <i16: 0x1FFFF> : tile<i16>

// -----

// expected-error @below {{expected integer value}}
%0 = cuda_tile.constant <i32: 1.5> : tile<i32>

// -----

// expected-error @below {{expected integer value}}
%0 = cuda_tile.constant <i32: true> : tile<i32>

// -----

// expected-error @below {{float constant out of range for type}}
%0 = cuda_tile.constant <bf16: 0x10000> : tile<bf16>

// -----

// expected-error @below {{hexadecimal float literal should not have a leading minus}}
%0 = cuda_tile.constant <f32: -0x3F800000> : tile<f32>

// -----

// expected-error @below {{unexpected decimal integer literal for a floating point value}}
// expected-note @below {{add a trailing dot to make the literal a float}}
%0 = cuda_tile.constant <f32: 1> : tile<f32>

// -----

// expected-error @below {{mismatch between the element type: 'i16' and the tile element type 'i32'}}
%0 = cuda_tile.constant <i16: 1> : tile<i32>

// -----

// expected-error @below {{custom op 'cuda_tile.constant' unknown type: foo}}
// expected-error @below {{expect element type to be one of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got '<<NULL TYPE>>'}}
%0 = cuda_tile.constant <foo: 1> : tile<i32>

// -----

// expected-error @below {{but got 'ui32'}}
%0 = cuda_tile.constant <ui32: 1> : tile<i32>

// -----

// expected-error @below {{result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values, but got 'tensor<4xi32>'}}
%0 = cuda_tile.constant <i32: 1> : tensor<4xi32>

// -----

// expected-error @below {{expected '<'}}
%0 = cuda_tile.constant 1 : tile<i32>
