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
  // An address (i64, index) or a global pointer.
  if (isa<ShapedType>(getBase().getType()))
    return emitOpError("base must be one address, not a tile");
  unsigned swizzle = getSwizzleBytes();
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitOpError() << "swizzle_bytes must be 0, 32, 64 or 128, not "
                         << swizzle;
  TmaDescType desc = getDesc().getType();
  int64_t rowBytes = desc.getBoxShape().back() *
                     desc.getElementType().getIntOrFloatBitWidth() / 8;
  if (swizzle && rowBytes > swizzle)
    return emitOpError() << "box rows of " << rowBytes
                         << " bytes exceed the " << swizzle
                         << "-byte swizzle span";
  if (llvm::any_of(desc.getBoxShape(), [](int64_t d) { return d > 256; }))
    return emitOpError("box dimensions are at most 256");
  return success();
}

LogicalResult TmaLoadOp::verify() {
  TmaDescType desc = getDesc().getType();
  if (getRing()) {
    // Boxes side by side along the tile's last dimension.
    auto tile = dyn_cast<RankedTensorType>(getResult().getType().getValueType());
    ArrayRef<int64_t> box = desc.getBoxShape();
    if (!tile || tile.getElementType() != desc.getElementType() ||
        tile.getRank() != desc.getRank() ||
        tile.getShape().drop_back() != box.drop_back() ||
        tile.getShape().back() % box.back())
      return emitOpError("a ring slot's tile must be the descriptor's boxes "
                         "side by side along the last dimension");
    if (getCoords().size() != box.size())
      return emitOpError() << "expects " << box.size() << " coordinates";
    return success();
  }
  auto box = RankedTensorType::get(desc.getBoxShape(), desc.getElementType());
  if (failed(verifyFutureOf(*this, getResult().getType(), box)))
    return failure();
  return verifyIndexedBox(*this, desc.getBoxShape(), desc.getElementType(),
                          getCoords().size(), box, "descriptor box");
}

/// A stored tile is the descriptor's box, or boxes side by side along its
/// last dimension.
static LogicalResult verifyStoredBoxes(Operation *op, TmaDescType desc,
                                       size_t numCoords,
                                       RankedTensorType tile) {
  ArrayRef<int64_t> box = desc.getBoxShape();
  if (numCoords != box.size())
    return op->emitOpError() << "expects " << box.size()
                             << " indices for the descriptor box but got "
                             << numCoords;
  if (tile.getElementType() != desc.getElementType())
    return op->emitOpError("tile element type must match the descriptor box "
                           "element type");
  if (tile.getRank() != desc.getRank() ||
      tile.getShape().drop_back() != box.drop_back() ||
      tile.getShape().back() % box.back())
    return op->emitOpError("tile must be the descriptor's boxes side by side "
                           "along the last dimension");
  return success();
}

LogicalResult TmaStoreOp::verify() {
  if (CopyAtomAttr staging = getStagingAttr()) {
    if (staging.getKind() != CopyKind::sts &&
        staging.getKind() != CopyKind::stmatrix)
      return emitOpError("stages its boxes with st.shared or stmatrix, not ")
             << staging;
    if (staging.getKind() == CopyKind::stmatrix &&
        getValue().getType().getElementTypeBitWidth() != 16)
      return emitOpError("stmatrix staging needs 16-bit elements");
  }
  return verifyStoredBoxes(*this, getDesc().getType(), getCoords().size(),
                           getValue().getType());
}

LogicalResult TmaReduceOp::verify() {
  // cp.reduce.async.bulk.tensor has no exchange and no float-specific add.
  if (getKind() == RmwMode::xchg || getKind() == RmwMode::addf)
    return emitOpError() << "TMA reduction does not support '"
                         << stringifyRmwMode(getKind()) << "'";
  return verifyStoredBoxes(*this, getDesc().getType(), getCoords().size(),
                           getValue().getType());
}
