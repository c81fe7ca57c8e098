//===- TileAATokenOps.cpp - tokens, assumptions, lifetime -----------------===//
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

#define GET_OP_CLASSES
#include "TileAA/IR/TileAATokenOps.cpp.inc"

void TileAADialect::registerTokenOps() {
  addOperations<
#define GET_OP_LIST
#include "TileAA/IR/TileAATokenOps.cpp.inc"
      >();
}

OpFoldResult JoinMemTokenOp::fold(FoldAdaptor) {
  // Joining one edge is that edge.
  if (getTokens().size() == 1)
    return getTokens().front();
  return {};
}

LogicalResult AssumeOp::verify() {
  // The first failing predicate reports; later ones do not run.
  for (Attribute predicate : getPredicates())
    if (auto fact = dyn_cast<AssumePredicateAttrInterface>(predicate))
      if (failed(fact.verifyWithAssumeOp(getValue().getType(), *this)))
        return failure();
  return success();
}

LogicalResult PragmaOp::verify() {
  Operation *terminator = &getBody().front().back();
  if (isa<YieldOp>(terminator) &&
      TypeRange(terminator->getOperands()) != getResultTypes())
    return emitOpError("expects the region to yield the result types");
  return success();
}
