//===- TileAAPatterns.h - nv_tileaa rewrite patterns ------------*- C++ -*-===//
//
// Helpers shared by the folders and canonicalization patterns of the op
// families (each op registers its patterns in getCanonicalizationPatterns).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_IR_TILEAAPATTERNS_H
#define TILECC_TILEAA_IR_TILEAAPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::nv_tileaa {
/// True when `value` is a constant (splat) tile or scalar whose every lane is
/// zero (integers) or +/-0.0 (floats).
bool isZeroConstant(Value value);
/// Same test on a folded attribute (scalar or splat elements); false for null.
bool isZeroAttr(Attribute attr);
} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_IR_TILEAAPATTERNS_H
