//===- LayoutPatterns.cpp - convert_layout --------------------------------===//
//
// The conversion planner decides: when every thread already holds the
// elements it needs in the same positions the registers are only reordered;
// otherwise the tile makes a round trip through the shared scratch buffer
// (`tilecc_scratch`, sized by the pass for the largest conversion), one
// element per register at its row-major offset.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Layout/ConversionPlanner.h"
#include "Layout/DistributedLayouts.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;
namespace tl = ::tilecc::layout;

/// Source register of each destination register when the thread part of
/// `dstToSrc` is the identity and registers map among themselves.
static std::optional<SmallVector<int32_t>>
registerPermutation(const tl::LinearLayout &dstToSrc) {
  for (StringRef in : {StringRef(tl::kLane), StringRef(tl::kWarp)})
    for (unsigned bit = 0; bit < dstToSrc.getInDimSizeLog2(in); ++bit)
      for (StringRef out : {StringRef(tl::kLane), StringRef(tl::kWarp),
                            StringRef(tl::kRegister)})
        if (dstToSrc.hasOutDim(out) &&
            dstToSrc.getBasis(in, bit, out) != (in == out ? 1 << bit : 0))
          return std::nullopt;
  SmallVector<int32_t> perm;
  for (int32_t r = 0, e = dstToSrc.getInDimSize(tl::kRegister); r < e; ++r) {
    int32_t src = 0;
    for (unsigned bit = 0; bit < dstToSrc.getInDimSizeLog2(tl::kRegister); ++bit)
      if (r & (1 << bit))
        src ^= dstToSrc.getBasis(tl::kRegister, bit, tl::kRegister);
    perm.push_back(src);
  }
  return perm;
}

/// Bytes of one element in the scratch buffer (i1 travels as a byte).
static unsigned scratchBytes(Type elementType) {
  unsigned bits = elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth()
                                             : 64;
  return std::max(1u, bits / 8);
}

int64_t mlir::tilecc::getConvertLayoutScratchBytes(Operation *op) {
  auto convert = dyn_cast<nv_tileas::ConvertLayoutOp>(op);
  if (!convert)
    return 0;
  auto type = cast<RankedTensorType>(convert.getType());
  return type.getNumElements() * scratchBytes(type.getElementType());
}

namespace {

struct ConvertLayoutLowering : OpConversionPattern<nv_tileas::ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSource().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    const tl::LinearLayout &src = getTileLayout(srcType);
    const tl::LinearLayout &dst = getTileLayout(dstType);
    Type elemType = srcType.getElementType();
    llvm::Expected<tl::ConversionPlan> plan =
        tl::planConversion(src, dst, elemType.isIntOrFloat()
                                         ? elemType.getIntOrFloatBitWidth()
                                         : 64);
    if (!plan)
      return op.emitError() << "cannot convert between these layouts: "
                            << llvm::toString(plan.takeError());
    SmallVector<Value> srcRegs = unpackRegisters(rewriter, loc, adaptor.getSource());
    if (plan->dstToSrc && (plan->kind == tl::ConversionKind::Identity ||
                           plan->kind == tl::ConversionKind::RegisterPermutation))
      if (auto perm = registerPermutation(*plan->dstToSrc)) {
        SmallVector<Value> regs;
        for (int32_t s : *perm)
          regs.push_back(srcRegs[s]);
        rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
        return success();
      }
    return lowerThroughShared(op, srcRegs, src, dst, structType, rewriter);
  }

  LogicalResult lowerThroughShared(nv_tileas::ConvertLayoutOp op,
                                   ArrayRef<Value> srcRegs,
                                   const tl::LinearLayout &src,
                                   const tl::LinearLayout &dst, Type structType,
                                   ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    auto module = op->getParentOfType<ModuleOp>();
    auto scratch = module.lookupSymbol<LLVM::GlobalOp>(kScratchSymbol);
    if (!scratch)
      return op.emitError("no shared scratch buffer for convert_layout");
    auto type = cast<RankedTensorType>(op.getType());
    Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
    bool isBool = field.isInteger(1);
    Type memType = isBool ? rewriter.getI8Type() : field;
    Value base = LLVM::AddressOfOp::create(rewriter, loc, scratch);
    // Row-major element offset of each register's coordinates.
    auto offsets = [&](const tl::LinearLayout &layout) {
      SmallVector<SmallVector<Value>> coords =
          getRegisterCoordinates(rewriter, loc, layout);
      SmallVector<Value> result;
      for (auto &c : coords) {
        Value linear = createI64(rewriter, loc, 0);
        for (unsigned d = 0; d < c.size(); ++d)
          linear = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, linear,
                                  createI64(rewriter, loc, type.getShape()[d])),
              c[d]);
        result.push_back(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                             memType, base, ValueRange{linear}));
      }
      return result;
    };
    // The previous user of the scratch buffer must be done with it.
    NVVM::Barrier0Op::create(rewriter, loc);
    for (auto [reg, addr] : llvm::zip(srcRegs, offsets(src))) {
      Value v = isBool ? Value(LLVM::ZExtOp::create(rewriter, loc, memType, reg))
                       : reg;
      LLVM::StoreOp::create(rewriter, loc, v, addr);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<Value> regs;
    for (Value addr : offsets(dst)) {
      Value v = LLVM::LoadOp::create(rewriter, loc, memType, addr);
      regs.push_back(isBool ? Value(LLVM::TruncOp::create(rewriter, loc, field, v))
                            : v);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASLayoutToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutLowering>(converter, patterns.getContext());
}
