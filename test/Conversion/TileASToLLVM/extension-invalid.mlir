// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s

// Several elements per asm instance are not lowered.
nv_tileaa.func private @packed(%h: f16) -> f16 {
  // expected-error @below {{failed to legalize operation 'nv_tileas.elementwise_inline_asm'}}
  // expected-error @below {{'nv_tileas.elementwise_inline_asm' op with packed_element 2 (several elements per asm instance) is not supported by tilecc}}
  %0 = nv_tileas.elementwise_inline_asm "abs.f16 $0, $1;", "=h,h"(%h) {packed_element = 2 : i32} : (f16) -> f16
  nv_tileaa.return %0 : f16
}

// -----

// An external whose symbol is already something else.
llvm.func @__nv_fabsf(f64) -> f64
nv_tileaa.func private @clash(%x: f32) -> f32 {
  // expected-error @below {{failed to legalize operation 'nv_tileas.extern_elementwise'}}
  // expected-error @below {{'nv_tileas.extern_elementwise' op symbol '__nv_fabsf' is already defined with another type}}
  %0 = nv_tileas.extern_elementwise "__nv_fabsf"(%x) : (f32) -> f32
  nv_tileaa.return %0 : f32
}

// -----

// Register r of every tile must be the same element: one layout for all.
#a = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 128}>
#b = #nv_tileas.linear<{register = [], lane = [(2), (1), (4), (8), (16)], warp = [(32), (64)]} -> {dim0 = 128}>
nv_tileaa.func private @layouts(%x: tensor<128xf32, #a>, %y: tensor<128xf32, #b>) {
  // expected-error @below {{failed to legalize operation 'nv_tileas.call_elementwise_intrinsic'}}
  // expected-error @below {{'nv_tileas.call_elementwise_intrinsic' op expects its tiles in one layout}}
  %0 = nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%x, %y) : (tensor<128xf32, #a>, tensor<128xf32, #b>) -> tensor<128xf32, #a>
  nv_tileaa.return
}
