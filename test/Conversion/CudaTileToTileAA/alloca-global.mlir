// alloca global: device-heap scratch. heap_alloc (one thread mallocs, the
// tile block shares the pointer through a shared slot), an assert that the
// heap had room, and heap_free before the terminator of the allocation
// scope's body (function or loop body). Bytes are rounded up to the
// alignment; the pointer is generic like shared scratch's.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa --split-input-file --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @heap(
// CHECK-SAME: !nv_tileaa.ptr<f32, 0>
// CHECK: %[[P:.*]] = nv_tileaa.heap_alloc 256 slot "__alloca_heap_0_slot" : !nv_tileaa.ptr<f32, 0>
// CHECK: %[[I:.*]] = nv_tileaa.ptr_to_int %[[P]] : !nv_tileaa.ptr<f32, 0> -> i64
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[I]], %{{.*}} : i64
// CHECK: nv_tileaa.assert %[[OK]], "alloca in global memory: the device heap has no 256 bytes left"
// CHECK: nv_tileaa.heap_alloc 16 slot "__alloca_heap_1_slot" : !nv_tileaa.ptr<i8, 0>
// CHECK: scf.for
// CHECK:   %[[L:.*]] = nv_tileaa.heap_alloc 8 slot "__alloca_heap_2_slot" : !nv_tileaa.ptr<i32, 0>
// CHECK:   nv_tileaa.heap_free %[[L]] : !nv_tileaa.ptr<i32, 0>
// CHECK-NEXT: }
// CHECK-NEXT: nv_tileaa.heap_free %[[P]] : !nv_tileaa.ptr<f32, 0>
// CHECK-NEXT: nv_tileaa.heap_free %{{.*}} : !nv_tileaa.ptr<i8, 0>
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

// Larger alignments than malloc's 16 bytes are not supported.
cuda_tile.module @overaligned {
  entry @k() {
    // expected-error @below {{'cuda_tile.alloca' op in global memory with alignment 64 is not supported by tilecc: device heap blocks are 16-byte aligned}}
    %a = alloca num_elem = 8, alignment = 64 global : tile<ptr<f32>>
    return
  }
}

// -----

// The block frees the scratch when its scope's body ends, so the op must be
// in that body, not in an if.
cuda_tile.module @in_if {
  entry @k(%c: tile<i1>) {
    if %c {
      // expected-error @below {{'cuda_tile.alloca' op in global memory is supported by tilecc only directly in the body of a function, for or loop (the tile block frees it when that body ends)}}
      %a = alloca num_elem = 8, alignment = 16 global : tile<ptr<f32>>
    }
    return
  }
}

// -----

// A break out of the loop from an if would skip the free.
cuda_tile.module @early_exit {
  entry @k(%c: tile<i1>) {
    loop {
      // expected-error @below {{'cuda_tile.alloca' op in global memory is not supported by tilecc when its scope has another exit (the tile block frees it at the end of the body)}}
      %a = alloca num_elem = 8, alignment = 16 global : tile<ptr<f32>>
      if %c {
        // expected-note @below {{exit here}}
        break
      }
      continue
    }
    return
  }
}
