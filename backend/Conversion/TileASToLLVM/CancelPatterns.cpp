//===- CancelPatterns.cpp - program cancellation to cluster launch control ===//
//
// nv_tileas.cancel_next_program is PTX cluster launch control (sm_100+):
//   1. bar.sync: the CTA is done with the previous response and mbarrier;
//   2. thread 0 initializes a one-arrival mbarrier; bar.sync, so no thread
//      waits on it before it is initialized;
//   3. thread 0 arrives on it expecting the 16 response bytes and issues
//      clusterlaunchcontrol.try_cancel, whose completion (complete_tx)
//      finishes the mbarrier's phase 0;
//   4. every thread waits for phase 0 and loads the response;
//   5. bar.sync, then thread 0 invalidates the mbarrier.
// Each op owns a 24-byte shared buffer (response, then mbarrier). The
// response queries become the NVVM query_cancel ops.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "Target/TargetInfo.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

struct CancelNextProgramLowering
    : OpConversionPattern<nv_tileas::CancelNextProgramOp> {
  CancelNextProgramLowering(const TypeConverter &converter, MLIRContext *ctx,
                            const ::tilecc::TargetInfo &target)
      : OpConversionPattern(converter, ctx), target(target) {}
  LogicalResult
  matchAndRewrite(nv_tileas::CancelNextProgramOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (target.smVersion < 100)
      return op.emitOpError("needs cluster launch control (sm_100 or newer), "
                            "the target is ")
             << target.getName();
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    // The 24-byte response buffer tileas-plan-memory gave this op.
    LLVM::GlobalOp buffer = getScratchBufferOf(op);
    if (!buffer)
      return failure();
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    Value base = LLVM::AddressOfOp::create(b, loc, buffer);
    Value base64 = LLVM::PtrToIntOp::create(b, loc, i64, base);
    Value response = LLVM::TruncOp::create(b, loc, i32, base64);
    Value mbar = LLVM::TruncOp::create(
        b, loc, i32, LLVM::AddOp::create(b, loc, base64, createI64(b, loc, 16)));
    auto [lane, warp] = getLaneAndWarp(b, loc);
    Value tid = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, warp, createI32(b, loc, 32)), lane);

    NVVM::Barrier0Op::create(b, loc);
    emitPtx(b, loc, Type(), {tid, mbar},
            "{\n.reg .pred %p;\n"
            "setp.eq.u32 %p, $0, 0;\n"
            "@%p mbarrier.init.shared::cta.b64 [$1], 1;\n"
            "@%p fence.mbarrier_init.release.cluster;\n"
            "@%p fence.proxy.async.shared::cta;\n}",
            "r,r");
    // The other threads may wait on the mbarrier only once it is initialized.
    NVVM::Barrier0Op::create(b, loc);
    emitPtx(b, loc, Type(), {tid, response, mbar},
            "{\n.reg .pred %p;\n.reg .b64 %state;\n"
            "setp.eq.u32 %p, $0, 0;\n"
            "@%p mbarrier.arrive.expect_tx.shared::cta.b64 %state, [$2], 16;\n"
            "@%p clusterlaunchcontrol.try_cancel.async.shared::cta.mbarrier::"
            "complete_tx::bytes.b128 [$1], [$2];\n}",
            "r,r,r");
    emitPtx(b, loc, Type(), {mbar},
            "{\n.reg .pred %done;\nWAIT_${:uid}:\n"
            "mbarrier.try_wait.parity.shared::cta.b64 %done, [$0], 0;\n"
            "@!%done bra WAIT_${:uid};\n}",
            "r");
    Value result = LLVM::LoadOp::create(b, loc, b.getIntegerType(128), base,
                                        /*alignment=*/16);
    NVVM::Barrier0Op::create(b, loc);
    emitPtx(b, loc, Type(), {tid, mbar},
            "{\n.reg .pred %p;\nsetp.eq.u32 %p, $0, 0;\n"
            "@%p mbarrier.inval.shared::cta.b64 [$1];\n}",
            "r,r");
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  ::tilecc::TargetInfo target;
};

struct ProgramIsCanceledLowering
    : OpConversionPattern<nv_tileas::ProgramIsCanceledOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ProgramIsCanceledOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterLaunchControlQueryCancelOp>(
        op, rewriter.getI1Type(),
        NVVM::ClusterLaunchControlQueryType::IS_CANCELED,
        adaptor.getResponse());
    return success();
  }
};

struct CanceledProgramIdLowering
    : OpConversionPattern<nv_tileas::CanceledProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::CanceledProgramIdOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    static constexpr NVVM::ClusterLaunchControlQueryType kAxes[] = {
        NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_X,
        NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_Y,
        NVVM::ClusterLaunchControlQueryType::GET_FIRST_CTA_ID_Z};
    rewriter.replaceOpWithNewOp<NVVM::ClusterLaunchControlQueryCancelOp>(
        op, rewriter.getI32Type(), kAxes[op.getDim()], adaptor.getResponse());
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASCancelToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns,
    const ::tilecc::TargetInfo &target) {
  patterns.add<CancelNextProgramLowering>(converter, patterns.getContext(),
                                          target);
  patterns.add<ProgramIsCanceledLowering, CanceledProgramIdLowering>(
      converter, patterns.getContext());
}
