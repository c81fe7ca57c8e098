// Every nv_tileaa verifier diagnostic: the verbatim strings of seeds 001 and
// 002 first, then the structural rules of the op roster.
// RUN: tilecc-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

//===----------------------------------------------------------------------===//
// dot (seed 001)
//===----------------------------------------------------------------------===//

nv_tileaa.func @dot_mixed(%a: tensor<16x16xi8>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expected the element types of A, B, C, and D to be either all integers or all floats.}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xi8>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_int_widths(%a: tensor<16x16xi8>, %b: tensor<16x16xi16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{expects #A and #B have same bit width but got 8 vs 16}}
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>} : tensor<16x16xi8>, tensor<16x16xi16>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_int_signedness(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{expect signedness attribute for operand A}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_acc_f32(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf16>) {
  // expected-error @+1 {{expects #C element type to be f32, but got 'f16'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_fp4_acc(%a: tensor<16x16xf4E2M1FN>, %b: tensor<16x16xf4E2M1FN>, %c: tensor<16x16xbf16>) {
  // expected-error @+1 {{expects #C element type to be either f32 or f16, but got 'bf16'}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x16xf4E2M1FN>, tensor<16x16xf4E2M1FN>, tensor<16x16xbf16> -> tensor<16x16xbf16>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_rank(%a: tensor<1x2x16x16xf16>, %b: tensor<1x2x16x16xf16>, %c: tensor<1x2x16x16xf32>) {
  // expected-error @+1 {{expects rank-2 or rank-3 tensor for result, but got (4)}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<1x2x16x16xf16>, tensor<1x2x16x16xf16>, tensor<1x2x16x16xf32> -> tensor<1x2x16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_contracting(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expects the shape of operand #A and #B to be compatible}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x32xf16>, tensor<16x16xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{expects the shape of operand #C is compatible with operands #A and #B}}
  %d = nv_tileaa.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x8xf16>, tensor<16x16xf32> -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_one_scale(%a: tensor<16x16xf4E2M1FN>, %b: tensor<16x16xf4E2M1FN>, %c: tensor<16x16xf32>, %s: tensor<16x1xf8E8M0FNU>) {
  // expected-error @+1 {{expects both SFA and SFB to be present}}
  %d = nv_tileaa.dot %a, %b, %c, %s : tensor<16x16xf4E2M1FN>, tensor<16x16xf4E2M1FN>, tensor<16x16xf32>, tensor<16x1xf8E8M0FNU> -> tensor<16x16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @dot_result_elem(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{expects the result element type to match #C}}
  %d = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>} : tensor<16x16xi8>, tensor<16x16xi8>, tensor<16x16xi32> -> tensor<16x16xi16>
  nv_tileaa.return
}

// -----

module attributes {nv_tileaa.compute_capability = #nv_tileaa.compute_capability<90>} {
nv_tileaa.func @dot_block_scaled_target(%a: tensor<16x16xf4E2M1FN>, %b: tensor<16x16xf4E2M1FN>, %c: tensor<16x16xf32>, %s: tensor<16x1xf8E8M0FNU>, %t: tensor<1x16xf8E8M0FNU>) {
  // expected-error @+1 {{expects a target that supports block-scaled MMA for scale-factor operands, but got sm_90}}
  %d = nv_tileaa.dot %a, %b, %c, %s, %t : tensor<16x16xf4E2M1FN>, tensor<16x16xf4E2M1FN>, tensor<16x16xf32>, tensor<16x1xf8E8M0FNU>, tensor<1x16xf8E8M0FNU> -> tensor<16x16xf32>
  nv_tileaa.return
}
}

//===----------------------------------------------------------------------===//
// block_tile and conv_tile (seed 001)
//===----------------------------------------------------------------------===//

// -----

nv_tileaa.func @block_tile_sizes(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects non-empty tileSizes}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64>, dimGroups = [array<i64: 0>]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_groups(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects non-empty dimGroups}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64>, dimGroups = []} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_ranks(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects rank of tileSizes be equal to rank of dimGroups, but got 2 vs 1}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64, 32>, dimGroups = [array<i64: 0, 1>]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_zero(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects all tile size bigger than zero}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64, 0>, dimGroups = [array<i64: 0>, array<i64: 1>]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_twice(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects dim is being tiled only one time, but got 1}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64, 32>, dimGroups = [array<i64: 0, 1>, array<i64: 1>]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_entry(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects dimGroups entries to be array<i64: ...>}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64>, dimGroups = [0 : i64]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @block_tile_shape(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects the result view shape to equal tileSizes}}
  %v = nv_tileaa.block_tile %m {tileSizes = array<i64: 64, 32>, dimGroups = [array<i64: 0>, array<i64: 1>]} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<32x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_tile_filter(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects filter size must be in range 1 to 3}}
  %v = nv_tileaa.conv_tile %m {filterSizes = array<i64: 5, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 3>], channel = 3} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_tile_params(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects conv params size matched with each other}}
  %v = nv_tileaa.conv_tile %m {filterSizes = array<i64: 3, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 3>], channel = 3} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_tile_channel(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects channel must be a dimGroup}}
  %v = nv_tileaa.conv_tile %m {filterSizes = array<i64: 3, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 2>], channel = 3} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @conv_tile_channel_group(%m: !nv_tileaa.memref<?x?xf32, 1>) {
  // expected-error @+1 {{expects channel dimGroup should contain only channel}}
  %v = nv_tileaa.conv_tile %m {filterSizes = array<i64: 3, 3>, conv_params = #nv_tileaa.conv_params<strides = [1, 1], padLow = [1, 1], padHigh = [1, 1], dilations = [1, 1]>, dimGroups = [array<i64: 0, 1>, array<i64: 2, 3>], channel = 3} : !nv_tileaa.memref<?x?xf32, 1> -> !nv_tileaa.tiled_view<64x32xf32>
  nv_tileaa.return
}

//===----------------------------------------------------------------------===//
// Region terminators and parents (seed 001)
//===----------------------------------------------------------------------===//

// -----

nv_tileaa.func @region_terminator(%v: tensor<8x64xf32>) {
  // expected-error @+2 {{expects regions to end with 'nv_tileaa.yield'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'nv_tileaa.yield'}}
  %r = "nv_tileaa.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    "test.terminator"(%a) : (f32) -> ()
  }) : (tensor<8x64xf32>) -> tensor<8xf32>
  nv_tileaa.return
}

