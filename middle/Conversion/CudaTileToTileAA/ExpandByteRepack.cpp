//===- ExpandByteRepack.cpp - pack / unpack as integer tile arithmetic ----===//
//
// pack and unpack reinterpret a rank-1 tile of N elements of W bits as a
// rank-1 tile of N*W/8 bytes. The wide side is a little-endian bit stream:
// element i holds bits [i*W, i*W+W), byte j bits [8j, 8j+8). So an element
// wider than a byte is split least significant byte first (the order in
// which the GPU stores it), and sub-byte elements share a byte, the first
// in its least significant bits (the low nibble for f4E2M1FN and i4, as
// PTX's cvt e2m1x2 and CUDA's __nv_fp4x2_e2m1 place them; tilecc's packed
// loads and stores use the same order).
//
// Before the conversion both become cuda_tile ops tilecc already lowers,
// on integers: splitting a tile<n x iA> into k parts of B bits each gives
// tile<n*k x iB> (reshape nx1, broadcast nxk, shri by B*p, trunci,
// reshape), joining is the inverse (reshape nxk, exti, shli by B*p, reduce
// with ori along dim 1). pack of W >= 8 splits into bytes, pack of W < 8
// joins W-bit parts into bytes; unpack does the opposite.
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

/// The shifts `step`*p, p < parts, as a tile<n x parts x W>.
Value partShifts(OpBuilder &b, Location loc, int64_t n, int64_t parts,
                 unsigned step, IntegerType type) {
  SmallVector<APInt> shifts;
  for (int64_t i = 0; i < parts; ++i)
    shifts.push_back(APInt(type.getWidth(), step * i));
  auto attr = DenseElementsAttr::get(RankedTensorType::get({1, parts}, type), shifts);
  Value row = ct::ConstantOp::create(b, loc, tileOf({1, parts}, type), attr);
  return ct::BroadcastOp::create(b, loc, tileOf({n, parts}, type), row);
}

/// tile<n x iA> -> tile<n*parts x iB>, A = parts * B, low part first.
Value split(OpBuilder &b, Location loc, Value x, int64_t parts, unsigned partWidth) {
  auto type = cast<ct::TileType>(x.getType());
  int64_t n = type.getShape()[0];
  auto whole = cast<IntegerType>(type.getElementType());
  Value column = ct::ReshapeOp::create(b, loc, tileOf({n, 1}, whole), x);
  Value spread = ct::BroadcastOp::create(b, loc, tileOf({n, parts}, whole), column);
  Value shifted = ct::ShRIOp::create(
      b, loc, spread.getType(), spread,
      partShifts(b, loc, n, parts, partWidth, whole),
      ct::SignednessAttr::get(b.getContext(), ct::Signedness::Unsigned));
  Value truncated = ct::TruncIOp::create(
      b, loc, tileOf({n, parts}, b.getIntegerType(partWidth)), shifted,
      ct::IntegerOverflow::None);
  return ct::ReshapeOp::create(
      b, loc, tileOf({n * parts}, b.getIntegerType(partWidth)), truncated);
}

/// tile<n*parts x iB> -> tile<n x iA>, A = parts * B, low part first.
Value join(OpBuilder &b, Location loc, Value x, int64_t parts, unsigned partWidth) {
  auto type = cast<ct::TileType>(x.getType());
  int64_t n = type.getShape()[0] / parts;
  auto whole = b.getIntegerType(partWidth * parts);
  Value rows = ct::ReshapeOp::create(
      b, loc, tileOf({n, parts}, type.getElementType()), x);
  Value extended = ct::ExtIOp::create(b, loc, tileOf({n, parts}, whole), rows,
                                      ct::Signedness::Unsigned);
  Value shifted = ct::ShLIOp::create(
      b, loc, extended.getType(), extended,
      partShifts(b, loc, n, parts, partWidth, whole),
      ct::IntegerOverflowAttr::get(b.getContext(), ct::IntegerOverflow::None));
  // The shifted parts do not overlap, so or-ing them assembles the whole.
  auto reduce = ct::ReduceOp::create(
      b, loc, TypeRange{tileOf({n}, whole)}, ValueRange{shifted}, /*dim=*/1,
      b.getArrayAttr({b.getIntegerAttr(whole, 0)}));
  Type scalar = tileOf({}, whole);
  OpBuilder::InsertionGuard guard(b);
  Block *body = b.createBlock(&reduce.getBody(), {}, {scalar, scalar}, {loc, loc});
  Value combined = ct::OrIOp::create(b, loc, scalar, body->getArgument(0),
                                     body->getArgument(1));
  ct::YieldOp::create(b, loc, ValueRange{combined});
  return reduce.getResult(0);
}

void expandRepack(Operation *op) {
  OpBuilder b(op);
  Location loc = op->getLoc();
  ct::TileType type = wideType(op);
  int64_t n = type.getShape()[0];
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  auto wide = b.getIntegerType(width);
  Value result;
  if (isa<ct::PackOp>(op)) {
    Value x = bitcastTo(b, loc, op->getOperand(0), tileOf({n}, wide));
    // The verifier guarantees width != 8.
    result = width > 8 ? split(b, loc, x, width / 8, 8)
                       : join(b, loc, x, 8 / width, width);
  } else {
    Value bytes = op->getOperand(0);
    Value x = width > 8 ? join(b, loc, bytes, width / 8, 8)
                        : split(b, loc, bytes, 8 / width, width);
    result = bitcastTo(b, loc, x, op->getResult(0).getType());
  }
  op->replaceAllUsesWith(ValueRange{result});
  op->erase();
}

} // namespace

LogicalResult mlir::tilecc::expandByteRepacks(ModuleOp module) {
  SmallVector<Operation *> repacks;
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<ct::PackOp, ct::UnpackOp>(op))
      return;
    // tf32 keeps 19 bits in a 32-bit container; no integer view of it.
    Type element = wideType(op).getElementType();
    if (isa<FloatTF32Type>(element)) {
      op->emitOpError("on tf32 elements is not supported by tilecc yet");
      ok = false;
      return;
    }
    repacks.push_back(op);
  });
  // Nothing is rewritten when any op is refused.
  if (!ok)
    return failure();
  for (Operation *op : repacks)
    expandRepack(op);
  return success();
}
