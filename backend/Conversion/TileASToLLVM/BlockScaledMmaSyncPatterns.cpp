//===- BlockScaledMmaSyncPatterns.cpp - block_scaled_mma on mma.sync -----===//
//
// sm_120a/sm_121a have block-scaled MMA but no tcgen05: nv_tileas.block_scaled
// _mma with an `mma_bs_` atom becomes warp-level
//   mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale
//       .scale_vec::1X.f32.<a>.<b>.f32.ue8m0
// one per (M, N, K) block of 16 x 8 x 32, each K block of 32 elements with
// its own scales. tileas-assign-layouts gave A and B the 8-bit m16n8k32
// fragment layouts, the accumulator the m16n8 one and scale_a / scale_b the
// scale fragments of lib/Layout (selectors {byte-id, thread-id} = {0, 0}),
// so every operand is already in the registers the instruction reads. f4
// (e2m1) elements travel in 8-bit containers, shifted to bits 2..5 as the
// mxf8f6f4 kind expects.
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
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

namespace {

/// The PTX name of an mxf8f6f4 operand element type, or "".
static StringRef mxf8f6f4Type(Type t) {
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
        !op.getAtom().getName().starts_with("mma_bs_"))
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

    StringRef at = mxf8f6f4Type(aType.getElementType()),
              bt = mxf8f6f4Type(bType.getElementType());
    if (at.empty() || bt.empty() || !cType.getElementType().isF32() ||
        !isa<Float8E8M0FNUType>(saType.getElementType()) ||
        !isa<Float8E8M0FNUType>(sbType.getElementType()))
      return op.emitError()
             << "block-scaled mma.sync supports f8E4M3FN, f8E5M2 and "
                "f4E2M1FN operands with f8E8M0FNU scales into f32 (mxf8f6f4), "
                "not "
             << aType.getElementType() << " x " << bType.getElementType()
             << " with " << saType.getElementType() << " scales";
    if (aType.getRank() != 2)
      return op.emitError("block-scaled mma.sync supports 2-d tiles only");
    constexpr int32_t kM = 16, kN = 8, kK = 32;
    int64_t kBlocks = aType.getShape().back() / kK;
    if (aType.getShape().back() % kK || saType.getShape().back() != kBlocks)
      return op.emitError("block-scaled mma.sync scales blocks of 32 K "
                          "elements (scale_vec::1X)");

    tl::LinearLayout aLayout = getTileLayout(aType),
                     bLayout = getTileLayout(bType),
                     cLayout = getTileLayout(cType),
                     saLayout = getTileLayout(saType),
                     sbLayout = getTileLayout(sbType);
    auto aFrag = tl::mmaSyncOperand(tl::MmaOperand::A, 8, kK, {1, 1}, {kM, kK});
    auto bFrag = tl::mmaSyncOperand(tl::MmaOperand::B, 8, kK, {1, 1}, {kK, kN});
    if (!aFrag || !bFrag) {
      llvm::consumeError(aFrag.takeError());
      llvm::consumeError(bFrag.takeError());
      return op.emitError("no mma.sync fragment for 8-bit operands");
    }
    auto aBlocks = groupMmaFragments(aLayout, *aFrag, kM, kK);
    auto bBlocks = groupMmaFragments(bLayout, *bFrag, kK, kN);
    auto cBlocks = groupMmaFragments(
        cLayout, tl::mmaSyncAccumulator({1, 1}, {kM, kN}), kM, kN);
    auto saBlocks = groupMmaFragments(
        saLayout, tl::mmaSyncScaleOperand(tl::MmaOperand::A, {1, 1}, {kM, 1}),
        kM, 1);
    auto sbBlocks = groupMmaFragments(
        sbLayout, tl::mmaSyncScaleOperand(tl::MmaOperand::B, {1, 1}, {1, kN}),
        1, kN);
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

