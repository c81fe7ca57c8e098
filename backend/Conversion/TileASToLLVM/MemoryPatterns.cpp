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
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/Vectorization.h"
#include "Layout/WgmmaLayouts.h"
#include "Schedule/BlockedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "TileAS/IR/TileASTmemOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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
  // Per register: the position along the fastest dimension and the bounds
  // predicate of the other dimensions (null when in bounds); that extent.
  SmallVector<Value> fastPos, outerPreds;
  Value fastSize;
};

FailureOr<AccessPlan> planAccess(ConversionPatternRewriter &rewriter,
                                 Location loc, Operation *op,
                                 RankedTensorType tile,
                                 nv_tileas::TiledViewType viewType,
                                 Value originalView, Value packedView,
                                 ValueRange indices, Value packedMask,
                                 unsigned atomBits,
                                 const TypeConverter &converter,
                                 bool checkAllDims = false) {
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
       nv_tileas::getAtomVectorElements(atomBits, elemBits), numRegs});
  while (plan.vector > 1 && !isAccessSupported(elem, plan.vector))
    plan.vector /= 2;
  if (!isAccessSupported(elem, plan.vector))
    return rewriter.notifyMatchFailure(op, "unsupported element type");

  ViewParts view = unpackView(rewriter, loc, packedView, rank);
  SmallVector<bool> checked = dimsNeedingBounds(viewType, originalView);
  if (checkAllDims)
    checked.assign(rank, true);
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
      if (d + 1 == rank) {
        plan.fastPos.push_back(pos);
        plan.outerPreds.push_back(pred);
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
  plan.fastSize = view.sizes[rank - 1];
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


/// async_load into a ring slot: every thread copies its chunks of the
/// blocked distribution as wide as the atom says (`cp_async_128`: 16-byte
/// `cp.async.cg`; 64/32: `cp.async.ca` of 8/4 bytes) straight into the
/// planner's swizzled layout of the future's tile (planned for 16-byte
/// chunks, which keeps narrower ones contiguous), one commit group per
/// load. Every dimension is bounds-checked (loads run ahead of the loop's
/// end): the src-size operand copies the in-bounds prefix of a chunk and
/// zero-fills the rest. The future is the slot's address.
struct AsyncLoadLowering : OpConversionPattern<nv_tileas::AsyncLoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!op.getRing())
      return op.emitOpError("without a shared-memory ring (`into`) is not "
                            "supported by the LLVM lowering");
    auto value = cast<RankedTensorType>(op.getResult().getType().getValueType());
    Type structType = getTypeConverter()->convertType(value);
    if (!structType || !isa<LLVM::LLVMPointerType>(adaptor.getRing().getType()))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    auto viewType = op.getView().getType();
    if (viewType.getAddressSpace() != 1)
      return op.emitOpError("copies only from global memory");
    tl::LinearLayout copy, slotLayout;
    unsigned bits = value.getElementTypeBitWidth();
    if (auto which = nv_tileas::getCanonicalSlotOperand(op)) {
      // A wgmma operand: the descriptor's canonical layout, K-major for A
      // (16-byte chunks of 8 consecutive K elements), N-major for B (8
      // consecutive N elements); a tcgen05 B held K-major (2) as A is,
      // its rows N.
      llvm::Expected<tl::WgmmaSharedOperand> shared =
          value.getRank() != 2
              ? llvm::createStringError(llvm::inconvertibleErrorCode(),
                                        "not a 2-d tile")
          : which.getInt() == 0
              ? tl::wgmmaKMajorA(value.getDimSize(0), value.getDimSize(1), bits)
          : which.getInt() == 2
              ? tl::tcgen05KMajorB(value.getDimSize(0), value.getDimSize(1),
                                   bits)
              : tl::wgmmaNMajorB(value.getDimSize(0), value.getDimSize(1),
                                 bits);
      if (!shared)
        return op.emitOpError("cannot stage this wgmma operand: ")
               << llvm::toString(shared.takeError());
      slotLayout = shared->layout;
      copy = getTileLayout(value);
    } else {
      llvm::Expected<tl::ConversionPlan> staging =
          planAsyncStaging(value, copy);
      if (!staging)
        return op.emitOpError("cannot stage this tile in shared memory: ")
               << llvm::toString(staging.takeError());
      if (staging->kind != tl::ConversionKind::SharedMemory ||
          staging->storeVectorBits < 128)
        return op.emitOpError("the shared layout of this tile does not take "
                              "whole 128-bit copies");
      slotLayout = staging->scratch->layout;
    }
    // Narrower copies (as the load's alignment allows) fill the same layout.
    unsigned copyBits =
        nv_tileas::getAtomVectorElements(op.getAtom().getAccessBits(), bits) *
        bits;
    if (copyBits != 32 && copyBits != 64 && copyBits != 128)
      return op.emitOpError("cp.async copies 4, 8 or 16 bytes, not the ")
             << copyBits << " bits of " << op.getAtom();
    copy = nv_tileas::getAsyncCopyLayout(value.getShape(), bits,
                                         copy.getInDimSize(tl::kWarp),
                                         copyBits);
    auto copyType = RankedTensorType::get(
        value.getShape(), value.getElementType(),
        nv_tileas::LinearEncodingAttr::get(getContext(), copy));
    FailureOr<AccessPlan> access = planAccess(
        rewriter, loc, op, copyType, viewType, op.getView(), adaptor.getView(),
        adaptor.getIndices(), Value(), copyBits,
        *getTypeConverter(), /*checkAllDims=*/true);
    if (failed(access))
      return failure();
    if (access->vector * bits != copyBits)
      return op.emitOpError("the copy of this tile is not ")
             << copyBits << "-bit vectors";
    Type elem = cast<LLVM::LLVMStructType>(structType).getBody().front();
    Value ring = adaptor.getRing();
    Value slotBase = LLVM::GEPOp::create(
        rewriter, loc, ring.getType(), elem, ring,
        ValueRange{LLVM::MulOp::create(
            rewriter, loc, adaptor.getSlot(),
            createI64(rewriter, loc, value.getNumElements()))});
    SmallVector<Value> offsets =
        getSharedOffsets(rewriter, loc, copy, slotLayout);
    DuplicateMasks dup = getDuplicateMasks(copy);
    Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
    auto i32 = rewriter.getI32Type();
    unsigned elemBytes = bits / 8;
    // Threads that only hold duplicates copy nothing: nvvm.cp.async has no
    // guard predicate, so the owners' copies sit in a block of their own.
    Block *after = nullptr;
    if (owner) {
      Block *before = rewriter.getInsertionBlock();
      after = rewriter.splitBlock(before, rewriter.getInsertionPoint());
      Block *copies = rewriter.createBlock(after);
      rewriter.setInsertionPointToEnd(before);
      LLVM::CondBrOp::create(rewriter, loc, owner, copies, after);
      rewriter.setInsertionPointToStart(copies);
    }
    auto sharedPtr = LLVM::LLVMPointerType::get(getContext(), 3);
    auto globalPtr = LLVM::LLVMPointerType::get(getContext(), 1);
    auto inSpace = [&](Value ptr, Type type) -> Value {
      return ptr.getType() == type
                 ? ptr
                 : LLVM::AddrSpaceCastOp::create(rewriter, loc, type, ptr);
    };
    // .cg (bypassing L1) exists for 16-byte copies only.
    auto cache = copyBits == 128 ? NVVM::LoadCacheModifierKind::CG
                                 : NVVM::LoadCacheModifierKind::CA;
    for (unsigned first = 0; first < access->elemAddrs.size();
         first += access->vector) {
      if (first & dup.reg)
        continue;
      // Bytes of the chunk inside the view: its in-bounds elements form a
      // prefix (the bound cuts the fastest dimension from above), of
      // clamp(extent - position, 0, vector) elements, none when another
      // dimension is out of bounds. The rest of the chunk is zero-filled
      // (cp.async's src-size operand).
      Value left = LLVM::SubOp::create(rewriter, loc, access->fastSize,
                                       access->fastPos[first]);
      left = LLVM::SMaxOp::create(rewriter, loc, left,
                                  createI64(rewriter, loc, 0));
      left = LLVM::SMinOp::create(rewriter, loc, left,
                                  createI64(rewriter, loc, access->vector));
      Value srcBytes = LLVM::MulOp::create(
          rewriter, loc, LLVM::TruncOp::create(rewriter, loc, i32, left),
          createI32(rewriter, loc, elemBytes));
      if (Value outer = access->outerPreds[first])
        srcBytes = LLVM::SelectOp::create(rewriter, loc, outer, srcBytes,
                                          createI32(rewriter, loc, 0));
      Value dst = LLVM::GEPOp::create(rewriter, loc, ring.getType(), elem,
                                      slotBase, ValueRange{offsets[first]});
      NVVM::CpAsyncOp::create(rewriter, loc, inSpace(dst, sharedPtr),
                              inSpace(access->elemAddrs[first], globalPtr),
                              copyBits / 8, cache, srcBytes);
    }
    if (after) {
      LLVM::BrOp::create(rewriter, loc, ValueRange(), after);
      rewriter.setInsertionPointToStart(after);
    }
    NVVM::CpAsyncCommitGroupOp::create(rewriter, loc);
    rewriter.replaceOp(op, slotBase);
    return success();
  }
};

