//===- SlicePatterns.cpp - alloc_tensor, extract_slice, insert_slice ------===//
//
// Slices (cuda_tile extract and cat) move elements between threads in
// general, so they go through the shared scratch buffer: the owners of each
// element store it at its row-major offset in the larger tile, and every
// thread then loads the elements its result registers hold. Offsets may be
// dynamic; strides must be 1. An alloc_tensor has undefined contents.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/GlobalAccess.h"
#include "Conversion/TileASToLLVM/TileASToLLVM.h"
#include "Conversion/TileASToLLVM/ValueModel.h"

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

/// Bytes of one element in the scratch buffer (i1 travels as a byte).
static unsigned sliceElementBytes(Type elem) {
  return elem.isIntOrFloat() ? std::max(1u, elem.getIntOrFloatBitWidth() / 8)
                             : 8;
}

int64_t mlir::tilecc::getSliceScratchBytes(Operation *op) {
  RankedTensorType whole;
  if (auto extract = dyn_cast<nv_tileas::ExtractSliceOp>(op))
    whole = extract.getSource().getType();
  else if (auto insert = dyn_cast<nv_tileas::InsertSliceOp>(op))
    whole = insert.getDest().getType();
  else if (viewNeedsShared(op))
    whole = cast<RankedTensorType>(op->getOperand(0).getType());
  else
    return 0;
  return whole.getNumElements() * sliceElementBytes(whole.getElementType());
}

namespace {

/// The scratch buffer viewed as elements of `memType`, and how registers
/// map to addresses in it.
struct Scratch {
  Value base;
  Type memType;
  bool isBool = false;

  /// Addresses of the registers of `tile` placed at `offsets` (i64, one per
  /// dim) inside a row-major tile of shape `whole`.
  SmallVector<Value> addresses(OpBuilder &b, Location loc,
                               RankedTensorType tile, ArrayRef<int64_t> whole,
                               ArrayRef<Value> offsets) const {
    SmallVector<Value> result;
    for (auto &coords : getRegisterCoordinates(b, loc, getTileLayout(tile))) {
      Value linear = createI64(b, loc, 0);
      for (auto [d, c] : llvm::enumerate(coords)) {
        Value pos = offsets.empty() ? c : LLVM::AddOp::create(b, loc, c, offsets[d]);
        linear = LLVM::AddOp::create(
            b, loc, LLVM::MulOp::create(b, loc, linear, createI64(b, loc, whole[d])),
            pos);
      }
      result.push_back(LLVM::GEPOp::create(b, loc, base.getType(), memType,
                                           base, ValueRange{linear}));
    }
    return result;
  }

  /// Each element of `tile` stored once (owners only).
  void store(OpBuilder &b, Location loc, RankedTensorType tile,
             ArrayRef<Value> regs, ArrayRef<Value> addrs) const {
    DuplicateMasks dup = getDuplicateMasks(getTileLayout(tile));
    Value owner = getUniqueOwnerPredicate(b, loc, dup);
    for (auto [r, reg] : llvm::enumerate(regs)) {
      if (int32_t(r) & dup.reg)
        continue;
      Value v = isBool ? Value(LLVM::ZExtOp::create(b, loc, memType, reg)) : reg;
      if (owner)
        emitGlobalStore(b, loc, addrs[r], owner, v, AccessQualifiers());
      else
        LLVM::StoreOp::create(b, loc, v, addrs[r]);
    }
  }

  SmallVector<Value> load(OpBuilder &b, Location loc, Type field,
                          ArrayRef<Value> addrs) const {
    SmallVector<Value> regs;
    for (Value addr : addrs) {
      Value v = LLVM::LoadOp::create(b, loc, memType, addr);
      regs.push_back(isBool ? Value(LLVM::TruncOp::create(b, loc, field, v)) : v);
    }
    return regs;
  }
};

FailureOr<Scratch> getScratch(ConversionPatternRewriter &rewriter,
                              Operation *op, Type field) {
  LLVM::GlobalOp scratch = getScratchBufferOf(op);
  if (!scratch)
    return failure();
  Scratch s;
  s.isBool = field.isInteger(1);
  s.memType = s.isBool ? rewriter.getI8Type() : field;
  s.base = LLVM::AddressOfOp::create(rewriter, op->getLoc(), scratch);
  return s;
}

/// The slice's offsets as i64 values; fails on non-unit strides.
template <typename SliceOp>
FailureOr<SmallVector<Value>> sliceOffsets(ConversionPatternRewriter &rewriter,
                                           SliceOp op, ValueRange dynOffsets) {
  Location loc = op.getLoc();
  for (int64_t s : op.getStaticStrides())
    if (s != 1)
      return op.emitError("slices with non-unit strides are not supported");
  SmallVector<Value> offsets;
  unsigned dyn = 0;
  for (int64_t o : op.getStaticOffsets()) {
    if (!ShapedType::isDynamic(o)) {
      offsets.push_back(createI64(rewriter, loc, o));
      continue;
    }
    Value v = dynOffsets[dyn++];
    if (!v.getType().isInteger(64))
      v = LLVM::SExtOp::create(rewriter, loc, rewriter.getI64Type(), v);
    offsets.push_back(v);
  }
  return offsets;
}

} // namespace

