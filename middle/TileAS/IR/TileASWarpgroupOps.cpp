//===- TileASWarpgroupOps.cpp - warpgroups taking turns -------------------===//
#include "TileAS/IR/TileASWarpgroupOps.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASWarpgroupOps.cpp.inc"

LogicalResult mlir::nv_tileas::verifyWarpgroupTurns(Operation *op,
                                                    int64_t barrier,
                                                    int64_t warpgroups) {
  // Barrier 0 is the CTA's; a CTA has 16.
  if (barrier < 1 || warpgroups < 2 || barrier + warpgroups > 16)
    return op->emitError() << "warpgroup turns need named barriers "
                           << barrier << ".." << barrier + warpgroups - 1
                           << " for " << warpgroups
                           << " warpgroups within 1..15 (at least two "
                              "warpgroups)";
  return success();
}

LogicalResult WarpgroupTurnsBeginOp::verify() {
  return verifyWarpgroupTurns(*this, getBarrier(), getWarpgroups());
}

LogicalResult WarpgroupTurnsEndOp::verify() {
  return verifyWarpgroupTurns(*this, getBarrier(), getWarpgroups());
}
