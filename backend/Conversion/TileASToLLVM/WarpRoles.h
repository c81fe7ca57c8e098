//===- WarpRoles.h - warp-specialized kernels' roles as branches -*- C++ -*-===//
//
// A kernel the schedule warp-specialized holds an async.pipeline.producer
// region with `warps(N)` directly followed by its consumer region
// (TileASPipelineOps.td). Before the conversion they become a branch on the
// warpgroup index; what the patterns need of the roles is kept here.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_CONVERSION_TILEASTOLLVM_WARPROLES_H
#define TILECC_CONVERSION_TILEASTOLLVM_WARPROLES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::tilecc {

struct WarpRoles {
  /// Warps a kernel (the nv_tileaa.func) runs beside those its tiles are
  /// distributed over: its producer role's.
  llvm::DenseMap<Operation *, unsigned> extraWarps;
  /// The warp whose elected thread issues an op of a producer role.
  llvm::DenseMap<Operation *, unsigned> issuingWarps;
  /// Where a consumer's way starts (its role, or a branch the extra warps
  /// leave at), and its threads: every CTA barrier the conversion places in
  /// code reached only through such starts counts those threads only.
  struct Consumer {
    Block *entry;
    unsigned threads;
  };
  SmallVector<Consumer> consumers;

  /// Warps of the CTA running `func`, given the warps its tiles use.
  unsigned getThreadWarps(Operation *func, unsigned tileWarps) const {
    return tileWarps + extraWarps.lookup(func);
  }
  /// The warp whose elected thread issues `op`'s asynchronous work: its
  /// producer role's first warp, else warp 0.
  unsigned getIssuingWarp(Operation *op) const {
    return issuingWarps.lookup(op);
  }
};

/// Replaces each warp-role pair of producer and consumer regions by a
/// branch on the thread's warpgroup: the consumer warps (the first ones,
/// so the tiles' thread indexing holds) raise their registers
/// (setmaxnreg.inc) and run the consumer region and the rest of the kernel;
/// the producer warpgroup lowers them (setmaxnreg.dec), its first warp runs
/// the producer region and every producer warp then returns. scf.if ops
/// around the roles become branches, and the producer warps return at the
/// start of the branches that do not lead to their role. Records the
/// roles in `roles`; fails with a located error on a role the branch cannot
/// express.
LogicalResult materializeWarpRoles(ModuleOp module, WarpRoles &roles);

/// After the conversion: the CTA barriers (bar.sync 0) in code reached only
/// through a consumer's way (its role, or a branch the extra warps left at)
/// become named barrier 1 over the consumer's threads, so the producer
/// warps that left take part in none.
void countConsumerBarriers(ModuleOp module, const WarpRoles &roles);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_TILEASTOLLVM_WARPROLES_H
