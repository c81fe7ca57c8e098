// Structural diagnostics of the nv_tileaa roster beyond the verbatim seed
// strings (invalid.mlir): pointers and memrefs, collectives, shapes, regions,
// functions, plugins, grid and queues.
// RUN: tilecc-opt %s -split-input-file -verify-diagnostics

nv_tileaa.func @addptr_shape(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{expects the offset shape to match the base shape}}
  %0 = nv_tileaa.addptr %p, %o : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<4xi32> -> tensor<8x!nv_tileaa.ptr<f32, 1>>
  nv_tileaa.return
}

// -----

nv_tileaa.func @addptr_result(%p: !nv_tileaa.ptr<f32, 1>, %o: tensor<4xi32>) {
  // expected-error @+1 {{expects result type 'tensor<4x!nv_tileaa.ptr<f32, 1>>', but got '!nv_tileaa.ptr<f32, 1>'}}
  %0 = nv_tileaa.addptr %p, %o : !nv_tileaa.ptr<f32, 1>, tensor<4xi32> -> !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_elem(%p: !nv_tileaa.ptr<f16, 1>) {
  // expected-error @+1 {{expects the memref element type to match the base pointee type}}
  %0 = nv_tileaa.make_memref %p : (!nv_tileaa.ptr<f16, 1>) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_space(%p: !nv_tileaa.ptr<f32, 3>) {
  // expected-error @+1 {{expects the memref address space to match the base pointer's}}
  %0 = nv_tileaa.make_memref %p : (!nv_tileaa.ptr<f32, 3>) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_sizes(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @+1 {{expects one size operand per dynamic dimension (0), but got 1}}
  %0 = nv_tileaa.make_memref %p, %i {operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_strides(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @+1 {{expects one stride operand per dynamic stride (0), but got 1}}
  %0 = nv_tileaa.make_memref %p, %i {operandSegmentSizes = array<i32: 1, 0, 0, 1>} : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_scope(%p: !nv_tileaa.ptr<f32, 1>) {
  // expected-error @+1 {{expects alias_scope to fit in 32 bits}}
  %0 = nv_tileaa.make_memref %p {alias_scope = 4294967296} : (!nv_tileaa.ptr<f32, 1>) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @make_memref_infer(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @+1 {{cannot infer operandSegmentSizes for 'nv_tileaa.make_memref'}}
  %0 = nv_tileaa.make_memref %p, %i, %i, %i : (!nv_tileaa.ptr<f32, 1>, index, index, index) -> !nv_tileaa.memref<4xf32, 1, strides = [1]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bitcast_width(%v: tensor<4xf32>) {
  // expected-error @+1 {{expects element types of equal bit width}}
  %0 = nv_tileaa.bitcast %v : tensor<4xf32> -> tensor<4xi16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @inline_asm_pack(%v: f32) {
  // expected-error @+1 {{expects packed_element to be positive}}
  %0 = nv_tileaa.elementwise_inline_asm "mov.b32 $0, $1;", "=r,r"(%v) {packed_element = 0 : i32} : (f32) -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @get_global_symbol() {
  // expected-error @+1 {{'missing' does not reference a nv_tileaa.global}}
  %0 = nv_tileaa.get_global @missing : !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_dot_params(%i: tensor<4x16xf16>, %f: tensor<16x8xf16>, %a: tensor<4x8xf32>) {
  // expected-error @+1 {{expects conv params size matched with each other}}
  %0 = nv_tileaa.conv_dot %i, %f, %a {conv_params = #nv_tileaa.conv_params<strides = [1], padLow = [0, 0], padHigh = [1], dilations = [1]>} : tensor<4x16xf16>, tensor<16x8xf16>, tensor<4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_dot_acc(%i: tensor<4x16xf16>, %f: tensor<16x8xf16>, %a: tensor<4x8xf32>) {
  // expected-error @+1 {{expects the result type to match the accumulator}}
  %0 = nv_tileaa.conv_dot %i, %f, %a {conv_params = #nv_tileaa.conv_params<strides = [1], padLow = [0], padHigh = [0], dilations = [1]>} : tensor<4x16xf16>, tensor<16x8xf16>, tensor<4x8xf32> -> tensor<4x8xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @reduce_axis(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects axis 2 to be within the operand rank 2}}
  %0 = nv_tileaa.reduce %v {axis = 2 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @reduce_empty() {
  // expected-error @+1 {{expects at least one operand}}
  "nv_tileaa.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    nv_tileaa.yield
  }) : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @reduce_results(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects one result per operand}}
  %0:2 = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32>, tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @reduce_result_type(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects result type 'tensor<8xf32>', but got 'tensor<64xf32>'}}
  %0 = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @combiner_args(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects the combiner to take 2 arguments, but got 1}}
  %0 = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%a: f32):
    nv_tileaa.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @combiner_arg_types(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects combiner argument types to match the operand element types}}
  %0 = nv_tileaa.reduce %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
  ^bb0(%a: f16, %b: f16):
    nv_tileaa.yield %a : f16
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @combiner_yield_count(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects the combiner to yield 1 values}}
  %0 = nv_tileaa.scan %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8x64xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %a, %b : f32, f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @combiner_yield_type(%v: tensor<8x64xf32>, %h: f16) {
  // expected-error @+1 {{expects the combiner to yield the operand element types}}
  %0 = nv_tileaa.scan %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8x64xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %h : f16
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @scan_results(%v: tensor<8x64xf32>) {
  // expected-error @+1 {{expects results to have the operand types}}
  %0 = nv_tileaa.scan %v {axis = 1 : i32} : tensor<8x64xf32> -> tensor<8x32xf32> {
  ^bb0(%a: f32, %b: f32):
    nv_tileaa.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @histogram_rank(%v: tensor<4x4xi32>) {
  // expected-error @+1 {{expects rank-1 source and result tiles}}
  %0 = nv_tileaa.histogram %v : tensor<4x4xi32> -> tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @splat_elem(%s: f16) {
  // expected-error @+1 {{expects the result element type to match the scalar}}
  %0 = nv_tileaa.splat %s : f16 -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @broadcast_rank(%t: tensor<8xf32>) {
  // expected-error @+1 {{expects a source of the result rank and element type}}
  %0 = nv_tileaa.broadcast %t : tensor<8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @broadcast_shape(%t: tensor<2x8xf32>) {
  // expected-error @+1 {{expects a shape that broadcasts to the result}}
  %0 = nv_tileaa.broadcast %t : tensor<2x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @expand_axis(%t: tensor<8xf32>) {
  // expected-error @+1 {{expects axis within [0, 1]}}
  %0 = nv_tileaa.expand_dims %t {axis = 2 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @expand_shape(%t: tensor<8xf32>) {
  // expected-error @+1 {{expects a size-one axis inserted at 0}}
  %0 = nv_tileaa.expand_dims %t {axis = 0 : i32} : tensor<8xf32> -> tensor<8x1xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @extract_count(%t: tensor<8xf32>, %i: index) {
  // expected-error @+1 {{expects at most 1 indices}}
  %0 = nv_tileaa.extract %t[%i, %i] : tensor<8xf32> -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @extract_type(%t: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{expects result type 'tensor<8xf32>', but got 'tensor<4xf32>'}}
  %0 = nv_tileaa.extract %t[%i] : tensor<4x8xf32> -> tensor<4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @slice_rank(%t: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{expects one offset per axis and a result of the source rank}}
  %0 = nv_tileaa.extract_slice %t[%i] : tensor<4x8xf32> -> tensor<2x4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @slice_fit(%t: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{expects the slice to fit in the source}}
  %0 = nv_tileaa.extract_slice %t[%i, %i] : tensor<4x8xf32> -> tensor<8x4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @slice_strides(%t: tensor<4x8xf32>, %i: index) {
  // expected-error @+1 {{expects one stride per axis}}
  %0 = nv_tileaa.extract_slice %t[%i, %i] {strides = array<i64: 1>} : tensor<4x8xf32> -> tensor<2x4xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @view_elem(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects the element type to be preserved}}
  %0 = nv_tileaa.view %t : tensor<4x8xf32> -> tensor<32xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @view_count(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects the element count to be preserved}}
  %0 = nv_tileaa.view %t : tensor<4x8xf32> -> tensor<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @cat_axis(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects axis within the operand rank}}
  %0 = nv_tileaa.cat %t, %t {axis = 2 : i32} : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @cat_types(%t: tensor<4x8xf32>, %u: tensor<4x8xf16>) {
  // expected-error @+1 {{expects operands of one rank and element type}}
  %0 = nv_tileaa.cat %t, %u : tensor<4x8xf32>, tensor<4x8xf16> -> tensor<8x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @cat_off_axis(%t: tensor<4x8xf32>, %u: tensor<4x4xf32>) {
  // expected-error @+1 {{expects operands to agree off the concatenation axis}}
  %0 = nv_tileaa.cat %t, %u : tensor<4x8xf32>, tensor<4x4xf32> -> tensor<8x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @cat_result(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects the result to stack the operands along axis 0}}
  %0 = nv_tileaa.cat %t, %t : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @permute_size(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects one permutation entry per axis}}
  %0 = nv_tileaa.permute %t {permutation = array<i64: 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @permute_perm(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects a permutation of the axes}}
  %0 = nv_tileaa.permute %t {permutation = array<i64: 0, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @permute_shape(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects the result shape to be the permuted source shape}}
  %0 = nv_tileaa.permute %t {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @range_order() {
  // expected-error @+1 {{expects end to be greater than start}}
  %0 = nv_tileaa.make_range 8 to 8 : tensor<8xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @range_shape() {
  // expected-error @+1 {{expects a rank-1 result of 8 elements}}
  %0 = nv_tileaa.make_range 0 to 8 : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @generate_args() {
  // expected-error @+1 {{expects the body to take one index per axis followed by the captures}}
  %0 = nv_tileaa.generate -> tensor<4xf32> {
  ^bb0(%i: index, %j: index):
    %c = arith.constant 0.0 : f32
    nv_tileaa.yield %c : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @generate_index() {
  // expected-error @+1 {{expects index-typed axis arguments}}
  %0 = nv_tileaa.generate -> tensor<4xf32> {
  ^bb0(%i: i32):
    %c = arith.constant 0.0 : f32
    nv_tileaa.yield %c : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @generate_capture(%s: f32) {
  // expected-error @+1 {{expects capture arguments to match the captures}}
  %0 = nv_tileaa.generate %s : f32 -> tensor<4xf32> {
  ^bb0(%i: index, %c: f16):
    nv_tileaa.yield %s : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @generate_yield() {
  // expected-error @+1 {{expects the body to yield one 'f32'}}
  %0 = nv_tileaa.generate -> tensor<4xf32> {
  ^bb0(%i: index):
    %c = arith.constant 0.0 : f16
    nv_tileaa.yield %c : f16
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @dim_size(%t: tensor<4x8xf32>) {
  // expected-error @+1 {{expects dim within the source rank 2}}
  %0 = nv_tileaa.get_dim_size %t, 2 : tensor<4x8xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @pragma_yield(%a: i32) {
  // expected-error @+1 {{expects the region to yield the result types}}
  %0 = nv_tileaa.pragma {unroll = 2 : i64} -> f32 {
    nv_tileaa.yield %a : i32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @return_types(%a: i32) -> f32 {
  // expected-error @+1 {{expects operands to match the result types of 'return_types'}}
  nv_tileaa.return %a : i32
}

// -----

nv_tileaa.func @call_missing() {
  // expected-error @+1 {{'nowhere' does not reference a nv_tileaa.func}}
  nv_tileaa.call @nowhere() : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @call_signature(%a: i32) {
  // expected-error @+1 {{expects the call to match the signature of 'call_signature'}}
  nv_tileaa.call @call_signature() : () -> ()
  nv_tileaa.return
}

// -----

nv_tileaa.func @launch_grid() {
  // expected-error @+1 {{expects 1 to 3 grid extents}}
  nv_tileaa.launch_func @launch_grid grid() args()
  nv_tileaa.return
}

// -----

nv_tileaa.func @launch_missing(%n: index) {
  // expected-error @+1 {{'nowhere' does not reference a nv_tileaa.func}}
  nv_tileaa.launch_func @nowhere grid(%n) args()
  nv_tileaa.return
}

// -----

nv_tileaa.func @launch_args(%n: index) {
  // expected-error @+1 {{expects the arguments to match the signature of 'launch_args'}}
  nv_tileaa.launch_func @launch_args grid(%n) args()
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_negative(%x: f32) {
  // expected-error @+1 {{expects shared_memory_bytes to be non-negative}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 attributes {shared_memory_bytes = -1} {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_registers(%x: f32) {
  // expected-error @+1 {{expects max_registers of at most 255}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 attributes {max_registers = 256} {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_barriers(%x: f32) {
  // expected-error @+1 {{expects at most 16 named barriers}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 attributes {named_barriers = 17} {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_args(%x: f32) {
  // expected-error @+1 {{expects the region arguments to match the operands}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 {
  ^bb0(%y: f16):
    nv_tileaa.yield %x : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_yield(%x: f32) {
  // expected-error @+1 {{expects the region to yield the result types}}
  %0 = nv_tileaa.execute(%x : f32) -> f16 {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @program_id_dim() {
  // expected-error @+1 {{expects dim 0, 1 or 2}}
  %0 = nv_tileaa.get_program_id 3 : i32
  nv_tileaa.return
}

// -----

nv_tileaa.func @num_programs_dim() {
  // expected-error @+1 {{expects dim 0, 1 or 2}}
  %0 = nv_tileaa.get_num_programs 3 : i32
  nv_tileaa.return
}

// -----

nv_tileaa.func @queue_depth() {
  // expected-error @+1 {{expects a positive depth}}
  %0 = nv_tileaa.create_queue {depth = 0} : !nv_tileaa.queue<[f32]>
  nv_tileaa.return
}

// -----

nv_tileaa.func @queue_get_args(%q: !nv_tileaa.queue<[f32]>) {
  // expected-error @+1 {{expects the region arguments to be the queue's slot types}}
  %0 = nv_tileaa.queue.get %q : !nv_tileaa.queue<[f32]> -> f32 {
  ^bb0(%a: f16):
    %c = arith.constant 0.0 : f32
    nv_tileaa.queue.yield %c : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @queue_get_yield(%q: !nv_tileaa.queue<[f32]>) {
  // expected-error @+1 {{expects queue.yield to forward the result types}}
  %0 = nv_tileaa.queue.get %q : !nv_tileaa.queue<[f32]> -> f16 {
  ^bb0(%a: f32):
    nv_tileaa.queue.yield %a : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.func @queue_put(%q: !nv_tileaa.queue<[f32]>, %v: f16) {
  // expected-error @+1 {{expects the values to be the queue's slot types}}
  nv_tileaa.queue.put %q, %v : !nv_tileaa.queue<[f32]>, f16
  nv_tileaa.return
}

// -----

nv_tileaa.func @execute_plugin_missing(%x: f32) {
  // expected-error @+1 {{'nowhere' does not reference a nv_tileaa.plugin}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 attributes {plugin = @nowhere} {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}

// -----

nv_tileaa.plugin @half : (f16) -> f16
nv_tileaa.func @execute_plugin_signature(%x: f32) {
  // expected-error @+1 {{expects the operands and results to match plugin 'half'}}
  %0 = nv_tileaa.execute(%x : f32) -> f32 attributes {plugin = @half} {
  ^bb0(%y: f32):
    nv_tileaa.yield %y : f32
  }
  nv_tileaa.return
}
