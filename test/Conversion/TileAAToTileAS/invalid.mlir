// Pass-level failures (seed 004).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics

// A pattern that refuses its op leaves it unconverted and the conversion
// fails. Directed rounding reaches PTX on add, sub, mul, div, fma and sqrt
// only.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @rounding(%x: tensor<16xf32>) {
  // expected-error @below {{failed to legalize operation 'nv_tileaa.exp2'}}
  // expected-error @below {{'nv_tileaa.exp2' op with rounding mode zero on 'f32' is not supported by tilecc}}
  %0 = nv_tileaa.exp2 %x {rounding_mode = #nv_tileaa<rounding_mode zero>} : tensor<16xf32>
  nv_tileaa.return
}
}
