// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm %s | FileCheck %s

// A truncf to f16/bf16 rounding toward zero or an infinity (how directed
// f16/bf16 arithmetic ends) is one PTX cvt with that rounding; the upstream
// constrained fptrunc would reach PTX as cvt.rn. Nearest-even is left to it.
// CHECK-LABEL: llvm.func internal @trunc
// CHECK: %[[Z:.*]] = llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %arg0 : (f32) -> i16
// CHECK: llvm.bitcast %[[Z]] : i16 to f16
// CHECK: %[[M:.*]] = llvm.inline_asm asm_dialect = att "cvt.rm.bf16.f32 $0, $1;", "=h,f" %arg0 : (f32) -> i16
// CHECK: llvm.bitcast %[[M]] : i16 to bf16
// CHECK: %[[P:.*]] = llvm.inline_asm asm_dialect = att "cvt.rp.f16.f64 $0, $1;", "=h,d" %arg1 : (f64) -> i16
// CHECK: llvm.bitcast %[[P]] : i16 to f16
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg0 tonearest
nv_tileaa.func private @trunc(%a: f32, %d: f64) -> f16 {
  %0 = arith.truncf %a toward_zero : f32 to f16
  %1 = arith.truncf %a downward : f32 to bf16
  %2 = arith.truncf %d upward : f64 to f16
  %3 = arith.truncf %a to_nearest_even : f32 to f16
  nv_tileaa.return %0 : f16
}
