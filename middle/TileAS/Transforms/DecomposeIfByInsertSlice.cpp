//===- DecomposeIfByInsertSlice.cpp - per-branch alloc/insert chains ------===//
//
// When both arms of an scf.if yield insert_slice chains over one tile built
// outside the if (an alloc_tensor plus insert_slices used nowhere else), each
// arm gets its own copy of that allocation chain, so no mutable tile is shared
// across the arms. The outside chain then dies.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASSafety.h"
#include "TileAS/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// Whether every use of the chain is either the next link (as its destination)
/// or inside the if: then nothing outside observes the shared tile.
static bool chainIsPrivateToIf(ArrayRef<Operation *> chain, scf::IfOp ifOp) {
  for (auto [index, op] : llvm::enumerate(chain)) {
    Operation *next = index + 1 < chain.size() ? chain[index + 1] : nullptr;
    for (OpOperand &use : op->getResult(0).getUses()) {
      Operation *owner = use.getOwner();
      if (ifOp->isAncestor(owner))
        continue;
      auto nextInsert = dyn_cast_or_null<InsertSliceOp>(next);
      if (nextInsert && owner == next &&
          use.getOperandNumber() == nextInsert.getDestMutable().getOperandNumber())
        continue;
      return false;
    }
  }
  return true;
}

struct DecomposeIfByInsertSlice : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return rewriter.notifyMatchFailure(ifOp, "needs results and two arms");
    scf::YieldOp thenYield = ifOp.thenYield(), elseYield = ifOp.elseYield();
    for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i) {
      Value thenValue = thenYield.getOperand(i);
      Value elseValue = elseYield.getOperand(i);
      // At least one arm must do its own insert work on the shared tile.
      auto isArmInsert = [&](Value v) {
        auto insert = v.getDefiningOp<InsertSliceOp>();
        return insert && ifOp->isAncestor(insert);
      };
      if (!isArmInsert(thenValue) && !isArmInsert(elseValue))
        continue;
      FailureOr<Value> thenRoot =
          traceOutOfRegion(thenValue, ifOp.getThenRegion());
      FailureOr<Value> elseRoot =
          traceOutOfRegion(elseValue, ifOp.getElseRegion());
      if (failed(thenRoot) || failed(elseRoot) || *thenRoot != *elseRoot)
        continue;
      SmallVector<Operation *> chain;
      if (failed(traceToAllocation(*thenRoot, chain)) ||
          !chainIsPrivateToIf(chain, ifOp))
        continue;
      Value shared = *thenRoot;
      for (Region *arm : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
        rewriter.setInsertionPointToStart(&arm->front());
        IRMapping mapping;
        for (Operation *op : chain)
          rewriter.clone(*op, mapping);
        Value local = mapping.lookup(shared);
        rewriter.replaceUsesWithIf(shared, local, [&](OpOperand &use) {
          return arm->isAncestor(use.getOwner()->getParentRegion());
        });
      }
      return success();
    }
    return rewriter.notifyMatchFailure(
        ifOp, "no result yields a private alloc/insert_slice chain");
  }
};
} // namespace

void nv_tileas::populateDecomposeIfByInsertSlicePattern(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeIfByInsertSlice>(patterns.getContext());
}
