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

/// What the arith/math form of a float op cannot say travels on it as
/// discardable attributes that the LLVM lowering reads: a directed rounding
/// mode (zero, negative_inf, positive_inf) and flush_to_zero.
inline constexpr llvm::StringLiteral kRoundingModeAttrName =
    "nv_tileaa.rounding_mode";
inline constexpr llvm::StringLiteral kFlushToZeroAttrName =
    "nv_tileaa.flush_to_zero";

/// Fast-math flags for `mode`, directed rounding included (none: the mode
/// itself is kept by keepFloatModes).
inline arith::FastMathFlags
fastMathForAnyRounding(std::optional<nv_tileaa::RoundingMode> mode) {
  FailureOr<arith::FastMathFlags> fm = fastMathForRounding(mode);
  return succeeded(fm) ? *fm : arith::FastMathFlags::none;
}

/// Directed rounding reaches PTX for f32 and f64 only; other element types
/// get a diagnostic (the op is left unconverted).
inline LogicalResult
checkDirectedRounding(Operation *op,
                      std::optional<nv_tileaa::RoundingMode> mode) {
  if (!mode || succeeded(fastMathForRounding(mode)))
    return success();
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  if (element.isF32() || element.isF64())
    return success();
  return op->emitOpError() << "with rounding mode "
                           << nv_tileaa::stringifyRoundingMode(*mode) << " on "
                           << element << " is not supported by tilecc";
}

/// Copies the directed rounding mode and flush_to_zero of `from` (with
/// rounding `mode`) onto its arith/math replacement `to`.
inline void keepFloatModes(Operation *from,
                           std::optional<nv_tileaa::RoundingMode> mode,
                           Operation *to) {
  if (mode && failed(fastMathForRounding(mode)))
    to->setAttr(kRoundingModeAttrName,
                nv_tileaa::RoundingModeAttr::get(to->getContext(), *mode));
  if (from->hasAttr(kFlushToZeroAttrName))
    to->setAttr(kFlushToZeroAttrName, UnitAttr::get(to->getContext()));
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
