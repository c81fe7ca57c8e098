//===- ShapePatterns.cpp - constants, iota and shape ops ------------------===//
//
// constant -> arith.constant (scalar for a 0-d tile); iota -> make_range;
// broadcast -> nv_tileaa.broadcast; reshape -> nv_tileaa.view (splat from and
// extract to a scalar for 0-d tiles); permute / cat -> nv_tileaa; extract (the
// i-th result-sized block along each axis) -> extract_slice at i * size.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/PatternUtils.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct ConstantPattern : OpConversionPattern<cuda_tile::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The cuda_tile verifier only admits dense values.
    auto value = cast<DenseElementsAttr>(op.getValue());
    Type type = getTypeConverter()->convertType(op.getType());
    TypedAttr attr;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      attr = value.reshape(tensor);
    else if (isa<FloatType>(type))
      attr = value.getSplatValue<FloatAttr>();
    else
      attr = value.getSplatValue<IntegerAttr>();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, attr);
    return success();
  }
};

struct IotaPattern : OpConversionPattern<cuda_tile::IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<nv_tileaa::MakeRangeOp>(
        op, type, rewriter.getI32IntegerAttr(0),
        rewriter.getI32IntegerAttr(type.getShape()[0]));
    return success();
  }
};

struct BroadcastPattern : OpConversionPattern<cuda_tile::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (type == adaptor.getSource().getType())
      rewriter.replaceOp(op, adaptor.getSource());
    else
      rewriter.replaceOpWithNewOp<nv_tileaa::BroadcastOp>(op, type,
                                                          adaptor.getSource());
    return success();
  }
};

struct ReshapePattern : OpConversionPattern<cuda_tile::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    Value source = adaptor.getSource();
    auto sourceTensor = dyn_cast<RankedTensorType>(source.getType());
    auto resultTensor = dyn_cast<RankedTensorType>(type);
    if (source.getType() == type) {
      rewriter.replaceOp(op, source);
    } else if (!sourceTensor) {
      rewriter.replaceOpWithNewOp<nv_tileaa::SplatOp>(op, type, source);
    } else if (!resultTensor) {
      // A single-element tile to its scalar.
      SmallVector<Value> zeros(sourceTensor.getRank(),
                               arith::ConstantIndexOp::create(rewriter, loc, 0));
      rewriter.replaceOpWithNewOp<nv_tileaa::ExtractOp>(op, type, source, zeros);
    } else {
      rewriter.replaceOpWithNewOp<nv_tileaa::ViewOp>(op, type, source);
    }
    return success();
  }
};

struct PermutePattern : OpConversionPattern<cuda_tile::PermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::PermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    SmallVector<int64_t> permutation(op.getPermutation().begin(),
                                     op.getPermutation().end());
    rewriter.replaceOpWithNewOp<nv_tileaa::PermuteOp>(
        op, type, adaptor.getSource(),
        rewriter.getDenseI64ArrayAttr(permutation));
    return success();
  }
};

struct CatPattern : OpConversionPattern<cuda_tile::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<nv_tileaa::CatOp>(
        op, type, ValueRange{adaptor.getLhs(), adaptor.getRhs()},
        rewriter.getI32IntegerAttr(op.getDim()));
    return success();
  }
};

struct ExtractPattern : OpConversionPattern<cuda_tile::ExtractOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = getTypeConverter()->convertType(op.getType());
    auto result = dyn_cast<RankedTensorType>(type);
    if (!result) { // 0-d tiles have nothing to extract.
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    SmallVector<Value> offsets;
    for (auto [index, size] :
         llvm::zip(adaptor.getIndices(), result.getShape())) {
      Value scaled = castToIndex(rewriter, loc, index);
      Value step = arith::ConstantIndexOp::create(rewriter, loc, size);
      offsets.push_back(arith::MulIOp::create(rewriter, loc, scaled, step));
    }
    rewriter.replaceOpWithNewOp<nv_tileaa::ExtractSliceOp>(
        op, result, adaptor.getSource(), offsets, DenseI64ArrayAttr());
    return success();
  }
};

/// insert: the source replicated over the destination's shape (view to
/// interleaved unit dims, broadcast, view back), selected where each
/// coordinate's slice number (coordinate / source size) equals its index.
/// Only existing shape and elementwise ops, so layouts are planned as for
/// them.
struct InsertPattern : OpConversionPattern<cuda_tile::InsertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::InsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto result = dyn_cast<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!result) { // 0-d tiles: the source is the whole destination.
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    auto source = cast<RankedTensorType>(adaptor.getSource().getType());
    if (source == result) { // the one slice there is
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    int64_t rank = result.getRank();
    SmallVector<int64_t> interleaved, repeated;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = source.getDimSize(d);
      interleaved.append({1, size});
      repeated.append({result.getDimSize(d) / size, size});
    }
    Type element = result.getElementType();
    Value replicated = nv_tileaa::ViewOp::create(
        rewriter, loc, RankedTensorType::get(interleaved, element),
        adaptor.getSource());
    replicated = nv_tileaa::BroadcastOp::create(
        rewriter, loc, RankedTensorType::get(repeated, element), replicated);
    replicated = nv_tileaa::ViewOp::create(rewriter, loc, result, replicated);

    Type i1 = rewriter.getI1Type(), i32 = rewriter.getI32Type();
    Value mask;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = result.getDimSize(d);
      auto line = RankedTensorType::get({size}, i32);
      Value coords = nv_tileaa::MakeRangeOp::create(
          rewriter, loc, line, rewriter.getI32IntegerAttr(0),
          rewriter.getI32IntegerAttr(size));
      Value sliceSize = arith::ConstantOp::create(
          rewriter, loc,
          DenseElementsAttr::get(
              line, rewriter.getI32IntegerAttr(source.getDimSize(d))));
      Value slice = arith::DivUIOp::create(rewriter, loc, coords, sliceSize);
      Value index = nv_tileaa::SplatOp::create(rewriter, loc, line,
                                               adaptor.getIndices()[d]);
      Value hit = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        slice, index);
      SmallVector<int64_t> unitShape(rank, 1);
      unitShape[d] = size;
      hit = nv_tileaa::ViewOp::create(
          rewriter, loc, RankedTensorType::get(unitShape, i1), hit);
      hit = nv_tileaa::BroadcastOp::create(
          rewriter, loc, RankedTensorType::get(result.getShape(), i1), hit);
      mask = mask ? arith::AndIOp::create(rewriter, loc, mask, hit).getResult()
                  : hit;
    }
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, mask, replicated,
                                                 adaptor.getDestination());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileShapeToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ConstantPattern, IotaPattern, BroadcastPattern, ReshapePattern,
               PermutePattern, CatPattern, ExtractPattern, InsertPattern>(
      typeConverter, patterns.getContext());
}
