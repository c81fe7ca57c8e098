//===- WarpRoles.cpp - warp-specialized kernels' roles as branches --------===//
//
// The warps a kernel's tiles are distributed over come first in the CTA, so
// the consumer role keeps their thread indexing; the producer warpgroup
// follows them. setmaxnreg is executed by whole warpgroups (PTX ISA
// 9.7.19.5), so each role's branch is taken by whole warpgroups and the
// count changes before anything else in it. Only the producer's first warp
// runs the producer region (one elected thread issues its copies; the
// others have nothing to do); the producer warps then return, and the CTA
// barriers after the branch count the consumer's threads (named barrier 1)
// so that no barrier waits for them. A role inside scf.if branches (the
// aligned version of a kernel without `div_by` facts) turns them into
// branches of the CFG; the producer warps return at the start of every
// branch that does not lead to their role.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/WarpRoles.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

/// The ops of `region`'s only block but its terminator, moved to the end of
/// `dest`; returns the terminator's operands.
static SmallVector<Value> moveBody(Region &region, Block *dest,
                                   Block::iterator before) {
  Block &body = region.front();
  Operation *yield = body.getTerminator();
  SmallVector<Value> results(yield->getOperands());
  dest->getOperations().splice(before, body.getOperations(), body.begin(),
                               yield->getIterator());
  return results;
}

/// Replaces `op` by a branch to its inlined regions (an empty else region
/// becomes a block of its own), which join in the block after it; returns
/// the entry of the region that does not hold `keep`.
static Block *inlineIf(scf::IfOp op, Operation *keep) {
  Location loc = op.getLoc();
  Block *after = op->getBlock()->splitBlock(std::next(op->getIterator()));
  for (Value result : op.getResults())
    result.replaceAllUsesWith(after->addArgument(result.getType(), loc));
  auto inlineRegion = [&](Region &region) {
    if (region.empty()) {
      Block *block = new Block();
      OpBuilder b = OpBuilder::atBlockEnd(block);
      cf::BranchOp::create(b, loc, after);
      after->getParent()->getBlocks().insert(after->getIterator(), block);
      return block;
    }
    Block *entry = &region.front();
    for (Block &block : region)
      if (auto yield = dyn_cast<scf::YieldOp>(block.getTerminator())) {
        OpBuilder b(yield);
        cf::BranchOp::create(b, loc, after, yield.getOperands());
        yield.erase();
      }
    after->getParent()->getBlocks().splice(after->getIterator(),
                                           region.getBlocks());
    return entry;
  };
  bool keepInThen = op.getThenRegion().isAncestor(keep->getParentRegion());
  Block *thenEntry = inlineRegion(op.getThenRegion());
  Block *elseEntry = inlineRegion(op.getElseRegion());
  OpBuilder b(op);
  cf::CondBranchOp::create(b, loc, op.getCondition(), thenEntry, elseEntry);
  op.erase();
  return keepInThen ? elseEntry : thenEntry;
}

/// The block where a warp of a warp-specialized kernel beyond its first
/// `consumerWarps` returns, branched to from the start of `entry` (which
/// keeps the rest of its ops in a block of their own, returned).
static Block *leaveExtraWarps(Block *entry, unsigned consumerWarps) {
  Location loc = entry->getParent()->getLoc();
  Block *body = entry->splitBlock(entry->begin());
  Block *leave = new Block();
  entry->getParent()->getBlocks().insertAfter(entry->getIterator(), leave);
  OpBuilder b = OpBuilder::atBlockEnd(entry);
  Type i32 = b.getI32Type();
  Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  Value stays = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ult, tid,
      LLVM::ConstantOp::create(b, loc, i32, 32 * consumerWarps));
  cf::CondBranchOp::create(b, loc, stays, body, leave);
  b.setInsertionPointToEnd(leave);
  nv_tileaa::ReturnOp::create(b, loc);
  return body;
}

