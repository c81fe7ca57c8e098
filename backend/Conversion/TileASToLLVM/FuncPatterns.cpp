//===- FuncPatterns.cpp - kernels, returns and grid queries ---------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/ValueModel.h"
#include "Conversion/TileASToLLVM/WarpRoles.h"
#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

/// Warps per CTA: what layout assignment recorded, else the kernel spec,
/// else the pass default.
static unsigned getNumWarps(Operation *func, unsigned fallback) {
  if (auto warps = func->getAttrOfType<IntegerAttr>("nv_tileas.num_warps"))
    return warps.getInt();
  if (auto spec = func->getAttrOfType<nv_tileaa::KernelSpecAttr>(
          "nv_tileaa.kernel_spec"))
    return spec.getNumWarps();
  return fallback;
}

namespace {

/// Public functions are kernels (cuda_tile entries); private ones are device
/// functions.
struct FuncLowering : OpConversionPattern<nv_tileaa::FuncOp> {
  FuncLowering(const TypeConverter &converter, MLIRContext *ctx,
               unsigned defaultNumWarps, const WarpRoles &roles)
      : OpConversionPattern(converter, ctx), defaultNumWarps(defaultNumWarps),
        roles(roles) {}

  LogicalResult
  matchAndRewrite(nv_tileaa::FuncOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (type.getNumResults() > 1)
      return rewriter.notifyMatchFailure(op, "multiple results");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [i, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return op.emitError() << "cannot lower argument type " << input;
      signature.addInputs(i, converted);
    }
    Type result = LLVM::LLVMVoidType::get(getContext());
    if (type.getNumResults() == 1 &&
        !(result = getTypeConverter()->convertType(type.getResult(0))))
      return op.emitError() << "cannot lower result type " << type.getResult(0);
    auto llvmType = LLVM::LLVMFunctionType::get(
        result, signature.getConvertedTypes(), /*isVarArg=*/false);
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymName(),
                                         llvmType);
    bool isKernel = !op.getSymVisibility() || *op.getSymVisibility() == "public";
    if (isKernel) {
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    rewriter.getUnitAttr());
      int32_t threads =
          32 * roles.getThreadWarps(op, getNumWarps(op, defaultNumWarps));
      func->setAttr(NVVM::NVVMDialect::getMaxntidAttrName(),
                    rewriter.getDenseI32ArrayAttr({threads, 1, 1}));
      // Cluster dims a hint asked for become .reqnctapercluster, so the
      // launch must use them (the feature check rejects them before sm_90).
      if (auto spec = op->getAttrOfType<nv_tileaa::KernelSpecAttr>(
              "nv_tileaa.kernel_spec")) {
        SmallVector<int32_t, 3> dims = {1, 1, 1};
        for (auto [i, d] : llvm::enumerate(spec.getClusterDim()))
          if (i < 3)
            dims[i] = static_cast<int32_t>(d);
        if (llvm::any_of(dims, [](int32_t d) { return d > 1; }))
          func->setAttr(NVVM::NVVMDialect::getClusterDimAttrName(),
                        rewriter.getDenseI32ArrayAttr(dims));
        // The occupancy hint (CTAs per SM) becomes .minnctapersm: ptxas
        // then keeps registers low enough for that many CTAs to fit.
        if (std::optional<unsigned> occupancy = spec.getOccupancy())
          func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                        rewriter.getI32IntegerAttr(*occupancy));
        if (std::optional<unsigned> registers = spec.getMaxRegisters())
          func->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                        rewriter.getI32IntegerAttr(*registers));
      }
    } else {
      func.setLinkage(LLVM::Linkage::Internal);
    }
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(),
                                           &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  unsigned defaultNumWarps;
  const WarpRoles &roles;
};

struct ReturnLowering : OpConversionPattern<nv_tileaa::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

/// gpu.block_id / gpu.grid_dim: %ctaid / %nctaid, widened to index (i64).
template <typename GpuOp, typename XOp, typename YOp, typename ZOp>
struct GridQueryLowering : OpConversionPattern<GpuOp> {
  using OpConversionPattern<GpuOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GpuOp op, typename GpuOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Value id;
    switch (op.getDimension()) {
    case gpu::Dimension::x:
      id = XOp::create(rewriter, loc, i32);
      break;
    case gpu::Dimension::y:
      id = YOp::create(rewriter, loc, i32);
      break;
    case gpu::Dimension::z:
      id = ZOp::create(rewriter, loc, i32);
      break;
    }
    Type index = this->getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<LLVM::ZExtOp>(op, index, id);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASFuncToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    unsigned defaultNumWarps, const WarpRoles &roles) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<FuncLowering>(converter, ctx, defaultNumWarps, roles);
  patterns.add<ReturnLowering,
               GridQueryLowering<gpu::BlockIdOp, NVVM::BlockIdXOp,
                                 NVVM::BlockIdYOp, NVVM::BlockIdZOp>,
               GridQueryLowering<gpu::GridDimOp, NVVM::GridDimXOp,
                                 NVVM::GridDimYOp, NVVM::GridDimZOp>>(converter,
                                                                      ctx);
}
