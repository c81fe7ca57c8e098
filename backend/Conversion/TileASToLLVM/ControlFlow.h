//===- ControlFlow.h - branches the LLVM lowerings build --------*- C++ -*-===//
//
// The two control-flow shapes several lowerings emit into the LLVM dialect:
// a one-armed branch and an mbarrier spin wait.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_CONTROLFLOW_H
#define TILECC_CONVERSION_TILEASTOLLVM_CONTROLFLOW_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::tilecc {

/// Splits the current block: `body` runs where the i1 `cond` holds, then
/// both paths continue in a new block, where the insertion point is left.
/// `body` may split blocks itself; its last block falls through.
void emitIf(RewriterBase &rewriter, Location loc, Value cond,
            llvm::function_ref<void()> body);

/// Every thread spins on mbarrier.try_wait.parity until the phase of parity
/// `parity` (i32) of the mbarrier at `mbar` (shared pointer) completed.
void emitMbarrierWait(RewriterBase &rewriter, Location loc, Value mbar,
                      Value parity);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_CONTROLFLOW_H
