//===- TileAAMemoryOps.cpp - pointer, memref and memory ops ---------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAOpAsm.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "mlir/Dialect/CommonFolders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_OP_CLASSES
#include "TileAA/IR/TileAAMemoryOps.cpp.inc"

void TileAADialect::registerMemoryOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAA/IR/TileAAMemoryOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// addptr, int_to_ptr, ptr_to_int
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type base = getBase().getType(), offset = getOffset().getType();
  Type expected = base;
  if (auto offsetTile = dyn_cast<RankedTensorType>(offset)) {
    if (auto baseTile = dyn_cast<RankedTensorType>(base)) {
      if (baseTile.getShape() != offsetTile.getShape())
        return emitOpError("expects the offset shape to match the base shape");
    } else {
      expected = RankedTensorType::get(offsetTile.getShape(), base);
    }
  }
  if (getType() != expected)
    return emitOpError("expects result type ")
           << expected << ", but got " << getType();
  return success();
}

OpFoldResult AddPtrOp::fold(FoldAdaptor adaptor) {
  // addptr(p, 0) is p when no broadcast happens.
  if (getType() == getBase().getType() && isZeroAttr(adaptor.getOffset()))
    return getBase();
  return {};
}

//===----------------------------------------------------------------------===//
// make_memref
//===----------------------------------------------------------------------===//

ParseResult MakeMemRefOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseFlatSegmentedOp(
      parser, result,
      [](TypeRange operands,
         TypeRange results) -> FailureOr<SmallVector<int32_t>> {
        auto memref = results.size() == 1 ? dyn_cast<TileMemRefType>(results[0])
                                          : TileMemRefType();
        if (!memref)
          return failure();
        int32_t sizes = memref.getNumDynamicDims();
        int32_t strides = memref.getNumDynamicStrides();
        int32_t offset = int32_t(operands.size()) - 1 - sizes - strides;
        if (offset < 0 || offset > 1)
          return failure();
        return SmallVector<int32_t>{1, offset, sizes, strides};
      });
}

void MakeMemRefOp::print(OpAsmPrinter &printer) {
  printFlatSegmentedOp(printer, *this, /*parenthesize=*/true,
                       /*elideSegments=*/true);
}

LogicalResult MakeMemRefOp::verify() {
  PtrType base = getBase().getType();
  TileMemRefType memref = getType();
  if (base.getPointeeType() != memref.getElementType())
    return emitOpError("expects the memref element type to match the base "
                       "pointee type");
  if (base.getAddressSpace() != memref.getAddressSpace())
    return emitOpError("expects the memref address space to match the base "
                       "pointer's");
  if (getSizes().size() != memref.getNumDynamicDims())
    return emitOpError("expects one size operand per dynamic dimension (")
           << memref.getNumDynamicDims() << "), but got " << getSizes().size();
  if (getStrides().size() != memref.getNumDynamicStrides())
    return emitOpError("expects one stride operand per dynamic stride (")
           << memref.getNumDynamicStrides() << "), but got "
           << getStrides().size();
  if (auto scope = getAliasScope())
    if (*scope > std::numeric_limits<uint32_t>::max())
      return emitOpError("expects alias_scope to fit in 32 bits");
  return success();
}

//===----------------------------------------------------------------------===//
// bitcast, fp_to_fp and the per-element escape hatches
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type from = getTileElementType(getSrc().getType());
  Type to = getTileElementType(getType());
  if (!from.isIntOrFloat() || !to.isIntOrFloat() ||
      from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth())
    return emitOpError("expects element types of equal bit width");
  return success();
}

OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return {};
}

static bool isSupportedFloatElement(Type type) {
  return isa<Float16Type, BFloat16Type, FloatTF32Type, Float32Type, Float64Type,
             Float8E4M3FNType, Float8E5M2Type, Float8E8M0FNUType,
             Float4E2M1FNType>(type);
}

static bool isBlockScaledFormat(Type type) {
  return isa<Float4E2M1FNType, Float8E8M0FNUType>(type);
}

LogicalResult FpToFpOp::verify() {
  Type from = getTileElementType(getSrc().getType());
  Type to = getTileElementType(getType());
  if (!isSupportedFloatElement(from))
    return emitOpError("fp_to_fp source element type is not supported");
  if (!isSupportedFloatElement(to))
    return emitOpError("fp_to_fp result element type is not supported");
  if (isBlockScaledFormat(from) || isBlockScaledFormat(to)) {
    TargetSpecAttr target = lookupTargetSpec(*this);
    if (target && !target.supportsBlockScaledMma())
      return emitOpError("fp_to_fp block-scaled format requires a target that "
                         "supports block-scaled MMA");
  }
  return success();
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() <= 0)
    return emitOpError("expects packed_element to be positive");
  return success();
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'")
           << getName() << "' does not reference a nv_tileaa.global";
  return success();
}

//===----------------------------------------------------------------------===//
// Segmented memory ops: shared assembly, accessors, effects, verification
//===----------------------------------------------------------------------===//

