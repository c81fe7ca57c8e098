//===- SimplifyExtractFromInsert.cpp - extract(insert(x)) -> x ------------===//
//
// An extract_slice reading exactly the region an insert_slice wrote returns
// the inserted source. The walk from the extract may pass inserts into
// provably disjoint regions; anything else on the way (an overlapping insert,
// a memory-consistency op, any non-structural op) blocks the fold.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASSafety.h"
#include "TileAS/Transforms/Patterns.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
static bool sameRegion(InsertSliceOp insert, ExtractSliceOp extract) {
  return isEqualConstantIntOrValueArray(insert.getMixedOffsets(),
                                        extract.getMixedOffsets()) &&
         isEqualConstantIntOrValueArray(insert.getMixedSizes(),
                                        extract.getMixedSizes()) &&
         isEqualConstantIntOrValueArray(insert.getMixedStrides(),
                                        extract.getMixedStrides());
}

/// Whether the two slices are statically separated along some dimension.
static bool provablyDisjoint(InsertSliceOp insert, ExtractSliceOp extract) {
  for (unsigned d = 0, e = insert.getSliceRank(); d < e; ++d) {
    int64_t o1 = insert.getStaticOffsets()[d], s1 = insert.getStaticSizes()[d],
            t1 = insert.getStaticStrides()[d];
    int64_t o2 = extract.getStaticOffsets()[d],
            s2 = extract.getStaticSizes()[d], t2 = extract.getStaticStrides()[d];
    if (llvm::any_of(ArrayRef<int64_t>{o1, s1, t1, o2, s2, t2},
                     ShapedType::isDynamic))
      continue;
    if (s1 == 0 || s2 == 0)
      return true;
    int64_t last1 = o1 + (s1 - 1) * t1, last2 = o2 + (s2 - 1) * t2;
    if (last1 < o2 || last2 < o1)
      return true;
  }
  return false;
}

struct SimplifyExtractFromInsert : OpRewritePattern<ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExtractSliceOp extract,
                                PatternRewriter &rewriter) const override {
    Value storage = extract.getSource();
    while (Operation *def = storage.getDefiningOp()) {
      if (!isSafeToRewrite(def))
        return rewriter.notifyMatchFailure(
            extract, "chain reaches a memory-consistency or non-structural op");
      auto insert = dyn_cast<InsertSliceOp>(def);
      if (!insert)
        return rewriter.notifyMatchFailure(extract, "no matching insert_slice");
      if (sameRegion(insert, extract)) {
        Value source = insert.getSource();
        if (source.getType() == extract.getType()) {
          rewriter.replaceOp(extract, source);
          return success();
        }
        if (!tensor::CastOp::areCastCompatible(source.getType(),
                                               extract.getType()))
          return rewriter.notifyMatchFailure(extract, "incompatible types");
        rewriter.replaceOpWithNewOp<tensor::CastOp>(extract, extract.getType(),
                                                    source);
        return success();
      }
      if (!provablyDisjoint(insert, extract))
        return rewriter.notifyMatchFailure(
            extract, "an intervening insert may write the same region");
      storage = insert.getDest();
    }
    return rewriter.notifyMatchFailure(extract, "chain ends at a block boundary");
  }
};
} // namespace

void nv_tileas::populateSimplifyExtractFromInsertPattern(
    RewritePatternSet &patterns) {
  patterns.add<SimplifyExtractFromInsert>(patterns.getContext());
}
