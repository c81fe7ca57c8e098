// Program cancellation on sm_100+: the handle is the 16-byte cluster launch
// control response, queried for validity and coordinates.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas=compute-capability=sm_100 | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @next
// CHECK: %[[R:.*]] = nv_tileas.cancel_next_program : i128
// CHECK: %[[OK:.*]] = nv_tileas.program_is_canceled %[[R]]
// CHECK: %[[X:.*]] = nv_tileas.canceled_program_id %[[R]] dim 0
// CHECK: %[[Y:.*]] = nv_tileas.canceled_program_id %[[R]] dim 1
// CHECK: %[[YI:.*]] = arith.index_castui %[[Y]] : i32 to index
// CHECK: %[[Z:.*]] = nv_tileas.canceled_program_id %[[R]] dim 2
// CHECK: %[[ZI:.*]] = arith.extui %[[Z]] : i32 to i64
// CHECK: nv_tileaa.return %[[OK]], %[[X]], %[[YI]], %[[ZI]] : i1, i32, index, i64
nv_tileaa.func @next() -> (i1, i32, index, i64) {
  %pid = nv_tileaa.cancel_next_program_id
  %ok = nv_tileaa.is_valid_program_id %pid
  %x = nv_tileaa.get_program_id 0 of %pid : i32
  %y = nv_tileaa.get_program_id 1 of %pid : index
  %z = nv_tileaa.get_program_id 2 of %pid : i64
  nv_tileaa.return %ok, %x, %y, %z : i1, i32, index, i64
}

// The handle crosses control flow as i128; the current program's id stays
// gpu.block_id.
// CHECK-LABEL: nv_tileaa.func @loop
// CHECK: gpu.block_id x
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (i128) -> i128
// CHECK: nv_tileas.program_is_canceled
// CHECK: scf.condition
// CHECK: nv_tileas.cancel_next_program : i128
nv_tileaa.func @loop() -> i32 {
  %own = nv_tileaa.get_program_id 0 : i32
  %first = nv_tileaa.cancel_next_program_id
  %last = scf.while (%p = %first) : (!nv_tileaa.program_id) -> !nv_tileaa.program_id {
    %ok = nv_tileaa.is_valid_program_id %p
    scf.condition(%ok) %p : !nv_tileaa.program_id
  } do {
  ^bb0(%p: !nv_tileaa.program_id):
    %next = nv_tileaa.cancel_next_program_id
    scf.yield %next : !nv_tileaa.program_id
  }
  nv_tileaa.return %own : i32
}
