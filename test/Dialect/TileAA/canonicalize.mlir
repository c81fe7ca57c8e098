// Seed 000 canonicalization table: for every row a case where the rewrite
// fires and one where its safety condition blocks it. The op patterns are
// registered on the ops, so -canonicalize and -tileaa-canonicalize agree.
// RUN: tilecc-opt %s -split-input-file -tileaa-canonicalize | FileCheck %s
// RUN: tilecc-opt %s -split-input-file -canonicalize | FileCheck %s

//===----------------------------------------------------------------------===//
// Dot folding
//===----------------------------------------------------------------------===//

// A zero multiplicand leaves the accumulator.
// CHECK-LABEL: @dot_zero_a
// CHECK-NOT: dot
// CHECK: return %arg1
nv_tileaa.func @dot_zero_a(%b: tensor<16x8xf16>, %c: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = arith.constant dense<0.0> : tensor<4x16xf16>
  %d = nv_tileaa.dot %a, %b, %c : tensor<4x16xf16>, tensor<16x8xf16>, tensor<4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return %d : tensor<4x8xf32>
}

// -----

// Products are summed in the f32 accumulator type: 2048 + 1 is exact in f32
// but would round to 2048 in f16.
// CHECK-LABEL: @dot_constant_float
// CHECK: %[[C:.*]] = arith.constant dense<2.049000e+03> : tensor<1x1xf32>
// CHECK-NOT: dot
// CHECK: return %[[C]]
nv_tileaa.func @dot_constant_float() -> tensor<1x1xf32> {
  %a = arith.constant dense<[[1.0, 1.0]]> : tensor<1x2xf16>
  %b = arith.constant dense<[[2048.0], [1.0]]> : tensor<2x1xf16>
  %c = arith.constant dense<0.0> : tensor<1x1xf32>
  %d = nv_tileaa.dot %a, %b, %c : tensor<1x2xf16>, tensor<2x1xf16>, tensor<1x1xf32> -> tensor<1x1xf32>
  nv_tileaa.return %d : tensor<1x1xf32>
}

// -----

// Integer MMA extends by signedness: 0xFF is -1 signed and 255 unsigned.
// CHECK-LABEL: @dot_constant_int
// CHECK-DAG: arith.constant dense<-2> : tensor<1x1xi32>
// CHECK-DAG: arith.constant dense<510> : tensor<1x1xi32>
// CHECK-NOT: dot
nv_tileaa.func @dot_constant_int() -> (tensor<1x1xi32>, tensor<1x1xi32>) {
  %a = arith.constant dense<-1> : tensor<1x1xi8>
  %b = arith.constant dense<2> : tensor<1x1xi8>
  %c = arith.constant dense<0> : tensor<1x1xi32>
  %s = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness signed>}
      : tensor<1x1xi8>, tensor<1x1xi8>, tensor<1x1xi32> -> tensor<1x1xi32>
  %u = nv_tileaa.dot %a, %b, %c {signedness_a = #nv_tileaa<signedness unsigned>, signedness_b = #nv_tileaa<signedness unsigned>}
      : tensor<1x1xi8>, tensor<1x1xi8>, tensor<1x1xi32> -> tensor<1x1xi32>
  nv_tileaa.return %s, %u : tensor<1x1xi32>, tensor<1x1xi32>
}

// -----

