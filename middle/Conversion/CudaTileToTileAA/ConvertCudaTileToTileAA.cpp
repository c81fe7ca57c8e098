//===- ConvertCudaTileToTileAA.cpp - the convert-cuda-tile-to-tileaa pass -===//
#include "Conversion/CudaTileToTileAA/CudaTileToTileAA.h"
#include "Conversion/CudaTileToTileAA/LaunchHints.h"
#include "Conversion/Passes.h"

#include "CudaTile/IR/CudaTileDialect.h"
#include "TileAA/IR/TileAADialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::tilecc {
#define GEN_PASS_DEF_CONVERTCUDATILETOTILEAA
#include "Conversion/Passes.h.inc"
} // namespace mlir::tilecc

using namespace mlir;
using namespace mlir::tilecc;

void mlir::tilecc::populateCudaTileToTileAAPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    const CudaTileToTileAAOptions &options) {
  populateCudaTileStructureToTileAAPatterns(typeConverter, patterns, options);
  populateCudaTileArithToTileAAPatterns(typeConverter, patterns);
  populateCudaTileCastToTileAAPatterns(typeConverter, patterns);
  populateCudaTileShapeToTileAAPatterns(typeConverter, patterns);
  populateCudaTileMemoryToTileAAPatterns(typeConverter, patterns);
  populateCudaTileControlFlowToTileAAPatterns(typeConverter, patterns);
  populateCudaTileMiscToTileAAPatterns(typeConverter, patterns);
  populateCudaTileReductionToTileAAPatterns(typeConverter, patterns);
  populateCudaTileAllocaToTileAAPatterns(typeConverter, patterns);
  populateCudaTileSyncToTileAAPatterns(typeConverter, patterns, options);
}

/// Rejects, with one located error each, the cuda_tile ops that no pattern
/// handles and the types that have no lowering, so that conversion never
/// starts on input it cannot finish. Terminators and combiner bodies are
/// rewritten by the pattern of their parent.
static LogicalResult checkSupported(ModuleOp module,
                                    RewritePatternSet &patterns,
                                    const TypeConverter &converter) {
  llvm::StringSet<> handled;
  for (const auto &pattern : patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      handled.insert(root->getStringRef());
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<cuda_tile::CudaTileDialect>(op->getDialect()))
      return WalkResult::advance();
    // The dialect accepts any non-tile kernel parameter; tilecc passes
    // scalar tiles (tensor views were flattened to them above).
    if (auto entry = dyn_cast<cuda_tile::EntryOp>(op)) {
      for (auto [i, type] : llvm::enumerate(entry.getArgumentTypes())) {
        if (isa<cuda_tile::TileType>(type))
          continue;
        entry.emitOpError() << "parameter #" << i << " of type " << type
                            << " is not supported by tilecc yet (kernel "
                               "parameters are scalar tiles and tensor views)";
        ok = false;
        return WalkResult::skip();
      }
    }
    if (!handled.contains(op->getName().getStringRef())) {
      op->emitError() << "'" << op->getName()
                      << "' is not supported by tilecc yet";
      ok = false;
      return WalkResult::skip();
    }
    auto checkType = [&](Type type) {
      if (converter.convertType(type))
        return true;
      op->emitError() << "type " << type << " of '" << op->getName()
                      << "' is not supported by tilecc yet";
      ok = false;
      return false;
    };
    for (Type type : op->getResultTypes())
      if (!checkType(type))
        return WalkResult::skip();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type type : block.getArgumentTypes())
          if (!checkType(type))
            return WalkResult::skip();
    return WalkResult::advance();
  });
  return success(ok);
}

/// Resolves each load's `latency` hint for `arch` into kLatencyHintAttr on
/// the op, which the load patterns carry onto the nv_tileaa load.
static void resolveLatencyHints(ModuleOp module, StringRef arch) {
  // Hints are keyed by the base architecture (sm_100 for sm_100a/f).
  if (arch.ends_with("a") || arch.ends_with("f"))
    arch = arch.drop_back();
  Builder b(module.getContext());
  auto resolve = [&](Operation *op, cuda_tile::OptimizationHintsAttr hints) {
    if (!hints)
      return;
    if (std::optional<int64_t> latency = hints.getIntHint(arch, "latency"))
      op->setAttr(kLatencyHintAttr, b.getI32IntegerAttr(*latency));
  };
  module.walk([&](cuda_tile::LoadViewTkoOp op) {
    resolve(op, op.getOptimizationHintsAttr());
  });
  module.walk([&](cuda_tile::LoadPtrTkoOp op) {
    resolve(op, op.getOptimizationHintsAttr());
  });
}

namespace {
struct ConvertCudaTileToTileAAPass
    : mlir::tilecc::impl::ConvertCudaTileToTileAABase<ConvertCudaTileToTileAAPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    ModuleOp module = getOperation();
    CudaTileToTileAATypeConverter typeConverter(
        context, needsGenericPointers(module) ? kGenericAddressSpace
                                              : kGlobalAddressSpace);
    RewritePatternSet patterns(context);
    CudaTileToTileAAOptions options;
    options.arch = arch;
    populateCudaTileToTileAAPatterns(typeConverter, patterns, options);
    flattenCudaTileViewArguments(module);
    if (failed(expandStridedAndGatherViewAccesses(module)))
      return signalPassFailure();
    if (failed(expandByteRepacks(module)))
      return signalPassFailure();
    if (failed(checkTargetFeatures(module, arch)))
      return signalPassFailure();
    if (failed(checkSupported(module, patterns, typeConverter)))
      return signalPassFailure();
    numberAllocas(module);
    resolveLatencyHints(module, arch);
    normalizeCudaTileEarlyExits(module);
    rootUntokenedAccesses(module);

    ConversionTarget target(*context);
    target.addLegalDialect<nv_tileaa::TileAADialect, arith::ArithDialect,
                           math::MathDialect, scf::SCFDialect,
                           tensor::TensorDialect, ub::UBDialect,
                           NVVM::NVVMDialect>();
    target.addIllegalDialect<cuda_tile::CudaTileDialect>();
    target.addLegalOp<ModuleOp>();
    // Poison standing for a cuda_tile value (exitLoopsOnReturns).
    target.addDynamicallyLegalOp<ub::PoisonOp>(
        [&](ub::PoisonOp op) { return typeConverter.isLegal(op.getType()); });
    // A pattern that rejects its op reports why; the driver's generic
    // "failed to legalize" that follows would only repeat it.
    bool reported = false;
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      if (reported && StringRef(diag.str()).starts_with("failed to legalize"))
        return success();
      reported = true;
      return failure();
    });
    if (failed(applyFullConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    freeHeapAllocasAtScopeExits(module);
  }
};
} // namespace
