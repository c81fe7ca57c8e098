// Diagnostics of the shape family (seed 004).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics

// A tile in tensor memory (address space 6) cannot be sliced or viewed here.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @tmem_slice(%t: tensor<4x8xf32, 6>, %i: index) {
  // expected-error @below {{TODO: only reg and smem layouts are supported at the moment}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.extract_slice'}}
  %0 = nv_tileaa.extract_slice %t[%i, %i] : tensor<4x8xf32, 6> -> tensor<2x8xf32, 6>
  nv_tileaa.return
}
}

// -----

// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @tmem_view(%t: tensor<4x8xf32, 6>) {
  // expected-error @below {{TODO: only reg and smem layouts are supported at the moment}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.view'}}
  %0 = nv_tileaa.view %t : tensor<4x8xf32, 6> -> tensor<32xf32, 6>
  nv_tileaa.return
}
}

// -----

// One input is laid out, the other is not.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @missing(%a: tensor<4x8xf32, 3>, %b: tensor<2x8xf32>) {
  // expected-error @below {{missing source layout}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.cat'}}
  %0 = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<4x8xf32, 3>, tensor<2x8xf32> -> tensor<6x8xf32>
  nv_tileaa.return
}
}

// -----

// The inputs' layouts disagree: no single source layout for the result.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @disagree(%a: tensor<4x8xf32, 3>, %b: tensor<2x8xf32, 5>) {
  // expected-error @below {{failed to infer source layout}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.cat'}}
  %0 = nv_tileaa.cat %a, %b {axis = 0 : i32} : tensor<4x8xf32, 3>, tensor<2x8xf32, 5> -> tensor<6x8xf32>
  nv_tileaa.return
}
}

// -----

// A memref capture travels as several values: the block signature has no
// one-to-one conversion.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @signature(%p: !nv_tileaa.ptr<f32, 1>, %n: index) {
  %mr = nv_tileaa.make_memref %p, %n : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
  // expected-error @below {{failed to convert block signature}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.generate'}}
  %0 = nv_tileaa.generate %mr : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> tensor<4xindex> {
  ^bb0(%i: index, %m: !nv_tileaa.memref<?xf32, 1, strides = [1]>):
    %d = nv_tileaa.get_dim_size %m, 0 : !nv_tileaa.memref<?xf32, 1, strides = [1]>
    nv_tileaa.yield %d : index
  }
  nv_tileaa.return
}
}
