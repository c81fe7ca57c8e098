//===- ExpandByteRepack.cpp - pack / unpack as integer tile arithmetic ----===//
//
// pack and unpack reinterpret a rank-1 tile of N elements of B bytes as a
// rank-1 tile of N*B bytes, least significant byte first (the order in
// which the GPU stores them). Before the conversion they become cuda_tile
// ops tilecc already lowers, working on the same-width integer W:
//   pack:   bitcast to W, reshape Nx1, broadcast NxB, shri by 8*b
//           (unsigned), trunci to i8, reshape N*B;
//   unpack: reshape NxB, exti (unsigned) to W, shli by 8*b, reduce with ori
//           along dim 1, bitcast from W.
// Elements narrower than a byte are refused: the order of the elements
// inside a byte is not settled.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace ct = mlir::cuda_tile;

namespace {

Type tileOf(ArrayRef<int64_t> shape, Type element) {
  return ct::TileType::get(shape, element);
}

/// The wide side of a pack or unpack (its source or its result).
ct::TileType wideType(Operation *op) {
  return cast<ct::TileType>(isa<ct::PackOp>(op) ? op->getOperand(0).getType()
                                                : op->getResult(0).getType());
}

/// `value` bitcast to `type` unless it already has it.
Value bitcastTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return ct::BitcastOp::create(b, loc, type, value);
}

/// The byte shifts 8*b, b < bytes, as a tile<n x bytes x W>.
Value byteShifts(OpBuilder &b, Location loc, int64_t n, int64_t bytes,
                 IntegerType wide) {
  SmallVector<APInt> shifts;
  for (int64_t i = 0; i < bytes; ++i)
    shifts.push_back(APInt(wide.getWidth(), 8 * i));
  auto attr = DenseElementsAttr::get(RankedTensorType::get({1, bytes}, wide), shifts);
  Value row = ct::ConstantOp::create(b, loc, tileOf({1, bytes}, wide), attr);
  return ct::BroadcastOp::create(b, loc, tileOf({n, bytes}, wide), row);
}

void expandPack(ct::PackOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ct::TileType type = wideType(op);
  int64_t n = type.getShape()[0];
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  int64_t bytes = width / 8;
  auto wide = b.getIntegerType(width);
  // The verifier guarantees bytes > 1 (widths differ).
  Value x = bitcastTo(b, loc, op->getOperand(0), tileOf({n}, wide));
  Value column = ct::ReshapeOp::create(b, loc, tileOf({n, 1}, wide), x);
  Value spread = ct::BroadcastOp::create(b, loc, tileOf({n, bytes}, wide), column);
  Value shifted = ct::ShRIOp::create(
      b, loc, spread.getType(), spread, byteShifts(b, loc, n, bytes, wide),
      ct::SignednessAttr::get(b.getContext(), ct::Signedness::Unsigned));
  Value truncated = ct::TruncIOp::create(b, loc, tileOf({n, bytes}, b.getI8Type()),
                                         shifted, ct::IntegerOverflow::None);
  Value packed =
      ct::ReshapeOp::create(b, loc, op->getResult(0).getType(), truncated);
  op->replaceAllUsesWith(ValueRange{packed});
  op->erase();
}

void expandUnpack(ct::UnpackOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  ct::TileType type = wideType(op);
  int64_t n = type.getShape()[0];
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  int64_t bytes = width / 8;
  auto wide = b.getIntegerType(width);
  Value rows = ct::ReshapeOp::create(b, loc, tileOf({n, bytes}, b.getI8Type()),
                                    op->getOperand(0));
  Value extended = ct::ExtIOp::create(b, loc, tileOf({n, bytes}, wide), rows,
                                      ct::Signedness::Unsigned);
  Value shifted = ct::ShLIOp::create(
      b, loc, extended.getType(), extended, byteShifts(b, loc, n, bytes, wide),
      ct::IntegerOverflowAttr::get(b.getContext(), ct::IntegerOverflow::None));
  // The shifted bytes do not overlap, so or-ing them assembles the word.
  auto reduce = ct::ReduceOp::create(
      b, loc, TypeRange{tileOf({n}, wide)}, ValueRange{shifted}, /*dim=*/1,
      b.getArrayAttr({b.getIntegerAttr(wide, 0)}));
  Type scalar = tileOf({}, wide);
  Block *body = b.createBlock(&reduce.getBody(), {}, {scalar, scalar}, {loc, loc});
  Value combined = ct::OrIOp::create(b, loc, scalar, body->getArgument(0),
                                     body->getArgument(1));
  ct::YieldOp::create(b, loc, ValueRange{combined});
  b.setInsertionPoint(op);
  Value unpacked = bitcastTo(b, loc, reduce.getResult(0), op->getResult(0).getType());
  op->replaceAllUsesWith(ValueRange{unpacked});
  op->erase();
}

} // namespace

LogicalResult mlir::tilecc::expandByteRepacks(ModuleOp module) {
  SmallVector<Operation *> repacks;
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<ct::PackOp, ct::UnpackOp>(op))
      return;
    Type element = wideType(op).getElementType();
    if (element.getIntOrFloatBitWidth() % 8 != 0) {
      op->emitOpError("on sub-byte elements (")
          << element << ") is not supported by tilecc yet";
      ok = false;
      return;
    }
    repacks.push_back(op);
  });
  // Nothing is rewritten when any op is refused.
  if (!ok)
    return failure();
  for (Operation *op : repacks) {
    if (auto pack = dyn_cast<ct::PackOp>(op))
      expandPack(pack);
    else
      expandUnpack(cast<ct::UnpackOp>(op));
  }
  return success();
}
