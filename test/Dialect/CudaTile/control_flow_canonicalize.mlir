// RUN: tilecc-opt %s -allow-unregistered-dialect --canonicalize --split-input-file | FileCheck %s

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

// -----

// Values from outside the `if` become selects; a scalar condition is splat to
// the shape of the values.
// CHECK-LABEL: @to_select
cuda_tile.module @m {
  testing$func @to_select(%c: !cuda_tile.tile<i1>, %a: !cuda_tile.tile<4xi32>, %b: !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32> {
    // CHECK: %[[R:.*]] = reshape %arg0 : tile<i1> -> tile<1xi1>
    // CHECK: %[[B:.*]] = broadcast %[[R]] : tile<1xi1> -> tile<4xi1>
    // CHECK: %[[S:.*]] = select %[[B]], %arg1, %arg2 : tile<4xi1>, tile<4xi32>
    // CHECK-NOT: if
    // CHECK: return %[[S]]
    %0 = if %c -> (tile<4xi32>) {
      yield %a : tile<4xi32>
    } else {
      yield %b : tile<4xi32>
    }
    return %0 : tile<4xi32>
  }
}

// -----

// i1 results true/false are the condition or its negation.
// CHECK-LABEL: @bool_results
cuda_tile.module @m {
  testing$func @bool_results(%c: !cuda_tile.tile<i1>) -> (!cuda_tile.tile<i1>, !cuda_tile.tile<i1>) {
    // CHECK: %[[T:.*]] = constant <i1: true>
    // CHECK: %[[N:.*]] = xori %arg0, %[[T]] : tile<i1>
    // CHECK-NOT: if
    // CHECK: return %arg0, %[[N]]
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %0, %1 = if %c -> (tile<i1>, tile<i1>) {
      yield %t, %f : tile<i1>, tile<i1>
    } else {
      yield %f, %t : tile<i1>, tile<i1>
    }
    return %0, %1 : tile<i1>, tile<i1>
  }
}

// -----

// Nested `if`s without results or else branches test both conditions at once;
// a negated condition swaps the branches.
// CHECK-LABEL: @nested_and_negated
cuda_tile.module @m {
  testing$func @nested_and_negated(%a: !cuda_tile.tile<i1>, %b: !cuda_tile.tile<i1>, %x: !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32> {
    // CHECK: %[[AND:.*]] = andi %arg0, %arg1 : tile<i1>
    // CHECK: if %[[AND]] {
    // CHECK-NEXT: "test.effect"
    // CHECK: if %arg0 -> (tile<i32>) {
    // CHECK-NEXT: "test.else"
    // CHECK: } else {
    // CHECK-NEXT: "test.then"
    if %a {
      if %b {
        "test.effect"() : () -> ()
      }
    }
    %t = constant <i1: true> : tile<i1>
    %n = xori %a, %t : tile<i1>
    %r = if %n -> (tile<i32>) {
      "test.then"() : () -> ()
      %v = addi %x, %x : tile<i32>
      yield %v : tile<i32>
    } else {
      "test.else"() : () -> ()
      %w = muli %x, %x : tile<i32>
      yield %w : tile<i32>
    }
    return %r : tile<i32>
  }
}

// -----

// A `return` cannot be moved into a loop body: these `if`s stay.
// CHECK-LABEL: @return_in_loop
cuda_tile.module @m {
  testing$func @return_in_loop(%c: !cuda_tile.tile<i1>, %lb: !cuda_tile.tile<i32>) {
    // CHECK: for
    // CHECK-NEXT: if %arg0 {
    // CHECK-NEXT: return
    // CHECK-NEXT: } else {
    // CHECK-NEXT: return
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return
    %t = constant <i1: true> : tile<i1>
    for %iv in (%lb to %lb, step %lb) : tile<i32> {
      if %c {
        return
      } else {
        return
      }
      if %t {
        return
      }
    }
    return
  }
}
