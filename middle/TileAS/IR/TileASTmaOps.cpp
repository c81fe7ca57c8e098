//===- TileASTmaOps.cpp - TMA descriptors and bulk tensor ops -------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASOpVerifiers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASTmaOps.cpp.inc"

void TileASDialect::registerTmaOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASTmaOps.cpp.inc"
      >();
}

LogicalResult MakeTiledTmaDescOp::verify() {
  int64_t rank = getDesc().getType().getRank();
  if (static_cast<int64_t>(getSizes().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError() << "expects " << rank
                         << " sizes and strides for a rank-" << rank
                         << " box";
  return success();
}

LogicalResult TmaLoadOp::verify() {
  TmaDescType desc = getDesc().getType();
  auto box = RankedTensorType::get(desc.getBoxShape(), desc.getElementType());
  if (failed(verifyFutureOf(*this, getResult().getType(), box)))
    return failure();
  return verifyIndexedBox(*this, desc.getBoxShape(), desc.getElementType(),
                          getCoords().size(), box, "descriptor box");
}

LogicalResult TmaStoreOp::verify() {
  TmaDescType desc = getDesc().getType();
  return verifyIndexedBox(*this, desc.getBoxShape(), desc.getElementType(),
                          getCoords().size(), getValue().getType(),
                          "descriptor box");
}

LogicalResult TmaReduceOp::verify() {
  // cp.reduce.async.bulk.tensor has no exchange and no float-specific add.
  if (getKind() == RmwMode::xchg || getKind() == RmwMode::addf)
    return emitOpError() << "TMA reduction does not support '"
                         << stringifyRmwMode(getKind()) << "'";
  TmaDescType desc = getDesc().getType();
  return verifyIndexedBox(*this, desc.getBoxShape(), desc.getElementType(),
                          getCoords().size(), getValue().getType(),
                          "descriptor box");
}

/// Row gathers and scatters move `rows` whole box rows of a 2-d map.
static LogicalResult verifyRowAccess(Operation *op, TmaDescType desc,
                                     RankedTensorType rows,
                                     RankedTensorType tile) {
  if (desc.getRank() != 2)
    return op->emitOpError("row gather/scatter needs a 2-d descriptor");
  if (rows.getRank() != 1)
    return op->emitOpError("row indices must be a 1-d tile");
  SmallVector<int64_t> shape = {rows.getDimSize(0), desc.getBoxShape()[1]};
  if (tile.getShape() != ArrayRef<int64_t>(shape) ||
      tile.getElementType() != desc.getElementType())
    return op->emitOpError() << "tile must be " << shape[0] << "x" << shape[1]
                             << " of the descriptor element type";
  return success();
}

LogicalResult TmaGatherOp::verify() {
  auto tile = dyn_cast<RankedTensorType>(getResult().getType().getValueType());
  if (!tile)
    return emitOpError("result must be a future of a tile");
  return verifyRowAccess(*this, getDesc().getType(), getRows().getType(),
                         tile);
}

LogicalResult TmaScatterOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getRows().getType(),
                         getValue().getType());
}
