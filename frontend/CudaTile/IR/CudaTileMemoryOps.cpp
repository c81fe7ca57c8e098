//===- CudaTileMemoryOps.cpp - tokens, pointers, atomics, alloca ---------===//
//
// The view ops of this family (tensor_view / tile view construction, shape
// queries, view loads, stores and reductions) are in CudaTileViewOps.cpp.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileAsm.h"
#include "CudaTile/IR/CudaTileDialect.h"
#include "CudaTile/IR/CudaTileMemoryVerifiers.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::cuda_tile;
using namespace mlir::cuda_tile::memcheck;

#define GET_OP_CLASSES
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"

void CudaTileDialect::registerMemoryOps() {
  addOperations<
#define GET_OP_LIST
#include "CudaTile/IR/CudaTileMemoryOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Verification helpers (also used by CudaTileViewOps.cpp)
//===----------------------------------------------------------------------===//

/// True when `pointers` is a tile of pointers to the elements of `values`,
/// with the same shape.
static bool isPointerTileOf(Type pointers, Type values) {
  auto ptrTile = dyn_cast<TileType>(pointers);
  auto valTile = dyn_cast<TileType>(values);
  if (!ptrTile || !valTile || ptrTile.getShape() != valTile.getShape())
    return false;
  auto ptr = dyn_cast<PointerType>(ptrTile.getElementType());
  return ptr && ptr.getPointeeType() == valTile.getElementType();
}

/// A pointer names one location in memory (the Tile IR type system), but
/// f4E2M1FN elements are stored two per byte: only an element index (a
/// view) can name the one in the upper nibble, so what a pointer-tile load
/// or store of them would access is undefined. They are refused at the op.
static LogicalResult verifyWholeBytePointee(Operation *op, Type pointee) {
  unsigned width = pointee.getIntOrFloatBitWidth();
  if (width >= 8 || width == 1)
    return success();
  return op->emitOpError("pointee type ")
         << pointee
         << " is smaller than a byte: a pointer names one location in "
            "memory, which a sub-byte element does not have; access it "
            "through a tensor view";
}

static bool haveSameShape(Type a, Type b) {
  return cast<ShapedType>(a).getShape() == cast<ShapedType>(b).getShape();
}

Type memcheck::getPointee(Type pointerTile) {
  return cast<PointerType>(cast<TileType>(pointerTile).getElementType())
      .getPointeeType();
}

/// Ordering and scope rules shared by loads (`isLoad`) and stores: loads may be
/// weak/relaxed/acquire, stores weak/relaxed/release; weak takes no scope, the
/// others require one.
LogicalResult memcheck::verifyMemoryModel(Operation *op, bool isLoad,
                                        MemoryOrderingSemantics sem,
                                        std::optional<MemoryScope> scope) {
  StringRef kind = isLoad ? "load" : "store";
  MemoryOrderingSemantics strong =
      isLoad ? MemoryOrderingSemantics::Acquire : MemoryOrderingSemantics::Release;
  if (sem != MemoryOrderingSemantics::Weak &&
      sem != MemoryOrderingSemantics::Relaxed && sem != strong)
    return op->emitOpError("expect one of: weak, relaxed, or ")
           << stringifyMemoryOrderingSemantics(strong)
           << ", but got: " << stringifyMemoryOrderingSemantics(sem);
  if (sem == MemoryOrderingSemantics::Weak) {
    if (scope)
      return op->emitOpError("weak ") << kind << " must not have memory scope";
    return success();
  }
  if (!scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrderingSemantics(sem) << " " << kind;
  return success();
}

/// Element types each atomic mode accepts.
LogicalResult memcheck::verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                                      Type elementType) {
  auto isIntOf = [&](unsigned width) { return elementType.isInteger(width); };
  bool isI32OrI64 = isIntOf(32) || isIntOf(64);
  switch (mode) {
  case AtomicRMWMode::AddF:
    if (!elementType.isF16() && !elementType.isBF16() &&
        !elementType.isF32() && !elementType.isF64())
      return op->emitOpError(
          "'addf' works only with floats f16, bf16, f32, and f64");
    return success();
  case AtomicRMWMode::Xchg:
    if (!isI32OrI64 && !elementType.isF32() && !elementType.isF64())
      return op->emitOpError(
          "'xchg' works only with integers or float of 32 or 64 bitwidth");
    return success();
  default:
    if (!isI32OrI64)
      return op->emitOpError("'")
             << stringifyAtomicRMWMode(mode)
             << "' works only with integers i32 and i64";
    return success();
  }
}

/// Atomics on pointers synchronize by definition: weak is not allowed.
static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrderingSemantics sem) {
  if (sem == MemoryOrderingSemantics::Weak)
    return op->emitOpError("memory ordering semantics must be one of: relaxed, "
                           "acquire, release, acq_rel");
  return success();
}

