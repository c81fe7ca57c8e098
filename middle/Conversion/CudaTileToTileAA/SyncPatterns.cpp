//===- SyncPatterns.cpp - grid dependency control and alias fences --------===//
//
// cuda_tile's gdc_*_tko and memory_fence_alias_tko are single instructions
// without tile operands: they become their NVVM ops here, where the target
// decides whether the instruction exists (griddepcontrol: sm_90+, a no-op
// below; fence.proxy.alias: every supported target). Their result token is
// their input token (or a fresh one): the NVVM ops' side effects keep memory
// operations from moving across them.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
/// The op's token operand, or a fresh token where it has none.
Value tokenOrFresh(ConversionPatternRewriter &rewriter, Location loc,
                   Value token) {
  if (token)
    return token;
  return nv_tileaa::CreateMemTokenOp::create(rewriter, loc);
}

template <typename SourceOp, NVVM::GridDepActionKind Kind>
struct GridDepControlPattern : OpConversionPattern<SourceOp> {
  GridDepControlPattern(TypeConverter &converter, MLIRContext *context,
                        bool hasInstruction)
      : OpConversionPattern<SourceOp>(converter, context),
        hasInstruction(hasInstruction) {}
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (hasInstruction)
      NVVM::GriddepcontrolOp::create(rewriter, op.getLoc(), Kind);
    rewriter.replaceOp(op,
                       tokenOrFresh(rewriter, op.getLoc(), adaptor.getToken()));
    return success();
  }
  bool hasInstruction;
};

struct FenceAliasPattern
    : OpConversionPattern<cuda_tile::MemoryFenceAliasTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MemoryFenceAliasTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::FenceProxyOp::create(rewriter, op.getLoc(), NVVM::ProxyKind::alias,
                               NVVM::SharedSpaceAttr());
    rewriter.replaceOp(op, adaptor.getToken());
    return success();
  }
};
} // namespace

void mlir::tilecc::populateCudaTileSyncToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options) {
  std::optional<::tilecc::TargetInfo> target =
      ::tilecc::parseTarget(options.arch);
  bool gdc = target && target->has(::tilecc::TargetFeature::GridDepControl);
  MLIRContext *context = patterns.getContext();
  patterns
      .add<GridDepControlPattern<cuda_tile::GdcWaitTkoOp,
                                 NVVM::GridDepActionKind::wait>,
           GridDepControlPattern<cuda_tile::GdcLaunchDependentsTkoOp,
                                 NVVM::GridDepActionKind::launch_dependents>>(
          typeConverter, context, gdc);
  patterns.add<FenceAliasPattern>(typeConverter, context);
}
