//===- ElementwisePatterns.cpp - elementwise ops on tiles -----------------===//
//
// An elementwise op on tiles becomes the same op once per register, on
// scalars; the scalar ops are then lowered by the upstream arith/math
// patterns. Scalar operands of a tile op (none in arith, but select's
// condition may be one) apply to every register.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/ValueModel.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tilecc;

static bool hasTileResult(Operation *op) {
  return llvm::any_of(op->getResultTypes(), [](Type t) {
    return isa<RankedTensorType>(t);
  });
}

/// `value` (already converted) seen with the unconverted scalar type
/// `type`; the cast pairs cancel in reconcile-unrealized-casts.
static Value castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return UnrealizedConversionCastOp::create(b, loc, type, value).getResult(0);
}

namespace {

struct ElementwiseLowering : ConversionPattern {
  ElementwiseLowering(const TypeConverter &converter, MLIRContext *ctx)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp>(op) || !hasTileResult(op) ||
        op->getNumRegions() != 0)
      return failure();
    Location loc = op->getLoc();
    auto firstTile = cast<RankedTensorType>(op->getResult(0).getType());
    unsigned numRegs = getTileLayout(firstTile).getInDimSize("register");
    // Registers of every operand: tiles unpacked, scalars repeated.
    SmallVector<SmallVector<Value>> regs;
    for (auto [original, converted] : llvm::zip(op->getOperands(), operands)) {
      auto tile = dyn_cast<RankedTensorType>(original.getType());
      if (!tile) {
        regs.emplace_back(numRegs, castTo(rewriter, loc, converted,
                                          original.getType()));
        continue;
      }
      if (getTileLayout(tile) != getTileLayout(firstTile))
        return rewriter.notifyMatchFailure(op, "operands in different layouts");
      SmallVector<Value> unpacked = unpackRegisters(rewriter, loc, converted);
      for (Value &v : unpacked)
        v = castTo(rewriter, loc, v, tile.getElementType());
      regs.push_back(std::move(unpacked));
    }
    SmallVector<Type> scalarTypes;
    for (Type t : op->getResultTypes())
      scalarTypes.push_back(getElementTypeOrSelf(t));
    SmallVector<SmallVector<Value>> results(op->getNumResults());
    for (unsigned r = 0; r < numRegs; ++r) {
      OperationState state(loc, op->getName());
      for (auto &operandRegs : regs)
        state.addOperands(operandRegs[r]);
      state.addTypes(scalarTypes);
      state.addAttributes(op->getAttrs());
      Operation *scalar = rewriter.create(state);
      for (unsigned i = 0; i < op->getNumResults(); ++i)
        results[i].push_back(scalar->getResult(i));
    }
    SmallVector<Value> packed;
    for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
      Type structType = getTypeConverter()->convertType(type);
      if (!structType)
        return rewriter.notifyMatchFailure(op, "tile without layout");
      auto fields = cast<LLVM::LLVMStructType>(structType).getBody();
      SmallVector<Value> converted;
      for (Value v : results[i])
        converted.push_back(castTo(rewriter, loc, v, fields.front()));
      packed.push_back(packRegisters(rewriter, loc, structType, converted));
    }
    rewriter.replaceOp(op, packed);
    return success();
  }
};

/// A splat tile constant: the same constant in every register.
struct TileConstantLowering : OpConversionPattern<arith::ConstantOp> {
  TileConstantLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return op.emitError("only splat tile constants can be lowered");
    Type structType = getTypeConverter()->convertType(type);
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    Location loc = op.getLoc();
    Value scalar = arith::ConstantOp::create(rewriter, loc,
                                             dense.getSplatValue<TypedAttr>());
    Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
    Value reg = castTo(rewriter, loc, scalar, field);
    unsigned n = cast<LLVM::LLVMStructType>(structType).getBody().size();
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType,
                                         SmallVector<Value>(n, reg)));
    return success();
  }
};

struct SplatLowering : OpConversionPattern<tensor::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tensor::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    unsigned n = cast<LLVM::LLVMStructType>(structType).getBody().size();
    rewriter.replaceOp(op, packRegisters(rewriter, op.getLoc(), structType,
                                         SmallVector<Value>(n, adaptor.getInput())));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASElementwiseToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ElementwiseLowering, TileConstantLowering, SplatLowering>(
      converter, patterns.getContext());
}
