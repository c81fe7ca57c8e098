//===- LowPrecision.cpp - conversions into the narrow float types ---------===//
#include "Interp/LowPrecision.h"

#include "Interp/Tile.h"

#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <climits>

using namespace mlir;
using llvm::APFloat;
using llvm::RoundingMode;

bool tilecc::interp::isSaturatingFloat(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float4E2M1FNType>(type);
}

/// f8E8M0FNU: the exponent of |value| rounded down (toward zero) or up.
static uint64_t roundToE8M0(APFloat value, RoundingMode mode) {
  if (value.isNaN())
    return 0xFF;
  value.clearSign();
  if (value.isInfinity())
    return 0xFE;
  if (value.isZero())
    return 0x00;
  int exponent = ilogb(value);
  if (mode == RoundingMode::TowardPositive && value.getExactLog2Abs() == INT_MIN)
    ++exponent;
  exponent = std::clamp(exponent, -127, 127);
  return static_cast<uint64_t>(exponent + 127);
}

uint64_t tilecc::interp::roundToFloat(const APFloat &value, Type to,
                                      RoundingMode mode) {
  if (isa<Float8E8M0FNUType>(to))
    return roundToE8M0(value, mode);
  const llvm::fltSemantics &semantics = getSemantics(to);
  bool saturate = isSaturatingFloat(to);
  if (saturate && value.isNaN())
    return isa<Float4E2M1FNType>(to)
               ? fromAPFloat(APFloat::getLargest(semantics))
               : 0x7F;
  // A NaN is made anew: converting one whose format has no payload bits
  // (f8E8M0FNU) would otherwise come out as an infinity.
  if (value.isNaN())
    return fromAPFloat(APFloat::getNaN(semantics));
  APFloat result = value;
  bool lost;
  result.convert(semantics, mode, &lost);
  if (saturate && !result.isFinite())
    return fromAPFloat(APFloat::getLargest(semantics, value.isNegative()));
  return fromAPFloat(result);
}

uint64_t tilecc::interp::intToFloat(const llvm::APInt &value, bool isSigned,
                                    Type to) {
  const llvm::fltSemantics &semantics = getSemantics(to);
  APFloat result(semantics);
  result.convertFromAPInt(value, isSigned, RoundingMode::NearestTiesToEven);
  if (isSaturatingFloat(to) && !result.isFinite())
    return fromAPFloat(APFloat::getLargest(
        semantics, isSigned && value.isNegative()));
  return fromAPFloat(result);
}
