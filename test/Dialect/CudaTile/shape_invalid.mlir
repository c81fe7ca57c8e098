// RUN: tilecc-opt %s -verify-diagnostics -split-input-file -allow-unregistered-dialect

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2xf32>) {
  // expected-error @below{{expects at least rank 2, but got: 1}}
  %0 = permute %a [0] : tile<2xf32> -> tile<2xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<1x2xf32>) {
  // expected-error @below{{expect permutation elements to be unique}}
  %0 = permute %a [0, 0] : tile<1x2xf32> -> tile<1x2xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<1x2xf32>) {
  // expected-error @below{{result shape invalid at index 0, expected: 2, but got: 1}}
  %0 = permute %a [1, 0] : tile<1x2xf32> -> tile<1x1xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<4x4xf32>) {
  // expected-error @below{{expects the shape of source tile to be compatible with that of the result tile, but got: 4, 4 and 2, 4}}
  %0 = broadcast %a : tile<4x4xf32> -> tile<2x4xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xf32>) {
  // expected-error @below{{expected source tile and result tile to have the same number of elements}}
  %0 = reshape %a : tile<2x2xf32> -> tile<8xf32>
}

// -----

// expected-error @below{{the number of elements 512 exceeds the maximum value of element type 'i8'}}
cuda_tile.iota : !cuda_tile.tile<512xi8>

// -----

