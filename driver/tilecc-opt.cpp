//===- tilecc-opt.cpp - MlirOptMain over tilecc's dialects and passes -----===//
//
// The dialects and passes are those of the compiler's stage table
// (registerTileccDialects / registerTileccPasses), plus test-only passes and
// the cuda_tile hint diagnostics options.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileMiscUtils.h"
#include "Pipeline/Compiler.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace mlir::nv_tileas {
void registerTestMemoryConsistencyPass();
} // namespace mlir::nv_tileas

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  tilecc::registerTileccDialects(registry);
  tilecc::registerTileccPasses();
  mlir::nv_tileas::registerTestMemoryConsistencyPass();
  mlir::cuda_tile::registerOptimizationHintsOptions();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilecc optimizer driver\n", registry));
}
