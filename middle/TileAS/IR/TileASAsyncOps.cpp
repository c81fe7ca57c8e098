//===- TileASAsyncOps.cpp - async memory ops and waits --------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASOpVerifiers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASAsyncOps.cpp.inc"

void TileASDialect::registerAsyncOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASAsyncOps.cpp.inc"
      >();
}

LogicalResult AsyncLoadOp::verify() {
  TiledViewType view = getView().getType();
  auto box = RankedTensorType::get(view.getShape(), view.getElementType());
  if (failed(verifyFutureOf(*this, getResult().getType(), box)))
    return failure();
  if (bool(getRing()) != bool(getSlot()))
    return emitOpError("a shared-memory ring needs a slot and vice versa");
  auto tile = cast<RankedTensorType>(getResult().getType().getValueType());
  return verifyIndexedBox(*this, view.getShape(), view.getElementType(),
                          getIndices().size(), tile, "tiled_view");
}
