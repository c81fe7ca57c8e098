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
// so that no barrier waits for them.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/WarpRoles.h"

#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Dominance.h"

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

static LogicalResult materialize(nv_tileas::PipelineProducerOp producer,
                                 WarpRoles &roles) {
  auto consumer =
      dyn_cast_or_null<nv_tileas::PipelineConsumerOp>(producer->getNextNode());
  auto func = dyn_cast<nv_tileaa::FuncOp>(producer->getParentOp());
  if (!consumer || !consumer.getWarps())
    return producer.emitOpError("a producer role is directly followed by "
                                "its consumer role");
  if (!func || !func.getFunctionType().getResults().empty())
    return producer.emitOpError("a warp role is lowered in the body of a "
                                "kernel without results (its producer "
                                "warps return after it)");
  unsigned consumerWarps = *consumer.getWarps();
  unsigned producerWarps = *producer.getWarps();
  if (roles.extraWarps.count(func))
    return producer.emitOpError("a kernel has one producer role");
  roles.extraWarps[func] = producerWarps;
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
  module.walk([&](nv_tileas::PipelineProducerOp op) {
    if (op.getWarps())
      producers.push_back(op);
  });
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
    DominanceInfo dominance(func);
    SmallVector<std::pair<NVVM::Barrier0Op, unsigned>> barriers;
    func.walk([&](NVVM::Barrier0Op op) {
      for (const WarpRoles::Consumer &consumer : roles.consumers)
        if (consumer.entry->getParent() == op->getBlock()->getParent() &&
            dominance.dominates(consumer.entry, op->getBlock()))
          barriers.push_back({op, consumer.threads});
    });
    for (auto [op, threads] : barriers) {
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
