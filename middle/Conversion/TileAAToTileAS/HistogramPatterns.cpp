//===- HistogramPatterns.cpp - histogram as compare and reduce ------------===//
//
// nv_tileaa.histogram counts, for every bin b of its B-element result, the
// elements of its N-element source equal to b. nv_tileas has no histogram:
// it becomes the N x B tile of (src[i] == b) (the source as a column and the
// bins as a row, both broadcast), widened to the count type and summed over
// the N axis by an nv_tileas.reduce. Sources narrower than i32 are
// sign-extended first; values outside [0, B) match no bin.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct HistogramPattern : OpConversionPattern<nv_tileaa::HistogramOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSrc().getType();
    RankedTensorType resultType = op.getType();
    int64_t n = srcType.getDimSize(0), bins = resultType.getDimSize(0);
    // Dynamic shapes are refused before the conversion (UnsupportedOps.cpp).
    if (ShapedType::isDynamic(n) || ShapedType::isDynamic(bins) ||
        bins > std::numeric_limits<int32_t>::max())
      return rewriter.notifyMatchFailure(op, "dynamic shape");
    auto srcElem = cast<IntegerType>(srcType.getElementType());
    auto countElem = cast<IntegerType>(resultType.getElementType());
    // Values compare in at least i32, so every bin index is representable.
    IntegerType keyElem = srcElem.getWidth() < 32 ? rewriter.getI32Type()
                                                  : srcElem;
    Value src = adaptor.getSrc();
    if (keyElem != srcElem)
      src = arith::ExtSIOp::create(
          rewriter, loc, RankedTensorType::get({n}, keyElem), src);

    auto grid = [&](Type elem) {
      return RankedTensorType::get({n, bins}, elem);
    };
    Value column = nv_tileas::ViewOp::create(
        rewriter, loc, RankedTensorType::get({n, 1}, keyElem), src);
    Value values =
        nv_tileas::BroadcastOp::create(rewriter, loc, grid(keyElem), column);
    Value range = nv_tileas::MakeRangeOp::create(
        rewriter, loc, RankedTensorType::get({bins}, keyElem),
        rewriter.getI32IntegerAttr(0),
        rewriter.getI32IntegerAttr(static_cast<int32_t>(bins)));
    Value row = nv_tileas::ViewOp::create(
        rewriter, loc, RankedTensorType::get({1, bins}, keyElem), range);
    Value binIds =
        nv_tileas::BroadcastOp::create(rewriter, loc, grid(keyElem), row);
    Value hits = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       values, binIds);
    Value ones = arith::ExtUIOp::create(rewriter, loc, grid(countElem), hits);

    auto onesType = cast<RankedTensorType>(ones.getType());
    NamedAttrList attrs;
    attrs.set("atom", reduceAtomFor(op, onesType, 0, "warp_shfl_xor"));
    attrs.set("axis", rewriter.getI32IntegerAttr(0));
    auto reduce = nv_tileas::ReduceOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{ones},
        attrs.getAttrs());
    Block *body = rewriter.createBlock(&reduce.getCombiner(), {},
                                       {countElem, countElem}, {loc, loc});
    Value sum = arith::AddIOp::create(rewriter, loc, body->getArgument(0),
                                      body->getArgument(1));
    nv_tileas::YieldOp::create(rewriter, loc, sum);
    rewriter.replaceOp(op, reduce->getResults());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAHistogramToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<HistogramPattern>(converter, patterns.getContext());
}
