//===- MathPatterns.cpp - populator 2: nv_tileaa math to math -------------===//
//
// Ops with a math-dialect form map one to one (directed rounding and
// flush_to_zero kept as attributes, see FloatAttrs.h); the rest of elementwise math is
// already arith (populator 1), which is the fallback the seed describes.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/FloatAttrs.h"
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

template <typename SrcOp, typename DstOp>
struct FloatUnaryPattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDirectedRounding(op, op.getRoundingMode())))
      return failure();
    auto mode = op.getRoundingMode();
    Value result = buildFloatOp(
        rewriter, op, mode, {adaptor.getSrc()}, [&](ValueRange args) {
          return DstOp::create(rewriter, op.getLoc(), args[0],
                               fastMathForAnyRounding(mode));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct FmaPattern : OpConversionPattern<nv_tileaa::FmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::FmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDirectedRounding(op, op.getRoundingMode())))
      return failure();
    auto mode = op.getRoundingMode();
    Value result = buildFloatOp(
        rewriter, op, mode, {adaptor.getA(), adaptor.getB(), adaptor.getC()},
        [&](ValueRange args) {
          return math::FmaOp::create(rewriter, op.getLoc(), args[0], args[1],
                                     args[2], fastMathForAnyRounding(mode));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAMathToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FloatUnaryPattern<nv_tileaa::SqrtOp, math::SqrtOp>,
               FloatUnaryPattern<nv_tileaa::RsqrtOp, math::RsqrtOp>,
               FloatUnaryPattern<nv_tileaa::Exp2Op, math::Exp2Op>, FmaPattern>(
      converter, ctx);
}
