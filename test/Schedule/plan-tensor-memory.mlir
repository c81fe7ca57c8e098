// Tensor-memory columns: an accumulator resident in tensor memory holds its
// columns from tmem_alloc to the tmem_load that reads it back, so they count
// against every allocation in between; the module records the most live at
// once. More than an SM's 512 columns live at once is an error (tcgen05.alloc
// would wait forever), located at the allocation that does not fit.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100a --split-input-file --verify-diagnostics %s | FileCheck %s

#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 256}>
// Two 256-column accumulators live together: 512.
// CHECK-LABEL: module attributes {nv_tileas.memory_plan = {{{.*}}tmem_columns = 512 : i64}}
// CHECK-COUNT-2: nv_tileas.tmem_alloc {{.*}}nv_tileas.tmem_columns = 256 : i64
module {
  nv_tileas.global @s0 : tensor<2xi64> {address_space = 3 : i32, alignment = 8 : i64}
  nv_tileas.global @s1 : tensor<2xi64> {address_space = 3 : i32, alignment = 8 : i64}
  func.func @overlapping() -> (tensor<128x256xf32, #C>, tensor<128x256xf32, #C>) {
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #C>
    %p0 = nv_tileas.get_global @s0 : !nv_tileaa.ptr<i64, 3>
    %p1 = nv_tileas.get_global @s1 : !nv_tileaa.ptr<i64, 3>
    %a0 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %a1 = nv_tileas.tmem_alloc %zero, %p1 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %r0 = nv_tileas.tmem_load %a0 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    %r1 = nv_tileas.tmem_load %a1 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    return %r0, %r1 : tensor<128x256xf32, #C>, tensor<128x256xf32, #C>
  }
}

// -----

#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 256}>
// One after the other (the first is read back before the second, carried
// through a loop, is allocated): 256 at most.
// CHECK-LABEL: module attributes {nv_tileas.memory_plan = {{{.*}}tmem_columns = 256 : i64}}
module {
  nv_tileas.global @s0 : tensor<2xi64> {address_space = 3 : i32, alignment = 8 : i64}
  func.func @sequential(%n: index) -> (tensor<128x256xf32, #C>, tensor<128x256xf32, #C>) {
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #C>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %p0 = nv_tileas.get_global @s0 : !nv_tileaa.ptr<i64, 3>
    %a0 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %l0 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a0) -> (!nv_tileas.tmem_acc<tensor<128x256xf32, #C>>) {
      %w = nv_tileas.tmem_wait %t : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
      scf.yield %w : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    }
    %r0 = nv_tileas.tmem_load %l0 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    %a1 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %r1 = nv_tileas.tmem_load %a1 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    return %r0, %r1 : tensor<128x256xf32, #C>, tensor<128x256xf32, #C>
  }
}

// -----

#C = #nv_tileas.linear<{register = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (0, 32), (0, 64), (0, 128)], lane = [(1, 0), (2, 0), (4, 0), (8, 0), (16, 0)], warp = [(32, 0), (64, 0)]} -> {dim0 = 128, dim1 = 256}>
// A third accumulator while two are resident across the loop: 768 columns.
module {
  nv_tileas.global @s0 : tensor<2xi64> {address_space = 3 : i32, alignment = 8 : i64}
  func.func @too_many(%n: index) -> (tensor<128x256xf32, #C>, tensor<128x256xf32, #C>) {
    %zero = arith.constant dense<0.0> : tensor<128x256xf32, #C>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %p0 = nv_tileas.get_global @s0 : !nv_tileaa.ptr<i64, 3>
    %a0 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %a1 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    %l:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a0, %u = %a1) -> (!nv_tileas.tmem_acc<tensor<128x256xf32, #C>>, !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>) {
      // expected-error @+1 {{needs 256 tensor-memory columns while 512 are held by accumulators resident across it: 768, more than the 512 of an SM; use smaller tiles}}
      %a2 = nv_tileas.tmem_alloc %zero, %p0 : tensor<128x256xf32, #C>, !nv_tileaa.ptr<i64, 3> -> !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
      %r2 = nv_tileas.tmem_load %a2 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
      scf.yield %t, %u : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>, !nv_tileas.tmem_acc<tensor<128x256xf32, #C>>
    }
    %r0 = nv_tileas.tmem_load %l#0 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    %r1 = nv_tileas.tmem_load %l#1 : !nv_tileas.tmem_acc<tensor<128x256xf32, #C>> -> tensor<128x256xf32, #C>
    return %r0, %r1 : tensor<128x256xf32, #C>, tensor<128x256xf32, #C>
  }
}
