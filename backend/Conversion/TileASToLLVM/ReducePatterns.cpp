//===- ReducePatterns.cpp - nv_tileas.reduce -------------------------------===//
//
// A reduction along `axis` of a distributed tile runs in three steps, each
// over the input bits (register, lane, warp) whose image lies entirely along
// the reduced dimension (bits that only duplicate data are skipped):
//   1. in each thread, the registers that differ only in such bits are
//      combined;
//   2. across lanes, one butterfly shuffle (shfl.sync.bfly) per such lane bit;
//   3. across warps, through the shared scratch buffer: every thread stores
//      its partial values, and after a barrier reads and combines those of
//      the warps that differ from its own in such warp bits.
// The combiner body is inlined at every step, always with the operand from
// the lower index on the left, so every thread computes the same value. The
// result has the sliced layout (sliceLayout(input, axis)): every thread
// holding an element of the result has the complete reduction.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Combiner.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {
/// How the bits of one input dimension take part in a reduction.
struct BitRoles {
  uint32_t reduced = 0; // image along the reduced dimension only
  uint32_t kept = 0;    // image with a component along a kept dimension
  uint32_t free = 0;    // duplicates of earlier bits
};

BitRoles classifyBits(const tl::LinearLayout &layout, StringRef inDim,
                      unsigned axis, uint32_t freeMask) {
  BitRoles roles;
  roles.free = freeMask;
  unsigned rank = layout.getOutDims().size();
  for (unsigned bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit) {
    if (freeMask & (1u << bit))
      continue;
    bool keptPart = false;
    for (unsigned d = 0; d < rank; ++d)
      if (d != axis && layout.getBasis(inDim, bit, tl::dimName(d)) != 0)
        keptPart = true;
    (keptPart ? roles.kept : roles.reduced) |= 1u << bit;
  }
  return roles;
}

/// Packs bits of `value` selected by `mask` into the low bits.
int32_t compressBits(int32_t value, uint32_t mask) {
  int32_t result = 0;
  unsigned out = 0;
  for (unsigned bit = 0; bit < 32; ++bit)
    if (mask & (1u << bit)) {
      if (value & (1 << bit))
        result |= 1 << out;
      ++out;
    }
  return result;
}

/// Number of result registers per thread and the warp roles, or failure with
/// a reason when the layout is not supported.
struct ReducePlan {
  BitRoles reg, lane, warp;
  int32_t numResultRegs = 1;
  int32_t numWarps = 1;
};

FailureOr<ReducePlan> planReduce(const tl::LinearLayout &layout, unsigned axis,
                                 std::string &why) {
  DuplicateMasks dup = getDuplicateMasks(layout);
  ReducePlan plan;
  plan.reg = classifyBits(layout, tl::kRegister, axis, dup.reg);
  plan.lane = classifyBits(layout, tl::kLane, axis, dup.lane);
  plan.warp = classifyBits(layout, tl::kWarp, axis, dup.warp);
  // A duplicated register must not reach a kept dimension, so that the
  // result registers are exactly the kept register bits.
  for (unsigned bit = 0, e = layout.getInDimSizeLog2(tl::kRegister); bit < e;
       ++bit) {
    if (!(plan.reg.free & (1u << bit)))
      continue;
    for (unsigned d = 0; d < layout.getOutDims().size(); ++d)
      if (d != axis && layout.getBasis(tl::kRegister, bit, tl::dimName(d))) {
        why = "registers that duplicate data along a kept dimension";
        return failure();
      }
  }
  plan.numResultRegs = 1 << llvm::popcount(plan.reg.kept);
  plan.numWarps = layout.getInDimSize(tl::kWarp);
  return plan;
}

/// Inlines the combiner: (accumulators, values) -> new accumulators.
SmallVector<Value> combine(ConversionPatternRewriter &rewriter,
                           nv_tileas::ReduceOp op, ValueRange lhs,
                           ValueRange rhs) {
  return inlineCombiner(rewriter, op.getCombiner().front(), lhs, rhs);
}

