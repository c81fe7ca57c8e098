//===- WarpgroupTurns.h - warpgroups taking turns on the tensor core -*- C++ -*-===//
//
// The named-barrier protocol of tileas-warpgroup-pingpong
// (TileASWarpgroupOps.td): a dot marked `nv_tileas.warpgroup_turn` waits
// for its warpgroup's turn before its MMAs and passes the turn on after
// committing them.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_BACKEND_CONVERSION_TILEASTOLLVM_WARPGROUPTURNS_H
#define TILECC_BACKEND_CONVERSION_TILEASTOLLVM_WARPGROUPTURNS_H

#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// `bar.sync first + g, 256` for the current warpgroup g, when `op` is a
/// turn.
void emitTurnWait(OpBuilder &b, Location loc, Operation *op);
/// `bar.arrive first + (g + 1) mod N, 256`, when `op` is a turn.
void emitTurnPass(OpBuilder &b, Location loc, Operation *op);

} // namespace mlir::tilecc

#endif // TILECC_BACKEND_CONVERSION_TILEASTOLLVM_WARPGROUPTURNS_H
