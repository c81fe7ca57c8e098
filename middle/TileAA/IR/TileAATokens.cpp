//===- TileAATokens.cpp - the nv_tileaa memory-token algebra --------------===//
#include "TileAA/IR/TileAATokens.h"

#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::nv_tileaa;

SmallVector<Value> mlir::nv_tileaa::getTokenPredecessors(Value token) {
  Operation *producer = token.getDefiningOp();
  if (auto join = dyn_cast_if_present<JoinMemTokenOp>(producer))
    return llvm::to_vector(join.getTokens());
  if (auto effect = dyn_cast_if_present<MemTokenOpInterface>(producer))
    if (Value input = effect.getInputToken())
      return {input};
  return {};
}

/// Visits every token `token` depends on (itself included), once.
static void walkTokenGraph(Value token, function_ref<bool(Value)> visit) {
  llvm::SetVector<Value> seen;
  SmallVector<Value> worklist{token};
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!seen.insert(current))
      continue;
    if (visit(current))
      return;
    llvm::append_range(worklist, getTokenPredecessors(current));
  }
}

bool mlir::nv_tileaa::isOrderedAfter(Value later, Value earlier) {
  bool found = false;
  walkTokenGraph(later, [&](Value token) { return found = token == earlier; });
  return found;
}

SmallVector<MemTokenOpInterface>
mlir::nv_tileaa::getEffectsOrderedBefore(Value token) {
  llvm::SmallPtrSet<Operation *, 16> effects;
  walkTokenGraph(token, [&](Value current) {
    if (auto effect = current.getDefiningOp<MemTokenOpInterface>())
      effects.insert(effect);
    return false;
  });
  // Report them in program order: a pre-order walk of the enclosing op.
  SmallVector<MemTokenOpInterface> ordered;
  Operation *scope = token.getParentRegion()->getParentOp();
  scope->walk<WalkOrder::PreOrder>([&](MemTokenOpInterface effect) {
    if (effects.contains(effect))
      ordered.push_back(effect);
  });
  return ordered;
}

int64_t mlir::nv_tileaa::getNumProducers(CreateMemTokenOp op) {
  if (std::optional<uint64_t> producers = op.getProducers())
    return *producers;
  return llvm::count_if(op.getResult().getUsers(), [&](Operation *user) {
    auto effect = dyn_cast<MemTokenOpInterface>(user);
    return effect && effect.getInputToken() == op.getResult();
  });
}
