//===- StageDump.h - versioned JSON dumps of a stage's output ---*- C++ -*-===//
//
// A stage dump (ARCHITECTURE.md section 6, schema in docs/stage-dump.md)
// records one stage's output: the module as generic MLIR text with
// locations, the same module as a structured op tree, the target, the kernels
// and timings. Loading a dump gives back the identical module, so that
// compilation can resume after any stage.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_PIPELINE_STAGEDUMP_H
#define TILECC_PIPELINE_STAGEDUMP_H

#include "mlir/IR/Operation.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace tilecc {

constexpr int kStageDumpVersion = 1;

struct StageDumpInfo {
  std::string stage;
  std::string arch;
  std::string source;
  /// Textual payload for the non-MLIR stages (LLVM IR, PTX); base64 for cubin.
  std::string text;
  std::vector<std::string> kernels;
  std::map<std::string, double> timingsMs;
  std::map<std::string, int64_t> stats;
};

/// Prints `op` in the generic form with locations, as stored in dumps.
std::string printForDump(mlir::Operation *op);

/// Serializes a dump; `module` may be null for the ptx and cubin stages.
std::string writeStageDump(const StageDumpInfo &info, mlir::Operation *module);

/// A parsed dump: its header and the IR text of its module (when it has one).
struct LoadedStageDump {
  StageDumpInfo info;
  std::string ir;
};

/// Parses and validates a dump (format name, version, required fields).
llvm::Expected<LoadedStageDump> readStageDump(llvm::StringRef json);

std::string encodeBase64(llvm::StringRef bytes);
llvm::Expected<std::string> decodeBase64(llvm::StringRef text);

} // namespace tilecc

#endif // TILECC_PIPELINE_STAGEDUMP_H