// Blocked: a non-constant multiplicand, scale factors, or NaN propagation
// (0 * inf is NaN) keep the dot.
// CHECK-LABEL: @dot_blocked
// CHECK-COUNT-3: nv_tileaa.dot
nv_tileaa.func @dot_blocked(%b: tensor<2x1xf16>, %fa: tensor<1x2xf4E2M1FN>, %fb: tensor<2x1xf4E2M1FN>,
                            %sa: tensor<1x1xf8E8M0FNU>, %sb: tensor<1x1xf8E8M0FNU>)
    -> (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>) {
  %a = arith.constant dense<[[1.0, 1.0]]> : tensor<1x2xf16>
  %z = arith.constant dense<0.0> : tensor<1x2xf16>
  %za = arith.constant dense<0.0> : tensor<1x2xf4E2M1FN>
  %c = arith.constant dense<0.0> : tensor<1x1xf32>
  %0 = nv_tileaa.dot %a, %b, %c : tensor<1x2xf16>, tensor<2x1xf16>, tensor<1x1xf32> -> tensor<1x1xf32>
  %1 = nv_tileaa.dot %za, %fb, %c, %sa, %sb
      : tensor<1x2xf4E2M1FN>, tensor<2x1xf4E2M1FN>, tensor<1x1xf32>, tensor<1x1xf8E8M0FNU>, tensor<1x1xf8E8M0FNU> -> tensor<1x1xf32>
  %2 = nv_tileaa.dot %z, %b, %c {propagate_nan = #nv_tileaa<propagate_nan all>}
      : tensor<1x2xf16>, tensor<2x1xf16>, tensor<1x1xf32> -> tensor<1x1xf32>
  nv_tileaa.return %0, %1, %2 : tensor<1x1xf32>, tensor<1x1xf32>, tensor<1x1xf32>
}

//===----------------------------------------------------------------------===//
// Pointer arithmetic
//===----------------------------------------------------------------------===//

// -----

// Offsets of different integer types are normalized before they are added.
// CHECK-LABEL: @addptr_chain
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f32, 1>, %[[A:.*]]: index, %[[B:.*]]: i32)
// CHECK: %[[BI:.*]] = arith.index_cast %[[B]] : i32 to index
// CHECK: %[[S:.*]] = arith.addi %[[A]], %[[BI]] : index
// CHECK: %[[R:.*]] = nv_tileaa.addptr %[[P]], %[[S]] : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 1>
// CHECK-NEXT: return %[[R]]
nv_tileaa.func @addptr_chain(%p: !nv_tileaa.ptr<f32, 1>, %a: index, %b: i32) -> !nv_tileaa.ptr<f32, 1> {
  %0 = nv_tileaa.addptr %p, %a : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 1>
  %1 = nv_tileaa.addptr %0, %b : !nv_tileaa.ptr<f32, 1>, i32 -> !nv_tileaa.ptr<f32, 1>
  nv_tileaa.return %1 : !nv_tileaa.ptr<f32, 1>
}

// -----

// A scalar offset meets a tile offset; an element offset meets a byte offset
// and is scaled by the element size (4 bytes) first.
// CHECK-LABEL: @addptr_chain_bytes
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f32, 1>, %[[A:.*]]: i64, %[[L:.*]]: tensor<8xi64>)
// CHECK: %[[FOUR:.*]] = arith.constant dense<4> : tensor<8xi64>
// CHECK: %[[SCALED:.*]] = arith.muli %[[L]], %[[FOUR]] : tensor<8xi64>
// CHECK: %[[SA:.*]] = nv_tileaa.splat %[[A]] : i64 -> tensor<8xi64>
// CHECK: %[[SUM:.*]] = arith.addi %[[SA]], %[[SCALED]] : tensor<8xi64>
// CHECK: nv_tileaa.addptr %[[P]], %[[SUM]] {bytes} : !nv_tileaa.ptr<f32, 1>, tensor<8xi64> -> tensor<8x!nv_tileaa.ptr<f32, 1>>
// CHECK-NOT: addptr
nv_tileaa.func @addptr_chain_bytes(%p: !nv_tileaa.ptr<f32, 1>, %a: i64, %lanes: tensor<8xi64>)
    -> tensor<8x!nv_tileaa.ptr<f32, 1>> {
  %0 = nv_tileaa.addptr %p, %a {bytes} : !nv_tileaa.ptr<f32, 1>, i64 -> !nv_tileaa.ptr<f32, 1>
  %1 = nv_tileaa.addptr %0, %lanes : !nv_tileaa.ptr<f32, 1>, tensor<8xi64> -> tensor<8x!nv_tileaa.ptr<f32, 1>>
  nv_tileaa.return %1 : tensor<8x!nv_tileaa.ptr<f32, 1>>
}

// -----

// Blocked: a 4-bit element has no byte offset, so element and byte offsets
// cannot be added.
// CHECK-LABEL: @addptr_chain_subbyte
// CHECK: nv_tileaa.addptr %arg0, %arg1 {bytes}
// CHECK: nv_tileaa.addptr %{{.*}}, %arg2 :
nv_tileaa.func @addptr_chain_subbyte(%p: !nv_tileaa.ptr<f4E2M1FN, 1>, %a: index, %b: index) -> !nv_tileaa.ptr<f4E2M1FN, 1> {
  %0 = nv_tileaa.addptr %p, %a {bytes} : !nv_tileaa.ptr<f4E2M1FN, 1>, index -> !nv_tileaa.ptr<f4E2M1FN, 1>
  %1 = nv_tileaa.addptr %0, %b : !nv_tileaa.ptr<f4E2M1FN, 1>, index -> !nv_tileaa.ptr<f4E2M1FN, 1>
  nv_tileaa.return %1 : !nv_tileaa.ptr<f4E2M1FN, 1>
}

