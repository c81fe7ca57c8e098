//===- Tile.cpp - tile values of the reference interpreter ----------------===//
#include "Interp/Tile.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cassert>
#include <cmath>

using namespace tilecc::interp;
using namespace mlir;

Tile::Tile(llvm::ArrayRef<int64_t> shape, Type elementType)
    : shape(shape.begin(), shape.end()), elementType(elementType) {
  int64_t count = 1;
  for (int64_t dim : shape)
    count *= dim;
  bits.assign(count, 0);
}

Tile Tile::scalar(Type elementType, uint64_t value) {
  Tile tile({}, elementType);
  tile.bits[0] = value;
  return tile;
}

int64_t Tile::linearize(llvm::ArrayRef<int64_t> index) const {
  int64_t linear = 0;
  for (auto [i, dim] : llvm::enumerate(shape))
    linear = linear * dim + index[i];
  return linear;
}

llvm::SmallVector<int64_t, 4> Tile::delinearize(int64_t linear) const {
  llvm::SmallVector<int64_t, 4> index(shape.size());
  for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
    index[i] = linear % shape[i];
    linear /= shape[i];
  }
  return index;
}

unsigned tilecc::interp::getBitWidth(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth();
  return 64; // pointers
}

bool tilecc::interp::isFloat(Type type) { return isa<FloatType>(type); }

const llvm::fltSemantics &tilecc::interp::getSemantics(Type type) {
  return cast<FloatType>(type).getFloatSemantics();
}

llvm::APFloat tilecc::interp::toAPFloat(Type type, uint64_t bits) {
  return llvm::APFloat(getSemantics(type), llvm::APInt(getBitWidth(type), bits));
}

uint64_t tilecc::interp::fromAPFloat(const llvm::APFloat &value) {
  return value.bitcastToAPInt().getZExtValue();
}

double tilecc::interp::decodeFloat(Type type, uint64_t bits) {
  llvm::APFloat value = toAPFloat(type, bits);
  // Converting a NaN without payload bits (f8E8M0FNU) would give infinity.
  if (value.isNaN())
    return std::nan("");
  bool lost;
  value.convert(llvm::APFloat::IEEEdouble(), llvm::RoundingMode::NearestTiesToEven,
                &lost);
  return value.convertToDouble();
}

uint64_t tilecc::interp::encodeFloat(Type type, double value,
                                     llvm::RoundingMode mode) {
  llvm::APFloat result(value);
  bool lost;
  result.convert(getSemantics(type), mode, &lost);
  return fromAPFloat(result);
}

uint64_t tilecc::interp::truncateToWidth(Type type, uint64_t value) {
  unsigned width = getBitWidth(type);
  return width >= 64 ? value : value & ((1ull << width) - 1);
}

int64_t tilecc::interp::decodeSigned(Type type, uint64_t bits) {
  unsigned width = getBitWidth(type);
  if (width >= 64)
    return static_cast<int64_t>(bits);
  return static_cast<int64_t>(bits << (64 - width)) >> (64 - width);
}

uint64_t tilecc::interp::decodeUnsigned(Type type, uint64_t bits) {
  return truncateToWidth(type, bits);
}

Tile tilecc::interp::tileFromDense(DenseElementsAttr dense) {
  Type elementType = dense.getElementType();
  Tile tile(dense.getType().getShape(), elementType);
  auto bitsAt = [&](int64_t i) -> uint64_t {
    if (isa<FloatType>(elementType))
      return (*(dense.getValues<llvm::APFloat>().begin() + i))
          .bitcastToAPInt()
          .getZExtValue();
    return (*(dense.getValues<llvm::APInt>().begin() + i)).getZExtValue();
  };
  if (dense.isSplat()) {
    std::fill(tile.bits.begin(), tile.bits.end(), bitsAt(0));
    return tile;
  }
  for (int64_t i = 0, e = tile.getNumElements(); i < e; ++i)
    tile.bits[i] = bitsAt(i);
  return tile;
}