// -----

// expected-error @+1 {{expects parent op 'nv_tileaa.func'}}
nv_tileaa.return

// -----

nv_tileaa.func @yield_parent() {
  // expected-error @+1 {{expects parent op to be one of 'nv_tileaa.reduce, nv_tileaa.scan, nv_tileaa.generate, nv_tileaa.pragma, nv_tileaa.execute'}}
  nv_tileaa.yield
}

// -----

nv_tileaa.func @queue_yield_parent() {
  // expected-error @+1 {{expects parent op 'nv_tileaa.queue.get'}}
  nv_tileaa.queue.yield
}

//===----------------------------------------------------------------------===//
// Assumption predicates (seed 001)
//===----------------------------------------------------------------------===//

// -----

nv_tileaa.func @div_by_type(%v: tensor<16xf32>) {
  // expected-error @+1 {{div_by requires an integer-, pointer-, or memref-like value}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<16>] : tensor<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_divisor(%v: tensor<16xi32>) {
  // expected-error @+1 {{div_by divisor must be a positive power of two}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<12>] : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_pair(%v: tensor<16xi32>) {
  // expected-error @+1 {{div_by every and along must appear together}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<16, every 4>] : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_every(%v: tensor<16xi32>) {
  // expected-error @+1 {{div_by every must be positive}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<16, every 0 along 0>] : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @div_by_along(%v: tensor<16xi32>) {
  // expected-error @+1 {{div_by along must reference a valid axis}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.div_by<16, every 4 along 1>] : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_type(%v: tensor<16xf32>) {
  // expected-error @+1 {{bounded requires an integer-like element type}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.bounded<lower = 0>] : tensor<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_lower(%v: tensor<16xi8>) {
  // expected-error @+1 {{bounded lower exceeds the element's representable range}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.bounded<lower = -129>] : tensor<16xi8>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_upper(%v: tensor<16xi8>) {
  // expected-error @+1 {{bounded upper exceeds the element's representable range}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.bounded<upper = 128>] : tensor<16xi8>
  nv_tileaa.return
}

