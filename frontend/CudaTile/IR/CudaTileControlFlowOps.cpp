//===- CudaTileControlFlowOps.cpp - control flow, shape, reduction and MMA ops --------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileControlFlowOps.cpp.inc"

void CudaTileDialect::registerControlFlowOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileControlFlowOps.cpp.inc"
      >();
}
