// Memory family: witnesses carried verbatim, ordering attributes re-keyed with
// the same values, memrefs accessed through a materialized static box.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// Seed 004 "tiled_load Witness Hand-Off" (the witness is an nv_tileas copy
// atom: tilecc has no cute dialect).
// CHECK-LABEL: nv_tileaa.func @witness
// CHECK-SAME: (%[[MR:.*]]: !nv_tileaa.ptr<f16, 1>, %[[M:.*]]: index, %[[K:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[T0:.*]] = nv_tileas.create_token : !nv_tileas.mem_token
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[VIEW:.*]] = nv_tileas.make_tiled_view %[[MR]][%[[C0]]] sizes(%[[M]], %[[K]]) strides(%[[K]], %[[C1]]) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
// CHECK: %[[V:.*]], %[[T1:.*]] = nv_tileas.tiled_load %[[VIEW]][%[[I]], %[[J]]] token(%[[T0]]) {atom = #nv_tileas.copy_atom<tma>, in_bounds = array<i1: true, true>, mem_scope = #nv_tileas<mem_scope cluster>, mem_semantic = #nv_tileas<mem_semantic relaxed>} : !nv_tileas.tiled_view<128x32xf16> -> tensor<128x32xf16>, !nv_tileas.mem_token
// CHECK: nv_tileaa.return %[[V]] : tensor<128x32xf16>
nv_tileaa.func @witness(%p: !nv_tileaa.ptr<f16, 1>, %m: index, %k: index, %i: index, %j: index) -> tensor<128x32xf16> {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %mr_a = nv_tileaa.make_memref %p, %m, %k, %k : (!nv_tileaa.ptr<f16, 1>, index, index, index) -> !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>
  %v, %t1 = nv_tileaa.tiled_load %mr_a[%i, %j], %t0
      { atom = #nv_tileas.copy_atom<tma>,
        in_bounds = array<i1: true, true>,
        mem_semantic = #nv_tileaa<mem_semantic relaxed>,
        mem_scope = #nv_tileaa<mem_scope cluster>,
        operandSegmentSizes = array<i32: 1, 2, 0, 0> }
      : !nv_tileaa.memref<?x?xf16, 1, strides = [?, 1]>, index, index, !nv_tileaa.mem_token
      -> tensor<128x32xf16>, !nv_tileaa.mem_token
  nv_tileaa.return %v : tensor<128x32xf16>
}

