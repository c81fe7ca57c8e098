//===- PoisonTypeConversion.h - ub.poison across a type conversion -*- C++ -*-===//
//
// Loop exits pass ub.poison for the values they do not produce. Each dialect
// conversion that changes those values' types (cuda_tile -> nv_tileaa,
// nv_tileaa -> nv_tileas) changes the poison's type with this one pattern.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_POISONTYPECONVERSION_H
#define TILECC_CONVERSION_POISONTYPECONVERSION_H

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::tilecc {

/// ub.poison of a type the converter changes: poison of the converted type.
struct PoisonTypeConversion : OpConversionPattern<ub::PoisonOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ub::PoisonOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible type");
    rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, type);
    return success();
  }
};

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_POISONTYPECONVERSION_H
