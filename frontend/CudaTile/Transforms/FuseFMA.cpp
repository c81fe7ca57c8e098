//===- FuseFMA.cpp - fuse mulf + addf/subf into fma -----------------------===//
//
// A multiply whose only use is an add or subtract with the same rounding mode
// and flush-to-zero setting becomes one fused multiply-add: one rounding step
// instead of two, and one instruction.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_FUSEFMA
#include "CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// The multiply defining `value` if it may be folded into `user`: its only use
/// is `user`, and both round the same way.
template <typename OpTy>
MulFOp getFusableMul(Value value, OpTy user) {
  auto mul = value.getDefiningOp<MulFOp>();
  if (!mul || !mul->hasOneUse())
    return MulFOp();
  if (mul.getRoundingMode() != user.getRoundingMode() ||
      mul.getFlushToZero() != user.getFlushToZero())
    return MulFOp();
  return mul;
}

/// mulf(x, y) + z  ->  fma(x, y, z)
struct FuseMulAdd : OpRewritePattern<AddFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddFOp add,
                                PatternRewriter &rewriter) const override {
    Value acc = add.getRhs();
    MulFOp mul = getFusableMul(add.getLhs(), add);
    if (!mul) {
      // z + mulf(x, y): addition commutes.
      acc = add.getLhs();
      mul = getFusableMul(add.getRhs(), add);
    }
    if (!mul)
      return failure();
    rewriter.replaceOpWithNewOp<FmaOp>(add, mul.getLhs(), mul.getRhs(), acc,
                                       add.getRoundingModeAttr(),
                                       add.getFlushToZeroAttr());
    return success();
  }
};

/// mulf(x, y) - z  ->  fma(x, y, -z)
/// z - mulf(x, y)  ->  fma(-x, y, z)
/// Negation is exact, so the single rounding of the fma is preserved.
struct FuseMulSub : OpRewritePattern<SubFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SubFOp sub,
                                PatternRewriter &rewriter) const override {
    Location loc = sub.getLoc();
    if (MulFOp mul = getFusableMul(sub.getLhs(), sub)) {
      Value negAcc = NegFOp::create(rewriter, loc, sub.getRhs());
      rewriter.replaceOpWithNewOp<FmaOp>(sub, mul.getLhs(), mul.getRhs(),
                                         negAcc, sub.getRoundingModeAttr(),
                                         sub.getFlushToZeroAttr());
      return success();
    }
    if (MulFOp mul = getFusableMul(sub.getRhs(), sub)) {
      Value negLhs = NegFOp::create(rewriter, loc, mul.getLhs());
      rewriter.replaceOpWithNewOp<FmaOp>(sub, negLhs, mul.getRhs(),
                                         sub.getLhs(), sub.getRoundingModeAttr(),
                                         sub.getFlushToZeroAttr());
      return success();
    }
    return failure();
  }
};

struct FuseFMAPass : cuda_tile::impl::FuseFMABase<FuseFMAPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Put the multiply on the left of `addf` like canonicalization does, so
    // that an unfused `addf` prints in its canonical form too.
    patterns.add(AddFOp::canonicalize);
    patterns.add<FuseMulAdd, FuseMulSub>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
