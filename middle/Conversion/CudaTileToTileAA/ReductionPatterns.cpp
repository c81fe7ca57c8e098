//===- ReductionPatterns.cpp - reduce, scan and matrix multiply -----------===//
//
// reduce/scan -> nv_tileaa.reduce/scan. cuda_tile's combiner takes (current,
// accumulator) pairs per operand as 0-d tiles; nv_tileaa's takes all
// accumulated values, then all current ones, as scalars, so the block
// arguments are regrouped. The identities stay on the op as the discardable
// `nv_tileaa.identities`.
//
// mmaf/mmai -> nv_tileaa.dot (mmai with both signedness attributes). An f16
// accumulator is widened to f32 around the dot (nv_tileaa.dot accumulates in
// f32, or f64 for f64 operands), which is marked kF16AccumulatorAttr;
// `fast_acc` is kept as `nv_tileaa.fast_acc`. mmaf_scaled -> dot with
// the scale tiles as its sfa / sfb operands.
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

/// Moves the cuda_tile combiner of `op` into `region`, regrouping its
/// (current, accumulator) argument pairs as (accumulators..., currents...).
LogicalResult moveCombiner(Operation *op, Region &region,
                           ArrayRef<Type> elementTypes,
                           ConversionPatternRewriter &rewriter) {
  Block &source = op->getRegion(0).front();
  unsigned n = elementTypes.size();
  SmallVector<Type> argTypes(elementTypes);
  llvm::append_range(argTypes, elementTypes);
  SmallVector<Location> locs(2 * n, op->getLoc());
  Block *block = rewriter.createBlock(&region, {}, argTypes, locs);
  SmallVector<Value> replacements(2 * n);
  for (unsigned i = 0; i < n; ++i) {
    replacements[2 * i] = block->getArgument(n + i);     // current
    replacements[2 * i + 1] = block->getArgument(i);     // accumulator
  }
  rewriter.mergeBlocks(&source, block, replacements);
  return success();
}

SmallVector<Type> elementTypesOf(ValueRange values) {
  SmallVector<Type> types;
  for (Value value : values)
    types.push_back(nv_tileaa::getTileElementType(value.getType()));
  return types;
}

struct ReducePattern : OpConversionPattern<cuda_tile::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return failure();
    auto reduce = nv_tileaa::ReduceOp::create(
        rewriter, op.getLoc(), types, adaptor.getOperands(),
        rewriter.getI32IntegerAttr(op.getDim()));
    reduce->setAttr("nv_tileaa.identities", op.getIdentities());
    if (failed(moveCombiner(op, reduce.getBody(),
                            elementTypesOf(adaptor.getOperands()), rewriter)))
      return failure();
    rewriter.replaceOp(op, reduce.getResults());
    return success();
  }
};

struct ScanPattern : OpConversionPattern<cuda_tile::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return failure();
    auto scan = nv_tileaa::ScanOp::create(
        rewriter, op.getLoc(), types, adaptor.getOperands(),
        rewriter.getI32IntegerAttr(op.getDim()),
        op.getReverse() ? rewriter.getUnitAttr() : UnitAttr());
    scan->setAttr("nv_tileaa.identities", op.getIdentities());
    if (failed(moveCombiner(op, scan.getBody(),
                            elementTypesOf(adaptor.getOperands()), rewriter)))
      return failure();
    rewriter.replaceOp(op, scan.getResults());
    return success();
  }
};

/// nv_tileaa.dot over converted operands, with block-scale factors when
/// `sfa`/`sfb` are given.
Value createDot(OpBuilder &builder, Location loc, Value a, Value b, Value c,
                ArrayRef<NamedAttribute> attrs, Value sfa = {}, Value sfb = {}) {
  OperationState state(loc, nv_tileaa::DotOp::getOperationName());
  state.addOperands({a, b, c});
  int32_t scaled = sfa && sfb;
  if (scaled)
    state.addOperands({sfa, sfb});
  state.addTypes(c.getType());
  state.addAttribute("operandSegmentSizes",
                     builder.getDenseI32ArrayAttr({1, 1, 1, scaled, scaled}));
  state.addAttributes(attrs);
  return builder.create(state)->getResult(0);
}

struct MmaFPattern : OpConversionPattern<cuda_tile::MmaFOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MmaFOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value acc = adaptor.getAcc();
    auto accType = cast<RankedTensorType>(acc.getType());
    Type element = accType.getElementType();
    SmallVector<NamedAttribute> attrs;
    if (op.getFastAcc())
      attrs.emplace_back(rewriter.getStringAttr("nv_tileaa.fast_acc"),
                         rewriter.getUnitAttr());
    if (element.isF32() || element.isF64()) {
      rewriter.replaceOp(op, createDot(rewriter, loc, adaptor.getLhs(),
                                       adaptor.getRhs(), acc, attrs));
      return success();
    }
    // Marked so that TileAAToTileAS may give the dot its f16 accumulator
    // back once the instruction is known (an f32 mmaf rounded to f16 by
    // the program itself keeps its f32 partial sums).
    attrs.emplace_back(rewriter.getStringAttr(kF16AccumulatorAttr),
                       rewriter.getUnitAttr());
    auto wide = accType.clone(rewriter.getF32Type());
    Value wideAcc = nv_tileaa::FpToFpOp::create(rewriter, loc, wide, acc,
                                                nv_tileaa::RoundingModeAttr());
    Value dot = createDot(rewriter, loc, adaptor.getLhs(), adaptor.getRhs(),
                          wideAcc, attrs);
    rewriter.replaceOpWithNewOp<nv_tileaa::FpToFpOp>(
        op, accType, dot, nv_tileaa::RoundingModeAttr());
    return success();
  }
};

nv_tileaa::SignednessAttr convertSignedness(MLIRContext *context,
                                            cuda_tile::Signedness s) {
  return nv_tileaa::SignednessAttr::get(
      context, s == cuda_tile::Signedness::Signed
                   ? nv_tileaa::Signedness::Signed
                   : nv_tileaa::Signedness::Unsigned);
}

struct MmaIPattern : OpConversionPattern<cuda_tile::MmaIOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MmaIOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    MLIRContext *context = op.getContext();
    SmallVector<NamedAttribute> attrs{
        {rewriter.getStringAttr("signedness_a"),
         convertSignedness(context, op.getSignednessLhs())},
        {rewriter.getStringAttr("signedness_b"),
         convertSignedness(context, op.getSignednessRhs())}};
    rewriter.replaceOp(op, createDot(rewriter, op.getLoc(), adaptor.getLhs(),
                                     adaptor.getRhs(), adaptor.getAcc(),
                                     attrs));
    return success();
  }
};

/// mmaf_scaled -> nv_tileaa.dot with the scale tiles as sfa / sfb.
struct MmaFScaledPattern : OpConversionPattern<cuda_tile::MmaFScaledOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::MmaFScaledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, createDot(rewriter, op.getLoc(), adaptor.getLhs(),
                                     adaptor.getRhs(), adaptor.getAcc(), {},
                                     adaptor.getLhsScale(),
                                     adaptor.getRhsScale()));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileReductionToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<ReducePattern, ScanPattern, MmaFPattern, MmaIPattern,
               MmaFScaledPattern>(
      typeConverter, patterns.getContext());
}
