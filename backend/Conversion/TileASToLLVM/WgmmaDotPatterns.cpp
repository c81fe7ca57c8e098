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
// The dot is nvvm.wgmma.fence, one inline-PTX statement holding one
// mma_async per M repetition (64 rows per warpgroup) and 16-deep K step,
// chaining each repetition's accumulator (one statement, tied operands:
// the accumulator stays in the same registers while the MMAs are in
// flight), and nvvm.wgmma.commit.group. A dot marked nv_tileas.async_mma
// ends there (an nv_tileas.dot_wait completes it); any other waits for its
// group at once like mma.sync. The waits are inline PTX with the
// accumulator as tied operands, so nothing reads or moves it before the
// wait (nvvm.wgmma.wait.group has no register operands).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/MmaFragments.h"
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
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

/// wgmma.wait_group `pending` with the registers of `regs` as tied
/// operands: the returned values are read after the wait.
SmallVector<Value> waitWgmma(OpBuilder &b, Location loc, ArrayRef<Value> regs,
                             int64_t pending) {
  SmallVector<std::string> constraints;
  for (size_t i = 0; i < regs.size(); ++i)
    constraints.push_back("=f");
  for (size_t i = 0; i < regs.size(); ++i)
    constraints.push_back(std::to_string(i));
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(regs.size(), b.getF32Type()));
  auto wait = createInlinePtx(
      b, loc, type, regs,
      "wgmma.wait_group.sync.aligned " + std::to_string(pending) + ";",
      llvm::join(constraints, ","));
  SmallVector<Value> result;
  for (size_t i = 0; i < regs.size(); ++i)
    result.push_back(
        LLVM::ExtractValueOp::create(b, loc, wait.getResult(0), i));
  return result;
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
    Value scaleD = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    std::string shape = "m64n" + std::to_string(n) + "k" +
                        std::to_string(instr->k);
    std::string types = ".f32." + atom.getAName() + "." + atom.getBName();
    int64_t nd = n / 2; // f32 accumulator registers per instruction
    // One statement for all M repetitions: their MMAs are in flight
    // together and one wait ends them. Operands: the D registers of every
    // repetition (outputs, tied to the inputs at the end), A's words per
    // (repetition, K step), the descriptors, scale-d.
    SmallVector<int32_t> dRegs; // per repetition, d[4 j + i] = block j's i
    SmallVector<Value> operands;
    for (int64_t rep = 0; rep < mReps; ++rep) {
      int32_t rowBlock = int32_t(rep * numWarps);
      for (int64_t j = 0; j < nBlocks; ++j) {
        auto it = cBlocks->find(MmaBlockKey{0, rowBlock, int32_t(j)});
        if (it == cBlocks->end())
          return op.emitError("accumulator fragments do not cover the tile");
        llvm::append_range(dRegs, it->second);
      }
      for (int64_t s = 0; s < kSteps && !stagedA; ++s) {
        auto it = aBlocks->find(MmaBlockKey{0, rowBlock, int32_t(s)});
        if (it == aBlocks->end())
          return op.emitError("A fragments do not cover the tile");
        ArrayRef<int32_t> which = it->second;
        for (size_t w = 0; w < which.size() / 2; ++w)
          operands.push_back(LLVM::BitcastOp::create(
              rewriter, loc, i32,
              toVector(rewriter, loc,
                       {aRegs[which[2 * w]], aRegs[which[2 * w + 1]]})));
      }
    }
    llvm::append_range(operands, aDescs);
    llvm::append_range(operands, descs);
    operands.push_back(scaleD);
    for (int32_t r : dRegs)
      operands.push_back(result[r]);

    int64_t numD = mReps * nd;
    auto reg = [](int64_t i) { return "$" + std::to_string(i); };
    int64_t aWords = stagedA ? 1 : 4;
    int64_t aFirst = numD, descFirst = aFirst + mReps * kSteps * aWords,
            pred = descFirst + kSteps;
    std::string text;
    for (int64_t rep = 0; rep < mReps; ++rep) {
      std::string dList;
      for (int64_t i = 0; i < nd; ++i)
        dList += (i ? ", " : "") + reg(rep * nd + i);
      for (int64_t s = 0; s < kSteps; ++s) {
        text += std::string(text.empty() ? "" : "\n\t") +
                "wgmma.mma_async.sync.aligned." + shape + types + " {" +
                dList + "}, ";
        if (stagedA) {
          // scale-d, imm-scale-a, imm-scale-b, imm-trans-a (K-major A),
          // imm-trans-b (N-major B).
          text += reg(aFirst + rep * kSteps + s) + ", " + reg(descFirst + s) +
                  ", " + reg(pred) + ", 1, 1, 0, 1;";
          continue;
        }
        text += "{";
        for (int64_t w = 0; w < 4; ++w)
          text += (w ? ", " : "") + reg(aFirst + 4 * (rep * kSteps + s) + w);
        // scale-d, imm-scale-a, imm-scale-b, imm-trans-b (N-major B).
        text += "}, " + reg(descFirst + s) + ", " + reg(pred) + ", 1, 1, 1;";
      }
    }
    SmallVector<std::string> constraints(numD, "=f");
    constraints.append(stagedA ? mReps * kSteps : 4 * mReps * kSteps,
                       stagedA ? "l" : "r");
    constraints.append(kSteps, "l");
    constraints.push_back("b");
    for (int64_t i = 0; i < numD; ++i)
      constraints.push_back(std::to_string(i));
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(numD, rewriter.getF32Type()));
    NVVM::WgmmaFenceAlignedOp::create(rewriter, loc);
    auto mma = createInlinePtx(rewriter, loc, resultType, operands, text,
                               llvm::join(constraints, ","));
    NVVM::WgmmaGroupSyncAlignedOp::create(rewriter, loc);
    SmallVector<Value> issued;
    for (size_t i = 0; i < dRegs.size(); ++i)
      issued.push_back(
          LLVM::ExtractValueOp::create(rewriter, loc, mma.getResult(0), i));
    if (!async)
      issued = waitWgmma(rewriter, loc, issued, 0);
    for (auto [i, r] : llvm::enumerate(dRegs))
      result[r] = issued[i];
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }
};

/// dot_wait: wgmma.wait_group with the accumulator's registers (each once)
/// tied through it.
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
