//===- PTXEmitter.h - LLVM IR to PTX with the NVPTX backend -----*- C++ -*-===//
#ifndef TILECC_CODEGEN_PTXEMITTER_H
#define TILECC_CODEGEN_PTXEMITTER_H

#include "Target/TargetInfo.h"

#include "llvm/Support/Error.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace tilecc {

struct PTXOptions {
  unsigned optLevel = 3; // 0..3
};

/// Generates PTX for `module` in process. The module's triple and data layout
/// are set for the target; the arch must come from the target table, so LLVM
/// never sees an arch it does not know.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const TargetInfo &target,
                                    const PTXOptions &options = {});

} // namespace tilecc

#endif // TILECC_CODEGEN_PTXEMITTER_H
