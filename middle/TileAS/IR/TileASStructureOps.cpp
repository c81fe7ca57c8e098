//===- TileASStructureOps.cpp - alloc, slices, view, convert_layout -------===//
#include "TileAS/IR/TileASDialect.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASStructureOps.cpp.inc"

void TileASDialect::registerStructureOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASStructureOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

void InsertSliceOp::build(OpBuilder &builder, OperationState &state,
                          Value source, Value dest,
                          ArrayRef<OpFoldResult> offsets,
                          ArrayRef<OpFoldResult> sizes,
                          ArrayRef<OpFoldResult> strides) {
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  SmallVector<Value> dynOffsets, dynSizes, dynStrides;
  dispatchIndexOpFoldResults(offsets, dynOffsets, staticOffsets);
  dispatchIndexOpFoldResults(sizes, dynSizes, staticSizes);
  dispatchIndexOpFoldResults(strides, dynStrides, staticStrides);
  build(builder, state, dest.getType(), source, dest, dynOffsets, dynSizes,
        dynStrides, builder.getDenseI64ArrayAttr(staticOffsets),
        builder.getDenseI64ArrayAttr(staticSizes),
        builder.getDenseI64ArrayAttr(staticStrides));
}

void ExtractSliceOp::build(OpBuilder &builder, OperationState &state,
                           RankedTensorType resultType, Value source,
                           ArrayRef<OpFoldResult> offsets,
                           ArrayRef<OpFoldResult> sizes,
                           ArrayRef<OpFoldResult> strides) {
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  SmallVector<Value> dynOffsets, dynSizes, dynStrides;
  dispatchIndexOpFoldResults(offsets, dynOffsets, staticOffsets);
  dispatchIndexOpFoldResults(sizes, dynSizes, staticSizes);
  dispatchIndexOpFoldResults(strides, dynStrides, staticStrides);
  build(builder, state, resultType, source, dynOffsets, dynSizes, dynStrides,
        builder.getDenseI64ArrayAttr(staticOffsets),
        builder.getDenseI64ArrayAttr(staticSizes),
        builder.getDenseI64ArrayAttr(staticStrides));
}

/// Checks a slice against the full tile it addresses: the slice shape
/// (`sliceType`, the inserted source or the extracted result) must agree with
/// every static size, and a fully static slice must stay inside `fullType`.
static LogicalResult verifySlice(Operation *op, RankedTensorType fullType,
                                 RankedTensorType sliceType,
                                 ArrayRef<int64_t> offsets,
                                 ArrayRef<int64_t> sizes,
                                 ArrayRef<int64_t> strides, StringRef what) {
  if (sliceType.getRank() != fullType.getRank())
    return op->emitOpError() << what << " rank " << sliceType.getRank()
                             << " does not match the sliced tile rank "
                             << fullType.getRank();
  if (sliceType.getElementType() != fullType.getElementType())
    return op->emitOpError() << what
                             << " element type must match the sliced tile";
  for (int64_t d = 0, e = fullType.getRank(); d < e; ++d) {
    // Negative static offsets and sizes are already rejected by
    // OffsetSizeAndStrideOpInterface.
    int64_t size = sizes[d];
    if (!ShapedType::isDynamic(strides[d]) && strides[d] <= 0)
      return op->emitOpError() << "stride " << strides[d] << " in dimension "
                               << d << " must be positive";
    int64_t sliceDim = sliceType.getDimSize(d);
    if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(sliceDim) &&
        size != sliceDim)
      return op->emitOpError() << what << " dimension " << d << " is "
                               << sliceDim << " but the slice size is " << size;
    int64_t full = fullType.getDimSize(d);
    if (ShapedType::isDynamic(full) || ShapedType::isDynamic(size) ||
        ShapedType::isDynamic(offsets[d]) || ShapedType::isDynamic(strides[d]) ||
        size == 0)
      continue;
    int64_t last = offsets[d] + (size - 1) * strides[d];
    if (last >= full)
      return op->emitOpError() << "slice runs out of bounds in dimension " << d
                               << ": last index " << last << " >= " << full;
  }
  return success();
}

LogicalResult InsertSliceOp::verify() {
  return verifySlice(*this, getDest().getType(), getSource().getType(),
                     getStaticOffsets(), getStaticSizes(), getStaticStrides(),
                     "source");
}

LogicalResult ExtractSliceOp::verify() {
  return verifySlice(*this, getSource().getType(), getResult().getType(),
                     getStaticOffsets(), getStaticSizes(), getStaticStrides(),
                     "result");
}

//===----------------------------------------------------------------------===//
// view and convert_layout
//===----------------------------------------------------------------------===//

LogicalResult ViewOp::verify() {
  RankedTensorType src = getSource().getType(), dst = getResult().getType();
  if (src.getElementType() != dst.getElementType())
    return emitOpError("view must not change the element type");
  if (src.hasStaticShape() && dst.hasStaticShape() &&
      src.getNumElements() != dst.getNumElements())
    return emitOpError() << "view must preserve the element count ("
                         << src.getNumElements() << " vs "
                         << dst.getNumElements() << ")";
  return success();
}

LogicalResult ConvertLayoutOp::verify() {
  RankedTensorType src = getSource().getType(), dst = getResult().getType();
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError("convert_layout may change only the layout encoding");
  return success();
}

LogicalResult MakeRangeOp::verify() {
  RankedTensorType type = getType();
  int64_t count = static_cast<int64_t>(getEnd()) - getStart();
  if (type.getRank() != 1 || count <= 0 || type.getDimSize(0) != count)
    return emitOpError() << "expects a 1-d result of " << count
                         << " elements (end - start)";
  return success();
}

LogicalResult BroadcastOp::verify() {
  RankedTensorType src = getSource().getType(), res = getType();
  if (src.getRank() != res.getRank() ||
      src.getElementType() != res.getElementType())
    return emitOpError("expects a result of the source's rank and element type");
  for (auto [s, r] : llvm::zip(src.getShape(), res.getShape()))
    if (s != r && s != 1)
      return emitOpError("only size-one axes may grow");
  return success();
}

LogicalResult PermuteOp::verify() {
  RankedTensorType src = getSource().getType(), res = getType();
  ArrayRef<int64_t> perm = getPermutation();
  int64_t rank = src.getRank();
  if (res.getRank() != rank || static_cast<int64_t>(perm.size()) != rank ||
      src.getElementType() != res.getElementType())
    return emitOpError("expects a permutation of the source's axes");
  SmallVector<bool> seen(rank, false);
  for (auto [i, p] : llvm::enumerate(perm)) {
    if (p < 0 || p >= rank || seen[p] ||
        res.getDimSize(i) != src.getDimSize(p))
      return emitOpError("expects a permutation of the source's axes");
    seen[p] = true;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Program cancellation
//===----------------------------------------------------------------------===//

LogicalResult CancelNextProgramOp::verify() {
  auto module = (*this)->getParentOfType<ModuleOp>();
  if (!module)
    return success();
  if (auto cc = module->getAttrOfType<IntegerAttr>(
          TileASDialect::kComputeCapabilityAttrName);
      cc && cc.getInt() < 100)
    return emitOpError("needs compute capability >= sm100 (cluster launch "
                       "control), the target is sm_")
           << cc.getInt();
  return success();
}

LogicalResult CanceledProgramIdOp::verify() {
  if (getDim() < 0 || getDim() > 2)
    return emitOpError("grid axis must be 0, 1 or 2, got ") << getDim();
  return success();
}
