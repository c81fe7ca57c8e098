//===- WgmmaDotPatterns.cpp - nv_tileas.dot on wgmma (sm_90a) -------------===//
//
// A dot with a `wgmma_` atom (TileAAToTileAS picks it on sm_90a) runs on
// wgmma.mma_async.m64nNk16: tileas-assign-layouts gave the accumulator and A
// the warpgroup fragments of lib/Layout (WgmmaLayouts.h), so each thread
// already holds its D registers. A is read either from registers (its
// fragment) or, when tileas-pipeline-dot-operands staged it (a future_wait
// marked as wgmma operand 0), from its ring slot through a matrix descriptor
// in the K-major canonical layout of wgmmaKMajorA. B is read from shared
// memory through a descriptor, in the N-major layout of wgmmaNMajorB: from
// its ring slot (operand 1) or from registers, which every thread stores
// into the scratch buffer first (each element once), then fences toward the
// async proxy and meets the others at a barrier.
//
// The dot is nvvm.wgmma.fence, one mma_async per M repetition (64 rows per
// warpgroup) and 16-deep K step, each K step chaining its repetition's
// accumulator (tied operands: the accumulator stays in the same registers
// while the MMAs are in flight), and nvvm.wgmma.commit.group. With A in
// shared memory each mma_async is nvvm.wgmma.mma_async; with A in registers
// it is inline PTX (the NVVM op takes A only as a descriptor). A dot marked
// nv_tileas.async_mma ends at the commit (an nv_tileas.dot_wait completes
// it); any other waits for its group at once like mma.sync. A wait is
// nvvm.wgmma.wait.group, then the accumulator registers pass through an
// empty inline-asm statement with tied operands (CUTLASS's
// warpgroup_fence_operand): no instruction, only a data dependence, so that
// nothing reads or moves an accumulator before the wait (the NVVM op has no
// register operands). The same statement before the fence keeps the
// accumulators' writes before it (the ISA asks for a wgmma.fence between a
// register write and the MMA that reads it).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/MmaFragments.h"
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Conversion/TileASToLLVM/WarpgroupTurns.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"
#include "Layout/MatrixDescriptors.h"
#include "Layout/WgmmaLayouts.h"
#include "Schedule/BlockedLayouts.h"
#include "TileAS/IR/TileASAsyncMmaOps.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

/// The future_wait whose ring slot holds operand `which` (0: A, 1: B) of
/// the dot, if it came that way.
nv_tileas::FutureWaitOp getStaged(nv_tileas::DotOp op, unsigned which) {
  auto wait = op->getOperand(which).getDefiningOp<nv_tileas::FutureWaitOp>();
  auto attr = wait ? wait->getAttrOfType<IntegerAttr>(
                         nv_tileas::kWgmmaOperandAttrName)
                   : IntegerAttr();
  if (attr && attr.getInt() == which)
    return wait;
  return {};
}

/// The f32 registers `regs` through an empty statement with tied operands
/// (CUTLASS's warpgroup_fence_operand): no instruction, a data dependence
/// that keeps reads and writes of the registers on their side of the
/// statement (it has side effects, so it stays in order with the wgmma
/// fence and waits).
SmallVector<Value> pinRegisters(OpBuilder &b, Location loc,
                                ArrayRef<Value> regs) {
  SmallVector<std::string> constraints;
  for (size_t i = 0; i < regs.size(); ++i)
    constraints.push_back("=f");
  for (size_t i = 0; i < regs.size(); ++i)
    constraints.push_back(std::to_string(i));
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(regs.size(), b.getF32Type()));
  auto pin =
      createInlinePtx(b, loc, type, regs, "", llvm::join(constraints, ","));
  SmallVector<Value> result;
  for (size_t i = 0; i < regs.size(); ++i)
    result.push_back(LLVM::ExtractValueOp::create(b, loc, pin.getResult(0), i));
  return result;
}

/// wgmma.wait_group `pending`, then `regs` pinned: the returned values are
/// read after the wait.
SmallVector<Value> waitWgmma(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                             int64_t pending) {
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, pending);
  return pinRegisters(b, loc, regs);
}

/// What one wgmma.mma_async.m64nNk16 reads besides the accumulator: A's
/// descriptor, or its four b32 words and scale-d (a predicate, true) when A
/// is in registers, and B's descriptor.
struct MmaAsyncOperands {
  Value aDesc;
  SmallVector<Value, 4> aWords;
  Value scaleD;
  Value bDesc;
};

