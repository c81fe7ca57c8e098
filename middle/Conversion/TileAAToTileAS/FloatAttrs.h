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

/// The ops whose f32/f64 form PTX rounds in a direction: add, sub, mul,
/// div, fma, sqrt.
inline bool hasDirectedForm(Operation *op) {
  return isa<nv_tileaa::AddFOp, nv_tileaa::SubFOp, nv_tileaa::MulFOp,
             nv_tileaa::DivFOp, nv_tileaa::FmaOp, nv_tileaa::SqrtOp>(op);
}

inline bool isDirected(std::optional<nv_tileaa::RoundingMode> mode) {
  return mode && failed(fastMathForRounding(mode));
}

/// Whether `op` (with rounding `mode`) is computed in f32 and rounded back:
/// PTX has directed rounding for f32 and f64 only, but f16 and bf16 values
/// are f32 values, and rounding toward a direction first onto the finer f32
/// grid and then onto the coarser narrow grid gives the direct rounding.
inline bool stagesDirectedRounding(Operation *op,
                                   std::optional<nv_tileaa::RoundingMode> mode) {
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  return isDirected(mode) && hasDirectedForm(op) &&
         (element.isF16() || element.isBF16());
}

/// Directed rounding reaches PTX on add, sub, mul, div, fma and sqrt of f32
/// and f64, and of f16 and bf16 through f32 (stagesDirectedRounding); other
/// cases get a diagnostic (the op is left unconverted).
inline LogicalResult
checkDirectedRounding(Operation *op,
                      std::optional<nv_tileaa::RoundingMode> mode) {
  if (!isDirected(mode))
    return success();
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  if (hasDirectedForm(op) && (element.isF32() || element.isF64() ||
                              element.isF16() || element.isBF16()))
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

/// Builds the arith/math form of `op` with `build` on `operands`, carrying
/// its float modes; a staged directed rounding (stagesDirectedRounding) builds
/// it on the operands extended to f32 and truncates the result with the same
/// rounding (flush_to_zero, which PTX has for f32 only, is not carried).
template <typename BuildFn>
Value buildFloatOp(OpBuilder &b, Operation *op,
                   std::optional<nv_tileaa::RoundingMode> mode,
                   ValueRange operands, BuildFn build) {
  Location loc = op->getLoc();
  if (!stagesDirectedRounding(op, mode)) {
    Operation *newOp = build(operands);
    keepFloatModes(op, mode, newOp);
    return newOp->getResult(0);
  }
  SmallVector<Value> wide;
  for (auto [i, v] : llvm::enumerate(operands)) {
    // A repeated operand is extended once.
    auto earlier = llvm::find(operands.take_front(i), v);
    if (earlier != operands.take_front(i).end()) {
      wide.push_back(wide[earlier - operands.begin()]);
      continue;
    }
    Type f32 = b.getF32Type();
    if (auto shaped = dyn_cast<ShapedType>(v.getType()))
      f32 = shaped.clone(f32);
    wide.push_back(arith::ExtFOp::create(b, loc, f32, v));
  }
  Operation *newOp = build(ValueRange(wide));
  newOp->setAttr(kRoundingModeAttrName,
                 nv_tileaa::RoundingModeAttr::get(b.getContext(), *mode));
  auto trunc = arith::TruncFOp::create(b, loc, op->getResult(0).getType(),
                                       newOp->getResult(0));
  FailureOr<std::optional<arith::RoundingMode>> rounding = arithRounding(mode);
  trunc.setRoundingmodeAttr(
      arith::RoundingModeAttr::get(b.getContext(), **rounding));
  return trunc;
}

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEAATOTILEAS_FLOATATTRS_H
