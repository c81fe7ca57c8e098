//===- TileAAShapeOps.cpp - shape and tile construction -------------------===//
#include "TileAA/IR/TileAADialect.h"
#include "TileAA/IR/TileAAPatterns.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_OP_CLASSES
#include "TileAA/IR/TileAAShapeOps.cpp.inc"

void TileAADialect::registerShapeOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAA/IR/TileAAShapeOps.cpp.inc"
      >();
}

static RankedTensorType tileType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// A splat constant reshaped to `type`, or null.
static Attribute reshapeSplat(Attribute attr, Type type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!splat || !tensor)
    return {};
  return SplatElementsAttr::get(tensor, splat.getSplatValue<Attribute>());
}

//===----------------------------------------------------------------------===//
// splat, broadcast, expand_dims
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (getType().getElementType() != getSrc().getType())
    return emitOpError("expects the result element type to match the scalar");
  return success();
}

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  if (auto scalar = dyn_cast_if_present<TypedAttr>(adaptor.getSrc()))
    if (isa<IntegerAttr, FloatAttr>(scalar))
      return SplatElementsAttr::get(getType(), scalar);
  return {};
}

LogicalResult BroadcastOp::verify() {
  ArrayRef<int64_t> from = tileType(getSrc()).getShape(),
                    to = getType().getShape();
  if (from.size() != to.size() ||
      getType().getElementType() != tileType(getSrc()).getElementType())
    return emitOpError("expects a source of the result rank and element type");
  for (auto [f, t] : llvm::zip(from, to))
    if (f != t && f != 1)
      return emitOpError("expects a shape that broadcasts to the result");
  return success();
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult ExpandDimsOp::verify() {
  auto src = tileType(getSrc());
  int32_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("expects axis within [0, ") << src.getRank() << "]";
  SmallVector<int64_t> shape(src.getShape());
  shape.insert(shape.begin() + axis, 1);
  if (getType() != RankedTensorType::get(shape, src.getElementType()))
    return emitOpError("expects a size-one axis inserted at ") << axis;
  return success();
}

//===----------------------------------------------------------------------===//
// extract, extract_slice, view, cat, permute
//===----------------------------------------------------------------------===//

/// Type of `tile` with its leading `count` axes indexed away.
static Type dropLeadingAxes(RankedTensorType tile, unsigned count) {
  ArrayRef<int64_t> rest = tile.getShape().drop_front(count);
  if (rest.empty())
    return tile.getElementType();
  return RankedTensorType::get(rest, tile.getElementType());
}

LogicalResult ExtractOp::verify() {
  auto src = tileType(getSrc());
  if (getIndices().size() > size_t(src.getRank()))
    return emitOpError("expects at most ") << src.getRank() << " indices";
  Type expected = dropLeadingAxes(src, getIndices().size());
  if (getType() != expected)
    return emitOpError("expects result type ")
           << expected << ", but got " << getType();
  return success();
}

OpFoldResult ExtractOp::fold(FoldAdaptor adaptor) {
  if (getIndices().empty() && getSrc().getType() == getType())
    return getSrc();
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc())) {
    if (isa<RankedTensorType>(getType()))
      return reshapeSplat(splat, getType());
    return splat.getSplatValue<Attribute>();
  }
  // extract(splat(x)) of a lane is x.
  if (auto splat = getSrc().getDefiningOp<SplatOp>())
    if (splat.getSrc().getType() == getType())
      return splat.getSrc();
  return {};
}

LogicalResult ExtractSliceOp::verify() {
  auto src = tileType(getSrc());
  if (getType().getRank() != src.getRank() ||
      getOffsets().size() != size_t(src.getRank()))
    return emitOpError("expects one offset per axis and a result of the "
                       "source rank");
  for (auto [s, r] : llvm::zip(src.getShape(), getType().getShape()))
    if (r > s)
      return emitOpError("expects the slice to fit in the source");
  if (auto strides = getStrides())
    if (strides->size() != size_t(src.getRank()))
      return emitOpError("expects one stride per axis");
  return success();
}

LogicalResult ViewOp::verify() {
  auto src = tileType(getSrc());
  if (src.getElementType() != getType().getElementType())
    return emitOpError("expects the element type to be preserved");
  if (src.getNumElements() != getType().getNumElements())
    return emitOpError("expects the element count to be preserved");
  return success();
}

OpFoldResult ViewOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

LogicalResult CatOp::verify() {
  auto first = tileType(getInputs().front());
  int64_t rank = first.getRank();
  int32_t axis = getAxis();
  if (axis < 0 || axis >= rank)
    return emitOpError("expects axis within the operand rank");
  int64_t total = 0;
  for (Value input : getInputs()) {
    auto type = tileType(input);
    if (type.getRank() != rank ||
        type.getElementType() != first.getElementType())
      return emitOpError("expects operands of one rank and element type");
    for (int64_t d = 0; d < rank; ++d)
      if (d != axis && type.getDimSize(d) != first.getDimSize(d))
        return emitOpError(
            "expects operands to agree off the concatenation axis");
    total += type.getDimSize(axis);
  }
  SmallVector<int64_t> shape(first.getShape());
  shape[axis] = total;
  if (getType() != RankedTensorType::get(shape, first.getElementType()))
    return emitOpError("expects the result to stack the operands along axis ")
           << axis;
  return success();
}

