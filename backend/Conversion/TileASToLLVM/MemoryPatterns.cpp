//===- MemoryPatterns.cpp - tiled views, tiled loads and stores -----------===//
//
// A tiled access at tile index (i_0, ..) touches elements start_d + c_d with
// start_d = i_d * box_d, for the coordinates c the layout gives each
// register. Registers are grouped into vectors of consecutive elements along
// the fastest dimension (as many as both the layout and the copy atom allow);
// each vector is one predicated access. A dimension whose extent is not a
// static multiple of the box gets a bounds check; when a vector may be cut by
// the bound, its in-bounds elements are accessed one by one instead.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/AtomicLowering.h"
#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/Vectorization.h"
#include "Schedule/BlockedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

/// The unpacked view: base pointer, element offset, extents and strides.
struct ViewParts {
  Value base, offset;
  SmallVector<Value> sizes, strides;
};

ViewParts unpackView(OpBuilder &b, Location loc, Value packed, unsigned rank) {
  ViewParts parts;
  parts.base = LLVM::ExtractValueOp::create(b, loc, packed, 0);
  parts.offset = LLVM::ExtractValueOp::create(b, loc, packed, 1);
  for (unsigned d = 0; d < rank; ++d) {
    parts.sizes.push_back(LLVM::ExtractValueOp::create(b, loc, packed, 2 + d));
    parts.strides.push_back(
        LLVM::ExtractValueOp::create(b, loc, packed, 2 + rank + d));
  }
  return parts;
}

/// Static extents that are multiples of the box need no bounds check.
SmallVector<bool> dimsNeedingBounds(nv_tileas::TiledViewType viewType,
                                    Value view) {
  SmallVector<bool> needs(viewType.getRank(), true);
  auto make = view.getDefiningOp<nv_tileas::MakeTiledViewOp>();
  if (!make)
    return needs;
  for (unsigned d = 0; d < viewType.getRank(); ++d) {
    APInt size;
    if (matchPattern(make.getSizes()[d], m_ConstantInt(&size)) &&
        size.getSExtValue() % viewType.getShape()[d] == 0)
      needs[d] = false;
  }
  return needs;
}

} // namespace

AccessQualifiers mlir::tilecc::getAccessQualifiers(Operation *op) {
  AccessQualifiers q;
  auto sem = op->getAttrOfType<nv_tileas::MemSemanticAttr>("mem_semantic");
  if (!sem || sem.getValue() == nv_tileas::MemSemantic::weak)
    return q;
  StringRef order = stringifyMemSemantic(sem.getValue());
  if (order == "acq_rel")
    order = isa<nv_tileas::TiledLoadOp, nv_tileas::LoadOp>(op) ? "acquire"
            : isa<nv_tileas::TiledStoreOp, nv_tileas::StoreOp>(op)
                ? "release"
                : "acq_rel";
  std::string scope = "gpu";
  if (auto s = op->getAttrOfType<nv_tileas::MemScopeAttr>("mem_scope")) {
    switch (s.getValue()) {
    case nv_tileas::MemScope::tl_blk: scope = "cta"; break;
    case nv_tileas::MemScope::cluster: scope = "cluster"; break;
    case nv_tileas::MemScope::gpu: scope = "gpu"; break;
    case nv_tileas::MemScope::sys: scope = "sys"; break;
    }
  }
  q.ordering = ("." + order + "." + scope).str();
  return q;
}

