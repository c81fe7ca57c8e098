//===- PointerPatterns.cpp - pointers, pointer accesses, make_range -------===//
//
// Tiles of pointers hold one pointer per register; arithmetic on them and
// accesses through them are per register. A masked access is predicated,
// a masked-off load yields `other` (or zero).
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/ValueModel.h"
#include "TileAA/IR/TileAADialect.h"
#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

/// The registers of a converted operand: a tile's unpacked, a scalar
/// repeated `n` times.
static SmallVector<Value> registersOf(OpBuilder &b, Location loc,
                                      Value original, Value converted,
                                      unsigned n) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackRegisters(b, loc, converted);
  return SmallVector<Value>(n, converted);
}

static unsigned numRegistersOf(Type type) {
  if (auto tile = dyn_cast<RankedTensorType>(type))
    return getTileLayout(tile).getInDimSize("register");
  return 1;
}

/// Packs registers into the converted form of `type`.
static Value resultOf(OpBuilder &b, Location loc, const TypeConverter &tc,
                      Type type, ValueRange regs) {
  if (!isa<RankedTensorType>(type))
    return regs.front();
  return packRegisters(b, loc, tc.convertType(type), regs);
}

static Type pointeeOf(Type ptrOrTile) {
  return cast<nv_tileaa::PtrType>(getElementTypeOrSelf(ptrOrTile))
      .getPointeeType();
}

namespace {

struct MakeRangeLowering : OpConversionPattern<nv_tileas::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type structType = getTypeConverter()->convertType(op.getType());
    if (!structType)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    auto elem = cast<IntegerType>(
        cast<LLVM::LLVMStructType>(structType).getBody().front());
    SmallVector<Value> regs;
    for (auto &coords : getRegisterCoordinates(rewriter, loc,
                                               getTileLayout(op.getType()))) {
      Value v = LLVM::AddOp::create(rewriter, loc, coords[0],
                                    createI64(rewriter, loc, op.getStart()));
      if (elem.getWidth() < 64)
        v = LLVM::TruncOp::create(rewriter, loc, elem, v);
      regs.push_back(v);
    }
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

struct AddPtrLowering : OpConversionPattern<nv_tileas::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    unsigned n = numRegistersOf(op.getType());
    Type pointee = pointeeOf(op.getType());
    Type step = op.getBytes() ? rewriter.getI8Type()
                              : getTypeConverter()->convertType(pointee);
    // Sub-byte elements share bytes (f4E2M1FN two per byte): an element
    // offset advances offset * width / 8 bytes (an odd f4E2M1FN count names
    // no byte and rounds toward negative infinity).
    unsigned shift = 0;
    if (!op.getBytes() && pointee.isIntOrFloat() &&
        pointee.getIntOrFloatBitWidth() < 8 &&
        pointee.getIntOrFloatBitWidth() != 1) {
      shift = llvm::Log2_32(8 / pointee.getIntOrFloatBitWidth());
      step = rewriter.getI8Type();
    }
    SmallVector<Value> bases =
        registersOf(rewriter, loc, op.getBase(), adaptor.getBase(), n);
    SmallVector<Value> offsets =
        registersOf(rewriter, loc, op.getOffset(), adaptor.getOffset(), n);
    SmallVector<Value> regs;
    for (unsigned i = 0; i < n; ++i) {
      Value offset = offsets[i];
      if (shift)
        offset = LLVM::AShrOp::create(
            rewriter, loc, offset,
            LLVM::ConstantOp::create(
                rewriter, loc, offset.getType(),
                rewriter.getIntegerAttr(offset.getType(), shift)));
      regs.push_back(LLVM::GEPOp::create(rewriter, loc, bases[i].getType(),
                                         step, bases[i], ValueRange{offset}));
    }
    rewriter.replaceOp(op, resultOf(rewriter, loc, *getTypeConverter(),
                                    op.getType(), regs));
    return success();
  }
};