// Default atoms: the vector width follows the div_by facts on the base and
// the innermost extent (128-bit here), a store and an atomic in shared memory
// get the shared forms; tokens join; rmw_mode / semantics keep their values.
// CHECK-LABEL: nv_tileaa.func @defaults
// CHECK: %[[L:.*]], %[[LT:.*]] = nv_tileas.tiled_load %{{.*}}[%{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 128>} : !nv_tileas.tiled_view<64xf32> -> tensor<64xf32>, !nv_tileas.mem_token
// CHECK: %[[U:.*]], %{{.*}} = nv_tileas.tiled_load %{{.*}}[%{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileas.tiled_view<64xf32> -> tensor<64xf32>, !nv_tileas.mem_token
// CHECK: %[[J:.*]] = nv_tileas.join_tokens %{{.*}}, %[[LT]] : !nv_tileas.mem_token
// CHECK: %[[S:.*]] = nv_tileas.make_tiled_view %{{.*}} : !nv_tileaa.ptr<f16, 3> -> !nv_tileas.tiled_view<8x16xf16, 3>
// CHECK: %[[ST:.*]] = nv_tileas.tiled_store %{{.*}}, %[[S]][%{{.*}}, %{{.*}}] token(%[[J]]) {atom = #nv_tileas.copy_atom<sts, 128>, mem_scope = #nv_tileas<mem_scope tl_blk>, mem_semantic = #nv_tileas<mem_semantic release>} : tensor<8x16xf16>, !nv_tileas.tiled_view<8x16xf16, 3> -> !nv_tileas.mem_token
// CHECK: nv_tileas.tiled_atomic_rmw umax, %{{.*}}, %{{.*}}[%{{.*}}] token(%[[ST]]) {atom = #nv_tileas.copy_atom<red_global>, mem_scope = #nv_tileas<mem_scope gpu>, mem_semantic = #nv_tileas<mem_semantic acq_rel>} : tensor<64xi32>, !nv_tileas.tiled_view<64xi32> -> tensor<64xi32>, !nv_tileas.mem_token
nv_tileaa.func @defaults(%p: !nv_tileaa.ptr<f32, 1>, %q: !nv_tileaa.ptr<f32, 1>, %s: !nv_tileaa.ptr<f16, 3>,
                         %r: !nv_tileaa.ptr<i32, 1>, %n: i32, %i: index, %v: tensor<8x16xf16>, %w: tensor<64xi32>) {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %pa = nv_tileaa.assume %p, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f32, 1>
  %na = nv_tileaa.assume %n, [#nv_tileaa.div_by<64>] : i32
  %len = arith.index_cast %na : i32 to index
  %a = nv_tileaa.make_memref %pa, %len : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
  %va = nv_tileaa.block_tile %a {dimGroups = [array<i64: 0>], tileSizes = array<i64: 64>}
      : !nv_tileaa.memref<?xf32, 1, strides = [1]> -> !nv_tileaa.tiled_view<64xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %x, %t1 = nv_tileaa.tiled_load %va[%i], %t0 {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
      : !nv_tileaa.tiled_view<64xf32, !nv_tileaa.memref<?xf32, 1, strides = [1]>>, index, !nv_tileaa.mem_token -> tensor<64xf32>, !nv_tileaa.mem_token
  // No alignment fact on %q: one element per access.
  %b = nv_tileaa.make_memref %q, %len : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
  %y, %tko0 = nv_tileaa.tiled_load %b[%i], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.memref<?xf32, 1, strides = [1]>, index, !nv_tileaa.mem_token -> tensor<64xf32>, !nv_tileaa.mem_token
  %t2 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %j = nv_tileaa.join_mem_token %t2, %t1 : !nv_tileaa.mem_token
  %sa = nv_tileaa.assume %s, [#nv_tileaa.div_by<16>] : !nv_tileaa.ptr<f16, 3>
  %sm = nv_tileaa.make_memref %sa : (!nv_tileaa.ptr<f16, 3>) -> !nv_tileaa.memref<8x16xf16, 3, strides = [16, 1]>
  %t3 = nv_tileaa.tiled_store %sm[%i, %i], %v, %j {mem_semantic = #nv_tileaa<mem_semantic release>, mem_scope = #nv_tileaa<mem_scope tl_blk>, operandSegmentSizes = array<i32: 1, 1, 2, 0>} : !nv_tileaa.memref<8x16xf16, 3, strides = [16, 1]>, tensor<8x16xf16>, index, index, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %rm = nv_tileaa.make_memref %r, %len : (!nv_tileaa.ptr<i32, 1>, index) -> !nv_tileaa.memref<?xi32, 1, strides = [1]>
  %old, %t4 = nv_tileaa.tiled_atomic_rmw %rm[%i], %w, %t3 {rmw_mode = #nv_tileaa<rmw_mode umax>, mem_semantic = #nv_tileaa<mem_semantic acq_rel>, mem_scope = #nv_tileaa<mem_scope gpu>, operandSegmentSizes = array<i32: 1, 1, 1, 0>}
      : !nv_tileaa.memref<?xi32, 1, strides = [1]>, tensor<64xi32>, index, !nv_tileaa.mem_token -> tensor<64xi32>, !nv_tileaa.mem_token
  nv_tileaa.return
}

// Padding values become the `other` tile; extents of a memref are its size
// values; a loop carrying a token is rewritten structurally.
// CHECK-LABEL: nv_tileaa.func @padding_and_loops
// CHECK-SAME: (%{{.*}}: !nv_tileaa.ptr<f32, 1>, %[[N:[^:]*]]: index)
// CHECK: %[[NEG:.*]] = arith.constant dense<0xFF800000> : tensor<16xf32>
// CHECK: nv_tileas.tiled_load %{{.*}}[%{{.*}}] other(%[[NEG]] : tensor<16xf32>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (!nv_tileas.mem_token)
// CHECK: nv_tileas.tiled_load {{.*}} -> tensor<16xf32>, !nv_tileas.mem_token
// CHECK: scf.yield %{{.*}} : !nv_tileas.mem_token
// CHECK: nv_tileaa.return %[[N]] : index
nv_tileaa.func @padding_and_loops(%p: !nv_tileaa.ptr<f32, 1>, %n: index) -> index {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %mr = nv_tileaa.make_memref %p, %n : (!nv_tileaa.ptr<f32, 1>, index) -> !nv_tileaa.memref<?xf32, 1, strides = [1]>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x, %tko1 = nv_tileaa.tiled_load %mr[%c0], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>, padding_value = #nv_tileaa<padding_value neg_inf>} : !nv_tileaa.memref<?xf32, 1, strides = [1]>, index, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %t = scf.for %iv = %c0 to %c4 step %c1 iter_args(%tok = %t0) -> (!nv_tileaa.mem_token) {
    %y, %next = nv_tileaa.tiled_load %mr[%iv], %tok {operandSegmentSizes = array<i32: 1, 1, 0, 0>}
        : !nv_tileaa.memref<?xf32, 1, strides = [1]>, index, !nv_tileaa.mem_token -> tensor<16xf32>, !nv_tileaa.mem_token
    scf.yield %next : !nv_tileaa.mem_token
  }
  %d = nv_tileaa.get_dim_size %mr, 0 : !nv_tileaa.memref<?xf32, 1, strides = [1]>
  nv_tileaa.return %d : index
}
