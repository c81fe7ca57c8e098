//===- BlockScaledMmaSyncPatterns.cpp - block_scaled_mma on mma.sync -----===//
//
// sm_120a/sm_121a have block-scaled MMA but no tcgen05: nv_tileas.block_scaled
// _mma with an `mma_bs_` atom becomes warp-level block-scaled mma.sync
// (nvvm.mma.block_scale), one instruction per (M, N, K) block:
//  - scales over 32 K elements (e8m0): m16n8k32 kind::mxf8f6f4
//    .scale_vec::1X .f32.<a>.<b>.f32.ue8m0, a/b in e4m3, e5m2 or e2m1 (in
//    8-bit containers, bits 2..5), one scale per row / column;
//  - nvfp4 (e2m1, e4m3 scales over 16 K elements): m16n8k64 kind::mxf4nvf4
//    .scale_vec::4X .f32.e2m1.e2m1.f32.ue4m3, e2m1 packed eight per
//    register, four scales (bytes 0..3 of one register) per row / column.
// tileas-assign-layouts gave A, B and the accumulator the mma.sync fragment
// layouts and scale_a / scale_b the scale fragments of lib/Layout (selectors
// {byte-id, thread-id} = {0, 0}), so every operand already sits in the
// registers the instruction reads.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/MmaFragments.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/DistributedLayouts.h"
#include "Layout/MmaLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "Target/TargetInfo.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

/// The PTX name of a block-scaled operand element type, or "".
static StringRef operandType(Type t) {
  if (isa<Float8E4M3FNType>(t))
    return "e4m3";
  if (isa<Float8E5M2Type>(t))
    return "e5m2";
  if (isa<Float4E2M1FNType>(t))
    return "e2m1";
  return "";
}

