//===- CudaTileControlFlowCanonicalize.cpp - `if` folds and patterns ------===//
//
// Canonicalizations of cuda_tile.if. Ops of other families that the
// rewrites produce (select, xori, andi) are created by name so that this
// family does not depend on their C++ classes; a pattern that needs one that
// is not registered does not apply.
//
//===----------------------------------------------------------------------===//
#include "CudaTile/IR/CudaTileControlFlowUtils.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

/// Creates `name(operands) -> resultType` when that op is registered.
static Value createByName(RewriterBase &rewriter, Location loc, StringRef name,
                          ValueRange operands, Type resultType) {
  if (!RegisteredOperationName::lookup(name, rewriter.getContext()))
    return {};
  OperationState state(loc, name);
  state.addOperands(operands);
  state.addTypes(resultType);
  return rewriter.create(state)->getResult(0);
}

/// Matches a constant splat integer tile (MLIR's int matchers only accept
/// builtin shaped types).
static bool matchSplatInt(Value value, APInt &result) {
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  auto splat = dyn_cast<SplatElementsAttr>(attr);
  if (!splat || !splat.getElementType().isInteger())
    return false;
  result = splat.getSplatValue<APInt>();
  return true;
}

static bool isConstantOne(Value value) {
  APInt v;
  return matchSplatInt(value, v) && v.isOne();
}

static bool isConstantZero(Value value) {
  APInt v;
  return matchSplatInt(value, v) && v.isZero();
}

static bool isRegistered(MLIRContext *ctx, StringRef name) {
  return RegisteredOperationName::lookup(name, ctx).has_value();
}

/// True if `value` is defined outside of `op` (not in one of its regions).
static bool isDefinedOutside(Value value, Operation *op) {
  return !op->isAncestor(value.getParentRegion()->getParentOp());
}

static YieldOp getYield(Region &region) {
  if (region.empty())
    return {};
  return dyn_cast<YieldOp>(region.front().back());
}

/// True if `terminator` (continue/break/return) may end a block of `parent`
/// once moved out of an `if` branch.
static bool canEndBlockOf(Operation *terminator, Operation *parent) {
  if (isa<ReturnOp>(terminator))
    return isa<EntryOp, TestingFuncOp, IfOp>(parent);
  if (isa<ContinueOp>(terminator))
    return isa<ForOp, LoopOp, IfOp>(parent);
  if (isa<BreakOp>(terminator))
    return isa<LoopOp, IfOp>(parent);
  return false;
}

/// Erases `from` and every op after it in its block (unreachable code after a
/// terminator that was moved in front of it).
static void eraseFromHere(RewriterBase &rewriter, Operation *from) {
  Block *block = from->getBlock();
  while (&block->back() != from) {
    Operation *last = &block->back();
    for (Value result : last->getResults())
      result.dropAllUses();
    rewriter.eraseOp(last);
  }
  for (Value result : from->getResults())
    result.dropAllUses();
  rewriter.eraseOp(from);
}

/// Replaces `ifOp` by one producing only the results in `keep`; the others
/// are replaced by `replacements` (null entries for kept results).
static IfOp dropResults(RewriterBase &rewriter, IfOp ifOp,
                        ArrayRef<bool> keep, ArrayRef<Value> replacements) {
  SmallVector<Type> types;
  for (auto [index, type] : llvm::enumerate(ifOp.getResultTypes()))
    if (keep[index])
      types.push_back(type);
  rewriter.setInsertionPoint(ifOp);
  auto newIf = rewriter.create<IfOp>(ifOp.getLoc(), types, ifOp.getCondition(),
                                     /*withElse=*/false);
  newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
  rewriter.eraseBlock(&newIf.getThenRegion().front());
  rewriter.inlineRegionBefore(ifOp.getThenRegion(), newIf.getThenRegion(),
                              newIf.getThenRegion().end());
  rewriter.inlineRegionBefore(ifOp.getElseRegion(), newIf.getElseRegion(),
                              newIf.getElseRegion().end());
  for (Region *region : {&newIf.getThenRegion(), &newIf.getElseRegion()}) {
    YieldOp yield = getYield(*region);
    if (!yield)
      continue;
    SmallVector<Value> operands;
    for (auto [index, operand] : llvm::enumerate(yield.getOperands()))
      if (keep[index])
        operands.push_back(operand);
    rewriter.modifyOpInPlace(yield,
                             [&] { yield.getOperandsMutable().assign(operands); });
  }
  // An else branch reduced to an implicit yield is dropped.
  if (types.empty() && !newIf.getElseRegion().empty()) {
    Block &elseBlock = newIf.getElseRegion().front();
    if (elseBlock.getOperations().size() == 1 && getYield(newIf.getElseRegion()))
      rewriter.eraseBlock(&elseBlock);
  }
  SmallVector<Value> results;
  unsigned next = 0;
  for (auto [index, value] : llvm::enumerate(replacements))
    results.push_back(keep[index] ? newIf.getResult(next++) : value);
  rewriter.replaceOp(ifOp, results);
  return newIf;
}