    auto i8 = rewriter.getI8Type(), i32 = rewriter.getI32Type();
    // Four 8-bit containers per 32-bit register, first element lowest.
    auto pack = [&](ArrayRef<Value> regs, ArrayRef<int32_t> which) {
      SmallVector<Value> words;
      Type vecType = VectorType::get({4}, i8);
      for (size_t w = 0; w < which.size() / 4; ++w) {
        Value vec = LLVM::UndefOp::create(rewriter, loc, vecType);
        for (unsigned i = 0; i < 4; ++i) {
          Value e = regs[which[w * 4 + i]];
          if (e.getType() != i8) { // e2m1 sits in bits 2..5
            e = LLVM::ZExtOp::create(rewriter, loc, i8, e);
            e = LLVM::ShlOp::create(
                rewriter, loc, e,
                LLVM::ConstantOp::create(rewriter, loc, i8,
                                         rewriter.getI8IntegerAttr(2)));
          }
          vec = LLVM::InsertElementOp::create(rewriter, loc, vec, e,
                                              createI32(rewriter, loc, i));
        }
        words.push_back(LLVM::BitcastOp::create(rewriter, loc, i32, vec));
      }
      return words;
    };
    std::map<MmaBlockKey, SmallVector<Value>> aWords, bWords;
    for (auto &[key, which] : *aBlocks)
      aWords[key] = pack(aRegs, which);
    for (auto &[key, which] : *bBlocks)
      bWords[key] = pack(bRegs, which);
    // The scale byte in byte 0 of its register (byte-id 0).
    auto scaleWord = [&](const MmaBlocks &blocks, ArrayRef<Value> regs,
                         MmaBlockKey key) -> Value {
      auto it = blocks.find(key);
      if (it == blocks.end())
        return {};
      return LLVM::ZExtOp::create(rewriter, loc, i32, regs[it->second[0]]);
    };

    std::string asmText =
        ("mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale."
         "scale_vec::1X.f32." +
         at + "." + bt +
         ".f32.ue8m0 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, "
         "{$10, $11, $12, $13}, {$14}, {0, 0}, {$15}, {0, 0};")
            .str();
    StringRef constraints = "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f,r,r";
    auto resultType = LLVM::LLVMStructType::getLiteral(
        getContext(), SmallVector<Type>(4, rewriter.getF32Type()));
    SmallVector<Value> result(cRegs);
    for (auto &[key, which] : *cBlocks) {
      auto [batch, mb, nb] = key;
      SmallVector<Value> acc;
      for (int32_t r : which)
        acc.push_back(result[r]);
      for (int64_t kb = 0; kb < kBlocks; ++kb) {
        auto aIt = aWords.find({batch, mb, int32_t(kb)});
        auto bIt = bWords.find({batch, int32_t(kb), nb});
        Value sa = scaleWord(*saBlocks, saRegs, {batch, mb, int32_t(kb)});
        Value sb = scaleWord(*sbBlocks, sbRegs, {batch, int32_t(kb), nb});
        if (aIt == aWords.end() || bIt == bWords.end() || !sa || !sb)
          return op.emitError("block_scaled_mma operand fragments do not "
                              "cover the accumulator tile");
        SmallVector<Value> operands(aIt->second);
        llvm::append_range(operands, bIt->second);
        llvm::append_range(operands, acc);
        operands.push_back(sa);
        operands.push_back(sb);
        auto mma = LLVM::InlineAsmOp::create(
            rewriter, loc, resultType, operands, asmText, constraints,
            /*has_side_effects=*/false, /*is_align_stack=*/false,
            LLVM::TailCallKind::None,
            LLVM::AsmDialectAttr::get(getContext(), LLVM::AsmDialect::AD_ATT),
            /*operand_attrs=*/ArrayAttr());
        for (unsigned i = 0; i < acc.size(); ++i)
          acc[i] =
              LLVM::ExtractValueOp::create(rewriter, loc, mma.getResult(0), i);
      }
      for (auto [i, r] : llvm::enumerate(which))
        result[r] = acc[i];
    }
    // Duplicate accumulator registers take the value of the one computed.
    std::map<SmallVector<int32_t>, int32_t> computed;
    for (int32_t r = 0, e = cLayout.getInDimSize(tl::kRegister); r < e; ++r) {
      auto [it, fresh] = computed.insert({cLayout.applyValues({r, 0, 0}), r});
      if (!fresh)
        result[r] = result[it->second];
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, result));
    return success();
  }

private:
  /// A warp's A rows (and scale_a rows) and B columns (and scale_b columns)
  /// are its accumulator's; no operand spreads K over warps.
  static bool warpsAgree(const tl::LinearLayout &a, const tl::LinearLayout &b,
                         const tl::LinearLayout &c, const tl::LinearLayout &sa,
                         const tl::LinearLayout &sb) {
    for (unsigned bit = 0; bit < c.getInDimSizeLog2(tl::kWarp); ++bit) {
      auto at = [&](const tl::LinearLayout &l, unsigned d) {
        return l.getBasis(tl::kWarp, bit, tl::dimName(d));
      };
      for (const tl::LinearLayout *rowsOf : {&a, &sa})
        if (at(*rowsOf, 0) != at(c, 0) || at(*rowsOf, 1) != 0)
          return false;
      for (const tl::LinearLayout *colsOf : {&b, &sb})
        if (at(*colsOf, 1) != at(c, 1) || at(*colsOf, 0) != 0)
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
