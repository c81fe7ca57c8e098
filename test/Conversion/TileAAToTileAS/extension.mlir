// The per-element escape hatches move to their nv_tileas twins unchanged
// (operands, results, symbol / asm / intrinsic and flags).
// RUN: tilecc-opt %s --convert-tileaa-to-tileas | FileCheck %s

// CHECK-LABEL: nv_tileaa.func @escape
// CHECK-SAME: (%[[X:[^:]*]]: tensor<128xf32>, %[[S:[^:]*]]: f32, %[[H:[^:]*]]: f16)
// CHECK: %[[A:.*]] = nv_tileas.extern_elementwise "__nv_fmaxf"(%[[X]], %[[S]]) {libname = "libdevice", libpath = "/opt/libdevice.bc", pure} : (tensor<128xf32>, f32) -> tensor<128xf32>
// CHECK: %[[B:.*]]:2 = nv_tileas.elementwise_inline_asm "add.f32 $0, $2, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f"(%[[A]]) {pure} : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
// CHECK: nv_tileas.elementwise_inline_asm "abs.f16 $0, $1;", "=h,h"(%[[H]]) {packed_element = 2 : i32} : (f16) -> f16
// CHECK: nv_tileas.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%[[B]]#0, %[[S]]) : (tensor<128xf32>, f32) -> tensor<128xf32>
// CHECK-NOT: nv_tileaa.{{(extern_elementwise|elementwise_inline_asm|call_elementwise_intrinsic)}}
nv_tileaa.func @escape(%x: tensor<128xf32>, %s: f32, %h: f16) {
  %a = nv_tileaa.extern_elementwise "__nv_fmaxf"(%x, %s) {libname = "libdevice", libpath = "/opt/libdevice.bc", pure} : (tensor<128xf32>, f32) -> tensor<128xf32>
  %b:2 = nv_tileaa.elementwise_inline_asm "add.f32 $0, $2, $2; cvt.rzi.s32.f32 $1, $2;", "=f,=r,f"(%a) {pure} : (tensor<128xf32>) -> (tensor<128xf32>, tensor<128xi32>)
  %c = nv_tileaa.elementwise_inline_asm "abs.f16 $0, $1;", "=h,h"(%h) {packed_element = 2 : i32} : (f16) -> f16
  %d = nv_tileaa.call_elementwise_intrinsic "llvm.nvvm.fmin.f"(%b#0, %s) : (tensor<128xf32>, f32) -> tensor<128xf32>
  nv_tileaa.return
}