//===----------------------------------------------------------------------===//
// Assumptions and selects over splats
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @assume_over_splat
// CHECK: %[[A:.*]] = nv_tileaa.assume %arg0, [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<lower = 0>] : i32
// CHECK: %[[S:.*]] = nv_tileaa.splat %[[A]] : i32 -> tensor<16xi32>
// CHECK: return %[[S]]
nv_tileaa.func @assume_over_splat(%x: i32) -> tensor<16xi32> {
  %s = nv_tileaa.splat %x : i32 -> tensor<16xi32>
  %a = nv_tileaa.assume %s, [#nv_tileaa.div_by<16>, #nv_tileaa.bounded<lower = 0>] : tensor<16xi32>
  nv_tileaa.return %a : tensor<16xi32>
}

// -----

// Blocked: per-axis facts depend on the tile shape, not on each lane.
// CHECK-LABEL: @assume_over_splat_blocked
// CHECK: %[[S:.*]] = nv_tileaa.splat %arg0 : i32 -> tensor<4x4xi32>
// CHECK: nv_tileaa.assume %[[S]], [#nv_tileaa.same_elements<[4, 4]>]
// CHECK: nv_tileaa.assume %[[S]], [#nv_tileaa.div_by<16, every 2 along 1>]
nv_tileaa.func @assume_over_splat_blocked(%x: i32) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
  %s = nv_tileaa.splat %x : i32 -> tensor<4x4xi32>
  %a = nv_tileaa.assume %s, [#nv_tileaa.same_elements<[4, 4]>] : tensor<4x4xi32>
  %b = nv_tileaa.assume %s, [#nv_tileaa.div_by<16, every 2 along 1>] : tensor<4x4xi32>
  nv_tileaa.return %a, %b : tensor<4x4xi32>, tensor<4x4xi32>
}

// -----

// CHECK-LABEL: @select_through_splat
// CHECK-DAG: %[[C:.*]] = nv_tileaa.splat %arg0 : i1 -> tensor<8xi1>
// CHECK-DAG: %[[T:.*]] = nv_tileaa.splat %arg1 : f32 -> tensor<8xf32>
// CHECK-DAG: %[[F:.*]] = nv_tileaa.splat %arg2 : f32 -> tensor<8xf32>
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[T]], %[[F]] : tensor<8xi1>, tensor<8xf32>
// CHECK: return %[[R]]
nv_tileaa.func @select_through_splat(%c: i1, %t: f32, %f: f32) -> tensor<8xf32> {
  %s = arith.select %c, %t, %f : f32
  %r = nv_tileaa.splat %s : f32 -> tensor<8xf32>
  nv_tileaa.return %r : tensor<8xf32>
}

// -----

// Blocked: the scalar select has another user; pushing it would duplicate it.
// CHECK-LABEL: @select_through_splat_blocked
// CHECK: %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : f32
// CHECK: nv_tileaa.splat %[[S]] : f32 -> tensor<8xf32>
nv_tileaa.func @select_through_splat_blocked(%c: i1, %t: f32, %f: f32) -> (tensor<8xf32>, f32) {
  %s = arith.select %c, %t, %f : f32
  %r = nv_tileaa.splat %s : f32 -> tensor<8xf32>
  nv_tileaa.return %r, %s : tensor<8xf32>, f32
}

//===----------------------------------------------------------------------===//
// Masked loads
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @masked_load_true
// CHECK: %[[V:.*]], %[[T:.*]] = nv_tileaa.load %arg0, %arg2 {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK: return %[[V]], %[[T]]
nv_tileaa.func @masked_load_true(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %o: tensor<8xf32>, %t: !nv_tileaa.mem_token)
    -> (tensor<8xf32>, !nv_tileaa.mem_token) {
  %m = arith.constant dense<true> : tensor<8xi1>
  %v, %t1 = nv_tileaa.load %p, %m, %o, %t : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xi1>, tensor<8xf32>, !nv_tileaa.mem_token -> tensor<8xf32>, !nv_tileaa.mem_token
  nv_tileaa.return %v, %t1 : tensor<8xf32>, !nv_tileaa.mem_token
}

// -----

// No read happens: the data is the fallback and the token is the incoming one.
// CHECK-LABEL: @masked_load_false
// CHECK-NOT: load
// CHECK: return %arg1, %arg2
nv_tileaa.func @masked_load_false(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %o: tensor<8xf32>, %t: !nv_tileaa.mem_token)
    -> (tensor<8xf32>, !nv_tileaa.mem_token) {
  %m = arith.constant dense<false> : tensor<8xi1>
  %v, %t1 = nv_tileaa.load %p, %m, %o, %t : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xi1>, tensor<8xf32>, !nv_tileaa.mem_token -> tensor<8xf32>, !nv_tileaa.mem_token
  nv_tileaa.return %v, %t1 : tensor<8xf32>, !nv_tileaa.mem_token
}

// -----

// Without a fallback the masked-off data is undefined (poison).
// CHECK-LABEL: @masked_load_false_no_other
// CHECK: %[[U:.*]] = ub.poison : tensor<8xf32>
// CHECK-NOT: load
// CHECK: return %[[U]], %arg1
nv_tileaa.func @masked_load_false_no_other(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %t: !nv_tileaa.mem_token)
    -> (tensor<8xf32>, !nv_tileaa.mem_token) {
  %m = arith.constant dense<false> : tensor<8xi1>
  %v, %t1 = nv_tileaa.load %p, %m, %t : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xi1>, !nv_tileaa.mem_token -> tensor<8xf32>, !nv_tileaa.mem_token
  nv_tileaa.return %v, %t1 : tensor<8xf32>, !nv_tileaa.mem_token
}

// -----

// Blocked: a constant mask that is not uniform still selects lanes.
// CHECK-LABEL: @masked_load_mixed
// CHECK: nv_tileaa.load %arg0, %{{.*}}, %arg1 {operandSegmentSizes = array<i32: 1, 0, 1, 0>}
nv_tileaa.func @masked_load_mixed(%p: tensor<2x!nv_tileaa.ptr<f32, 1>>, %t: !nv_tileaa.mem_token)
    -> (tensor<2xf32>, !nv_tileaa.mem_token) {
  %m = arith.constant dense<[true, false]> : tensor<2xi1>
  %v, %t1 = nv_tileaa.load %p, %m, %t : tensor<2x!nv_tileaa.ptr<f32, 1>>, tensor<2xi1>, !nv_tileaa.mem_token -> tensor<2xf32>, !nv_tileaa.mem_token
  nv_tileaa.return %v, %t1 : tensor<2xf32>, !nv_tileaa.mem_token
}

//===----------------------------------------------------------------------===//
// Masked stores
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @masked_store_true
// CHECK: %[[T:.*]] = nv_tileaa.tiled_store %arg0[%arg2, %arg2], %arg1, %arg3 {operandSegmentSizes = array<i32: 1, 1, 2, 0>}
// CHECK: return %[[T]]
nv_tileaa.func @masked_store_true(%mr: !nv_tileaa.memref<?x?xf32, 1>, %v: tensor<4x4xf32>, %i: index, %t: !nv_tileaa.mem_token)
    -> !nv_tileaa.mem_token {
  %m = arith.constant dense<true> : tensor<4x4xi1>
  %t1 = nv_tileaa.tiled_store %mr[%i, %i], %v, %m, %t : !nv_tileaa.memref<?x?xf32, 1>, tensor<4x4xf32>, index, index, tensor<4x4xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return %t1 : !nv_tileaa.mem_token
}

// -----

// No write happens: the store disappears and its token users see the
// incoming token.
// CHECK-LABEL: @masked_store_false
// CHECK-NOT: store
// CHECK: return %arg2
nv_tileaa.func @masked_store_false(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %v: tensor<8xf32>, %t: !nv_tileaa.mem_token)
    -> !nv_tileaa.mem_token {
  %m = arith.constant dense<false> : tensor<8xi1>
  %t1 = nv_tileaa.store %p, %v, %m, %t : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xf32>, tensor<8xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return %t1 : !nv_tileaa.mem_token
}

// -----

// Blocked: a volatile or release store has effects besides the write.
// CHECK-LABEL: @masked_store_false_blocked
// CHECK: nv_tileaa.store %arg0, %arg1, %{{.*}}, %arg2 {is_volatile
// CHECK: nv_tileaa.store %arg0, %arg1, %{{.*}}, %{{.*}} {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic release>
nv_tileaa.func @masked_store_false_blocked(%p: tensor<8x!nv_tileaa.ptr<f32, 1>>, %v: tensor<8xf32>, %t: !nv_tileaa.mem_token)
    -> !nv_tileaa.mem_token {
  %m = arith.constant dense<false> : tensor<8xi1>
  %t1 = nv_tileaa.store %p, %v, %m, %t {is_volatile} : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xf32>, tensor<8xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %t2 = nv_tileaa.store %p, %v, %m, %t1 {mem_semantic = #nv_tileaa<mem_semantic release>, mem_scope = #nv_tileaa<mem_scope gpu>} : tensor<8x!nv_tileaa.ptr<f32, 1>>, tensor<8xf32>, tensor<8xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return %t2 : !nv_tileaa.mem_token
}

//===----------------------------------------------------------------------===//
// Shape wrappers
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @shape_wrappers
// CHECK-DAG: %[[V:.*]] = nv_tileaa.view %arg1 : tensor<4x8xf32> -> tensor<2x16xf32>
// CHECK-DAG: %[[S1:.*]] = nv_tileaa.splat %arg0 : f32 -> tensor<32xf32>
// CHECK-DAG: %[[S2:.*]] = nv_tileaa.splat %arg0 : f32 -> tensor<4x8xf32>
// CHECK-DAG: %[[S3:.*]] = nv_tileaa.splat %arg0 : f32 -> tensor<4x1xf32>
// CHECK: return %[[V]], %[[S1]], %[[S2]], %[[S3]]
nv_tileaa.func @shape_wrappers(%x: f32, %t: tensor<4x8xf32>)
    -> (tensor<2x16xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<4x1xf32>) {
  %0 = nv_tileaa.view %t : tensor<4x8xf32> -> tensor<32xf32>
  %1 = nv_tileaa.view %0 : tensor<32xf32> -> tensor<2x16xf32>
  %s = nv_tileaa.splat %x : f32 -> tensor<4x8xf32>
  %2 = nv_tileaa.view %s : tensor<4x8xf32> -> tensor<32xf32>
  %s1 = nv_tileaa.splat %x : f32 -> tensor<1x8xf32>
  %3 = nv_tileaa.broadcast %s1 : tensor<1x8xf32> -> tensor<4x8xf32>
  %s2 = nv_tileaa.splat %x : f32 -> tensor<4xf32>
  %4 = nv_tileaa.expand_dims %s2 {axis = 1 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  nv_tileaa.return %1, %2, %3, %4 : tensor<2x16xf32>, tensor<32xf32>, tensor<4x8xf32>, tensor<4x1xf32>
}

// -----

// Blocked: wrappers over values that are not splats change the element
// stream, so they stay.
// CHECK-LABEL: @shape_wrappers_blocked
// CHECK: %[[B:.*]] = nv_tileaa.broadcast %arg0 : tensor<1x8xf32> -> tensor<4x8xf32>
// CHECK: nv_tileaa.view %[[B]] : tensor<4x8xf32> -> tensor<32xf32>
// CHECK: nv_tileaa.expand_dims %arg1 {axis = 0 : i32}
nv_tileaa.func @shape_wrappers_blocked(%t: tensor<1x8xf32>, %u: tensor<8xf32>) -> (tensor<32xf32>, tensor<1x8xf32>) {
  %0 = nv_tileaa.broadcast %t : tensor<1x8xf32> -> tensor<4x8xf32>
  %1 = nv_tileaa.view %0 : tensor<4x8xf32> -> tensor<32xf32>
  %2 = nv_tileaa.expand_dims %u {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
  nv_tileaa.return %1, %2 : tensor<32xf32>, tensor<1x8xf32>
}

//===----------------------------------------------------------------------===//
// Extract motion
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @extract_through_elementwise
// CHECK-DAG: %[[A:.*]] = nv_tileaa.extract %arg0[%arg2] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-DAG: %[[B:.*]] = nv_tileaa.extract %arg1[%arg2] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK: %[[S:.*]] = nv_tileaa.addf %[[A]], %[[B]] : tensor<8xf32>
// CHECK-DAG: %[[C:.*]] = nv_tileaa.extract %arg0[%arg2, %arg2] : tensor<4x8xf32> -> f32
// CHECK-DAG: %[[D:.*]] = nv_tileaa.extract %arg1[%arg2, %arg2] : tensor<4x8xf32> -> f32
// CHECK: %[[M:.*]] = arith.mulf %[[C]], %[[D]] : f32
// CHECK: return %[[S]], %[[M]]
nv_tileaa.func @extract_through_elementwise(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>, %i: index) -> (tensor<8xf32>, f32) {
  %0 = nv_tileaa.addf %a, %b : tensor<4x8xf32>
  %1 = nv_tileaa.extract %0[%i] : tensor<4x8xf32> -> tensor<8xf32>
  %2 = arith.mulf %a, %b : tensor<4x8xf32>
  %3 = nv_tileaa.extract %2[%i, %i] : tensor<4x8xf32> -> f32
  nv_tileaa.return %1, %3 : tensor<8xf32>, f32
}

// -----

// CHECK-LABEL: @extract_through_expand_dims
// CHECK: %[[E:.*]] = nv_tileaa.extract %arg0[%arg1] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK: %[[X:.*]] = nv_tileaa.expand_dims %[[E]] {axis = 0 : i32} : tensor<8xf32> -> tensor<1x8xf32>
// CHECK: return %arg0, %[[X]]
nv_tileaa.func @extract_through_expand_dims(%a: tensor<4x8xf32>, %i: index) -> (tensor<4x8xf32>, tensor<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %0 = nv_tileaa.expand_dims %a {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %1 = nv_tileaa.extract %0[%c0] : tensor<1x4x8xf32> -> tensor<4x8xf32>
  %2 = nv_tileaa.expand_dims %a {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  %3 = nv_tileaa.extract %2[%i] : tensor<4x1x8xf32> -> tensor<1x8xf32>
  nv_tileaa.return %1, %3 : tensor<4x8xf32>, tensor<1x8xf32>
}

// -----

// Blocked: permute moves lanes, and a nonzero index on the inserted axis has
// no source lane.
// CHECK-LABEL: @extract_motion_blocked
// CHECK: %[[P:.*]] = nv_tileaa.permute %arg0
// CHECK: nv_tileaa.extract %[[P]][%arg1]
// CHECK: %[[X:.*]] = nv_tileaa.expand_dims %arg0 {axis = 0 : i32}
// CHECK: nv_tileaa.extract %[[X]][%arg1]
nv_tileaa.func @extract_motion_blocked(%a: tensor<4x8xf32>, %i: index) -> (tensor<4xf32>, tensor<4x8xf32>) {
  %0 = nv_tileaa.permute %a {permutation = array<i64: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  %1 = nv_tileaa.extract %0[%i] : tensor<8x4xf32> -> tensor<4xf32>
  %2 = nv_tileaa.expand_dims %a {axis = 0 : i32} : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %3 = nv_tileaa.extract %2[%i] : tensor<1x4x8xf32> -> tensor<4x8xf32>
  nv_tileaa.return %1, %3 : tensor<4xf32>, tensor<4x8xf32>
}

//===----------------------------------------------------------------------===//
// Queue and pragma result pruning
//===----------------------------------------------------------------------===//

// -----

// The live results keep their relative order.
// CHECK-LABEL: @prune_queue_get
// CHECK: %[[R:.*]]:2 = nv_tileaa.queue.get %{{.*}} : !nv_tileaa.queue<[tensor<8xf32>, i32, f32]> -> tensor<8xf32>, f32 {
// CHECK: ^bb0(%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: i32, %[[C:.*]]: f32):
// CHECK: nv_tileaa.queue.yield %[[A]], %[[C]] : tensor<8xf32>, f32
// CHECK: return %[[R]]#0, %[[R]]#1
nv_tileaa.func @prune_queue_get() -> (tensor<8xf32>, f32) {
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<[tensor<8xf32>, i32, f32]>
  %r:3 = nv_tileaa.queue.get %q : !nv_tileaa.queue<[tensor<8xf32>, i32, f32]> -> tensor<8xf32>, i32, f32 {
  ^bb0(%a: tensor<8xf32>, %b: i32, %c: f32):
    nv_tileaa.queue.yield %a, %b, %c : tensor<8xf32>, i32, f32
  }
  nv_tileaa.return %r#0, %r#2 : tensor<8xf32>, f32
}

// -----

// Blocked: every result is live.
// CHECK-LABEL: @prune_queue_get_all_live
// CHECK: nv_tileaa.queue.get %{{.*}} -> i32, f32 {
nv_tileaa.func @prune_queue_get_all_live() -> (i32, f32) {
  %q = nv_tileaa.create_queue : !nv_tileaa.queue<[i32, f32]>
  %r:2 = nv_tileaa.queue.get %q : !nv_tileaa.queue<[i32, f32]> -> i32, f32 {
  ^bb0(%b: i32, %c: f32):
    nv_tileaa.queue.yield %b, %c : i32, f32
  }
  nv_tileaa.return %r#0, %r#1 : i32, f32
}

// -----

// CHECK-LABEL: @prune_pragma
// CHECK: %[[R:.*]] = nv_tileaa.pragma {unroll = 2 : i64} -> f32 {
// CHECK: nv_tileaa.yield %arg1 : f32
// CHECK: return %[[R]]
nv_tileaa.func @prune_pragma(%a: i32, %b: f32) -> f32 {
  %r:2 = nv_tileaa.pragma {unroll = 2 : i64} -> i32, f32 {
    nv_tileaa.yield %a, %b : i32, f32
  }
  nv_tileaa.return %r#1 : f32
}

// -----

// Blocked: the payload names result 0, so its directive depends on it.
// CHECK-LABEL: @prune_pragma_pinned
// CHECK: nv_tileaa.pragma {results = array<i64: 0>} -> i32, f32 {
// CHECK: nv_tileaa.yield %arg0, %arg1 : i32, f32
nv_tileaa.func @prune_pragma_pinned(%a: i32, %b: f32) -> f32 {
  %r:2 = nv_tileaa.pragma {results = array<i64: 0>} -> i32, f32 {
    nv_tileaa.yield %a, %b : i32, f32
  }
  nv_tileaa.return %r#1 : f32
}

//===----------------------------------------------------------------------===//
// Atomic identities: the data operation becomes an ordered load whose token
// takes the atomic's place in the chain.
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: @atomic_identities
// CHECK: %[[V0:.*]], %[[T0:.*]] = nv_tileaa.load %arg0, %arg1 {mem_scope = #nv_tileaa<mem_scope gpu>, mem_semantic = #nv_tileaa<mem_semantic acquire>, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : !nv_tileaa.ptr<i32, 1>, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
// CHECK: %[[V1:.*]], %[[T1:.*]] = nv_tileaa.load %arg0, %[[T0]] {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK: %[[V2:.*]], %[[T2:.*]] = nv_tileaa.load %arg2, %[[T1]] {operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK: %[[V3:.*]], %[[T3:.*]] = nv_tileaa.load %arg0, %[[T2]] {mem_scope = #nv_tileaa<mem_scope sys>, mem_semantic = #nv_tileaa<mem_semantic relaxed>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}
// CHECK-NOT: atomic
// CHECK: return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[T3]]
nv_tileaa.func @atomic_identities(%p: !nv_tileaa.ptr<i32, 1>, %t: !nv_tileaa.mem_token, %pf: !nv_tileaa.ptr<f32, 1>)
    -> (i32, i32, f32, i32, !nv_tileaa.mem_token) {
  %zero = arith.constant 0 : i32
  %ones = arith.constant -1 : i32
  %negz = arith.constant -0.0 : f32
  %seven = arith.constant 7 : i32
  %0, %t0 = nv_tileaa.atomic_rmw %p, %zero, %t {rmw_mode = #nv_tileaa<rmw_mode add>, mem_semantic = #nv_tileaa<mem_semantic acquire>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %1, %t1 = nv_tileaa.atomic_rmw %p, %ones, %t0 {rmw_mode = #nv_tileaa<rmw_mode and>}
      : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %2, %t2 = nv_tileaa.atomic_rmw %pf, %negz, %t1 {rmw_mode = #nv_tileaa<rmw_mode addf>}
      : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %3, %t3 = nv_tileaa.atomic_cas %p, %seven, %seven, %t2 {mem_semantic = #nv_tileaa<mem_semantic relaxed>, mem_scope = #nv_tileaa<mem_scope sys>}
      : !nv_tileaa.ptr<i32, 1>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return %0, %1, %2, %3, %t3 : i32, i32, f32, i32, !nv_tileaa.mem_token
}

// -----

// Blocked: +0.0 is not an identity of addf (-0.0 + +0.0 = +0.0), exchange
// has none, a release atomic's write orders other accesses, and a CAS whose
// compare differs from its replacement may write.
// CHECK-LABEL: @atomic_identities_blocked
// CHECK-COUNT-3: nv_tileaa.atomic_rmw
// CHECK: nv_tileaa.atomic_cas
// CHECK-NOT: nv_tileaa.load
nv_tileaa.func @atomic_identities_blocked(%p: !nv_tileaa.ptr<i32, 1>, %pf: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileaa.mem_token)
    -> (f32, i32, i32, i32, !nv_tileaa.mem_token) {
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %posz = arith.constant 0.0 : f32
  %0, %t0 = nv_tileaa.atomic_rmw %pf, %posz, %t {rmw_mode = #nv_tileaa<rmw_mode addf>}
      : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  %1, %t1 = nv_tileaa.atomic_rmw %p, %zero, %t0 {rmw_mode = #nv_tileaa<rmw_mode xchg>}
      : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %2, %t2 = nv_tileaa.atomic_rmw %p, %zero, %t1 {rmw_mode = #nv_tileaa<rmw_mode add>, mem_semantic = #nv_tileaa<mem_semantic release>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : !nv_tileaa.ptr<i32, 1>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %3, %t3 = nv_tileaa.atomic_cas %p, %zero, %one, %t2
      : !nv_tileaa.ptr<i32, 1>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return %0, %1, %2, %3, %t3 : f32, i32, i32, i32, !nv_tileaa.mem_token
}

//===----------------------------------------------------------------------===//
// Token algebra
//===----------------------------------------------------------------------===//

// -----

// join flattens, drops duplicates and fresh tokens (its identity); a join of
// one token is that token.
// CHECK-LABEL: @join_tokens
// CHECK: %[[J:.*]] = nv_tileaa.join_mem_token %arg0, %arg1 : !nv_tileaa.mem_token
// CHECK: return %[[J]], %arg0
nv_tileaa.func @join_tokens(%a: !nv_tileaa.mem_token, %b: !nv_tileaa.mem_token)
    -> (!nv_tileaa.mem_token, !nv_tileaa.mem_token) {
  %fresh = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %0 = nv_tileaa.join_mem_token %a, %fresh : !nv_tileaa.mem_token
  %1 = nv_tileaa.join_mem_token %0, %b, %a : !nv_tileaa.mem_token
  nv_tileaa.return %1, %0 : !nv_tileaa.mem_token, !nv_tileaa.mem_token
}

// -----

// Blocked: distinct, non-fresh inputs are all ordering edges.
// CHECK-LABEL: @join_tokens_kept
// CHECK: nv_tileaa.join_mem_token %arg0, %arg1, %arg2 : !nv_tileaa.mem_token
nv_tileaa.func @join_tokens_kept(%a: !nv_tileaa.mem_token, %b: !nv_tileaa.mem_token, %c: !nv_tileaa.mem_token)
    -> !nv_tileaa.mem_token {
  %0 = nv_tileaa.join_mem_token %a, %b, %c : !nv_tileaa.mem_token
  nv_tileaa.return %0 : !nv_tileaa.mem_token
}

//===----------------------------------------------------------------------===//
// Folders
//===----------------------------------------------------------------------===//

// -----

// mulhiui is the high half of the zero-extended product: 0xFFFFFFFF * 2 has
// high word 1 (a signed multiply would give -1).
// CHECK-LABEL: @fold_mulhiui
// CHECK: %[[C:.*]] = arith.constant 1 : i32
// CHECK: return %[[C]]
nv_tileaa.func @fold_mulhiui() -> i32 {
  %a = arith.constant -1 : i32
  %b = arith.constant 2 : i32
  %0 = nv_tileaa.mulhiui %a, %b : i32
  nv_tileaa.return %0 : i32
}

// -----

// CHECK-LABEL: @fold_identities
// CHECK-SAME: (%[[P:.*]]: !nv_tileaa.ptr<f32, 1>, %[[T:.*]]: tensor<4x8xf32>, %[[M:.*]]: !nv_tileaa.memref<?x8xf32, 1>)
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: return %[[P]], %[[T]], %[[T]], %[[T]], %[[C8]]
nv_tileaa.func @fold_identities(%p: !nv_tileaa.ptr<f32, 1>, %t: tensor<4x8xf32>, %m: !nv_tileaa.memref<?x8xf32, 1>)
    -> (!nv_tileaa.ptr<f32, 1>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, index) {
  %zero = arith.constant 0 : index
  %0 = nv_tileaa.addptr %p, %zero : !nv_tileaa.ptr<f32, 1>, index -> !nv_tileaa.ptr<f32, 1>
  %1 = nv_tileaa.bitcast %t : tensor<4x8xf32> -> tensor<4x8xf32>
  %2 = nv_tileaa.broadcast %t : tensor<4x8xf32> -> tensor<4x8xf32>
  %3 = nv_tileaa.view %t : tensor<4x8xf32> -> tensor<4x8xf32>
  %4 = nv_tileaa.get_dim_size %m, 1 : !nv_tileaa.memref<?x8xf32, 1>
  nv_tileaa.return %0, %1, %2, %3, %4 : !nv_tileaa.ptr<f32, 1>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, index
}

// -----

// Splats of constants fold to constants of the requested shape; a lane of a
// splat is its scalar.
// CHECK-LABEL: @fold_splats
// CHECK-DAG: %[[S:.*]] = arith.constant dense<2.000000e+00> : tensor<4x8xf32>
// CHECK-DAG: %[[B:.*]] = arith.constant dense<2.000000e+00> : tensor<2x4x8xf32>
// CHECK-DAG: %[[E:.*]] = arith.constant 2.000000e+00 : f32
// CHECK: return %[[S]], %[[B]], %[[E]], %arg0
nv_tileaa.func @fold_splats(%x: f32, %i: index) -> (tensor<4x8xf32>, tensor<2x4x8xf32>, f32, f32) {
  %c = arith.constant 2.0 : f32
  %0 = nv_tileaa.splat %c : f32 -> tensor<4x8xf32>
  %v = nv_tileaa.view %0 : tensor<4x8xf32> -> tensor<1x4x8xf32>
  %1 = nv_tileaa.broadcast %v : tensor<1x4x8xf32> -> tensor<2x4x8xf32>
  %2 = nv_tileaa.extract %0[%i, %i] : tensor<4x8xf32> -> f32
  %s = nv_tileaa.splat %x : f32 -> tensor<4x8xf32>
  %3 = nv_tileaa.extract %s[%i, %i] : tensor<4x8xf32> -> f32
  nv_tileaa.return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<2x4x8xf32>, f32, f32
}

// -----

// Blocked: a dynamic extent is not a constant.
// CHECK-LABEL: @fold_dim_size_dynamic
// CHECK: nv_tileaa.get_dim_size %arg0, 0
nv_tileaa.func @fold_dim_size_dynamic(%m: !nv_tileaa.memref<?x8xf32, 1>) -> index {
  %0 = nv_tileaa.get_dim_size %m, 0 : !nv_tileaa.memref<?x8xf32, 1>
  nv_tileaa.return %0 : index
}
