//===- WgmmaDotPatterns.cpp - nv_tileas.dot on wgmma (sm_90a) -------------===//
//
// A dot with a `wgmma_` atom (TileAAToTileAS picks it on sm_90a) runs on
// wgmma.mma_async.m64nNk16: tileas-assign-layouts gave the accumulator and A
// the warpgroup fragments of lib/Layout (WgmmaLayouts.h), so each thread
// already holds its D and A registers; B is read from shared memory through
// a matrix descriptor, in the N-major swizzled canonical layout of
// wgmmaNMajorB. B comes either straight from its cp.async ring slot (a
// future_wait marked by tileas-pipeline-dot-operands, whose copies already
// wrote that layout) or from registers, which every thread stores into the
// scratch buffer first (each element once), then fences toward the async
// proxy and meets the others at a barrier.
//
// The dot is one inline-PTX sequence: wgmma.fence, one mma_async per M
// repetition (64 rows per warpgroup) and 16-deep K step, chaining each
// repetition's accumulator, commit_group and wait_group 0. Keeping the sequence in one statement keeps
// the accumulator in the same registers while the MMAs are in flight, and
// the wait makes the dot synchronous like mma.sync, so the ring's protocol
// (a slot is refilled after the next iteration's barrier) stays sound.
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
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

/// The future_wait whose ring slot holds B for the dot, if B came that way.
nv_tileas::FutureWaitOp getStagedB(nv_tileas::DotOp op) {
  auto wait = op.getB().getDefiningOp<nv_tileas::FutureWaitOp>();
  if (wait && wait->hasAttr(nv_tileas::kWgmmaOperandAttrName))
    return wait;
  return {};
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
    StringRef atomName = op.getAtom().getName();
    if (!atomName.starts_with(tl::kWgmmaAtomFamily))
      return rewriter.notifyMatchFailure(op, "not a wgmma atom");
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType || !getTypeConverter()->convertType(aType) ||
        !getTypeConverter()->convertType(bType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    SmallVector<StringRef> parts;
    atomName.drop_front(tl::kWgmmaAtomFamily.size()).split(parts, '_');
    std::optional<tl::WgmmaShape> instr =
        parts.size() == 3 ? tl::getWgmmaShape(parts[0], parts[1], parts[2])
                          : std::nullopt;
    if (!instr)
      return op.emitError() << "wgmma does not support the atom " << atomName;
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

    // B's shared tile: the ring slot, or the scratch buffer filled here.
    Value bBase;
    if (nv_tileas::FutureWaitOp staged = getStagedB(op)) {
      bBase = rewriter.getRemappedValue(staged.getFuture());
      if (!bBase || !isa<LLVM::LLVMPointerType>(bBase.getType()))
        return op.emitError("wgmma's B slot has no shared address");
    } else {
      auto module = op->getParentOfType<ModuleOp>();
      auto scratch = module.lookupSymbol<LLVM::GlobalOp>(kScratchSymbol);
      if (!scratch)
        return op.emitError("wgmma's B needs the shared scratch buffer");
      bBase = LLVM::AddressOfOp::create(rewriter, loc, scratch);
      // Other threads may still read the buffer (an earlier dot or layout
      // change).
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

    SmallVector<Value> aRegs = unpackRegisters(rewriter, loc, adaptor.getA());
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
    Value scaleD = LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
    std::string shape = "m64n" + std::to_string(n) + "k" +
                        std::to_string(instr->k);
    std::string types = ".f32." + parts[0].str() + "." + parts[1].str();
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
      for (int64_t s = 0; s < kSteps; ++s) {
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
    llvm::append_range(operands, descs);
    operands.push_back(scaleD);
    for (int32_t r : dRegs)
      operands.push_back(result[r]);

    int64_t numD = mReps * nd;
    auto reg = [](int64_t i) { return "$" + std::to_string(i); };
    int64_t aFirst = numD, descFirst = aFirst + mReps * kSteps * 4,
            pred = descFirst + kSteps;
    std::string text = "wgmma.fence.sync.aligned;";
    for (int64_t rep = 0; rep < mReps; ++rep) {
      std::string dList;
      for (int64_t i = 0; i < nd; ++i)
        dList += (i ? ", " : "") + reg(rep * nd + i);
      for (int64_t s = 0; s < kSteps; ++s) {
        text += "\n\twgmma.mma_async.sync.aligned." + shape + types + " {" +
                dList + "}, {";
        for (int64_t w = 0; w < 4; ++w)
          text += (w ? ", " : "") + reg(aFirst + 4 * (rep * kSteps + s) + w);
        // scale-d, imm-scale-a, imm-scale-b, imm-trans-b (N-major B).
        text += "}, " + reg(descFirst + s) + ", " + reg(pred) + ", 1, 1, 1;";
      }
    }
    text += "\n\twgmma.commit_group.sync.aligned;\n"
            "\twgmma.wait_group.sync.aligned 0;";
    SmallVector<std::string> constraints(numD, "=f");
    constraints.append(4 * mReps * kSteps, "r");
    constraints.append(kSteps, "l");
    constraints.push_back("b");
    for (int64_t i = 0; i < numD; ++i)
      constraints.push_back(std::to_string(i));
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(numD, rewriter.getF32Type()));
    auto mma = createInlinePtx(rewriter, loc, resultType, operands, text,
                               llvm::join(constraints, ","));
    for (auto [i, r] : llvm::enumerate(dRegs))
      result[r] =
          LLVM::ExtractValueOp::create(rewriter, loc, mma.getResult(0), i);
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }
};

} // namespace

int64_t mlir::tilecc::getWgmmaScratchBytes(Operation *op) {
  auto dot = dyn_cast<nv_tileas::DotOp>(op);
  if (!dot || !dot.getAtom().getName().starts_with(tl::kWgmmaAtomFamily) ||
      getStagedB(dot))
    return 0;
  auto b = cast<RankedTensorType>(dot.getB().getType());
  return b.getNumElements() * b.getElementTypeBitWidth() / 8;
}

void mlir::tilecc::populateTileASWgmmaDotToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WgmmaDotLowering>(converter, patterns.getContext());
}
