//===- ScanPatterns.cpp - nv_tileas.scan -----------------------------------===//
//
// An inclusive scan along `axis` of a distributed tile. Every bit of the
// axis coordinate comes from exactly one register, lane or warp bit. The
// coordinate bits are processed from the lowest up; after level c every
// element knows its prefix within its aligned block of 2^(c+1) elements and
// that block's total. Maximal runs of consecutive coordinate bits held by
// the same kind of input bit are one step each:
//   - registers: a sequential walk over the blocks the run selects, inside
//     each thread;
//   - lanes: one butterfly shuffle (shfl.sync.bfly) per bit, which gives both
//     halves the partner block's total in a single exchange (an up-shuffle
//     would need a second exchange for the total of the lower half);
//   - warps: every thread stores its block totals in the shared scratch
//     buffer, and after a barrier reads those of the warps the run selects.
// The combiner is inlined with the operands that come first in scan order on
// the left, so non-commutative combiners are honoured; a reverse scan only
// swaps which half of each block comes first. Registers, lanes and warps
// that only duplicate data compute the same values as their originals.
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
enum class BitKind { Register, Lane, Warp };

/// The input bit that holds one bit of the scan coordinate.
struct CoordinateBit {
  BitKind kind;
  unsigned bit;
};

/// A maximal run of consecutive coordinate bits held by one kind of input
/// bit; `bits[t]` holds coordinate bit (first + t).
struct Run {
  BitKind kind;
  SmallVector<unsigned> bits;
  uint32_t mask() const {
    uint32_t m = 0;
    for (unsigned b : bits)
      m |= 1u << b;
    return m;
  }
  /// The input id whose run bits spell `j`.
  int32_t spread(uint32_t j) const {
    int32_t id = 0;
    for (auto [t, b] : llvm::enumerate(bits))
      if (j & (1u << t))
        id |= 1 << b;
    return id;
  }
};

struct ScanPlan {
  SmallVector<Run> runs;
  DuplicateMasks dup;
  int32_t numRegs = 1;
  int32_t numWarps = 1;
  bool crossesWarps = false;
};

FailureOr<ScanPlan> planScan(const tl::LinearLayout &layout, unsigned axis,
                             std::string &why) {
  ScanPlan plan;
  plan.dup = getDuplicateMasks(layout);
  plan.numRegs = layout.getInDimSize(tl::kRegister);
  plan.numWarps = layout.getInDimSize(tl::kWarp);
  unsigned rank = layout.getOutDims().size();
  unsigned extentLog2 = llvm::Log2_32(layout.getOutDimSize(tl::dimName(axis)));
  SmallVector<std::optional<CoordinateBit>> coordinate(extentLog2);
  auto visit = [&](StringRef inDim, BitKind kind, uint32_t freeMask) {
    for (unsigned bit = 0, e = layout.getInDimSizeLog2(inDim); bit < e; ++bit) {
      if (freeMask & (1u << bit))
        continue;
      int32_t along = layout.getBasis(inDim, bit, tl::dimName(axis));
      if (along == 0)
        continue;
      for (unsigned d = 0; d < rank; ++d)
        if (d != axis && layout.getBasis(inDim, bit, tl::dimName(d)) != 0) {
          why = "a thread bit that moves along the scanned and a kept "
                "dimension at once";
          return false;
        }
      if (!llvm::isPowerOf2_32(along) || coordinate[llvm::Log2_32(along)]) {
        why = "a scanned dimension whose coordinate bits are not each held by "
              "one register, lane or warp bit";
        return false;
      }
      coordinate[llvm::Log2_32(along)] = CoordinateBit{kind, bit};
    }
    return true;
  };
  if (!visit(tl::kRegister, BitKind::Register, plan.dup.reg) ||
      !visit(tl::kLane, BitKind::Lane, plan.dup.lane) ||
      !visit(tl::kWarp, BitKind::Warp, plan.dup.warp))
    return failure();
  for (const std::optional<CoordinateBit> &c : coordinate) {
    if (!c) {
      why = "a scanned dimension the layout does not cover";
      return failure();
    }
    if (plan.runs.empty() || plan.runs.back().kind != c->kind ||
        c->kind == BitKind::Lane)
      plan.runs.push_back(Run{c->kind, {}});
    plan.runs.back().bits.push_back(c->bit);
    plan.crossesWarps |= c->kind == BitKind::Warp;
  }
  return plan;
}

/// Scratch bytes: one slot per (register, warp, lane) and operand.
int64_t scratchBytes(const ScanPlan &plan, TypeRange elementTypes) {
  int64_t slots = int64_t(plan.numRegs) * plan.numWarps * 32;
  int64_t bytes = 0;
  for (Type t : elementTypes) {
    bytes += slots * scratchElementBytes(t);
    bytes = (bytes + 7) / 8 * 8;
  }
  return bytes;
}

