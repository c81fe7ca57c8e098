//===- MemoryPatterns.cpp - views, pointer memory ops and tokens ----------===//
//
// tensor_view -> make_memref; partition_view -> block_tile (dim_map as the
// dim groups); load/store_view_tko -> tiled_load/tiled_store at tile indices;
// load/store_ptr_tko -> load/store over (tiles of) pointers with mask/other;
// atomic_rmw/cas_tko -> atomic_rmw/cas; atomic_red_view_tko ->
// tiled_atomic_rmw.
// Tokens map one to one: every access has an incoming token once
// rootUntokenedAccesses gave the untokened ones their function's entry token.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/LaunchHints.h"
#include "Conversion/CudaTileToTileAA/PatternUtils.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

nv_tileaa::MemSemantic convertSemantic(cuda_tile::MemoryOrderingSemantics s) {
  switch (s) {
  case cuda_tile::MemoryOrderingSemantics::Weak:
    return nv_tileaa::MemSemantic::Weak;
  case cuda_tile::MemoryOrderingSemantics::Relaxed:
    return nv_tileaa::MemSemantic::Relaxed;
  case cuda_tile::MemoryOrderingSemantics::Acquire:
    return nv_tileaa::MemSemantic::Acquire;
  case cuda_tile::MemoryOrderingSemantics::Release:
    return nv_tileaa::MemSemantic::Release;
  case cuda_tile::MemoryOrderingSemantics::AcqRel:
    return nv_tileaa::MemSemantic::AcqRel;
  }
  llvm_unreachable("unknown memory ordering");
}

nv_tileaa::MemScope convertScope(cuda_tile::MemoryScope s) {
  switch (s) {
  case cuda_tile::MemoryScope::TlBlk:
    return nv_tileaa::MemScope::TlBlk;
  case cuda_tile::MemoryScope::Device:
    return nv_tileaa::MemScope::Gpu;
  case cuda_tile::MemoryScope::Sys:
    return nv_tileaa::MemScope::Sys;
  }
  llvm_unreachable("unknown memory scope");
}

nv_tileaa::PaddingValue convertPadding(cuda_tile::PaddingValue p) {
  return static_cast<nv_tileaa::PaddingValue>(static_cast<uint32_t>(p));
}

/// Attributes shared by the converted memory ops: ordering (the scope only
/// when stronger than weak, as nv_tileaa requires).
template <typename OpT>
void addOrdering(OpT op, SmallVectorImpl<NamedAttribute> &attrs) {
  MLIRContext *context = op.getContext();
  nv_tileaa::MemSemantic semantic =
      convertSemantic(op.getMemoryOrderingSemantics());
  if (semantic == nv_tileaa::MemSemantic::Weak)
    return;
  attrs.emplace_back(StringAttr::get(context, "mem_semantic"),
                     nv_tileaa::MemSemanticAttr::get(context, semantic));
  std::optional<cuda_tile::MemoryScope> scope = op.getMemoryScope();
  if (scope)
    attrs.emplace_back(
        StringAttr::get(context, "mem_scope"),
        nv_tileaa::MemScopeAttr::get(context, convertScope(*scope)));
}

/// The token a converted memory op consumes: the converted incoming token, or
/// (for IR that skipped rootUntokenedAccesses) a fresh token, which orders the
/// access after nothing, as the missing cuda_tile token did.
Value incomingToken(OpBuilder &builder, Location loc, Value converted) {
  if (converted)
    return converted;
  return nv_tileaa::CreateMemTokenOp::create(builder, loc);
}

/// Builds a segmented nv_tileaa memory op (`operandSegmentSizes` over
/// `segments`, then the token; the successor token is the last result).
Operation *createSegmented(OpBuilder &builder, Location loc, StringRef name,
                           ArrayRef<SmallVector<Value>> segments, Value token,
                           TypeRange dataResults,
                           ArrayRef<NamedAttribute> attrs) {
  OperationState state(loc, name);
  SmallVector<int32_t> sizes;
  for (const SmallVector<Value> &segment : segments) {
    state.addOperands(segment);
    sizes.push_back(segment.size());
  }
  state.addTypes(dataResults);
  state.addOperands(token);
  state.addTypes(token.getType());
  state.addAttribute("operandSegmentSizes", builder.getDenseI32ArrayAttr(sizes));
  state.addAttributes(attrs);
  return builder.create(state);
}

