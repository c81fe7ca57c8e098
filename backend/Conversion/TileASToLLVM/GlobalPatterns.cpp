//===- GlobalPatterns.cpp - module globals to LLVM ------------------------===//
//
// nv_tileas.global becomes an llvm.mlir.global array in its address space
// (module-local: kernels reach it only through get_global), keeping its
// initializer, constness and alignment; get_global becomes its address.
// Sub-byte elements (f4E2M1FN) are packed as views read them: an i8 array,
// the element at the lower index in the low bits of its byte.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
/// The bytes of `dense` (elements of `width` < 8 bits) packed low bits
/// first, the last byte padded with zeros.
DenseElementsAttr packSubByte(DenseElementsAttr dense, unsigned width,
                              RankedTensorType byteType) {
  SmallVector<uint8_t> bytes(byteType.getNumElements(), 0);
  auto place = [&](int64_t index, const APInt &bits) {
    uint64_t bit = uint64_t(index) * width;
    bytes[bit / 8] |= uint8_t((bits.getZExtValue() & ((1u << width) - 1))
                              << (bit % 8));
  };
  if (isa<FloatType>(dense.getElementType())) {
    for (auto [index, value] : llvm::enumerate(dense.getValues<APFloat>()))
      place(index, value.bitcastToAPInt());
  } else {
    for (auto [index, value] : llvm::enumerate(dense.getValues<APInt>()))
      place(index, value);
  }
  return DenseElementsAttr::get(byteType, ArrayRef<uint8_t>(bytes));
}

struct GlobalLowering : OpConversionPattern<nv_tileas::GlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::GlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto tensorType = dyn_cast<RankedTensorType>(op.getType());
    if (!tensorType || tensorType.getRank() != 1 ||
        !tensorType.getElementType().isIntOrFloat())
      return op.emitError("only rank-1 globals of integers or floats can be "
                          "lowered, got ")
             << op.getType();
    Type elementType = tensorType.getElementType();
    int64_t count = tensorType.getDimSize(0);
    Attribute initialValue = op.getInitialValueAttr();
    // i1 takes a whole byte in memory; narrower types share bytes.
    unsigned width = elementType.getIntOrFloatBitWidth();
    if (width < 8 && width != 1) {
      auto byteType = RankedTensorType::get(
          {llvm::divideCeil(count * width, 8)}, rewriter.getI8Type());
      if (auto dense = dyn_cast_if_present<DenseElementsAttr>(initialValue))
        initialValue = packSubByte(dense, width, byteType);
      else if (initialValue)
        return op.emitError("the initializer of a sub-byte global must be "
                            "dense elements, got ")
               << initialValue;
      elementType = byteType.getElementType();
      count = byteType.getDimSize(0);
    }
    auto arrayType = LLVM::LLVMArrayType::get(elementType, count);
    uint64_t alignment = op.getAlignment().value_or(0);
    rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, arrayType, op.getConstant(), LLVM::Linkage::Internal,
        op.getSymName(), initialValue, alignment, op.getAddressSpace());
    return success();
  }
};

struct GetGlobalLowering : OpConversionPattern<nv_tileas::GetGlobalOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(nv_tileas::GetGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "unconvertible pointer type");
    // A generic pointer to a global of another space (alloca's shared
    // scratch, or any global in a module with generic pointers) is the
    // address in the global's own space, converted.
    Operation *global =
        SymbolTable::lookupNearestSymbolFrom(op, op.getNameAttr());
    std::optional<unsigned> space;
    if (auto tileGlobal = dyn_cast_if_present<nv_tileas::GlobalOp>(global))
      space = tileGlobal.getAddressSpace();
    else if (auto llvmGlobal = dyn_cast_if_present<LLVM::GlobalOp>(global))
      space = llvmGlobal.getAddrSpace();
    if (!space)
      return rewriter.notifyMatchFailure(op, "unknown global");
    auto ptrType = cast<LLVM::LLVMPointerType>(type);
    if (ptrType.getAddressSpace() == *space) {
      rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, type, op.getName());
      return success();
    }
    Value address = LLVM::AddressOfOp::create(
        rewriter, op.getLoc(),
        LLVM::LLVMPointerType::get(rewriter.getContext(), *space),
        op.getName());
    rewriter.replaceOpWithNewOp<LLVM::AddrSpaceCastOp>(op, type, address);
    return success();
  }
};
} // namespace

void mlir::tilecc::populateTileASGlobalToLLVMPatterns(
    const TileASToLLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GlobalLowering, GetGlobalLowering>(converter,
                                                  patterns.getContext());
}
