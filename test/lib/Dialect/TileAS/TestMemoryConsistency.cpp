//===- TestMemoryConsistency.cpp - report the seed-003 op classification --===//
//
// Emits one remark per op saying whether it implements
// MemoryConsistencyOpInterface and whether canonicalization may move,
// duplicate or erase it, so lit can pin the exact membership of both sets.
//
//===----------------------------------------------------------------------===//
#include "TileAS/IR/TileASSafety.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace mlir::nv_tileas;

namespace {
struct TestMemoryConsistencyPass
    : PassWrapper<TestMemoryConsistencyPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestMemoryConsistencyPass)

  StringRef getArgument() const final {
    return "test-tileas-memory-consistency";
  }
  StringRef getDescription() const final {
    return "Report MemoryConsistencyOpInterface membership and the "
           "safe-rewrite predicate for every nv_tileas op";
  }

  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (!isa_and_nonnull<TileASDialect>(op->getDialect()) &&
          !op->hasTrait<OpTrait::ConstantLike>())
        return;
      op->emitRemark() << (isa<MemoryConsistencyOpInterface>(op)
                               ? "memory-consistency"
                               : "unordered")
                       << (isSafeToRewrite(op) ? ", rewrite: safe"
                                               : ", rewrite: fixed");
    });
  }
};
} // namespace

namespace mlir::nv_tileas {
void registerTestMemoryConsistencyPass() {
  PassRegistration<TestMemoryConsistencyPass>();
}
} // namespace mlir::nv_tileas
