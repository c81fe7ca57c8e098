//===- CoalescePerfectlyNestedLoops.cpp - merge an scf.for nest -----------===//
//
// for %i = lb0 to ub0 step s0 { for %j = LB to UB step S { body } }
//   -> for %k = 0 to trips0 * N step 1 {
//        %i = lb0 + (k divsi N) * s0; %j = LB + (k remsi N) * S; body }
// when the outer body holds only the inner loop, neither loop carries
// iter-args, and the inner bounds and step are constants (N = inner trips).
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/Transforms/Patterns.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// The inner loop of a coalescable pair and its constant trip count.
struct InnerLoop {
  scf::ForOp loop;
  int64_t lowerBound, step, trips;
};

static std::optional<InnerLoop> matchPerfectNest(scf::ForOp outer) {
  if (!outer.getInitArgs().empty() || outer.getUnsignedCmp())
    return std::nullopt;
  Block *body = outer.getBody();
  // Anything beside the inner loop would run a different number of times.
  if (!llvm::hasSingleElement(body->without_terminator()))
    return std::nullopt;
  auto inner = dyn_cast<scf::ForOp>(body->front());
  if (!inner || !inner.getInitArgs().empty() || inner.getUnsignedCmp() ||
      inner.getInductionVar().getType() != outer.getInductionVar().getType())
    return std::nullopt;
  std::optional<int64_t> lb = getConstantIntValue(inner.getLowerBound());
  std::optional<int64_t> ub = getConstantIntValue(inner.getUpperBound());
  std::optional<int64_t> step = getConstantIntValue(inner.getStep());
  if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
    return std::nullopt;
  return InnerLoop{inner, *lb, *step, llvm::divideCeilSigned(*ub - *lb, *step)};
}

struct CoalescePerfectlyNestedLoops : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp outer,
                                PatternRewriter &rewriter) const override {
    std::optional<InnerLoop> inner = matchPerfectNest(outer);
    if (!inner)
      return rewriter.notifyMatchFailure(outer, "not a coalescable nest");
    // Merge the innermost pair first so that deeper nests collapse fully.
    if (matchPerfectNest(inner->loop))
      return rewriter.notifyMatchFailure(outer, "inner nest merges first");

    Location loc = outer.getLoc();
    Type ivType = outer.getInductionVar().getType();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantOp::create(rewriter, loc,
                                       rewriter.getIntegerAttr(ivType, value));
    };
    Value zero = constant(0), one = constant(1);
    Value innerTrips = constant(inner->trips);
    Value span = arith::SubIOp::create(rewriter, loc, outer.getUpperBound(),
                                       outer.getLowerBound());
    Value outerTrips =
        arith::CeilDivSIOp::create(rewriter, loc, span, outer.getStep());
    outerTrips = arith::MaxSIOp::create(rewriter, loc, outerTrips, zero);
    Value total = arith::MulIOp::create(rewriter, loc, outerTrips, innerTrips);

    auto merged = scf::ForOp::create(rewriter, loc, zero, total, one);
    Block *body = merged.getBody();
    rewriter.eraseOp(body->getTerminator());
    rewriter.setInsertionPointToStart(body);
    Value k = merged.getInductionVar();
    Value quotient = arith::DivSIOp::create(rewriter, loc, k, innerTrips);
    Value remainder = arith::RemSIOp::create(rewriter, loc, k, innerTrips);
    Value outerIv = arith::AddIOp::create(
        rewriter, loc, outer.getLowerBound(),
        arith::MulIOp::create(rewriter, loc, quotient, outer.getStep()));
    Value innerIv = arith::AddIOp::create(
        rewriter, loc, constant(inner->lowerBound),
        arith::MulIOp::create(rewriter, loc, remainder, constant(inner->step)));

    rewriter.mergeBlocks(inner->loop.getBody(), body, {innerIv});
    rewriter.replaceAllUsesWith(outer.getInductionVar(), outerIv);
    rewriter.eraseOp(outer);
    return success();
  }
};
} // namespace

void nv_tileas::populateCoalescePerfectlyNestedLoopsPattern(
    RewritePatternSet &patterns) {
  patterns.add<CoalescePerfectlyNestedLoops>(patterns.getContext());
}