/// A view keeps the row-major order of the elements: each is stored at its
/// row-major offset in the source shape and loaded at the same offset in the
/// result shape.
LogicalResult mlir::tilecc::lowerViewThroughShared(
    ConversionPatternRewriter &rewriter, Operation *view, Value source,
    Type resultStructType) {
  Location loc = view->getLoc();
  auto srcType = cast<RankedTensorType>(view->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(view->getResult(0).getType());
  Type field = cast<LLVM::LLVMStructType>(resultStructType).getBody().front();
  FailureOr<Scratch> scratch = getScratch(rewriter, view, field);
  if (failed(scratch))
    return failure();
  if (needsLeadingBarrier(view))
    NVVM::Barrier0Op::create(rewriter, loc);
  scratch->store(rewriter, loc, srcType, unpackRegisters(rewriter, loc, source),
                 scratch->addresses(rewriter, loc, srcType, srcType.getShape(),
                                    {}));
  NVVM::Barrier0Op::create(rewriter, loc);
  SmallVector<Value> regs = scratch->load(
      rewriter, loc, field,
      scratch->addresses(rewriter, loc, dstType, dstType.getShape(), {}));
  rewriter.replaceOp(view, packRegisters(rewriter, loc, resultStructType, regs));
  return success();
}

namespace {

struct AllocTensorLowering : OpConversionPattern<nv_tileas::AllocTensorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::AllocTensorOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "tile without layout");
    rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(op, type);
    return success();
  }
};

struct ExtractSliceLowering : OpConversionPattern<nv_tileas::ExtractSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::ExtractSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSource().getType();
    auto dstType = cast<RankedTensorType>(op.getType());
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    FailureOr<SmallVector<Value>> offsets =
        sliceOffsets(rewriter, op, adaptor.getOffsets());
    if (failed(offsets))
      return failure();
    Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
    FailureOr<Scratch> scratch = getScratch(rewriter, op, field);
    if (failed(scratch))
      return failure();
    ArrayRef<int64_t> whole = srcType.getShape();
    if (needsLeadingBarrier(op))
      NVVM::Barrier0Op::create(rewriter, loc);
    scratch->store(rewriter, loc, srcType,
                   unpackRegisters(rewriter, loc, adaptor.getSource()),
                   scratch->addresses(rewriter, loc, srcType, whole, {}));
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<Value> regs = scratch->load(
        rewriter, loc, field,
        scratch->addresses(rewriter, loc, dstType, whole, *offsets));
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

struct InsertSliceLowering : OpConversionPattern<nv_tileas::InsertSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::InsertSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType srcType = op.getSource().getType();
    RankedTensorType dstType = op.getDest().getType();
    Type structType = getTypeConverter()->convertType(dstType);
    if (!structType || !getTypeConverter()->convertType(srcType))
      return rewriter.notifyMatchFailure(op, "tile without layout");
    FailureOr<SmallVector<Value>> offsets =
        sliceOffsets(rewriter, op, adaptor.getOffsets());
    if (failed(offsets))
      return failure();
    Type field = cast<LLVM::LLVMStructType>(structType).getBody().front();
    FailureOr<Scratch> scratch = getScratch(rewriter, op, field);
    if (failed(scratch))
      return failure();
    ArrayRef<int64_t> whole = dstType.getShape();
    SmallVector<Value> dstAddrs =
        scratch->addresses(rewriter, loc, dstType, whole, {});
    if (needsLeadingBarrier(op))
      NVVM::Barrier0Op::create(rewriter, loc);
    // An undefined destination (a fresh alloc_tensor) need not be staged.
    if (!op.getDest().getDefiningOp<nv_tileas::AllocTensorOp>()) {
      scratch->store(rewriter, loc, dstType,
                     unpackRegisters(rewriter, loc, adaptor.getDest()),
                     dstAddrs);
      NVVM::Barrier0Op::create(rewriter, loc);
    }
    scratch->store(rewriter, loc, srcType,
                   unpackRegisters(rewriter, loc, adaptor.getSource()),
                   scratch->addresses(rewriter, loc, srcType, whole, *offsets));
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<Value> regs = scratch->load(rewriter, loc, field, dstAddrs);
    rewriter.replaceOp(op, packRegisters(rewriter, loc, structType, regs));
    return success();
  }
};

} // namespace

void mlir::tilecc::populateTileASSliceToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AllocTensorLowering, ExtractSliceLowering, InsertSliceLowering>(
      converter, patterns.getContext());
}
