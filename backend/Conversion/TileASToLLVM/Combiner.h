//===- Combiner.h - helpers shared by reduce and scan -----------*- C++ -*-===//
//
// reduce and scan both inline their combiner region at every step, exchange
// registers across lanes with shfl.sync and stage values across warps in the
// shared scratch buffer.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_COMBINER_H
#define TILECC_CONVERSION_TILEASTOLLVM_COMBINER_H

#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// Inlines the combiner `body` (accumulators..., values...) -> accumulators:
/// `lhs` holds the values that come first along the axis, `rhs` the later
/// ones.
SmallVector<Value> inlineCombiner(OpBuilder &b, Block &body, ValueRange lhs,
                                  ValueRange rhs);

/// shfl.sync.bfly of one register of any integer or float type up to 64
/// bits; failure for other types.
FailureOr<Value> shuffleXor(OpBuilder &b, Location loc, Value v,
                            unsigned offset);
/// shfl.sync.idx: `v` of lane `srcLane` (i32), same types as shuffleXor.
FailureOr<Value> shuffleIdx(OpBuilder &b, Location loc, Value v,
                            Value srcLane);

/// Bytes one element of `type` takes in the scratch buffer (i1 as a byte).
unsigned scratchElementBytes(Type type);

/// Type a value of `type` is stored as in the scratch buffer, and the
/// conversions to and from it.
Type scratchStorageType(Type type);
Value toScratchStorage(OpBuilder &b, Location loc, Value v);
Value fromScratchStorage(OpBuilder &b, Location loc, Value stored, Type type);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_COMBINER_H
