// RUN: tilecc-opt %s | tilecc-opt | FileCheck %s
// RUN: tilecc-opt -mlir-print-op-generic %s | tilecc-opt | FileCheck %s

cuda_tile.module @control_flow {
  // CHECK-LABEL: testing$func @branches
  testing$func @branches(%c: !cuda_tile.tile<i1>, %x: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK: if %{{.*}} {
    // CHECK-NOT: yield
    // CHECK: }
    if %c {
      yield
    }
    // CHECK: %[[R:.*]] = if %{{.*}} -> (tile<i32>) {
    // CHECK-NEXT: yield %{{.*}} : tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %{{.*}} : tile<i32>
    %r = if %c -> (tile<i32>) {
      yield %x : tile<i32>
    } else {
      yield %x : tile<i32>
    }
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return %[[R]] : tile<i32>
    if %c {
      return %r : tile<i32>
    }
    return %r : tile<i32>
  }

  // CHECK-LABEL: testing$func @loops
  testing$func @loops(%c: !cuda_tile.tile<i1>, %lb: !cuda_tile.tile<i32>, %ub: !cuda_tile.tile<i32>) {
    // CHECK: for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    // CHECK-NOT: continue
    for %iv in (%lb to %ub, step %lb) : tile<i32> {
      continue
    }
    // CHECK: for unsigned %{{.*}} in
    for unsigned %iv in (%lb to %ub, step %lb) : tile<i32> {
    }
    // CHECK: %{{.*}} = for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%[[A:.*]] = %{{.*}}) -> (tile<i32>) {
    // CHECK: continue %[[IV]] : tile<i32>
    %f = for %iv in (%lb to %ub, step %lb) : tile<i32> iter_values(%a = %lb) -> (tile<i32>) {
      if %c {
        continue %a : tile<i32>
      }
      continue %iv : tile<i32>
    }
    // CHECK: loop {
    loop {
      break
    }
    // CHECK: loop iter_values(%{{.*}} = %{{.*}}) : tile<i32> -> tile<i1> {
    // CHECK: break %{{.*}} : tile<i1>
    %l = loop iter_values(%v = %lb) : tile<i32> -> tile<i1> {
      if %c {
        break %c : tile<i1>
      }
      continue %v : tile<i32>
    }
    // CHECK: %{{.*}} = loop : tile<i32> {
    %l2 = loop : tile<i32> {
      break %ub : tile<i32>
    } {some.attr}
  }

  // CHECK-LABEL: entry @ids
  entry @ids() {
    // CHECK: get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: get_num_tile_blocks : tile<i32>
    %a, %b, %c = get_num_tile_blocks : tile<i32>
  }
}
