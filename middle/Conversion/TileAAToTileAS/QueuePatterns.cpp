//===- QueuePatterns.cpp - core populator: grid, execute, plugin ----------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include <limits>

using namespace mlir;
using namespace mlir::tilecc;

static Value castIndexTo(OpBuilder &b, Location loc, Value index, Type type) {
  if (type.isIndex())
    return index;
  return arith::IndexCastOp::create(b, loc, type, index);
}

static FailureOr<gpu::Dimension> gridDimension(int64_t dim) {
  if (dim < 0 || dim > 2)
    return failure();
  return static_cast<gpu::Dimension>(dim);
}

/// Inlines the single block of `region` before `op`, with `args` for its
/// arguments, and replaces `op` by what its terminator yields.
static void inlineAndReplace(ConversionPatternRewriter &rewriter, Operation *op,
                             Region &region, ValueRange args) {
  Block &block = region.front();
  Operation *terminator = block.getTerminator();
  SmallVector<Value> yielded(terminator->getOperands());
  rewriter.inlineBlockBefore(&block, op, args);
  rewriter.replaceOp(op, yielded);
  rewriter.eraseOp(terminator);
}

namespace {

/// Program ids are CTA ids: one CTA per tile block.
struct GetProgramIdPattern : OpConversionPattern<nv_tileaa::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<gpu::Dimension> dim = gridDimension(op.getDim());
    if (op.getProgram() || failed(dim))
      return rewriter.notifyMatchFailure(op, "cancelled-program coordinates");
    Value id = gpu::BlockIdOp::create(rewriter, op.getLoc(), *dim);
    rewriter.replaceOp(op, castIndexTo(rewriter, op.getLoc(), id, op.getType()));
    return success();
  }
};

struct GetNumProgramsPattern : OpConversionPattern<nv_tileaa::GetNumProgramsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GetNumProgramsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<gpu::Dimension> dim = gridDimension(op.getDim());
    if (failed(dim))
      return rewriter.notifyMatchFailure(op, "bad grid axis");
    Value n = gpu::GridDimOp::create(rewriter, op.getLoc(), *dim);
    rewriter.replaceOp(op, castIndexTo(rewriter, op.getLoc(), n, op.getType()));
    return success();
  }
};

/// A plugin fragment runs in place once its resource requests and operand
/// layouts are ones tilecc can honour.
struct ExecutePattern : OpConversionPattern<nv_tileaa::ExecuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ExecuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // No tensor-memory allocator or named-barrier pool exists yet.
    if (op.getTensorMemoryBytes() != 0 || op.getNamedBarriers() != 0) {
      op.emitError("plugin has unsupported feature");
      return failure();
    }
    if (std::optional<ArrayAttr> layouts = op.getInputLayouts()) {
      for (auto [operand, layout] : llvm::zip(op.getArgs(), *layouts)) {
        auto tensor = dyn_cast<RankedTensorType>(operand.getType());
        bool matches = isa<UnitAttr>(layout) ||
                       (tensor && (!tensor.getEncoding() ||
                                   tensor.getEncoding() == layout));
        if (!matches || layouts->size() != op.getArgs().size()) {
          op.emitError("fails to assign layout");
          return failure();
        }
      }
    }
    inlineAndReplace(rewriter, op, op.getBody(), adaptor.getArgs());
    return success();
  }
};

/// Declarations are consumed by the execute regions that name them.
struct PluginPattern : OpConversionPattern<nv_tileaa::PluginOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::PluginOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

/// The directive has no nv_tileas carrier; its region runs in place.
struct PragmaPattern : OpConversionPattern<nv_tileaa::PragmaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::PragmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    inlineAndReplace(rewriter, op, op.getBody(), {});
    return success();
  }
};

struct OptimizationBarrierPattern
    : OpConversionPattern<nv_tileaa::OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::OptimizationBarrierOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(op, adaptor.getValues());
    return success();
  }
};


//===----------------------------------------------------------------------===//
// Queues
//===----------------------------------------------------------------------===//

// create_queue / queue.put / queue.get have no pattern: no stage of tilecc
// creates them (cuda_tile has no queue), and the pipeline the schedule
// builds is a warp-specialized one (producer and consumer roles with
// mbarriers, tileas-pipeline-dot-operands), not a slot-per-region form. A
// queue left in the input fails the conversion at the op.

/// mark_for_reuse stays, with its queues now pipelines.
struct MarkForReusePattern : OpConversionPattern<nv_tileaa::MarkForReuseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MarkForReuseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(
        op, [&] { op->setOperands(adaptor.getOperands()); });
    return success();
  }
};


//===----------------------------------------------------------------------===//
// Device-side print and assert
//===----------------------------------------------------------------------===//

/// Prints stay nv_tileaa.print, with their operands converted: the LLVM
/// lowering prints once per block, every tile argument element by element in
/// row-major order, as the interpreter does.
struct PrintPattern : OpConversionPattern<nv_tileaa::PrintOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.modifyOpInPlace(op,
                             [&] { op->setOperands(adaptor.getArgs()); });
    return success();
  }
};

/// A tile condition holds when all of its lanes do: the lanes are and-reduced
/// (over the flattened tile) before the scalar assert.
struct AssertPattern : OpConversionPattern<nv_tileaa::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value condition = adaptor.getCondition();
    if (auto tile = dyn_cast<RankedTensorType>(condition.getType())) {
      auto flat = RankedTensorType::get({tile.getNumElements()},
                                        tile.getElementType());
      if (tile.getRank() != 1)
        condition = nv_tileas::ViewOp::create(rewriter, loc, flat, condition);
      Attribute atom = reduceAtomFor(op, flat, 0, "redux_and");
      auto reduce = nv_tileas::ReduceOp::create(
          rewriter, loc, TypeRange{rewriter.getI1Type()}, ValueRange{condition},
          cast<nv_tileas::ReduceAtomAttrInterface>(atom),
          rewriter.getI32IntegerAttr(0));
      Block *body = rewriter.createBlock(
          &reduce.getCombiner(), {}, {rewriter.getI1Type(), rewriter.getI1Type()},
          {loc, loc});
      rewriter.setInsertionPointToEnd(body);
      Value both = arith::AndIOp::create(rewriter, loc, body->getArgument(0),
                                         body->getArgument(1));
      nv_tileas::YieldOp::create(rewriter, loc, both);
      rewriter.setInsertionPointAfter(reduce);
      condition = reduce.getResult(0);
    }
    rewriter.replaceOpWithNewOp<cf::AssertOp>(op, condition, op.getMessage());
    return success();
  }
};

} // namespace

LogicalResult mlir::tilecc::verifyLegalTileAAOps(ModuleOp module) {
  WalkResult result = module.walk([](nv_tileaa::MarkForReuseOp op) {
    for (Value value : op.getValues())
      if (!isa<nv_tileaa::QueueType>(value.getType())) {
        op.emitError("expect operands with queue types");
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void mlir::tilecc::populateTileAAQueueToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<GetProgramIdPattern, GetNumProgramsPattern, ExecutePattern,
               PluginPattern, PragmaPattern, OptimizationBarrierPattern,
               MarkForReusePattern, PrintPattern,
               AssertPattern>(converter, ctx);
}
