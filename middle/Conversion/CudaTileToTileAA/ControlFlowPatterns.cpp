//===- ControlFlowPatterns.cpp - for / loop / if / continue / break -------===//
//
// for -> scf.for (i32 bounds, `unsignedCmp` kept); loop -> scf.while whose
// "before" region is the loop body and forwards (iter values, results): a
// `continue` is scf.condition(true) with poison results, a `break`
// scf.condition(false) with poison iter values; the "after" region passes the
// iter values back. if -> scf.if; return -> nv_tileaa.return.
//
// A `continue`/`break`/`return` nested in an `if` is first made structured by
// normalizeCudaTileEarlyExits: the ops after such an if move into its
// fall-through branches, so the if becomes the last op of its block (a
// "terminal" if). A terminal if lowers to an scf.if yielding the state of
// the construct it leaves (for scf.while: the continue flag and both value
// groups; for scf.for: the iter values; for the function: its results),
// followed by that construct's terminator over its results. A return from
// inside a loop is first turned into breaks of the loops it leaves and a
// return after them (exitLoopsOnReturns, ReturnsInLoops.cpp); the poison it
// passes for the results not produced is converted by PoisonTypeConversion.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/PoisonTypeConversion.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::tilecc;

static constexpr StringLiteral kTerminalIf = "tilecc.terminal_if";

//===----------------------------------------------------------------------===//
// Early-exit normalization (on cuda_tile IR, before conversion)
//===----------------------------------------------------------------------===//

static bool isExit(Operation *op) {
  return isa<cuda_tile::ContinueOp, cuda_tile::BreakOp, cuda_tile::ReturnOp>(op);
}

/// Whether `block` ends by leaving the loop iteration or the function: with
/// continue/break/return, or with a terminal if.
static bool blockExits(Block &block) {
  if (block.empty())
    return false;
  Operation &last = block.back();
  return isExit(&last) || last.hasAttr(kTerminalIf);
}

static void normalizeBlock(Block &block);

/// Appends a copy of `rest` wherever `block` falls through (its trailing
/// yield, also inside trailing terminal ifs), reading `results` as the
/// yielded values.
static void appendRest(Block &block, ArrayRef<Operation *> rest,
                       ValueRange results) {
  Operation *last = block.empty() ? nullptr : &block.back();
  if (last && last->hasAttr(kTerminalIf)) {
    for (Region &region : last->getRegions())
      appendRest(region.front(), rest, results);
    return;
  }
  if (last && isExit(last))
    return;
  // A branch without a yield (no results) falls through at its end.
  Operation *yield = isa_and_nonnull<cuda_tile::YieldOp>(last) ? last : nullptr;
  IRMapping mapping;
  if (yield)
    mapping.map(results, yield->getOperands());
  OpBuilder builder = yield ? OpBuilder(yield) : OpBuilder::atBlockEnd(&block);
  for (Operation *op : rest)
    builder.clone(*op, mapping);
  if (yield)
    yield->erase();
  normalizeBlock(block);
}

/// Moves the ops after `ifOp` into its fall-through branches and makes it the
/// result-less last op of its block.
static void makeTerminal(cuda_tile::IfOp ifOp) {
  SmallVector<Operation *> rest;
  for (Operation *op = ifOp->getNextNode(); op; op = op->getNextNode())
    rest.push_back(op);
  OpBuilder builder(ifOp.getContext());
  if (ifOp.getElseRegion().empty()) {
    Block *elseBlock = builder.createBlock(&ifOp.getElseRegion());
    builder.setInsertionPointToEnd(elseBlock);
    cuda_tile::YieldOp::create(builder, ifOp.getLoc());
  }
  for (Region &region : ifOp->getRegions())
    appendRest(region.front(), rest, ifOp.getResults());
  for (Operation *op : llvm::reverse(rest))
    op->erase();
  cuda_tile::IfOp terminal = ifOp;
  if (ifOp.getNumResults() != 0) {
    builder.setInsertionPoint(ifOp);
    terminal = cuda_tile::IfOp::create(builder, ifOp.getLoc(), TypeRange(),
                                       ifOp.getCondition(), /*withElse=*/true);
    for (auto [from, to] : llvm::zip(ifOp->getRegions(), terminal->getRegions()))
      to.takeBody(from);
    ifOp->erase();
  }
  terminal->setAttr(kTerminalIf, builder.getUnitAttr());
}

