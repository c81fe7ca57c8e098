// Ops added for ConvertTileAAToTileAS: make_tiled_view, create_token,
// join_tokens (round trip and the view verifier).
// RUN: tilecc-opt %s --split-input-file --verify-diagnostics | tilecc-opt | FileCheck %s

// CHECK-LABEL: func.func @views
// CHECK: %[[V:.*]] = nv_tileas.make_tiled_view %{{.*}}[%{{.*}}] sizes(%{{.*}}, %{{.*}}) strides(%{{.*}}, %{{.*}}) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
// CHECK: %[[T0:.*]] = nv_tileas.create_token {producers = 2 : i64} : !nv_tileas.mem_token
// CHECK: %[[T1:.*]] = nv_tileas.create_token : !nv_tileas.mem_token
// CHECK: nv_tileas.join_tokens %[[T0]], %[[T1]] : !nv_tileas.mem_token
func.func @views(%p: !nv_tileaa.ptr<f16, 1>, %o: index, %m: index, %k: index, %one: index) {
  %v = nv_tileas.make_tiled_view %p[%o] sizes(%m, %k) strides(%k, %one) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
  %t0 = nv_tileas.create_token {producers = 2} : !nv_tileas.mem_token
  %t1 = nv_tileas.create_token : !nv_tileas.mem_token
  %j = nv_tileas.join_tokens %t0, %t1 : !nv_tileas.mem_token
  return
}

// -----

func.func @rank_mismatch(%p: !nv_tileaa.ptr<f16, 1>, %o: index, %m: index) {
  // expected-error @below {{expects one size and one stride per dimension of the box (rank 2)}}
  %v = nv_tileas.make_tiled_view %p[%o] sizes(%m) strides(%o) : !nv_tileaa.ptr<f16, 1> -> !nv_tileas.tiled_view<128x32xf16>
  return
}

// -----

