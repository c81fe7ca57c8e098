//===- TileAADivisibility.h - powers of two known to divide ----*- C++ -*-===//
//
// What the IR proves about the divisibility of an integer or the alignment of
// a pointer: constants, `nv_tileaa.assume div_by<N>` facts and the casts
// that keep them. Access widths (copy atoms) and alignment versioning read it.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAA_IR_TILEAADIVISIBILITY_H
#define TILECC_TILEAA_IR_TILEAADIVISIBILITY_H

#include "mlir/IR/Value.h"

namespace mlir::nv_tileaa {

/// The largest power of two known to divide the integer value `v`, or the
/// byte alignment known of the pointer `v` (1 when nothing is known; 2^62
/// for the constant zero).
int64_t getKnownDivisor(Value v);

} // namespace mlir::nv_tileaa

#endif // TILECC_TILEAA_IR_TILEAADIVISIBILITY_H
