//===- Passes.h - conversions between the tile dialects ---------*- C++ -*-===//
#ifndef TILECC_CONVERSION_PASSES_H
#define TILECC_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

// TileAAToTileAS
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

namespace mlir::tilecc {

#define GEN_PASS_DECL
#include "Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Conversion/Passes.h.inc"

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_PASSES_H