// CHECK-LABEL: func.func @pointer_ops
// CHECK: nv_tileas.addptr %{{.*}}, %{{.*}} {bytes} : !nv_tileaa.ptr<f32, 1>, tensor<4xi32> -> tensor<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: nv_tileas.ptr_to_int
// CHECK: nv_tileas.int_to_ptr
// CHECK: nv_tileas.load %{{.*}} mask(%{{.*}} : tensor<4xi1>) token(%{{.*}}) {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<4x!nv_tileaa.ptr<f32, 1>> -> tensor<4xf32>, !nv_tileas.mem_token
// CHECK: nv_tileas.store %{{.*}}, %{{.*}} {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: nv_tileas.atomic_rmw max, %{{.*}}, %{{.*}} {atom = #nv_tileas.copy_atom<red_global>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: nv_tileas.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} {atom = #nv_tileas.copy_atom<red_global>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
// CHECK: nv_tileas.make_range 4 to 8 : tensor<4xi32>
// CHECK: nv_tileas.broadcast %{{.*}} : tensor<1x4xf32> to tensor<2x4xf32>
// CHECK: nv_tileas.permute %{{.*}} {permutation = array<i64: 1, 0>} : tensor<2x4xf32> to tensor<4x2xf32>
func.func @pointer_ops(%p: !nv_tileaa.ptr<f32, 1>, %o: tensor<4xi32>, %m: tensor<4xi1>, %v: tensor<4xf32>,
                       %t: !nv_tileas.mem_token, %r: tensor<1x4xf32>, %s: tensor<2x4xf32>) {
  %pp = nv_tileas.addptr %p, %o {bytes} : !nv_tileaa.ptr<f32, 1>, tensor<4xi32> -> tensor<4x!nv_tileaa.ptr<f32, 1>>
  %i = nv_tileas.ptr_to_int %pp : tensor<4x!nv_tileaa.ptr<f32, 1>> -> tensor<4xi64>
  %q = nv_tileas.int_to_ptr %i : tensor<4xi64> -> tensor<4x!nv_tileaa.ptr<f32, 1>>
  %x, %t1 = nv_tileas.load %q mask(%m : tensor<4xi1>) token(%t) {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<4x!nv_tileaa.ptr<f32, 1>> -> tensor<4xf32>, !nv_tileas.mem_token
  nv_tileas.store %x, %q {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
  %old = nv_tileas.atomic_rmw max, %x, %q {atom = #nv_tileas.copy_atom<red_global>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
  %prev = nv_tileas.atomic_cas %old, %x, %q {atom = #nv_tileas.copy_atom<red_global>} : tensor<4xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
  %range = nv_tileas.make_range 4 to 8 : tensor<4xi32>
  %b = nv_tileas.broadcast %r : tensor<1x4xf32> to tensor<2x4xf32>
  %tr = nv_tileas.permute %s {permutation = array<i64: 1, 0>} : tensor<2x4xf32> to tensor<4x2xf32>
  return
}

// -----

func.func @bad_mask(%q: tensor<4x!nv_tileaa.ptr<f32, 1>>, %m: tensor<8xi1>) {
  // expected-error @below {{mask must be i1 with the pointer operand's shape}}
  %x = nv_tileas.load %q mask(%m : tensor<8xi1>) {atom = #nv_tileas.copy_atom<ldg, 32>} : tensor<4x!nv_tileaa.ptr<f32, 1>> -> tensor<4xf32>
  return
}

// -----

func.func @bad_data(%q: tensor<4x!nv_tileaa.ptr<f32, 1>>, %v: tensor<8xf32>) {
  // expected-error @below {{data must have the shape of the pointer operand}}
  nv_tileas.store %v, %q {atom = #nv_tileas.copy_atom<stg, 32>} : tensor<8xf32>, tensor<4x!nv_tileaa.ptr<f32, 1>>
  return
}

// -----

func.func @bad_token(%q: !nv_tileaa.ptr<f32, 1>, %t: !nv_tileas.mem_token) {
  // expected-error @below {{must return a token exactly when it consumes a token}}
  %x = nv_tileas.load %q token(%t) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileaa.ptr<f32, 1> -> f32
  return
}

// -----

func.func @bad_ordering(%q: !nv_tileaa.ptr<f32, 1>, %v: f32) {
  // expected-error @below {{does not accept 'acquire' memory semantic}}
  nv_tileas.store %v, %q {atom = #nv_tileas.copy_atom<stg, 32>, mem_semantic = #nv_tileas<mem_semantic acquire>, mem_scope = #nv_tileas<mem_scope gpu>} : f32, !nv_tileaa.ptr<f32, 1>
  return
}

// -----

func.func @bad_other(%q: !nv_tileaa.ptr<f32, 1>, %o: f16) {
  // expected-error @below {{other must have the result type}}
  %x = nv_tileas.load %q other(%o : f16) {atom = #nv_tileas.copy_atom<ldg, 32>} : !nv_tileaa.ptr<f32, 1> -> f32
  return
}

// -----

func.func @bad_range() {
  // expected-error @below {{expects a 1-d result of 4 elements (end - start)}}
  %r = nv_tileas.make_range 4 to 8 : tensor<8xi32>
  return
}

// -----

func.func @bad_broadcast(%r: tensor<2x4xf32>) {
  // expected-error @below {{only size-one axes may grow}}
  %b = nv_tileas.broadcast %r : tensor<2x4xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @bad_broadcast_rank(%r: tensor<4xf32>) {
  // expected-error @below {{expects a result of the source's rank and element type}}
  %b = nv_tileas.broadcast %r : tensor<4xf32> to tensor<4x4xf32>
  return
}

// -----

func.func @bad_permute(%s: tensor<2x4xf32>) {
  // expected-error @below {{expects a permutation of the source's axes}}
  %t = nv_tileas.permute %s {permutation = array<i64: 0, 0>} : tensor<2x4xf32> to tensor<2x4xf32>
  return
}

// -----

// CHECK: nv_tileas.global @g : tensor<4xf32>
// CHECK: nv_tileas.get_global @g : !nv_tileaa.ptr<f32, 1>
nv_tileas.global @g : tensor<4xf32>
func.func @address() {
  %p = nv_tileas.get_global @g : !nv_tileaa.ptr<f32, 1>
  return
}

// -----

func.func @dangling() {
  // expected-error @below {{'missing' does not reference an nv_tileas.global}}
  %p = nv_tileas.get_global @missing : !nv_tileaa.ptr<f32, 1>
  return
}
