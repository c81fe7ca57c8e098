//===- TileASInterfaces.cpp - nv_tileas interface definitions -------------===//
#include "TileAS/IR/TileASDialect.h"

#include "TileAS/IR/TileASInterfacesAttrs.cpp.inc"
#include "TileAS/IR/TileASInterfacesOps.cpp.inc"

using namespace mlir;

std::optional<nv_tileas::SharedSlice> nv_tileas::getSharedSlice(Operation *op) {
  auto dict = op->getAttrOfType<DictionaryAttr>(kSharedSliceAttrName);
  if (!dict)
    return std::nullopt;
  auto offset = dict.getAs<IntegerAttr>("offset");
  auto bytes = dict.getAs<IntegerAttr>("bytes");
  if (!offset || !bytes)
    return std::nullopt;
  SharedSlice slice;
  slice.buffer = dict.getAs<StringAttr>("buffer");
  slice.offset = offset.getInt();
  slice.bytes = bytes.getInt();
  if (auto barrier = dict.getAs<BoolAttr>("barrier"))
    slice.barrier = barrier.getValue();
  return slice;
}
