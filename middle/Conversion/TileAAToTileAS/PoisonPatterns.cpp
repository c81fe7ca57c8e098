//===- PoisonPatterns.cpp - ub.poison of nv_tileaa types ------------------===//
//
// The loop lowering passes ub.poison for the values a loop exit does not
// produce (the results on a continue, the iter values on a break, the
// function results on a break out of a returning loop). Where such a value
// is a token or a view, its type changes here like every other use of it.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "mlir/Dialect/UB/IR/UBOps.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
struct PoisonPattern : OpConversionPattern<ub::PoisonOp> {
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
} // namespace

void mlir::tilecc::populateTileAAPoisonToTileASPatternsAndLegality(
    const TypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  patterns.add<PoisonPattern>(converter, patterns.getContext());
  target.addDynamicallyLegalOp<ub::PoisonOp>([&converter](ub::PoisonOp op) {
    return converter.isLegal(op.getType());
  });
}
