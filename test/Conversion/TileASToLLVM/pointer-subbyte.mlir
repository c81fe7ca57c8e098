// RUN: tilecc-opt --tileas-assign-layouts --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// An element offset of a pointer to f4E2M1FN (two per byte) advances
// offset / 2 bytes: an arithmetic shift, then a byte step. A byte offset
// (`bytes`) and a whole-byte pointee step as before.
// CHECK-LABEL: llvm.func internal @packed
// CHECK: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK: %[[HALF:.*]] = llvm.ashr %{{.*}}, %[[ONE]] : i32
// CHECK: llvm.getelementptr %{{.*}}[%[[HALF]]] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// CHECK-NOT: llvm.ashr
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i8
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i16
nv_tileaa.func private @packed(%p: !nv_tileaa.ptr<f4E2M1FN, 1>, %n: i32, %q: !nv_tileaa.ptr<i16, 1>) -> !nv_tileaa.ptr<f4E2M1FN, 1> {
  %a = nv_tileas.addptr %p, %n : !nv_tileaa.ptr<f4E2M1FN, 1>, i32 -> !nv_tileaa.ptr<f4E2M1FN, 1>
  %b = nv_tileas.addptr %a, %n {bytes} : !nv_tileaa.ptr<f4E2M1FN, 1>, i32 -> !nv_tileaa.ptr<f4E2M1FN, 1>
  %c = nv_tileas.addptr %q, %n : !nv_tileaa.ptr<i16, 1>, i32 -> !nv_tileaa.ptr<i16, 1>
  nv_tileaa.return %b : !nv_tileaa.ptr<f4E2M1FN, 1>
}