//===----------------------------------------------------------------------===//
// JoinTokensOp
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify() {
  if (!isPointerTileOf(getSource().getType(), getResult().getType()))
    return emitOpError("failed to verify that `source` type is expected a "
                       "pointer type of `result` type");
  if (getMask() && !haveSameShape(getMask().getType(), getSource().getType()))
    return emitOpError("failed to verify that shape of 'mask' must match the "
                       "shape of 'source'");
  if (getPaddingValue() &&
      getPaddingValue().getType() != getResult().getType())
    return emitOpError("failed to verify that type of 'paddingValue' must "
                       "match the type of 'result'");
  if (failed(verifyWholeBytePointee(*this, getPointee(getSource().getType()))))
    return failure();
  return verifyMemoryModel(*this, /*isLoad=*/true,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

LogicalResult StorePtrTkoOp::verify() {
  if (!isPointerTileOf(getDestination().getType(), getValue().getType()))
    return emitOpError("failed to verify that `destination` type is expected a "
                       "pointer type of `value` type");
  if (getMask() &&
      !haveSameShape(getMask().getType(), getDestination().getType()))
    return emitOpError("failed to verify that shape of 'destination' must "
                       "match the shape of 'mask'");
  if (failed(verifyWholeBytePointee(*this,
                                    getPointee(getDestination().getType()))))
    return failure();
  return verifyMemoryModel(*this, /*isLoad=*/false,
                           getMemoryOrderingSemantics(), getMemoryScope());
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWTkoOp::verify() {
  Type pointee = getPointee(getPointers().getType());
  Type elementType = getArg().getType().getElementType();
  if (pointee != elementType)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'arg' (" << elementType
           << ")";
  // The optional mask cannot take part in the AllShapesMatch trait.
  if (getMask() && !haveSameShape(getMask().getType(), getArg().getType()))
    return emitOpError(
        "failed to verify that all of {pointers, arg, mask} have same shape");
  if (failed(verifyAtomicMode(*this, getMode(), elementType)))
    return failure();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

LogicalResult AtomicCASTkoOp::verify() {
  Type pointee = getPointee(getPointers().getType());
  Type elementType = getVal().getType().getElementType();
  if (pointee != elementType)
    return emitOpError("expected pointee type (")
           << pointee << ") to match element type of 'val' (" << elementType
           << ")";
  if (!isa<IntegerType, FloatType>(elementType) ||
      (elementType.getIntOrFloatBitWidth() != 32 &&
       elementType.getIntOrFloatBitWidth() != 64))
    return emitOpError("expect only float or integer types with 32 or 64 bit");
  if (getMask() && !haveSameShape(getMask().getType(), getVal().getType()))
    return emitOpError("failed to verify that all of {pointers, val, cmp and "
                       "mask} have same shape");
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

//===----------------------------------------------------------------------===//
// AllocaOp
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  uint64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(alignment))
    return emitOpError("'alignment' must be power of two");
  Type pointee = getPointee(getResult().getType());
  uint64_t naturalSize = (pointee.getIntOrFloatBitWidth() + 7) / 8;
  if (alignment < naturalSize)
    return emitOpError("'alignment' (")
           << alignment << ") must be at least the natural size ("
           << naturalSize << " bytes) for element type " << pointee;
  return success();
}

