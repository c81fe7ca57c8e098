//===- Engines.h - ways to execute an end-to-end case -----------*- C++ -*-===//
#ifndef TILECC_RUN_ENGINES_H
#define TILECC_RUN_ENGINES_H

#include "Run/Case.h"
#include "Target/TargetInfo.h"

#include "mlir/IR/Operation.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tilecc {

/// What one engine produced: every buffer's final contents (in case order,
/// empty for scalar arguments) and the kernel's printed output.
struct EngineResult {
  std::vector<std::vector<uint8_t>> buffers;
  std::string printed;
  /// Execution counters (PTX engine only), one `name: value` per line.
  std::string counters;
};

struct PTXEngineOptions {};

/// Compiles the case's kernel for `target` with tilecc's pipeline and runs
/// the PTX on the emulator.
llvm::Expected<EngineResult> runOnPTXEmulator(const Case &testCase,
                                              const TargetInfo &target,
                                              const PTXEngineOptions &options = {});

/// Runs the case's kernel from `module` (a parsed cuda_tile module) with the
/// reference interpreter.
llvm::Expected<EngineResult> runOnInterpreter(const Case &testCase,
                                              mlir::Operation *module);

/// Finds the cuda_tile entry named `kernel` anywhere under `root`.
mlir::Operation *findEntry(mlir::Operation *root, llvm::StringRef kernel);

/// Compares `actual` against `expected` for every output buffer with the
/// case's tolerances. Returns a report of the first mismatches (empty when
/// they agree).
std::string compareResults(const Case &testCase, const EngineResult &expected,
                           const EngineResult &actual,
                           llvm::StringRef expectedName,
                           llvm::StringRef actualName);

/// Compares `result` with the buffers' literal "expect" contents. Returns a
/// report of the first mismatches (empty when they agree).
std::string checkExpected(const Case &testCase, const EngineResult &result,
                          llvm::StringRef name);

} // namespace tilecc

#endif // TILECC_RUN_ENGINES_H
