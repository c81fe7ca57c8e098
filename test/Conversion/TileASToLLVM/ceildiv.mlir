// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s
// Unsigned ceil divisions (index-space sizes of tiled views) are expanded to
// plain integer arithmetic before the LLVM conversion, which has no pattern
// for them: a == 0 ? 0 : (a - 1) / b + 1.
// CHECK-LABEL: llvm.func @k
// CHECK-NOT: ceildivui
// CHECK: llvm.icmp "eq"
// CHECK: llvm.sub
// CHECK: llvm.udiv
// CHECK: llvm.add
// CHECK: llvm.select
nv_tileaa.func @k(%n: i32, %p: !nv_tileaa.ptr<i32, 1>) attributes {cute.kernel} {
  %c64 = arith.constant 64 : i32
  %q = arith.ceildivui %n, %c64 : i32
  nv_tileas.store %q, %p {atom = #nv_tileas.copy_atom<stg, 32>} : i32, !nv_tileaa.ptr<i32, 1>
  nv_tileaa.return
}