template <typename SrcOp, typename LLVMOp>
struct PtrCastLowering : OpConversionPattern<SrcOp> {
  using OpConversionPattern<SrcOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SrcOp op, typename SrcOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &tc = *this->getTypeConverter();
    unsigned n = numRegistersOf(op.getType());
    Type elem = tc.convertType(getElementTypeOrSelf(op.getType()));
    SmallVector<Value> regs;
    for (Value v : registersOf(rewriter, loc, op.getSrc(), adaptor.getSrc(), n))
      regs.push_back(LLVMOp::create(rewriter, loc, elem, v));
    rewriter.replaceOp(op, resultOf(rewriter, loc, tc, op.getType(), regs));
    return success();
  }
};

struct PtrLoadLowering : OpConversionPattern<nv_tileas::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &tc = *getTypeConverter();
    Type resultType = op.getResult().getType();
    unsigned n = numRegistersOf(resultType);
    Type elem = tc.convertType(getElementTypeOrSelf(resultType));
    if (!elem || !isAccessSupported(elem, 1))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr(), n);
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask(), n);
    if (op.getOther())
      others = registersOf(rewriter, loc, op.getOther(), adaptor.getOther(), n);
    else
      others.assign(n, LLVM::ZeroOp::create(rewriter, loc, elem));
    AccessQualifiers q = getAccessQualifiers(op);
    SmallVector<Value> regs;
    for (unsigned i = 0; i < n; ++i)
      regs.push_back(emitGlobalLoad(rewriter, loc, ptrs[i],
                                    masks.empty() ? Value() : masks[i],
                                    others[i], q)[0]);
    SmallVector<Value> results{resultOf(rewriter, loc, tc, resultType, regs)};
    if (op.getResultToken())
      results.push_back(LLVM::UndefOp::create(
          rewriter, loc, tc.convertType(op.getResultToken().getType())));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct PtrStoreLowering : OpConversionPattern<nv_tileas::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const TypeConverter &tc = *getTypeConverter();
    Type valueType = op.getValue().getType();
    unsigned n = numRegistersOf(valueType);
    Type elem = tc.convertType(getElementTypeOrSelf(valueType));
    if (!elem || !isAccessSupported(elem, 1))
      return rewriter.notifyMatchFailure(op, "unsupported element type");
    SmallVector<Value> ptrs =
        registersOf(rewriter, loc, op.getPtr(), adaptor.getPtr(), n);
    SmallVector<Value> values =
        registersOf(rewriter, loc, op.getValue(), adaptor.getValue(), n);
    SmallVector<Value> masks;
    if (op.getMask())
      masks = registersOf(rewriter, loc, op.getMask(), adaptor.getMask(), n);
    // Only one thread of those holding the same element stores it.
    DuplicateMasks dup;
    if (auto tile = dyn_cast<RankedTensorType>(valueType))
      dup = getDuplicateMasks(getTileLayout(tile));
    Value owner = getUniqueOwnerPredicate(rewriter, loc, dup);
    AccessQualifiers q = getAccessQualifiers(op);
    for (unsigned i = 0; i < n; ++i) {
      if (i & dup.reg)
        continue;
      Value pred =
          andPredicates(rewriter, loc, masks.empty() ? Value() : masks[i], owner);
      emitGlobalStore(rewriter, loc, ptrs[i], pred, values[i], q);
    }
    if (op.getResultToken())
      rewriter.replaceOp(op, LLVM::UndefOp::create(
                                 rewriter, loc,
                                 tc.convertType(op.getResultToken().getType())));
    else
      rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASPointerToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MakeRangeLowering, AddPtrLowering,
               PtrCastLowering<nv_tileas::IntToPtrOp, LLVM::IntToPtrOp>,
               PtrCastLowering<nv_tileas::PtrToIntOp, LLVM::PtrToIntOp>,
               PtrLoadLowering, PtrStoreLowering>(converter,
                                                  patterns.getContext());
}
