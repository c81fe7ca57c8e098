//===- TestTokenOrder.cpp - report the token graph as remarks -------------===//
#include "TileAA/IR/TileAATokens.h"
#include "TileAA/Transforms/Passes.h"

namespace mlir::nv_tileaa {
#define GEN_PASS_DEF_TESTTILEAATOKENORDER
#include "TileAA/Transforms/Passes.h.inc"
} // namespace mlir::nv_tileaa

using namespace mlir;
using namespace mlir::nv_tileaa;

namespace {
struct TestTileAATokenOrderPass
    : nv_tileaa::impl::TestTileAATokenOrderBase<TestTileAATokenOrderPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (auto create = dyn_cast<CreateMemTokenOp>(op)) {
        op->emitRemark("producers: ") << getNumProducers(create);
        return;
      }
      Value token;
      if (auto join = dyn_cast<JoinMemTokenOp>(op))
        token = join.getResult();
      else if (auto effect = dyn_cast<MemTokenOpInterface>(op))
        token = effect.getOutputToken();
      if (!token)
        return;
      InFlightDiagnostic remark = op->emitRemark("token implies:");
      for (MemTokenOpInterface effect : getEffectsOrderedBefore(token)) {
        remark << " " << effect->getName().stripDialect();
        if (auto name = effect->getAttrOfType<StringAttr>("test.name"))
          remark << "(" << name.getValue() << ")";
      }
    });
  }
};
} // namespace
