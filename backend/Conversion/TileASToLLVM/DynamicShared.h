//===- DynamicShared.h - shared buffers in dynamic shared memory -*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H
#define TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H

#include "llvm/ADT/StringMap.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::tilecc {

/// The extern dynamic shared array the buffers then live in.
inline constexpr llvm::StringLiteral kDynamicSharedSymbol =
    "tilecc_dynamic_shared";
/// String function attribute of a kernel (in the LLVM IR): the bytes of
/// dynamic shared memory its launch must pass (KernelMetadata reads it).
inline constexpr llvm::StringLiteral kDynamicSharedBytesFnAttr =
    "tilecc-dynamic-shared-bytes";

/// Where tileas-plan-memory placed the module's shared buffers: each
/// buffer's byte offset, and for a plan in dynamic shared memory the bytes
/// the launch passes and the array's alignment (0 bytes: static).
struct SharedPlacement {
  llvm::StringMap<int64_t> offsets;
  int64_t dynamicBytes = 0;
  int64_t alignment = 16;
};

/// After the conversion to LLVM, for a plan in dynamic shared memory:
/// places every address-space-3 buffer at its planned offset of one extern
/// dynamic shared array, rewrites their uses, and records the total on each
/// kernel. A buffer the plan does not place is a located error.
LogicalResult placeSharedInDynamicMemory(ModuleOp module,
                                         const SharedPlacement &placement);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_DYNAMICSHARED_H