/// True if the block holds nothing but its terminator.
static bool onlyTerminator(Region &region) {
  return region.empty() || region.front().getOperations().size() == 1;
}

namespace {

/// `if` on a constant condition: inline the taken branch. A branch leaving
/// through continue/break/return makes the rest of the parent block dead.
struct FoldConstantCondition : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    APInt value;
    if (!matchSplatInt(ifOp.getCondition(), value))
      return failure();
    Region &taken = value.isOne() ? ifOp.getThenRegion() : ifOp.getElseRegion();
    if (taken.empty()) {
      rewriter.eraseOp(ifOp);
      return success();
    }
    Block *block = &taken.front();
    Operation *terminator = block->getTerminator();
    if (auto yield = dyn_cast<YieldOp>(terminator)) {
      SmallVector<Value> values(yield.getOperands());
      rewriter.eraseOp(yield);
      rewriter.inlineBlockBefore(block, ifOp);
      rewriter.replaceOp(ifOp, values);
      return success();
    }
    if (!canEndBlockOf(terminator, ifOp->getParentOp()))
      return failure();
    rewriter.inlineBlockBefore(block, ifOp);
    eraseFromHere(rewriter, ifOp);
    return success();
  }
};

/// Results yielded from outside the `if` in both branches become selects
/// (or the condition itself for i1 true/false).
struct ConvertToSelect : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0)
      return failure();
    YieldOp thenYield = getYield(ifOp.getThenRegion());
    YieldOp elseYield = getYield(ifOp.getElseRegion());
    if (!thenYield || !elseYield)
      return failure();
    Value cond = ifOp.getCondition();
    MLIRContext *ctx = rewriter.getContext();
    SmallVector<bool> keep(ifOp.getNumResults(), true);
    SmallVector<Value> replacements(ifOp.getNumResults());
    bool changed = false;
    rewriter.setInsertionPoint(ifOp);
    for (unsigned i = 0, e = ifOp.getNumResults(); i < e; ++i) {
      Value thenValue = thenYield.getOperand(i);
      Value elseValue = elseYield.getOperand(i);
      auto type = dyn_cast<TileType>(ifOp.getResult(i).getType());
      if (!type || !isDefinedOutside(thenValue, ifOp) ||
          !isDefinedOutside(elseValue, ifOp))
        continue;
      Value replacement;
      if (thenValue == elseValue) {
        replacement = thenValue;
      } else if (type.getRank() == 0 && type.getElementType().isInteger(1) &&
                 isConstantOne(thenValue) &&
                 isConstantZero(elseValue)) {
        replacement = cond;
      } else if (type.getRank() == 0 && type.getElementType().isInteger(1) &&
                 isConstantZero(thenValue) &&
                 isConstantOne(elseValue)) {
        replacement = createByName(rewriter, ifOp.getLoc(), "cuda_tile.xori",
                                   {cond, elseValue}, type);
      } else if (isRegistered(ctx, "cuda_tile.select")) {
        Value mask = cond;
        if (type.getRank() != 0) {
          // Splat the scalar condition to the shape of the values.
          Type i1 = rewriter.getI1Type();
          SmallVector<int64_t> ones(type.getRank(), 1);
          mask = rewriter.create<ReshapeOp>(ifOp.getLoc(),
                                            TileType::get(ones, i1), cond);
          if (type.getNumElements() != 1)
            mask = rewriter.create<BroadcastOp>(
                ifOp.getLoc(), TileType::get(type.getShape(), i1), mask);
        }
        replacement = createByName(rewriter, ifOp.getLoc(), "cuda_tile.select",
                                   {mask, thenValue, elseValue}, type);
      }
      if (!replacement)
        continue;
      keep[i] = false;
      replacements[i] = replacement;
      changed = true;
    }
    if (!changed)
      return failure();
    bool anyKept = llvm::is_contained(keep, true);
    if (!anyKept && onlyTerminator(ifOp.getThenRegion()) &&
        onlyTerminator(ifOp.getElseRegion())) {
      rewriter.replaceOp(ifOp, replacements);
      return success();
    }
    dropResults(rewriter, ifOp, keep, replacements);
    return success();
  }
};

