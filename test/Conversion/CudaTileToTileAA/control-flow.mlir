// for / loop / if with iteration values, continue and break, including
// early exits nested in ifs.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @cf {

// CHECK-LABEL: nv_tileaa.func @for_sum(
// CHECK-SAME: %[[N:.+]]: i32, %[[X:.+]]: tensor<4xf32>)
testing$func @for_sum(%n: tile<i32>, %x: tile<4xf32>) -> tile<4xf32> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  // CHECK: %[[R:.+]] = scf.for %[[IV:.+]] = %{{.+}} to %[[N]] step %{{.+}} iter_args(%[[ACC:.+]] = %[[X]]) -> (tensor<4xf32>) : i32 {
  // CHECK-NEXT: %[[S:.+]] = arith.addf %[[ACC]], %[[X]] : tensor<4xf32>
  // CHECK-NEXT: scf.yield %[[S]] : tensor<4xf32>
  // CHECK: return %[[R]]
  %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %x) -> (tile<4xf32>) {
    %s = addf %acc, %x : tile<4xf32>
    continue %s : tile<4xf32>
  }
  return %r : tile<4xf32>
}

// CHECK-LABEL: nv_tileaa.func @for_unsigned(
testing$func @for_unsigned(%n: tile<i64>) {
  %c0 = constant <i64: 0> : tile<i64>
  // CHECK: scf.for unsigned %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i64 {
  for unsigned %i in (%c0 to %n, step %n) : tile<i64> {
    continue
  }
  return
}

// A loop whose body breaks from inside an if: the rest of the body moves into
// the if's fall-through branch and the loop becomes an scf.while forwarding
// (iter values, results) under a continue flag.
// CHECK-LABEL: nv_tileaa.func @while_like(
// CHECK-SAME: %[[N:.+]]: i32) -> i32
testing$func @while_like(%n: tile<i32>) -> tile<i32> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  // CHECK: %[[W:.+]]:2 = scf.while (%[[I:.+]] = %{{.+}}) : (i32) -> (i32, i32) {
  // CHECK:   %[[DONE:.+]] = arith.cmpi sge, %[[I]], %[[N]] : i32
  // CHECK:   %[[ST:.+]]:3 = scf.if %[[DONE]] -> (i1, i32, i32) {
  // CHECK:     %[[F:.+]] = arith.constant false
  // CHECK:     %[[P:.+]] = ub.poison : i32
  // CHECK:     scf.yield %[[F]], %[[P]], %[[I]] : i1, i32, i32
  // CHECK:   } else {
  // CHECK:     %[[NEXT:.+]] = arith.addi %[[I]], %{{.+}} : i32
  // CHECK:     %[[T:.+]] = arith.constant true
  // CHECK:     %[[Q:.+]] = ub.poison : i32
  // CHECK:     scf.yield %[[T]], %[[NEXT]], %[[Q]] : i1, i32, i32
  // CHECK:   }
  // CHECK:   scf.condition(%[[ST]]#0) %[[ST]]#1, %[[ST]]#2 : i32, i32
  // CHECK: } do {
  // CHECK: ^bb0(%[[A0:.+]]: i32, %[[A1:.+]]: i32):
  // CHECK:   scf.yield %[[A0]] : i32
  // CHECK: }
  // CHECK: return %[[W]]#1 : i32
  %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
    %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
    if %done {
      break %i : tile<i32>
    }
    %next = addi %i, %c1 : tile<i32>
    continue %next : tile<i32>
  }
  return %r : tile<i32>
}

// A body that ends with a plain break / continue.
// CHECK-LABEL: nv_tileaa.func @plain_exits(
testing$func @plain_exits(%c: tile<i1>) {
  // CHECK: scf.while : () -> () {
  // CHECK:   %[[F:.+]] = arith.constant false
  // CHECK:   scf.condition(%[[F]])
  loop {
    break
  }
  return
}

// An early continue in a for: the if yields the iter values.
// CHECK-LABEL: nv_tileaa.func @early_continue(
// CHECK-SAME: %[[N:.+]]: i32, %[[C:.+]]: i1)
testing$func @early_continue(%n: tile<i32>, %c: tile<i1>) -> tile<i32> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  // CHECK: scf.for %[[IV:.+]] = %{{.+}} to %[[N]] step %{{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (i32) : i32 {
  // CHECK:   %[[V:.+]] = scf.if %[[C]] -> (i32) {
  // CHECK:     scf.yield %[[ACC]] : i32
  // CHECK:   } else {
  // CHECK:     %[[S:.+]] = arith.addi %[[ACC]], %[[IV]] : i32
  // CHECK:     scf.yield %[[S]] : i32
  // CHECK:   }
  // CHECK:   scf.yield %[[V]] : i32
  %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
    %v = if %c -> (tile<i32>) {
      continue %acc : tile<i32>
    } else {
      yield %i : tile<i32>
    }
    %s = addi %acc, %v : tile<i32>
    continue %s : tile<i32>
  }
  return %r : tile<i32>
}

