//===- Patterns.h - nv_tileas rewrite pattern sets --------------*- C++ -*-===//
#ifndef TILECC_TILEAS_TRANSFORMS_PATTERNS_H
#define TILECC_TILEAS_TRANSFORMS_PATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::nv_tileas {

/// All seven structural canonicalizations of seed 003.
void populateTileASCanonicalizationPatterns(RewritePatternSet &patterns);

// The individual patterns, one file each.
void populateSimplifyExtractSlicePattern(RewritePatternSet &patterns);
void populateDecomposeLoopIterArgsPattern(RewritePatternSet &patterns);
void populateDecomposeIfByInsertSlicePattern(RewritePatternSet &patterns);
void populateDecomposeIfByExtractSlicePattern(RewritePatternSet &patterns);
void populateSwapViewAndExtractSlicePattern(RewritePatternSet &patterns);
void populateCoalescePerfectlyNestedLoopsPattern(RewritePatternSet &patterns);
void populateSimplifyExtractFromInsertPattern(RewritePatternSet &patterns);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_TRANSFORMS_PATTERNS_H
