//===- PtxVersion.h - PTX ISA version that inline PTX needs -----*- C++ -*-===//
//
// Lowerings that emit inline PTX newer than a target's default PTX ISA
// record the version they need in a module flag; the PTX emitter targets at
// least that version.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_PTXVERSION_H
#define TILECC_CONVERSION_TILEASTOLLVM_PTXVERSION_H

#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// Records that the inline PTX of `op`'s module needs PTX ISA `version`
/// (e.g. 84 for fp8 mma.sync): the `max` module flag kMinPtxVersionFlag,
/// added once per version.
void requirePtxVersion(OpBuilder &b, Operation *op, int32_t version);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_PTXVERSION_H
