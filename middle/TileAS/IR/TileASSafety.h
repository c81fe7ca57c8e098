//===- TileASSafety.h - safe-rewrite predicate (seed 003) -------*- C++ -*-===//
//
// Canonicalizations may only move, duplicate or erase ops reached through SSA
// chains of pure tile-structure ops; a memory-consistency op on a chain (or
// any op that is neither tile structure nor a constant) rejects the match.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_TILEAS_IR_TILEASSAFETY_H
#define TILECC_TILEAS_IR_TILEASSAFETY_H

#include "TileAS/IR/TileASDialect.h"

namespace mlir::nv_tileas {

/// alloc_tensor, insert_slice, extract_slice and view: the ops a match chain
/// may contain besides constants.
bool isPureTileStructureOp(Operation *op);

/// Whether a pattern may move, duplicate or erase `op`: it is outside the
/// memory-consistency set and is pure tile structure or a constant.
bool isSafeToRewrite(Operation *op);

/// Follows `value` through insert_slice destinations and returns the
/// alloc_tensor the chain sinks into, appending the chain ops (allocation
/// first) to `chain`. Fails at a block argument, a memory-consistency op or
/// any op that is not safe to rewrite.
FailureOr<AllocTensorOp> traceToAllocation(Value value,
                                           SmallVectorImpl<Operation *> &chain);

/// Follows `value` up through insert_slice destinations while the defining
/// ops are nested in `scope`, and returns the first value defined outside it.
/// Every op passed must be safe to rewrite.
FailureOr<Value> traceOutOfRegion(Value value, Region &scope);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASSAFETY_H
