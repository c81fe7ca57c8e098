// RUN: tilecc-opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: @constant_condition
cuda_tile.module @m {
  testing$func @constant_condition(%a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK-NOT: if
    // CHECK: return %arg1
    %false = constant <i1: false> : tile<i1>
    %0 = if %false -> (tile<i32>) {
      yield %a : tile<i32>
    } else {
      yield %b : tile<i32>
    }
    return %0 : tile<i32>
  }
}

// -----

// CHECK-LABEL: @constant_condition_return
cuda_tile.module @m {
  testing$func @constant_condition_return(%a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK-NOT: if
    // CHECK: return %arg0
    // CHECK-NOT: return
    %true = constant <i1: true> : tile<i1>
    %0 = if %true -> (tile<i32>) {
      return %a : tile<i32>
    } else {
      yield %b : tile<i32>
    }
    return %0 : tile<i32>
  }
}

// -----

// CHECK-LABEL: @forward_yield
cuda_tile.module @m {
  testing$func @forward_yield(%c: !cuda_tile.tile<i1>, %a: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK: if %arg0 {
    // CHECK-NEXT: return %arg1
    // CHECK-NEXT: }
    // CHECK-NEXT: return %arg1
    %0 = if %c -> (tile<i32>) {
      return %a : tile<i32>
    } else {
      yield %a : tile<i32>
    }
    return %0 : tile<i32>
  }
}

// -----

// CHECK-LABEL: @both_leave
cuda_tile.module @m {
  testing$func @both_leave(%c: !cuda_tile.tile<i1>, %a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK: if %arg0 {
    // CHECK-NEXT: return %arg1
    // CHECK-NEXT: }
    // CHECK-NEXT: return %arg2
    // CHECK-NOT: return
    if %c {
      return %a : tile<i32>
    } else {
      return %b : tile<i32>
    }
    return %a : tile<i32>
  }
}

// -----

// CHECK-LABEL: @merge
cuda_tile.module @m {
  testing$func @merge(%c: !cuda_tile.tile<i1>, %a: !cuda_tile.tile<8xi32>, %b: !cuda_tile.tile<8xi32>) -> !cuda_tile.tile<8xi32> {
    // CHECK: %[[R:.*]]:2 = if %arg0 -> (tile<8xi32>, tile<8xi32>) {
    // CHECK: } else {
    // CHECK-NOT: if
    // CHECK: return %[[R]]#1
    %0 = if %c -> (tile<8xi32>) {
      %x = iota : tile<8xi32>
      yield %x : tile<8xi32>
    } else {
      yield %a : tile<8xi32>
    }
    %1 = if %c -> (tile<8xi32>) {
      %y = reshape %0 : tile<8xi32> -> tile<8xi32>
      yield %y : tile<8xi32>
    } else {
      yield %b : tile<8xi32>
    }
    return %1 : tile<8xi32>
  }
}

// -----

// CHECK-LABEL: @shape_folds
cuda_tile.module @m {
  testing$func @shape_folds(%a: !cuda_tile.tile<2x4xf32>) -> !cuda_tile.tile<8xf32> {
    // CHECK-NEXT: %[[R:.*]] = reshape %arg0 : tile<2x4xf32> -> tile<8xf32>
    // CHECK-NEXT: return %[[R]]
    %1 = permute %a [0, 1] : tile<2x4xf32> -> tile<2x4xf32>
    %2 = reshape %1 : tile<2x4xf32> -> tile<4x2xf32>
    %3 = reshape %2 : tile<4x2xf32> -> tile<8xf32>
    return %3 : tile<8xf32>
  }
}
