// Pointer accesses and pointer arithmetic: one element per pointer, the
// element-width copy atom unless the op carries a witness; ordering
// attributes re-keyed.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @pointers
// CHECK-SAME: (%[[P:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %[[LANES:[^:]*]]: tensor<128xi32>, %[[M:[^:]*]]: tensor<128xi1>, %[[O:[^:]*]]: tensor<128xf32>, %[[S:[^:]*]]: !nv_tileaa.ptr<i32, 3>, %[[X:[^:]*]]: i32)
// CHECK: %[[PP:.*]] = nv_tileas.addptr %[[P]], %[[LANES]] : !nv_tileaa.ptr<f32, 1>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
// CHECK: %[[I:.*]] = nv_tileas.ptr_to_int %[[PP]] : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xi64>
// CHECK: %[[Q:.*]] = nv_tileas.int_to_ptr %[[I]] : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
// CHECK: %[[T0:.*]] = nv_tileas.create_token
// CHECK: %[[V:.*]], %[[T1:.*]] = nv_tileas.load %[[Q]] mask(%[[M]] : tensor<128xi1>) other(%[[O]] : tensor<128xf32>) token(%[[T0]]) {atom = #nv_tileas.copy_atom<ldg, 32>, mem_scope = #nv_tileas<mem_scope gpu>, mem_semantic = #nv_tileas<mem_semantic acquire>} : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xf32>, !nv_tileas.mem_token
// CHECK: %[[T2:.*]] = nv_tileas.store %[[V]], %[[PP]] mask(%[[M]] : tensor<128xi1>) token(%[[T1]]) {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128xf32>, tensor<128x!nv_tileaa.ptr<f32, 1>> -> !nv_tileas.mem_token
// CHECK: nv_tileas.load %[[S]] token(%{{.*}}) {atom = #nv_tileas.copy_atom<lds, 32>} : !nv_tileaa.ptr<i32, 3> -> i32, !nv_tileas.mem_token
// CHECK: %[[OLD:.*]], %{{.*}} = nv_tileas.atomic_rmw add, %[[X]], %[[S]] token(%[[T2]]) {atom = #nv_tileas.copy_atom<red_shared>, mem_scope = #nv_tileas<mem_scope tl_blk>, mem_semantic = #nv_tileas<mem_semantic relaxed>} : i32, !nv_tileaa.ptr<i32, 3>, !nv_tileas.mem_token
// CHECK: nv_tileas.atomic_cas %[[OLD]], %[[X]], %[[S]] token(%{{.*}}) {atom = #nv_tileas.copy_atom<red_shared>} : i32, !nv_tileaa.ptr<i32, 3>, !nv_tileas.mem_token
// CHECK-NOT: nv_tileaa.{{(addptr|ptr_to_int|int_to_ptr|load|store|atomic)}}
nv_tileaa.func @pointers(%p: !nv_tileaa.ptr<f32, 1>, %lanes: tensor<128xi32>, %m: tensor<128xi1>, %o: tensor<128xf32>,
                         %s: !nv_tileaa.ptr<i32, 3>, %x: i32) {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %pp = nv_tileaa.addptr %p, %lanes : !nv_tileaa.ptr<f32, 1>, tensor<128xi32> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %i = nv_tileaa.ptr_to_int %pp : tensor<128x!nv_tileaa.ptr<f32, 1>> -> tensor<128xi64>
  %q = nv_tileaa.int_to_ptr %i : tensor<128xi64> -> tensor<128x!nv_tileaa.ptr<f32, 1>>
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %v, %t1 = nv_tileaa.load %q, %m, %o, %t0 {mem_semantic = #nv_tileaa<mem_semantic acquire>, mem_scope = #nv_tileaa<mem_scope gpu>}
      : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xi1>, tensor<128xf32>, !nv_tileaa.mem_token -> tensor<128xf32>, !nv_tileaa.mem_token
  %t2 = nv_tileaa.store %pp, %v, %m, %t1 {atom = #nv_tileas.copy_atom<stg, 128>} : tensor<128x!nv_tileaa.ptr<f32, 1>>, tensor<128xf32>, tensor<128xi1>, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  %y, %tko0 = nv_tileaa.load %s, %tk : !nv_tileaa.ptr<i32, 3>, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %old, %t3 = nv_tileaa.atomic_rmw %s, %x, %t2 {rmw_mode = #nv_tileaa<rmw_mode add>, mem_semantic = #nv_tileaa<mem_semantic relaxed>, mem_scope = #nv_tileaa<mem_scope tl_blk>}
      : !nv_tileaa.ptr<i32, 3>, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  %prev, %tko1 = nv_tileaa.atomic_cas %s, %old, %x, %tk : !nv_tileaa.ptr<i32, 3>, i32, i32, !nv_tileaa.mem_token -> i32, !nv_tileaa.mem_token
  nv_tileaa.return
}

// Loading pointers moves 64-bit elements.
// CHECK-LABEL: nv_tileaa.func @pointer_elements
// CHECK: nv_tileas.load %{{.*}} token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 64>} : !nv_tileaa.ptr<!nv_tileaa.ptr<f32, 1>, 1> -> !nv_tileaa.ptr<f32, 1>, !nv_tileas.mem_token
// CHECK: nv_tileas.tiled_load %{{.*}}[%{{.*}}] token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 64>} : !nv_tileas.tiled_view<4x!nv_tileaa.ptr<f32, 1>> -> tensor<4x!nv_tileaa.ptr<f32, 1>>, !nv_tileas.mem_token
nv_tileaa.func @pointer_elements(%pp: !nv_tileaa.ptr<!nv_tileaa.ptr<f32, 1>, 1>, %n: index, %i: index) {
  %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %p, %tko2 = nv_tileaa.load %pp, %tk : !nv_tileaa.ptr<!nv_tileaa.ptr<f32, 1>, 1>, !nv_tileaa.mem_token -> !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token
  %mr = nv_tileaa.make_memref %pp, %n : (!nv_tileaa.ptr<!nv_tileaa.ptr<f32, 1>, 1>, index) -> !nv_tileaa.memref<?x!nv_tileaa.ptr<f32, 1>, 1, strides = [1]>
  %t, %tko3 = nv_tileaa.tiled_load %mr[%i], %tk {operandSegmentSizes = array<i32: 1, 1, 0, 0>} : !nv_tileaa.memref<?x!nv_tileaa.ptr<f32, 1>, 1, strides = [1]>, index, !nv_tileaa.mem_token -> tensor<4x!nv_tileaa.ptr<f32, 1>>, !nv_tileaa.mem_token
  nv_tileaa.return
}
