//===- ConvertTileASToLLVM.cpp - convert-tileas-to-llvm -------------------===//
//
// Three steps: declare the shared buffers tileas-plan-memory placed and turn
// warp roles into a branch on the warpgroup (WarpRoles.h), lower scf to cf
// (so tile-valued loop and branch values become block arguments),
// then one conversion to the llvm/nvvm dialects with the per-thread value
// model, followed by cancelling the value model's cast pairs.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Passes.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/DynamicShared.h"
#include "Conversion/TileASToLLVM/FragmentLoadSinking.h"
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"
#include "Conversion/TileASToLLVM/WarpRoles.h"

#include "Target/TargetInfo.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::tilecc {
#define GEN_PASS_DEF_CONVERTTILEASTOLLVM
#include "Conversion/TileASToLLVM/Passes.h.inc"
} // namespace mlir::tilecc

using namespace mlir;
using namespace mlir::tilecc;

/// Declares the shared buffers tileas-plan-memory placed (scratch reused by
/// op after op, buffers of their own), in its order at the top of the
/// module, and checks that every shared-memory global was placed too.
/// Returns each buffer's planned offset (where dynamic shared memory puts
/// it), or fails with a located error when the plan is missing.
static FailureOr<SharedPlacement> materializeSharedPlan(ModuleOp module) {
  SharedPlacement placement;
  auto plan =
      module->getAttrOfType<DictionaryAttr>(nv_tileas::kMemoryPlanAttrName);
  bool missing = false;
  module.walk([&](nv_tileas::GlobalOp global) {
    if (global.getAddressSpace() != 3)
      return;
    std::optional<nv_tileas::SharedSlice> slice =
        nv_tileas::getSharedSlice(global);
    if (!slice || !plan) {
      global.emitError("shared-memory global @")
          << global.getSymName()
          << " has no place in the memory plan (run tileas-plan-memory)";
      missing = true;
      return;
    }
    placement.offsets[global.getSymName()] = slice->offset;
  });
  if (missing)
    return failure();
  if (!plan)
    return placement;
  // Consumed here: the LLVM module carries no nv_tileas attributes.
  module->removeAttr(nv_tileas::kMemoryPlanAttrName);
  auto buffers = plan.getAs<ArrayAttr>("buffers");
  auto dynamic = plan.getAs<BoolAttr>("dynamic");
  if (!buffers || !dynamic)
    return module.emitError("malformed ")
           << nv_tileas::kMemoryPlanAttrName << ": " << plan;
  if (dynamic.getValue()) {
    auto bytes = plan.getAs<IntegerAttr>("dynamic_bytes");
    auto alignment = plan.getAs<IntegerAttr>("alignment");
    if (!bytes || !alignment)
      return module.emitError("malformed ")
             << nv_tileas::kMemoryPlanAttrName << ": " << plan;
    placement.dynamicBytes = bytes.getInt();
    placement.alignment = alignment.getInt();
  }
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (Attribute attr : buffers) {
    auto buffer = dyn_cast<DictionaryAttr>(attr);
    auto name = buffer ? buffer.getAs<StringAttr>("name") : StringAttr();
    auto bytes = buffer ? buffer.getAs<IntegerAttr>("bytes") : IntegerAttr();
    auto align = buffer ? buffer.getAs<IntegerAttr>("alignment") : IntegerAttr();
    auto offset = buffer ? buffer.getAs<IntegerAttr>("offset") : IntegerAttr();
    if (!name || !bytes || !align || !offset)
      return module.emitError("malformed shared buffer in ")
             << nv_tileas::kMemoryPlanAttrName << ": " << attr;
    LLVM::GlobalOp::create(
        b, module.getLoc(),
        LLVM::LLVMArrayType::get(b.getI8Type(), bytes.getInt()),
        /*isConstant=*/false, LLVM::Linkage::Internal, name.getValue(),
        Attribute(), align.getInt(), /*addrSpace=*/3);
    placement.offsets[name.getValue()] = offset.getInt();
  }
  return placement;
}

namespace {
/// ceildivui(a, b) = a == 0 ? 0 : (a - 1) / b + 1 (no overflow for any a).
struct ExpandCeilDivUI : OpRewritePattern<arith::CeilDivUIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::CeilDivUIOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
    Value one = arith::ConstantOp::create(rewriter, loc, rewriter.getOneAttr(type));
    Value isZero = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                         op.getLhs(), zero);
    Value minusOne = arith::SubIOp::create(rewriter, loc, op.getLhs(), one);
    Value quotient = arith::DivUIOp::create(rewriter, loc, minusOne, op.getRhs());
    Value plusOne = arith::AddIOp::create(rewriter, loc, quotient, one);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isZero, zero, plusOne);
    return success();
  }
};

