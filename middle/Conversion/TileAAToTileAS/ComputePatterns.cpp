//===- ComputePatterns.cpp - core populator: dot, reduce, scan ------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Layout/InstructionTable.h"
#include "Layout/MmaLayouts.h"
#include "Layout/Tcgen05Mma.h"
#include "Layout/WgmmaLayouts.h"
#include "Target/TargetInfo.h"
#include "TileAS/IR/RegisterBits.h"
#include "TileAS/IR/TileASModuleAttrs.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::tilecc;

//===----------------------------------------------------------------------===//
// MMA atoms
//===----------------------------------------------------------------------===//

/// The atom's type of an MMA input: integers carry the dot's signedness
/// (`si8`, `ui8`; signless without one counts as signed, as PTX's `.s8`).
static Type mmaInputType(Type type,
                         std::optional<nv_tileaa::Signedness> sign) {
  auto i = dyn_cast<IntegerType>(type);
  if (!i)
    return type;
  bool isUnsigned =
      sign ? *sign == nv_tileaa::Signedness::Unsigned : i.isUnsigned();
  return IntegerType::get(type.getContext(), i.getWidth(),
                          isUnsigned ? IntegerType::Unsigned
                                     : IntegerType::Signed);
}

/// The instruction-table name of an MMA input (`f16`, `tf32`, `s8`, ...).
static std::string mmaElementName(Type type,
                                  std::optional<nv_tileaa::Signedness> sign) {
  return nv_tileas::getMmaElementName(mmaInputType(type, sign));
}

using ::tilecc::TargetFeature;

/// The family the dot lowers to before the arch-specific ones are tried.
/// Plain dots start from mma.sync (selectsWgmma / selectsTcgen05 below
/// pick wgmma and tcgen05 where the table allows). Block-scaled MMA is
/// mma.sync on targets that have block scaling without tcgen05
/// (sm_120a/sm_121a) and tcgen05 otherwise (sm_100a to sm_110a; older
/// targets are refused with tcgen05's diagnostics).
static nv_tileas::MmaFamily mmaFamily(const ::tilecc::TargetInfo &target,
                                      bool blockScaled) {
  if (blockScaled)
    return target.has(TargetFeature::BlockScaledMma) &&
                   !target.has(TargetFeature::Tcgen05)
               ? nv_tileas::MmaFamily::mma_sync_block_scaled
               : nv_tileas::MmaFamily::tcgen05_block_scaled;
  return nv_tileas::MmaFamily::mma_sync;
}

/// A plain dot that an arch-specific instruction family may take: the module
/// targets an `a` device, no f16 accumulator is kept (unless
/// `f16Accumulator`: the family has D type F16), the tile is 2-d (or 3-d,
/// batched, with `batched`) with static shapes. Its instruction-table
/// element names and warps.
struct ArchSpecificDot {
  std::string a, b, c;
  ArrayRef<int64_t> cShape;
  int64_t k;
  unsigned numWarps;
};
static std::optional<ArchSpecificDot>
getArchSpecificDot(nv_tileaa::DotOp op, nv_tileaa::KernelSpecAttr spec,
                   bool f16Accumulator = false, bool batched = false) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module || !module->hasAttr(kArchSpecificAttrName) ||
      (!f16Accumulator && op->hasAttr(kF16AccumulatorAttr)))
    return std::nullopt;
  auto a = cast<RankedTensorType>(op.getA().getType());
  auto b = cast<RankedTensorType>(op.getB().getType());
  auto c = cast<RankedTensorType>(op.getC().getType());
  if ((a.getRank() != 2 && !(batched && a.getRank() == 3)) ||
      !a.hasStaticShape() || !c.hasStaticShape())
    return std::nullopt;
  return ArchSpecificDot{
      mmaElementName(a.getElementType(), op.getSignednessA()),
      mmaElementName(b.getElementType(), op.getSignednessB()),
      nv_tileas::getMmaElementName(c.getElementType()), c.getShape(),
      a.getShape().back(), spec ? spec.getNumWarps() : 4u};
}

