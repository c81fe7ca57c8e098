//===- PatternUtils.h - helpers shared by the op-family patterns -*- C++ -*-===//
#ifndef TILECC_CONVERSION_CUDATILETOTILEAA_PATTERNUTILS_H
#define TILECC_CONVERSION_CUDATILETOTILEAA_PATTERNUTILS_H

#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::tilecc {

/// A scalar integer (any width, or index) as an index value.
inline Value castToIndex(OpBuilder &builder, Location loc, Value value) {
  if (value.getType().isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(), value);
}

/// An index as a scalar of integer type `type`.
inline Value castFromIndex(OpBuilder &builder, Location loc, Value value,
                           Type type) {
  if (type.isIndex())
    return value;
  return arith::IndexCastOp::create(builder, loc, type, value);
}

/// `value` (an int or float attribute of the element type) splat over
/// `type`, a tensor or a scalar.
inline Value createSplatConstant(OpBuilder &builder, Location loc, Type type,
                                 TypedAttr element) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return arith::ConstantOp::create(builder, loc,
                                     SplatElementsAttr::get(tensor, element));
  return arith::ConstantOp::create(builder, loc, element);
}

/// cuda_tile `overflow<...>` as arith overflow flags on `op` (none: no
/// attribute).
void setOverflowFlags(Operation *op, cuda_tile::IntegerOverflow overflow);

} // namespace mlir::tilecc

#endif // TILECC_CONVERSION_CUDATILETOTILEAA_PATTERNUTILS_H
