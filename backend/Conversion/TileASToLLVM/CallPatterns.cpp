//===- CallPatterns.cpp - calls of device functions -----------------------===//
//
// nv_tileaa.call of a private nv_tileaa.func (a device function, lowered to
// an internal llvm.func by FuncLowering) becomes an llvm.call with the
// converted operand and result types. ConvertTileAAToTileAS admits scalar
// and pointer signatures only, so no layout crosses the call.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "TileAA/IR/TileAADialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct CallLowering : OpConversionPattern<nv_tileaa::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileaa::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // ConvertTileAAToTileAS admits at most one result.
    if (op.getNumResults() > 1)
      return rewriter.notifyMatchFailure(op, "several results");
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return rewriter.notifyMatchFailure(op, "result types");
    SmallVector<Type> inputs;
    for (Value v : adaptor.getOperands())
      inputs.push_back(v.getType());
    auto type = LLVM::LLVMFunctionType::get(
        results.empty() ? LLVM::LLVMVoidType::get(getContext())
                        : results.front(),
        inputs);
    auto call = LLVM::CallOp::create(rewriter, op.getLoc(), type,
                                     op.getCalleeAttr(), adaptor.getOperands());
    rewriter.replaceOp(op, call->getResults());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASCallToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CallLowering>(converter, patterns.getContext());
}
