//===- Float.cpp - IEEE and narrow float helpers --------------------------===//
//
// Directed roundings and narrow formats go through llvm::APFloat, which
// implements IEEE-754 rounding exactly; round-to-nearest f32/f64 arithmetic
// uses the host FPU, which is IEEE-754 as well.
//
//===----------------------------------------------------------------------===//
#include "PTXEmu/Float.h"

#include "llvm/ADT/APFloat.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace tilecc::ptxemu;
using llvm::APFloat;

static const llvm::fltSemantics &sem(FFmt f) {
  switch (f) {
  case FFmt::F16: return APFloat::IEEEhalf();
  case FFmt::BF16: return APFloat::BFloat();
  case FFmt::TF32: return APFloat::FloatTF32();
  case FFmt::E4M3: return APFloat::Float8E4M3FN();
  case FFmt::E5M2: return APFloat::Float8E5M2();
  case FFmt::E2M1: return APFloat::Float4E2M1FN();
  case FFmt::UE8M0: return APFloat::Float8E8M0FNU();
  case FFmt::F32: return APFloat::IEEEsingle();
  case FFmt::F64: return APFloat::IEEEdouble();
  }
  return APFloat::IEEEdouble();
}

static APFloat::roundingMode mode(Rnd r) {
  switch (r) {
  case Rnd::RZ: case Rnd::RZI: return APFloat::rmTowardZero;
  case Rnd::RM: case Rnd::RMI: return APFloat::rmTowardNegative;
  case Rnd::RP: case Rnd::RPI: return APFloat::rmTowardPositive;
  case Rnd::RNA: return APFloat::rmNearestTiesToAway;
  default: return APFloat::rmNearestTiesToEven;
  }
}

static bool isRN(Rnd r) { return r == Rnd::None || r == Rnd::RN; }

uint64_t tilecc::ptxemu::roundTo(double v, FFmt fmt, Rnd r, bool satfinite) {
  if (fmt == FFmt::F64) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
  if (fmt == FFmt::UE8M0) {
    if (std::isnan(v))
      return 0xff;
    double m = std::fabs(v);
    if (std::isinf(m))
      return satfinite ? 0xfe : 0xff;
    if (m == 0)
      return 0x00;
    int e = std::ilogb(m);
    if (r == Rnd::RP && std::ldexp(1.0, e) != m)
      ++e;
    return uint64_t(std::clamp(e, -127, 127) + 127);
  }
  if (std::isnan(v)) {
    switch (fmt) {
    case FFmt::E2M1: return 0x7;
    case FFmt::F16: return 0x7fff;
    case FFmt::BF16: return 0x7fff;
    case FFmt::E4M3: return 0x7f;
    case FFmt::E5M2: return 0x7f;
    default: return 0x7fffffff;
    }
  }
  APFloat x(v);
  bool loses;
  const llvm::fltSemantics &s = sem(fmt);
  if (satfinite) {
    APFloat big = APFloat::getLargest(s, false);
    big.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &loses);
    double m = big.convertToDouble();
    if (v > m)
      x = APFloat(m);
    else if (v < -m)
      x = APFloat(-m);
  }
  x.convert(s, mode(r), &loses);
  if (fmt == FFmt::E4M3 && x.isNaN())
    return 0x7f; // overflow without satfinite
  uint64_t bits = x.bitcastToAPInt().getZExtValue();
  // A .tf32 value is an f32 bit pattern whose low 13 mantissa bits are zero.
  return fmt == FFmt::TF32 ? bits << 13 : bits;
}

uint64_t tilecc::ptxemu::intToFloat(uint64_t v, bool isSigned, FFmt fmt, Rnd r) {
  const llvm::fltSemantics &s = fmt == FFmt::F64 ? APFloat::IEEEdouble() : sem(fmt);
  APFloat x(s);
  x.convertFromAPInt(llvm::APInt(64, v), isSigned, mode(r));
  uint64_t bits = x.bitcastToAPInt().getZExtValue();
  return fmt == FFmt::TF32 ? bits << 13 : bits;
}

