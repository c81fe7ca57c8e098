// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// A view whose result layout puts elements on other threads than the source
// (here lanes 0-3 hold 4 elements; the 2x2 result puts row 1 on lane 16)
// goes through shared memory: each element stored once by its owner at its
// row-major offset, loaded at the same offset in the result shape.
#S = #nv_tileas.linear<{register = [], lane = [(1), (2), (0), (0), (0)], warp = [(0), (0)]} -> {dim0 = 4}>
#D = #nv_tileas.linear<{register = [], lane = [(0, 1), (0, 0), (0, 0), (0, 0), (1, 0)], warp = [(0, 0), (0, 0)]} -> {dim0 = 2, dim1 = 2}>
// CHECK: llvm.mlir.global internal @tilecc_scratch() {{.*}} : !llvm.array<16 x i8>
// CHECK-LABEL: llvm.func @view
// CHECK: nvvm.barrier0
// CHECK: "@$2 st.shared.b32 [$0], $1;"
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> i32
nv_tileaa.func @view(%t: tensor<4xi32, #S>) -> tensor<2x2xi32, #D> {
  %r = nv_tileas.view %t : tensor<4xi32, #S> to tensor<2x2xi32, #D>
  nv_tileaa.return %r : tensor<2x2xi32, #D>
}
