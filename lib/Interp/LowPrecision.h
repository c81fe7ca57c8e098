//===- LowPrecision.h - conversions into the narrow float types -*- C++ -*-===//
//
// The rounding rules of conversions into f8E4M3FN, f8E5M2, f4E2M1FN and
// f8E8M0FNU, shared by ftof and itof. These types are used as MMA operands
// and block scales, and tilecc converts into them the way the hardware's
// `cvt ... .satfinite` does:
//  - f8E4M3FN, f8E5M2, f4E2M1FN: round to nearest even; a value beyond the
//    largest finite one (infinities included) becomes that value with the
//    input's sign; NaN becomes the canonical NaN 0x7F (f4E2M1FN has no NaN:
//    it becomes +6.0, the largest finite value).
//  - f8E8M0FNU (an unsigned power of two 2^-127..2^127, 0xFF is NaN): the
//    magnitude's exponent rounded toward zero (floor of log2) or toward
//    +infinity (ceil of log2), clamped to [-127, 127]; zero gives 2^-127,
//    infinity 2^127, NaN 0xFF.
// Every other conversion is the IEEE one with the op's rounding mode.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_INTERP_LOWPRECISION_H
#define TILECC_INTERP_LOWPRECISION_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <cstdint>

namespace tilecc::interp {

/// True for the element types whose conversions saturate (see above).
bool isSaturatingFloat(mlir::Type type);

/// Rounds `value` (any semantics) into float type `to` with `mode` and the
/// narrow types' rules; returns the result's bit pattern.
uint64_t roundToFloat(const llvm::APFloat &value, mlir::Type to,
                      llvm::RoundingMode mode);

/// Converts an integer into float type `to` (round to nearest even).
uint64_t intToFloat(const llvm::APInt &value, bool isSigned, mlir::Type to);

} // namespace tilecc::interp

#endif // TILECC_INTERP_LOWPRECISION_H
