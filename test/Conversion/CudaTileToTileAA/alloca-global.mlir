// alloca global: device-heap scratch. heap_alloc (one thread mallocs, the
// tile block shares the pointer through a shared slot) and an assert that
// the heap had room. Each block is freed right before the terminator of its
// allocation scope's body (function, for or loop; not if), which every exit
// of the scope runs once early exits are structured; blocks allocated in
// ifs get there as extra if results, null where not allocated (free(null)
// does nothing). Last allocated, first freed. Bytes are rounded up to the
// alignment; the pointer is generic like shared scratch's.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @heap(
// CHECK-SAME: !nv_tileaa.ptr<f32, 0>
// CHECK: %[[P:.*]] = nv_tileaa.heap_alloc 256 slot "__alloca_heap_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK: %[[I:.*]] = nv_tileaa.ptr_to_int %[[P]] : !nv_tileaa.ptr<f32, 0> -> i64
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[I]], %{{.*}} : i64
// CHECK: nv_tileaa.assert %[[OK]], "alloca in global memory: the device heap has no 256 bytes left"
// CHECK: %[[B:.*]] = nv_tileaa.heap_alloc 16 slot "__alloca_heap_1_slot" : !nv_tileaa.ptr<i8, 0>
// CHECK: scf.for
// CHECK:   %[[L:.*]] = nv_tileaa.heap_alloc 8 slot "__alloca_heap_2_slot" : !nv_tileaa.ptr<i32, 0>
// CHECK:   nv_tileaa.heap_free %[[L]] : !nv_tileaa.ptr<i32, 0>
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.heap_free %[[B]] : !nv_tileaa.ptr<i8, 0>
// CHECK-NEXT: nv_tileaa.heap_free %[[P]] : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: nv_tileaa.return
cuda_tile.module @heap_allocas {
  entry @heap(%x: tile<ptr<f32>>) {
    %a = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    %b = alloca num_elem = 3, alignment = 16 global : tile<ptr<i8>>
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %st = constant <i32: 1> : tile<i32>
    for %i in (%lb to %ub, step %st) : tile<i32> {
      %c = alloca num_elem = 2, alignment = 4 global : tile<ptr<i32>>
      continue
    }
    return
  }
}

// -----

// An if is not an allocation scope: blocks allocated in (nested) ifs belong
// to the function and leave each if as an extra result.
// CHECK-LABEL: nv_tileaa.func @in_ifs(
// CHECK: %[[OUTER:.*]]:3 = scf.if %{{.*}} -> (i32, !nv_tileaa.ptr<i32, 0>, !nv_tileaa.ptr<f32, 0>) {
// CHECK:   %[[A:.*]] = nv_tileaa.heap_alloc 16 slot "__alloca_in_ifs_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK:   %[[INNER:.*]] = scf.if %{{.*}} -> (!nv_tileaa.ptr<i32, 0>) {
// CHECK:     %[[B:.*]] = nv_tileaa.heap_alloc 16 slot "__alloca_in_ifs_1_slot" : !nv_tileaa.ptr<i32, 0>
// CHECK:     scf.yield %[[B]] : !nv_tileaa.ptr<i32, 0>
// CHECK:   } else {
// CHECK:     %[[NULL:.*]] = nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<i32, 0>
// CHECK:     scf.yield %[[NULL]] : !nv_tileaa.ptr<i32, 0>
// CHECK:   }
// CHECK:   scf.yield %{{.*}}, %[[INNER]], %[[A]] : i32, !nv_tileaa.ptr<i32, 0>, !nv_tileaa.ptr<f32, 0>
// CHECK: } else {
// CHECK:   %[[N1:.*]] = nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<i32, 0>
// CHECK:   %[[N2:.*]] = nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<f32, 0>
// CHECK:   scf.yield %{{.*}}, %[[N1]], %[[N2]] : i32, !nv_tileaa.ptr<i32, 0>, !nv_tileaa.ptr<f32, 0>
// CHECK: }
// CHECK-NEXT: nv_tileaa.heap_free %[[OUTER]]#1 : !nv_tileaa.ptr<i32, 0>
// CHECK-NEXT: nv_tileaa.heap_free %[[OUTER]]#2 : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: nv_tileaa.return
cuda_tile.module @in_ifs {
  entry @in_ifs(%c: tile<i1>, %d: tile<i1>) {
    %r = if %c -> (tile<i32>) {
      %a = alloca num_elem = 4, alignment = 16 global : tile<ptr<f32>>
      if %d {
        %b = alloca num_elem = 4, alignment = 16 global : tile<ptr<i32>>
      }
      %one = constant <i32: 1> : tile<i32>
      yield %one : tile<i32>
    } else {
      %two = constant <i32: 2> : tile<i32>
      yield %two : tile<i32>
    }
    return
  }
}

