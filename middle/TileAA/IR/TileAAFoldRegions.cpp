//===- TileAAFoldRegions.cpp - result pruning and token algebra -----------===//
//
// Seed 000 rows: queue.get / pragma result pruning (live results keep their
// order) and the join_mem_token algebra: join is associative, commutative and
// idempotent, and a fresh token (create_mem_token) is its identity.
//
//===----------------------------------------------------------------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

namespace {
/// Drops results without uses (and those `isPinned` does not protect) from a
/// single-region op and the matching terminator operands, in order.
template <typename OpT> struct PruneRegionResults : OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  virtual bool isPinned(OpT op, unsigned index) const { return false; }

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> live;
    for (OpResult result : op->getResults())
      if (!result.use_empty() || isPinned(op, result.getResultNumber()))
        live.push_back(result.getResultNumber());
    if (live.size() == op->getNumResults())
      return failure();

    Operation *terminator = op.getBody().front().getTerminator();
    SmallVector<Type> types;
    SmallVector<Value> yields;
    for (unsigned i : live) {
      types.push_back(op->getResult(i).getType());
      yields.push_back(terminator->getOperand(i));
    }
    auto pruned = OpT::create(rewriter, op.getLoc(), types, op->getOperands(),
                              op->getAttrs());
    rewriter.inlineRegionBefore(op.getBody(), pruned.getBody(),
                                pruned.getBody().end());
    rewriter.modifyOpInPlace(terminator,
                             [&] { terminator->setOperands(yields); });
    SmallVector<Value> replacements(op->getNumResults(), Value());
    for (auto [newIndex, oldIndex] : llvm::enumerate(live))
      replacements[oldIndex] = pruned->getResult(newIndex);
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// A pragma whose payload names results (`results = array<i64: ...>`) is
/// about those values: they stay even when unused.
struct PrunePragmaResults : PruneRegionResults<PragmaOp> {
  using PruneRegionResults::PruneRegionResults;
  bool isPinned(PragmaOp op, unsigned index) const override {
    auto pinned = op.getPayload().getAs<DenseI64ArrayAttr>("results");
    return pinned && llvm::is_contained(pinned.asArrayRef(), int64_t(index));
  }
};

/// Flattens nested joins, removes duplicate inputs and fresh tokens (the
/// identity of join), and turns an empty join into a fresh token.
struct SimplifyJoinMemToken : OpRewritePattern<JoinMemTokenOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(JoinMemTokenOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SetVector<Value> inputs;
    SmallVector<Value> worklist(llvm::reverse(op.getTokens()));
    while (!worklist.empty()) {
      Value token = worklist.pop_back_val();
      if (auto inner = token.getDefiningOp<JoinMemTokenOp>()) {
        llvm::append_range(worklist, llvm::reverse(inner.getTokens()));
        continue;
      }
      if (token.getDefiningOp<CreateMemTokenOp>())
        continue;
      inputs.insert(token);
    }
    if (inputs.empty()) {
      rewriter.replaceOpWithNewOp<CreateMemTokenOp>(op);
      return success();
    }
    if (inputs.getArrayRef() ==
        ArrayRef<Value>(llvm::to_vector(op.getTokens())))
      return failure();
    rewriter.replaceOpWithNewOp<JoinMemTokenOp>(op, op.getType(),
                                                inputs.getArrayRef());
    return success();
  }
};
} // namespace

void QueueGetOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                             MLIRContext *context) {
  results.add<PruneRegionResults<QueueGetOp>>(context);
}
void PragmaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                           MLIRContext *context) {
  results.add<PrunePragmaResults>(context);
}
void JoinMemTokenOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<SimplifyJoinMemToken>(context);
}
