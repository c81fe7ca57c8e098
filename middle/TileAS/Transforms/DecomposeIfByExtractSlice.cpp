//===- DecomposeIfByExtractSlice.cpp - sink extract_slice into scf.if arms ===//
//
// %r = scf.if ... { yield %a } else { yield %b }; %s = extract_slice %r[...]
//   -> %s = scf.if ... { %sa = extract_slice %a[...]; yield %sa } else {...}
// when the extract is the result's only use, its slice operands are available
// before the if, and neither arm's yielded chain crosses a memory-consistency
// (or other non-structural) op.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASSafety.h"
#include "TileAS/Transforms/Patterns.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// Whether `value` is available at `op` without being defined inside it.
static bool availableBefore(Value value, Operation *op) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getParentRegion()->isAncestor(op->getParentRegion());
  Operation *def = value.getDefiningOp();
  Operation *ancestor = def->getBlock()->findAncestorOpInBlock(*op);
  return ancestor && def->isBeforeInBlock(ancestor);
}

/// Walks the pure tile-structure chain producing `value` inside `arm`.
static bool armChainIsPure(Value value, Region &arm) {
  SmallVector<Value> worklist = {value};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    Operation *def = current.getDefiningOp();
    if (!def || !arm.isAncestor(def->getParentRegion()))
      continue; // Block boundary: the chain leaves the arm.
    if (!isSafeToRewrite(def))
      return false;
    if (auto insert = dyn_cast<InsertSliceOp>(def))
      worklist.append({insert.getSource(), insert.getDest()});
    else if (auto extract = dyn_cast<ExtractSliceOp>(def))
      worklist.push_back(extract.getSource());
    else if (auto view = dyn_cast<ViewOp>(def))
      worklist.push_back(view.getSource());
  }
  return true;
}

struct DecomposeIfByExtractSlice : OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return rewriter.notifyMatchFailure(ifOp, "needs results and two arms");
    for (OpResult result : ifOp->getResults()) {
      if (!result.hasOneUse())
        continue;
      auto extract = dyn_cast<ExtractSliceOp>(*result.getUsers().begin());
      if (!extract || extract.getSource() != result)
        continue;
      if (!llvm::all_of(extract->getOperands().drop_front(), [&](Value v) {
            return availableBefore(v, ifOp);
          }))
        continue;
      unsigned index = result.getResultNumber();
      scf::YieldOp yields[] = {ifOp.thenYield(), ifOp.elseYield()};
      if (!armChainIsPure(yields[0].getOperand(index), ifOp.getThenRegion()) ||
          !armChainIsPure(yields[1].getOperand(index), ifOp.getElseRegion()))
        continue;
      for (scf::YieldOp yield : yields) {
        rewriter.setInsertionPoint(yield);
        IRMapping mapping;
        mapping.map(result, yield.getOperand(index));
        Operation *slice = rewriter.clone(*extract, mapping);
        rewriter.modifyOpInPlace(
            yield, [&] { yield->setOperand(index, slice->getResult(0)); });
      }
      rewriter.modifyOpInPlace(ifOp,
                               [&] { result.setType(extract.getType()); });
      rewriter.replaceOp(extract, result);
      return success();
    }
    return rewriter.notifyMatchFailure(ifOp, "no result has a sinkable extract");
  }
};
} // namespace

void nv_tileas::populateDecomposeIfByExtractSlicePattern(
    RewritePatternSet &patterns) {
  patterns.add<DecomposeIfByExtractSlice>(patterns.getContext());
}
