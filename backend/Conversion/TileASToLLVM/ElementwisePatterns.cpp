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
    if (!isa_and_present<arith::ArithDialect, math::MathDialect>(
            op->getDialect()) ||
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

/// Tile constants: a splat puts the same constant in every register; any
/// other value is read from a constant global table at each register's
/// row-major element index.
struct TileConstantLowering : OpConversionPattern<arith::ConstantOp> {
  TileConstantLowering(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern(converter, ctx, /*benefit=*/2) {}
  LogicalResult
  matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    Type structType = getTypeConverter()->convertType(type);
    if (!dense || !structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    Location loc = op.getLoc();
    Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
    unsigned n = cast<LLVM::LLVMStructType>(structType).getBody().size();
    if (dense.isSplat()) {
      Value scalar = arith::ConstantOp::create(
          rewriter, loc, dense.getSplatValue<TypedAttr>());
      Value reg = castTo(rewriter, loc, scalar, field);
      rewriter.replaceOp(op, packRegisters(rewriter, loc, structType,
                                           SmallVector<Value>(n, reg)));
      return success();
    }
    // The table: the constant's elements in row-major order (i1 as bytes).
    auto module = op->getParentOfType<ModuleOp>();
    bool isBool = field.isInteger(1);
    Type memType = isBool ? rewriter.getI8Type() : field;
    auto arrayType = LLVM::LLVMArrayType::get(memType, type.getNumElements());
    auto flatType = RankedTensorType::get({type.getNumElements()}, memType);
    DenseElementsAttr flat;
    if (isBool) {
      SmallVector<APInt> bytes;
      for (bool b : dense.getValues<bool>())
        bytes.push_back(APInt(8, b));
      flat = DenseElementsAttr::get(flatType, bytes);
    } else {
      flat = dense.reshape(flatType);
    }
    LLVM::GlobalOp table;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      std::string name = "tilecc_const";
      for (unsigned i = 0; module.lookupSymbol(name); ++i)
        name = "tilecc_const_" + std::to_string(i);
      table = LLVM::GlobalOp::create(rewriter, loc, arrayType,
                                     /*isConstant=*/true,
                                     LLVM::Linkage::Internal, name, flat,
                                     /*alignment=*/16, /*addrSpace=*/1);
    }
    Value base = LLVM::AddressOfOp::create(rewriter, loc, table);
    SmallVector<SmallVector<Value>> coords =
        getRegisterCoordinates(rewriter, loc, getTileLayout(type));
    SmallVector<Value> regs;
    for (auto &c : coords) {
      Value linear = createI64(rewriter, loc, 0);
      for (unsigned d = 0; d < c.size(); ++d)
        linear = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, linear,
                                createI64(rewriter, loc, type.getShape()[d])),
            c[d]);
      Value addr = LLVM::GEPOp::create(rewriter, loc, base.getType(), memType,
                                       base, ValueRange{linear});
      Value v = LLVM::LoadOp::create(rewriter, loc, memType, addr);
      regs.push_back(isBool ? Value(LLVM::TruncOp::create(rewriter, loc, field, v))
                            : v);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
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