/// async_wait: at most `num_pending` cp.async groups of this thread stay in
/// flight, then a barrier publishes every thread's copies (and orders the
/// block's earlier reads of the slots about to be refilled), unless no
/// waited tile is ever read (tileas-plan-memory decides).
struct AsyncWaitLowering : OpConversionPattern<nv_tileas::AsyncWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::AsyncWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    for (Type t : op.getDeps().getTypes())
      if (!getTypeConverter()->convertType(t))
        return op.emitOpError("waits only on shared-memory async loads");
    Location loc = op.getLoc();
    NVVM::CpAsyncWaitGroupOp::create(rewriter, loc, op.getNumPending());
    // wgmma reads the slots through the async proxy.
    if (op->hasAttr(nv_tileas::kAsyncProxyFenceAttrName))
      emitPtx(rewriter, loc, Type(), {}, "fence.proxy.async.shared::cta;", "");
    auto barrier = op->getAttrOfType<BoolAttr>(nv_tileas::kBarrierAttrName);
    if (!barrier)
      return op.emitError("'")
             << op->getName()
             << "' has no barrier decision (run tileas-plan-memory)";
    if (barrier.getValue())
      NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// future_wait of a ring slot: the tile read back in its layout (ldmatrix
/// where the staging plan chose it). async_wait made the data visible.
struct FutureWaitLowering : OpConversionPattern<nv_tileas::FutureWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::FutureWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<RankedTensorType>(op.getType());
    Type structType = value ? getTypeConverter()->convertType(value) : Type();
    if (!structType ||
        !isa<LLVM::LLVMPointerType>(adaptor.getFuture().getType()))
      return rewriter.notifyMatchFailure(op, "not a staged tile");
    // A wgmma operand stays in its slot: the dot reads it through a
    // descriptor (WgmmaDotPatterns.cpp), nothing else reads the value.
    if (auto which = nv_tileas::getCanonicalSlotOperand(op)) {
      // A tcgen05 B held K-major: its transpose is the B of tcgen05 dots.
      auto readsKMajorB = [](Operation *user) {
        auto permute = dyn_cast<nv_tileas::PermuteOp>(user);
        return permute &&
               llvm::all_of(permute->getUses(), [](OpOperand &use) {
                 auto dot = dyn_cast<nv_tileas::DotOp>(use.getOwner());
                 return dot && use.getOperandNumber() == 1 &&
                        dot.getA() != dot.getB() &&
                        dot.getAtom().getFamily() ==
                            nv_tileas::MmaFamily::tcgen05;
               });
      };
      if (which.getInt() == 2 &&
          !llvm::all_of(op->getUsers(), readsKMajorB))
        return op.emitOpError(
            "a K-major B slot is read only by tcgen05 dots through its "
            "transpose");
      if (which.getInt() != 2 &&
          !llvm::all_of(op->getUses(), [&](OpOperand &use) {
            // tcgen05 reads the same canonical layouts.
            if (auto tmemDot =
                    dyn_cast<nv_tileas::TmemDotOp>(use.getOwner()))
              return tmemDot.getA() != tmemDot.getB() &&
                     use.getOperandNumber() == which.getInt();
            // A per-dot tcgen05 dot reads a slot of its A (staged once
            // before its loop, PipelineDotOperands.cpp).
            auto dot = dyn_cast<nv_tileas::DotOp>(use.getOwner());
            nv_tileas::MmaFamily family =
                dot ? dot.getAtom().getFamily() : nv_tileas::MmaFamily::wgmma;
            return dot && dot.getB() != dot.getA() &&
                   use.getOperandNumber() == which.getInt() &&
                   (family == nv_tileas::MmaFamily::wgmma ||
                    (family == nv_tileas::MmaFamily::tcgen05 &&
                     which.getInt() == 0 &&
                     op->hasAttr(nv_tileas::kTcgen05OperandAttrName)));
          }))
        return op.emitOpError(
            "a wgmma operand slot is read only by wgmma or tcgen05");
      rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, structType);
      return success();
    }
    tl::LinearLayout copy;
    llvm::Expected<tl::ConversionPlan> staging = planAsyncStaging(value, copy);
    if (!staging)
      return op.emitOpError("cannot stage this tile in shared memory: ")
             << llvm::toString(staging.takeError());
    Type elem = cast<LLVM::LLVMStructType>(structType).getBody().front();
    FailureOr<SmallVector<Value>> regs =
        loadStagedTile(rewriter, op, adaptor.getFuture(), elem, *staging,
                       getTileLayout(value));
    if (failed(regs))
      return failure();
    rewriter.replaceOp(op,
                       packRegisters(rewriter, op.getLoc(), structType, *regs));
    return success();
  }
};

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
        adaptor.getIndices(), adaptor.getMask(), op.getAtom().getAccessBits(),
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
        adaptor.getIndices(), adaptor.getMask(), op.getAtom().getAccessBits(),
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
        adaptor.getIndices(), adaptor.getMask(), /*atomBits=*/0,
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
               TiledAtomicRMWLowering, AsyncLoadLowering, AsyncWaitLowering,
               FutureWaitLowering,
               TokenLowering<nv_tileas::CreateTokenOp>,
               TokenLowering<nv_tileas::JoinTokensOp>>(converter,
                                                       patterns.getContext());
}