/// Replaces a (value, token) cuda_tile op by `newOp`'s value and out token.
void replaceValueAndToken(ConversionPatternRewriter &rewriter, Operation *op,
                          Operation *newOp) {
  rewriter.replaceOp(op, {newOp->getResult(0), newOp->getResult(1)});
}

SmallVector<Value> toIndices(OpBuilder &builder, Location loc,
                             ValueRange values) {
  SmallVector<Value> indices;
  for (Value value : values)
    indices.push_back(castToIndex(builder, loc, value));
  return indices;
}

struct MakeTokenPattern : OpConversionPattern<cuda_tile::MakeTokenOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MakeTokenOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileaa::CreateMemTokenOp>(op);
    return success();
  }
};

struct JoinTokensPattern : OpConversionPattern<cuda_tile::JoinTokensOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::JoinTokensOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<nv_tileaa::JoinMemTokenOp>(
        op, nv_tileaa::MemTokenType::get(op.getContext()),
        adaptor.getTokens());
    return success();
  }
};

struct MakeTensorViewPattern : OpConversionPattern<cuda_tile::MakeTensorViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MakeTensorViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<nv_tileaa::TileMemRefType>(
        getTypeConverter()->convertType(op.getType()));
    SmallVector<Value> sizes = toIndices(rewriter, loc, adaptor.getDynamicShape());
    SmallVector<Value> strides =
        toIndices(rewriter, loc, adaptor.getDynamicStrides());
    rewriter.replaceOpWithNewOp<nv_tileaa::MakeMemRefOp>(
        op, type, adaptor.getBase(), /*offset=*/Value(), sizes, strides,
        /*alias_scope=*/IntegerAttr());
    return success();
  }
};

struct MakePartitionViewPattern
    : OpConversionPattern<cuda_tile::MakePartitionViewOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MakePartitionViewOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto viewType = cast<cuda_tile::PartitionViewType>(op.getType());
    Type type = getTypeConverter()->convertType(viewType);
    SmallVector<int64_t> tileSizes(viewType.getTileShape().asArrayRef());
    SmallVector<Attribute> groups;
    for (int32_t dim : viewType.getDimMap())
      groups.push_back(rewriter.getDenseI64ArrayAttr({int64_t(dim)}));
    rewriter.replaceOpWithNewOp<nv_tileaa::BlockTileOp>(
        op, type, adaptor.getTensorView(),
        rewriter.getDenseI64ArrayAttr(tileSizes), rewriter.getArrayAttr(groups));
    return success();
  }
};

/// Padding of a partition view, as the tiled_load attribute.
void addPadding(Type view, SmallVectorImpl<NamedAttribute> &attrs) {
  auto partition = dyn_cast<cuda_tile::PartitionViewType>(view);
  if (!partition || !partition.getPaddingValue())
    return;
  MLIRContext *context = view.getContext();
  attrs.emplace_back(
      StringAttr::get(context, "padding_value"),
      nv_tileaa::PaddingValueAttr::get(
          context, convertPadding(partition.getPaddingValue().getValue())));
}

/// The load's resolved `latency` hint (ConvertCudaTileToTileAA.cpp), for
/// the pipeline depth.
static void addLatency(Operation *op, SmallVectorImpl<NamedAttribute> &attrs) {
  if (Attribute latency = op->getAttr(kLatencyHintAttr))
    attrs.emplace_back(StringAttr::get(op->getContext(), kLatencyHintAttr),
                       latency);
}

struct LoadViewPattern : OpConversionPattern<cuda_tile::LoadViewTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::LoadViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    addPadding(op.getView().getType(), attrs);
    addLatency(op, attrs);
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    Type type = getTypeConverter()->convertType(op.getTile().getType());
    Operation *load = createSegmented(
        rewriter, loc, nv_tileaa::TiledLoadOp::getOperationName(),
        {{adaptor.getView()}, toIndices(rewriter, loc, adaptor.getIndex()), {}, {}},
        token, type, attrs);
    replaceValueAndToken(rewriter, op, load);
    return success();
  }
};