/// sm_90a runs a dot on wgmma when the instruction table has its element
/// types (f16/bf16 -> f32, no f16 accumulator kept) and the tile splits into
/// warpgroups (lib/Layout's fitsWgmma); everything else stays on mma.sync.
static bool selectsWgmma(nv_tileaa::DotOp op,
                         const ::tilecc::TargetInfo &target,
                         nv_tileaa::KernelSpecAttr spec) {
  std::optional<ArchSpecificDot> dot;
  if (!target.has(TargetFeature::Wgmma) ||
      !(dot = getArchSpecificDot(op, spec)))
    return false;
  std::optional<::tilecc::layout::WgmmaShape> instr =
      ::tilecc::layout::getWgmmaShape(dot->a, dot->b, dot->c);
  return instr && ::tilecc::layout::fitsWgmma(dot->numWarps, dot->cShape,
                                              dot->k, *instr);
}

/// sm_100a, sm_103a and sm_110a run a plain dot on tcgen05.mma when the
/// instruction table has its element types (f32 operands as 3xTF32), the
/// target has the instruction's kind (kind::i8 is not on sm_103a) and the
/// tile fits (lib/Layout's fitsTcgen05: batched, and fewer than 64 rows
/// padded, included); everything else stays on mma.sync. A dot widened from an
/// f16 mmaf takes the table's D type F16 form (DotAccumulator.cpp narrows
/// it back): mma.sync has no f16 accumulator for 8-bit floats, so it only
/// does where the schedule cannot send it back to mma.sync for its
/// accumulator's staging (tileas-assign-layouts).
static bool selectsTcgen05(nv_tileaa::DotOp op,
                           const ::tilecc::TargetInfo &target,
                           nv_tileaa::KernelSpecAttr spec) {
  std::optional<ArchSpecificDot> dot;
  if (!target.has(TargetFeature::Tcgen05) ||
      !(dot = getArchSpecificDot(op, spec, /*f16Accumulator=*/true,
                                 /*batched=*/true)))
    return false;
  bool f16Acc = op->hasAttr(kF16AccumulatorAttr);
  std::optional<::tilecc::layout::Tcgen05Shape> instr =
      ::tilecc::layout::getTcgen05Shape(dot->a, dot->b,
                                        f16Acc ? "f16" : dot->c);
  if (f16Acc) {
    int64_t staging = 4;
    for (int64_t size : dot->cShape)
      staging *= size;
    if (staging >= nv_tileas::getStaticSharedLimit(op).value_or(
                       ::tilecc::kPortableStaticSharedBytes))
      return false;
  }
  TargetFeature kind = instr && instr->kind == ::tilecc::layout::Tcgen05Kind::I8
                           ? TargetFeature::Tcgen05KindI8
                           : TargetFeature::Tcgen05;
  return instr && target.has(kind) &&
         ::tilecc::layout::fitsTcgen05(dot->numWarps, dot->cShape, dot->k,
                                       *instr);
}

/// The tile must split into the family's granule (lib/Layout's instruction
/// table, getMmaTileGranule): mma.sync's m16n8k<256/bits> (m8n8k4 for f64),
/// for the block-scaled lowerings M 16 / 64, N 8 and K 256 bits of A. Plain
/// wgmma and tcgen05 were checked by fitsWgmma / fitsTcgen05.
static LogicalResult validateMmaShape(nv_tileaa::DotOp op,
                                      nv_tileas::MmaFamily family) {
  auto a = cast<RankedTensorType>(op.getA().getType());
  auto d = cast<RankedTensorType>(op.getType());
  int64_t rank = d.getRank();
  int64_t m = d.getDimSize(rank - 2), n = d.getDimSize(rank - 1),
          k = a.getDimSize(rank - 1);
  unsigned bits = nv_tileas::getRegisterBits(a.getElementType());
  std::optional<::tilecc::layout::MmaInstrShape> granule =
      ::tilecc::layout::getMmaTileGranule(nv_tileas::toTableFamily(family),
                                          bits);
  if (!granule)
    return failure();
  if (ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
      ShapedType::isDynamic(k) || m % granule->m != 0 ||
      n % granule->n != 0 || k % granule->k != 0)
    return failure();
  return success();
}

