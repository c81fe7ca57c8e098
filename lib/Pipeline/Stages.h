//===- Stages.h - the compilation stage table -------------------*- C++ -*-===//
//
// The single source of truth for tilecc's stages: their names (as accepted by
// `--emit=`), their order and what each does. The driver, `--help` and the
// dump writer all read this table.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_STAGES_H
#define TILECC_PIPELINE_STAGES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace tilecc {

enum class Stage {
  CudaTile,
  Bytecode,
  TileAA,
  TileAACanon,
  TileAS,
  Schedule,
  LLVM,
  PTX,
  Cubin,
};

/// What a stage produces. A Bytecode stage is another form of the stage
/// before it (the IR is unchanged): it runs only when it is the last one
/// requested, and the stages after it continue from the same IR.
enum class StageOutput { MLIR, Bytecode, LLVMIR, PTX, Cubin };

struct StageInfo {
  Stage stage;
  llvm::StringRef name;        // `--emit=` spelling
  llvm::StringRef description; // one line for --help and docs
  StageOutput output;
  /// For MLIR stages: the textual pass pipeline (nested under builtin.module)
  /// that produces this stage from the previous one. `{arch}`,
  /// `{num_warps}` and `{cuda_tile_opts}` (the cuda_tile-level optimizations
  /// run at -O1 and above) are substituted from the compilation options.
  llvm::StringRef passPipeline;
};

/// The module attribute that records which stage produced a module.
constexpr llvm::StringLiteral kStageAttrName = "tilecc.stage";

/// All stages in pipeline order.
llvm::ArrayRef<StageInfo> getStages();
const StageInfo &getStageInfo(Stage stage);
std::optional<Stage> parseStageName(llvm::StringRef name);

} // namespace tilecc

#endif // TILECC_PIPELINE_STAGES_H
