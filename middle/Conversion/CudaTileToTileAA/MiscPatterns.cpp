//===- MiscPatterns.cpp - assume, assert, print ---------------------------===//
//
// assume keeps its fact as an nv_tileaa.assume predicate (div_by, bounded,
// same_elements map one to one); assert and print_tko become nv_tileaa.assert
// and nv_tileaa.print. print_tko's result token is its incoming token: the
// print is ordered by its own side effect, not by memory tokens.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

Attribute convertPredicate(Attribute predicate) {
  MLIRContext *context = predicate.getContext();
  if (auto divBy = dyn_cast<cuda_tile::DivByAttr>(predicate))
    return nv_tileaa::DivByAttr::get(context, divBy.getDivisor(),
                                     divBy.getEvery(), divBy.getAlong());
  if (auto bounded = dyn_cast<cuda_tile::BoundedAttr>(predicate))
    return nv_tileaa::BoundedAttr::get(context, bounded.getLb(),
                                       bounded.getUb());
  if (auto same = dyn_cast<cuda_tile::SameElementsAttr>(predicate))
    return nv_tileaa::SameElementsAttr::get(context,
                                            same.getValues().asArrayRef());
  return {};
}

struct AssumePattern : OpConversionPattern<cuda_tile::AssumeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AssumeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Attribute predicate = convertPredicate(op.getPredicate());
    if (!predicate)
      return op.emitOpError("predicate ")
             << op.getPredicate() << " is not supported by tilecc yet";
    rewriter.replaceOpWithNewOp<nv_tileaa::AssumeOp>(
        op, adaptor.getValue(), rewriter.getArrayAttr(predicate));
    return success();
  }
};

struct AssertPattern : OpConversionPattern<cuda_tile::AssertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AssertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileaa::AssertOp>(op, adaptor.getCondition(),
                                                     op.getMessageAttr());
    return success();
  }
};

struct PrintPattern : OpConversionPattern<cuda_tile::PrintTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::PrintTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    nv_tileaa::PrintOp::create(rewriter, op.getLoc(), op.getStrAttr(),
                               adaptor.getArgs());
    Value token = adaptor.getToken();
    if (!token && op.getResult().use_empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    if (!token)
      token = nv_tileaa::CreateMemTokenOp::create(rewriter, op.getLoc());
    rewriter.replaceOp(op, token);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileMiscToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<AssumePattern, AssertPattern, PrintPattern>(
      typeConverter, patterns.getContext());
}
