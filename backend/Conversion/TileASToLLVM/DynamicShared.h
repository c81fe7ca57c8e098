//===- DynamicShared.h - shared buffers in dynamic shared memory -*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H
#define TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H

#include "Target/TargetInfo.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tilecc {

/// Set on the module by the memory plan when its shared buffers exceed the
/// target's static shared memory but fit its per-block budget.
inline constexpr llvm::StringLiteral kDynamicSharedAttr =
    "tilecc.dynamic_shared";
/// The extern dynamic shared array the buffers then live in.
inline constexpr llvm::StringLiteral kDynamicSharedSymbol =
    "tilecc_dynamic_shared";
/// String function attribute of a kernel (in the LLVM IR): the bytes of
/// dynamic shared memory its launch must pass (KernelMetadata reads it).
inline constexpr llvm::StringLiteral kDynamicSharedBytesFnAttr =
    "tilecc-dynamic-shared-bytes";

/// After the conversion to LLVM, on a module marked kDynamicSharedAttr:
/// places every address-space-3 buffer at an offset of one extern dynamic
/// shared array, rewrites their uses, and records the total on each kernel.
LogicalResult placeSharedInDynamicMemory(ModuleOp module,
                                         const ::tilecc::TargetInfo &target);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H