double tilecc::ptxemu::widen(uint64_t bits, FFmt fmt) {
  if (fmt == FFmt::UE8M0)
    return (bits & 0xff) == 0xff ? std::nan("")
                                 : std::ldexp(1.0, int(bits & 0xff) - 127);
  unsigned width = fmt == FFmt::F16 || fmt == FFmt::BF16 ? 16
                   : fmt == FFmt::E4M3 || fmt == FFmt::E5M2 ? 8
                   : fmt == FFmt::E2M1 ? 4
                   : fmt == FFmt::TF32 ? 19 : fmt == FFmt::F32 ? 32 : 64;
  if (fmt == FFmt::TF32) {
    float f;
    uint32_t u = uint32_t(bits);
    std::memcpy(&f, &u, 4);
    return f;
  }
  APFloat x(sem(fmt), llvm::APInt(width, bits));
  bool loses;
  x.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &loses);
  return x.convertToDouble();
}

template <typename T> static T apOp(T a, T b, Rnd r, int op) {
  APFloat x(a), y(b);
  switch (op) {
  case 0: x.add(y, mode(r)); break;
  case 1: x.multiply(y, mode(r)); break;
  case 2: x.divide(y, mode(r)); break;
  }
  if constexpr (sizeof(T) == 4)
    return x.convertToFloat();
  else
    return x.convertToDouble();
}

float tilecc::ptxemu::addF32(float a, float b, Rnd r) {
  return isRN(r) ? a + b : apOp(a, b, r, 0);
}
float tilecc::ptxemu::mulF32(float a, float b, Rnd r) {
  return isRN(r) ? a * b : apOp(a, b, r, 1);
}
float tilecc::ptxemu::divF32(float a, float b, Rnd r) {
  return isRN(r) ? a / b : apOp(a, b, r, 2);
}
double tilecc::ptxemu::addF64(double a, double b, Rnd r) {
  return isRN(r) ? a + b : apOp(a, b, r, 0);
}
double tilecc::ptxemu::mulF64(double a, double b, Rnd r) {
  return isRN(r) ? a * b : apOp(a, b, r, 1);
}
double tilecc::ptxemu::divF64(double a, double b, Rnd r) {
  return isRN(r) ? a / b : apOp(a, b, r, 2);
}
float tilecc::ptxemu::fmaF32(float a, float b, float c, Rnd r) {
  if (isRN(r))
    return std::fma(a, b, c);
  APFloat x(a);
  x.fusedMultiplyAdd(APFloat(b), APFloat(c), mode(r));
  return x.convertToFloat();
}
double tilecc::ptxemu::fmaF64(double a, double b, double c, Rnd r) {
  if (isRN(r))
    return std::fma(a, b, c);
  APFloat x(a);
  x.fusedMultiplyAdd(APFloat(b), APFloat(c), mode(r));
  return x.convertToDouble();
}

// Correctly rounded sqrt in a directed mode: nudge the nearest result by one
// ulp when its exact residual shows it lies on the wrong side.
template <typename T> static T directedSqrt(T a, Rnd r) {
  T s = std::sqrt(a);
  if (isRN(r) || !std::isfinite(s) || s == 0)
    return s;
  T resid = std::fma(s, s, -a); // s*s - a, exact sign
  bool down = r == Rnd::RZ || r == Rnd::RM;
  if (down && resid > 0)
    return std::nextafter(s, T(0));
  if (!down && resid < 0)
    return std::nextafter(s, T(INFINITY));
  return s;
}

float tilecc::ptxemu::sqrtF32(float a, Rnd r) { return directedSqrt(a, r); }
double tilecc::ptxemu::sqrtF64(double a, Rnd r) { return directedSqrt(a, r); }

float tilecc::ptxemu::ftz32(float f) {
  if (std::fpclassify(f) == FP_SUBNORMAL)
    return std::signbit(f) ? -0.0f : 0.0f;
  return f;
}

uint32_t tilecc::ptxemu::canonF32(float f) {
  if (std::isnan(f))
    return 0x7fffffffu;
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

double tilecc::ptxemu::roundIntegral(double v, Rnd r) {
  switch (r) {
  case Rnd::RZI: case Rnd::RZ: return std::trunc(v);
  case Rnd::RMI: case Rnd::RM: return std::floor(v);
  case Rnd::RPI: case Rnd::RP: return std::ceil(v);
  case Rnd::RNA: return std::round(v);
  default: return std::nearbyint(v); // host default mode is ties-to-even
  }
}