namespace {
enum class MemKind { Load, Store, Atomic };

// Elements addressed by a memory op's base, and the rank its indices cover.
struct BaseInfo {
  Type element;
  int64_t rank = 0;
  ArrayRef<int64_t> pointerTileShape;
  bool isPointerTile = false;
};
} // namespace

static FailureOr<BaseInfo> describeBase(Type base) {
  BaseInfo info;
  if (auto ptr = dyn_cast<PtrType>(base)) {
    info.element = ptr.getPointeeType();
    return info;
  }
  if (auto tile = dyn_cast<RankedTensorType>(base)) {
    auto ptr = dyn_cast<PtrType>(tile.getElementType());
    if (!ptr)
      return failure();
    info.element = ptr.getPointeeType();
    info.pointerTileShape = tile.getShape();
    info.isPointerTile = true;
    return info;
  }
  if (auto memref = dyn_cast<TileMemRefType>(base)) {
    info.element = memref.getElementType();
    info.rank = memref.getRank();
    return info;
  }
  if (auto view = dyn_cast<TiledViewType>(base)) {
    info.element = view.getElementType();
    info.rank = view.getShape().size();
    return info;
  }
  return failure();
}

// atomic_cas carries no in_bounds.
template <typename OpT> static DenseBoolArrayAttr inBoundsOf(OpT op) {
  if constexpr (std::is_same_v<OpT, AtomicCasOp>)
    return {};
  else
    return op.getInBoundsAttr();
}

template <typename OpT>
static LogicalResult verifyMemoryOpCommon(OpT op, MemKind kind, Type data,
                                          bool gather) {
  ArrayRef<int32_t> segments = op.getOperandSegmentSizes();
  if (segments.size() != OpT::kNumSegments)
    return op.emitOpError("expects operandSegmentSizes of length ")
           << OpT::kNumSegments << ", but got " << segments.size();
  int64_t total = 0;
  for (auto [i, size] : llvm::enumerate(segments)) {
    if (size < 0)
      return op.emitOpError("expects non-negative operand segment sizes");
    total += size;
    if (i == OpT::kIndexSegment)
      continue;
    bool required = i < OpT::kIndexSegment;
    if (required && size != 1)
      return op.emitOpError("expects exactly one operand in segment #") << i;
    if (!required && size > 1)
      return op.emitOpError("expects at most one operand in segment #") << i;
  }
  // Every memory effect consumes a token: the one operand past the segments.
  int64_t numOperands = op->getNumOperands();
  if (numOperands != total + 1)
    return op.emitOpError("expects ")
           << total << " operands from operandSegmentSizes plus a token, but "
           << "got " << numOperands;
  if (!op.getInToken())
    return op.emitOpError("expects the operand after the segments to be a "
                          "!nv_tileaa.mem_token");

  FailureOr<BaseInfo> base = describeBase(op.getBase().getType());
  if (failed(base))
    return op.emitOpError("expects the base to be a pointer, tile of "
                          "pointers, memref or tiled view");
  auto indices = op.getIndices();
  if (int64_t(indices.size()) != base->rank)
    return op.emitOpError("expects ")
           << base->rank << " indices for a base of rank " << base->rank
           << ", but got " << indices.size();
  for (Value index : indices) {
    Type type = index.getType();
    bool ok = gather ? getTileElementType(type).isIntOrIndex() : type.isIndex();
    if (!ok)
      return op.emitOpError(gather ? "expects integer or index index tiles"
                                   : "expects index-typed indices");
  }
  if (getTileElementType(data) != base->element)
    return op.emitOpError("expects element type ")
           << base->element << " of the base, but got "
           << getTileElementType(data);
  if (base->isPointerTile && getTileShape(data) != base->pointerTileShape)
    return op.emitOpError(
        "expects the data shape to match the shape of the pointer tile");
  if (Value mask = op.getMask())
    if (getTileShape(mask.getType()) != getTileShape(data))
      return op.emitOpError("expects the mask shape to match the data shape");
  if (auto inBounds = inBoundsOf(op))
    if (int64_t(inBounds.size()) != base->rank)
      return op.emitOpError("expects one in_bounds entry per base dimension");

  // Ordering: weak accesses carry no scope, stronger ones must name one.
  std::optional<MemSemantic> semantic = op.getMemSemantic();
  bool weak = !semantic || *semantic == MemSemantic::Weak;
  if (!weak && !op.getMemScope())
    return op.emitOpError("non-weak memory ordering requires explicit scope");
  if (weak && op.getMemScope())
    return op.emitOpError("weak memory ordering must not carry a scope");
  if (kind == MemKind::Load && semantic &&
      (*semantic == MemSemantic::Release || *semantic == MemSemantic::AcqRel))
    return op.emitOpError(
        "expects a load's mem_semantic to be weak, relaxed or acquire");
  if (kind == MemKind::Store && semantic &&
      (*semantic == MemSemantic::Acquire || *semantic == MemSemantic::AcqRel))
    return op.emitOpError(
        "expects a store's mem_semantic to be weak, relaxed or release");
  return success();
}

