//===- tilecc-opt.cpp - MlirOptMain over tilecc's dialects and passes -----===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  // cuda_tile passes (declarative, CudaTile/Transforms/Passes.td).
  mlir::cuda_tile::registerLoopSplitPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilecc optimizer driver\n", registry));
}
