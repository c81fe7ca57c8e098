//===- TileASCanonicalize.cpp - seed-003 canonicalization pass ------------===//
#include "TileAS/Transforms/Passes.h"
#include "TileAS/Transforms/Patterns.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DEF_TILEASCANONICALIZE
#include "TileAS/Transforms/Passes.h.inc"
} // namespace mlir::nv_tileas

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
struct TileASCanonicalizePass
    : nv_tileas::impl::TileASCanonicalizeBase<TileASCanonicalizePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateTileASCanonicalizationPatterns(patterns);
    // Every pattern strictly shrinks the IR it matches (fewer iter-args,
    // fewer loops, fewer dynamic slice operands, chains pushed toward their
    // sources), so iterating until nothing changes terminates.
    GreedyRewriteConfig config;
    config.setMaxIterations(GreedyRewriteConfig::kNoLimit);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      signalPassFailure();
  }
};
} // namespace
