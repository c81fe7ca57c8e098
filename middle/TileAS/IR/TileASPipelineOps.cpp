//===- TileASPipelineOps.cpp - async pipeline regions ---------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// A warp role: whole warpgroups (setmaxnreg's unit), a register count
/// setmaxnreg accepts (PTX ISA 9.7.19.5: 24 to 256, a multiple of 8) and a
/// region without arguments ending with nv_tileas.yield.
static LogicalResult verifyRole(Operation *op, uint32_t warps,
                                std::optional<uint32_t> registers) {
  if (warps % 4)
    return op->emitOpError("a warp role has whole warpgroups: ")
           << warps << " warps";
  if (registers && (*registers < 24 || *registers > 256 || *registers % 8))
    return op->emitOpError("'max_registers' must be a multiple of 8 in "
                           "24..256, not ")
           << *registers;
  Block &body = op->getRegion(0).front();
  if (body.getNumArguments() != 0)
    return op->emitOpError("a warp role's region takes no arguments");
  if (!getYield(op->getRegion(0)))
    return op->emitOpError("a warp role's region ends with nv_tileas.yield");
  return success();
}

LogicalResult PipelineProducerOp::verifyRegions() {
  if (failed(verifyRole(*this, getWarps(), getMaxRegisters())))
    return failure();
  if (!getYield(getBody()).getValues().empty())
    return emitOpError("a producer role yields nothing: it fills the "
                       "slots itself");
  auto consumer = dyn_cast_or_null<PipelineConsumerOp>((*this)->getNextNode());
  if (!consumer || consumer.getPipeline() != getPipeline())
    return emitOpError("a producer role is directly followed by the "
                       "consumer role of its pipeline");
  return success();
}

LogicalResult PipelineConsumerOp::verifyRegions() {
  if (failed(verifyRole(*this, getWarps(), getMaxRegisters())))
    return failure();
  auto producer = dyn_cast_or_null<PipelineProducerOp>((*this)->getPrevNode());
  if (!producer || producer.getPipeline() != getPipeline())
    return emitOpError("a consumer role directly follows the producer "
                       "role of its pipeline");
  // The kernel's tiles are distributed over the consumer's warps.
  if (auto func = (*this)->getParentOfType<FunctionOpInterface>())
    if (auto warps = func->getAttrOfType<IntegerAttr>("nv_tileas.num_warps"))
      if (warps.getInt() != int64_t(getWarps()))
        return emitOpError("a consumer role runs on the kernel's ")
               << warps.getInt() << " warps, not " << getWarps();
  if (TypeRange(getYield(getBody()).getValues()) != getResultTypes())
    return emitOpError("consumer must yield values of its result types");
  return success();
}

LogicalResult PipelineSlotOp::verify() {
  // Slots are one tile apart: the tile's size is static.
  auto tile = dyn_cast<RankedTensorType>(getResult().getType().getValueType());
  if (!tile || !tile.hasStaticShape() || !tile.getElementType().isIntOrFloat())
    return emitOpError("a slot holds a tile of static shape");
  return success();
}

LogicalResult MmaReleaseOp::verify() {
  // Its empty barriers count one arrival, not the consumers' threads.
  auto create = getPipeline().getDefiningOp<PipelineCreateOp>();
  if (create && !create.getReleasedByMma())
    return emitOpError("releases a stage of a pipeline not created "
                       "'released_by_mma'");
  return success();
}

LogicalResult ConsumerReleaseOp::verify() {
  auto create = getPipeline().getDefiningOp<PipelineCreateOp>();
  if (create && create.getReleasedByMma())
    return emitOpError("releases a stage of a pipeline 'released_by_mma': "
                       "its MMAs release it (mma_release)");
  return success();
}