LogicalResult PermuteOp::verify() {
  auto src = tileType(getSrc());
  ArrayRef<int64_t> perm = getPermutation();
  if (perm.size() != size_t(src.getRank()))
    return emitOpError("expects one permutation entry per axis");
  SmallVector<bool> seen(perm.size(), false);
  SmallVector<int64_t> shape;
  for (int64_t p : perm) {
    if (p < 0 || p >= src.getRank() || seen[p])
      return emitOpError("expects a permutation of the axes");
    seen[p] = true;
    shape.push_back(src.getDimSize(p));
  }
  if (getType() != RankedTensorType::get(shape, src.getElementType()))
    return emitOpError(
        "expects the result shape to be the permuted source shape");
  return success();
}

//===----------------------------------------------------------------------===//
// make_range, generate
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  if (getEnd() <= getStart())
    return emitOpError("expects end to be greater than start");
  auto type = getType();
  if (type.getRank() != 1 ||
      type.getDimSize(0) != int64_t(getEnd()) - getStart())
    return emitOpError("expects a rank-1 result of ")
           << int64_t(getEnd()) - getStart() << " elements";
  return success();
}

LogicalResult GenerateOp::verify() {
  RankedTensorType type = getType();
  Block &block = getBody().front();
  unsigned rank = type.getRank();
  if (block.getNumArguments() != rank + getCaptures().size())
    return emitOpError("expects the body to take one index per axis followed "
                       "by the captures");
  for (unsigned i = 0; i < rank; ++i)
    if (!block.getArgument(i).getType().isIndex())
      return emitOpError("expects index-typed axis arguments");
  for (auto [arg, capture] :
       llvm::zip(block.getArguments().drop_front(rank), getCaptures()))
    if (arg.getType() != capture.getType())
      return emitOpError("expects capture arguments to match the captures");
  // A foreign terminator is reported by SingleBlockImplicitTerminator.
  Operation *terminator = &block.back();
  if (!isa<YieldOp>(terminator))
    return success();
  if (terminator->getNumOperands() != 1 ||
      terminator->getOperand(0).getType() != type.getElementType())
    return emitOpError("expects the body to yield one ")
           << type.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// block_tile, conv_tile, get_dim_size
//===----------------------------------------------------------------------===//

/// dimGroups as integer lists, or failure when an entry is not an i64 array.
static FailureOr<SmallVector<ArrayRef<int64_t>>>
getDimGroups(Operation *op, ArrayAttr groups) {
  SmallVector<ArrayRef<int64_t>> result;
  for (Attribute group : groups) {
    auto dims = dyn_cast<DenseI64ArrayAttr>(group);
    if (!dims)
      return op->emitOpError("expects dimGroups entries to be array<i64: ...>");
    result.push_back(dims.asArrayRef());
  }
  return result;
}

LogicalResult BlockTileOp::verify() {
  ArrayRef<int64_t> tileSizes = getTileSizes();
  if (tileSizes.empty())
    return emitOpError("expects non-empty tileSizes");
  if (getDimGroups().empty())
    return emitOpError("expects non-empty dimGroups");
  if (tileSizes.size() != getDimGroups().size())
    return emitOpError("expects rank of tileSizes be equal to rank of "
                       "dimGroups, but got ")
           << tileSizes.size() << " vs " << getDimGroups().size();
  for (int64_t size : tileSizes)
    if (size <= 0)
      return emitOpError("expects all tile size bigger than zero");
  FailureOr<SmallVector<ArrayRef<int64_t>>> groups =
      ::getDimGroups(*this, getDimGroups());
  if (failed(groups))
    return failure();
  llvm::SmallSet<int64_t, 8> seen;
  for (ArrayRef<int64_t> group : *groups)
    for (int64_t axis : group)
      if (!seen.insert(axis).second)
        return emitOpError("expects dim is being tiled only one time, but got ")
               << axis;
  if (getType().getShape() != tileSizes)
    return emitOpError("expects the result view shape to equal tileSizes");
  return success();
}

LogicalResult ConvTileOp::verify() {
  for (int64_t size : getFilterSizes())
    if (size < 1 || size > 3)
      return emitOpError("expects filter size must be in range 1 to 3");
  ConvParamsAttr params = getConvParams();
  if (!params.isConsistent() ||
      params.getStrides().size() != getFilterSizes().size())
    return emitOpError("expects conv params size matched with each other");
  FailureOr<SmallVector<ArrayRef<int64_t>>> groups =
      ::getDimGroups(*this, getDimGroups());
  if (failed(groups))
    return failure();
  int64_t channel = getChannel();
  const ArrayRef<int64_t> *channelGroup = nullptr;
  for (const ArrayRef<int64_t> &group : *groups)
    if (llvm::is_contained(group, channel))
      channelGroup = &group;
  if (!channelGroup)
    return emitOpError("expects channel must be a dimGroup");
  if (channelGroup->size() != 1)
    return emitOpError("expects channel dimGroup should contain only channel");
  return success();
}

static ArrayRef<int64_t> shapeOf(Type type) {
  return TypeSwitch<Type, ArrayRef<int64_t>>(type)
      .Case<TileMemRefType, TiledViewType, RankedTensorType>(
          [](auto t) { return t.getShape(); })
      .Default([](Type) { return ArrayRef<int64_t>(); });
}

LogicalResult GetDimSizeOp::verify() {
  int64_t rank = shapeOf(getSrc().getType()).size();
  if (getDim() < 0 || getDim() >= rank)
    return emitOpError("expects dim within the source rank ") << rank;
  return success();
}

OpFoldResult GetDimSizeOp::fold(FoldAdaptor) {
  int64_t size = shapeOf(getSrc().getType())[getDim()];
  if (ShapedType::isDynamic(size))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), size);
}