template <typename OpT>
static LogicalResult verifyLoadLike(OpT op, bool gather) {
  if (failed(verifyMemoryOpCommon(op, MemKind::Load, op.getResult().getType(),
                                  gather)))
    return failure();
  if (Value other = op.getOther()) {
    if (!op.getMask())
      return op.emitOpError("expects 'other' only together with a mask");
    if (other.getType() != op.getResult().getType())
      return op.emitOpError("expects 'other' to have the result type");
  }
  return success();
}

template <typename OpT>
static LogicalResult verifyStoreLike(OpT op, bool gather) {
  return verifyMemoryOpCommon(op, MemKind::Store, op.getValue().getType(),
                              gather);
}

template <typename OpT>
static void
addEffects(OpT op, bool read, bool write,
           SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
               &effects) {
  // Malformed ops (reported by the verifier) may lack a base.
  if (op->getNumOperands() == 0)
    return;
  OpOperand &base = op->getOpOperand(0);
  if (read)
    effects.emplace_back(MemoryEffects::Read::get(), &base,
                         SideEffects::DefaultResource::get());
  if (write)
    effects.emplace_back(MemoryEffects::Write::get(), &base,
                         SideEffects::DefaultResource::get());
}

// Printed names: `%v, %token = ...`.
static void setResultNames(Operation *op, OpAsmSetValueNameFn setNameFn) {
  for (Value result : op->getResults())
    setNameFn(result, isa<MemTokenType>(result.getType()) ? "token" : "v");
}

// Accessors, assembly and effects shared by every segmented memory op.
#define TILEAA_SEGMENTED_MEM_OP(OP, READ, WRITE)                               \
  OperandRange OP::getSegment(unsigned i) {                                    \
    return getSegmentOperands(*this, getOperandSegmentSizes(), i);             \
  }                                                                            \
  Value OP::getInToken() {                                                     \
    return getTrailingToken(*this, getOperandSegmentSizes());                  \
  }                                                                            \
  ParseResult OP::parse(OpAsmParser &parser, OperationState &result) {         \
    return parseSegmentedMemOp(parser, result, kNumSegments, kIndexSegment);   \
  }                                                                            \
  void OP::print(OpAsmPrinter &printer) {                                      \
    printSegmentedMemOp(printer, *this, getOperandSegmentSizes(),              \
                        kIndexSegment);                                        \
  }                                                                            \
  void OP::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {                 \
    setResultNames(*this, setNameFn);                                          \
  }                                                                            \
  void OP::getEffects(                                                         \
      SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>      \
          &effects) {                                                          \
    addEffects(*this, READ, WRITE, effects);                                   \
  }

TILEAA_SEGMENTED_MEM_OP(LoadOp, true, false)
TILEAA_SEGMENTED_MEM_OP(TiledLoadOp, true, false)
TILEAA_SEGMENTED_MEM_OP(GatherLoadOp, true, false)
TILEAA_SEGMENTED_MEM_OP(StoreOp, false, true)
TILEAA_SEGMENTED_MEM_OP(TiledStoreOp, false, true)
TILEAA_SEGMENTED_MEM_OP(ScatterStoreOp, false, true)
TILEAA_SEGMENTED_MEM_OP(AtomicCasOp, true, true)
TILEAA_SEGMENTED_MEM_OP(AtomicRmwOp, true, true)
TILEAA_SEGMENTED_MEM_OP(TiledAtomicRmwOp, true, true)
#undef TILEAA_SEGMENTED_MEM_OP

LogicalResult LoadOp::verify() { return verifyLoadLike(*this, false); }
LogicalResult TiledLoadOp::verify() { return verifyLoadLike(*this, false); }
LogicalResult GatherLoadOp::verify() { return verifyLoadLike(*this, true); }
LogicalResult StoreOp::verify() { return verifyStoreLike(*this, false); }
LogicalResult TiledStoreOp::verify() { return verifyStoreLike(*this, false); }
LogicalResult ScatterStoreOp::verify() { return verifyStoreLike(*this, true); }

LogicalResult AtomicCasOp::verify() {
  if (failed(verifyMemoryOpCommon(*this, MemKind::Atomic, getResult().getType(),
                                  false)))
    return failure();
  if (getCompare().getType() != getResult().getType() ||
      getReplacement().getType() != getResult().getType())
    return emitOpError(
        "expects compare and replacement to have the result type");
  return success();
}

template <typename OpT> static LogicalResult verifyRmw(OpT op) {
  Type type = op.getResult().getType();
  if (failed(verifyMemoryOpCommon(op, MemKind::Atomic, type, false)))
    return failure();
  if (op.getValue().getType() != type)
    return op.emitOpError("expects the value to have the result type");
  Type element = getTileElementType(type);
  bool isFloatMode = op.getRmwMode() == RmwMode::AddF;
  if (isFloatMode != isa<FloatType>(element) &&
      op.getRmwMode() != RmwMode::Xchg)
    return op.emitOpError("expects rmw_mode ")
           << stringifyRmwMode(op.getRmwMode()) << " to match the element type "
           << element;
  return success();
}

LogicalResult AtomicRmwOp::verify() { return verifyRmw(*this); }
LogicalResult TiledAtomicRmwOp::verify() { return verifyRmw(*this); }
