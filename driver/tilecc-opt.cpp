//===- tilecc-opt.cpp - MlirOptMain over tilecc's dialects and passes -----===//
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileMiscUtils.h"
#include "CudaTile/Transforms/Passes.h"
// nv_tileaa
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/Transforms/Passes.h"
// nv_tileas
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
// TileAAToTileAS
#include "Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
// cuda_tile -> nv_tileaa
// schedule stage and code generation
#include "Schedule/Passes.h"
#include "Conversion/TileASToLLVM/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
namespace mlir::nv_tileas {
void registerTestMemoryConsistencyPass();
} // namespace mlir::nv_tileas

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::cuda_tile::CudaTileDialect>();
  // nv_tileaa and the upstream dialects its IR mixes in.
  registry.insert<mlir::nv_tileaa::TileAADialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect, mlir::ub::UBDialect>();
  mlir::nv_tileaa::registerTileAAPasses();
  // nv_tileas
  registry.insert<mlir::nv_tileas::TileASDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::scf::SCFDialect,
                  mlir::tensor::TensorDialect>();
  mlir::nv_tileas::registerTileASPasses();
  mlir::nv_tileas::registerTestMemoryConsistencyPass();
  // TileAAToTileAS
  registry.insert<mlir::gpu::GPUDialect>();
  mlir::tilecc::registerTileccConversionPasses();
  // schedule stage and code generation
  registry.insert<mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect>();
  // cf.assert, as the tileas stage writes asserts.
  registry.insert<mlir::cf::ControlFlowDialect>();
  mlir::nv_tileas::registerSchedulePasses();
  mlir::tilecc::registerTileASToLLVMPasses();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::cuda_tile::registerCudaTilePasses();
  // cuda_tile -> nv_tileaa
  mlir::tilecc::registerConvertCudaTileToTileAA();
  mlir::cuda_tile::registerOptimizationHintsOptions();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tilecc optimizer driver\n", registry));
}
