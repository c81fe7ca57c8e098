//===- tilecc-opt.cpp - MlirOptMain over tilecc's dialects and passes -----===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileMiscUtils.h"
#include "CudaTile/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::cuda_tile::registerCudaTilePasses();
  mlir::cuda_tile::registerOptimizationHintsOptions();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilecc optimizer driver\n", registry));
}
