// The token algebra the scheduler relies on: a successor token implies its
// effect and everything before it; a join implies all of its inputs; a fresh
// token implies nothing and its barrier expects one producer per consumer.
// RUN: tilecc-opt %s -test-tileaa-token-order -verify-diagnostics -split-input-file

nv_tileaa.func @chain(%p: !nv_tileaa.ptr<f32, 1>, %q: !nv_tileaa.ptr<f32, 1>, %v: f32) {
  // expected-remark @+1 {{producers: 2}}
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  // expected-remark @+1 {{token implies: load(a)}}
  %a, %t1 = nv_tileaa.load %p, %t0 {test.name = "a"} : !nv_tileaa.ptr<f32, 1>, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  // expected-remark @+1 {{token implies: store(b)}}
  %t2 = nv_tileaa.store %q, %v, %t0 {test.name = "b"} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  // expected-remark @+1 {{token implies: load(a) atomic_rmw(c)}}
  %c, %t3 = nv_tileaa.atomic_rmw %p, %a, %t1 {test.name = "c", rmw_mode = #nv_tileaa<rmw_mode addf>} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> f32, !nv_tileaa.mem_token
  // expected-remark @+1 {{token implies: load(a) store(b) atomic_rmw(c)}}
  %t4 = nv_tileaa.join_mem_token %t3, %t2, %t1 : !nv_tileaa.mem_token
  // expected-remark @+1 {{token implies: load(a) store(b) atomic_rmw(c) store(d)}}
  %t5 = nv_tileaa.store %q, %c, %t4 {test.name = "d"} : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
  nv_tileaa.return
}

// -----

nv_tileaa.func @explicit_producers(%t: !nv_tileaa.mem_token) {
  // expected-remark @+1 {{producers: 4}}
  %t0 = nv_tileaa.create_mem_token {producers = 4} : !nv_tileaa.mem_token
  // A join of fresh and argument tokens implies no effect.
  // expected-remark @+1 {{token implies:}}
  %t1 = nv_tileaa.join_mem_token %t0, %t : !nv_tileaa.mem_token
  nv_tileaa.return
}
