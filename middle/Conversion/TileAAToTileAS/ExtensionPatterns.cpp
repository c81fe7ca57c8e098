//===- ExtensionPatterns.cpp - per-element escape hatches -----------------===//
//
// extern_elementwise, elementwise_inline_asm and call_elementwise_intrinsic
// move to their nv_tileas twins with operands, results and attributes
// unchanged; the LLVM lowering applies them per register.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;

namespace {

template <typename SrcOp, typename DstOp>
struct EscapeHatchPattern : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(this->getTypeConverter()->convertTypes(op->getResultTypes(),
                                                      types)))
      return rewriter.notifyMatchFailure(op, "result types");
    auto newOp = DstOp::create(rewriter, op.getLoc(), types,
                               adaptor.getOperands(), op->getAttrs());
    rewriter.replaceOp(op, newOp->getResults());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAExtensionToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<EscapeHatchPattern<nv_tileaa::ExternElementwiseOp,
                                  nv_tileas::ExternElementwiseOp>,
               EscapeHatchPattern<nv_tileaa::ElementwiseInlineAsmOp,
                                  nv_tileas::ElementwiseInlineAsmOp>,
               EscapeHatchPattern<nv_tileaa::CallElementwiseIntrinsicOp,
                                  nv_tileas::CallElementwiseIntrinsicOp>>(
      converter, ctx);
}
