//===- Passes.h - nv_tileas passes ------------------------------*- C++ -*-===//
#ifndef TILECC_TILEAS_TRANSFORMS_PASSES_H
#define TILECC_TILEAS_TRANSFORMS_PASSES_H

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::nv_tileas {

#define GEN_PASS_DECL
#include "TileAS/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "TileAS/Transforms/Passes.h.inc"

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_TRANSFORMS_PASSES_H
