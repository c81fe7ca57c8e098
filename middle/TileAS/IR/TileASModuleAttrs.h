//===- TileASModuleAttrs.h - target facts carried on the module -*- C++ -*-===//
//
// Module attributes that carry the target's resource limits to the schedule
// passes, set once where the target is known (kernel-spec attachment), so
// the passes plan against the same numbers the LLVM conversion enforces.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_TILEASMODULEATTRS_H
#define TILECC_TILEAS_IR_TILEASMODULEATTRS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>

namespace mlir::nv_tileas {

/// Bytes of static shared memory one CTA of the target may declare (the
/// per-block limit on `sm_XYa` targets, 48 KiB elsewhere): what the schedule
/// may plan without making the launch pass dynamic shared memory.
inline constexpr llvm::StringLiteral kStaticSharedLimitAttrName =
    "nv_tileas.static_shared_limit";

/// The static shared-memory limit recorded on `op` or an enclosing op.
inline std::optional<int64_t> getStaticSharedLimit(Operation *op) {
  for (; op; op = op->getParentOp())
    if (auto limit = op->getAttrOfType<IntegerAttr>(kStaticSharedLimitAttrName))
      return limit.getInt();
  return std::nullopt;
}

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASMODULEATTRS_H
