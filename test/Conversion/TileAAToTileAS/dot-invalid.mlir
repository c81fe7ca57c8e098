// Diagnostics of the dot lowering (seed 004).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 -verify-diagnostics

// M = 48 is not a multiple of the tcgen05 atom M (64).
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @partition(%a: tensor<48x32xf16>, %b: tensor<32x64xf16>, %c: tensor<48x64xf32>) {
  // expected-error @below {{failed to find available mma partition}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<48x32xf16>, tensor<32x64xf16>, tensor<48x64xf32> -> tensor<48x64xf32>
  nv_tileaa.return
}
}

// -----

// A's layout is a dimension order over one axis of a 2-d tile: no 2-d
// operand layout can be inferred from it.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @layout(%a: tensor<64x32xf16, [0]>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) {
  // expected-error @below {{failed to infer 2d layout}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<64x32xf16, [0]>, tensor<32x64xf16>, tensor<64x64xf32> -> tensor<64x64xf32>
  nv_tileaa.return
}
}

// -----

// The block-scaled form needs the kernel spec (cluster shape): a function
// that is not a kernel has none.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @helper(%av: tensor<128x32xf8E4M3FN>, %bv: tensor<32x128xf8E4M3FN>, %c_in: tensor<128x128xf32>,
                       %scale_a: tensor<128x1xui8>, %scale_b: tensor<1x128xui8>) -> tensor<128x128xf32> {
  // expected-error @below {{failed to get the target spec}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %av, %bv, %c_in, %scale_a, %scale_b
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}
}
