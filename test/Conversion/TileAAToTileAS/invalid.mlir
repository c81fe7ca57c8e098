// Pass-level failures (seed 004).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics

// An executable nv_tileaa op without a pattern survives: the conversion fails.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @callee(%x: tensor<64xf16>) -> tensor<64xf16> {
  nv_tileaa.return %x : tensor<64xf16>
}
nv_tileaa.func @no_pattern(%x: tensor<64xf16>) {
  // expected-error @below {{failed to legalize operation 'nv_tileaa.call' that was explicitly marked illegal}}
  %0 = nv_tileaa.call @callee(%x) : (tensor<64xf16>) -> tensor<64xf16>
  nv_tileaa.return
}
}

// -----

// Directed rounding reaches PTX on add, sub, mul, div, fma and sqrt only.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @rounding(%x: tensor<16xf32>) {
  // expected-error @below {{failed to legalize operation 'nv_tileaa.exp2'}}
  // expected-error @below {{'nv_tileaa.exp2' op with rounding mode zero on 'f32' is not supported by tilecc}}
  %0 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
  nv_tileaa.return
}
}
