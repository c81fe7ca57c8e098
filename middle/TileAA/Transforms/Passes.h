//===- Passes.h - nv_tileaa passes ------------------------------*- C++ -*-===//
#ifndef TILECC_TILEAA_TRANSFORMS_PASSES_H
#define TILECC_TILEAA_TRANSFORMS_PASSES_H

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::nv_tileaa {

/// Every nv_tileaa op's canonicalization patterns plus those of arith, whose
/// constants and index casts the nv_tileaa rewrites produce.
void populateTileAACanonicalizationPatterns(RewritePatternSet &patterns);

#define GEN_PASS_DECL
#include "TileAA/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileAA/Transforms/Passes.h.inc"

} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_TRANSFORMS_PASSES_H
