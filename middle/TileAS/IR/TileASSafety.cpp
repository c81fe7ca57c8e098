//===- TileASSafety.cpp - safe-rewrite predicate (seed 003) ---------------===//
#include "TileAS/IR/TileASSafety.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

bool nv_tileas::isPureTileStructureOp(Operation *op) {
  return isa<AllocTensorOp, InsertSliceOp, ExtractSliceOp, ViewOp>(op);
}

bool nv_tileas::isSafeToRewrite(Operation *op) {
  if (isa<MemoryConsistencyOpInterface>(op))
    return false;
  return isPureTileStructureOp(op) || op->hasTrait<OpTrait::ConstantLike>();
}

FailureOr<AllocTensorOp>
nv_tileas::traceToAllocation(Value value, SmallVectorImpl<Operation *> &chain) {
  SmallVector<Operation *> reversed;
  while (Operation *def = value.getDefiningOp()) {
    // A memory-consistency op aborts the walk before anything else is looked at.
    if (!isSafeToRewrite(def))
      return failure();
    if (auto alloc = dyn_cast<AllocTensorOp>(def)) {
      reversed.push_back(alloc);
      chain.append(reversed.rbegin(), reversed.rend());
      return alloc;
    }
    auto insert = dyn_cast<InsertSliceOp>(def);
    if (!insert)
      return failure();
    reversed.push_back(insert);
    value = insert.getDest();
  }
  return failure(); // A block boundary ends the walk without a sink.
}

FailureOr<Value> nv_tileas::traceOutOfRegion(Value value, Region &scope) {
  while (true) {
    Operation *def = value.getDefiningOp();
    Region *defRegion = def ? def->getParentRegion()
                            : cast<BlockArgument>(value).getParentRegion();
    if (!scope.isAncestor(defRegion))
      return value;
    if (!def || !isSafeToRewrite(def))
      return failure();
    auto insert = dyn_cast<InsertSliceOp>(def);
    if (!insert)
      return failure();
    value = insert.getDest();
  }
}