/// Whether mma.sync has the operand types on this target (the target table
/// says which have its fp8 forms).
static bool mmaSyncHasTypes(nv_tileaa::DotOp op,
                            const ::tilecc::TargetInfo &target) {
  auto isFp8 = [](Value v) {
    return isa<Float8E4M3FNType, Float8E5M2Type>(
        cast<RankedTensorType>(v.getType()).getElementType());
  };
  if (!isFp8(op.getA()) && !isFp8(op.getB()))
    return true;
  return target.has(TargetFeature::MmaSyncFp8);
}

/// An FMA dot multiplies in the accumulator's type: narrower floats are
/// extended to f32 and narrower integers to i32 by their signedness (exact,
/// so products and sums are those of the reference interpreter up to the
/// accumulator's rounding; integer sums wrap like its truncated ones).
static Value widenFmaOperand(OpBuilder &b, Location loc, Value v,
                             std::optional<nv_tileaa::Signedness> sign) {
  auto type = cast<RankedTensorType>(v.getType());
  Type elem = type.getElementType();
  if (auto i = dyn_cast<IntegerType>(elem)) {
    if (i.getWidth() >= 32)
      return v;
    auto wide = type.clone(b.getI32Type());
    if (sign && *sign == nv_tileaa::Signedness::Unsigned)
      return arith::ExtUIOp::create(b, loc, wide, v);
    return arith::ExtSIOp::create(b, loc, wide, v);
  }
  if (elem.getIntOrFloatBitWidth() >= 32 && !isa<FloatTF32Type>(elem))
    return v;
  return arith::ExtFOp::create(b, loc, type.clone(b.getF32Type()), v);
}

/// An operand layout folds to the 2-d (plus batch) MMA operand layout when
/// it is the default one or a dimension order over all of its axes.
static bool infers2dLayout(Value operand) {
  auto type = cast<RankedTensorType>(operand.getType());
  Attribute encoding = type.getEncoding();
  if (!encoding)
    return true;
  SmallVector<int64_t> sorted;
  if (auto dense = dyn_cast<DenseI64ArrayAttr>(encoding))
    llvm::append_range(sorted, dense.asArrayRef());
  else if (auto array = dyn_cast<ArrayAttr>(encoding))
    for (Attribute a : array) {
      auto i = dyn_cast<IntegerAttr>(a);
      if (!i)
        return false;
      sorted.push_back(i.getInt());
    }
  else
    return false;
  if (static_cast<int64_t>(sorted.size()) != type.getRank())
    return false;
  llvm::sort(sorted);
  for (auto [i, d] : llvm::enumerate(sorted))
    if (d != static_cast<int64_t>(i))
      return false;
  return true;
}

/// Whether the default distributed layout keeps `axis` inside one warp: 32
/// lanes fill the axes innermost first, the warps the outermost first.
static bool axisWithinWarp(RankedTensorType type, int64_t axis,
                           int64_t numWarps) {
  ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size();
  SmallVector<int64_t> lanes(rank, 1);
  int64_t remaining = 32;
  for (int64_t d = rank - 1; d >= 0 && remaining > 1; --d) {
    lanes[d] = std::min(remaining, std::max<int64_t>(shape[d], 1));
    remaining /= lanes[d];
  }
  remaining = numWarps;
  for (int64_t d = 0; d < rank && remaining > 1; ++d) {
    int64_t warps = std::min(remaining, std::max<int64_t>(shape[d] / lanes[d], 1));
    if (d == axis && warps > 1)
      return false;
    remaining /= warps;
  }
  return true;
}

Attribute mlir::tilecc::reduceAtomFor(Operation *op, RankedTensorType input,
                               int64_t axis, StringRef shuffle) {
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (isa<nv_tileas::ReduceAtomAttrInterface>(attr.getValue()))
      return attr.getValue();
  nv_tileaa::KernelSpecAttr spec = getKernelSpec(op);
  int64_t numWarps = spec ? spec.getNumWarps() : 4;
  std::string elem;
  llvm::raw_string_ostream os(elem);
  input.getElementType().print(os);
  std::string name = axisWithinWarp(input, axis, numWarps)
                         ? (shuffle + "_" + elem).str()
                         : std::string("smem_tree");
  return nv_tileas::ReduceAtomAttr::get(op->getContext(), name);
}

