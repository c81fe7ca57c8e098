// ub.poison of an nv_tileaa type (a token a loop exit does not produce)
// takes the converted type; poison of a type that stays is left alone.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @token_exit
// CHECK: %[[W:.*]]:2 = scf.while (%{{.*}} = %{{.*}}) : (!nv_tileas.mem_token) -> (!nv_tileas.mem_token, i32) {
// CHECK: %[[P:.*]] = ub.poison : !nv_tileas.mem_token
// CHECK: %[[Q:.*]] = ub.poison : i32
// CHECK: scf.yield %true, %{{.*}}, %[[Q]] : i1, !nv_tileas.mem_token, i32
// CHECK: scf.yield %false, %[[P]], %{{.*}} : i1, !nv_tileas.mem_token, i32
nv_tileaa.func @token_exit(%c: i1, %x: i32) -> i32 {
  %t0 = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
  %w:2 = scf.while (%t = %t0) : (!nv_tileaa.mem_token) -> (!nv_tileaa.mem_token, i32) {
    %p = ub.poison : !nv_tileaa.mem_token
    %q = ub.poison : i32
    %true = arith.constant true
    %false = arith.constant false
    %s:3 = scf.if %c -> (i1, !nv_tileaa.mem_token, i32) {
      scf.yield %true, %t, %q : i1, !nv_tileaa.mem_token, i32
    } else {
      scf.yield %false, %p, %x : i1, !nv_tileaa.mem_token, i32
    }
    scf.condition(%s#0) %s#1, %s#2 : !nv_tileaa.mem_token, i32
  } do {
  ^bb0(%t: !nv_tileaa.mem_token, %r: i32):
    scf.yield %t : !nv_tileaa.mem_token
  }
  nv_tileaa.return %w#1 : i32
}
