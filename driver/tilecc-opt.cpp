//===- tilecc-opt.cpp - MlirOptMain over tilecc's dialects and passes -----===//
#include "CudaTile/IR/CudaTileDialect.h"
// nv_tileas
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
namespace mlir::nv_tileas {
void registerTestMemoryConsistencyPass();
} // namespace mlir::nv_tileas

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  // nv_tileas
  registry.insert<mlir::nv_tileas::TileASDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  mlir::nv_tileas::registerTileASPasses();
  mlir::nv_tileas::registerTestMemoryConsistencyPass();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilecc optimizer driver\n", registry));
}
