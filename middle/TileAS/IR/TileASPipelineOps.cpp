//===- TileASPipelineOps.cpp - async pipeline regions ---------------------===//
#include "TileAS/IR/TileASDialect.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASPipelineOps.cpp.inc"

void TileASDialect::registerPipelineOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASPipelineOps.cpp.inc"
      >();
}

static YieldOp getYield(Region &body) {
  return dyn_cast<YieldOp>(body.front().getTerminator());
}

LogicalResult PipelineProducerOp::verifyRegions() {
  Block &body = getBody().front();
  if (body.getNumArguments() != 0)
    return emitOpError("producer region takes no arguments");
  YieldOp yield = getYield(getBody());
  if (!yield)
    return emitOpError("producer region must end with nv_tileas.yield");
  if (TypeRange(yield.getValues()) !=
      TypeRange(getPipeline().getType().getElementTypes()))
    return emitOpError("producer must yield one value per pipeline element type");
  return success();
}

LogicalResult PipelineConsumerOp::verifyRegions() {
  Block &body = getBody().front();
  if (TypeRange(body.getArgumentTypes()) !=
      TypeRange(getPipeline().getType().getElementTypes()))
    return emitOpError(
        "consumer region arguments must match the pipeline element types");
  YieldOp yield = getYield(getBody());
  if (!yield)
    return emitOpError("consumer region must end with nv_tileas.yield");
  if (TypeRange(yield.getValues()) != getResultTypes())
    return emitOpError("consumer must yield values of its result types");
  return success();
}
