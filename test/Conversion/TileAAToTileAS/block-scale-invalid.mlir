// The sm_100 block-scale guard (seed 004): below sm_100 the block-scaled dot
// is rejected before any rewrite, with the default sm_80 as with sm_90.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_90a -verify-diagnostics
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_99 -verify-diagnostics

// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @block_scaled(%av: tensor<128x32xf8E4M3FN>, %bv: tensor<32x128xf8E4M3FN>, %c_in: tensor<128x128xf32>,
                             %scale_a: tensor<128x1xui8>, %scale_b: tensor<1x128xui8>) -> tensor<128x128xf32>
    attributes {cute.kernel} {
  // expected-error @below {{mma block scale is not supported by compute capability < sm100}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot' that was explicitly marked illegal}}
  %d = nv_tileaa.dot %av, %bv, %c_in, %scale_a, %scale_b
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}
}

// -----

// A module that already names its target keeps it over the option.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module attributes {nv_tileas.compute_capability = 89 : i32} {
nv_tileaa.func @pinned(%av: tensor<128x32xf8E4M3FN>, %bv: tensor<32x128xf8E4M3FN>, %c_in: tensor<128x128xf32>,
                       %scale_a: tensor<128x1xui8>, %scale_b: tensor<1x128xui8>) -> tensor<128x128xf32>
    attributes {cute.kernel} {
  // expected-error @below {{mma block scale is not supported by compute capability < sm100}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot' that was explicitly marked illegal}}
  %d = nv_tileaa.dot %av, %bv, %c_in, %scale_a, %scale_b
      : tensor<128x32xf8E4M3FN>, tensor<32x128xf8E4M3FN>, tensor<128x128xf32>, tensor<128x1xui8>, tensor<1x128xui8> -> tensor<128x128xf32>
  nv_tileaa.return %d : tensor<128x128xf32>
}
}
