//===- ShapePatterns.cpp - core populator: shape family -------------------===//
//
// Tile layouts are tensor encodings. An encoding that is an integer names the
// NVPTX address space the tile lives in (3: shared memory, 6: tensor memory);
// the slicing and reshaping forms below exist for registers and shared memory
// only.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tilecc;

/// NVPTX address space of tensor memory (tcgen05).
static constexpr int64_t kTensorMemorySpace = 6;

static bool inTensorMemory(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto space = tensor ? dyn_cast_if_present<IntegerAttr>(tensor.getEncoding())
                      : IntegerAttr();
  return space && space.getInt() == kTensorMemorySpace;
}

static LogicalResult checkRegOrSmem(Operation *op, Value source) {
  if (!inTensorMemory(source.getType()))
    return success();
  return op->emitError(
      "TODO: only reg and smem layouts are supported at the moment");
}

namespace {

struct ExtractSlicePattern : OpConversionPattern<nv_tileaa::ExtractSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkRegOrSmem(op, op.getSrc())))
      return failure();
    auto resultType = cast<RankedTensorType>(op.getType());
    int64_t rank = resultType.getRank();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (Value offset : adaptor.getOffsets())
      offsets.push_back(offset);
    for (int64_t d = 0; d < rank; ++d) {
      sizes.push_back(rewriter.getIndexAttr(resultType.getDimSize(d)));
      strides.push_back(rewriter.getIndexAttr(
          op.getStrides() ? (*op.getStrides())[d] : 1));
    }
    rewriter.replaceOpWithNewOp<nv_tileas::ExtractSliceOp>(
        op, resultType, adaptor.getSrc(), offsets, sizes, strides);
    return success();
  }
};

struct ViewPattern : OpConversionPattern<nv_tileaa::ViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(checkRegOrSmem(op, op.getSrc())))
      return failure();
    rewriter.replaceOpWithNewOp<nv_tileas::ViewOp>(op, op.getType(),
                                                   adaptor.getSrc());
    return success();
  }
};

struct SplatPattern : OpConversionPattern<nv_tileaa::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<tensor::SplatOp>(op, adaptor.getSrc(),
                                                 op.getType());
    return success();
  }
};

/// The new unit axis joins the reassociation group of its neighbour.
struct ExpandDimsPattern : OpConversionPattern<nv_tileaa::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    int64_t axis = op.getAxis();
    SmallVector<ReassociationIndices> groups;
    for (int64_t d = 0; d < srcType.getRank(); ++d)
      groups.push_back({d < axis ? d : d + 1});
    if (groups.empty())
      return rewriter.notifyMatchFailure(op, "rank-0 source");
    if (axis == 0)
      groups.front().insert(groups.front().begin(), 0);
    else
      groups[axis - 1].push_back(axis);
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, op.getType(),
                                                       adaptor.getSrc(), groups);
    return success();
  }
};

