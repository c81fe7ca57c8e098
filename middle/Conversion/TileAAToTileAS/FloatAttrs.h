//===- FloatAttrs.h - nv_tileaa float attributes in arith form --*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEAATOTILEAS_FLOATATTRS_H
#define TILECC_CONVERSION_TILEAATOTILEAS_FLOATATTRS_H

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::tilecc {

/// The arith fast-math flags that express an nv_tileaa rounding mode on an
/// arithmetic op: IEEE rounding (nearest-even, full) needs none, `approx`
/// allows approximate functions. Directed rounding has no arith form.
inline FailureOr<arith::FastMathFlags>
fastMathForRounding(std::optional<nv_tileaa::RoundingMode> mode) {
  if (!mode || *mode == nv_tileaa::RoundingMode::NearestEven ||
      *mode == nv_tileaa::RoundingMode::Full)
    return arith::FastMathFlags::none;
  if (*mode == nv_tileaa::RoundingMode::Approx)
    return arith::FastMathFlags::afn;
  return failure();
}

/// The arith rounding mode of a float conversion (nullopt: default).
inline FailureOr<std::optional<arith::RoundingMode>>
arithRounding(std::optional<nv_tileaa::RoundingMode> mode) {
  using RM = nv_tileaa::RoundingMode;
  if (!mode || *mode == RM::Full || *mode == RM::Approx)
    return std::optional<arith::RoundingMode>();
  switch (*mode) {
  case RM::NearestEven:
    return std::optional(arith::RoundingMode::to_nearest_even);
  case RM::Zero:
    return std::optional(arith::RoundingMode::toward_zero);
  case RM::NegativeInf:
    return std::optional(arith::RoundingMode::downward);
  case RM::PositiveInf:
    return std::optional(arith::RoundingMode::upward);
  default:
    return failure();
  }
}

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEAATOTILEAS_FLOATATTRS_H