static LogicalResult materialize(nv_tileas::PipelineProducerOp producer,
                                 WarpRoles &roles) {
  auto consumer =
      dyn_cast_or_null<nv_tileas::PipelineConsumerOp>(producer->getNextNode());
  // Every warp reaches the roles through the scf.if branches around them
  // (on conditions every thread of the CTA computes alike): as branches of
  // the kernel's CFG, where the extra warps return at the start of every
  // other way and the consumers go on.
  SmallVector<scf::IfOp> branches;
  Operation *parent = producer->getParentOp();
  for (; isa_and_nonnull<scf::IfOp>(parent); parent = parent->getParentOp())
    branches.push_back(cast<scf::IfOp>(parent));
  auto func = dyn_cast_or_null<nv_tileaa::FuncOp>(parent);
  if (!consumer)
    return producer.emitOpError("a producer role is directly followed by "
                                "its consumer role");
  if (!func || !func.getFunctionType().getResults().empty())
    return producer.emitOpError("a warp role is lowered in the body of a "
                                "kernel without results (its producer "
                                "warps return after it)");
  unsigned consumerWarps = consumer.getWarps();
  unsigned producerWarps = producer.getWarps();
  if (roles.extraWarps.count(func))
    return producer.emitOpError("a kernel has one producer role");
  roles.extraWarps[func] = producerWarps;
  for (scf::IfOp branch : llvm::reverse(branches)) {
    Block *other = inlineIf(branch, producer);
    roles.consumers.push_back(
        {leaveExtraWarps(other, consumerWarps), 32 * consumerWarps});
  }
  producer.getBody().walk(
      [&](Operation *op) { roles.issuingWarps[op] = consumerWarps; });

  Location loc = producer.getLoc();
  MLIRContext *ctx = producer.getContext();
  Type i32 = IntegerType::get(ctx, 32);
  Block *setup = producer->getBlock();
  Block *consumerBlock = setup->splitBlock(consumer);
  Region *region = setup->getParent();
  Block *producerBlock = new Block();
  region->getBlocks().insertAfter(setup->getIterator(), producerBlock);
  Block *issueBlock = new Block();
  region->getBlocks().insertAfter(producerBlock->getIterator(), issueBlock);
  Block *exitBlock = new Block();
  region->getBlocks().insertAfter(issueBlock->getIterator(), exitBlock);

  // The branch on the warpgroup: consumers are the first warps.
  OpBuilder b(producer);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, i32);
  Value isConsumer = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ult, tid,
      LLVM::ConstantOp::create(b, loc, i32, 32 * consumerWarps));
  cf::CondBranchOp::create(b, loc, isConsumer, consumerBlock, producerBlock);

  // The producer warpgroup: fewer registers, then its first warp issues.
  b.setInsertionPointToEnd(producerBlock);
  if (std::optional<uint32_t> count = producer.getMaxRegisters())
    NVVM::SetMaxRegisterOp::create(b, loc, *count,
                                   NVVM::SetMaxRegisterAction::decrease);
  Value warp = LLVM::LShrOp::create(b, loc, tid,
                                    LLVM::ConstantOp::create(b, loc, i32, 5));
  Value issues = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::eq, warp,
      LLVM::ConstantOp::create(b, loc, i32, consumerWarps));
  cf::CondBranchOp::create(b, loc, issues, issueBlock, exitBlock);
  moveBody(producer.getBody(), issueBlock, issueBlock->end());
  b.setInsertionPointToEnd(issueBlock);
  cf::BranchOp::create(b, loc, exitBlock);
  b.setInsertionPointToEnd(exitBlock);
  nv_tileaa::ReturnOp::create(b, loc);
  producer.erase();

  // The consumers: more registers, then the region and the kernel's rest.
  b.setInsertionPoint(consumer);
  if (std::optional<uint32_t> count = consumer.getMaxRegisters())
    NVVM::SetMaxRegisterOp::create(b, loc, *count,
                                   NVVM::SetMaxRegisterAction::increase);
  SmallVector<Value> results =
      moveBody(consumer.getBody(), consumerBlock, consumer->getIterator());
  consumer.replaceAllUsesWith(results);
  consumer.erase();
  roles.consumers.push_back({consumerBlock, 32 * consumerWarps});
  return success();
}

LogicalResult mlir::tilecc::materializeWarpRoles(ModuleOp module,
                                                 WarpRoles &roles) {
  SmallVector<nv_tileas::PipelineProducerOp> producers;
  module.walk(
      [&](nv_tileas::PipelineProducerOp op) { producers.push_back(op); });
  for (nv_tileas::PipelineProducerOp producer : producers)
    if (failed(materialize(producer, roles)))
      return failure();
  return success();
}

void mlir::tilecc::countConsumerBarriers(ModuleOp module,
                                         const WarpRoles &roles) {
  if (roles.consumers.empty())
    return;
  module.walk([&](LLVM::LLVMFuncOp func) {
    if (func.isExternal())
      return;
    llvm::SmallPtrSet<Block *, 4> entries;
    unsigned threads = 0;
    for (const WarpRoles::Consumer &consumer : roles.consumers)
      if (consumer.entry->getParent() == &func.getBody()) {
        entries.insert(consumer.entry);
        threads = consumer.threads;
      }
    if (entries.empty())
      return;
    // The blocks every warp may reach: from the kernel's entry without
    // entering a consumer's way. Every other block runs on consumers only.
    llvm::SmallPtrSet<Block *, 16> everyWarp;
    SmallVector<Block *> worklist{&func.getBody().front()};
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      if (entries.contains(block) || !everyWarp.insert(block).second)
        continue;
      llvm::append_range(worklist, block->getSuccessors());
    }
    SmallVector<NVVM::Barrier0Op> barriers;
    func.walk([&](NVVM::Barrier0Op op) {
      if (!everyWarp.contains(op->getBlock()))
        barriers.push_back(op);
    });
    for (NVVM::Barrier0Op op : barriers) {
      OpBuilder b(op);
      Type i32 = b.getI32Type();
      NVVM::BarrierOp::create(
          b, op.getLoc(), /*res=*/Type(),
          LLVM::ConstantOp::create(b, op.getLoc(), i32, 1),
          LLVM::ConstantOp::create(b, op.getLoc(), i32, threads),
          /*reductionOp=*/nullptr, /*reductionPredicate=*/Value());
      op.erase();
    }
  });
}