struct ConvertTileASToLLVMPass
    : public mlir::tilecc::impl::ConvertTileASToLLVMBase<ConvertTileASToLLVMPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    std::optional<::tilecc::TargetInfo> target = ::tilecc::parseTarget(arch);
    if (!target) {
      module.emitError() << "unsupported target '" << arch << "'";
      return signalPassFailure();
    }
    // Every tile must say which thread holds which element.
    WalkResult unencoded = module.walk([](Operation *op) {
      for (Value v : op->getResults())
        if (isa<RankedTensorType>(v.getType()) &&
            !nv_tileas::LinearEncodingAttr::of(v.getType())) {
          op->emitError("tile has no layout encoding (run "
                        "tileas-assign-layouts first): ")
              << v.getType();
          return WalkResult::interrupt();
        }
      return WalkResult::advance();
    });
    if (unencoded.wasInterrupted())
      return signalPassFailure();
    FailureOr<SharedPlacement> placement = materializeSharedPlan(module);
    if (failed(placement))
      return signalPassFailure();
    insertGenericWriteBarriers(module);
    // Warp roles become a branch on the warpgroup before scf becomes cf.
    WarpRoles roles;
    if (failed(materializeWarpRoles(module, roles)))
      return signalPassFailure();

    {
      // Integer ceil/floor divisions (index arithmetic of tiled views) have
      // no LLVM lowering of their own: expand them into plain arith first.
      RewritePatternSet patterns(ctx);
      arith::populateCeilFloorDivExpandOpsPatterns(patterns);
      patterns.add<ExpandCeilDivUI>(ctx);
      populateNarrowConstantToBitsPatterns(patterns);
      // A plain walk: no folding or dead-code removal before the lowering.
      walkAndApplyPatterns(module, std::move(patterns));
    }
    {
      RewritePatternSet patterns(ctx);
      populateSCFToControlFlowConversionPatterns(patterns);
      ConversionTarget cfTarget(*ctx);
      cfTarget.addIllegalDialect<scf::SCFDialect>();
      cfTarget.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
      if (failed(applyPartialConversion(module, cfTarget, std::move(patterns))))
        return signalPassFailure();
    }

    TileASToLLVMTypeConverter converter(ctx);
    RewritePatternSet patterns(ctx);
    populateTileASFuncToLLVMPatterns(converter, patterns, numWarps, roles);
    populateTileASTmaToLLVMPatterns(converter, patterns, numWarps, roles);
    populateTileASElementwiseToLLVMPatterns(converter, patterns);
    populateTileASExtensionToLLVMPatterns(converter, patterns);
    populateTileASCallToLLVMPatterns(converter, patterns);
    populateTileASMemoryToLLVMPatterns(converter, patterns);
    populateTileASPointerToLLVMPatterns(converter, patterns);
    populateTileASAtomicToLLVMPatterns(converter, patterns);
    populateTileASSliceToLLVMPatterns(converter, patterns);
    populateTileASAssertToLLVMPatterns(converter, patterns);
    populateTileASHeapToLLVMPatterns(converter, patterns);
    populateTileASCancelToLLVMPatterns(converter, patterns, *target);
    populateTileASGlobalToLLVMPatterns(converter, patterns);
    populateTileASLayoutToLLVMPatterns(converter, patterns);
    populateTileASReduceToLLVMPatterns(converter, patterns);
    populateTileASScanToLLVMPatterns(converter, patterns);
    populateTileASFloatModeToLLVMPatterns(converter, patterns);
    populateTileASDotToLLVMPatterns(converter, patterns);
    populateTileASWarpgroupTurnsToLLVMPatterns(converter, patterns);
    populateTileASBlockScaledMmaSyncToLLVMPatterns(converter, patterns, *target);
    populateTileASLowPrecisionToLLVMPatterns(converter, patterns, *target);
    populateTileASTcgen05BlockScaledToLLVMPatterns(converter, patterns, *target);
    populateTileASTcgen05DotToLLVMPatterns(converter, patterns, *target);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    // Scalar math: libdevice (__nv_expf, ...) first, since NVPTX selects no
    // instruction for most transcendental intrinsics; LLVM intrinsics for the
    // rest. Tile math was scalarized by the patterns above.
    populateLibDeviceConversionPatterns(converter, patterns, /*benefit=*/3);
    populateMathToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    // ub.poison (the placeholders scf.while gets for a loop's break values):
    // llvm.mlir.poison of the converted type, so tiles get a poison struct.
    ub::populateUBToLLVMConversionPatterns(converter, patterns);

    ConversionTarget llvmTarget(*ctx);
    llvmTarget.addLegalDialect<LLVM::LLVMDialect, NVVM::NVVMDialect>();
    llvmTarget.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();
    llvmTarget.addIllegalDialect<nv_tileas::TileASDialect,
                                 nv_tileaa::TileAADialect, arith::ArithDialect,
                                 math::MathDialect, cf::ControlFlowDialect,
                                 gpu::GPUDialect, tensor::TensorDialect,
                                 ub::UBDialect>();
    if (failed(applyPartialConversion(module, llvmTarget, std::move(patterns))))
      return signalPassFailure();

    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp op) { casts.push_back(op); });
    SmallVector<UnrealizedConversionCastOp> remaining;
    reconcileUnrealizedCasts(casts, &remaining);
    if (!remaining.empty()) {
      remaining.front().emitError("value could not be lowered to LLVM");
      return signalPassFailure();
    }
    countConsumerBarriers(module, roles);
    // Before the buffers move into dynamic shared memory: each one is still
    // a global of its own there.
    sinkFragmentLoads(module);
    if (failed(placeSharedInDynamicMemory(module, *placement)))
      return signalPassFailure();
  }
};
} // namespace
