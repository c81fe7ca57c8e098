//===- KernelMetadata.h - what a host needs to launch a kernel --*- C++ -*-===//
#ifndef TILECC_PIPELINE_KERNELMETADATA_H
#define TILECC_PIPELINE_KERNELMETADATA_H

#include "Codegen/Ptxas.h"

#include <array>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace tilecc {

struct KernelParam {
  std::string type; // `ptr`, `i32`, `f32`, ...
  unsigned size = 0;
  unsigned alignment = 0;
};

struct KernelMetadata {
  std::string symbol;
  std::vector<KernelParam> params;
  unsigned threadsPerCTA = 0;
  std::array<unsigned, 3> clusterDims = {1, 1, 1};
  unsigned dynamicSharedBytes = 0;
  KernelResourceUsage resources; // registers, spills, static shared memory
  std::string arch;
};

/// Reads the kernels of an NVPTX LLVM module: symbols, parameter ABI, launch
/// bounds and cluster dims.
std::vector<KernelMetadata> collectKernelMetadata(const llvm::Module &module,
                                                  const std::string &arch);

/// JSON text of a metadata list (the --metadata file).
std::string printKernelMetadata(const std::vector<KernelMetadata> &kernels);

} // namespace tilecc

#endif // TILECC_PIPELINE_KERNELMETADATA_H