namespace {

struct DotPattern : OpConversionPattern<nv_tileaa::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool blockScaled = op.getSfa() && op.getSfb();
    std::optional<int64_t> cc =
        nv_tileas::TileASDialect::getComputeCapability(op);
    nv_tileaa::KernelSpecAttr spec = getKernelSpec(op);
    // The block-scaled form also needs the launch shape (cta_group).
    if (!cc || (blockScaled && !spec)) {
      op.emitError("failed to get the target spec");
      return failure();
    }
    // The exact device of the compute capability: plain `sm_XY` has the
    // arch-specific features (getArchSpecificDot checks the module's `a`).
    // A compute capability the table does not know has none of them.
    std::optional<::tilecc::TargetInfo> target =
        ::tilecc::parseTarget("sm_" + std::to_string(*cc));
    if (!target) {
      target = ::tilecc::TargetInfo();
      target->smVersion = *cc;
      target->features = 0;
    }
    nv_tileas::MmaFamily family = mmaFamily(*target, blockScaled);
    if (!blockScaled && selectsWgmma(op, *target, spec))
      family = nv_tileas::MmaFamily::wgmma;
    else if (!blockScaled && selectsTcgen05(op, *target, spec))
      family = nv_tileas::MmaFamily::tcgen05;
    LogicalResult shape = validateMmaShape(op, family);
    // A plain dot no MMA instruction of the target takes (a dimension below
    // the instruction's, fp8 before sm_89) runs as scalar multiply-adds.
    if (!blockScaled && (failed(shape) || !mmaSyncHasTypes(op, *target)))
      return rewriteAsFma(op, adaptor, rewriter);
    if (failed(shape)) {
      op.emitError("failed to find available mma partition");
      return failure();
    }
    if (blockScaled && !target->has(TargetFeature::BlockScaledMma)) {
      op.emitError(
          "mma block scale is not supported by compute capability < sm100");
      return failure();
    }
    if (!infers2dLayout(op.getA()) || !infers2dLayout(op.getB()) ||
        !infers2dLayout(op.getC())) {
      op.emitError("failed to infer 2d layout");
      return failure();
    }
    auto elem = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getElementType();
    };
    auto cType = cast<RankedTensorType>(op.getC().getType());
    int64_t tileN = cType.getDimSize(cType.getRank() - 1);
    // Block-scaled: the scale factors' type and the K elements sharing one.
    Type scaleType;
    unsigned scaleBlock = 0;
    if (blockScaled) {
      auto sfa = cast<RankedTensorType>(op.getSfa().getType());
      int64_t scaleK = sfa.getDimSize(sfa.getRank() - 1);
      int64_t k = cast<RankedTensorType>(op.getA().getType()).getShape().back();
      scaleType = sfa.getElementType();
      scaleBlock = scaleK > 0 && !ShapedType::isDynamic(scaleK) ? k / scaleK
                                                                : 0;
    }
    std::optional<::tilecc::layout::MmaInstrShape> instr =
        ::tilecc::layout::getMmaInstrShape(
            nv_tileas::toTableFamily(family),
            nv_tileas::getRegisterBits(elem(op.getA())), tileN, scaleBlock);
    if (!instr) {
      op.emitError("failed to find available mma partition");
      return failure();
    }
    auto atom = nv_tileas::MmaAtomAttr::get(
        getContext(), family, instr->m, instr->n, instr->k,
        mmaInputType(elem(op.getA()), op.getSignednessA()),
        mmaInputType(elem(op.getB()), op.getSignednessB()), elem(op.getC()),
        scaleType, scaleBlock);
    if (!blockScaled) {
      auto dot = rewriter.replaceOpWithNewOp<nv_tileas::DotOp>(
          op, op.getType(), adaptor.getA(), adaptor.getB(), adaptor.getC(),
          atom);
      // Read by narrowDotAccumulators at the end of the pass.
      if (Attribute f16Acc = op->getDiscardableAttr(kF16AccumulatorAttr))
        dot->setDiscardableAttr(kF16AccumulatorAttr, f16Acc);
      return success();
    }
    // Clusters pairing CTAs along x run the 2-CTA tcgen05 form.
    ArrayRef<int64_t> cluster = spec.getClusterDim();
    int32_t ctaGroup = !cluster.empty() && cluster[0] % 2 == 0 ? 2 : 1;
    rewriter.replaceOpWithNewOp<nv_tileas::BlockScaledMmaOp>(
        op, op.getType(), adaptor.getA(), adaptor.getB(), adaptor.getC(),
        adaptor.getSfa(), adaptor.getSfb(), atom,
        rewriter.getI32IntegerAttr(ctaGroup));
    return success();
  }

