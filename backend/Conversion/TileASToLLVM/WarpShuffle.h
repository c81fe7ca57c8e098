//===- WarpShuffle.h - layout conversions inside warps ----------*- C++ -*-===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_WARPSHUFFLE_H
#define TILECC_CONVERSION_TILEASTOLLVM_WARPSHUFFLE_H

#include "Layout/LinearLayout.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// The registers of a tile in layout `dst`, from its registers `srcRegs` in
/// a layout that holds every element in the same warp: `dstToSrc` is the
/// planner's WarpShuffle map (destination register, lane, warp -> source
/// register, lane, warp, warps fixed). Registers move with shfl.sync.idx
/// (none where a lane reads its own registers). Failure for element types
/// wider than 64 bits.
FailureOr<SmallVector<Value>>
convertWithinWarps(OpBuilder &b, Location loc, ArrayRef<Value> srcRegs,
                   const ::tilecc::layout::LinearLayout &dst,
                   const ::tilecc::layout::LinearLayout &dstToSrc);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_WARPSHUFFLE_H