/// One wgmma.mma_async on the f32 accumulator registers `acc` (scale-d 1,
/// K-major A, N-major B); returns the accumulator's registers it writes.
SmallVector<Value> issueMmaAsync(OpBuilder &b, Location loc,
                                 ArrayRef<Value> acc,
                                 const MmaAsyncOperands &operands,
                                 const tl::WgmmaShape &instr, int64_t n,
                                 nv_tileas::MmaAtomAttr atom) {
  MLIRContext *ctx = b.getContext();
  auto accType = LLVM::LLVMStructType::getLiteral(
      ctx, SmallVector<Type>(acc.size(), b.getF32Type()));
  Value result;
  if (operands.aDesc) {
    auto typeOf = [&](StringRef name) {
      return NVVM::WGMMATypesAttr::get(ctx,
                                       *NVVM::symbolizeWGMMATypes(name));
    };
    auto one = NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one);
    // layout row: imm-trans-a 0 (K-major A); layout row for B:
    // imm-trans-b 1 (N-major B).
    auto row = NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row);
    result = NVVM::WgmmaMmaAsyncOp::create(
        b, loc, accType, packRegisters(b, loc, accType, acc), operands.aDesc,
        operands.bDesc, NVVM::MMAShapeAttr::get(ctx, 64, n, instr.k),
        typeOf(atom.getAName()), typeOf(atom.getBName()),
        NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
        NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one), one, one,
        row, row, /*satfinite=*/NVVM::MMAIntOverflowAttr());
  } else {
    int64_t nd = acc.size();
    auto reg = [](int64_t i) { return "$" + std::to_string(i); };
    std::string text = "wgmma.mma_async.sync.aligned.m64n" +
                       std::to_string(n) + "k" + std::to_string(instr.k) +
                       ".f32." + atom.getAName() + "." +
                       atom.getBName() + " {";
    for (int64_t i = 0; i < nd; ++i)
      text += (i ? ", " : "") + reg(i);
    text += "}, {";
    for (int64_t w = 0; w < 4; ++w)
      text += (w ? ", " : "") + reg(nd + w);
    // b-desc, scale-d (a predicate), imm-scale-a, imm-scale-b, imm-trans-b
    // (N-major B).
    text += "}, " + reg(nd + 4) + ", " + reg(nd + 5) + ", 1, 1, 1;";
    SmallVector<std::string> constraints(nd, "=f");
    constraints.append(4, "r");
    constraints.push_back("l");
    constraints.push_back("b");
    for (int64_t i = 0; i < nd; ++i)
      constraints.push_back(std::to_string(i));
    SmallVector<Value> values(operands.aWords.begin(), operands.aWords.end());
    values.push_back(operands.bDesc);
    values.push_back(operands.scaleD);
    llvm::append_range(values, acc);
    result = createInlinePtx(b, loc, accType, values, text,
                             llvm::join(constraints, ","))
                 .getResult(0);
  }
  SmallVector<Value> written;
  for (size_t i = 0; i < acc.size(); ++i)
    written.push_back(LLVM::ExtractValueOp::create(b, loc, result, i));
  return written;
}

/// The 64-bit matrix descriptor of a tile at shared address `addr` (i32).
Value makeDescriptor(OpBuilder &b, Location loc, Value addr,
                     const tl::WgmmaSharedOperand &shared) {
  auto i64 = b.getI64Type();
  Value start = LLVM::LShrOp::create(
      b, loc,
      LLVM::AndOp::create(b, loc, addr,
                          createI32(b, loc, tl::kDescriptorAddressBytesMask)),
      createI32(b, loc, 4));
  uint64_t fields =
      tl::getWgmmaDescriptorFields(shared.lbo, shared.sbo, shared.descMode);
  return LLVM::OrOp::create(b, loc, LLVM::ZExtOp::create(b, loc, i64, start),
                            LLVM::ConstantOp::create(
                                b, loc, i64, b.getI64IntegerAttr(fields)));
}

