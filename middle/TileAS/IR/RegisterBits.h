//===- RegisterBits.h - register width of tile elements ---------*- C++ -*-===//
//
// tf32 has 19 significant bits but lives in registers and in shared memory
// as its 32-bit f32 pattern (the LLVM type converter makes it an i32). Code
// that sizes elements in registers or shared memory (the dot's instruction
// choice, layout conversions through shared memory) reads the width here.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_REGISTERBITS_H
#define TILECC_TILEAS_IR_REGISTERBITS_H

#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nv_tileas {

/// Bits one element takes in registers: 32 for tf32, else the type's own
/// width.
inline unsigned getRegisterBits(Type element) {
  return isa<FloatTF32Type>(element) ? 32 : element.getIntOrFloatBitWidth();
}

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_REGISTERBITS_H
