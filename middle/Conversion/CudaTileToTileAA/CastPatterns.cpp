//===- CastPatterns.cpp - integer, float and pointer conversions ----------===//
//
// exti/trunci/itof/ftoi -> arith casts chosen by signedness (trunci keeps
// its overflow flags); ftof -> nv_tileaa.fp_to_fp (the one op that changes
// float width), with its rounding mode. cuda_tile fixes the rounding of itof
// (nearest_even) and ftoi (toward zero) to what arith does by default. bitcast,
// int_to_ptr, ptr_to_int -> nv_tileaa; ptr_to_ptr goes through i64.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/PatternUtils.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"


using namespace mlir;
using namespace mlir::tilecc;

namespace {

bool isSigned(cuda_tile::Signedness s) {
  return s == cuda_tile::Signedness::Signed;
}

struct ExtIPattern : OpConversionPattern<cuda_tile::ExtIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ExtIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (isSigned(op.getSignedness()))
      rewriter.replaceOpWithNewOp<arith::ExtSIOp>(op, type, adaptor.getFrom());
    else
      rewriter.replaceOpWithNewOp<arith::ExtUIOp>(op, type, adaptor.getFrom());
    return success();
  }
};

struct TruncIPattern : OpConversionPattern<cuda_tile::TruncIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::TruncIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    auto trunc =
        arith::TruncIOp::create(rewriter, op.getLoc(), type, adaptor.getFrom());
    setOverflowFlags(trunc, op.getOverflow());
    rewriter.replaceOp(op, trunc);
    return success();
  }
};

struct FToFPattern : OpConversionPattern<cuda_tile::FToFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::FToFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    // nearest_even is fp_to_fp's default; conversions to f8E8M0FNU round
    // toward zero or +inf.
    nv_tileaa::RoundingModeAttr rounding;
    if (op.getRoundingMode() == cuda_tile::RoundingMode::Zero)
      rounding = nv_tileaa::RoundingModeAttr::get(getContext(),
                                                  nv_tileaa::RoundingMode::Zero);
    else if (op.getRoundingMode() == cuda_tile::RoundingMode::PositiveInf)
      rounding = nv_tileaa::RoundingModeAttr::get(
          getContext(), nv_tileaa::RoundingMode::PositiveInf);
    rewriter.replaceOpWithNewOp<nv_tileaa::FpToFpOp>(op, type, adaptor.getFrom(),
                                                     rounding);
    return success();
  }
};

struct IToFPattern : OpConversionPattern<cuda_tile::IToFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::IToFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    // cuda_tile only accepts nearest_even, arith's rounding.
    if (isSigned(op.getSignedness()))
      rewriter.replaceOpWithNewOp<arith::SIToFPOp>(op, type, adaptor.getFrom());
    else
      rewriter.replaceOpWithNewOp<arith::UIToFPOp>(op, type, adaptor.getFrom());
    return success();
  }
};

/// ftoi rounds toward zero (the only mode cuda_tile accepts), as arith does.
struct FToIPattern : OpConversionPattern<cuda_tile::FToIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::FToIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (isSigned(op.getSignedness()))
      rewriter.replaceOpWithNewOp<arith::FPToSIOp>(op, type, adaptor.getFrom());
    else
      rewriter.replaceOpWithNewOp<arith::FPToUIOp>(op, type, adaptor.getFrom());
    return success();
  }
};

template <typename SourceOp, typename TargetOp>
struct CastPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<TargetOp>(op, type, adaptor.getSource());
    return success();
  }
};

/// Pointers of another pointee: through the address as i64.
struct PtrToPtrPattern : OpConversionPattern<cuda_tile::PtrToPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::PtrToPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    Type i64 = rewriter.getI64Type();
    Type intType = i64;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      intType = RankedTensorType::get(tensor.getShape(), i64);
    Value address = nv_tileaa::PtrToIntOp::create(rewriter, op.getLoc(),
                                                  intType, adaptor.getSource());
    rewriter.replaceOpWithNewOp<nv_tileaa::IntToPtrOp>(op, type, address);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileCastToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ExtIPattern, TruncIPattern, FToFPattern, IToFPattern,
               FToIPattern,
               CastPattern<cuda_tile::BitcastOp, nv_tileaa::BitcastOp>,
               CastPattern<cuda_tile::IntToPtrOp, nv_tileaa::IntToPtrOp>,
               CastPattern<cuda_tile::PtrToIntOp, nv_tileaa::PtrToIntOp>,
               PtrToPtrPattern>(typeConverter, patterns.getContext());
}
