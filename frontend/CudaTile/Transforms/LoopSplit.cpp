//===- LoopSplit.cpp - split `for` loops at an induction-variable branch --===//
//
// In `for %iv in (%lb to %ub, step %s)`, an `if (cmpi <pred> %iv, %x)` with a
// loop-invariant %x takes one branch for all iterations below a split point
// and the other branch from it on. The loop is rewritten as two loops,
// [lb, min(split, ub)) and [max(split, lb), ub), in which the comparison is a
// constant and the `if`s directly in the body are replaced by the taken
// branch.
//
// Safety conditions: the comparison is signed (as is the loop, which must not
// be `unsigned`), compares the induction variable of this loop with a value
// defined outside of it, and uses <, <=, > or >=; the `if`s resolved in the
// body end their branches in yield or continue. With a step other than the
// constant 1 the split point is rounded up to lb + k * step.
//
// Arithmetic ops of another op family (cmpi, addi, mini, ...) are handled by
// name; the pass does nothing when they are not registered.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace mlir::cuda_tile {
#define GEN_PASS_DEF_LOOPSPLITPASS
#include "CudaTile/Transforms/Passes.h.inc"
} // namespace mlir::cuda_tile

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {

/// Per-op threshold attribute (0 disables, 1 always splits).
constexpr StringLiteral kThresholdAttr = "cuda_tile.loop_split";

enum class Predicate { LT, LE, GT, GE };

/// A chosen split: `iv <pred> bound` decides the `if`s in `ifs`.
struct SplitPlan {
  Operation *cmp = nullptr;
  Predicate pred;
  Value bound;
  SmallPtrSet<Operation *, 4> ifs;
};

std::optional<int64_t> getThreshold(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kThresholdAttr))
    return attr.getInt();
  return std::nullopt;
}

/// The keyword of the comparison predicate attribute of a `cmpi`.
std::string predicateKeyword(Operation *cmp) {
  Attribute attr = cmp->getAttr("comparison_predicate");
  if (!attr)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  os << attr;
  size_t open = text.find('<'), close = text.rfind('>');
  if (open == std::string::npos || close == std::string::npos || close < open)
    return "";
  return text.substr(open + 1, close - open - 1);
}

/// Normalizes the comparison to `iv <pred> bound`.
bool normalize(ForOp forOp, Operation *cmp, Predicate &pred, Value &bound) {
  auto signedness = cmp->getAttrOfType<SignednessAttr>("signedness");
  if (!signedness || signedness.getValue() != Signedness::Signed)
    return false;
  std::string keyword = predicateKeyword(cmp);
  std::optional<Predicate> parsed =
      llvm::StringSwitch<std::optional<Predicate>>(keyword)
          .Case("less_than", Predicate::LT)
          .Case("less_than_or_equal", Predicate::LE)
          .Case("greater_than", Predicate::GT)
          .Case("greater_than_or_equal", Predicate::GE)
          .Default(std::nullopt);
  if (!parsed || cmp->getNumOperands() != 2)
    return false;
  Value iv = forOp.getInductionVar();
  if (cmp->getOperand(0) == iv) {
    pred = *parsed;
    bound = cmp->getOperand(1);
  } else if (cmp->getOperand(1) == iv) {
    // x < iv  <=>  iv > x, and so on.
    static constexpr Predicate swapped[] = {Predicate::GT, Predicate::GE,
                                            Predicate::LT, Predicate::LE};
    pred = swapped[static_cast<int>(*parsed)];
    bound = cmp->getOperand(0);
  } else {
    return false;
  }
  // The bound must not change during the loop.
  return !forOp->isAncestor(bound.getParentRegion()->getParentOp());
}

/// The taken branch is inlined into the loop body: it must end in `yield` or
/// `continue` (a `return` cannot sit directly in a `for`).
bool hasInlinableBranches(IfOp ifOp) {
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    Operation &terminator = region->front().back();
    if (!isa<YieldOp, ContinueOp>(terminator))
      return false;
  }
  return true;
}

bool isHeavy(Operation &op) {
  return llvm::is_contained(
      {"cuda_tile.load_ptr_tko", "cuda_tile.load_view_tko",
       "cuda_tile.store_ptr_tko", "cuda_tile.store_view_tko", "cuda_tile.mmaf",
       "cuda_tile.mmai", "cuda_tile.mmaf_scaled", "cuda_tile.reduce",
       "cuda_tile.if", "cuda_tile.for"},
      op.getName().getStringRef());
}

