//===- TileASDialect.cpp - nv_tileas dialect ------------------------------===//
#include "TileAS/IR/TileASDialect.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#include "TileAS/IR/TileASDialect.cpp.inc"

void TileASDialect::initialize() {
  registerTypes();
  registerAttributes();
  registerStructureOps();
  registerMemoryOps();
  registerAsyncOps();
  registerTmaOps();
  registerComputeOps();
  registerPipelineOps();
}
