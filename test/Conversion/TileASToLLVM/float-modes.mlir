// RUN: tilecc-opt --tileas-plan-memory --convert-tileas-to-llvm --split-input-file --verify-diagnostics %s | FileCheck %s

// Directed rounding and flush_to_zero become the NVVM intrinsics that
// perform them; sub is add of the negated operand; sqrt is always correctly
// rounded (sqrt.rn), never libdevice's reflection-dependent sqrtf.
// CHECK-LABEL: llvm.func internal @directed
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.rz.f"(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: %[[NEG:.*]] = llvm.fneg %arg1 : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rp.f"(%arg0, %[[NEG]]) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.mul.rm.d"(%arg2, %arg2) : (f64, f64) -> f64
// CHECK: llvm.call_intrinsic "llvm.nvvm.fma.rz.ftz.f"(%arg0, %arg1, %arg0) : (f32, f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.add.rn.ftz.f"(%arg0, %arg1) : (f32, f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rp.f"(%arg0) : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.rn.f"(%arg0) : (f32) -> f32
// CHECK-NOT: __nv_sqrtf
nv_tileaa.func private @directed(%a: f32, %b: f32, %d: f64) -> f32 {
  %0 = arith.divf %a, %b {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode zero>} : f32
  %1 = arith.subf %a, %b {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : f32
  %2 = arith.mulf %d, %d {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode negative_inf>} : f64
  %3 = math.fma %a, %b, %a {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode zero>, nv_tileaa.flush_to_zero} : f32
  %4 = arith.addf %a, %b {nv_tileaa.flush_to_zero} : f32
  %5 = math.sqrt %a {nv_tileaa.rounding_mode = #nv_tileaa<rounding_mode positive_inf>} : f32
  %6 = math.sqrt %a : f32
  nv_tileaa.return %6 : f32
}

// -----

// rounding<approx> (afn) allows the approximate instructions, in f32 only;
// flush_to_zero picks the .ftz forms of exp2, rsqrt, max and min.
// CHECK-LABEL: llvm.func internal @approx
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.div.approx.ftz.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%arg0)
// CHECK: %[[LOG2E:.*]] = llvm.mlir.constant(1.44269502 : f32) : f32
// CHECK: %[[SCALED:.*]] = llvm.fmul %arg0, %[[LOG2E]] : f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%[[SCALED]])
// CHECK: llvm.inline_asm asm_dialect = att "tanh.approx.f32 $0, $1;", "=f,f" %arg0 : (f32) -> f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.rsqrt.approx.ftz.f"(%arg0)
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmax.ftz.nan.f"(%arg0, %arg1)
// CHECK: llvm.call_intrinsic "llvm.nvvm.fmin.ftz.f"(%arg0, %arg1)
// CHECK: llvm.call @__nv_exp(%arg2)
nv_tileaa.func private @approx(%a: f32, %b: f32, %d: f64) -> f64 {
  %0 = arith.divf %a, %b fastmath<afn> : f32
  %1 = arith.divf %a, %b fastmath<afn> {nv_tileaa.flush_to_zero} : f32
  %2 = math.sqrt %a fastmath<afn> : f32
  %3 = math.exp %a fastmath<afn> : f32
  %4 = math.tanh %a fastmath<afn> : f32
  %5 = math.exp2 %a {nv_tileaa.flush_to_zero} : f32
  %6 = math.rsqrt %a {nv_tileaa.flush_to_zero} : f32
  %7 = arith.maximumf %a, %b {nv_tileaa.flush_to_zero} : f32
  %8 = arith.minnumf %a, %b {nv_tileaa.flush_to_zero} : f32
  %9 = math.exp %d fastmath<afn> : f64
  nv_tileaa.return %9 : f64
}

