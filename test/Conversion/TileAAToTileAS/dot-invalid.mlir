// Diagnostics of the dot lowering (seed 004).
// The atom is the mma.sync instruction on every target, so each partition
// diagnostic fires alike on sm_80, sm_90a and sm_100. Power-of-two tiles no
// instruction partitions fall back to scalar FMA (dot-fma.mlir); the others
// (only hand-written nv_tileaa has them) are refused.
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_80 -verify-diagnostics
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_90a -verify-diagnostics
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas=compute-capability=sm_100 -verify-diagnostics

// M = 40 is not a multiple of the m16n8k16 instruction's M.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @partition_m(%a: tensor<40x32xf16>, %b: tensor<32x64xf16>, %c: tensor<40x64xf32>) {
  // expected-error @below {{failed to find available mma partition}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<40x32xf16>, tensor<32x64xf16>, tensor<40x64xf32> -> tensor<40x64xf32>
  nv_tileaa.return
}
}

// -----

// N = 12 is not a multiple of 8.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @partition_n(%a: tensor<16x16xf16>, %b: tensor<16x12xf16>, %c: tensor<16x12xf32>) {
  // expected-error @below {{failed to find available mma partition}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x12xf16>, tensor<16x12xf32> -> tensor<16x12xf32>
  nv_tileaa.return
}
}

// -----

// f64 runs on m8n8k4: M = 12 does not split into rows of 8.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @partition_f64(%a: tensor<12x4xf64>, %b: tensor<4x8xf64>, %c: tensor<12x8xf64>) {
  // expected-error @below {{failed to find available mma partition}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.dot'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<12x4xf64>, tensor<4x8xf64>, tensor<12x8xf64> -> tensor<12x8xf64>
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
