//===- CudaTileControlFlowUtils.h - helpers of the control-flow family -*- C++ -*-===//
//
// Small helpers shared by the control-flow, shape and reduction op sources of
// the cuda_tile dialect.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CUDATILE_IR_CUDATILECONTROLFLOWUTILS_H
#define TILECC_CUDATILE_IR_CUDATILECONTROLFLOWUTILS_H

#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/IR/Builders.h"

#include <string>

namespace mlir::cuda_tile {

/// Formats types as `'t0', 't1'` for diagnostics.
std::string formatQuotedTypes(TypeRange types);

/// Gives `region` a block ending in a terminator: when the block is empty or
/// does not end in a terminator, appends an operand-less `TerminatorOp`.
template <typename TerminatorOp>
void ensureImplicitTerminator(Region &region, Builder &builder, Location loc) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.back();
  if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
    return;
  OpBuilder opBuilder(builder.getContext());
  opBuilder.setInsertionPointToEnd(&block);
  opBuilder.create<TerminatorOp>(loc);
}

} // namespace mlir::cuda_tile

#endif // TILECC_CUDATILE_IR_CUDATILECONTROLFLOWUTILS_H
