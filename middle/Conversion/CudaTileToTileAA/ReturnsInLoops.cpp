//===- ReturnsInLoops.cpp - a return inside a loop becomes a loop exit ----===//
//
// The control-flow lowering leaves one construct at a time: a continue or
// break its loop, a return the function. A `return` nested (in ifs) in a
// loop body leaves every loop around it at once, so it is first rewritten,
// on cuda_tile IR and innermost loop first, into exits of one loop each:
//
//  - a `for` holding such a return becomes the equivalent `loop`, since only
//    `loop` has a `break`: the induction variable is carried first, the body
//    starts with `if %iv >= %ub { break %iters }` (signed or unsigned like the
//    for's comparison), and each continue of the for passes `%iv + %step`;
//  - the `loop` gets two more result groups, an i1 "returned" flag and the
//    function's result values: the return becomes `break` with poison for
//    the loop's own results, true and its values; the loop's other breaks
//    pass false and poison;
//  - after the loop, `if %returned { return %values }`, which is again a
//    return in an if: at function level normalizeCudaTileEarlyExits makes it
//    an early return, inside an outer loop this rewrite treats it in turn.
//
// So no iteration and no op runs after the return, and the allocation scopes
// it leaves are each left through their body's end (see AllocaPatterns.cpp).
// Poison never reaches a use: the results it stands for are read only on
// the other path.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace ct = mlir::cuda_tile;

/// The innermost for/loop around `op` inside its function, or null.
static Operation *enclosingLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<ct::ForOp, ct::LoopOp>(parent))
      return parent;
    if (isa<FunctionOpInterface>(parent))
      return nullptr;
  }
  return nullptr;
}

/// The ops of type OpTy whose innermost loop is `loop`, in IR order.
template <typename OpTy>
static SmallVector<OpTy> exitsOf(Operation *loop) {
  SmallVector<OpTy> ops;
  loop->walk([&](OpTy op) {
    if (enclosingLoop(op) == loop)
      ops.push_back(op);
  });
  return ops;
}

static Value scalarI1(OpBuilder &builder, Location loc, bool value) {
  Type i1 = builder.getI1Type();
  auto attr = DenseElementsAttr::get(RankedTensorType::get({}, i1), value);
  return ct::ConstantOp::create(builder, loc, ct::TileType::get({}, i1), attr);
}

static void appendPoison(OpBuilder &builder, Location loc, TypeRange types,
                         SmallVectorImpl<Value> &values) {
  for (Type type : types)
    values.push_back(ub::PoisonOp::create(builder, loc, type));
}

/// Rewrites `forOp` into the equivalent `loop` (see the header).
static ct::LoopOp convertForToLoop(ct::ForOp forOp) {
  Location loc = forOp.getLoc();
  OpBuilder builder(forOp);
  SmallVector<Value> inits{forOp.getLowerBound()};
  llvm::append_range(inits, forOp.getInitValues());
  auto loop =
      ct::LoopOp::create(builder, loc, forOp.getResultTypes(), inits);
  // The for's block arguments, (iv, iter values...), are the loop's.
  loop.getRegion().takeBody(forOp.getRegion());
  Block &body = loop.getRegion().front();
  Value iv = body.getArgument(0);
  for (ct::ContinueOp op : exitsOf<ct::ContinueOp>(loop)) {
    builder.setInsertionPoint(op);
    Value next = ct::AddIOp::create(builder, op.getLoc(), iv.getType(), iv,
                                    forOp.getStep());
    op->insertOperands(0, next);
  }
  builder.setInsertionPointToStart(&body);
  Value done = ct::CmpIOp::create(
      builder, loc, ct::TileType::get({}, builder.getI1Type()),
      ct::ComparisonPredicate::GreaterThanOrEqual, iv, forOp.getUpperBound(),
      forOp.getUnsignedCmp() ? ct::Signedness::Unsigned
                             : ct::Signedness::Signed);
  auto ifOp = ct::IfOp::create(builder, loc, TypeRange(), done,
                               /*withElse=*/false);
  ifOp.getThenBlock()->getTerminator()->erase();
  builder.setInsertionPointToEnd(ifOp.getThenBlock());
  ct::BreakOp::create(builder, loc, body.getArguments().drop_front());
  forOp->replaceAllUsesWith(loop.getResults());
  forOp->erase();
  return loop;
}

/// Makes the returns whose innermost loop is `loop` breaks of it, and
/// returns after it (see the header).
static void exitLoopOnReturns(ct::LoopOp loop, TypeRange functionResults) {
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  TypeRange ownResults = loop.getResultTypes();
  unsigned numOwn = ownResults.size();
  SmallVector<Type> types(ownResults);
  types.push_back(ct::TileType::get({}, builder.getI1Type()));
  llvm::append_range(types, functionResults);
  auto exiting =
      ct::LoopOp::create(builder, loc, types, loop.getInitValues());
  exiting.getRegion().takeBody(loop.getRegion());

  for (ct::BreakOp op : exitsOf<ct::BreakOp>(exiting)) {
    builder.setInsertionPoint(op);
    SmallVector<Value> extra{scalarI1(builder, op.getLoc(), false)};
    appendPoison(builder, op.getLoc(), functionResults, extra);
    op->insertOperands(op->getNumOperands(), extra);
  }
  for (ct::ReturnOp op : exitsOf<ct::ReturnOp>(exiting)) {
    builder.setInsertionPoint(op);
    SmallVector<Value> operands;
    appendPoison(builder, op.getLoc(), ownResults, operands);
    operands.push_back(scalarI1(builder, op.getLoc(), true));
    llvm::append_range(operands, op.getOperands());
    ct::BreakOp::create(builder, op.getLoc(), operands);
    op->erase();
  }

  builder.setInsertionPointAfter(exiting);
  auto ifOp = ct::IfOp::create(builder, loc, TypeRange(),
                               exiting.getResult(numOwn), /*withElse=*/false);
  ifOp.getThenBlock()->getTerminator()->erase();
  builder.setInsertionPointToEnd(ifOp.getThenBlock());
  ct::ReturnOp::create(builder, loc,
                       exiting.getResults().drop_front(numOwn + 1));
  loop->replaceAllUsesWith(exiting.getResults().take_front(numOwn));
  loop->erase();
}

void mlir::tilecc::exitLoopsOnReturns(Operation *root) {
  // Post-order: inner loops first, so that the return placed after an inner
  // loop is seen in the loop around it.
  SmallVector<Operation *> loops;
  root->walk([&](Operation *op) {
    if (isa<ct::ForOp, ct::LoopOp>(op))
      loops.push_back(op);
  });
  for (Operation *op : loops) {
    if (exitsOf<ct::ReturnOp>(op).empty())
      continue;
    auto function = op->getParentOfType<FunctionOpInterface>();
    if (!function)
      continue;
    SmallVector<Type> functionResults(function.getResultTypes());
    ct::LoopOp loop = isa<ct::ForOp>(op) ? convertForToLoop(cast<ct::ForOp>(op))
                                         : cast<ct::LoopOp>(op);
    exitLoopOnReturns(loop, functionResults);
  }
}