struct WgmmaDotLowering : OpConversionPattern<nv_tileas::DotOp> {
  WgmmaDotLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(nv_tileas::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nv_tileas::MmaAtomAttr atom = op.getAtom();
    if (atom.getFamily() != nv_tileas::MmaFamily::wgmma)
      return rewriter.notifyMatchFailure(op, "not a wgmma atom");
    Location loc = op.getLoc();
    std::optional<DotTileTypes> tiles =
        getDotTileTypes(op, *getTypeConverter());
    if (!tiles)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    RankedTensorType aType = tiles->a, bType = tiles->b, cType = tiles->c;
    Type structType = tiles->result;
    std::optional<tl::WgmmaShape> instr = tl::getWgmmaShape(
        atom.getAName(), atom.getBName(), atom.getCName());
    if (!instr)
      return op.emitError() << "wgmma does not support the atom " << atom;
    std::optional<int64_t> cc =
        nv_tileas::TileASDialect::getComputeCapability(op);
    if (!cc || *cc != 90)
      return op.emitError() << "wgmma exists on sm_90a only";
    if (cType.getRank() != 2)
      return op.emitError("wgmma dots are rank 2");
    int64_t m = cType.getDimSize(0), n = cType.getDimSize(1),
            k = aType.getDimSize(1);
    tl::LinearLayout aLayout = getTileLayout(aType);
    tl::LinearLayout bLayout = getTileLayout(bType);
    tl::LinearLayout cLayout = getTileLayout(cType);
    unsigned numWarps = cLayout.getInDimSize(tl::kWarp);
    unsigned bits = aType.getElementTypeBitWidth();
    llvm::Expected<tl::WgmmaDotLayouts> expected =
        tl::wgmmaDotLayouts(numWarps, bits, {m, n}, k);
    if (!expected) {
      llvm::consumeError(expected.takeError());
      return op.emitError("the dot does not split into wgmma warpgroups");
    }
    if (aLayout != expected->a || cLayout != expected->acc)
      return op.emitError("dot operands are not in wgmma fragment layouts; "
                          "run tileas-assign-layouts");
    llvm::Expected<tl::WgmmaSharedOperand> shared =
        tl::wgmmaNMajorB(k, n, bits);
    if (!shared)
      return op.emitError("no shared layout for wgmma's B: ")
             << llvm::toString(shared.takeError());

    nv_tileas::FutureWaitOp stagedA = getStaged(op, 0);
    bool async = op->hasAttr(nv_tileas::kAsyncMmaAttrName);
    if (async && !stagedA)
      return op.emitError("a wgmma dot left in flight reads A from shared "
                          "memory (its registers would be in flight)");
    Value aAddr;
    if (stagedA) {
      Value aBase = rewriter.getRemappedValue(stagedA.getFuture());
      if (!aBase || !isa<LLVM::LLVMPointerType>(aBase.getType()))
        return op.emitError("wgmma's A slot has no shared address");
      aAddr = LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(),
                                       aBase);
    }
    llvm::Expected<tl::WgmmaSharedOperand> sharedA =
        stagedA ? tl::wgmmaKMajorA(m, k, bits)
                : llvm::Expected<tl::WgmmaSharedOperand>(
                      tl::WgmmaSharedOperand());
    if (!sharedA)
      return op.emitError("no shared layout for wgmma's A: ")
             << llvm::toString(sharedA.takeError());

