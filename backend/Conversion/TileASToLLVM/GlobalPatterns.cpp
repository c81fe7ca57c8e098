//===- GlobalPatterns.cpp - module globals to LLVM ------------------------===//
//
// nv_tileas.global becomes an llvm.mlir.global array in its address space
// (module-local: kernels reach it only through get_global), keeping its
// initializer, constness and alignment; get_global becomes its address.
//
//===----------------------------------------------------------------------===//
#include "Conversion/TileASToLLVM/TileASToLLVM.h"

#include "TileAS/IR/TileASDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::tilecc;

namespace {
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
    if (elementType.getIntOrFloatBitWidth() < 8)
      return op.emitError("sub-byte global element types are not supported yet");
    auto arrayType =
        LLVM::LLVMArrayType::get(elementType, tensorType.getDimSize(0));
    uint64_t alignment = op.getAlignment().value_or(0);
    rewriter.replaceOpWithNewOp<LLVM::GlobalOp>(
        op, arrayType, op.getConstant(), LLVM::Linkage::Internal,
        op.getSymName(), op.getInitialValueAttr(), alignment,
        op.getAddressSpace());
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
