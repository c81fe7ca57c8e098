//===- Tile.h - tile values of the reference interpreter --------*- C++ -*-===//
//
// The reference interpreter executes cuda_tile directly from the
// specification's semantics. A tile value is its shape, its element type and
// one 64-bit word per element holding the element's bit pattern (integers
// zero-extended, floats in their own encoding, pointers as addresses), so
// every element type is represented exactly.
//
//===----------------------------------------------------------------------===//
#ifndef TILECC_INTERP_TILE_H
#define TILECC_INTERP_TILE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace tilecc::interp {

struct Tile {
  llvm::SmallVector<int64_t, 4> shape;
  mlir::Type elementType; // integer, float or cuda_tile pointer type
  std::vector<uint64_t> bits;

  Tile() = default;
  Tile(llvm::ArrayRef<int64_t> shape, mlir::Type elementType);
  /// A rank-0 tile holding one element.
  static Tile scalar(mlir::Type elementType, uint64_t bits);

  int64_t getNumElements() const { return static_cast<int64_t>(bits.size()); }
  unsigned getRank() const { return shape.size(); }
  /// Row-major linear index of a multi-index.
  int64_t linearize(llvm::ArrayRef<int64_t> index) const;
  /// Multi-index of a row-major linear index.
  llvm::SmallVector<int64_t, 4> delinearize(int64_t linear) const;
};

/// The elements of a dense constant as a tile.
Tile tileFromDense(mlir::DenseElementsAttr dense);

/// Element-level helpers. Floats are decoded to double exactly; encoding
/// rounds to the element type with the given rounding mode.
unsigned getBitWidth(mlir::Type elementType);
bool isFloat(mlir::Type elementType);
const llvm::fltSemantics &getSemantics(mlir::Type floatType);

double decodeFloat(mlir::Type floatType, uint64_t bits);
uint64_t encodeFloat(mlir::Type floatType, double value,
                     llvm::RoundingMode mode = llvm::RoundingMode::NearestTiesToEven);
llvm::APFloat toAPFloat(mlir::Type floatType, uint64_t bits);
uint64_t fromAPFloat(const llvm::APFloat &value);

/// Integers: `bits` holds the value truncated to the type's width.
int64_t decodeSigned(mlir::Type intType, uint64_t bits);
uint64_t decodeUnsigned(mlir::Type intType, uint64_t bits);
uint64_t truncateToWidth(mlir::Type intType, uint64_t value);

} // namespace tilecc::interp

#endif // TILECC_INTERP_TILE_H
