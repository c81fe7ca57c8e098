// RUN: tilecc-opt %s -allow-unregistered-dialect --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.entry(loop-split)))' --split-input-file | FileCheck %s

// iv >= 16 flips at 16: [lb, min(16, ub)) takes the else branch,
// [max(16, lb), ub) the then branch.
// CHECK-LABEL: cuda_tile.module @split_ge
// CHECK:      %[[U:.*]] = mini %[[S:.*]], %{{.*}} signed : tile<i32>
// CHECK-NEXT: %[[L:.*]] = maxi %[[S]], %{{.*}} signed : tile<i32>
// CHECK-NEXT: %[[F:.*]] = for %{{.*}} in (%{{.*}} to %[[U]], step %{{.*}})
// CHECK-NOT:  if
// CHECK:      for %{{.*}} in (%[[L]] to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%{{.*}} = %[[F]])
// CHECK-NOT:  if
cuda_tile.module @split_ge {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %x = constant <i32: 16> : tile<i32>
    %r = for %iv in (%lb to %ub, step %one) : tile<i32> iter_values(%acc = %lb) -> (tile<i32>) {
      %c = cmpi greater_than_or_equal %iv, %x, signed : tile<i32> -> tile<i1>
      %v = if %c -> (tile<i32>) {
        %m = muli %iv, %iv : tile<i32>
        yield %m : tile<i32>
      } else {
        yield %iv : tile<i32>
      }
      %n = addi %acc, %v : tile<i32>
      continue %n : tile<i32>
    }
  }
}

// -----

// A bound computed inside the loop is not invariant: no split.
// CHECK-LABEL: cuda_tile.module @variant_bound
// CHECK: for
// CHECK-NOT: for
cuda_tile.module @variant_bound {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %one) : tile<i32> {
      %x = addi %iv, %one : tile<i32>
      %c = cmpi less_than %iv, %x, signed : tile<i32> -> tile<i1>
      if %c {
        %m = muli %iv, %iv : tile<i32>
      }
    }
  }
}

// -----

// Disabled by the threshold attribute.
// CHECK-LABEL: cuda_tile.module @disabled
// CHECK: for
// CHECK-NOT: for
cuda_tile.module @disabled {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %one) : tile<i32> {
      %c = cmpi less_than %iv, %ub, signed : tile<i32> -> tile<i1>
      if %c {
        %m = muli %iv, %iv : tile<i32>
      }
    } {cuda_tile.loop_split = 0}
  }
}

// -----

// `x < iv` is `iv > x`: the change is at x + 1; a non-unit step rounds the
// split point up to an iteration.
// CHECK-LABEL: cuda_tile.module @swapped_step
// CHECK:      %[[ONE:.*]] = constant <i32: 1> : tile<i32>
// CHECK:      %[[X1:.*]] = addi %{{.*}}, %[[ONE]] : tile<i32>
// CHECK-NEXT: %[[D:.*]] = subi %[[X1]], %[[LB:.*]] : tile<i32>
// CHECK-NEXT: %[[K:.*]] = divi %[[D]], %[[STEP:.*]] signed rounding<positive_inf> : tile<i32>
// CHECK-NEXT: %[[KS:.*]] = muli %[[K]], %[[STEP]] : tile<i32>
// CHECK-NEXT: %[[S:.*]] = addi %[[LB]], %[[KS]] : tile<i32>
// CHECK-NEXT: %[[U:.*]] = mini %[[S]], %{{.*}} signed : tile<i32>
// CHECK-NEXT: %[[L:.*]] = maxi %[[S]], %[[LB]] signed : tile<i32>
// CHECK-NEXT: for %{{.*}} in (%[[LB]] to %[[U]], step %[[STEP]])
// CHECK:        "test.else"
// CHECK:      for %{{.*}} in (%[[L]] to %{{.*}}, step %[[STEP]])
// CHECK:        "test.then"
cuda_tile.module @swapped_step {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %step = constant <i32: 4> : tile<i32>
    %x = constant <i32: 10> : tile<i32>
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      %c = cmpi less_than %x, %iv, signed : tile<i32> -> tile<i1>
      if %c {
        "test.then"() : () -> ()
      } else {
        "test.else"() : () -> ()
      }
    }
  }
}

// -----

// A `continue` in the taken branch ends the copied body; other uses of the
// comparison see a constant.
// CHECK-LABEL: cuda_tile.module @continue_and_uses
// CHECK: for
// CHECK:   %[[T:.*]] = constant <i1: true> : tile<i1>
// CHECK:   "test.use"(%[[T]])
// CHECK:   continue %{{.*}} : tile<i32>
// CHECK-NOT: "test.after"
// CHECK: for
// CHECK:   %[[F:.*]] = constant <i1: false> : tile<i1>
// CHECK:   "test.use"(%[[F]])
// CHECK:   "test.after"
cuda_tile.module @continue_and_uses {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %x = constant <i32: 8> : tile<i32>
    %r = for %iv in (%lb to %ub, step %one) : tile<i32> iter_values(%a = %lb) -> (tile<i32>) {
      %c = cmpi less_than_or_equal %iv, %x, signed : tile<i32> -> tile<i1>
      "test.use"(%c) : (!cuda_tile.tile<i1>) -> ()
      if %c {
        continue %iv : tile<i32>
      }
      "test.after"() : () -> ()
      continue %a : tile<i32>
    }
  }
}

// -----

// Not split: unsigned comparison, unsigned loop, equality.
// CHECK-LABEL: cuda_tile.module @not_split
// CHECK-COUNT-3: for
// CHECK-NOT: for
cuda_tile.module @not_split {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %one) : tile<i32> {
      %c = cmpi less_than %iv, %ub, unsigned : tile<i32> -> tile<i1>
      if %c {
        "test.then"() : () -> ()
      }
    }
    for unsigned %iv in (%lb to %ub, step %one) : tile<i32> {
      %c = cmpi less_than %iv, %ub, signed : tile<i32> -> tile<i1>
      if %c {
        "test.then"() : () -> ()
      }
    }
    for %iv in (%lb to %ub, step %one) : tile<i32> {
      %c = cmpi equal %iv, %ub, signed : tile<i32> -> tile<i1>
      if %c {
        "test.then"() : () -> ()
      }
    }
  }
}

// -----

// A threshold of 3 needs three ops in a branch (or an expensive op).
// CHECK-LABEL: cuda_tile.module @threshold
// CHECK: for
// CHECK-NOT: for
cuda_tile.module @threshold {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 64> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %iv in (%lb to %ub, step %one) : tile<i32> {
      %c = cmpi less_than %iv, %ub, signed : tile<i32> -> tile<i1>
      if %c {
        "test.then"() : () -> ()
      } {cuda_tile.loop_split = 3}
    }
  }
}
