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

// -----

// No stage of tilecc creates queues (cuda_tile has none) and the schedule's
// pipelines are warp roles with mbarriers, so queues have no lowering: one
// left in the input fails the conversion at the op (docs/codegen.md).
// expected-error @below {{failed to convert nv_tileaa to nv_tileas}}
module {
nv_tileaa.func @queues(%x: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{failed to legalize operation 'nv_tileaa.create_queue'}}
  %q = nv_tileaa.create_queue {depth = 3} : !nv_tileaa.queue<[tensor<16xf32>, !nv_tileaa.mem_token]>
  %t = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  nv_tileaa.queue.put %q, %x, %t : !nv_tileaa.queue<[tensor<16xf32>, !nv_tileaa.mem_token]>, tensor<16xf32>, !nv_tileaa.mem_token
  %r = nv_tileaa.queue.get %q : !nv_tileaa.queue<[tensor<16xf32>, !nv_tileaa.mem_token]> -> tensor<16xf32> {
  ^bb0(%v: tensor<16xf32>, %tok: !nv_tileaa.mem_token):
    %d = nv_tileaa.addf %v, %v : tensor<16xf32>
    nv_tileaa.queue.yield %d : tensor<16xf32>
  }
  nv_tileaa.mark_for_reuse %q : !nv_tileaa.queue<[tensor<16xf32>, !nv_tileaa.mem_token]>
  nv_tileaa.return %r : tensor<16xf32>
}
}
