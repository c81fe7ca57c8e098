//===- TypeConverter.cpp - cuda_tile types -> nv_tileaa value model -------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

/// A non-identity dim_map becomes the tiled view's layout so that consumers
/// that only see the view type (loop-carried views) still know it.
static Attribute dimMapLayout(MLIRContext *context, ArrayRef<int32_t> dimMap) {
  bool identity = true;
  for (auto [i, dim] : llvm::enumerate(dimMap))
    identity &= int64_t(i) == dim;
  if (identity)
    return {};
  SmallVector<int64_t> map(dimMap.begin(), dimMap.end());
  return DenseI64ArrayAttr::get(context, map);
}

CudaTileToTileAATypeConverter::CudaTileToTileAATypeConverter(
    MLIRContext *context, unsigned pointerAddressSpace) {
  // Builtin types (index, integers, floats) are already in the value model.
  addConversion([](Type type) -> std::optional<Type> {
    if (type.getDialect().getNamespace() == "cuda_tile")
      return std::nullopt;
    return type;
  });
  addConversion([pointerAddressSpace](cuda_tile::PointerType type) -> Type {
    return nv_tileaa::PtrType::get(type.getPointeeType(), pointerAddressSpace);
  });
  addConversion([this](cuda_tile::TileType type) -> std::optional<Type> {
    Type element = convertType(type.getElementType());
    if (!element)
      return std::nullopt;
    if (type.getShape().empty())
      return element;
    return RankedTensorType::get(type.getShape(), element);
  });
  addConversion([pointerAddressSpace](cuda_tile::TensorViewType type) -> Type {
    return nv_tileaa::TileMemRefType::get(
        type.getContext(), type.getElementType(), type.getShape(),
        type.getStrides(), pointerAddressSpace, /*aliasScope=*/0);
  });
  addConversion([this](cuda_tile::PartitionViewType type) -> std::optional<Type> {
    Type memref = convertType(type.getTensorView());
    if (!memref)
      return std::nullopt;
    SmallVector<int64_t> shape(type.getTileShape().asArrayRef());
    return nv_tileaa::TiledViewType::get(
        type.getContext(), memref, shape,
        dimMapLayout(type.getContext(), type.getDimMap()));
  });
  addConversion([](cuda_tile::TokenType type) -> Type {
    return nv_tileaa::MemTokenType::get(type.getContext());
  });
}
