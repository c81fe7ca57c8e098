//===- ExtensionPatterns.cpp - per-element escape hatches -----------------===//
//
// The nv_tileas escape hatches are applied once per register (one element of
// each tile operand; scalar operands go to every instance):
//   - extern_elementwise: an llvm.call of the named device function, declared
//     external in the module (libdevice `__nv_*` functions are linked when
//     the module is translated);
//   - elementwise_inline_asm: an llvm.inline_asm with the op's constraints
//     (side-effecting unless `pure`); packed groups (packed_element > 1) are
//     refused;
//   - call_elementwise_intrinsic: an llvm.call_intrinsic of the named
//     intrinsic.
// Tile operands and results share one layout (the op is elementwise for the
// layout pass), so register r of each is the same element.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/ValueModel.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {

/// Per-register operands of an elementwise op, its scalar result types and
/// (for tile results) the struct types to pack them into.
struct Unrolled {
  unsigned numRegs = 1;
  SmallVector<SmallVector<Value>> operands; // [operand][register]
  SmallVector<Type> scalarTypes;            // per result, LLVM scalar type
  SmallVector<Type> structTypes;            // per result, null for scalars
};

FailureOr<Unrolled> unroll(Operation *op, ValueRange converted,
                           const TypeConverter &converter,
                           ConversionPatternRewriter &rewriter) {
  Unrolled u;
  Location loc = op->getLoc();
  std::optional<::tilecc::layout::LinearLayout> layout;
  for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                      op->getResultTypes())) {
    auto tile = dyn_cast<RankedTensorType>(type);
    if (!tile)
      continue;
    if (!tile.getEncoding())
      return rewriter.notifyMatchFailure(op, "tile without layout");
    auto tileLayout = getTileLayout(tile);
    if (layout && *layout != tileLayout) {
      op->emitOpError("expects its tiles in one layout");
      return failure();
    }
    layout = tileLayout;
    u.numRegs = tileLayout.getInDimSize("register");
  }
  for (auto [original, value] : llvm::zip(op->getOperands(), converted)) {
    if (isa<RankedTensorType>(original.getType()))
      u.operands.push_back(unpackRegisters(rewriter, loc, value));
    else
      u.operands.emplace_back(u.numRegs, value);
  }
  for (Type type : op->getResultTypes()) {
    Type llvmType = converter.convertType(type);
    if (!llvmType)
      return rewriter.notifyMatchFailure(op, "result type");
    if (auto structType = dyn_cast<LLVM::LLVMStructType>(llvmType)) {
      u.structTypes.push_back(structType);
      u.scalarTypes.push_back(structType.getBody().front());
    } else {
      u.structTypes.push_back(Type());
      u.scalarTypes.push_back(llvmType);
    }
  }
  return u;
}

/// Replaces `op` with per-result register lists (packed for tile results).
void replaceWithRegisters(Operation *op, const Unrolled &u,
                          ArrayRef<SmallVector<Value>> results,
                          ConversionPatternRewriter &rewriter) {
  SmallVector<Value> values;
  for (auto [i, regs] : llvm::enumerate(results))
    values.push_back(u.structTypes[i]
                         ? packRegisters(rewriter, op->getLoc(),
                                         u.structTypes[i], regs)
                         : regs.front());
  rewriter.replaceOp(op, values);
}

SmallVector<Value> registerArgs(const Unrolled &u, unsigned r) {
  SmallVector<Value> args;
  for (const SmallVector<Value> &regs : u.operands)
    args.push_back(regs[r]);
  return args;
}

struct ExternElementwiseLowering
    : OpConversionPattern<nv_tileas::ExternElementwiseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ExternElementwiseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Unrolled> u =
        unroll(op, adaptor.getOperands(), *getTypeConverter(), rewriter);
    if (failed(u))
      return failure();
    SmallVector<Type> argTypes;
    for (const SmallVector<Value> &regs : u->operands)
      argTypes.push_back(regs.front().getType());
    auto fnType = LLVM::LLVMFunctionType::get(u->scalarTypes.front(), argTypes);
    // One external declaration per symbol; a clash of signatures is an error.
    auto module = op->getParentOfType<ModuleOp>();
    Operation *existing = module.lookupSymbol(op.getSymbol());
    LLVM::LLVMFuncOp callee = dyn_cast_if_present<LLVM::LLVMFuncOp>(existing);
    if (existing && (!callee || callee.getFunctionType() != fnType))
      return op.emitOpError("symbol '")
             << op.getSymbol() << "' is already defined with another type";
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      callee = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymbol(),
                                        fnType);
    }
    SmallVector<SmallVector<Value>> results(1);
    for (unsigned r = 0; r < u->numRegs; ++r)
      results[0].push_back(
          LLVM::CallOp::create(rewriter, op.getLoc(), callee,
                               registerArgs(*u, r))
              .getResult());
    replaceWithRegisters(op, *u, results, rewriter);
    return success();
  }
};

struct ElementwiseInlineAsmLowering
    : OpConversionPattern<nv_tileas::ElementwiseInlineAsmOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ElementwiseInlineAsmOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPackedElement() != 1)
      return op.emitOpError("with packed_element ")
             << op.getPackedElement()
             << " (several elements per asm instance) is not supported by "
                "tilecc";
    FailureOr<Unrolled> u =
        unroll(op, adaptor.getOperands(), *getTypeConverter(), rewriter);
    if (failed(u))
      return failure();
    Location loc = op.getLoc();
    unsigned numResults = op.getNumResults();
    Type asmType = numResults == 1
                       ? u->scalarTypes.front()
                       : LLVM::LLVMStructType::getLiteral(getContext(),
                                                          u->scalarTypes);
    SmallVector<SmallVector<Value>> results(numResults);
    for (unsigned r = 0; r < u->numRegs; ++r) {
      auto asmOp = createInlinePtx(rewriter, loc, asmType, registerArgs(*u, r),
                                   op.getAsmString(), op.getConstraints(),
                                   !op.getPure());
      for (unsigned i = 0; i < numResults; ++i)
        results[i].push_back(
            numResults == 1
                ? asmOp.getResult(0)
                : LLVM::ExtractValueOp::create(rewriter, loc, asmOp.getResult(0),
                                               i)
                      .getResult());
    }
    replaceWithRegisters(op, *u, results, rewriter);
    return success();
  }
};

struct CallElementwiseIntrinsicLowering
    : OpConversionPattern<nv_tileas::CallElementwiseIntrinsicOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::CallElementwiseIntrinsicOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Unrolled> u =
        unroll(op, adaptor.getOperands(), *getTypeConverter(), rewriter);
    if (failed(u))
      return failure();
    SmallVector<SmallVector<Value>> results(1);
    for (unsigned r = 0; r < u->numRegs; ++r)
      results[0].push_back(
          LLVM::CallIntrinsicOp::create(rewriter, op.getLoc(),
                                        u->scalarTypes.front(),
                                        op.getIntrinsicAttr(),
                                        registerArgs(*u, r))
              .getResult(0));
    replaceWithRegisters(op, *u, results, rewriter);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASExtensionToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ExternElementwiseLowering, ElementwiseInlineAsmLowering,
               CallElementwiseIntrinsicLowering>(converter,
                                                 patterns.getContext());
}
