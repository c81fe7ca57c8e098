//===- TileASOpVerifiers.cpp - checks shared across op families -----------===//
#include "TileAS/IR/TileASOpVerifiers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

LogicalResult nv_tileas::verifyIndexedBox(Operation *op,
                                          ArrayRef<int64_t> boxShape,
                                          Type boxElement, size_t numIndices,
                                          RankedTensorType tile,
                                          StringRef what) {
  if (numIndices != boxShape.size())
    return op->emitOpError() << "expects " << boxShape.size()
                             << " indices for the " << what << " but got "
                             << numIndices;
  if (tile.getShape() != boxShape)
    return op->emitOpError() << "tile shape must match the " << what
                             << " shape";
  if (tile.getElementType() != boxElement)
    return op->emitOpError() << "tile element type must match the " << what
                             << " element type";
  return success();
}

LogicalResult nv_tileas::verifySameTile(Operation *op, RankedTensorType lhs,
                                        RankedTensorType rhs,
                                        StringRef lhsName, StringRef rhsName) {
  if (lhs.getShape() != rhs.getShape() ||
      lhs.getElementType() != rhs.getElementType())
    return op->emitOpError() << lhsName << " and " << rhsName
                             << " must have the same shape and element type";
  return success();
}

LogicalResult nv_tileas::verifyFutureOf(Operation *op, FutureType future,
                                        RankedTensorType expected) {
  auto value = dyn_cast<RankedTensorType>(future.getValueType());
  if (!value || value.getShape() != expected.getShape() ||
      value.getElementType() != expected.getElementType())
    return op->emitOpError() << "result must be a future of a tile with shape "
                                "and element type of "
                             << expected;
  return success();
}

LogicalResult nv_tileas::verifyMmaShapes(Operation *op, RankedTensorType a,
                                         RankedTensorType b,
                                         RankedTensorType c, Type result) {
  int64_t rank = a.getRank();
  if ((rank != 2 && rank != 3) || b.getRank() != rank || c.getRank() != rank)
    return op->emitOpError(
        "operands must all be rank 2, or rank 3 with a leading batch dimension");
  if (rank == 3 && (a.getDimSize(0) != b.getDimSize(0) ||
                    a.getDimSize(0) != c.getDimSize(0)))
    return op->emitOpError("batch dimensions must agree");
  int64_t m = a.getDimSize(rank - 2), k = a.getDimSize(rank - 1);
  int64_t kb = b.getDimSize(rank - 2), n = b.getDimSize(rank - 1);
  if (k != kb)
    return op->emitOpError() << "contracting dimensions disagree: A has K = "
                             << k << ", B has K = " << kb;
  if (c.getDimSize(rank - 2) != m || c.getDimSize(rank - 1) != n)
    return op->emitOpError() << "accumulator must be " << m << "x" << n;
  auto res = dyn_cast<RankedTensorType>(result);
  if (!res || res.getShape() != c.getShape() ||
      res.getElementType() != c.getElementType())
    return op->emitOpError(
        "result must have the accumulator's shape and element type");
  return success();
}