struct BlockScaledMmaSyncLowering
    : OpConversionPattern<nv_tileas::BlockScaledMmaOp> {
  BlockScaledMmaSyncLowering(const TypeConverter &converter,
                             MLIRContext *ctx,
                             const ::tilecc::TargetInfo &target)
      : OpConversionPattern(converter, ctx), target(target) {}

  LogicalResult
  matchAndRewrite(nv_tileas::BlockScaledMmaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // tcgen05 targets have their own lowering of block-scaled MMA.
    if (target.has(::tilecc::TargetFeature::Tcgen05) ||
        op.getAtom().getFamily() !=
            nv_tileas::MmaFamily::mma_sync_block_scaled)
      return rewriter.notifyMatchFailure(op, "not a block-scaled mma.sync");
    if (!target.has(::tilecc::TargetFeature::BlockScaledMma))
      return op.emitError() << "block-scaled mma.sync is not supported on "
                            << target.getName();
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getC().getType());
    auto saType = cast<RankedTensorType>(op.getScaleA().getType());
    auto sbType = cast<RankedTensorType>(op.getScaleB().getType());
    Type structType = getTypeConverter()->convertType(op.getType());
    for (Type t : {Type(aType), Type(bType), Type(saType), Type(sbType)})
      if (!getTypeConverter()->convertType(t))
        return rewriter.notifyMatchFailure(op, "tile without layout");
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");

    StringRef at = operandType(aType.getElementType()),
              bt = operandType(bType.getElementType());
    Type scaleElem = saType.getElementType();
    bool e8m0 = isa<Float8E8M0FNUType>(scaleElem) &&
                isa<Float8E8M0FNUType>(sbType.getElementType());
    bool e4m3 = isa<Float8E4M3FNType>(scaleElem) &&
                isa<Float8E4M3FNType>(sbType.getElementType());
    int64_t k = aType.getShape().back(), scaleK = saType.getShape().back();
    int64_t block = scaleK > 0 && k % scaleK == 0 ? k / scaleK : 0;
    bool nvf4 = at == "e2m1" && bt == "e2m1" && e4m3 && block == 16;
    bool mxf8f6f4 = !at.empty() && !bt.empty() && e8m0 && block == 32;
    if (!cType.getElementType().isF32() || (!nvf4 && !mxf8f6f4))
      return op.emitError()
             << "block-scaled mma.sync supports f8E4M3FN, f8E5M2 and "
                "f4E2M1FN operands with f8E8M0FNU scales over 32 K elements "
                "(mxf8f6f4) and f4E2M1FN with f8E4M3FN scales over 16 "
                "(mxf4nvf4) into f32, not "
             << aType.getElementType() << " x " << bType.getElementType()
             << " with " << scaleElem << " scales over " << block;
    const int32_t kM = 16, kN = 8, kK = nvf4 ? 64 : 32;
    const int32_t perInstr = nvf4 ? 4 : 1; // scales per row per instruction
    const unsigned bits = nvf4 ? 4 : 8;    // fragment element (container) bits
    int64_t kBlocks = k / kK;

    tl::LinearLayout aLayout = getTileLayout(aType),
                     bLayout = getTileLayout(bType),
                     cLayout = getTileLayout(cType),
                     saLayout = getTileLayout(saType),
                     sbLayout = getTileLayout(sbType);
    auto aFrag =
        tl::mmaSyncOperand(tl::MmaOperand::A, bits, kK, {1, 1}, {kM, kK});
    auto bFrag =
        tl::mmaSyncOperand(tl::MmaOperand::B, bits, kK, {1, 1}, {kK, kN});
    if (!aFrag || !bFrag) {
      llvm::consumeError(aFrag.takeError());
      llvm::consumeError(bFrag.takeError());
      return op.emitError("no mma.sync fragment for the block-scaled operands");
    }
    auto aBlocks = groupMmaFragments(aLayout, *aFrag, kM, kK);
    auto bBlocks = groupMmaFragments(bLayout, *bFrag, kK, kN);
    auto cBlocks = groupMmaFragments(
        cLayout, tl::mmaSyncAccumulator({1, 1}, {kM, kN}), kM, kN);
    auto saBlocks = groupMmaFragments(
        saLayout,
        tl::mmaSyncScaleOperand(tl::MmaOperand::A, perInstr, {1, 1},
                                {kM, perInstr}),
        kM, perInstr);
    auto sbBlocks = groupMmaFragments(
        sbLayout,
        tl::mmaSyncScaleOperand(tl::MmaOperand::B, perInstr, {1, 1},
                                {perInstr, kN}),
        perInstr, kN);
    if (!aBlocks || !bBlocks || !cBlocks || !saBlocks || !sbBlocks ||
        !warpsAgree(aLayout, bLayout, cLayout, saLayout, sbLayout))
      return op.emitError("block_scaled_mma operands are not in mma.sync "
                          "fragment layouts; run tileas-assign-layouts");

    SmallVector<Value> aRegs = unpackRegisters(rewriter, loc, adaptor.getA());
    SmallVector<Value> bRegs = unpackRegisters(rewriter, loc, adaptor.getB());
    SmallVector<Value> cRegs = unpackRegisters(rewriter, loc, adaptor.getC());
    SmallVector<Value> saRegs =
        unpackRegisters(rewriter, loc, adaptor.getScaleA());
    SmallVector<Value> sbRegs =
        unpackRegisters(rewriter, loc, adaptor.getScaleB());

    auto i32 = rewriter.getI32Type();
    // 32 / `width` elements per 32-bit register, the first in the lowest
    // bits; `shift` places each within its field (e2m1 in bits 2..5 of an
    // 8-bit container).
    auto pack = [&](ArrayRef<Value> regs, ArrayRef<int32_t> which,
                    unsigned width, unsigned shift) {
      SmallVector<Value> words;
      unsigned fields = 32 / width;
      for (size_t w = 0; w < which.size() / fields; ++w) {
        Value word;
        for (unsigned i = 0; i < fields; ++i) {
          Value e = LLVM::ZExtOp::create(rewriter, loc, i32,
                                         regs[which[w * fields + i]]);
          if (unsigned amount = i * width + shift)
            e = LLVM::ShlOp::create(rewriter, loc, e,
                                    createI32(rewriter, loc, amount));
          word = word ? LLVM::OrOp::create(rewriter, loc, word, e) : e;
        }
        words.push_back(word);
      }
      return words;
    };
    unsigned shiftA = !nvf4 && at == "e2m1" ? 2 : 0,
             shiftB = !nvf4 && bt == "e2m1" ? 2 : 0;
    std::map<MmaBlockKey, SmallVector<Value>> aWords, bWords;
    for (auto &[key, which] : *aBlocks)
      aWords[key] = pack(aRegs, which, bits, shiftA);
    for (auto &[key, which] : *bBlocks)
      bWords[key] = pack(bRegs, which, bits, shiftB);
    // An instruction's scales are bytes 0.. of its scale register.
    auto packScales = [&](ArrayRef<Value> regs, ArrayRef<int32_t> which) {
      Value word;
      for (auto [i, r] : llvm::enumerate(which)) {
        Value e = LLVM::ZExtOp::create(rewriter, loc, i32, regs[r]);
        if (i)
          e = LLVM::ShlOp::create(rewriter, loc, e,
                                  createI32(rewriter, loc, 8 * i));
        word = word ? LLVM::OrOp::create(rewriter, loc, word, e) : e;
      }
      return word;
    };
    std::map<MmaBlockKey, Value> saWord, sbWord;
    for (auto &[key, which] : *saBlocks)
      saWord[key] = packScales(saRegs, which);
    for (auto &[key, which] : *sbBlocks)
      sbWord[key] = packScales(sbRegs, which);

    // nvvm.mma.block_scale (the A/B scale selectors {byte-id, thread-id}
    // are {0, 0}: the scales sit in bytes 0.. of each lane's register).
    Value zero16 = LLVM::ConstantOp::create(rewriter, loc,
                                            rewriter.getI16Type(), 0);
    auto f32 = rewriter.getF32Type();
    auto resultType = LLVM::LLVMStructType::getLiteral(
        rewriter.getContext(), SmallVector<Type>(4, f32));
    auto ptxType = [](StringRef t) { return *NVVM::symbolizeMMATypes(t); };
    std::array<NVVM::MMATypes, 2> ptxTypes{ptxType(at), ptxType(bt)};
    const int64_t shape[] = {kM, kN, kK};
    SmallVector<Value> result(cRegs);
    for (auto &[key, which] : *cBlocks) {
      auto [batch, mb, nb] = key;
      SmallVector<Value> acc;
      for (int32_t r : which)
        acc.push_back(result[r]);
      for (int64_t kb = 0; kb < kBlocks; ++kb) {
        auto aIt = aWords.find({batch, mb, int32_t(kb)});
        auto bIt = bWords.find({batch, int32_t(kb), nb});
        auto saIt = saWord.find({batch, mb, int32_t(kb)});
        auto sbIt = sbWord.find({batch, int32_t(kb), nb});
        if (aIt == aWords.end() || bIt == bWords.end() ||
            saIt == saWord.end() || sbIt == sbWord.end())
          return op.emitError("block_scaled_mma operand fragments do not "
                              "cover the accumulator tile");
        auto mma = NVVM::MmaBlockScaleOp::create(
            rewriter, loc, resultType, aIt->second, bIt->second, acc,
            saIt->second, zero16, zero16, sbIt->second, zero16, zero16,
            shape, ptxTypes,
            nvf4 ? NVVM::ScaleVecSize::X4 : NVVM::ScaleVecSize::X1,
            nvf4 ? NVVM::BlockScaleFormat::UE4M3 : NVVM::BlockScaleFormat::UE8M0,
            nvf4 ? NVVM::MMABlockScaleKind::MXF4NVF4
                 : NVVM::MMABlockScaleKind::MXF8F6F4);
        for (unsigned i = 0; i < acc.size(); ++i)
          acc[i] = LLVM::ExtractValueOp::create(rewriter, loc, mma.getRes(), i);
      }
      for (auto [i, r] : llvm::enumerate(which))
        result[r] = acc[i];
    }
    copyDuplicateRegisters(cLayout, result);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }

