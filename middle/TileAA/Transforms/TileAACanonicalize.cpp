//===- TileAACanonicalize.cpp - nv_tileaa canonicalization pass -----------===//
#include "TileAA/Transforms/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nv_tileaa {
#define GEN_PASS_DEF_TILEAACANONICALIZE
#include "TileAA/Transforms/Passes.h.inc"
} // namespace mlir::nv_tileaa

using namespace mlir;
using namespace mlir::nv_tileaa;

void mlir::nv_tileaa::populateTileAACanonicalizationPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // Filter the full list: it is not ordered by dialect, so a per-dialect
  // range lookup can miss ops.
  for (RegisteredOperationName op : context->getRegisteredOperations()) {
    StringRef dialect = op.getDialectNamespace();
    if (dialect == TileAADialect::getDialectNamespace() ||
        dialect == arith::ArithDialect::getDialectNamespace())
      op.getCanonicalizationPatterns(patterns, context);
  }
}

namespace {
struct TileAACanonicalizePass
    : nv_tileaa::impl::TileAACanonicalizeBase<TileAACanonicalizePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTileAACanonicalizationPatterns(patterns);
    // Like -canonicalize, a fixpoint not reached in time is not an error.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns));
  }
};
} // namespace
