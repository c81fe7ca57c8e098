//===- DecomposeLoopIterArgs.cpp - sink alloc_tensor into scf.for ---------===//
//
// A loop-carried tile whose init is an insert_slice chain over an
// alloc_tensor, and whose yielded value is an insert_slice chain over the
// iter-arg itself, is rebuilt from a fresh alloc_tensor at the top of every
// iteration; the iter-arg and its (unused) loop result disappear.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASSafety.h"
#include "TileAS/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// Whether `yielded` reaches `iterArg` through insert_slice destinations
/// alone, every link being safe to rewrite.
static bool yieldChainReachesIterArg(Value yielded, BlockArgument iterArg) {
  Value value = yielded;
  while (value != iterArg) {
    Operation *def = value.getDefiningOp();
    if (!def || !isSafeToRewrite(def))
      return false;
    auto insert = dyn_cast<InsertSliceOp>(def);
    if (!insert)
      return false;
    value = insert.getDest();
  }
  return true;
}

struct DecomposeLoopIterArgs : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i) {
      // The rewrite drops the result, so nothing may read it after the loop.
      if (!loop.getResult(i).use_empty())
        continue;
      SmallVector<Operation *> initChain;
      FailureOr<AllocTensorOp> alloc =
          traceToAllocation(loop.getInitArgs()[i], initChain);
      if (failed(alloc))
        continue;
      BlockArgument iterArg = loop.getRegionIterArg(i);
      if (alloc->getType() != iterArg.getType() ||
          !yieldChainReachesIterArg(yield.getOperand(i), iterArg))
        continue;
      rewriteWithoutIterArg(loop, i, *alloc, rewriter);
      return success();
    }
    return rewriter.notifyMatchFailure(
        loop, "no iter-arg is a pure alloc/insert_slice chain");
  }

  static void rewriteWithoutIterArg(scf::ForOp loop, unsigned index,
                                    AllocTensorOp alloc,
                                    PatternRewriter &rewriter) {
    SmallVector<Value> inits(loop.getInitArgs());
    inits.erase(inits.begin() + index);
    auto newLoop = scf::ForOp::create(
        rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
        loop.getStep(), inits, /*bodyBuilder=*/nullptr, loop.getUnsignedCmp());
    Block *newBody = newLoop.getBody();
    if (!newBody->empty())
      rewriter.eraseOp(newBody->getTerminator());

    // Each iteration starts from its own fresh tile.
    rewriter.setInsertionPointToStart(newBody);
    Value fresh =
        AllocTensorOp::create(rewriter, alloc.getLoc(), alloc.getType());
    SmallVector<Value> argValues = {newLoop.getInductionVar()};
    for (unsigned i = 0, e = loop.getNumRegionIterArgs(); i < e; ++i)
      argValues.push_back(i == index ? fresh
                                     : newLoop.getRegionIterArgs()[i - (i > index)]);
    rewriter.mergeBlocks(loop.getBody(), newBody, argValues);

    auto yield = cast<scf::YieldOp>(newBody->getTerminator());
    rewriter.modifyOpInPlace(yield, [&] { yield->eraseOperand(index); });

    SmallVector<Value> replacements;
    for (unsigned i = 0, e = loop.getNumResults(); i < e; ++i)
      replacements.push_back(
          i == index ? Value() : newLoop.getResult(i - (i > index)));
    rewriter.replaceOp(loop, replacements);
  }
};
} // namespace

void nv_tileas::populateDecomposeLoopIterArgsPattern(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeLoopIterArgs>(patterns.getContext());
}
