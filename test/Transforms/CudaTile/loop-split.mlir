// RUN: tilecc-opt %s --pass-pipeline='builtin.module(cuda_tile.module(cuda_tile.entry(loop-split)))' --split-input-file | FileCheck %s

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