Value select(OpBuilder &b, Location loc, Value cond, Value a, Value c) {
  return LLVM::SelectOp::create(b, loc, cond, a, c);
}

SmallVector<Value> selectAll(OpBuilder &b, Location loc, Value cond,
                             ValueRange a, ValueRange c) {
  SmallVector<Value> out;
  for (auto [x, y] : llvm::zip(a, c))
    out.push_back(select(b, loc, cond, x, y));
  return out;
}

struct ScanLowering : OpConversionPattern<nv_tileas::ScanOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(nv_tileas::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned n = op.getInputs().size();
    auto inputType = cast<RankedTensorType>(op.getInputs()[0].getType());
    if (!getTypeConverter()->convertType(inputType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    tl::LinearLayout layout = getTileLayout(inputType);
    for (Value v : llvm::concat<Value>(op.getInputs(), op.getResults()))
      if (getTileLayout(v.getType()) != layout)
        return op.emitError("scan inputs and results must share one layout");
    std::string why;
    FailureOr<ScanPlan> plan = planScan(layout, op.getAxis(), why);
    if (failed(plan))
      return op.emitError() << "scan of this layout is not supported: " << why;
    bool reverse = op.getReverse();
    Block &body = op.getCombiner().front();
    auto combine = [&](ValueRange first, ValueRange later) {
      return inlineCombiner(rewriter, body, first, later);
    };

    // prefix[r] / total[r]: per register, one value per operand.
    SmallVector<SmallVector<Value>> prefix(plan->numRegs);
    for (Value input : adaptor.getInputs()) {
      SmallVector<Value> regs = unpackRegisters(rewriter, loc, input);
      for (int32_t r = 0; r < plan->numRegs; ++r)
        prefix[r].push_back(regs[r]);
    }
    SmallVector<SmallVector<Value>> total = prefix;
    auto live = [&](int32_t r) { return (r & plan->dup.reg) == 0; };

    Value lane, warp;
    if (plan->crossesWarps ||
        llvm::any_of(plan->runs,
                     [](const Run &run) { return run.kind == BitKind::Lane; }))
      std::tie(lane, warp) = getLaneAndWarp(rewriter, loc);

    for (const Run &run : plan->runs) {
      uint32_t blocks = 1u << run.bits.size();
      // Block indices in scan order.
      SmallVector<uint32_t> order;
      for (uint32_t j = 0; j < blocks; ++j)
        order.push_back(reverse ? blocks - 1 - j : j);

      if (run.kind == BitKind::Register) {
        uint32_t mask = run.mask();
        for (int32_t base = 0; base < plan->numRegs; ++base) {
          if ((base & mask) || !live(base))
            continue;
          SmallVector<Value> running = total[base | run.spread(order[0])];
          for (uint32_t j : ArrayRef(order).drop_front()) {
            int32_t r = base | run.spread(j);
            prefix[r] = combine(running, prefix[r]);
            running = combine(running, total[r]);
          }
          for (uint32_t j = 0; j < blocks; ++j)
            total[base | run.spread(j)] = running;
        }
        continue;
      }

      if (run.kind == BitKind::Lane) {
        unsigned bit = run.bits.front();
        // The half of the block that comes second in scan order.
        Value isSet = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::ne,
            LLVM::AndOp::create(rewriter, loc, lane,
                                createI32(rewriter, loc, 1 << bit)),
            createI32(rewriter, loc, 0));
        Value second =
            reverse ? LLVM::XOrOp::create(
                          rewriter, loc, isSet,
                          LLVM::ConstantOp::create(rewriter, loc,
                                                   rewriter.getI1Type(), 1))
                    : isSet;
        for (int32_t r = 0; r < plan->numRegs; ++r) {
          if (!live(r))
            continue;
          SmallVector<Value> partner;
          for (Value v : total[r]) {
            FailureOr<Value> s = shuffleXor(rewriter, loc, v, 1u << bit);
            if (failed(s))
              return op.emitError() << "cannot shuffle a value of type "
                                    << v.getType() << " across lanes";
            partner.push_back(*s);
          }
          SmallVector<Value> withPartner = combine(partner, prefix[r]);
          prefix[r] = selectAll(rewriter, loc, second, withPartner, prefix[r]);
          total[r] = combine(selectAll(rewriter, loc, second, partner, total[r]),
                             selectAll(rewriter, loc, second, total[r], partner));
        }
        continue;
      }

      // Warps: block totals through the scratch buffer.
      LLVM::GlobalOp scratch = getScratchBufferOf(op);
      if (!scratch)
        return failure();
      Value base = LLVM::AddressOfOp::create(rewriter, loc, scratch);
      int64_t slots = int64_t(plan->numRegs) * plan->numWarps * 32;
      SmallVector<int64_t> regionOffset;
      int64_t regionBytes = 0;
      for (Value v : prefix[0]) {
        regionOffset.push_back(regionBytes);
        regionBytes += slots * scratchElementBytes(v.getType());
        regionBytes = (regionBytes + 7) / 8 * 8;
      }
      // Consecutive lanes use consecutive slots: no bank conflicts.
      auto address = [&](unsigned i, int32_t r, Value warpId) {
        Type memType = scratchStorageType(prefix[0][i].getType());
        Value regionBase = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), rewriter.getI8Type(), base,
            ValueRange{createI64(rewriter, loc, regionOffset[i])});
        Value index = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(
                rewriter, loc,
                LLVM::AddOp::create(
                    rewriter, loc,
                    createI32(rewriter, loc, r * plan->numWarps), warpId),
                createI32(rewriter, loc, 32)),
            lane);
        return Value(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                         memType, regionBase,
                                         ValueRange{index}));
      };
      if (needsLeadingBarrier(op))
        NVVM::Barrier0Op::create(rewriter, loc);
      for (int32_t r = 0; r < plan->numRegs; ++r) {
        if (!live(r))
          continue;
        for (unsigned i = 0; i < n; ++i)
          LLVM::StoreOp::create(rewriter, loc,
                                toScratchStorage(rewriter, loc, total[r][i]),
                                address(i, r, warp));
      }
      NVVM::Barrier0Op::create(rewriter, loc);
      // This warp's block index within the run.
      Value own = createI32(rewriter, loc, 0);
      for (auto [t, b] : llvm::enumerate(run.bits)) {
        Value bitValue = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, warp, createI32(rewriter, loc, b)),
            createI32(rewriter, loc, 1));
        own = LLVM::OrOp::create(
            rewriter, loc, own,
            LLVM::ShlOp::create(rewriter, loc, bitValue,
                                createI32(rewriter, loc, t)));
      }
      Value others = LLVM::AndOp::create(
          rewriter, loc, warp, createI32(rewriter, loc, ~int32_t(run.mask())));
      for (int32_t r = 0; r < plan->numRegs; ++r) {
        if (!live(r))
          continue;
        auto load = [&](uint32_t j) {
          Value warpId = LLVM::OrOp::create(
              rewriter, loc, others, createI32(rewriter, loc, run.spread(j)));
          SmallVector<Value> values;
          for (unsigned i = 0; i < n; ++i) {
            Type t = prefix[r][i].getType();
            Value v = LLVM::LoadOp::create(rewriter, loc, scratchStorageType(t),
                                           address(i, r, warpId));
            values.push_back(fromScratchStorage(rewriter, loc, v, t));
          }
          return values;
        };
        SmallVector<Value> running = load(order[0]);
        SmallVector<Value> newPrefix = prefix[r];
        for (uint32_t j : ArrayRef(order).drop_front()) {
          Value mine = LLVM::ICmpOp::create(rewriter, loc,
                                            LLVM::ICmpPredicate::eq, own,
                                            createI32(rewriter, loc, j));
          newPrefix = selectAll(rewriter, loc, mine,
                                combine(running, prefix[r]), newPrefix);
          running = combine(running, load(j));
        }
        prefix[r] = newPrefix;
        total[r] = running;
      }
    }

    // Duplicate registers take their original's values.
    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      SmallVector<Value> regs;
      for (int32_t r = 0; r < plan->numRegs; ++r)
        regs.push_back(prefix[r & ~plan->dup.reg][i]);
      results.push_back(packRegisters(
          rewriter, loc, getTypeConverter()->convertType(result.getType()),
          regs));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

int64_t mlir::tilecc::getScanScratchBytes(Operation *op) {
  auto scan = dyn_cast<nv_tileas::ScanOp>(op);
  if (!scan || scan.getInputs().empty())
    return 0;
  auto type = dyn_cast<RankedTensorType>(scan.getInputs()[0].getType());
  if (!type || !nv_tileas::LinearEncodingAttr::of(type))
    return 0;
  std::string why;
  FailureOr<ScanPlan> plan = planScan(getTileLayout(type), scan.getAxis(), why);
  if (failed(plan) || !plan->crossesWarps)
    return 0;
  SmallVector<Type> elementTypes;
  for (Value input : scan.getInputs())
    elementTypes.push_back(cast<RankedTensorType>(input.getType()).getElementType());
  return scratchBytes(*plan, elementTypes);
}

void mlir::tilecc::populateTileASScanToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ScanLowering>(converter, patterns.getContext());
}