/// One branch leaves (continue/break/return) and the other yields values
/// defined outside the `if`: after the `if`, the results are those values.
struct ForwardYieldedValues : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return failure();
    YieldOp thenYield = getYield(ifOp.getThenRegion());
    YieldOp elseYield = getYield(ifOp.getElseRegion());
    YieldOp yield = thenYield ? thenYield : elseYield;
    if ((thenYield && elseYield) || !yield)
      return failure();
    for (Value value : yield.getOperands())
      if (!isDefinedOutside(value, ifOp))
        return failure();
    SmallVector<Value> replacements(yield.getOperands());
    SmallVector<bool> keep(ifOp.getNumResults(), false);
    dropResults(rewriter, ifOp, keep, replacements);
    return success();
  }
};

/// Both branches leave the enclosing block: the else branch can run in the
/// parent block after an else-less `if`, replacing the dead code there.
struct HoistElseOfLeavingBranches : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp ifOp,
                                PatternRewriter &rewriter) const override {
    if (ifOp.getElseRegion().empty())
      return failure();
    Operation *thenTerm = ifOp.getThenRegion().front().getTerminator();
    Operation *elseTerm = ifOp.getElseRegion().front().getTerminator();
    if (isa<YieldOp>(thenTerm) || isa<YieldOp>(elseTerm) ||
        !canEndBlockOf(elseTerm, ifOp->getParentOp()))
      return failure();
    rewriter.setInsertionPoint(ifOp);
    auto newIf = rewriter.create<IfOp>(ifOp.getLoc(), TypeRange(),
                                       ifOp.getCondition(), /*withElse=*/false);
    newIf->setDiscardableAttrs(ifOp->getDiscardableAttrDictionary());
    rewriter.eraseBlock(&newIf.getThenRegion().front());
    rewriter.inlineRegionBefore(ifOp.getThenRegion(), newIf.getThenRegion(),
                                newIf.getThenRegion().end());
    rewriter.inlineBlockBefore(&ifOp.getElseRegion().front(), ifOp);
    eraseFromHere(rewriter, ifOp);
    return success();
  }
};

/// `if %a { if %b { ... } }` (no results, no else) -> `if (%a and %b) {...}`.
struct CombineNestedIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp outer,
                                PatternRewriter &rewriter) const override {
    if (outer.getNumResults() != 0 || !outer.getElseRegion().empty())
      return failure();
    Block &body = outer.getThenRegion().front();
    if (body.getOperations().size() != 2 || !getYield(outer.getThenRegion()))
      return failure();
    auto inner = dyn_cast<IfOp>(body.front());
    if (!inner || inner.getNumResults() != 0 || !inner.getElseRegion().empty())
      return failure();
    rewriter.setInsertionPoint(outer);
    Value both = createByName(rewriter, outer.getLoc(), "cuda_tile.andi",
                              {outer.getCondition(), inner.getCondition()},
                              outer.getCondition().getType());
    if (!both)
      return failure();
    auto newIf = rewriter.create<IfOp>(outer.getLoc(), TypeRange(), both,
                                       /*withElse=*/false);
    newIf->setDiscardableAttrs(inner->getDiscardableAttrDictionary());
    rewriter.eraseBlock(&newIf.getThenRegion().front());
    rewriter.inlineRegionBefore(inner.getThenRegion(), newIf.getThenRegion(),
                                newIf.getThenRegion().end());
    rewriter.eraseOp(outer);
    return success();
  }
};