private:
  /// A warp's A rows (and scale_a rows) and B columns (and scale_b columns)
  /// are its accumulator's; no operand spreads K over warps.
  static bool warpsAgree(const tl::LinearLayout &a, const tl::LinearLayout &b,
                         const tl::LinearLayout &c, const tl::LinearLayout &sa,
                         const tl::LinearLayout &sb) {
    unsigned rank = c.getOutDims().size(), m = rank - 2, n = rank - 1;
    for (unsigned bit = 0; bit < c.getInDimSizeLog2(tl::kWarp); ++bit) {
      auto at = [&](const tl::LinearLayout &l, unsigned d) {
        return l.getBasis(tl::kWarp, bit, tl::dimName(d));
      };
      for (const tl::LinearLayout *l : {&a, &b, &sa, &sb})
        if (rank == 3 && at(*l, 0) != at(c, 0))
          return false;
      for (const tl::LinearLayout *rowsOf : {&a, &sa})
        if (at(*rowsOf, m) != at(c, m) || at(*rowsOf, n) != 0)
          return false;
      for (const tl::LinearLayout *colsOf : {&b, &sb})
        if (at(*colsOf, n) != at(c, n) || at(*colsOf, m) != 0)
          return false;
    }
    return true;
  }

  ::tilecc::TargetInfo target;
};

} // namespace

void mlir::tilecc::populateTileASBlockScaledMmaSyncToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target) {
  patterns.add<BlockScaledMmaSyncLowering>(converter, patterns.getContext(),
                                           target);
}
