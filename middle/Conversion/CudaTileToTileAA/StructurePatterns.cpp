//===- StructurePatterns.cpp - module, entry, globals, grid ---------------===//
//
// cuda_tile.module dissolves into the enclosing builtin module; an entry
// becomes an nv_tileaa.func with the `cute.kernel` entry marker (seed 004)
// and, in `nv_tileaa.launch_hints`, the launch hints (warps / cluster /
// occupancy) the entry gives for the target. The kernel spec is decided from
// them and the kernel's tiles in ConvertTileAAToTileAS (KernelSpec.cpp).
//
//===----------------------------------------------------------------------===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/LaunchHints.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct ModulePattern : OpConversionPattern<cuda_tile::ModuleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::ModuleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.inlineBlockBefore(&op.getBody().front(), op);
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename FuncLikeOp>
struct FunctionPattern : OpConversionPattern<FuncLikeOp> {
  FunctionPattern(TypeConverter &converter, MLIRContext *context,
                  const CudaTileToTileAAOptions &options)
      : OpConversionPattern<FuncLikeOp>(converter, context), options(options) {}

  LogicalResult
  matchAndRewrite(FuncLikeOp op, typename FuncLikeOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *this->getTypeConverter();
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    if (failed(converter.convertSignatureArgs(type.getInputs(), signature)))
      return rewriter.notifyMatchFailure(op, "argument types");
    SmallVector<Type> results;
    if (failed(converter.convertTypes(type.getResults(), results)))
      return rewriter.notifyMatchFailure(op, "result types");
    auto newType = rewriter.getFunctionType(signature.getConvertedTypes(),
                                            results);
    DictionaryAttr hints;
    if constexpr (std::is_same_v<FuncLikeOp, cuda_tile::EntryOp>)
      hints = launchHints(op);
    auto func = nv_tileaa::FuncOp::create(
        rewriter, op.getLoc(), op.getSymNameAttr(), TypeAttr::get(newType),
        StringAttr(), ArrayAttr(), ArrayAttr());
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(),
                                func.getBody().end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), converter,
                                           &signature)))
      return failure();
    if constexpr (std::is_same_v<FuncLikeOp, cuda_tile::EntryOp>) {
      func->setAttr("cute.kernel", rewriter.getUnitAttr());
      if (!hints.empty())
        func->setAttr(kLaunchHintsAttr, hints);
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// The entry's launch hints for the target (its own entry, else the
  /// `default` one), as a dictionary of integers.
  DictionaryAttr launchHints(cuda_tile::EntryOp op) const {
    Builder b(op.getContext());
    SmallVector<NamedAttribute> hints;
    if (auto attr = op.getOptimizationHintsAttr()) {
      // Hints are keyed by the base architecture (sm_100 for sm_100a/f).
      StringRef arch = options.arch;
      if (arch.ends_with("a") || arch.ends_with("f"))
        arch = arch.drop_back();
      for (StringRef name :
           {"num_worker_warps_per_cta", "num_cta_in_cga", "occupancy"})
        if (std::optional<int64_t> value = attr.getIntHint(arch, name))
          hints.push_back(b.getNamedAttr(name, b.getI64IntegerAttr(*value)));
    }
    return b.getDictionaryAttr(hints);
  }

  CudaTileToTileAAOptions options;
};

struct GlobalPattern : OpConversionPattern<cuda_tile::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = cast<TypedAttr>(op.getValue());
    auto global = rewriter.replaceOpWithNewOp<nv_tileaa::GlobalOp>(
        op, op.getSymName(), value.getType(), value, kGlobalAddressSpace,
        op.getAlignment() ? rewriter.getI64IntegerAttr(op.getAlignment())
                          : IntegerAttr(),
        op.getConstant());
    if (auto visibility = op.getSymVisibilityAttr())
      global->setAttr("sym_visibility", visibility);
    return success();
  }
};

struct GetGlobalPattern : OpConversionPattern<cuda_tile::GetGlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(cuda_tile::GetGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<nv_tileaa::GetGlobalOp>(op, type,
                                                        op.getNameAttr());
    return success();
  }
};

/// get_tile_block_id / get_num_tile_blocks: one grid query per axis.
template <typename SourceOp, typename TargetOp>
struct GridPattern : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> values;
    for (auto [dim, result] : llvm::enumerate(op->getResults())) {
      Type type = this->getTypeConverter()->convertType(result.getType());
      IntegerAttr axis = rewriter.getI32IntegerAttr(dim);
      if constexpr (std::is_same_v<TargetOp, nv_tileaa::GetProgramIdOp>)
        values.push_back(TargetOp::create(rewriter, op.getLoc(), type, axis,
                                          /*program=*/Value()));
      else
        values.push_back(TargetOp::create(rewriter, op.getLoc(), type, axis));
    }
    rewriter.replaceOp(op, values);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateCudaTileStructureToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FunctionPattern<cuda_tile::EntryOp>,
               FunctionPattern<cuda_tile::TestingFuncOp>>(typeConverter,
                                                          context, options);
  patterns.add<ModulePattern, GlobalPattern, GetGlobalPattern,
               GridPattern<cuda_tile::GetTileBlockIdOp,
                           nv_tileaa::GetProgramIdOp>,
               GridPattern<cuda_tile::GetNumTileBlocksOp,
                           nv_tileaa::GetNumProgramsOp>>(typeConverter,
                                                         context);
}
