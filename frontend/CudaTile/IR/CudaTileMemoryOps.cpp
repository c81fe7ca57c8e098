//===- CudaTileMemoryOps.cpp - memory, views, pointers, atomics and tokens ops --------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"

void CudaTileDialect::registerMemoryOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"
      >();
}
