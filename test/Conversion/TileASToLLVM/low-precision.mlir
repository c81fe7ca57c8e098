// Conversions into and out of the narrow float types: hardware cvt where the
// target has it, an exact integer sequence elsewhere.
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_100 --convert-tileas-to-llvm="arch=sm_100" --split-input-file %s | FileCheck %s --check-prefix=SM100
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_90 --convert-tileas-to-llvm="arch=sm_90" --split-input-file %s | FileCheck %s --check-prefix=SM90
// RUN: tilecc-opt --tileas-plan-memory=arch=sm_80 --convert-tileas-to-llvm="arch=sm_80" --split-input-file %s | FileCheck %s --check-prefix=SM80

#L = #nv_tileas.linear<{register = [(32)], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 64}>
// Narrow tiles are structs of integer registers of their width.
// SM100-LABEL: llvm.func @f8(
// SM100-SAME: !llvm.struct<(i8, i8)>
// SM100-COUNT-2: "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f"
// SM100-COUNT-2: "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h"
// SM90-LABEL: llvm.func @f8(
// SM90-COUNT-2: cvt.rn.satfinite.e4m3x2.f32
// SM90-COUNT-2: cvt.rn.f16x2.e5m2x2
// sm_80 has no f8 cvt: round the f32 mantissa to nearest even (normal range),
// count subnormal units with roundeven, saturate with a select.
// SM80-LABEL: llvm.func @f8(
// SM80-NOT: inline_asm
// SM80: llvm.intr.roundeven
// SM80: llvm.icmp "ugt"
// SM80: llvm.trunc {{.*}} : i32 to i8
// SM80: llvm.uitofp {{.*}} : i32 to f32
// SM80: llvm.fmul
nv_tileaa.func @f8(%a: tensor<64xf32, #L>, %q: tensor<64xf8E5M2, #L>) {
  %0 = arith.truncf %a : tensor<64xf32, #L> to tensor<64xf8E4M3FN, #L>
  %1 = arith.extf %q : tensor<64xf8E5M2, #L> to tensor<64xf32, #L>
  nv_tileaa.return
}

// -----

// f4E2M1FN and f8E8M0FNU have cvt only on sm_100a-class targets; the
// e8m0 rounding direction comes from truncf's rounding mode.
// SM100-LABEL: llvm.func @fp4_e8m0(
// SM100: cvt.rn.satfinite.e2m1x2.f32
// SM100: llvm.trunc {{.*}} : i16 to i4
// SM100: "cvt.rz.satfinite.ue8m0x2.f32 $0, $1, $2;"
// SM100: "cvt.rp.satfinite.ue8m0x2.f32 $0, $1, $2;"
// SM100: cvt.rn.f16x2.e2m1x2
// SM100: "cvt.rn.bf16x2.ue8m0x2 $0, $1;"
// SM90-LABEL: llvm.func @fp4_e8m0(
// SM90-NOT: e2m1x2
// SM90-NOT: ue8m0x2
// SM90: llvm.return
#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>
nv_tileaa.func @fp4_e8m0(%a: tensor<32xf32, #L>, %f: tensor<32xf4E2M1FN, #L>, %s: tensor<32xf8E8M0FNU, #L>) {
  %0 = arith.truncf %a : tensor<32xf32, #L> to tensor<32xf4E2M1FN, #L>
  %1 = arith.truncf %a toward_zero : tensor<32xf32, #L> to tensor<32xf8E8M0FNU, #L>
  %2 = arith.truncf %a upward : tensor<32xf32, #L> to tensor<32xf8E8M0FNU, #L>
  %3 = arith.extf %f : tensor<32xf4E2M1FN, #L> to tensor<32xf32, #L>
  %4 = arith.extf %s : tensor<32xf8E8M0FNU, #L> to tensor<32xf32, #L>
  nv_tileaa.return
}

// -----

// An f64 source is narrowed to f32 by rounding to odd (toward zero, the last
// bit set when inexact), so the second rounding is the only one that counts.
// SM100-LABEL: llvm.func @from_f64(
// SM100: "cvt.rz.f32.f64 $0, $1;", "=f,d"
// SM100: llvm.fpext {{.*}} : f32 to f64
// SM100: llvm.fcmp "une"
// SM100: llvm.or
// SM100: cvt.rn.satfinite.e4m3x2.f32
// Integers go through f32 (exact below 2^24; larger ones saturate anyway),
// and back out of a narrow type through f32 and the ordinary fptosi.
// SM100: llvm.sitofp {{.*}} : i32 to f32
// SM100: cvt.rn.satfinite.e5m2x2.f32
// SM100: cvt.rn.f16x2.e4m3x2
// SM100: llvm.fptoui {{.*}} : f32 to i16
#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>
nv_tileaa.func @from_f64(%d: tensor<32xf64, #L>, %i: tensor<32xi32, #L>, %q: tensor<32xf8E4M3FN, #L>) {
  %0 = arith.truncf %d : tensor<32xf64, #L> to tensor<32xf8E4M3FN, #L>
  %1 = arith.sitofp %i : tensor<32xi32, #L> to tensor<32xf8E5M2, #L>
  %2 = arith.fptoui %q : tensor<32xf8E4M3FN, #L> to tensor<32xi16, #L>
  nv_tileaa.return
}

// -----

// Scalars (0-d tiles) and narrow constants, which become integer constants
// of their bits (0x40 is f8E4M3FN 2.0).
// SM100-LABEL: llvm.func @scalar(
// SM100: llvm.mlir.constant(64 : i8) : i8
// SM100: cvt.rn.f16x2.e4m3x2
// SM100: cvt.rn.satfinite.e4m3x2.f32
nv_tileaa.func @scalar(%x: f32) {
  %c = arith.constant 2.0 : f8E4M3FN
  %0 = arith.extf %c : f8E4M3FN to f32
  %1 = arith.truncf %x : f32 to f8E4M3FN
  nv_tileaa.return
}

// -----

// tf32 registers hold the f32 pattern: cvt.rn.tf32.f32 from sm_90; on sm_80
// the mantissa is rounded to 10 bits (nearest even) with integer ops. An
// integer source is narrowed to f32 toward zero with a sticky bit first.
// SM90-LABEL: llvm.func @tf32(
// SM90-SAME: !llvm.struct<(i32)>
// SM90: "cvt.rn.tf32.f32 $0, $1;", "=r,f"
// SM90: "cvt.rz.f32.s32 $0, $1;", "=f,r"
// SM90: llvm.fptosi {{.*}} : f32 to i32
// SM90: llvm.icmp "ne"
// SM80-LABEL: llvm.func @tf32(
// SM80-NOT: cvt.rn.tf32
// SM80: llvm.mlir.constant(4095 : i32)
// SM80: llvm.mlir.constant(-8192 : i32)
#L = #nv_tileas.linear<{register = [], lane = [(1), (2), (4), (8), (16)], warp = []} -> {dim0 = 32}>
nv_tileaa.func @tf32(%a: tensor<32xf32, #L>, %i: tensor<32xi32, #L>, %t: tensor<32xtf32, #L>) {
  %0 = arith.truncf %a : tensor<32xf32, #L> to tensor<32xtf32, #L>
  %1 = arith.sitofp %i : tensor<32xi32, #L> to tensor<32xtf32, #L>
  %2 = arith.extf %t : tensor<32xtf32, #L> to tensor<32xf32, #L>
  nv_tileaa.return
}
