//===- WarpgroupTurns.cpp - warpgroups taking turns on the tensor core ----===//
//
// Warpgroup g of N (g = warp / 4: the turn-taking warpgroups are the CTA's
// first, the consumers of a warp-specialized kernel included) waits on
// named barrier `first + g` and arrives on `first + (g + 1) mod N`, each
// barrier counting 256 threads (the waiting warpgroup and the arriving
// one). bar.sync through nvvm.barrier (id, count), bar.arrive through
// nvvm.barrier.arrive. The barrier ids are computed, the same instruction
// for every warp, as CUTLASS's named barriers are.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/WarpgroupTurns.h"

#include "Conversion/TileASToLLVM/ControlFlow.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "TileAS/IR/TileASWarpgroupOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct Turns {
  int32_t first = 0, warpgroups = 0;
};

std::optional<Turns> getTurns(Operation *op) {
  auto attr =
      op->getAttrOfType<DenseI32ArrayAttr>(nv_tileas::kWarpgroupTurnAttrName);
  if (!attr || attr.size() != 2)
    return std::nullopt;
  return Turns{attr[0], attr[1]};
}

/// The current thread's warpgroup, as i32.
Value getWarpgroup(OpBuilder &b, Location loc) {
  Value warp = getLaneAndWarp(b, loc).second;
  return LLVM::UDivOp::create(b, loc, warp, createI32(b, loc, 4));
}

/// Named barrier `first + (g + offset) mod N` for warpgroup g.
Value getBarrier(OpBuilder &b, Location loc, Turns turns, Value group,
                 int32_t offset) {
  Value index = group;
  if (offset)
    index = LLVM::URemOp::create(
        b, loc, LLVM::AddOp::create(b, loc, group, createI32(b, loc, offset)),
        createI32(b, loc, turns.warpgroups));
  return LLVM::AddOp::create(b, loc, index, createI32(b, loc, turns.first));
}

void syncOn(OpBuilder &b, Location loc, Value id) {
  NVVM::BarrierOp::create(
      b, loc, /*res=*/Type(), id,
      createI32(b, loc, nv_tileas::kWarpgroupTurnThreads),
      /*reductionOp=*/nullptr, /*reductionPredicate=*/Value());
}

void arriveOn(OpBuilder &b, Location loc, Value id) {
  NVVM::BarrierArriveOp::create(
      b, loc, id, createI32(b, loc, nv_tileas::kWarpgroupTurnThreads));
}

/// Before the loop: the last warpgroup arrives on warpgroup 0's barrier.
struct TurnsBeginLowering
    : OpConversionPattern<nv_tileas::WarpgroupTurnsBeginOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::WarpgroupTurnsBeginOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Turns turns{static_cast<int32_t>(op.getBarrier()),
                static_cast<int32_t>(op.getWarpgroups())};
    Value last = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, getWarpgroup(rewriter, loc),
        createI32(rewriter, loc, turns.warpgroups - 1));
    emitIf(rewriter, loc, last, [&] {
      arriveOn(rewriter, loc, createI32(rewriter, loc, turns.first));
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// After the loop: warpgroup 0 takes the last turn back, then a CTA
/// barrier keeps every warpgroup from handing out a later loop's first
/// turn before that.
struct TurnsEndLowering : OpConversionPattern<nv_tileas::WarpgroupTurnsEndOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::WarpgroupTurnsEndOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Turns turns{static_cast<int32_t>(op.getBarrier()),
                static_cast<int32_t>(op.getWarpgroups())};
    Value firstGroup = LLVM::ICmpOp::create(
        rewriter, loc, LLVM::ICmpPredicate::eq, getWarpgroup(rewriter, loc),
        createI32(rewriter, loc, 0));
    emitIf(rewriter, loc, firstGroup, [&] {
      syncOn(rewriter, loc, createI32(rewriter, loc, turns.first));
    });
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilecc::emitTurnWait(OpBuilder &b, Location loc, Operation *op) {
  if (std::optional<Turns> turns = getTurns(op))
    syncOn(b, loc, getBarrier(b, loc, *turns, getWarpgroup(b, loc), 0));
}

void mlir::tilecc::emitTurnPass(OpBuilder &b, Location loc, Operation *op) {
  if (std::optional<Turns> turns = getTurns(op))
    arriveOn(b, loc, getBarrier(b, loc, *turns, getWarpgroup(b, loc), 1));
}

void mlir::tilecc::populateTileASWarpgroupTurnsToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TurnsBeginLowering, TurnsEndLowering>(converter,
                                                     patterns.getContext());
}
