//===- MmaOperands.h - register width of MMA operand elements ---*- C++ -*-===//
//
// The mma.sync instruction of a dot (lib/Layout's instruction table) is
// picked by the width its operand elements take in registers, which every
// stage reads through this helper: tf32 is kept as its f32 bit pattern.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_MMAOPERANDS_H
#define TILECC_TILEAS_IR_MMAOPERANDS_H

#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nv_tileas {

/// Bits one A/B element takes in the instruction's registers: 32 for tf32
/// (19 significant bits in a 32-bit pattern), else the type's own width.
inline unsigned getMmaOperandBits(Type element) {
  return isa<FloatTF32Type>(element) ? 32 : element.getIntOrFloatBitWidth();
}

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_MMAOPERANDS_H
