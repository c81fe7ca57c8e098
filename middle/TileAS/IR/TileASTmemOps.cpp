//===- TileASTmemOps.cpp - accumulators resident in tensor memory ---------===//
#include "TileAS/IR/TileASTmemOps.h"

using namespace mlir;
using namespace mlir::nv_tileas;

LogicalResult TmemAllocOp::verify() {
  if (getInit().getType() != getResult().getType().getValueType())
    return emitOpError("initial value type ")
           << getInit().getType() << " differs from the accumulator's "
           << getResult().getType().getValueType();
  return success();
}

LogicalResult TmemDotOp::verify() {
  auto a = getA().getType(), b = getB().getType();
  RankedTensorType c = getAcc().getType().getValueType();
  int64_t rank = c.getRank();
  // Rank 3: batched, the leading dimension the same in all three.
  if ((rank != 2 && rank != 3) || a.getRank() != rank ||
      b.getRank() != rank ||
      a.getDimSize(rank - 2) != c.getDimSize(rank - 2) ||
      b.getDimSize(rank - 1) != c.getDimSize(rank - 1) ||
      a.getDimSize(rank - 1) != b.getDimSize(rank - 2) ||
      (rank == 3 && (a.getDimSize(0) != c.getDimSize(0) ||
                     b.getDimSize(0) != c.getDimSize(0))))
    return emitOpError("expects A (M x K), B (K x N) and an M x N "
                       "accumulator, or batched ones (B x M x K, B x K x N, "
                       "B x M x N)");
  return success();
}

LogicalResult TmemScaleOp::verify() {
  RankedTensorType acc = getAcc().getType().getValueType();
  RankedTensorType rows = getRows().getType();
  if (acc.getRank() != 2 || !acc.getElementType().isF32())
    return emitOpError("scales a 2-d f32 accumulator, not ") << acc;
  if (rows.getRank() != 2 || rows.getDimSize(0) != acc.getDimSize(0) ||
      rows.getDimSize(1) != 1 || rows.getElementType() != acc.getElementType())
    return emitOpError("expects one f32 factor per row (")
           << acc.getDimSize(0) << "x1), not " << rows;
  return success();
}

LogicalResult TmemLoadOp::verify() {
  if (getResult().getType() != getAcc().getType().getValueType())
    return emitOpError("result type ")
           << getResult().getType() << " differs from the accumulator's "
           << getAcc().getType().getValueType();
  return success();
}

#define GET_OP_CLASSES
#include "TileAS/IR/TileASTmemOps.cpp.inc"