/// Splitting pays off when a branch is large or does expensive work.
bool isProfitable(IfOp ifOp, int64_t threshold) {
  if (threshold == 1)
    return true;
  for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
    if (region->empty())
      continue;
    int64_t count = 0;
    for (Operation &op : region->front().without_terminator()) {
      if (isHeavy(op))
        return true;
      ++count;
    }
    if (count >= threshold)
      return true;
  }
  return false;
}

Value createNamed(OpBuilder &builder, Location loc, StringRef name,
                  ValueRange operands, Type type,
                  ArrayRef<NamedAttribute> attrs = {}) {
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addTypes(type);
  state.addAttributes(attrs);
  return builder.create(state)->getResult(0);
}

Value createIntConstant(OpBuilder &builder, Location loc, Type tileType,
                        int64_t value) {
  auto tile = cast<TileType>(tileType);
  auto intType = cast<IntegerType>(tile.getElementType());
  auto attr = DenseElementsAttr::get(
      RankedTensorType::get(tile.getShape(), intType),
      APInt(intType.getWidth(), value, /*isSigned=*/true));
  return builder.create<ConstantOp>(loc, tileType, attr);
}

bool isConstantOne(Value value) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  auto splat = dyn_cast<SplatElementsAttr>(attr);
  return splat && splat.getElementType().isInteger() &&
         splat.getSplatValue<APInt>().isOne();
}

/// Copies the body of `forOp` into `newFor`, with the comparison replaced by
/// `condValue` and the `if`s of the plan replaced by the taken branch.
void cloneBody(OpBuilder &builder, ForOp forOp, ForOp newFor,
               const SplitPlan &plan, bool condValue) {
  IRMapping mapping;
  for (auto [from, to] : llvm::zip(forOp.getBody()->getArguments(),
                                   newFor.getBody()->getArguments()))
    mapping.map(from, to);
  builder.setInsertionPointToStart(newFor.getBody());
  Type i1Tile = TileType::get(ArrayRef<int64_t>(), builder.getI1Type());
  auto cst = builder.create<ConstantOp>(
      plan.cmp->getLoc(), i1Tile,
      DenseElementsAttr::get(RankedTensorType::get({}, builder.getI1Type()),
                             condValue));
  mapping.map(plan.cmp->getResult(0), cst.getResult());
  for (Operation &op : *forOp.getBody()) {
    if (&op == plan.cmp)
      continue;
    if (!plan.ifs.contains(&op)) {
      builder.clone(op, mapping);
      continue;
    }
    auto ifOp = cast<IfOp>(op);
    Region &taken = condValue ? ifOp.getThenRegion() : ifOp.getElseRegion();
    if (taken.empty())
      continue;
    bool leaves = false;
    for (Operation &inner : taken.front()) {
      if (auto yield = dyn_cast<YieldOp>(inner)) {
        for (auto [result, value] :
             llvm::zip(ifOp.getResults(), yield.getOperands()))
          mapping.map(result, mapping.lookupOrDefault(value));
        continue;
      }
      builder.clone(inner, mapping);
      // continue/return: the rest of the body is not reached.
      if (inner.hasTrait<OpTrait::IsTerminator>())
        leaves = true;
    }
    if (leaves)
      return;
  }
}

