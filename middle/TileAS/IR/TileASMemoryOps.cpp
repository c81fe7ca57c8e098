//===- TileASMemoryOps.cpp - tiled load/store/atomic and copy -------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASOpVerifiers.h"
#include "mlir/IR/TypeUtilities.h"

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

LogicalResult MakeTiledViewOp::verify() {
  int64_t rank = getType().getRank();
  if (static_cast<int64_t>(getSizes().size()) != rank ||
      static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError() << "expects one size and one stride per dimension of "
                            "the box (rank "
                         << rank << ")";
  return success();
}

/// A pointer access moves one element per pointer: the data, mask and other
/// tiles have the pointer tile's shape (all scalars for a scalar pointer).
static LogicalResult verifyPtrAccess(Operation *op, Value ptr,
                                     ArrayRef<Value> sameShape, Value mask,
                                     bool consumesToken, bool returnsToken,
                                     std::optional<MemSemantic> semantic,
                                     std::optional<MemScope> scope,
                                     AccessKind kind) {
  auto shapeOf = [](Type type) -> std::optional<ArrayRef<int64_t>> {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor.getShape();
    return std::nullopt;
  };
  std::optional<ArrayRef<int64_t>> shape = shapeOf(ptr.getType());
  for (Value v : sameShape)
    if (shapeOf(v.getType()) != shape)
      return op->emitOpError("data must have the shape of the pointer operand");
  if (mask) {
    Type maskElem = getElementTypeOrSelf(mask.getType());
    if (shapeOf(mask.getType()) != shape || !maskElem.isInteger(1))
      return op->emitOpError("mask must be i1 with the pointer operand's shape");
  }
  if (consumesToken != returnsToken)
    return op->emitOpError(
        "must return a token exactly when it consumes a token");
  return verifyOrdering(op, semantic, scope, kind);
}

LogicalResult LoadOp::verify() {
  if (Value other = getOther())
    if (other.getType() != getResult().getType())
      return emitOpError("other must have the result type");
  return verifyPtrAccess(*this, getPtr(), {getResult()}, getMask(),
                         static_cast<bool>(getToken()),
                         static_cast<bool>(getResultToken()), getMemSemantic(),
                         getMemScope(), AccessKind::Load);
}

LogicalResult StoreOp::verify() {
  return verifyPtrAccess(*this, getPtr(), {getValue()}, getMask(),
                         static_cast<bool>(getToken()),
                         static_cast<bool>(getResultToken()), getMemSemantic(),
                         getMemScope(), AccessKind::Store);
}

LogicalResult AtomicRMWOp::verify() {
  return verifyPtrAccess(*this, getPtr(), {getValue()}, getMask(),
                         static_cast<bool>(getToken()),
                         static_cast<bool>(getResultToken()), getMemSemantic(),
                         getMemScope(), AccessKind::ReadModifyWrite);
}

LogicalResult AtomicCASOp::verify() {
  return verifyPtrAccess(*this, getPtr(), {getValue()}, getMask(),
                         static_cast<bool>(getToken()),
                         static_cast<bool>(getResultToken()), getMemSemantic(),
                         getMemScope(), AccessKind::ReadModifyWrite);
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr()))
    return emitOpError("'") << getName()
                            << "' does not reference an nv_tileas.global";
  return success();
}