// -----

nv_tileaa.func @bounded_order(%v: tensor<16xi32>) {
  // expected-error @+1 {{bounded lower must not exceed upper}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.bounded<lower = 5, upper = 4>] : tensor<16xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @same_elements_rank(%v: tensor<16x4xi32>) {
  // expected-error @+1 {{same_elements length must match the constrained value's rank}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.same_elements<[16]>] : tensor<16x4xi32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @same_elements_bound(%v: tensor<16x4xi32>) {
  // expected-error @+1 {{same_elements axis bound is out of range}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.same_elements<[16, 8]>] : tensor<16x4xi32>
  nv_tileaa.return
}

// -----

// The first failing predicate reports; later ones do not run.
nv_tileaa.func @assume_first_failure(%v: tensor<16xi32>) {
  // expected-error @+1 {{div_by divisor must be a positive power of two}}
  %0 = nv_tileaa.assume %v, [#nv_tileaa.bounded<lower = 0>, #nv_tileaa.div_by<3>, #nv_tileaa.same_elements<[32]>] : tensor<16xi32>
  nv_tileaa.return
}

//===----------------------------------------------------------------------===//
// fp_to_fp (seed 001)
//===----------------------------------------------------------------------===//

// -----

nv_tileaa.func @fp_to_fp_source(%v: tensor<16xf8E4M3FNUZ>) {
  // expected-error @+1 {{fp_to_fp source element type is not supported}}
  %0 = nv_tileaa.fp_to_fp %v : tensor<16xf8E4M3FNUZ> -> tensor<16xf32>
  nv_tileaa.return
}

// -----

nv_tileaa.func @fp_to_fp_result(%v: tensor<16xf32>) {
  // expected-error @+1 {{fp_to_fp result element type is not supported}}
  %0 = nv_tileaa.fp_to_fp %v : tensor<16xf32> -> tensor<16xf8E5M2FNUZ>
  nv_tileaa.return
}

// -----

module attributes {nv_tileaa.target_spec = #nv_tileaa.target_spec<computeCapability = 90, archSuffix = "a">} {
nv_tileaa.func @fp_to_fp_block_scaled(%v: tensor<16xf16>) {
  // expected-error @+1 {{fp_to_fp block-scaled format requires a target that supports block-scaled MMA}}
  %0 = nv_tileaa.fp_to_fp %v : tensor<16xf16> -> tensor<16xf4E2M1FN>
  nv_tileaa.return
}
}

// -----

nv_tileaa.func @non_weak_without_scope(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{non-weak memory ordering requires explicit scope}}
  %v, %tko = nv_tileaa.load %p, %tk {mem_semantic = #nv_tileaa<mem_semantic acquire>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @weak_with_scope(%p: !nv_tileaa.ptr<f32, 1>, %v: f32, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{weak memory ordering must not carry a scope}}
  %tko = nv_tileaa.store %p, %v, %tk {mem_scope = #nv_tileaa<mem_scope gpu>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @explicit_weak_with_scope(%p: !nv_tileaa.ptr<i32, 1>, %v: i32, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{weak memory ordering must not carry a scope}}
  %o, %tko = nv_tileaa.atomic_rmw %p, %v, %tk {rmw_mode = #nv_tileaa<rmw_mode add>, mem_semantic = #nv_tileaa<mem_semantic weak>, mem_scope = #nv_tileaa<mem_scope sys>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @load_release(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects a load's mem_semantic to be weak, relaxed or acquire}}
  %v, %tko = nv_tileaa.load %p, %tk {mem_semantic = #nv_tileaa<mem_semantic release>, mem_scope = #nv_tileaa<mem_scope gpu>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @store_acquire(%p: !nv_tileaa.ptr<f32, 1>, %v: f32, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects a store's mem_semantic to be weak, relaxed or release}}
  %tko = nv_tileaa.store %p, %v, %tk {mem_semantic = #nv_tileaa<mem_semantic acq_rel>, mem_scope = #nv_tileaa<mem_scope gpu>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

//===----------------------------------------------------------------------===//
// Operand segments, tokens and ranks of memory ops (seed 002)
//===----------------------------------------------------------------------===//

// -----

nv_tileaa.func @segments_length(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects operandSegmentSizes of length 4, but got 3}}
  %v, %tko = nv_tileaa.load %p, %tk {operandSegmentSizes = array<i32: 1, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments_negative(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects non-negative operand segment sizes}}
  %v, %tko = nv_tileaa.load %p, %tk {operandSegmentSizes = array<i32: 1, -1, 1, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments_base(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects exactly one operand in segment #0}}
  %v, %tko = nv_tileaa.load %p, %tk {operandSegmentSizes = array<i32: 0, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments_optional(%p: tensor<16x!nv_tileaa.ptr<f32, 1>>, %m: tensor<16xi1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects at most one operand in segment #2}}
  %v, %tko = nv_tileaa.load %p, %m, %m, %tk {operandSegmentSizes = array<i32: 1, 0, 2, 0>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xi1>, tensor<16xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @segments_count(%p: !nv_tileaa.ptr<f32, 1>, %i: index, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects 1 operands from operandSegmentSizes plus a token, but got 4}}
  %v, %t = nv_tileaa.load %p, %i, %i, %tk {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, index, index, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @token_slot(%p: !nv_tileaa.ptr<f32, 1>, %i: index) {
  // expected-error @+1 {{expects the operand after the segments to be a !nv_tileaa.mem_token}}
  %v, %t = nv_tileaa.load %p, %i {operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<f32, 1>, index -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

// Every memory effect consumes a token: a load without one is rejected.
nv_tileaa.func @load_without_token(%p: !nv_tileaa.ptr<f32, 1>) {
  // expected-error @+1 {{expects 1 operands from operandSegmentSizes plus a token, but got 1}}
  %v, %t = nv_tileaa.load %p : !nv_tileaa.ptr<f32, 1> -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @store_without_token(%p: !nv_tileaa.ptr<f32, 1>, %v: f32) {
  // expected-error @+1 {{expects 2 operands from operandSegmentSizes plus a token, but got 2}}
  %t = nv_tileaa.store %p, %v : !nv_tileaa.ptr<f32, 1>, f32 -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

// ... and so is one that drops the successor token.
nv_tileaa.func @atomic_without_result_token(%p: !nv_tileaa.ptr<i32, 1>, %v: i32, %t: !nv_tileaa.mem_token) {
  // expected-error @+1 {{'nv_tileaa.atomic_rmw' op expected 2 results}}
  %o = nv_tileaa.atomic_rmw %p, %v, %t {rmw_mode = #nv_tileaa<rmw_mode add>} : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32
  nv_tileaa.return
}

// -----

nv_tileaa.func @index_rank(%m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects 2 indices for a base of rank 2, but got 1}}
  %v, %tko = nv_tileaa.tiled_load %m[%i], %tk : !nv_tileaa.memref<?x?xf32, 1>, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @index_type(%m: !nv_tileaa.memref<?xf32, 1>, %i: i32, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects index-typed indices}}
  %v, %tko = nv_tileaa.tiled_load %m[%i], %tk : !nv_tileaa.memref<?xf32, 1>, i32, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @gather_index_type(%m: !nv_tileaa.memref<?xf32, 1>, %i: tensor<16xf32>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects integer or index index tiles}}
  %v, %tko = nv_tileaa.gather_load %m[%i], %tk : !nv_tileaa.memref<?xf32, 1>, tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @base_kind(%p: tensor<16xf32>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects the base to be a pointer, tile of pointers, memref or tiled view}}
  %v, %tko = nv_tileaa.load %p, %tk : tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @element_type(%p: !nv_tileaa.ptr<f32, 1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects element type 'f32' of the base, but got 'f16'}}
  %v, %tko = nv_tileaa.load %p, %tk : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f16, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @pointer_tile_shape(%p: tensor<16x!nv_tileaa.ptr<f32, 1>>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects the data shape to match the shape of the pointer tile}}
  %v, %tko = nv_tileaa.load %p, %tk : tensor<16x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token -> tensor<8xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @mask_shape(%p: tensor<16x!nv_tileaa.ptr<f32, 1>>, %m: tensor<8xi1>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects the mask shape to match the data shape}}
  %v, %tko = nv_tileaa.load %p, %m, %tk : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<8xi1>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @in_bounds_rank(%m: !nv_tileaa.memref<?x?xf32, 1>, %i: index, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects one in_bounds entry per base dimension}}
  %v, %tko = nv_tileaa.tiled_load %m[%i, %i], %tk {in_bounds = array<i1: true>} : !nv_tileaa.memref<?x?xf32, 1>, index, index, !nv_tileaa.mem_token -> tensor<16x16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @other_without_mask(%p: tensor<16x!nv_tileaa.ptr<f32, 1>>, %o: tensor<16xf32>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects 'other' only together with a mask}}
  %v, %tko = nv_tileaa.load %p, %o, %tk {operandSegmentSizes = array<i32: 1, 0, 0, 1>} : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xf32>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @other_type(%p: tensor<16x!nv_tileaa.ptr<f32, 1>>, %m: tensor<16xi1>, %o: tensor<16xf16>, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects 'other' to have the result type}}
  %v, %tko = nv_tileaa.load %p, %m, %o, %tk : tensor<16x!nv_tileaa.ptr<f32, 1>>, tensor<16xi1>, tensor<16xf16>, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @cas_types(%p: !nv_tileaa.ptr<f32, 1>, %c: f32, %r: f16, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects compare and replacement to have the result type}}
  %v, %tko = nv_tileaa.atomic_cas %p, %c, %r, %tk : !nv_tileaa.ptr<f32, 1>, f32, f16, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @rmw_value(%p: !nv_tileaa.ptr<i32, 1>, %v: i64, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects the value to have the result type}}
  %o, %tko = nv_tileaa.atomic_rmw %p, %v, %tk {rmw_mode = #nv_tileaa<rmw_mode add>} : !nv_tileaa.ptr<i32, 1>, i64, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @rmw_mode(%p: !nv_tileaa.ptr<f32, 1>, %v: f32, %tk: !nv_tileaa.mem_token) {
  // expected-error @+1 {{expects rmw_mode add to match the element type 'f32'}}
  %o, %tko = nv_tileaa.atomic_rmw %p, %v, %tk {rmw_mode = #nv_tileaa<rmw_mode add>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @mem_too_many(%p: !nv_tileaa.ptr<f32, 1>, %a: f32) {
  // expected-error @+1 {{too many operands for 'nv_tileaa.load'}}
  %v = nv_tileaa.load %p, %a, %a, %a : !nv_tileaa.ptr<f32, 1>, f32, f32, f32 -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @mem_type_count(%p: !nv_tileaa.ptr<f32, 1>) {
  // expected-error @+1 {{expects one type per operand, but got 2 types for 1 operands}}
  %v = nv_tileaa.load %p : !nv_tileaa.ptr<f32, 1>, f32 -> f32
  nv_tileaa.return
}

// -----

nv_tileaa.func @mem_leading(%m: !nv_tileaa.memref<?xf32, 1>, %i: index) {
  // expected-error @+1 {{expects 1 operand(s) between the base and the indices}}
  nv_tileaa.store %m[%i] : !nv_tileaa.memref<?xf32, 1>, index
  nv_tileaa.return
}
