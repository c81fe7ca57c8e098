//===- CudaTileDialect.cpp - cuda_tile dialect ----------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "CudaTile/IR/CudaTileDialect.cpp.inc"

void CudaTileDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerCoreOps();
  registerArithOps();
  registerMemoryOps();
  registerControlFlowOps();
  registerMiscOps();
}

Operation *CudaTileDialect::materializeConstant(OpBuilder &builder,
                                                Attribute value, Type type,
                                                Location loc) {
  auto elements = dyn_cast<DenseElementsAttr>(value);
  if (!elements || !isa<TileType>(type))
    return nullptr;
  return builder.create<ConstantOp>(loc, type, elements);
}
