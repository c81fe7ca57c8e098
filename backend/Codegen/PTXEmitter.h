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

/// LLVM module flag (behaviour `max`, i32) naming the lowest PTX ISA version
/// (e.g. 84) that the module's inline PTX needs; emitPTX targets at least it.
inline constexpr const char *kMinPtxVersionFlag = "tilecc.min_ptx_version";

/// Generates PTX for `module` in process. The module's triple and data layout
/// are set for the target; the arch must come from the target table, so LLVM
/// never sees an arch it does not know.
llvm::Expected<std::string> emitPTX(llvm::Module &module,
                                    const TargetInfo &target,
                                    const PTXOptions &options = {});

} // namespace tilecc

#endif // TILECC_CODEGEN_PTXEMITTER_H
