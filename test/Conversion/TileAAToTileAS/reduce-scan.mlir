// reduce / scan keep their combiner region; the body is in arith because the
// arith populator runs first; a ReduceAtom witness is attached (seed 004).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// Seed 004 "reduce and scan Region Hand-Off".
// CHECK-LABEL: nv_tileaa.func @seed_reduce
// CHECK: %[[SUM:.*]] = nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom warp_shfl_xor_f32>, axis = 1 : i32} : tensor<8x64xf32> -> tensor<8xf32> {
// CHECK-NEXT: ^bb0(%[[ACC:.*]]: f32, %[[VAL:.*]]: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[VAL]] : f32
// CHECK-NEXT: nv_tileas.yield %[[S]] : f32
// CHECK-NEXT: }
nv_tileaa.func @seed_reduce(%values: tensor<8x64xf32>) -> tensor<8xf32> attributes {cute.kernel} {
  %sum = nv_tileaa.reduce %values { axis = 1 : i32 }
      : tensor<8x64xf32> -> tensor<8xf32> {
    ^bb0(%acc: f32, %val: f32):
      %s = nv_tileaa.addf %acc, %val : f32
      nv_tileaa.yield %s : f32
  }
  nv_tileaa.return %sum : tensor<8xf32>
}

// The default layout spreads warps over the outermost axis: reducing along
// it crosses warps (shared-memory tree); a 1-d tile of 1024 with 4 warps
// also crosses warps and yields a scalar. A witness on the op is kept.
// CHECK-LABEL: nv_tileaa.func @atoms
// CHECK: nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<8x64xf32> -> tensor<64xf32>
// CHECK: arith.maximumf
// CHECK: nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<1024xi32> -> i32
// CHECK: arith.addi
// CHECK: nv_tileas.reduce %{{.*}} {atom = #nv_tileas<reduce_atom redux_sync_i32>, axis = 0 : i32} : tensor<32xi32> -> i32
nv_tileaa.func @atoms(%v: tensor<8x64xf32>, %w: tensor<1024xi32>, %x: tensor<32xi32>) {
  %0 = nv_tileaa.reduce %v {axis = 0 : i32} : tensor<8x64xf32> -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    nv_tileaa.yield %m : f32
  }
  %1 = nv_tileaa.reduce %w {axis = 0 : i32} : tensor<1024xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    nv_tileaa.yield %s : i32
  }
  %2 = nv_tileaa.reduce %x {axis = 0 : i32, witness = #nv_tileas<reduce_atom redux_sync_i32>} : tensor<32xi32> -> i32 {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    nv_tileaa.yield %s : i32
  }
  nv_tileaa.return
}

// scan: same shape, warp_shfl_up inside a warp, `reverse` carried; 8 warps
// from the kernel spec split the 16 rows of a 16x32 tile.
// CHECK-LABEL: nv_tileaa.func @scans
// CHECK: nv_tileas.scan %{{.*}} {atom = #nv_tileas<reduce_atom warp_shfl_up_f32>, axis = 1 : i32, reverse = true} : tensor<16x32xf32> -> tensor<16x32xf32>
// CHECK: arith.mulf
// CHECK: nv_tileas.yield
// CHECK: nv_tileas.scan %{{.*}} {atom = #nv_tileas<reduce_atom smem_tree>, axis = 0 : i32} : tensor<16x32xf32>
nv_tileaa.func @scans(%v: tensor<16x32xf32>) attributes {cute.kernel, num_worker_warps_per_cta = 8 : i32} {
  %0 = nv_tileaa.scan %v {axis = 1 : i32, reverse} : tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = nv_tileaa.mulf %a, %b : f32
    nv_tileaa.yield %m : f32
  }
  %1 = nv_tileaa.scan %v {axis = 0 : i32} : tensor<16x32xf32> -> tensor<16x32xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = nv_tileaa.addf %a, %b : f32
    nv_tileaa.yield %m : f32
  }
  nv_tileaa.return
}