struct LoopSplitPass
    : public cuda_tile::impl::LoopSplitPassBase<LoopSplitPass> {
  using LoopSplitPassBase::LoopSplitPassBase;

  /// Finds the first `if` inside `forOp` worth splitting on.
  std::optional<SplitPlan> findPlan(ForOp forOp, std::optional<int64_t> entryHint) {
    std::optional<int64_t> forHint = getThreshold(forOp);
    std::optional<SplitPlan> plan;
    forOp->walk([&](IfOp ifOp) {
      int64_t threshold = splitThreshold;
      if (auto hint = getThreshold(ifOp))
        threshold = *hint;
      else if (forHint)
        threshold = *forHint;
      else if (entryHint)
        threshold = *entryHint;
      if (threshold == 0)
        return WalkResult::advance();
      Operation *cmp = ifOp.getCondition().getDefiningOp();
      if (!cmp || cmp->getName().getStringRef() != "cuda_tile.cmpi" ||
          cmp->getParentOp() != forOp)
        return WalkResult::advance();
      SplitPlan candidate;
      candidate.cmp = cmp;
      if (!normalize(forOp, cmp, candidate.pred, candidate.bound))
        return WalkResult::advance();
      bool profitable = false;
      for (Operation *user : cmp->getResult(0).getUsers()) {
        auto userIf = dyn_cast<IfOp>(user);
        if (!userIf)
          continue;
        profitable |= isProfitable(userIf, threshold);
        if (userIf->getParentOp() != forOp)
          continue;
        if (!hasInlinableBranches(userIf))
          return WalkResult::advance();
        candidate.ifs.insert(userIf);
      }
      if (!profitable)
        return WalkResult::advance();
      plan = std::move(candidate);
      return WalkResult::interrupt();
    });
    return plan;
  }

  void split(ForOp forOp, SplitPlan &plan) {
    OpBuilder builder(forOp);
    Location loc = forOp.getLoc();
    Type type = forOp.getLowerBound().getType();
    Value lb = forOp.getLowerBound(), ub = forOp.getUpperBound();
    Value step = forOp.getStep();
    MLIRContext *ctx = forOp.getContext();
    auto signedAttr = builder.getNamedAttr(
        "signedness", SignednessAttr::get(ctx, Signedness::Signed));

    // iv > x and iv <= x change at x + 1; iv < x and iv >= x at x.
    Value split = plan.bound;
    if (plan.pred == Predicate::GT || plan.pred == Predicate::LE)
      split = createNamed(builder, loc, "cuda_tile.addi",
                          {split, createIntConstant(builder, loc, type, 1)},
                          type);
    if (!isConstantOne(step)) {
      // Round up to an iteration: lb + ceildiv(split - lb, step) * step.
      Attribute rounding =
          parseAttribute("#cuda_tile.rounding<positive_inf>", ctx);
      Value diff = createNamed(builder, loc, "cuda_tile.subi", {split, lb}, type);
      Value count = createNamed(
          builder, loc, "cuda_tile.divi", {diff, step}, type,
          {signedAttr, builder.getNamedAttr("rounding", rounding)});
      Value offset =
          createNamed(builder, loc, "cuda_tile.muli", {count, step}, type);
      split = createNamed(builder, loc, "cuda_tile.addi", {lb, offset}, type);
    }
    Value firstUpper = createNamed(builder, loc, "cuda_tile.mini", {split, ub},
                                   type, {signedAttr});
    Value secondLower = createNamed(builder, loc, "cuda_tile.maxi",
                                    {split, lb}, type, {signedAttr});

    // Below the split `iv < x` / `iv <= x` hold, `iv > x` / `iv >= x` do not.
    bool firstValue = plan.pred == Predicate::LT || plan.pred == Predicate::LE;
    auto first = builder.create<ForOp>(loc, lb, firstUpper, step,
                                       forOp.getInitValues());
    first->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
    cloneBody(builder, forOp, first, plan, firstValue);
    builder.setInsertionPointAfter(first);
    auto second = builder.create<ForOp>(loc, secondLower, ub, step,
                                        first.getResults());
    second->setDiscardableAttrs(forOp->getDiscardableAttrDictionary());
    cloneBody(builder, forOp, second, plan, !firstValue);
    forOp->replaceAllUsesWith(second->getResults());
    forOp->erase();
  }

  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    for (StringRef name :
         {"cuda_tile.cmpi", "cuda_tile.addi", "cuda_tile.subi", "cuda_tile.muli",
          "cuda_tile.divi", "cuda_tile.mini", "cuda_tile.maxi"})
      if (!RegisteredOperationName::lookup(name, ctx))
        return;
    if (!parseAttribute("#cuda_tile.rounding<positive_inf>", ctx))
      return;
    std::optional<int64_t> entryHint = getThreshold(getOperation());
    // Inner loops first: an outer split then copies the already split loops.
    SmallVector<ForOp> loops;
    getOperation()->walk([&](ForOp forOp) { loops.push_back(forOp); });
    for (ForOp forOp : loops) {
      if (forOp.getUnsignedCmp())
        continue;
      if (std::optional<SplitPlan> plan = findPlan(forOp, entryHint))
        split(forOp, *plan);
    }
  }
};

} // namespace
