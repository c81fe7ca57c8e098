//===- TileASWarpgroupOps.h - warpgroups taking turns -----------*- C++ -*-===//
#ifndef TILECC_TILEAS_IR_TILEASWARPGROUPOPS_H
#define TILECC_TILEAS_IR_TILEASWARPGROUPOPS_H

#include "TileAS/IR/TileASDialect.h"

#define GET_OP_CLASSES
#include "TileAS/IR/TileASWarpgroupOps.h.inc"

namespace mlir::nv_tileas {

/// On a wgmma dot: `array<i32: barrier, warpgroups>`, the dot's MMAs are a
/// turn (TileASWarpgroupOps.td): its warpgroup waits on `barrier + g`
/// before issuing them and arrives on `barrier + (g + 1) mod warpgroups`
/// once they are committed.
inline constexpr llvm::StringLiteral kWarpgroupTurnAttrName =
    "nv_tileas.warpgroup_turn";

/// Threads a turn's named barrier counts: the warpgroup that waits and the
/// one that arrives.
inline constexpr int32_t kWarpgroupTurnThreads = 256;

/// Checks `barrier` and `warpgroups` of a turn (named barriers 1..15, at
/// least two warpgroups); emits at `op` and fails otherwise.
LogicalResult verifyWarpgroupTurns(Operation *op, int64_t barrier,
                                   int64_t warpgroups);

} // namespace mlir::nv_tileas

#endif // TILECC_TILEAS_IR_TILEASWARPGROUPOPS_H
