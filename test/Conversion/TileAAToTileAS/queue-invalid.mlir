// Diagnostics of the plugin and mark_for_reuse handling (seed 004).
// RUN: tilecc-opt %s --split-input-file --convert-tileaa-to-tileas -verify-diagnostics

// Tensor memory has no allocator in tilecc yet.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.plugin @frag : (tensor<16xf32>) -> tensor<16xf32>
nv_tileaa.func @tmem(%x: tensor<16xf32>) {
  // expected-error @below {{plugin has unsupported feature}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.execute'}}
  %0 = nv_tileaa.execute(%x : tensor<16xf32>) -> tensor<16xf32> attributes {plugin = @frag, tensor_memory_bytes = 4096} {
  ^bb0(%in: tensor<16xf32>):
    nv_tileaa.yield %in : tensor<16xf32>
  }
  nv_tileaa.return
}
}

// -----

// Nor named barriers.
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.plugin @frag : (tensor<16xf32>) -> tensor<16xf32>
nv_tileaa.func @barriers(%x: tensor<16xf32>) {
  // expected-error @below {{plugin has unsupported feature}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.execute'}}
  %0 = nv_tileaa.execute(%x : tensor<16xf32>) -> tensor<16xf32> attributes {plugin = @frag, named_barriers = 2} {
  ^bb0(%in: tensor<16xf32>):
    nv_tileaa.yield %in : tensor<16xf32>
  }
  nv_tileaa.return
}
}

// -----

// The operand lives in shared memory (3), the plugin wants registers (5).
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.plugin @frag : (tensor<16xf32, 3>) -> tensor<16xf32, 3>
nv_tileaa.func @layout(%x: tensor<16xf32, 3>) {
  // expected-error @below {{fails to assign layout}}
  // expected-error @below {{failed to legalize operation 'nv_tileaa.execute'}}
  %0 = nv_tileaa.execute(%x : tensor<16xf32, 3>) -> tensor<16xf32, 3> attributes {plugin = @frag, input_layouts = [5]} {
  ^bb0(%in: tensor<16xf32, 3>):
    nv_tileaa.yield %in : tensor<16xf32, 3>
  }
  nv_tileaa.return
}
}

// -----

nv_tileaa.func @reuse(%q: !nv_tileaa.queue<[tensor<16xf32>]>, %x: tensor<16xf32>) {
  // expected-error @below {{expect operands with queue types}}
  nv_tileaa.mark_for_reuse %q, %x : !nv_tileaa.queue<[tensor<16xf32>]>, tensor<16xf32>
  nv_tileaa.return
}