/// cat = a fresh tile with each input inserted at its offset along the axis.
/// Laid-out inputs must agree on one layout: the concatenation is built in it
/// and converted to the result's layout.
struct CatPattern : OpConversionPattern<nv_tileaa::CatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::CatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    Attribute layout;
    bool anyPlain = false;
    for (Value input : op.getInputs()) {
      Attribute source = cast<RankedTensorType>(input.getType()).getEncoding();
      anyPlain |= !source;
      if (source && layout && source != layout) {
        op.emitError("failed to infer source layout");
        return failure();
      }
      layout = source ? source : layout;
    }
    if (layout && anyPlain) {
      op.emitError("missing source layout");
      return failure();
    }
    Location loc = op.getLoc();
    auto buildType = RankedTensorType::get(
        resultType.getShape(), resultType.getElementType(),
        layout ? layout : resultType.getEncoding());
    Value result = nv_tileas::AllocTensorOp::create(rewriter, loc, buildType);
    int64_t axis = op.getAxis(), offset = 0, rank = resultType.getRank();
    for (Value input : adaptor.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets, sizes, strides;
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(rewriter.getIndexAttr(d == axis ? offset : 0));
        sizes.push_back(rewriter.getIndexAttr(type.getDimSize(d)));
        strides.push_back(rewriter.getIndexAttr(1));
      }
      result = nv_tileas::InsertSliceOp::create(rewriter, loc, input, result,
                                                offsets, sizes, strides);
      offset += type.getDimSize(axis);
    }
    if (buildType != resultType)
      result = nv_tileas::ConvertLayoutOp::create(rewriter, loc, resultType,
                                                  result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// generate -> tensor.generate: the body keeps its index arguments and its
/// captures become the captured values themselves.
struct GeneratePattern : OpConversionPattern<nv_tileaa::GenerateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::GenerateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = cast<RankedTensorType>(op.getType());
    Block &body = op.getBody().front();
    int64_t rank = resultType.getRank();
    SmallVector<Value> replacements;
    bool convertible = body.getNumArguments() ==
                       static_cast<unsigned>(rank) + op.getCaptures().size();
    for (unsigned i = 0; convertible && i < body.getNumArguments(); ++i) {
      Type type = body.getArgument(i).getType();
      if (i < rank) {
        convertible = type.isIndex();
        continue;
      }
      ValueRange capture = adaptor.getCaptures()[i - rank];
      convertible = capture.size() == 1 &&
                    getTypeConverter()->convertType(type) == capture.front().getType();
      if (convertible)
        replacements.push_back(capture.front());
    }
    if (!convertible) {
      op.emitError("failed to convert block signature");
      return failure();
    }
    auto generate = tensor::GenerateOp::create(
        rewriter, op.getLoc(), resultType, ValueRange{},
        [](OpBuilder &, Location, ValueRange) {});
    Block &newBody = generate.getBody().front();
    SmallVector<Value> args(newBody.getArguments());
    llvm::append_range(args, replacements);
    rewriter.mergeBlocks(&body, &newBody, args);
    rewriter.replaceOp(op, generate.getResult());
    return success();
  }
};


struct MakeRangePattern : OpConversionPattern<nv_tileaa::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::MakeRangeOp>(
        op, op.getType(), op.getStartAttr(), op.getEndAttr());
    return success();
  }
};

struct BroadcastPattern : OpConversionPattern<nv_tileaa::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::BroadcastOp>(op, op.getType(),
                                                        adaptor.getSrc());
    return success();
  }
};

struct PermutePattern : OpConversionPattern<nv_tileaa::PermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::PermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileas::PermuteOp>(
        op, op.getType(), adaptor.getSrc(), op.getPermutationAttr());
    return success();
  }
};

/// extract indexes leading axes: every axis gives the element, fewer a unit
/// slice viewed without its leading axes.
struct ExtractPattern : OpConversionPattern<nv_tileaa::ExtractOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    ValueRange indices = adaptor.getIndices();
    if (static_cast<int64_t>(indices.size()) == srcType.getRank()) {
      rewriter.replaceOpWithNewOp<tensor::ExtractOp>(op, adaptor.getSrc(),
                                                     indices);
      return success();
    }
    if (failed(checkRegOrSmem(op, op.getSrc())))
      return failure();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<int64_t> sliceShape;
    for (int64_t d = 0; d < srcType.getRank(); ++d) {
      bool indexed = d < static_cast<int64_t>(indices.size());
      offsets.push_back(indexed ? OpFoldResult(indices[d])
                                : OpFoldResult(rewriter.getIndexAttr(0)));
      int64_t size = indexed ? 1 : srcType.getDimSize(d);
      sizes.push_back(rewriter.getIndexAttr(size));
      strides.push_back(rewriter.getIndexAttr(1));
      sliceShape.push_back(size);
    }
    auto sliceType = RankedTensorType::get(sliceShape, srcType.getElementType(),
                                           srcType.getEncoding());
    Value slice = nv_tileas::ExtractSliceOp::create(
        rewriter, op.getLoc(), sliceType, adaptor.getSrc(), offsets, sizes,
        strides);
    rewriter.replaceOpWithNewOp<nv_tileas::ViewOp>(op, op.getType(), slice);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileAAShapeToTileASPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ExtractSlicePattern, ViewPattern, SplatPattern,
               ExpandDimsPattern, CatPattern, GeneratePattern, MakeRangePattern,
               BroadcastPattern, PermutePattern, ExtractPattern>(converter, ctx);
}