namespace {

/// Everything a tiled load or store needs per register.
struct AccessPlan {
  unsigned vector = 1;
  SmallVector<Value> elemPreds;  // one per register, null when in bounds
  SmallVector<Value> elemAddrs;  // one per register
  bool mayCutVectors = false;
};

FailureOr<AccessPlan> planAccess(ConversionPatternRewriter &rewriter,
                                 Location loc, Operation *op,
                                 RankedTensorType tile,
                                 nv_tileas::TiledViewType viewType,
                                 Value originalView, Value packedView,
                                 ValueRange indices, Value packedMask,
                                 StringRef atomName,
                                 const TypeConverter &converter) {
  const tl::LinearLayout &layout = getTileLayout(tile);
  unsigned rank = tile.getRank();
  Type elem = converter.convertType(tile.getElementType());
  unsigned elemBits = tile.getElementType().isIntOrFloat()
                          ? tile.getElementType().getIntOrFloatBitWidth()
                          : 64;
  AccessPlan plan;
  unsigned numRegs = layout.getInDimSize(tl::kRegister);
  plan.vector = std::min<unsigned>(
      {unsigned(tl::getContiguousRegisterElements(layout)),
       nv_tileas::getAtomVectorElements(atomName, elemBits), numRegs});
  while (plan.vector > 1 && !isAccessSupported(elem, plan.vector))
    plan.vector /= 2;
  if (!isAccessSupported(elem, plan.vector))
    return rewriter.notifyMatchFailure(op, "unsupported element type");

  ViewParts view = unpackView(rewriter, loc, packedView, rank);
  SmallVector<bool> checked = dimsNeedingBounds(viewType, originalView);
  SmallVector<Value> starts;
  for (unsigned d = 0; d < rank; ++d)
    starts.push_back(LLVM::MulOp::create(
        rewriter, loc, indices[d],
        createI64(rewriter, loc, viewType.getShape()[d])));
  // With split coordinates every register is the thread's position plus a
  // constant, added last: the loop-varying part is shared and nothing per
  // register is loop-invariant (LLVM would otherwise hoist one live value
  // per register out of loops).
  std::optional<SplitCoordinates> split =
      getSplitRegisterCoordinates(rewriter, loc, layout);
  SmallVector<SmallVector<Value>> coords;
  SmallVector<Value> threadPos;
  Value threadLinear = view.offset;
  if (split) {
    for (unsigned d = 0; d < rank; ++d) {
      threadPos.push_back(
          LLVM::AddOp::create(rewriter, loc, starts[d], split->thread[d]));
      threadLinear = LLVM::AddOp::create(
          rewriter, loc, threadLinear,
          LLVM::MulOp::create(rewriter, loc, threadPos[d], view.strides[d]));
    }
  } else {
    coords = getRegisterCoordinates(rewriter, loc, layout);
  }
  SmallVector<Value> mask;
  if (packedMask)
    mask = unpackRegisters(rewriter, loc, packedMask);
  Type ptrType = view.base.getType();
  for (unsigned r = 0; r < numRegs; ++r) {
    Value linear = split ? threadLinear : view.offset;
    Value pred;
    for (unsigned d = 0; d < rank; ++d) {
      Value pos;
      if (split) {
        int64_t c = split->reg[r][d];
        pos = c ? Value(LLVM::AddOp::create(rewriter, loc, threadPos[d],
                                            createI64(rewriter, loc, c)))
                : threadPos[d];
        if (c)
          linear = LLVM::AddOp::create(
              rewriter, loc, linear,
              LLVM::MulOp::create(rewriter, loc, createI64(rewriter, loc, c),
                                  view.strides[d]));
      } else {
        pos = LLVM::AddOp::create(rewriter, loc, starts[d], coords[r][d]);
        linear = LLVM::AddOp::create(
            rewriter, loc, linear,
            LLVM::MulOp::create(rewriter, loc, pos, view.strides[d]));
      }
      if (!checked[d])
        continue;
      Value in = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt,
                                      pos, view.sizes[d]);
      pred = andPredicates(rewriter, loc, pred, in);
    }
    if (!mask.empty())
      pred = andPredicates(rewriter, loc, pred, mask[r]);
    plan.elemPreds.push_back(pred);
    plan.elemAddrs.push_back(LLVM::GEPOp::create(
        rewriter, loc, ptrType, elem, view.base, ValueRange{linear}));
  }
  plan.mayCutVectors =
      plan.vector > 1 && (!mask.empty() || checked[rank - 1]);
  return plan;
}

/// The predicate of a whole vector: all of its elements' predicates.
Value vectorPredicate(OpBuilder &b, Location loc, const AccessPlan &plan,
                      unsigned first) {
  Value pred = plan.elemPreds[first];
  if (!pred || !plan.mayCutVectors)
    return pred;
  for (unsigned j = 1; j < plan.vector; ++j)
    pred = LLVM::AndOp::create(b, loc, pred, plan.elemPreds[first + j]);
  return pred;
}

/// Elements of a cut vector: in bounds, but the vector as a whole is not.
Value tailPredicate(OpBuilder &b, Location loc, Value elemPred,
                    Value vectorPred) {
  Value one = LLVM::ConstantOp::create(b, loc, b.getI1Type(),
                                       b.getBoolAttr(true));
  return LLVM::AndOp::create(b, loc, elemPred,
                             LLVM::XOrOp::create(b, loc, vectorPred, one));
}

