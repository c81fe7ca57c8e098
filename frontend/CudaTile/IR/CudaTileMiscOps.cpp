//===- CudaTileMiscOps.cpp - assume, assert, print and debug info ops --------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMiscOps.cpp.inc"

void CudaTileDialect::registerMiscOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileMiscOps.cpp.inc"
      >();
}
