//===- CanonicalizePatterns.cpp - the seed-003 canonicalization set -------===//
#include "TileAS/Transforms/Patterns.h"

using namespace mlir;

void nv_tileas::populateTileASCanonicalizationPatterns(
    RewritePatternSet &patterns) {
  populateSimplifyExtractSlicePattern(patterns);
  populateDecomposeLoopIterArgsPattern(patterns);
  populateDecomposeIfByInsertSlicePattern(patterns);
  populateDecomposeIfByExtractSlicePattern(patterns);
  populateSwapViewAndExtractSlicePattern(patterns);
  populateCoalescePerfectlyNestedLoopsPattern(patterns);
  populateSimplifyExtractFromInsertPattern(patterns);
}
