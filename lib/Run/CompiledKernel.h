//===- CompiledKernel.h - a case's kernel compiled by tilecc ----*- C++ -*-===//
//
// The PTX emulator engine and the GPU launch export both compile the case's
// kernel with tilecc's own pipeline and pass its arguments by the kernel's
// parameter ABI; this is the one place that does both.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_RUN_COMPILEDKERNEL_H
#define TILECC_RUN_COMPILEDKERNEL_H

#include "Pipeline/KernelMetadata.h"
#include "Run/Case.h"
#include "Target/TargetInfo.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace tilecc {

struct CompiledKernel {
  std::string ptx;
  std::string cubin; // empty unless assembled
  KernelMetadata metadata;
};

/// Compiles the case's kernel file for `target` (through ptxas when
/// `assemble`) and checks that the case's arguments match the kernel's
/// parameters.
llvm::Expected<CompiledKernel> compileCaseKernel(const Case &testCase,
                                                 const TargetInfo &target,
                                                 bool assemble);

/// The .param bytes of a scalar argument (little-endian, the parameter's
/// size).
std::vector<uint8_t> getScalarParamBytes(const CaseScalar &scalar,
                                         const KernelParam &param);

/// Threads per CTA a launch uses (the kernel's launch bound).
unsigned getThreadsPerCTA(const KernelMetadata &kernel);

} // namespace tilecc

#endif // TILECC_RUN_COMPILEDKERNEL_H