static void normalizeBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto ifOp = dyn_cast<cuda_tile::IfOp>(&op);
    if (!ifOp)
      continue;
    for (Region &region : ifOp->getRegions())
      if (!region.empty())
        normalizeBlock(region.front());
    bool exits = llvm::any_of(ifOp->getRegions(), [](Region &region) {
      return !region.empty() && blockExits(region.front());
    });
    if (exits) {
      makeTerminal(ifOp);
      return;
    }
  }
}

void mlir::tilecc::normalizeCudaTileEarlyExits(Operation *root) {
  exitLoopsOnReturns(root);
  root->walk([](Operation *op) {
    if (isa<cuda_tile::ForOp, cuda_tile::LoopOp, cuda_tile::EntryOp,
            cuda_tile::TestingFuncOp>(op))
      normalizeBlock(op->getRegion(0).front());
  });
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// The converted construct an exit of `op` leaves: the nearest loop or the
/// function (parents are converted before their bodies).
Operation *enclosingScope(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<scf::WhileOp, scf::ForOp, nv_tileaa::FuncOp>(parent))
      return parent;
  return nullptr;
}

/// Types of the state a terminal if yields inside `scope`.
SmallVector<Type> scopeStateTypes(Operation *scope) {
  if (auto func = dyn_cast<nv_tileaa::FuncOp>(scope))
    return llvm::to_vector(func.getResultTypes());
  if (auto forOp = dyn_cast<scf::ForOp>(scope))
    return llvm::to_vector(forOp.getResultTypes());
  auto whileOp = cast<scf::WhileOp>(scope);
  SmallVector<Type> types{IntegerType::get(scope->getContext(), 1)};
  llvm::append_range(types, whileOp.getResultTypes());
  return types;
}

/// Ends the current block of a loop or function body (or terminal-if branch)
/// with `state`.
void terminateWithState(OpBuilder &builder, Location loc, Operation *parent,
                        ValueRange state) {
  if (isa<nv_tileaa::FuncOp>(parent))
    nv_tileaa::ReturnOp::create(builder, loc, state);
  else if (isa<scf::WhileOp>(parent))
    scf::ConditionOp::create(builder, loc, state.front(), state.drop_front());
  else
    scf::YieldOp::create(builder, loc, state);
}

struct ForPattern : OpConversionPattern<cuda_tile::ForOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ForOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto forOp = scf::ForOp::create(
        rewriter, op.getLoc(), adaptor.getLowerBound(), adaptor.getUpperBound(),
        adaptor.getStep(), adaptor.getInitValues());
    if (op.getUnsignedCmp())
      forOp.setUnsignedCmp(true);
    rewriter.eraseBlock(forOp.getBody());
    rewriter.inlineRegionBefore(op.getRegion(), forOp.getRegion(),
                                forOp.getRegion().end());
    if (failed(rewriter.convertRegionTypes(&forOp.getRegion(),
                                           *getTypeConverter())))
      return failure();
    rewriter.replaceOp(op, forOp.getResults());
    return success();
  }
};

struct LoopPattern : OpConversionPattern<cuda_tile::LoopOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::LoopOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Type> iterTypes, resultTypes;
    for (Value init : adaptor.getInitValues())
      iterTypes.push_back(init.getType());
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                resultTypes)))
      return failure();
    SmallVector<Type> forwarded(iterTypes);
    llvm::append_range(forwarded, resultTypes);
    auto whileOp = scf::WhileOp::create(rewriter, loc, forwarded,
                                        adaptor.getInitValues());
    rewriter.inlineRegionBefore(op.getRegion(), whileOp.getBefore(),
                                whileOp.getBefore().end());
    if (failed(rewriter.convertRegionTypes(&whileOp.getBefore(),
                                           *getTypeConverter())))
      return failure();
    // The "after" region hands the iter values to the next iteration.
    SmallVector<Location> locs(forwarded.size(), loc);
    Block *after =
        rewriter.createBlock(&whileOp.getAfter(), {}, forwarded, locs);
    rewriter.setInsertionPointToEnd(after);
    scf::YieldOp::create(rewriter, loc,
                         after->getArguments().take_front(iterTypes.size()));
    rewriter.replaceOp(op,
                       whileOp.getResults().drop_front(iterTypes.size()));
    return success();
  }
};