    // B's shared tile: the ring slot, or the scratch buffer filled here.
    Value bBase;
    if (nv_tileas::FutureWaitOp staged = getStaged(op, 1)) {
      bBase = rewriter.getRemappedValue(staged.getFuture());
      if (!bBase || !isa<LLVM::LLVMPointerType>(bBase.getType()))
        return op.emitError("wgmma's B slot has no shared address");
    } else {
      LLVM::GlobalOp scratch = getScratchBufferOf(op);
      if (!scratch)
        return failure();
      bBase = LLVM::AddressOfOp::create(rewriter, loc, scratch);
      // Other threads may still read the buffer (an earlier dot or layout
      // change).
      if (needsLeadingBarrier(op))
        NVVM::Barrier0Op::create(rewriter, loc);
      SmallVector<Value> bRegs = unpackRegisters(rewriter, loc, adaptor.getB());
      SmallVector<Value> offsets =
          getSharedOffsets(rewriter, loc, bLayout, shared->layout);
      DuplicateMasks dup = getDuplicateMasks(bLayout);
      Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
      auto i16 = rewriter.getI16Type();
      std::string text = "st.shared.b16 [$0], $1;";
      std::string constraints = "l,h";
      if (owner) {
        text = "@$2 " + text;
        constraints += ",b";
      }
      for (auto [r, reg] : llvm::enumerate(bRegs)) {
        if (r & dup.reg)
          continue;
        Value ptr = LLVM::GEPOp::create(rewriter, loc, bBase.getType(), i16,
                                        bBase, ValueRange{offsets[r]});
        SmallVector<Value> operands{
            ptr, LLVM::BitcastOp::create(rewriter, loc, i16, reg)};
        if (owner)
          operands.push_back(owner);
        emitPtx(rewriter, loc, Type(), operands, text, constraints);
      }
      // Generic-proxy writes become visible to wgmma (the async proxy).
      emitPtx(rewriter, loc, Type(), {}, "fence.proxy.async.shared::cta;", "");
      NVVM::Barrier0Op::create(rewriter, loc);
    }
    Value bAddr =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), bBase);

    // Fragments: A in m16 x k16 blocks, D in m16 x n8 blocks (warp 0's
    // coordinates; other warps hold the rows 16 w further).
    auto aFrag = tl::mmaSyncOperand(tl::MmaOperand::A, bits, instr->k, {1, 1},
                                    {16, instr->k});
    if (!aFrag)
      return op.emitError("no wgmma A fragment: ")
             << llvm::toString(aFrag.takeError());
    tl::LinearLayout cFrag = tl::mmaSyncAccumulator({1, 1}, {16, 8});
    std::optional<MmaBlocks> aBlocks =
        groupMmaFragments(aLayout, *aFrag, 16, instr->k);
    std::optional<MmaBlocks> cBlocks = groupMmaFragments(cLayout, cFrag, 16, 8);
    if (!aBlocks || !cBlocks)
      return op.emitError("dot operands are not in wgmma fragment layouts");

    SmallVector<Value> aRegs =
        stagedA ? SmallVector<Value>()
                : unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> result = unpackRegisters(rewriter, loc, adaptor.getC());
    auto i32 = rewriter.getI32Type();
    int64_t kSteps = k / instr->k, nBlocks = n / 8;
    int64_t mReps = m / (16 * int64_t(numWarps));
    // One descriptor per K step: 16 K rows are two K atoms, 2 * sbo on.
    SmallVector<Value> descs;
    for (int64_t s = 0; s < kSteps; ++s)
      descs.push_back(makeDescriptor(
          rewriter, loc,
          LLVM::AddOp::create(rewriter, loc, bAddr,
                              createI32(rewriter, loc, s * 2 * shared->sbo)),
          *shared));
    // A's descriptors per (repetition, K step): the warpgroup's 64 rows of
    // the repetition (warpgroup g starts 64 g rows further).
    SmallVector<Value> aDescs;
    if (stagedA) {
      if (numWarps > 4) {
        Value warp = getLaneAndWarp(rewriter, loc).second;
        Value group = LLVM::UDivOp::create(rewriter, loc, warp,
                                           createI32(rewriter, loc, 4));
        aAddr = LLVM::AddOp::create(
            rewriter, loc, aAddr,
            LLVM::MulOp::create(
                rewriter, loc, group,
                createI32(rewriter, loc,
                          tl::wgmmaKMajorOffset(*sharedA, 64, 0, bits))));
      }
      for (int64_t rep = 0; rep < mReps; ++rep)
        for (int64_t s = 0; s < kSteps; ++s)
          aDescs.push_back(makeDescriptor(
              rewriter, loc,
              LLVM::AddOp::create(
                  rewriter, loc, aAddr,
                  createI32(rewriter, loc,
                            tl::wgmmaKMajorOffset(
                                *sharedA, rep * int64_t(numWarps) * 16,
                                s * instr->k, bits))),
              *sharedA));
    }
    int64_t nd = n / 2; // f32 accumulator registers per instruction
    // Per repetition, d[4 j + i] is accumulator block j's register i, and
    // per (repetition, K step) what the MMA reads. A's words are written
    // before the fence (wgmma.fence orders register writes before the
    // MMAs that read them).
    SmallVector<int32_t> dRegs;
    SmallVector<MmaAsyncOperands> mmas;
    Value scaleD = stagedA ? Value()
                           : LLVM::ConstantOp::create(rewriter, loc,
                                                      rewriter.getI1Type(),
                                                      rewriter.getBoolAttr(true));
    for (int64_t rep = 0; rep < mReps; ++rep) {
      int32_t rowBlock = int32_t(rep * numWarps);
      for (int64_t j = 0; j < nBlocks; ++j) {
        auto it = cBlocks->find(MmaBlockKey{0, rowBlock, int32_t(j)});
        if (it == cBlocks->end())
          return op.emitError("accumulator fragments do not cover the tile");
        llvm::append_range(dRegs, it->second);
      }
      if (int64_t(dRegs.size()) != (rep + 1) * nd)
        return op.emitError("accumulator fragments do not cover the tile");
      for (int64_t s = 0; s < kSteps; ++s) {
        MmaAsyncOperands &mma = mmas.emplace_back();
        mma.bDesc = descs[s];
        if (stagedA) {
          mma.aDesc = aDescs[rep * kSteps + s];
          continue;
        }
        mma.scaleD = scaleD;
        auto it = aBlocks->find(MmaBlockKey{0, rowBlock, int32_t(s)});
        if (it == aBlocks->end() || it->second.size() != 8)
          return op.emitError("A fragments do not cover the tile");
        ArrayRef<int32_t> which = it->second;
        for (size_t w = 0; w < which.size() / 2; ++w)
          mma.aWords.push_back(LLVM::BitcastOp::create(
              rewriter, loc, i32,
              toVector(rewriter, loc,
                       {aRegs[which[2 * w]], aRegs[which[2 * w + 1]]})));
      }
    }
    // Every MMA of the dot is in flight together and one wait ends them.
    // The accumulators are pinned before the fence, so that their writes
    // (a zero fill, a copy for the tied operands) happen before it.
    SmallVector<Value> inputs;
    for (int32_t r : dRegs)
      inputs.push_back(result[r]);
    inputs = pinRegisters(rewriter, loc, inputs);
    SmallVector<Value> issued;
    // A turn (tileas-warpgroup-pingpong) covers the MMAs only: B's staging
    // and its CTA barrier come before it.
    emitTurnWait(rewriter, loc, op);
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    for (int64_t rep = 0; rep < mReps; ++rep) {
      SmallVector<Value> acc(inputs.begin() + rep * nd,
                             inputs.begin() + (rep + 1) * nd);
      for (int64_t s = 0; s < kSteps; ++s)
        acc = issueMmaAsync(rewriter, loc, acc, mmas[rep * kSteps + s], *instr,
                            n, atom);
      llvm::append_range(issued, acc);
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    emitTurnPass(rewriter, loc, op);
    if (!async)
      issued = waitWgmma(rewriter, loc, issued, 0);
    for (auto [i, r] : llvm::enumerate(dRegs))
      result[r] = issued[i];
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }
};

