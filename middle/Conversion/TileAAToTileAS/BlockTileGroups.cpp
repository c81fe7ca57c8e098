//===- BlockTileGroups.cpp - block_tile dimension groups ------------------===//
//
// A block_tile dimension group of several memref dimensions is one dimension
// of the tiled view: the group's dimensions, outermost first, walked as one
// row-major index. A strided view can say that only when each member's
// stride is the next member's extent times its stride, so the whole group
// steps by its innermost stride; tilecc requires the facts to be static
// (strides of the group, extents of all members but the outermost).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;
using namespace mlir::tilecc;

std::optional<SmallVector<MergedDim>>
mlir::tilecc::mergeDimGroups(nv_tileaa::BlockTileOp op) {
  auto memref = dyn_cast<nv_tileaa::TileMemRefType>(op.getSrc().getType());
  if (!memref)
    return std::nullopt;
  int64_t rank = memref.getRank();
  ArrayRef<int64_t> shape = memref.getShape(), strides = memref.getStrides();
  SmallVector<MergedDim> merged;
  SmallVector<bool> seen(rank, false);
  for (Attribute attr : op.getDimGroups()) {
    auto group = dyn_cast<DenseI64ArrayAttr>(attr);
    if (!group || group.empty())
      return std::nullopt;
    MergedDim dim{group[0], 1, group[group.size() - 1]};
    for (auto [k, d] : llvm::enumerate(group.asArrayRef())) {
      if (d < 0 || d >= rank || seen[d])
        return std::nullopt;
      seen[d] = true;
      if (k == 0)
        continue;
      int64_t outer = group[k - 1];
      if (group.size() > 1 &&
          (ShapedType::isDynamic(shape[d]) || ShapedType::isDynamic(strides[d]) ||
           ShapedType::isDynamic(strides[outer]) ||
           strides[outer] != shape[d] * strides[d]))
        return std::nullopt;
      dim.innerExtent *= shape[d];
    }
    merged.push_back(dim);
  }
  if (llvm::is_contained(seen, false))
    return std::nullopt;
  return merged;
}