struct ReduceLowering : OpConversionPattern<nv_tileas::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned n = op.getInputs().size();
    unsigned axis = op.getAxis();
    auto inputType = cast<RankedTensorType>(op.getInputs()[0].getType());
    if (!getTypeConverter()->convertType(inputType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    tl::LinearLayout layout = getTileLayout(inputType);
    for (Value input : op.getInputs())
      if (getTileLayout(input.getType()) != layout)
        return op.emitError("reduce inputs must share one layout");
    std::string why;
    FailureOr<ReducePlan> plan = planReduce(layout, axis, why);
    if (failed(plan))
      return op.emitError() << "cannot reduce this layout: " << why;

    // The result tiles must be laid out as the slice of the input.
    SmallVector<Type> resultTypes;
    for (Value result : op.getResults()) {
      auto tile = dyn_cast<RankedTensorType>(result.getType());
      if (tile) {
        if (!getTypeConverter()->convertType(tile))
          return rewriter.notifyMatchFailure(op, "result without layout");
        if (getTileLayout(tile) != tl::sliceLayout(layout, axis))
          return op.emitError()
                 << "reduce result layout must be the slice of the input "
                    "layout along the reduced dimension";
        resultTypes.push_back(getTypeConverter()->convertType(tile));
      } else {
        resultTypes.push_back(Type());
      }
    }

    SmallVector<SmallVector<Value>> inputs;
    for (Value input : adaptor.getInputs())
      inputs.push_back(unpackRegisters(rewriter, loc, input));

    // 1. In-thread: acc[k][i] over the registers without duplicate bits.
    SmallVector<SmallVector<Value>> acc(plan->numResultRegs);
    for (int32_t r = 0, e = layout.getInDimSize(tl::kRegister); r < e; ++r) {
      if (r & plan->reg.free)
        continue;
      int32_t k = compressBits(r, plan->reg.kept);
      SmallVector<Value> values;
      for (unsigned i = 0; i < n; ++i)
        values.push_back(inputs[i][r]);
      acc[k] = acc[k].empty() ? values : combine(rewriter, op, acc[k], values);
    }

    // 2. Across lanes: butterfly over the reduced lane bits.
    Value lane, warp;
    if (plan->lane.reduced || plan->warp.reduced)
      std::tie(lane, warp) = getLaneAndWarp(rewriter, loc);
    for (unsigned bit = 0; bit < 5; ++bit) {
      if (!(plan->lane.reduced & (1u << bit)))
        continue;
      // The lane with the bit set takes the partner's value on the left.
      Value upper = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::ne,
          LLVM::AndOp::create(rewriter, loc, lane,
                              createI32(rewriter, loc, 1 << bit)),
          createI32(rewriter, loc, 0));
      for (auto &values : acc) {
        SmallVector<Value> other, lhs, rhs;
        for (Value v : values) {
          FailureOr<Value> s = shuffleXor(rewriter, loc, v, 1u << bit);
          if (failed(s))
            return op.emitError() << "cannot shuffle a value of type "
                                  << v.getType() << " across lanes";
          lhs.push_back(LLVM::SelectOp::create(rewriter, loc, upper, *s, v));
          rhs.push_back(LLVM::SelectOp::create(rewriter, loc, upper, v, *s));
        }
        values = combine(rewriter, op, lhs, rhs);
      }
    }

    // 3. Across warps: through shared memory.
    if (plan->warp.reduced) {
      LLVM::GlobalOp scratch = getScratchBufferOf(op);
      if (!scratch)
        return failure();
      Value base = LLVM::AddressOfOp::create(rewriter, loc, scratch);
      // Each input has its own region of numResultRegs * numWarps * 32.
      int64_t slots = int64_t(plan->numResultRegs) * plan->numWarps * 32;
      int64_t regionBytes = 0;
      SmallVector<int64_t> regionOffset;
      for (unsigned i = 0; i < n; ++i) {
        regionOffset.push_back(regionBytes);
        Type t = acc[0][i].getType();
        regionBytes += slots * scratchElementBytes(t);
        regionBytes = (regionBytes + 7) / 8 * 8;
      }
      auto address = [&](unsigned i, int32_t k, Value warpId) {
        Type t = acc[0][i].getType();
        Type memType = t.isInteger(1) ? rewriter.getI8Type() : t;
        Value regionBase = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), rewriter.getI8Type(), base,
            ValueRange{createI64(rewriter, loc, regionOffset[i])});
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(
                rewriter, loc,
                LLVM::AddOp::create(
                    rewriter, loc,
                    createI32(rewriter, loc, k * plan->numWarps), warpId),
                createI32(rewriter, loc, 32)),
            lane);
        return std::make_pair(
            Value(LLVM::GEPOp::create(rewriter, loc, base.getType(), memType,
                                      regionBase, ValueRange{index})),
            memType);
      };
      if (needsLeadingBarrier(op))
        NVVM::Barrier0Op::create(rewriter, loc);
      for (auto [k, values] : llvm::enumerate(acc))
        for (auto [i, v] : llvm::enumerate(values)) {
          auto [addr, memType] = address(i, k, warp);
          Value stored = memType == v.getType()
                             ? v
                             : Value(LLVM::ZExtOp::create(rewriter, loc,
                                                          memType, v));
          LLVM::StoreOp::create(rewriter, loc, stored, addr);
        }
      NVVM::Barrier0Op::create(rewriter, loc);
      Value ownWarps = LLVM::AndOp::create(
          rewriter, loc, warp, createI32(rewriter, loc, ~plan->warp.reduced));
      unsigned numReduced = llvm::popcount(plan->warp.reduced);
      for (auto [k, values] : llvm::enumerate(acc)) {
        SmallVector<Value> total;
        for (uint32_t combo = 0; combo < (1u << numReduced); ++combo) {
          // Spread the combo's bits over the reduced warp bits.
          int32_t w = 0;
          unsigned next = 0;
          for (unsigned bit = 0; bit < 32; ++bit)
            if (plan->warp.reduced & (1u << bit))
              if (combo & (1u << next++))
                w |= 1 << bit;
          Value warpId = LLVM::OrOp::create(rewriter, loc, ownWarps,
                                            createI32(rewriter, loc, w));
          SmallVector<Value> loaded;
          for (unsigned i = 0; i < n; ++i) {
            auto [addr, memType] = address(i, k, warpId);
            Type t = values[i].getType();
            Value v = LLVM::LoadOp::create(rewriter, loc, memType, addr);
            loaded.push_back(memType == t ? v
                                          : Value(LLVM::TruncOp::create(
                                                rewriter, loc, t, v)));
          }
          total = total.empty() ? loaded : combine(rewriter, op, total, loaded);
        }
        values = total;
      }
    }

    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      if (!resultTypes[i]) {
        results.push_back(acc[0][i]);
        continue;
      }
      SmallVector<Value> regs;
      for (auto &values : acc)
        regs.push_back(values[i]);
      results.push_back(packRegisters(rewriter, loc, resultTypes[i], regs));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

int64_t mlir::tilecc::getReduceScratchBytes(Operation *op) {
  auto reduce = dyn_cast<nv_tileas::ReduceOp>(op);
  if (!reduce || reduce.getInputs().empty())
    return 0;
  auto type = dyn_cast<RankedTensorType>(reduce.getInputs()[0].getType());
  if (!type || !nv_tileas::LinearEncodingAttr::of(type))
    return 0;
  tl::LinearLayout layout = getTileLayout(type);
  std::string why;
  FailureOr<ReducePlan> plan = planReduce(layout, reduce.getAxis(), why);
  if (failed(plan) || !plan->warp.reduced)
    return 0;
  int64_t slots = int64_t(plan->numResultRegs) * plan->numWarps * 32;
  int64_t bytes = 0;
  for (Value input : reduce.getInputs()) {
    bytes += slots * scratchElementBytes(
                         cast<RankedTensorType>(input.getType()).getElementType());
    bytes = (bytes + 7) / 8 * 8;
  }
  return bytes;
}

void mlir::tilecc::populateTileASReduceToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
