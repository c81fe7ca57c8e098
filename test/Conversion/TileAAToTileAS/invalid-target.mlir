// An unknown target has no spec: the pass stops before converting anything.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=bogus -verify-diagnostics
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_ -verify-diagnostics
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_9 -verify-diagnostics

// expected-error @below {{failed to get the target spec}}
module {
nv_tileaa.func @kernel(%x: tensor<16xf32>) attributes {cute.kernel} {
  %0 = nv_tileaa.addf %x, %x : tensor<16xf32>
  nv_tileaa.return
}
}
