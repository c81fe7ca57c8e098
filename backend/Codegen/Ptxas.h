//===- Ptxas.h - assembling PTX into a cubin with ptxas ---------*- C++ -*-===//
#ifndef TILECC_CODEGEN_PTXAS_H
#define TILECC_CODEGEN_PTXAS_H

#include "Target/TargetInfo.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilecc {

/// Resource usage of one kernel as reported by `ptxas -v`.
struct KernelResourceUsage {
  unsigned registers = 0;
  unsigned barriers = 0;
  unsigned stackFrameBytes = 0;
  unsigned spillStoreBytes = 0;
  unsigned spillLoadBytes = 0;
  unsigned sharedMemoryBytes = 0;
  unsigned constantMemoryBytes = 0;
};

/// Parses the `ptxas -v` report into per-kernel usage, keyed by symbol.
std::map<std::string, KernelResourceUsage> parsePtxasReport(llvm::StringRef report);

/// Finds a CUDA toolkit program: an explicit path, then $CUDA_HOME/bin,
/// $CUDA_PATH/bin, PATH, and /usr/local/cuda/bin. std::nullopt if none.
std::optional<std::string> findCudaTool(llvm::StringRef name,
                                        llvm::StringRef explicitPath = "");
std::optional<std::string> findPtxas(llvm::StringRef explicitPath = "");

/// One cubin of a fat binary and the ptxas target it was built for.
struct FatbinImage {
  std::string arch; // sm_80, sm_100a, ...
  std::string cubin;
};

/// Packs cubins into one fatbin at `outputPath`; returns an error message,
/// empty on success.
std::string runFatbinary(llvm::StringRef fatbinaryPath,
                         llvm::ArrayRef<FatbinImage> images,
                         llvm::StringRef outputPath);

struct PtxasResult {
  bool succeeded = false;
  std::string cubin;                 // the ELF image
  std::string log;                   // ptxas's own output (stderr + stdout)
  std::vector<std::string> flags;    // the ptxas options used (no file names)
  std::map<std::string, KernelResourceUsage> kernels;
};

/// Assembles `ptx` for `target` with `ptxas -v`.
PtxasResult runPtxas(llvm::StringRef ptxasPath, llvm::StringRef ptx,
                     const TargetInfo &target, unsigned optLevel,
                     bool lineInfo, bool debugInfo);

} // namespace tilecc

#endif // TILECC_CODEGEN_PTXAS_H
