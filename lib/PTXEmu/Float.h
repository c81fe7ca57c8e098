//===- Float.h - IEEE and narrow float helpers -----------------*- C++ -*-===//
#ifndef TILECC_PTXEMU_FLOAT_H
#define TILECC_PTXEMU_FLOAT_H

#include "PTXEmu/IR.h"

#include <cstdint>

namespace tilecc::ptxemu {

// Narrow formats, stored as raw bits.
enum class FFmt : uint8_t { F16, BF16, TF32, E4M3, E5M2, E2M1, UE8M0, F32, F64 };

// Rounds `v` to `fmt` with `r` (RN when None); `satfinite` clamps overflow to
// the largest finite value (and maps +-inf there too). Returns the bits.
// E2M1 has no NaN: NaN gives +6.0 (0x7). UE8M0 (rz / rp) is the exponent of
// |v| rounded down / up and clamped to [-127, 127]; 0 gives 2^-127, NaN 0xFF,
// infinity 0xFE with .satfinite and 0xFF without.
uint64_t roundTo(double v, FFmt fmt, Rnd r, bool satfinite = false);
// Rounds an integer (signed when `isSigned`) to `fmt`.
uint64_t intToFloat(uint64_t v, bool isSigned, FFmt fmt, Rnd r);
// Exact widening of narrow bits to double.
double widen(uint64_t bits, FFmt fmt);

inline float halfToFloat(uint16_t h) { return float(widen(h, FFmt::F16)); }
inline float bf16ToFloat(uint16_t h) {
  uint32_t u = uint32_t(h) << 16;
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}

// f32/f64 arithmetic with a PTX rounding mode (RN uses the host FPU).
float addF32(float a, float b, Rnd r);
float mulF32(float a, float b, Rnd r);
float fmaF32(float a, float b, float c, Rnd r);
float divF32(float a, float b, Rnd r);
float sqrtF32(float a, Rnd r);
double addF64(double a, double b, Rnd r);
double mulF64(double a, double b, Rnd r);
double fmaF64(double a, double b, double c, Rnd r);
double divF64(double a, double b, Rnd r);
double sqrtF64(double a, Rnd r);

// Flush-to-zero of an f32 subnormal (keeps the sign).
float ftz32(float f);
// Canonical NaN results as the GPU produces them.
uint32_t canonF32(float f);
double roundIntegral(double v, Rnd r);

} // namespace tilecc::ptxemu

#endif
