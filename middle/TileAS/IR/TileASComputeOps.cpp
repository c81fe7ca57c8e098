//===- TileASComputeOps.cpp - MMA, reduce and scan ------------------------===//
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASOpVerifiers.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASComputeOps.cpp.inc"

void TileASDialect::registerComputeOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASComputeOps.cpp.inc"
      >();
}

LogicalResult DotOp::verify() {
  if (getAtom().isBlockScaled())
    return emitOpError("block-scaled MMA atoms belong on block_scaled_mma");
  return verifyMmaShapes(*this, getA().getType(), getB().getType(),
                         getC().getType(), getResult().getType());
}

LogicalResult BlockScaledMmaOp::verify() {
  if (!getAtom().isBlockScaled())
    return emitOpError("requires a block-scaled MMA atom (mma_sync_block_scaled "
                       "or tcgen05_block_scaled)");
  // Block-scaled MMA exists from sm_100 on (tcgen05 on sm_100a-class,
  // mma.sync on sm_120a-class targets); the capability encoding is
  // major * 10 + minor (seed 004).
  std::optional<int64_t> cc =
      TileASDialect::getComputeCapability((*this)->getParentOp());
  if (cc && *cc <= 99)
    return emitError(
        "mma block scale is not supported by compute capability < sm100");
  if (getCtaGroup() != 1 && getCtaGroup() != 2)
    return emitOpError("cta_group must be 1 or 2");
  RankedTensorType a = getA().getType(), b = getB().getType();
  if (failed(verifyMmaShapes(*this, a, b, getC().getType(),
                             getResult().getType())))
    return failure();
  // One scale per (row, K block) of A and per (K block, column) of B.
  RankedTensorType sa = getScaleA().getType(), sb = getScaleB().getType();
  int64_t rank = a.getRank();
  if (sa.getRank() != rank || sb.getRank() != rank)
    return emitOpError("scale factors must have the operands' rank");
  if (sa.getDimSize(rank - 2) != a.getDimSize(rank - 2))
    return emitOpError("scale_a must have one row per row of A");
  if (sb.getDimSize(rank - 1) != b.getDimSize(rank - 1))
    return emitOpError("scale_b must have one column per column of B");
  for (RankedTensorType scale : {sa, sb})
    if (!scale.getElementType().isIntOrFloat() ||
        scale.getElementType().getIntOrFloatBitWidth() != 8)
      return emitOpError("scale factors must have an 8-bit element type");
  return success();
}

/// The combiner takes (accumulators..., values...) as element scalars and
/// yields the new accumulators.
static LogicalResult verifyCombiner(Operation *op, ValueRange inputs,
                                    Region &combiner, int64_t axis) {
  if (inputs.empty())
    return op->emitOpError("expects at least one input");
  auto first = cast<RankedTensorType>(inputs.front().getType());
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError() << "axis " << axis << " is out of range for rank "
                             << first.getRank();
  SmallVector<Type> elements;
  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("inputs must all have the same shape");
    elements.push_back(type.getElementType());
  }
  Block &body = combiner.front();
  size_t n = inputs.size();
  if (body.getNumArguments() != 2 * n)
    return op->emitOpError() << "combiner must take " << 2 * n
                             << " arguments (accumulators, then values)";
  for (size_t i = 0; i < n; ++i)
    if (body.getArgument(i).getType() != elements[i] ||
        body.getArgument(n + i).getType() != elements[i])
      return op->emitOpError() << "combiner arguments " << i << " and "
                               << n + i << " must have type " << elements[i];
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield)
    return op->emitOpError("combiner must end with nv_tileas.yield");
  if (TypeRange(yield.getValues()) != TypeRange(elements))
    return op->emitOpError(
        "combiner must yield one accumulator per input, of its element type");
  return success();
}

LogicalResult ReduceOp::verifyRegions() {
  if (failed(verifyCombiner(*this, getInputs(), getCombiner(), getAxis())))
    return failure();
  if (getResults().size() != getInputs().size())
    return emitOpError("expects one result per input");
  for (auto [input, result] : llvm::zip(getInputs(), getResults())) {
    auto type = cast<RankedTensorType>(input.getType());
    // Reducing the only axis leaves a 0-d tile, which is a plain scalar.
    Type expected = type.getElementType();
    if (type.getRank() > 1) {
      SmallVector<int64_t> shape(type.getShape());
      shape.erase(shape.begin() + getAxis());
      expected = RankedTensorType::get(shape, type.getElementType());
    }
    auto resultTile = dyn_cast<RankedTensorType>(result.getType());
    Type actual = resultTile ? RankedTensorType::get(resultTile.getShape(),
                                                     resultTile.getElementType())
                             : result.getType();
    if (actual != expected)
      return emitOpError() << "result type " << result.getType()
                           << " does not match the reduced type " << expected;
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  if (failed(verifyCombiner(*this, getInputs(), getCombiner(), getAxis())))
    return failure();
  if (getResults().size() != getInputs().size())
    return emitOpError("expects one result per input");
  for (auto [input, result] : llvm::zip(getInputs(), getResults()))
    if (failed(verifySameTile(*this, cast<RankedTensorType>(input.getType()),
                              cast<RankedTensorType>(result.getType()),
                              "input", "result")))
      return failure();
  return success();
}

// reduce and scan are memory-consistency ops (their bodies may order memory);
// the interface is a marker, so there is nothing else to define here.
