// A return nested in a loop body: the loop (a for first becomes a loop)
// leaves by a break carrying a returned flag and the function's results,
// and an if after it returns them.
// RUN: tilecc-opt --convert-cuda-tile-to-tileaa %s | FileCheck %s

cuda_tile.module @ret {
  // The for becomes a loop carrying the induction variable; its results are
  // the for's (none), the flag, the function's results (none).
  // CHECK-LABEL: nv_tileaa.func @in_for(
  // CHECK-SAME: %[[C:.*]]: i1, %[[N:.*]]: i32)
  // CHECK: %[[W:.*]]:2 = scf.while (%[[IV:.*]] = %{{.*}}) : (i32) -> (i32, i1) {
  // CHECK-NEXT: %[[DONE:.*]] = arith.cmpi sge, %[[IV]], %[[N]] : i32
  // CHECK-NEXT: scf.if %[[DONE]] -> (i1, i32, i1) {
  // The for's end: no continue, flag false.
  // CHECK: scf.yield %false{{.*}}, %{{.*}}, %false
  // CHECK: scf.if %[[C]] -> (i1, i32, i1) {
  // The return: no continue, flag true.
  // CHECK: scf.yield %false, %{{.*}}, %true : i1, i32, i1
  // CHECK: } else {
  // CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %{{.*}} : i32
  // CHECK: scf.yield %true, %[[NEXT]], %{{.*}} : i1, i32, i1
  // CHECK: scf.if %[[W]]#1 {
  // CHECK: nv_tileaa.return
  testing$func @in_for(%c: tile<i1>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      if %c {
        return
      }
      continue
    }
    return
  }

  // CHECK-LABEL: nv_tileaa.func @in_for_unsigned(
  // CHECK-SAME: %[[C:.*]]: i1, %[[N:.*]]: i32, %[[X:.*]]: f32) -> f32
  // CHECK: %[[W:.*]]:5 = scf.while (%[[IV:.*]] = %{{.*}}, %[[A:.*]] = %[[X]]) : (i32, f32) -> (i32, f32, f32, i1, f32) {
  // CHECK-NEXT: arith.cmpi uge, %[[IV]], %[[N]] : i32
  // The for's end breaks with its iter value.
  // CHECK: scf.yield %false{{.*}}, %{{.*}}, %{{.*}}, %[[A]], %false, %{{.*}} : i1, i32, f32, f32, i1, f32
  // CHECK: %[[B:.*]] = arith.addf %[[A]], %[[A]] : f32
  // CHECK: scf.if %[[C]]
  // CHECK: scf.yield %false, %{{.*}}, %{{.*}}, %{{.*}}, %true, %[[B]] : i1, i32, f32, f32, i1, f32
  // CHECK: arith.addi %[[IV]], %{{.*}} : i32
  // CHECK: %[[R:.*]] = scf.if %[[W]]#3 -> (f32) {
  // CHECK-NEXT: scf.yield %[[W]]#4 : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[W]]#2 : f32
  // CHECK: nv_tileaa.return %[[R]] : f32
  testing$func @in_for_unsigned(%c: tile<i1>, %n: tile<i32>, %x: tile<f32>) -> tile<f32> {
    %c0 = constant <i32: 0> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %r = for unsigned %i in (%c0 to %n, step %c2) : tile<i32> iter_values(%a = %x) -> (tile<f32>) {
      %b = addf %a, %a : tile<f32>
      if %c {
        return %b : tile<f32>
      }
      continue %b : tile<f32>
    }
    return %r : tile<f32>
  }

  // A loop with results: its break passes false and poison, the return
  // poison for the loop's result.
  // CHECK-LABEL: nv_tileaa.func @in_loop(
  // CHECK: %[[W:.*]]:4 = scf.while (%[[K:.*]] = %{{.*}}) : (i32) -> (i32, i32, i1, i32) {
  // CHECK: %[[K1:.*]] = arith.addi %[[K]]
  // CHECK: %[[P:.*]] = ub.poison : i32
  // CHECK: scf.yield %false{{.*}}, %{{.*}}, %[[K1]], %false, %[[P]] : i1, i32, i32, i1, i32
  // CHECK: %[[P2:.*]] = ub.poison : i32
  // CHECK: scf.yield %false, %{{.*}}, %[[P2]], %true, %[[K]] : i1, i32, i32, i1, i32
  // CHECK: %[[R:.*]] = scf.if %[[W]]#2 -> (i32) {
  // CHECK-NEXT: scf.yield %[[W]]#3 : i32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[S:.*]] = arith.addi %[[W]]#1, %[[W]]#1 : i32
  // CHECK-NEXT: scf.yield %[[S]] : i32
  // CHECK: nv_tileaa.return %[[R]] : i32
  testing$func @in_loop(%c: tile<i1>, %x: tile<i32>) -> tile<i32> {
    %c1 = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%k = %x) : tile<i32> -> tile<i32> {
      %k1 = addi %k, %c1 : tile<i32>
      if %c {
        break %k1 : tile<i32>
      }
      %d = cmpi equal %k1, %c1, signed : tile<i32> -> tile<i1>
      if %d {
        return %k : tile<i32>
      }
      continue %k1 : tile<i32>
    }
    %s = addi %r, %r : tile<i32>
    return %s : tile<i32>
  }

  // Two loops deep: the inner loop breaks with the flag, the outer one
  // breaks on it in turn, and the function returns after both.
  // CHECK-LABEL: nv_tileaa.func @nested(
  // CHECK: %[[OUT:.*]]:3 = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, i1, i32) {
  // CHECK: %[[IN:.*]]:2 = scf.while : () -> (i1, i32) {
  // CHECK: scf.yield %false, %true, %[[I]] : i1, i1, i32
  // CHECK: scf.condition
  // CHECK: scf.if %[[IN]]#0 -> (i1, i32, i1, i32) {
  // CHECK: scf.yield %false, %{{.*}}, %true, %[[IN]]#1 : i1, i32, i1, i32
  // CHECK: scf.if %[[OUT]]#1 -> (i32) {
  // CHECK-NEXT: scf.yield %[[OUT]]#2 : i32
  testing$func @nested(%c: tile<i1>, %n: tile<i32>) -> tile<i32> {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    for %i in (%c0 to %n, step %c1) : tile<i32> {
      loop {
        if %c {
          if %c {
            return %i : tile<i32>
          }
          break
        }
        continue
      }
      continue
    }
    return %c0 : tile<i32>
  }
}
