//===- FmaDotPatterns.h - nv_tileas.dot as scalar multiply-adds -*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_FMADOTPATTERNS_H
#define TILECC_CONVERSION_TILEASTOLLVM_FMADOTPATTERNS_H

#include "Conversion/TileASToLLVM/TileASToLLVM.h"

namespace mlir::tilecc {

/// dot with an `fma_` atom: scalar multiply-adds, every thread its own
/// accumulator elements (added by populateTileASDotToLLVMPatterns).
void populateTileASFmaDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_FMADOTPATTERNS_H