/// continue / break: the loop state for the enclosing construct.
template <typename ExitOp, bool isContinue>
struct ExitPattern : OpConversionPattern<ExitOp> {
  using OpConversionPattern<ExitOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ExitOp op, typename ExitOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Operation *loop = enclosingScope(op);
    if (!loop || isa<nv_tileaa::FuncOp>(loop))
      return rewriter.notifyMatchFailure(op, "no enclosing loop");
    SmallVector<Value> state;
    if (auto whileOp = dyn_cast<scf::WhileOp>(loop)) {
      unsigned numIter = whileOp.getInits().size();
      state.push_back(arith::ConstantIntOp::create(rewriter, loc, isContinue, 1));
      TypeRange types = whileOp.getResultTypes();
      auto poison = [&](TypeRange range) {
        for (Type type : range)
          state.push_back(ub::PoisonOp::create(rewriter, loc, type));
      };
      if (!isContinue)
        poison(types.take_front(numIter));
      llvm::append_range(state, adaptor.getOperands());
      if (isContinue)
        poison(types.drop_front(numIter));
    } else {
      llvm::append_range(state, adaptor.getOperands());
    }
    Operation *parent = op->getParentOp();
    if (isa<scf::IfOp>(parent))
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, state);
    else if (isa<scf::WhileOp>(parent))
      rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, state.front(),
                                                    ArrayRef(state).drop_front());
    else
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, state);
    return success();
  }
};

struct IfPattern : OpConversionPattern<cuda_tile::IfOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    bool terminal = op->hasAttr(kTerminalIf);
    Operation *scope = terminal ? enclosingScope(op) : nullptr;
    if (terminal && !scope)
      return rewriter.notifyMatchFailure(op, "no enclosing loop or function");
    SmallVector<Type> types;
    if (terminal)
      types = scopeStateTypes(scope);
    else if (failed(getTypeConverter()->convertTypes(op.getResultTypes(),
                                                     types)))
      return failure();
    auto ifOp = scf::IfOp::create(rewriter, loc, types, adaptor.getCondition(),
                                  /*addThenBlock=*/false,
                                  /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getThenRegion(), ifOp.getThenRegion(),
                                ifOp.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), ifOp.getElseRegion(),
                                ifOp.getElseRegion().end());
    if (terminal) {
      rewriter.setInsertionPointAfter(ifOp);
      terminateWithState(rewriter, loc, op->getParentOp(), ifOp.getResults());
    }
    rewriter.replaceOp(op, ifOp.getResults().take_front(op.getNumResults()));
    return success();
  }
};

/// yield ends an if branch (scf.yield) or a reduce/scan combiner.
struct YieldPattern : OpConversionPattern<cuda_tile::YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<nv_tileaa::ReduceOp, nv_tileaa::ScanOp>(op->getParentOp()))
      rewriter.replaceOpWithNewOp<nv_tileaa::YieldOp>(op, adaptor.getOperands());
    else
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

/// return: nv_tileaa.return at the end of the function; inside the terminal
/// ifs of an early return, the function results as their state.
struct ReturnPattern : OpConversionPattern<cuda_tile::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<nv_tileaa::FuncOp>(op->getParentOp())) {
      rewriter.replaceOpWithNewOp<nv_tileaa::ReturnOp>(op, adaptor.getOperands());
      return success();
    }
    // exitLoopsOnReturns left no return inside a loop.
    if (!isa<nv_tileaa::FuncOp>(enclosingScope(op)))
      return rewriter.notifyMatchFailure(op, "return inside a loop");
    rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getOperands());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileControlFlowToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ForPattern, LoopPattern, IfPattern, YieldPattern, ReturnPattern,
               PoisonTypeConversion,
               ExitPattern<cuda_tile::ContinueOp, true>,
               ExitPattern<cuda_tile::BreakOp, false>>(typeConverter,
                                                       patterns.getContext());
}
