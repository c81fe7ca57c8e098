//===- SwapViewAndExtractSlice.cpp - slice before re-viewing --------------===//
//
// extract_slice(view(x)) -> view(extract_slice(x)) when the view commutes
// with the slice. The view's shape change is split into groups of source and
// result dimensions (a collapse or an expansion); a group mapping one
// dimension to one dimension carries the slice over unchanged, and every other
// group must be taken whole, so slicing the storage and re-viewing it selects
// the same elements.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/Transforms/Patterns.h"

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
/// A set of view-source dimensions and the view-result dimensions they form.
struct DimGroup {
  ReassociationIndices sourceDims, resultDims;
};

static std::optional<SmallVector<DimGroup>>
groupDimensions(ArrayRef<int64_t> source, ArrayRef<int64_t> result) {
  SmallVector<DimGroup> groups;
  if (source == result) {
    for (int64_t d = 0, e = source.size(); d < e; ++d)
      groups.push_back({{d}, {d}});
    return groups;
  }
  bool collapses = source.size() > result.size();
  std::optional<SmallVector<ReassociationIndices>> reassociation =
      collapses ? getReassociationIndicesForCollapse(source, result)
                : getReassociationIndicesForCollapse(result, source);
  if (!reassociation || source.size() == result.size())
    return std::nullopt;
  for (auto [index, dims] : llvm::enumerate(*reassociation)) {
    ReassociationIndices single = {static_cast<int64_t>(index)};
    groups.push_back(collapses ? DimGroup{dims, single}
                               : DimGroup{single, dims});
  }
  return groups;
}

static bool takesWholeDim(ExtractSliceOp slice, int64_t dim, int64_t extent) {
  return isConstantIntValue(slice.getMixedOffsets()[dim], 0) &&
         isConstantIntValue(slice.getMixedStrides()[dim], 1) &&
         isConstantIntValue(slice.getMixedSizes()[dim], extent);
}

struct SwapViewAndExtractSlice : OpRewritePattern<ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto view = slice.getSource().getDefiningOp<ViewOp>();
    if (!view)
      return rewriter.notifyMatchFailure(slice, "source is not a view");
    RankedTensorType storage = view.getSource().getType();
    RankedTensorType viewed = view.getType();
    if (!storage.hasStaticShape() || !viewed.hasStaticShape())
      return rewriter.notifyMatchFailure(slice, "view shapes must be static");
    std::optional<SmallVector<DimGroup>> groups =
        groupDimensions(storage.getShape(), viewed.getShape());
    if (!groups)
      return rewriter.notifyMatchFailure(slice, "view is not a collapse/expand");

    int64_t rank = storage.getRank();
    SmallVector<OpFoldResult> offsets(rank), sizes(rank), strides(rank);
    for (const DimGroup &group : *groups) {
      if (group.sourceDims.size() == 1 && group.resultDims.size() == 1) {
        int64_t from = group.resultDims[0], to = group.sourceDims[0];
        offsets[to] = slice.getMixedOffsets()[from];
        sizes[to] = slice.getMixedSizes()[from];
        strides[to] = slice.getMixedStrides()[from];
        continue;
      }
      for (int64_t dim : group.resultDims)
        if (!takesWholeDim(slice, dim, viewed.getDimSize(dim)))
          return rewriter.notifyMatchFailure(
              slice, "slice cuts through a reshaped dimension group");
      for (int64_t dim : group.sourceDims) {
        offsets[dim] = rewriter.getIndexAttr(0);
        sizes[dim] = rewriter.getIndexAttr(storage.getDimSize(dim));
        strides[dim] = rewriter.getIndexAttr(1);
      }
    }

    SmallVector<int64_t> shape;
    for (OpFoldResult size : sizes)
      shape.push_back(getConstantIntValue(size).value_or(ShapedType::kDynamic));
    auto sliceType = RankedTensorType::get(shape, storage.getElementType(),
                                           storage.getEncoding());
    Value narrowed = ExtractSliceOp::create(rewriter, slice.getLoc(), sliceType,
                                            view.getSource(), offsets, sizes,
                                            strides);
    rewriter.replaceOpWithNewOp<ViewOp>(slice, slice.getType(), narrowed);
    return success();
  }
};
} // namespace

void nv_tileas::populateSwapViewAndExtractSlicePattern(
    RewritePatternSet &patterns) {
  patterns.add<SwapViewAndExtractSlice>(patterns.getContext());
}
