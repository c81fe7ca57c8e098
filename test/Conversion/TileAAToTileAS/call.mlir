// A call of a device function (private nv_tileaa.func) with scalar and
// pointer operands belongs to the function boundary like func and return:
// it stays nv_tileaa.call while both bodies are converted.
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func private @scale
// CHECK: arith.mulf
// CHECK: nv_tileas.store
// CHECK-LABEL: nv_tileaa.func @kern
// CHECK-SAME: (%[[PX:[^:]*]]: !nv_tileaa.ptr<f32, 1>, %{{[^:]*}}: !nv_tileaa.ptr<f32, 1>, %[[X:[^:]*]]: f32)
// CHECK: %[[C3:.*]] = arith.constant 3 : i32
// CHECK: %[[Y:.*]] = nv_tileaa.call @scale(%[[PX]], %[[X]], %[[C3]]) : (!nv_tileaa.ptr<f32, 1>, f32, i32) -> f32
// CHECK: nv_tileaa.call @noop() : () -> ()
// CHECK: arith.addf %[[Y]], %[[Y]] : f32
module {
  nv_tileaa.func private @scale(%p: !nv_tileaa.ptr<f32, 1>, %x: f32, %k: i32) -> f32 {
    %kf = arith.sitofp %k : i32 to f32
    %y = nv_tileaa.mulf %x, %kf : f32
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %t1 = nv_tileaa.store %p, %y, %tk : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return %y : f32
  }
  nv_tileaa.func private @noop() {
    nv_tileaa.return
  }
  nv_tileaa.func @kern(%px: !nv_tileaa.ptr<f32, 1>, %po: !nv_tileaa.ptr<f32, 1>, %x: f32) attributes {cute.kernel, nv_tileaa.kernel_spec = #nv_tileaa.kernel_spec<numWarps = 1>} {
    %c3 = arith.constant 3 : i32
    %y = nv_tileaa.call @scale(%px, %x, %c3) : (!nv_tileaa.ptr<f32, 1>, f32, i32) -> f32
    nv_tileaa.call @noop() : () -> ()
    %tk = nv_tileaa.create_mem_token : !nv_tileaa.mem_token
    %z = nv_tileaa.addf %y, %y : f32
    %t1 = nv_tileaa.store %po, %z, %tk : !nv_tileaa.ptr<f32, 1>, f32, !nv_tileaa.mem_token -> !nv_tileaa.mem_token
    nv_tileaa.return
  }
}