struct MakeTiledViewLowering
    : OpConversionPattern<nv_tileas::MakeTiledViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::MakeTiledViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!isa<LLVM::LLVMPointerType>(adaptor.getBase().getType()))
      return rewriter.notifyMatchFailure(op, "base is not a pointer");
    SmallVector<Value> fields{adaptor.getBase(), adaptor.getOffset()};
    llvm::append_range(fields, adaptor.getSizes());
    llvm::append_range(fields, adaptor.getStrides());
    rewriter.replaceOp(op, packRegisters(rewriter, op.getLoc(), type, fields));
    return success();
  }
};

struct TiledLoadLowering : OpConversionPattern<nv_tileas::TiledLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TiledLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tile = cast<RankedTensorType>(op.getResult().getType());
    Type structType = getTypeConverter()->convertType(tile);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    auto viewType = op.getView().getType();
    // Global views, or generic ones (a module with alloca scratch).
    if (viewType.getAddressSpace() != 1 && viewType.getAddressSpace() != 0)
      return rewriter.notifyMatchFailure(op, "only global memory here");
    FailureOr<AccessPlan> plan = planAccess(
        rewriter, loc, op, tile, viewType, op.getView(), adaptor.getView(),
        adaptor.getIndices(), adaptor.getMask(), op.getAtom().getAtomName(),
        *getTypeConverter());
    if (failed(plan))
      return failure();
    Type elem = cast<LLVM::LLVMStructType>(structType).getBody().front();
    SmallVector<Value> init;
    if (adaptor.getOther())
      init = unpackRegisters(rewriter, loc, adaptor.getOther());
    else
      init.assign(plan->elemAddrs.size(), LLVM::ZeroOp::create(rewriter, loc, elem));
    AccessQualifiers q = getAccessQualifiers(op);
    SmallVector<Value> regs;
    for (unsigned first = 0; first < init.size(); first += plan->vector) {
      ArrayRef<Value> start = ArrayRef<Value>(init).slice(first, plan->vector);
      Value pred = vectorPredicate(rewriter, loc, *plan, first);
      SmallVector<Value> values = emitGlobalLoad(
          rewriter, loc, plan->elemAddrs[first], pred, start, q);
      if (plan->mayCutVectors)
        for (unsigned j = 0; j < plan->vector; ++j)
          values[j] = emitGlobalLoad(
              rewriter, loc, plan->elemAddrs[first + j],
              tailPredicate(rewriter, loc, plan->elemPreds[first + j], pred),
              values[j], q)[0];
      llvm::append_range(regs, values);
    }
    SmallVector<Value> results{packRegisters(rewriter, loc, structType, regs)};
    if (op.getResultToken())
      results.push_back(LLVM::UndefOp::create(
          rewriter, loc,
          getTypeConverter()->convertType(op.getResultToken().getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct TiledStoreLowering : OpConversionPattern<nv_tileas::TiledStoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TiledStoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tile = cast<RankedTensorType>(op.getValue().getType());
    if (!getTypeConverter()->convertType(tile))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    auto viewType = op.getView().getType();
    // Global views, or generic ones (a module with alloca scratch).
    if (viewType.getAddressSpace() != 1 && viewType.getAddressSpace() != 0)
      return rewriter.notifyMatchFailure(op, "only global memory here");
    FailureOr<AccessPlan> plan = planAccess(
        rewriter, loc, op, tile, viewType, op.getView(), adaptor.getView(),
        adaptor.getIndices(), adaptor.getMask(), op.getAtom().getAtomName(),
        *getTypeConverter());
    if (failed(plan))
      return failure();
    // Threads and registers that hold duplicates do not store.
    DuplicateMasks dup = getDuplicateMasks(getTileLayout(tile));
    Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
    SmallVector<Value> regs = unpackRegisters(rewriter, loc, adaptor.getValue());
    AccessQualifiers q = getAccessQualifiers(op);
    for (unsigned first = 0; first < regs.size(); first += plan->vector) {
      if (first & dup.reg)
        continue;
      ArrayRef<Value> values = ArrayRef<Value>(regs).slice(first, plan->vector);
      Value pred = vectorPredicate(rewriter, loc, *plan, first);
      emitGlobalStore(rewriter, loc, plan->elemAddrs[first],
                      andPredicates(rewriter, loc, pred, owner), values, q);
      if (plan->mayCutVectors)
        for (unsigned j = 0; j < plan->vector; ++j)
          emitGlobalStore(
              rewriter, loc, plan->elemAddrs[first + j],
              andPredicates(rewriter, loc,
                       tailPredicate(rewriter, loc,
                                     plan->elemPreds[first + j], pred),
                       owner),
              values[j], q);
    }
    if (op.getResultToken())
      rewriter.replaceOp(op, LLVM::UndefOp::create(
                                 rewriter, loc,
                                 getTypeConverter()->convertType(
                                     op.getResultToken().getType())));
    else
      rewriter.eraseOp(op);
    return success();
  }
};

/// One atomic per element, issued by its owner (see AtomicLowering.h); an
/// unused result (atomic_red_view) makes it a `red` where the ordering
/// allows.
struct TiledAtomicRMWLowering
    : OpConversionPattern<nv_tileas::TiledAtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::TiledAtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto tile = cast<RankedTensorType>(op.getValue().getType());
    Type structType = getTypeConverter()->convertType(op.getResult().getType());
    if (!structType || !getTypeConverter()->convertType(tile))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    int64_t cc =
        nv_tileas::TileASDialect::getComputeCapability(op).value_or(80);
    std::optional<AtomicKind> kind =
        getAtomicKind(op.getMode(), tile.getElementType(), cc);
    if (!kind)
      return op.emitError() << "atomic '" << stringifyRmwMode(op.getMode())
                            << "' on " << tile.getElementType()
                            << " is not supported on sm_" << cc;
    auto viewType = op.getView().getType();
    FailureOr<AccessPlan> plan = planAccess(
        rewriter, loc, op, tile, viewType, op.getView(), adaptor.getView(),
        adaptor.getIndices(), adaptor.getMask(), /*atomName=*/"",
        *getTypeConverter());
    if (failed(plan))
      return failure();
    AccessQualifiers q = getAccessQualifiers(op);
    bool resultUsed = !op.getResult().use_empty();
    auto sem = op.getMemSemantic();
    bool reduction = !resultUsed && kind->hasReduction &&
                     (!sem || (*sem != nv_tileas::MemSemantic::acquire &&
                               *sem != nv_tileas::MemSemantic::acq_rel));
    SmallVector<Value> values =
        unpackRegisters(rewriter, loc, adaptor.getValue());
    FailureOr<SmallVector<Value>> old = lowerOwnedAtomics(
        rewriter, op, tile, values.size(), resultUsed,
        [&](unsigned r, Value owner) -> Value {
          Value pred = andPredicates(rewriter, loc, plan->elemPreds[r], owner);
          if (kind->bf16CASLoop)
            return emitGlobalBF16AddCASLoop(rewriter, loc, plan->elemAddrs[r],
                                            pred, values[r], values[r], q);
          AtomicAccess access;
          access.opType = kind->opType;
          access.value = values[r];
          access.init = values[r];
          access.reduction = reduction;
          return emitGlobalAtomic(rewriter, loc, plan->elemAddrs[r], pred,
                                  access, q);
        });
    if (failed(old))
      return failure();
    SmallVector<Value> results{
        resultUsed ? packRegisters(rewriter, loc, structType, *old)
                   : Value(LLVM::PoisonOp::create(rewriter, loc, structType))};
    if (op.getResultToken())
      results.push_back(LLVM::UndefOp::create(
          rewriter, loc,
          getTypeConverter()->convertType(op.getResultToken().getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Tokens only order memory ops, which program order already does.
template <typename TokenOp>
struct TokenLowering : OpConversionPattern<TokenOp> {
  using OpConversionPattern<TokenOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TokenOp op, typename TokenOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::UndefOp>(
        op, this->getTypeConverter()->convertType(op.getType()));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASMemoryToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MakeTiledViewLowering, TiledLoadLowering, TiledStoreLowering,
               TiledAtomicRMWLowering,
               TokenLowering<nv_tileas::CreateTokenOp>,
               TokenLowering<nv_tileas::JoinTokensOp>>(converter,
                                                       patterns.getContext());
}
