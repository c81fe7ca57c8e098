//===- CudaTileMemoryVerifiers.h - checks shared by memory ops -*- C++ -*-===//
//
// Verification helpers shared by the pointer and view flavours of the memory
// ops (CudaTileMemoryOps.cpp, CudaTileViewOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILEMEMORYVERIFIERS_H
#define TILECC_CUDATILE_IR_CUDATILEMEMORYVERIFIERS_H

#include "CudaTile/IR/CudaTileDialect.h"

namespace mlir::cuda_tile::memcheck {

/// Ordering/scope rules of loads (`isLoad`) and stores: loads may be
/// weak/relaxed/acquire, stores weak/relaxed/release; weak takes no scope,
/// the others require one.
LogicalResult verifyMemoryModel(Operation *op, bool isLoad,
                                MemoryOrderingSemantics sem,
                                std::optional<MemoryScope> scope);

/// Element types accepted by each atomic read-modify-write mode.
LogicalResult verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                               Type elementType);

/// Pointee type of a tile of pointers.
Type getPointee(Type pointerTile);

} // namespace mlir::cuda_tile::memcheck

#endif // TILECC_CUDATILE_IR_CUDATILEMEMORYVERIFIERS_H
