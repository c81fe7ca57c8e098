//===- CancelPatterns.cpp - program cancellation to nv_tileas -------------===//
//
// cancel_next_program_id, is_valid_program_id and get_program_id of a
// cancelled program become cluster-launch-control ops on the 16-byte opaque
// response that the !nv_tileaa.program_id handle converts to (i128). Targets
// below sm_100 are rejected earlier, in UnsupportedOps.cpp.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct CancelNextProgramIdPattern
    : OpConversionPattern<nv_tileaa::CancelNextProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::CancelNextProgramIdOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::CancelNextProgramOp>(
        op, rewriter.getIntegerType(128));
    return success();
  }
};

struct IsValidProgramIdPattern
    : OpConversionPattern<nv_tileaa::IsValidProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::IsValidProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::ProgramIsCanceledOp>(
        op, rewriter.getI1Type(), adaptor.getProgram());
    return success();
  }
};

/// get_program_id of a cancelled program: its first CTA coordinate.
struct CanceledProgramIdPattern
    : OpConversionPattern<nv_tileaa::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GetProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!adaptor.getProgram())
      return rewriter.notifyMatchFailure(op, "the current program");
    Location loc = op.getLoc();
    Value id = nv_tileas::CanceledProgramIdOp::create(
        rewriter, loc, rewriter.getI32Type(), adaptor.getProgram(),
        op.getDimAttr());
    Type type = op.getType();
    if (type.isIndex())
      id = arith::IndexCastUIOp::create(rewriter, loc, type, id);
    else if (type.getIntOrFloatBitWidth() > 32)
      id = arith::ExtUIOp::create(rewriter, loc, type, id);
    else if (type.getIntOrFloatBitWidth() < 32)
      id = arith::TruncIOp::create(rewriter, loc, type, id);
    rewriter.replaceOp(op, id);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAACancelToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CancelNextProgramIdPattern, IsValidProgramIdPattern,
               CanceledProgramIdPattern>(converter, patterns.getContext());
}