// expected-error @below{{expects result type to be 1-d tile}}
cuda_tile.iota : !cuda_tile.tile<4x4xi32>

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8x4xf32>, %i: !cuda_tile.tile<i32>) {
  // expected-error @below{{source dimension 1 size (4) must be evenly divisible by result dimension 1 size (8)}}
  %0 = extract %a[%i, %i] : tile<8x4xf32> -> tile<4x8xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
  // expected-error @below{{expected 1 indices, but got 2}}
  %0 = extract %a[%i, %i] : tile<8xf32> -> tile<4xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xf32>) {
  // expected-error @below{{invalid concat at position 1, expected: 4 but got: 16}}
  %0 = cat %a, %a dim = 1 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x16xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xf32>) {
  // expected-error @below{{expect dim to be [0, 2), but got: 2}}
  %0 = cat %a, %a dim = 2 : tile<2x2xf32>, tile<2x2xf32> -> tile<2x4xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<4x16xf32>, %b: !cuda_tile.tile<8x16xf32>, %c: !cuda_tile.tile<4x16xf32>) {
  // expected-error @below{{dim 1 of lhs (16) and dim 0 of rhs (8) must match, but got lhs shape (4, 16) and rhs shape (8, 16)}}
  %0 = mmaf %a, %b, %c : tile<4x16xf32>, tile<8x16xf32>, tile<4x16xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xbf16>, %c: !cuda_tile.tile<2x2xf16>) {
  // expected-error @below{{op unsupported combination of element types. Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
  %0 = mmaf %a, %a, %c : tile<2x2xbf16>, tile<2x2xbf16>, tile<2x2xf16>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xi16>, %c: !cuda_tile.tile<2x2xi32>) {
  // expected-error @below{{op operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<2x2xi16>'}}
  %0 = mmai %a, %a, %c signed signed : tile<2x2xi16>, tile<2x2xi16>, tile<2x2xi32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf8E4M3FN>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x8xf8E8M0FNU>, %t: !cuda_tile.tile<8x128xf8E8M0FNU>) {
  // expected-error @below{{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect same number of operands and results}}
  %0:2 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>, tile<f32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{'cuda_tile.reduce' op dimension (3) is out of bound [0, 1)}}
  %0 = reduce %a dim=3 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{inferred type(s) '!cuda_tile.tile<f32>' are incompatible with return type(s) of operation '!cuda_tile.tile<1xf32>'}}
  // expected-error @below{{failed to infer returned types}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<1xf32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  %0 = scan %a dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
  (%x: tile<f32>, %y: tile<f32>) {
    // expected-error @below{{'test.effect' op only pure operations are allowed inside 'cuda_tile.scan'}}
    "test.effect"() : () -> ()
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect 2 block arguments but got: 0}}
  %0 = scan %a dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
  () {
    yield
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<1x2xf32>) {
  // expected-error @below{{expect permutation size (3) to equal the rank of the source (2)}}
  %0 = permute %a [0, 1, 2] : tile<1x2xf32> -> tile<1x2xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<1x2xf32>) {
  // expected-error @below{{permutation element at index 0 (-1) is out of bound [0, 2)}}
  %0 = permute %a [-1, 1] : tile<1x2xf32> -> tile<1x2xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
  // expected-error @below{{source and result element type do not match}}
  %0 = extract %a[%i] : tile<8xf32> -> tile<4xi32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x2xf32>, %b: !cuda_tile.tile<4x2xf32>) {
  // expected-error @below{{expect rhs and result shapes to match at non-concat position 0, expected: 4 but got: 2}}
  %0 = cat %a, %b dim = 1 : tile<2x2xf32>, tile<4x2xf32> -> tile<2x4xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<2x4x8xf32>, %b: !cuda_tile.tile<2x8x16xf32>, %c: !cuda_tile.tile<4x4x16xf32>) {
  // expected-error @below{{dim 0 of lhs (2) and dim 0 of acc (4) must match, but got lhs shape (2, 4, 8) and acc shape (4, 4, 16)}}
  %0 = mmaf %a, %b, %c : tile<2x4x8xf32>, tile<2x8x16xf32>, tile<4x4x16xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<4xf32>, %c: !cuda_tile.tile<4xf32>) {
  // expected-error @below{{expects lhs, rhs and acc to be 2-D or 3-D tiles, but got rank 1}}
  %0 = mmaf %a, %a, %c : tile<4xf32>, tile<4xf32>, tile<4xf32>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf8E5M2>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x4xf8E4M3FN>, %t: !cuda_tile.tile<4x128xf8E4M3FN>) {
  // expected-error @below{{op unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<4x64x64xf4E2M1FN>, %c: !cuda_tile.tile<4x64x64xf32>, %s: !cuda_tile.tile<2x64x2xf8E8M0FNU>, %t: !cuda_tile.tile<4x2x64xf8E8M0FNU>) {
  // expected-error @below{{shape error: dim 0 of lhs (4) and dim 0 of lhs_scale (2) must match}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<4x64x64xf4E2M1FN>, tile<4x64x64xf4E2M1FN>, tile<4x64x64xf32>, tile<2x64x2xf8E8M0FNU>, tile<4x2x64xf8E8M0FNU>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf4E2M1FN>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x4xf8E8M0FNU>, %t: !cuda_tile.tile<4x64xf8E8M0FNU>) {
  // expected-error @below{{shape error: dim 1 of rhs (128) and dim 1 of rhs_scale (64) must match}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf4E2M1FN>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x8xf8E8M0FNU>, %t: !cuda_tile.tile<4x128xf8E8M0FNU>) {
  // expected-error @below{{shape error: dim 1 of lhs_scale (8) and dim 0 of rhs_scale (4) must match, but got lhs_scale shape (128, 8) and rhs_scale shape (4, 128)}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf4E2M1FN>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x16xf8E4M3FN>, %t: !cuda_tile.tile<16x128xf8E4M3FN>) {
  // expected-error @below{{shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got 8}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E4M3FN>, tile<16x128xf8E4M3FN>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<128x128xf4E2M1FN>, %c: !cuda_tile.tile<128x128xf32>, %s: !cuda_tile.tile<128x16xf8E8M0FNU>, %t: !cuda_tile.tile<16x128xf8E8M0FNU>) {
  // expected-error @below{{shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got 8}}
  %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E8M0FNU>, tile<16x128xf8E8M0FNU>
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect identities to match the number of operands but got: 1 operands and 2 identities}}
  %0 = reduce %a dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xi32>) {
  // expected-error @below{{expect same type for operand at index: 0 and identity at index: 0 but got: 'i32' and 'f32'}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xi32> -> tile<i32>
  (%x: tile<i32>, %y: tile<i32>) {
    yield %x : tile<i32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect 0-rank tile type at index: 1 but got: '!cuda_tile.tile<2xf32>'}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<2xf32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect same element type for block argument at index: 0 and 1 but got: 'f32' and 'i32'}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<i32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xi32>) {
  // expected-error @below{{expect same type for operand at index: 0 and block argument at index: 0 but got: 'i32' and 'f32'}}
  %0 = reduce %a dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect number of terminators operands (0) to match number of operands (1)}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<f32>) {
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
  // expected-error @below{{expect same type for operand at index: 0 and terminator argument at index: 0 but got: 'f32' and 'i32'}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %i : tile<i32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{expect same type for operand at index: 0 and result at index: 0}}
  %0 = scan %a dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<16xf32>
  (%x: tile<f32>, %y: tile<f32>) {
    yield %x : tile<f32>
  }
}

// -----

cuda_tile.testing$func @f(%a: !cuda_tile.tile<8xf32>) {
  // expected-error @below{{'cuda_tile.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = reduce %a dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
  () {}
}