struct StoreViewPattern : OpConversionPattern<cuda_tile::StoreViewTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::StoreViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    Operation *store = createSegmented(
        rewriter, loc, nv_tileaa::TiledStoreOp::getOperationName(),
        {{adaptor.getView()}, {adaptor.getTile()},
         toIndices(rewriter, loc, adaptor.getIndex()), {}},
        token, {}, attrs);
    rewriter.replaceOp(op, store->getResult(0));
    return success();
  }
};

struct LoadPtrPattern : OpConversionPattern<cuda_tile::LoadPtrTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::LoadPtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    addLatency(op, attrs);
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    Type type = getTypeConverter()->convertType(op.getResult().getType());
    SmallVector<Value> mask, other;
    if (Value m = adaptor.getMask()) {
      mask.push_back(m);
      // Without a mask every lane is loaded and the padding is never read.
      if (Value padding = adaptor.getPaddingValue())
        other.push_back(padding);
    }
    Operation *load = createSegmented(
        rewriter, loc, nv_tileaa::LoadOp::getOperationName(),
        {{adaptor.getSource()}, {}, mask, other}, token, type, attrs);
    replaceValueAndToken(rewriter, op, load);
    return success();
  }
};

struct StorePtrPattern : OpConversionPattern<cuda_tile::StorePtrTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::StorePtrTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    SmallVector<Value> mask;
    if (Value m = adaptor.getMask())
      mask.push_back(m);
    Operation *store = createSegmented(
        rewriter, loc, nv_tileaa::StoreOp::getOperationName(),
        {{adaptor.getDestination()}, {adaptor.getValue()}, {}, mask}, token,
        {}, attrs);
    rewriter.replaceOp(op, store->getResult(0));
    return success();
  }
};

struct OffsetPattern : OpConversionPattern<cuda_tile::OffsetOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::OffsetOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<nv_tileaa::AddPtrOp>(
        op, type, adaptor.getPtr(), adaptor.getOffset());
    return success();
  }
};

/// Size of dimension `dim` of a memref as an index value.
Value memrefDimSize(OpBuilder &builder, Location loc, Value memref,
                    unsigned dim) {
  auto type = cast<nv_tileaa::TileMemRefType>(memref.getType());
  int64_t size = type.getShape()[dim];
  if (!ShapedType::isDynamic(size))
    return arith::ConstantIndexOp::create(builder, loc, size);
  return nv_tileaa::GetDimSizeOp::create(builder, loc, builder.getIndexType(),
                                         memref, builder.getI32IntegerAttr(dim));
}

struct GetTensorShapePattern : OpConversionPattern<cuda_tile::GetTensorShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::GetTensorShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> sizes;
    for (auto [dim, result] : llvm::enumerate(op.getResult())) {
      Type type = getTypeConverter()->convertType(result.getType());
      sizes.push_back(castFromIndex(
          rewriter, loc, memrefDimSize(rewriter, loc, adaptor.getSrc(), dim),
          type));
    }
    rewriter.replaceOp(op, sizes);
    return success();
  }
};

/// Number of tiles along each view dimension: ceil(size(dim_map[i]) / tile[i]).
struct GetIndexSpaceShapePattern
    : OpConversionPattern<cuda_tile::GetIndexSpaceShapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::GetIndexSpaceShapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto viewType = dyn_cast<cuda_tile::PartitionViewType>(op.getSrc().getType());
    auto blockTile = adaptor.getSrc().getDefiningOp<nv_tileaa::BlockTileOp>();
    if (!viewType || !blockTile)
      return op.emitOpError("is not supported by tilecc yet on a view that "
                            "is not made by make_partition_view in the same "
                            "region");
    SmallVector<Value> counts;
    for (auto [i, result] : llvm::enumerate(op.getResult())) {
      Value size =
          memrefDimSize(rewriter, loc, blockTile.getSrc(), viewType.getDimMap()[i]);
      Value tile = arith::ConstantIndexOp::create(
          rewriter, loc, viewType.getTileShape().asArrayRef()[i]);
      Value count = arith::CeilDivUIOp::create(rewriter, loc, size, tile);
      Type type = getTypeConverter()->convertType(result.getType());
      counts.push_back(castFromIndex(rewriter, loc, count, type));
    }
    rewriter.replaceOp(op, counts);
    return success();
  }
};

