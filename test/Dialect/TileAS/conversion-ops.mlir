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
