// RUN: tilecc-opt %s --canonicalize --split-input-file | FileCheck %s

// addf puts a multiply operand on the left.
// CHECK-LABEL: testing$func @addf_mul_first
// CHECK-SAME: (%[[A:.*]]: tile<f32>, %[[B:.*]]: tile<f32>, %[[C:.*]]: tile<f32>)
// CHECK: %[[M:.*]] = mulf %[[A]], %[[B]] : tile<f32>
// CHECK: addf %[[M]], %[[C]] rounding<zero> : tile<f32>
cuda_tile.module @m {
  testing$func @addf_mul_first(%a: tile<f32>, %b: tile<f32>, %c: tile<f32>) -> tile<f32> {
    %m = mulf %a, %b : tile<f32>
    %r = addf %c, %m rounding<zero> : tile<f32>
    return %r : tile<f32>
  }
}

// -----

// CHECK-LABEL: testing$func @select_same_value
// CHECK-SAME: (%{{.*}}: tile<4xi1>, %[[A:.*]]: tile<4xf32>)
// CHECK-NEXT: return %[[A]]
cuda_tile.module @m {
  testing$func @select_same_value(%c: tile<4xi1>, %a: tile<4xf32>) -> tile<4xf32> {
    %r = select %c, %a, %a : tile<4xi1>, tile<4xf32>
    return %r : tile<4xf32>
  }
}

// -----

// CHECK-LABEL: testing$func @select_splat_condition
// CHECK-SAME: (%[[A:.*]]: tile<2xi32>, %[[B:.*]]: tile<2xi32>)
// CHECK-NEXT: return %[[B]], %[[A]]
cuda_tile.module @m {
  testing$func @select_splat_condition(%a: tile<2xi32>, %b: tile<2xi32>) -> (tile<2xi32>, tile<2xi32>) {
    %f = constant <i1: false> : tile<2xi1>
    %t = constant <i1: true> : tile<2xi1>
    %0 = select %f, %a, %b : tile<2xi1>, tile<2xi32>
    %1 = select %t, %a, %b : tile<2xi1>, tile<2xi32>
    return %0, %1 : tile<2xi32>, tile<2xi32>
  }
}

// -----

// CHECK-LABEL: testing$func @select_constants
// CHECK: %[[R:.*]] = constant <f32: [1.000000e+00, 4.000000e+00]> : tile<2xf32>
// CHECK-NEXT: return %[[R]]
cuda_tile.module @m {
  testing$func @select_constants() -> tile<2xf32> {
    %c = constant <i1: [true, false]> : tile<2xi1>
    %a = constant <f32: [1.0, 2.0]> : tile<2xf32>
    %b = constant <f32: [3.0, 4.0]> : tile<2xf32>
    %r = select %c, %a, %b : tile<2xi1>, tile<2xf32>
    return %r : tile<2xf32>
  }
}

// -----

// select of a select on the same condition reads through the inner one;
// select %c, true, false is %c.
// CHECK-LABEL: testing$func @select_nested
// CHECK-SAME: (%[[C:.*]]: tile<i1>, %[[A:.*]]: tile<i32>, %[[B:.*]]: tile<i32>, %[[D:.*]]: tile<i32>)
// CHECK-NEXT: %[[R0:.*]] = select %[[C]], %[[A]], %[[D]]
// CHECK-NEXT: %[[R1:.*]] = select %[[C]], %[[D]], %[[B]]
// CHECK-NEXT: return %[[R0]], %[[R1]], %[[C]]
cuda_tile.module @m {
  testing$func @select_nested(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>, %d: tile<i32>) -> (tile<i32>, tile<i32>, tile<i1>) {
    %inner = select %c, %a, %b : tile<i1>, tile<i32>
    %0 = select %c, %inner, %d : tile<i1>, tile<i32>
    %1 = select %c, %d, %inner : tile<i1>, tile<i32>
    %t = constant <i1: true> : tile<i1>
    %f = constant <i1: false> : tile<i1>
    %2 = select %c, %t, %f : tile<i1>, tile<i1>
    return %0, %1, %2 : tile<i32>, tile<i32>, tile<i1>
  }
}

// -----

// select (cmpi eq %a, %b), %a, %b is %b; with not_equal it is %a.
// CHECK-LABEL: testing$func @select_of_compare
// CHECK-SAME: (%[[A:.*]]: tile<i32>, %[[B:.*]]: tile<i32>)
// CHECK-NOT: select
// CHECK: return %[[B]], %[[A]]
cuda_tile.module @m {
  testing$func @select_of_compare(%a: tile<i32>, %b: tile<i32>) -> (tile<i32>, tile<i32>) {
    %eq = cmpi equal %a, %b, signed : tile<i32> -> tile<i1>
    %0 = select %eq, %a, %b : tile<i1>, tile<i32>
    %ne = cmpi not_equal %b, %a, unsigned : tile<i32> -> tile<i1>
    %1 = select %ne, %a, %b : tile<i1>, tile<i32>
    return %0, %1 : tile<i32>, tile<i32>
  }
}

// -----

// Negated conditions swap the operands; 0/1 selections become conditions.
// CHECK-LABEL: testing$func @select_negation
// CHECK-SAME: (%[[C:.*]]: tile<2xi1>, %[[A:.*]]: tile<2xf32>, %[[B:.*]]: tile<2xf32>)
// CHECK-DAG: %[[TRUE:.*]] = constant <i1: true> : tile<2xi1>
// CHECK-DAG: %[[S:.*]] = select %[[C]], %[[B]], %[[A]] : tile<2xi1>, tile<2xf32>
// CHECK-DAG: %[[NOT:.*]] = xori %[[C]], %[[TRUE]] : tile<2xi1>
// CHECK-DAG: %[[NOT2:.*]] = xori %[[C]], %[[TRUE]] : tile<2xi1>
// CHECK-DAG: %[[E0:.*]] = exti %[[NOT2]] unsigned : tile<2xi1> -> tile<2xi32>
// CHECK-DAG: %[[E1:.*]] = exti %[[C]] unsigned : tile<2xi1> -> tile<2xi32>
// CHECK: return %[[S]], %[[NOT]], %[[E0]], %[[E1]]
cuda_tile.module @m {
  testing$func @select_negation(%c: tile<2xi1>, %a: tile<2xf32>, %b: tile<2xf32>) -> (tile<2xf32>, tile<2xi1>, tile<2xi32>, tile<2xi32>) {
    %t = constant <i1: true> : tile<2xi1>
    %f = constant <i1: false> : tile<2xi1>
    %not = xori %t, %c : tile<2xi1>
    %0 = select %not, %a, %b : tile<2xi1>, tile<2xf32>
    %1 = select %c, %f, %t : tile<2xi1>, tile<2xi1>
    %zero = constant <i32: 0> : tile<2xi32>
    %one = constant <i32: 1> : tile<2xi32>
    %2 = select %c, %zero, %one : tile<2xi1>, tile<2xi32>
    %3 = select %c, %one, %zero : tile<2xi1>, tile<2xi32>
    return %0, %1, %2, %3 : tile<2xf32>, tile<2xi1>, tile<2xi32>, tile<2xi32>
  }
}
