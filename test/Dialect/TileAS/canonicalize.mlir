// RUN: tilecc-opt %s --allow-unregistered-dialect -tileas-canonicalize -split-input-file | FileCheck %s

// Each of the seven seed-003 patterns: a case where it fires and a case where
// a memory-consistency op on the chain (or another legality condition)
// blocks it.

//===----------------------------------------------------------------------===//
// simplify extract slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @simplify_extract_slice(
// CHECK: %[[S:.*]] = nv_tileas.extract_slice %arg0[0, 0] [64, 64] [1, 1] : tensor<128x128xf32> to tensor<64x64xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[S]] : tensor<64x64xf32> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @simplify_extract_slice(%src: tensor<128x128xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1 = arith.constant 1 : index
  %slice = nv_tileas.extract_slice %src[%c0, %c0][%c64, %c64][%c1, %c1]
      : tensor<128x128xf32> to tensor<?x?xf32>
  return %slice : tensor<?x?xf32>
}

// -----

// A non-constant or negative operand keeps the slice dynamic, and so does a
// constant slice running past the source.
// CHECK-LABEL: func @simplify_extract_slice_blocked(
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C100:.*]] = arith.constant 100 : index
// CHECK: nv_tileas.extract_slice %arg0[%arg1, %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : tensor<128x128xf32> to tensor<?x?xf32>
// CHECK: nv_tileas.extract_slice %arg0[%[[CM1]], %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : tensor<128x128xf32> to tensor<?x?xf32>
// CHECK: nv_tileas.extract_slice %arg0[%[[C100]], %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : tensor<128x128xf32> to tensor<?x?xf32>
// CHECK-NOT: tensor.cast
func.func @simplify_extract_slice_blocked(%src: tensor<128x128xf32>, %i: index)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %cm1 = arith.constant -1 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c1 = arith.constant 1 : index
  %a = nv_tileas.extract_slice %src[%i, %c0][%c64, %c64][%c1, %c1]
      : tensor<128x128xf32> to tensor<?x?xf32>
  %b = nv_tileas.extract_slice %src[%cm1, %c0][%c64, %c64][%c1, %c1]
      : tensor<128x128xf32> to tensor<?x?xf32>
  %c = nv_tileas.extract_slice %src[%c100, %c0][%c64, %c64][%c1, %c1]
      : tensor<128x128xf32> to tensor<?x?xf32>
  return %a, %b, %c : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