// A break two ifs deep: both ifs become state-yielding scf.ifs.
// CHECK-LABEL: nv_tileaa.func @nested_break(
// CHECK-SAME: %{{.+}}: i32, %[[C:.+]]: i1, %[[D:.+]]: i1) -> f32
testing$func @nested_break(%n: tile<i32>, %c: tile<i1>, %d: tile<i1>) -> tile<f32> {
  %c0 = constant <i32: 0> : tile<i32>
  %c1 = constant <i32: 1> : tile<i32>
  %f0 = constant <f32: 0.0> : tile<f32>
  // CHECK: scf.while (%[[I:.+]] = %{{.+}}) : (i32) -> (i32, f32) {
  // CHECK:   %[[O:.+]]:3 = scf.if %[[C]] -> (i1, i32, f32) {
  // CHECK:     %[[IN:.+]]:3 = scf.if %[[D]] -> (i1, i32, f32) {
  // CHECK:       scf.yield %false, %{{.+}}, %{{.+}} : i1, i32, f32
  // CHECK:     } else {
  // CHECK:       %[[Y:.+]] = arith.addi %[[I]], %{{.+}} : i32
  // CHECK:       %[[NX:.+]] = arith.addi %[[Y]], %{{.+}} : i32
  // CHECK:       scf.yield %true, %[[NX]], %{{.+}} : i1, i32, f32
  // CHECK:     }
  // CHECK:     scf.yield %[[IN]]#0, %[[IN]]#1, %[[IN]]#2 : i1, i32, f32
  // CHECK:   } else {
  // CHECK:     %[[NY:.+]] = arith.addi %[[I]], %{{.+}} : i32
  // CHECK:     scf.yield %true{{.*}}, %[[NY]], %{{.+}} : i1, i32, f32
  // CHECK:   }
  // CHECK:   scf.condition(%[[O]]#0) %[[O]]#1, %[[O]]#2 : i32, f32
  %r = loop iter_values(%i = %c0) : tile<i32> -> tile<f32> {
    %x = if %c -> (tile<i32>) {
      if %d {
        break %f0 : tile<f32>
      }
      %y = addi %i, %c1 : tile<i32>
      yield %y : tile<i32>
    } else {
      yield %i : tile<i32>
    }
    %next = addi %x, %c1 : tile<i32>
    continue %next : tile<i32>
  }
  return %r : tile<f32>
}

// CHECK-LABEL: nv_tileaa.func @select_if(
// CHECK-SAME: %[[C:.+]]: i1, %[[A:.+]]: f32, %[[B:.+]]: f32)
testing$func @select_if(%c: tile<i1>, %a: tile<f32>, %b: tile<f32>) -> tile<f32> {
  // CHECK: %[[R:.+]] = scf.if %[[C]] -> (f32) {
  // CHECK:   scf.yield %[[A]] : f32
  // CHECK: } else {
  // CHECK:   scf.yield %[[B]] : f32
  // CHECK: }
  %r = if %c -> (tile<f32>) {
    yield %a : tile<f32>
  } else {
    yield %b : tile<f32>
  }
  // CHECK: scf.if %[[C]] {
  // CHECK-NEXT: nv_tileaa.print
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[R]]
  if %c {
    print_tko "hi"
  }
  return %r : tile<f32>
}

// An early return: the rest of the function moves into the if's
// fall-through branch and the if yields the function results.
// CHECK-LABEL: nv_tileaa.func @early_return(
// CHECK-SAME: %[[C:.+]]: i1, %[[X:.+]]: i32) -> i32
testing$func @early_return(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
  // CHECK: %[[R:.+]] = scf.if %[[C]] -> (i32) {
  // CHECK:   scf.yield %[[X]] : i32
  // CHECK: } else {
  // CHECK:   %[[D:.+]] = arith.addi %[[X]], %[[X]] : i32
  // CHECK:   scf.yield %[[D]] : i32
  // CHECK: }
  // CHECK: return %[[R]] : i32
  if %c {
    return %x : tile<i32>
  }
  %d = addi %x, %x : tile<i32>
  return %d : tile<i32>
}

}