// -----

// A loop left by break and continue: the ops after the if that breaks move
// into its else branch, so %b is allocated there only; both blocks are freed
// before the scf.condition that every iteration ends with.
// CHECK-LABEL: nv_tileaa.func @loop_exits(
// CHECK: scf.while
// CHECK:   %[[A:.*]] = nv_tileaa.heap_alloc 32 slot "__alloca_loop_exits_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK:   %[[IF:.*]]:2 = scf.if %{{.*}} -> (i1, !nv_tileaa.ptr<i32, 0>) {
// CHECK:     %[[NULL:.*]] = nv_tileaa.int_to_ptr %{{.*}} : i64 -> !nv_tileaa.ptr<i32, 0>
// CHECK:     scf.yield %false, %[[NULL]] : i1, !nv_tileaa.ptr<i32, 0>
// CHECK:   } else {
// CHECK:     %[[B:.*]] = nv_tileaa.heap_alloc 16 slot "__alloca_loop_exits_1_slot" : !nv_tileaa.ptr<i32, 0>
// CHECK:     scf.yield %true, %[[B]] : i1, !nv_tileaa.ptr<i32, 0>
// CHECK:   }
// CHECK-NEXT: nv_tileaa.heap_free %[[IF]]#1 : !nv_tileaa.ptr<i32, 0>
// CHECK-NEXT: nv_tileaa.heap_free %[[A]] : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: scf.condition(%[[IF]]#0)
cuda_tile.module @loop_exits {
  entry @loop_exits(%c: tile<i1>) {
    loop {
      %a = alloca num_elem = 8, alignment = 16 global : tile<ptr<f32>>
      if %c {
        break
      }
      %b = alloca num_elem = 4, alignment = 16 global : tile<ptr<i32>>
      continue
    }
    return
  }
}

// -----

// An early continue out of a for body, and an alloca copied by the
// early-exit normalization into two exclusive branches (the copies share
// their heap slot, and the shared-memory alloca beside it its array).
// CHECK-LABEL: nv_tileaa.global @__alloca_copies_2 : tensor<4xf32>
// CHECK-NOT: nv_tileaa.global
// CHECK-LABEL: nv_tileaa.func @copies(
// CHECK: scf.for
// CHECK:   %[[C:.*]] = scf.if %{{.*}} -> (!nv_tileaa.ptr<f32, 0>) {
// CHECK:     scf.yield %{{.*}} : !nv_tileaa.ptr<f32, 0>
// CHECK:   } else {
// CHECK:     %[[A:.*]] = nv_tileaa.heap_alloc 16 slot "__alloca_copies_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK:     scf.yield %[[A]] : !nv_tileaa.ptr<f32, 0>
// CHECK:   }
// CHECK-NEXT: nv_tileaa.heap_free %[[C]] : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: }
// CHECK: scf.while
// CHECK:   %[[W:.*]]:3 = scf.if %{{.*}} -> (i1, !nv_tileaa.ptr<f32, 0>, !nv_tileaa.ptr<f32, 0>) {
// CHECK:     nv_tileaa.heap_alloc 16 slot "__alloca_copies_1_slot"
// CHECK:     nv_tileaa.get_global @__alloca_copies_2
// CHECK:   } else {
// CHECK:     nv_tileaa.heap_alloc 16 slot "__alloca_copies_1_slot"
// CHECK:     nv_tileaa.get_global @__alloca_copies_2
// CHECK:   }
// CHECK-NEXT: nv_tileaa.heap_free %[[W]]#1 : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: nv_tileaa.heap_free %[[W]]#2 : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: scf.condition(%[[W]]#0)
cuda_tile.module @copies {
  entry @copies(%c: tile<i1>, %d: tile<i1>) {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 4> : tile<i32>
    %st = constant <i32: 1> : tile<i32>
    for %i in (%lb to %ub, step %st) : tile<i32> {
      if %c {
        continue
      }
      %a = alloca num_elem = 4, alignment = 16 global : tile<ptr<f32>>
      continue
    }
    loop {
      if %c {
        if %d {
          break
        }
      }
      %b = alloca num_elem = 4, alignment = 16 global : tile<ptr<f32>>
      %s = alloca num_elem = 4, alignment = 16 : tile<ptr<f32>>
      continue
    }
    return
  }
}

