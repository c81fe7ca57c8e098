//===- CudaTileArithOps.cpp - arithmetic, math and conversion ops --------------------------===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileArithOps.cpp.inc"

void CudaTileDialect::registerArithOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileArithOps.cpp.inc"
      >();
}
