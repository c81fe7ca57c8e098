//===- Passes.h - schedule-stage passes -------------------------*- C++ -*-===//
#ifndef TILECC_SCHEDULE_PASSES_H
#define TILECC_SCHEDULE_PASSES_H

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::nv_tileas {
#define GEN_PASS_DECL
#include "Schedule/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Schedule/Passes.h.inc"
} // namespace mlir::nv_tileas

#endif // TILECC_SCHEDULE_PASSES_H
