//===- TileASMemoryPlan.h - the recorded shared-memory plan -----*- C++ -*-===//
//
// What SharedMemoryUserOpInterface reports, and the attributes in which
// `tileas-plan-memory` records its decisions for the LLVM conversion:
//
//   module  nv_tileas.memory_plan = {shared_bytes, dynamic, [dynamic_bytes,]
//                                    tmem_columns, buffers = [{name, bytes,
//                                    alignment, offset}, ...]}
//   op      nv_tileas.shared = {buffer, offset, bytes, barrier}
//   global  nv_tileas.shared = {offset, bytes}      (address space 3)
//   op      nv_tileas.tmem_columns = N              (tcgen05)
//   op      nv_tileas.barrier = true|false          (async_wait)
//
// Offsets are bytes from the start of the module's shared memory in the
// order the buffers are declared (where dynamic shared memory puts them).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_TILEASMEMORYPLAN_H
#define TILECC_TILEAS_IR_TILEASMEMORYPLAN_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>

namespace tilecc {
struct TargetInfo;
} // namespace tilecc

namespace mlir::nv_tileas {

/// Shared memory one op needs.
struct SharedMemoryNeed {
  int64_t bytes = 0;
  int64_t alignment = 16;
};

/// How long an op's shared bytes stay live.
enum class SharedLiveRange { Op, Kernel };

inline constexpr llvm::StringLiteral kMemoryPlanAttrName =
    "nv_tileas.memory_plan";
inline constexpr llvm::StringLiteral kSharedSliceAttrName = "nv_tileas.shared";
inline constexpr llvm::StringLiteral kTmemColumnsAttrName =
    "nv_tileas.tmem_columns";
inline constexpr llvm::StringLiteral kBarrierAttrName = "nv_tileas.barrier";

/// An op's (or a global's) place in the plan.
struct SharedSlice {
  StringAttr buffer; // null for a global (the buffer is the global itself)
  int64_t offset = 0, bytes = 0;
  bool barrier = true; // a CTA barrier before the op writes its bytes
};

/// The slice recorded on `op`, if the plan gave it one.
std::optional<SharedSlice> getSharedSlice(Operation *op);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASMEMORYPLAN_H
