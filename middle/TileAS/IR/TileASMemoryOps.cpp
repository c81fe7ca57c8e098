//===- TileASMemoryOps.cpp - tiled load/store/atomic and copy -------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASOpVerifiers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASMemoryOps.cpp.inc"

void TileASDialect::registerMemoryOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASMemoryOps.cpp.inc"
      >();
}

namespace {
/// Which orderings an access may carry: loads cannot release, stores cannot
/// acquire, read-modify-writes accept every semantic.
enum class AccessKind { Load, Store, ReadModifyWrite };
} // namespace

static LogicalResult verifyOrdering(Operation *op,
                                    std::optional<MemSemantic> semantic,
                                    std::optional<MemScope> scope,
                                    AccessKind kind) {
  MemSemantic sem = semantic.value_or(MemSemantic::weak);
  if (sem != MemSemantic::weak && !scope)
    return op->emitOpError("non-weak memory ordering requires explicit scope");
  if (sem == MemSemantic::weak && scope)
    return op->emitOpError("weak memory ordering must not carry a scope");
  bool releases = sem == MemSemantic::release || sem == MemSemantic::acq_rel;
  bool acquires = sem == MemSemantic::acquire || sem == MemSemantic::acq_rel;
  if ((kind == AccessKind::Load && releases) ||
      (kind == AccessKind::Store && acquires))
    return op->emitOpError() << "does not accept '" << stringifyMemSemantic(sem)
                             << "' memory semantic";
  return success();
}

/// The facts shared by every tiled memory op: box indexing, the data tile, the
/// mask, bounds facts and the token protocol.
template <typename OpTy>
static LogicalResult verifyTiledMemOp(OpTy op, RankedTensorType tile,
                                      bool hasResultToken, AccessKind kind) {
  TiledViewType view = op.getView().getType();
  if (failed(verifyIndexedBox(op, view.getShape(), view.getElementType(),
                              op.getIndices().size(), tile, "tiled_view")))
    return failure();
  if (Value mask = op.getMask())
    if (cast<RankedTensorType>(mask.getType()).getShape() != tile.getShape())
      return op.emitOpError("mask shape must match the tile shape");
  if (std::optional<ArrayRef<bool>> inBounds = op.getInBounds())
    if (static_cast<int64_t>(inBounds->size()) != view.getRank())
      return op.emitOpError() << "in_bounds has " << inBounds->size()
                              << " entries but the view has rank "
                              << view.getRank();
  if (static_cast<bool>(op.getToken()) != hasResultToken)
    return op.emitOpError(
        "must return a token exactly when it consumes a token");
  return verifyOrdering(op, op.getMemSemantic(), op.getMemScope(), kind);
}

LogicalResult TiledLoadOp::verify() {
  if (Value other = getOther())
    if (other.getType() != getResult().getType())
      return emitOpError("other must have the result type");
  return verifyTiledMemOp(*this, getResult().getType(),
                          static_cast<bool>(getResultToken()),
                          AccessKind::Load);
}

LogicalResult TiledStoreOp::verify() {
  return verifyTiledMemOp(*this, getValue().getType(),
                          static_cast<bool>(getResultToken()),
                          AccessKind::Store);
}

LogicalResult TiledAtomicRMWOp::verify() {
  if (getValue().getType() != getResult().getType())
    return emitOpError("old value must have the operand type");
  return verifyTiledMemOp(*this, getValue().getType(),
                          static_cast<bool>(getResultToken()),
                          AccessKind::ReadModifyWrite);
}

LogicalResult CopyOp::verify() {
  return verifySameTile(*this, getSource().getType(), getDest().getType(),
                        "source", "destination");
}

LogicalResult MakeTiledViewOp::verify() {
  int64_t rank = getType().getRank();
  if (static_cast<int64_t>(getSizes().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError() << "expects one size and one stride per dimension of "
                            "the box (rank "
                         << rank << ")";
  return success();
}