// -----

// An early return: both returns run the function's one nv_tileaa.return.
// Alignments above malloc's 16 bytes: align - 16 more bytes, and the
// pointer moves up by (-address) mod align bytes; the block is freed.
// CHECK-LABEL: nv_tileaa.func @early_return(
// CHECK: %[[A:.*]] = nv_tileaa.heap_alloc 240 slot "__alloca_early_return_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK: %[[I:.*]] = nv_tileaa.ptr_to_int %[[A]] : !nv_tileaa.ptr<f32, 0> -> i64
// CHECK: nv_tileaa.assert %{{.*}}, "alloca in global memory: the device heap has no 240 bytes left"
// CHECK: %[[NEG:.*]] = arith.subi %{{.*}}, %[[I]] : i64
// CHECK: %[[PAD:.*]] = arith.andi %[[NEG]], %c127_i64 : i64
// CHECK: %[[AL:.*]] = nv_tileaa.addptr %[[A]], %[[PAD]] {bytes} : !nv_tileaa.ptr<f32, 0>, i64 -> !nv_tileaa.ptr<f32, 0>
// CHECK: nv_tileaa.ptr_to_int %[[AL]]
// CHECK: %[[IF:.*]] = scf.if %{{.*}} -> (!nv_tileaa.ptr<i8, 0>) {
// CHECK:   nv_tileaa.int_to_ptr
// CHECK: } else {
// CHECK:   %[[B:.*]] = nv_tileaa.heap_alloc 112 slot "__alloca_early_return_1_slot" : !nv_tileaa.ptr<i8, 0>
// CHECK:   arith.andi %{{.*}}, %c63_i64 : i64
// CHECK:   scf.yield %[[B]] : !nv_tileaa.ptr<i8, 0>
// CHECK: }
// CHECK-NEXT: nv_tileaa.heap_free %[[IF]] : !nv_tileaa.ptr<i8, 0>
// CHECK-NEXT: nv_tileaa.heap_free %[[A]] : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: nv_tileaa.return
cuda_tile.module @early_return {
  entry @early_return(%c: tile<i1>, %out: tile<ptr<i64>>) {
    %a = alloca num_elem = 8, alignment = 128 global : tile<ptr<f32>>
    %ai = ptr_to_int %a : tile<ptr<f32>> -> tile<i64>
    %t = store_ptr_tko weak %out, %ai : tile<ptr<i64>>, tile<i64> -> token
    if %c {
      return
    }
    %b = alloca num_elem = 3, alignment = 64 global : tile<ptr<i8>>
    return
  }
}

// -----

// A return from inside a loop leaves the loop by its body's end (a break
// carrying a returned flag), so the loop's block is freed there, once, and
// the function's block before the function's one return after the loop.
// CHECK-LABEL: nv_tileaa.func @return_in_loop(
// CHECK: %[[A:.*]] = nv_tileaa.heap_alloc 16
// CHECK: %[[W:.*]] = scf.while : () -> i1 {
// CHECK: %[[B:.*]] = nv_tileaa.heap_alloc 32
// CHECK: %[[S:.*]]:2 = scf.if
// CHECK: scf.yield %false, %true : i1, i1
// CHECK: nv_tileaa.heap_free %[[B]]
// CHECK-NEXT: scf.condition(%[[S]]#0) %[[S]]#1 : i1
// CHECK: scf.if %[[W]] {
// CHECK-NOT: heap_free
// CHECK: nv_tileaa.heap_free %[[A]]
// CHECK-NEXT: nv_tileaa.return
// CHECK-NOT: heap_free
cuda_tile.module @return_in_loop {
  entry @return_in_loop(%c: tile<i1>) {
    %a = alloca num_elem = 4, alignment = 16 global : tile<ptr<f32>>
    loop {
      %b = alloca num_elem = 8, alignment = 16 global : tile<ptr<f32>>
      if %c {
        return
      }
      continue
    }
    return
  }
}