/// atomic_rmw_tko / atomic_cas_tko -> atomic_rmw / atomic_cas through the
/// pointer tile. The cuda_tile scope is dropped for weak ordering, which
/// nv_tileaa requires to be scopeless.
struct AtomicRmwPattern : OpConversionPattern<cuda_tile::AtomicRMWTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AtomicRMWTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<nv_tileaa::RmwMode> mode = nv_tileaa::symbolizeRmwMode(
        cuda_tile::stringifyAtomicRMWMode(op.getMode()));
    if (!mode)
      return op.emitOpError("mode is not supported by tilecc yet");
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    attrs.emplace_back(rewriter.getStringAttr("rmw_mode"),
                       nv_tileaa::RmwModeAttr::get(op.getContext(), *mode));
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    SmallVector<Value> mask;
    if (Value m = adaptor.getMask())
      mask.push_back(m);
    Type type = getTypeConverter()->convertType(op.getResult().getType());
    Operation *atomic = createSegmented(
        rewriter, loc, nv_tileaa::AtomicRmwOp::getOperationName(),
        {{adaptor.getPointers()}, {adaptor.getArg()}, {}, mask}, token, type,
        attrs);
    replaceValueAndToken(rewriter, op, atomic);
    return success();
  }
};

struct AtomicCasPattern : OpConversionPattern<cuda_tile::AtomicCASTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AtomicCASTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    SmallVector<Value> mask;
    if (Value m = adaptor.getMask())
      mask.push_back(m);
    Type type = getTypeConverter()->convertType(op.getResult().getType());
    Operation *atomic = createSegmented(
        rewriter, loc, nv_tileaa::AtomicCasOp::getOperationName(),
        {{adaptor.getPointers()}, {adaptor.getCmp()}, {adaptor.getVal()}, {},
         mask},
        token, type, attrs);
    replaceValueAndToken(rewriter, op, atomic);
    return success();
  }
};

/// atomic_red_view_tko -> tiled_atomic_rmw at the tile index; the old values
/// it returns are unused.
struct AtomicRedViewPattern
    : OpConversionPattern<cuda_tile::AtomicRedViewTkoOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::AtomicRedViewTkoOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<nv_tileaa::RmwMode> mode = nv_tileaa::symbolizeRmwMode(
        cuda_tile::stringifyAtomicRMWMode(op.getMode()));
    if (!mode)
      return op.emitOpError("mode is not supported by tilecc yet");
    SmallVector<NamedAttribute> attrs;
    addOrdering(op, attrs);
    attrs.emplace_back(rewriter.getStringAttr("rmw_mode"),
                       nv_tileaa::RmwModeAttr::get(op.getContext(), *mode));
    Value token = incomingToken(rewriter, loc, adaptor.getToken());
    Operation *atomic = createSegmented(
        rewriter, loc, nv_tileaa::TiledAtomicRmwOp::getOperationName(),
        {{adaptor.getView()}, {adaptor.getValue()},
         toIndices(rewriter, loc, adaptor.getIndex()), {}},
        token, adaptor.getValue().getType(), attrs);
    rewriter.replaceOp(op, atomic->getResult(1));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileMemoryToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<MakeTokenPattern, JoinTokensPattern, MakeTensorViewPattern,
               MakePartitionViewPattern, LoadViewPattern, StoreViewPattern,
               LoadPtrPattern, StorePtrPattern, OffsetPattern,
               GetTensorShapePattern, GetIndexSpaceShapePattern,
               AtomicRmwPattern, AtomicCasPattern, AtomicRedViewPattern>(
      typeConverter, patterns.getContext());
}
