//===- Stages.cpp - the compilation stage table ---------------------------===//
#include "Pipeline/Stages.h"

#include "llvm/ADT/STLExtras.h"

using namespace tilecc;

static const StageInfo kStages[] = {
    {Stage::CudaTile, "cuda_tile", "parse and verify the cuda_tile text", true},
    {Stage::TileAA, "tileaa", "convert cuda_tile to nv_tileaa", false},
    {Stage::TileAACanon, "tileaa-canon",
     "nv_tileaa canonicalization, CSE and DCE", false},
    {Stage::TileAS, "tileas", "convert nv_tileaa to nv_tileas", false},
    {Stage::Schedule, "schedule",
     "layouts, pipelining, shared memory and mbarrier assignment", false},
    {Stage::LLVM, "llvm", "lower to LLVM IR with NVVM", false},
    {Stage::PTX, "ptx", "generate PTX with the NVPTX backend", false},
    {Stage::Cubin, "cubin", "assemble a cubin with ptxas", false},
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
