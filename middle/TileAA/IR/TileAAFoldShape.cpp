//===- TileAAFoldShape.cpp - shape-wrapper, splat and extract rewrites ----===//
//
// Seed 000 rows: shape wrappers around splats and views, assume/select over
// splats, extract motion. Every rewrite rebuilds the original result type.
//
//===----------------------------------------------------------------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

namespace {
/// wrapper(splat(x)) -> splat(x) for view, broadcast and expand_dims: the
/// element stream is one repeated scalar whatever the shape.
template <typename WrapperT>
struct FoldWrapperOfSplat : OpRewritePattern<WrapperT> {
  using OpRewritePattern<WrapperT>::OpRewritePattern;
  LogicalResult matchAndRewrite(WrapperT op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// view(view(x)) -> view(x).
struct FuseViewChain : OpRewritePattern<ViewOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ViewOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<ViewOp>();
    if (!inner)
      return failure();
    rewriter.replaceOpWithNewOp<ViewOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

/// assume(splat(x), preds) -> splat(assume(x, preds)) when every predicate
/// holds lane by lane (a per-axis fact depends on the tile's shape).
struct PushAssumeThroughSplat : OpRewritePattern<AssumeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssumeOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getValue().getDefiningOp<SplatOp>();
    if (!splat)
      return failure();
    for (Attribute predicate : op.getPredicates()) {
      auto fact = dyn_cast<AssumePredicateAttrInterface>(predicate);
      if (!fact || !fact.isElementwise())
        return rewriter.notifyMatchFailure(op, "predicate is not elementwise");
    }
    Value scalar = AssumeOp::create(rewriter, op.getLoc(), splat.getSrc(),
                                    op.getPredicates());
    rewriter.replaceOpWithNewOp<SplatOp>(op, splat.getType(), scalar);
    return success();
  }
};

/// splat(select(c, t, f)) -> select(splat(c), splat(t), splat(f)) with one
/// result shape; only when the scalar select has no other user, so no work is
/// duplicated.
struct PushSelectThroughSplat : OpRewritePattern<SplatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SplatOp op,
                                PatternRewriter &rewriter) const override {
    auto select = op.getSrc().getDefiningOp<arith::SelectOp>();
    if (!select || !select->hasOneUse())
      return failure();
    RankedTensorType type = op.getType();
    Location loc = op.getLoc();
    Value cond = SplatOp::create(
        rewriter, loc, type.clone(rewriter.getI1Type()), select.getCondition());
    Value t = SplatOp::create(rewriter, loc, type, select.getTrueValue());
    Value f = SplatOp::create(rewriter, loc, type, select.getFalseValue());
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, cond, t, f);
    return success();
  }
};

/// extract(splat(x))[i] with a tile result -> splat(x).
struct FoldExtractOfSplat : OpRewritePattern<ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().getDefiningOp<SplatOp>();
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!splat || !type)
      return failure();
    rewriter.replaceOpWithNewOp<SplatOp>(op, type, splat.getSrc());
    return success();
  }
};

Type dropLeading(Type type, unsigned count) {
  auto tile = cast<RankedTensorType>(type);
  ArrayRef<int64_t> rest = tile.getShape().drop_front(count);
  if (rest.empty())
    return tile.getElementType();
  return RankedTensorType::get(rest, tile.getElementType());
}

/// extract(f(a, b))[i] -> f(extract(a)[i], extract(b)[i]) for elementwise f
/// whose operands all have the result's shape (lane i of the result reads
/// exactly lane i of each operand).
struct HoistExtractThroughElementwise : OpRewritePattern<ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExtractOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getSrc().getDefiningOp();
    if (!producer || !producer->hasTrait<OpTrait::Elementwise>() ||
        producer->getNumResults() != 1 || producer->getNumRegions() != 0 ||
        op.getIndices().empty())
      return failure();
    Type srcType = op.getSrc().getType();
    auto srcShape = cast<RankedTensorType>(srcType).getShape();
    for (Value operand : producer->getOperands()) {
      auto tile = dyn_cast<RankedTensorType>(operand.getType());
      if (!tile || tile.getShape() != srcShape)
        return rewriter.notifyMatchFailure(op, "operand lanes do not map 1:1");
    }
    SmallVector<Value> operands;
    for (Value operand : producer->getOperands())
      operands.push_back(ExtractOp::create(
          rewriter, op.getLoc(),
          dropLeading(operand.getType(), op.getIndices().size()), operand,
          op.getIndices()));
    OperationState state(producer->getLoc(), producer->getName());
    state.addOperands(operands);
    state.addTypes(op.getType());
    state.addAttributes(producer->getAttrs());
    Operation *moved = rewriter.create(state);
    rewriter.replaceOp(op, moved->getResults());
    return success();
  }
};

/// extract through expand_dims: indexing the inserted size-one axis at 0 drops
/// it; an axis past the indices keeps the expand_dims outside the extract.
struct MoveExtractThroughExpandDims : OpRewritePattern<ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ExtractOp op,
                                PatternRewriter &rewriter) const override {
    auto expand = op.getSrc().getDefiningOp<ExpandDimsOp>();
    if (!expand || op.getIndices().empty())
      return failure();
    unsigned axis = expand.getAxis();
    SmallVector<Value> indices(op.getIndices());
    Value src = expand.getSrc();
    Location loc = op.getLoc();
    if (axis < indices.size()) {
      // Lane i of the size-one axis exists only for i == 0.
      if (!isZeroConstant(indices[axis]))
        return rewriter.notifyMatchFailure(
            op, "index on the inserted axis is not 0");
      indices.erase(indices.begin() + axis);
      if (indices.empty()) {
        rewriter.replaceOp(op, src);
        return success();
      }
      rewriter.replaceOpWithNewOp<ExtractOp>(op, op.getType(), src, indices);
      return success();
    }
    Value inner = ExtractOp::create(rewriter, loc,
                                    dropLeading(src.getType(), indices.size()),
                                    src, indices);
    rewriter.replaceOpWithNewOp<ExpandDimsOp>(op, op.getType(), inner,
                                              axis - indices.size());
    return success();
  }
};
} // namespace

void SplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<PushSelectThroughSplat>(context);
}
void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<FoldWrapperOfSplat<BroadcastOp>>(context);
}
void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<FoldWrapperOfSplat<ExpandDimsOp>>(context);
}
void ViewOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<FoldWrapperOfSplat<ViewOp>, FuseViewChain>(context);
}
void ExtractOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                            MLIRContext *context) {
  results.add<FoldExtractOfSplat, HoistExtractThroughElementwise,
              MoveExtractThroughExpandDims>(context);
}
void AssumeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<PushAssumeThroughSplat>(context);
}