/// Two consecutive `if`s on the same condition become one.
struct CombineConsecutiveIfs : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(IfOp next,
                                PatternRewriter &rewriter) const override {
    auto prev = dyn_cast_or_null<IfOp>(next->getPrevNode());
    if (!prev || prev.getCondition() != next.getCondition())
      return failure();
    SmallVector<Type> types(prev.getResultTypes());
    llvm::append_range(types, next.getResultTypes());
    bool withElse =
        !prev.getElseRegion().empty() || !next.getElseRegion().empty();
    rewriter.setInsertionPoint(prev);
    auto merged =
        rewriter.create<IfOp>(prev.getLoc(), types, prev.getCondition(), false);
    Region &mergedThen = merged.getThenRegion();
    if (!mergedThen.front().empty())
      rewriter.eraseOp(&mergedThen.front().back());
    if (withElse)
      rewriter.createBlock(&merged.getElseRegion());

    auto mergeBranch = [&](Region &prevRegion, Region &nextRegion,
                           Block *target) {
      SmallVector<Value> yielded;
      if (!prevRegion.empty()) {
        Block &block = prevRegion.front();
        Operation *term = block.getTerminator();
        if (!isa<YieldOp>(term)) {
          // The branch leaves: what `next` would do there is dead.
          rewriter.inlineBlockBefore(&block, target, target->end());
          return;
        }
        yielded.assign(term->operand_begin(), term->operand_end());
        rewriter.eraseOp(term);
        rewriter.inlineBlockBefore(&block, target, target->end());
      }
      // Inside this branch `prev`'s results are the values it yielded.
      if (!nextRegion.empty()) {
        Block &block = nextRegion.front();
        for (auto [result, value] : llvm::zip(prev.getResults(), yielded))
          rewriter.replaceUsesWithIf(result, value, [&](OpOperand &use) {
            return nextRegion.isAncestor(use.getOwner()->getParentRegion());
          });
        Operation *term = block.getTerminator();
        if (!isa<YieldOp>(term)) {
          rewriter.inlineBlockBefore(&block, target, target->end());
          return;
        }
        llvm::append_range(yielded, term->getOperands());
        rewriter.eraseOp(term);
        rewriter.inlineBlockBefore(&block, target, target->end());
      }
      rewriter.setInsertionPointToEnd(target);
      rewriter.create<YieldOp>(merged.getLoc(), yielded);
    };
    mergeBranch(prev.getThenRegion(), next.getThenRegion(), &mergedThen.front());
    if (withElse)
      mergeBranch(prev.getElseRegion(), next.getElseRegion(),
                  &merged.getElseRegion().front());

    unsigned numPrev = prev.getNumResults();
    rewriter.replaceOp(next, merged.getResults().drop_front(numPrev));
    rewriter.replaceOp(prev, merged.getResults().take_front(numPrev));
    return success();
  }
};

} // namespace

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<FoldConstantCondition, ConvertToSelect, ForwardYieldedValues,
              HoistElseOfLeavingBranches, CombineNestedIfs,
              CombineConsecutiveIfs>(context);
}

/// `if (xori %c, true)` with an else branch is `if %c` with swapped branches.
LogicalResult IfOp::fold(FoldAdaptor, SmallVectorImpl<OpFoldResult> &) {
  Operation *def = getCondition().getDefiningOp();
  if (!def || def->getName().getStringRef() != "cuda_tile.xori" ||
      getElseRegion().empty() || def->getNumOperands() != 2)
    return failure();
  Value inverted;
  if (isConstantOne(def->getOperand(1)))
    inverted = def->getOperand(0);
  else if (isConstantOne(def->getOperand(0)))
    inverted = def->getOperand(1);
  if (!inverted)
    return failure();
  getConditionMutable().assign(inverted);
  Region swap;
  swap.takeBody(getThenRegion());
  getThenRegion().takeBody(getElseRegion());
  getElseRegion().takeBody(swap);
  return success();
}
