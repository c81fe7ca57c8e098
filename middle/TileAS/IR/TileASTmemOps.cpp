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
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2 ||
      a.getDimSize(0) != c.getDimSize(0) || b.getDimSize(1) != c.getDimSize(1) ||
      a.getDimSize(1) != b.getDimSize(0))
    return emitOpError("expects A (M x K), B (K x N) and an M x N "
                       "accumulator");
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
