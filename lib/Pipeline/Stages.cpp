//===- Stages.cpp - the compilation stage table ---------------------------===//
#include "Pipeline/Stages.h"

#include "llvm/ADT/STLExtras.h"

using namespace tilecc;

using O = StageOutput;
static const StageInfo kStages[] = {
    {Stage::CudaTile, "cuda_tile",
     "parse and verify the cuda_tile input (text or Tile IR bytecode)", O::MLIR,
     ""},
    {Stage::Bytecode, "bytecode",
     "write the verified cuda_tile module as Tile IR bytecode (13.3)",
     O::Bytecode, ""},
    {Stage::TileAA, "tileaa", "convert cuda_tile to nv_tileaa", O::MLIR,
     "{cuda_tile_opts}convert-cuda-tile-to-tileaa{arch={arch}}"},
    {Stage::TileAACanon, "tileaa-canon",
     "nv_tileaa canonicalization, CSE and alignment versioning", O::MLIR,
     "tileaa-canonicalize,cse{tileaa_opts}"},
    {Stage::TileAS, "tileas", "convert nv_tileaa to nv_tileas", O::MLIR,
     "convert-tileaa-to-tileas{compute-capability={arch}}"},
    {Stage::Schedule, "schedule",
     "layout assignment, cp.async pipelining of dot operands, nv_tileas "
     "canonicalization, the shared/tensor-memory plan and the target-feature "
     "check",
     O::MLIR,
     "tileas-assign-layouts{num-warps={num_warps}},"
     "tileas-pipeline-dot-operands,tileas-tma-store-epilogue{arch={arch}},"
     "tileas-warpgroup-pingpong,"
     "tileas-canonicalize,"
     "tileas-plan-memory{arch={arch}},"
     "tileas-check-target-features{arch={arch}}"},
    {Stage::LLVM, "llvm", "lower to LLVM IR with NVVM", O::LLVMIR,
     "convert-tileas-to-llvm{arch={arch} num-warps={num_warps}}"},
    {Stage::PTX, "ptx", "generate PTX with the NVPTX backend", O::PTX, ""},
    {Stage::Cubin, "cubin", "assemble a cubin with ptxas", O::Cubin, ""},
};

llvm::ArrayRef<StageInfo> tilecc::getStages() { return kStages; }

const StageInfo &tilecc::getStageInfo(Stage stage) {
  return kStages[static_cast<unsigned>(stage)];
}

std::optional<Stage> tilecc::parseStageName(llvm::StringRef name) {
  for (const StageInfo &info : kStages)
    if (info.name == name)
      return info.stage;
  return std::nullopt;
}
