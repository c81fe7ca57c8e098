//===- TypeConverter.cpp - nv_tileaa to nv_tileas types -------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;
using namespace mlir::tilecc;

nv_tileas::TiledViewType
mlir::tilecc::convertTiledView(nv_tileaa::TiledViewType type) {
  unsigned addressSpace = 1;
  if (auto memref = dyn_cast<nv_tileaa::TileMemRefType>(type.getSourceType()))
    addressSpace = memref.getAddressSpace();
  return nv_tileas::TiledViewType::get(type.getContext(), type.getShape(),
                                       type.getElementType(), addressSpace);
}

TileAAToTileASTypeConverter::TileAAToTileASTypeConverter(MLIRContext *ctx) {
  // Tiles, scalars and pointers are shared by both dialects. Registered first
  // so that the specific conversions below take precedence.
  addConversion([](Type type) { return type; });
  addConversion([ctx](nv_tileaa::MemTokenType) -> Type {
    return nv_tileas::MemTokenType::get(ctx);
  });
  addConversion([](nv_tileaa::TiledViewType type) -> Type {
    return convertTiledView(type);
  });
  // A cancelled-program handle is the 16-byte cluster-launch-control response.
  addConversion([ctx](nv_tileaa::ProgramIdType) -> Type {
    return IntegerType::get(ctx, 128);
  });
  // A queue is a pipeline whose slots carry the converted slot types.
  addConversion([this, ctx](nv_tileaa::QueueType type) -> std::optional<Type> {
    SmallVector<Type> slots;
    if (failed(convertTypes(type.getResultTypes(), slots)) ||
        slots.size() != type.getResultTypes().size())
      return std::nullopt;
    return nv_tileas::PipelineType::get(ctx, slots);
  });
  // A memref is the parent of many differently-boxed accesses, so it has no
  // single static view type; it travels as the values that describe it and
  // each access materializes its own box from them.
  addConversion([ctx](nv_tileaa::TileMemRefType type,
                      SmallVectorImpl<Type> &results) -> LogicalResult {
    results.push_back(
        nv_tileaa::PtrType::get(type.getElementType(), type.getAddressSpace()));
    Type index = IndexType::get(ctx);
    results.append(1 + 2 * type.getRank(), index);
    return success();
  });
}
