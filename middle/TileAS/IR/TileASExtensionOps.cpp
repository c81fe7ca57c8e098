//===- TileASExtensionOps.cpp - per-element escape hatches ----------------===//
#include "TileAS/IR/TileASDialect.h"

using namespace mlir;
using namespace mlir::nv_tileas;

#define GET_OP_CLASSES
#include "TileAS/IR/TileASExtensionOps.cpp.inc"

void TileASDialect::registerExtensionOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAS/IR/TileASExtensionOps.cpp.inc"
      >();
}

// Shapes: the Elementwise trait (tile operands and results share one shape;
// scalar operands apply to every element).

LogicalResult ExternElementwiseOp::verify() {
  if (getSymbol().empty())
    return emitOpError("expects a non-empty symbol");
  return success();
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  if (getPackedElement() <= 0)
    return emitOpError("expects packed_element to be positive");
  if (getResults().empty())
    return emitOpError("expects at least one result");
  // One constraint per result, then one per operand.
  size_t constraints = 0;
  for (StringRef c : llvm::split(getConstraints(), ','))
    if (!c.trim().empty())
      ++constraints;
  if (constraints != getNumResults() + getArgs().size())
    return emitOpError("expects ")
           << getNumResults() + getArgs().size()
           << " constraints (results, then operands), got " << constraints;
  return success();
}

LogicalResult CallElementwiseIntrinsicOp::verify() {
  if (!getIntrinsic().starts_with("llvm."))
    return emitOpError("expects an LLVM intrinsic name (llvm.*), got '")
           << getIntrinsic() << "'";
  return success();
}