private:
  /// nv_tileas.dot with an `fma` atom on the widened operands.
  LogicalResult rewriteAsFma(nv_tileaa::DotOp op, OpAdaptor adaptor,
                             ConversionPatternRewriter &rewriter) const {
    // Distributed layouts need power-of-two dimensions (cuda_tile's tiles
    // have them; hand-written nv_tileaa may not).
    auto powersOfTwo = [](Value v) {
      auto type = cast<RankedTensorType>(v.getType());
      return type.hasStaticShape() &&
             llvm::all_of(type.getShape(),
                          [](int64_t d) { return llvm::isPowerOf2_64(d); });
    };
    if (!powersOfTwo(op.getA()) || !powersOfTwo(op.getB()) ||
        !powersOfTwo(op.getC())) {
      op.emitError("failed to find available mma partition");
      return failure();
    }
    Location loc = op.getLoc();
    Value a = widenFmaOperand(rewriter, loc, adaptor.getA(), op.getSignednessA());
    Value b = widenFmaOperand(rewriter, loc, adaptor.getB(), op.getSignednessB());
    auto elem = [](Value v) {
      return cast<RankedTensorType>(v.getType()).getElementType();
    };
    auto atom = nv_tileas::MmaAtomAttr::get(
        getContext(), nv_tileas::MmaFamily::fma, 1, 1, 1,
        mmaInputType(elem(a), {}), mmaInputType(elem(b), {}),
        elem(adaptor.getC()), Type(), 0);
    rewriter.replaceOpWithNewOp<nv_tileas::DotOp>(
        op, op.getType(), a, b, adaptor.getC(), atom);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// reduce and scan
//===----------------------------------------------------------------------===//

template <typename SrcOp, typename DstOp>
struct CombinerPattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> resultTypes;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      resultTypes)))
      return failure();
    auto input = cast<RankedTensorType>(op.getOperands().front().getType());
    constexpr bool isScan = std::is_same_v<DstOp, nv_tileas::ScanOp>;
    NamedAttrList attrs;
    attrs.set("atom", reduceAtomFor(op, input, op.getAxis(),
                                    isScan ? "warp_shfl_up" : "warp_shfl_xor"));
    attrs.set("axis", op.getAxisAttr());
    if constexpr (isScan)
      attrs.set("reverse", rewriter.getBoolAttr(op.getReverse()));
    auto newOp = DstOp::create(rewriter, op.getLoc(), resultTypes,
                               adaptor.getOperands(), attrs.getAttrs());
    // Block arguments are element scalars already: the body moves as is and
    // its ops are converted where they stand.
    rewriter.inlineRegionBefore(op.getBody(), newOp.getCombiner(),
                                newOp.getCombiner().end());
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

/// nv_tileaa.yield in a moved region becomes the new parent's terminator.
struct YieldPattern : OpConversionPattern<nv_tileaa::YieldOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (isa<nv_tileas::ReduceOp, nv_tileas::ScanOp>(parent)) {
      rewriter.replaceOpWithNewOp<nv_tileas::YieldOp>(op, adaptor.getOperands());
      return success();
    }
    if (isa<tensor::GenerateOp>(parent)) {
      rewriter.replaceOpWithNewOp<tensor::YieldOp>(op,
                                                   adaptor.getOperands().front());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "parent not converted yet");
  }
};

} // namespace

void mlir::tilecc::populateTileAAComputeToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<DotPattern,
               CombinerPattern<nv_tileaa::ReduceOp, nv_tileas::ReduceOp>,
               CombinerPattern<nv_tileaa::ScanOp, nv_tileas::ScanOp>,
               YieldPattern>(converter, ctx);
}
