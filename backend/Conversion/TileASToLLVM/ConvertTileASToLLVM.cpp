//===- ConvertTileASToLLVM.cpp - convert-tileas-to-llvm -------------------===//
//
// Three steps: size the shared scratch buffer layout conversions need, lower
// scf to cf (so tile-valued loop and branch values become block arguments),
// then one conversion to the llvm/nvvm dialects with the per-thread value
// model, followed by cancelling the value model's cast pairs.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/Passes.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/DynamicShared.h"
#include "Conversion/TileASToLLVM/FragmentLoadSinking.h"
#include "Conversion/TileASToLLVM/SharedStaging.h"
#include "Conversion/TileASToLLVM/Tcgen05Staging.h"

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
#include "llvm/ADT/StringExtras.h"

namespace mlir::tilecc {
#define GEN_PASS_DEF_CONVERTTILEASTOLLVM
#include "Conversion/TileASToLLVM/Passes.h.inc"
} // namespace mlir::tilecc

using namespace mlir;
using namespace mlir::tilecc;

/// Creates the shared scratch buffer for the largest layout conversion or
/// cross-warp reduction, after checking that it and the module's shared
/// globals (cp.async rings, alloca scratch) fit the target's shared memory:
/// static shared memory where ptxas accepts it, else dynamic shared memory
/// (marked on the module, placed after the conversion).
static LogicalResult createScratchBuffer(ModuleOp module,
                                         const ::tilecc::TargetInfo &target) {
  // More must be dynamic shared memory, which ptxas refuses as static.
  int64_t limit = target.getStaticSharedMemoryLimit();
  {
    // What the shared scratch needs besides conversions through shared
    // memory, which may get buffers of their own.
    int64_t others = 0;
    module.walk([&](Operation *op) {
      if (auto global = dyn_cast<nv_tileas::GlobalOp>(op)) {
        auto type = dyn_cast<RankedTensorType>(global.getType());
        if (global.getAddressSpace() == 3 && type && type.hasStaticShape() &&
            type.getElementType().isIntOrFloat())
          others += type.getNumElements() *
                    std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      }
    });
    int64_t scratch = 0;
    module.walk([&](Operation *op) {
      auto convert = dyn_cast<nv_tileas::ConvertLayoutOp>(op);
      if (convert && convertLayoutUsesShared(convert))
        return;
      scratch = std::max({scratch, getConvertLayoutScratchBytes(op),
                          getReduceScratchBytes(op), getScanScratchBytes(op),
                          getAtomicScratchBytes(op), getSliceScratchBytes(op),
                          getTcgen05BlockScaledScratchBytes(op, target),
                          getTcgen05DotScratchBytes(op, target),
                          getWgmmaScratchBytes(op)});
    });
    planSeparateScratchBuffers(module, others + scratch, limit);
  }
  int64_t bytes = 0, globals = 0, largestGlobalBytes = 0;
  SmallVector<std::pair<std::string, int64_t>> sharedBuffers;
  Operation *largest = nullptr, *largestGlobal = nullptr;
  // wgmma reads B from the scratch buffer in a swizzle that repeats every
  // 1024 bytes.
  bool wgmmaScratch = false;
  module.walk([&](Operation *op) {
    if (auto global = dyn_cast<nv_tileas::GlobalOp>(op)) {
      auto type = dyn_cast<RankedTensorType>(global.getType());
      if (global.getAddressSpace() == 3 && type && type.hasStaticShape() &&
          type.getElementType().isIntOrFloat()) {
        int64_t size = type.getNumElements() *
                       std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
        globals += size;
        sharedBuffers.push_back({global.getSymName().str(), size});
        if (size > largestGlobalBytes) {
          largestGlobalBytes = size;
          largestGlobal = op;
        }
      }
      return;
    }
    if (auto global = dyn_cast<LLVM::GlobalOp>(op)) {
      // Conversions' own buffers.
      auto type = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() == 3 && type) {
        globals += type.getNumElements();
        sharedBuffers.push_back(
            {global.getSymName().str(), int64_t(type.getNumElements())});
      }
      return;
    }
    int64_t need = std::max({getConvertLayoutScratchBytes(op),
                             getReduceScratchBytes(op), getScanScratchBytes(op),
                             getAtomicScratchBytes(op),
                             getSliceScratchBytes(op),
                             getTcgen05BlockScaledScratchBytes(op, target),
                             getTcgen05DotScratchBytes(op, target),
                             getWgmmaScratchBytes(op)});
    if (getWgmmaScratchBytes(op))
      wgmmaScratch = true;
    if (need > bytes) {
      bytes = need;
      largest = op;
    }
  });
  int64_t total = bytes + globals;
  if (total > target.sharedMemoryPerBlock) {
    // Point at the largest single need and name every buffer to shrink.
    Operation *at = bytes >= largestGlobalBytes ? largest : largestGlobal;
    // The first part is ptxas's wording, which Triton's autotuner parses
    // (used and maximum bytes in hex) to skip configurations that do not fit.
    InFlightDiagnostic diag =
        (at ? at->emitError() : module.emitError())
        << "kernel uses too much shared data (0x"
        << llvm::utohexstr(total, /*LowerCase=*/true) << " bytes, 0x"
        << llvm::utohexstr(target.sharedMemoryPerBlock, /*LowerCase=*/true)
        << " max): it needs " << total
        << " bytes of shared memory, more than the "
        << target.sharedMemoryPerBlock << " one CTA may use on "
        << target.getName() << ": ";
    SmallVector<std::string> parts;
    if (largest) {
      std::string part;
      llvm::raw_string_ostream os(part);
      os << bytes << " to stage the tiles of '" << largest->getName() << "'";
      if (largest->getNumResults()) {
        Type type = largest->getResult(0).getType();
        if (auto tensor = dyn_cast<RankedTensorType>(type)) // no layout
          type = RankedTensorType::get(tensor.getShape(),
                                       tensor.getElementType());
        os << " (" << type << ")";
      }
      if (largest == at)
        os << " here";
      parts.push_back(part);
    }
    for (const auto &[name, size] : sharedBuffers)
      parts.push_back(std::to_string(size) + " for shared buffer @" + name);
    diag << llvm::join(parts, ", ");
    diag << "; shrink those tiles (tile shape or element type) or split the "
            "work";
    return diag;
  }
  // Past the static limit the buffers move to dynamic shared memory
  // (DynamicShared.cpp), which the launch passes and opts in to.
  if (total > limit)
    module->setAttr(kDynamicSharedAttr, UnitAttr::get(module.getContext()));
  if (bytes == 0)
    return success();
  OpBuilder b(module.getBodyRegion());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), bytes);
  LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/false,
                         LLVM::Linkage::Internal, kScratchSymbol, Attribute(),
                         /*alignment=*/wgmmaScratch ? 1024 : 16,
                         /*addrSpace=*/3);
  return success();
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
    if (failed(createScratchBuffer(module, *target)))
      return signalPassFailure();
    insertGenericWriteBarriers(module);
    markDrainOnlyAsyncWaits(module);

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
    populateTileASFuncToLLVMPatterns(converter, patterns, numWarps);
    populateTileASTmaToLLVMPatterns(converter, patterns, numWarps);
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
    // Before the buffers move into dynamic shared memory: each one is still
    // a global of its own there.
    sinkFragmentLoads(module);
    if (failed(placeSharedInDynamicMemory(module, *target)))
      return signalPassFailure();
  }
};
} // namespace