/// dot_wait: wgmma.wait_group, the accumulator's registers (each once) tied
/// through the statement after it.
struct DotWaitLowering : OpConversionPattern<nv_tileas::DotWaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::DotWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    if (!op.getType().getElementType().isF32())
      return op.emitOpError("waits for f32 wgmma accumulators");
    Location loc = op.getLoc();
    SmallVector<Value> regs = unpackRegisters(rewriter, loc, adaptor.getAcc());
    SmallVector<Value> unique;
    llvm::SmallDenseMap<Value, unsigned> index;
    for (Value r : regs)
      if (index.try_emplace(r, unique.size()).second)
        unique.push_back(r);
    SmallVector<Value> waited =
        waitWgmma(rewriter, loc, unique, op.getNumPending());
    for (Value &r : regs)
      r = waited[index.lookup(r)];
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getWgmmaScratchBytes(Operation *op) {
  auto dot = dyn_cast<nv_tileas::DotOp>(op);
  if (!dot || dot.getAtom().getFamily() != nv_tileas::MmaFamily::wgmma ||
      getStaged(dot, 1))
    return 0;
  auto b = cast<RankedTensorType>(dot.getB().getType());
  return b.getNumElements() * b.getElementTypeBitWidth() / 8;
}

void mlir::tilecc::populateTileASWgmmaDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WgmmaDotLowering>(converter, patterns.getContext());
  patterns.add<DotWaitLowering>(converter, patterns.getContext());
}
