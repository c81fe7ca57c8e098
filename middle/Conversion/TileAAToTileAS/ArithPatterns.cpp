//===- ArithPatterns.cpp - populator 1: nv_tileaa arithmetic to arith -----===//
//
// Runs first so that combiner bodies (reduce, scan) are already in arith form
// when the core populator moves them (seed 004).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/FloatAttrs.h"
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

/// Binary float op -> the arith op of the same name; approx becomes
/// fast-math flags, directed rounding and flush_to_zero stay as attributes.
template <typename SrcOp, typename DstOp>
struct FloatBinaryPattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkDirectedRounding(op, op.getRoundingMode())))
      return failure();
    auto mode = op.getRoundingMode();
    Value result = buildFloatOp(
        rewriter, op, mode, {adaptor.getLhs(), adaptor.getRhs()},
        [&](ValueRange args) {
          return DstOp::create(rewriter, op.getLoc(), args[0], args[1],
                               fastMathForAnyRounding(mode));
        });
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct BitcastPattern : OpConversionPattern<nv_tileaa::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::BitcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !arith::BitcastOp::areCastCompatible(
                     TypeRange(adaptor.getSrc().getType()), TypeRange(type)))
      return rewriter.notifyMatchFailure(op, "not an arith bitcast");
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, adaptor.getSrc());
    return success();
  }
};

/// Upper half of the unsigned double-width product.
struct MulhiUIPattern : OpConversionPattern<nv_tileaa::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MulhiUIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto product = arith::MulUIExtendedOp::create(
        rewriter, op.getLoc(), adaptor.getLhs(), adaptor.getRhs());
    rewriter.replaceOp(op, product.getHigh());
    return success();
  }
};

/// clamp(x, lo, hi) = min(max(x, lo), hi); NaN-propagating when asked.
struct ClampFPattern : OpConversionPattern<nv_tileaa::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ClampFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool propagate = op.getPropagateNan() == nv_tileaa::PropagateNan::All;
    Value result;
    if (propagate) {
      Value lower = arith::MaximumFOp::create(rewriter, loc, adaptor.getX(),
                                              adaptor.getLo());
      result = arith::MinimumFOp::create(rewriter, loc, lower, adaptor.getHi());
    } else {
      Value lower = arith::MaxNumFOp::create(rewriter, loc, adaptor.getX(),
                                             adaptor.getLo());
      result = arith::MinNumFOp::create(rewriter, loc, lower, adaptor.getHi());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// fp_to_fp widens with extf and narrows with truncf (rounding mapped);
/// equal widths of different formats go through f32.
struct FpToFpPattern : OpConversionPattern<nv_tileaa::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<std::optional<arith::RoundingMode>> rounding =
        arithRounding(op.getRoundingMode());
    if (failed(rounding))
      return rewriter.notifyMatchFailure(op, "unsupported rounding mode");
    Location loc = op.getLoc();
    Value src = adaptor.getSrc();
    Type dstType = op.getType();
    auto srcElem = cast<FloatType>(getElementTypeOrSelf(src.getType()));
    auto dstElem = cast<FloatType>(getElementTypeOrSelf(dstType));
    auto truncTo = [&](Value value, Type type) -> Value {
      auto trunc = arith::TruncFOp::create(rewriter, loc, type, value);
      if (*rounding)
        trunc.setRoundingmodeAttr(
            arith::RoundingModeAttr::get(getContext(), **rounding));
      return trunc;
    };
    Value result;
    if (srcElem == dstElem) {
      result = src;
    } else if (srcElem.getWidth() < dstElem.getWidth()) {
      result = arith::ExtFOp::create(rewriter, loc, dstType, src);
    } else if (srcElem.getWidth() > dstElem.getWidth()) {
      result = truncTo(src, dstType);
    } else {
      Type wide = rewriter.getF32Type();
      if (auto shaped = dyn_cast<ShapedType>(dstType))
        wide = shaped.clone(wide);
      result = truncTo(arith::ExtFOp::create(rewriter, loc, wide, src), dstType);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAArithToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FloatBinaryPattern<nv_tileaa::AddFOp, arith::AddFOp>,
               FloatBinaryPattern<nv_tileaa::SubFOp, arith::SubFOp>,
               FloatBinaryPattern<nv_tileaa::MulFOp, arith::MulFOp>,
               FloatBinaryPattern<nv_tileaa::DivFOp, arith::DivFOp>,
               BitcastPattern, MulhiUIPattern, ClampFPattern, FpToFpPattern>(
      converter, ctx);
}
