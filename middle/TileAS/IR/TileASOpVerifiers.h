//===- TileASOpVerifiers.h - checks shared across op families ---*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASOPVERIFIERS_H
#define TILECC_TILEAS_IR_TILEASOPVERIFIERS_H

#include "TileAS/IR/TileASDialect.h"

namespace mlir::nv_tileas {

/// A box of `boxShape` x `boxElement` addressed with `numIndices` coordinates
/// and moved as `tile`: one coordinate per box dimension, and the tile has the
/// box's shape and element type. `what` names the box in diagnostics.
LogicalResult verifyIndexedBox(Operation *op, ArrayRef<int64_t> boxShape,
                               Type boxElement, size_t numIndices,
                               RankedTensorType tile, StringRef what);

/// Two tiles with the same shape and element type (layouts may differ).
LogicalResult verifySameTile(Operation *op, RankedTensorType lhs,
                             RankedTensorType rhs, StringRef lhsName,
                             StringRef rhsName);

/// A future whose value is a tile of `expected`'s shape and element type.
LogicalResult verifyFutureOf(Operation *op, FutureType future,
                             RankedTensorType expected);

/// MMA operand shapes: A (B?)xMxK, B (B?)xKxN, C and D (B?)xMxN, D of C's type.
LogicalResult verifyMmaShapes(Operation *op, RankedTensorType a,
                              RankedTensorType b, RankedTensorType c,
                              Type result);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASOPVERIFIERS_H
