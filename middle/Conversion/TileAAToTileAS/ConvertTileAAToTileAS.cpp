//===- ConvertTileAAToTileAS.cpp - the convert-tileaa-to-tileas pass ------===//
#include "Conversion/Passes.h"
#include "Conversion/TileAAToTileAS/TileAAToTileAS.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"

namespace mlir::tilecc {
#define GEN_PASS_DEF_CONVERTTILEAATOTILEAS
#include "Conversion/Passes.h.inc"
} // namespace mlir::tilecc

using namespace mlir;
using namespace mlir::tilecc;

/// nv_tileaa is illegal but for the function boundary and mark_for_reuse,
/// which ConvertTileFuncToLLVM owns (seed 004).
static ConversionTarget buildConversionTarget(MLIRContext &ctx,
                                              const TypeConverter &converter) {
  ConversionTarget target(ctx);
  target.addLegalDialect<nv_tileas::TileASDialect, arith::ArithDialect,
                         math::MathDialect, func::FuncDialect,
                         cf::ControlFlowDialect,
                         gpu::GPUDialect, scf::SCFDialect,
                         tensor::TensorDialect>();
  target.addIllegalDialect<nv_tileaa::TileAADialect>();
  target.addLegalOp<nv_tileaa::FuncOp, nv_tileaa::ReturnOp>();
  // A call of a device function belongs to the function boundary too
  // (checkSupportedTileAAOps admits scalars and pointers; views are passed
  // as their parts by then).
  target.addLegalOp<nv_tileaa::CallOp>();
  // Device-heap scratch (alloca global) is per-thread control flow, which
  // only the LLVM lowering expresses; its pointer type is shared.
  target.addLegalOp<nv_tileaa::HeapAllocOp, nv_tileaa::HeapFreeOp>();
  // Legal as an op; the queues it names become pipelines like every other
  // use of them, except function arguments, which keep their boundary type.
  target.addDynamicallyLegalOp<nv_tileaa::MarkForReuseOp>(
      [&converter](Operation *op) {
        return llvm::all_of(op->getOperands(), [&](Value v) {
          auto arg = dyn_cast<BlockArgument>(v);
          return converter.isLegal(v.getType()) ||
                 (arg && isa<nv_tileaa::FuncOp>(arg.getOwner()->getParentOp()));
        });
      });
  target.addDynamicallyLegalOp<nv_tileaa::PrintOp>([&converter](Operation *op) {
    return converter.isLegal(op->getOperandTypes());
  });
  return target;
}

namespace {

struct ConvertTileAAToTileASPass
    : mlir::tilecc::impl::ConvertTileAAToTileASBase<ConvertTileAAToTileASPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    TileAAToTileASTypeConverter converter(ctx);
    ConversionTarget target = buildConversionTarget(*ctx, converter);

    // Fixed order: arith first (math falls back to it, combiner bodies end
    // up in it), then math, then the core.
    RewritePatternSet patterns(ctx);
    populateTileAAArithToTileASPatterns(converter, patterns);
    populateTileAAMathToTileASPatterns(converter, patterns);
    populateTileAACoreToTileASPatterns(converter, patterns);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    populateTileAAPoisonToTileASPatternsAndLegality(converter, patterns,
                                                    target);

    // The block-scale guard reads the capability attached here.
    if (failed(attachKernelSpecAttributes(module, computeCapability)) ||
        failed(verifyLegalTileAAOps(module)) ||
        failed(checkSupportedTileAAOps(module)) ||
        failed(flattenTileAAViewArguments(module)) ||
        failed(emitTileAAMessages(module)))
      return signalPassFailure();

    if (failed(applyPartialConversion(module, target, std::move(patterns)))) {
      module.emitError("failed to convert nv_tileaa to nv_tileas");
      return signalPassFailure();
    }
    narrowDotAccumulators(module);
  }
};

} // namespace