//===----------------------------------------------------------------------===//
// decompose loop iter args
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @decompose_loop_iter_args(
// CHECK-NOT: nv_tileas.alloc_tensor
// CHECK: scf.for %[[K:.*]] = %arg5 to %arg6 step %arg7 {
// CHECK-NEXT: %[[BUF:.*]] = nv_tileas.alloc_tensor : tensor<128x128xf32>
// CHECK-NEXT: %[[V:.*]] = "produce_tile"(%[[BUF]], %[[K]])
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @decompose_loop_iter_args(%seed: tensor<?x?xf32>, %i0: index, %j0: index,
                                    %m: index, %n: index, %k0: index, %k1: index,
                                    %k_step: index) {
  %init = nv_tileas.alloc_tensor : tensor<128x128xf32>
  %init_v = nv_tileas.insert_slice %seed into %init[%i0, %j0][%m, %n][1, 1]
      : tensor<?x?xf32> into tensor<128x128xf32>
  %out = scf.for %k = %k0 to %k1 step %k_step
      iter_args(%buf = %init_v) -> tensor<128x128xf32> {
    %step_v = "produce_tile"(%buf, %k) : (tensor<128x128xf32>, index) -> tensor<?x?xf32>
    %next = nv_tileas.insert_slice %step_v into %buf[%k, %k][%m, %n][1, 1]
        : tensor<?x?xf32> into tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  return
}

// -----

// The yielded chain crosses nv_tileas.dot_wait, a memory-consistency op.
// CHECK-LABEL: func @decompose_loop_iter_args_blocked_by_wait(
// CHECK: nv_tileas.alloc_tensor
// CHECK: scf.for {{.*}} iter_args(%[[BUF:.*]] = %{{.*}}) -> (tensor<128x128xf32>)
// CHECK: nv_tileas.dot_wait
// CHECK: scf.yield
func.func @decompose_loop_iter_args_blocked_by_wait(%seed: tensor<?x?xf32>, %m: index,
                                                    %k0: index, %k1: index, %ks: index) {
  %init = nv_tileas.alloc_tensor : tensor<128x128xf32>
  %init_v = nv_tileas.insert_slice %seed into %init[0, 0][%m, %m][1, 1]
      : tensor<?x?xf32> into tensor<128x128xf32>
  %out = scf.for %k = %k0 to %k1 step %ks iter_args(%buf = %init_v) -> tensor<128x128xf32> {
    %step_v = "produce_tile"(%buf, %k) : (tensor<128x128xf32>, index) -> tensor<?x?xf32>
    %next = nv_tileas.insert_slice %step_v into %buf[%k, %k][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<128x128xf32>
    %pub = nv_tileas.dot_wait %next {num_pending = 0 : i32} : tensor<128x128xf32>
    scf.yield %pub : tensor<128x128xf32>
  }
  return
}

// -----

// The loop result is read after the loop, so the iter-arg must stay.
// CHECK-LABEL: func @decompose_loop_iter_args_blocked_by_use(
// CHECK: %[[OUT:.*]] = scf.for {{.*}} iter_args
// CHECK: return %[[OUT]]
func.func @decompose_loop_iter_args_blocked_by_use(%seed: tensor<?x?xf32>, %m: index,
    %k0: index, %k1: index, %ks: index) -> tensor<128x128xf32> {
  %init = nv_tileas.alloc_tensor : tensor<128x128xf32>
  %init_v = nv_tileas.insert_slice %seed into %init[0, 0][%m, %m][1, 1]
      : tensor<?x?xf32> into tensor<128x128xf32>
  %out = scf.for %k = %k0 to %k1 step %ks iter_args(%buf = %init_v) -> tensor<128x128xf32> {
    %step_v = "produce_tile"(%buf, %k) : (tensor<128x128xf32>, index) -> tensor<?x?xf32>
    %next = nv_tileas.insert_slice %step_v into %buf[%k, %k][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  return %out : tensor<128x128xf32>
}

// -----

//===----------------------------------------------------------------------===//
// decompose if by insert slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @decompose_if_by_insert_slice(
// CHECK-NOT: nv_tileas.alloc_tensor
// CHECK: scf.if %arg0 -> (tensor<64x64xf32>) {
// CHECK-NEXT: %[[TA:.*]] = nv_tileas.alloc_tensor : tensor<64x64xf32>
// CHECK-NEXT: %[[TAV:.*]] = nv_tileas.insert_slice %arg1 into %[[TA]][0, 0] [%arg5, %arg6] [1, 1]
// CHECK-NEXT: %[[VA:.*]] = nv_tileas.insert_slice %arg2 into %[[TAV]][%arg3, %arg4] [%arg5, %arg6] [1, 1]
// CHECK-NEXT: scf.yield %[[VA]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[TB:.*]] = nv_tileas.alloc_tensor : tensor<64x64xf32>
// CHECK-NEXT: %[[TBV:.*]] = nv_tileas.insert_slice %arg1 into %[[TB]][0, 0] [%arg5, %arg6] [1, 1]
// CHECK-NEXT: %[[VB:.*]] = nv_tileas.insert_slice %arg7 into %[[TBV]][%arg3, %arg4] [%arg5, %arg6] [1, 1]
// CHECK-NEXT: scf.yield %[[VB]]
func.func @decompose_if_by_insert_slice(%cond: i1, %seed: tensor<?x?xf32>, %a: tensor<?x?xf32>,
    %i: index, %j: index, %m: index, %n: index, %b: tensor<?x?xf32>) -> tensor<64x64xf32> {
  %init = nv_tileas.alloc_tensor : tensor<64x64xf32>
  %init_v = nv_tileas.insert_slice %seed into %init[0, 0][%m, %n][1, 1]
      : tensor<?x?xf32> into tensor<64x64xf32>
  %r = scf.if %cond -> tensor<64x64xf32> {
    %v = nv_tileas.insert_slice %a into %init_v[%i, %j][%m, %n][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  } else {
    %v = nv_tileas.insert_slice %b into %init_v[%i, %j][%m, %n][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}

// -----

// The tile passes nv_tileas.dot_wait (a memory-consistency op) before the
// if: nothing is duplicated into the arms.
// CHECK-LABEL: func @decompose_if_by_insert_slice_blocked_by_wait(
// CHECK: nv_tileas.alloc_tensor
// CHECK: %[[PUB:.*]] = nv_tileas.dot_wait
// CHECK: scf.if
// CHECK-NEXT: nv_tileas.insert_slice %{{.*}} into %[[PUB]]
// CHECK: } else {
// CHECK-NEXT: nv_tileas.insert_slice %{{.*}} into %[[PUB]]
func.func @decompose_if_by_insert_slice_blocked_by_wait(%cond: i1, %seed: tensor<64x64xf32>,
    %a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %i: index, %m: index) -> tensor<64x64xf32> {
  %init = nv_tileas.alloc_tensor : tensor<64x64xf32>
  %pub = nv_tileas.dot_wait %init {num_pending = 0 : i32} : tensor<64x64xf32>
  %r = scf.if %cond -> tensor<64x64xf32> {
    %v = nv_tileas.insert_slice %a into %pub[%i, %i][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  } else {
    %v = nv_tileas.insert_slice %b into %pub[%i, %i][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}

// -----

// The shared tile is also read after the if, so it must not be split.
// CHECK-LABEL: func @decompose_if_by_insert_slice_blocked_by_live_use(
// CHECK: %[[INIT:.*]] = nv_tileas.insert_slice
// CHECK: scf.if
// CHECK-NEXT: nv_tileas.insert_slice %{{.*}} into %[[INIT]]
// CHECK: "use"(%[[INIT]])
func.func @decompose_if_by_insert_slice_blocked_by_live_use(%cond: i1, %seed: tensor<?x?xf32>,
    %a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %i: index, %m: index) -> tensor<64x64xf32> {
  %init = nv_tileas.alloc_tensor : tensor<64x64xf32>
  %init_v = nv_tileas.insert_slice %seed into %init[0, 0][%m, %m][1, 1]
      : tensor<?x?xf32> into tensor<64x64xf32>
  %r = scf.if %cond -> tensor<64x64xf32> {
    %v = nv_tileas.insert_slice %a into %init_v[%i, %i][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  } else {
    %v = nv_tileas.insert_slice %b into %init_v[%i, %i][%m, %m][1, 1]
        : tensor<?x?xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  }
  "use"(%init_v) : (tensor<64x64xf32>) -> ()
  return %r : tensor<64x64xf32>
}

// -----

//===----------------------------------------------------------------------===//
// decompose if by extract slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @decompose_if_by_extract_slice(
// CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<16x64xf32>) {
// CHECK-NEXT: %[[V:.*]] = nv_tileas.insert_slice %arg2 into %arg1[%arg3, %arg4] [16, 16] [1, 1]
// CHECK-NEXT: %[[SA:.*]] = nv_tileas.extract_slice %[[V]][%arg3, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
// CHECK-NEXT: scf.yield %[[SA]] : tensor<16x64xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[SB:.*]] = nv_tileas.extract_slice %arg1[%arg3, 0] [16, 64] [1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
// CHECK-NEXT: scf.yield %[[SB]] : tensor<16x64xf32>
// CHECK: return %[[R]]
func.func @decompose_if_by_extract_slice(%cond: i1, %t: tensor<64x64xf32>, %a: tensor<16x16xf32>,
    %i: index, %j: index) -> tensor<16x64xf32> {
  %r = scf.if %cond -> tensor<64x64xf32> {
    %v = nv_tileas.insert_slice %a into %t[%i, %j][16, 16][1, 1]
        : tensor<16x16xf32> into tensor<64x64xf32>
    scf.yield %v : tensor<64x64xf32>
  } else {
    scf.yield %t : tensor<64x64xf32>
  }
  %s = nv_tileas.extract_slice %r[%i, 0][16, 64][1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
  return %s : tensor<16x64xf32>
}

// -----

// The then-arm yields the result of nv_tileas.dot_wait: the extract stays
// outside.
// CHECK-LABEL: func @decompose_if_by_extract_slice_blocked_by_wait(
// CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<64x64xf32>)
// CHECK: nv_tileas.extract_slice %[[R]]
func.func @decompose_if_by_extract_slice_blocked_by_wait(%cond: i1, %t: tensor<64x64xf32>,
    %u: tensor<64x64xf32>, %i: index) -> tensor<16x64xf32> {
  %r = scf.if %cond -> tensor<64x64xf32> {
    %c = nv_tileas.dot_wait %u {num_pending = 0 : i32} : tensor<64x64xf32>
    scf.yield %c : tensor<64x64xf32>
  } else {
    scf.yield %t : tensor<64x64xf32>
  }
  %s = nv_tileas.extract_slice %r[%i, 0][16, 64][1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
  return %s : tensor<16x64xf32>
}

// -----

// The if result has a second use, and the slice offset is computed after the if.
// CHECK-LABEL: func @decompose_if_by_extract_slice_blocked(
// CHECK: %[[R:.*]] = scf.if %arg0 -> (tensor<64x64xf32>)
// CHECK: nv_tileas.extract_slice %[[R]][%arg2, 0]
// CHECK: %[[R2:.*]] = scf.if %arg0 -> (tensor<64x64xf32>)
// CHECK: %[[OFF:.*]] = "offset"()
// CHECK: nv_tileas.extract_slice %[[R2]][%[[OFF]], 0]
func.func @decompose_if_by_extract_slice_blocked(%cond: i1, %t: tensor<64x64xf32>, %i: index)
    -> (tensor<16x64xf32>, tensor<64x64xf32>, tensor<16x64xf32>) {
  %r = scf.if %cond -> tensor<64x64xf32> {
    scf.yield %t : tensor<64x64xf32>
  } else {
    %z = nv_tileas.alloc_tensor : tensor<64x64xf32>
    scf.yield %z : tensor<64x64xf32>
  }
  %s = nv_tileas.extract_slice %r[%i, 0][16, 64][1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
  %r2 = scf.if %cond -> tensor<64x64xf32> {
    scf.yield %t : tensor<64x64xf32>
  } else {
    %z = nv_tileas.alloc_tensor : tensor<64x64xf32>
    scf.yield %z : tensor<64x64xf32>
  }
  %off = "offset"() : () -> index
  %s2 = nv_tileas.extract_slice %r2[%off, 0][16, 64][1, 1] : tensor<64x64xf32> to tensor<16x64xf32>
  return %s, %r, %s2 : tensor<16x64xf32>, tensor<64x64xf32>, tensor<16x64xf32>
}

// -----

//===----------------------------------------------------------------------===//
// swap view and extract slice
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @swap_view_and_extract_slice(
// CHECK: %[[E:.*]] = nv_tileas.extract_slice %arg0[0, 0, %arg1] [4, 8, 8] [1, 1, 1] : tensor<4x8x16xf32> to tensor<4x8x8xf32>
// CHECK: %[[V:.*]] = nv_tileas.view %[[E]] : tensor<4x8x8xf32> to tensor<32x8xf32>
// CHECK: %[[E2:.*]] = nv_tileas.extract_slice %arg2[0, %arg1] [32, 8] [1, 1] : tensor<32x16xf32> to tensor<32x8xf32>
// CHECK: %[[V2:.*]] = nv_tileas.view %[[E2]] : tensor<32x8xf32> to tensor<4x8x8xf32>
// CHECK: return %[[V]], %[[V2]]
func.func @swap_view_and_extract_slice(%x: tensor<4x8x16xf32>, %j: index, %y: tensor<32x16xf32>)
    -> (tensor<32x8xf32>, tensor<4x8x8xf32>) {
  // Collapse: rows 4x8 -> 32 are taken whole, the column slice moves over.
  %v = nv_tileas.view %x : tensor<4x8x16xf32> to tensor<32x16xf32>
  %s = nv_tileas.extract_slice %v[0, %j][32, 8][1, 1] : tensor<32x16xf32> to tensor<32x8xf32>
  // Expansion: 32 -> 4x8 taken whole.
  %w = nv_tileas.view %y : tensor<32x16xf32> to tensor<4x8x16xf32>
  %t = nv_tileas.extract_slice %w[0, 0, %j][4, 8, 8][1, 1, 1] : tensor<4x8x16xf32> to tensor<4x8x8xf32>
  return %s, %t : tensor<32x8xf32>, tensor<4x8x8xf32>
}

// -----

// The slice cuts through a collapsed dimension group: the view does not commute.
// CHECK-LABEL: func @swap_view_and_extract_slice_blocked(
// CHECK: %[[V:.*]] = nv_tileas.view %arg0 : tensor<4x8x16xf32> to tensor<32x16xf32>
// CHECK: nv_tileas.extract_slice %[[V]][0, 0] [16, 16] [1, 1]
// CHECK: %[[W:.*]] = nv_tileas.view %arg1 : tensor<32x16xf32> to tensor<4x8x16xf32>
// CHECK: nv_tileas.extract_slice %[[W]][1, 0, 0] [2, 8, 16] [1, 1, 1]
func.func @swap_view_and_extract_slice_blocked(%x: tensor<4x8x16xf32>, %y: tensor<32x16xf32>)
    -> (tensor<16x16xf32>, tensor<2x8x16xf32>) {
  %v = nv_tileas.view %x : tensor<4x8x16xf32> to tensor<32x16xf32>
  %s = nv_tileas.extract_slice %v[0, 0][16, 16][1, 1] : tensor<32x16xf32> to tensor<16x16xf32>
  %w = nv_tileas.view %y : tensor<32x16xf32> to tensor<4x8x16xf32>
  %t = nv_tileas.extract_slice %w[1, 0, 0][2, 8, 16][1, 1, 1] : tensor<4x8x16xf32> to tensor<2x8x16xf32>
  return %s, %t : tensor<16x16xf32>, tensor<2x8x16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// coalesce perfectly nested loops
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @coalesce_perfectly_nested_loops(
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[SPAN:.*]] = arith.subi %arg1, %arg0 : index
// CHECK: %[[TRIPS:.*]] = arith.ceildivsi %[[SPAN]], %arg2 : index
// CHECK: %[[POS:.*]] = arith.maxsi %[[TRIPS]], %[[C0]] : index
// CHECK: %[[TOTAL:.*]] = arith.muli %[[POS]], %[[C4]] : index
// CHECK: scf.for %[[K:.*]] = %[[C0]] to %[[TOTAL]] step %[[C1]] {
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[K]], %[[C4]] : index
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[K]], %[[C4]] : index
// CHECK-NEXT: %[[QS:.*]] = arith.muli %[[Q]], %arg2 : index
// CHECK-NEXT: %[[I:.*]] = arith.addi %arg0, %[[QS]] : index
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[R]], %[[C2]] : index
// CHECK-NEXT: "use"(%[[I]], %[[J]])
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @coalesce_perfectly_nested_loops(%lb: index, %ub: index, %step: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %lb to %ub step %step {
    scf.for %j = %c0 to %c8 step %c2 {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// Run to a fixed point, a three-deep constant nest collapses into one loop.
// CHECK-LABEL: func @coalesce_three_deep(
// CHECK: %[[C24:.*]] = arith.constant 24 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[C24]] step
// CHECK-NOT: scf.for
// CHECK: "use"
func.func @coalesce_three_deep() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c2 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      scf.for %k = %c0 to %c4 step %c1 {
        "use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}

// -----

// Another op in the outer body, or a dynamic inner bound, forbids coalescing.
// CHECK-LABEL: func @coalesce_blocked(
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: "side"(%[[I]])
// CHECK-NEXT: scf.for
// CHECK: scf.for
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %arg0
func.func @coalesce_blocked(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    "side"(%i) : (index) -> ()
    scf.for %j = %c0 to %c8 step %c1 {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      "use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// simplify extract from insert
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func @simplify_extract_from_insert(
// CHECK-NOT: nv_tileas.extract_slice
// CHECK: return %arg0, %arg5
func.func @simplify_extract_from_insert(%x: tensor<?x?xf32>, %dst: tensor<64x64xf32>,
    %i: index, %j: index, %m: index, %y: tensor<16x16xf32>, %z: tensor<16x16xf32>)
    -> (tensor<?x?xf32>, tensor<16x16xf32>) {
  %t = nv_tileas.insert_slice %x into %dst[%i, %j][%m, %m][1, 1]
      : tensor<?x?xf32> into tensor<64x64xf32>
  %e = nv_tileas.extract_slice %t[%i, %j][%m, %m][1, 1] : tensor<64x64xf32> to tensor<?x?xf32>
  // An insert into a provably disjoint region in between is looked through.
  %u = nv_tileas.insert_slice %y into %dst[0, 0][16, 16][1, 1]
      : tensor<16x16xf32> into tensor<64x64xf32>
  %w = nv_tileas.insert_slice %z into %u[32, 0][16, 16][1, 1]
      : tensor<16x16xf32> into tensor<64x64xf32>
  %f = nv_tileas.extract_slice %w[0, 0][16, 16][1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
  return %e, %f : tensor<?x?xf32>, tensor<16x16xf32>
}

// -----

// An overlapping insert, or a memory-consistency op (dot_wait), between the
// pair blocks the fold.
// CHECK-LABEL: func @simplify_extract_from_insert_blocked(
// CHECK: %[[E1:.*]] = nv_tileas.extract_slice
// CHECK: %[[C:.*]] = nv_tileas.dot_wait
// CHECK: %[[E2:.*]] = nv_tileas.extract_slice %[[C]]
// CHECK: return %[[E1]], %[[E2]]
func.func @simplify_extract_from_insert_blocked(%dst: tensor<64x64xf32>, %y: tensor<16x16xf32>,
    %z: tensor<16x16xf32>, %buf: tensor<64x64xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
  %u = nv_tileas.insert_slice %y into %dst[0, 0][16, 16][1, 1]
      : tensor<16x16xf32> into tensor<64x64xf32>
  %w = nv_tileas.insert_slice %z into %u[8, 0][16, 16][1, 1]
      : tensor<16x16xf32> into tensor<64x64xf32>
  %f = nv_tileas.extract_slice %w[0, 0][16, 16][1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
  %c = nv_tileas.dot_wait %u {num_pending = 0 : i32} : tensor<64x64xf32>
  %g = nv_tileas.extract_slice %c[0, 0][16, 16][1, 1] : tensor<64x64xf32> to tensor<16x16xf32>
  return %f, %g : tensor<16x16xf32>, tensor<16x16xf32>
}
