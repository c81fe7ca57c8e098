//===- KernelResources.h - warps, ring depth, register budget ---*- C++ -*-===//
//
// The decision the kernel-spec attachment takes for what a kernel's launch
// hints leave open (KernelResources.cpp; docs/codegen.md, "Warps, pipeline
// depth and register budget").
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEAATOTILEAS_KERNELRESOURCES_H
#define TILECC_CONVERSION_TILEAATOTILEAS_KERNELRESOURCES_H

#include "Target/TargetInfo.h"
#include "mlir/IR/Operation.h"

#include <optional>

namespace mlir::tilecc {

/// The ring depth of a kernel's staged dot operands, on its function (next
/// to `nv_tileaa.kernel_spec`); tileas-pipeline-dot-operands reads it.
inline constexpr llvm::StringLiteral kNumStagesAttr = "nv_tileaa.num_stages";

struct KernelResources {
  unsigned numWarps = 4;
  /// Ring depth of the dot operands loaded in loops (kernels with dots in
  /// loops only).
  std::optional<unsigned> numStages;
  /// CTAs per SM the register estimate leaves room for, where that asks
  /// ptxas for fewer registers than one CTA's share of the register file.
  std::optional<unsigned> occupancy;
  /// Registers per thread the dots need on numWarps warps (dot kernels).
  std::optional<int64_t> estimatedRegisters;
  /// Registers per thread beyond the limit when no warp count fits.
  std::optional<int64_t> overflow;
};

/// Chooses warps (unless `hintedWarps`), ring depth and register budget for
/// the kernel `func` on `target` from its dots' tiles and element types and
/// its loads' `latency` hints. `wgmma` says whether dots may run on wgmma.
KernelResources chooseKernelResources(Operation *func,
                                      const ::tilecc::TargetInfo &target,
                                      bool wgmma,
                                      std::optional<unsigned> hintedWarps);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEAATOTILEAS_KERNELRESOURCES_H
